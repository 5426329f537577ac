"""The maps' words: their own from the message catalogs (``[map]``), rule names — planet
types, properties, monsters — from the rule tables through :func:`table_labels`."""
from __future__ import annotations

from functools import lru_cache
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


class TableNames:
    """(table, row id) → the row's label, from the shipped tables and the campaign's own
    tables/ folder; the id itself when there is no row.  ``mark(table, id)`` is the map's
    mark for the row in the same language (the table's ``map_mark_<id>`` rule), or None."""

    def __init__(self, lang: str, lib: Any) -> None:
        self.lang = lang
        self.lib = lib

    def __call__(self, table: str, row_id: str) -> str:
        from gmtool.rolltables.model import pick

        try:
            row = self.lib.find_row(table, "orion", row_id)
        except Exception:   # a table missing from a custom set: show the id
            row = None
        if row is None:
            return row_id
        return pick(row.label, self.lang)

    def mark(self, table: str, row_id: str) -> str | None:
        from gmtool.rolltables.model import pick

        try:
            value = self.lib.get(table, "orion").rules.get(f"map_mark_{row_id}")
        except Exception:   # a table missing from a custom set: the built-in letter
            return None
        return pick(value, self.lang) if isinstance(value, dict) else (str(value) if value else None)


def table_labels(lang: str, campaign_dir: Path | None = None) -> Callable[[str, str], str]:
    """(table, row id) → the row's label (a :class:`TableNames`, which also knows the marks);
    one per language and tables folder in a process (a turn draws a map per leader)."""
    import os

    own = campaign_dir / "tables" if campaign_dir is not None else None
    return _names(lang, own if own is not None and own.is_dir() else None, os.environ.get("GMTOOL_TABLES", ""))


@lru_cache(maxsize=16)
def _names(lang: str, own: Path | None, env: str) -> TableNames:
    from gmtool.rolltables.library import TableLibrary

    return TableNames(lang, TableLibrary.default([own] if own is not None else []))
