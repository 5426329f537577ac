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
    campaign_library,
    commit,
    open_campaign,
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
    from gmtool.forum.collect import Thread, room_leader
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

    with open_campaign(campaign, changes=False, ruleset=None) as (store, state):
        out = Output(format, lang, state)
        leader = room_leader(state, room) if room is not None else ""
        if thread != ["-"] and (leader or not private):  # a room is one leader's, never the thread
            from gmtool.forum.places import read_problem

            problem = read_problem(state, store.folder, thread, leader)
            if problem is not None:
                raise InputError(key="forum.places", problem=problem)
        result = resolve_threads(
            store, state, out, tables, [Thread(posts, leader)], moderator or [], new, include_private
        )
    out.emit(result.rooms[leader] if leader in result.rooms else result.public or _nothing_new(out.lang))


def _nothing_new(lang: str) -> Any:
    from gmtool.report.i18n import tr
    from gmtool.report.model import Paragraph, Report, text

    return Report(text(tr("reply_title", lang)), [Paragraph(text(tr("room_nothing_new", lang)))], {"new": False})


def resolve_threads(
    store: Any,
    state: Any,
    out: Output,
    tables: Any,
    threads: list[Any],
    moderators: list[str],
    only_new: bool = False,
    include_private: bool = False,
) -> Any:
    """Resolve ``threads`` (gmtool.forum.collect) with the campaign's dice and moderators,
    and commit what they decided in one commit (nothing when nothing is new)."""
    from gmtool.campaign import forumfile
    from gmtool.campaign.store import FORUM_FILE
    from gmtool.campaign.stream import JournalingSource
    from gmtool.forum.collect import run

    lib = campaign_library(store.folder, tables)
    records = forumfile.read(store.folder / FORUM_FILE)
    secret = None if state.revealed_secret else store.read_secret()
    from gmtool.app.session import attach_scheme2

    source = JournalingSource(secret, store.next_roll_id(), state.turn, "post", expected=state.commitment)
    attach_scheme2(source, state)

    def dice() -> Any:  # the orders' check: the next dice of the stream, never journaled
        check = JournalingSource(secret, source.next_id, state.turn, "room orders check", expected=state.commitment)
        return attach_scheme2(check, state, uses=dict(state.label_uses))

    from gmtool.campaign.names import check_moderators

    check_moderators(moderators)  # --moderator: a name NFKC would change could never match
    names = [*state.moderators, *moderators]
    result = run(state, lib, source, names, records, threads, out.lang, dice, only_new, include_private)
    if result.commands or result.posts:
        if records.inline:  # an earlier gmtool's layout: rewritten before anything is appended
            forumfile.unfreeze(store.folder / FORUM_FILE)
        commit(store, state, entries=source.entries, forum=(result.commands, result.posts))
    return result


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

    from gmtool.app.session import load_campaign
    from gmtool.campaign.names import file_stem
    from gmtool.campaign.store import atomic_write
    from gmtool.cli.common import require_campaign
    from gmtool.errors import InputError
    from gmtool.formats import EXTENSIONS
    from gmtool.forum.collect import Thread
    from gmtool.forum.places import check_places, where_read
    from gmtool.forum.sources import Options, read_thread
    from gmtool.locale import t

    folder = require_campaign(campaign)
    planned = load_campaign(folder)  # where the sources are; pages are fetched before the lock
    sources = ([("", planned.forum_thread)] if planned.forum_thread else []) + list(planned.rooms.items())
    if not sources:
        raise InputError(key="forum.no_sources")
    leaders = {p.name for p in planned.players}
    for leader, _ in sources:
        if leader and leader not in leaders:  # dropped or renamed since its room was set
            raise InputError(key="forum.room_gone", leader=leader)
    check_places(planned, folder)  # a room that is the public thread or another leader's
    threads = []
    for leader, spec in sources:
        found = read_thread(
            [where_read(spec, folder)],
            Options(profile, folder, timeout, max_pages, room=leader, moderators=moderator or []),
        )
        threads.append(Thread(found.posts, leader, spec))
        if found.note:
            from gmtool.cli.common import error_lang

            typer.echo(f"note: {found.note.text(error_lang({'lang': lang, 'campaign': campaign}))}", err=True)
    with open_campaign(campaign, changes=False, ruleset=None) as (store, state):
        out = Output(format, lang, state)
        result = resolve_threads(store, state, out, tables, threads, moderator or [], new)
        turn = state.turn
    replies: list[tuple[str, str, str, str]] = []  # (leader or "", where it was read, file name, text)
    ext = EXTENSIONS[out.format]
    quiet = result.public is not None and new and not result.public_new  # --new, nothing new: nothing to paste
    if result.public is not None and not quiet:
        replies.append(("", planned.forum_thread or "", f"thread.{ext}", out.render(result.public)))
    for leader, report in result.rooms.items():
        own = state.player(leader).lang or out.lang
        replies.append(
            (leader, planned.rooms.get(leader, ""), f"room-{file_stem(leader)}.{ext}", out.render(report, own))
        )
    where = store.folder / "reports" / f"turn-{turn:02d}"
    where.mkdir(parents=True, exist_ok=True)
    for _, _, name, body in replies:
        atomic_write(where / name, body.encode("utf-8"))
    from gmtool.campaign.workposts import keep_replies, tells_rolls

    rolled = {leader for leader, report in result.rooms.items() if tells_rolls(report.data)}
    if result.public is not None and tells_rolls(result.public.data):
        rolled.add("")
    page = keep_replies(
        store.folder, state, turn, [(r[0], r[2], r[3]) for r in replies], out, not new, result.new, rolled
    )
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
        sys.stdout.write(t("reply.collect.public_nothing_new", out.lang, source=planned.forum_thread) + "\n\n")
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
    from gmtool.errors import CampaignError
    from gmtool.report.pending import pending_report, waiting
    from gmtool.tomlfile import read_toml

    with open_campaign(campaign, changes=False, ruleset=None) as (store, state):
        out = Output(format, lang, state)
        orders_path = store.folder / "orders" / f"turn-{state.turn:02d}.toml"
        given = None
        if orders_path.is_file():
            given = {k for k, v in read_toml(orders_path, CampaignError).items() if isinstance(v, dict)}
        given = _posted_given(store.folder, state, given)
        from gmtool.rules.registry import ruleset_of

        library = campaign_library(store.folder, tables)
        label = ruleset_of(state).quest_label(state, library, out.lang)
        requests = _requests(store.folder) + quest_claims(store.folder, state) if include_private else None
        found = waiting(state, f"orders/{orders_path.name}", given, label, include_private, library, requests)
    from gmtool.cli.clock import now
    from gmtool.report.deadlines import pending_notes

    report = pending_report(state, found, out.lang, include_private, known=given is not None)
    out.emit(pending_notes(report, state, now(), out.lang))


def _requests(folder: Path) -> list[dict[str, Any]]:
    """The requests leaders' commands left for the moderator to judge (a reply's ``request``:
    orion's `!explore` of Orion), as forum.toml keeps them, oldest first; a voided record's
    (`turn undo`) is gone with it."""
    from gmtool.campaign import forumfile
    from gmtool.campaign.store import FORUM_FILE
    from gmtool.forum.resolve import stored_reports

    out = []
    for record in forumfile.read(folder / FORUM_FILE).commands.values():
        if record.get("status") != "ok" or "request" not in (record.get("reports") or ""):
            continue
        reports = stored_reports(record)
        request = reports["en"].data.get("request") if "en" in reports else None
        if isinstance(request, dict):
            out.append(request)
    return out


def quest_claims(folder: Path, state: Any) -> list[dict[str, Any]]:
    """The quest claims of the turn's orders collected from the rooms (`!quest`, a ``claims``
    order: nothing is played before `turn run`), as requests the ruleset judges open or not."""
    from gmtool.campaign import forumfile
    from gmtool.campaign.store import FORUM_FILE
    from gmtool.forum.rooms import collected_orders

    records = forumfile.read(folder / FORUM_FILE)
    return [
        {"kind": "quest_claim", "leader": leader, "quest": str(order.value), "post": order.post_id}
        for leader, given in collected_orders(records, state.turn).items()
        for order in given.orders
        if order.kind == "claims"
    ]


def _posted_given(folder: Path, state: Any, given: set[str] | None) -> set[str] | None:
    """Who has given orders: a table in the turn's orders file, or orders posted in its room
    (gmtool/forum/rooms.py).  Known (a set) once the file exists, the campaign's leaders post
    in rooms (any turn's), or the turn has a deadline."""
    from gmtool.campaign import forumfile
    from gmtool.campaign.posted import explorers
    from gmtool.campaign.store import FORUM_FILE
    from gmtool.forum.rooms import collected_orders
    from gmtool.rules.registry import ruleset_of

    if ruleset_of(state).player_turns:  # a player's turn has no orders to post
        return given
    records = forumfile.read(folder / FORUM_FILE)
    posted = {k for k, v in collected_orders(records, state.turn).items() if v.orders} | explorers(state)
    rooms = any(isinstance(r.get("room"), str) for r in records.commands.values())
    if given is None and not rooms and state.deadline is None:
        return None
    return (given or set()) | posted


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
