"""``gmtool venus move | navigate | land | skip | cost | worth``: Merchant of Venus (docs/rules-venus.md)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from gmtool.cli.common import (
    CampaignOpt,
    DiceOpt,
    FormatOpt,
    LangOpt,
    Output,
    TablesOpt,
    library,
    require_campaign,
    user_text,
)

app = typer.Typer(
    help="Merchant of Venus, Classic game: movement, landing, net worth (ruleset venus).", no_args_is_help=True
)
PlayerOpt = Annotated[str, typer.Option("--player", "-p", help="The player whose turn it is.", show_default=False)]


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="venus")


@app.command("move")
def move_command(
    player: PlayerOpt,
    heading: Annotated[
        Optional[str],
        typer.Option(
            "--heading",
            help="The declared heading and destination (required before the dice are rolled).",
            show_default=False,
        ),
    ] = None,
    speed: Annotated[
        Optional[int],
        typer.Option(
            "--speed", min=0, max=20, hidden=True, help="A check: must be the ship's speed number.", show_default=False
        ),
    ] = None,
    navigate: Annotated[
        Optional[int],
        typer.Option("--navigate", hidden=True, show_default=False, help="Refused: see `venus navigate`."),
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
) -> None:
    """Declare the heading, then roll as many speed dice (d6) as the ship's speed number: their
    sum is the movement value. Assign a navigation die afterwards with `venus navigate`.

    \b
    Example:
      gmtool venus move -c DIR --player ann --heading "Nebula Habitat"
    """
    from gmtool.app.venus import move
    from gmtool.errors import InputError
    from gmtool.report.venus import speed_report

    if navigate is not None:
        raise InputError(key="cli.navigate_after")
    done = move(require_campaign(campaign), player, user_text(heading) if heading else None, speed, tables, dice)
    out, lib, ship = Output(format, lang, done.state), done.rules, done.state.game.merchants[player].ship
    out.emit(speed_report(done.result, lib, out.lang, done.dice.info, ship))


@app.command("navigate")
def navigate_command(
    player: PlayerOpt,
    die: Annotated[
        Optional[int],
        typer.Option(
            "--die",
            min=1,
            max=100,
            help="The face of the rolled speed die to assign (may be left out when every die shows the same face).",
            show_default=False,
        ),
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """After the speed roll, assign one of the rolled dice to navigation (for a navigation
    space or telegate met during this move). Once a turn; no die is rolled.

    \b
    Example:
      gmtool venus navigate -c DIR --player ann --die 5
    """
    from gmtool.app.venus import navigate
    from gmtool.report.venus import navigation_report

    done = navigate(require_campaign(campaign), player, die, tables)
    out, ship = Output(format, lang, done.state), done.state.game.merchants[player].ship
    out.emit(navigation_report(done.result, done.rules, out.lang, ship))


@app.command("land")
def land_command(
    player: PlayerOpt,
    at: Annotated[
        str, typer.Option("--at", help="The space: its id or its label (tables/venus/board.toml).", show_default=False)
    ],
    kind: Annotated[
        Optional[str],
        typer.Option(
            "--kind",
            help="city, spaceport or asteroid (may be left out where the space offers one landing).",
            show_default=False,
        ),
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Land at the end of the move, where the space allows it: a surface city or spaceport
    turns the system's First Contact card face up and leads to the operations phase; an
    asteroid ends the turn at once.

    \b
    Example:
      gmtool venus land -c DIR --player ann --at nebula-habitat --kind spaceport
    """
    from gmtool.app.venus import land
    from gmtool.report.venus import landing_report

    done = land(require_campaign(campaign), player, user_text(at), kind, tables)
    out = Output(format, lang, done.state)
    out.emit(landing_report(done.result, done.rules, out.lang))


@app.command("skip")
def skip_command(
    player: PlayerOpt,
    in_port: Annotated[
        bool,
        typer.Option(
            "--in-port", help="The ship is in a surface city or spaceport: go straight to the operations phase."
        ),
    ] = False,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Skip the movement phase. ``--in-port`` is refused where the ship is in no surface city or
    spaceport: after an asteroid landing, or a move that ended without landing.

    \b
    Example:
      gmtool venus skip -c DIR --player ann --in-port
    """
    from gmtool.app.venus import skip
    from gmtool.locale import t

    done = skip(require_campaign(campaign), player, in_port, tables)
    out, result = Output(format, lang, done.state), done.result
    out.reply(
        t(
            "reply.venus_skip_operations" if result.next == "operations" else "reply.venus_skip_over",
            out.lang,
            player=player,
        ),
        result.to_data(),
    )


@app.command("cost")
def cost_command(
    grey: Annotated[int, typer.Option("--grey", min=0, max=1000, help="Steps along grey lines (solid or dashed).")] = 0,
    green: Annotated[int, typer.Option("--green", min=0, max=1000, help="Steps along solid green lines.")] = 0,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Movement points for a path: 1 a grey step, 2 a green step.

    \b
    Example:
      gmtool venus cost --grey 4 --green 2
    """
    from gmtool.report.i18n import tr
    from gmtool.report.model import Paragraph, Report, bold, text
    from gmtool.rules.venus.play import movement_cost

    out = Output(format, lang)
    rules = library(tables).get("rules", "venus")
    total = movement_cost(grey, green, rules)
    g1, g2 = int(rules.rule("grey_line_cost")), int(rules.rule("green_line_cost"))
    out.emit(
        Report(
            text(tr("movement_cost", out.lang)),
            [Paragraph(text(f"{grey}×{g1} + {green}×{g2} = ") + [bold(str(total))])],
            {"grey": grey, "green": green, "movement_points": total},
        )
    )


@app.command("worth")
def worth_command(
    player: PlayerOpt,
    set_: Annotated[
        int, typer.Option("--set", min=0, max=10**9, help="The player's net worth in credits.", show_default=False)
    ],
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Record a player's net worth (checked for victory at the end of their own turn).

    \b
    Example:
      gmtool venus worth -c DIR --player ann --set 2050
    """
    from gmtool.app.venus import set_worth
    from gmtool.locale import t

    out = Output(format, lang, set_worth(require_campaign(campaign), player, set_).state)
    out.reply(t("reply.venus_worth", out.lang, player=player, worth=set_), {"player": player, "net_worth": set_})
