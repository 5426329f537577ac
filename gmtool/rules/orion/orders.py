"""Batch turns: an orders file, checked as a whole, applied in the rules' order.

An orders file is TOML with one table per leader::

    turn = 1
    [alice]
    explore = ["2,-2"]                                  # in movement order (docs/rules-orion.md A3)
    colonize = ["2,-3"]
    fleet = 1                                           # +1 or -1
    events = [{ card = "refugees", choice = 2 }]
    quests = ["first-survey"]
    agents = [{ agent = "Kess", ability = "steal-tech", target = "bob" }]
    assign = [{ hex = "1,-3", workers = 2, scientists = 1 }]
    activate = ["2,-3"]
    vote = { choice = "yes", bribe = 3 }                # or election = { candidate = "bob", bribe = 3 }
    player_rename = "Alicia"                            # changes of leaders: see order_kinds.py

    [dave]
    player_add = { race = "psilon" }                    # a new leader's table (or player_add = true)

Every problem is reported with its ``file:line`` and leader; nothing is applied if any
is found.

The orders of the leaders' rooms are the same :class:`Order` records, made from the posts
without a file (gmtool/forum/rooms.py ``orders_of``): each carries where it was given (its
``origin``: the post and the command), which a problem about it names.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any, Callable

from gmtool.dice.sources import DiceSource
from gmtool.errors import GmError, InputError, RuleRefused
from gmtool.lazy_re import lazy
from gmtool.locale import Msg, has, t
from gmtool.rules.orion.order_kinds import KINDS, OrderKind, sort_key
from gmtool.rules.orion.state import OrionCampaign

# Every kind of order, its phase, value, handler and report line: one record each in
# order_kinds.py. The names, in the rules' order:
KEYS = tuple(KINDS)  # the built-in kinds (KINDS also holds those registered later)


@dataclass(eq=False)
class Order:
    """One order of the turn: its leader, kind and value (as an orders file writes it), and
    where it was given — its ``line`` in an orders file, or its ``origin`` when no file was
    read (a room's post and command: anything with ``place(lang)``)."""

    leader: str
    kind: str
    value: Any
    line: int = 0
    origin: Any = None

    def describe(self) -> str:
        return f"{self.kind} {self.value}"

    def place(self, where: str, lang: str = "en") -> str:
        """Where the order was given, in words: ``post #12, command 3``, else ``where:line``."""
        if self.origin is not None:
            return str(self.origin.place(lang))
        return f"{where}:{self.line}"


@dataclass
class Problem:
    line: int
    leader: str
    reason: Any  # a Msg, a domain error or plain text
    kind: str = ""  # the order it refused
    after: Msg | None = None  # an earlier order of the file whose outcome is why
    order: Order | None = None  # the order it refused (None: the file's own problem)
    earlier: Order | None = None  # the earlier order ``after`` names

    def text(self, lang: str = "en", moderator: bool = True) -> str:
        """The problem in ``lang``: for the ``moderator`` (`turn check`), with the orders
        file's key of the order («колонизация (colonize)») and what the moderator may do about
        it; else as a player's room reads it, in words only."""
        reason = self.reason
        if isinstance(reason, GmError) and self.leader and reason.params.get("who") == f"{self.leader}: ":
            reason = copy.copy(reason)  # the line names the leader already
            reason.params = {**reason.params, "who": ""}
        if isinstance(reason, GmError):
            text = reason.for_moderator(lang) if moderator else reason.text(lang)
        else:
            text = reason.text(lang) if isinstance(reason, Msg) else str(reason)
        if self.after is not None:
            text = Msg(self.after.key, reason=text, **self.after.params).text(lang)
        if not self.kind:
            return text
        name = t(f"error.orders.key.{self.kind}", lang) if has(f"error.orders.key.{self.kind}") else self.kind
        if not moderator or name == self.kind:
            return f"{name}: {text}"
        return f"{name} ({self.kind}): {text}"

    @property
    def message(self) -> str:
        return self.text()

    def render(self, where: str, lang: str = "en") -> str:
        who = f" ({self.leader})" if self.leader else ""
        return f"{where}:{self.line}{who}: {self.text(lang)}"


def _locate(text: str) -> Callable[..., int]:
    """Line numbers of ``[leader]`` headers and of keys inside them (tomllib keeps none)."""
    lines = text.splitlines()
    headers: dict[str, int] = {}
    in_table = False
    for i, line in enumerate(lines, start=1):
        m = re.match(r"^\s*\[\[?\s*\"?([^\]\"]+)\"?\s*\]\]?\s*(#.*)?$", line)
        if m:
            headers.setdefault(m.group(1).strip(), i)
            in_table = True
            continue
        key = re.match(r"^\s*\"?([^\s=\"]+)\"?\s*=", line)
        if key and not in_table:  # a top-level `leader = …`
            headers.setdefault(key.group(1), i)

    def where(leader: str, key: str | None = None) -> int:
        start = headers.get(leader, 1)
        if key is None:
            return start
        for i in range(start, len(lines) + 1):
            if i > start and re.match(r"^\s*\[", lines[i - 1]):
                break
            if re.match(rf"^\s*{re.escape(key)}\s*=", lines[i - 1]):
                return i
        return start

    return where


def _item_lines(lines: list[str], line: int, key: str, count: int) -> list[int] | None:
    """The lines of a list's ``count`` items when the list is written one item a line (as
    the orders the rooms make are, each tagged with its post); else None (the key's
    ``line`` names them all).  One pass over the list, however long it is."""
    if not 0 < line <= len(lines) or not re.match(rf"^\s*{re.escape(key)}\s*=\s*\[\s*(#.*)?$", lines[line - 1]):
        return None
    found: list[int] = []
    for i in range(line + 1, len(lines) + 1):
        text = lines[i - 1].strip()
        if text.startswith("]"):
            break
        if text and not text.startswith("#"):
            found.append(i)
            if len(found) > count:
                return None
    return found if len(found) == count else None


_BARE = lazy(r"[A-Za-z0-9_-]+")
_HEADER = lazy(r"^\s*(\[\[?)\s*([^\]#]*?)\s*(\]\]?)\s*(#.*)?$")
_KEY = lazy(r"^\s*([^\s=\[\]#\"']+)\s*=")


def _quoted(dotted: str) -> str:
    """``orders.Борис`` → ``orders."Борис"``: each part that is not a bare TOML key quoted."""
    parts = [p.strip() for p in dotted.split(".")]
    return ".".join(p if _BARE.fullmatch(p) or p[:1] in "\"'" else f'"{p}"' for p in parts)


def unquoted_name(text: str) -> tuple[int, str, str] | None:
    """The first line whose table header or key is a name TOML only takes in quotes (a
    leader named ``Борис``: bare keys are A–Z, a–z, 0–9, ``_`` and ``-``), as (line, what
    is written, what to write); None if there is none."""
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            name = header.group(2)
            if name and _quoted(name) != name and not any(q in name for q in "\"'"):
                open_, close = header.group(1), header.group(3)
                return number, f"{open_}{name}{close}", f"{open_}{_quoted(name)}{close}"
            continue
        key = _KEY.match(line)
        if key and _quoted(key.group(1)) != key.group(1):
            return number, key.group(1), _quoted(key.group(1))
    return None


def load_orders(text: str, where: str) -> dict[str, Any]:
    """An orders file's TOML. A leader's name that TOML needs in quotes gets an error saying
    so (``where:line``), not the parser's "Invalid initial character for a key part"."""
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = unquoted_name(text)
        failed = re.search(r"at line (\d+)", str(exc))
        if found and (failed is None or found[0] <= int(failed.group(1))):
            raise InputError(
                key="orders_file.unquoted_name", where=where, line=found[0], written=found[1], fixed=found[2]
            ) from None
        from gmtool.tomlfile import toml_message

        raise InputError(key="campaign.in_file", where=where, reason=toml_message(exc)) from None


def parse_orders(data: dict[str, Any], text: str, campaign: OrionCampaign) -> tuple[list[Order], list[Problem]]:
    where = _locate(text)
    lines = text.splitlines()
    orders: list[Order] = []
    problems: list[Problem] = []
    turn = data.get("turn")
    if turn is None:  # an empty or cut file must not play a turn
        problems.append(Problem(1, "", Msg("error.orders.no_turn", turn=campaign.turn)))
    elif isinstance(turn, bool) or not isinstance(turn, int) or turn != campaign.turn:
        problems.append(Problem(1, "", Msg("error.orders.wrong_turn", turn=turn, current=campaign.turn)))
    leaders = {p.name for p in campaign.players}
    for leader, table in data.items():
        if leader == "turn":
            continue
        if not isinstance(table, dict):
            problems.append(Problem(where(leader), leader, Msg("error.orders.not_table")))
            continue
        if leader not in leaders and "player_add" not in table:
            problems.append(
                Problem(where(leader), leader, Msg("error.orders.not_leader", name=leader, leaders=sorted(leaders)))
            )
            continue
        for key, value in table.items():
            kind = KINDS.get(key)
            if kind is None:
                problems.append(
                    Problem(
                        where(leader, key), leader, Msg("error.orders.unknown_in_file", key=key, orders=list(KINDS))
                    )
                )
                continue
            items = value if isinstance(value, list) and not kind.single else [value]
            line = where(leader, key)
            item_lines = _item_lines(lines, line, key, len(items)) if items is value else None
            for i, item in enumerate(items):
                orders.append(Order(leader, key, item, item_lines[i] if item_lines else line))
    return orders, problems


def sort_orders(orders: list[Order], movement: list[str]) -> list[Order]:
    """The orders in the rules' order: by phase, leader (in ``movement`` order) and kind
    (order_kinds.py); what is left keeps the file's order. An order of no known kind goes
    last (and is refused when played)."""
    rank = {name: i for i, name in enumerate(movement)}

    def key(o: Order) -> tuple[int, int, int]:
        kind = KINDS.get(o.kind)
        return sort_key(kind, rank.get(o.leader, 99)) if kind else (99, 0, 0)

    return sorted(orders, key=key)


# What a leader loses to an earlier order's outcome (a contamination, a lost ship, a quest's
# cost …: the ``changes`` of its log entries), and the refusals that loss can cause.
SHORT_OF = {
    "orders": ("orion.activation_cost", "orion.fleet_cost", "agents.no_orders"),
    "homeworld_colonists": ("orion.assign_too_many",),
    "colonists": ("orion.assign_too_many",),
    "ship_lost": ("orion.no_ship_to_move", "reach.ships_moved", "orion.no_colony_ship"),
    "bc": ("council.bribe_too_big",),
    "rp": ("records.no_rp",),
}


def _losses(entries: list[dict[str, Any]], leader: str, refusal: str | None, costs: Any) -> list[Msg]:
    """What ``entries`` (an earlier order's log) took from ``leader`` that can be why the
    rules gave ``refusal`` (an error key), in words."""
    from gmtool.locale import Label

    lost: list[Msg] = []
    for entry in entries:
        for change in entry.get("changes") or []:
            if change.get("player", entry.get("leader")) != leader:
                continue
            for key, value in change.items():
                if refusal not in SHORT_OF.get(key, ()):
                    continue
                if key == "ship_lost":
                    row = costs.find(value) if costs is not None else None
                    lost.append(Msg("log.ship_lost_piece", ship=Label(row.label) if row is not None else value))
                elif isinstance(value, int) and not isinstance(value, bool) and value < 0:
                    lost.append(Msg("change." + key, n=value))
    return lost


def _written(order: Order) -> str:
    """An order as the file writes it: ``explore 0,-2``, ``events { card = "x", choice = 2 }``."""
    import json

    v = order.value
    if isinstance(v, dict):
        v = "{ " + ", ".join(f"{k} = {json.dumps(x, ensure_ascii=False)}" for k, x in v.items()) + " }"
    return f"{order.kind} {v}"


def _why(done: list[tuple[Order, list[dict[str, Any]]]], failed: Order, refusal: RuleRefused, costs: Any) -> Msg | None:
    """The latest earlier order of the same leader whose outcome took what ``failed`` lacked."""
    for order, entries in reversed(done):
        if order.leader != failed.leader:
            continue
        lost = _losses(entries, failed.leader, refusal.key, costs)
        if lost:
            return Msg("error.orders_file.after", line=order.line, order=_written(order), lost=lost)
    return None


def _earlier(done: list[tuple[Order, list[dict[str, Any]]]], failed: Order, refusal: RuleRefused, costs: Any) -> Any:
    """The earlier order :func:`_why` names (None: none)."""
    for order, entries in reversed(done):
        if order.leader == failed.leader and _losses(entries, failed.leader, refusal.key, costs):
            return order
    return None


def unknown_leaders(campaign: OrionCampaign, orders: list[Order]) -> list[Problem]:
    """A problem for each order of a name that is no leader (and joins not): what
    :func:`parse_orders` says of a file's table, said of orders made without a file."""
    leaders = {p.name for p in campaign.players}
    joining = {o.leader for o in orders if o.kind == "player_add"}
    return [
        Problem(
            o.line,
            o.leader,
            Msg("error.orders.not_leader", name=o.leader, leaders=sorted(leaders)),
            order=o,
        )
        for o in orders
        if o.leader not in leaders and o.leader not in joining
    ]


def play_one(campaign: OrionCampaign, rules: Any, source: DiceSource, order: Order) -> tuple[Any, list[dict[str, Any]]]:
    """Play one order now — its value checked against its kind's record, then its handler,
    its dice labelled with it (scheme 2) — whoever gave it: an orders file, a room's post, the
    moderator's command. (What its handler returned, the turn's log entries it wrote.) A
    refusal is raised (a GmError) and the caller keeps nothing of the state."""
    logged = len(campaign.turn_state.log)
    _dice_context(campaign, source, order)
    result = _apply(campaign, rules, source, order)
    return result, campaign.turn_state.log[logged:]


def apply_orders(
    campaign: OrionCampaign, rules: Any, source: DiceSource, orders: list[Order]
) -> tuple[list[Problem], list[dict[str, Any]]]:
    """Apply every order it can; return the problems and what each order did. An order
    the rules refuse after an earlier order of the file took what it needs (a contamination
    cost the order or the colonist, the ship was lost) names that order and its outcome."""
    from gmtool.rules.orion.turns import movement_order

    problems: list[Problem] = []
    done: list[dict[str, Any]] = []
    applied: list[tuple[Order, list[dict[str, Any]]]] = []
    agents_used: set[str] = set()
    for order in sort_orders(orders, movement_order(campaign)):
        try:
            if order.kind == "agents" and isinstance(order.value, dict):
                name = str(order.value.get("agent", "")).casefold()
                if name in agents_used:
                    raise InputError(key="orders.agent_twice", agent=str(order.value.get("agent")))
                agents_used.add(name)
            result, logged = play_one(campaign, rules, source, order)
            # the turn's log entries the order wrote (its outcome in words): the leader's
            # report tells them once, with the order (gmtool/report/turns.py end_private)
            entries = [e for e in logged if e is not result]
            done.append({"leader": order.leader, "order": order.kind, "result": result, "log": entries})
            applied.append((order, logged))
            if order.kind in ("player_replace", "player_rename"):  # its report goes to the new name
                for item in done:
                    if item["leader"] == result["old"]:
                        item["leader"] = result["leader"]
        except RuleRefused as exc:
            costs = getattr(rules, "costs", None)
            why = _why(applied, order, exc, costs)
            earlier = _earlier(applied, order, exc, costs) if why is not None else None
            problems.append(Problem(order.line, order.leader, exc, order.kind, why, order, earlier))
        except GmError as exc:
            problems.append(Problem(order.line, order.leader, exc, order.kind, order=order))
    set_context = getattr(source, "set_context", None)
    if set_context is not None:
        set_context("end")  # what the turn's end rolls after the orders
    return problems, done


# the keys of an order's value that name a leader (an agent's target, a bill's, a candidate)
_LEADER_KEYS = ("target", "frame", "candidate")


def value_words(value: Any, seat: Any = None) -> str:
    """An order's value on one line, the same each time the same order is given: a leader it
    names by its seat (``seat(name)``), as the label names the order's own leader."""
    if isinstance(value, dict):
        return " ".join(
            f"{k}={seat(v) if seat is not None and k in _LEADER_KEYS and isinstance(v, str) else value_words(v, seat)}"
            for k, v in sorted(value.items())
        )
    if isinstance(value, (list, tuple)):
        return ",".join(value_words(v, seat) for v in value)
    return str(value)


_HEX_WORD = lazy(r"(?<![\w.-])-?\d{1,4},-?\d{1,4}(?![\w.])")


def _dice_context(campaign: OrionCampaign, source: Any, order: Order) -> None:
    """Scheme 2 (docs/verify.md): the order's dice are labelled with its leader's seat and itself
    (``alice · explore 1,-2``), so that the same order rolls the same dice again — its hexes
    as the leader sees them (before turn 7, from its own homeworld: the label is printed in
    its report, which must not tell where Orion lies)."""
    set_context = getattr(source, "set_context", None)
    if set_context is not None:
        from gmtool.rules.orion.frames import hex_writer

        write = hex_writer(campaign, order.leader)
        words = _HEX_WORD.sub(lambda m: write(m.group(0)), value_words(order.value, campaign.seat))
        set_context(f"{campaign.seat(order.leader)} · {order.kind} {words}"[:200], order.leader)


def play_orders(
    campaign: OrionCampaign, rules: Any, source: DiceSource, orders: list[Order]
) -> tuple[list[Problem], list[dict[str, Any]]]:
    """A turn's orders file: the turn started if it is not yet, then every order applied
    (:func:`apply_orders`). The caller keeps nothing if any problem comes back."""
    from gmtool.rules.orion.common import note
    from gmtool.rules.orion.turns import start_turn

    if campaign.turn_state.started != campaign.turn:
        # no start post was written: the turn's public post tells what the start decided
        log = campaign.turn_state.log
        first = len(log)
        set_context = getattr(source, "set_context", None)
        if set_context is not None:
            set_context("start")  # the same labels as a `turn start` (docs/verify.md)
        out = start_turn(campaign, rules, source)
        if not out.victory:  # told first, before what the start brought (the quest …)
            note(
                campaign,
                "turn_started",
                public=True,
                chair=out.chair,
                token=out.token_dealt,
                order=" → ".join(out.movement_order),
                bills=len(out.bills_drawn or []) or None,
            )
            log.insert(first, log.pop())
    return apply_orders(campaign, rules, source, orders)


def _apply(c: OrionCampaign, rules: Any, source: DiceSource, order: Order) -> Any:
    """Play one order: its value checked against its kind's record, then its handler."""
    from gmtool.rules.orion.order_kinds import Act

    kind: OrderKind | None = KINDS.get(order.kind)
    if kind is None:
        raise InputError(key="orders.unknown", kind=order.kind)
    kind.check(order.value)
    return kind.handler(Act(c, rules, source, order.leader, order.value))
