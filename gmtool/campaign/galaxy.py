"""The galaxy map: a hexagon of hexes with Orion at the centre and the homeworlds placed
at least ``MIN_SPACING`` hexes from each other and from Orion, each with all six
neighbours on the map (docs/commands.md, docs/rules-orion.md A4.5)."""

from __future__ import annotations

from gmtool.campaign.hexes import CENTRE, Hex, within
from gmtool.dice.sources import DiceSource
from gmtool.errors import InputError

MIN_SPACING = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 10  # one leader per example race (the seed sets no cap)
_ATTEMPTS = 200


def radius_for(players: int) -> int:
    """Map radius: 4 for 2–4 leaders, 5 for 5–6, 6 for 7–8 (room for the homeworld rule
    and some open space between neighbours); 7 for 9–10."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(key="campaign.player_count", low=MIN_PLAYERS, high=MAX_PLAYERS, n=players)
    return 4 if players <= 4 else 5 if players <= 6 else 6 if players <= 8 else 7


def place_homeworlds(players: int, radius: int, source: DiceSource) -> list[Hex]:
    """Homeworlds for ``players`` leaders, chosen with dice from ``source``: each at least
    MIN_SPACING from Orion and from each other, with its neighbours on the map."""
    candidates = [h for h in within(radius - 1) if h.distance(CENTRE) >= MIN_SPACING]
    for _ in range(_ATTEMPTS):
        pool = list(candidates)
        chosen: list[Hex] = []
        while pool and len(chosen) < players:
            pick = pool[source.roll(len(pool), "homeworld placement") - 1]
            chosen.append(pick)
            pool = [h for h in pool if h.distance(pick) >= MIN_SPACING]
        if len(chosen) == players:
            return chosen
    raise InputError(key="campaign.no_room", n=players, radius=radius)
