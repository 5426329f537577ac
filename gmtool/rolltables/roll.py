"""Roll on a table: die → stage division → modifiers → row → nested tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from gmtool.dice.sources import DiceSource
from gmtool.errors import TableError
from gmtool.rolltables.model import Labels, Row, StageDivision, Table

MAX_DEPTH = 8  # nested "next" tables; a loop between tables stops here


@dataclass(frozen=True, slots=True)
class AppliedModifier:
    """A modifier as applied to one roll: a named table modifier or a bare number."""

    value: int
    id: str | None = None
    label: Labels | None = None

    def to_data(self) -> dict[str, Any]:
        return {"value": self.value, **({"id": self.id} if self.id else {})}


@dataclass(slots=True)
class TableRoll:
    """One roll on one table, with every number that led to the row."""

    table: Table
    face: int | None  # the raw die (None: no die rolled, row forced)
    adjusted: int | None  # after the stage division (== face when none applies)
    modifiers: list[AppliedModifier]
    total: int | None
    row: Row
    stage: int | None = None
    nested: list["TableRoll"] = field(default_factory=list)
    rerolls: list["TableRoll"] = field(default_factory=list)  # rolls rejected before this one
    reroll_reason: str | None = None

    @property
    def divided(self) -> bool:
        return self.face is not None and self.adjusted != self.face

    @property
    def division(self) -> StageDivision | None:
        """The table's stage division, when it changed the face."""
        return self.table.divide if self.divided else None

    def all_rolls(self) -> list["TableRoll"]:
        out = [self]
        for sub in self.nested:
            out.extend(sub.all_rolls())
        return out

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "table": self.table.id,
            "die": self.table.die,
            "face": self.face,
            "modifiers": [m.to_data() for m in self.modifiers],
            "total": self.total,
            "row": self.row.id,
            "range": self.row.range_text(),
            "values": self.row.values,
        }
        if self.divided:
            data["divided"] = self.adjusted
        if self.stage is not None:
            data["stage"] = self.stage
        if self.nested:
            data["next"] = [n.to_data() for n in self.nested]
        if self.rerolls:
            data["rerolls"] = [{"face": r.face, "row": r.row.id} for r in self.rerolls]
            data["reroll_reason"] = self.reroll_reason
        return data


def modifier_from_text(table: Table, text: str) -> AppliedModifier:
    """``-4``, ``+2`` or the id of one of the table's modifiers (``hostile``)."""
    cleaned = text.strip().replace("−", "-")
    try:
        return AppliedModifier(int(cleaned))
    except ValueError:
        pass
    mod = table.modifier(cleaned)
    return AppliedModifier(mod.value, mod.id, mod.label)


def roll_table(
    table: Table,
    source: DiceSource,
    modifiers: Iterable[AppliedModifier] = (),
    stage: int | None = None,
    library: Any = None,
    label: str | None = None,
    _depth: int = 0,
) -> TableRoll:
    """Roll ``table``'s die, apply the stage division and modifiers, find the row, and
    (when ``library`` is given) roll on the row's ``next`` tables in order."""
    if table.sides is None:
        raise TableError(key="tables.reference", table=table.id)
    mods = modifiers if isinstance(modifiers, list) else list(modifiers)
    face = source.roll(table.sides, label or table.id)
    adjusted = face
    divide = table.divide
    if divide is not None and stage in divide.stages:
        adjusted = divide.apply(face)
    total = adjusted
    for mod in mods:
        total += mod.value
    result = TableRoll(table, face, adjusted, mods, total, table.lookup(total), stage)
    if library is not None and result.row.next:
        if _depth >= MAX_DEPTH:
            raise TableError(key="tables.too_deep", table=table.id, n=MAX_DEPTH)
        for sub in library.next_tables(table, result.row.next):
            result.nested.append(roll_table(sub, source, (), stage, library, None, _depth + 1))
    return result
