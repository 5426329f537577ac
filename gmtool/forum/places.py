"""Where a campaign's threads are read: the public thread (``campaign set thread``) and each
leader's room (``campaign room``).  Every room is one leader's, and never the public thread:
a post read in two places would be resolved twice — a public ``!roll`` given a second face in
a room, a room's confirmation written for the public thread.

Two sources are one place when they name the same file (a relative path is read from the
campaign folder when it is there, as ``post collect`` reads it; the same file however its
path is written) or the same page (an address without its ``#fragment``, its scheme and host
in any case, a ``/`` at its end or not, its query's parameters in any order).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from gmtool.errors import InputError
from gmtool.locale import Msg


def where_read(spec: str, folder: Path) -> str:
    """``spec`` as it is read: a relative file path from the campaign folder when the file is
    there, else as given (an address, an absolute path, a path from the current folder)."""
    from gmtool.forum.sources import is_url

    if not is_url(spec) and not Path(spec).is_absolute() and (folder / spec).exists():
        return str(folder / spec)
    return spec


def place_key(spec: str, folder: Path) -> str:
    """What ``spec`` reads, so that two ways of writing one place have one key."""
    from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

    from gmtool.forum.sources import is_url

    spec = spec.strip()
    if is_url(spec):
        try:
            parts = urlsplit(spec)
            port = parts.port
        except ValueError:  # a malformed address: only itself
            return "url:" + spec
        host = (parts.hostname or "").rstrip(".")
        default = {"http": 80, "https": 443}.get(parts.scheme.lower())
        netloc = host if port is None or port == default else f"{host}:{port}"
        query = urlencode(sorted(parse_qsl(parts.query, keep_blank_values=True)))
        page = parts.path.rstrip("/") or "/"
        scheme = "https" if parts.scheme.lower() == "http" else parts.scheme.lower()  # one page either way
        return "url:" + urlunsplit((scheme, netloc, page, query, ""))
    file = Path(where_read(spec, folder))
    try:
        found = file.stat()
        return f"file:{found.st_dev}:{found.st_ino}"
    except OSError:  # not there (yet): its absolute path
        return "path:" + os.path.normcase(os.path.abspath(file))


def room_problem(state: Any, folder: Path, leader: str, spec: str, key: str = "") -> Msg | None:
    """Why ``spec`` cannot be ``leader``'s room: it is the public thread, or another
    leader's room (None when it can be).  ``key``: its :func:`place_key`, when known."""
    key = key or place_key(spec, folder)
    if state.forum_thread and place_key(state.forum_thread, folder) == key:
        return Msg("error.forum.room_is_thread", leader=leader, source=spec)
    for other, where in state.rooms.items():
        if other != leader and place_key(where, folder) == key:
            return Msg("error.forum.room_shared", leader=leader, other=other, source=spec)
    return None


def read_problem(state: Any, folder: Path, specs: list[str], leader: str) -> Msg | None:
    """Why ``post resolve`` cannot read ``specs`` (paths from the current folder) as
    ``leader``'s room — or, ``leader`` "", as the public thread: one of them is a leader's
    room (None when it can)."""
    from gmtool.forum.sources import is_url

    for spec in specs:
        key = place_key(spec if is_url(spec) else os.path.abspath(spec), folder)
        if leader:
            problem = room_problem(state, folder, leader, spec, key)
            if problem is not None:
                return problem
            continue
        for other, where in state.rooms.items():
            if place_key(where, folder) == key:
                return Msg("error.forum.thread_is_room", leader=other, source=spec)
    return None


def places_problems(state: Any, folder: Path) -> list[Msg]:
    """Every room of the campaign that is the public thread or another leader's (each pair
    once), as ``campaign validate`` lists them."""
    problems: list[Msg] = []
    seen: dict[str, str] = {}
    thread = place_key(state.forum_thread, folder) if state.forum_thread else None
    for leader, spec in state.rooms.items():
        key = place_key(spec, folder)
        if key == thread:
            problems.append(Msg("error.forum.room_is_thread", leader=leader, source=spec))
        elif key in seen:
            problems.append(Msg("error.forum.room_shared", leader=leader, other=seen[key], source=spec))
        else:
            seen[key] = leader
    return problems


def check_places(state: Any, folder: Path) -> None:
    """Refuse, naming the first, a campaign whose rooms :func:`places_problems` finds."""
    problems = places_problems(state, folder)
    if problems:
        raise InputError(key="forum.places", problem=problems[0])
