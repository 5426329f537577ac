"""``gmtool odds explore | table``: exact probabilities by enumeration."""

from __future__ import annotations

from typing import Annotated, List, Optional

import typer

from gmtool.cli.common import FormatOpt, LangOpt, NearOpt, Output, SeedOpt, StageOpt, TablesOpt, library, neighbourhood

app = typer.Typer(
    help="Exact odds of the exploration chain or of any table, optionally checked by simulation.", no_args_is_help=True
)

SimulateOpt = Annotated[
    int,
    typer.Option(
        "--simulate",
        min=0,
        max=10_000_000,
        help="Also roll N times with random dice (use --seed) and show the observed frequencies beside the exact ones.",
    ),
]


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="odds")


@app.command("explore")
def explore_command(
    stage: StageOpt = 1,
    near_homeworld: NearOpt = None,
    simulate: SimulateOpt = 0,
    seed: SeedOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Exact odds of every exploration outcome: discovery, world type, size, each property,
    each event, monsters — for a stage and, optionally, a homeworld's neighbourhood.

    \b
    Examples:
      gmtool odds explore --stage 1
      gmtool odds explore --stage 3 --simulate 100000 --seed 1
      gmtool odds explore --near-homeworld planets=4,terran=1,colonisable=3,unexplored=2
    """
    from gmtool.report.i18n import tr
    from gmtool.report.model import text
    from gmtool.report.odds import odds_report
    from gmtool.rolltables.model import pick
    from gmtool.rules.orion.exploration import OrionTables
    from gmtool.rules.orion.odds import CATEGORIES, NONE, exact_odds
    from gmtool.rules.orion.odds import simulate as run_simulation

    out = Output(format, lang)
    near = neighbourhood(near_homeworld)
    lib = library(tables)
    orion = OrionTables(lib)
    odds = exact_odds(orion, stage, near)
    sims = run_simulation(orion, stage, near, simulate, seed) if simulate else None
    lang_ = out.lang

    def label(category: str, value: str) -> str:
        if value == NONE:
            return tr(
                {"type": "no_planet", "size": "no_planet", "event": "no_event", "monster": "no_monster"}.get(
                    category, "none"
                ),
                lang_,
            )
        if category == "discovery":
            if value == "planet":
                return tr("planet", lang_)
            row = orion.exploration.where("discovery", value)
            return pick(row.label, lang_) if row else value
        table = {"type": orion.world_type, "size": orion.world_size, "property": orion.properties}.get(category)
        if table is not None:
            row = table.row(value)
            return pick(row.label, lang_) + (f" ({pick(row.short, lang_)})" if row.short and lang_ == "ru" else "")
        for name in ("negative-events", "positive-events", "monster-kind"):
            found = lib.find_row(name, orion.exploration.ruleset, value)
            if found is not None:
                return pick(found.label, lang_)
        return value

    categories = [(tr(f"cat_{c}", lang_), [(v, label(c, v), p) for v, p in odds[c].items()]) for c in CATEGORIES]
    facts = [(tr("stage", lang_).capitalize(), text(str(stage)))]
    if near:
        facts.append((tr("near_homeworld", lang_), text(tr("near_text", lang_, **near.to_data()))))
    if simulate:
        facts.append((tr("runs", lang_), text(f"{simulate} (seed {seed})" if seed is not None else str(simulate))))
    title = f"{tr('odds', lang_)}: {tr('exploration', lang_).lower()}, {tr('stage_n', lang_, n=stage)}"
    report = odds_report(title, categories, lang_, sims, simulate, seed, facts, list(CATEGORIES))
    report.data.update({"stage": stage, "near_homeworld": near.to_data() if near else None})
    out.emit(report)


@app.command("table")
def table_command(
    table: Annotated[str, typer.Argument(help="Table id, e.g. orion/world-type.", show_default=False)],
    modifier: Annotated[
        Optional[List[str]],
        typer.Option(
            "--modifier", "-m", help="A number or a modifier id of the table. Repeatable.", show_default=False
        ),
    ] = None,
    stage: Annotated[
        Optional[int], typer.Option("--stage", min=1, max=3, help="Game stage.", show_default=False)
    ] = None,
    simulate: SimulateOpt = 0,
    seed: SeedOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Exact odds of each row of one table, with modifiers and stage.

    \b
    Examples:
      gmtool odds table orion/world-type --modifier -4
      gmtool odds table orion/negative-events --stage 1 --format markdown
    """
    from collections import Counter

    from gmtool.dice.sources import RandomSource
    from gmtool.report.i18n import tr
    from gmtool.report.model import text
    from gmtool.report.odds import odds_report
    from gmtool.report.tables import signed
    from gmtool.rolltables.model import pick
    from gmtool.rolltables.odds import distribution, enumerate_outcomes
    from gmtool.rolltables.roll import modifier_from_text, roll_table

    out = Output(format, lang)
    chosen = library(tables).get(table)
    mods = [modifier_from_text(chosen, m) for m in modifier or []]
    exact = distribution(enumerate_outcomes(lambda r: r.roll(chosen, mods, stage).row.id))
    sims = None
    if simulate:
        source = RandomSource(seed)
        sims = {"row": Counter(roll_table(chosen, source, mods, stage).row.id for _ in range(simulate))}
    order = [r.id for r in chosen.rows]
    rows = [
        (rid, f"{chosen.row(rid).range_text()}: {pick(chosen.row(rid).label, out.lang)}", exact[rid])
        for rid in order
        if rid in exact
    ]
    facts = [(tr("die", out.lang), text(chosen.die))]
    if mods:
        facts.append(
            (
                tr("modifiers", out.lang),
                text(", ".join(signed(m.value) + (f" ({pick(m.label, out.lang)})" if m.label else "") for m in mods)),
            )
        )
    if stage:
        facts.append((tr("stage", out.lang).capitalize(), text(str(stage))))
    title = f"{tr('odds', out.lang)}: {pick(chosen.title, out.lang)} ({chosen.id})"
    report = odds_report(title, [(tr("result", out.lang), rows)], out.lang, sims, simulate, seed, facts, ["row"])
    report.data.update({"table": chosen.id, "modifiers": [m.to_data() for m in mods], "stage": stage})
    out.emit(report)
