"""``gmtool table list | show | roll | check``: the rule tables in tables/."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, List, Optional

import typer

from gmtool.cli.common import (
    CampaignOpt,
    DiceChoice,
    DiceOpt,
    FormatOpt,
    LangOpt,
    Output,
    SeedOpt,
    TablesOpt,
    campaign_dir,
    fail,
)
from gmtool.cli.common import library as _library
from gmtool.errors import TableError

app = typer.Typer(help="List, show, check and roll on rule tables (tables/<ruleset>/*.toml).", no_args_is_help=True)

TableArg = Annotated[str, typer.Argument(help="Table id, e.g. orion/world-type (or world-type).", show_default=False)]


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="table")


def _setup(campaign: Optional[Path], tables: Any, format: Any, lang: Any) -> tuple[Output, Any]:
    """The output and the tables of a table command: with a campaign (-c, $GMTOOL_CAMPAIGN or
    the current folder), its format, language, dialect and post limit (an option still wins)
    and its own tables/; else the defaults and the shipped tables."""
    folder = campaign_dir(campaign)
    if folder is None:
        return Output(format, lang), _library(tables)
    from gmtool.app.campaign import table_settings

    settings, library = table_settings(folder, tables)
    return Output(format, lang, settings), library


@app.command("list")
def list_command(
    ruleset: Annotated[
        Optional[str], typer.Option("--ruleset", help="Only this ruleset, e.g. orion.", show_default=False)
    ] = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    campaign: CampaignOpt = None,
) -> None:
    """List every table and its ruleset; a broken table is named with its mistake (exit 1).
    With a campaign: its language and format, and its own tables too.

    \b
    Example:
      gmtool table list --ruleset orion --format markdown
    """
    from gmtool.report.tables import list_report

    out, library = _setup(campaign, tables, format, lang)
    found, errors = library.check_all()
    if ruleset:
        found = [t for t in found if t.ruleset == ruleset]
    out.emit(list_report(found, errors, out.lang))
    if errors:
        raise TableError(key="cli.tables_broken", n=len(errors), first=errors[0])


@app.command("show")
def show_command(
    table: TableArg,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    campaign: CampaignOpt = None,
) -> None:
    """Show a table: its die, every row with its range, values and effect, its modifiers.
    With a campaign: its language, format and dialect (an option still wins), and its own
    tables. Row and table ids (what an orders file names) are shown in plain text only, the
    moderator's own format: a forum post names every row by its label.

    \b
    Examples:
      gmtool table show orion/world-size --lang ru
      gmtool table show orion/costs -c DIR
    """
    from gmtool.report.tables import show_report

    out, library = _setup(campaign, tables, format, lang)
    out.emit(show_report(library.get(table), out.lang, library.find_row, ids=out.format in ("plain", "json")))


@app.command("roll")
def roll_command(
    table: TableArg,
    modifier: Annotated[
        Optional[List[str]],
        typer.Option(
            "--modifier",
            "-m",
            help="A number (-4, +2) or a modifier id of the table (hostile). Repeatable.",
            show_default=False,
        ),
    ] = None,
    stage: Annotated[
        Optional[int],
        typer.Option(
            "--stage", min=1, max=3, help="Game stage, for tables that roll differently by stage.", show_default=False
        ),
    ] = None,
    follow: Annotated[
        bool,
        typer.Option(
            "--next/--no-next", help="Also roll the tables a row sends you to (e.g. events after exploration)."
        ),
    ] = True,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    campaign: CampaignOpt = None,
) -> None:
    """Roll on a table: die, stage halving, modifiers, the row hit, and any next tables.
    In a campaign its language, format and own tables are used, and every die comes from its
    verifiable stream and goes to its journal (as `gmtool roll -c`).

    \b
    Examples:
      gmtool table roll orion/exploration --format bbcode
      gmtool table roll orion/world-type --modifier -4 --format markdown
      gmtool table roll orion/world-type --modifier hostile --modifier poor --dice 6
      gmtool table roll orion/negative-events --stage 1 --lang ru
    """
    from gmtool.report.tables import roll_report
    from gmtool.rolltables.roll import modifier_from_text, roll_table

    folder = campaign_dir(campaign)
    if folder is None:
        out = Output(format, lang)
        library = _library(tables)
        chosen = library.get(table)
        mods = [modifier_from_text(chosen, m) for m in modifier or []]
        choice = DiceChoice(dice, seed)
        result = roll_table(chosen, choice.source, mods, stage, library if follow else None)
        choice.finish()
        out.emit(roll_report(result, out.lang, choice.info, library.find_row))
        return
    from gmtool.app.rolls import roll_table as roll_in_campaign

    done = roll_in_campaign(folder, table, modifier, stage, follow, tables, dice)
    out = Output(format, lang, done.state)
    out.emit(roll_report(done.result, out.lang, done.dice.info, done.rules.find_row))


@app.command("check")
def check_command(
    files: Annotated[
        Optional[List[Path]],
        typer.Argument(help="Table files to check; none: every table reachable.", show_default=False),
    ] = None,
    tables: TablesOpt = None,
    lang: LangOpt = None,
) -> None:
    """Validate table files: gaps, overlaps, unknown keys, missing labels, broken next.

    \b
    Examples:
      gmtool table check
      gmtool table check my-tables/orion/loot.toml
    """
    from gmtool.rolltables.loader import load_table

    if files:
        for path in files:
            load_table(path)
            typer.echo(f"ok: {path}")
        return
    from gmtool.locale import normalise

    found, errors = _library(tables).check_all(normalise(lang))
    for table in found:
        typer.echo(f"ok: {table.id}")
    if errors:
        for message in errors[1:]:
            typer.echo(f"error: {message}", err=True)
        raise fail(errors[0])
