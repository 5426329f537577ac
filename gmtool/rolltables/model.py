"""Rule tables as data: the in-memory model of ``tables/<ruleset>/<name>.toml``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gmtool.errors import TableError

Labels = dict[str, str]  # language code → text


def pick(labels: Labels, lang: str) -> str:
    """The label in ``lang``, falling back to English, then to any language."""
    return labels.get(lang) or labels.get("en") or next(iter(labels.values()), "")


def _folded(name: str) -> str:
    """A name as :meth:`Table.named` compares it: spacing, case and ``ё`` ignored."""
    return " ".join(name.split()).casefold().replace("ё", "е")


def is_per_stage(value: dict) -> bool:
    return all(key.startswith("stage") for key in value)


@dataclass(frozen=True, slots=True)
class Row:
    """One row: the faces (or totals) it covers, its id, labels and values."""

    number: int  # 1-based position in the file, for messages
    low: int | None  # None: open below ("≤2")
    high: int | None  # None: open above ("≥9")
    id: str
    label: Labels
    text: Labels = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)
    next: tuple[str, ...] = ()
    short: Labels = field(default_factory=dict)  # an abbreviation, e.g. ru "НОС"
    aliases: tuple[str, ...] = ()  # other names a user may give it ("колонизатор"), any language

    def covers(self, total: int) -> bool:
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)

    def range_text(self) -> str:
        if self.low is None and self.high is None:
            return "any"
        if self.low is None:
            return f"≤{self.high}"
        if self.high is None:
            return f"≥{self.low}"
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"

    def value(self, name: str, stage: int | None = None, default: Any = None) -> Any:
        """A value of the row; a value given per stage (``{stage2 = 24, stage3 = 36}``)
        is resolved for ``stage`` (``None`` when the stage has no value)."""
        raw = self.values.get(name, default)
        if isinstance(raw, dict) and is_per_stage(raw):
            return raw.get(f"stage{stage}") if stage is not None else None
        return raw


@dataclass(frozen=True, slots=True)
class Column:
    """A value column: its labels, the table its ids refer to (so a report can show
    ``НОС`` for ``hostile``), and whether roll reports show it."""

    label: Labels
    table: str | None = None
    in_roll_report: bool = True


@dataclass(frozen=True, slots=True)
class Modifier:
    """A named modifier a table knows, e.g. ``hostile: +2`` on world type."""

    id: str
    value: int
    label: Labels
    when: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StageDivision:
    """Divide the die in some stages, e.g. ``ceil(d10/2)`` in stage 1."""

    by: int
    round_up: bool
    stages: tuple[int, ...]

    def apply(self, face: int) -> int:
        return -(-face // self.by) if self.round_up else face // self.by


@dataclass(frozen=True, slots=True)
class Table:
    ruleset: str
    name: str
    path: Path
    sides: int | None  # None: a reference table, not rolled
    title: Labels
    rows: tuple[Row, ...]
    description: Labels = field(default_factory=dict)
    columns: dict[str, Column] = field(default_factory=dict)
    modifiers: tuple[Modifier, ...] = ()
    divide: StageDivision | None = None
    rules: dict[str, Any] = field(default_factory=dict)  # parameters for the rules code
    rule_labels: dict[str, Labels] = field(default_factory=dict)  # [labels.rules]: a rule key → its name
    value_labels: dict[str, Labels] = field(default_factory=dict)  # [labels.values]: a text value → its label
    _by_total: dict[int, Row] = field(default_factory=dict, compare=False, repr=False)

    @property
    def id(self) -> str:
        return f"{self.ruleset}/{self.name}"

    @property
    def die(self) -> str:
        return f"d{self.sides}" if self.sides else "—"

    def row(self, row_id: str) -> Row:
        found = self.find(row_id)
        if found is None:
            raise TableError(key="tables.no_row", table=self.id, row=row_id)
        return found

    def find(self, row_id: str) -> Row | None:
        """The row ``row_id``, or None."""
        return next((row for row in self.rows if row.id == row_id), None)

    def where(self, column: str, value: object) -> Row | None:
        """The first row whose ``column`` value is ``value`` (``where("discovery", "asteroids")``)."""
        return next((row for row in self.rows if row.values.get(column) == value), None)

    def named(self, name: str | None) -> Row | None:
        """The row a user names by its id, by its label in any language or by one of its
        ``aliases`` (case, ``ё``/``е`` and spacing ignored), or None."""
        wanted = _folded(name or "")
        for row in self.rows:
            if row.id.casefold() == wanted:
                return row
        for row in self.rows:
            labels = row.label.values() if isinstance(row.label, dict) else [row.label]
            if any(_folded(str(label)) == wanted for label in [*labels, *row.aliases]):
                return row
        return None

    def lookup(self, total: int) -> Row:
        """The row a total lands on (memoised: tables are immutable)."""
        row = self._by_total.get(total)
        if row is not None:
            return row
        for row in self.rows:
            if row.covers(total):
                if len(self._by_total) < 4096:
                    self._by_total[total] = row
                return row
        lows = [r.low for r in self.rows if r.low is not None]
        highs = [r.high for r in self.rows if r.high is not None]
        span = f"{min(lows, default='…')}–{max(highs, default='…')}"
        raise TableError(key="tables.no_row_for_total", table=self.id, total=total, span=span)

    def rule(self, key: str) -> Any:
        """A parameter from the table's ``[rules]``; a missing one is the table's mistake."""
        try:
            return self.rules[key]
        except KeyError:
            raise TableError(key="tables.rules_needs", path=self.path, key_=key) from None

    def modifier(self, mod_id: str) -> Modifier:
        for mod in self.modifiers:
            if mod.id == mod_id:
                return mod
        raise TableError(key="tables.no_modifier", table=self.id, modifier=mod_id, known=[m.id for m in self.modifiers])
