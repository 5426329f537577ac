"""A turn's deadline: set in a time zone, kept as an aware time in campaign.toml, moved on
by the turn's length when a turn ends (docs/turns.md "Deadlines and missed orders").

Pure: the current time is always given by the caller (the CLI reads it, or ``GMTOOL_NOW``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from gmtool.errors import InputError
from gmtool.formats import DEADLINE_YEARS

UTC = dt.UTC


def zone(name: str) -> dt.tzinfo:
    """The time zone ``name`` (IANA: ``Europe/Moscow``; ``UTC``); InputError naming it."""
    if not name or name.upper() == "UTC":
        return UTC
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise InputError(key="deadline.bad_zone", zone=name[:60]) from None


def parse_deadline(at: str, zone_name: str) -> dt.datetime:
    """``YYYY-MM-DD HH:MM`` in the zone ``zone_name``, as an aware time."""
    tz = zone(zone_name)
    try:
        naive = dt.datetime.strptime(at.strip(), "%Y-%m-%d %H:%M")
    except ValueError:
        raise InputError(key="deadline.bad_at", at=at[:60]) from None
    check_year(naive, at.strip())
    return naive.replace(tzinfo=tz)


def check_year(at: dt.datetime, given: str) -> None:
    """Refuse a deadline whose year is out of :data:`DEADLINE_YEARS` (``9999-12-31 23:59``
    cannot be moved on by a turn, nor ``0001-01-01`` written in UTC east of it)."""
    low, high = DEADLINE_YEARS
    if not low <= at.year <= high:
        raise InputError(key="deadline.out_of_range", at=given[:60], low=f"{low}-01-01", high=f"{high}-12-31")


def zone_name(state: Any) -> str:
    return state.deadline_zone or "UTC"


def local(state: Any) -> dt.datetime | None:
    """The deadline in its own zone (None: no deadline)."""
    if state.deadline is None:
        return None
    return state.deadline.astimezone(zone(zone_name(state)))


def next_deadline(state: Any, ended: int) -> None:
    """After turn ``ended`` ends: the next turn's deadline is this one plus the turn's length
    (counted in real hours), or none; none once the game is over."""
    if state.deadline is None or state.turn == ended:
        return
    if state.victory is not None or not state.turn_length:
        state.deadline = None
        return
    later = (state.deadline.astimezone(UTC) + dt.timedelta(hours=state.turn_length)).astimezone(zone(zone_name(state)))
    low, high = DEADLINE_YEARS
    if not low <= later.year <= high:  # the turn does not end: the moderator moves the deadline
        raise InputError(key="deadline.next_out_of_range", at=f"{later:%Y-%m-%d %H:%M}", high=f"{high}-12-31")
    state.deadline = later


def left(deadline: dt.datetime, now: dt.datetime) -> tuple[int, int, int] | None:
    """(days, hours, minutes) from ``now`` to ``deadline``; None once it has passed."""
    seconds = int((deadline - now).total_seconds())
    if seconds <= 0:
        return None
    minutes = -(-seconds // 60)  # a part of a minute counts as one
    return minutes // 1440, minutes % 1440 // 60, minutes % 60
