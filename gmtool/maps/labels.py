"""The maps' words: their own from the message catalogs (``[map]``), rule names — planet
types, properties, monsters — from the rule tables through :func:`table_labels`."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

# Planet properties as one-letter marks, and world types as the text map's letters, when a
# table gives none (the shipped tables give them per language: ``map_mark_<id>`` in [rules]).
PROPERTY_MARKS = {"favorable": "F", "hostile": "H", "rich": "R", "poor": "P", "gravity": "G", "artifacts": "A"}
TYPE_LETTERS = {"terran": "T", "ocean": "O", "steppe": "S", "toxic": "X", "barren": "B", "inferno": "I"}
_FALLBACK = {"planet-properties": PROPERTY_MARKS, "world-type": TYPE_LETTERS}


def row_ids(table: str, row_id: str) -> str:
    """Names that are the ids themselves (no marks: the built-in letters)."""
    return row_id


def own_mark(names: Callable[[str, str], str], key: str) -> str:
    """A map's own symbol (``map.mark_monster``: M in English, Ч in Russian) in the language
    ``names`` speaks."""
    return label(key, str(getattr(names, "lang", "en")))


def mark_of(names: Callable[[str, str], str], table: str, row_id: str) -> str:
    """The map's mark for a row (``БОС``/``F`` for a property, ``З``/``T`` for a world type)
    in the language ``names`` speaks; the built-in letter when the tables give none."""
    marks = getattr(names, "mark", None)
    found = marks(table, row_id) if callable(marks) else None
    return found or _FALLBACK.get(table, {}).get(row_id, "?")


def label(key: str, lang: str, **values: Any) -> str:
    """A map's word from the message catalogs (``[map]`` in gmtool/locale/<lang>.toml)."""
    from gmtool.locale import t

    return t("map." + key, lang, **values)


def table_labels(lang: str, campaign_dir: Path | None = None) -> Callable[[str, str], str]:
    """The rule labels of the shipped tables (and ``campaign_dir``'s own tables/) in ``lang``;
    a command that has its campaign's library passes that instead (:mod:`gmtool.maps`)."""
    from gmtool.report.labels import rule_labels
    from gmtool.rolltables.library import TableLibrary

    own = campaign_dir / "tables" if campaign_dir is not None else None
    return rule_labels(TableLibrary.default([own] if own is not None and own.is_dir() else []), lang)
