"""Fitting out warships (docs/rules-orion.md A8a): the modules a frigate, cruiser, dreadnought or
titan is built with, refitting one at a planet the leader controls, and the ship a derelict
(A4.3) brings fitted.

Every number is data: a class's slots are its ``size`` in tables/orion/costs.toml, a module's
slots, limit, technology and exclusions are its row of tables/orion/modules.toml; a leader's
level in a line of technologies comes from gmtool/rules/orion/technology.py.  Pure: no dice,
no files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmtool.campaign.hexes import Hex
from gmtool.errors import InputError, RuleRefused
from gmtool.locale import Label
from gmtool.rolltables.model import Row, Table
from gmtool.rules.orion.common import Logged, ensure_not_over, note, owned
from gmtool.rules.orion.fleet import fitted_of, ship_name
from gmtool.rules.orion.state import OrionCampaign, OrionPlayer, ShipCounts
from gmtool.rules.orion.technology import tech_level

MODULES = "modules"  # the table's name (tables/orion/modules.toml)
SIZE_MAX = "size"  # a module's ``max``: as many as the ship's size (guns)


def is_warship(row: Row) -> bool:
    """A class fitted with modules: a combat ship of the costs table with a ``size``."""
    return row.values.get("kind") == "ship" and isinstance(row.values.get("size"), int)


def size_of(row: Row) -> int:
    size = row.values.get("size")
    return size if isinstance(size, int) and not isinstance(size, bool) else 0


def module_named(modules: Table, name: str) -> str:
    """A module a user names (id, label, short label or alias, any language)."""
    row = modules.named(name.strip())
    if row is None:
        raise InputError(
            key="orion.unknown_module", name=" ".join(name.split()), known=[Label(r.label) for r in modules.rows]
        )
    return str(row.id)


def read_modules(modules: Table, given: str | list[str]) -> list[str]:
    """``"gun,gun,ars"`` (or a list of names) → module ids in the order given."""
    names = given.split(",") if isinstance(given, str) else list(given)
    return [module_named(modules, n) for n in names if n.strip()]


def _mod(modules: Table, module: str) -> Label:
    row = modules.find(module)
    return Label(row.label) if row is not None else Label({"en": module, "ru": module})


def module_cost(modules: Table, fitted: list[str]) -> int:
    return sum(int(modules.row(m).values.get("cost", 0) or 0) for m in fitted)


def check_fitting(
    player: OrionPlayer, ship: Row, fitted: list[str], modules: Table, technologies: Table | None, costs: Table
) -> None:
    """Refuse a fitting the rules do not allow (A8a), naming the rule; modules are ids."""
    ship_label = ship_name(ship.id, costs)
    if not is_warship(ship):
        raise RuleRefused(key="orion.fit_not_warship", ship=ship_label)
    size = size_of(ship)
    rows = {m: modules.row(m) for m in fitted}  # each module once, in the order given
    for module, row in rows.items():
        n = fitted.count(module)
        limit = size if row.values.get("max") == SIZE_MAX else 1
        if n > limit:
            if limit == 1:
                raise RuleRefused(key="orion.fit_once", module=Label(row.label), n=n)
            raise RuleRefused(key="orion.fit_too_many", module=Label(row.label), n=n, ship=ship_label, size=size)
    used = sum(int(rows[m].values.get("slots", 1)) for m in fitted)
    if used > size:
        raise RuleRefused(key="orion.fit_slots", ship=ship_label, size=size, used=used)
    for row in rows.values():
        for other in row.values.get("excludes") or []:
            if other in rows:
                raise RuleRefused(key="orion.fit_excludes", module=Label(row.label), other=_mod(modules, str(other)))
    for row in rows.values():
        line = row.values.get("technology")
        if not line:
            continue
        need = int(row.values.get("level", 1))
        has = tech_level(player.technologies, technologies, str(line))
        if has < need:
            raise RuleRefused(
                key="orion.fit_technology",
                module=Label(row.label),
                technology=_line_label(modules, str(line)),
                level=need,
                leader=player.name,
                has=has,
            )


def _line_label(modules: Table, line: str) -> Label:
    """A line of technologies as the modules table's ``[labels.values]`` names it."""
    found = modules.value_labels.get(line)
    return Label(found) if found else Label({"en": line.replace("_", " ")})


def derelict_modules(ship: Row, modules: Table) -> list[str]:
    """What a derelict ship (A4.3) carries: the modules the table's rules name, and its fill
    module in every other slot (the repair system and size − 1 guns)."""
    given = [str(m) for m in modules.rules.get("derelict_modules", [])]
    fill = modules.rules.get("derelict_fill")
    used = sum(int(modules.row(m).values.get("slots", 1)) for m in given)
    per = int(modules.row(fill).values.get("slots", 1)) if fill else 1
    return given + ([str(fill)] * max(0, (size_of(ship) - used) // per) if fill else [])


@dataclass(slots=True)
class ShipRefitted(Logged):
    """A warship refitted at a planet its leader controls (A8a): the log entry it wrote."""

    leader: str
    ship: str
    number: int
    modules: list[str]
    cost: int


def pick_ship(player: OrionPlayer, ship: str, number: int | None, costs: Table) -> int:
    """The index (from 0) of the leader's ``ship`` numbered ``number`` (from 1; may be left
    out when it has one of that class)."""
    count = player.ships.get(ship, 0)
    if count == 0:
        raise RuleRefused(key="orion.leader_has_no", leader=player.name, item=ship_name(ship, costs))
    if number is None:
        if count > 1:
            raise RuleRefused(key="orion.refit_which", leader=player.name, ship=ship_name(ship, costs), n=count)
        return 0
    if not 1 <= number <= count:
        raise RuleRefused(key="orion.refit_which", leader=player.name, ship=ship_name(ship, costs), n=count)
    return number - 1


def refit(
    campaign: OrionCampaign,
    player: OrionPlayer,
    ship: str,
    number: int | None,
    hex_: Hex,
    fitted: list[str],
    costs: Table,
    modules: Table,
    technologies: Table | None,
) -> ShipRefitted:
    """Change the modules of one of ``player``'s warships, in orbit of its planet at ``hex_``
    (a class that needs a base to be built needs it there too); it pays the rise in module
    cost in BC (A8a decision) and takes effect at once."""
    ensure_not_over(campaign)
    row = costs.row(ship)
    index = pick_ship(player, ship, number, costs)
    _, planet = owned(campaign, player, hex_)
    needs = row.values.get("needs_base")
    if needs and planet.base not in needs:
        raise RuleRefused(
            key="orion.refit_needs_base",
            ship=ship_name(ship, costs),
            hex=hex_,
            bases=[Label(costs.row(b).label) for b in needs],
        )
    check_fitting(player, row, fitted, modules, technologies, costs)
    if not isinstance(player.ships, ShipCounts):
        player.ships = ShipCounts(player.ships)
    old = fitted_of(player, ship)
    before = list(old[index]) if index < len(old) else []
    cost = max(0, module_cost(modules, fitted) - module_cost(modules, before))
    if cost > player.bc:
        raise RuleRefused(key="orion.refit_cost", leader=player.name, n=cost, has=player.bc)
    player.bc -= cost
    lists = [list(m) for m in old] + [[] for _ in range(index + 1 - len(old))]
    lists[index] = list(fitted)
    player.ships.fitted[ship] = lists
    entry = note(
        campaign,
        "ship_refitted",
        player.name,
        hex=str(hex_),
        ship=ship,
        number=index + 1,
        modules=list(fitted),
        before=before,
        cost=cost or None,
    )
    return ShipRefitted(player.name, ship, index + 1, list(fitted), cost, entry=entry)


def improved_modules(player: OrionPlayer, new_tech: list[str], technologies: Table | None, modules: Table) -> list[str]:
    """The fitted modules a leader's newly researched ``new_tech`` improves (A8a: "upgrading is
    automatic in the turn the technology is researched"): a module whose line the new
    technologies raise above the level the leader held before."""
    if technologies is None:
        return []
    before = [t for t in player.technologies if t not in new_tech]
    after = list(dict.fromkeys(before + list(new_tech)))
    fitted = {m for ship in player.ships for fit in fitted_of(player, ship) for m in fit}
    out = []
    for module in sorted(fitted):
        row = modules.find(module)
        line = row.values.get("technology") if row is not None else None
        if line and tech_level(after, technologies, str(line)) > tech_level(before, technologies, str(line)):
            out.append(module)
    return out


def blockading_modules(modules: Table) -> set[str]:
    """The modules that let a fleet blockade (A7: bombs)."""
    return {r.id for r in modules.rows if r.values.get("blockades")}


def can_blockade(player: OrionPlayer, modules: Table) -> bool:
    """Whether one of the leader's warships carries a module that blockades (A7)."""
    bombs = blockading_modules(modules)
    return any(m in bombs for ship in player.ships for fit in fitted_of(player, ship) for m in fit)


def cannot_blockade(player: OrionPlayer, modules: Table) -> bool:
    """What gmtool knows of a blockade (A7; it knows neither where fleets are nor who is at
    war): a leader whose every warship is recorded with its modules, none of them bombs,
    cannot blockade.  A leader with a warship whose modules are not recorded (or with none
    recorded at all: the moderator's record may know better) is not refused."""
    ships = [m for ship in player.ships for m in _all_fitted(player, ship)]
    return bool(ships) and all(m is not None for m in ships) and not can_blockade(player, modules)


def _all_fitted(player: OrionPlayer, ship: str) -> list[list[str] | None]:
    fitted = fitted_of(player, ship)
    return [fitted[i] if i < len(fitted) else None for i in range(player.ships[ship])]


def data_of(player: OrionPlayer) -> list[dict[str, Any]]:
    """The leader's warships as JSON: class, number, modules."""
    from gmtool.rules.orion.fleet import warships

    return [{"class": c, "number": n, "modules": m} for c, n, m in warships(player)]
