"""Orion's fog of war (docs/rules-orion.md A2/A3): :func:`status_view` is what `status`
shows — the moderator sees everything; a leader sees, in stage 1, only the systems it
explored, every hex in its own frame (closed rooms, gmtool/rules/orion/frames.py); from
stage 2 every explored system and every homeworld is public.  Who sees a declared field is
the field's declaration's (gmtool/campaign/views.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.campaign.model import player_record
from gmtool.campaign.schema import EVERYONE, LEADER, MODERATOR
from gmtool.campaign.views import fields_view, settings_view

if TYPE_CHECKING:
    from gmtool.rules.orion.state import OrionCampaign, OrionPlayer, System


def _player_data(campaign: OrionCampaign, player: OrionPlayer, full: bool) -> dict[str, Any]:
    """A leader as ``full`` (the moderator, the leader itself) or another leader sees it."""
    data = fields_view(player_record(campaign), player, LEADER if full else EVERYONE)
    if full and player.ships:  # each warship with its modules (A8a)
        from gmtool.rules.orion.fitting import data_of

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


def visible(campaign: OrionCampaign, system: System, viewer: str | None) -> bool:
    if viewer is None:
        return True
    if system.homeworld_of == viewer or system.explored_by == viewer:
        return True
    if campaign.stage == 1:
        return False
    # From stage 2 the map is open: explored systems, homeworlds, Orion.
    return system.explored_by is not None or system.homeworld_of is not None or system.discovery == "orion"


def _in_frame(campaign: OrionCampaign, viewer: str, data: dict[str, Any]) -> dict[str, Any]:
    """A leader's view before turn 7: every hex relative to its homeworld, no galaxy radius,
    no Orion (closed rooms, gmtool/rules/orion/frames.py)."""
    from gmtool.rules.orion.frames import hex_writer

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


def treaties_view(campaign: OrionCampaign, viewer: str | None, public_only: bool = False) -> list[dict[str, Any]]:
    """The treaties in force and proposed (docs/rules-orion.md A6, treaties) ``viewer`` may
    see: its own, and the public ones in force; every one for the moderator (``viewer``
    None); with ``public_only`` the public ones in force (the public post's)."""
    shown = []
    for one in campaign.game.treaties:
        if one.status not in ("proposed", "in_force"):
            continue
        public = one.public and one.status == "in_force"
        mine = viewer is not None and viewer in one.parties
        if public if public_only else viewer is None or mine or public:
            shown.append(
                {
                    "id": one.id,
                    "parties": list(one.parties),
                    "text": one.text,
                    "public": one.public,
                    "status": one.status,
                    "confirmed": list(one.confirmed),
                    "ending": list(one.ending),
                }
            )
    return shown


def status_view(campaign: OrionCampaign, viewer: str | None = None) -> dict[str, Any]:
    """The docs/commands.md ``status`` object: everything for the moderator (viewer None),
    the fogged view for a leader."""
    if viewer is not None:
        campaign.player(viewer)  # refuse an unknown name
    players = [
        _player_data(campaign, p, viewer is None or p.name == viewer)
        for p in campaign.players
        if viewer is None or p.name == viewer or campaign.stage > 1
    ]
    systems = [
        system_data(s)
        for s in sorted(campaign.game.systems, key=lambda s: (s.hex.q, s.hex.r))
        if visible(campaign, s, viewer)
    ]
    council = campaign.game.council
    agents = [
        {"name": a.name, "owner": a.owner, "specialities": a.specialities, "used_turn": a.used_turn}
        for a in campaign.game.agents
        if viewer is None or a.owner == viewer
    ]
    data = {
        "campaign": campaign.name,
        "ruleset": campaign.ruleset,
        "turn": campaign.turn,
        "stage": campaign.stage,
        "viewer": viewer,
        "radius": campaign.game.radius,
        "orion": str(campaign.game.orion) if viewer is None or campaign.stage > 1 else None,
        "players": players,
        "systems": systems,
        "agents": agents,
        "treaties": treaties_view(campaign, viewer),
        "council": {
            "chair": council.chair,
            "laws": council.laws,
            "emperor": council.emperor,
            "victory": council.victory,
        },
        "victory": campaign.victory,
        "settings": settings_view(campaign, MODERATOR if viewer is None else LEADER),
    }
    from gmtool.rules.orion.frames import closed

    if viewer is not None and closed(campaign):
        import copy

        data = _in_frame(campaign, viewer, copy.deepcopy(data))
    return data
