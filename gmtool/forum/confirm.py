"""What a room's confirmation tells: the collected orders played on a throwaway copy of
the state, exactly as ``turn check`` plays an orders file, each problem traced back to the
post and command it came from.

The orders that stand (:func:`gmtool.forum.rooms.collected_orders`) make an orders file
(:func:`gmtool.forum.rooms.orders_toml`); it is read and played as ``turn check`` reads and
plays one (``rules.orion.orders.parse_orders`` / ``play_orders``) on a copy of the state,
with dice from a fresh source — never committed, never journaled.  Each order is given the
line it has in that text (its own line, tagged ``# post #ID, command N``), so a problem's
line names its post and command.  A second copy plays the orders one by one to tell what
each costs (BC, orders, RP) and what it does, in the words a leader's report uses.

Pure: it prints nothing and reads no file (the caller hands the tables and the dice).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from gmtool.errors import GmError
from gmtool.forum.rooms import CollectedOrder, LeaderOrders, orders_toml

_TAG = re.compile(r"# post #(?P<post>\S+), command (?P<index>\d+)\s*$")
COSTS = ("bc", "orders", "rp")  # what a leader pays an order with, as the player record keeps it


@dataclass
class Checked:
    """One standing order of a leader, as the check found it."""

    order: CollectedOrder
    problems: list[Any] = field(default_factory=list)  # rules.orion.orders.Problem
    done: dict[str, Any] | None = None  # what it did (played alone, in turn): leader, order, result, log
    costs: dict[str, int] = field(default_factory=dict)  # pp (a build's)/bc/orders/rp it takes (positive)


@dataclass
class RoomCheck:
    """The check of every leader's standing orders: per leader its orders, and problems no
    order of the leader's carries (the orders file's own)."""

    orders: dict[str, list[Checked]] = field(default_factory=dict)
    other: dict[str, list[Any]] = field(default_factory=dict)
    failed: Any = None  # the check could not run (a GmError: no dice, a damaged state)
    where: dict[int, tuple[str, int]] = field(default_factory=dict)  # a line of the file → (post id, command)


def tagged_lines(text: str) -> dict[tuple[str, int], int]:
    """(post id, command) → the line of an orders file's text that holds it."""
    found: dict[tuple[str, int], int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        m = _TAG.search(line)
        if m:
            found[(m.group("post"), int(m.group("index")))] = number
    return found


def _orders(text: str, state: Any, collected: dict[str, LeaderOrders]) -> tuple[list[Any], list[Any]]:
    """The orders file's orders as ``turn check`` reads them, each on its own line."""
    from gmtool.rules.orion.orders import load_orders, parse_orders

    orders, problems = parse_orders(load_orders(text, "rooms"), text, state)
    lines = tagged_lines(text)
    queues: dict[tuple[str, str], list[CollectedOrder]] = {}
    for leader, given in collected.items():
        for mine in [*given.orders, *([given.ballot] if given.ballot else [])]:
            queues.setdefault((leader, mine.kind), []).append(mine)
    for order in orders:
        queue = queues.get((order.leader, order.kind))
        if queue:
            # a single-valued kind keeps the last: the line of the one the file holds
            source = queue.pop(0) if len(queue) > 1 and not _single(order.kind) else queue[-1]
            order.line = lines.get((source.post_id, source.index), order.line)
    return orders, problems


def _single(kind: str) -> bool:
    from gmtool.forum.order_commands import BALLOT_KINDS
    from gmtool.rules.orion.order_kinds import KINDS

    record = KINDS.get(kind)
    return kind in BALLOT_KINDS or (record is not None and record.single)


def _purse(state: Any, leader: str) -> dict[str, int]:
    try:
        player = state.player(leader)
    except GmError:
        return {}
    return {k: int(getattr(player, k, 0) or 0) for k in COSTS}


def check_rooms(state: Any, rules: Any, dice: Callable[[], Any], collected: dict[str, LeaderOrders]) -> RoomCheck:
    """Every standing order checked as ``turn check`` checks the orders file they make.
    ``dice()``: a fresh dice source (each play draws the same dice)."""
    from gmtool.rules.orion.orders import apply_orders, play_orders, sort_orders
    from gmtool.rules.orion.turns import movement_order

    out = RoomCheck()
    by_line: dict[int, Checked] = {}
    text = orders_toml(state.turn, collected)
    lines = tagged_lines(text)
    out.where = {line: place for place, line in lines.items()}
    for leader, given in collected.items():
        checked = [Checked(o) for o in [*given.orders, *([given.ballot] if given.ballot else [])]]
        out.orders[leader] = checked
        for one in checked:
            line = lines.get((one.order.post_id, one.order.index))
            if line is not None:
                by_line.setdefault(line, one)
    if not collected:
        return out
    try:
        # as `turn check` does: the whole file, on a copy
        first = copy.deepcopy(state)
        orders, problems = _orders(text, first, collected)
        more, _ = play_orders(first, rules, dice(), orders)
        for problem in problems + more:
            item = by_line.get(problem.line)
            if item is not None:
                item.problems.append(problem)
            else:
                out.other.setdefault(problem.leader, []).append(problem)
        # what each order does and costs: played one by one, in the turn's order, on another copy
        second = copy.deepcopy(state)
        source = dice()
        orders, _ = _orders(text, second, collected)
        play_orders(second, rules, source, [])  # the turn started, as the file's play starts it
        for order in sort_orders(orders, movement_order(second)):
            item = by_line.get(order.line)
            before = _purse(second, order.leader)
            failed, done = apply_orders(second, rules, source, [order])
            after = _purse(second, order.leader)
            if item is None or failed:
                continue
            item.done = done[0] if done else None
            item.costs = {k: before[k] - after[k] for k in COSTS if k in before and before[k] > after.get(k, 0)}
            result = item.done.get("result") if item.done else None
            if isinstance(result, dict) and isinstance(result.get("cost"), int) and result["cost"] > 0:
                item.costs = {"pp": result["cost"], **item.costs}  # a build's PP, paid at production
    except GmError as exc:
        out.failed = exc
    return out


def check_played(
    state: Any, table: Any, rules: Any, dice: Callable[[], Any], collected: dict[str, LeaderOrders]
) -> RoomCheck:
    """The rooms' orders checked by any table turn (a ruleset's ``read_orders`` and
    ``play_orders``) as ``turn check`` checks the file they make, on a copy of the state:
    each order's problems, by the line of its post (what it costs is orion's alone)."""
    out = RoomCheck()
    text = orders_toml(state.turn, collected)
    lines = tagged_lines(text)
    out.where = {line: place for place, line in lines.items()}
    by_line: dict[int, Checked] = {}
    for leader, given in collected.items():
        checked = [Checked(o) for o in [*given.orders, *([given.ballot] if given.ballot else [])]]
        out.orders[leader] = checked
        for one in checked:
            line = lines.get((one.order.post_id, one.order.index))
            if line is not None:
                by_line.setdefault(line, one)
    if not collected:
        return out
    try:
        first = copy.deepcopy(state)
        orders, problems = table.read_orders(first, text, "rooms")
        more, _ = table.play_orders(first, rules, dice(), orders)
        for problem in problems + more:
            item = by_line.get(problem.line)
            if item is not None:
                item.problems.append(problem)
            else:
                out.other.setdefault(problem.leader, []).append(problem)
    except GmError as exc:
        out.failed = exc
    return out
