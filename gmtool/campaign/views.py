"""What a status shows, and to whom (fog of war, docs/rules-orion.md A2/A3).

The moderator sees everything.  A leader sees, in stage 1, only the systems it explored
(closed rooms); from stage 2 every explored system and every homeworld is public.  Other
leaders' BC, orders, fleets and awards are never shown to a leader.
"""

from __future__ import annotations

from typing import Any

from gmtool.campaign.model import Campaign, Player, System


def _player_data(player: Player, full: bool) -> dict[str, Any]:
    data: dict[str, Any] = {"name": player.name, "homeworld": str(player.homeworld) if player.homeworld else None}
    if player.race:
        data["race"] = player.race
    if full:
        data.update(
            {
                "bc": player.bc,
                "orders": player.orders,
                "fleet_size": player.fleet_size,
                "fleet_max": player.fleet_max,
                "feudal": player.feudal,
                "scouts": player.scouts,
                "colony_ships": player.colony_ships,
                "secret_ops": player.secret_ops,
                "agent_limit": player.agent_limit,
                "awards": player.awards,
                "inbox": player.inbox,
                "rp": player.rp,
                "ships": dict(player.ships),
                "technologies": list(player.technologies),
                "hand": list(player.hand),  # event cards (A11): the leader's own, or the moderator's view
            }
        )
        from gmtool.rules.orion.fitting import data_of

        if player.ships:  # each warship with its modules (A8a)
            data["warships"] = data_of(player)
    return data


def system_data(system: System) -> dict[str, Any]:
    data: dict[str, Any] = {
        "hex": str(system.hex),
        "discovery": system.discovery,
        "planet": None,
        "owner": system.owner,
        "explored_by": system.explored_by,
    }
    if system.name:
        data["name"] = system.name
    if system.planet is not None:
        p = system.planet
        data["planet"] = {
            "type": p.type,
            "size": p.size,
            "max_population": p.max_population,
            "production": p.production,
            "properties": sorted(p.properties),
            "population": p.population,
            "buildings": p.buildings,
        }
    data["homeworld_of"] = system.homeworld_of
    data["explored_turn"] = system.explored_turn
    data["monster"] = (
        {"kind": system.monster.kind, "great": system.monster.great, "guards": system.monster.guards}
        if system.monster
        else None
    )
    data["guardian"] = system.guardian
    data["events"] = system.events
    return data


def visible(campaign: Campaign, system: System, viewer: str | None) -> bool:
    if viewer is None:
        return True
    if system.homeworld_of == viewer or system.explored_by == viewer:
        return True
    if campaign.stage == 1:
        return False
    # From stage 2 the map is open: explored systems, homeworlds, Orion.
    return system.explored_by is not None or system.homeworld_of is not None or system.discovery == "orion"


def _in_frame(campaign: Campaign, viewer: str, data: dict[str, Any]) -> dict[str, Any]:
    """A leader's view before turn 7: every hex relative to its homeworld, no galaxy radius,
    no Orion (closed rooms, gmtool/campaign/frames.py)."""
    from gmtool.campaign.frames import hex_writer

    write = hex_writer(campaign, viewer)
    for p in data["players"]:
        if p.get("homeworld"):
            p["homeworld"] = write(p["homeworld"])
        for award in p.get("awards", []):
            if award.get("hex"):
                award["hex"] = write(award["hex"])
    for s in data["systems"]:
        s["hex"] = write(s["hex"])
    data["radius"] = None
    data["orion"] = None
    data["frame"] = "homeworld"  # coordinates relative to the viewer's homeworld (0,0)
    return data


def status_view(campaign: Campaign, viewer: str | None = None) -> dict[str, Any]:
    """The docs/commands.md ``status`` object: everything for the moderator (viewer None),
    the fogged view for a leader."""
    if viewer is not None:
        campaign.player(viewer)  # refuse an unknown name
    players = [
        _player_data(p, viewer is None or p.name == viewer)
        for p in campaign.players
        if viewer is None or p.name == viewer or campaign.stage > 1
    ]
    systems = [
        system_data(s)
        for s in sorted(campaign.systems, key=lambda s: (s.hex.q, s.hex.r))
        if visible(campaign, s, viewer)
    ]
    council = campaign.council
    agents = [
        {"name": a.name, "owner": a.owner, "specialities": a.specialities, "used_turn": a.used_turn}
        for a in campaign.agents
        if viewer is None or a.owner == viewer
    ]
    data = {
        "campaign": campaign.name,
        "ruleset": campaign.ruleset,
        "turn": campaign.turn,
        "stage": campaign.stage,
        "viewer": viewer,
        "radius": campaign.radius,
        "orion": str(campaign.orion) if viewer is None or campaign.stage > 1 else None,
        "players": players,
        "systems": systems,
        "agents": agents,
        "council": {
            "chair": council.chair,
            "laws": council.laws,
            "emperor": council.emperor,
            "victory": council.victory,
        },
        "victory": campaign.victory,
    }
    from gmtool.campaign.frames import closed

    if viewer is not None and closed(campaign):
        import copy

        data = _in_frame(campaign, viewer, copy.deepcopy(data))
    return data
