"""``gmtool turn share``: the players' share of a turn's dice, read from the public thread
(dice scheme 2, docs/verify.md)."""

from __future__ import annotations

from typing import Annotated, List, Optional

import typer

from gmtool.cli.common import CampaignOpt, FormatOpt, LangOpt, Output, require_campaign


def share_command(
    thread: Annotated[
        List[str],
        typer.Argument(
            help="The public thread: a thread file, a saved page or a URL (several: its pages).", show_default=False
        ),
    ],
    profile: Annotated[
        Optional[str],
        typer.Option("--profile", help="The forum engine of the pages (else recognised).", show_default=False),
    ] = None,
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Record this turn's players' share: every `!seed WORD` posted in the public thread since
    the last share, hashed with the turn number. Run it at the deadline, before the turn's
    orders are played; a turn's share is fixed once recorded.

    \b
    Example:
      gmtool turn share -c campaigns/andromeda thread.txt
    """
    from gmtool.campaign.session import record_share
    from gmtool.forum.sources import Options, read_thread

    folder = require_campaign(campaign)
    posts = read_thread(thread, Options(profile, folder)).posts
    state, share, used = record_share(folder, posts)
    out = Output(format, lang, state)
    from gmtool.locale import t

    if share:
        text = t("reply.share_recorded", out.lang, turn=state.turn, share=share, posts=", ".join(used))
    else:
        text = t("reply.share_none", out.lang, turn=state.turn)
    out.reply(text, {"turn": state.turn, "share": share, "posts": used})
