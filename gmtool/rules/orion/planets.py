"""Record-keeping between turn ends: colonising, assigning colonists, the fleet size."""

from __future__ import annotations

from typing import Any

from gmtool.campaign.hexes import Hex
from gmtool.errors import RuleRefused
from gmtool.locale import Label
from gmtool.rolltables.model import Table
from gmtool.rules.orion.common import add_award, ensure_not_over, note, old_frame, owned  # noqa: F401  (owned: re-exported)
from gmtool.rules.orion.state import OrionCampaign, OrionPlayer, PlanetState, System


def _discovery(tables: Any, discovery: str | None) -> Label | str:
    """What exploration found (``empty``, ``asteroids``), by its label when the tables are known."""
    row = tables.exploration.where("discovery", discovery) if tables is not None else None
    return Label(row.label) if row is not None else str(discovery)


def _world_type(tables: Any, type_id: str) -> Label | str:
    row = tables.world_type.find(type_id) if tables is not None else None
    return Label(row.label) if row is not None else type_id


def colonisable_by(player: OrionPlayer, planet_type: str, tables: Any, technologies: Table | None) -> bool:
    """Terran, ocean and steppe are colonisable; another type only with a technology of the
    campaign's tables that allows it (A6 decision)."""
    if tables is None or tables.colonisable(planet_type):
        return True
    if technologies is None:
        return False
    known = {r.id: r for r in technologies.rows}
    return any(planet_type in (known[t].values.get("colonise") or []) for t in player.technologies if t in known)


def orion_planet(tables: Any) -> PlanetState:
    """Orion, the legendary planet, as the guardian sheet's ``orion_type`` and ``orion_size``
    make it (tables/orion/guardian.toml; the seed gives it no numbers): the world type's
    production and the size's max population, no properties."""
    sheet = tables.library.get("guardian", "orion")
    world_type = tables.world_type.row(str(sheet.rule("orion_type")))
    world_size = tables.world_size.row(str(sheet.rule("orion_size")))
    return PlanetState(
        type=world_type.id,
        size=world_size.id,
        max_population=int(world_size.values["max_population"]),
        production=int(world_type.values["production"]),
    )


def _artifact_level(tables: Any) -> int:
    """The science level an artifact world gives its coloniser: the positive event's
    ``science_level`` (tables/orion/positive-events.toml; 3 in the seed)."""
    row = tables.library.find_row("positive-events", "orion", "artifact_world") if tables is not None else None
    return int(row.values["science_level"]) if row is not None and "science_level" in row.values else 3


def colonize(
    campaign: OrionCampaign,
    player: OrionPlayer,
    hex_: Hex,
    tables: Any = None,
    technologies: Table | None = None,
    override: str | None = None,
    source: Any = None,
) -> System:
    """Found a colony with a colony ship. ``tables`` (OrionTables) checks the world type;
    ``override`` is the moderator's written reason to allow another type (public). On an
    artifact world the dice ``source`` rolls the coloniser's technology (A4.3)."""
    ensure_not_over(campaign)
    system = campaign.game.system(hex_)
    if system is None or system.explored_by is None:
        raise RuleRefused(key="orion.not_explored", hex=hex_, **old_frame(campaign, player, hex_, "explored"))
    if system.planet is None and system.discovery != "orion":
        raise RuleRefused(key="orion.no_planet", hex=hex_, discovery=_discovery(tables, system.discovery))
    if system.owner is not None:
        raise RuleRefused(key="orion.already_owned", hex=hex_, owner=system.owner)
    if system.monster is not None:
        raise RuleRefused(key="orion.monster_guards", hex=hex_)
    if system.guardian:
        raise RuleRefused(key="orion.guardian_guards", hex=hex_)
    if player.colony_ships < 1:
        raise RuleRefused(key="orion.no_colony_ship", leader=player.name)
    if campaign.stage == 1 and hex_.distance(player.home()) > 1:
        raise RuleRefused(key="orion.stage1_reach")
    if override is not None and not override.strip():
        raise RuleRefused(key="orion.override_reason")
    planet = system.planet
    refused_type = None  # a world type the leader cannot colonise (Orion has none)
    if planet is not None and not colonisable_by(player, planet.type, tables, technologies):
        refused_type = planet.type
    if refused_type is not None and override is None:
        allowed = [Label(r.label) for r in tables.world_type.rows if r.values.get("colonisable")] if tables else []
        raise RuleRefused(
            key="orion.not_colonisable", hex=hex_, type=_world_type(tables, refused_type), allowed=allowed
        )
    player.colony_ships -= 1
    system.owner = player.name
    if planet is None and tables is not None:  # Orion gets its planet record when colonised
        planet = system.planet = orion_planet(tables)
    if planet is not None:
        planet.population = max(planet.population, 1)  # the colony ship's colonist (A6)
    note(
        campaign,
        "colonised",
        player.name,
        public=campaign.stage > 1,
        hex=str(hex_),
        type=planet.type if planet else "orion",
        override=override if refused_type is not None else None,
        orion=True if hex_ == campaign.game.orion else None,
    )
    if refused_type is not None:  # the moderator's reason is public (A6 decision)
        note(campaign, "colonise_override", player.name, public=True, hex=str(hex_), type=refused_type, reason=override)
    if "artifact_world" in system.events:
        # the artifact world's science goes to the coloniser, now (A4.3 decision)
        system.events.remove("artifact_world")
        system.events.append("artifact_world_claimed")
        level = _artifact_level(tables)
        picks: list[str] = []
        if source is not None and technologies is not None:
            from gmtool.rules.orion.research import award, roll_level

            picks = roll_level(player, technologies, source, level, "artifact world: technology")
            if picks:
                award(campaign, player, technologies, picks, "artifact_world", str(hex_))
        if not picks:  # no dice, or nothing left of that level: the moderator hands it out
            add_award(campaign, player, "science_level", level, str(hex_), "artifact_world")
    return system


def assign(
    campaign: OrionCampaign, player: OrionPlayer, hex_: Hex, workers: int | None, scientists: int | None
) -> tuple[System, PlanetState]:
    ensure_not_over(campaign)
    system, planet = owned(campaign, player, hex_)
    pop = planet.population
    if scientists is None:
        scientists = max(0, pop - workers) if workers is not None else 0
    if workers is None:
        workers = pop - scientists
    if workers < 0 or scientists < 0 or workers + scientists > pop:
        raise RuleRefused(key="orion.assign_too_many", hex=hex_, n=pop, workers=workers, scientists=scientists)
    planet.scientists = scientists  # unassigned colonists work (A6 decision)
    return system, planet


def change_fleet(
    campaign: OrionCampaign, player: OrionPlayer, delta: int, rules: Table, bills: Table | None = None
) -> int:
    """Once a turn, ±1: raising costs an order (not above max), lowering gives one (A8);
    raising is refused while a law forbids it (A9, the bills table's ``no_fleet_raise``)."""
    from gmtool.rules.orion.laws import refuse_if_forbidden

    ensure_not_over(campaign)
    if delta not in (1, -1):
        raise RuleRefused(key="orion.fleet_step")
    if delta > 0:
        refuse_if_forbidden(campaign, bills, "no_fleet_raise", player.name)
    if player.fleet_changed_turn == campaign.turn:
        raise RuleRefused(key="orion.fleet_changed", leader=player.name)
    cost = int(rules.rule("fleet_change_orders"))
    if delta > 0:
        if player.fleet_size >= player.fleet_max:
            raise RuleRefused(key="orion.fleet_max", leader=player.name, max=player.fleet_max)
        if player.orders < cost:
            raise RuleRefused(key="orion.fleet_cost", n=cost, leader=player.name, has=player.orders)
        player.orders -= cost
    else:
        if player.fleet_size <= 0:
            raise RuleRefused(key="orion.fleet_zero", leader=player.name)
        player.orders += cost
    player.fleet_size += delta
    player.fleet_changed_turn = campaign.turn
    return player.fleet_size
