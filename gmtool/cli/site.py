"""``gmtool site build``: the campaign's own static site (gmtool/site), public information only."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from gmtool.cli.common import CampaignOpt, LangOpt, require_campaign

app = typer.Typer(
    help="The campaign's static site: every turn, map and chart, public information only.", no_args_is_help=True
)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="site")


@app.command("build")
def build_command(
    output: Annotated[
        Path,
        typer.Option("--output", "-o", help="The folder to write the site into (made if missing).", show_default=False),
    ],
    base_url: Annotated[
        Optional[str],
        typer.Option(
            "--base-url",
            help="Make every link absolute under this address (where the site is hosted); "
            "default: relative links, so the folder works from disk or a zip.",
            show_default=False,
        ),
    ] = None,
    campaign: CampaignOpt = None,
    lang: LangOpt = None,
) -> None:
    """Build the campaign's site: index, one page per turn, charts and the dice page.

    Only what the campaign publishes is on it (the public posts, the public maps, the public
    thread's rolls); building again writes the same bytes.

    \b
    Examples:
      gmtool site build -c my-game -o my-game-site
      gmtool site build -c my-game -o site --lang ru --base-url https://example.org/game/
    """
    from gmtool.app.site import build_site
    from gmtool.locale import t

    n, words = build_site(require_campaign(campaign), output, lang.value if lang is not None else None, base_url)
    typer.echo(t("site.built", words, n=n, out=str(output / "index.html")))
