"""The whole turn as a front end asks for it (`gmtool turn start | end | check | run |
deadline`): open the campaign, fix the share at the deadline, play, commit, write the posts —
one call each.  The turn's machinery itself is the session's (gmtool.app.session); the
posts at the turn's deadline are read here, before the campaign is locked."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from gmtool.app.done import Done
from gmtool.app.session import Renderer, Session, load_campaign, open_session
from gmtool.struct import Struct

Output = Callable[[Any], Renderer]  # the campaign's state → the renderer of its posts (its settings)


class Turn(Struct):
    """A turn's step, done: the renderer its posts were rendered with, the campaign's folder
    and state after it, the turn it was asked of (the state's turn when the call began), its
    posts (None when orders had problems), the problems, the orders file as shown, and the
    rooms' orders it played (`--from-posts`) and the rooms' quest claims the moderator has not
    settled (:func:`open_claims`)."""

    __slots__ = ("out", "folder", "state", "turn", "posts", "problems", "where", "posted", "claims")

    def __init__(
        self,
        out: Renderer,
        session: Session,
        turn: int,
        posts: Any = None,
        problems: list | None = None,
        where: str = "",
        posted: Any = None,
        claims: list[dict[str, Any]] | None = None,
    ) -> None:
        self.claims = claims or []
        self.out: Any = out  # the front end's own renderer, as it gave it
        self.folder = session.folder
        self.state = session.state
        self.turn = turn
        self.posts = posts
        self.problems = problems or []
        self.where = where
        self.posted = posted


def read_sources(
    folder: Path,
    state: Any,
    thread: list[str] | None = None,
    profile: str | None = None,
    timeout: float = 15.0,
    max_pages: int = 50,
) -> list[Any]:
    """The posts the deadline reads (gmtool.campaign.deadline): the public thread (``thread``,
    else the campaign's) and every room the campaign knows, each a
    :class:`gmtool.forum.collect.Thread` — a room's posts private to its leader."""
    public = thread or ([state.forum_thread] if state.forum_thread else [])
    if not public and not state.rooms:  # a campaign played from orders files: nothing to read
        return []
    from gmtool.forum.collect import Thread, in_room
    from gmtool.forum.sources import Options, campaign_known, is_url, read_thread

    def where(spec: str) -> str:
        if not is_url(spec) and not Path(spec).is_absolute() and (folder / spec).exists():
            return str(folder / spec)
        return spec

    options = Options(profile, folder, timeout, max_pages, **campaign_known(state))
    threads = []
    if public:
        found = read_thread([where(s) for s in public], options)
        threads.append(Thread(found.posts, "", " ".join(public)))
    leaders = {p.name for p in state.players}
    for leader, spec in state.rooms.items():
        if leader in leaders:  # a room left behind by a dropped leader is no one's
            found = read_thread([where(spec)], options)
            threads.append(Thread(in_room(found.posts, leader), leader, spec))
    return threads


def deadline_posts(folder: Path) -> tuple[list | None, Any]:
    """The turn's deadline (dice scheme 2): the public thread and the rooms the campaign knows,
    read before the campaign is locked — None when the turn's share is fixed already — and
    the folder's store, for :func:`open_session`: it hands over the state it read here when
    the campaign is still the same under the lock (the file is parsed once)."""
    from gmtool.campaign import deadline
    from gmtool.campaign.store import CampaignStore
    from gmtool.rules.registry import ruleset_of

    store = CampaignStore(folder)
    planned = store.load(keep=True)  # only read here
    if not deadline.needed(planned) or ruleset_of(planned).player_turns:
        return None, store
    return read_sources(folder, planned), store


def _close_posts(session: Session, threads: list | None) -> None:
    """Fix the turn's share at its deadline, in the turn's own commit (gmtool.campaign.deadline)."""
    from gmtool.campaign import deadline

    if deadline.needed(session.state):
        session.close_posts(threads or [])


def start_turn(folder: Path, output: Output, tables: list[Path] | None = None, faces: str | None = None) -> Turn:
    """`turn start`: the turn started, its posts rendered (``output(state)``), committed and written."""
    with open_session(folder, ruleset=None) as session:
        out, turn = output(session.state), session.state.turn
        return Turn(out, session, turn, session.start_turn(session.rules(tables), out, faces))


def end_turn(
    folder: Path,
    output: Output,
    tables: list[Path] | None = None,
    faces: str | None = None,
    chair_decision: str | None = None,
    player: str | None = None,
    chair_choice: str | None = None,
) -> Turn:
    """`turn end`: the share fixed at the deadline, then the whole table's turn ended — or, where
    the ruleset's turns are a player's, ``player``'s (refused when none is named; the Turn's
    posts are then that player's report)."""
    threads, store = deadline_posts(folder)
    with open_session(folder, ruleset=None, store=store) as session:
        out, turn = output(session.state), session.state.turn
        from gmtool.rules.registry import ruleset_of

        if ruleset_of(session.state).player_turns:  # one player's turn ends, not the whole table's
            if not player:
                from gmtool.errors import InputError

                raise InputError(key="cli.venus_turn_player")
            return Turn(out, session, turn, session.end_player_turn(player, out.lang, tables))
        _close_posts(session, threads)
        return Turn(
            out, session, turn, session.end_turn(session.rules(tables), out, faces, chair_decision, chair_choice)
        )


def check_orders(folder: Path, output: Output, orders: Path | None, tables: list[Path] | None = None) -> Turn:
    """`turn check`: an orders file (``orders``), else the rooms' orders, played on the loaded
    state and checked; nothing is written. The Turn's problems say what is wrong."""
    with open_session(folder, ruleset=None) as session:
        out, turn = output(session.state), session.state.turn
        if orders is None:
            claims = open_claims(session, tables, out.lang)
            posted, _, problems, where, _ = session.play_posted(session.rules(tables), strict=True)
            return Turn(out, session, turn, None, problems, where, posted, claims)
        _, problems, where, _ = session.play_orders(session.rules(tables), orders)
        return Turn(out, session, turn, None, problems, where)


def run_turn(
    folder: Path,
    output: Output,
    orders: Path | None,
    tables: list[Path] | None = None,
    faces: str | None = None,
    chair_decision: str | None = None,
    dry_run: bool = False,
    strict: bool = False,
    chair_choice: str | None = None,
) -> Turn:
    """`turn run`: the share fixed at the deadline, the orders (a file, else the rooms') played,
    the turn ended, committed and written (unless ``dry_run``). With problems the Turn has no
    posts and nothing was written."""
    threads, store = deadline_posts(folder)
    with open_session(folder, ruleset=None, store=store) as session:
        out, turn = output(session.state), session.state.turn
        _close_posts(session, threads)
        claims = open_claims(session, tables, out.lang) if orders is None else []
        posts, problems, where = session.run_turn(
            session.rules(tables), out, orders, faces, chair_decision, dry_run, strict, chair_choice
        )
        return Turn(out, session, turn, posts, problems, where, session.posted, claims)


def open_claims(session: Session, tables: list[Path] | None, lang: str) -> list[dict[str, Any]]:
    """The rooms' quest claims the moderator has not settled (a quest the moderator judges,
    not confirmed with `gmtool quest complete` yet), each for a note naming the command that
    settles it: `turn check --from-posts` says them before the turn is played, `turn run
    --from-posts` after (the claim gave nothing; the leader's report says so)."""
    from gmtool.app.forum import quest_claims
    from gmtool.forum.rooms import collected_orders
    from gmtool.rules.registry import ruleset_of

    state = session.state
    claims = quest_claims(collected_orders(session.forum_records(), state.turn))
    ruleset = ruleset_of(state)
    if not claims or not hasattr(ruleset, "open_requests"):  # a ruleset of no requests (a third one)
        return []
    library = session.library(tables)
    label = ruleset.quest_label(state, library, lang)
    return [
        {**item, "quest": label(item["quest"])}
        for item in ruleset.open_requests(state, claims, library)
        if item["kind"] == "request_quest_claim"
    ]


def set_deadline(folder: Path, at: str | None, zone: str | None) -> Done:
    """`turn deadline`: the current turn's deadline set (``at`` in ``zone``, else the
    campaign's last zone, else UTC) or cleared (``at`` None)."""
    from gmtool.campaign.deadlines import parse_deadline

    with open_session(folder) as session:
        state = session.state
        if at is None:
            state.deadline = None
        else:
            zone = zone if zone is not None else (state.deadline_zone or "UTC")
            state.deadline, state.deadline_zone = parse_deadline(at, zone), zone
        session.commit()
        return Done(state)


def fix_share(folder: Path, thread: list[str] | None = None, profile: str | None = None) -> tuple[Any, Any]:
    """`turn share`: this turn's players' share fixed at its deadline from the public thread
    (``thread``, else the campaign's) and the rooms, read before the lock (dice scheme 2,
    docs/verify.md); (the state, what was fixed). Refused without a thread to read."""
    from gmtool.app.session import record_share
    from gmtool.errors import InputError

    planned = load_campaign(folder)  # where the sources are: pages are fetched before the lock
    if not thread and not planned.forum_thread:
        raise InputError(key="forum.share_no_thread")
    return record_share(folder, read_sources(folder, planned, thread or None, profile))
