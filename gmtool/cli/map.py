"""``gmtool map`` (the galaxy as a picture or a text grid, per viewer) and ``gmtool reach``
(where a leader's ships can explore this turn)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from gmtool.cli.common import CampaignOpt, FormatOpt, LangOpt, Output, campaign_library, require_campaign
from gmtool.formats import IMAGE_FORMATS, MAP_TEXT_FORMATS

MapFormat = Enum("MapFormat", [(f, f) for f in IMAGE_FORMATS + MAP_TEXT_FORMATS], type=str)  # type: ignore[misc]


SUFFIXES = {".png": "png", ".svg": "svg", ".txt": "plain", ".bbcode": "bbcode", ".md": "markdown", ".json": "json"}
PlayerOpt = Annotated[
    Optional[str],
    typer.Option(
        "--player", "-p", help="Only what this leader knows (fog of war; closed rooms in stage 1).", show_default=False
    ),
]


def register(app: typer.Typer) -> None:
    app.command("map")(map_command)
    app.command("reach")(reach_command)


def _load(campaign: Optional[Path]) -> tuple[Path, Any]:
    from gmtool.campaign.store import CampaignStore
    from gmtool.errors import RuleRefused
    from gmtool.rules.registry import ruleset_of

    folder = require_campaign(campaign)
    state = CampaignStore(folder).load()
    if not ruleset_of(state).maps:  # the ruleset says whether it has galaxy maps (gmtool/rules/base.py)
        raise RuleRefused(key="no_maps", name=state.name, ruleset=state.ruleset)
    return folder, state


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
    from gmtool.errors import InputError
    from gmtool.maps import PUBLIC, draw, map_text_report, safe_name

    if public and player:
        raise InputError(key="cli.player_or_public")
    folder, state = _load(campaign)
    viewer = PUBLIC if public else player
    fmt = format.value if format else None
    if fmt is None and output is not None:
        fmt = SUFFIXES.get(output.suffix.lower(), "png")
    if fmt is None:
        fmt = "png"
    out = Output(None, lang, state)
    if fmt in ("png", "svg"):
        body = draw(state, viewer, fmt, out.lang, campaign_library(folder))
        data = body if isinstance(body, bytes) else body.encode("utf-8")
        if output is None:
            stem = "moderator" if viewer is None else "public" if public else safe_name(viewer)
            output = folder / "reports" / f"turn-{state.turn:02d}" / f"map-{stem}.{fmt}"
        _write(output, data)
        typer.echo(str(output))
        return
    from gmtool.report.render import render

    model = map_text_report(state, viewer, out.lang, campaign_library(folder), fmt)
    text = render(model, fmt, out.dialect, out.post_limit)
    if output is None:
        typer.echo(text, nl=False)
    else:
        _write(output, text.encode("utf-8"))
        typer.echo(str(output))


def _write(path: Path, data: bytes) -> None:
    from gmtool.campaign.files import atomic_write
    from gmtool.errors import InputError

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, data)
    except OSError as exc:
        raise InputError(key="cli.cannot_write", path=path, reason=exc.strerror or exc) from None


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
    from gmtool.report.reach import reach_report

    _, state = _load(campaign)
    out = Output(format, lang, state)
    out.emit(reach_report(state, player, out.lang))
