"""The turn's orders collected from the leaders' rooms: what stands, as typed orders that
carry their post, and the orders file they make when a file is the output.

A room's order command, once read (:mod:`gmtool.forum.order_commands`), is kept in
``forum.toml`` as a ``[[command]]`` record like every resolved command, with three more
keys: ``room`` (the leader whose room it is), ``turn`` (the turn it was given for) and
``order`` (JSON: ``{"kind": …, "value": …}``, hexes absolute).  Nothing is applied when it
is read: :func:`collected_orders` gathers what stands for the current turn, by the rule
PBEM players know:

* a leader's **latest post holding orders replaces all its earlier orders** for the turn;
* **ballots** are apart, one of each kind: the latest bill ballot (``vote``) and the latest
  Emperor's ballot (``election``) stand side by side, each changed only by a later ballot of
  its own kind, until the count.

:func:`orders_of` makes them the turn's :class:`~gmtool.rules.orion.orders.Order` records —
each with its :class:`CollectedOrder` as its origin, so the room's confirmation, ``turn check
--from-posts`` and ``turn run --from-posts`` name the post and command of any problem without
reading a file back.  :func:`orders_toml` writes the same orders as an orders file (``turn
orders``, the kept ``orders/turn-NN.toml``), each tagged with its post in a TOML comment for
the reader; it is only ever written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from gmtool.forum.order_commands import BALLOT_KINDS


@dataclass(frozen=True, eq=False)
class CollectedOrder:
    """An order as a room gave it: its kind, its value (as an orders file writes it) and
    where it was written (the post's id and the command's place in the post)."""

    kind: str
    value: Any
    post_id: str
    index: int
    note: str = ""  # where it came from when no post gave it (the missed-orders policy)
    leader: str = ""  # whose missed orders the policy gave (``note``)

    def place(self, lang: str) -> str:
        """Where it was given, in words: ``post #12, command 3`` (or the policy's orders)."""
        from gmtool.locale import t

        if self.note:
            return t("error.orders_file.missed_at", lang, leader=self.leader)
        return t("error.orders_file.posted_at", lang, post=self.post_id, index=self.index)

    def tag(self) -> str:
        """Its TOML comment in an orders file: where it came from."""
        return self.note or f"post #{self.post_id}, command {self.index}"


@dataclass
class LeaderOrders:
    """What stands for one leader this turn: its orders (from its latest post holding
    orders) and its ballots (the latest of each kind)."""

    leader: str
    orders: list[CollectedOrder] = field(default_factory=list)
    ballots: list[CollectedOrder] = field(default_factory=list)  # at most one of each kind, vote first
    post_id: str = ""  # the post the orders came from ("" when only ballots were given)

    def given(self) -> list[CollectedOrder]:
        """Every order that stands: the orders, then the ballots."""
        return [*self.orders, *self.ballots]


def order_of_record(record: dict[str, Any]) -> CollectedOrder | None:
    """The order a forum.toml command record holds, or None (not an order, or damaged)."""
    raw = record.get("order")
    if record.get("status", "ok") != "ok" or not isinstance(raw, str):
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str) or "value" not in data:
        return None
    index = record.get("index")
    return CollectedOrder(
        data["kind"], data["value"], str(record.get("post_id", "")), index if isinstance(index, int) else 0
    )


def collected_orders(records: Any, turn: int, leaders: Iterable[str] | None = None) -> dict[str, LeaderOrders]:
    """What stands for ``turn``, per leader (a :class:`ForumRecords`' command records, in
    the order they were resolved).  ``leaders``: only these (default: every room)."""
    wanted = set(leaders) if leaders is not None else None
    by_post: dict[tuple[str, str], list[CollectedOrder]] = {}  # (leader, post) → orders, in order
    latest_post: dict[str, str] = {}
    ballots: dict[str, dict[str, CollectedOrder]] = {}  # leader → kind → the latest ballot of that kind
    seen: set[str] = set()  # a key `turn undo` voided is in the file twice: its record that stands, once
    for key in records.keys:
        if key in seen:
            continue
        seen.add(key)
        record = records.commands.get(key)
        if record is None or record.get("turn") != turn or not isinstance(record.get("room"), str):
            continue
        if key in records.voided and records.voided[key] is record:
            continue
        leader = record["room"]
        if wanted is not None and leader not in wanted:
            continue
        order = order_of_record(record)
        if order is None:
            continue
        if order.kind in BALLOT_KINDS:
            ballots.setdefault(leader, {})[order.kind] = order
            continue
        by_post.setdefault((leader, order.post_id), []).append(order)
        latest_post[leader] = order.post_id
    out: dict[str, LeaderOrders] = {}
    for leader in [*latest_post, *(b for b in ballots if b not in latest_post)]:
        post = latest_post.get(leader, "")
        orders = sorted(by_post.get((leader, post), []), key=lambda o: o.index)
        mine = ballots.get(leader, {})
        standing = [mine[kind] for kind in ("vote", "election") if kind in mine]  # the bill's, the Emperor's
        out[leader] = LeaderOrders(leader, orders, standing, post)
    return out


def _single(kind: str) -> bool:
    """A kind an orders file takes one of (a plain value, not a list): the later replaces."""
    from gmtool.rules.orion.order_kinds import KINDS

    record = KINDS.get(kind)
    return kind in BALLOT_KINDS or (record is not None and record.single)


def grouped(given: LeaderOrders) -> list[tuple[str, list[CollectedOrder]]]:
    """A leader's orders as an orders file gives them: by kind, in the order each kind first
    came; of a kind the file takes one of, the last given."""
    kinds: dict[str, list[CollectedOrder]] = {}
    for order in given.given():
        kinds.setdefault(order.kind, []).append(order)
    return [(kind, orders[-1:] if _single(kind) else orders) for kind, orders in kinds.items()]


def orders_of(collected: dict[str, LeaderOrders]) -> list[Any]:
    """The orders that stand, as the turn plays them (gmtool/rules/orion/orders.py ``Order``),
    in the order the orders file they make gives them (:func:`orders_toml`), each with its
    :class:`CollectedOrder` as its origin."""
    from gmtool.rules.orion.orders import Order

    return [
        Order(leader, kind, order.value, origin=order)
        for leader, given in collected.items()
        for kind, orders in grouped(given)
        for order in orders
    ]


_BARE = re.compile(r"[A-Za-z0-9_-]+")


def _key(name: str) -> str:
    return name if _BARE.fullmatch(name) else json.dumps(name, ensure_ascii=False)


def toml_value(value: Any) -> str:
    """A value as an orders file writes it: a string, a number, a boolean, a list or an
    inline table (JSON's strings are TOML's basic strings)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(str(k))} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"not an order's value: {value!r}")


def _comment(text: str) -> str:
    """Text on one comment line (a reason may hold anything a player wrote)."""
    return " ".join(text.split())


def orders_toml(
    turn: int, collected: dict[str, LeaderOrders], dropped: dict[str, list[tuple[CollectedOrder, str]]] | None = None
) -> str:
    """The orders file the collected orders make (absolute coordinates), each order tagged
    with its post. ``dropped``: per leader, the orders the turn dropped with the reason (the
    moderator's words), written under the leader's table as comments — what was played is
    the file, what was not is said beside it."""
    return orders_file(turn, collected, dropped)[0]


def orders_file(
    turn: int, collected: dict[str, LeaderOrders], dropped: dict[str, list[tuple[CollectedOrder, str]]] | None = None
) -> tuple[str, dict[int, CollectedOrder]]:
    """:func:`orders_toml`'s text and, by line number (from 1), the order each line holds —
    kept as the lines are written, so a checker that reads the text back learns where an
    order came from without parsing the comments it wrote."""
    dropped = dropped or {}
    lines = [f"turn = {turn}"]
    held: dict[int, CollectedOrder] = {}

    def add(line: str, order: CollectedOrder | None = None) -> None:
        lines.append(line)
        if order is not None:
            held[len(lines)] = order

    for leader in [*collected, *(d for d in dropped if d not in collected)]:
        given = collected.get(leader, LeaderOrders(leader))
        lines += ["", f"[{_key(leader)}]"]
        for kind, orders in grouped(given):
            if _single(kind):
                last = orders[-1]
                add(f"{kind} = {toml_value(last.value)}  # {_comment(last.tag())}", last)
                continue
            lines.append(f"{kind} = [")
            for o in orders:
                add(f"    {toml_value(o.value)},  # {_comment(o.tag())}", o)
            lines.append("]")
        for order, reason in dropped.get(leader, []):
            lines.append(
                f"# dropped: {order.kind} = {toml_value(order.value)}  # {_comment(order.tag())}: {_comment(reason)}"
            )
    return "\n".join(lines) + "\n", held
