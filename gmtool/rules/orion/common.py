"""Leaf pieces every orion rule uses: the game-over guard, the owned-planet guard, the
turn's log and the moderator's list of awards still to hand out.

It imports nothing from the other rule modules, so the rules import one way:
common ← planets ← building ← production ← turns (and the records on top)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gmtool.campaign.hexes import Hex
from gmtool.errors import RuleRefused
from gmtool.rules.base import ensure_not_over  # noqa: F401  (every orion rule guards with it)
from gmtool.rules.orion.state import ORION_STATE, AwardEntry, OrionCampaign, OrionPlayer, PlanetState, System
from gmtool.struct import ReadByKey


def planets_of(campaign: OrionCampaign, leader: str) -> int:
    """Colonised planets the leader controls; the homeworld counts (A9 decision): its votes in
    the Council, and the territorial count."""
    return sum(1 for s in campaign.game.systems if s.owner == leader and s.planet is not None)


def owned(campaign: OrionCampaign, player: OrionPlayer, hex_: Hex) -> tuple[System, PlanetState]:
    """The system at ``hex_`` and its planet, if ``player`` controls it (else refused)."""
    system = campaign.game.system(hex_)
    if system is None or system.planet is None:
        raise RuleRefused(key="orion.no_known_planet", hex=hex_, **old_frame(campaign, player, hex_))
    if system.owner != player.name:
        raise RuleRefused(key="orion.not_yours", hex=hex_, leader=player.name, **old_frame(campaign, player, hex_))
    return system, system.planet


def old_frame(campaign: OrionCampaign, player: OrionPlayer, hex_: Hex, meant: str = "own") -> dict[str, str]:
    """``{"home": its homeworld's hex}`` when the rooms are open and ``hex_``, read as the
    leader wrote hexes in stage 1 (from its homeworld, docs/rules-orion.md A2), is what the
    order means — ``meant``: ``own`` a planet of its own (assign, activate), ``explored`` a
    system it explored (colonize), ``reach`` an unexplored hex its ships reach (explore): an
    order written in the old frame.  A room's reply adds the hint
    (gmtool.report.room.problem_text, gmtool.forum.resolve); no other text says it."""
    from gmtool.rules.orion.frames import CLOSED_STAGE, closed, from_view

    home = player.homeworld
    if closed(campaign) or home is None or home == Hex(0, 0):
        return {}
    was = from_view(campaign, player.name, hex_, CLOSED_STAGE)
    system = campaign.game.system(was)
    if meant == "own":
        fits = system is not None and system.owner == player.name
    elif meant == "explored":
        fits = system is not None and system.explored_by == player.name and system.owner is None
    else:
        from gmtool.rules.orion.reach import in_reach

        fits = (system is None or system.explored_by is None) and in_reach(campaign, player, was)
    return {"home": str(home)} if fits and was != hex_ else {}


def note(
    campaign: OrionCampaign, kind: str, leader: str | None = None, public: bool = False, **data: Any
) -> dict[str, Any]:
    """Write one event of the turn into the log the turn's reports tell (docs/rules-orion.md A3:
    what each leader learns privately, and what is public).  ``kind`` is one the schema
    declares (gmtool/rules/orion/state.py ``LOG_KINDS``: its keys; its line:
    gmtool/report/records.py ``LINES``)."""
    if kind not in ORION_STATE.log_kinds:
        raise ValueError(f"the turn's log has no kind {kind!r}: declare it in LOG_KINDS")
    entry = {
        "turn": campaign.turn,
        "kind": kind,
        "leader": leader,
        "public": public,
        **{k: v for k, v in data.items() if v is not None},
    }
    if public and campaign.stage == 1 and "hex" in entry:
        # closed rooms (docs/rules-orion.md A2): the public post tells it without its place
        # (gmtool/report/records.py placeless); the leader's own report gives the hex
        entry["closed"] = True
    if leader is None:
        del entry["leader"]
    campaign.turn_state.log.append(entry)
    return entry


@dataclass(slots=True)
class Logged(ReadByKey):
    """A rule's result that is one event of the turn's log (a record of the moderator's, a
    change of leaders): its typed fields, and ``entry``, the log entry :func:`note` wrote —
    what :meth:`to_data` gives, so the log, the reports and an order's result keep their
    bytes."""

    entry: dict[str, Any] = field(repr=False, compare=False, kw_only=True)

    def to_data(self) -> dict[str, Any]:
        return self.entry


# ------------------------------------------------------------------ awards


def award_kind(award: Mapping[str, Any]) -> tuple[str, Any]:
    """(kind, value) of an award, also of the older ``{"turn", "hex", NAME: VALUE}`` shape."""
    if "kind" in award:
        return award["kind"], award.get("value")
    for key, value in award.items():
        if key not in ("id", "turn", "hex", "reason"):
            return key, value
    return "unknown", None


def award_id(player: OrionPlayer, award: AwardEntry) -> int:
    return int(award.get("id") or player.awards.index(award) + 1)


def add_award(
    campaign: OrionCampaign, player: OrionPlayer, kind: str, value: Any, hex_: str | None, reason: str
) -> AwardEntry:
    """Something the moderator hands out by hand (A13 content): technologies, a science, a ship."""
    next_id = max([award_id(player, a) for a in player.awards] + [0]) + 1
    award: AwardEntry = {"id": next_id, "turn": campaign.turn, "kind": kind}
    if value is not None:
        award["value"] = value
    if hex_ is not None:
        award["hex"] = hex_
    award["reason"] = reason
    player.awards.append(award)
    note(campaign, "award_due", player.name, award=dict(award))
    return award
