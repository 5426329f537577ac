"""The words of deadlines and missed orders: the time left in a reminder, the next deadline
and each missed turn in the public turn post (gmtool/campaign/deadlines.py, posted.py)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from gmtool.campaign.deadlines import left, local, next_deadline, zone_name
from gmtool.locale import t
from gmtool.report.model import Heading, Items, Paragraph, Report, Span, bold, text

__all__ = ["next_deadline", "with_turn_notes", "deadline_words", "time_left", "pending_notes"]


def deadline_words(state: Any) -> str:
    """``2026-12-03 20:00 (Europe/Moscow)``."""
    at = local(state)
    return f"{at:%Y-%m-%d %H:%M} ({zone_name(state)})" if at is not None else ""


def time_left(deadline: dt.datetime, now: dt.datetime, lang: str) -> str:
    """``2 days 5 hours`` / ``2 дня 5 часов``; the largest two units; past: said so."""
    parts = left(deadline, now)
    if parts is None:
        return t("deadline.passed", lang)
    days, hours, minutes = parts
    if days:
        words = [t("n_days", lang, n=days)] + ([t("n_hours", lang, n=hours)] if hours else [])
    elif hours:
        words = [t("n_hours", lang, n=hours)] + ([t("n_minutes", lang, n=minutes)] if minutes else [])
    else:
        words = [t("n_minutes", lang, n=minutes)]
    return " ".join(words)


def _left(deadline: dt.datetime, now: dt.datetime, lang: str) -> str:
    """``2 days 8 hours left``, or that the deadline has passed."""
    if left(deadline, now) is None:
        return t("deadline.passed", lang)
    return t("deadline.left", lang, left=time_left(deadline, now, lang))


def _missed_line(m: Any, turn: int, lang: str) -> str:
    line = t("deadline.missed", lang, leader=m.leader, turn=turn)
    if m.turns > 1:
        line += " " + t("deadline.in_a_row", lang, turns=t("n_turns", lang, n=m.turns))
    activated = [o for o in m.kept if o.kind == "activate"]
    if m.keep:
        kept = [t("deadline.kept_assign", lang)]
        if activated:
            kept.append(t("deadline.kept_activate", lang, n=len(activated)))
        line += ": " + t("deadline.kept", lang, what=t("list_sep", lang).join(kept))
    else:
        line += ": " + t("deadline.nothing", lang)
    if m.dropped:
        line += "; " + t("deadline.dropped", lang, n=len(m.dropped))
    if m.marked:
        line += "; " + t("deadline.marked", lang, turns=t("n_turns", lang, n=m.turns))
    return line


def with_turn_notes(reports: tuple[Any, Any], state: Any, missed: list, turn: int, lang: str) -> tuple[Any, Any]:
    """The turn's public post with each missed turn (what was applied) and the next
    deadline, when there are any; the private reports as they are.  No hex is named: in
    stage 1 the public post tells nothing of where an empire lies."""
    public, private = reports
    blocks: list = []
    if missed:
        blocks += [
            Heading(text(t("deadline.missed_title", lang))),
            Items([text(_missed_line(m, turn, lang)) for m in missed]),
        ]
        public.data["missed"] = [m.to_data() for m in missed]
    if state.deadline is not None and state.victory is None:
        blocks.append(
            Paragraph([bold(t("deadline.next", lang, turn=state.turn) + ":"), Span(" " + deadline_words(state))])
        )
        public.data["deadline"] = {"turn": state.turn, "at": state.deadline.isoformat(), "zone": zone_name(state)}
    public.blocks.extend(blocks)
    return public, private


def pending_notes(report: Report, state: Any, now: dt.datetime, lang: str) -> Report:
    """``post pending``'s post with the deadline and the time left (first) and who is at
    risk of replacement for missing orders (last)."""
    if state.victory is not None:
        return report
    if state.deadline is not None:
        due = Paragraph(
            [
                bold(t("deadline.due", lang, turn=state.turn) + ":"),
                Span(" " + deadline_words(state) + " — " + _left(state.deadline, now, lang)),
            ]
        )
        report.blocks.insert(0, due)
        report.data["deadline"] = {
            "at": state.deadline.isoformat(),
            "zone": zone_name(state),
            "left_minutes": max(0, int((state.deadline - now).total_seconds()) // 60),
        }
    at_risk = [p for p in state.players if not p.vacant and p.missed and p.missed + 1 >= state.replace_after]
    if at_risk:
        lines = [
            text(
                t(
                    "deadline.risk_marked" if p.missed >= state.replace_after else "deadline.risk_next",
                    lang,
                    leader=p.name,
                    turns=t("n_turns", lang, n=p.missed),
                )
            )
            for p in at_risk
        ]
        report.blocks += [Heading(text(t("deadline.risk_title", lang))), Items(lines)]
        report.data["at_risk"] = [
            {"leader": p.name, "missed": p.missed, "marked": p.missed >= state.replace_after} for p in at_risk
        ]
    return report
