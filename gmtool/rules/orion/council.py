"""The Galactic Council (docs/rules-orion.md A9): votes, bills, the Emperor's election.

Votes of a leader = colonised planets it controls (the homeworld counts) + 1 per 3 BC of
bribes.  A bill passes with more yes than no; on a tie the chair's own vote stands, and
if the chair abstained, the moderator records the chair's decision.  An Emperor needs
``floor(total / 2) + 1`` of all votes cast.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable

from gmtool.errors import InputError, RuleRefused
from gmtool.locale import Msg, words

BILL_VOTES = ("yes", "no", "abstain")


def bill_vote(word: str | None) -> str | None:
    """``"Да"``, ``"НЕТ"``, ``"воздерживаюсь"``, ``"yes"`` → ``yes``/``no``/``abstain``;
    any other word is returned as it was (and refused where a vote is checked)."""
    if not isinstance(word, str):
        return word
    key = word.strip().lower().replace("ё", "е")
    return vote_words().get(key, word)


@functools.cache
def vote_words() -> dict[str, str]:
    """A ballot as a leader writes it, in any language → yes | no | abstain (the words are in
    the message catalogs, ``vote.words``)."""
    return {w.replace("ё", "е"): name for w, name in words("vote.words").items()}


BC_PER_VOTE = 3


@dataclass(slots=True)
class Ballot:
    leader: str
    vote: str | None  # bills: yes | no | abstain; elections: the candidate (None: abstain)
    planets: int
    bribe_bc: int = 0

    @property
    def votes(self) -> int:
        return self.planets + self.bribe_bc // BC_PER_VOTE

    def to_data(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "vote": self.vote,
            "planets": self.planets,
            "bribe_bc": self.bribe_bc,
            "votes": self.votes,
        }


def check_bribe(bribe_bc: int, available_bc: int | None = None, who: str = "") -> None:
    if bribe_bc < 0:
        raise InputError(key="council.negative_bribe", who=f"{who}: " if who else "", bribe=bribe_bc)
    if bribe_bc % BC_PER_VOTE:
        raise RuleRefused(key="council.bribe_multiple", who=f"{who}: " if who else "", per=BC_PER_VOTE, bribe=bribe_bc)
    if available_bc is not None and bribe_bc > available_bc:
        raise RuleRefused(
            key="council.bribe_too_big", who=f"{who}: " if who else "", bribe=bribe_bc, available=available_bc
        )


@dataclass(slots=True)
class BillTally:
    yes: int
    no: int
    abstain: int
    passed: bool
    tie: bool
    decided_by_chair: bool
    chair: str
    ballots: list[Ballot] = field(default_factory=list)
    silent: int = 0  # the votes (planets) of the leaders who cast no ballot (a campaign's tally)

    @property
    def abstain_or_silent(self) -> int:
        """What a public tally shows as abstained: abstentions and silence together, so the
        totals never tell who did not vote (A9, wave 3)."""
        return self.abstain + self.silent

    def to_data(self, secret: bool = True) -> dict[str, Any]:
        """``secret`` (public): ``abstain`` counts the silent leaders' votes too; the
        moderator's data keeps them apart (``abstain``, ``silent``) beside every ballot."""
        data = {
            "yes": self.yes,
            "no": self.no,
            "abstain": self.abstain_or_silent if secret else self.abstain,
            "passed": self.passed,
            "tie": self.tie,
            "decided_by_chair": self.decided_by_chair,
            "chair": self.chair,
        }
        if not secret:
            data["silent"] = self.silent
            data["ballots"] = [b.to_data() for b in self.ballots]
        return data


@dataclass(slots=True)
class ElectionTally:
    totals: dict[str, int]
    total_votes: int
    needed: int
    elected: str | None
    ballots: list[Ballot] = field(default_factory=list)

    def to_data(self, secret: bool = True) -> dict[str, Any]:
        data = {
            "totals": dict(self.totals),
            "total_votes": self.total_votes,
            "needed": self.needed,
            "elected": self.elected,
        }
        if not secret:
            data["ballots"] = [b.to_data() for b in self.ballots]
        return data


def _check_ballots(ballots: list[Ballot]) -> None:
    seen: set[str] = set()
    for b in ballots:
        if b.leader in seen:
            raise InputError(key="council.two_ballots", leader=b.leader)
        seen.add(b.leader)
        if b.planets < 0:
            raise InputError(key="council.negative_planets", leader=b.leader)
        check_bribe(b.bribe_bc, who=b.leader)


def tally_bill(ballots: list[Ballot], chair: str, chair_decision: str | None = None, silent: int = 0) -> BillTally:
    """``chair_decision`` (yes/no): the moderator's record of the chair's decision, needed
    only for a tie when the chair abstained or did not vote. ``silent``: the votes of the
    Council's leaders who cast no ballot (a campaign knows them; a ballots file has none)."""
    _check_ballots(ballots)
    chair_decision = bill_vote(chair_decision)
    ballots = [Ballot(b.leader, bill_vote(b.vote), b.planets, b.bribe_bc) for b in ballots]
    for b in ballots:
        if b.vote not in BILL_VOTES:
            raise InputError(key="council.bad_vote_of", leader=b.leader, vote=b.vote)
    yes = sum(b.votes for b in ballots if b.vote == "yes")
    no = sum(b.votes for b in ballots if b.vote == "no")
    abstain = sum(b.votes for b in ballots if b.vote == "abstain")
    tie = yes == no
    decided = False
    passed = yes > no
    if tie:
        chair_vote = next((b.vote for b in ballots if b.leader == chair), None)
        if chair_vote in ("yes", "no"):
            passed, decided = chair_vote == "yes", True
        elif chair_decision in ("yes", "no"):
            passed, decided = chair_decision == "yes", True
        else:
            raise RuleRefused(key="council.tie_undecided", yes=yes, no=no, chair=chair)
    return BillTally(yes, no, abstain, passed, tie, decided, chair, list(ballots), silent)


def tally_election(ballots: list[Ballot]) -> ElectionTally:
    _check_ballots(ballots)
    totals: dict[str, int] = {}
    for b in ballots:
        if b.vote:
            totals[b.vote] = totals.get(b.vote, 0) + b.votes
    # the whole Council: abstaining (or silent) leaders' votes count toward the bar (A9 decision)
    total = sum(b.votes for b in ballots)
    needed = total // 2 + 1
    elected = next((name for name, n in totals.items() if n >= needed), None) if total else None
    return ElectionTally(
        dict(sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))), total, needed, elected, list(ballots)
    )


def ballots_from_dict(
    data: dict[str, Any], election: bool, fail: Callable[..., Exception]
) -> tuple[str, list[Ballot], str | None]:
    """The docs/commands.md ballots file → (chair, ballots, chair_decision)."""
    chair = data.get("chair")
    if not isinstance(chair, str) or not chair:
        raise fail(Msg("error.council.file.no_chair"))
    decision = bill_vote(data.get("chair_decision"))
    if decision is not None and decision not in ("yes", "no"):
        raise fail(Msg("error.council.file.chair_decision"))
    raw = data.get("ballot", [])
    if not isinstance(raw, list):
        raise fail(Msg("error.council.file.not_tables"))
    ballots = []
    for i, b in enumerate(raw, start=1):
        if not isinstance(b, dict):
            raise fail(Msg("error.council.file.not_table", i=i))
        unknown = set(b) - {"leader", "vote", "candidate", "planets", "bribe_bc"}
        if unknown:
            raise fail(Msg("error.council.file.unknown_key", i=i, key=sorted(unknown)[0]))
        leader = b.get("leader")
        if not isinstance(leader, str) or not leader:
            raise fail(Msg("error.council.file.no_leader", i=i))
        planets, bribe = b.get("planets", 0), b.get("bribe_bc", 0)
        for key, value in (("planets", planets), ("bribe_bc", bribe)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise fail(Msg("error.council.file.not_number", i=i, leader=leader, key=key))
        vote = b.get("candidate", b.get("vote")) if election else b.get("vote")
        if vote is not None and not isinstance(vote, str):
            raise fail(Msg("error.council.file.vote_not_text", i=i, leader=leader))
        if election and vote in ("abstain", ""):
            vote = None
        ballots.append(Ballot(leader, vote, planets, bribe))
    return chair, ballots, decision
