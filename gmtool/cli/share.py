"""``gmtool turn share``: fix the players' share of a turn's dice at its deadline, read from
the public thread (dice scheme 2, docs/verify.md). `turn run` and `turn end` do it themselves
when it is not done yet; this command is for fixing it apart, at the deadline."""

from __future__ import annotations

from typing import Annotated, List, Optional

import typer

from gmtool.cli.common import CampaignOpt, FormatOpt, LangOpt, Output, require_campaign


def share_command(
    thread: Annotated[
        Optional[List[str]],
        typer.Argument(
            help="The public thread: a thread file, a saved page or a URL (several: its pages); "
            "default: the campaign's (`campaign set thread`).",
            show_default=False,
        ),
    ] = None,
    profile: Annotated[
        Optional[str],
        typer.Option("--profile", help="The forum engine of the pages (else recognised).", show_default=False),
    ] = None,
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Fix this turn's players' share at its deadline: every `!seed WORD` posted in the public
    thread since the last share (not the moderators' posts), hashed with the turn number. The
    turn's rooms the campaign knows are read too: every post read that holds a roll must be
    resolved first (its dice are this turn's); later posts wait for the next turn. A turn's
    share is fixed once; `turn run` and `turn end` fix it themselves when it is not.

    \b
    Examples:
      gmtool turn share -c campaigns/andromeda
      gmtool turn share -c campaigns/andromeda thread.txt
    """
    from gmtool.app.turns import fix_share
    from gmtool.locale import t

    state, fixed = fix_share(require_campaign(campaign), thread, profile)
    out = Output(format, lang, state)
    read = ", ".join(f"#{key.rpartition(':')[2]}" for key in fixed.newest if ":" not in key)
    if fixed.share:
        text = t("reply.share_recorded", out.lang, turn=fixed.turn, share=fixed.share, posts=", ".join(fixed.posts))
    else:
        text = t("reply.share_none", out.lang, turn=fixed.turn)
    if read:
        text += "; " + t("reply.share_read_to", out.lang, post=read, next=fixed.turn + 1)
    data = {"turn": fixed.turn, "share": fixed.share, "posts": fixed.posts, "deadline_posts": fixed.newest}
    out.reply(text, data)
