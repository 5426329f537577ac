"""Batch turns: an orders file, checked as a whole, applied in the rules' order.

An orders file is TOML with one table per leader::

    turn = 1
    [alice]
    explore = ["2,-2"]                                  # in movement order (RULES.md A3)
    colonize = ["2,-3"]
    fleet = 1                                           # +1 or -1
    events = [{ card = "refugees", choice = 2 }]
    quests = ["first-survey"]
    agents = [{ agent = "Kess", ability = "steal-tech", target = "bob" }]
    assign = [{ hex = "1,-3", workers = 2, scientists = 1 }]
    activate = ["2,-3"]
    vote = { choice = "yes", bribe = 3 }                # or election = { candidate = "bob", bribe = 3 }
    player_rename = "Alicia"                            # the roster: see ROSTER below

    [dave]
    player_add = { race = "psilon" }                    # a new leader's table (or player_add = true)

Every problem is reported with its ``file:line`` and leader; nothing is applied if any
is found.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any, Callable, overload

from gmtool.campaign.hexes import Hex
from gmtool.campaign.model import Campaign
from gmtool.dice.sources import DiceSource
from gmtool.errors import GmError, InputError, RuleRefused
from gmtool.locale import Msg, has, t
from gmtool.rolltables.roller import DiceRoller

# The moderator's records of battles it resolved (RULES.md A12 decision), in a leader's
# table: the leader is the one whose fleet did it (or who won/lost the ship, the award).
RECORDS = ("slay", "orion_damage", "capture", "blockade", "lift", "ship_add", "ship_lose", "award", "research",
           "grant")
# Changes of leaders (RULES.md A2), as `gmtool player add|drop|replace|rename`. A leader joins
# before the movement phase, in the table under its new name (which may hold its first
# orders); leaves, take-overs and renames come after every other order (the Council
# included), in the table of the leader concerned, so every name in the file is the name
# the leader has when the file is written.
JOIN = ("player_add",)
ROSTER = ("player_drop", "player_replace", "player_rename")
KEYS = ("fleet", "explore", "colonize", "events", "quests", "agents", "assign", "activate", "build", "scrap",
        "bill", "vote", "election") + RECORDS + JOIN + ROSTER
# The rules' order within a turn: movement phase (in movement order; battles follow the
# moves, colonies follow the battles), then what production needs, then the Council.
MOVEMENT = ("fleet", "explore", "slay", "orion_damage", "capture", "blockade", "lift", "ship_add", "ship_lose",
            "award", "colonize", "events", "quests", "agents", "research", "grant")
BEFORE_PRODUCTION = ("assign", "activate", "scrap", "build")
COUNCIL = ("bill", "vote", "election")
SINGLE = ("bill", "vote", "election", "research") + JOIN + ROSTER   # one value each, never a list of orders


@dataclass
class Order:
    leader: str
    kind: str
    value: Any
    line: int

    def describe(self) -> str:
        return f"{self.kind} {self.value}"


@dataclass
class Problem:
    line: int
    leader: str
    reason: Any   # a Msg, a domain error or plain text
    kind: str = ""   # the order it refused
    after: Msg | None = None   # an earlier order of the file whose outcome is why

    def text(self, lang: str = "en") -> str:
        reason = self.reason
        if isinstance(reason, GmError) and self.leader and reason.params.get("who") == f"{self.leader}: ":
            reason = copy.copy(reason)   # the line names the leader already
            reason.params = {**reason.params, "who": ""}
        text = reason.text(lang) if isinstance(reason, (Msg, GmError)) else str(reason)
        if self.after is not None:
            text = Msg(self.after.key, reason=text, **self.after.params).text(lang)
        if not self.kind:
            return text
        name = t(f"error.orders.key.{self.kind}", lang) if has(f"error.orders.key.{self.kind}") else self.kind
        return f"{name if name == self.kind else f'{name} ({self.kind})'}: {text}"

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
        if key and not in_table:   # a top-level `leader = …`
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


_BARE = re.compile(r"[A-Za-z0-9_-]+")
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]#]*?)\s*(\]\]?)\s*(#.*)?$")
_KEY = re.compile(r"^\s*([^\s=\[\]#\"']+)\s*=")


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
            raise InputError(key="orders_file.unquoted_name", where=where, line=found[0], written=found[1],
                             fixed=found[2]) from None
        from gmtool.tomlfile import toml_message

        raise InputError(key="campaign.in_file", where=where, reason=toml_message(exc)) from None


def parse_orders(data: dict[str, Any], text: str, campaign: Campaign) -> tuple[list[Order], list[Problem]]:
    where = _locate(text)
    orders: list[Order] = []
    problems: list[Problem] = []
    turn = data.get("turn")
    if turn is None:   # an empty or cut file must not play a turn
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
            problems.append(Problem(where(leader), leader, Msg("error.orders.not_leader", name=leader,
                                                               leaders=sorted(leaders))))
            continue
        for key, value in table.items():
            if key not in KEYS:
                problems.append(Problem(where(leader, key), leader, Msg("error.orders.unknown_in_file", key=key, orders=list(KEYS))))
                continue
            items = value if isinstance(value, list) and key not in SINGLE else [value]
            for item in items:
                orders.append(Order(leader, key, item, where(leader, key)))
    return orders, problems


def sort_orders(orders: list[Order], movement: list[str]) -> list[Order]:
    rank = {name: i for i, name in enumerate(movement)}

    def key(o: Order) -> tuple[int, int, int]:
        if o.kind in JOIN:
            return (-1, 0, 0)
        if o.kind in ROSTER:
            return (3, rank.get(o.leader, 99), ROSTER.index(o.kind))
        if o.kind in MOVEMENT:
            return (0, rank.get(o.leader, 99), MOVEMENT.index(o.kind))
        if o.kind in BEFORE_PRODUCTION:
            return (1, rank.get(o.leader, 99), BEFORE_PRODUCTION.index(o.kind))
        return (2, rank.get(o.leader, 99), 0)

    return sorted(orders, key=key)


# What a leader loses to an earlier order's outcome (a contamination, a lost ship, a quest's
# cost …: the ``changes`` of its log entries), and the refusals that loss can cause.
SHORT_OF = {"orders": ("orion.activation_cost", "orion.fleet_cost", "agents.no_orders"),
            "homeworld_colonists": ("orion.assign_too_many",), "colonists": ("orion.assign_too_many",),
            "ship_lost": ("orion.no_ship_to_move", "reach.ships_moved", "orion.no_colony_ship"),
            "bc": ("council.bribe_too_big",), "rp": ("records.no_rp",)}


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


def _why(done: list[tuple[Order, list[dict[str, Any]]]], failed: Order, refusal: RuleRefused,
         costs: Any) -> Msg | None:
    """The latest earlier order of the same leader whose outcome took what ``failed`` lacked."""
    for order, entries in reversed(done):
        if order.leader != failed.leader:
            continue
        lost = _losses(entries, failed.leader, refusal.key, costs)
        if lost:
            return Msg("error.orders_file.after", line=order.line, order=_written(order), lost=lost)
    return None


def apply_orders(campaign: Campaign, rules: Any, source: DiceSource, orders: list[Order]) -> tuple[list[Problem], list[dict[str, Any]]]:
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
                    raise InputError(key="orders.agent_twice", agent=str(order.value.get('agent')))
                agents_used.add(name)
            logged = len(campaign.turn_state.log)
            result = _apply(campaign, rules, source, order)
            # the turn's log entries the order wrote (its outcome in words): the leader's
            # report tells them once, with the order (gmtool/report/turns.py end_private)
            entries = [e for e in campaign.turn_state.log[logged:] if e is not result]
            done.append({"leader": order.leader, "order": order.kind, "result": result, "log": entries})
            applied.append((order, campaign.turn_state.log[logged:]))
            if order.kind in ("player_replace", "player_rename"):   # its report goes to the new name
                for item in done:
                    if item["leader"] == result["old"]:
                        item["leader"] = result["leader"]
        except RuleRefused as exc:
            problems.append(Problem(order.line, order.leader, exc, order.kind,
                                    _why(applied, order, exc, getattr(rules, "costs", None))))
        except GmError as exc:
            problems.append(Problem(order.line, order.leader, exc, order.kind))
    return problems, done


def play_orders(campaign: Campaign, rules: Any, source: DiceSource,
                orders: list[Order]) -> tuple[list[Problem], list[dict[str, Any]]]:
    """A turn's orders file: the turn started if it is not yet, then every order applied
    (:func:`apply_orders`). The caller keeps nothing if any problem comes back."""
    from gmtool.rules.orion.common import note
    from gmtool.rules.orion.turns import start_turn

    if campaign.turn_state.started != campaign.turn:
        # no start post was written: the turn's public post tells what the start decided
        log = campaign.turn_state.log
        first = len(log)
        out = start_turn(campaign, rules, source)
        if not out.get("victory"):   # told first, before what the start brought (the quest …)
            note(campaign, "turn_started", public=True, chair=out.get("chair"), token=out.get("token_dealt"),
                 order=" → ".join(out.get("movement_order", [])), bills=len(out.get("bills_drawn") or []) or None)
            log.insert(first, log.pop())
    return apply_orders(campaign, rules, source, orders)


@overload
def _int(value: Any, what: str, default: int) -> int: ...
@overload
def _int(value: Any, what: str, default: None = None) -> int | None: ...
def _int(value: Any, what: str, default: int | None = None) -> int | None:
    if value is None:
        return default
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(key="orders.not_int", what=what, value=repr(value))
    return value


def _need(value: Any, kind: type, what: str, **params: Any) -> Any:
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        need = {str: "text", int: "int", bool: "bool"}.get(kind, "table")
        raise InputError(key=f"orders.need_{need}",
                         what=Msg("error.orders.what." + what, **params))
    return value


def _apply(c: Campaign, rules: Any, source: DiceSource, order: Order) -> Any:
    from gmtool.rules.orion import agents_campaign, council_campaign, planets, production, turns
    from gmtool.rules.orion.campaign_explore import explore_hex

    v = order.value
    if order.kind in JOIN + ROSTER:
        return _roster(c, rules, source, order.leader, order.kind, v)
    leader = c.player(order.leader)
    if order.kind == "explore":   # "2,-2", or { hex = "2,-2", ship = "frigate" } (or its label)
        from gmtool.rules.orion.fleet import ship_named

        ship = "scout"
        if isinstance(v, dict):
            ship = ship_named(rules.costs, str(v.get("ship") or "scout"))
            v = v.get("hex")
        target = Hex.parse(_need(v, str, "hex"))
        if target == c.orion:
            from gmtool.rules.orion.campaign_explore import explore_orion

            explore_orion(c, leader, ship, rules.library)
            return {"hex": str(target), "discovery": "orion", "ship": ship}
        result = explore_hex(c, rules.orion, leader, target, DiceRoller(source), ship)
        return {"hex": str(target), "ship": ship, **result.to_data()}
    if order.kind == "colonize":
        if isinstance(v, dict):   # { hex = "2,-3", override = "REASON" }
            system = planets.colonize(c, leader, Hex.parse(str(v.get("hex", ""))), rules.orion, rules.technologies,
                                      str(v["override"]) if v.get("override") is not None else None)
        else:
            system = planets.colonize(c, leader, Hex.parse(_need(v, str, "hex")), rules.orion, rules.technologies)
        return str(system.hex)
    if order.kind == "fleet":
        return planets.change_fleet(c, leader, _need(v, int, "fleet"), rules.production)
    if order.kind == "events":
        _need(v, dict, "event")
        return turns.play_event(c, rules, leader, str(v.get("card", "")), _int(v.get("choice"), "choice", 1))
    if order.kind == "quests":
        return {**turns.complete_quest(c, rules, leader, _need(v, str, "quest")),
                "table": rules.quests(c.stage).name}
    if order.kind == "agents":
        _need(v, dict, "agent")
        against = c.player(v["target"]) if v.get("target") else None
        frame = c.player(v["frame"]) if v.get("frame") else None
        agent = c.agent(str(v.get("agent", "")))
        if agent.owner != leader.name:
            raise InputError(key="orders.not_own_agent", agent=agent.name, leader=leader.name)
        lib = rules.library
        return agents_campaign.use(c, agent, str(v.get("ability", "")), lib.get("agents", "orion"),
                                   lib.get("agent-outcomes", "orion"), source, against, frame).to_data()
    if order.kind == "assign":
        _need(v, dict, "assignment")
        system, planet = planets.assign(c, leader, Hex.parse(str(v.get("hex", ""))), _int(v.get("workers"), "workers"),
                                        _int(v.get("scientists"), "scientists"))
        return {"hex": str(system.hex), "workers": planet.population - planet.scientists,
                "scientists": planet.scientists}
    if order.kind == "activate":
        system, paid = production.activate_colony(c, leader, Hex.parse(_need(v, str, "hex")), rules.production)
        return {"hex": str(system.hex), "orders_paid": paid}
    if order.kind == "build":
        from gmtool.rules.orion.building import order_build

        _need(v, dict, "build")
        return order_build(c, leader, Hex.parse(str(v.get("hex", ""))), str(v.get("item", "")), rules.costs)
    if order.kind == "scrap":
        from gmtool.rules.orion.building import scrap

        _need(v, dict, "scrap")
        where = Hex.parse(str(v["hex"])) if v.get("hex") else None
        return {"item": v.get("item"), "refund": scrap(c, leader, str(v.get("item", "")), rules.costs, where)}
    if order.kind == "vote":
        _need(v, dict, "vote")
        vote = council_campaign.cast(c, leader, str(v.get("choice", "")), _int(v.get("bribe"), "bribe", 0))
        return {"vote": vote["ballots"][leader.name]["vote"], "bribe": vote["ballots"][leader.name]["bribe_bc"]}
    if order.kind == "bill":   # the chair: 1 or 2 (as drawn), or the bill's id
        return _pick_bill(c, rules, source, leader, v)
    if order.kind == "election":
        _need(v, dict, "election")
        candidate = c.player(v["candidate"]) if v.get("candidate") else None
        council_campaign.elect(c, leader, candidate, _int(v.get("bribe"), "bribe", 0))
        return {"candidate": candidate.name if candidate else None, "bribe": _int(v.get("bribe"), "bribe", 0)}
    if order.kind in RECORDS:
        return _record(c, rules, leader, order.kind, v)
    raise InputError(key="orders.unknown", kind=order.kind)


def _pick_bill(c: Campaign, rules: Any, source: DiceSource, leader: Any, v: Any) -> Any:
    """``bill = 2`` or ``bill = "free-trade"``: the chair's choice of the two bills drawn
    at the turn's start (as `gmtool council propose --pick`)."""
    from gmtool.errors import RuleRefused
    from gmtool.rules.orion import council_campaign

    if c.stage == 1:
        raise RuleRefused(key="council.stage1")
    if c.council.chair != leader.name:
        raise RuleRefused(key="orders.bill_not_chair", leader=leader.name, chair=c.council.chair or "—")
    options = list((c.council.vote or {}).get("options", []))
    if isinstance(v, str) and v in options:
        v = options.index(v) + 1
    if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= max(1, len(options)):
        raise InputError(key="orders.bill_pick", value=repr(v), options=", ".join(options) or "—")
    vote = council_campaign.propose(c, rules.bills, source, pick=v)
    return {"bill": vote["bill"]}


def _record(c: Campaign, rules: Any, leader: Any, kind: str, v: Any) -> Any:
    """The moderator's records in an orders file::

        slay = [{ hex = "2,-1", research_ship = true }]     orion_damage = 9
        capture = ["3,-1"]   blockade = ["3,-1"]   lift = ["3,-1"]
        ship_add = [{ class = "frigate", reason = "…" }]    ship_lose = ["frigate"]
        award = [{ id = 1, tech = ["hq_computers"] }]        research = "victory"
        grant = [{ rp = 5, reason = "Research Pact", public = true }]   # bc = -3: taken
    """
    from gmtool.rules.orion import records

    if kind == "slay":
        if isinstance(v, dict):
            return records.slay_monster(c, rules, Hex.parse(str(v.get("hex", ""))), leader,
                                        bool(v.get("research_ship", False)))
        return records.slay_monster(c, rules, Hex.parse(_need(v, str, "hex")), leader)
    if kind == "orion_damage":
        return records.damage_orion(c, rules, leader, _need(v, int, "orion_damage"))
    if kind == "capture":
        return records.capture_planet(c, Hex.parse(_need(v, str, "hex")), leader)
    if kind == "blockade":
        return records.set_blockade(c, Hex.parse(_need(v, str, "hex")), leader)
    if kind == "lift":
        return records.lift_blockade(c, Hex.parse(_need(v, str, "hex")), leader)
    if kind in ("ship_add", "ship_lose"):
        ship, reason = (str(v.get("class", "")), str(v.get("reason", ""))) if isinstance(v, dict) \
            else (_need(v, str, "ship"), "")
        record = records.ship_gained if kind == "ship_add" else records.ship_lost
        return record(c, rules, leader, ship, reason)
    if kind == "award":
        _need(v, dict, "award")
        techs = v.get("tech", [])
        if not isinstance(techs, list) or not all(isinstance(t, str) for t in techs):
            raise InputError(key="orders.tech_list")
        return records.apply_award(c, rules, leader, _need(v.get("id"), int, "id"), techs,
                                   v.get("science"), v.get("drop"))
    if kind == "grant":
        _need(v, dict, "grant")
        return records.grant(c, leader, _int(v.get("bc"), "bc", 0), _int(v.get("rp"), "rp", 0),
                             _need(v.get("reason", ""), str, "reason"), _need(v.get("public", False), bool, "public"))
    if kind == "research":
        if v not in ("victory", "all_sciences"):
            raise InputError(key="orders.research", value=repr(v))
        if v == "all_sciences":
            return records.all_sciences(c, leader, again=True)
        return records.research_victory(c, rules, leader)
    raise InputError(key="orders.unknown", kind=kind)


def _roster(c: Campaign, rules: Any, source: DiceSource, name: str, kind: str, v: Any) -> Any:
    """Changes of leaders in an orders file (as `gmtool player add|drop|replace|rename`)::

        [dave]  player_add = true                 # or { race = "psilon" }: dave joins
        [carol] player_drop = true                # or { keep = true }: its empire waits
        [carol] player_replace = "erin"           # erin takes carol's empire over
        [carol] player_rename = "Carolina"
    """
    from gmtool.rules.orion import roster

    if kind == "player_add":
        if v is True:
            race = ""
        elif isinstance(v, dict) and set(v) <= {"race"}:
            race = _need(v.get("race", ""), str, "race")
        else:
            raise InputError(key="orders.player_add", value=repr(v))
        roster.add_player(c, rules.library, name, source, race)
        return c.turn_state.log[-1]
    player = c.player(name)
    if kind == "player_drop":
        if v is True:
            keep = False
        elif isinstance(v, dict) and set(v) <= {"keep"} and isinstance(v.get("keep", False), bool):
            keep = bool(v.get("keep", False))
        else:
            raise InputError(key="orders.player_drop", value=repr(v))
        return roster.drop_player(c, player, keep)
    new = _need(v, str, "new_name", order=kind)
    return roster.rename_player(c, player, new, replaced=kind == "player_replace")
