"""Where a leader's ships can explore this turn (docs/rules-orion.md A2, A4): the one reach rule that
exploring (`gmtool explore -c`, forum `!explore`, orders files) checks and that the maps
and `gmtool reach` show.

Stage 1: the neighbours of the leader's homeworld, nothing farther.  From stage 2 (A4,
wave 3): the unexplored hexes next to a planet the leader controls (its homeworld and
colonies) or to a hex the leader explored itself — never through another leader's
explorations: a ship's move ends in the hex it explores, so a leader's frontier grows one
hex per ship a turn.  A campaign may widen "next to" (``explore_range``, default 1)."""

from __future__ import annotations

from gmtool.campaign.hexes import Hex, within
from gmtool.rules.orion.state import OrionCampaign, OrionPlayer


def stage1_hexes(player: OrionPlayer) -> list[Hex]:
    """Stage 1: the six neighbours of the leader's homeworld (closed rooms), sorted."""
    return sorted(player.home().neighbours())


def explored_hexes(campaign: OrionCampaign) -> set[Hex]:
    return {s.hex for s in campaign.game.systems if s.explored_by is not None}


def explored_space(campaign: OrionCampaign, player: OrionPlayer) -> set[Hex]:
    """The hexes the leader's ships explore from (stage 2+, A4 wave 3): its own systems
    (homeworld and colonies) and the hexes it explored itself — not another leader's."""
    return {
        s.hex
        for s in campaign.game.systems
        if s.owner == player.name or s.homeworld_of == player.name or s.explored_by == player.name
    }


def _near(hex_: Hex, reach: int) -> list[Hex]:
    """The hexes within ``reach`` of ``hex_`` (itself left out): its neighbours when 1."""
    return list(hex_.neighbours()) if reach == 1 else [h for h in within(reach, hex_) if h != hex_]


def frontier(campaign: OrionCampaign, player: OrionPlayer) -> list[Hex]:
    """The unexplored hexes the leader can explore this turn (stage 2+), sorted: within the
    campaign's ``explore_range`` (1: next to) of the hexes it explores from."""
    explored = explored_hexes(campaign)
    return sorted(
        {
            n
            for h in explored_space(campaign, player)
            for n in _near(h, campaign.game.explore_range)
            if n not in explored and campaign.game.on_map(n)
        }
    )


def in_reach(campaign: OrionCampaign, player: OrionPlayer, hex_: Hex) -> bool:
    """Can ``player`` explore ``hex_`` this turn (whether or not it is explored already)?"""
    if campaign.stage == 1:
        return hex_ in stage1_hexes(player)
    if not campaign.game.on_map(hex_):
        return False
    start = explored_space(campaign, player)
    return any(n in start for n in _near(hex_, campaign.game.explore_range))
