"""A campaign's settings (`gmtool campaign set`, `campaign room`): what every command writes
by default and where the forum is read.  Presentation only, so allowed after the game's end
too; each opens the campaign, changes it, commits when something changed — one call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.app.session import open_session
from gmtool.struct import Struct


class Changed(Struct):
    """A setting changed (or not): the state after, the setting's old and new values, and the
    leader whose room it is (a room's setting)."""

    __slots__ = ("state", "old", "new", "leader")

    def __init__(self, state: Any, old: Any, new: Any, leader: str = "") -> None:
        self.state = state
        self.old = old
        self.new = new
        self.leader = leader


def change_setting(folder: Path, setting: str, value: str) -> Changed:
    """`campaign set SETTING VALUE` (gmtool.campaign.settings); a thread is checked to be no
    leader's room."""
    from gmtool.campaign.model import record_of
    from gmtool.campaign.settings import change

    with open_session(folder, changes=False, ruleset=None) as session:
        state = session.state
        old, new = change(state, record_of(state), setting, value)
        if setting == "thread" and new:  # no leader's room
            from gmtool.forum.places import check_places

            check_places(state, session.folder)
        if old != new:
            session.commit()
        return Changed(state, old, new)


def set_room(folder: Path, player: str, source: str | None, remove: bool = False) -> Changed:
    """Where a leader's room is read (``source``), or with ``remove`` forgotten; refused where
    it is the public thread or another leader's room."""
    from gmtool.errors import InputError
    from gmtool.forum.collect import room_leader
    from gmtool.forum.places import room_problem

    with open_session(folder, changes=False, ruleset=None) as session:
        state = session.state
        leader = room_leader(state, player)
        old = state.rooms.get(leader)
        if remove:
            new = None
            state.rooms.pop(leader, None)
        else:
            if not source or not source.strip():
                raise InputError(key="cli.room_needs_source")
            new = source.strip()
            problem = room_problem(state, session.folder, leader, new)
            if problem is not None:  # the public thread, or another leader's room
                raise InputError(key="forum.places", problem=problem)
            state.rooms[leader] = new
        if old != new:
            session.commit()
        return Changed(state, old, new, leader)
