"""``gmtool post resolve``: players' commands from forum posts, one reply post."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, List, Optional

import typer

from gmtool.cli.common import (CampaignOpt, FormatOpt, LangOpt, Output, TablesOpt, campaign_library, commit,
                               fail, handles_errors, open_campaign, user_text)

app = typer.Typer(help="Players' commands in forum posts (!roll, !explore, !table, !check, !vote).",
                  no_args_is_help=True)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="post")


@app.command("resolve")
@handles_errors
def resolve_command(
    thread: Annotated[str, typer.Argument(help="A thread file (posts under `=== AUTHOR #ID ===` headers), or - "
                                          "for one post on stdin.", show_default=False)],
    author: Annotated[Optional[str], typer.Option("--author", help="With -: the post's author.",
                                                  show_default=False)] = None,
    post_id: Annotated[Optional[str], typer.Option("--post-id", help="With -: the post's id.",
                                                   show_default=False)] = None,
    private: Annotated[bool, typer.Option("--private", help="With -: the post is a private message. With a file: "
                                          "the file is an export of private messages (every post in it is private; "
                                          "a thread file holds public posts only).")] = False,
    include_private: Annotated[bool, typer.Option("--include-private", help="The moderator's copy: show the "
                                                  "results of private messages too (never post it publicly).")] = False,
    moderator: Annotated[Optional[List[str]], typer.Option("--moderator", help="A forum name allowed to !roll "
                                                           "besides the leaders. Repeatable.",
                                                           show_default=False)] = None,
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
      pbpaste | gmtool post resolve - -c DIR --author bob --post-id 1187
    """
    from gmtool.campaign import forumfile
    from gmtool.campaign.store import FORUM_FILE
    from gmtool.errors import GmError, InputError
    from gmtool.forum.posts import Post, parse_commands, parse_thread
    from gmtool.forum.resolve import Resolver, resolve_posts
    from gmtool.report.forum import reply_report

    if thread == "-":
        if not author or not post_id:
            raise fail("a post on stdin needs --author and --post-id")
        raw = sys.stdin.buffer.read(5_000_001).decode("utf-8", "replace")
        posts = [Post(user_text(author).strip(), user_text(post_id).strip(), private, raw, 0)]
        if not posts[0].post_id.replace("-", "").replace("_", "").isalnum() or len(posts[0].post_id) > 40:
            raise InputError(f"--post-id {post_id!r} must be letters, digits, - or _")
        posts[0].commands = parse_commands(raw)
    else:
        path = Path(thread)
        try:
            raw = path.read_bytes().decode("utf-8", "replace")
        except OSError as exc:
            raise InputError(f"{thread}: cannot read: {exc.strerror or exc}") from None
        posts = parse_thread(raw, private_messages=private)

    from gmtool.campaign.stream import JournalingSource

    with open_campaign(campaign, changes=False, ruleset=None) as (store, state):
        out = Output(format, lang, state)
        lib = campaign_library(store.folder, tables)
        records = forumfile.read(store.folder / FORUM_FILE)
        source = JournalingSource(None if state.revealed_secret else store.read_secret(), store.next_roll_id(),
                                  state.turn, "post", expected=state.commitment)
        resolver = Resolver(state, lib, source, moderator or [])
        outcomes, new_commands, new_posts = resolve_posts(posts, records, resolver)
        if new_commands or new_posts:
            store.check_names(state)
            forum = store.folder / FORUM_FILE
            size, forum_size = store.journal_size(), forum.stat().st_size if forum.exists() else 0
            try:
                store.append(source.entries)
                forumfile.append(forum, new_commands, new_posts)
                store.save(state)
            except GmError:   # e.g. a full disk: none of it happened
                store.cut_journal(size)
                forumfile.cut(forum, forum_size)
                raise
    out.emit(reply_report(outcomes, posts, out.lang, include_private))
