"""`gmtool campaign set KEY VALUE`: the campaign's settings a moderator changes (no
hand-edited campaign.toml).

Nothing is listed here: a setting is a field of the campaign — or of its ruleset's state —
declared with a :class:`~gmtool.campaign.schema.Setting` (its word, and how its value is read
from a string); its type, range or choices are the field's check, the very one that reads
campaign.toml (gmtool/campaign/model.py, gmtool/rules/<ruleset>/state.py).  This module holds
the readers of the settings whose value a check cannot read (a dialect, a name, a length of
turn, a forum profile, the moderators' names) and :func:`change`.
"""

from __future__ import annotations

from typing import Any

from gmtool.campaign.schema import CLEAR, Key, Record
from gmtool.errors import InputError


def read_dialect(value: str) -> str:
    from gmtool.forum.engines import find_dialect

    find_dialect(value)  # an unknown dialect is refused with the list of known ones
    return value


def read_name(value: str) -> str:
    from gmtool.campaign.names import name_problem
    from gmtool.locale import Msg

    class Problem(Msg):  # the name's problem, in the reader's language
        def text(self, lang: str) -> str:
            return name_problem(value, lang)

    if name_problem(value):
        raise InputError(key="settings.bad_name", problem=Problem("names.bad"))
    return value


def read_turn_length(value: str) -> int:
    """Hours from one deadline to the next: ``48``, ``48h`` or ``2d``."""
    number, unit = (value[:-1], value[-1]) if value[-1:] in ("h", "d") else (value, "h")
    if not (number.isascii() and number.isdigit()) or not 1 <= int(number) * (24 if unit == "d" else 1) <= 10_000:
        raise InputError(key="settings.bad_length", value=repr(value))
    return int(number) * (24 if unit == "d" else 1)


def read_profile(value: str) -> str:
    """The forum engine the campaign's thread and rooms are read with (as ``--profile``): a
    shipped engine, ``dungeonmaster`` (a DungeonMaster.ru page's copied text), or the name of
    a profile in the campaign's ``forums/`` folder (checked when a page is read)."""
    import re

    from gmtool.forum.engines import engine_files

    if value not in engine_files() and not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,39}", value):
        names = ", ".join(engine_files())
        raise InputError(key="settings.bad_choice", setting="profile", value=repr(value), choices=names)
    return value


def read_moderators(value: str) -> list[str]:
    """The moderators' forum names, separated by commas (``"Архивариус, gm"``)."""
    from gmtool.campaign.names import check_moderators
    from gmtool.forum.posts import as_written

    names = [n for n in (as_written(part) for part in value.split(",")) if n]
    check_moderators(names)  # a name a forum could show as another is no one's
    return names


def settings_of(record: Record) -> dict[str, Key]:
    """The settings a campaign of this record has (its ruleset's included): word → its field."""
    return {k.setting.word: k for k in record.keys if k.setting is not None}


def change(campaign: Any, record: Record, word: str, value: str) -> tuple[Any, Any]:
    """Set the setting ``word`` to ``value`` on ``campaign``, whose file's record is ``record``
    (gmtool.campaign.model.record_of), checked first: (old value, new value)."""
    known = settings_of(record)
    if word not in known:
        raise InputError(key="settings.unknown", setting=repr(word), settings=", ".join(known))
    field = known[word]
    setting = field.setting
    assert setting is not None
    text = value.strip() if setting.keep_case else value.strip().lower()
    if setting.clear and text in CLEAR:
        new = record.default_of(field)
    else:
        new = setting.parse(text) if setting.parse is not None else field.check.parse(text, word)
    old = record.get(campaign, field)
    record.set(campaign, field, new)
    if setting.then is not None:
        setting.then(campaign, old)
    return old, new
