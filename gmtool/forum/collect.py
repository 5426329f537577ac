"""One run over the public thread and the leaders' rooms: every post resolved with the same
code as ``post resolve`` (one resolver, one dice stream, one budget), the turn's orders
collected from the rooms, checked as ``turn check`` would check them, and the replies built
— the public one, and each room's confirmation, which never leaves its room.

Pure: the caller reads the pages, opens the campaign and commits what :func:`run` returns
(``commands``, ``posts``, the dice ``source``'s entries), all or nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from gmtool.forum.posts import Post
from gmtool.forum.resolve import SKIPPED, Outcome, Resolver, resolve_posts
from gmtool.report.model import Paragraph, Report, text


@dataclass
class Thread:
    """Posts read from one source: the public thread (``room`` "") or a leader's room."""

    posts: list[Post]
    room: str = ""
    where: str = ""  # where it was read from (a file, a URL), to tell the moderator


@dataclass
class Run:
    public: Report | None = None  # the public thread's reply (None: no public thread read)
    rooms: dict[str, Report] = field(default_factory=dict)  # leader → its room's confirmation
    commands: list[dict[str, Any]] = field(default_factory=list)  # new forum.toml records
    posts: list[dict[str, Any]] = field(default_factory=list)
    new: dict[str, bool] = field(default_factory=dict)  # "" (public) / leader → anything new this run
    public_new: bool = True  # the public reply tells something (with only_new: something new)


class _View:
    """forum.toml's records with this run's new command records after them (what
    :func:`gmtool.forum.rooms.collected_orders` reads)."""

    def __init__(self, records: Any, new: list[dict[str, Any]]) -> None:
        self.keys = [*records.keys, *(r["key"] for r in new)]
        self.commands = {**records.commands, **{r["key"]: r for r in new}}
        self.voided = records.voided


def room_leader(state: Any, name: str) -> str:
    """The leader ``name`` is (as the forum writes names: without regard to case); refused
    naming the leaders when it is none."""
    from gmtool.campaign.names import name_key
    from gmtool.errors import InputError

    leaders = {name_key(p.name): p.name for p in state.players}
    found = leaders.get(name_key(name)) if name else None
    if found is None:
        raise InputError(key="forum.room_no_leader", name=name, leaders=", ".join(p.name for p in state.players))
    return found


def in_room(posts: list[Post], leader: str) -> list[Post]:
    """Every post of a room is private to its leader."""
    for post in posts:
        post.room, post.private = leader, True
    return posts


def _shown(outcome: Outcome) -> bool:
    """An outcome a reply lists: not a moderator's skipped command, not a collected order
    (the confirmation tells those) unless its post was edited since (the reply says the
    order as first read stands)."""
    order = outcome.status == "ok" and outcome.order is not None
    return outcome.status != SKIPPED and (not order or outcome.edited)


def _is_new(outcome: Outcome) -> bool:
    """A thing of this run a reply of new things (``--new``) tells: a result or a stored
    refusal; a passing refusal only at its post's first read (a post of a pasted reply of
    gmtool's, say: its author learns once why none of it ran)."""
    return outcome.new and (not outcome.transient or outcome.first_read) and outcome.status != SKIPPED


def run(
    state: Any,
    library: Any,
    source: Any,
    moderators: list[str],
    records: Any,
    threads: list[Thread],
    lang: str,
    dice: Callable[[], Any],
    only_new: bool = False,
    include_private: bool = False,
) -> Run:
    """Resolve every thread (public first, then each room), collect the rooms' orders for
    the current turn and build the replies.  ``lang``: the public reply's language (a room's
    is its leader's own, else this); ``dice()``: a fresh dice source for the check of the
    orders (never journaled); ``only_new``: each reply holds only what this run resolved
    (a room's confirmation only when something in it is new); ``include_private``: the
    public reply shows private messages' results (the moderator's own copy)."""
    from gmtool.forum.order_commands import at_once, casts_ballots
    from gmtool.forum.rooms import collected_orders
    from gmtool.report.forum import reply_report
    from gmtool.report.i18n import tr
    from gmtool.report.labels import rule_labels
    from gmtool.report.room import room_reply
    from gmtool.rules.orion.frames import hex_writer
    from gmtool.rules.registry import ruleset_of

    out = Run()
    resolver = Resolver(state, library, source, moderators)
    results: list[tuple[Thread, list[Outcome]]] = []
    for thread in threads:
        if thread.room:
            in_room(thread.posts, thread.room)
        outcomes, commands, posts = resolve_posts(thread.posts, records, resolver)
        out.commands += commands
        out.posts += posts
        results.append((thread, outcomes))
    collected = collected_orders(_View(records, out.commands), state.turn)
    check = None
    ruleset = ruleset_of(state)
    table = ruleset.table_turn() if any(t.room for t in threads) and not ruleset.player_turns else None
    if table is not None:
        check = table.check_rooms(state, table.rules(library), dice, collected)
    for thread, outcomes in results:
        new = any(_is_new(o) for o in outcomes)
        out.new[thread.room] = new
        listed = [o for o in outcomes if _shown(o) and (_is_new(o) or not only_new)]
        # the posts it read: every one, or with only_new the ones never read before (a header
        # forged in a new post shows before the reply is posted; the others showed before)
        read = [p for p in thread.posts if p.key not in records.posts] if only_new else thread.posts
        if not thread.room:
            report = reply_report(listed, thread.posts, lang, include_private, read)
            if only_new and not listed:
                report = Report(text(tr("reply_title", lang)), [Paragraph(text(tr("room_nothing_new", lang)))], {})
                out.public_new = False
            out.public = report
            continue
        if only_new and not new:
            continue
        leader = thread.room
        own = state.player(leader).lang or lang
        results_report = reply_report(listed, thread.posts, own, True, read) if listed else None
        report = room_reply(
            leader,
            state.turn,
            results_report,
            collected.get(leader),
            check,
            own,
            rule_labels(library, own),
            hex_writer(state, leader) if ruleset.maps else str,  # a galaxy: hexes in its frame
            say=_order_words(table, state, library, leader, own),
            at_once=at_once(ruleset, own),
            ballots=casts_ballots(ruleset),
        )
        # the JSON `post resolve` prints (docs/forums.md): every command of the room's posts, an
        # order understood with status "ok" and the order as kept
        every = [o for o in outcomes if o.status != SKIPPED and (_is_new(o) or not only_new)]
        data = reply_report(every, thread.posts, own, True, read).data
        orders = {o.key: o.order for o in every if o.order is not None}
        for post in data["posts"]:
            for command in post["commands"]:
                order = orders.get(command["key"])
                if order is not None:
                    command["order"] = {"kind": order.kind, "value": order.value}
        report.data.update(posts=data["posts"], read=data["read"])
        out.rooms[leader] = report
    return out


def _order_words(table: Any, state: Any, library: Any, leader: str, lang: str) -> Callable[[Any], str]:
    """How the room's reply says each collected order: in words, in the leader's language
    (and, orion's, its frame: "build Scout at 0,0"), as the campaign's ruleset says them."""

    def say(order: Any) -> str:
        return table.order_words(state, library, leader, order, lang)

    return say
