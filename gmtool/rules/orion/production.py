"""The production phase (docs/rules-orion.md A5–A7): every owned planet makes PP, RP or BC and grows.

Active planets (the homeworld always; a colony activated and since neither blockaded nor
captured, or with ``activation = per-turn`` activated this turn): workers make PP,
scientists RP; unspent PP become BC.  Inactive planets make 1 BC per colonist.  Growth
+1 (+2 favorable, 0 hostile), never above max, none under blockade; a blockaded planet
makes no RP.  The numbers live in tables/orion/production.toml and planet-properties.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmtool.campaign.hexes import Hex
from gmtool.errors import RuleRefused
from gmtool.rolltables.model import Table
from gmtool.rules.orion.building import complete_builds
from gmtool.rules.orion.common import ensure_not_over, owned
from gmtool.rules.orion.exploration import OrionTables
from gmtool.rules.orion.state import OrionCampaign, OrionPlayer, PlanetState, System


@dataclass(slots=True)
class PlanetOutput:
    hex: str
    owner: str
    active: bool
    workers: int
    scientists: int
    pp: int
    rp: int
    bc: int
    growth: int
    # what its buildings made, included in pp/rp/bc (A6: tables/orion/costs.toml `pp`, `rp`, `bc`,
    # per worker, scientist or colonist); only the kinds they made, empty when none
    buildings: dict[str, int] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "hex": self.hex,
            "owner": self.owner,
            "active": self.active,
            "workers": self.workers,
            "scientists": self.scientists,
            "pp": self.pp,
            "rp": self.rp,
            "bc": self.bc,
            "growth": self.growth,
        }
        if self.buildings:
            data["buildings"] = dict(self.buildings)
        return data


@dataclass(slots=True)
class Production:
    planets: list[PlanetOutput] = field(default_factory=list)
    totals: dict[str, dict[str, int]] = field(default_factory=dict)  # leader → bc, rp, orders
    builds: list[dict[str, Any]] = field(default_factory=list)

    def to_data(self) -> dict[str, Any]:
        return {"planets": [p.to_data() for p in self.planets], "totals": self.totals, "builds": self.builds}


def is_active(campaign: OrionCampaign, system: System) -> bool:
    """The homeworld always; a colony activated and since neither blockaded nor captured (A6,
    wave 3), or — with the campaign's ``activation = per-turn`` — activated this turn."""
    if system.homeworld_of is not None:
        return True
    planet = system.planet
    if planet is None or planet.active_turn is None:
        return False
    return planet.active_turn == campaign.turn if campaign.game.activation == "per-turn" else True


def blockade_deactivates(campaign: OrionCampaign, planet: PlanetState) -> bool:
    """A blockade deactivates a colony (A6, wave 3): it may be activated again under blockade,
    for the blockade's cost.  With ``activation = per-turn`` a blockade changes nothing here
    (the earlier reading).  True when the colony was active."""
    if campaign.game.activation == "per-turn" or planet.active_turn is None:
        return False
    planet.active_turn = None
    return True


def per_colonist(tables: OrionTables, planet: PlanetState) -> tuple[int, int]:
    """(PP per worker, RP per scientist) with every property and the floors at 0 (A5)."""
    profile = tables.profile(tuple(sorted(set(planet.properties))))
    return (max(0, planet.production + profile.pp), max(0, planet.production + profile.rp) + profile.rp_bonus)


def activation_cost(planet: PlanetState, rules: Table) -> int:
    if planet.blockaded:
        return int(rules.rule("activation_orders_blockaded"))
    return int(rules.rule("activation_orders_with_base" if planet.base else "activation_orders"))


def activate_colony(campaign: OrionCampaign, player: OrionPlayer, hex_: Hex, rules: Table) -> tuple[System, int]:
    """``player`` activates its colony at ``hex_`` (A6): (the system, the orders paid)."""
    ensure_not_over(campaign)
    system, _ = owned(campaign, player, hex_)
    return system, activate(campaign, system, rules)


def activate(campaign: OrionCampaign, system: System, rules: Table) -> int:
    if system.planet is None or system.owner is None:
        raise RuleRefused(key="orion.not_colony", hex=system.hex)
    if system.homeworld_of is not None:
        raise RuleRefused(key="orion.homeworld_active", hex=system.hex)
    if is_active(campaign, system):
        persistent = campaign.game.activation != "per-turn"
        raise RuleRefused(key="orion.already_active_kept" if persistent else "orion.already_active", hex=system.hex)
    player = campaign.player(system.owner)
    cost = activation_cost(system.planet, rules)
    if player.orders < cost:
        raise RuleRefused(key="orion.activation_cost", hex=system.hex, n=cost, leader=player.name, has=player.orders)
    player.orders -= cost
    system.planet.active_turn = campaign.turn
    return cost


def building_output(
    planet: PlanetState, costs: Table | None, workers: int, scientists: int, active: bool
) -> dict[str, int]:
    """What ``planet``'s buildings make this turn, by kind (``pp``, ``rp``, ``bc``), from their
    rows of the costs table (A6): a flat amount a turn, and per worker and per scientist on an
    active planet (an inactive one has none working), per colonist on any."""
    made = {"pp": 0, "rp": 0, "bc": 0}
    if costs is None:
        return {}
    for building in planet.buildings:
        row = costs.find(building)
        if row is None:
            continue
        v = row.values
        for kind in made:
            made[kind] += int(v.get(kind, 0) or 0)
        if active:
            made["pp"] += workers * int(v.get("pp_per_worker", 0) or 0)
            made["rp"] += scientists * int(v.get("rp_per_scientist", 0) or 0)
        made["bc"] += planet.population * int(v.get("bc_per_colonist", 0) or 0)
    return {k: n for k, n in made.items() if n}


def planet_rp(planet: PlanetState, active: bool, scientists: int, rp_each: int, made: dict[str, int]) -> int:
    """The RP a planet makes this turn (A6, A7): its scientists' when active, its buildings'
    always; none under blockade."""
    if planet.blockaded:
        return 0
    return (scientists * rp_each if active else 0) + made.get("rp", 0)


def expected_rp(campaign: OrionCampaign, tables: OrionTables, costs: Table | None, player: OrionPlayer) -> int:
    """The RP ``player``'s planets make at this turn's production as they work now (its
    colonists as assigned, its colonies as active, its blockades): what research ordered now
    may spend besides the RP banked (A13.1, wave 4). Changes nothing."""
    total = 0
    for system in campaign.game.systems:
        planet = system.planet
        if planet is None or system.owner != player.name or planet.population <= 0:
            continue
        active = is_active(campaign, system)
        scientists = min(planet.scientists, planet.population)
        _, rp_each = per_colonist(tables, planet)
        made = building_output(planet, costs, planet.population - scientists, scientists, active)
        total += planet_rp(planet, active, scientists, rp_each, made)
    return total


def produce(
    campaign: OrionCampaign,
    tables: OrionTables,
    rules: Table,
    costs: Table | None = None,
    modules: Table | None = None,
    no_pp_to_bc: frozenset[str] = frozenset(),
) -> Production:
    """Run the production phase on ``campaign`` (changes it) and say what each planet made;
    the leaders of ``no_pp_to_bc`` turn no PP into BC this turn (a bill, A9)."""
    out = Production()
    for player in campaign.players:
        out.totals[player.name] = {"bc": 0, "rp": 0, "orders": campaign.game.orders_per_turn}
    for system in campaign.game.systems:
        planet = system.planet
        if planet is None or system.owner is None or planet.population <= 0:
            continue
        active = is_active(campaign, system)
        scientists = min(planet.scientists, planet.population)
        workers = planet.population - scientists
        pp_each, rp_each = per_colonist(tables, planet)
        made = building_output(planet, costs, workers, scientists, active)
        if active:
            # its buildings' PP join the workers'; their BC, under blockade, become PP (A7)
            pp = workers * pp_each + made.get("pp", 0) + (made.get("bc", 0) if planet.blockaded else 0)
            rp = planet_rp(planet, active, scientists, rp_each, made)
            left = pp
            if costs is not None:
                left, built = complete_builds(campaign.player(system.owner), system, planet, pp, costs, modules)
                out.builds += built
            # under blockade the planet pays no taxes: its BC become PP at once (A7)
            bc = (
                0
                if planet.blockaded or system.owner in no_pp_to_bc
                else left * int(rules.rule("pp_to_bc")) + made.get("bc", 0)
            )
        else:
            # 1 BC per colonist, plus what its buildings make, their PP as BC at once (A6)
            rp = planet_rp(planet, active, scientists, rp_each, made)
            pp = 0
            bc = planet.population * int(rules.rule("inactive_bc_per_colonist")) + made.get("bc", 0)
            bc += made.get("pp", 0) * int(rules.rule("pp_to_bc"))
            if planet.blockaded:
                pp, bc = bc, 0
        growth = 0
        if not planet.blockaded:
            profile = tables.profile(tuple(sorted(set(planet.properties))))
            growth = max(0, min(profile.growth, planet.max_population - planet.population))
        planet.population += growth
        totals = out.totals.setdefault(system.owner, {"bc": 0, "rp": 0, "orders": 0})
        totals["bc"] += bc
        totals["rp"] += rp
        out.planets.append(
            PlanetOutput(str(system.hex), system.owner, active, workers, scientists, pp, rp, bc, growth, made)
        )
    for player in campaign.players:
        totals = out.totals[player.name]
        if player.scrap_refund:  # scrapped last turn: half the cost, in BC (A6)
            totals["bc"] += player.scrap_refund
            player.scrap_refund = 0
        for order in player.builds:  # only active planets build (an inactive one may only scrap)
            out.builds.append({**order, "leader": player.name, "built": False, "reason": "not active"})
        player.builds = []
        player.bc += totals["bc"]
        player.rp += totals["rp"]  # banked; the technology victory spends them (A12)
        player.orders += totals["orders"]
    return out
