"""The turn's orders collected from the leaders' rooms, and the orders file they make.

A room's order command, once read (:mod:`gmtool.forum.order_commands`), is kept in
``forum.toml`` as a ``[[command]]`` record like every resolved command, with three more
keys: ``room`` (the leader whose room it is), ``turn`` (the turn it was given for) and
``order`` (JSON: ``{"kind": …, "value": …}``, hexes absolute).  Nothing is applied when it
is read: :func:`collected_orders` gathers what stands for the current turn, by the rule
PBEM players know:

* a leader's **latest post holding orders replaces all its earlier orders** for the turn;
* **ballots** (``vote``, ``election``) are apart: the latest ballot stands, and may be
  changed until the count.

:func:`orders_toml` writes them as the orders file ``turn run`` reads, every order tagged
(a TOML comment) with the post and the line it came from.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from gmtool.forum.order_commands import BALLOT_KINDS


@dataclass(frozen=True)
class CollectedOrder:
    """An order as a room gave it: its kind, its value (as an orders file writes it) and
    where it was written (the post's id and the command's place in the post)."""

    kind: str
    value: Any
    post_id: str
    index: int
    note: str = ""  # where it came from when no post gave it (the missed-orders policy)


@dataclass
class LeaderOrders:
    """What stands for one leader this turn: its orders (from its latest post holding
    orders) and its ballot (the latest)."""

    leader: str
    orders: list[CollectedOrder] = field(default_factory=list)
    ballot: CollectedOrder | None = None
    post_id: str = ""  # the post the orders came from ("" when only a ballot was given)


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
    ballots: dict[str, CollectedOrder] = {}
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
            ballots[leader] = order
            continue
        by_post.setdefault((leader, order.post_id), []).append(order)
        latest_post[leader] = order.post_id
    out: dict[str, LeaderOrders] = {}
    for leader in [*latest_post, *(b for b in ballots if b not in latest_post)]:
        post = latest_post.get(leader, "")
        orders = sorted(by_post.get((leader, post), []), key=lambda o: o.index)
        out[leader] = LeaderOrders(leader, orders, ballots.get(leader), post)
    return out


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


def _tag(order: CollectedOrder) -> str:
    if order.note:
        return f"  # {order.note}"
    return f"  # post #{order.post_id}, command {order.index}"


def orders_toml(turn: int, collected: dict[str, LeaderOrders], single: frozenset[str] = BALLOT_KINDS) -> str:
    """The orders file the collected orders make (absolute coordinates), each order tagged
    with its post.  ``single``: the kinds an orders file takes one of (a plain value, not
    a list)."""
    from gmtool.rules.orion.order_kinds import KINDS

    lines = [f"turn = {turn}"]
    for leader, given in collected.items():
        lines += ["", f"[{_key(leader)}]"]
        kinds: dict[str, list[CollectedOrder]] = {}
        for order in [*given.orders, *([given.ballot] if given.ballot else [])]:
            kinds.setdefault(order.kind, []).append(order)
        for kind, orders in kinds.items():
            record = KINDS.get(kind)
            if (record is not None and record.single) or kind in single:
                last = orders[-1]
                lines.append(f"{kind} = {toml_value(last.value)}{_tag(last)}")
                continue
            lines.append(f"{kind} = [")
            lines += [f"    {toml_value(o.value)},{_tag(o)}" for o in orders]
            lines.append("]")
    return "\n".join(lines) + "\n"
