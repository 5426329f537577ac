"""``gmtool explore``: one hex explored, the whole chain of RULES.md A4."""
from __future__ import annotations

import typer

from gmtool.cli.common import (DiceChoice, DiceOpt, FormatOpt, LangOpt, NearOpt, Output, SeedOpt, StageOpt,
                               TablesOpt, handles_errors, library, neighbourhood)


def register(app: typer.Typer) -> None:
    app.command("explore")(explore_command)


@handles_errors
def explore_command(
    stage: StageOpt = 1,
    near_homeworld: NearOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
) -> None:
    """Explore a hex: exploration roll → event (halved in stage 1) → monster → world type → size.

    --dice takes the faces in that order; only the rolls the chain needs are used.

    \b
    Examples:
      gmtool explore --stage 1
      gmtool explore --stage 2 --dice 8,7,4,9 --format bbcode --lang ru
      gmtool explore --near-homeworld planets=1,terran=0,colonisable=1,unexplored=3
    """
    from gmtool.report.exploration import exploration_report
    from gmtool.rolltables.roller import DiceRoller
    from gmtool.rules.orion.exploration import OrionTables, explore

    out = Output(format, lang)
    near = neighbourhood(near_homeworld)
    lib = library(tables)
    orion = OrionTables(lib)
    choice = DiceChoice(dice, seed)
    result = explore(DiceRoller(choice.source), orion, stage, near)
    choice.finish()
    out.emit(exploration_report(result, orion, out.lang, choice.info, lib.find_row))
