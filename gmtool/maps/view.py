"""What one viewer sees of the galaxy: a pure model that every map format draws.

The fog of war is not decided here: which systems a leader knows comes from
:func:`gmtool.rules.orion.views.visible` (the rule ``gmtool status --player`` follows), and
how a leader labels hexes from :mod:`gmtool.rules.orion.frames`.  This module adds what a map needs around those systems — the hexes to draw,
how they are labelled, and the reach of this turn (:func:`reach`).

Closed rooms (docs/rules-orion.md A2): before turn 7 a leader's map holds only the hexes around
its homeworld and the systems it explored, labelled relative to its homeworld, so that
neither Orion's place nor the galaxy's size can be read off it.  The one function that
says how a leader's hexes are labelled is :func:`frame`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from gmtool.campaign.hexes import Hex, within
from gmtool.rules.orion.reach import explored_space, frontier, stage1_hexes
from gmtool.rules.orion.state import OrionCampaign, System
from gmtool.rules.orion.views import visible

PUBLIC = "@public"  # the viewer of the public map: what every leader may see (no leader's name)

# Why a hex is (or is not) in reach this turn.
IN_REACH = "unexplored"
EXPLORED = "explored"
TOO_FAR = "stage1_too_far"
BEHIND_FOG = "behind_unexplored"


@dataclass
class Cell:
    """One hex as the viewer sees it.  ``hex`` is the campaign's own coordinate (never
    shown to a leader in stage 1); ``label`` is what is printed."""

    hex: Hex
    label: Hex
    known: bool = False  # explored (or a homeworld / Orion the viewer knows of)
    discovery: str = "unexplored"  # unexplored | empty | asteroids | planet | orion
    planet_type: str | None = None
    planet_size: str | None = None
    properties: list[str] = field(default_factory=list)
    population: int = 0
    owner: str | None = None
    homeworld_of: str | None = None
    explored_by: str | None = None
    monster: dict[str, Any] | None = None  # {"kind", "great", "guards"}
    guardian: bool = False
    blockaded: bool = False
    reach: bool = False  # the viewer can explore it this turn

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"hex": str(self.label), "discovery": self.discovery}
        if self.discovery == "planet":
            data["planet"] = {
                "type": self.planet_type,
                "size": self.planet_size,
                "properties": self.properties,
                "population": self.population,
            }
        for key in ("owner", "homeworld_of", "explored_by", "monster"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        for key in ("guardian", "blockaded", "reach"):
            if getattr(self, key):
                data[key] = True
        return data


@dataclass
class MapView:
    """A campaign's galaxy as one viewer sees it."""

    campaign: str
    turn: int
    stage: int
    viewer: str | None  # None: the moderator; PUBLIC; else a leader's name
    frame: str  # "galaxy" (campaign coordinates) | "homeworld" (0,0 = its homeworld)
    players: list[str]  # every leader, in seating order (colours are by this order)
    cells: list[Cell]
    closed: bool = False  # the public map of stage 1: closed rooms, nothing to show

    def cell(self, label: Hex) -> Cell | None:
        return next((c for c in self.cells if c.label == label), None)

    def to_data(self) -> dict[str, Any]:
        return {
            "campaign": self.campaign,
            "turn": self.turn,
            "stage": self.stage,
            "viewer": self.viewer,
            "frame": self.frame,
            "closed": self.closed,
            "hexes": [c.to_data() for c in self.cells],
        }


def frame(campaign: OrionCampaign, viewer: str | None) -> tuple[str, Callable[[Hex], Hex]]:
    """How ``viewer`` labels the hexes: (frame name, campaign hex → label) — the leader's
    frame of :mod:`gmtool.rules.orion.frames`, the same as its status and reports use (0,0 =
    its homeworld while the rooms are closed; the campaign's coordinates otherwise)."""
    from gmtool.rules.orion import frames

    if viewer is None or viewer == PUBLIC or frames.origin(campaign, viewer) is None:
        return "galaxy", lambda h: h
    return "homeworld", lambda h: frames.to_view(campaign, viewer, h)


def _visible_systems(campaign: OrionCampaign, viewer: str | None) -> list[System]:
    """The systems ``viewer`` knows — the same rule as its status
    (:func:`gmtool.rules.orion.views.visible`); the public sees in stage 2+ what every leader
    sees, and nothing in stage 1."""
    if viewer is not None and viewer != PUBLIC:
        campaign.player(viewer)  # an unknown name is refused
    return [s for s in campaign.game.systems if visible(campaign, s, viewer)]


def _fill(cell: Cell, system: System) -> None:
    cell.known = True
    cell.discovery = system.discovery
    cell.owner, cell.homeworld_of, cell.explored_by = system.owner, system.homeworld_of, system.explored_by
    cell.guardian = system.guardian
    if system.planet is not None:
        p = system.planet
        cell.planet_type, cell.planet_size = p.type, p.size
        cell.properties = sorted(p.properties)
        cell.population = p.population
        cell.blockaded = p.blockaded
    if system.monster is not None:
        m = system.monster
        cell.monster = {"kind": m.kind, "great": m.great, "guards": m.guards}


@lru_cache(maxsize=4)
def _galaxy(radius: int, orion: Hex) -> tuple[Hex, ...]:
    """Every hex of the galaxy, in order (a turn's maps and reaches ask it again and again)."""
    return tuple(sorted(within(radius, orion)))


def build_view(campaign: OrionCampaign, viewer: str | None = None) -> MapView:
    """The map of ``campaign`` for ``viewer``: None (the moderator: everything),
    :data:`PUBLIC`, or a leader's name (refused if unknown)."""
    if viewer not in (None, PUBLIC):
        campaign.player(viewer)
    name, to_label = frame(campaign, viewer)
    systems = {s.hex: s for s in _visible_systems(campaign, viewer)}
    from gmtool.rules.orion.frames import origin

    home = origin(campaign, viewer) if name == "homeworld" else None  # the leader's 0,0
    if home is not None:
        hexes = sorted({home, *home.neighbours(), *systems})
    elif viewer == PUBLIC and campaign.stage == 1:
        hexes = []
    else:
        hexes = list(_galaxy(campaign.game.radius, campaign.game.orion))
    cells = []
    for h in hexes:
        cell = Cell(hex=h, label=to_label(h))
        if h in systems:
            _fill(cell, systems[h])
        cells.append(cell)
    view = MapView(
        campaign=campaign.name,
        turn=campaign.turn,
        stage=campaign.stage,
        viewer=viewer,
        frame=name,
        players=[p.name for p in campaign.players],
        cells=cells,
        closed=viewer == PUBLIC and campaign.stage == 1,
    )
    if viewer not in (None, PUBLIC):
        in_reach = {entry.hex for entry in reach(campaign, viewer).entries if entry.why == IN_REACH}
        for cell in cells:
            cell.reach = cell.hex in in_reach
    return view


# ------------------------------------------------------------------------- reach


@dataclass
class ReachEntry:
    hex: Hex  # campaign coordinate
    label: Hex  # as the leader sees it
    why: str  # IN_REACH | EXPLORED
    explored_turn: int | None = None


@dataclass
class Reach:
    """The hexes a leader can explore this turn, and why the others near it cannot be."""

    player: str
    turn: int
    stage: int
    frame: str
    entries: list[ReachEntry]
    far: int = 0  # stage 2+: unexplored hexes behind unexplored space
    movable: int = 0  # stage 2+: the hexes its ships explore from (its systems, its own explorations)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "player": self.player,
            "turn": self.turn,
            "stage": self.stage,
            "frame": self.frame,
            "in_reach": [str(e.label) for e in self.entries if e.why == IN_REACH],
            "out_of_reach": [
                {"hex": str(e.label), "why": e.why, "explored_turn": e.explored_turn}
                for e in self.entries
                if e.why != IN_REACH
            ],
        }
        if self.stage == 1:
            data["beyond"] = TOO_FAR
        else:
            data.update({"behind_unexplored": self.far, "explored_reachable": self.movable})
        return data


def reach(campaign: OrionCampaign, player_name: str) -> Reach:
    """Where ``player_name``'s ships can explore this turn (docs/rules-orion.md A2, A4).

    Stage 1: the unexplored neighbours of its homeworld; nothing farther (that is all a
    leader learns: not the map's edge, not Orion).  From stage 2: the unexplored hexes
    next to its own systems or to a hex it explored itself — never through another
    leader's explorations (A4, wave 3)."""
    player = campaign.player(player_name)
    name, to_label = frame(campaign, player_name)
    explored = {s.hex: s for s in campaign.game.systems if s.explored_by is not None}
    entries: list[ReachEntry] = []
    if campaign.stage == 1:
        for h in stage1_hexes(player):
            s = explored.get(h)
            entries.append(ReachEntry(h, to_label(h), EXPLORED if s else IN_REACH, s.explored_turn if s else None))
        return Reach(player.name, campaign.turn, campaign.stage, name, entries)
    # The one reach rule (gmtool/rules/orion/reach.py): exploring checks the same.
    seen = explored_space(campaign, player)
    hexes = frontier(campaign, player)
    entries = [ReachEntry(h, to_label(h), IN_REACH) for h in hexes]
    galaxy = _galaxy(campaign.game.radius, campaign.game.orion)
    unexplored = len(galaxy) - sum(1 for h in explored if h.distance(campaign.game.orion) <= campaign.game.radius)
    return Reach(
        player.name, campaign.turn, campaign.stage, name, entries, far=unexplored - len(hexes), movable=len(seen)
    )
