"""The Galactic Council in a campaign (docs/rules-orion.md A9): the bills deck, the chair's pick,
secret ballots kept until the tally, bribes paid at the tally, laws, the Emperor."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmtool.campaign import decks
from gmtool.dice.sources import DiceSource
from gmtool.errors import InputError, RuleRefused
from gmtool.rolltables.model import Table
from gmtool.rules.orion.common import note, planets_of
from gmtool.rules.orion.council import (
    BILL_VOTES,
    Ballot,
    BillTally,
    ElectionTally,
    bill_vote,
    check_bribe,
    tally_bill,
    tally_election,
)
from gmtool.rules.orion.state import ElectionBallotEntry, OrionCampaign, OrionPlayer, VoteEntry
from gmtool.struct import ReadByKey

BILLS_DECK = "bills"
DRAWN = 2
ELECTION_STAGE = 3


@dataclass(slots=True)
class BillsDrawn(ReadByKey):
    """The two bills the chair drew this turn, and the one put to the vote once picked (A9)."""

    turn: int
    options: list[str]
    bill: str | None = None
    target: str | None = None  # the leader the chair named for it (A3)

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"turn": self.turn, "options": self.options}
        if self.bill:
            out["bill"] = self.bill
        if self.target:
            out["target"] = self.target
        return out


@dataclass(slots=True)
class BallotCast(ReadByKey):
    """A leader's secret ballot on the bill before the Council, as read: ``vote`` is yes, no or
    abstain; it may be changed until the tally."""

    leader: str
    bill: str
    vote: str
    bribe_bc: int

    def to_data(self) -> dict[str, Any]:
        return {"leader": self.leader, "bill": self.bill, "vote": self.vote, "bribe_bc": self.bribe_bc}


@dataclass(slots=True)
class EmperorBallot(ReadByKey):
    """A leader's ballot for Emperor (stage 3): ``candidate`` None abstains."""

    leader: str
    candidate: str | None
    bribe_bc: int

    def to_data(self) -> dict[str, Any]:
        return {"leader": self.leader, "candidate": self.candidate, "bribe_bc": self.bribe_bc}


@dataclass(slots=True)
class Law(ReadByKey):
    """A law in force since ``turn`` (a bill that passed, A9)."""

    id: str
    turn: int

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "turn": self.turn}


@dataclass(slots=True)
class BillOutcome(ReadByKey):
    """The Council's vote as a turn's end tells it (A9): the bill (None: none was put to the
    vote, and no ``tally``), its tally and who cast no ballot."""

    bill: str | None
    tally: BillTally | None = None
    not_voted: list[str] = field(default_factory=list)

    def to_data(self) -> dict[str, Any]:
        if self.tally is None:
            return {"bill": self.bill}
        return {"bill": self.bill, "not_voted": self.not_voted, **self.tally.to_data()}

    @classmethod
    def from_log(cls, entry: dict[str, Any]) -> BillOutcome:
        """A tally made earlier in the turn, from its ``council_tally`` log entry (totals only:
        the silent leaders' votes are in ``abstain`` already)."""
        keys = ("yes", "no", "abstain", "passed", "tie", "decided_by_chair", "chair")
        return cls(entry["bill"], BillTally(*(entry[k] for k in keys)), list(entry["not_voted"]))


@dataclass(slots=True)
class ElectionOutcome(ReadByKey):
    """An Emperor's election as a turn's end tells it (A9): its tally and who cast no ballot."""

    tally: ElectionTally
    not_voted: list[str] = field(default_factory=list)

    @property
    def elected(self) -> str | None:
        return self.tally.elected

    def to_data(self) -> dict[str, Any]:
        return {"not_voted": self.not_voted, **self.tally.to_data()}

    @classmethod
    def from_log(cls, entry: dict[str, Any]) -> ElectionOutcome:
        """An election counted earlier in the turn, from its ``election_tally`` log entry."""
        tally = ElectionTally(dict(entry["totals"]), entry["total_votes"], entry["needed"], entry.get("elected"))
        return cls(tally, list(entry["not_voted"]))


def _no_council_in_stage_1(campaign: OrionCampaign) -> None:
    if campaign.stage == 1:
        raise RuleRefused(key="council.stage1")


def _chair(campaign: OrionCampaign) -> str:
    if not campaign.game.council.chair:
        raise RuleRefused(key="council.no_chair")
    return campaign.game.council.chair


def propose(
    campaign: OrionCampaign,
    bills: Table,
    source: DiceSource,
    pick: int | None = None,
    chair: OrionPlayer | None = None,
    target: str | None = None,
    then: list[str] | None = None,
) -> BillsDrawn:
    """Draw 2 bills for the chair; with ``pick`` put one to the vote, the other to the bottom;
    ``target``: the leader the chair names where the bill fits several (A3); ``then``: the
    leaders it names after it, in its order, for a tie for the fewest planets at the turn's end
    that leaves ``target`` out (A9, wave 4: the first of them among the tied gets it)."""
    _no_council_in_stage_1(campaign)
    if chair is not None:
        campaign.game.council.chair = chair.name
    _chair(campaign)
    vote = campaign.game.council.vote
    if vote is not None and vote.get("turn") != campaign.turn:
        # left over from an earlier turn that ended without `turn end`: back to the deck
        for card in [vote["bill"]] if vote.get("bill") else vote.get("options", []):
            decks.to_bottom(campaign.game, BILLS_DECK, card)
        vote = campaign.game.council.vote = None
    if vote is not None and vote.get("bill") and (pick is not None or target is None):
        raise RuleRefused(key="council.bill_pending", bill=vote["bill"])
    if vote is None:
        from gmtool.rules.orion.laws import check_bills

        check_bills(bills)
        decks.deck(campaign.game, BILLS_DECK, [r.id for r in bills.rows], source)
        options = _draw_dealable(campaign, bills, source)
        vote = campaign.game.council.vote = {"turn": campaign.turn, "options": options, "ballots": {}}
    if pick is not None:
        options = vote["options"]
        if not 1 <= pick <= len(options):
            raise InputError(key="council.pick_range", n=len(options))
        vote["bill"] = options[pick - 1]
        for other in options:
            if other != vote["bill"]:
                decks.to_bottom(campaign.game, BILLS_DECK, other)
    if target is not None:
        from gmtool.rules.orion.laws import check_choice

        row = bills.row(vote["bill"]) if vote.get("bill") else bills.rows[0]
        for named in (target, *(then or [])):
            check_choice(campaign, row, named)
        vote["target"] = target
        vote.pop("then", None)
        later = [n for n in dict.fromkeys(then or []) if n != target]
        if later:
            vote["then"] = later
    return BillsDrawn(vote["turn"], list(vote["options"]), vote.get("bill"), vote.get("target"))


def _draw_dealable(campaign: OrionCampaign, bills: Table, source: DiceSource) -> list[str]:
    """The chair's two bills (A9): a law in force leaves the deck while it stands (it comes
    back under the deck when repealed); a bill repealing a law that does not stand waits
    in the deck, passed over."""
    from gmtool.rules.orion.laws import dealable, laws_in_force

    pile = campaign.game.decks[BILLS_DECK]
    force = set(laws_in_force(campaign))
    pile.draw = [c for c in pile.draw if c not in force]
    pile.discard = [c for c in pile.discard if c not in force]
    ok = set(dealable(campaign, bills))
    left = sum(1 for c in pile.draw + pile.discard if c in ok)
    drawn: list[str] = []
    passed_over: list[str] = []
    while len(drawn) < min(DRAWN, left):
        card = decks.draw(campaign.game, BILLS_DECK, 1, source)[0]
        (drawn if card in ok else passed_over).append(card)
    for card in passed_over:
        decks.to_bottom(campaign.game, BILLS_DECK, card)
    return drawn


def cast(campaign: OrionCampaign, voter: OrionPlayer, choice: str, bribe_bc: int = 0) -> BallotCast:
    _no_council_in_stage_1(campaign)
    vote = campaign.game.council.vote
    counted = campaign.game.council.last_tally or {}
    if vote is None and counted.get("kind") == "bill" and counted.get("turn") == campaign.turn:
        raise RuleRefused(key="council.already_counted")
    if vote is None or not vote.get("bill"):
        raise RuleRefused(key="council.no_bill_pick")
    choice = bill_vote(choice) or ""
    if choice not in BILL_VOTES:
        raise InputError(key="council.bad_vote", vote=choice)
    check_bribe(bribe_bc, who=voter.name)  # against the BC held at the tally (A9, wave 3)
    vote["ballots"][voter.name] = {"vote": choice, "bribe_bc": bribe_bc}
    return BallotCast(voter.name, vote["bill"], choice, bribe_bc)


def elect(
    campaign: OrionCampaign, voter: OrionPlayer, candidate: OrionPlayer | None, bribe_bc: int = 0
) -> EmperorBallot:
    if campaign.stage < ELECTION_STAGE:
        raise RuleRefused(key="council.emperor_stage3")
    if campaign.game.council.emperor:  # elected this turn: the victory is declared at the turn end (A12)
        raise RuleRefused(key="victory.emperor_elected", leader=campaign.game.council.emperor)
    check_bribe(bribe_bc, who=voter.name)  # against the BC held at the tally (A9, wave 3)
    election = campaign.game.council.election
    if election is None or election.get("turn") != campaign.turn:
        election = campaign.game.council.election = {"turn": campaign.turn, "ballots": {}}
    ballot: ElectionBallotEntry = {"bribe_bc": bribe_bc}
    if candidate is not None:
        ballot["candidate"] = candidate.name
    election["ballots"][voter.name] = ballot
    return EmperorBallot(voter.name, candidate.name if candidate else None, bribe_bc)


def _not_voted(campaign: OrionCampaign, ballots: dict[str, Any]) -> list[str]:
    return [p.name for p in campaign.players if p.name not in ballots]


def _pay_bribes(campaign: OrionCampaign, ballots: list[Ballot]) -> None:
    for b in ballots:
        player = campaign.player(b.leader)
        check_bribe(b.bribe_bc, player.bc, player.name)
    for b in ballots:  # paid whatever the outcome, exactly once; the leader's report says so
        campaign.player(b.leader).bc -= b.bribe_bc
        if b.bribe_bc:
            note(campaign, "bribe_paid", b.leader, bc=b.bribe_bc, changes=[{"bc": -b.bribe_bc}])


def _open_bill(campaign: OrionCampaign) -> VoteEntry:
    """The open vote, if it is on a bill (else refused)."""
    vote = campaign.game.council.vote
    if vote is None or not vote.get("bill"):
        raise RuleRefused(key="council.no_bill")
    return vote


def count_bill(campaign: OrionCampaign, chair_decision: str | None = None) -> tuple[BillTally, list[Ballot]]:
    """The open bill's result, changing nothing (raises on a tie the chair must decide)."""
    _no_council_in_stage_1(campaign)
    vote = _open_bill(campaign)
    ballots = [
        Ballot(name, b["vote"], planets_of(campaign, name), int(b.get("bribe_bc", 0)))
        for name, b in vote["ballots"].items()
    ]
    # the silent leaders' votes: a public tally counts them with the abstentions (A9)
    silent = sum(planets_of(campaign, p.name) for p in campaign.players if p.name not in vote["ballots"])
    return tally_bill(ballots, _chair(campaign), chair_decision, silent), ballots


def _named(vote: Any, word: str | None) -> list[str]:
    """The leaders the chair named for the open bill, in its order: its word at the turn's end
    (``word``, the moderator's `--chair-choice`) first, then its pick and the ones after it."""
    return [n for n in (word, vote.get("target"), *vote.get("then", [])) if n]


def ready(
    campaign: OrionCampaign, bills: Table, chair_decision: str | None = None, word: str | None = None
) -> BillTally:
    """The open bill's result, changing nothing: refused on a tie the chair must decide, and
    when the bill passes, goes to the leader the chair names and it has named none (A3)."""
    from gmtool.rules.orion.laws import goes_to_one, recipients

    result, _ = count_bill(campaign, chair_decision)
    vote = _open_bill(campaign)
    bill = bills.row(vote["bill"])
    # a law to one leader as a one-off bill: the chair names it where it fits several (A9, wave 4)
    if result.passed and (goes_to_one(bill) or not bill.values.get("law")) and bill.values.get("effects"):
        recipients(campaign, bill, _named(vote, word))
    return result


def tally(
    campaign: OrionCampaign, bills: Table, chair_decision: str | None = None, word: str | None = None
) -> tuple[BillTally, str, list[str]]:
    from gmtool.rules.orion.laws import enact

    ready(campaign, bills, chair_decision, word)  # nothing is paid before the bill can act
    result, ballots = count_bill(campaign, chair_decision)
    vote = _open_bill(campaign)
    _pay_bribes(campaign, ballots)
    bill = bills.row(vote["bill"])
    law = result.passed and bool(bill.values.get("law"))
    if not law:  # a law in force leaves the deck while it stands (A9)
        decks.discard(campaign.game, BILLS_DECK, bill.id)
    not_voted = _not_voted(campaign, vote["ballots"])
    campaign.game.council.last_tally = {
        "kind": "bill",
        "turn": campaign.turn,
        "bill": bill.id,
        "not_voted": not_voted,
        **result.to_data(secret=False),
    }
    # for the turn's public post, whenever in the turn the tally is made (A9: totals only)
    note(campaign, "council_tally", bill=bill.id, not_voted=not_voted, **result.to_data())
    if result.passed:  # a one-off bill acts in the turn it passes; a law enters into force (A9)
        enact(campaign, bills, bill.id, _named(vote, word))
    campaign.game.council.vote = None
    return result, bill.id, not_voted


def tally_emperor(campaign: OrionCampaign) -> tuple[ElectionTally, list[str]]:
    election = campaign.game.council.election
    if election is None or election.get("turn") != campaign.turn:
        raise RuleRefused(key="council.no_election")
    ballots = [
        Ballot(name, b.get("candidate"), planets_of(campaign, name), int(b.get("bribe_bc", 0)))
        for name, b in election["ballots"].items()
    ]
    # every leader sits in the Council: a silent one abstains, its planets still count (A9)
    silent = [
        Ballot(p.name, None, planets_of(campaign, p.name), 0)
        for p in campaign.players
        if p.name not in election["ballots"]
    ]
    result = tally_election(ballots + silent)
    _pay_bribes(campaign, ballots)
    not_voted = _not_voted(campaign, election["ballots"])
    if result.elected:
        campaign.game.council.emperor = result.elected
        campaign.game.council.victory = {"kind": "diplomatic", "leader": result.elected, "turn": campaign.turn}
    data = result.to_data(secret=False)
    for b in data["ballots"]:
        if b["vote"] is None:
            del b["vote"]  # TOML has no null
    campaign.game.council.last_tally = {
        "kind": "election",
        "turn": campaign.turn,
        "not_voted": not_voted,
        **{k: v for k, v in data.items() if v is not None},
    }
    campaign.game.council.election = None
    note(campaign, "election_tally", not_voted=not_voted, **result.to_data())
    return result, not_voted


def repeal(campaign: OrionCampaign, law_id: str) -> Law:
    for law in campaign.game.council.laws:
        if law["id"] == law_id:
            campaign.game.council.laws.remove(law)
            decks.to_bottom(campaign.game, BILLS_DECK, law_id)  # dealt again once repealed (A9)
            return Law(law["id"], law["turn"])
    known = [l["id"] for l in campaign.game.council.laws]
    raise RuleRefused(key="council.not_a_law", law=law_id, known=known)
