"""``gmtool post resolve``: players' commands from forum posts, one reply post."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, List, Optional

import typer

from gmtool.cli.common import (
    CampaignOpt,
    FormatOpt,
    LangOpt,
    Output,
    TablesOpt,
    campaign_library,
    commit,
    open_campaign,
    user_text,
)

app = typer.Typer(
    help="Players' commands in forum posts (!roll, !explore, !table, !check, !vote).", no_args_is_help=True
)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="post")


@app.command("resolve")
def resolve_command(
    thread: Annotated[
        List[str],
        typer.Argument(
            help="A thread file (posts under `=== AUTHOR #ID ===` headers); a saved forum page (phpBB, XenForo, "
            "vBulletin, MyBB, or one a profile describes) — several pages in order; a phpBB Atom feed; a "
            "Discourse topic .json or /raw text; an http(s) URL of any of these (further pages followed); "
            "or - for one post on stdin.",
            show_default=False,
        ),
    ],
    author: Annotated[
        Optional[str], typer.Option("--author", help="With -: the post's author.", show_default=False)
    ] = None,
    post_id: Annotated[
        Optional[str], typer.Option("--post-id", help="With -: the post's id.", show_default=False)
    ] = None,
    private: Annotated[
        bool,
        typer.Option(
            "--private",
            help="With -: the post is a private message. With a file: "
            "the file is an export of private messages (every post in it is private; "
            "a thread file holds public posts only).",
        ),
    ] = False,
    include_private: Annotated[
        bool,
        typer.Option(
            "--include-private",
            help="The moderator's copy: show the results of private messages too (never post it publicly).",
        ),
    ] = False,
    moderator: Annotated[
        Optional[List[str]],
        typer.Option(
            "--moderator", help="A forum name allowed to !roll besides the leaders. Repeatable.", show_default=False
        ),
    ] = None,
    profile: Annotated[
        Optional[str],
        typer.Option(
            "--profile",
            help="The forum engine of a page: phpbb, "
            "xenforo, vbulletin, mybb, a profile in the campaign's forums/ "
            "folder, or a profile FILE.toml (else recognised from the page).",
            show_default=False,
        ),
    ] = None,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout",
            min=0.1,
            max=300,
            help="For a URL: seconds the whole fetch of one page may take (connecting, redirects, every byte).",
        ),
    ] = 15.0,
    max_pages: Annotated[
        int,
        typer.Option("--max-pages", min=1, max=1000, help="For a URL: the most pages of a multi-page thread to read."),
    ] = 50,
    topic: Annotated[
        Optional[int],
        typer.Option(
            "--topic",
            min=1,
            max=999_999_999_999,
            help="A Discourse topic's number (the N of …/t/slug/N), for a saved /raw text, which does not say it.",
            show_default=False,
        ),
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Resolve every command in every post and print one reply post.

    Each command is keyed by (post id, index): resolving the thread again rolls nothing new
    and prints the same reply; an edited command is flagged and its original result stands.

    \b
    Examples:
      gmtool post resolve thread.txt -c DIR --format bbcode
      gmtool post resolve saved-topic-page.html -c DIR --format bbcode
      gmtool post resolve 'https://forum.example/viewtopic.php?t=12' -c DIR
      pbpaste | gmtool post resolve - -c DIR --author bob --post-id 1187
    """
    import re

    from gmtool.campaign import forumfile
    from gmtool.campaign.store import FORUM_FILE
    from gmtool.cli.common import require_campaign
    from gmtool.errors import InputError
    from gmtool.forum.posts import POST_ID, Post, parse_commands
    from gmtool.forum.resolve import Resolver, resolve_posts
    from gmtool.forum.sources import Options, read_thread
    from gmtool.report.forum import reply_report

    if thread == ["-"]:
        if not author or not post_id:
            raise InputError(key="cli.stdin_needs")
        raw = sys.stdin.buffer.read(5_000_001).decode("utf-8", "replace")
        # the author as given: only plain spaces trimmed (an NBSP makes a look-alike, refused as such)
        posts = [Post(user_text(author).strip(" \t\r\n"), user_text(post_id).strip(), private, raw, 0)]
        if not re.fullmatch(POST_ID, posts[0].post_id):  # what a thread file's header accepts
            raise InputError(key="cli.bad_post_id", post_id=post_id)
        posts[0].commands = parse_commands(raw)
    elif "-" in thread:
        raise InputError(key="cli.stdin_alone")
    else:
        # pages are read (and fetched) before the campaign is locked
        found = read_thread(
            thread,
            Options(profile, require_campaign(campaign), timeout, max_pages, private_messages=private, topic=topic),
        )
        posts = found.posts
        if found.stopped:
            from gmtool.cli.common import error_lang

            typer.echo(f"warning: {found.stopped.text(error_lang({'lang': lang, 'campaign': campaign}))}", err=True)

    from gmtool.campaign.stream import JournalingSource

    with open_campaign(campaign, changes=False, ruleset=None) as (store, state):
        out = Output(format, lang, state)
        lib = campaign_library(store.folder, tables)
        records = forumfile.read(store.folder / FORUM_FILE)
        source = JournalingSource(
            None if state.revealed_secret else store.read_secret(),
            store.next_roll_id(),
            state.turn,
            "post",
            expected=state.commitment,
        )
        resolver = Resolver(state, lib, source, moderator or [])
        outcomes, new_commands, new_posts = resolve_posts(posts, records, resolver)
        reply = reply_report(outcomes, posts, out.lang, include_private)  # before anything is written
        if new_commands or new_posts:
            if records.inline:  # an earlier gmtool's layout: rewritten before anything is appended
                forumfile.unfreeze(store.folder / FORUM_FILE)
            commit(store, state, entries=source.entries, forum=(new_commands, new_posts))
    out.emit(reply)


@app.command("pending")
def pending_command(
    include_private: Annotated[
        bool,
        typer.Option(
            "--include-private",
            help="The moderator's copy: also whose Council ballot is not cast yet (never post it publicly).",
        ),
    ] = False,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """What the turn still waits for, per leader: orders not given, orders left, open quests,
    and whether a Council vote or election is open — a post to pin in the thread. Who has
    not cast a ballot is never in it (rule A9): --include-private is the moderator's copy
    that names them.

    Orders count as given when the leader has a table in DIR/orders/turn-NN.toml (the file
    `gmtool turn run` reads), if the campaign keeps one for this turn.
    """
    from gmtool.errors import CampaignError
    from gmtool.report.pending import pending_report, waiting
    from gmtool.tomlfile import read_toml

    with open_campaign(campaign, changes=False, ruleset=None) as (store, state):
        out = Output(format, lang, state)
        orders_path = store.folder / "orders" / f"turn-{state.turn:02d}.toml"
        given = None
        if orders_path.is_file():
            given = {k for k, v in read_toml(orders_path, CampaignError).items() if isinstance(v, dict)}
        from gmtool.rules.registry import ruleset_of

        library = campaign_library(store.folder, tables)
        label = ruleset_of(state).quest_label(state, library, out.lang)
        found = waiting(state, f"orders/{orders_path.name}", given, label, include_private, library)
    out.emit(pending_report(state, found, out.lang, include_private))


profile_app = typer.Typer(help="Forum engine profiles: how gmtool reads a forum's thread pages.", no_args_is_help=True)
app.add_typer(profile_app, name="profile")


@profile_app.command("check")
def profile_check_command(
    page: Annotated[Path, typer.Argument(help="A saved thread page (HTML).", show_default=False)],
    profile: Annotated[
        Optional[str],
        typer.Option(
            "--profile",
            help="A profile FILE.toml, or a shipped engine's name (else recognised from the page).",
            show_default=False,
        ),
    ] = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Show the posts a profile finds on a saved page: id, author, edited, the first line
    and the commands — to check a profile written for a forum gmtool does not ship.

    \b
    Example:
      gmtool post profile check topic.html --profile my-forum.toml
    """
    from gmtool.forum.sources import Options, read_thread
    from gmtool.report.forum import profile_check_report

    found = read_thread([str(page)], Options(profile, None))
    out = Output(format, lang)
    out.emit(profile_check_report(found, page.name, out.lang))
