"""The Galactic Council at library level (docs/rules-orion.md A9, A12; docs/commands.md "council tally"): bill
and election tallies, ballots files, secret ballots, then the Council in a campaign and the
Emperor.

Expected values are worked out by hand from docs/rules-orion.md, docs/commands.md and the shipped
example table tables/orion/bills.toml, not read back from the code under test.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.campaign.hexes import Hex
from gmtool.dice.sources import FixedSource
from gmtool.errors import InputError, RuleRefused
from gmtool.report.council import bill_report
from gmtool.report.render import FORMATS, render
from gmtool.rules.orion import common, council_campaign
from gmtool.rules.orion.council import BILL_VOTES, Ballot, ballots_from_dict, tally_bill, tally_election
from gmtool.rules.orion.council_campaign import elect, tally_emperor
from gmtool.rules.orion.state import PlanetState, System
from gmtool.rules.orion.views import status_view
from helpers import BILL_IDS, PLAYERS, RecordingSource, free_hex, shipped_library, slow_twin, stored_campaign

BILLS = shipped_library().get("bills", "orion")


# ===================================================== council.tally_bill (A9)


def B(leader: str, vote, planets: int, bribe: int = 0) -> Ballot:
    return Ballot(leader, vote, planets, bribe)


def test_votes_are_planets_plus_one_per_3_bc():
    assert B("a", "yes", 2).votes == 2
    assert B("a", "yes", 2, 3).votes == 3
    assert B("a", "yes", 2, 9).votes == 5
    assert B("a", "yes", 0, 30).votes == 10
    assert B("a", "yes", 0, 0).votes == 0


def test_bill_passes_with_more_yes_than_no():
    t = tally_bill([B("alice", "yes", 3), B("bob", "no", 2), B("carol", "abstain", 4)], chair="bob")
    assert (t.yes, t.no, t.abstain) == (3, 2, 4)
    assert t.passed is True and t.tie is False and t.decided_by_chair is False


def test_bill_fails_with_fewer_yes_than_no():
    t = tally_bill([B("alice", "yes", 3), B("bob", "no", 2, 6)], chair="alice")
    assert (t.yes, t.no) == (3, 4)
    assert t.passed is False and t.tie is False and t.decided_by_chair is False


def test_bribes_count_one_vote_per_3_bc():
    t = tally_bill([B("alice", "yes", 1, 12), B("bob", "no", 4, 3)], chair="carol", chair_decision="no")
    assert (t.yes, t.no) == (5, 5)
    assert t.tie is True and t.passed is False
    t = tally_bill([B("alice", "yes", 1, 15), B("bob", "no", 4, 3)], chair="carol")
    assert (t.yes, t.no, t.passed) == (6, 5, True)


@pytest.mark.parametrize("chair_vote, passed", [("yes", True), ("no", False)])
def test_a_tie_goes_the_way_of_the_chairs_own_vote(chair_vote, passed):
    other = "no" if chair_vote == "yes" else "yes"
    t = tally_bill([B("alice", chair_vote, 2), B("bob", other, 1), B("carol", other, 1)], chair="alice")
    assert (t.yes, t.no) == (2, 2)
    assert t.tie is True and t.decided_by_chair is True and t.passed is passed
    # the chair's own vote stands over a recorded decision
    t = tally_bill([B("alice", chair_vote, 2), B("bob", other, 2)], chair="alice", chair_decision=other)
    assert t.passed is passed


def test_a_tie_with_the_chair_abstaining_needs_the_chairs_decision():
    ballots = [B("alice", "abstain", 3), B("bob", "yes", 2), B("carol", "no", 2)]
    with pytest.raises(RuleRefused):
        tally_bill(ballots, chair="alice")
    t = tally_bill(ballots, chair="alice", chair_decision="yes")
    assert (t.yes, t.no, t.abstain, t.tie, t.decided_by_chair, t.passed) == (2, 2, 3, True, True, True)
    t = tally_bill(ballots, chair="alice", chair_decision="no")
    assert (t.tie, t.decided_by_chair, t.passed) == (True, True, False)


def test_a_tie_with_the_chair_not_voting_needs_the_chairs_decision():
    ballots = [B("bob", "yes", 2), B("carol", "no", 2)]
    with pytest.raises(RuleRefused):
        tally_bill(ballots, chair="alice")
    assert tally_bill(ballots, chair="alice", chair_decision="no").passed is False


def test_a_tie_at_nothing_is_still_a_tie():
    ballots = [B("alice", "abstain", 2), B("bob", "abstain", 1)]
    with pytest.raises(RuleRefused):
        tally_bill(ballots, chair="alice")
    t = tally_bill(ballots, chair="alice", chair_decision="yes")
    assert (t.yes, t.no, t.tie, t.passed) == (0, 0, True, True)


def test_no_tie_ignores_a_chair_decision():
    t = tally_bill(
        [B("alice", "abstain", 1), B("bob", "yes", 2), B("carol", "no", 1)], chair="alice", chair_decision="no"
    )
    assert t.passed is True and t.tie is False and t.decided_by_chair is False


@pytest.mark.parametrize("bribe", [1, 2, 4, 5, 7, 10])
def test_a_bribe_not_a_multiple_of_3_is_refused(bribe):
    with pytest.raises(RuleRefused):
        tally_bill([B("alice", "yes", 1, bribe)], chair="alice")
    with pytest.raises(RuleRefused):
        tally_election([B("alice", "alice", 1, bribe)])


def test_a_negative_bribe_or_negative_planets_are_refused():
    with pytest.raises((InputError, RuleRefused)):
        tally_bill([B("alice", "yes", 1, -3)], chair="alice")
    with pytest.raises((InputError, RuleRefused)):
        tally_bill([B("alice", "yes", -1)], chair="alice")


def test_duplicate_ballots_are_refused():
    with pytest.raises((InputError, RuleRefused)):
        tally_bill([B("alice", "yes", 1), B("bob", "no", 1), B("alice", "no", 1)], chair="bob")
    with pytest.raises((InputError, RuleRefused)):
        tally_election([B("alice", "bob", 1), B("alice", "bob", 1)])


def test_a_bill_vote_must_be_yes_no_or_abstain():
    for vote in ("maybe", "", None, "YES!"):
        with pytest.raises(InputError):
            tally_bill([B("alice", vote, 1)], chair="alice")


# ================================================= council.tally_election (A9)


def test_election_odd_total_needs_floor_half_plus_one():
    t = tally_election([B("alice", "alice", 4), B("bob", "bob", 3)])
    assert (t.total_votes, t.needed, t.elected) == (7, 4, "alice")
    assert t.totals == {"alice": 4, "bob": 3}
    t = tally_election([B("alice", "alice", 3), B("bob", "bob", 2), B("carol", "carol", 2)])
    assert (t.total_votes, t.needed, t.elected) == (7, 4, None)


def test_election_even_total_exactly_half_is_not_elected():
    t = tally_election([B("alice", "alice", 4), B("bob", "bob", 4)])
    assert (t.total_votes, t.needed, t.elected) == (8, 5, None)
    t = tally_election([B("alice", "alice", 3), B("bob", "alice", 0, 3), B("carol", "carol", 2), B("dave", "bob", 2)])
    assert t.totals == {"alice": 4, "carol": 2, "bob": 2}
    assert (t.total_votes, t.needed, t.elected) == (8, 5, None)
    t = tally_election([B("alice", "alice", 5), B("bob", "bob", 3)])
    assert (t.total_votes, t.needed, t.elected) == (8, 5, "alice")


def test_election_abstentions_count_toward_the_bar():
    """A9 decision: the whole Council's votes, abstainers' planets and bribes included."""
    t = tally_election([B("alice", "alice", 4), B("bob", None, 10, 30)])
    assert t.totals == {"alice": 4}
    assert (t.total_votes, t.needed, t.elected) == (24, 13, None)


def test_election_with_no_votes_elects_nobody():
    t = tally_election([B("alice", None, 4), B("bob", "bob", 0)])
    assert t.total_votes == 4 and t.elected is None  # the abstainer's 4 still count (A9)


def test_election_bribes_count():
    t = tally_election([B("alice", "alice", 1, 9), B("bob", "bob", 3), B("carol", "bob", 2)])
    assert t.totals == {"alice": 4, "bob": 5}
    assert (t.total_votes, t.needed, t.elected) == (9, 5, "bob")


def test_election_public_data_has_no_ballots():
    t = tally_election([B("alice", "bob", 1), B("bob", "bob", 1)])
    assert "ballots" not in t.to_data(secret=True)
    assert {b["leader"] for b in t.to_data(secret=False)["ballots"]} == {"alice", "bob"}
    assert {"totals", "total_votes", "needed", "elected"} <= set(t.to_data())


# ============================================================ ballots files


def _fail(msg: str) -> Exception:
    return InputError(f"ballots.toml: {msg}")


def test_ballots_from_dict_reads_the_contract_format():
    data = {
        "chair": "alice",
        "ballot": [
            {"leader": "alice", "vote": "yes", "planets": 3, "bribe_bc": 6},
            {"leader": "bob", "vote": "no", "planets": 2},
        ],
    }
    chair, ballots, decision = ballots_from_dict(data, False, _fail)
    assert chair == "alice" and decision is None
    assert [(b.leader, b.vote, b.planets, b.bribe_bc, b.votes) for b in ballots] == [
        ("alice", "yes", 3, 6, 5),
        ("bob", "no", 2, 0, 2),
    ]


@pytest.mark.parametrize(
    "data",
    [
        {"ballot": [{"leader": "alice", "vote": "yes", "planets": 1}]},  # no chair
        {"chair": "", "ballot": []},
        {"chair": "alice", "ballot": [{"vote": "yes", "planets": 1}]},  # no leader
        {"chair": "alice", "ballot": [{"leader": "alice", "vote": "yes", "planets": "3"}]},
        {"chair": "alice", "ballot": [{"leader": "alice", "vote": "yes", "planets": 1, "colour": "red"}]},
        {"chair": "alice", "chair_decision": "maybe", "ballot": []},
    ],
)
def test_ballots_from_dict_refuses_bad_files(data):
    with pytest.raises(InputError, match="ballots.toml"):
        ballots_from_dict(data, False, _fail)


# =========================================== hypothesis: secret ballots (A9)

NAMES = ["Alkari", "Bulrathi", "Darlok", "Klackon", "Meklar", "Mrrshan", "Psilon", "Sakkra"]
OUTSIDER = "Silicoid"  # a chair who cast no ballot


@st.composite
def bill_cases(draw):
    n = draw(st.integers(2, 8))
    names = draw(st.permutations(NAMES))[:n]
    ballots = [
        Ballot(name, draw(st.sampled_from(BILL_VOTES)), draw(st.integers(0, 10)), 3 * draw(st.integers(0, 10)))
        for name in names
    ]
    chair = draw(st.sampled_from(names + [OUTSIDER]))
    decision = draw(st.sampled_from([None, "yes", "no"]))
    return ballots, chair, decision


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # 150: the twin at the end
@given(bill_cases())
def test_property_bill_tally_and_public_reports_keep_ballots_secret(case):
    ballots, chair, decision = case
    per_leader = {b.leader: b.planets + b.bribe_bc // 3 for b in ballots}
    yes = sum(per_leader[b.leader] for b in ballots if b.vote == "yes")
    no = sum(per_leader[b.leader] for b in ballots if b.vote == "no")
    chair_vote = next((b.vote for b in ballots if b.leader == chair), None)
    deciding = chair_vote if chair_vote in ("yes", "no") else decision
    if yes == no and deciding is None:
        with pytest.raises(RuleRefused):
            tally_bill(ballots, chair, decision)
        return
    t = tally_bill(ballots, chair, decision)
    assert t.yes + t.no + t.abstain == sum(per_leader.values())
    assert (t.yes, t.no) == (yes, no)
    assert t.tie is (yes == no)
    assert t.decided_by_chair is t.tie
    assert t.passed is (yes > no or (yes == no and deciding == "yes"))

    public = t.to_data(secret=True)
    assert "ballots" not in public
    assert set(public) == {"yes", "no", "abstain", "passed", "tie", "decided_by_chair", "chair"}
    private = t.to_data(secret=False)
    assert [b["leader"] for b in private["ballots"]] == [b.leader for b in ballots]

    voters = [b.leader for b in ballots]
    for lang in ("en", "ru"):
        report = bill_report(t, lang, private=False, not_voted=[])
        for fmt in FORMATS:
            out = render(report, fmt)
            if fmt == "json":
                data = json.loads(out)
                assert "ballots" not in data
                assert data["chair"] == chair  # the chair is a public office, not a ballot
                data.pop("chair")
                out = json.dumps(data, ensure_ascii=False)
                for name in voters:
                    assert name not in out, (fmt, lang, name, out)
                continue
            for name in voters:
                if name == chair:
                    # named only as the chair breaking a tie, never next to a vote
                    assert out.count(name) == (1 if t.tie else 0), (fmt, lang, out)
                    if t.tie:
                        line = next(l for l in out.splitlines() if name in l)
                        assert "chair" in line or "председател" in line, line
                        assert not any(w in line.lower() for w in ("yes", "no:", " за", "против")), line
                else:
                    assert name not in out, (fmt, lang, name, out)
        private_out = render(bill_report(t, lang, private=True, not_voted=[]), "plain")
        for name in voters:
            assert name in private_out


# ==================================================== council in a campaign

IDENTITY = [6, 5, 4, 3, 2]  # Fisher–Yates d6…d2 with j = i: the table order stays


def council_campaign_at(tmp_path, stage=2, turn=7, chair="alice"):
    _, c = stored_campaign(tmp_path, stage, turn)
    c.game.council.chair = chair
    return c


def propose(c, faces, pick=None, chair=None):
    source = RecordingSource(FixedSource(faces))
    vote = council_campaign.propose(c, BILLS, source, pick, c.player(chair) if chair else None)
    source.inner.finish()
    return vote, source


def deck_cards(c) -> Counter:
    d = c.game.decks["bills"]
    vote = c.game.council.vote or {}
    # before the pick both drawn bills are in the chair's hand; after it, only the one voted on
    in_play = [vote["bill"]] if vote.get("bill") else list(vote.get("options", []))
    return Counter(d.draw + d.discard + in_play)


def test_no_council_in_stage_1(tmp_path):
    c = council_campaign_at(tmp_path, stage=1, turn=3)
    with pytest.raises(RuleRefused):
        propose(c, IDENTITY)
    with pytest.raises(RuleRefused):
        council_campaign.cast(c, c.player("alice"), "yes")
    with pytest.raises(RuleRefused):
        council_campaign.elect(c, c.player("alice"), c.player("alice"))
    assert c.game.decks == {} and c.game.council.vote is None


def test_propose_needs_a_chair(tmp_path):
    c = council_campaign_at(tmp_path, chair=None)
    c.game.council.chair = None
    source = FixedSource(IDENTITY)
    with pytest.raises(RuleRefused):
        council_campaign.propose(c, BILLS, source)
    assert source.used == 0
    vote, _ = propose(c, IDENTITY, chair="bob")
    assert c.game.council.chair == "bob"


def test_propose_shuffles_with_dice_then_draws_two(tmp_path):
    c = council_campaign_at(tmp_path)
    vote, source = propose(c, IDENTITY)
    assert [sides for sides, _ in source.asked] == [6, 5, 4, 3, 2]  # d(n) … d2, one shuffle
    assert vote["options"] == ["free-trade", "arms-limit"]
    assert vote.get("bill") is None
    assert c.game.decks["bills"].draw == ["relief-fund", "research-pact", "embargo", "open-borders"]
    # asking again the same turn shows the same two bills and rolls nothing
    again, source = propose(c, [])
    assert again["options"] == ["free-trade", "arms-limit"] and source.asked == []


def test_propose_shuffle_follows_fisher_yates(tmp_path):
    # By hand: [FT AL RF RP EM OB]; d6=1 swaps 5↔0, d5=2 swaps 4↔1, d4=2 swaps 3↔1,
    # d3=1 swaps 2↔0, d2=2 keeps → [RF RP OB EM AL FT].
    c = council_campaign_at(tmp_path)
    vote, _ = propose(c, [1, 2, 2, 1, 2])
    assert vote["options"] == ["relief-fund", "research-pact"]
    assert c.game.decks["bills"].draw == ["open-borders", "embargo", "arms-limit", "free-trade"]


@pytest.mark.parametrize("pick, chosen, other", [(1, "free-trade", "arms-limit"), (2, "arms-limit", "free-trade")])
def test_pick_puts_one_to_the_vote_and_the_other_at_the_bottom(tmp_path, pick, chosen, other):
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY)
    vote, source = propose(c, [], pick=pick)
    assert source.asked == []
    assert vote["bill"] == chosen
    assert c.game.decks["bills"].draw == ["relief-fund", "research-pact", "embargo", "open-borders", other]
    with pytest.raises(RuleRefused):  # one bill before the Council at a time
        propose(c, [], pick=1)


def test_pick_out_of_range_is_refused(tmp_path):
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY)
    for pick in (0, 3, -1):
        with pytest.raises(InputError):
            propose(c, [], pick=pick)
    assert c.game.council.vote.get("bill") is None


def test_propose_and_pick_at_once(tmp_path):
    c = council_campaign_at(tmp_path)
    vote, _ = propose(c, IDENTITY, pick=2)
    assert vote["bill"] == "arms-limit"
    assert c.game.decks["bills"].draw[-1] == "free-trade"


def test_votes_can_be_changed_until_the_tally(tmp_path):
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY, pick=1)
    with pytest.raises(InputError):
        council_campaign.cast(c, c.player("bob"), "maybe")
    council_campaign.cast(c, c.player("bob"), "yes")
    council_campaign.cast(c, c.player("bob"), "no")
    council_campaign.cast(c, c.player("alice"), "yes")
    assert c.game.council.vote["ballots"]["bob"]["vote"] == "no"
    result, bill, not_voted = council_campaign.tally(c, BILLS)
    assert bill == "free-trade" and not_voted == ["carol"]
    assert (result.yes, result.no, result.tie, result.decided_by_chair, result.passed) == (1, 1, True, True, True)
    with pytest.raises(RuleRefused):  # nothing left to vote on
        council_campaign.cast(c, c.player("bob"), "yes")


def test_cast_needs_a_bill_before_the_council(tmp_path):
    c = council_campaign_at(tmp_path)
    with pytest.raises(RuleRefused):
        council_campaign.cast(c, c.player("bob"), "yes")
    propose(c, IDENTITY)
    with pytest.raises(RuleRefused):  # drawn but not picked
        council_campaign.cast(c, c.player("bob"), "yes")


def test_bribes_are_paid_once_at_the_tally_even_when_the_bill_fails(tmp_path):
    c = council_campaign_at(tmp_path)
    c.player("carol").bc = 10
    c.player("alice").bc = 4
    propose(c, IDENTITY, pick=1)  # free-trade, a law
    council_campaign.cast(c, c.player("carol"), "no", 6)
    council_campaign.cast(c, c.player("alice"), "yes", 3)
    council_campaign.cast(c, c.player("bob"), "yes")
    assert (c.player("carol").bc, c.player("alice").bc) == (10, 4)  # nothing paid at the vote
    result, bill, not_voted = council_campaign.tally(c, BILLS)
    # alice 1 + 1, bob 1 → yes 3; carol 1 + 2 → no 3; a tie; the chair alice voted yes
    assert (result.yes, result.no, result.tie, result.passed) == (3, 3, True, True)
    assert (c.player("carol").bc, c.player("alice").bc, c.player("bob").bc) == (4, 1, 4)
    with pytest.raises(RuleRefused):
        council_campaign.tally(c, BILLS)
    assert (c.player("carol").bc, c.player("alice").bc) == (4, 1)


def test_a_failed_bill_still_costs_the_bribes(tmp_path):
    c = council_campaign_at(tmp_path)
    c.player("bob").bc = 9
    propose(c, IDENTITY, pick=1)
    council_campaign.cast(c, c.player("bob"), "yes", 9)
    council_campaign.cast(c, c.player("carol"), "no")
    council_campaign.cast(c, c.player("alice"), "no", 3)
    result, _, not_voted = council_campaign.tally(c, BILLS)
    assert (result.yes, result.no, result.passed) == (4, 3, True)
    assert c.player("bob").bc == 0 and c.player("alice").bc == 1
    assert not_voted == []


def test_a_failing_bill_with_a_bribe(tmp_path):
    c = council_campaign_at(tmp_path)
    c.player("bob").bc = 6
    propose(c, IDENTITY, pick=1)
    council_campaign.cast(c, c.player("bob"), "yes", 6)
    council_campaign.cast(c, c.player("carol"), "no")
    council_campaign.cast(c, c.player("alice"), "no", 3)
    c.player("alice").bc = 7
    c.player("carol").bc = 0
    result, _, _ = council_campaign.tally(c, BILLS)
    # yes: bob 1 + 2 = 3; no: carol 1, alice 1 + 1 = 3 → tie; the chair alice voted no
    assert (result.yes, result.no, result.passed) == (3, 3, False)
    assert (c.player("bob").bc, c.player("alice").bc, c.player("carol").bc) == (0, 4, 0)
    assert c.game.council.laws == []


def test_a_bribe_beyond_the_leaders_bc_or_not_a_multiple_of_3_is_refused(tmp_path):
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY, pick=1)
    assert c.player("carol").bc == 4  # the start BC (docs/rules-orion.md A2)
    with pytest.raises(RuleRefused):
        council_campaign.cast(c, c.player("carol"), "no", 4)
    assert c.game.council.vote["ballots"] == {}
    council_campaign.cast(c, c.player("carol"), "no", 3)
    assert c.game.council.vote["ballots"]["carol"] == {"vote": "no", "bribe_bc": 3}
    # checked against the BC held at the tally, not when cast (A9, wave 3)
    council_campaign.cast(c, c.player("carol"), "no", 6)
    with pytest.raises(RuleRefused, match="bribe_too_big|more than the 4 BC"):
        council_campaign.tally(c, BILLS)


def test_votes_in_a_campaign_are_planets_including_the_homeworld(tmp_path):
    c = council_campaign_at(tmp_path)
    assert [common.planets_of(c, p) for p in PLAYERS] == [1, 1, 1]
    c.game.systems.append(
        System(
            hex=Hex(1, 0),
            discovery="planet",
            owner="carol",
            explored_by="carol",
            planet=PlanetState(type="ocean", size="small", max_population=2, population=1),
        )
    )
    c.game.systems.append(System(hex=Hex(2, 0), discovery="asteroids", owner="carol", explored_by="carol"))
    assert common.planets_of(c, "carol") == 2
    propose(c, IDENTITY, pick=1)
    council_campaign.cast(c, c.player("carol"), "no")
    council_campaign.cast(c, c.player("alice"), "yes")
    result, _, _ = council_campaign.tally(c, BILLS)
    assert (result.yes, result.no, result.passed) == (1, 2, False)


def test_a_tie_with_the_chair_abstaining_refuses_then_takes_the_decision(tmp_path):
    c = council_campaign_at(tmp_path)
    c.player("bob").bc = 3
    propose(c, IDENTITY, pick=1)
    council_campaign.cast(c, c.player("alice"), "abstain")
    council_campaign.cast(c, c.player("bob"), "yes")
    council_campaign.cast(c, c.player("carol"), "no")
    with pytest.raises(RuleRefused):
        council_campaign.tally(c, BILLS)
    assert c.game.council.vote is not None and c.game.council.laws == []
    result, _, _ = council_campaign.tally(c, BILLS, chair_decision="yes")
    assert result.passed and result.decided_by_chair
    assert c.game.council.laws == [{"id": "free-trade", "turn": 7}]


def test_a_passed_law_is_recorded_and_visible_and_can_be_repealed(tmp_path):
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY, pick=1)  # free-trade: law = true
    for p in PLAYERS:
        council_campaign.cast(c, c.player(p), "yes")
    result, bill, _ = council_campaign.tally(c, BILLS)
    assert result.passed and bill == "free-trade"
    assert c.game.council.laws == [{"id": "free-trade", "turn": 7}]
    # a law in force leaves the deck while it stands (A9, wave 3); repealed, it goes back under it
    assert "free-trade" not in c.game.decks["bills"].discard + c.game.decks["bills"].draw
    assert c.game.council.vote is None
    assert status_view(c)["council"]["laws"] == [{"id": "free-trade", "turn": 7}]
    assert status_view(c, "bob")["council"]["laws"] == [{"id": "free-trade", "turn": 7}]
    assert council_campaign.repeal(c, "free-trade")["id"] == "free-trade"
    assert c.game.council.laws == [] and status_view(c)["council"]["laws"] == []
    assert c.game.decks["bills"].draw[-1] == "free-trade"
    with pytest.raises(RuleRefused):
        council_campaign.repeal(c, "free-trade")


def test_a_passed_bill_that_is_not_a_law_is_not_recorded_as_one(tmp_path):
    c = council_campaign_at(tmp_path)
    propose(c, [1, 2, 2, 1, 2], pick=1)  # relief-fund: law = false
    c.game.council.vote["target"] = "bob"  # the three tie for the fewest planets: the chair names one (A3)
    for p in PLAYERS:
        council_campaign.cast(c, c.player(p), "yes")
    result, bill, _ = council_campaign.tally(c, BILLS)
    assert result.passed and bill == "relief-fund"
    assert c.game.council.laws == []


def test_a_rejected_law_is_not_recorded(tmp_path):
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY, pick=1)
    for p in PLAYERS:
        council_campaign.cast(c, c.player(p), "no")
    result, _, _ = council_campaign.tally(c, BILLS)
    assert not result.passed and c.game.council.laws == []


def test_last_tally_keeps_the_ballots_for_the_private_post(tmp_path):
    c = council_campaign_at(tmp_path)
    c.player("carol").bc = 6
    propose(c, IDENTITY, pick=1)
    council_campaign.cast(c, c.player("carol"), "no", 6)
    council_campaign.cast(c, c.player("alice"), "yes")
    council_campaign.tally(c, BILLS)
    last = c.game.council.last_tally
    assert last["bill"] == "free-trade" and last["not_voted"] == ["bob"]
    assert {(b["leader"], b["vote"], b["bribe_bc"]) for b in last["ballots"]} == {
        ("carol", "no", 6),
        ("alice", "yes", 0),
    }


def test_the_deck_keeps_every_bill_over_several_turns(tmp_path):
    c = council_campaign_at(tmp_path)
    for turn in range(7, 12):
        c.turn = turn
        propose(c, IDENTITY if turn == 7 else [], pick=1 + turn % 2)
        c.game.council.vote["target"] = "bob"  # the chair's choice, for a bill that needs one (A3)
        for p in PLAYERS:
            council_campaign.cast(c, c.player(p), "yes" if turn % 2 else "no")
        council_campaign.tally(c, BILLS)
        d = c.game.decks["bills"]
        laws = [law["id"] for law in c.game.council.laws]  # out of the deck while they stand (A9)
        assert Counter(d.draw + d.discard + laws) == Counter(BILL_IDS), turn


def test_bills_drawn_but_never_picked_are_not_lost_from_the_deck(tmp_path):
    """A11: draw without replacement, nothing vanishes. The chair drew two bills in turn 7
    and did not pick; in turn 8 new bills are drawn — the two must still be in the deck."""
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY)  # turn 7: drawn, no pick
    c.turn = 8
    propose(c, [])  # turn 8: the chair draws again
    assert deck_cards(c) == Counter(BILL_IDS), (c.game.decks["bills"], c.game.council.vote)


# ============================================================ the Emperor


def test_election_only_in_stage_3(tmp_path):
    c = council_campaign_at(tmp_path, stage=2, turn=12)
    with pytest.raises(RuleRefused):
        council_campaign.elect(c, c.player("alice"), c.player("alice"))
    assert c.game.council.election is None


def test_an_elected_emperor_wins_the_diplomatic_victory(tmp_path):
    c = council_campaign_at(tmp_path, stage=3, turn=13)
    council_campaign.elect(c, c.player("alice"), c.player("alice"))
    council_campaign.elect(c, c.player("bob"), c.player("carol"))
    council_campaign.elect(c, c.player("bob"), c.player("alice"))  # changed
    council_campaign.elect(c, c.player("carol"), c.player("carol"))
    result, not_voted = council_campaign.tally_emperor(c)
    assert result.totals == {"alice": 2, "carol": 1}
    assert (result.total_votes, result.needed, result.elected) == (3, 2, "alice")
    assert not_voted == []
    assert c.game.council.emperor == "alice"
    assert c.game.council.victory == {"kind": "diplomatic", "leader": "alice", "turn": 13}
    view = status_view(c)["council"]
    assert view["emperor"] == "alice" and view["victory"]["kind"] == "diplomatic"


def test_exactly_half_elects_nobody_and_bribes_are_paid(tmp_path):
    c = council_campaign_at(tmp_path, stage=3, turn=14)
    c.player("alice").bc = 5
    council_campaign.elect(c, c.player("alice"), c.player("alice"), 3)  # 2 votes
    council_campaign.elect(c, c.player("bob"), c.player("bob"))  # 1
    council_campaign.elect(c, c.player("carol"), c.player("bob"))  # 1
    result, _ = council_campaign.tally_emperor(c)
    assert (result.total_votes, result.needed, result.elected) == (4, 3, None)
    assert c.game.council.emperor is None and c.game.council.victory is None
    assert c.player("alice").bc == 2


def test_election_abstention_and_not_voted(tmp_path):
    c = council_campaign_at(tmp_path, stage=3, turn=15)
    council_campaign.elect(c, c.player("alice"), None)  # abstains
    council_campaign.elect(c, c.player("bob"), c.player("bob"))
    result, not_voted = council_campaign.tally_emperor(c)
    assert result.totals == {"bob": 1}
    # the whole Council: alice (abstains) 1 + bob 1 + carol (silent) 1 = 3, needed 2 (A9 decision)
    assert (result.total_votes, result.needed, result.elected) == (3, 2, None)
    assert not_voted == ["carol"]
    with pytest.raises(RuleRefused):
        council_campaign.tally_emperor(c)  # tallied once


def test_election_bribe_beyond_bc_is_refused(tmp_path):
    c = council_campaign_at(tmp_path, stage=3, turn=13)
    with pytest.raises(RuleRefused):
        council_campaign.elect(c, c.player("alice"), c.player("alice"), 2)
    # checked against the BC held at the tally (A9, wave 3): alice has 4
    council_campaign.elect(c, c.player("alice"), c.player("alice"), 6)
    with pytest.raises(RuleRefused):
        council_campaign.tally_emperor(c)


def test_council_state_survives_the_store(tmp_path):
    store, c = stored_campaign(tmp_path, 2, 7)
    c.game.council.chair = "alice"
    propose(c, IDENTITY, pick=2)
    council_campaign.cast(c, c.player("bob"), "no", 3)
    store.save(c)
    back = store.load()
    assert back.game.council.vote["bill"] == "arms-limit"
    assert back.game.council.vote["ballots"] == {"bob": {"vote": "no", "bribe_bc": 3}}
    assert back.game.decks["bills"].draw[-1] == "free-trade"


def test_emperor_needs_half_the_whole_council_plus_one(orion_game):
    """A 7-vote Council: 2 votes elect nobody, however many abstain or stay silent."""
    c, rules = orion_game
    c.stage = 3
    alice, bob, carol = (c.player(n) for n in ("alice", "bob", "carol"))
    # alice 3 votes (homeworld + 2 colonies), bob 2, carol 2
    from gmtool.rules.orion.state import PlanetState, System

    for owner, n in (("alice", 2), ("bob", 1), ("carol", 1)):
        for _ in range(n):
            h = free_hex(c)
            c.game.systems.append(
                System(
                    hex=h,
                    discovery="planet",
                    planet=PlanetState("terran", "small", max_population=2, production=4, population=1),
                    owner=owner,
                    explored_by=owner,
                )
            )
    assert [sum(s.owner == name for s in c.game.systems) for name in ("alice", "bob", "carol")] == [3, 2, 2]
    elect(c, bob, bob)  # bob's 2 votes for himself
    elect(c, alice, None)  # alice abstains; carol stays silent
    result, not_voted = tally_emperor(c)
    assert (result.total_votes, result.needed, result.elected) == (7, 4, None)
    assert not_voted == ["carol"]
    assert c.game.council.victory is None


def test_a_bill_vote_is_read_in_english_or_russian():
    from gmtool.rules.orion.council import bill_vote

    for word, vote in (
        ("yes", "yes"),
        ("Да", "yes"),
        ("за", "yes"),
        ("НЕТ", "no"),
        ("против", "no"),
        ("no", "no"),
        ("abstain", "abstain"),
        ("воздерживаюсь", "abstain"),
        ("воздержусь", "abstain"),
        ("воздержалась", "abstain"),
        ("Воздержался", "abstain"),
    ):
        assert bill_vote(word) == vote, word
    assert bill_vote("может") == "может" and bill_vote(None) is None
    result = tally_bill([Ballot("alice", "да", 3), Ballot("bob", "нет", 2)], "alice")
    assert (result.yes, result.no, result.passed) == (3, 2, True)


# ------------------------------------------------------------------ the long runs (pytest -m slow)

test_property_bill_tally_and_public_reports_keep_ballots_secret_long = slow_twin(
    test_property_bill_tally_and_public_reports_keep_ballots_secret, 150
)
