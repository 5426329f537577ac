"""``gmtool agent check``: agent checks (RULES.md A10)."""
from __future__ import annotations

from typing import Annotated, List, Optional

import typer

from gmtool.cli.common import (DiceChoice, DiceOpt, FormatOpt, LangOpt, Output, SeedOpt, TablesOpt, fail,
                               handles_errors, library)

app = typer.Typer(help="Agent checks: d10 + modifiers against a difficulty (RULES.md A10).", no_args_is_help=True)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="agent")


@app.command("check")
@handles_errors
def check_command(
    difficulty: Annotated[str, typer.Option("--difficulty", "-d", help="A number, or 'automatic' (no roll).",
                                            show_default=False)],
    modifier: Annotated[Optional[List[int]], typer.Option("--modifier", "-m", help="A modifier. Repeatable.",
                                                          show_default=False)] = None,
    espionage: Annotated[bool, typer.Option("--espionage", help="An espionage ability: add own Secret "
                                            "Operations, subtract the target's.")] = False,
    own_ops: Annotated[Optional[int], typer.Option("--own-ops", help="Own Secret Operations level.",
                                                   show_default=False)] = None,
    target_ops: Annotated[Optional[int], typer.Option("--target-ops", help="The target's Secret Operations level.",
                                                      show_default=False)] = None,
    counter: Annotated[int, typer.Option("--counter", help="Counter-espionage bonus (+) or penalty (-).")] = 0,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
) -> None:
    """Resolve an agent check: critical success (natural 10 or margin ≥ 4), success (margin ≥ 0),
    failure, critical failure (natural 1 or margin ≤ −4); the natural die wins.

    \b
    Examples:
      gmtool agent check --difficulty 6 --modifier 1
      gmtool agent check --difficulty 7 --espionage --own-ops 3 --target-ops 1 --dice 5 --format json
      gmtool agent check --difficulty automatic --lang ru
    """
    from gmtool.report.council import agent_check_report
    from gmtool.rules.orion.agents import (OUTCOMES_TABLE, CheckModifier, agent_check, espionage_modifiers,
                                           parse_difficulty)

    out = Output(format, lang)
    level = parse_difficulty(difficulty)
    if (own_ops is not None or target_ops is not None or counter) and not espionage:
        raise fail("--own-ops, --target-ops and --counter belong to --espionage checks")
    mods = [CheckModifier(m, "modifier") for m in modifier or []]
    if espionage:
        mods += espionage_modifiers(own_ops or 0, target_ops or 0, counter)
    choice = DiceChoice(dice, seed)
    check = agent_check(library(tables).get(OUTCOMES_TABLE, "orion"), choice.source, level, mods)
    choice.finish()
    out.emit(agent_check_report(check, out.lang, choice.info))
