"""The exploration chain of docs/rules-orion.md A4 and the planets it makes (A4.4, A5).

Dice order (binding, also for ``--dice``): exploration roll (rerolled per A4.5) → event
roll → monster kind → world type → size.  Every row, modifier and number comes from the
tables: the exploration table's ``[rules]`` names the type, size and property tables
and the A4.5 limits; rows carry ``properties``, ``event``, ``add_property``,
``monster``, ``guards``, ``type``, ``min_size`` and gains (BC, orders, colonists …).
The code knows only what those value names mean.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from gmtool.errors import InputError, TableError
from gmtool.rolltables.library import TableLibrary
from gmtool.rolltables.model import Row, Table
from gmtool.rolltables.roll import AppliedModifier, TableRoll
from gmtool.rolltables.roller import Roller
from gmtool.rules.orion.neighbourhood import Neighbourhood

RULESET = "orion"
EXPLORATION_TABLE = "exploration"

# Value names of event rows that describe the event rather than give the leader something.
_NOT_GAINS = {"add_property", "monster", "guards", "type", "min_size"}
# Reasons for A4.5 rerolls (report labels live in report/i18n.py).
TOO_MANY_PLANETS = "homeworld_has_max_planets"
TOO_FEW_PLANETS = "homeworld_needs_planets"


@dataclass(slots=True)
class Gain:
    """Something an event gives or takes: ``bc = 24``, ``lose_orders = 1`` …"""

    table: Table
    name: str
    value: Any

    def to_data(self) -> tuple[str, Any]:
        return self.name, self.value


@dataclass(slots=True)
class EventOutcome:
    kind: str  # "negative" | "positive" (the exploration row's `event`)
    roll: TableRoll
    ignored: bool = False  # it would give a property the planet already has

    @property
    def id(self) -> str:
        return self.roll.row.id


@dataclass(slots=True)
class MonsterOutcome:
    roll: TableRoll
    great: bool
    guards: Row | None  # the positive event it guards
    guards_table: Table | None
    deferred: list[Gain] = field(default_factory=list)  # gained once it is destroyed


@dataclass(slots=True)
class Planet:
    type_row: Row
    size_row: Row
    properties: list[str]
    max_population: int
    production: int
    pp_per_worker: int
    rp_per_scientist: int
    growth: int
    type_roll: TableRoll | None = None
    size_roll: TableRoll | None = None
    type_fixed_by: Row | None = None  # an event that fixed the type (lost colony)
    size_raised_from: Row | None = None  # the rolled size, raised by an event (natives)
    size_raised_by: Row | None = None
    forced: tuple[str, ...] = ()  # what `world planet` forced: "type", "size"

    @property
    def type(self) -> str:
        return self.type_row.id

    @property
    def size(self) -> str:
        return self.size_row.id

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "type": self.type,
            "size": self.size,
            "max_population": self.max_population,
            "production": self.production,
            "properties": sorted(self.properties),
            "pp_per_worker": self.pp_per_worker,
            "rp_per_scientist": self.rp_per_scientist,
            "growth": self.growth,
        }
        if self.type_fixed_by:
            data["type_fixed_by"] = self.type_fixed_by.id
        if self.size_raised_from:
            data["size_rolled"] = self.size_raised_from.id
            data["size_raised_by"] = self.size_raised_by.id if self.size_raised_by else None
        if self.forced:
            data["forced"] = list(self.forced)
        return data


@dataclass(slots=True)
class Exploration:
    stage: int
    near: Neighbourhood | None
    exploration: TableRoll | None  # None: a planet made by special rules (no exploration roll)
    discovery: str
    events: list[EventOutcome] = field(default_factory=list)
    monster: MonsterOutcome | None = None
    planet: Planet | None = None
    gains: list[Gain] = field(default_factory=list)
    # the dice of technologies a gain rolled (research.TechDie), after the chain's (A4 step 6)
    technology_dice: list[Any] = field(default_factory=list)
    # what a negative event took, as applied in a campaign (A4.2: an order, or — with none —
    # a colonist on the homeworld; the exploring ship): None outside a campaign, where the
    # report says what it would take
    taken: list[Gain] | None = None

    @property
    def rerolls(self) -> list[TableRoll]:
        return self.exploration.rerolls if self.exploration else []

    @property
    def rolls(self) -> list[TableRoll]:
        """Every table roll in the order rolled, rerolls first where there were any."""
        out = [*self.exploration.rerolls, self.exploration] if self.exploration else []
        out += [e.roll for e in self.events]
        if self.monster:
            out.append(self.monster.roll)
        if self.planet:
            out += [r for r in (self.planet.type_roll, self.planet.size_roll) if r is not None]
        return out

    def to_data(self) -> dict[str, Any]:
        """The docs/commands.md shape, plus the trail and the gains."""
        monster = None
        if self.monster:
            monster = {"kind": self.monster.roll.row.id, "great": self.monster.great}
            if self.monster.guards:
                monster["guards"] = self.monster.guards.id
                monster["gains_when_destroyed"] = dict(g.to_data() for g in self.monster.deferred)
        return {
            "stage": self.stage,
            "discovery": self.discovery,
            "planet": self.planet.to_data() if self.planet else None,
            "events": [{"kind": e.kind, "roll": e.roll.total, "id": e.id, "ignored": e.ignored} for e in self.events],
            "monster": monster,
            "rolls": [{"table": r.table.id, "value": r.face} for r in self.rolls],
            "rerolls": [{"face": r.face, "row": r.row.id} for r in self.rerolls],
            "reroll_reason": self.exploration.reroll_reason if self.exploration else None,
            "gains": dict(g.to_data() for g in self.gains),
            "near_homeworld": self.near.to_data() if self.near else None,
            **({"taken": dict(g.to_data() for g in self.taken)} if self.taken else {}),
            **(
                {"technology_rolls": [{"die": d.sides, "value": d.face, "technology": d.tech} for d in dice]}
                if (dice := self.technology_dice)
                else {}
            ),
        }


class OrionTables:
    """The tables the exploration chain reads, found once through the library."""

    def __init__(self, library: TableLibrary, ruleset: str = RULESET) -> None:
        self.library = library
        self.exploration = library.get(EXPLORATION_TABLE, ruleset)
        self.world_type = library.get(self.exploration.rule("type_table"), ruleset)
        self.world_size = library.get(self.exploration.rule("size_table"), ruleset)
        self.properties = library.get(self.exploration.rule("properties_table"), ruleset)
        self.min_planets = int(self.exploration.rule("homeworld_min_planets"))
        self.max_planets = int(self.exploration.rule("homeworld_max_planets"))
        self.base_growth = int(self.properties.rule("base_growth"))
        self.terran_type = str(self.exploration.rule("terran_type"))
        self._next: dict[tuple[str, tuple[str, ...]], list[Table]] = {}
        self._profiles: dict[tuple[str, ...], "_PropertyProfile"] = {}
        self._type_mods: dict[tuple[tuple[str, ...], Neighbourhood | None], list[AppliedModifier]] = {}

    def colonisable(self, type_id: str) -> bool:
        return any(r.id == type_id and bool(r.values.get("colonisable")) for r in self.world_type.rows)

    def profile(self, props: tuple[str, ...]) -> "_PropertyProfile":
        """What a set of properties does to a planet (memoised)."""
        profile = self._profiles.get(props)
        if profile is None:
            profile = self._profiles[props] = _PropertyProfile([self.property_row(p) for p in props], self.base_growth)
        return profile

    def type_modifiers(self, props: tuple[str, ...], near: Neighbourhood | None) -> list[AppliedModifier]:
        """The world-type modifiers that apply, in the table's order (memoised)."""
        key = (props, near)
        mods = self._type_mods.get(key)
        if mods is None:
            table = self.world_type
            mods = self._type_mods[key] = [
                AppliedModifier(m.value, m.id, m.label)
                for m in table.modifiers
                if _modifier_applies(table, m.when, props, near)
            ]
        return mods

    def next_tables(self, table: Table, names: tuple[str, ...]) -> list[Table]:
        key = (table.id, names)
        tables = self._next.get(key)
        if tables is None:
            tables = self._next[key] = self.library.next_tables(table, names)
        return tables

    def referenced_row(self, table: Table, column: str, row_id: str) -> tuple[Table, Row]:
        """The row a column value names (``guards = "treasure"`` → positive-events)."""
        col = table.columns.get(column)
        if col is None or not col.table:
            raise TableError(key="orion.column_table", table=table.id, column=column)
        target = self.library.get(col.table, table.ruleset)
        return target, target.row(row_id)

    def property_row(self, prop: str) -> Row:
        try:
            return self.properties.row(prop)
        except TableError:
            known = ", ".join(r.id for r in self.properties.rows)
            raise InputError(key="orion.unknown_property", prop=prop, known=known) from None


def _modifier_applies(
    table: Table, when: dict[str, Any], properties: tuple[str, ...], near: Neighbourhood | None
) -> bool:
    for key, value in when.items():
        if key == "property":
            if value not in properties:
                return False
        elif key == "near_homeworld":
            if bool(value) != (near is not None):
                return False
        elif key == "terran_below":
            if near is None or not near.terran < value:
                return False
        elif key == "colonisable_below":
            if near is None or not near.colonisable < value:
                return False
        else:
            raise TableError(key="orion.unknown_condition", table=table.id, condition=key)
    return True


class _PropertyProfile:
    """The sums a set of property rows gives (docs/rules-orion.md A5)."""

    __slots__ = ("rows", "max_population", "floor", "pp", "rp", "rp_bonus", "growth")

    def __init__(self, rows: list[Row], base_growth: int) -> None:
        def total(name: str) -> int:
            return sum(int(r.values.get(name, 0)) for r in rows)

        self.rows = rows
        self.max_population = total("max_population")
        self.floor = max([1] + [int(r.values["min_max_population"]) for r in rows if "min_max_population" in r.values])
        self.pp = total("pp_per_worker")
        self.rp = total("rp_per_scientist")
        self.rp_bonus = total("rp_bonus_per_scientist")
        growths = [int(r.values["growth"]) for r in rows if "growth" in r.values]
        self.growth = min(growths) if growths else base_growth


def make_planet(
    roller: Roller,
    tables: OrionTables,
    properties: list[str],
    near: Neighbourhood | None = None,
    type_id: str | None = None,
    type_fixed_by: Row | None = None,
    size_id: str | None = None,
    min_size: tuple[str, Row] | None = None,
) -> Planet:
    """Roll (or take) the world type, then the size, and work out the planet's numbers."""
    props = tuple(sorted(set(properties)))
    profile = tables.profile(props)
    forced: list[str] = []
    type_roll = None
    if type_id is not None:
        type_row = tables.world_type.row(type_id)
        if type_fixed_by is None:
            forced.append("type")
    else:
        type_roll = roller.roll(tables.world_type, tables.type_modifiers(props, near), None, "world type")
        type_row = type_roll.row
    size_roll = None
    if size_id is not None:
        size_row = tables.world_size.row(size_id)
        forced.append("size")
    else:
        size_roll = roller.roll(tables.world_size, (), None, "world size")
        size_row = size_roll.row
    raised_from = raised_by = None
    if min_size is not None:
        minimum = tables.world_size.row(min_size[0])
        order = [r.id for r in tables.world_size.rows]
        if order.index(size_row.id) < order.index(minimum.id):
            raised_from, raised_by, size_row = size_row, min_size[1], minimum

    max_population = max(profile.floor, int(size_row.values["max_population"]) + profile.max_population)
    production = int(type_row.values["production"])
    return Planet(
        type_row=type_row,
        size_row=size_row,
        properties=list(props),
        max_population=max_population,
        production=production,
        pp_per_worker=max(0, production + profile.pp),
        rp_per_scientist=max(0, production + profile.rp) + profile.rp_bonus,
        growth=profile.growth,
        type_roll=type_roll,
        size_roll=size_roll,
        type_fixed_by=type_fixed_by,
        size_raised_from=raised_from,
        size_raised_by=raised_by,
        forced=tuple(forced),
    )


def gains(table: Table, row: Row, stage: int) -> list[Gain]:
    out = []
    for name in row.values:
        if name in _NOT_GAINS:
            continue
        value = row.value(name, stage)
        if value is not None and value is not False:
            out.append(Gain(table, name, value))
    return out


def explore(roller: Roller, tables: OrionTables, stage: int = 1, near: Neighbourhood | None = None) -> Exploration:
    """Explore one hex: the whole chain of docs/rules-orion.md A4 with the dice from ``roller``."""
    _check_stage(stage)
    table = tables.exploration
    allowed = reason = None
    if near is not None:
        if near.planets >= tables.max_planets:
            allowed, reason = (lambda row: row.values.get("discovery") != "planet"), TOO_MANY_PLANETS
        elif near.planets + near.unexplored <= tables.min_planets:
            allowed, reason = (lambda row: row.values.get("discovery") == "planet"), TOO_FEW_PLANETS
    first = roller.roll(table, (), stage, "exploration", allowed, reason)
    row = first.row
    result = Exploration(stage, near, first, row.values.get("discovery", "empty"))
    _develop(
        roller,
        tables,
        result,
        list(row.values.get("properties", ())),
        str(row.values.get("event", "")),
        tables.next_tables(table, row.next),
    )
    return result


def special_planet(
    roller: Roller,
    tables: OrionTables,
    stage: int = 1,
    properties: Sequence[str] = (),
    event: str | None = "auto",
    type_id: str | None = None,
    size_id: str | None = None,
    near: Neighbourhood | None = None,
) -> Exploration:
    """A planet "made by special rules": the given properties, type or size forced, the
    rest rolled as exploration would.  ``event``: ``"negative"``/``"positive"`` rolls that
    event table; ``"auto"`` rolls the event that the exploration row with exactly these
    properties brings (a hostile planet: a negative event); ``None`` rolls none."""
    _check_stage(stage)
    props = list(dict.fromkeys(properties))
    for prop in props:
        tables.property_row(prop)
    for name, value, table in (("type", type_id, tables.world_type), ("size", size_id, tables.world_size)):
        if value is not None and value not in {r.id for r in table.rows}:
            known = ", ".join(r.id for r in table.rows)
            raise InputError(key="orion.unknown_world_" + name, value=value, known=known)
    kind, event_tables = "", []
    rows = tables.exploration.rows
    if event == "auto":
        match = [
            r
            for r in rows
            if r.values.get("discovery") == "planet"
            and sorted(r.values.get("properties", ())) == sorted(props)
            and r.values.get("event")
        ]
        if match:
            kind, event_tables = str(match[0].values["event"]), tables.next_tables(tables.exploration, match[0].next)
    elif event is not None:
        match = [r for r in rows if r.values.get("event") == event]
        if not match:
            kinds = sorted({str(r.values["event"]) for r in rows if r.values.get("event")})
            raise InputError(key="orion.unknown_event", event=event, known=kinds)
        kind, event_tables = event, tables.next_tables(tables.exploration, match[0].next)
    result = Exploration(stage, near, None, "planet")
    _develop(roller, tables, result, props, kind, event_tables, type_id, size_id)
    return result


def _check_stage(stage: int) -> None:
    if stage not in (1, 2, 3):
        raise InputError(key="orion.bad_stage", stage=stage)


def _develop(
    roller: Roller,
    tables: OrionTables,
    result: Exploration,
    properties: list[str],
    kind: str,
    event_tables: list[Table],
    type_id: str | None = None,
    size_id: str | None = None,
) -> None:
    """Everything after the exploration roll: events, monster, world type, size."""
    stage = result.stage
    type_fixed_by = min_size = None
    for event_table in event_tables:
        ev_roll = roller.roll(event_table, (), stage, "event")
        ev_row = ev_roll.row
        outcome = EventOutcome(kind or event_table.name, ev_roll)
        result.events.append(outcome)
        add = ev_row.values.get("add_property")
        if add is not None:
            if add in properties:
                outcome.ignored = True
                continue
            properties.append(add)
        monster = ev_row.value("monster", stage)
        shaping = ev_row
        if monster is not None:
            kinds = tables.next_tables(event_table, ev_row.next)
            if not kinds:
                raise TableError(key="orion.monster_next", table=event_table.id, row=ev_row.number)
            m_roll = roller.roll(kinds[0], (), stage, "monster")
            guards_table: Table | None = None
            guards: Row | None = None
            guarded: list[Gain] = []
            if "guards" in ev_row.values:
                guards_table, guards = tables.referenced_row(event_table, "guards", ev_row.values["guards"])
                shaping = guards
                guarded = gains(guards_table, guards, stage)
            result.monster = MonsterOutcome(m_roll, monster == "great", guards, guards_table, guarded)
        else:
            result.gains += gains(event_table, ev_row, stage)
        # What describes the planet applies at once, guarded or not: a lost colony is a
        # terran world, natives make it at least small.
        if "type" in shaping.values and type_id is None:
            type_id, type_fixed_by = shaping.values["type"], shaping
        if "min_size" in shaping.values and size_id is None:  # a forced size stands
            min_size = (shaping.values["min_size"], shaping)

    if result.discovery == "planet":
        result.planet = make_planet(roller, tables, properties, result.near, type_id, type_fixed_by, size_id, min_size)
