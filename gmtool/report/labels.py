"""Rule labels for reports and maps: ``(table, row id)`` → the row's label in one
language, from a campaign's table library (shipped tables, GMTOOL_TABLES, --tables, the
campaign's own tables/), and the map's mark for a row (a table's ``map_mark_<id>`` rule).
One object per library and language serves a whole command (a turn's reports and maps)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any


class RuleLabels:
    """``labels(table, row_id, short=False, great=False)``: the label (its short form, or a
    monster's great form); the id itself when the table has no such row. ``lang`` is the
    language it speaks; :meth:`mark` the map's mark for a row, or None."""

    def __init__(self, lib: Any, lang: str) -> None:
        self.lib = lib
        self.lang = lang

    def __call__(self, table: str, row_id: str, short: bool = False, great: bool = False) -> str:
        from gmtool.rolltables.model import pick

        try:
            if table == "discovery":  # a discovery is named by the exploration row that gives it
                row = self.lib.get("exploration", "orion").where("discovery", row_id)
            else:
                row = self.lib.find_row(table, "orion", row_id)
        except Exception:  # a table missing from a campaign's own set: show the id
            row = None
        if row is None:
            return row_id
        if great and "great" in row.values:
            return pick(row.values["great"], self.lang)
        return pick((row.short or row.label) if short else row.label, self.lang)

    def mark(self, table: str, row_id: str) -> str | None:
        from gmtool.rolltables.model import pick

        try:
            value = self.lib.get(table, "orion").rules.get(f"map_mark_{row_id}")
        except Exception:  # a table missing from a campaign's own set: the built-in letter
            return None
        return pick(value, self.lang) if isinstance(value, dict) else (str(value) if value else None)


@lru_cache(maxsize=32)
def rule_labels(lib: Any, lang: str) -> RuleLabels:
    """The labels of ``lib`` in ``lang`` (one per library and language in a process)."""
    return RuleLabels(lib, lang)
