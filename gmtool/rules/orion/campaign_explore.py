"""Exploration inside a campaign: where a leader may explore, the neighbourhood read off
the real map, and the result written into the state (docs/rules-orion.md A2, A4, A4.5)."""

from __future__ import annotations

from typing import Any

from gmtool.campaign.hexes import Hex
from gmtool.errors import CampaignError, RuleRefused
from gmtool.rolltables.roller import Roller
from gmtool.rules.orion.common import add_award, note, old_frame
from gmtool.rules.orion.exploration import Exploration, Gain, OrionTables, explore
from gmtool.rules.orion.fleet import add_ship, has_ship, mark_moved, moved, remove_ship, ship_count, ship_name
from gmtool.rules.orion.neighbourhood import Neighbourhood
from gmtool.rules.orion.reach import in_reach
from gmtool.rules.orion.state import Monster, OrionCampaign, OrionPlayer, PlanetState, System


def check_explorable(campaign: OrionCampaign, player: OrionPlayer, hex_: Hex, leaders_words: bool = False) -> None:
    """Refuse a hex off the map, already explored, or out of reach (gmtool/rules/orion/reach.py).

    With ``leaders_words`` the refusal is the leader's to read (a forum reply), so every hex
    in it is written in the leader's frame: before turn 7 relative to its own homeworld,
    never in the coordinates that would tell where Orion lies (closed rooms).  Otherwise
    it is the moderator's, in the moderator's coordinates (what was typed)."""
    from gmtool.rules.orion.frames import hex_writer

    write = hex_writer(campaign, player.name) if leaders_words else str
    # Reach first: in stage 1 a leader must learn nothing of hexes it cannot reach
    # (closed rooms), not even that someone else explored them.
    if player.homeworld is None:  # only a venus merchant has none (OrionPlayer.home)
        raise CampaignError(key="campaign.no_homeworld", name=player.name)
    if campaign.stage == 1 and hex_.distance(player.homeworld) > 1:
        raise RuleRefused(
            key="orion.stage1_reach_from",
            hex=write(str(hex_)),
            n=hex_.distance(player.homeworld),
            leader=player.name,
            home=write(str(player.homeworld)),
        )
    if not campaign.game.on_map(hex_):
        if write is not str and campaign.stage == 1:  # the galaxy's size and centre are not the leader's
            raise RuleRefused(key="orion.off_map_closed", hex=write(str(hex_)))
        raise RuleRefused(key="orion.off_map", hex=hex_, radius=campaign.game.radius, centre=campaign.game.orion)
    system = campaign.game.system(hex_)
    if system is not None and system.explored_by is not None:
        raise RuleRefused(
            key="orion.already_explored",
            hex=write(str(hex_)),
            leader=system.explored_by,
            turn=system.explored_turn,
            **old_frame(campaign, player, hex_, "reach"),
        )
    if not in_reach(campaign, player, hex_):  # stage 2+: behind unexplored space (A4)
        raise RuleRefused(
            key="reach.behind_unexplored",
            hex=write(str(hex_)),
            leader=player.name,
            **old_frame(campaign, player, hex_, "reach"),
        )


def neighbourhood_of(campaign: OrionCampaign, hex_: Hex, tables: OrionTables) -> Neighbourhood | None:
    """The facts of the homeworld next to ``hex_`` (at most one: homeworlds are ≥ 3 apart)."""
    for player in campaign.players:
        home = player.home()
        if home.distance(hex_) != 1:
            continue
        planets = terran = colonisable = unexplored = 0
        for n in home.neighbours():
            system = campaign.game.system(n)
            if system is None or system.explored_by is None:
                unexplored += campaign.game.on_map(n)
                continue
            if system.discovery == "planet" and system.planet is not None:
                planets += 1
                terran += system.planet.type == tables.terran_type
                colonisable += tables.colonisable(system.planet.type)
        return Neighbourhood(planets=planets, terran=terran, colonisable=colonisable, unexplored=unexplored)
    return None


def explore_hex(
    campaign: OrionCampaign,
    tables: OrionTables,
    player: OrionPlayer,
    hex_: Hex,
    roller: Roller,
    ship: str = "scout",
    leaders_words: bool = False,
) -> Exploration:
    """A leader explores a hex of the campaign: reach checked, the neighbourhood read off
    the map, the chain rolled, the result written into the state. Orion is not explored
    this way (no roll: :func:`explore_orion`)."""
    check_explorable(campaign, player, hex_, leaders_words)
    if hex_ == campaign.game.orion:
        raise RuleRefused(key="orion.orion_no_dice")
    check_ship(player, ship, campaign.turn, _costs(tables.library))
    result = explore(roller, tables, campaign.stage, neighbourhood_of(campaign, hex_, tables))
    source, techs = getattr(roller, "source", None), _costs(tables.library, "technologies")
    changes = apply_exploration(campaign, player, hex_, result, ship, source, techs, library=tables.library)
    if not any(g.name == "ship_lost" for g in result.gains):
        mark_moved(player, ship, campaign.turn)  # its move ended there (A4)
    note(campaign, "explored", player.name, hex=str(hex_), ship=ship, result=_brief(result), changes=changes)
    return result


def _brief(result: Exploration) -> dict[str, Any]:
    data = result.to_data()
    return {k: data[k] for k in ("discovery", "planet", "events", "monster") if data.get(k) is not None}


def _found_fitted(library: Any, ship: str) -> list[str] | None:
    """The modules a ship found in orbit comes with (A4.3 derelict: the repair system and guns
    in every other slot, tables/orion/modules.toml), None if the tables do not fit it."""
    from gmtool.errors import TableError
    from gmtool.rules.orion.fitting import derelict_modules, is_warship

    costs = _costs(library)
    row = costs.find(ship) if costs is not None else None
    if row is None or not is_warship(row):
        return None
    try:
        return derelict_modules(row, library.get("modules", "orion"))
    except TableError:
        return None


def _costs(library: Any, name: str = "costs") -> Any:
    """The costs table (ship classes and their labels), or the table ``name``, if the
    library has one."""
    from gmtool.errors import TableError

    try:
        return library.get(name, "orion") if library is not None else None
    except TableError:
        return None


def check_ship(player: OrionPlayer, ship: str, turn: int, costs: Any = None) -> None:
    """A hex is explored by a ship that moves in: the leader must have one (A4 decision)
    that has not explored a hex this turn already (its move ended there, A4)."""
    if not has_ship(player, ship):
        raise RuleRefused(key="orion.no_ship_to_move", leader=player.name, ship=ship_name(ship, costs))
    n = ship_count(player, ship)
    if moved(player, ship, turn) >= n:
        if player.orion_ship == ship and player.orion_turn == turn:  # its request to explore Orion holds one
            raise RuleRefused(key="reach.ships_held_for_orion", leader=player.name, ship=ship_name(ship, costs))
        raise RuleRefused(key="reach.ships_moved", n=n, leader=player.name, ship=ship_name(ship, costs))


def hold_for_orion(campaign: OrionCampaign, player: OrionPlayer, ship: str, library: Any = None) -> bool:
    """A leader's request to explore Orion (``!explore`` of its hex: the moderator resolves it,
    A4.6) holds the ship it names for this turn: it explores nothing else (refused as a ship
    that moved) until the moderator's exploration of Orion uses it. Checked as an exploration
    is; False when the leader's request of this turn holds one already (the same request)."""
    check_explorable(campaign, player, campaign.game.orion, leaders_words=True)
    if player.orion_ship is not None and player.orion_turn == campaign.turn:
        return False
    check_ship(player, ship, campaign.turn, _costs(library))
    mark_moved(player, ship, campaign.turn)
    player.orion_ship, player.orion_turn = ship, campaign.turn
    return True


def explore_orion(campaign: OrionCampaign, player: OrionPlayer, ship: str = "scout", library: Any = None) -> System:
    """Orion is no ordinary system: no dice, the Guardian of Orion waits there (A4.6). The ship
    the leader's request of this turn holds (:func:`hold_for_orion`) is the one that moves."""
    check_explorable(campaign, player, campaign.game.orion)
    held = player.orion_ship == ship and player.orion_turn == campaign.turn
    player.orion_ship = player.orion_turn = None
    if not held:
        check_ship(player, ship, campaign.turn, _costs(library))
    system = campaign.game.system(campaign.game.orion)
    if system is None:
        system = System(hex=campaign.game.orion, discovery="orion", name="Orion", guardian=True)
        campaign.game.systems.append(system)
    system.explored_by = player.name
    system.explored_turn = campaign.turn
    if not held:
        mark_moved(player, ship, campaign.turn)
    note(campaign, "explored_orion", player.name, public=campaign.stage > 1, hex=str(system.hex), ship=ship)
    return system


def apply_exploration(
    campaign: OrionCampaign,
    player: OrionPlayer,
    hex_: Hex,
    result: Exploration,
    ship: str = "scout",
    source: Any = None,
    technologies: Any = None,
    library: Any = None,
) -> list[dict[str, Any]]:
    """Write ``result`` into the campaign; returns what changed for the report. With the dice
    ``source`` and the ``technologies`` table, technologies it gives are rolled (A4 step 6),
    their dice kept in ``result.technology_dice``, the rest of its trail."""
    changes: list[dict[str, Any]] = []
    system = campaign.game.system(hex_)
    if system is None:
        system = System(hex=hex_, discovery=result.discovery)
        campaign.game.systems.append(system)
    system.discovery = result.discovery
    system.explored_by = player.name
    system.explored_turn = campaign.turn
    system.events = [e.id for e in result.events if not e.ignored]
    if result.planet is not None:
        p = result.planet
        system.planet = PlanetState(
            type=p.type,
            size=p.size,
            properties=list(p.properties),
            max_population=p.max_population,
            production=p.production,
        )
    if result.monster is not None:
        m = result.monster
        system.monster = Monster(kind=m.roll.row.id, great=m.great, guards=m.guards.id if m.guards else None)
    orders_before = player.orders  # contamination: an order, or a colonist if there was none
    result.taken = []
    for gain in result.gains:
        got = apply_gain(
            campaign,
            player,
            system,
            gain.name,
            gain.value,
            ship,
            orders_before,
            source,
            technologies,
            library,
            result.technology_dice,
        )
        changes += got
        result.taken += _taken(gain, got)
    return changes


def _taken(gain: Gain, got: list[dict[str, Any]]) -> list[Gain]:
    """What a negative event's loss took, as applied (the report says which happened, A4.2):
    the orders, the homeworld's colonists (no orders were left), the exploring ship."""
    for change in got:
        if gain.name == "lose_orders" and "orders" in change:
            return [Gain(gain.table, gain.name, -int(change["orders"]))]
        if gain.name == "lose_colonists_if_no_orders" and "homeworld_colonists" in change:
            return [Gain(gain.table, gain.name, -int(change["homeworld_colonists"]))]
        if gain.name == "ship_lost" and "ship_lost" in change:
            return [Gain(gain.table, gain.name, change["ship_lost"])]
    return []


def apply_gain(
    campaign: OrionCampaign,
    player: OrionPlayer,
    system: System,
    name: str,
    value: Any,
    ship: str,
    orders_before: int,
    source: Any = None,
    technologies: Any = None,
    library: Any = None,
    dice: list[Any] | None = None,
) -> list[dict[str, Any]]:
    """Give one gain of an exploration; the dice of technologies it rolls go to ``dice``."""
    if name == "bc":
        player.bc += int(value)
        return [{"player": player.name, "bc": int(value)}]
    if name == "lose_orders":
        if orders_before >= int(value):
            player.orders -= int(value)
            return [{"player": player.name, "orders": -int(value)}]
        return []  # no orders: lose_colonists_if_no_orders applies instead
    if name == "lose_colonists_if_no_orders":
        if orders_before > 0:
            return []
        home = campaign.game.homeworld(player)
        lost = min(int(value), home.planet.population if home.planet else 0)
        if home.planet:
            home.planet.population -= lost
        return [{"player": player.name, "homeworld_colonists": -lost}]
    if name == "ship_lost":
        remove_ship(player, ship)
        return [{"player": player.name, "ship_lost": ship}]
    if name == "colonists" and system.planet is not None:
        # Natives keep their 2 colonists even above the planet's maximum (A4.3 decision);
        # the planet does not grow until it is below it.
        system.planet.population = max(system.planet.population, int(value))
        system.owner = player.name
        return [{"player": player.name, "colony": str(system.hex), "colonists": int(value)}]
    if name == "buildings" and system.planet is not None:
        system.planet.buildings = sorted(set(system.planet.buildings) | set(value))
        return [{"hex": str(system.hex), "buildings": list(value)}]
    if name == "science_level":
        # an artifact world: the science goes to whoever colonises it, when it does (A4.3 decision)
        if "artifact_world" not in system.events:
            system.events.append("artifact_world")
        return [{"hex": str(system.hex), "artifact_world": True}]
    if name == "ship":
        fitted = _found_fitted(library, str(value))
        add_ship(player, str(value), modules=fitted)
        return [{"player": player.name, "ship_gained": str(value), **({"modules": fitted} if fitted else {})}]
    if name == "technologies" and source is not None and technologies is not None:
        from gmtool.rules.orion.research import gain, roll_technologies

        # rolled from the leader's unresearched technologies, after the chain's dice (A4 step 6)
        picks = roll_technologies(player, technologies, source, int(value), "technology award", dice)
        if picks:
            raised = sum(gain(player, technologies, tech) for tech in picks)
            return [{"player": player.name, "technologies": picks, **({"fleet_max": raised} if raised else {})}]
    # Anything else — or technologies none of which are left to roll — waits for the moderator.
    award = add_award(campaign, player, name, value, str(system.hex), "exploration")
    return [{"player": player.name, "award": award}]


def exploration_context(campaign: Any, leader: str, target: Any, ship: str = "scout") -> str:
    """What an exploration's dice are rolled for (the label's middle: ``carol · explore 3,0``,
    the leader named by its seat),
    the same whichever way it is given — an orders file's ``explore``, a room's or the public
    thread's ``!explore``, ``gmtool explore`` — so that the same exploration rolls the same dice
    (docs/verify.md); the hex as the leader sees it (before turn 7, from its own homeworld:
    gmtool.rules.orion.frames), as an order's label writes it."""
    from gmtool.rules.orion.frames import hex_writer

    hex_ = hex_writer(campaign, leader)(str(target))
    seat = campaign.seat(leader) if hasattr(campaign, "seat") else leader  # the leader's seat: a rename changes no die
    return f"{seat} · explore {hex_}" if ship == "scout" else f"{seat} · explore hex={hex_} ship={ship}"
