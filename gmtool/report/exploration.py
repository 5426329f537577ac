"""Reports for ``gmtool explore`` and ``gmtool world planet``: the story a player reads."""

from __future__ import annotations

from typing import Any

from gmtool.locale import has, t
from gmtool.report.i18n import tr
from gmtool.report.model import Facts, Heading, Items, Report, Span, Text, bold, raw, text
from gmtool.report.tables import RowLookup, format_value, roll_line, signed
from gmtool.rolltables.model import Row, pick
from gmtool.rolltables.roll import TableRoll
from gmtool.rules.orion.exploration import Exploration, Gain, OrionTables, Planet


def _short(row: Row, lang: str) -> str:
    return pick(row.short or row.label, lang)


def _gain_text(gain: Gain, lang: str, lookup: RowLookup | None) -> str:
    column = gain.table.columns.get(gain.name)
    label = pick(column.label, lang) if column else gain.name
    return f"{label}: {format_value(gain.value, lang, column, gain.table.ruleset, lookup)}"


def _loss_text(gain: Gain, lang: str) -> str:
    """What a negative event takes, in words that say so («1 ордер; если ордеров нет — …»)."""
    return t(f"loss.{gain.name}", lang, n=gain.value if isinstance(gain.value, int) else 1)


def _taken_text(gain: Gain, lang: str) -> str:
    """What a negative event took in a campaign: the one that happened («1 ордер», or «1
    колонист в Родном мире (ордеров не было)»), A4.2."""
    key = f"loss_taken.{gain.name}" if has(f"loss_taken.{gain.name}") else f"loss.{gain.name}"
    return t(key, lang, n=gain.value if isinstance(gain.value, int) else 1)


def _reroll_note(result: Exploration, tables: OrionTables, lang: str) -> str:
    reason = (result.exploration.reroll_reason if result.exploration else None) or ""
    n = tables.max_planets if reason.endswith("max_planets") else tables.min_planets
    return tr(reason, lang, n=n) if reason else ""


def planet_facts(planet: Planet, tables: OrionTables, lang: str) -> list[tuple[str, Text]]:
    facts: list[tuple[str, Text]] = []
    type_text = pick(planet.type_row.label, lang)
    if planet.type_fixed_by is not None:
        type_text += f" ({tr('type_fixed', lang, event=pick(planet.type_fixed_by.label, lang))})"
    elif "type" in planet.forced:
        type_text += f" ({tr('forced', lang)})"
    size_text = pick(planet.size_row.label, lang)
    if planet.size_raised_from is not None:
        size_text += (
            " ("
            + tr(
                "size_raised",
                lang,
                rolled=pick(planet.size_raised_from.label, lang),
                size=pick(planet.size_row.label, lang),
                event=pick(planet.size_raised_by.label, lang) if planet.size_raised_by else "",
            )
            + ")"
        )
    elif "size" in planet.forced:
        size_text += f" ({tr('forced', lang)})"
    facts.append((tr("world", lang), [bold(type_text), Span(", " + size_text[:1].lower() + size_text[1:])]))
    props = [tables.property_row(p) for p in planet.properties]
    facts.append((tr("properties", lang), text(", ".join(_short(r, lang) for r in props) or tr("none", lang))))

    base_pop = int(planet.size_row.values["max_population"])
    pop_parts = [f"{pick(planet.size_row.label, lang)} {base_pop}"]
    pop_parts += [
        f"{_short(r, lang)} {signed(int(r.values['max_population']))}" for r in props if "max_population" in r.values
    ]
    facts.append(
        (
            tr("max_population", lang),
            [bold(str(planet.max_population))] + text(f" ({', '.join(pop_parts)})" if len(pop_parts) > 1 else ""),
        )
    )
    facts.append((tr("production", lang), [bold(str(planet.production))]))
    pp_parts = [
        f"{_short(r, lang)} {signed(int(r.values['pp_per_worker']))}" for r in props if "pp_per_worker" in r.values
    ]
    rp_parts = [
        f"{_short(r, lang)} {signed(int(r.values['rp_per_scientist']))}"
        for r in props
        if "rp_per_scientist" in r.values
    ]
    rp_parts += [
        f"{_short(r, lang)} {signed(int(r.values['rp_bonus_per_scientist']))}"
        for r in props
        if "rp_bonus_per_scientist" in r.values
    ]
    facts.append(
        (
            tr("pp_per_worker", lang),
            [bold(str(planet.pp_per_worker))]
            + text(f" ({planet.production} {', '.join(pp_parts)})" if pp_parts else ""),
        )
    )
    facts.append(
        (
            tr("rp_per_scientist", lang),
            [bold(str(planet.rp_per_scientist))]
            + text(f" ({planet.production} {', '.join(rp_parts)})" if rp_parts else ""),
        )
    )
    facts.append((tr("growth", lang), text(str(planet.growth))))
    return facts


def _event_text(roll: TableRoll, lang: str) -> str:
    return pick(roll.row.label, lang) + (f" — {pick(roll.row.text, lang)}" if roll.row.text else "")


def exploration_report(
    result: Exploration,
    tables: OrionTables,
    lang: str,
    source_info: dict[str, Any],
    lookup: RowLookup | None = None,
    hex_text: str | None = None,
    player: str | None = None,
) -> Report:
    """An exploration's post: each die of its chain — and of the technologies a gain rolled
    (A4.3), ``result.technology_dice`` — then what was found."""
    from gmtool.report.dice import source_text

    heading = tr("exploration" if result.exploration else "special_planet", lang)
    title = f"{heading}, {tr('stage_n', lang, n=result.stage)}"
    if hex_text:
        title += f", {tr('hex', lang)} {hex_text}"
    if player:
        title = f"{player}: {title}"
    note = _reroll_note(result, tables, lang)
    lines = [roll_line(r, lang) + [Span(f" — {tr('rerolled', lang)}: {note}", "i")] for r in result.rerolls]
    if result.exploration:
        lines.append(roll_line(result.exploration, lang))
    for event in result.events:
        line = roll_line(event.roll, lang)
        if event.ignored:
            line.append(Span(f" — {tr('ignored', lang)}", "i"))
        lines.append(line)
    if result.monster:
        lines.append(roll_line(result.monster.roll, lang))
    if result.planet:
        lines += [roll_line(r, lang) for r in (result.planet.type_roll, result.planet.size_roll) if r is not None]

    def tech_name(tech: str) -> str:
        row = lookup("technologies", "orion", tech) if lookup else None
        return pick(row.label, lang) if row is not None else tech

    rolled = [d.tech for d in result.technology_dice]
    for die in result.technology_dice:  # one die over the technologies the leader may get
        lines.append([bold(tr("tech_die", lang)), raw(f": d{die.sides} = {die.face} → "), bold(tech_name(die.tech))])

    facts: list[tuple[str, Text]] = []
    if result.near:
        facts.append((tr("near_homeworld", lang), text(tr("near_text", lang, **result.near.to_data()))))
    if result.planet:
        facts += planet_facts(result.planet, tables, lang)
    elif result.exploration:
        facts.append((tr("discovery", lang), [bold(pick(result.exploration.row.label, lang))]))
    for event in result.events:
        told = _event_text(event.roll, lang)
        if event.ignored:
            told += f" ({tr('ignored', lang)})"
        facts.append((pick(event.roll.table.title, lang), text(told)))
    losses = [g for g in result.gains if has(f"loss.{g.name}")]  # a negative event's: not "gains"
    if result.taken is not None:  # in a campaign: what it took, not what it might (A4.2)
        if result.taken:
            facts.append((tr("losses", lang), text("; ".join(_taken_text(g, lang) for g in result.taken))))
    elif losses:
        facts.append((tr("losses", lang), text("; ".join(_loss_text(g, lang) for g in losses))))
    if gained := [g for g in result.gains if not has(f"loss.{g.name}")]:
        facts.append((tr("gains", lang), text("; ".join(_gain_text(g, lang, lookup) for g in gained))))
    if rolled:
        facts.append((tr("tech_rolled", lang), text(", ".join(tech_name(t) for t in rolled))))
    if result.monster:
        m = result.monster
        name = (
            pick(m.roll.row.values["great"], lang)
            if m.great and "great" in m.roll.row.values
            else pick(m.roll.row.label, lang)
        )
        value: Text = [bold(name)]
        if m.guards is not None:
            value.append(Span(f"; {tr('guards', lang)}: {pick(m.guards.label, lang)}"))
            if m.deferred:
                value.append(Span(" (" + "; ".join(_gain_text(g, lang, lookup) for g in m.deferred) + ")"))
            value.append(Span(f" — {tr('when_destroyed', lang)}"))
        facts.append((tr("monster", lang), value))
    if result.rolls:
        facts.append((tr("dice_source", lang), source_text(source_info, lang)))
    data = result.to_data()
    data["source"] = source_info
    if hex_text:
        data["hex"] = hex_text
        data["player"] = player
        data["roll_ids"] = source_info.get("roll_ids")
    if rolled:
        data["technologies"] = list(rolled)
    blocks: list = [Items(lines)] if lines else []
    blocks += [Heading(text(tr("result_heading", lang))), Facts(facts)]
    return Report(text(title), blocks, data)


def orion_report(system: Any, player: str, lang: str, guardian: Any, stage: int) -> Report:
    """Exploring Orion: no dice; the Guardian of Orion (docs/rules-orion.md A4.6, ``guardian`` is its
    rules sheet)."""
    title = f"{player}: {tr('exploration', lang)}, {tr('hex', lang)} {system.hex}"
    facts = [
        (tr("discovery", lang), [bold(tr("orion", lang))]),
        (pick(guardian.title, lang), text(pick(guardian.description, lang))),
    ]
    data = {
        "stage": stage,
        "hex": str(system.hex),
        "player": player,
        "discovery": "orion",
        "planet": None,
        "events": [],
        "monster": None,
        "guardian": dict(guardian.rules),
        "rolls": [],
    }
    return Report(text(title), [Facts(facts)], data)
