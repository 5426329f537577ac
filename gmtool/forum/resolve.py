"""Resolve the commands of a thread against a campaign, idempotently.

Every command is keyed by (post id, its index in the post), a private message's apart from
a public post's (``Post.key``).  The first resolution rolls (journaled, the key in the
purpose) and keeps the result's report, in English and in Russian, in ``forum.toml``;
resolving the same thread again reads every result back by its key and rolls nothing.  A
command whose text changed at a known key (an edited post) is flagged, and its original
result stands: an edit never buys a reroll.

Who speaks: a post's author is a leader when the forum name is the leader's name (after
NFC, without regard to case: campaign/names.py) and does not change when cleaned up (a
look-alike — a bidi override, an NBSP — is refused, and the refusal stands).  The leader a
post spoke for is kept when the post is closed: a leader who joins or replaces another
later speaks from later posts only.  A new post older than a public post already resolved
is refused (a command in it may have been written after those results were published).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gmtool.campaign.deadline import ROLLING, after_deadline, is_reply
from gmtool.campaign.model import Campaign
from gmtool.campaign.names import lookalike, name_key, shown
from gmtool.campaign.stream import JournalingSource
from gmtool.errors import CampaignError, GmError, StreamUnavailable
from gmtool.formats import LANGS
from gmtool.forum.posts import PRIVATE, Command, Post, order_of
from gmtool.locale import Label, Msg, msg_from_data, msg_to_data
from gmtool.report.model import Report, report_from_dict, report_to_dict
from gmtool.rules.base import ForumCall, ForumHandler, ForumRefusal, ensure_not_over
from gmtool.rules.registry import ruleset_of


@dataclass
class Outcome:
    post: Post
    command: Command
    status: str  # "ok" | "refused"
    reports: Mapping[str, Report] = field(default_factory=dict)  # lang → report
    # a refusal's words: its message, kept in forum.toml as its key and parameters so that a
    # reply read back is written in any language; a rule's error without a key, and a refusal
    # stored by an earlier gmtool (`reason`, `reason_ru`), keep the words they were written in
    why: Msg | None = None
    edited: bool = False  # the post was edited since: this is the original result
    original: str = ""  # the command as first resolved
    roll_ids: list[int] = field(default_factory=list)
    new: bool = True
    # refused for a passing reason of this run (no --moderator, a missing or wrong secret, the
    # run's budget): not stored, so the next run decides it again.  Every other refusal is
    # the rules' answer to the command at the time: stored, so resolving again (even turns
    # later) gives the same reply and rolls nothing.
    transient: bool = False
    redone: bool = False  # its earlier result was voided by `turn undo`: resolved again
    # its post was read (and closed) for the first time in this run: a passing refusal of it
    # is news once (a reply of new things tells the player why nothing of the post ran)
    first_read: bool = False
    # a room's order command, collected (not applied): the order as read and the turn it is for
    order: Any = None  # a PostedOrder (gmtool/forum/order_commands.py)
    turn: int | None = None

    @property
    def key(self) -> str:
        return f"{self.post.key}:{self.command.index}"

    @property
    def reason(self) -> str:
        """The refusal in English ("" if not refused)."""
        return self.reason_in("en")

    def reason_in(self, lang: str) -> str:
        return self.why.text(lang) if self.why is not None else ""


def refused(post: Post, command: Command, why: Msg, **flags: Any) -> Outcome:
    """A refusal in gmtool's own words (``forum.refusal.*`` in the catalogs)."""
    return Outcome(post, command, "refused", why=why, **flags)


# the commands every campaign answers, whatever its ruleset (beside !seed): they act at once,
# stand as first published and are never collected as a turn's orders
HOUSE = frozenset({"roll", "table"})
SKIPPED = "skipped"  # a moderator's command in a room other than !roll: no one's order, not listed


def record_of(outcome: Outcome) -> dict[str, Any]:
    order = outcome.order
    return {
        "key": outcome.key,
        "post_id": outcome.post.post_id,
        "private": outcome.post.private,
        "index": outcome.command.index,
        "redone": outcome.redone or None,
        "author": outcome.post.author,
        "command": outcome.command.line,
        "status": outcome.status,
        "refusal": stored_json(msg_to_data(outcome.why)) if outcome.why is not None else None,
        "roll_ids": outcome.roll_ids,
        "reports": stored_json({lang: report_to_dict(r) for lang, r in outcome.reports.items()}),
        "room": outcome.post.room or None,
        "turn": outcome.turn if order is not None else None,
        "order": stored_json({"kind": order.kind, "value": order.value}) if order is not None else None,
    }


def stored_json(value: Any) -> str:
    """JSON for forum.toml: compact, and with ' and DEL written as JSON escapes, so that
    forum.toml can hold it as a literal string, which reads without unescaping (a long
    thread's records load several times faster)."""
    return (
        json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("'", "\\u0027").replace("\x7f", "\\u007f")
    )


class StoredReports(Mapping[str, Any]):
    """A stored command's reports by language, each built from its JSON only when it is
    read (a reply is written in one language; a long thread reads back thousands)."""

    def __init__(self, raw: dict[str, Any], key: str = "") -> None:
        self._raw = raw
        self._key = key
        self._built: dict[str, Any] = {}

    def __getitem__(self, lang: str) -> Any:
        if lang not in self._raw:
            raise KeyError(lang)
        if lang not in self._built:
            try:
                self._built[lang] = report_from_dict(self._raw[lang])
            except (TypeError, ValueError, KeyError, AttributeError, IndexError):
                raise CampaignError(key="campaign.forum_record", key_=self._key, lang=lang) from None
        return self._built[lang]

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)


def stored_reports(record: dict[str, Any]) -> StoredReports:
    """A forum.toml command record's results by language (built when read)."""
    try:
        raw = json.loads(record.get("reports") or "{}")
    except (TypeError, ValueError):
        raw = None
    if not isinstance(raw, dict):
        raise CampaignError(key="campaign.forum_record", key_=record.get("key", "?"), lang="—")
    return StoredReports(raw, str(record.get("key", "?")))


def damaged_records(commands: dict[str, dict[str, Any]], lang: str = "en") -> list[str]:
    """A line for each stored command whose results cannot be read back (`campaign validate`)."""
    problems = []
    for record in commands.values():
        try:
            reports = stored_reports(record)
            for language in reports:
                reports[language]
            stored_refusal(record)
        except CampaignError as exc:
            problems.append(exc.text(lang))
    return problems


def outcome_from_record(post: Post, command: Command, record: dict[str, Any]) -> Outcome:
    reports = stored_reports(record)
    # a changed command, or a different author claiming the same post id
    edited = record.get("command") != command.line or record.get("author", post.author) != post.author
    outcome = Outcome(
        post,
        command,
        record.get("status", "ok"),
        reports,
        stored_refusal(record),
        edited,
        record.get("command", ""),
        list(record.get("roll_ids", [])),
        new=False,
        redone=record.get("redone") is True,
    )
    if isinstance(record.get("order"), str):  # a room's order: as it was collected
        from gmtool.forum.order_commands import PostedOrder
        from gmtool.forum.rooms import order_of_record

        got = order_of_record(record)
        if got is not None:
            outcome.order = PostedOrder(got.kind, got.value)
            outcome.turn = record.get("turn") if isinstance(record.get("turn"), int) else None
    return outcome


def stored_refusal(record: dict[str, Any]) -> Msg | None:
    """A stored command's refusal: its message (``refusal``: key and parameters as JSON), or
    the words an earlier gmtool stored (``reason`` in English, ``reason_ru`` in Russian)."""
    if record.get("refusal") is not None:
        try:
            return msg_from_data(json.loads(record["refusal"]))
        except (TypeError, ValueError):
            raise CampaignError(key="campaign.forum_record", key_=record.get("key", "?"), lang="—") from None
    reason, reason_ru = record.get("reason"), record.get("reason_ru")
    if not reason or not isinstance(reason, str):
        return None
    return Label({"en": reason, "ru": reason_ru} if reason_ru and isinstance(reason_ru, str) else {"en": reason})


# Budgets: a thread cannot make the journal (or the run) explode.  What is over budget is
# refused and not stored, so the next run (the earlier commands read back, rolling nothing)
# carries on where this one stopped.  A run takes a whole busy thread (1,000 posts, 2,000
# commands) at once, and adds at most 10,000 entries (about 1.3 MB) to the journal.
MAX_DICE_PER_POST = 200
MAX_DICE_PER_THREAD = 10_000
MAX_COMMANDS_PER_THREAD = 2_000


class Resolver:
    """Runs new commands against ``state`` with dice from one journaling ``source``."""

    def __init__(self, state: Campaign, library: Any, source: JournalingSource, moderators: list[str]) -> None:
        self.state = state
        self.library = library
        self.source = source
        self.moderators = {name_key(m) for m in moderators}
        self.leaders = {name_key(p.name): p.name for p in state.players}
        self.thread_dice = 0
        self.thread_commands = 0
        self.post_dice: dict[str, int] = {}
        ruleset = ruleset_of(state)
        self.ruleset = ruleset
        # the house's commands, which every campaign answers, and the ruleset's own
        own: dict[str, ForumHandler] = {"roll": self._roll, "table": self._table}
        self.handlers: dict[str, ForumHandler] = {**ruleset.forum_commands, **own}
        self.ruleset_words = {*ruleset.forum_commands, *ruleset.room_orders}

    def leader_of(self, author: str) -> str:
        """The leader a forum name is ("" for none; a look-alike is no one)."""
        return "" if lookalike(author) else self.leaders.get(name_key(author), "")

    def resolve(self, post: Post, command: Command, leader: str | None = None) -> Outcome:
        """``leader``: the leader the post speaks for, as recorded when it was closed (else
        the author's leader now)."""
        outcome = self._decide(post, command, leader)
        if post.copied and not post.room:
            # the public thread read from copied text: no one is known to have written any of
            # it, so nothing it decides is kept (nothing closes, dates no post, collides with a
            # later post's id): decided again on every read, the same way
            outcome.transient = True
        return outcome

    def _decide(self, post: Post, command: Command, leader: str | None) -> Outcome:
        if post.typed:  # copied text: a post header typed in the post (sources.merge_typed)
            return refused(post, command, Msg("forum.refusal.typed_header", line=post.typed[:80]))
        if is_reply(post.body):
            # a reply of gmtool's pasted into the post: on a forum that strips markup its echoed
            # commands begin their lines again, and are no one's (docs/forum-commands.md)
            if post.master or name_key(post.author) in self.moderators:
                return Outcome(post, command, SKIPPED, transient=True)
            return refused(post, command, Msg("forum.refusal.pasted_reply", read=Msg("posts_read")), transient=True)
        if lookalike(post.author):
            return refused(post, command, Msg("forum.refusal.lookalike", author=shown(post.author)))
        if command.refused:
            return refused(post, command, command.refused)
        if not command.name and command.word.casefold() in self.ruleset_words:
            # a ruleset's own command is known by its name, as a catalog's command is
            command = replace(command, name=command.word.casefold())
        if not command.name:
            return refused(post, command, Msg("forum.refusal.unknown_command", word=command.word))
        if post.copied and (post.master or name_key(post.author) in self.moderators):
            # copied text cannot tell the moderator's post from a header a player typed
            return refused(post, command, Msg("forum.refusal.copied_moderator"))
        if command.name == "seed":  # anyone's, in the public thread: dice scheme 2 (docs/verify.md)
            return self._seed(post, command)
        if post.copied and not post.room:
            # every other command acts for a leader: from copied text, only from the leader's room
            return refused(post, command, Msg("forum.refusal.copied_public", word=command.word))
        ruleset, handlers = self.ruleset, self.handlers
        # a turn's order (!colonize …), posted in a leader's room: a command of the ruleset's
        # room orders, where turns are the whole table's (collected, played at the turn)
        is_order = (
            command.name in ruleset.room_orders
            and command.name not in HOUSE
            and not ruleset.player_turns
            # a private message's !vote (not a room's) is cast at once, as before rooms
            and (bool(post.room) or command.name not in handlers)
        )
        if command.name not in handlers and not is_order:
            return refused(
                post,
                command,
                Msg(
                    "forum.refusal.not_in_ruleset",
                    word=command.word,
                    ruleset=self.state.ruleset,
                    commands=", ".join("!" + c for c in sorted(handlers)),  # a thread's
                ),
            )
        who = self.leader_of(post.author) if leader is None else leader
        if post.room and who != post.room:
            # a room is its leader's: the moderator's post there (the report with its orders
            # template) is no one's orders — only its !roll runs; anyone else is refused
            if name_key(post.author) in self.moderators:
                if command.name != "roll":
                    return Outcome(post, command, SKIPPED, transient=True)
                who = ""
            else:  # anyone else's post stands refused (name the moderators before resolving)
                why = Msg("forum.refusal.not_room_leader", author=post.author, leader=post.room)
                return refused(post, command, why)
        if not who and command.name == "roll" and name_key(post.author) in self.moderators:
            who = post.author
        if not who:
            key = "not_leader_or_moderator" if command.name == "roll" else "not_leader"
            return refused(post, command, Msg("forum.refusal." + key, author=post.author), transient=True)
        if is_order:
            return self._collect(post, command, who)
        if command.name in ROLLING:  # posted after the turn's deadline: rolled in the next turn (docs/verify.md)
            late = after_deadline(self.state, post)
            if late is not None:
                return refused(post, command, late, transient=True)
        if self.thread_commands >= MAX_COMMANDS_PER_THREAD:
            return refused(
                post, command, Msg("forum.refusal.run_commands", max=MAX_COMMANDS_PER_THREAD), transient=True
            )
        self.thread_commands += 1
        post_left = MAX_DICE_PER_POST - self.post_dice.get(post.key, 0)
        thread_left = MAX_DICE_PER_THREAD - self.thread_dice
        first = self.source.next_id
        kind = f"room {post.room} post" if post.room else "private message" if post.private else "post"
        self.source.purpose = f"{kind} #{post.post_id}.{command.index} ({who}) !{command.name}"
        v2 = getattr(self.source, "scheme2", None)
        uses = dict(v2.uses) if v2 is not None else {}
        if v2 is not None:  # scheme 2: the label names the post and the command (docs/verify.md)
            v2.private = bool(post.room or post.private)
            # leaders by their seats, which a rename keeps: a renamed leader's post rolls as before
            seat = self.state.seat
            where = f"room {seat(post.room)} post" if post.room else kind
            self.source.set_context(f"{seat(who)} · {where} #{post.post_id}.{command.index} !{command.name}", who)
        saved = len(self.source.entries)
        self.source.limit = saved + max(0, min(post_left, thread_left))
        self.source.limit_reason = (
            Msg("error.forum.post_budget", n=MAX_DICE_PER_POST)
            if post_left <= thread_left
            else Msg("error.forum.run_budget", n=MAX_DICE_PER_THREAD)
        )
        call = ForumCall(self.state, self.library, who, command.args, bool(post.room or post.private), self.source)
        try:
            reports = handlers[command.name](call)
        except (GmError, ForumRefusal) as exc:
            # the run's budget (not the post's) ran out: a passing reason, decided again next run
            run_budget = (
                self.source.limit is not None
                and len(self.source.entries) >= self.source.limit
                and post_left > thread_left
            )
            # a refused command rolls nothing: forget any die it took
            del self.source.entries[saved:]
            if v2 is not None:
                v2.uses.clear()
                v2.uses.update(uses)
            self.source.next_id = first
            if isinstance(exc, ForumRefusal):  # in the forum's own words
                return refused(post, command, Msg("forum.refusal." + exc.key, **exc.params))
            passing = isinstance(exc, (CampaignError, StreamUnavailable)) or run_budget
            why = exc.msg()
            home = exc.params.get("home") if post.room and isinstance(exc, GmError) else None
            if home:  # a hex of the leader's stage-1 frame, once the rooms are open (rules.orion.common)
                why = Msg("forum.refusal.old_frame", reason=why, hint=Msg("room_frame_hint", home=home))
            return Outcome(post, command, "refused", why=why, transient=passing)
        finally:
            self.source.limit = None
        ids = [e.id for e in self.source.entries[saved:]]
        if v2 is not None and ids:  # what checking these dice needs (gmtool.report.dice_block)
            from gmtool.report.dice_block import with_dice

            rolled = self.source.entries[saved:]
            names = self.state.seat_names()
            reports = {lang: with_dice(r, rolled, lang, names=names) for lang, r in reports.items()}
        self.thread_dice += len(ids)
        self.post_dice[post.key] = self.post_dice.get(post.key, 0) + len(ids)
        return Outcome(post, command, "ok", reports, roll_ids=[ids[0], ids[-1]] if ids else [])

    def _collect(self, post: Post, command: Command, who: str) -> Outcome:
        """A turn's order in a room: read (gmtool/forum/order_commands.py) and collected for
        the current turn, never applied here; words it cannot read are refused (stored).
        Outside a room it is refused: turn orders are given in the leader's room."""
        if not post.room:
            return refused(post, command, Msg("forum.refusal.order_in_room", word=command.word))
        try:
            ensure_not_over(self.state)  # no turn left to give orders for
            order = self.ruleset.read_order(self.state, self.library, who, command.name, command.args)
        except GmError as exc:
            return refused(post, command, exc.msg())
        return Outcome(post, command, "ok", order=order, turn=self.state.turn)

    def _seed(self, post: Post, command: Command) -> Outcome:
        """``!seed WORD``: noted for a turn's players' share (the deadline reads it from the
        public thread: gmtool.campaign.deadline) — this turn's, or the next once this turn's
        share is fixed; in a room or a private message it counts for nothing, and in a
        moderator's post or a pasted reply of gmtool's (its echo of a seed) it is no one's."""
        from gmtool.campaign.deadline import seed_turn
        from gmtool.locale import t
        from gmtool.report.model import Report, Span

        if not getattr(self.state, "dice_v2", False):
            return refused(post, command, Msg("forum.refusal.seed_scheme_1"))
        if post.room or post.private:
            return refused(post, command, Msg("forum.refusal.seed_not_public"))
        if (not lookalike(post.author) and name_key(post.author) in self.moderators) or is_reply(post.body):
            return Outcome(post, command, SKIPPED, transient=True)
        word = command.args.strip()
        if not word:
            return refused(post, command, Msg("forum.refusal.seed_empty"))
        said = {"author": post.author, "word": word[:100], "turn": seed_turn(self.state, post), "post": post.post_id}
        # copied text says who wrote the post, and anyone may have typed that: the seed is no one's
        key = "reply.seed_noted_copied" if post.copied else "reply.seed_noted"
        reports = {lang: Report([Span(t(key, lang, **said))], [], {"seed": said}) for lang in LANGS}
        return Outcome(post, command, "ok", reports)

    # -- the house's handlers -----------------------------------------------------
    def _roll(self, call: ForumCall) -> dict[str, Report]:
        from gmtool.dice import roll
        from gmtool.report.dice import roll_report

        expression, _, comment = call.args.partition(" ")
        if not expression:
            raise _Refused(key="forum.roll_needs_dice")
        first = call.source.next_id
        result = roll(expression, call.source, comment=comment.strip())
        return {lang: roll_report(result, lang, call.info(first)) for lang in LANGS}

    def _table(self, call: ForumCall) -> dict[str, Report]:
        from gmtool.report.tables import roll_report
        from gmtool.rolltables.roll import modifier_from_text, roll_table

        parts = call.args.split()
        if not parts:
            raise _Refused(key="forum.table_needs_id")
        state, library = call.state, call.library
        table = library.get(parts[0], state.ruleset)
        mods = [modifier_from_text(table, m) for m in parts[1:6]]
        first = call.source.next_id
        result = roll_table(table, call.source, mods, state.stage, library)
        return {lang: roll_report(result, lang, call.info(first), library.find_row) for lang in LANGS}


class _Refused(GmError):
    pass


# ----------------------------------------------------------------------- a whole thread


def post_record(post: Post, leader: str) -> dict[str, Any]:
    """Closes a post: its author, the leader it speaks for ("" for none) and the commands it
    held when first resolved."""
    return {
        "post_id": post.post_id,
        "author": post.author,
        "private": post.private,
        "leader": leader,
        "commands": [c.line for c in post.commands],
        "room": post.room or None,
    }


def _changed(post: Post, command: Command, why: str, original: str = "") -> Outcome:
    """A command added, changed or removed after its post was resolved (``forum.refusal.<why>``)."""
    return refused(post, command, Msg("forum.refusal." + why), edited=True, original=original)


def _newest(records: Any, by_post: dict[str, list[str]]) -> dict[str, tuple[int, str]]:
    """The newest public post already resolved, per thread: thread → (number, post id)."""
    newest: dict[str, tuple[int, str]] = {}
    for key in [*records.posts, *by_post]:
        if key.startswith(PRIVATE):
            continue
        order = order_of(key)
        if order is not None and order[1] > newest.get(order[0], (-1, ""))[0]:
            newest[order[0]] = (order[1], key)
    return newest


def resolve_posts(posts: list[Post], records: Any, resolver: Resolver) -> tuple[list[Outcome], list[dict], list[dict]]:
    """Every command of ``posts``: read back from ``records`` (a :class:`ForumRecords`) or run.

    A post resolved once is closed: a command added, changed, moved or removed later is
    flagged and its original result stands; an added command is refused.  Only commands
    that ran, and the rules' refusals, are stored: resolving again, even turns later, gives
    the same reply and rolls nothing.  A refusal for a passing reason of the run — a missing
    or wrong secret, a moderator not named with --moderator, the run's budget — is not
    stored, and is decided again next time, for the leader the post spoke for when it was
    closed.  A result `turn undo` voided is decided again, once, and says so.  A new public
    post older than one already resolved (in its thread) is refused.  Returns (outcomes, new
    command records, new post records)."""
    outcomes: list[Outcome] = []
    new_posts: list[dict] = []
    by_post: dict[str, list[str]] = {}
    for key in records.commands:
        pid, _, index = key.rpartition(":")
        by_post.setdefault(pid, []).append(index)
    newest = _newest(records, by_post)
    for post in posts:
        closed = records.posts.get(post.key)
        too_old = ""
        if closed is not None:
            original = [str(c) for c in closed.get("commands", [])]
            author = closed.get("author", post.author)
        elif post.key in by_post:  # resolved before posts were closed: its stored commands
            n = max(int(i) for i in by_post[post.key] if i.isascii() and i.isdigit()) if by_post[post.key] else 0
            original = [str(records.commands.get(f"{post.key}:{i}", {}).get("command", "")) for i in range(1, n + 1)]
            author = next(
                r.get("author", post.author) for k, r in records.commands.items() if k.startswith(post.key + ":")
            )
            closed = {"legacy": True}
        else:
            original, author = [], post.author
            if post.room or not post.copied:  # the public thread's copied text closes nothing (Resolver.resolve)
                new_posts.append(post_record(post, resolver.leader_of(post.author)))
            order = order_of(post.post_id)
            # copied text's ids come from what a player can type (a date, a post number): they
            # never make a later post "older"
            if (
                not post.private
                and not post.copied
                and order is not None
                and newest.get(order[0], (-1, ""))[0] > order[1]
            ):
                too_old = newest[order[0]][1]
        # the leader the post spoke for when it was closed (posts closed before this was kept: now)
        leader = closed.get("leader") if closed is not None and isinstance(closed.get("leader"), str) else None
        other_author = author != post.author
        for command in post.commands:
            key = f"{post.key}:{command.index}"
            record = records.commands.get(key)
            if too_old:
                outcomes.append(refused(post, command, Msg("forum.refusal.older", post=post.post_id, newest=too_old)))
                continue
            if closed is None:
                outcomes.append(
                    outcome_from_record(post, command, record)
                    if record
                    else _again(resolver.resolve(post, command, leader), key, records)
                )
                outcomes[-1].first_read = post.room != "" or not post.copied
                continue
            first = original[command.index - 1] if command.index <= len(original) else None
            if record is not None:
                outcomes.append(outcome_from_record(post, command, record))  # flags a change itself
            elif first is None:
                outcomes.append(_changed(post, command, "added"))
            elif first != command.line or other_author:
                outcomes.append(_changed(post, command, "changed", first))
            else:  # refused last time for a passing reason, or voided by `turn undo`: decided again
                # (a voided result's roster went back with the state: the author's leader now)
                speaks = None if key in records.voided else leader
                outcomes.append(_again(resolver.resolve(post, command, speaks), key, records))
        first_of_post = len(outcomes) - len(post.commands)
        for index in range(len(post.commands) + 1, len(original) + 1):  # removed since
            record = records.commands.get(f"{post.key}:{index}")
            gone = Command(index, "", "", "", "")
            if record is not None:
                outcome = outcome_from_record(post, gone, record)
                outcome.edited = True
                outcomes.append(outcome)
            else:
                outcomes.append(_changed(post, gone, "removed", original[index - 1]))
        _tell_edit_once(post, outcomes[first_of_post:], records, new_posts)
    stored = [record_of(o) for o in outcomes if o.new and not o.edited and not o.transient]
    return outcomes, stored, new_posts


def _tell_edit_once(post: Post, outcomes: list[Outcome], records: Any, new_posts: list[dict]) -> None:
    """A post edited since it was closed is flagged at every read, but told as news once: the
    first read of an edit makes its flagged commands new things of the run (noted in
    forum.toml: ``seen_edit``), a later read of the same edit does not, so a reply of new
    things only (``--new``) tells it once."""
    edited = [o for o in outcomes if o.edited]
    if not edited or (post.copied and not post.room):
        return
    now = tuple(c.line for c in post.commands)
    seen = now in getattr(records, "seen_edits", {}).get(post.key, ())
    for outcome in edited:
        outcome.new = not seen
    if not seen:
        new_posts.append({**post_record(post, ""), "seen_edit": list(now)})


def _again(outcome: Outcome, key: str, records: Any) -> Outcome:
    """A command run now: marked when `turn undo` voided its earlier result.  An order a
    room gave after the undone turn ended keeps the turn it was given for (the next one)."""
    outcome.redone = key in records.voided
    given_for = records.voided[key].get("turn") if outcome.redone else None
    if outcome.order is not None and isinstance(given_for, int) and not isinstance(given_for, bool):
        outcome.turn = given_for
    return outcome
