"""Coordinates as a leader sees them (docs/rules-orion.md A2 decision: closed rooms): orion's
rule, so orion's module.

Before turn 7 a leader must not be able to work out where Orion or another homeworld
lies. gmtool's design: **leader-relative coordinates**. In anything addressed to a leader
before turn 7 (its status, its reports, its map, forum replies to it) every hex is written
relative to its own homeworld, which is ``0,0`` in its frame; the galaxy's radius and
Orion's hex are not shown. What a leader types in that time (``!explore 1,0``) is read in
the same frame. From turn 7 everyone uses the moderator's (absolute) coordinates.

The moderator's own commands and views always use absolute coordinates.

    >>> to_view(campaign, "alice", Hex(3, -2))     # alice's homeworld at 2,-1 in stage 1
    Hex(q=1, r=-1)
"""

from __future__ import annotations

from typing import Any, Callable

from gmtool.campaign.hexes import Hex
from gmtool.rules.orion.state import OrionCampaign

CLOSED_STAGE = 1  # the rooms open with stage 2 (turn 7)


def closed(campaign: OrionCampaign, stage: int | None = None) -> bool:
    """Are the rooms closed in ``stage`` (default: the campaign's stage)?"""
    return (campaign.stage if stage is None else stage) == CLOSED_STAGE


def origin(campaign: OrionCampaign, viewer: str | None, stage: int | None = None) -> Hex | None:
    """The hex ``viewer`` sees as 0,0, or None when it sees absolute coordinates (the
    moderator, or any leader from turn 7)."""
    if viewer is None or not closed(campaign, stage):
        return None
    for player in campaign.players:
        if player.name == viewer and player.homeworld is not None:
            return player.homeworld
    return None


def to_view(campaign: OrionCampaign, viewer: str | None, hex_: Hex, stage: int | None = None) -> Hex:
    """The moderator's hex as ``viewer`` sees it."""
    o = origin(campaign, viewer, stage)
    return hex_ if o is None else Hex(hex_.q - o.q, hex_.r - o.r)


def from_view(campaign: OrionCampaign, viewer: str | None, hex_: Hex, stage: int | None = None) -> Hex:
    """A hex ``viewer`` wrote, in the moderator's coordinates."""
    o = origin(campaign, viewer, stage)
    return hex_ if o is None else Hex(hex_.q + o.q, hex_.r + o.r)


def hex_writer(campaign: OrionCampaign, viewer: str | None, stage: int | None = None) -> Callable[[str], str]:
    """``"q,r"`` (the moderator's) → ``"q,r"`` as ``viewer`` sees it."""
    o = origin(campaign, viewer, stage)
    if o is None:
        return str

    def write(text: str) -> str:
        try:
            h = Hex.parse(str(text))
        except Exception:
            return str(text)
        return str(Hex(h.q - o.q, h.r - o.r))

    return write


# The keys whose string values are hexes in the moderator's coordinates, wherever they sit
# in a turn's log entry, an order's result or a report's JSON data.
HEX_KEYS = frozenset({"hex", "colony", "homeworld"})


def rewrite(value: Any, write: Callable[[str], str]) -> Any:
    """A copy of ``value`` (dicts and lists, any depth) with every hex under one of
    :data:`HEX_KEYS` written by ``write`` (a :func:`hex_writer`): what a leader reads of a
    log entry or of a report's data, in its own frame — an award's hex inside an
    exploration's changes included."""
    if write is str:
        return value
    if isinstance(value, dict):
        return {k: (write(v) if k in HEX_KEYS and isinstance(v, str) else rewrite(v, write)) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rewrite(v, write) for v in value]
    return value
