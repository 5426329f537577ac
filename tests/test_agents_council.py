"""Agents and the Galactic Council at library level (RULES.md A7, A9, A10;
CONTRACT.md "agent check" and "council tally").

Expected values are worked out by hand from RULES.md / CONTRACT.md and the shipped
example tables (tables/orion/agent-outcomes.toml, agents.toml, bills.toml), not read
back from the code under test.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.campaign.model import PlanetState, System
from gmtool.campaign.hexes import Hex
from gmtool.campaign.store import CampaignStore
from gmtool.campaign.views import status_view
from gmtool.dice.sources import FixedSource, RandomSource
from gmtool.errors import InputError, RuleRefused
from gmtool.report.council import bill_report
from gmtool.report.render import FORMATS, render
from gmtool.rolltables import TableLibrary
from gmtool.rolltables.library import ENV_TABLES
from gmtool.rules.orion import agents_campaign, council_campaign
from gmtool.rules.orion.agents import (AUTOMATIC, CheckModifier, agent_check, espionage_modifiers,
                                       parse_difficulty)
from gmtool.rules.orion.council import BILL_VOTES, Ballot, ballots_from_dict, tally_bill, tally_election
from gmtool.rules.orion.setup import new_campaign


def _shipped_library() -> TableLibrary:
    # A moderator's GMTOOL_TABLES must not change the rules under test.
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv(ENV_TABLES, raising=False)
        lib = TableLibrary.default()
        for name in ("agent-outcomes", "agents", "agent-specialities", "bills", "start"):
            lib.get(name, "orion")
        return lib


LIB = _shipped_library()
OUTCOMES = LIB.get("agent-outcomes", "orion")
ABILITIES = LIB.get("agents", "orion")
SPECIALITIES = {r.id for r in LIB.get("agent-specialities", "orion").rows}
BILLS = LIB.get("bills", "orion")
# The shipped example bills, in table order; law = true for these three.
BILL_IDS = ["free-trade", "arms-limit", "relief-fund", "research-pact", "embargo", "open-borders"]
LAWS = {"free-trade", "arms-limit", "open-borders"}
PLAYERS = ["alice", "bob", "carol"]
SECRET = bytes(range(32))
CONTRACT_CHECK_KEYS = {"natural", "total", "difficulty", "margin", "outcome"}


class RecordingSource:
    """Fixed faces, remembering every die asked for."""

    def __init__(self, faces):
        self.inner = FixedSource(faces)
        self.asked: list[tuple[int, str]] = []

    def roll(self, sides: int, label: str = "") -> int:
        self.asked.append((sides, label))
        return self.inner.roll(sides, label)


def test_shipped_tables_are_what_these_tests_assume():
    assert [r.id for r in OUTCOMES.rows] == ["critical_success", "success", "failure", "critical_failure"]
    assert int(OUTCOMES.rule("die")) == 10 and int(OUTCOMES.rule("critical_margin")) == 4
    assert [r.id for r in BILLS.rows] == BILL_IDS
    assert {r.id for r in BILLS.rows if r.values.get("law")} == LAWS
    assert SPECIALITIES == {"spy", "saboteur", "counter-spy", "diplomat"}


# ============================================================ agent_check (A10)

def mods(*values: int) -> list[CheckModifier]:
    return [CheckModifier(v, "modifier") for v in values]


@pytest.mark.parametrize("natural, modifiers, difficulty, total, margin, outcome", [
    (5, (-2,), 7, 3, -4, "critical_failure"),     # margin −4: the first critical failure
    (6, (-2,), 7, 4, -3, "failure"),              # margin −3: the last failure
    (4, (2,), 7, 6, -1, "failure"),               # margin −1
    (5, (2,), 7, 7, 0, "success"),                # margin 0: meeting the difficulty succeeds
    (8, (2,), 7, 10, 3, "success"),               # margin +3: the last success
    (9, (2,), 7, 11, 4, "critical_success"),      # margin +4: the first critical success
    (7, (), 7, 7, 0, "success"),                  # no modifiers
    (3, (1, 1, 1), 2, 6, 4, "critical_success"),  # modifiers add up
    (6, (-3, -2), 5, 1, -4, "critical_failure"),
])
def test_agent_check_outcome_tiers_at_their_boundaries(natural, modifiers, difficulty, total, margin, outcome):
    source = FixedSource([natural])
    check = agent_check(OUTCOMES, source, difficulty, mods(*modifiers))
    source.finish()                       # exactly one die
    assert source.used == 1
    assert (check.natural, check.total, check.margin) == (natural, total, margin)
    assert check.outcome.id == outcome
    assert check.decided_by_natural is False
    data = check.to_data()
    assert CONTRACT_CHECK_KEYS <= set(data)
    assert data["natural"] == natural and data["total"] == total and data["margin"] == margin
    assert data["difficulty"] == difficulty and data["outcome"] == outcome


def test_agent_check_rolls_a_d10():
    source = RecordingSource([5])
    agent_check(OUTCOMES, source, 5)
    assert [sides for sides, _ in source.asked] == [10]


def test_natural_1_is_a_critical_failure_whatever_the_margin():
    check = agent_check(OUTCOMES, FixedSource([1]), -20)
    assert check.margin == 21
    assert check.outcome.id == "critical_failure"
    assert check.decided_by_natural is True
    assert check.to_data()["decided_by_natural"] is True


def test_natural_10_is_a_critical_success_whatever_the_margin():
    check = agent_check(OUTCOMES, FixedSource([10]), 30)
    assert check.margin == -20
    assert check.outcome.id == "critical_success"
    assert check.decided_by_natural is True


def test_natural_dice_that_agree_with_the_margin_are_not_flagged():
    check = agent_check(OUTCOMES, FixedSource([10]), 6)          # margin +4 anyway
    assert (check.outcome.id, check.decided_by_natural) == ("critical_success", False)
    check = agent_check(OUTCOMES, FixedSource([1]), 5)           # margin −4 anyway
    assert (check.outcome.id, check.decided_by_natural) == ("critical_failure", False)
    check = agent_check(OUTCOMES, FixedSource([10]), 8, mods(-1))  # margin +1: 10 decides
    assert (check.outcome.id, check.decided_by_natural) == ("critical_success", True)
    check = agent_check(OUTCOMES, FixedSource([1]), 2, mods(+2))   # margin +1: 1 decides
    assert (check.outcome.id, check.decided_by_natural) == ("critical_failure", True)


@pytest.mark.parametrize("modifiers", [(), (3, -1)])
def test_automatic_difficulty_succeeds_without_a_roll(modifiers):
    source = FixedSource([])
    check = agent_check(OUTCOMES, source, AUTOMATIC, mods(*modifiers))
    source.finish()
    assert source.used == 0
    assert check.outcome.id == "success"
    assert check.natural is None and check.total is None and check.margin is None
    data = check.to_data()
    assert data["natural"] is None and data["total"] is None and data["margin"] is None
    assert data["difficulty"] == "automatic" and data["outcome"] == "success"


def test_espionage_modifiers_add_own_ops_and_subtract_the_targets():
    got = espionage_modifiers(3, 1)
    assert [(m.kind, m.value) for m in got] == [("own_ops", 3), ("target_ops", -1)]
    got = espionage_modifiers(2, 4, -1)
    assert [(m.kind, m.value) for m in got] == [("own_ops", 2), ("target_ops", -4), ("counter", -1)]
    got = espionage_modifiers(0, 0, 2)
    assert sum(m.value for m in got) == 2
    # CONTRACT example: difficulty 7, own ops 3, target ops 1, die 5 → total 7, margin 0.
    check = agent_check(OUTCOMES, FixedSource([5]), 7, espionage_modifiers(3, 1))
    assert (check.natural, check.total, check.margin, check.outcome.id) == (5, 7, 0, "success")
    # With a counter-espionage penalty of 1 the same roll fails.
    check = agent_check(OUTCOMES, FixedSource([5]), 7, espionage_modifiers(3, 1, -1))
    assert (check.total, check.margin, check.outcome.id) == (6, -1, "failure")


@pytest.mark.parametrize("text, expected", [
    ("7", 7), (" 12 ", 12), ("0", 0), ("-5", -5), ("100", 100), ("-100", -100),
    ("automatic", AUTOMATIC), ("Automatic", AUTOMATIC), (" AUTO ", AUTOMATIC), ("автоматически", AUTOMATIC),
])
def test_parse_difficulty_accepts(text, expected):
    assert parse_difficulty(text) == expected


@pytest.mark.parametrize("text", ["", " ", "hard", "7.5", "7+1", "seven", "101", "-101", "1e3", "auto matic"])
def test_parse_difficulty_refuses(text):
    with pytest.raises(InputError):
        parse_difficulty(text)


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
    t = tally_bill([B("alice", chair_vote, 2), B("bob", other, 2)], chair="alice",
                   chair_decision=other)
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
    t = tally_bill([B("alice", "abstain", 1), B("bob", "yes", 2), B("carol", "no", 1)], chair="alice",
                   chair_decision="no")
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
    t = tally_election([B("alice", "alice", 3), B("bob", "alice", 0, 3), B("carol", "carol", 2),
                        B("dave", "bob", 2)])
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
    assert t.total_votes == 4 and t.elected is None              # the abstainer's 4 still count (A9)


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
    data = {"chair": "alice", "ballot": [
        {"leader": "alice", "vote": "yes", "planets": 3, "bribe_bc": 6},
        {"leader": "bob", "vote": "no", "planets": 2},
    ]}
    chair, ballots, decision = ballots_from_dict(data, False, _fail)
    assert chair == "alice" and decision is None
    assert [(b.leader, b.vote, b.planets, b.bribe_bc, b.votes) for b in ballots] == [
        ("alice", "yes", 3, 6, 5), ("bob", "no", 2, 0, 2)]


@pytest.mark.parametrize("data", [
    {"ballot": [{"leader": "alice", "vote": "yes", "planets": 1}]},                   # no chair
    {"chair": "", "ballot": []},
    {"chair": "alice", "ballot": [{"vote": "yes", "planets": 1}]},                    # no leader
    {"chair": "alice", "ballot": [{"leader": "alice", "vote": "yes", "planets": "3"}]},
    {"chair": "alice", "ballot": [{"leader": "alice", "vote": "yes", "planets": 1, "colour": "red"}]},
    {"chair": "alice", "chair_decision": "maybe", "ballot": []},
])
def test_ballots_from_dict_refuses_bad_files(data):
    with pytest.raises(InputError, match="ballots.toml"):
        ballots_from_dict(data, False, _fail)


# =========================================== hypothesis: secret ballots (A9)

NAMES = ["Alkari", "Bulrathi", "Darlok", "Klackon", "Meklar", "Mrrshan", "Psilon", "Sakkra"]
OUTSIDER = "Silicoid"      # a chair who cast no ballot


@st.composite
def bill_cases(draw):
    n = draw(st.integers(2, 8))
    names = draw(st.permutations(NAMES))[:n]
    ballots = [Ballot(name, draw(st.sampled_from(BILL_VOTES)), draw(st.integers(0, 10)),
                      3 * draw(st.integers(0, 10))) for name in names]
    chair = draw(st.sampled_from(names + [OUTSIDER]))
    decision = draw(st.sampled_from([None, "yes", "no"]))
    return ballots, chair, decision


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
                assert data["chair"] == chair     # the chair is a public office, not a ballot
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
                        assert ("chair" in line or "председатель" in line), line
                        assert not any(w in line.lower() for w in ("yes", "no:", " за", "против")), line
                else:
                    assert name not in out, (fmt, lang, name, out)
        private_out = render(bill_report(t, lang, private=True, not_voted=[]), "plain")
        for name in voters:
            assert name in private_out


# ==================================================== agents in a campaign

def make_campaign(tmp_path: Path, stage: int = 1, turn: int = 1):
    """A 3-leader campaign created on disk and loaded back, as the CLI does."""
    state = new_campaign("test", PLAYERS, RandomSource(1), LIB, "c0ffee", seed=1)
    store = CampaignStore(tmp_path / "camp")
    store.create(state, SECRET)
    state = store.load()
    state.stage, state.turn = stage, turn
    return store, state


@pytest.fixture
def camp(tmp_path):
    return make_campaign(tmp_path)[1]


def hire(c, owner: str, name: str, *specs: str):
    c.player(owner).agent_limit = max(c.player(owner).agent_limit,
                                      1 + sum(1 for a in c.agents if a.owner == owner))
    return agents_campaign.hire(c, c.player(owner), name, list(specs), SPECIALITIES)


def use(c, agent_name: str, ability: str, faces, target: str | None = None, frame: str | None = None,
        counter: int = 0):
    source = FixedSource(faces)
    result = agents_campaign.use(c, c.agent(agent_name), ability, ABILITIES, OUTCOMES, source,
                                 c.player(target) if target else None, c.player(frame) if frame else None,
                                 counter)
    source.finish()
    return result


def test_start_spy_limit_is_zero(camp):
    assert all(p.agent_limit == 0 for p in camp.players)
    assert all(p.secret_ops == 0 for p in camp.players)


def test_hire_is_refused_at_limit_0_and_allowed_after_raising_it(camp):
    alice = camp.player("alice")
    with pytest.raises(RuleRefused):
        agents_campaign.hire(camp, alice, "Kess", ["spy"], SPECIALITIES)
    assert camp.agents == []
    alice.agent_limit = 1
    agent = agents_campaign.hire(camp, alice, "Kess", ["spy", "saboteur"], SPECIALITIES)
    assert (agent.name, agent.owner, agent.specialities, agent.hired_turn) == ("Kess", "alice",
                                                                               ["spy", "saboteur"], 1)
    assert camp.agents == [agent]
    with pytest.raises(RuleRefused):
        agents_campaign.hire(camp, alice, "Vorn", ["spy"], SPECIALITIES)
    assert len(camp.agents) == 1


@pytest.mark.parametrize("specs", [[], ["spy", "saboteur", "diplomat"],
                                   ["spy", "saboteur", "diplomat", "counter-spy"]])
def test_an_agent_has_one_or_two_specialities(camp, specs):
    camp.player("alice").agent_limit = 5
    with pytest.raises((RuleRefused, InputError)):
        agents_campaign.hire(camp, camp.player("alice"), "Kess", specs, SPECIALITIES)
    assert camp.agents == []


def test_unknown_or_repeated_speciality_is_refused(camp):
    camp.player("alice").agent_limit = 5
    for specs in (["ninja"], ["spy", "ninja"], ["spy", "spy"], ["Spy"]):
        with pytest.raises((InputError, RuleRefused)):
            agents_campaign.hire(camp, camp.player("alice"), "Kess", specs, SPECIALITIES)
    assert camp.agents == []
    for specs in (["diplomat"], ["counter-spy", "saboteur"]):
        agents_campaign.hire(camp, camp.player("alice"), "-".join(specs), specs, SPECIALITIES)
    assert len(camp.agents) == 2


def test_agent_names_are_unique(camp):
    hire(camp, "alice", "Kess", "spy")
    with pytest.raises(RuleRefused):
        hire(camp, "bob", "kess", "spy")


def test_one_activation_per_agent_per_turn(camp):
    hire(camp, "alice", "Kess", "spy", "saboteur")
    r = use(camp, "Kess", "steal-tech", [7], target="bob")
    assert r.check.outcome.id == "success"
    source = FixedSource([7])
    with pytest.raises(RuleRefused):
        agents_campaign.use(camp, camp.agent("Kess"), "sabotage", ABILITIES, OUTCOMES, source, camp.player("bob"))
    assert source.used == 0
    camp.turn = 2
    assert use(camp, "Kess", "sabotage", [7], target="bob").check.outcome.id == "success"


def test_one_activation_each_for_two_agents(camp):
    hire(camp, "alice", "Kess", "spy")
    hire(camp, "alice", "Vorn", "saboteur")
    use(camp, "Kess", "gather-intel", [], target="bob")
    use(camp, "Vorn", "unrest", [], target="carol")
    assert camp.agent("Kess").used_turn == camp.agent("Vorn").used_turn == 1


def test_a_paid_ability_costs_one_order_and_needs_one(camp):
    hire(camp, "alice", "Kess", "spy")
    alice = camp.player("alice")
    assert alice.orders == 0
    source = FixedSource([9])
    with pytest.raises(RuleRefused):
        agents_campaign.use(camp, camp.agent("Kess"), "deep-cover", ABILITIES, OUTCOMES, source,
                            camp.player("bob"))
    assert source.used == 0 and camp.agent("Kess").used_turn is None and alice.orders == 0
    alice.orders = 2
    r = use(camp, "Kess", "deep-cover", [9], target="bob")
    assert r.paid_order is True and alice.orders == 1
    camp.turn = 2
    r = use(camp, "Kess", "steal-tech", [9], target="bob")        # repeatable: free
    assert r.paid_order is False and alice.orders == 1


def test_an_ability_outside_the_agents_specialities_is_refused(camp):
    hire(camp, "alice", "Kess", "spy")
    source = FixedSource([9])
    with pytest.raises(RuleRefused):
        agents_campaign.use(camp, camp.agent("Kess"), "sabotage", ABILITIES, OUTCOMES, source,
                            camp.player("bob"))
    with pytest.raises(InputError):
        agents_campaign.use(camp, camp.agent("Kess"), "teleport", ABILITIES, OUTCOMES, source,
                            camp.player("bob"))
    assert source.used == 0 and camp.agent("Kess").used_turn is None


def test_a_target_is_required_where_the_ability_says_so(camp):
    hire(camp, "alice", "Kess", "spy", "diplomat")
    source = FixedSource([9])
    with pytest.raises(InputError):
        agents_campaign.use(camp, camp.agent("Kess"), "steal-tech", ABILITIES, OUTCOMES, source, None)
    with pytest.raises(RuleRefused):   # not against its own leader
        agents_campaign.use(camp, camp.agent("Kess"), "steal-tech", ABILITIES, OUTCOMES, source,
                            camp.player("alice"))
    assert source.used == 0 and camp.agent("Kess").used_turn is None
    camp.player("alice").orders = 1
    r = use(camp, "Kess", "lobby", [5])     # lobby: no target; paid, difficulty 5
    assert r.target is None and r.check.outcome.id == "success"


def test_secret_operations_levels_are_modifiers(camp):
    camp.player("alice").secret_ops = 3
    camp.player("bob").secret_ops = 1
    hire(camp, "alice", "Kess", "spy")
    r = use(camp, "Kess", "steal-tech", [5], target="bob")
    assert [(m.kind, m.value) for m in r.check.modifiers] == [("own_ops", 3), ("target_ops", -1)]
    assert (r.check.total, r.check.difficulty, r.check.margin) == (7, 7, 0)
    assert r.check.outcome.id == "success"


def test_non_espionage_abilities_get_no_secret_operations(camp):
    camp.player("alice").secret_ops = 3
    hire(camp, "alice", "Dip", "diplomat")
    r = use(camp, "Dip", "negotiate", [6], target="bob")
    assert r.check.modifiers == [] and r.check.total == 6


def test_the_targets_vigilant_counter_spy_gives_minus_1(camp):
    hire(camp, "bob", "Watcher", "counter-spy")
    hire(camp, "alice", "Kess", "spy")
    r = use(camp, "Kess", "steal-tech", [7], target="bob")
    counters = [m for m in r.check.modifiers if m.kind == "counter"]
    assert [m.value for m in counters] == [-1]
    assert (r.check.total, r.check.margin, r.check.outcome.id) == (6, -1, "failure")
    # only the target's counter-spies count
    camp.turn = 2
    r = use(camp, "Kess", "steal-tech", [7], target="carol")
    assert [m for m in r.check.modifiers if m.kind == "counter"] == []


def test_a_further_counter_bonus_is_a_modifier(camp):
    hire(camp, "alice", "Kess", "spy")
    r = use(camp, "Kess", "steal-tech", [9], target="bob", counter=-2)
    assert sum(m.value for m in r.check.modifiers if m.kind == "counter") == -2
    assert r.check.total == 7


def test_failure_of_a_covert_ability_tells_the_target_an_unknown_agent_is_active(camp):
    hire(camp, "alice", "Kess", "spy")
    r = use(camp, "Kess", "steal-tech", [4], target="bob")       # 4 vs 7: margin −3
    assert r.check.outcome.id == "failure"
    bob, alice = camp.player("bob"), camp.player("alice")
    assert bob.inbox == [{"turn": 1, "kind": "agent_detected"}]
    assert "alice" not in json.dumps(bob.inbox) and "Kess" not in json.dumps(bob.inbox)
    assert alice.inbox == [] and alice.awards == []
    assert camp.player("carol").inbox == []
    assert [a.name for a in camp.agents] == ["Kess"]          # the agent survives


def test_failure_of_a_non_covert_ability_tells_nobody(camp):
    hire(camp, "alice", "Dip", "diplomat")
    r = use(camp, "Dip", "negotiate", [3], target="bob")        # 3 vs 6: margin −3
    assert r.check.outcome.id == "failure"
    assert all(p.inbox == [] for p in camp.players)


def test_critical_failure_loses_the_agent_and_names_the_sender(camp):
    hire(camp, "alice", "Kess", "spy")
    r = use(camp, "Kess", "steal-tech", [1], target="bob")
    assert r.check.outcome.id == "critical_failure" and r.lost is True
    assert camp.agents == []
    assert camp.player("alice").inbox == [{"turn": 1, "kind": "agent_lost", "agent": "Kess"}]
    assert camp.player("bob").inbox == [{"turn": 1, "kind": "agent_caught", "sent_by": "alice"}]
    assert camp.player("carol").inbox == []
    assert camp.player("alice").awards == []
    with pytest.raises(InputError):
        camp.agent("Kess")


def test_critical_failure_by_margin_also_loses_the_agent(camp):
    camp.player("bob").secret_ops = 2
    hire(camp, "alice", "Kess", "saboteur")
    r = use(camp, "Kess", "sabotage", [3], target="bob")        # 3 − 2 = 1 vs 7: margin −6
    assert r.check.outcome.id == "critical_failure" and r.lost
    assert camp.agents == []


def test_critical_success_with_frame_blames_the_framed_leader(camp):
    hire(camp, "alice", "Kess", "saboteur")
    r = use(camp, "Kess", "sabotage", [10], target="bob", frame="carol")
    assert r.check.outcome.id == "critical_success" and r.framed == "carol"
    bob_inbox = camp.player("bob").inbox
    assert bob_inbox == [{"turn": 1, "kind": "agent_blamed", "blamed": "carol"}]
    assert "alice" not in json.dumps(bob_inbox)
    awards = camp.player("alice").awards
    assert len(awards) == 1 and awards[0]["kind"] == "agent_mission"
    mission = awards[0]["value"]
    assert mission["agent"] == "Kess" and mission["ability"] == "sabotage" and mission["target"] == "bob"
    assert mission.get("critical") is True


def test_frame_on_a_plain_success_blames_nobody(camp):
    hire(camp, "alice", "Kess", "saboteur")
    r = use(camp, "Kess", "sabotage", [8], target="bob", frame="carol")   # margin +1
    assert r.check.outcome.id == "success" and r.framed is None
    assert camp.player("bob").inbox == []


def test_frame_must_name_a_third_leader(camp):
    hire(camp, "alice", "Kess", "saboteur")
    for frame in ("alice", "bob"):
        source = FixedSource([10])
        with pytest.raises(InputError):
            agents_campaign.use(camp, camp.agent("Kess"), "sabotage", ABILITIES, OUTCOMES, source,
                                camp.player("bob"), camp.player(frame))
        assert source.used == 0


def test_success_gives_the_owner_an_award(camp):
    hire(camp, "alice", "Kess", "spy")
    r = use(camp, "Kess", "steal-tech", [8], target="bob")
    assert r.check.outcome.id == "success"
    assert camp.player("alice").awards == [{"id": 1, "turn": 1, "kind": "agent_mission", "reason": "agent",
                                            "value": {"agent": "Kess", "ability": "steal-tech", "target": "bob"}}]
    assert camp.player("bob").inbox == []


def test_an_automatic_ability_rolls_nothing_and_succeeds(camp):
    hire(camp, "alice", "Kess", "spy")
    r = use(camp, "Kess", "gather-intel", [], target="bob")
    assert r.check.natural is None and r.check.outcome.id == "success"
    assert camp.player("alice").awards == []                      # it reveals: told at once, no award
    assert r.learned == {"bc": camp.player("bob").bc, "orders": camp.player("bob").orders}
    assert camp.player("alice").inbox[-1]["kind"] == "agent_learned"


def test_blockade_move_critical_failure_captures_the_agent(camp):
    hire(camp, "bob", "Kess", "spy")
    source = FixedSource([1])
    r = agents_campaign.blockade_move(camp, camp.agent("Kess"), camp.player("alice"), ABILITIES, OUTCOMES, source)
    source.finish()
    assert r.check.outcome.id == "critical_failure" and r.lost
    assert r.check.difficulty == int(ABILITIES.rule("blockade_difficulty"))
    assert camp.agents == []
    assert camp.player("alice").inbox == [{"turn": 1, "kind": "agent_caught", "sent_by": "bob"}]
    assert camp.player("bob").inbox == [{"turn": 1, "kind": "agent_lost", "agent": "Kess"}]


def test_blockade_move_success_and_failure_keep_the_agent(camp):
    hire(camp, "bob", "Kess", "spy")
    camp.player("bob").secret_ops = 2
    camp.player("alice").secret_ops = 1
    for face, outcome in ((5, "success"), (2, "failure")):   # 5+2−1 = 6 vs 6; 2+1 = 3 vs 6
        source = FixedSource([face])
        r = agents_campaign.blockade_move(camp, camp.agent("Kess"), camp.player("alice"), ABILITIES, OUTCOMES,
                                          source)
        assert r.check.outcome.id == outcome and not r.lost
        assert [(m.kind, m.value) for m in r.check.modifiers][:2] == [("own_ops", 2), ("target_ops", -1)]
    assert [a.name for a in camp.agents] == ["Kess"]
    assert camp.player("alice").inbox == [] and camp.player("bob").inbox == []   # nobody learns anything


def test_blockade_move_against_the_blockaders_counter_spy(camp):
    hire(camp, "alice", "Watcher", "counter-spy")
    hire(camp, "bob", "Kess", "spy")
    r = agents_campaign.blockade_move(camp, camp.agent("Kess"), camp.player("alice"), ABILITIES, OUTCOMES,
                                      FixedSource([6]))
    assert [m.value for m in r.check.modifiers if m.kind == "counter"] == [-1]
    assert r.check.outcome.id == "failure"


def test_agents_and_inbox_survive_the_store(tmp_path):
    store, c = make_campaign(tmp_path)
    hire(c, "alice", "Kess", "spy", "saboteur")
    use(c, "Kess", "steal-tech", [4], target="bob")
    store.save(c)
    back = store.load()
    assert [(a.name, a.owner, a.specialities, a.used_turn) for a in back.agents] == [
        ("Kess", "alice", ["spy", "saboteur"], 1)]
    assert back.player("bob").inbox == [{"turn": 1, "kind": "agent_detected"}]


# ==================================================== council in a campaign

IDENTITY = [6, 5, 4, 3, 2]     # Fisher–Yates d6…d2 with j = i: the table order stays


def council_campaign_at(tmp_path, stage=2, turn=7, chair="alice"):
    _, c = make_campaign(tmp_path, stage, turn)
    c.council.chair = chair
    return c


def propose(c, faces, pick=None, chair=None):
    source = RecordingSource(faces)
    vote = council_campaign.propose(c, BILLS, source, pick, c.player(chair) if chair else None)
    source.inner.finish()
    return vote, source


def deck_cards(c) -> Counter:
    d = c.decks["bills"]
    vote = c.council.vote or {}
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
    assert c.decks == {} and c.council.vote is None


def test_propose_needs_a_chair(tmp_path):
    c = council_campaign_at(tmp_path, chair=None)
    c.council.chair = None
    source = FixedSource(IDENTITY)
    with pytest.raises(RuleRefused):
        council_campaign.propose(c, BILLS, source)
    assert source.used == 0
    vote, _ = propose(c, IDENTITY, chair="bob")
    assert c.council.chair == "bob"


def test_propose_shuffles_with_dice_then_draws_two(tmp_path):
    c = council_campaign_at(tmp_path)
    vote, source = propose(c, IDENTITY)
    assert [sides for sides, _ in source.asked] == [6, 5, 4, 3, 2]    # d(n) … d2, one shuffle
    assert vote["options"] == ["free-trade", "arms-limit"]
    assert vote.get("bill") is None
    assert c.decks["bills"].draw == ["relief-fund", "research-pact", "embargo", "open-borders"]
    # asking again the same turn shows the same two bills and rolls nothing
    again, source = propose(c, [])
    assert again["options"] == ["free-trade", "arms-limit"] and source.asked == []


def test_propose_shuffle_follows_fisher_yates(tmp_path):
    # By hand: [FT AL RF RP EM OB]; d6=1 swaps 5↔0, d5=2 swaps 4↔1, d4=2 swaps 3↔1,
    # d3=1 swaps 2↔0, d2=2 keeps → [RF RP OB EM AL FT].
    c = council_campaign_at(tmp_path)
    vote, _ = propose(c, [1, 2, 2, 1, 2])
    assert vote["options"] == ["relief-fund", "research-pact"]
    assert c.decks["bills"].draw == ["open-borders", "embargo", "arms-limit", "free-trade"]


@pytest.mark.parametrize("pick, chosen, other", [(1, "free-trade", "arms-limit"), (2, "arms-limit", "free-trade")])
def test_pick_puts_one_to_the_vote_and_the_other_at_the_bottom(tmp_path, pick, chosen, other):
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY)
    vote, source = propose(c, [], pick=pick)
    assert source.asked == []
    assert vote["bill"] == chosen
    assert c.decks["bills"].draw == ["relief-fund", "research-pact", "embargo", "open-borders", other]
    with pytest.raises(RuleRefused):     # one bill before the Council at a time
        propose(c, [], pick=1)


def test_pick_out_of_range_is_refused(tmp_path):
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY)
    for pick in (0, 3, -1):
        with pytest.raises(InputError):
            propose(c, [], pick=pick)
    assert c.council.vote.get("bill") is None


def test_propose_and_pick_at_once(tmp_path):
    c = council_campaign_at(tmp_path)
    vote, _ = propose(c, IDENTITY, pick=2)
    assert vote["bill"] == "arms-limit"
    assert c.decks["bills"].draw[-1] == "free-trade"


def test_votes_can_be_changed_until_the_tally(tmp_path):
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY, pick=1)
    with pytest.raises(InputError):
        council_campaign.cast(c, c.player("bob"), "maybe")
    council_campaign.cast(c, c.player("bob"), "yes")
    council_campaign.cast(c, c.player("bob"), "no")
    council_campaign.cast(c, c.player("alice"), "yes")
    assert c.council.vote["ballots"]["bob"]["vote"] == "no"
    result, bill, not_voted = council_campaign.tally(c, BILLS)
    assert bill == "free-trade" and not_voted == ["carol"]
    assert (result.yes, result.no, result.tie, result.decided_by_chair, result.passed) == (1, 1, True, True, True)
    with pytest.raises(RuleRefused):     # nothing left to vote on
        council_campaign.cast(c, c.player("bob"), "yes")


def test_cast_needs_a_bill_before_the_council(tmp_path):
    c = council_campaign_at(tmp_path)
    with pytest.raises(RuleRefused):
        council_campaign.cast(c, c.player("bob"), "yes")
    propose(c, IDENTITY)
    with pytest.raises(RuleRefused):     # drawn but not picked
        council_campaign.cast(c, c.player("bob"), "yes")


def test_bribes_are_paid_once_at_the_tally_even_when_the_bill_fails(tmp_path):
    c = council_campaign_at(tmp_path)
    c.player("carol").bc = 10
    c.player("alice").bc = 4
    propose(c, IDENTITY, pick=1)                                     # free-trade, a law
    council_campaign.cast(c, c.player("carol"), "no", 6)
    council_campaign.cast(c, c.player("alice"), "yes", 3)
    council_campaign.cast(c, c.player("bob"), "yes")
    assert (c.player("carol").bc, c.player("alice").bc) == (10, 4)   # nothing paid at the vote
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
    assert c.council.laws == []


def test_a_bribe_beyond_the_leaders_bc_or_not_a_multiple_of_3_is_refused(tmp_path):
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY, pick=1)
    assert c.player("carol").bc == 4          # the start BC (RULES.md A2)
    with pytest.raises(RuleRefused):
        council_campaign.cast(c, c.player("carol"), "no", 6)
    with pytest.raises(RuleRefused):
        council_campaign.cast(c, c.player("carol"), "no", 4)
    assert c.council.vote["ballots"] == {}
    council_campaign.cast(c, c.player("carol"), "no", 3)
    assert c.council.vote["ballots"]["carol"] == {"vote": "no", "bribe_bc": 3}


def test_votes_in_a_campaign_are_planets_including_the_homeworld(tmp_path):
    c = council_campaign_at(tmp_path)
    assert [council_campaign.planets_of(c, p) for p in PLAYERS] == [1, 1, 1]
    c.systems.append(System(hex=Hex(1, 0), discovery="planet", owner="carol", explored_by="carol",
                            planet=PlanetState(type="ocean", size="small", max_population=2, population=1)))
    c.systems.append(System(hex=Hex(2, 0), discovery="asteroids", owner="carol", explored_by="carol"))
    assert council_campaign.planets_of(c, "carol") == 2
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
    assert c.council.vote is not None and c.council.laws == []
    result, _, _ = council_campaign.tally(c, BILLS, chair_decision="yes")
    assert result.passed and result.decided_by_chair
    assert c.council.laws == [{"id": "free-trade", "turn": 7}]


def test_a_passed_law_is_recorded_and_visible_and_can_be_repealed(tmp_path):
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY, pick=1)               # free-trade: law = true
    for p in PLAYERS:
        council_campaign.cast(c, c.player(p), "yes")
    result, bill, _ = council_campaign.tally(c, BILLS)
    assert result.passed and bill == "free-trade"
    assert c.council.laws == [{"id": "free-trade", "turn": 7}]
    assert c.decks["bills"].discard == ["free-trade"]
    assert c.council.vote is None
    assert status_view(c)["council"]["laws"] == [{"id": "free-trade", "turn": 7}]
    assert status_view(c, "bob")["council"]["laws"] == [{"id": "free-trade", "turn": 7}]
    assert council_campaign.repeal(c, "free-trade")["id"] == "free-trade"
    assert c.council.laws == [] and status_view(c)["council"]["laws"] == []
    with pytest.raises(RuleRefused):
        council_campaign.repeal(c, "free-trade")


def test_a_passed_bill_that_is_not_a_law_is_not_recorded_as_one(tmp_path):
    c = council_campaign_at(tmp_path)
    propose(c, [1, 2, 2, 1, 2], pick=1)          # relief-fund: law = false
    for p in PLAYERS:
        council_campaign.cast(c, c.player(p), "yes")
    result, bill, _ = council_campaign.tally(c, BILLS)
    assert result.passed and bill == "relief-fund"
    assert c.council.laws == []


def test_a_rejected_law_is_not_recorded(tmp_path):
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY, pick=1)
    for p in PLAYERS:
        council_campaign.cast(c, c.player(p), "no")
    result, _, _ = council_campaign.tally(c, BILLS)
    assert not result.passed and c.council.laws == []


def test_last_tally_keeps_the_ballots_for_the_private_post(tmp_path):
    c = council_campaign_at(tmp_path)
    c.player("carol").bc = 6
    propose(c, IDENTITY, pick=1)
    council_campaign.cast(c, c.player("carol"), "no", 6)
    council_campaign.cast(c, c.player("alice"), "yes")
    council_campaign.tally(c, BILLS)
    last = c.council.last_tally
    assert last["bill"] == "free-trade" and last["not_voted"] == ["bob"]
    assert {(b["leader"], b["vote"], b["bribe_bc"]) for b in last["ballots"]} == {("carol", "no", 6),
                                                                                 ("alice", "yes", 0)}


def test_the_deck_keeps_every_bill_over_several_turns(tmp_path):
    c = council_campaign_at(tmp_path)
    for turn in range(7, 12):
        c.turn = turn
        propose(c, IDENTITY if turn == 7 else [], pick=1 + turn % 2)
        for p in PLAYERS:
            council_campaign.cast(c, c.player(p), "yes" if turn % 2 else "no")
        council_campaign.tally(c, BILLS)
        d = c.decks["bills"]
        assert Counter(d.draw + d.discard) == Counter(BILL_IDS), turn


def test_bills_drawn_but_never_picked_are_not_lost_from_the_deck(tmp_path):
    """A11: draw without replacement, nothing vanishes. The chair drew two bills in turn 7
    and did not pick; in turn 8 new bills are drawn — the two must still be in the deck."""
    c = council_campaign_at(tmp_path)
    propose(c, IDENTITY)                         # turn 7: drawn, no pick
    c.turn = 8
    propose(c, [])                               # turn 8: the chair draws again
    assert deck_cards(c) == Counter(BILL_IDS), (c.decks["bills"], c.council.vote)


# ============================================================ the Emperor

def test_election_only_in_stage_3(tmp_path):
    c = council_campaign_at(tmp_path, stage=2, turn=12)
    with pytest.raises(RuleRefused):
        council_campaign.elect(c, c.player("alice"), c.player("alice"))
    assert c.council.election is None


def test_an_elected_emperor_wins_the_diplomatic_victory(tmp_path):
    c = council_campaign_at(tmp_path, stage=3, turn=13)
    council_campaign.elect(c, c.player("alice"), c.player("alice"))
    council_campaign.elect(c, c.player("bob"), c.player("carol"))
    council_campaign.elect(c, c.player("bob"), c.player("alice"))     # changed
    council_campaign.elect(c, c.player("carol"), c.player("carol"))
    result, not_voted = council_campaign.tally_emperor(c)
    assert result.totals == {"alice": 2, "carol": 1}
    assert (result.total_votes, result.needed, result.elected) == (3, 2, "alice")
    assert not_voted == []
    assert c.council.emperor == "alice"
    assert c.council.victory == {"kind": "diplomatic", "leader": "alice", "turn": 13}
    view = status_view(c)["council"]
    assert view["emperor"] == "alice" and view["victory"]["kind"] == "diplomatic"


def test_exactly_half_elects_nobody_and_bribes_are_paid(tmp_path):
    c = council_campaign_at(tmp_path, stage=3, turn=14)
    c.player("alice").bc = 5
    council_campaign.elect(c, c.player("alice"), c.player("alice"), 3)   # 2 votes
    council_campaign.elect(c, c.player("bob"), c.player("bob"))          # 1
    council_campaign.elect(c, c.player("carol"), c.player("bob"))        # 1
    result, _ = council_campaign.tally_emperor(c)
    assert (result.total_votes, result.needed, result.elected) == (4, 3, None)
    assert c.council.emperor is None and c.council.victory is None
    assert c.player("alice").bc == 2


def test_election_abstention_and_not_voted(tmp_path):
    c = council_campaign_at(tmp_path, stage=3, turn=15)
    council_campaign.elect(c, c.player("alice"), None)                   # abstains
    council_campaign.elect(c, c.player("bob"), c.player("bob"))
    result, not_voted = council_campaign.tally_emperor(c)
    assert result.totals == {"bob": 1}
    # the whole Council: alice (abstains) 1 + bob 1 + carol (silent) 1 = 3, needed 2 (A9 decision)
    assert (result.total_votes, result.needed, result.elected) == (3, 2, None)
    assert not_voted == ["carol"]
    with pytest.raises(RuleRefused):
        council_campaign.tally_emperor(c)          # tallied once


def test_election_bribe_beyond_bc_is_refused(tmp_path):
    c = council_campaign_at(tmp_path, stage=3, turn=13)
    with pytest.raises(RuleRefused):
        council_campaign.elect(c, c.player("alice"), c.player("alice"), 6)
    with pytest.raises(RuleRefused):
        council_campaign.elect(c, c.player("alice"), c.player("alice"), 2)


def test_council_state_survives_the_store(tmp_path):
    store, c = make_campaign(tmp_path, 2, 7)
    c.council.chair = "alice"
    propose(c, IDENTITY, pick=2)
    council_campaign.cast(c, c.player("bob"), "no", 3)
    store.save(c)
    back = store.load()
    assert back.council.vote["bill"] == "arms-limit"
    assert back.council.vote["ballots"] == {"bob": {"vote": "no", "bribe_bc": 3}}
    assert back.decks["bills"].draw[-1] == "free-trade"
