"""Agents at library level (docs/rules-orion.md A7, A10; docs/commands.md "agent check"): the check and its
modifiers, then agents in a campaign — hiring, abilities, outcomes, blockade moves.

Expected values are worked out by hand from docs/rules-orion.md, docs/commands.md and the shipped
example tables (tables/orion/agent-outcomes.toml, agents.toml, bills.toml), not read
back from the code under test.
"""

from __future__ import annotations

import json

import pytest

from gmtool.dice.sources import FixedSource
from gmtool.errors import InputError, RuleRefused
from gmtool.rules.orion import agents_campaign
from gmtool.rules.orion.agents import AUTOMATIC, CheckModifier, agent_check, espionage_modifiers, parse_difficulty
from helpers import BILL_IDS, RecordingSource, shipped_library, stored_campaign

LIB = shipped_library()
OUTCOMES = LIB.get("agent-outcomes", "orion")
ABILITIES = LIB.get("agents", "orion")
SPECIALITIES = {r.id for r in LIB.get("agent-specialities", "orion").rows}
BILLS = LIB.get("bills", "orion")
LAWS = {"free-trade", "arms-limit", "open-borders"}  # law = true for these three shipped bills
CONTRACT_CHECK_KEYS = {"natural", "total", "difficulty", "margin", "outcome"}


def test_shipped_tables_are_what_these_tests_assume():
    assert [r.id for r in OUTCOMES.rows] == ["critical_success", "success", "failure", "critical_failure"]
    assert int(OUTCOMES.rule("die")) == 10 and int(OUTCOMES.rule("critical_margin")) == 4
    assert [r.id for r in BILLS.rows] == BILL_IDS
    assert {r.id for r in BILLS.rows if r.values.get("law")} == LAWS
    assert SPECIALITIES == {"spy", "saboteur", "counter-spy", "diplomat"}


# ============================================================ agent_check (A10)


def mods(*values: int) -> list[CheckModifier]:
    return [CheckModifier(v, "modifier") for v in values]


@pytest.mark.parametrize(
    "natural, modifiers, difficulty, total, margin, outcome",
    [
        (5, (-2,), 7, 3, -4, "critical_failure"),  # margin −4: the first critical failure
        (6, (-2,), 7, 4, -3, "failure"),  # margin −3: the last failure
        (4, (2,), 7, 6, -1, "failure"),  # margin −1
        (5, (2,), 7, 7, 0, "success"),  # margin 0: meeting the difficulty succeeds
        (8, (2,), 7, 10, 3, "success"),  # margin +3: the last success
        (9, (2,), 7, 11, 4, "critical_success"),  # margin +4: the first critical success
        (7, (), 7, 7, 0, "success"),  # no modifiers
        (3, (1, 1, 1), 2, 6, 4, "critical_success"),  # modifiers add up
        (6, (-3, -2), 5, 1, -4, "critical_failure"),
    ],
)
def test_agent_check_outcome_tiers_at_their_boundaries(natural, modifiers, difficulty, total, margin, outcome):
    source = FixedSource([natural])
    check = agent_check(OUTCOMES, source, difficulty, mods(*modifiers))
    source.finish()  # exactly one die
    assert source.used == 1
    assert (check.natural, check.total, check.margin) == (natural, total, margin)
    assert check.outcome.id == outcome
    assert check.decided_by_natural is False
    data = check.to_data()
    assert CONTRACT_CHECK_KEYS <= set(data)
    assert data["natural"] == natural and data["total"] == total and data["margin"] == margin
    assert data["difficulty"] == difficulty and data["outcome"] == outcome


def test_agent_check_rolls_a_d10():
    source = RecordingSource(FixedSource([5]))
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
    check = agent_check(OUTCOMES, FixedSource([10]), 6)  # margin +4 anyway
    assert (check.outcome.id, check.decided_by_natural) == ("critical_success", False)
    check = agent_check(OUTCOMES, FixedSource([1]), 5)  # margin −4 anyway
    assert (check.outcome.id, check.decided_by_natural) == ("critical_failure", False)
    check = agent_check(OUTCOMES, FixedSource([10]), 8, mods(-1))  # margin +1: 10 decides
    assert (check.outcome.id, check.decided_by_natural) == ("critical_success", True)
    check = agent_check(OUTCOMES, FixedSource([1]), 2, mods(+2))  # margin +1: 1 decides
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


@pytest.mark.parametrize(
    "text, expected",
    [
        ("7", 7),
        (" 12 ", 12),
        ("0", 0),
        ("-5", -5),
        ("100", 100),
        ("-100", -100),
        ("automatic", AUTOMATIC),
        ("Automatic", AUTOMATIC),
        (" AUTO ", AUTOMATIC),
        ("автоматически", AUTOMATIC),
    ],
)
def test_parse_difficulty_accepts(text, expected):
    assert parse_difficulty(text) == expected


@pytest.mark.parametrize("text", ["", " ", "hard", "7.5", "7+1", "seven", "101", "-101", "1e3", "auto matic"])
def test_parse_difficulty_refuses(text):
    with pytest.raises(InputError):
        parse_difficulty(text)


# ==================================================== agents in a campaign


@pytest.fixture
def camp(tmp_path):
    return stored_campaign(tmp_path)[1]


def hire(c, owner: str, name: str, *specs: str):
    c.player(owner).agent_limit = max(
        c.player(owner).agent_limit, 1 + sum(1 for a in c.game.agents if a.owner == owner)
    )
    return agents_campaign.hire(c, c.player(owner), name, list(specs), SPECIALITIES)


def use(c, agent_name: str, ability: str, faces, target: str | None = None, frame: str | None = None, counter: int = 0):
    source = FixedSource(faces)
    result = agents_campaign.use(
        c,
        c.game.agent(agent_name),
        ability,
        ABILITIES,
        OUTCOMES,
        source,
        c.player(target) if target else None,
        c.player(frame) if frame else None,
        counter,
    )
    source.finish()
    return result


def test_start_spy_limit_is_zero(camp):
    assert all(p.agent_limit == 0 for p in camp.players)
    assert all(p.secret_ops == 0 for p in camp.players)


def test_hire_is_refused_at_limit_0_and_allowed_after_raising_it(camp):
    alice = camp.player("alice")
    with pytest.raises(RuleRefused):
        agents_campaign.hire(camp, alice, "Kess", ["spy"], SPECIALITIES)
    assert camp.game.agents == []
    alice.agent_limit = 1
    agent = agents_campaign.hire(camp, alice, "Kess", ["spy", "saboteur"], SPECIALITIES)
    assert (agent.name, agent.owner, agent.specialities, agent.hired_turn) == ("Kess", "alice", ["spy", "saboteur"], 1)
    assert camp.game.agents == [agent]
    with pytest.raises(RuleRefused):
        agents_campaign.hire(camp, alice, "Vorn", ["spy"], SPECIALITIES)
    assert len(camp.game.agents) == 1


@pytest.mark.parametrize("specs", [[], ["spy", "saboteur", "diplomat"], ["spy", "saboteur", "diplomat", "counter-spy"]])
def test_an_agent_has_one_or_two_specialities(camp, specs):
    camp.player("alice").agent_limit = 5
    with pytest.raises((RuleRefused, InputError)):
        agents_campaign.hire(camp, camp.player("alice"), "Kess", specs, SPECIALITIES)
    assert camp.game.agents == []


def test_unknown_or_repeated_speciality_is_refused(camp):
    camp.player("alice").agent_limit = 5
    for specs in (["ninja"], ["spy", "ninja"], ["spy", "spy"], ["Spy"]):
        with pytest.raises((InputError, RuleRefused)):
            agents_campaign.hire(camp, camp.player("alice"), "Kess", specs, SPECIALITIES)
    assert camp.game.agents == []
    for specs in (["diplomat"], ["counter-spy", "saboteur"]):
        agents_campaign.hire(camp, camp.player("alice"), "-".join(specs), specs, SPECIALITIES)
    assert len(camp.game.agents) == 2


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
        agents_campaign.use(camp, camp.game.agent("Kess"), "sabotage", ABILITIES, OUTCOMES, source, camp.player("bob"))
    assert source.used == 0
    camp.turn = 2
    assert use(camp, "Kess", "sabotage", [7], target="bob").check.outcome.id == "success"


def test_one_activation_each_for_two_agents(camp):
    hire(camp, "alice", "Kess", "spy")
    hire(camp, "alice", "Vorn", "saboteur")
    use(camp, "Kess", "gather-intel", [], target="bob")
    use(camp, "Vorn", "unrest", [], target="carol")
    assert camp.game.agent("Kess").used_turn == camp.game.agent("Vorn").used_turn == 1


def test_a_paid_ability_costs_one_order_and_needs_one(camp):
    hire(camp, "alice", "Kess", "spy")
    alice = camp.player("alice")
    assert alice.orders == 0
    source = FixedSource([9])
    with pytest.raises(RuleRefused):
        agents_campaign.use(
            camp, camp.game.agent("Kess"), "deep-cover", ABILITIES, OUTCOMES, source, camp.player("bob")
        )
    assert source.used == 0 and camp.game.agent("Kess").used_turn is None and alice.orders == 0
    alice.orders = 2
    r = use(camp, "Kess", "deep-cover", [9], target="bob")
    assert r.paid_order is True and alice.orders == 1
    camp.turn = 2
    r = use(camp, "Kess", "steal-tech", [9], target="bob")  # repeatable: free
    assert r.paid_order is False and alice.orders == 1


def test_an_ability_outside_the_agents_specialities_is_refused(camp):
    hire(camp, "alice", "Kess", "spy")
    source = FixedSource([9])
    with pytest.raises(RuleRefused):
        agents_campaign.use(camp, camp.game.agent("Kess"), "sabotage", ABILITIES, OUTCOMES, source, camp.player("bob"))
    with pytest.raises(InputError):
        agents_campaign.use(camp, camp.game.agent("Kess"), "teleport", ABILITIES, OUTCOMES, source, camp.player("bob"))
    assert source.used == 0 and camp.game.agent("Kess").used_turn is None


def test_a_target_is_required_where_the_ability_says_so(camp):
    hire(camp, "alice", "Kess", "spy", "diplomat")
    source = FixedSource([9])
    with pytest.raises(InputError):
        agents_campaign.use(camp, camp.game.agent("Kess"), "steal-tech", ABILITIES, OUTCOMES, source, None)
    with pytest.raises(RuleRefused):  # not against its own leader
        agents_campaign.use(
            camp, camp.game.agent("Kess"), "steal-tech", ABILITIES, OUTCOMES, source, camp.player("alice")
        )
    assert source.used == 0 and camp.game.agent("Kess").used_turn is None
    camp.player("alice").orders = 1
    r = use(camp, "Kess", "lobby", [5])  # lobby: no target; paid, difficulty 5
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
    r = use(camp, "Kess", "steal-tech", [4], target="bob")  # 4 vs 7: margin −3
    assert r.check.outcome.id == "failure"
    bob, alice = camp.player("bob"), camp.player("alice")
    assert bob.inbox == [{"turn": 1, "kind": "agent_detected"}]
    assert "alice" not in json.dumps(bob.inbox) and "Kess" not in json.dumps(bob.inbox)
    assert alice.inbox == [] and alice.awards == []
    assert camp.player("carol").inbox == []
    assert [a.name for a in camp.game.agents] == ["Kess"]  # the agent survives


def test_failure_of_a_non_covert_ability_tells_nobody(camp):
    hire(camp, "alice", "Dip", "diplomat")
    r = use(camp, "Dip", "negotiate", [3], target="bob")  # 3 vs 6: margin −3
    assert r.check.outcome.id == "failure"
    assert all(p.inbox == [] for p in camp.players)


def test_critical_failure_loses_the_agent_and_names_the_sender(camp):
    hire(camp, "alice", "Kess", "spy")
    r = use(camp, "Kess", "steal-tech", [1], target="bob")
    assert r.check.outcome.id == "critical_failure" and r.lost is True
    assert camp.game.agents == []
    assert camp.player("alice").inbox == [{"turn": 1, "kind": "agent_lost", "agent": "Kess"}]
    assert camp.player("bob").inbox == [{"turn": 1, "kind": "agent_caught", "sent_by": "alice"}]
    assert camp.player("carol").inbox == []
    assert camp.player("alice").awards == []
    with pytest.raises(InputError):
        camp.game.agent("Kess")


def test_critical_failure_by_margin_also_loses_the_agent(camp):
    camp.player("bob").secret_ops = 2
    hire(camp, "alice", "Kess", "saboteur")
    r = use(camp, "Kess", "sabotage", [3], target="bob")  # 3 − 2 = 1 vs 7: margin −6
    assert r.check.outcome.id == "critical_failure" and r.lost
    assert camp.game.agents == []


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
    r = use(camp, "Kess", "sabotage", [8], target="bob", frame="carol")  # margin +1
    assert r.check.outcome.id == "success" and r.framed is None
    assert camp.player("bob").inbox == []


def test_frame_must_name_a_third_leader(camp):
    hire(camp, "alice", "Kess", "saboteur")
    for frame in ("alice", "bob"):
        source = FixedSource([10])
        with pytest.raises(InputError):
            agents_campaign.use(
                camp,
                camp.game.agent("Kess"),
                "sabotage",
                ABILITIES,
                OUTCOMES,
                source,
                camp.player("bob"),
                camp.player(frame),
            )
        assert source.used == 0


def test_success_gives_the_owner_an_award(camp):
    hire(camp, "alice", "Kess", "spy")
    r = use(camp, "Kess", "steal-tech", [8], target="bob")
    assert r.check.outcome.id == "success"
    assert camp.player("alice").awards == [
        {
            "id": 1,
            "turn": 1,
            "kind": "agent_mission",
            "reason": "agent",
            "value": {"agent": "Kess", "ability": "steal-tech", "target": "bob"},
        }
    ]
    assert camp.player("bob").inbox == []


def test_an_automatic_ability_rolls_nothing_and_succeeds(camp):
    hire(camp, "alice", "Kess", "spy")
    r = use(camp, "Kess", "gather-intel", [], target="bob")
    assert r.check.natural is None and r.check.outcome.id == "success"
    assert camp.player("alice").awards == []  # it reveals: told at once, no award
    assert r.learned == {"bc": camp.player("bob").bc, "orders": camp.player("bob").orders}
    assert camp.player("alice").inbox[-1]["kind"] == "agent_learned"


def test_blockade_move_critical_failure_captures_the_agent(camp):
    hire(camp, "bob", "Kess", "spy")
    source = FixedSource([1])
    r = agents_campaign.blockade_move(camp, camp.game.agent("Kess"), camp.player("alice"), ABILITIES, OUTCOMES, source)
    source.finish()
    assert r.check.outcome.id == "critical_failure" and r.lost
    assert r.check.difficulty == int(ABILITIES.rule("blockade_difficulty"))
    assert camp.game.agents == []
    assert camp.player("alice").inbox == [{"turn": 1, "kind": "agent_caught", "sent_by": "bob"}]
    assert camp.player("bob").inbox == [{"turn": 1, "kind": "agent_lost", "agent": "Kess"}]


def test_blockade_move_success_and_failure_keep_the_agent(camp):
    hire(camp, "bob", "Kess", "spy")
    camp.player("bob").secret_ops = 2
    camp.player("alice").secret_ops = 1
    for face, outcome in ((5, "success"), (2, "failure")):  # 5+2−1 = 6 vs 6; 2+1 = 3 vs 6
        source = FixedSource([face])
        r = agents_campaign.blockade_move(
            camp, camp.game.agent("Kess"), camp.player("alice"), ABILITIES, OUTCOMES, source
        )
        assert r.check.outcome.id == outcome and not r.lost
        assert [(m.kind, m.value) for m in r.check.modifiers][:2] == [("own_ops", 2), ("target_ops", -1)]
    assert [a.name for a in camp.game.agents] == ["Kess"]
    assert camp.player("alice").inbox == [] and camp.player("bob").inbox == []  # nobody learns anything


def test_blockade_move_against_the_blockaders_counter_spy(camp):
    hire(camp, "alice", "Watcher", "counter-spy")
    hire(camp, "bob", "Kess", "spy")
    r = agents_campaign.blockade_move(
        camp, camp.game.agent("Kess"), camp.player("alice"), ABILITIES, OUTCOMES, FixedSource([6])
    )
    assert [m.value for m in r.check.modifiers if m.kind == "counter"] == [-1]
    assert r.check.outcome.id == "failure"


def test_agents_and_inbox_survive_the_store(tmp_path):
    store, c = stored_campaign(tmp_path)
    hire(c, "alice", "Kess", "spy", "saboteur")
    use(c, "Kess", "steal-tech", [4], target="bob")
    store.save(c)
    back = store.load()
    assert [(a.name, a.owner, a.specialities, a.used_turn) for a in back.game.agents] == [
        ("Kess", "alice", ["spy", "saboteur"], 1)
    ]
    assert back.player("bob").inbox == [{"turn": 1, "kind": "agent_detected"}]
