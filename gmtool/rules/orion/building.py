"""Build orders and scrapping (docs/rules-orion.md A6, A8): ships, orbital bases and buildings cost PP
(tables/orion/costs.toml), paid in the production phase from the planet's PP and then the
leader's BC; scrapping refunds half the cost, rounded up; the fleet upkeep limit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmtool.campaign.hexes import Hex
from gmtool.errors import InputError, RuleRefused
from gmtool.locale import Label
from gmtool.rolltables.model import Row, Table
from gmtool.rules.orion.common import ensure_not_over, owned
from gmtool.rules.orion.fleet import add_ship, has_ship, remove_ship
from gmtool.rules.orion.state import BuildEntry, OrionCampaign, OrionPlayer, PlanetState, System


def _item(costs: Table, item: str) -> Row:
    try:
        return costs.row(item)
    except Exception:
        raise InputError(key="orion.unknown_item", item=item, known=[r.id for r in costs.rows]) from None


def _label(costs: Table, item: str) -> Label | str:
    """An item's label in the reader's language (its id if the table lacks it)."""
    row = costs.find(item)
    return Label(row.label) if row is not None else item


def upkeep_limit(campaign: OrionCampaign, player: OrionPlayer, costs: Table) -> int:
    """Combat ships a leader can keep: 1 per controlled planet plus the bases' fleet supply."""
    planets = [s.planet for s in campaign.game.systems if s.owner == player.name and s.planet is not None]
    supply = sum(int(costs.row(p.base).values.get("fleet_supply", 0)) for p in planets if p.base)
    return len(planets) * int(costs.rule("upkeep_ships_per_planet")) + supply


def combat_ships(player: OrionPlayer, queued: bool = True, costs: Table | None = None) -> int:
    count = sum(player.ships.values())
    if queued and costs is not None:
        count += sum(1 for b in player.builds if costs.row(b["item"]).values.get("kind") == "ship")
    return count


@dataclass(slots=True)
class BuildOrdered:
    """An item put in a leader's build queue at a planet (A6), and what it will cost in PP."""

    item: str
    hex: str
    cost: int
    modules: list[str] | None = None  # a warship's modules (A8a)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"item": self.item, "hex": self.hex, "cost": self.cost}
        if self.modules is not None:
            data["modules"] = list(self.modules)
        return data


def item_cost(row: Row, modules: list[str] | None, modules_table: Table | None) -> int:
    """What an item costs in PP: its row's cost, and a warship's modules' (A8a, example 0)."""
    from gmtool.rules.orion.fitting import module_cost

    extra = module_cost(modules_table, modules) if modules and modules_table is not None else 0
    return int(row.values["cost"]) + extra


def order_build(
    campaign: OrionCampaign,
    player: OrionPlayer,
    hex_: Hex,
    item: str,
    costs: Table,
    modules: list[str] | None = None,
    modules_table: Table | None = None,
    technologies: Table | None = None,
) -> BuildOrdered:
    """Put ``item`` in ``player``'s build queue at its planet ``hex_``; a warship with its
    ``modules`` (ids of the modules table, checked against A8a)."""
    ensure_not_over(campaign)
    _, planet = owned(campaign, player, hex_)
    row = _item(costs, item)
    kind = row.values.get("kind")
    if planet.blockaded and kind != "building":  # a blockade stops ships and bases, not buildings (A7)
        raise RuleRefused(key="orion.build_blockade", hex=hex_)
    if modules is not None:
        from gmtool.rules.orion.fitting import check_fitting

        if modules_table is None:
            raise RuleRefused(key="orion.fit_not_warship", ship=Label(row.label))
        check_fitting(player, row, modules, modules_table, technologies, costs)
    needs = row.values.get("needs_base")
    if needs and planet.base not in needs:
        raise RuleRefused(
            key="orion.needs_base", item=Label(row.label), hex=hex_, bases=[_label(costs, b) for b in needs]
        )
    queued_here = [b for b in player.builds if b["hex"] == str(hex_)]
    if kind == "base" and any(costs.row(b["item"]).values.get("kind") == "base" for b in queued_here):
        raise RuleRefused(key="orion.base_ordered", hex=hex_)
    if kind == "base" and planet.base == row.id:
        raise RuleRefused(key="orion.already_has", hex=hex_, item=Label(row.label))
    if kind == "building" and (row.id in planet.buildings or any(b["item"] == row.id for b in queued_here)):
        raise RuleRefused(key="orion.already_has", hex=hex_, item=Label(row.label))
    if kind == "ship" and combat_ships(player, True, costs) + 1 > upkeep_limit(campaign, player, costs):
        raise RuleRefused(
            key="orion.upkeep",
            leader=player.name,
            n=upkeep_limit(campaign, player, costs),
            has=combat_ships(player, True, costs),
        )
    order: BuildEntry = {"item": row.id, "hex": str(hex_)}
    if modules is not None:
        order["modules"] = list(modules)
    player.builds.append(order)
    return BuildOrdered(row.id, str(hex_), item_cost(row, modules, modules_table), modules)


def refund(cost: int, costs: Table) -> int:
    d = int(costs.rule("scrap_refund_divisor"))
    return -(-cost // d)


def scrap(campaign: OrionCampaign, player: OrionPlayer, item: str, costs: Table, hex_: Hex | None = None) -> int:
    """Scrap a ship, base or building now; half its cost, rounded up, comes in BC at the
    next production phase."""
    ensure_not_over(campaign)
    row = _item(costs, item)
    kind = row.values.get("kind")
    if kind in ("base", "building"):
        if hex_ is None:
            raise InputError(key="orion.scrap_needs_hex", item=Label(row.label))
        _, planet = owned(campaign, player, hex_)
        if kind == "base":
            if planet.base != row.id:
                raise RuleRefused(key="orion.hex_has_no", hex=hex_, item=Label(row.label))
            planet.base = None
        else:
            if row.id not in planet.buildings:
                raise RuleRefused(key="orion.hex_has_no", hex=hex_, item=Label(row.label))
            planet.buildings.remove(row.id)
    else:  # a ship, support or combat
        if not has_ship(player, row.id):
            raise RuleRefused(key="orion.leader_has_no", leader=player.name, item=Label(row.label))
        remove_ship(player, row.id)
    amount = refund(int(row.values["cost"]), costs)
    player.scrap_refund += amount
    return amount


def complete_builds(
    player: OrionPlayer,
    system: System,
    planet: PlanetState,
    pp: int,
    costs: Table,
    modules_table: Table | None = None,
) -> tuple[int, list[dict[str, Any]]]:
    """Pay the build orders at ``player``'s ``planet`` from its PP, then from the player's BC
    (under blockade no ship or base is built, and a building is paid from the planet's PP
    only: no outside BC become PP there, A7); returns the PP left and what was (or could
    not be) built."""
    results = []
    for order in [b for b in player.builds if b["hex"] == str(system.hex)]:
        player.builds.remove(order)
        row = costs.row(order["item"])
        cost = item_cost(row, order.get("modules"), modules_table)
        kind = row.values.get("kind")
        # rebuilding a base: half the old base's cost counts toward the new one (A6 decision)
        credit = refund(int(costs.row(planet.base).values["cost"]), costs) if kind == "base" and planet.base else 0
        due = cost - credit
        from_pp = min(pp, due)
        from_bc = due - from_pp
        stopped = planet.blockaded and (kind != "building" or from_bc > 0)
        if stopped or from_bc > player.bc:
            reason = "blockade" if stopped else "not enough PP and BC"
            # what it had (the planet's PP left, the leader's BC then) and what is missing, in BC
            short = {} if stopped else {"short": from_bc - player.bc, "had": {"pp": from_pp, "bc": player.bc}}
            results.append({**order, "leader": player.name, "built": False, "cost": cost, "reason": reason, **short})
            continue
        pp -= from_pp
        player.bc -= from_bc
        if kind == "base":
            planet.base = row.id
        elif kind == "building":
            planet.buildings = sorted(set(planet.buildings) | {row.id})
        else:  # a ship, support or combat; a warship with its modules (A8a)
            add_ship(player, row.id, modules=order.get("modules"))
        results.append(
            {
                **order,
                "leader": player.name,
                "built": True,
                "cost": cost,
                "from_pp": from_pp,
                "from_bc": from_bc,
                **({"credit": credit} if credit else {}),
            }
        )
    return pp, results
