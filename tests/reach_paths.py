"""Test set-up for the reach rule (docs/rules-orion.md A4, gmtool/rules/orion/reach.py): from stage 2
a leader explores only hexes next to the explored space joined to its own systems, so a
test that explores far from a homeworld first lays a path of explored empty space."""

from __future__ import annotations

from pathlib import Path

from gmtool.campaign.hexes import Hex
from gmtool.campaign.model import Campaign
from gmtool.rules.orion.state import System


def _step_toward(a: Hex, b: Hex, avoid: Hex) -> Hex:
    return min((n for n in a.neighbours() if n != avoid), key=lambda n: (n.distance(b), n))


def open_path(c: Campaign, leader: str, target: Hex) -> list[Hex]:
    """Mark empty, explored space from ``leader``'s homeworld up to a neighbour of
    ``target`` (never ``target`` itself, nor a hex already known); returns the hexes laid."""
    laid = []
    here = c.player(leader).homeworld
    while here.distance(target) > 1:
        here = _step_toward(here, target, c.game.orion)  # Orion is never empty space
        if c.game.system(here) is None:
            c.game.systems.append(System(hex=here, discovery="empty", explored_by=leader, explored_turn=c.turn))
            laid.append(here)
    return laid


def open_path_in(folder: Path, leader: str, target: str | Hex) -> list[Hex]:
    """:func:`open_path` in a campaign folder (as a moderator's edit of campaign.toml)."""
    from gmtool.campaign.store import CampaignStore

    store = CampaignStore(folder)
    c = store.load()
    laid = open_path(c, leader, Hex.parse(target) if isinstance(target, str) else target)
    store.save(c)
    return laid


def give_scouts(folder: Path, leader: str, n: int) -> None:
    """``leader`` has ``n`` scouts (a scout explores one hex a turn, A4)."""
    from gmtool.campaign.store import CampaignStore

    store = CampaignStore(folder)
    c = store.load()
    c.player(leader).scouts = n
    store.save(c)
