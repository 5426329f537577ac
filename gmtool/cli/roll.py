"""``gmtool roll EXPR``: roll dice notation."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from gmtool.cli.common import (
    CampaignOpt,
    DiceChoice,
    DiceOpt,
    FormatOpt,
    LangOpt,
    Output,
    SeedOpt,
    campaign_dir,
    user_text,
)


def register(app: typer.Typer) -> None:
    app.command("roll")(roll_command)


def roll_command(
    expression: Annotated[
        str, typer.Argument(help="Dice notation, e.g. 2d10+3, 4d6kh3, 3d6!, 6d10>=7, d%.", show_default=False)
    ],
    for_: Annotated[
        Optional[str], typer.Option("--for", help="What the roll is for (shown in the report).", show_default=False)
    ] = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    campaign: CampaignOpt = None,
) -> None:
    """Roll dice: NdM, dM, d%, + - *, keep/drop (kh kl dh dl), explode (!), successes (>=T).

    \b
    Examples:
      gmtool roll 2d10+3
      gmtool roll 4d6kh3 --format bbcode
      gmtool roll d10 --dice 7 --format json
      gmtool roll 6d10>=7 --for "bob: boarding action" --lang ru
      gmtool roll 2d10 -c campaigns/andromeda --for "bob: boarding action"

    In a campaign every die comes from its verifiable stream and goes to its journal;
    the report names the roll ids (#41–#42).
    """
    from gmtool.dice import roll
    from gmtool.report.dice import roll_report

    for_ = user_text(for_)
    folder = campaign_dir(campaign)
    if folder is None:
        out = Output(format, lang)
        choice = DiceChoice(dice, seed)
        result = roll(expression, choice.source, comment=for_ or "")
        choice.finish()
        out.emit(roll_report(result, out.lang, choice.info))
        return

    from gmtool.app.rolls import roll_dice

    done = roll_dice(folder, expression, for_ or "", dice)
    out, choice = Output(format, lang, done.state), done.dice
    from gmtool.report.dice_block import with_dice

    out.emit(with_dice(roll_report(done.result, out.lang, choice.info), choice.entries, out.lang))
