"""What `gmtool campaign validate` checks of orion's own state: the cross-references a hand
edit of campaign.toml can break (systems, owners, planets against the campaign's tables,
homeworlds)."""

from __future__ import annotations

from typing import Any

from gmtool.campaign.hexes import Hex
from gmtool.locale import t
from gmtool.rules.orion.state import OrionCampaign


def validate(
    campaign: OrionCampaign, type_ids: set[str], size_ids: set[str], property_ids: set[str], lang: str
) -> list[str]:
    """The problems of ``campaign``'s galaxy and leaders, in ``lang``."""
    issues: list[str] = []

    def v(key: str, **params: Any) -> str:
        return t("validate." + key, lang, **params)

    game = campaign.game
    known = {p.name for p in campaign.players}
    # a leader who left (`player drop`) still names the systems it explored and its homeworld;
    # its planets became neutral, their colonists with them
    former = known | set(game.former_leaders)
    seen: dict[Hex, int] = {}
    for i, system in enumerate(game.systems, start=1):
        where = v("system", i=i, hex=system.hex)
        if system.hex in seen:
            issues.append(v("same_hex", where=where, hex=system.hex, other=seen[system.hex]))
        seen[system.hex] = i
        if not game.on_map(system.hex):
            issues.append(v("off_map", where=where, radius=game.radius))
        for role in ("owner", "explored_by", "homeworld_of"):
            value = getattr(system, role)
            if value is not None and value not in (known if role == "owner" else former):
                issues.append(v("not_player", where=where, role=role, value=repr(value)))
        if system.discovery not in ("empty", "asteroids", "planet", "orion"):
            issues.append(v("discovery", where=where, value=repr(system.discovery)))
        planet = system.planet
        if system.discovery == "planet" and planet is None:
            issues.append(v("no_planet", where=where))
        if planet is not None:
            if planet.type not in type_ids:
                issues.append(v("world_type", where=where, value=repr(planet.type)))
            if planet.size not in size_ids:
                issues.append(v("world_size", where=where, value=repr(planet.size)))
            for prop in planet.properties:
                if prop not in property_ids:
                    issues.append(v("property", where=where, value=repr(prop)))
            if planet.population < 0:
                issues.append(v("population_negative", where=where, n=planet.population))
            natives = {"natives", "monster_natives"} & set(system.events)
            # natives keep their 2 colonists above a lower maximum (docs/rules-orion.md A4 decision)
            if planet.population > max(planet.max_population, 2 if natives else 0):
                issues.append(v("population_above", where=where, n=planet.population, max=planet.max_population))
            if planet.max_population < 1:
                issues.append(v("max_population", where=where, max=planet.max_population))
            if planet.population > 0 and system.owner is None and not game.former_leaders:
                issues.append(v("no_owner", where=where))
    for player in campaign.players:
        if player.homeworld is None:
            continue
        home = game.system(player.homeworld)
        if home is None:
            issues.append(v("homeworld_missing", name=repr(player.name), hex=player.homeworld))
        elif home.homeworld_of != player.name:
            issues.append(v("homeworld_unmarked", name=repr(player.name), hex=player.homeworld))
        for attr in ("bc", "orders", "scouts", "colony_ships"):
            if getattr(player, attr) < 0:
                issues.append(v("negative", name=repr(player.name), attr=attr))
        if player.fleet_size > player.fleet_max:
            issues.append(v("fleet_above", name=repr(player.name), size=player.fleet_size, max=player.fleet_max))
    homes = [p.homeworld for p in campaign.players if p.homeworld is not None]
    for i, a in enumerate(homes):
        for b in homes[i + 1 :]:
            if a.distance(b) < 3:
                issues.append(v("homeworlds_close", a=a, b=b))
    return issues
