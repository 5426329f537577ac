"""Reports for ``gmtool table list | show | roll``."""

from __future__ import annotations

import re
from typing import Any, Callable

from gmtool.report.i18n import tr
from gmtool.report.model import Facts, Heading, Items, Paragraph, Report, Span, TableBlock, Text, bold, raw, text
from gmtool.rolltables.model import Column, Row, Table, is_per_stage, pick
from gmtool.rolltables.roll import TableRoll

# (table id or name, ruleset, row id) → the row, or None; supplied by the caller so that
# ids such as "hostile" show as their label ("НОС") without this module reading files.
RowLookup = Callable[[str, str, str], "Row | None"]


def format_value(
    value: Any,
    lang: str,
    column: Column | None = None,
    ruleset: str = "",
    lookup: RowLookup | None = None,
    names: dict[str, Any] | None = None,
) -> str:
    """A value as a reader sees it: yes/no, a referenced row's label, a named value
    (``names``: the table's ``[labels.values]``), per-stage values by stage."""
    if isinstance(value, bool):
        return tr("yes" if value else "no", lang)
    if isinstance(value, list):
        return tr("list_sep", lang).join(format_value(v, lang, column, ruleset, lookup, names) for v in value) or "—"
    if isinstance(value, dict):
        if not is_per_stage(value):
            return pick(value, lang)
        return " / ".join(
            f"{tr('stage', lang)} {k[5:]}: {format_value(v, lang, column, ruleset, lookup, names)}"
            for k, v in value.items()
        )
    if isinstance(value, str) and column and column.table and lookup:
        row = lookup(column.table, ruleset, value)
        if row is not None:
            return pick(row.short or row.label, lang)
    if isinstance(value, str) and names and value in names:
        return pick(names[value], lang)
    if isinstance(value, str) and _CHANGE.match(value):
        return _changes(value, lang)
    return str(value)


_CHANGE = re.compile(r"^\s*[a-z]+\s*:\s*[+-]?\d+\s*(,\s*[a-z]+\s*:\s*[+-]?\d+\s*)*$")


def _changes(value: str, lang: str) -> str:
    """``"bc:+6, orders:-1"`` (an effect in a table) → ``+6 BC, −1 order``."""
    from gmtool.locale import has
    from gmtool.report.words import change

    parts = [p.split(":") for p in value.split(",")]
    if not all(has(f"n_{k.strip()}") for k, _ in parts):
        return value
    return tr("list_sep", lang).join(change(k.strip(), int(v), lang) for k, v in parts)


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


WIDE = 3  # more value columns than this are folded into one "Values" column


def list_report(tables: list[Table], errors: list[str], lang: str) -> Report:
    rows = [
        [t.id, t.ruleset, t.die, pick(t.title, lang), str(len(t.rows)) if t.rows else tr("rules", lang).lower()]
        for t in tables
    ]
    headers = [tr(k, lang) for k in ("id", "ruleset", "die", "title", "rows")]
    blocks: list = [TableBlock(headers, rows)]
    if errors:
        blocks.append(Items([text(e) for e in errors]))
    data = {
        "tables": [
            {"id": t.id, "ruleset": t.ruleset, "die": t.die, "title": t.title, "rows": len(t.rows), "file": str(t.path)}
            for t in tables
        ],
        "errors": errors,
    }
    return Report(text(tr("tables", lang)), blocks, data)


def show_report(table: Table, lang: str, lookup: RowLookup | None = None, ids: bool = True) -> Report:
    """A table as a reader sees it; ``ids``: its id and its rows' and modifiers' ids too (the
    moderator's view: an orders file names rows by id), never in a player's post."""
    value_cols = list(table.columns)
    if not ids:  # a quest's condition is the moderator's notation ("found:natives"): its text says it in words
        value_cols = [c for c in value_cols if c != "condition" or not all(r.text for r in table.rows)]
    fold = len(value_cols) > WIDE
    has_text = any(r.text for r in table.rows)
    # the label before the id: a table too wide for one is split, each part led by its first
    # column, so a row is always named in words (orion/agents: «Сбор сведений», not gather-intel)
    headers = ([tr("roll_col", lang)] if table.sides else []) + [tr("result", lang)] + [tr("id", lang)] * ids
    headers += [tr("values", lang)] if fold else [pick(table.columns[c].label, lang) for c in value_cols]
    if has_text:
        headers.append(tr("effect", lang))
    rows = []
    for row in table.rows:
        cells = ([row.range_text()] if table.sides else []) + [pick(row.label, lang)] + [row.id] * ids
        shown = {
            c: format_value(row.values[c], lang, table.columns[c], table.ruleset, lookup, table.value_labels)
            for c in value_cols
            if c in row.values
        }
        if fold:
            cells.append("; ".join(f"{pick(table.columns[c].label, lang)}: {v}" for c, v in shown.items()))
        else:
            cells += [shown.get(c, "") for c in value_cols]
        if has_text:
            cells.append(pick(row.text, lang) if row.text else "")
        rows.append(cells)
    facts: list[tuple[str, Text]] = [(tr("die", lang), text(table.die if table.sides else tr("reference", lang)))]
    if table.divide:
        stages = ", ".join(str(s) for s in table.divide.stages)
        left, right = ("⌈", "⌉") if table.divide.round_up else ("⌊", "⌋")
        facts.append(
            (tr("stage", lang).capitalize() + f" {stages}", text(f"{left}{table.die}/{table.divide.by}{right}"))
        )
    blocks: list = []
    if table.description:
        blocks.append(Paragraph(text(pick(table.description, lang))))
    blocks.append(Facts(facts))
    if rows:
        blocks.append(TableBlock(headers, rows))
    if table.rules:
        rows_named = {**{r.id: r.short or r.label for r in table.rows}, **table.value_labels}  # a rule naming a row
        blocks.append(Heading(text(tr("rules", lang))))
        blocks.append(
            Facts(
                [
                    (
                        pick(table.rule_labels[key], lang) if key in table.rule_labels else key,
                        text(format_value(value, lang, names=rows_named)),
                    )
                    for key, value in table.rules.items()
                ]
            )
        )
    if table.modifiers:
        blocks.append(Heading(text(tr("modifiers", lang))))
        blocks.append(
            TableBlock(
                [tr("modifier", lang), tr("value", lang)] + [tr("id", lang)] * ids,
                [[pick(m.label, lang), signed(m.value)] + [m.id] * ids for m in table.modifiers],
            )
        )
    data: dict[str, Any] = {
        "id": table.id,
        "ruleset": table.ruleset,
        "die": table.die if table.sides else None,
        "title": table.title,
        "description": table.description,
        "columns": {
            name: {"label": c.label, **({"table": c.table} if c.table else {})} for name, c in table.columns.items()
        },
        "rows": [_row_data(r) for r in table.rows],
        "modifiers": [{"id": m.id, "value": m.value, "label": m.label, "when": m.when} for m in table.modifiers],
    }
    if table.rules:
        data["rules"] = table.rules
    if table.divide:
        data["divide"] = {
            "by": table.divide.by,
            "round": "up" if table.divide.round_up else "down",
            "stages": list(table.divide.stages),
        }
    title = text(f"{pick(table.title, lang)} ", Span(f"({table.id})", "i")) if ids else text(pick(table.title, lang))
    return Report(title, blocks, data)


def _row_data(row: Row) -> dict[str, Any]:
    data: dict[str, Any] = {
        "roll": row.range_text(),
        "low": row.low,
        "high": row.high,
        "id": row.id,
        "label": row.label,
    }
    for key, value in (("short", row.short), ("text", row.text), ("values", row.values)):
        if value:
            data[key] = value
    if row.next:
        data["next"] = list(row.next)
    return data


def roll_line(roll: TableRoll, lang: str) -> Text:
    """``World type: d10 = 6, +2 (hostile environment) → 8: Barren or desert``."""
    out: Text = [bold(pick(roll.table.title, lang)), raw(": ")]
    out.append(raw(f"{roll.table.die} = {roll.face}"))
    if (division := roll.division) is not None:
        brackets = ("⌈", "⌉") if division.round_up else ("⌊", "⌋")
        out.append(raw(f", {brackets[0]}{roll.face}/{division.by}{brackets[1]} = {roll.adjusted}"))
        out.append(Span(f" ({tr('stage', lang)} {roll.stage})"))
    for mod in roll.modifiers:
        out.append(raw(f", {signed(mod.value)}"))
        if mod.label:
            out.append(Span(f" ({pick(mod.label, lang)})"))
    if roll.modifiers:
        out.append(raw(f" = {roll.total}"))
    out.append(raw(" → "))
    out.append(raw(roll.row.range_text() + ": "))
    out.append(bold(pick(roll.row.label, lang)))
    return out


def roll_report(roll: TableRoll, lang: str, source_info: dict[str, Any], lookup: RowLookup | None = None) -> Report:
    from gmtool.report.dice import source_text

    blocks: list = []
    for sub in roll.all_rolls():
        blocks.append(Paragraph(roll_line(sub, lang)))
        facts: list[tuple[str, Text]] = []
        stage = sub.stage
        for col, value in sub.row.values.items():
            column = sub.table.columns[col]
            if not column.in_roll_report:
                continue
            if stage is not None:
                value = sub.row.value(col, stage)
                if value is None:
                    continue
            shown = format_value(value, lang, column, sub.table.ruleset, lookup, sub.table.value_labels)
            facts.append((pick(column.label, lang), text(shown)))
        if sub.row.text:
            facts.append((tr("effect", lang), text(pick(sub.row.text, lang))))
        if facts:
            blocks.append(Facts(facts))
    blocks.append(Facts([(tr("dice_source", lang), source_text(source_info, lang))]))
    data = roll.to_data()
    data["source"] = source_info
    return Report(text(pick(roll.table.title, lang)), blocks, data)  # its id is in the JSON, not in a post
