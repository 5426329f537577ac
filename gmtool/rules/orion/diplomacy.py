"""What leaders do for one another (docs/rules-orion.md A6, transfers and treaties): a leader
gives BC to another leader, settled in the production phase and never below 0; leaders make
treaties, recorded when every party confirms them, ended free by all parties' confirmation,
broken alone for 1 order.

The transfer refuses what the rules forbid (:class:`RuleRefused`, before changing anything)
and writes one entry in the turn's log that both leaders' reports tell (``leaders``): the
giver's names the receiver, the receiver's the giver.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmtool.errors import InputError, RuleRefused
from gmtool.rules.orion.common import Logged, ensure_not_over, note
from gmtool.rules.orion.state import PLAYER_RANGES, OrionCampaign, OrionPlayer, Treaty


@dataclass(slots=True)
class Transferred(Logged):
    """BC one leader gave another."""

    leader: str
    to: str
    bc: int


def transfer(campaign: OrionCampaign, giver: OrionPlayer, receiver: OrionPlayer, bc: int) -> Transferred:
    """``giver`` gives ``bc`` BC to ``receiver``: refused for a non-positive sum, to itself,
    or more than the giver holds (never below 0) or the receiver may hold."""
    ensure_not_over(campaign)
    if isinstance(bc, bool) or not isinstance(bc, int) or bc <= 0:
        raise InputError(key="orion.transfer_positive", n=bc)
    if receiver.name == giver.name:
        raise RuleRefused(key="orion.transfer_self", leader=giver.name)
    if giver.bc < bc:
        raise RuleRefused(key="orion.transfer_short", leader=giver.name, have=giver.bc, n=bc)
    high = PLAYER_RANGES["bc"][1]
    if receiver.bc + bc > high:
        raise RuleRefused(key="orion.transfer_too_much", leader=receiver.name, have=receiver.bc, n=bc, max=high)
    giver.bc -= bc
    receiver.bc += bc
    entry = note(campaign, "bc_given", giver.name, leaders=[giver.name, receiver.name], to=receiver.name, bc=bc)
    return Transferred(giver.name, receiver.name, bc, entry=entry)


# ------------------------------------------------------------------------------ treaties
#
# docs/rules-orion.md A6 (treaties, wave 4): a treaty is the leaders' own text, recorded when
# every party confirms it; the record says whether it is public. Breaking a recorded treaty
# alone costs that party 1 order; ending it by all parties' confirmation costs nothing.
# gmtool enforces no treaty's terms: they are the players' word.

TREATY_TEXT_MAX = 1000  # characters: a treaty is a few lines of a forum post


def treaty(campaign: OrionCampaign, number: int) -> Treaty:
    """Treaty ``number`` (refused when the campaign has none of that number)."""
    for one in campaign.game.treaties:
        if one.id == number:
            return one
    raise InputError(key="orion.treaty_unknown", n=number)


def _party(one: Treaty, player: OrionPlayer) -> None:
    if player.name not in one.parties:
        raise RuleRefused(key="orion.treaty_not_party", n=one.id, leader=player.name, parties=one.parties)


def _treaty_note(campaign: OrionCampaign, kind: str, one: Treaty, leader: str, public: bool) -> dict[str, Any]:
    return note(
        campaign,
        kind,
        leader,
        public=public,
        leaders=list(one.parties),
        treaty=one.id,
        text=one.text,
        treaty_public=one.public,
    )


def propose(
    campaign: OrionCampaign, proposer: OrionPlayer, others: list[OrionPlayer], text: str, public: bool
) -> Treaty:
    """``proposer`` proposes a treaty to ``others`` (its own confirmation given): recorded in
    force once each of them confirms it (:func:`confirm`)."""
    ensure_not_over(campaign)
    names = [p.name for p in others]
    if not names:
        raise InputError(key="orion.treaty_no_party")
    if proposer.name in names:
        raise RuleRefused(key="orion.treaty_self", leader=proposer.name)
    if len(set(names)) != len(names):
        raise InputError(key="orion.treaty_twice", leader=next(n for n in names if names.count(n) > 1))
    text = " ".join(text.split())
    if not text:
        raise InputError(key="orion.treaty_no_text")
    if len(text) > TREATY_TEXT_MAX:
        raise InputError(key="orion.treaty_too_long", n=len(text), max=TREATY_TEXT_MAX)
    number = max((t.id for t in campaign.game.treaties), default=0) + 1
    one = Treaty(
        id=number,
        text=text,
        parties=[proposer.name, *names],
        public=public,
        confirmed=[proposer.name],
        turn=campaign.turn,
    )
    campaign.game.treaties.append(one)
    return one


def record(
    campaign: OrionCampaign, proposer: OrionPlayer, others: list[OrionPlayer], text: str, public: bool
) -> dict[str, Any]:
    """A treaty every party has confirmed, recorded in force at once (the moderator's word:
    ``gmtool order treaty``, an orders file's ``treaty``). Returns its log entry."""
    one = propose(campaign, proposer, others, text, public)
    for other in others:
        confirm(campaign, other, one.id)
    return campaign.turn_state.log[-1]


def confirm(campaign: OrionCampaign, party: OrionPlayer, number: int) -> Treaty:
    """``party`` confirms treaty ``number``: in force when every party has (told in its parties'
    reports, and in the public post when it is public)."""
    one = _agree(campaign, party, number, "proposed", "confirmed", "in_force", "orion.treaty_confirmed_already")
    if one.status == "in_force":
        _treaty_note(campaign, "treaty_signed", one, one.parties[0], one.public)
    return one


def refuse(campaign: OrionCampaign, party: OrionPlayer, number: int) -> Treaty:
    """``party`` refuses treaty ``number`` while it is proposed (its proposer withdraws it):
    it is never recorded; its parties' reports tell it."""
    ensure_not_over(campaign)
    one = treaty(campaign, number)
    _party(one, party)
    if one.status != "proposed":
        raise RuleRefused(key=f"orion.treaty_{one.status}", n=one.id)
    one.status, one.since, one.by = "refused", campaign.turn, party.name
    _treaty_note(campaign, "treaty_refused", one, party.name, False)
    return one


def end(campaign: OrionCampaign, party: OrionPlayer, number: int) -> Treaty:
    """``party`` confirms the end of treaty ``number``: ended, at no cost, once every party
    has (alone, a party breaks it: :func:`break_alone`)."""
    one = _agree(campaign, party, number, "in_force", "ending", "ended", "orion.treaty_ending_already")
    if one.status == "ended":
        _treaty_note(campaign, "treaty_ended", one, party.name, one.public)
    return one


def _agree(
    campaign: OrionCampaign, party: OrionPlayer, number: int, status: str, listing: str, then: str, again: str
) -> Treaty:
    """``party``'s word on treaty ``number`` while it is ``status``, kept in its ``listing``
    (``confirmed`` or ``ending``; given twice, refused with the key ``again``); once every
    party has given it, the treaty becomes ``then`` from this turn."""
    ensure_not_over(campaign)
    one = treaty(campaign, number)
    _party(one, party)
    if one.status != status:
        raise RuleRefused(key=f"orion.treaty_{one.status}", n=one.id)
    given: list[str] = getattr(one, listing)
    if party.name in given:
        raise RuleRefused(key=again, n=one.id, leader=party.name)
    given.append(party.name)
    if all(p in given for p in one.parties):
        one.status, one.since = then, campaign.turn
    return one


def end_by_all(campaign: OrionCampaign, party: OrionPlayer, number: int) -> dict[str, Any]:
    """Treaty ``number`` ended by all its parties' confirmation, at once (the moderator's word:
    ``gmtool order treaty_end``). Returns its log entry."""
    ensure_not_over(campaign)
    one = treaty(campaign, number)
    _party(one, party)
    if one.status != "in_force":
        raise RuleRefused(key=f"orion.treaty_{one.status}", n=one.id)
    for name in [party.name, *(p for p in one.parties if p != party.name)]:
        if name not in one.ending:
            end(campaign, campaign.player(name), one.id)
    return campaign.turn_state.log[-1]


def break_alone(campaign: OrionCampaign, party: OrionPlayer, number: int) -> Treaty:
    """``party`` breaks treaty ``number`` alone, without the others' confirmation: it costs
    that party 1 order (refused with none left)."""
    ensure_not_over(campaign)
    one = treaty(campaign, number)
    _party(one, party)
    if one.status != "in_force":
        raise RuleRefused(key=f"orion.treaty_{one.status}", n=one.id)
    if party.orders < 1:
        raise RuleRefused(key="orion.treaty_break_no_order", n=one.id, leader=party.name)
    party.orders -= 1
    one.status, one.since, one.by = "broken", campaign.turn, party.name
    _treaty_note(campaign, "treaty_broken", one, party.name, one.public)
    return one
