"""``gmtool status``: the moderator's view, or one leader's fogged view."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from gmtool.cli.common import CampaignOpt, FormatOpt, LangOpt, Output, TablesOpt, campaign_library, require_campaign


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
    from gmtool.campaign.store import CampaignStore
    from gmtool.rules.registry import ruleset_of

    folder = require_campaign(campaign)
    state = CampaignStore(folder).load()
    out = Output(format, lang, state)
    out.emit(ruleset_of(state).status_report(state, campaign_library(folder, tables), player, out.lang))
