"""The maps' words: their own from the message catalogs (``[map]``), rule names — planet
types, properties, monsters — from the rule tables through :func:`table_labels`."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

# Planet properties as one-letter marks (the legend names them from the rule table).
PROPERTY_MARKS = {"favorable": "F", "hostile": "H", "rich": "R", "poor": "P", "gravity": "G", "artifacts": "A"}


def label(key: str, lang: str, **values: Any) -> str:
    """A map's word from the message catalogs (``[map]`` in gmtool/locale/<lang>.toml)."""
    from gmtool.locale import t

    return t("map." + key, lang, **values)


def table_labels(lang: str, campaign_dir: Path | None = None) -> Callable[[str, str], str]:
    """(table, row id) → the row's label, from the shipped
    tables and the campaign's own tables/ folder; the id itself when there is no row."""
    from gmtool.rolltables.library import TableLibrary
    from gmtool.rolltables.model import pick

    own = campaign_dir / "tables" if campaign_dir is not None else None
    lib = TableLibrary.default([own] if own is not None and own.is_dir() else [])

    def lookup(table: str, row_id: str) -> str:
        try:
            row = lib.find_row(table, "orion", row_id)
        except Exception:   # a table missing from a custom set: show the id
            row = None
        if row is None:
            return row_id
        return pick(row.label, lang)

    return lookup
