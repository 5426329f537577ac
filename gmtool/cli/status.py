"""``gmtool status``: the moderator's view, or one leader's fogged view."""
from __future__ import annotations

from typing import Annotated, Optional

import typer

from gmtool.cli.common import (CampaignOpt, FormatOpt, LangOpt, Output, TablesOpt, campaign_library,
                               require_campaign)


def register(app: typer.Typer) -> None:
    app.command("status")(status_command)


def status_command(
    player: Annotated[Optional[str], typer.Option("--player", "-p", help="Only what this leader knows "
                                                  "(closed rooms in stage 1).", show_default=False)] = None,
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
    from gmtool.campaign.views import status_view
    from gmtool.cli.campaign import labeller
    from gmtool.report.campaign import status_report

    folder = require_campaign(campaign)
    state = CampaignStore(folder).load()
    out = Output(format, lang, state)
    lib = campaign_library(folder, tables)
    if state.ruleset == "venus":
        from gmtool.report.venus import venus_status_report

        if player is not None:
            state.player(player)   # what is face down stays face down for everyone alike
        out.emit(venus_status_report(state, lib, out.lang))
        return
    out.emit(status_report(status_view(state, player), out.lang, labeller(lib, out.lang)))
