"""Research (issue 24 §2, docs/rules-orion.md A13.1, A4.3, A8, A10, A12): technologies bought
with RP need the level below in their line and apply their effects as the technologies table
gives them (fleet maximum, colonisable world types, the agents' Covert Operations level);
`--all-sciences` is checked by gmtool; an exploration's technology event and an artifact world
roll their technologies from the leader's unresearched ones (journaled); a campaign's own
technologies table runs with no Python change.

Expected values are written from tables/orion/technologies.toml (the rows named in each test)
and docs/rules-orion.md, not read back from the code under test."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gmtool.campaign.store import CampaignStore
from gmtool.dice.sources import FixedSource
from gmtool.errors import RuleRefused
from gmtool.forum.order_commands import parse_order
from gmtool.forum.posts import parse_commands
from gmtool.report.records import entry_text
from gmtool.rolltables.roller import DiceRoller
from gmtool.rules.orion import research as rs
from gmtool.rules.orion.agents_campaign import hire, use
from gmtool.rules.orion.campaign_explore import explore_hex
from gmtool.rules.orion.order_kinds import KINDS
from gmtool.rules.orion.orders import apply_orders, parse_orders
from gmtool.rules.orion.planets import colonisable_by, colonize
from gmtool.rules.orion.records import all_sciences
from gmtool.rules.orion.technology import tech_level
from gmtool.rules.orion.turns import Rules
from helpers import (
    EXAMPLE,
    assert_error,
    example_copy,
    free_hex,
    journal_rolls,
    make_campaign,
    ok,
    put,
    shipped_library,
    snapshot,
)
from reach_paths import open_path

LIB = shipped_library()
RULES = Rules(LIB)
TECHS = RULES.technologies


def label(table: str, row: str, **_: object) -> str:
    found = LIB.find_row(table, "orion", row)
    return found.label["en"] if found is not None else row


def label_ru(table: str, row: str, **_: object) -> str:
    found = LIB.find_row(table, "orion", row)
    return found.label["ru"] if found is not None else row


def player_of(folder: Path, name: str) -> dict:
    return next(p for p in tomllib.loads((folder / "campaign.toml").read_text("utf-8"))["player"] if p["name"] == name)


def grant_rp(gm, folder: Path, leader: str, rp: int) -> None:
    ok(gm("grant", "-c", str(folder), "--player", leader, "--rp", str(rp), "--reason", "test"))


# ------------------------------------------------------------------ the seed's technologies


def test_the_seeds_named_technologies_have_their_science_line_level_and_a_cost():
    rows = {r.id: r.values for r in TECHS.rows}
    for n in range(1, 6):
        v = rows[f"combat_ship_modules_{n}"]
        assert (v["science"], v["line"], v["level"]) == ("engineering", "combat_ship_modules", n)
    assert (rows["research_1"]["science"], rows["research_1"]["line"], rows["research_1"]["level"]) == (
        "electronics",
        "research",
        1,
    )
    assert (rows["construction_5"]["line"], rows["construction_5"]["level"]) == ("construction", 5)
    hq = TECHS.row("hq_computers")  # the id existing campaigns hold stays
    assert hq.label == {"en": "HQ Computing Centres", "ru": "Штабные ЭВЦ"}
    assert (hq.values["science"], hq.values["line"], hq.values["level"], hq.values["fleet_max"]) == (
        "electronics",
        "hq_computing_centres",
        1,
        1,
    )
    assert [rows[f"covert_operations_{n}"]["level"] for n in (1, 2, 3)] == [1, 2, 3]
    assert rows["controlled_toxic_environment"]["colonise"] == ["toxic"]
    assert all(isinstance(v.get("cost"), int) and v["cost"] > 0 for v in rows.values())
    assert "пример" in TECHS.title["ru"] and "example" in TECHS.title["en"]  # example content, labelled so


# ------------------------------------------------------------------ research with RP


def end_turn_cli(gm, folder: Path) -> str:
    """The turn played out: started (if it was not) and ended; the public post."""
    gm("turn", "start", "-c", str(folder))  # the example's turn 1 is not started yet
    return ok(gm("turn", "end", "-c", str(folder)))


def test_research_is_settled_after_production_with_the_rp_just_made(gm, tmp_path):
    """docs/rules-orion.md A13.1 (wave 4): research ordered in a turn is paid at its end, after
    production, from the RP banked and the RP just made. The example's alice: homeworld 1,-3,
    terran (4 RP a scientist), 2 colonists; both made scientists: 8 RP this turn."""
    folder = example_copy(tmp_path)
    ok(gm("assign", "-c", str(folder), "--player", "alice", "--hex", "1,-3", "--workers", "0", "--scientists", "2"))
    grant_rp(gm, folder, "alice", 40)
    out = ok(gm("research", "-c", str(folder), "--player", "alice", "--tech", "hq_computers"))
    # tables/orion/technologies.toml hq_computers: cost 15, fleet_max 1; the start is 1 (2)
    assert out.strip() == (
        "alice: HQ Computing Centres ordered for 15 RP, researched at this turn's end after production "
        "(48 RP for research: 40 RP banked, 8 RP made this turn as its planets work now)"
    )
    # level 2 (cost 30) by its Russian label, in the same turn: the level below is ordered before it
    out = ok(gm("research", "-c", str(folder), "--player", "alice", "--tech", "Штабные ЭВЦ 2", "--lang", "ru"))
    assert out.strip() == (
        "alice: заказано «Штабные ЭВЦ 2» за 30 ОИ, изучение — в конце этого хода, после производства "
        "(на исследования остаётся 33 ОИ: 40 ОИ в запасе, 8 ОИ за этот ход, как сейчас работают планеты, "
        "15 ОИ уже заказано)"
    )
    alice = player_of(folder, "alice")  # nothing is paid or gained before the turn's end
    assert (alice["rp"], alice["fleet_max"], alice.get("technologies", [])) == (40, 2, [])
    assert alice["research"] == ["hq_computers", "hq_computing_centres_2"]
    end_turn_cli(gm, folder)
    alice = player_of(folder, "alice")
    assert (alice["rp"], alice["fleet_max"]) == (40 + 8 - 15 - 30, 4)
    assert alice["technologies"] == ["hq_computers", "hq_computing_centres_2"] and "research" not in alice
    report = (folder / "reports" / "turn-01" / "alice.txt").read_text("utf-8")
    assert "- alice researched HQ Computing Centres (15 RP); fleet maximum +1" in report
    assert "- alice researched HQ Computing Centres 2 (30 RP); fleet maximum +1" in report
    assert "RP: 3 (+8 from production)" in report


def test_a_technology_comes_in_the_turn_its_rp_are_made(gm, tmp_path):
    """The issue's case: a leader with no RP banked and 8 RP a turn orders Combat Ship Modules 1
    (10 RP) in its second turn: 8 banked + 8 made pay for it at that turn's end (before wave 4 it
    had to wait for a third turn, paid from banked RP only)."""
    folder = example_copy(tmp_path)
    ok(gm("assign", "-c", str(folder), "--player", "alice", "--hex", "1,-3", "--workers", "0", "--scientists", "2"))
    before = snapshot(folder)
    res = gm("research", "-c", str(folder), "--player", "alice", "--tech", "combat_ship_modules_1")
    assert_error(
        res,
        "alice will have 8 RP for research this turn (0 banked, 8 made this turn as its planets work now): "
        "Combat Ship Modules 1 costs 10 RP (the research rule: paid after production)",
    )
    assert snapshot(folder) == before
    end_turn_cli(gm, folder)
    assert player_of(folder, "alice")["rp"] == 8
    ok(gm("research", "-c", str(folder), "--player", "alice", "--tech", "combat_ship_modules_1"))
    end_turn_cli(gm, folder)
    alice = player_of(folder, "alice")
    assert (alice["rp"], alice["technologies"]) == (8 + 8 - 10, ["combat_ship_modules_1"])


def test_research_needs_the_level_below_in_its_line(gm, tmp_path):
    folder = example_copy(tmp_path)
    grant_rp(gm, folder, "alice", 100)
    before = snapshot(folder)
    res = gm("research", "-c", str(folder), "--player", "alice", "--tech", "combat_ship_modules_2")
    assert_error(
        res,
        "alice cannot research Combat Ship Modules 2 yet: it needs Combat Ship Modules 1 first",
        "the research rule",
    )
    res = gm("research", "-c", str(folder), "--player", "alice", "--tech", "combat_ship_modules_2", "--lang", "ru")
    assert_error(res, "сначала нужна «Модули боевых кораблей 1»", "правило исследований")
    assert snapshot(folder) == before  # a refused command writes nothing
    ok(gm("research", "-c", str(folder), "--player", "alice", "--tech", "combat_ship_modules_1"))
    ok(gm("research", "-c", str(folder), "--player", "alice", "--tech", "combat_ship_modules_2"))
    end_turn_cli(gm, folder)
    alice = player_of(folder, "alice")
    assert alice["rp"] == 100 - 10 - 20 and alice["technologies"] == ["combat_ship_modules_1", "combat_ship_modules_2"]
    assert alice["fleet_max"] == 2  # ship modules do not raise the fleet maximum


def test_research_refuses_without_the_rp_and_a_technology_ordered_or_held_already(gm, tmp_path):
    folder = example_copy(tmp_path)
    grant_rp(gm, folder, "alice", 14)
    before = snapshot(folder)
    res = gm("research", "-c", str(folder), "--player", "alice", "--tech", "hq_computers")
    assert_error(res, "alice will have 14 RP for research this turn (14 banked, 0 made", "costs 15 RP")
    assert snapshot(folder) == before
    # one scientist on the homeworld (4 RP this turn) pays the rest
    ok(gm("assign", "-c", str(folder), "--player", "alice", "--hex", "1,-3", "--workers", "1", "--scientists", "1"))
    ok(gm("research", "-c", str(folder), "--player", "alice", "--tech", "hq_computers"))
    res = gm("research", "-c", str(folder), "--player", "alice", "--tech", "hq_computers")
    assert_error(res, "alice has already ordered HQ Computing Centres this turn")
    res = gm("research", "-c", str(folder), "--player", "alice", "--tech", "research_1")  # 15 more: 3 left
    assert_error(res, "alice will have 3 RP for research this turn (14 banked, 4 made", "15 already ordered")
    end_turn_cli(gm, folder)
    res = gm("research", "-c", str(folder), "--player", "alice", "--tech", "hq_computers")
    assert_error(res, "alice already has HQ Computing Centres")
    assert_error(gm("research", "-c", str(folder), "--player", "alice"), "--tech ID, --all-sciences or --victory")


def test_research_the_turn_cannot_pay_after_all_is_told_and_not_researched(gm, tmp_path):
    """Ordered against 4 RP this turn, then the scientist is made a worker: at the turn's end the
    technology is not researched, the RP stay banked, and the leader's report says why."""
    folder = example_copy(tmp_path)
    grant_rp(gm, folder, "alice", 14)
    ok(gm("assign", "-c", str(folder), "--player", "alice", "--hex", "1,-3", "--workers", "1", "--scientists", "1"))
    ok(gm("research", "-c", str(folder), "--player", "alice", "--tech", "hq_computers"))
    ok(gm("assign", "-c", str(folder), "--player", "alice", "--hex", "1,-3", "--workers", "2", "--scientists", "0"))
    end_turn_cli(gm, folder)
    alice = player_of(folder, "alice")
    assert (alice["rp"], alice.get("technologies", [])) == (14, [])
    report = (folder / "reports" / "turn-01" / "alice.txt").read_text("utf-8")
    assert "- alice did not research HQ Computing Centres: it had 14 RP after production, and it costs 15" in report
    ok(gm("turn", "show", "-c", str(folder), "--turn", "1"))


def test_a_researched_environment_lets_the_leader_colonise_its_world_type():
    c = make_campaign()
    alice = c.player("alice")
    assert not colonisable_by(alice, "toxic", RULES.orion, TECHS)
    alice.rp = 20
    done = rs.research(c, alice, TECHS, "controlled_toxic_environment")  # cost 20, colonise ["toxic"]
    assert (done.cost, done.banked, alice.rp) == (20, 20, 20)
    assert not colonisable_by(alice, "toxic", RULES.orion, TECHS)  # from the turn's end
    rs.settle_research(c, RULES)
    assert alice.rp == 0 and colonisable_by(alice, "toxic", RULES.orion, TECHS)
    assert not colonisable_by(alice, "barren", RULES.orion, TECHS)


def test_covert_operations_is_the_agents_secret_operations_level():
    c = make_campaign()
    alice, bob = c.player("alice"), c.player("bob")
    alice.agent_limit = 1
    hire(c, alice, "Kess", ["spy"], {"spy"})
    alice.technologies = ["covert_operations_1", "covert_operations_2"]
    bob.technologies = ["covert_operations_1"]
    assert rs.secret_ops_level(alice, TECHS) == 2 and rs.secret_ops_level(bob, TECHS) == 1
    abilities, outcomes = LIB.get("agents", "orion"), LIB.get("agent-outcomes", "orion")
    # steal-tech: difficulty 7, espionage; d10 = 6: 6 + 2 (own) − 1 (bob's) = 7, a success
    done = use(c, c.game.agent("Kess"), "steal-tech", abilities, outcomes, FixedSource([6]), bob, technologies=TECHS)
    assert done.check.total == 7 and done.check.outcome.id == "success"
    # the moderator's own level (`agent set --ops`) counts when it is higher
    alice.secret_ops = 4
    assert rs.secret_ops_level(alice, TECHS) == 4


# ------------------------------------------------------------------ orders and room commands


def test_the_research_order_plays_in_the_production_phase_and_takes_a_list():
    state = CampaignStore(EXAMPLE).load()  # read only: nothing is saved
    state.player("alice").rp = 30
    text = 'turn = 1\n[alice]\nresearch = ["hq_computers", "Combat Ship Modules 1"]\n'
    orders, problems = parse_orders(tomllib.loads(text), text, state)
    assert problems == [] and KINDS["research"].phase.name == "before production"
    more, done = apply_orders(state, RULES, FixedSource([]), orders)
    assert more == []
    alice = state.player("alice")
    assert (alice.rp, alice.research, alice.technologies) == (30, ["hq_computers", "combat_ship_modules_1"], [])
    rs.settle_research(state, RULES)  # at the turn's end, after production (A13.1, wave 4)
    assert (alice.rp, alice.technologies, alice.fleet_max) == (5, ["hq_computers", "combat_ship_modules_1"], 3)
    [first, second] = [e for e in state.turn_state.log if e["kind"] == "researched"]
    assert entry_text(first, "en", label) == "alice researched HQ Computing Centres (15 RP); fleet maximum +1"
    assert entry_text(second, "ru", label_ru) == "alice: изучено «Модули боевых кораблей 1» (10 ОИ)"
    # one the rules refuse: the order names its line and the rule
    text = 'turn = 1\n[alice]\nresearch = "hq_computing_centres_3"\n'
    orders, _ = parse_orders(tomllib.loads(text), text, state)
    more, _ = apply_orders(state, RULES, FixedSource([]), orders)
    assert len(more) == 1 and "needs HQ Computing Centres 2 first" in more[0].text("en")


@pytest.mark.parametrize(
    "line,tech",
    [
        ("!research hq_computers", "hq_computers"),
        ("!research HQ Computing Centres", "hq_computers"),
        ("!изучить Штабные ЭВЦ", "hq_computers"),
        ("!изучение Модули боевых кораблей 3", "combat_ship_modules_3"),
    ],
)
def test_the_room_command_names_a_technology_in_either_language(line, tech):
    c = make_campaign()
    [command] = parse_commands(line)
    order = parse_order(c, LIB, "alice", command.name, command.args)
    assert (order.kind, order.value) == ("research", tech)
    KINDS["research"].check(order.value)


# ------------------------------------------------------------------ every science (A12)


def test_all_sciences_is_checked_and_refused_naming_what_is_missing(gm, tmp_path):
    folder = example_copy(tmp_path)
    before = snapshot(folder)
    res = gm("research", "-c", str(folder), "--player", "alice", "--all-sciences")
    assert_error(
        res,
        "alice has not researched every science: missing Controlled toxic environment, Controlled barren environment,"
        " Controlled inferno environment, HQ Computing Centres 3, Research 1, Combat Ship Modules 5, Construction 5,"
        " Covert Operations 3",
        "A12",
    )
    assert snapshot(folder) == before
    c = make_campaign()
    alice = c.player("alice")
    # the top of every line: lower levels are not needed for the check
    alice.technologies = [r.id for r in TECHS.rows if r.id not in ("research_1",)]
    with pytest.raises(RuleRefused) as refused:
        all_sciences(c, alice, technologies=TECHS)
    assert "missing Research 1" in refused.value.text("en")
    alice.technologies.append("research_1")
    all_sciences(c, alice, technologies=TECHS)
    assert alice.all_sciences


# ------------------------------------------------------------------ rolled awards (A4.3)


def test_the_technology_event_rolls_a_science_the_leader_lacks_and_its_next_technology():
    c = make_campaign()
    alice = c.player("alice")
    target = alice.homeworld.neighbours()[0]
    # exploration 8 (favorable, event) → ⌈1/2⌉ = 1 technology → type 7 → size 5; then (A4 step 6)
    # alice knows no science: the level-1 rows of the table, in its order — toxic, barren, inferno,
    # hq_computers, research_1, combat_ship_modules_1, covert_operations_1 — die 4: hq_computers;
    # then a technology of electronics open to her — hq_computing_centres_2, research_1 — die 1
    source = FixedSource([8, 1, 7, 5, 4, 1])
    explore_hex(c, RULES.orion, alice, target, DiceRoller(source))
    source.finish()  # every face used: the two picks come after the chain's dice
    assert alice.technologies == ["hq_computers", "hq_computing_centres_2"]
    assert alice.fleet_max == 4 and alice.awards == []
    [entry] = [e for e in c.turn_state.log if e["kind"] == "explored"]
    text = entry_text(entry, "en", label)
    assert "technologies: HQ Computing Centres, HQ Computing Centres 2; fleet maximum +2" in text


def test_the_technology_event_rolls_two_of_the_sciences_the_leader_knows():
    c = make_campaign()
    alice = c.player("alice")
    alice.technologies = ["controlled_toxic_environment"]  # biology known
    target = alice.homeworld.neighbours()[0]
    # biology still open: barren, inferno — die 2: inferno; then barren alone — die 1
    source = FixedSource([8, 1, 7, 5, 2, 1])
    explore_hex(c, RULES.orion, alice, target, DiceRoller(source))
    source.finish()
    assert alice.technologies == [
        "controlled_toxic_environment",
        "controlled_inferno_environment",
        "controlled_barren_environment",
    ]


def test_the_technology_rolls_are_journaled_in_a_campaign(gm, tmp_path):
    folder = example_copy(tmp_path)
    state = CampaignStore(folder).load()
    target = next(
        str(h)
        for h in state.player("alice").homeworld.neighbours()
        if state.game.system(h) is None and state.game.on_map(h)
    )
    out = gm("explore", "-c", str(folder), "--player", "alice", "--hex", target, "--dice", "8,1,7,5,4,1")
    assert "Technologies rolled: HQ Computing Centres, HQ Computing Centres 2" in ok(out)  # the moderator's reply
    rolls = journal_rolls(folder)
    assert [x["purpose"] for x in rolls[-2:]] == [
        f"explore {target} (alice): technology award, science",
        f"explore {target} (alice): technology award, technology of the science",
    ]
    assert player_of(folder, "alice")["technologies"] == ["hq_computers", "hq_computing_centres_2"]


def test_an_artifact_world_gives_its_coloniser_a_rolled_level_3_technology(orion_game):
    c, rules = orion_game
    c.stage = 2
    target = free_hex(c)
    alice, bob = c.player("alice"), c.player("bob")
    open_path(c, "alice", target)
    # exploration 8 → event 10 (artifact world) → type 1 (terran) → size 5
    explore_hex(c, rules.orion, alice, target, DiceRoller(FixedSource([8, 10, 1, 5])))
    # level 3 (positive-events.toml artifact_world: science_level 3): hq_computing_centres_3,
    # combat_ship_modules_3, covert_operations_3 — die 2: combat_ship_modules_3, given outright
    colonize(c, bob, target, rules.orion, rules.technologies, source=FixedSource([2]))
    assert bob.technologies == ["combat_ship_modules_3"] and bob.awards == []
    assert tech_level(bob.technologies, rules.technologies, "combat_ship_modules") == 3
    [entry] = [e for e in c.turn_state.log if e["kind"] == "tech_awarded"]
    assert entry_text(entry, "en", label) == f"bob found on the artifact world {target}: Combat Ship Modules 3"
    assert entry_text(entry, "ru", label_ru).startswith("bob находит на планете с артефактами")


def test_an_artifact_world_with_every_higher_level_known_is_left_to_the_moderator(orion_game):
    c, rules = orion_game
    c.stage = 2
    target = free_hex(c)
    bob = c.player("bob")
    put(c, target, type_="terran", by="bob")
    c.game.system(target).events.append("artifact_world")
    bob.technologies = [r.id for r in rules.technologies.rows if r.values.get("level", 1) >= 3]
    colonize(c, bob, target, rules.orion, rules.technologies, source=FixedSource([]))
    assert [(a["kind"], a["value"]) for a in bob.awards] == [("science_level", 3)]


# ------------------------------------------------------------------ a campaign's own table


OWN_TABLE = """title = { en = "Technologies (our campaign)", ru = "Технологии (наша кампания)" }
[columns]
science = { en = "Science", ru = "Наука" }
line = { en = "Line", ru = "Линия" }
level = { en = "Level", ru = "Уровень" }
cost = { en = "Cost, RP", ru = "Стоимость, ОИ" }
fleet_max = { en = "Fleet maximum", ru = "Макс. флота" }

[[row]]
id = "fleet_logistics"
label = { en = "Fleet logistics", ru = "Логистика флота" }
values = { science = "command", line = "logistics", level = 1, cost = 8, fleet_max = 2 }

[[row]]
id = "fleet_logistics_2"
label = { en = "Fleet logistics II", ru = "Логистика флота II" }
values = { science = "command", line = "logistics", level = 2, cost = 12, fleet_max = 1 }
"""


def test_a_campaigns_own_technology_is_researched_with_no_python_change(gm, tmp_path):
    folder = example_copy(tmp_path)
    (folder / "tables" / "orion").mkdir(parents=True, exist_ok=True)
    (folder / "tables" / "orion" / "technologies.toml").write_text(OWN_TABLE, encoding="utf-8")
    grant_rp(gm, folder, "bob", 20)
    res = gm("research", "-c", str(folder), "--player", "bob", "--tech", "Fleet logistics II")
    assert_error(res, "bob cannot research Fleet logistics II yet: it needs Fleet logistics first")
    ok(gm("research", "-c", str(folder), "--player", "bob", "--tech", "Логистика флота"))
    ok(gm("research", "-c", str(folder), "--player", "bob", "--tech", "fleet_logistics_2"))
    # every science of this table at its top level once the research ordered is settled
    out = ok(gm("research", "-c", str(folder), "--player", "bob", "--all-sciences"))
    assert (
        out.strip()
        == "bob: every science is checked at this turn's end, after the research ordered (Fleet logistics II)"
    )
    end_turn_cli(gm, folder)
    bob = player_of(folder, "bob")
    assert (bob["rp"], bob["fleet_max"], bob["technologies"]) == (0, 5, ["fleet_logistics", "fleet_logistics_2"])
    assert bob["all_sciences"] is True


def test_status_lists_the_technologies_a_leader_holds_only_to_those_who_may_see_them(gm, tmp_path):
    folder = example_copy(tmp_path)
    grant_rp(gm, folder, "alice", 15)
    ok(gm("research", "-c", str(folder), "--player", "alice", "--tech", "hq_computers"))
    end_turn_cli(gm, folder)
    out = ok(gm("status", "-c", str(folder), "--player", "alice", "--lang", "ru"))
    assert "Технологии" in out and "alice: Штабные ЭВЦ" in out
    assert "HQ Computing Centres" not in ok(gm("status", "-c", str(folder), "--player", "bob"))


def test_the_colonise_command_rolls_and_names_an_artifact_worlds_technology(gm, tmp_path):
    folder = example_copy(tmp_path)
    state = CampaignStore(folder).load()
    target = next(
        h for h in state.player("alice").homeworld.neighbours() if state.game.system(h) is None and state.game.on_map(h)
    )
    # stage 1 never rolls a 10 (the event die is halved): the artifact world is written in by hand
    text = (folder / "campaign.toml").read_text("utf-8")
    text += (
        f'\n[[system]]\nhex = "{target}"\ndiscovery = "planet"\nexplored_by = "alice"\nexplored_turn = 1\n'
        'events = ["artifact_world"]\n[system.planet]\ntype = "terran"\nsize = "medium"\nmax_population = 3\n'
        "production = 3\n"
    )
    (folder / "campaign.toml").write_text(text, encoding="utf-8")
    # level 3 rows: hq_computing_centres_3, combat_ship_modules_3, covert_operations_3 — die 3
    out = ok(gm("colonize", "-c", str(folder), "--player", "alice", "--hex", str(target), "--dice", "3"))
    assert out.strip().endswith("technologies: Covert Operations 3")
    assert player_of(folder, "alice")["technologies"] == ["covert_operations_3"]
    assert journal_rolls(folder)[-1]["purpose"] == f"colonize {target} (alice): artifact world: technology"
