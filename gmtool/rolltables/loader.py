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
from typing import Any, Callable

from gmtool.errors import TableError
from gmtool.formats import LANGS
from gmtool.lazy_re import lazy
from gmtool.locale import Msg
from gmtool.rolltables.model import Column, Modifier, Row, StageDivision, Table
from gmtool.tomlfile import display_path, read_toml

Fail = Callable[..., TableError]  # fail(key, **params): the error naming the table's file

TABLE_KEYS = {"die", "title", "description", "columns", "row", "modifier", "divide", "rules", "labels"}
ROW_KEYS = {"roll", "id", "label", "short", "text", "values", "next", "aliases"}
MODIFIER_KEYS = {"id", "value", "label", "when"}
DIVIDE_KEYS = {"by", "round", "stages"}
ID_RE = lazy(r"^[a-z0-9][a-z0-9_-]*$")
NEXT_RE = lazy(r"^([a-z0-9][a-z0-9_-]*/)?[a-z0-9][a-z0-9_-]*$")
_DIE_RE = lazy(r"^d(\d{1,4}|%)$")
_ROLL_RE = lazy(
    r"^\s*(?:(?P<le>(?:<=|≤)\s*-?\d+)|(?P<ge>(?:>=|≥)\s*-?\d+)|(?P<plus>-?\d+\s*\+)"
    r"|(?P<range>(?P<low>-?\d+)\s*[-–—]\s*(?P<high>-?\d+))|(?P<one>-?\d+))\s*$"
)


def load_table(path: Path, ruleset: str | None = None, compiled: bool = False) -> Table:
    """Read and validate ``path``; ``ruleset`` defaults to the parent folder's name.
    ``compiled``: its data may come from its compiled copy (gmtool.tomlfile.read_toml) — the
    library asks it for a shipped table (every command reads a dozen of them); a campaign's
    or a moderator's own table is parsed anew."""
    data = read_toml(path, TableError, compiled=compiled)
    where = display_path(path)
    return build_table(data, path, ruleset or path.resolve().parent.name, where)


def build_table(data: dict[str, Any], path: Path, ruleset: str, where: str) -> Table:
    def fail(key: str, /, **params: Any) -> TableError:
        return TableError(key="campaign.in_file", where=where, reason=Msg("table_file." + key, **params))

    name = path.stem
    if not ID_RE.match(name) or not ID_RE.match(ruleset):
        raise fail("names")
    unknown = sorted(set(data) - TABLE_KEYS)
    if unknown:
        raise fail("unknown_key", key=repr(unknown[0]), known=sorted(TABLE_KEYS))

    sides = None
    if "die" in data:
        die = data["die"]
        m = _DIE_RE.match(die) if isinstance(die, str) else None
        if not m:
            raise fail("die_like", die=repr(die))
        sides = 100 if m.group(1) == "%" else int(m.group(1))
        if not 1 <= sides <= 1000:
            raise fail("die_sides", sides=sides)

    title = _labels(data.get("title"), "title", fail, required=True)
    description = _labels(data.get("description", {}), "description", fail, required=False)

    columns: dict[str, Column] = {}
    raw_columns = data.get("columns", {})
    if not isinstance(raw_columns, dict):
        raise fail("columns_table")
    for col, spec in raw_columns.items():
        if not ID_RE.match(col):
            raise fail("column_name", name=repr(col))
        columns[col] = _column(col, spec, fail)

    raw_rows = data.get("row", [] if sides is None and data.get("rules") else None)
    if not isinstance(raw_rows, list) or (not raw_rows and sides is not None):
        raise fail("no_rows")
    if not raw_rows and not data.get("rules"):
        raise fail("no_rows_rules")
    rows = tuple(_row(i, r, sides, columns, fail) for i, r in enumerate(raw_rows, start=1))
    seen: dict[str, int] = {}
    for row in rows:
        if row.id in seen:
            raise fail("row_id_used", n=row.number, id=repr(row.id), other=seen[row.id])
        seen[row.id] = row.number
    if sides is not None:
        _check_coverage(rows, sides, fail)

    modifiers = tuple(_modifier(i, m, fail) for i, m in enumerate(_list(data.get("modifier", []), "modifier", fail), 1))
    if len({m.id for m in modifiers}) != len(modifiers):
        raise fail("modifier_ids")
    divide = _divide(data["divide"], fail) if "divide" in data else None
    if divide and sides is None:
        raise fail("divide_die")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise fail("rules_table")
    for key, value in rules.items():
        if not ID_RE.match(key):
            raise fail("rules_key", key=repr(key))
        _check_value(value, Msg("table_file.what_rules", key=repr(key)), fail)
    rule_labels, value_labels = _display_labels(data.get("labels", {}), rules, fail)
    return Table(
        ruleset,
        name,
        path,
        sides,
        title,
        rows,
        description,
        columns,
        modifiers,
        divide,
        dict(rules),
        rule_labels,
        value_labels,
    )


def _display_labels(spec: Any, rules: dict[str, Any], fail: Fail) -> tuple[dict, dict]:
    """``[labels.rules]`` names the ``[rules]`` keys and ``[labels.values]`` the text values
    (``empty``, ``planet``, ``world-type`` …) as ``table show`` prints them, in every language."""
    if not isinstance(spec, dict) or set(spec) - {"rules", "values"}:
        raise fail("labels_parts")
    out = []
    for part in ("rules", "values"):
        table = spec.get(part, {})
        if not isinstance(table, dict):
            raise fail("labels_part", part=part)
        if part == "rules" and set(table) - set(rules):
            raise fail("labels_rules_key", key=repr(sorted(set(table) - set(rules))[0]))
        out.append({key: _labels(value, f"labels.{part}.{key}", fail, required=True) for key, value in table.items()})
    return out[0], out[1]


def _list(value: Any, what: Any, fail: Fail) -> list:
    if not isinstance(value, list):
        raise fail("array", what=what)
    return value


def _labels(value: Any, what: Any, fail: Fail, required: bool) -> dict[str, str]:
    if value is None:
        raise fail("label_missing", what=what)
    if not isinstance(value, dict):
        raise fail("label_not_table", what=what, value=repr(value))
    for lang, text in value.items():
        if not re.fullmatch(r"[a-z]{2}", lang):
            raise fail("label_lang", what=what, lang=repr(lang))
        if not isinstance(text, str) or not text.strip():
            raise fail("label_empty", what=what, lang=repr(lang))
    if required:
        for lang in LANGS:
            if lang not in value:
                raise fail("label_lacks", what=what, lang=repr(lang))
    return dict(value)


def _column(name: str, spec: Any, fail: Fail) -> Column:
    """``{ en = "…", ru = "…", table = "planet-properties", in_roll_report = false }``"""
    if not isinstance(spec, dict):
        raise fail("column_spec", name=repr(name))
    spec = dict(spec)
    ref = spec.pop("table", None)
    shown = spec.pop("in_roll_report", True)
    if ref is not None and (not isinstance(ref, str) or not NEXT_RE.match(ref)):
        raise fail("column_table", name=repr(name))
    if not isinstance(shown, bool):
        raise fail("column_shown", name=repr(name))
    return Column(_labels(spec, Msg("table_file.what_column", name=repr(name)), fail, required=True), ref, shown)


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
    assert kind is not None  # every alternative of _ROLL_RE is a named group
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


def _row(number: int, raw: Any, sides: int | None, columns: dict, fail: Fail) -> Row:
    if not isinstance(raw, dict):
        raise fail("row_table", n=number)
    unknown = sorted(set(raw) - ROW_KEYS)
    if unknown:
        raise fail("row_unknown", n=number, key=repr(unknown[0]), known=sorted(ROW_KEYS))
    row_id = raw.get("id")
    if not isinstance(row_id, str) or not ID_RE.match(row_id):
        raise fail("row_id", n=number, id=repr(row_id))
    low = high = None
    if sides is not None:
        if "roll" not in raw:
            raise fail("row_no_roll", n=number)
        try:
            low, high = parse_roll(raw["roll"])
        except ValueError:
            raise fail("row_bad_roll", n=number, roll=repr(raw["roll"])) from None
    elif "roll" in raw:
        raise fail("row_roll_no_die", n=number)
    label = _labels(raw.get("label"), Msg("table_file.what_row", n=number, key="label"), fail, required=True)
    text = _labels(raw.get("text", {}), Msg("table_file.what_row", n=number, key="text"), fail, required=False)
    short = _labels(raw.get("short", {}), Msg("table_file.what_row", n=number, key="short"), fail, required=False)
    values = raw.get("values", {})
    if not isinstance(values, dict):
        raise fail("row_values", n=number)
    for key, value in values.items():
        if key not in columns:
            raise fail("row_value_column", n=number, key=repr(key))
        _check_value(value, Msg("table_file.what_value", n=number, key=repr(key)), fail)
    nxt = raw.get("next", ())
    if isinstance(nxt, str):
        nxt = (nxt,)
    if not isinstance(nxt, (list, tuple)) or not all(isinstance(n, str) and NEXT_RE.match(n) for n in nxt):
        raise fail("row_next", n=number)
    aliases = raw.get("aliases", {})
    if not isinstance(aliases, dict) or not all(
        isinstance(names, list) and all(isinstance(n, str) and n.strip() for n in names) for names in aliases.values()
    ):
        raise fail("row_aliases", n=number)
    for lang in aliases:
        if lang not in LANGS:
            raise fail("label_lang", what=Msg("table_file.what_row", n=number, key="aliases"), lang=repr(lang))
    names = tuple(name for lang in aliases for name in aliases[lang])
    return Row(number, low, high, row_id, label, text, dict(values), tuple(nxt), short, names)


def _check_value(value: Any, what: Any, fail: Fail) -> None:
    if isinstance(value, (bool, int, str)):
        return
    if isinstance(value, list) and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        return
    if (
        isinstance(value, dict)
        and value
        and all(re.fullmatch(r"stage\d", k) and isinstance(v, (int, str)) for k, v in value.items())
    ):
        return
    if (
        isinstance(value, dict)
        and value
        and all(k in LANGS and isinstance(v, str) and v.strip() for k, v in value.items())
    ):
        return
    raise fail("value_kind", what=what)


def _faces(lo: int, hi: int) -> Msg:
    return Msg("table_file.face", lo=lo) if lo == hi else Msg("table_file.faces", lo=lo, hi=hi)


def _check_coverage(rows: tuple[Row, ...], sides: int, fail: Fail) -> None:
    """Rows may not overlap, may leave no total between them uncovered, and must cover
    every face of the die."""
    ordered = sorted(rows, key=lambda r: float("-inf") if r.low is None else r.low)
    for a, b in zip(ordered, ordered[1:]):
        a_high = float("inf") if a.high is None else a.high
        b_low = float("-inf") if b.low is None else b.low
        if b_low <= a_high:
            first, second = sorted((a, b), key=lambda r: r.number)
            raise fail("overlap", n=second.number, a=first.range_text(), b=second.range_text())
        if b_low > a_high + 1:
            word = "faces" if a_high + 1 <= sides and b_low - 1 >= 1 else "totals"
            lo, hi = int(a_high) + 1, int(b_low) - 1
            span = (
                _faces(lo, hi)
                if word == "faces"
                else (Msg("table_file.total", lo=lo) if lo == hi else Msg("table_file.totals", lo=lo, hi=hi))
            )
            raise fail("gap", n=b.number, span=span, range=b.range_text())
    first, last = ordered[0], ordered[-1]
    if first.low is not None and first.low > 1:
        raise fail("first_gap", n=first.number, span=_faces(1, first.low - 1))
    if last.high is not None and last.high < sides:
        raise fail("last_gap", n=last.number, span=_faces(last.high + 1, sides), sides=sides)


def _modifier(number: int, raw: Any, fail: Fail) -> Modifier:
    if not isinstance(raw, dict):
        raise fail("modifier_table", n=number)
    unknown = sorted(set(raw) - MODIFIER_KEYS)
    if unknown:
        raise fail("modifier_unknown", n=number, key=repr(unknown[0]))
    mod_id, value = raw.get("id"), raw.get("value")
    if not isinstance(mod_id, str) or not ID_RE.match(mod_id):
        raise fail("modifier_id", n=number)
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail("modifier_value", n=number, id=mod_id)
    label = _labels(
        raw.get("label"), Msg("table_file.what_modifier", n=number, id=mod_id, key="label"), fail, required=True
    )
    when = raw.get("when", {})
    if not isinstance(when, dict):
        raise fail("modifier_when", n=number, id=mod_id)
    return Modifier(mod_id, value, label, dict(when))


def _divide(raw: Any, fail: Fail) -> StageDivision:
    if not isinstance(raw, dict) or set(raw) - DIVIDE_KEYS:
        raise fail("divide_spec", example='{ by = 2, round = "up", stages = [1] }')
    by, rnd, stages = raw.get("by"), raw.get("round", "up"), raw.get("stages", [])
    if not isinstance(by, int) or isinstance(by, bool) or by < 1:
        raise fail("divide_by")
    if rnd not in ("up", "down"):
        raise fail("divide_round")
    if not isinstance(stages, list) or not all(isinstance(s, int) for s in stages):
        raise fail("divide_stages")
    return StageDivision(by, rnd == "up", tuple(stages))
