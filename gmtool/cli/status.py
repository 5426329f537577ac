"""``gmtool status``: the moderator's view, or one leader's fogged view."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from gmtool.cli.common import CampaignOpt, FormatOpt, LangOpt, Output, TablesOpt, require_campaign


def register(app: typer.Typer) -> None:
    app.command("status")(status_command)


def status_command(
    player: Annotated[
        Optional[str],
        typer.Option(
            "--player", "-p", help="Only what this leader knows (closed rooms in stage 1).", show_default=False
        ),
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Turn, stage, leaders and known systems.

    \b
    Examples:
      gmtool status -c campaigns/andromeda
      gmtool status -c campaigns/andromeda --player bob --format bbcode
    """
    from gmtool.app.campaign import show_status

    shown = show_status(require_campaign(campaign), lambda state: Output(format, lang, state), player, tables)
    shown.out.emit(shown.report)
