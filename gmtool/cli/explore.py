"""``gmtool explore``: one hex explored, the whole chain of docs/rules-orion.md A4."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from gmtool.cli.common import (
    CampaignOpt,
    DiceChoice,
    DiceOpt,
    FormatOpt,
    LangOpt,
    NearOpt,
    Output,
    SeedOpt,
    TablesOpt,
    campaign_dir,
    library,
    neighbourhood,
)
from gmtool.errors import InputError

StageOpt = Annotated[
    Optional[int],
    typer.Option(
        "--stage",
        min=1,
        max=3,
        help="Game stage: 1 (turns 1–6), 2 (7–12), 3 (13–18). Default 1, or the campaign's.",
        show_default=False,
    ),
]


def register(app: typer.Typer) -> None:
    app.command("explore")(explore_command)


def explore_command(
    player: Annotated[
        Optional[str], typer.Option("--player", "-p", help="In a campaign: the exploring leader.", show_default=False)
    ] = None,
    hex_: Annotated[
        Optional[str], typer.Option("--hex", help="In a campaign: the hex explored, Q,R.", show_default=False)
    ] = None,
    ship: Annotated[
        str,
        typer.Option(
            "--ship",
            help="In a campaign: the ship that moves in (scout, colony_ship "
            "or a combat class such as frigate); the leader must have one; lost on "
            "'fleet lost'.",
        ),
    ] = "scout",
    campaign: CampaignOpt = None,
    stage: StageOpt = None,
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
      gmtool explore -c campaigns/andromeda --player bob --hex 3,-1

    In a campaign the stage and the homeworld neighbourhood come from the campaign, the
    dice from its journaled stream, and the result is recorded.
    """
    from gmtool.report.exploration import exploration_report
    from gmtool.rolltables.roller import DiceRoller
    from gmtool.rules.orion.exploration import OrionTables, explore

    folder = campaign_dir(campaign) if (player or hex_ or campaign) else None
    if folder is None:
        if player or hex_:
            raise InputError(key="explore.needs_campaign")
        out = Output(format, lang)
        near = neighbourhood(near_homeworld)
        lib = library(tables)
        orion = OrionTables(lib)
        choice = DiceChoice(dice, seed)
        result = explore(DiceRoller(choice.source), orion, stage or 1, near)
        choice.finish()
        out.emit(exploration_report(result, orion, out.lang, choice.info, lib.find_row))
        return
    if not player or not hex_:
        raise InputError(key="explore.needs_player_hex")
    if near_homeworld or stage or seed is not None:
        raise InputError(key="explore.campaign_decides")

    from gmtool.app.explore import explore_hex

    done = explore_hex(folder, player, hex_, ship, tables, dice)
    out, leader, orion, lib = Output(format, lang, done.state), done.leader, done.rules, done.library
    if done.orion:
        from gmtool.report.exploration import orion_report

        out.emit(orion_report(done.result, leader.name, out.lang, lib.get("guardian", "orion"), done.state.stage))
        return
    # the moderator's command speaks the moderator's coordinates (what was typed, and the
    # JSON's "hex"); what a leader reads — forum replies, its turn report, map and status —
    # is in the leader's frame (gmtool/rules/orion/frames.py)
    from gmtool.campaign.hexes import Hex
    from gmtool.report.dice_block import with_dice  # scheme 2: what checking these dice needs

    choice = done.dice
    report = exploration_report(
        done.result, orion, out.lang, choice.info, lib.find_row, str(Hex.parse(hex_)), leader.name
    )
    out.emit(with_dice(report, choice.entries, out.lang, names=done.state.seat_names()))
