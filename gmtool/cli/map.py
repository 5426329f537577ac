"""``gmtool map`` (the galaxy as a picture or a text grid, per viewer) and ``gmtool reach``
(where a leader's ships can explore this turn)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from gmtool.cli.common import CampaignOpt, FormatOpt, LangOpt, Output, require_campaign
from gmtool.formats import IMAGE_FORMATS, MAP_TEXT_FORMATS

MapFormat = Enum("MapFormat", [(f, f) for f in IMAGE_FORMATS + MAP_TEXT_FORMATS], type=str)  # type: ignore[misc]

PlayerOpt = Annotated[
    Optional[str],
    typer.Option(
        "--player", "-p", help="Only what this leader knows (fog of war; closed rooms in stage 1).", show_default=False
    ),
]


def register(app: typer.Typer) -> None:
    app.command("map")(map_command)
    app.command("reach")(reach_command)


def map_command(
    player: PlayerOpt = None,
    public: Annotated[bool, typer.Option("--public", help="What every leader may see (nothing in stage 1).")] = False,
    output: Annotated[
        Optional[Path],
        typer.Option(
            "--output",
            "-o",
            help="Write the map to this file (the format follows its suffix: .png .svg .txt .bbcode .md .json).",
            show_default=False,
        ),
    ] = None,
    format: Annotated[
        Optional[MapFormat],
        typer.Option(
            "--format",
            "-f",
            help="png or svg (an image file), or plain, bbcode, markdown, discord, json (a text map). "
            "Default: png when writing a file, else the campaign's text format.",
            show_default=False,
        ),
    ] = None,
    campaign: CampaignOpt = None,
    lang: LangOpt = None,
) -> None:
    """Draw the galaxy: the moderator's whole map, or what one leader knows.

    Without -o an image goes to DIR/reports/turn-NN/map-moderator.png (or map-LEADER.png,
    map-public.png) and its path is printed; a text map is printed.

    \b
    Examples:
      gmtool map -c DIR
      gmtool map -c DIR --player bob -o bob.png
      gmtool map -c DIR --player bob --format svg
      gmtool map -c DIR --player bob --format bbcode --lang ru
    """
    from gmtool.app.maps import draw_map

    drawn = draw_map(
        require_campaign(campaign),
        lambda state: Output(None, lang, state),
        player,
        public,
        format.value if format else None,
        output,
    )
    if drawn.path is not None:
        typer.echo(str(drawn.path))
    else:
        typer.echo(drawn.text, nl=False)


def reach_command(
    player: Annotated[str, typer.Option("--player", "-p", help="The leader.", show_default=False)],
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """The hexes a leader can explore this turn, and why the others are out of reach.

    \b
    Example:
      gmtool reach -c DIR --player bob
    """
    from gmtool.app.maps import show_reach

    out, report = show_reach(require_campaign(campaign), lambda state: Output(format, lang, state), player)
    out.emit(report)
