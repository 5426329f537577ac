"""A turn's deadline in dice scheme 2 (docs/verify.md): the moment its players' share is fixed.

At the deadline gmtool reads the public thread and every leader's room the campaign knows
(`campaign set thread`, `campaign room`).  The share is made of the public thread's seeds
that no earlier share counted — never a moderator's post, nor a reply of gmtool's that the
moderator pasted (a forum that strips markup makes its echoed ``!seed`` begin a line) — and
the newest post of each source read is kept (``[verification] deadline_posts``).

What that buys (docs/verify.md, "No face depends on when the moderator acts"):

* every post the deadline read that holds a command that rolls must be resolved by then —
  its dice belong to the turn — else the share is not fixed (:func:`fix`);
* a post newer than the deadline waits for the next turn: a command of it that rolls is
  answered once the turn is played (:func:`after_deadline`), and its seed goes into the next
  turn's share (:func:`seed_turn`) — so whether the moderator resolves a post before or after
  the share, or before or after the turn is played, its dice are the same;
* the dice rolled during the turn never take the turn's own share (gmtool.app.session
  .attach_scheme2): they take the one fixed at the previous deadline.

Nothing here reads a page: the application layer reads the posts (gmtool.app.turns
.read_sources, before the campaign is locked) and hands them over."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from gmtool.errors import CampaignError
from gmtool.lazy_re import lazy
from gmtool.locale import Msg

# the commands whose dice a post's place in time decides (gmtool.forum.resolve's handlers that roll)
ROLLING = frozenset({"roll", "explore", "table", "check", "move"})
_TAGS = lazy(r"\[/?[a-z*]+(?:=[^\]\n]*)?\]|<[^>\n]*>", re.IGNORECASE)


@dataclass
class Fixed:
    """A share just fixed: the share ("" with no seed), the posts its seeds came from (``#ID
    author``) and the newest post read of each source (its records' key)."""

    turn: int
    share: str
    posts: list[str]
    newest: list[str]


def needed(state: Any) -> bool:
    """The turn is played with dice scheme 2 and its share is not fixed yet."""
    return bool(getattr(state, "dice_v2", False)) and str(state.turn) not in state.shares


def is_moderator(author: str, moderators: Iterable[str]) -> bool:
    """``author`` is one of the moderators' forum names (compared as leaders' names are)."""
    from gmtool.campaign.names import lookalike, name_key

    return not lookalike(author) and name_key(author) in {name_key(m) for m in moderators}


def is_reply(body: str) -> bool:
    """A post holding a reply gmtool wrote, pasted by the moderator: a line of it, outside
    quotes, is a journal mark (``journal #38 · 19907dc7f951``) and nothing else, or the list
    of the posts the reply read (``Posts read: #101 alice``, in either language). A line
    quoted as copied text and Markdown quote (``> journal #38 · …``) is someone else's words."""
    from gmtool.campaign.journal import MARK
    from gmtool.formats import LANGS
    from gmtool.forum.posts import strip_quotes
    from gmtool.locale import t

    read = "|".join(re.escape(t("posts_read", lang)) for lang in LANGS)
    for line in strip_quotes(body).splitlines():
        line = _TAGS.sub("", line).strip(" \t*_")
        if line.startswith(">"):
            continue
        if MARK.search(line) and not re.search(r"\w", MARK.sub("", line)):
            return True
        if re.match(rf"(?:{read}):\s*#", line):
            return True
    return False


def counts_for_seeds(post: Any, moderators: Iterable[str]) -> bool:
    """Whether a post's ``!seed`` can go into a share: a post of the public thread, not a
    moderator's and not a pasted reply of gmtool's."""
    return not post.room and not post.private and not is_moderator(post.author, moderators) and not is_reply(post.body)


def seeds_of(posts: list[Any], counted: set[str], moderators: Iterable[str]) -> list[tuple[str, str, str]]:
    """The ``!seed WORD`` commands of the public thread's ``posts`` (in post order) that no
    earlier share counted: (post id, author, word)."""
    from gmtool.forum.posts import parse_commands

    names = list(moderators)
    seeds = []
    for post in posts:
        if post.post_id in counted or not counts_for_seeds(post, names):
            continue
        for command in parse_commands(post.body):
            if command.name == "seed" and command.args.strip() and not command.refused:
                seeds.append((post.post_id, post.author, command.args.strip()))
    return seeds


def _newest(posts: list[Any]) -> str | None:
    """The records' key of the newest post read (the highest number: gmtool.forum.posts.order_of)."""
    from gmtool.forum.posts import order_of

    best: tuple[int, str] | None = None
    for post in posts:
        order = order_of(post.post_id)
        if order is not None and (best is None or order[1] > best[0]):
            best = (order[1], post.key)
    return best[1] if best else None


def unresolved(threads: list[Any], records: Any, moderators: Iterable[str]) -> list[str]:
    """The posts read that hold a command that rolls and that no `post resolve|collect` has
    read yet (``#ID author``, ``room LEADER #ID author``): their dice belong to this turn."""
    closed = set(records.posts) | {key.rpartition(":")[0] for key in records.commands}
    names = list(moderators)
    out = []
    for thread in threads:
        for post in thread.posts:
            if post.key in closed or is_moderator(post.author, names) or is_reply(post.body):
                continue
            if any(command.name in ROLLING for command in post.commands):
                where = f"room {thread.room} " if thread.room else ""
                out.append(f"{where}#{post.post_id} {post.author}")
    return out


def fix(state: Any, threads: list[Any], records: Any) -> Fixed:
    """Fix the turn's share from ``threads`` (gmtool.app.turns.read_sources; the public thread is the
    one with no room) and keep what the deadline read, in ``state`` (the caller commits).
    Refused on a campaign whose turn is not played with scheme 2, once the turn's share is
    fixed, and while a post read holds a command that rolls and is not resolved yet."""
    from gmtool.campaign.stream import share_of

    if not getattr(state, "dice_v2", False):
        raise CampaignError(key="stream.share_scheme_1")
    turn = str(state.turn)
    if turn in state.shares:
        raise CampaignError(key="stream.share_fixed", turn=state.turn)
    moderators = list(state.moderators)
    waiting = unresolved(threads, records, moderators)
    if waiting:
        raise CampaignError(key="stream.deadline_unresolved", turn=state.turn, posts=", ".join(waiting[:10]))
    counted = {p.split(" ", 1)[0].lstrip("#") for posts in state.share_posts.values() for p in posts}
    public = [post for thread in threads if not thread.room for post in thread.posts]
    seeds = seeds_of(public, counted, moderators)
    share = share_of(state.turn, seeds)
    used = list(dict.fromkeys(f"#{post} {author}" for post, author, _ in seeds))
    newest = [key for thread in threads if (key := _newest(thread.posts)) is not None]
    state.shares[turn] = share
    state.share_posts[turn] = used
    if newest:
        state.deadline_posts[turn] = newest
    return Fixed(state.turn, share, used, newest)


def _source(key: str) -> str:
    """The source of a post's records' key: "" for the public thread, ``room:LEADER:`` for a room."""
    prefix, _, _ = key.rpartition(":")
    return prefix + ":" if prefix else ""


def _not_after(post_id: str, newest_id: str) -> bool:
    from gmtool.forum.posts import order_of

    mine, last = order_of(post_id), order_of(newest_id)
    return mine is not None and last is not None and mine[0] == last[0] and mine[1] <= last[1]


def after_deadline(state: Any, post: Any) -> Msg | None:
    """Why a command of ``post`` that rolls waits (a passing reason: it is answered once the
    turn is played), or None: the turn's share is fixed and the post is newer than the
    newest post the deadline read in its source.  A source the deadline did not read (a
    private message, a room the campaign was not told of) is not held to it."""
    if not getattr(state, "dice_v2", False) or (post.private and not post.room):
        return None
    turn = str(state.turn)
    if turn not in state.shares:
        return None
    source = _source(post.key)
    newest = next((k for k in state.deadline_posts.get(turn, []) if _source(k) == source), None)
    if newest is None or _not_after(post.post_id, newest.rpartition(":")[2]):
        return None
    return Msg("forum.refusal.after_deadline", turn=state.turn, next=state.turn + 1)


def seed_turn(state: Any, post: Any) -> int:
    """The turn whose share ``post``'s seeds go into: the one a share counted them in, else the
    current turn — or the next, once the current turn's share is fixed."""
    mark = f"#{post.post_id} "
    for turn, posts in state.share_posts.items():
        if any(p.startswith(mark) for p in posts) and turn.isdigit():
            return int(turn)
    return int(state.turn) + (1 if str(state.turn) in state.shares else 0)
