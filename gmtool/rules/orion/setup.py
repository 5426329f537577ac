"""A new 4X campaign: the map, the homeworlds and every leader's start (docs/rules-orion.md A2)."""

from __future__ import annotations

from typing import Any, Sequence

from gmtool.campaign.galaxy import place_homeworlds, radius_for
from gmtool.campaign.hexes import CENTRE, Hex
from gmtool.campaign.model import Campaign
from gmtool.dice.sources import DiceSource
from gmtool.errors import InputError
from gmtool.rolltables.library import TableLibrary
from gmtool.rules.orion.exploration import OrionTables
from gmtool.rules.orion.state import OrionCampaign, OrionPlayer, OrionState, PlanetState, System

START_TABLE = "start"
MAX_RADIUS = 20  # 1,261 hexes: far more than a forum game explores


def new_campaign(
    name: str,
    players: list[str],
    source: DiceSource,
    library: TableLibrary,
    commitment: str,
    seed: int | None = None,
    lang: str = "en",
    fmt: str = "plain",
    feudal: Sequence[str] = (),
    radius: int | None = None,
) -> OrionCampaign:
    """Seating order is the order of ``players``; dice from ``source`` place the homeworlds.
    ``radius`` (default: by the number of leaders) may be larger, never smaller than that."""
    seen: set[str] = set()
    for player in players:
        if not player or not player.strip() or len(player) > 40 or any(ch < " " for ch in player):
            raise InputError(key="orion.bad_name", name=player)
        if player in seen:
            raise InputError(key="orion.player_twice", name=player)
        seen.add(player)
    for name_ in feudal:
        if name_ not in seen:
            raise InputError(key="orion.feudal_unknown", name=name_)
    start = library.get(START_TABLE, "orion")
    tables = OrionTables(library)
    least = radius_for(len(players))
    if radius is None:
        radius = least
    elif not least <= radius <= MAX_RADIUS:
        raise InputError(key="orion.radius_small", radius=radius, n=len(players), least=least, max=MAX_RADIUS)
    homes = place_homeworlds(len(players), radius, source)
    campaign: OrionCampaign = Campaign(
        name=name,
        commitment=commitment,
        seed=seed,
        lang=lang,
        format=fmt,
        game=OrionState(radius=radius, orion=CENTRE, orders_per_turn=int(start.rule("orders_per_turn"))),
    )
    for player, home in zip(players, homes):
        leader, homeworld = start_empire(start, tables, player, home, feudal=player in feudal)
        campaign.players.append(leader)
        campaign.game.systems.append(homeworld)
    campaign.game.systems.append(System(hex=CENTRE, discovery="orion", name="Orion", guardian=True))
    return campaign


def events_shortfall(library: TableLibrary, leaders: int) -> tuple[int, int, list[tuple[int, int]]] | None:
    """(cards the events deck holds, cards ``leaders`` may be dealt, each deal as (turn, cards a
    leader)) when the deck cannot serve every deal of the game (A11: 2 cards at turn 8 and 3
    at turn 13 to each leader, at most — `event_deal_turns`, `event_deal_cards` in
    tables/orion/start.toml — even if nobody plays a card before the last deal), else None.
    `campaign new` says it (the moderator adds cards or copies)."""
    from gmtool.campaign.decks import cards_of

    start = library.get(START_TABLE, "orion")
    deals = list(
        zip((int(t) for t in start.rule("event_deal_turns")), (int(n) for n in start.rule("event_deal_cards")))
    )
    need = leaders * sum(n for _, n in deals)
    have = len(cards_of(library.get("events", "orion")))
    return (have, need, deals) if have < need else None


def start_empire(
    start: Any, tables: OrionTables, name: str, home: Hex, turn: int = 0, feudal: bool = False, race: str = ""
) -> tuple[OrionPlayer, System]:
    """A leader's start (A2, tables/orion/start.toml): its BC, orders, fleet, ships and
    agents, and its homeworld — at the game's start, or for a leader joining in ``turn``."""
    world_type = tables.world_type.row(start.rule("homeworld_type"))
    world_size = tables.world_size.row(start.rule("homeworld_size"))
    player = OrionPlayer(
        name=name,
        homeworld=home,
        race=race,
        bc=int(start.rule("bc")),
        orders=int(start.rule("orders")),
        fleet_size=int(start.rule("feudal_fleet_size" if feudal else "fleet_size")),
        fleet_max=int(start.rule("feudal_fleet_max" if feudal else "fleet_max")),
        feudal=feudal,
        scouts=int(start.rule("scouts")),
        colony_ships=int(start.rule("colony_ships")),
        secret_ops=int(start.rule("secret_ops")),
        agent_limit=int(start.rule("agent_limit")),
    )
    homeworld = System(
        hex=home,
        discovery="planet",
        owner=name,
        explored_by=name,
        explored_turn=turn,
        homeworld_of=name,
        planet=PlanetState(
            type=world_type.id,
            size=world_size.id,
            max_population=int(world_size.values["max_population"]),
            production=int(world_type.values["production"]),
            population=int(start.rule("colonists")),
        ),
    )
    return player, homeworld
