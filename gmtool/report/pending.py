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
) -> dict[str, list[dict[str, Any]]]:
    """Leader → what the turn waits for from them (``kind`` and details).  The public post
    says only who has not posted orders (and, in Merchant of Venus, whose turn it is): a
    leader's orders left and open quests are its own, and who has not voted is the
    moderator's alone (docs/rules-orion.md A9) — :func:`open_ballots` says only that a vote
    is open.  ``private`` (the moderator's copy) adds them all.  With the campaign's tables
    (``library``), a quest a leader already meets by its condition is not waited for: the
    turn end marks it done (A11, wave 3)."""
    from gmtool.rules.orion.turns import claimed, quest_done, quest_met

    out: dict[str, list[dict[str, Any]]] = {}
    ts = state.turn_state
    if state.victory is not None:  # the game is over: it waits for nobody
        return {player.name: [] for player in state.players}
    for player in state.players:
        items: list[dict[str, Any]] = []
        if state.venus is not None:
            venus = state.venus
            if venus.current == player.name and not venus.winner:
                items.append({"kind": "venus_turn", "phase": venus.phase})
            out[player.name] = items
            continue
        if orders_given is not None and player.name not in orders_given:
            items.append({"kind": "orders_missing"})  # no file named: the post is a player's
        if not private:  # the rest is the leader's own state
            out[player.name] = items
            continue
        if player.orders > 0:
            items.append({"kind": "orders_left", "n": player.orders})
        for kind in open_ballots(state):
            cast = (state.council.vote if kind == "vote" else state.council.election) or {}
            if player.name not in cast.get("ballots", {}) or cast.get("turn", state.turn) != state.turn:
                items.append({"kind": kind})
        for quest in ts.quests:
            met = library is not None and quest_met(state, library, player, quest)
            if not quest_done(state, player, quest) and not met:  # the rule `quest complete` follows
                # a claim of a quest the moderator judges waits for the moderator's word (A11)
                kind = "quest_claimed" if claimed(state, player, quest) else "quest"
                items.append({"kind": kind, "quest": quest, "label": quest_label(quest)})
        if library is not None and player.name == state.council.chair:
            items += _law_choices(state, library)
        out[player.name] = items
    return out


def _law_choices(state: Any, library: Any) -> list[dict[str, Any]]:
    """The laws whose tie the chair must decide before the turn's end (docs/rules-orion.md A9):
    a law "to the leader with the fewest planets" whose leader is no longer among the tied."""
    from gmtool.errors import GmError
    from gmtool.rules.orion.laws import choices_needed

    try:
        bills = library.get("bills", "orion")
    except GmError:  # a campaign without the bills table holds no laws
        return []
    return [
        {"kind": "law_choice", "law": row.id, "labels": dict(row.label), "tied": tied}
        for row, tied in choices_needed(state, bills)
    ]


def open_ballots(state: Any) -> list[str]:
    """The Council's ballots open this turn (``vote``: a bill is put to the vote;
    ``election``: the Emperor's election), named without a leader."""
    from gmtool.rules.orion.council_campaign import ELECTION_STAGE

    if state.victory is not None or state.venus is not None:  # a Venus game holds no Council
        return []
    council = state.council
    out = []
    if council.vote and council.vote.get("bill"):
        out.append("vote")
    # every stage-3 turn holds an election until it is tallied, whether or not anyone has
    # cast a ballot yet (a line that appeared with the first ballot would tell that one was cast)
    counted = council.last_tally or {}
    if (
        state.stage >= ELECTION_STAGE
        and not council.emperor
        and not (counted.get("kind") == "election" and counted.get("turn") == state.turn)
    ):
        out.append("election")
    return out


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
    unknown = not known and not private and not over and state.venus is None
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
            if item["kind"] in ("quest", "quest_claimed"):
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
