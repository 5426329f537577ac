"""``gmtool post pending``: what the turn still waits for, per leader — a post to pin."""
from __future__ import annotations

from typing import Any, Callable

from gmtool.locale import t
from gmtool.report.model import Heading, Items, Paragraph, Report, Span, bold, text

_PHASES = ("movement", "first_contact", "operations")


def _w(key: str, lang: str, **fields: Any) -> str:
    return t(f"pending.{key}", lang, **fields)


def waiting(state: Any, orders_file: str | None, orders_given: set[str] | None,
            quest_label: Callable[[str], str]) -> dict[str, list[dict[str, Any]]]:
    """Leader → what the turn waits for from them (``kind`` and details)."""
    from gmtool.rules.orion.turns import quest_done

    out: dict[str, list[dict[str, Any]]] = {}
    council = state.council
    ts = state.turn_state
    if state.victory is not None:   # the game is over: it waits for nobody
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
            items.append({"kind": "orders_missing", "file": orders_file})
        if player.orders > 0:
            items.append({"kind": "orders_left", "n": player.orders})
        if council.vote and player.name not in council.vote.get("ballots", {}):
            items.append({"kind": "vote"})
        if council.election and player.name not in council.election.get("ballots", {}):
            items.append({"kind": "election"})
        for quest in ts.quests:
            if not quest_done(state, player, quest):    # the rule `quest complete` follows
                items.append({"kind": "quest", "quest": quest, "label": quest_label(quest)})
        out[player.name] = items
    return out


def pending_report(state: Any, found: dict[str, list[dict[str, Any]]], lang: str) -> Report:
    blocks: list = []
    ready: list[str] = []
    data: dict[str, Any] = {"turn": state.turn, "leaders": []}
    over = state.victory is not None
    for name, items in found.items():
        data["leaders"].append({"name": name, "ready": not items, "waiting": items})
        if not items:
            ready.append(name)
            continue
        blocks.append(Heading(text(name)))
        lines = []
        for item in items:
            fields = dict(item)
            if item["kind"] == "quest":
                fields["quest"] = item["label"]
            if item["kind"] == "venus_turn":
                phase = item["phase"]
                fields["phase"] = _w(f"phase_{phase}", lang) if phase in _PHASES else phase
            lines.append(text(_w(item["kind"], lang, **{k: v for k, v in fields.items() if k != "kind"})))
        blocks.append(Items(lines))
    if over:
        blocks.insert(0, Paragraph([Span(_w("over", lang), "i")]))
    if ready and len(ready) < len(found):
        blocks.append(Paragraph([bold(_w("ready", lang) + ":"), Span(" " + ", ".join(ready))]))
    elif not over and len(ready) == len(found):
        blocks.append(Paragraph(text(_w("nobody", lang))))
    data["ready"] = ready
    return Report(text(_w("title", lang, turn=state.turn)), blocks, data)
