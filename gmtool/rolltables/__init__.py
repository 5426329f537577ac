"""Rule tables as data: load, validate, look up, roll."""

from gmtool.rolltables.library import TableLibrary, shipped_tables_dir
from gmtool.rolltables.loader import load_table
from gmtool.rolltables.model import Modifier, Row, Table, pick
from gmtool.rolltables.roll import AppliedModifier, TableRoll, modifier_from_text, roll_table

__all__ = [
    "TableLibrary",
    "shipped_tables_dir",
    "load_table",
    "Table",
    "Row",
    "Modifier",
    "pick",
    "AppliedModifier",
    "TableRoll",
    "modifier_from_text",
    "roll_table",
]
