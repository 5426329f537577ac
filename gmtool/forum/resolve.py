"""Resolve the commands of a thread against a campaign, idempotently.

Every command is keyed by (post id, its index in the post).  The first resolution rolls
(journaled, the key in the purpose) and keeps the result's report, in English and in
Russian, in ``forum.toml``; resolving the same thread again reads every result back by
its key and rolls nothing.  A command whose text changed at a known key (an edited post)
is flagged, and its original result stands: an edit never buys a reroll.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from gmtool.campaign.hexes import Hex
from gmtool.campaign.model import Campaign
from gmtool.campaign.stream import JournalingSource
from gmtool.errors import GmError
from gmtool.forum.posts import Command, Post
from gmtool.report.model import Report, report_from_dict, report_to_dict

LANGS = ("en", "ru")
_RU_PARSE = {"longer": "команда длиннее 300 символов", "more": "больше 20 команд в одном посте"}
RULESET_COMMANDS = {"orion": {"roll", "explore", "table", "check", "vote"},
                    "venus": {"roll", "table", "move"}}


@dataclass
class Outcome:
    post: Post
    command: Command
    status: str                    # "ok" | "refused"
    reports: dict[str, Report] = field(default_factory=dict)   # lang → report
    reason: str = ""               # English
    reason_ru: str = ""            # Russian, where gmtool words it itself
    edited: bool = False           # the post was edited since: this is the original result
    original: str = ""             # the command as first resolved
    roll_ids: list[int] = field(default_factory=list)
    new: bool = True

    @property
    def key(self) -> str:
        return f"{self.post.post_id}:{self.command.index}"


def record_of(outcome: Outcome) -> dict[str, Any]:
    return {"key": outcome.key, "post_id": outcome.post.post_id, "index": outcome.command.index,
            "author": outcome.post.author, "command": outcome.command.line, "status": outcome.status,
            "reason": outcome.reason, "reason_ru": outcome.reason_ru or None, "roll_ids": outcome.roll_ids,
            "reports": json.dumps({lang: report_to_dict(r) for lang, r in outcome.reports.items()},
                                  ensure_ascii=False)}


def outcome_from_record(post: Post, command: Command, record: dict[str, Any]) -> Outcome:
    reports = {lang: report_from_dict(raw) for lang, raw in json.loads(record.get("reports") or "{}").items()}
    # a changed command, or a different author claiming the same post id
    edited = record.get("command") != command.line or record.get("author", post.author) != post.author
    return Outcome(post, command, record.get("status", "ok"), reports, record.get("reason", ""),
                   record.get("reason_ru", ""), edited, record.get("command", ""), list(record.get("roll_ids", [])),
                   new=False)


Handler = Callable[[Campaign, Post, Command, JournalingSource], dict[str, Report]]


class Resolver:
    """Runs new commands against ``state`` with dice from one journaling ``source``."""

    def __init__(self, state: Campaign, library: Any, source: JournalingSource, moderators: list[str]) -> None:
        self.state = state
        self.library = library
        self.source = source
        self.moderators = set(moderators)
        self.leaders = {p.name for p in state.players}
        self._handlers: dict[str, Handler] = {
            "roll": self._roll, "explore": self._explore, "table": self._table,
            "check": self._check, "vote": self._vote, "move": self._move,
        }

    def resolve(self, post: Post, command: Command) -> Outcome:
        if command.refused:
            return Outcome(post, command, "refused", reason=command.refused,
                           reason_ru=_RU_PARSE.get(command.refused.split(" ")[0], ""))
        if not command.name:
            return Outcome(post, command, "refused", reason=f"unknown command !{command.word}",
                           reason_ru=f"неизвестная команда !{command.word}")
        allowed_here = RULESET_COMMANDS.get(self.state.ruleset, set())
        if command.name not in allowed_here:
            return Outcome(post, command, "refused",
                           reason=f"!{command.word} is not a command of {self.state.ruleset} "
                                  f"(commands: {', '.join('!' + c for c in sorted(allowed_here))})",
                           reason_ru=f"!{command.word} — не команда правил {self.state.ruleset} "
                                     f"(команды: {', '.join('!' + c for c in sorted(allowed_here))})")
        allowed = self.leaders | (self.moderators if command.name == "roll" else set())
        if post.author not in allowed:
            who = "a leader of this campaign or the moderator" if command.name == "roll" else "a leader of this campaign"
            who_ru = "лидер этой кампании и не ведущий" if command.name == "roll" else "лидер этой кампании"
            return Outcome(post, command, "refused", reason=f"{post.author} is not {who}",
                           reason_ru=f"{post.author} — не {who_ru}")
        if command.name == "vote" and not post.private:
            return Outcome(post, command, "refused", reason="votes are secret: send !vote in a private message",
                           reason_ru="голосование тайное: отправьте !голос личным сообщением")
        first = self.source.next_id
        self.source.purpose = f"post #{post.post_id}.{command.index} ({post.author}) !{command.name}"
        saved = len(self.source.entries)
        try:
            reports = self._handlers[command.name](self.state, post, command, self.source)
        except GmError as exc:
            # a refused command rolls nothing: forget any die it took
            del self.source.entries[saved:]
            self.source.next_id = first
            return Outcome(post, command, "refused", reason=str(exc), reason_ru=exc.text("ru") if exc.key else "")
        ids = [e.id for e in self.source.entries[saved:]]
        return Outcome(post, command, "ok", reports, roll_ids=[ids[0], ids[-1]] if ids else [])

    # -- handlers ----------------------------------------------------------------
    def _info(self, first: int) -> dict[str, Any]:
        last = self.source.next_id - 1
        info: dict[str, Any] = {"kind": "stream", "campaign": self.state.name}
        if last >= first:
            info["roll_ids"] = [first, last]
        return info

    def _roll(self, state: Campaign, post: Post, command: Command, source: JournalingSource) -> dict[str, Report]:
        from gmtool.dice import roll
        from gmtool.report.dice import roll_report

        expression, _, comment = command.args.partition(" ")
        if not expression:
            raise _Refused("!roll needs dice, e.g. !roll 2d10+1")
        first = source.next_id
        result = roll(expression, source, comment=comment.strip())
        return {lang: roll_report(result, lang, self._info(first)) for lang in LANGS}

    def _explore(self, state: Campaign, post: Post, command: Command, source: JournalingSource) -> dict[str, Report]:
        from gmtool.report.exploration import exploration_report
        from gmtool.rolltables.roller import DiceRoller
        from gmtool.rules.orion.campaign_explore import explore_hex
        from gmtool.rules.orion.exploration import OrionTables
        from gmtool.rules.orion.turns import ensure_not_over

        ensure_not_over(state)
        leader = state.player(post.author)
        target = Hex.parse(command.args.split()[0] if command.args else "")
        orion = OrionTables(self.library)
        first = source.next_id
        result = explore_hex(state, orion, leader, target, DiceRoller(source))
        return {lang: exploration_report(result, orion, lang, self._info(first), self.library.find_row,
                                         str(target), leader.name) for lang in LANGS}

    def _table(self, state: Campaign, post: Post, command: Command, source: JournalingSource) -> dict[str, Report]:
        from gmtool.report.tables import roll_report
        from gmtool.rolltables.roll import modifier_from_text, roll_table

        parts = command.args.split()
        if not parts:
            raise _Refused("!table needs a table id, e.g. !table orion/world-size")
        table = self.library.get(parts[0], state.ruleset)
        mods = [modifier_from_text(table, m) for m in parts[1:6]]
        first = source.next_id
        result = roll_table(table, source, mods, state.stage, self.library)
        return {lang: roll_report(result, lang, self._info(first), self.library.find_row) for lang in LANGS}

    def _check(self, state: Campaign, post: Post, command: Command, source: JournalingSource) -> dict[str, Report]:
        from gmtool.report.agents import use_report
        from gmtool.rules.orion.agents import OUTCOMES_TABLE
        from gmtool.rules.orion.agents_campaign import ABILITIES_TABLE, use
        from gmtool.rules.orion.turns import ensure_not_over

        ensure_not_over(state)
        parts = command.args.split()
        if len(parts) < 2:
            raise _Refused("!check needs an agent and an ability, e.g. !check Kess steal-tech alice")
        agent = state.agent(parts[0])
        if agent.owner != post.author:
            raise _Refused(f"{agent.name} is not {post.author}'s agent")
        target = state.player(parts[2]) if len(parts) > 2 else None
        first = source.next_id
        result = use(state, agent, parts[1], self.library.get(ABILITIES_TABLE, "orion"),
                     self.library.get(OUTCOMES_TABLE, "orion"), source, target)
        return {lang: use_report(result, lang, self._info(first)) for lang in LANGS}

    def _move(self, state: Campaign, post: Post, command: Command, source: JournalingSource) -> dict[str, Report]:
        """Merchant of Venus: `!move HEADING` declares the heading and rolls the speed dice."""
        from gmtool.report.venus import speed_report
        from gmtool.rules.venus.play import move

        first = source.next_id
        roll = move(state, self.library, post.author, command.args, source)
        ship = state.venus.merchants[post.author].ship
        return {lang: speed_report(roll, self.library, lang, self._info(first), ship) for lang in LANGS}

    def _vote(self, state: Campaign, post: Post, command: Command, source: JournalingSource) -> dict[str, Report]:
        from gmtool.report.i18n import tr
        from gmtool.report.model import Paragraph, text
        from gmtool.rules.orion.council_campaign import cast
        from gmtool.rules.orion.turns import ensure_not_over

        ensure_not_over(state)
        parts = command.args.split()
        choice = parts[0].lower() if parts else ""
        choice = {"за": "yes", "против": "no", "воздерживаюсь": "abstain"}.get(choice, choice)
        bribe = 0
        if len(parts) >= 3 and parts[1].lower() in ("bribe", "подкуп"):
            if not parts[2].isdigit() or len(parts[2]) > 4:
                raise _Refused(f"bribe {parts[2]!r} is not a whole number of BC")
            bribe = int(parts[2])
        cast(state, state.player(post.author), choice, bribe)
        # The reply is public: it says a ballot was cast, never which way.
        return {lang: Report(text(tr("ballot_recorded", lang)), [Paragraph(text(tr("ballot_secret", lang)))],
                             {"ballot": "recorded"}) for lang in LANGS}


class _Refused(GmError):
    pass
