"""What a room's confirmation tells: the collected orders played on a throwaway copy of
the state, exactly as the turn plays them, each problem traced back to the post and command
it came from.

The orders that stand (:func:`gmtool.forum.rooms.collected_orders`) are the turn's typed
orders (:func:`gmtool.forum.rooms.orders_of`), each carrying its post and command; they are
played as ``turn check`` plays an orders file (``rules.orion.orders.play_orders``) on a copy
of the state, with dice from a fresh source — never committed, never journaled — and a
problem names the order it refused, so its post.  The copy then goes through production
(``production.produce``, which rolls nothing): a build its planet's PP and the leader's BC
cannot pay is flagged with what is missing, as the turn would leave it unbuilt.  A second
copy plays the orders one by one, in the order the turn plays them, to tell what each costs
(BC, orders, RP now; PP or RP later, as its record says) and what it does, in the words a
leader's report uses — except what the dice decide: an order that rolls is said to be rolled
when the turn is played, never with the outcome of the check's own dice.

Pure: it prints nothing and reads no file (the caller hands the tables and the dice).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable

from gmtool.errors import GmError
from gmtool.forum.rooms import CollectedOrder, LeaderOrders, orders_file, orders_of

COSTS = ("bc", "orders", "rp")  # what a leader pays an order with now, as the player record keeps it


@dataclass
class Checked:
    """One standing order of a leader, as the check found it."""

    order: CollectedOrder
    problems: list[Any] = field(default_factory=list)  # rules.orion.orders.Problem
    done: dict[str, Any] | None = None  # what it did (played alone, in turn): leader, order, result, log
    costs: dict[str, int] = field(default_factory=dict)  # pp (a build's)/bc/orders/rp it takes (positive)
    rolled: bool = False  # it rolls dice: what they decide is told when the turn is played
    certain: list[dict[str, Any]] = field(default_factory=list)  # of a rolled order: its log before any die
    unpaid: dict[str, Any] | None = None  # a build production will not make: its reason, what is missing


@dataclass
class RoomCheck:
    """The check of every leader's standing orders: per leader its orders, and problems no
    order of the leader's carries."""

    orders: dict[str, list[Checked]] = field(default_factory=dict)
    other: dict[str, list[Any]] = field(default_factory=dict)
    failed: Any = None  # the check could not run (a GmError: no dice, a damaged state)


class _Watched:
    """A dice source that notes how long the turn's ``log`` was when its first die was rolled
    (None: no die was): what an order logged before it is certain, what after, the dice's."""

    def __init__(self, source: Any, log: list[Any]) -> None:
        self._source = source
        self._log = log
        self.first: int | None = None

    def roll(self, sides: int, label: str = "") -> int:
        if self.first is None:
            self.first = len(self._log)
        return int(self._source.roll(sides, label))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._source, name)


def _purse(state: Any, leader: str) -> dict[str, int]:
    try:
        player = state.player(leader)
    except GmError:
        return {}
    return {k: int(getattr(player, k, 0) or 0) for k in COSTS}


def check_rooms(state: Any, rules: Any, dice: Callable[[], Any], collected: dict[str, LeaderOrders]) -> RoomCheck:
    """Every standing order checked as ``turn check`` checks the orders file they make.
    ``dice()``: a fresh dice source (each play draws the same dice)."""
    from gmtool.rules.orion.orders import play_orders, unknown_leaders

    out = RoomCheck()
    items: dict[int, Checked] = {}  # id of a CollectedOrder → its check
    for leader, given in collected.items():
        checked = [Checked(o) for o in given.given()]
        out.orders[leader] = checked
        for one in checked:
            items[id(one.order)] = one
    if not collected:
        return out
    try:
        # as the turn does: every order, on a copy
        first = copy.deepcopy(state)
        orders = orders_of(collected)
        problems = unknown_leaders(first, orders)
        refused = {id(p.order) for p in problems}
        more, _ = play_orders(first, rules, dice(), [o for o in orders if id(o) not in refused])
        for problem in problems + more:
            item = items.get(id(getattr(problem.order, "origin", None)))
            if item is not None:
                item.problems.append(problem)
            else:
                out.other.setdefault(problem.leader, []).append(problem)
        _production(first, rules, out)
        _one_by_one(state, rules, dice, collected, items)
    except GmError as exc:
        out.failed = exc
    return out


def _production(state: Any, rules: Any, out: RoomCheck) -> None:
    """Production on the copy the orders were played on (no dice): each build it would leave
    unbuilt, with why and what is missing, on the order that queued it."""
    from gmtool.rules.orion.production import produce

    costs = getattr(rules, "costs", None)
    if costs is None or not any(p.builds for p in state.players):
        return
    made = produce(state, rules.orion, rules.production, costs, getattr(rules, "modules", None))
    for leader, checked in out.orders.items():
        queued = [c for c in checked if c.order.kind == "build" and not c.problems]
        for build in (b for b in made.builds if b.get("leader") == leader):
            match = next(
                (
                    c
                    for c in queued
                    if c.order.value.get("hex") == build.get("hex") and c.order.value.get("item") == build.get("item")
                ),
                None,
            )
            if match is None:
                continue
            queued.remove(match)
            if not build.get("built"):
                match.unpaid = {k: build[k] for k in ("reason", "cost", "short", "had") if k in build}


def _one_by_one(
    state: Any, rules: Any, dice: Callable[[], Any], collected: dict[str, LeaderOrders], items: dict[int, Checked]
) -> None:
    """What each order does and costs: played alone, in the turn's order, on another copy."""
    from gmtool.rules.orion.order_kinds import KINDS
    from gmtool.rules.orion.orders import apply_orders, play_orders, sort_orders
    from gmtool.rules.orion.turns import movement_order

    second = copy.deepcopy(state)
    source = dice()
    play_orders(second, rules, source, [])  # the turn started, as the turn's play starts it
    for order in sort_orders(orders_of(collected), movement_order(second)):
        item = items.get(id(order.origin))
        log = second.turn_state.log
        before, logged = _purse(second, order.leader), len(log)
        watched = _Watched(source, log)
        failed, done = apply_orders(second, rules, watched, [order])
        after = _purse(second, order.leader)
        if item is None or failed:
            continue
        item.done = done[0] if done else None
        item.costs = {k: before[k] - after[k] for k in COSTS if k in before and before[k] > after.get(k, 0)}
        kind = KINDS.get(order.kind)
        result = item.done.get("result") if item.done else None
        if kind is not None and kind.later is not None:  # paid later: a build's PP, research's RP
            for what, n in kind.later(result).items():
                item.costs[what] = item.costs.get(what, 0) + n
        if watched.first is not None:
            item.rolled = True
            item.certain = [e for e in log[logged : watched.first] if e is not result]


def check_played(
    state: Any, table: Any, rules: Any, dice: Callable[[], Any], collected: dict[str, LeaderOrders]
) -> RoomCheck:
    """The rooms' orders checked by any table turn (a ruleset's ``read_orders`` and
    ``play_orders``) as ``turn check`` checks the file they make, on a copy of the state:
    each order's problems, by the line of its post (what it costs is orion's alone). A ruleset
    that reads its orders from the file's text is told its problems by line, and the text is
    written with the order each line holds (orion's checks stay typed: check_rooms)."""
    out = RoomCheck()
    text, held = orders_file(state.turn, collected)
    line_of = {id(order): line for line, order in held.items()}
    by_line: dict[int, Checked] = {}
    for leader, given in collected.items():
        checked = [Checked(o) for o in given.given()]
        out.orders[leader] = checked
        for one in checked:
            line = line_of.get(id(one.order))
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
