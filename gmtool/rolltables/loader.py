"""Load and validate one table file.

A table file looks like this (see README, "Rule tables")::

    die = "d10"
    title = { en = "World size", ru = "Размер мира" }
    [columns]
    max_population = { en = "Max population", ru = "Макс. население" }
    [[row]]
    roll = "2-3"                      # 5 · "3-4" · "<=2" · ">=9"
    id = "small"
    label = { en = "Small", ru = "Малый" }
    values = { max_population = 2 }

Every mistake is a :class:`TableError` whose message starts with the file name, and the
row number where there is one: ``tables/orion/world-type.toml: row 3: ranges 5–6 and 6
overlap``.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from gmtool.errors import TableError
from gmtool.tomlfile import display_path, read_toml
from gmtool.rolltables.model import LANGS, Column, Modifier, Row, StageDivision, Table

TABLE_KEYS = {"die", "title", "description", "columns", "row", "modifier", "divide", "rules", "labels"}
ROW_KEYS = {"roll", "id", "label", "short", "text", "values", "next"}
MODIFIER_KEYS = {"id", "value", "label", "when"}
DIVIDE_KEYS = {"by", "round", "stages"}
ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
NEXT_RE = re.compile(r"^([a-z0-9][a-z0-9_-]*/)?[a-z0-9][a-z0-9_-]*$")
_DIE_RE = re.compile(r"^d(\d{1,4}|%)$")
_ROLL_RE = re.compile(
    r"^\s*(?:(?P<le>(?:<=|≤)\s*-?\d+)|(?P<ge>(?:>=|≥)\s*-?\d+)|(?P<plus>-?\d+\s*\+)"
    r"|(?P<range>(?P<low>-?\d+)\s*[-–—]\s*(?P<high>-?\d+))|(?P<one>-?\d+))\s*$"
)


def load_table(path: Path, ruleset: str | None = None) -> Table:
    """Read and validate ``path``; ``ruleset`` defaults to the parent folder's name."""
    data = read_toml(path, TableError)
    where = display_path(path)
    return build_table(data, path, ruleset or path.resolve().parent.name, where)


def build_table(data: dict[str, Any], path: Path, ruleset: str, where: str) -> Table:
    def fail(msg: str) -> TableError:
        return TableError(f"{where}: {msg}")

    name = path.stem
    if not ID_RE.match(name) or not ID_RE.match(ruleset):
        raise fail("table and ruleset names must be lower-case letters, digits, '-' or '_'")
    unknown = sorted(set(data) - TABLE_KEYS)
    if unknown:
        raise fail(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(TABLE_KEYS))})")

    sides = None
    if "die" in data:
        die = data["die"]
        m = _DIE_RE.match(die) if isinstance(die, str) else None
        if not m:
            raise fail(f"die must be like \"d10\", not {die!r}")
        sides = 100 if m.group(1) == "%" else int(m.group(1))
        if not 1 <= sides <= 1000:
            raise fail(f"die d{sides} must have 1 to 1000 sides")

    title = _labels(data.get("title"), "title", fail, required=True)
    description = _labels(data.get("description", {}), "description", fail, required=False)

    columns: dict[str, Column] = {}
    raw_columns = data.get("columns", {})
    if not isinstance(raw_columns, dict):
        raise fail("columns must be a table of labels")
    for col, spec in raw_columns.items():
        if not ID_RE.match(col):
            raise fail(f"column name {col!r} must be lower-case letters, digits, '-' or '_'")
        columns[col] = _column(col, spec, fail)

    raw_rows = data.get("row", [] if sides is None and data.get("rules") else None)
    if not isinstance(raw_rows, list) or (not raw_rows and sides is not None):
        raise fail("no rows: add [[row]] entries")
    if not raw_rows and not data.get("rules"):
        raise fail("no rows: add [[row]] entries (or a [rules] table for a rules sheet)")
    rows = tuple(_row(i, r, sides, columns, fail) for i, r in enumerate(raw_rows, start=1))
    seen: dict[str, int] = {}
    for row in rows:
        if row.id in seen:
            raise fail(f"row {row.number}: id {row.id!r} is already used by row {seen[row.id]}")
        seen[row.id] = row.number
    if sides is not None:
        _check_coverage(rows, sides, fail)

    modifiers = tuple(_modifier(i, m, fail) for i, m in enumerate(_list(data.get("modifier", []), "modifier", fail), 1))
    if len({m.id for m in modifiers}) != len(modifiers):
        raise fail("two modifiers share an id")
    divide = _divide(data["divide"], fail) if "divide" in data else None
    if divide and sides is None:
        raise fail("divide needs a die")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise fail("rules must be a table of parameters for the rules code")
    for key, value in rules.items():
        if not ID_RE.match(key):
            raise fail(f"rules: key {key!r} must be lower-case letters, digits, '-' or '_'")
        _check_value(value, f"rules: {key!r}", fail)
    rule_labels, value_labels = _display_labels(data.get("labels", {}), rules, fail)
    return Table(ruleset, name, path, sides, title, rows, description, columns, modifiers, divide,
                 dict(rules), rule_labels, value_labels)


def _display_labels(spec: Any, rules: dict[str, Any], fail) -> tuple[dict, dict]:
    """``[labels.rules]`` names the ``[rules]`` keys and ``[labels.values]`` the text values
    (``empty``, ``planet``, ``world-type`` …) as ``table show`` prints them, in every language."""
    if not isinstance(spec, dict) or set(spec) - {"rules", "values"}:
        raise fail("labels must hold [labels.rules] and/or [labels.values]")
    out = []
    for part in ("rules", "values"):
        table = spec.get(part, {})
        if not isinstance(table, dict):
            raise fail(f"labels.{part} must be a table of {{ en = \"…\", ru = \"…\" }}")
        if part == "rules" and set(table) - set(rules):
            raise fail(f"labels.rules: {sorted(set(table) - set(rules))[0]!r} is not a key of [rules]")
        out.append({key: _labels(value, f"labels.{part}.{key}", fail, required=True)
                    for key, value in table.items()})
    return out[0], out[1]


def _list(value: Any, what: str, fail) -> list:
    if not isinstance(value, list):
        raise fail(f"{what} must be an array of tables ([[{what}]])")
    return value


def _labels(value: Any, what: str, fail, required: bool) -> dict[str, str]:
    if value is None:
        raise fail(f"{what} is missing: give {{ en = \"…\", ru = \"…\" }}")
    if not isinstance(value, dict):
        raise fail(f"{what} must be {{ en = \"…\", ru = \"…\" }}, not {value!r}")
    for lang, text in value.items():
        if not re.fullmatch(r"[a-z]{2}", lang):
            raise fail(f"{what}: unknown key {lang!r} (labels are keyed by language: en, ru)")
        if not isinstance(text, str) or not text.strip():
            raise fail(f"{what}: label {lang!r} must be non-empty text")
    if required:
        for lang in LANGS:
            if lang not in value:
                raise fail(f"{what}: missing {lang!r} label")
    return dict(value)


def _column(name: str, spec: Any, fail) -> Column:
    """``{ en = "…", ru = "…", table = "planet-properties", in_roll_report = false }``"""
    if not isinstance(spec, dict):
        raise fail(f"column {name!r} must be {{ en = \"…\", ru = \"…\" }}")
    spec = dict(spec)
    ref = spec.pop("table", None)
    shown = spec.pop("in_roll_report", True)
    if ref is not None and (not isinstance(ref, str) or not NEXT_RE.match(ref)):
        raise fail(f"column {name!r}: table must name a table, like \"planet-properties\"")
    if not isinstance(shown, bool):
        raise fail(f"column {name!r}: in_roll_report must be true or false")
    return Column(_labels(spec, f"column {name!r}", fail, required=True), ref, shown)


def parse_roll(spec: Any) -> tuple[int | None, int | None]:
    """``5`` / ``"5"`` / ``"3-4"`` / ``"<=2"`` / ``">=9"`` / ``"9+"`` → (low, high)."""
    if isinstance(spec, bool):
        raise ValueError(spec)
    if isinstance(spec, int):
        return spec, spec
    if not isinstance(spec, str):
        raise ValueError(spec)
    m = _ROLL_RE.match(spec)
    if not m:
        raise ValueError(spec)
    kind = m.lastgroup
    assert kind is not None   # every alternative of _ROLL_RE is a named group
    text = m.group(kind)
    nums = [int(n) for n in re.findall(r"-?\d+", text.replace("–", " ").replace("—", " "))]
    if kind == "le":
        return None, nums[0]
    if kind in ("ge", "plus"):
        return nums[0], None
    if kind == "range":
        # "3-4": the second number's "-" is the separator, not a sign
        low, high = int(m.group("low")), int(m.group("high"))
        if low > high:
            raise ValueError(spec)
        return low, high
    return nums[0], nums[0]


def _row(number: int, raw: Any, sides: int | None, columns: dict, fail) -> Row:
    if not isinstance(raw, dict):
        raise fail(f"row {number}: must be a table")
    unknown = sorted(set(raw) - ROW_KEYS)
    if unknown:
        raise fail(f"row {number}: unknown key {unknown[0]!r} (known: {', '.join(sorted(ROW_KEYS))})")
    row_id = raw.get("id")
    if not isinstance(row_id, str) or not ID_RE.match(row_id):
        raise fail(f"row {number}: id must be lower-case letters, digits, '-' or '_', not {row_id!r}")
    low = high = None
    if sides is not None:
        if "roll" not in raw:
            raise fail(f"row {number}: missing roll (e.g. roll = \"3-4\")")
        try:
            low, high = parse_roll(raw["roll"])
        except ValueError:
            raise fail(f"row {number}: roll {raw['roll']!r} is not a face or range "
                       "like 5, \"3-4\", \"<=2\" or \">=9\"") from None
    elif "roll" in raw:
        raise fail(f"row {number}: roll given but the table has no die")
    label = _labels(raw.get("label"), f"row {number}: label", fail, required=True)
    text = _labels(raw.get("text", {}), f"row {number}: text", fail, required=False)
    short = _labels(raw.get("short", {}), f"row {number}: short", fail, required=False)
    values = raw.get("values", {})
    if not isinstance(values, dict):
        raise fail(f"row {number}: values must be a table")
    for key, value in values.items():
        if key not in columns:
            raise fail(f"row {number}: value {key!r} has no column; declare it under [columns]")
        _check_value(value, f"row {number}: value {key!r}", fail)
    nxt = raw.get("next", ())
    if isinstance(nxt, str):
        nxt = (nxt,)
    if not isinstance(nxt, (list, tuple)) or not all(isinstance(n, str) and NEXT_RE.match(n) for n in nxt):
        raise fail(f"row {number}: next must name tables, like \"negative-events\" or \"orion/monster-kind\"")
    return Row(number, low, high, row_id, label, text, dict(values), tuple(nxt), short)


def _check_value(value: Any, what: str, fail) -> None:
    if isinstance(value, (bool, int, str)):
        return
    if isinstance(value, list) and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        return
    if isinstance(value, dict) and value and all(
        re.fullmatch(r"stage\d", k) and isinstance(v, (int, str)) for k, v in value.items()
    ):
        return
    if isinstance(value, dict) and value and all(
        k in LANGS and isinstance(v, str) and v.strip() for k, v in value.items()
    ):
        return
    raise fail(f"{what} must be a number, text, a list, per stage {{ stage2 = …, stage3 = … }} "
               "or per language { en = …, ru = … }")


def _faces(lo: int, hi: int) -> str:
    return f"face {lo} is" if lo == hi else f"faces {lo}–{hi} are"


def _check_coverage(rows: tuple[Row, ...], sides: int, fail) -> None:
    """Rows may not overlap, may leave no total between them uncovered, and must cover
    every face of the die."""
    ordered = sorted(rows, key=lambda r: (float("-inf") if r.low is None else r.low))
    for a, b in zip(ordered, ordered[1:]):
        a_high = float("inf") if a.high is None else a.high
        b_low = float("-inf") if b.low is None else b.low
        if b_low <= a_high:
            first, second = sorted((a, b), key=lambda r: r.number)
            raise fail(f"row {second.number}: ranges {first.range_text()} and "
                       f"{second.range_text()} overlap")
        if b_low > a_high + 1:
            word = "faces" if a_high + 1 <= sides and b_low - 1 >= 1 else "totals"
            lo, hi = int(a_high) + 1, int(b_low) - 1
            span = _faces(lo, hi) if word == "faces" else (
                f"total {lo} is" if lo == hi else f"totals {lo}–{hi} are")
            raise fail(f"row {b.number}: {span} in no row (gap before {b.range_text()})")
    first, last = ordered[0], ordered[-1]
    if first.low is not None and first.low > 1:
        raise fail(f"row {first.number}: {_faces(1, first.low - 1)} in no row")
    if last.high is not None and last.high < sides:
        raise fail(f"row {last.number}: {_faces(last.high + 1, sides)} in no row (the die is d{sides})")


def _modifier(number: int, raw: Any, fail) -> Modifier:
    if not isinstance(raw, dict):
        raise fail(f"modifier {number}: must be a table")
    unknown = sorted(set(raw) - MODIFIER_KEYS)
    if unknown:
        raise fail(f"modifier {number}: unknown key {unknown[0]!r}")
    mod_id, value = raw.get("id"), raw.get("value")
    if not isinstance(mod_id, str) or not ID_RE.match(mod_id):
        raise fail(f"modifier {number}: id must be lower-case letters, digits, '-' or '_'")
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail(f"modifier {number} ({mod_id}): value must be a whole number")
    label = _labels(raw.get("label"), f"modifier {number} ({mod_id}): label", fail, required=True)
    when = raw.get("when", {})
    if not isinstance(when, dict):
        raise fail(f"modifier {number} ({mod_id}): when must be a table")
    return Modifier(mod_id, value, label, dict(when))


def _divide(raw: Any, fail) -> StageDivision:
    if not isinstance(raw, dict) or set(raw) - DIVIDE_KEYS:
        raise fail("divide must be { by = 2, round = \"up\", stages = [1] }")
    by, rnd, stages = raw.get("by"), raw.get("round", "up"), raw.get("stages", [])
    if not isinstance(by, int) or isinstance(by, bool) or by < 1:
        raise fail("divide.by must be a whole number ≥ 1")
    if rnd not in ("up", "down"):
        raise fail("divide.round must be \"up\" or \"down\"")
    if not isinstance(stages, list) or not all(isinstance(s, int) for s in stages):
        raise fail("divide.stages must be a list of stage numbers")
    return StageDivision(by, rnd == "up", tuple(stages))
