"""A room's confirmation reply: the results of the leader's commands that act at once, then
its orders for the turn as understood — each in words, with what it does (never what dice
will decide: that is told when the turn is played), what it costs and where it came from,
every problem ``turn check`` raises for it, a build production could not pay with what is
missing, each ballot (the bill's, the Emperor's) exactly as it was read — and the rule of
edits.  Only ever posted in that leader's room (its language, its frame)."""

from __future__ import annotations

import copy
import re
from typing import Any, Callable

from gmtool.errors import GmError
from gmtool.locale import Msg, has, t, words
from gmtool.report.i18n import tr
from gmtool.report.model import Heading, Items, Paragraph, Report, Span, Text, bold, text

_HEX = re.compile(r"(?<![\d,])[+-]?\d{1,4},[+-]?\d{1,4}(?![\d,])")


def framed(value: str, hexes: Callable[[str], str]) -> str:
    """Every hex written in ``value`` as the leader sees it."""
    return value if hexes is str else _HEX.sub(lambda m: hexes(m.group(0)), value)


def _kind_name(kind: str, lang: str) -> str:
    key = f"error.orders.key.{kind}"
    return t(key, lang) if has(key) else kind


def _value_text(value: Any, hexes: Callable[[str], str]) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value_text(v, hexes)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_value_text(v, hexes) for v in value)
    return framed(str(value), hexes)


def written(kind: str, value: Any, lang: str, hexes: Callable[[str], str] = str) -> str:
    """An order as the leader gave it: ``colonize 0,1`` (its frame)."""
    return f"{_kind_name(kind, lang)} {_value_text(value, hexes)}".strip()


def _from(order: Any, lang: str) -> str:
    return tr("room_from", lang, post=order.post_id, index=order.index)


def _costs(costs: dict[str, int], lang: str) -> str:
    """``6 PP, 1 order`` (``n_<kind>`` in the catalogs, plural forms and all)."""
    return ", ".join(tr(f"n_{k}", lang, n=n) if has(f"n_{k}") else f"{n} {tr(k, lang)}" for k, n in costs.items())


def _framed_msg(reason: Any, hexes: Callable[[str], str]) -> Any:
    """A refusal with every hex among its parameters in the leader's frame."""
    if hexes is str or not isinstance(reason, (GmError, Msg)):
        return reason
    params = getattr(reason, "params", None)
    if not isinstance(params, dict):
        return reason
    from gmtool.campaign.hexes import Hex

    moved = {k: framed(str(v), hexes) if isinstance(v, (str, Hex)) else v for k, v in params.items()}
    reason = copy.copy(reason)
    reason.params = moved
    return reason


def problem_text(problem: Any, lang: str, hexes: Callable[[str], str]) -> str:
    """A problem of the check in the leader's words and frame; an earlier order whose outcome
    is why is named by its post and command (not by a line of a file the leader never saw).
    Another ruleset's problem gives only what the Ruleset protocol asks (``line``, ``leader``,
    ``text(lang)``): its own words."""
    if not hasattr(problem, "reason"):
        return str(problem.text(lang))
    plain = copy.copy(problem)
    plain.after = None
    plain.reason = _framed_msg(problem.reason, hexes)
    line = plain.text(lang, moderator=False)
    home = problem.reason.params.get("home") if isinstance(problem.reason, GmError) else None
    if home:  # a hex of its stage-1 frame, once the rooms are open (gmtool.rules.orion.common.owned)
        line += tr("room_frame_hint", lang, home=home)
    after = problem.after
    if after is not None:
        earlier = getattr(getattr(problem, "earlier", None), "origin", None)
        post, index = getattr(earlier, "post_id", ""), getattr(earlier, "index", 0)
        origin = tr("room_from", lang, post=post, index=index) if post else ""
        lost = after.params.get("lost") or []
        lost_text = ", ".join(m.text(lang) if isinstance(m, Msg) else str(m) for m in lost)
        line += " — " + tr(
            "room_after", lang, order=framed(str(after.params.get("order", "")), hexes), where=origin, lost=lost_text
        )
    return line


def unpaid_text(unpaid: dict[str, Any], lang: str) -> str:
    """A build production will not make: why, and what is missing (in BC, after the planet's PP)."""
    from gmtool.report.words import build_reason

    had = unpaid.get("had") if isinstance(unpaid.get("had"), dict) else {}
    if isinstance(unpaid.get("short"), int) and had:
        return tr(
            "room_unpaid_short",
            lang,
            cost=tr("n_pp", lang, n=unpaid.get("cost", 0)),
            pp=tr("n_pp", lang, n=had.get("pp", 0)),
            bc=tr("n_bc", lang, n=had.get("bc", 0)),
            missing=tr("n_bc", lang, n=unpaid["short"]),
        )
    return tr("room_unpaid", lang, reason=build_reason(str(unpaid.get("reason", "")), lang))


def ballot_text(order: Any, lang: str) -> tuple[str, dict[str, Any]]:
    """A ballot exactly as it was read: for/against/abstain or the candidate, and its bribe
    in BC and in votes (the Council's own rate, rule A9)."""
    from gmtool.rules.orion.council import BC_PER_VOTE

    value = order.value if isinstance(order.value, dict) else {"choice": order.value}
    bribe = value.get("bribe", 0) if isinstance(value.get("bribe", 0), int) else 0
    data: dict[str, Any] = {"kind": order.kind, "bribe_bc": bribe, "bribe_votes": bribe // BC_PER_VOTE}
    if order.kind == "election" or "candidate" in value:
        candidate = value.get("candidate")
        data["candidate"] = candidate or None
        line = tr("room_election", lang, candidate=candidate or t("vote.abstain", lang))
    else:
        choice = words("vote.words").get(str(value.get("choice", "")).casefold(), str(value.get("choice", "")))
        data["choice"] = choice
        line = tr("room_ballot", lang, choice=t(f"vote.{choice}", lang) if has(f"vote.{choice}") else choice)
    if bribe:
        line += f" ({tr('room_bribe', lang, bc=bribe, n=bribe // BC_PER_VOTE)})"
    return line, data


def room_reply(
    leader: str,
    turn: int,
    results: Report | None,
    given: Any,
    check: Any,
    lang: str,
    label: Callable[..., str] | None = None,
    hexes: Callable[[str], str] = str,
    say: Callable[[Any], str] | None = None,
    at_once: tuple[str, ...] = (),
    ballots: bool = False,
) -> Report:
    """The confirmation reply of ``leader``'s room. ``results``: the reply of its commands
    that act at once (or None); ``given``: its :class:`~gmtool.forum.rooms.LeaderOrders`
    (or None); ``check``: the :class:`~gmtool.forum.confirm.RoomCheck`; ``say``: an order in
    words (default: as the orders file writes it); ``at_once``: the words of the ruleset's
    commands that act at once, as the rule line lists them; ``ballots``: its rooms cast
    ballots (the rule line says how a ballot changes)."""
    from gmtool.report.done import done_line, entries_told
    from gmtool.report.records import entries_for, entry_text

    blocks: list = []
    data: dict[str, Any] = {"room": leader, "turn": turn, "orders": [], "ballot": None, "ballots": [], "problems": []}
    if results is not None:
        blocks.append(Heading(text(tr("room_results", lang))))
        blocks.extend(results.blocks)
        data["results"] = results.data
    blocks.append(Heading(text(tr("room_orders", lang, turn=turn))))
    checked = {id(c.order): c for c in check.orders.get(leader, [])} if check is not None else {}
    items: list[Text] = []
    orders = list(given.orders) if given is not None else []
    labels = label or (lambda table, row_id, **_: row_id)

    def warn(line: str) -> Text:
        return [Span(f"⚠ {line}", "b")]

    for order in orders:
        item = checked.get(id(order))
        line: Text = [bold(say(order) if say is not None else written(order.kind, order.value, lang, hexes))]
        row: dict[str, Any] = {"kind": order.kind, "value": order.value, "post_id": order.post_id, "index": order.index}
        if item is not None and item.done is not None:
            if item.rolled:  # what the dice decide is told when the turn is played, never guessed
                told = entries_for(item.certain, leader)
                done = "; ".join([entry_text(e, lang, label, hexes) for e in told] + [tr("room_rolled", lang)])
                row["rolled"] = True
            else:
                told = entries_told(item.done, leader)
                done = "; ".join(entry_text(e, lang, label, hexes) for e in told) if told else ""
                done = done or done_line(item.done, lang, labels, hexes)
            line.append(Span(f" → {done}"))
        if item is not None and item.costs:
            line.append(Span(f"; {tr('room_costs', lang, costs=_costs(item.costs, lang))}"))
            row["costs"] = dict(item.costs)
        line.append(Span(f" — {_from(order, lang)}", "i"))
        items.append(line)
        problems = [problem_text(p, lang, hexes) for p in (item.problems if item is not None else [])]
        items += [warn(tr("room_problem", lang, problem=problem)) for problem in problems]
        row["problems"] = problems
        if item is not None and item.unpaid is not None:
            items.append(warn(unpaid_text(item.unpaid, lang)))
            row["unpaid"] = {k: v for k, v in item.unpaid.items() if v is not None}
        data["orders"].append(row)
    if items:
        blocks.append(Items(items))
    elif given is None or not given.ballots:
        blocks.append(Paragraph(text(tr("room_no_orders", lang, turn=turn))))
    ballot_items: list[Text] = []
    for order in given.ballots if given is not None else []:  # the bill's, then the Emperor's
        line_text, ballot = ballot_text(order, lang)
        item = checked.get(id(order))
        ballot_items.append([bold(line_text), Span(f" — {_from(order, lang)}", "i")])
        ballot["post_id"], ballot["index"] = order.post_id, order.index
        ballot["problems"] = [problem_text(p, lang, hexes) for p in (item.problems if item else [])]
        ballot_items += [warn(tr("room_problem", lang, problem=p)) for p in ballot["problems"]]
        data["ballots"].append(ballot)
    if ballot_items:
        blocks.append(Items(ballot_items))
        data["ballot"] = data["ballots"][-1]  # (one ballot a room, before ballots were kept apart)
    other = check.other.get(leader, []) if check is not None else []
    if other:
        texts = [problem_text(p, lang, hexes) for p in other]
        blocks.append(Items([warn(tr("room_problem", lang, problem=p)) for p in texts]))
        data["problems"] = texts
    if check is not None and check.failed is not None:
        reason = check.failed.text(lang) if isinstance(check.failed, GmError) else str(check.failed)
        blocks.append(Paragraph([Span(tr("room_not_checked", lang, reason=reason), "i")]))
        data["not_checked"] = reason
    commands = ", ".join("!" + word for word in at_once)
    rule = tr("room_rule", lang, commands=commands, ballots=tr("room_rule_ballots", lang) if ballots else "")
    blocks.append(Paragraph([Span(rule, "i")]))
    return Report(text(tr("room_title", lang, leader=leader, turn=turn)), blocks, data)
