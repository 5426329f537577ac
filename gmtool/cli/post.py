"""``gmtool post resolve``: players' commands from forum posts, one reply post."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any, List, Optional

import typer

from gmtool.cli.common import (
    CampaignOpt,
    FormatOpt,
    LangOpt,
    Output,
    TablesOpt,
    user_text,
)

app = typer.Typer(
    help="Players' commands in forum posts (!roll, !explore, !table, !check, !vote), and turn orders in each "
    "leader's room (collect).",
    no_args_is_help=True,
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
    room: Annotated[
        Optional[str],
        typer.Option(
            "--room",
            help="SOURCE is LEADER's room: every post in it is private to LEADER, its turn orders are collected "
            "(not applied) and the reply is the room's confirmation — never post it publicly.",
            show_default=False,
        ),
    ] = None,
    new: Annotated[
        bool,
        typer.Option("--new", help="Print only what is new since the last reply: the commands resolved in this run."),
    ] = False,
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
      gmtool post resolve room-alice.html -c DIR --room alice
      pbpaste | gmtool post resolve - -c DIR --author bob --post-id 1187
    """
    import re

    from gmtool.cli.common import require_campaign
    from gmtool.errors import InputError
    from gmtool.forum.posts import POST_ID, Post, parse_commands
    from gmtool.forum.sources import Options, read_thread

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
            Options(
                profile,
                require_campaign(campaign),
                timeout,
                max_pages,
                private_messages=private,
                topic=topic,
                room=room or "",
                moderators=moderator or [],
            ),
        )
        posts = found.posts
        if found.stopped or found.note:
            from gmtool.cli.common import error_lang

            said = error_lang({"lang": lang, "campaign": campaign})
            if found.stopped:
                typer.echo(f"warning: {found.stopped.text(said)}", err=True)
            if found.note:
                typer.echo(f"note: {found.note.text(said)}", err=True)

    from gmtool.app.forum import resolve_posts

    done = resolve_posts(
        require_campaign(campaign),
        lambda state: Output(format, lang, state),
        posts,
        room,
        None if thread == ["-"] else thread,
        private,
        moderator or [],
        new,
        include_private,
        tables,
    )
    out, leader, result = done.out, done.leader, done.result
    out.emit(result.rooms[leader] if leader in result.rooms else result.public or _nothing_new(out.lang))


def _nothing_new(lang: str) -> Any:
    from gmtool.report.i18n import tr
    from gmtool.report.model import Paragraph, Report, text

    return Report(text(tr("reply_title", lang)), [Paragraph(text(tr("room_nothing_new", lang)))], {"new": False})


@app.command("collect")
def collect_command(
    moderator: Annotated[
        Optional[List[str]],
        typer.Option(
            "--moderator",
            help="A forum name allowed to !roll besides the leaders (and the campaign's moderators). Repeatable.",
            show_default=False,
        ),
    ] = None,
    new: Annotated[
        bool, typer.Option("--new", help="Print only what is new since the last replies: this run's commands.")
    ] = False,
    profile: Annotated[
        Optional[str],
        typer.Option("--profile", help="The forum engine of the pages (else recognised).", show_default=False),
    ] = None,
    timeout: Annotated[
        float, typer.Option("--timeout", min=0.1, max=300, help="For a URL: seconds one page's fetch may take.")
    ] = 15.0,
    max_pages: Annotated[
        int, typer.Option("--max-pages", min=1, max=1000, help="For a URL: the most pages of a thread to read.")
    ] = 50,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Read the public thread and every leader's room in one run and write each reply where
    it goes: printed, each under a line naming its place, and saved in
    reports/turn-NN/ (thread.EXT, room-LEADER.EXT). Each source is resolved as `post resolve`
    resolves it (a room as with --room); one commit for all, nothing written if any fails.

    Where they are: `campaign set thread SOURCE`, `campaign room --player LEADER SOURCE`
    (a relative file path is read from the campaign folder when it is there).

    \b
    Example:
      gmtool post collect -c DIR --format bbcode
    """
    import json

    from gmtool.app.forum import collect_posts
    from gmtool.cli.common import error_lang, require_campaign
    from gmtool.locale import t

    def note(said: Any) -> None:
        typer.echo(f"note: {said.text(error_lang({'lang': lang, 'campaign': campaign}))}", err=True)

    folder = require_campaign(campaign)
    output = lambda state: Output(format, lang, state)  # noqa: E731
    done = collect_posts(folder, output, moderator or [], new, tables, profile, timeout, max_pages, note)
    out, turn, replies, page = done.out, done.turn, done.replies, done.page
    forum_thread, quiet = done.state.forum_thread, done.quiet
    shown = f"reports/turn-{turn:02d}"
    if out.format == "json":
        data = {
            "turn": turn,
            "public": json.loads(replies[0][3]) if replies and not replies[0][0] else None,
            "rooms": {leader: json.loads(body) for leader, _, _, body in replies if leader},
            "saved": [f"{shown}/{name}" for _, _, name, _ in replies],
        }
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        return
    if not replies:
        sys.stdout.write(t("reply.collect.nothing_new", out.lang) + "\n")
    elif quiet:
        sys.stdout.write(t("reply.collect.public_nothing_new", out.lang, source=forum_thread) + "\n\n")
    for leader, source, name, body in replies:
        key = "reply.collect.room" if leader else "reply.collect.public"
        sys.stdout.write(t(key, out.lang, leader=leader, source=source, file=f"{shown}/{name}") + "\n\n")
        sys.stdout.write(body if body.endswith("\n") else body + "\n")
        sys.stdout.write("\n")
    from gmtool.tomlfile import display_path

    sys.stdout.flush()
    typer.echo(f"note: {t('workpage.note', out.lang, page=display_path(page))}", err=True)


@app.command("pending")
def pending_command(
    include_private: Annotated[
        bool,
        typer.Option(
            "--include-private",
            help="The moderator's copy: also each leader's orders left, open quests and Council ballot not cast "
            "(never post it publicly).",
        ),
    ] = False,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Who the turn still waits for — each leader who has not posted orders — and whether a
    Council vote or election is open: a post to pin in the thread. Nothing of a leader's own
    state is in it (orders left, open quests) and never who has not cast a ballot (rule A9):
    --include-private is the moderator's copy that adds them.

    Orders count as given when the leader's room holds orders for the turn (post resolve
    --room) or it has a table in DIR/orders/turn-NN.toml. With a deadline (`turn deadline`)
    the post names it and the time left (GMTOOL_NOW stands for the clock); leaders who missed
    turns in a row and are at risk of replacement are named. No file and no command is named.
    """
    from gmtool.app.forum import pending
    from gmtool.cli.common import require_campaign
    from gmtool.report.pending import pending_report

    done = pending(require_campaign(campaign), lambda state: Output(format, lang, state), include_private, tables)
    out, state, found, given = done.out, done.state, done.found, done.given
    from gmtool.cli.clock import now
    from gmtool.report.deadlines import pending_notes

    report = pending_report(state, found, out.lang, include_private, known=given is not None)
    out.emit(pending_notes(report, state, now(), out.lang))


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
