"""Rollers: how rules code asks for a table roll.

Rules code (the exploration chain, say) never touches dice; it asks a roller for a roll
on a table, optionally with modifiers, a stage, and ``allowed`` — a test on the row that
forces a reroll until it passes (docs/rules-orion.md A4.5).  Two rollers share that one method:

* :class:`DiceRoller` rolls real dice from a :class:`~gmtool.dice.sources.DiceSource`
  and keeps every rejected roll in the result's ``rerolls``;
* :class:`gmtool.rolltables.odds.EnumRoller` branches on every row instead, so the same
  rules code yields its exact probabilities.
"""

from __future__ import annotations

from typing import Callable, Iterable, Protocol

from gmtool.dice.sources import DiceSource
from gmtool.errors import TableError
from gmtool.locale import Msg, has
from gmtool.rolltables.model import Row, Table
from gmtool.rolltables.roll import AppliedModifier, TableRoll, roll_table

RowTest = Callable[[Row], bool]
MAX_REROLLS = 100


class Roller(Protocol):
    def roll(
        self,
        table: Table,
        modifiers: Iterable[AppliedModifier] = (),
        stage: int | None = None,
        label: str | None = None,
        allowed: RowTest | None = None,
        reason: str | None = None,
    ) -> TableRoll: ...


class DiceRoller:
    """Rolls on tables with dice from ``source``."""

    __slots__ = ("source",)

    def __init__(self, source: DiceSource) -> None:
        self.source = source

    def roll(
        self,
        table: Table,
        modifiers: Iterable[AppliedModifier] = (),
        stage: int | None = None,
        label: str | None = None,
        allowed: RowTest | None = None,
        reason: str | None = None,
    ) -> TableRoll:
        mods = modifiers if isinstance(modifiers, list) else list(modifiers)
        if allowed is None:
            return roll_table(table, self.source, mods, stage, None, label)
        rejected: list[TableRoll] = []
        while True:
            result = roll_table(
                table,
                self.source,
                mods,
                stage,
                None,
                label if not rejected else f"{label or table.id}, reroll {len(rejected)}",
            )
            if allowed(result.row):
                if rejected:
                    result.rerolls = rejected
                    result.reroll_reason = reason
                return result
            rejected.append(result)
            if len(rejected) >= MAX_REROLLS:
                raise TableError(
                    key="tables.no_allowed_row",
                    table=table.id,
                    n=MAX_REROLLS,
                    reason=Msg(reason) if reason and has(reason) else (reason or Msg("tables_reroll_rule")),
                )
