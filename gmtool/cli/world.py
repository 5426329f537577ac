"""``gmtool world planet``: a planet made by special rules."""

from __future__ import annotations

from typing import Annotated, List, Optional

import typer

from gmtool.cli.common import (
    DiceChoice,
    DiceOpt,
    FormatOpt,
    LangOpt,
    NearOpt,
    Output,
    SeedOpt,
    StageOpt,
    TablesOpt,
    library,
    neighbourhood,
)

app = typer.Typer(help="Generate worlds directly, for special rules and scenarios.", no_args_is_help=True)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="world")


@app.command("planet")
def planet_command(
    prop: Annotated[
        Optional[List[str]],
        typer.Option(
            "--property",
            "-p",
            help="A property the planet has (hostile, poor, gravity, favorable, rich, artifacts). Repeatable.",
            show_default=False,
        ),
    ] = None,
    type_: Annotated[
        Optional[str], typer.Option("--type", help="Force the world type (terran, ocean …).", show_default=False)
    ] = None,
    size: Annotated[
        Optional[str], typer.Option("--size", help="Force the size (tiny … huge).", show_default=False)
    ] = None,
    event: Annotated[
        str,
        typer.Option(
            "--event",
            help="auto: the event the exploration table gives a planet with these properties "
            "(hostile/poor: negative; favorable/rich: positive); negative; positive; none.",
        ),
    ] = "auto",
    stage: StageOpt = 1,
    near_homeworld: NearOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
) -> None:
    """A planet "made by special rules": force properties, type or size; the rest is rolled
    in the exploration dice order (event → monster → type → size).

    \b
    Examples:
      gmtool world planet --property hostile --stage 2
      gmtool world planet --property rich --event none --size huge --format bbcode
      gmtool world planet --type terran --dice 4 --lang ru
    """
    from gmtool.report.exploration import exploration_report
    from gmtool.rolltables.roller import DiceRoller
    from gmtool.rules.orion.exploration import OrionTables, special_planet

    out = Output(format, lang)
    near = neighbourhood(near_homeworld)
    lib = library(tables)
    orion = OrionTables(lib)
    choice = DiceChoice(dice, seed)
    result = special_planet(
        DiceRoller(choice.source), orion, stage, prop or [], None if event == "none" else event, type_, size, near
    )
    choice.finish()
    out.emit(exploration_report(result, orion, out.lang, choice.info, lib.find_row))
