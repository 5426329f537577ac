"""``gmtool post pending``: what the turn still waits for, per leader — a post to pin."""

from __future__ import annotations

from typing import Any, Callable

from gmtool.locale import t
from gmtool.report.model import Heading, Items, Paragraph, Report, Span, bold, text

_PHASES = ("movement", "first_contact", "operations")


def _w(key: str, lang: str, **fields: Any) -> str:
    return t(f"pending.{key}", lang, **fields)


def waiting(
    state: Any,
    orders_file: str | None,
    orders_given: set[str] | None,
    quest_label: Callable[[str], str],
    private: bool = False,
    library: Any = None,
    requests: list[dict[str, Any]] | None = None,
) -> dict[str, list[dict[str, Any]]]:
    """Leader → what the turn waits for from them (``kind`` and details).  The public post
    says only who has not posted orders (and whatever the ruleset says is public: in Merchant
    of Venus, whose turn it is): a leader's orders left and open quests are its own, and who
    has not voted is the moderator's alone (docs/rules-orion.md A9) — :func:`open_ballots`
    says only that a vote is open.  ``private`` (the moderator's copy) adds them all: the
    campaign's ruleset says what (``waiting_for``), and the leaders' ``requests`` (forum
    commands the moderator judges, kept in forum.toml; quest claims of the rooms' orders) the
    ruleset says are still open — a claim in place of its quest's "not completed"."""
    from gmtool.rules.registry import ruleset_of

    ruleset = ruleset_of(state)
    if state.victory is not None:  # the game is over: it waits for nobody
        return {player.name: [] for player in state.players}
    out: dict[str, list[dict[str, Any]]] = {}
    for player in state.players:
        items: list[dict[str, Any]] = []
        if not ruleset.player_turns and orders_given is not None and player.name not in orders_given:
            items.append({"kind": "orders_missing"})  # no file named: the post is a player's
        items += ruleset.waiting_for(state, library, player, private, quest_label)
        out[player.name] = items
    if private and requests:
        for item in ruleset.open_requests(state, requests, library):
            mine = out.setdefault(item["leader"], [])
            if item["kind"] == "request_quest_claim":  # the claim says it all: no "quest not completed" too
                mine[:] = [i for i in mine if not (i["kind"] == "quest" and i.get("quest") == item["quest"])]
                item = item | {"label": quest_label(item["quest"])}
            mine.append({k: v for k, v in item.items() if k != "leader"})
    return out


def open_ballots(state: Any) -> list[str]:
    """The ballots open this turn, named without a leader (orion: the Council's ``vote`` and
    ``election``), as the campaign's ruleset says; none once the game is over."""
    from gmtool.rules.registry import ruleset_of

    if state.victory is not None:
        return []
    return ruleset_of(state).open_ballots(state)


def pending_report(
    state: Any, found: dict[str, list[dict[str, Any]]], lang: str, private: bool = False, known: bool = True
) -> Report:
    """The post; ``private``: the moderator's copy (``found`` names orders left, open quests
    and the ballots not cast).  ``known``: whether gmtool knows who has posted orders (no
    room, no orders file and no deadline yet: it does not, and the public post then says
    the turn awaits every leader's orders rather than that nobody is waited for)."""
    blocks: list = []
    ready: list[str] = []
    data: dict[str, Any] = {"turn": state.turn, "leaders": []}
    over = state.victory is not None
    from gmtool.rules.registry import ruleset_of

    unknown = not known and not private and not over and not ruleset_of(state).player_turns
    if unknown:
        blocks.append(Paragraph(text(_w("awaited", lang, turn=state.turn))))
        data["orders_known"] = False
    for name, items in found.items():
        told = [{k: v for k, v in item.items() if k != "labels"} for item in items]  # labels: in words only
        data["leaders"].append({"name": name, "ready": not items and not unknown, "waiting": told})
        if not items:
            if not unknown:
                ready.append(name)
            continue
        blocks.append(Heading(text(name)))
        lines = []
        for item in items:
            fields = dict(item)
            if item["kind"] in ("quest", "quest_claimed", "request_quest_claim"):
                fields["quest"] = item["label"]
            if item["kind"] == "law_choice":
                from gmtool.rolltables.model import pick

                fields["law"], fields["tied"] = pick(item["labels"], lang), ", ".join(item["tied"])
            if item["kind"] == "venus_turn":
                phase = item["phase"]
                fields["phase"] = _w(f"phase_{phase}", lang) if phase in _PHASES else phase
            lines.append(
                text(_w(item["kind"], lang, **{k: v for k, v in fields.items() if k not in ("kind", "labels")}))
            )
        blocks.append(Items(lines))
    data["ballots_open"] = open_ballots(state)
    for kind in data["ballots_open"]:
        blocks.append(Paragraph(text(_w(f"{kind}_open", lang))))
    if over:
        blocks.insert(0, Paragraph([Span(_w("over", lang), "i")]))
    if ready and len(ready) < len(found):
        blocks.append(Paragraph([bold(_w("ready", lang) + ":"), Span(" " + ", ".join(ready))]))
    elif not over and not unknown and len(ready) == len(found) and not data["ballots_open"]:  # the Council still waits
        blocks.append(Paragraph(text(_w("nobody", lang))))
    data["ready"] = ready
    return Report(text(_w("title_private" if private else "title", lang, turn=state.turn)), blocks, data)
