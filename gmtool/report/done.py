"""What an order of a batch turn did, in the lines a report gives it: its log entries a
leader is told, else its kind's own report line (a leader's report, its room's reply, the
moderator's `gmtool order`)."""

from __future__ import annotations

from typing import Any, Callable

from gmtool.report.i18n import tr
from gmtool.report.records import entries_for, entry_text, leader_copy
from gmtool.rules.orion.order_kinds import KINDS


def done_line(item: dict[str, Any], lang: str, label: Callable[..., str], hexes: Callable[[str], str] = str) -> str:
    """One order of a batch turn that wrote nothing into the turn's log, in a line:
    ``colonists assigned at 0,0: 2 workers, 1 scientist``. (An order that did — an
    exploration, a colony, a quest, an event, a record — is told by its log entries.)"""
    r = item.get("result")
    if isinstance(r, dict) and "kind" in r and "turn" in r:  # a moderator's record: its log entry
        return entry_text(r, lang, label, hexes)
    if isinstance(r, dict) and r.get("hex"):
        r = {**r, "hex": hexes(r["hex"])}
    elif isinstance(r, str) and item["order"] == "colonize":
        r = hexes(r)
    kind = KINDS.get(item["order"])
    name = tr(f"order_{item['order']}", lang)
    if kind is not None and kind.line is not None and isinstance(r, dict):  # its own line (order_kinds.py)
        line = kind.line(r, name, lang, label)
        if line is not None:
            return line
    if isinstance(r, (dict, list, tuple)):
        return name
    return f"{name}: {r}"


def done_lines(
    item: dict[str, Any], leader: str, lang: str, label: Callable[..., str], hexes: Callable[[str], str] = str
) -> list[str]:
    """What an order did, in the lines a leader's report gives it ("Your orders this turn"):
    the turn's log entries it wrote that the leader is told, else its kind's report line —
    also the reply to the moderator's command that gave it (`gmtool order`)."""
    told = entries_told(item, leader)
    if told:
        return [entry_text(leader_copy(e), lang, label, hexes) for e in told]
    return [done_line(item, lang, label, hexes)]


def entries_told(item: dict[str, Any], leader: str) -> list[dict[str, Any]]:
    """The log entries an order of the file wrote that ``leader``'s report tells: a record's
    own entry (its result), then what else the order logged (an exploration, a colony …)."""
    r = item.get("result")
    own = [r] if isinstance(r, dict) and "kind" in r and "turn" in r else []
    return entries_for(own + list(item.get("log", [])), leader)
