"""Exact odds by enumeration: run rules code once per distinct outcome.

:class:`EnumRoller` answers each table roll with one *row* (not one face): faces that
land on the same row are one branch, weighted by how many faces they are.  A reroll
rule (``allowed``) makes the distribution conditional: only the allowed rows remain,
renormalised — exactly what "reroll until …" means.  :func:`enumerate_outcomes` walks
every branch depth-first by re-running the rules code with a growing prefix of choices.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable, Iterator, TypeVar

from gmtool.errors import TableError
from gmtool.rolltables.model import Row, Table
from gmtool.rolltables.roll import AppliedModifier, TableRoll
from gmtool.rolltables.roller import RowTest

T = TypeVar("T")
MAX_BRANCHES = 2_000_000


class _NeedChoice(Exception):
    def __init__(self, options: int) -> None:
        self.options = options


def row_groups(
    table: Table, total_modifier: int, stage: int | None, allowed: RowTest | None = None
) -> list[tuple[Row, int, int, int]]:
    """``(row, first face, adjusted face, number of faces)`` for each row the die can
    reach, in face order."""
    if table.sides is None:
        raise TableError(key="tables.reference_odds", table=table.id)
    groups: dict[str, list] = {}
    for face in range(1, table.sides + 1):
        adjusted = face
        if table.divide and stage in table.divide.stages:
            adjusted = table.divide.apply(face)
        row = table.lookup(adjusted + total_modifier)
        if allowed is not None and not allowed(row):
            continue
        entry = groups.get(row.id)
        if entry is None:
            groups[row.id] = [row, face, adjusted, 1]
        else:
            entry[3] += 1
    if not groups:
        raise TableError(key="tables.reroll_allows_none", table=table.id)
    return [(row, first, adjusted, faces) for row, first, adjusted, faces in groups.values()]


class EnumRoller:
    """A roller that follows a list of branch choices and records the probability."""

    def __init__(self, choices: list[int]) -> None:
        self.choices = choices
        self.position = 0
        self.probability = Fraction(1)

    def roll(
        self,
        table: Table,
        modifiers: Iterable[AppliedModifier] = (),
        stage: int | None = None,
        label: str | None = None,
        allowed: RowTest | None = None,
        reason: str | None = None,
    ) -> TableRoll:
        mods = list(modifiers)
        groups = row_groups(table, sum(m.value for m in mods), stage, allowed)
        if self.position == len(self.choices):
            raise _NeedChoice(len(groups))
        row, face, adjusted, count = groups[self.choices[self.position]]
        self.position += 1
        self.probability *= Fraction(count, sum(g[3] for g in groups))
        total = adjusted + sum(m.value for m in mods)
        return TableRoll(table, face, adjusted, mods, total, row, stage)


def enumerate_outcomes(rules: Callable[[EnumRoller], T]) -> Iterator[tuple[T, Fraction]]:
    """Every outcome of ``rules(roller)`` with its exact probability (they sum to 1)."""
    stack: list[list[int]] = [[]]
    runs = 0
    while stack:
        prefix = stack.pop()
        runs += 1
        if runs > MAX_BRANCHES:
            raise TableError(key="tables.too_many_branches", n=MAX_BRANCHES)
        roller = EnumRoller(prefix)
        try:
            outcome = rules(roller)
        except _NeedChoice as need:
            stack.extend(prefix + [i] for i in reversed(range(need.options)))
            continue
        yield outcome, roller.probability


def distribution(outcomes: Iterable[tuple[T, Fraction]]) -> dict[T, Fraction]:
    """Sum the probabilities of equal outcomes."""
    out: dict[T, Fraction] = {}
    for value, p in outcomes:
        out[value] = out.get(value, Fraction(0)) + p
    return out
