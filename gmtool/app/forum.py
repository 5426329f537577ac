"""The forum's posts in a campaign (`gmtool post resolve | collect | pending`): the commands of
the posts read resolved with the campaign's dice and committed in one commit, the replies
rendered and kept, and who the turn still waits for — one call each.  Pages are read before
the campaign is locked; rendering is asked of the front end's renderer (``output(state)``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from gmtool.app.session import Renderer, Session, open_session
from gmtool.struct import Struct

Output = Callable[[Any], Renderer]  # the campaign's state → the renderer of its replies


class Resolved(Struct):
    """Posts resolved: the renderer, the state after, the leader whose room was read ("" for
    the thread), what the resolver decided (gmtool.forum.collect.run) — and for `post
    collect` the turn, the replies kept ((leader or "", where read, file name, text)) and the
    moderator's work page, and whether the thread's reply was left out (``new``, nothing new
    in it: nothing to paste)."""

    __slots__ = ("out", "state", "leader", "result", "turn", "replies", "page", "quiet")

    def __init__(
        self,
        out: Any,
        state: Any,
        leader: str,
        result: Any,
        turn: int = 0,
        replies: list[tuple[str, str, str, str]] | None = None,
        page: Any = None,
        quiet: bool = False,
    ) -> None:
        self.out = out
        self.state = state
        self.leader = leader
        self.result = result
        self.turn = turn
        self.replies = replies or []
        self.page = page
        self.quiet = quiet


def resolve_threads(
    session: Session,
    out: Renderer,
    tables: list[Path] | None,
    threads: list[Any],
    moderators: list[str],
    only_new: bool = False,
    include_private: bool = False,
) -> Any:
    """Resolve ``threads`` (gmtool.forum.collect) with the campaign's dice and moderators,
    and commit what they decided in one commit (nothing when nothing is new)."""
    from gmtool.app.session import attach_scheme2
    from gmtool.campaign import forumfile
    from gmtool.campaign.names import check_moderators
    from gmtool.campaign.store import FORUM_FILE
    from gmtool.campaign.stream import JournalingSource
    from gmtool.forum.collect import run

    store, state = session.store, session.state
    lib = session.library(tables)
    records = forumfile.read(session.folder / FORUM_FILE)
    secret = None if state.revealed_secret else store.read_secret()
    source = JournalingSource(secret, store.next_roll_id(), state.turn, "post", expected=state.commitment)
    attach_scheme2(source, state)

    def dice() -> Any:  # the orders' check: the next dice of the stream, never journaled
        check = JournalingSource(secret, source.next_id, state.turn, "room orders check", expected=state.commitment)
        return attach_scheme2(check, state, uses=dict(state.label_uses))

    check_moderators(moderators)  # --moderator: a name NFKC would change could never match
    names = [*state.moderators, *moderators]
    result = run(state, lib, source, names, records, threads, out.lang, dice, only_new, include_private)
    if result.commands or result.posts:
        if records.inline:  # an earlier gmtool's layout: rewritten before anything is appended
            forumfile.unfreeze(session.folder / FORUM_FILE)
        session.commit(entries=source.entries, forum=(result.commands, result.posts))
    return result


def resolve_posts(
    folder: Path,
    output: Output,
    posts: list[Any],
    room: str | None = None,
    thread: list[str] | None = None,
    private: bool = False,
    moderators: list[str] | None = None,
    new: bool = False,
    include_private: bool = False,
    tables: list[Path] | None = None,
) -> Resolved:
    """`post resolve`: ``posts`` (read from ``thread``, None for stdin's one post) resolved —
    as ``room``'s when given (a room is one leader's, never the thread) — and committed."""
    from gmtool.errors import InputError
    from gmtool.forum.collect import Thread, room_leader

    with open_session(folder, changes=False, ruleset=None) as session:
        state = session.state
        out = output(state)
        leader = room_leader(state, room) if room is not None else ""
        if thread is not None and (leader or not private):  # a room is one leader's, never the thread
            from gmtool.forum.places import read_problem

            problem = read_problem(state, session.folder, thread, leader)
            if problem is not None:
                raise InputError(key="forum.places", problem=problem)
        result = resolve_threads(session, out, tables, [Thread(posts, leader)], moderators or [], new, include_private)
        return Resolved(out, state, leader, result)


def collect_posts(
    folder: Path,
    output: Output,
    moderators: list[str] | None = None,
    new: bool = False,
    tables: list[Path] | None = None,
    profile: str | None = None,
    timeout: float = 15.0,
    max_pages: int = 50,
    note: Callable[[Any], None] | None = None,
) -> Resolved:
    """`post collect`: the public thread and every leader's room the campaign knows read (before
    the lock; ``note`` is told what a source's reading noted), resolved in one commit, and each
    reply rendered and kept in reports/turn-NN/ (thread.EXT, room-LEADER.EXT) and on the
    moderator's work page."""
    from gmtool.campaign.names import file_stem
    from gmtool.campaign.store import CampaignStore, atomic_write
    from gmtool.errors import InputError
    from gmtool.formats import EXTENSIONS
    from gmtool.forum.collect import Thread
    from gmtool.forum.places import check_places, where_read
    from gmtool.forum.sources import Options, campaign_known, read_thread

    # where the sources are: pages are fetched before the lock, and the session under the
    # lock takes this very state while the file is unchanged (campaign.toml parsed once)
    store = CampaignStore(folder)
    planned = store.load(keep=True)
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
            Options(
                profile, folder, timeout, max_pages, room=leader, moderators=moderators or [], **campaign_known(planned)
            ),
        )
        threads.append(Thread(found.posts, leader, spec))
        if found.note and note is not None:
            note(found.note)
    with open_session(folder, changes=False, ruleset=None, store=store) as session:
        state = session.state
        out = output(state)
        result = resolve_threads(session, out, tables, threads, moderators or [], new)
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
    where = session.folder / "reports" / f"turn-{turn:02d}"
    where.mkdir(parents=True, exist_ok=True)
    for _, _, name, body in replies:
        atomic_write(where / name, body.encode("utf-8"))
    from gmtool.campaign.workposts import keep_replies, tells_rolls

    rolled = {leader for leader, report in result.rooms.items() if tells_rolls(report.data)}
    if result.public is not None and tells_rolls(result.public.data):
        rolled.add("")
    page = keep_replies(
        session.folder, state, turn, [(r[0], r[2], r[3]) for r in replies], out, not new, result.new, rolled
    )
    return Resolved(out, state, "", result, turn, replies, page, quiet)


class Pending(Struct):
    """Who the turn still waits for: the renderer, the state, what is waited for
    (gmtool.report.pending.waiting) and who has given orders (None when that is not known)."""

    __slots__ = ("out", "state", "found", "given")

    def __init__(self, out: Any, state: Any, found: Any, given: set[str] | None) -> None:
        self.out = out
        self.state = state
        self.found = found
        self.given = given


def pending(folder: Path, output: Output, include_private: bool = False, tables: list[Path] | None = None) -> Pending:
    """`post pending`: each leader who has not given orders (the turn's orders file, the rooms'
    orders), the open votes — and with ``include_private`` what only the moderator reads
    (orders left, open quests, ballots not cast, the requests to judge); nothing is written."""
    from gmtool.campaign import forumfile
    from gmtool.campaign.store import FORUM_FILE
    from gmtool.errors import CampaignError
    from gmtool.forum.rooms import collected_orders
    from gmtool.report.pending import waiting
    from gmtool.rules.registry import ruleset_of
    from gmtool.tomlfile import read_toml

    with open_session(folder, changes=False, ruleset=None) as session:
        state = session.state
        out = output(state)
        orders_path = session.folder / "orders" / f"turn-{state.turn:02d}.toml"
        given = None
        if orders_path.is_file():
            given = {k for k, v in read_toml(orders_path, CampaignError).items() if isinstance(v, dict)}
        records = forumfile.read(session.folder / FORUM_FILE)  # read once: the rooms' orders, the requests
        collected = collected_orders(records, state.turn)
        given = _posted_given(records, collected, state, given)
        library = session.library(tables)
        label = ruleset_of(state).quest_label(state, library, out.lang)
        requests = _requests(records) + quest_claims(collected) if include_private else None
        found = waiting(state, f"orders/{orders_path.name}", given, label, include_private, library, requests)
        return Pending(out, state, found, given)


def _requests(records: Any) -> list[dict[str, Any]]:
    """The requests leaders' commands left for the moderator to judge (a reply's ``request``:
    orion's `!explore` of Orion), as forum.toml's ``records`` keep them, oldest first; a voided
    record's (`turn undo`) is gone with it."""
    from gmtool.forum.resolve import stored_reports

    out = []
    for record in records.commands.values():
        if record.get("status") != "ok" or "request" not in (record.get("reports") or ""):
            continue
        reports = stored_reports(record)
        request = reports["en"].data.get("request") if "en" in reports else None
        if isinstance(request, dict):
            out.append(request)
    return out


def quest_claims(collected: dict[str, Any]) -> list[dict[str, Any]]:
    """The quest claims among the turn's orders ``collected`` from the rooms (`!quest`, a
    ``claims`` order: nothing is played before `turn run`), as requests the ruleset judges
    open or not."""
    return [
        {"kind": "quest_claim", "leader": leader, "quest": str(order.value), "post": order.post_id}
        for leader, given in collected.items()
        for order in given.orders
        if order.kind == "claims"
    ]


def _posted_given(records: Any, collected: dict[str, Any], state: Any, given: set[str] | None) -> set[str] | None:
    """Who has given orders: a table in the turn's orders file, or orders posted in its room
    (gmtool/forum/rooms.py).  Known (a set) once the file exists, the campaign's leaders post
    in rooms (any turn's), or the turn has a deadline."""
    from gmtool.campaign.posted import explorers
    from gmtool.rules.registry import ruleset_of

    if ruleset_of(state).player_turns:  # a player's turn has no orders to post
        return given
    posted = {k for k, v in collected.items() if v.orders} | explorers(state)
    rooms = any(isinstance(r.get("room"), str) for r in records.commands.values())
    if given is None and not rooms and state.deadline is None:
        return None
    return (given or set()) | posted
