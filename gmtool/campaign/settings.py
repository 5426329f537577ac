"""The campaign's own settings a moderator changes with `gmtool campaign set KEY VALUE`
(no hand-edited campaign.toml): one row per setting — how a value is read and checked,
and which attribute of :class:`~gmtool.campaign.model.Campaign` holds it."""

from __future__ import annotations

from typing import Any, Callable

from gmtool.errors import InputError
from gmtool.formats import ACTIVATIONS, EXPLORE_RANGES, FORMATS, LANGS, MISSED_ORDERS, POST_LIMITS

CLEAR = ("", "default", "none")  # a value that drops an optional setting


def _lang(value: str) -> str:
    if value not in LANGS:
        raise InputError(key="settings.bad_choice", setting="lang", value=repr(value), choices=", ".join(LANGS))
    return value


def _format(value: str) -> str:
    if value not in FORMATS:
        raise InputError(key="settings.bad_choice", setting="format", value=repr(value), choices=", ".join(FORMATS))
    return value


def _dialect(value: str) -> str | None:
    if value in CLEAR:
        return None
    from gmtool.forum.engines import find_dialect

    find_dialect(value)  # an unknown dialect is refused with the list of known ones
    return value


def _post_limit(value: str) -> int | None:
    if value in CLEAR:
        return None
    low, high = POST_LIMITS
    if not (value.isascii() and value.isdigit()) or not low <= int(value) <= high:
        raise InputError(key="settings.bad_number", setting="post-limit", value=repr(value), low=low, high=high)
    return int(value)


def _name(value: str) -> str:
    from gmtool.campaign.names import name_problem
    from gmtool.locale import Msg

    class Problem(Msg):  # the name's problem, in the reader's language
        def text(self, lang: str) -> str:
            return name_problem(value, lang)

    if name_problem(value):
        raise InputError(key="settings.bad_name", problem=Problem("names.bad"))
    return value


def _turn_length(value: str) -> int | None:
    """Hours from one deadline to the next: ``48``, ``48h`` or ``2d`` (``none``: no next deadline)."""
    if value in CLEAR:
        return None
    number, unit = (value[:-1], value[-1]) if value[-1:] in ("h", "d") else (value, "h")
    if not (number.isascii() and number.isdigit()) or not 1 <= int(number) * (24 if unit == "d" else 1) <= 10_000:
        raise InputError(key="settings.bad_length", value=repr(value))
    return int(number) * (24 if unit == "d" else 1)


def _missed_orders(value: str) -> str:
    if value not in MISSED_ORDERS:
        raise InputError(
            key="settings.bad_choice", setting="missed-orders", value=repr(value), choices=", ".join(MISSED_ORDERS)
        )
    return value


def _explore_range(value: str) -> int:
    """A4's reach from stage 2 (its range is the campaign file's, gmtool/formats.py)."""
    low, high = EXPLORE_RANGES
    if value in CLEAR:
        return 1
    if not (value.isascii() and value.isdigit()) or not low <= int(value) <= high:
        raise InputError(key="settings.bad_number", setting="explore-range", value=repr(value), low=low, high=high)
    return int(value)


def _activation(value: str) -> str:
    """A6's reading of colony activation (its choices are the campaign file's, gmtool/formats.py)."""
    if value not in ACTIVATIONS:
        raise InputError(
            key="settings.bad_choice", setting="activation", value=repr(value), choices=", ".join(ACTIVATIONS)
        )
    return value


def _replace_after(value: str) -> int:
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= 100:
        raise InputError(key="settings.bad_number", setting="replace-after", value=repr(value), low=1, high=100)
    return int(value)


def _thread(value: str) -> str | None:
    """Where the public thread is read (a file, saved pages, a URL): what `post resolve` reads."""
    return None if value in CLEAR else value


def _profile(value: str) -> str | None:
    """The forum engine the campaign's thread and rooms are read with (as ``--profile``): a
    shipped engine, ``dungeonmaster`` (a DungeonMaster.ru page's copied text), or the name of
    a profile in the campaign's ``forums/`` folder (checked when a page is read)."""
    import re

    from gmtool.forum.engines import engine_files

    if value in CLEAR:
        return None
    if value not in engine_files() and not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,39}", value):
        names = ", ".join(engine_files())
        raise InputError(key="settings.bad_choice", setting="profile", value=repr(value), choices=names)
    return value


def _moderators(value: str) -> list[str]:
    """The moderators' forum names, separated by commas (``"Архивариус, gm"``)."""
    from gmtool.campaign.names import check_moderators
    from gmtool.forum.posts import as_written

    names = [] if value in CLEAR else [n for n in (as_written(part) for part in value.split(",")) if n]
    check_moderators(names)  # a name a forum could show as another is no one's
    return names


def _settle_activations(campaign: Any, old: Any) -> None:
    """A colony counts as active after ``campaign set activation`` exactly as before: from
    ``per-turn`` to ``persistent``, a colony activated in an earlier turn (inactive now) loses
    the mark that would make it active.  (From ``persistent`` to ``per-turn`` a colony
    activated this turn stays active this turn; one activated earlier waits for activation.)"""
    if old == "per-turn" and campaign.activation == "persistent":
        for system in campaign.systems:
            planet = system.planet
            if planet is not None and planet.active_turn is not None and planet.active_turn != campaign.turn:
                planet.active_turn = None


# KEY → (attribute, reader)
SETTINGS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "lang": ("lang", _lang),
    "format": ("format", _format),
    "dialect": ("dialect", _dialect),
    "post-limit": ("post_limit", _post_limit),
    "name": ("name", _name),
    "turn-length": ("turn_length", _turn_length),
    "missed-orders": ("missed_orders", _missed_orders),
    "replace-after": ("replace_after", _replace_after),
    "thread": ("forum_thread", _thread),
    "profile": ("forum_profile", _profile),
    "moderators": ("moderators", _moderators),
    "activation": ("activation", _activation),
    "explore-range": ("explore_range", _explore_range),
}
KEEP_CASE = frozenset({"name", "thread", "moderators"})  # read as written, not lower-cased
# KEY → what else changes with it, so the campaign's stored state keeps its meaning
AFTER: dict[str, Callable[[Any, Any], None]] = {"activation": _settle_activations}


def change(campaign: Any, key: str, value: str) -> tuple[Any, Any]:
    """Set ``key`` to ``value`` on ``campaign`` (checked first): (old value, new value)."""
    if key not in SETTINGS:
        raise InputError(key="settings.unknown", setting=repr(key), settings=", ".join(SETTINGS))
    attribute, read = SETTINGS[key]
    new = read(value.strip() if key in KEEP_CASE else value.strip().lower())
    old = getattr(campaign, attribute)
    setattr(campaign, attribute, new)
    if key in AFTER:
        AFTER[key](campaign, old)
    return old, new
