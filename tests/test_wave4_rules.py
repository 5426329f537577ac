"""Issue 35 §6–§8 (docs/rules-orion.md A4.2, A9, A10, A11, A13.1): a contamination's post says
which loss happened; research spends the RP made in the same turn; the chair decides a tie
of a "fewest planets" law; quests whose condition gmtool can see are judged by it, a claim
of a quest the moderator judges waits for the moderator; the shipped event deck serves ten
leaders.

Expected values are written from the shipped tables (named in each test) and
docs/rules-orion.md, with fixed dice, not read back from the code under test."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gmtool.dice.sources import FixedSource
from gmtool.report.exploration import exploration_report
from gmtool.report.render import render
from gmtool.rolltables.roller import DiceRoller
from gmtool.rules.orion.campaign_explore import explore_hex
from gmtool.rules.orion.exploration import OrionTables
from helpers import make_campaign, shipped_library

LIB = shipped_library()
TABLES = OrionTables(LIB)


# ------------------------------------------------------------------ §6 contamination (A4.2)


def _contaminated(orders: int, lang: str) -> tuple[str, dict, int, int]:
    """alice explores next to her homeworld with 4 (hostile, negative event), 9 (⌈9/2⌉ = 5,
    contamination), 7 (type), 5 (size): the post's "Losses" line, its JSON, her orders and
    her homeworld's colonists after it."""
    c = make_campaign()
    alice = c.player("alice")
    alice.orders = orders
    hex_ = alice.homeworld.neighbours()[0]
    source = FixedSource([4, 9, 7, 5])
    result = explore_hex(c, TABLES, alice, hex_, DiceRoller(source))
    source.finish()
    report = exploration_report(result, TABLES, lang, {"kind": "fixed"}, LIB.find_row, str(hex_), "alice")
    lines = [line for line in render(report, "plain").splitlines() if line.startswith(("Losses", "Потери"))]
    home = c.game.homeworld(alice).planet
    assert home is not None
    return "\n".join(lines), report.data, alice.orders, home.population


@pytest.mark.parametrize(
    "orders, lang, line, taken, left, colonists",
    [
        (2, "en", "Losses: 1 order", {"lose_orders": 1}, 1, 3),
        (1, "en", "Losses: 1 order", {"lose_orders": 1}, 0, 3),
        (
            0,
            "en",
            "Losses: 1 colonist on the homeworld (no orders were left)",
            {"lose_colonists_if_no_orders": 1},
            0,
            2,
        ),
        (2, "ru", "Потери: 1 ордер", {"lose_orders": 1}, 1, 3),
        (0, "ru", "Потери: 1 колонист в Родном мире (ордеров не было)", {"lose_colonists_if_no_orders": 1}, 0, 2),
    ],
)
def test_a_contaminations_losses_line_says_which_loss_happened(orders, lang, line, taken, left, colonists):
    told, data, orders_after, population = _contaminated(orders, lang)
    assert told == line
    assert data["taken"] == taken
    assert (orders_after, population) == (left, colonists)  # the example homeworld starts with 3


def test_outside_a_campaign_the_losses_line_still_gives_the_rule():
    from gmtool.rules.orion.exploration import explore

    source = FixedSource([4, 9, 7, 5])
    result = explore(DiceRoller(source), TABLES, 1, None)
    report = exploration_report(result, TABLES, "ru", {"kind": "fixed"}, LIB.find_row)
    text = render(report, "plain")
    assert "Потери: 1 ордер; если ордеров нет — 1 колонист в Родном мире" in text
    assert "taken" not in report.data


# ------------------------------------------------------------------ §8 a "fewest planets" law's ties (A9)

AID_BILLS = """title = { en = "Bills", ru = "Законопроекты" }
[columns]
law = { en = "Law", ru = "Закон" }
effects = { en = "Effects", ru = "Действие" }
to = { en = "To", ru = "Кому" }

[[row]]
id = "aid"
label = { en = "Colonial Aid", ru = "Колониальная помощь" }
text = { en = "While it stands, the leader with the fewest planets gets 3 BC at each turn end.", ru = "Пока закон действует, лидер с наименьшим числом планет получает 3 ВС в конце хода." }
values = { law = true, effects = ["bc:+3"], to = "fewest_planets" }

[[row]]
id = "curfew"
label = { en = "Curfew", ru = "Комендантский час" }
text = { en = "While it stands, the leader with the fewest planets may not raise its fleet.", ru = "Пока закон действует, лидер с наименьшим числом планет не может увеличивать флот." }
values = { law = true, effects = ["no_fleet_raise"], to = "fewest_planets" }

[[row]]
id = "gift"
label = { en = "Gift", ru = "Дар" }
text = { en = "Every leader gets 1 BC.", ru = "Каждый лидер получает 1 ВС." }
values = { law = false, effects = ["bc:+1"] }
"""


def _aid_rules(tmp_path):
    from gmtool.rolltables.library import TableLibrary, shipped_tables_dir
    from gmtool.rules.orion.turns import Rules

    folder = tmp_path / "tables"
    (folder / "orion").mkdir(parents=True)
    (folder / "orion" / "bills.toml").write_text(AID_BILLS, encoding="utf-8")
    return Rules(TableLibrary([shipped_tables_dir(), folder]))


def _aid_game(tmp_path):
    """The 3-leader test campaign at turn 7 (stage 2), alice holding the token (chair of turn 7,
    bob of turn 8, carol of turn 9); every leader holds its homeworld only. Colonial Aid (the
    campaign's own law: +3 BC at each turn end to the leader with the fewest planets) is put to
    the vote and everyone votes yes."""
    from gmtool.dice.sources import RandomSource
    from gmtool.rules.orion import council_campaign
    from gmtool.rules.orion.turns import start_turn
    from helpers import stored_campaign

    rules = _aid_rules(tmp_path)
    _, c = stored_campaign(tmp_path, 2, 7)
    c.game.token = "alice"
    start_turn(c, rules, RandomSource(1))
    c.game.council.vote = {"turn": c.turn, "options": ["aid"], "bill": "aid", "ballots": {}}
    for p in c.players:
        council_campaign.cast(c, p, "yes")
    return c, rules


def _end(c, rules):
    """The turn's end: (its outcome, each leader's BC beyond production, the public post)."""
    from gmtool.dice.sources import RandomSource
    from gmtool.report.turns import end_public
    from gmtool.rolltables.model import pick
    from gmtool.rules.orion.turns import end_turn

    before = {p.name: p.bc for p in c.players}
    out = end_turn(c, rules, RandomSource(2))
    extra = {p.name: p.bc - before[p.name] - out.production.totals[p.name]["bc"] for p in c.players}

    def label(table: str, row_id: str, **_: object) -> str:
        row = rules.library.get(table, "orion").find(row_id)
        return pick(row.label, "en") if row is not None else row_id

    post = render(end_public(out, rules.bills, rules.quests(out.stage), "en", label), "plain", "en")
    return out, extra, post


def _start(c, rules, seed: int = 3):
    from gmtool.dice.sources import RandomSource
    from gmtool.rules.orion.turns import start_turn

    start_turn(c, rules, RandomSource(seed))


def _colony(c, who: str, _: int) -> None:
    from helpers import free_hex, put

    s = put(c, free_hex(c), by=who)
    s.owner = who
    assert s.planet is not None
    s.planet.population = 1


def test_a_fewest_planets_law_passed_on_a_tie_goes_to_the_leader_the_chair_names(tmp_path):
    from gmtool.rules.orion import council_campaign

    c, rules = _aid_game(tmp_path)
    council_campaign.propose(c, rules.bills, FixedSource([]), target="bob")  # every leader at 1 planet
    out, extra, post = _end(c, rules)
    assert extra == {"alice": 0, "bob": 3, "carol": 0}  # the chair's choice alone, not every tied leader
    assert c.game.council.laws == [{"id": "aid", "turn": 7, "holder": "bob"}]
    assert (
        "Colonial Aid (law): in force from now on; alice, bob, carol tied for the fewest planets; "
        "the chair, alice, chose"
    ) in post, post
    assert "Colonial Aid (law): +3 BC to bob" in post


def test_at_a_later_turn_end_a_tie_keeps_the_law_with_the_leader_who_has_it(tmp_path):
    from gmtool.rules.orion import council_campaign

    c, rules = _aid_game(tmp_path)
    council_campaign.propose(c, rules.bills, FixedSource([]), target="bob")
    _end(c, rules)
    _start(c, rules)  # turn 8, chair bob: the three still tie, bob among them
    out, extra, post = _end(c, rules)
    assert extra == {"alice": 0, "bob": 3, "carol": 0}
    assert (
        "Colonial Aid (law): alice, bob, carol tied for the fewest planets; bob, who had it, keeps it; +3 BC to bob"
    ) in post, post
    assert c.game.council.laws == [{"id": "aid", "turn": 7, "holder": "bob"}]


def test_at_a_later_turn_end_a_tie_without_the_holder_is_the_chair_of_that_turn_to_decide(tmp_path):
    from gmtool.errors import RuleRefused
    from gmtool.rules.orion import council_campaign, laws

    c, rules = _aid_game(tmp_path)
    council_campaign.propose(c, rules.bills, FixedSource([]), target="bob")
    _end(c, rules)
    _start(c, rules)  # turn 8: bob founds a colony (2 planets); alice and carol tie at 1
    _colony(c, "bob", 0)
    assert c.game.council.chair == "bob"
    assert [(row.id, tied) for row, tied in laws.choices_needed(c, rules.bills)] == [("aid", ["alice", "carol"])]
    with pytest.raises(RuleRefused) as refused:
        laws.choose(c, rules.bills, "aid", "bob")
    assert refused.value.text("en") == (
        "Colonial Aid: bob is not among the leaders tied for the fewest planets (alice, carol)"
    )
    chosen = laws.choose(c, rules.bills, "Колониальная помощь", "carol")  # by its label, either language
    assert chosen.to_data() == {"law": "aid", "leader": "carol", "tied": ["alice", "carol"], "chair": "bob", "turn": 8}
    out, extra, post = _end(c, rules)
    assert extra == {"alice": 0, "bob": 0, "carol": 3}
    assert (
        "Colonial Aid (law): alice, carol tied for the fewest planets; the chair, bob, chose; +3 BC to carol"
    ) in post, post
    assert c.game.council.laws == [{"id": "aid", "turn": 7, "holder": "carol"}]  # the choice was that turn's
    _start(c, rules)  # turn 9: alice and carol still tie: carol keeps it, nobody is asked
    _, extra, post = _end(c, rules)
    assert extra == {"alice": 0, "bob": 0, "carol": 3}
    assert "carol, who had it, keeps it" in post
    _start(c, rules)  # turn 10: carol founds a colony too: alice alone has the fewest
    _colony(c, "carol", 1)
    _, extra, post = _end(c, rules)
    assert extra == {"alice": 3, "bob": 0, "carol": 0}
    assert "Colonial Aid (law): +3 BC to alice" in post


def test_the_chair_has_nothing_to_choose_where_the_law_needs_no_choice(tmp_path):
    from gmtool.errors import RuleRefused
    from gmtool.rules.orion import council_campaign, laws

    c, rules = _aid_game(tmp_path)
    council_campaign.propose(c, rules.bills, FixedSource([]), target="bob")

    def refusal(law: str, leader: str) -> str:
        with pytest.raises(RuleRefused) as refused:
            laws.choose(c, rules.bills, law, leader)
        return refused.value.text("en")

    assert refusal("aid", "carol") == "'aid' is not a law in force (laws: none)"  # not passed yet
    _end(c, rules)
    assert refusal("gift", "carol") == "'gift' is not a law in force (laws: aid)"
    _start(c, rules)
    assert refusal("aid", "carol") == (
        "Colonial Aid: alice, bob, carol tie for the fewest planets, and bob, who has it, is among them and keeps "
        "it; the chair has no one to name"
    )
    _colony(c, "alice", 0)
    _colony(c, "bob", 1)
    assert refusal("aid", "alice") == (
        "Colonial Aid: carol alone has the fewest planets and gets it; the chair has no one to name"
    )
    assert (
        refusal("aid", "zed")
        == "Colonial Aid: the chair named 'zed', who is not a leader of this game (alice, bob, carol)"
    )


def at_turn_7(new_campaign) -> Path:
    """alice, bob and carol's new campaign (seed 1), set at turn 7 of stage 2: the Council sits."""
    camp = new_campaign("camp", players=["alice", "bob", "carol"], seed=1)
    text = (camp / "campaign.toml").read_text("utf-8")
    text = re.sub(r"(?m)^turn = \d+$", "turn = 7", text, count=1)
    (camp / "campaign.toml").write_text(re.sub(r"(?m)^stage = \d+$", "stage = 2", text, count=1), "utf-8")
    return camp


def test_the_chairs_choice_for_a_law_by_command_orders_file_and_room(gm, new_campaign, tmp_path):
    """A campaign with Colonial Aid (its own bills table): passed in turn 7 for bob (the chair's
    choice on the three-way tie); in turn 8 bob holds a colony, alice and carol tie: `post
    pending` asks the chair, `gmtool council choose` names alice (over the seating, which would
    give carol) — and the chair's `law_choice` order and the room's `!bill aid LEADER` give the
    same choice."""
    import tomllib

    from gmtool.campaign.store import CampaignStore
    from gmtool.forum.order_commands import PostedOrder, order_words, parse_order
    from gmtool.rolltables.library import TableLibrary, shipped_tables_dir
    from helpers import assert_error, free_hex, ok, put, snapshot

    camp = at_turn_7(new_campaign)
    (camp / "tables" / "orion").mkdir(parents=True, exist_ok=True)
    (camp / "tables" / "orion" / "bills.toml").write_text(AID_BILLS, encoding="utf-8")
    store = CampaignStore(camp)

    def edit(change) -> None:
        state = store.load()
        change(state)
        store.save(state)

    ok(gm("turn", "start", "-c", str(camp)))
    chair7 = store.load().game.council.chair
    names = ["alice", "bob", "carol"]
    chair8 = names[(names.index(chair7) + 1) % 3]

    def vote_aid(state) -> None:
        state.game.council.vote = {"turn": 7, "options": ["aid", "gift"], "bill": "aid", "target": "bob", "ballots": {}}
        for name in names:
            state.game.council.vote["ballots"][name] = {"vote": "yes"}

    edit(vote_aid)
    out = ok(gm("turn", "end", "-c", str(camp)))
    assert (
        f"Colonial Aid (law): in force from now on; alice, bob, carol tied for the fewest planets; the chair, {chair7}, chose"
        in out
    )
    assert tomllib.loads((camp / "campaign.toml").read_text("utf-8"))["council"]["laws"] == [
        {"id": "aid", "turn": 7, "holder": "bob"}
    ]
    ok(gm("turn", "start", "-c", str(camp)))

    def bob_colony(state) -> None:
        s = put(state, free_hex(state), by="bob")
        s.owner, s.planet.population = "bob", 1

    edit(bob_colony)
    before = snapshot(camp)
    pending = ok(gm("post", "pending", "-c", str(camp), "--include-private"))  # the moderator's copy
    assert "as the chair: name who gets the law «Colonial Aid» (alice, carol tie for the fewest planets)" in pending
    pending = ok(gm("post", "pending", "-c", str(camp), "--lang", "ru", "--include-private"))
    assert "как председатель: назвать, кому достанется закон «Колониальная помощь»" in pending
    # the room's command and the orders file give the same order
    lib = TableLibrary([shipped_tables_dir(), camp / "tables"])
    posted = parse_order(store.load(), lib, chair8, "bill", "Colonial Aid carol")
    assert (posted.kind, posted.value) == ("law_choice", {"law": "aid", "target": "carol"})
    words = order_words(store.load(), lib, chair8, PostedOrder("law_choice", {"law": "aid", "target": "carol"}), "en")
    assert words == "name carol for the law «Colonial Aid» at this turn's end"
    orders = tmp_path / "turn-08.toml"
    orders.write_text(f'turn = 8\n[{chair8}]\nlaw_choice = {{ law = "aid", target = "zed" }}\n', encoding="utf-8")
    assert_error(
        gm("turn", "check", str(orders), "-c", str(camp)),
        "law_choice: Colonial Aid: the chair named 'zed'",
        one_line=False,
    )
    orders.write_text(f'turn = 8\n[{chair8}]\nlaw_choice = {{ law = "aid", target = "carol" }}\n', encoding="utf-8")
    ok(gm("turn", "check", str(orders), "-c", str(camp)))
    assert snapshot(camp) == before  # a check writes nothing
    # the command
    assert_error(gm("council", "choose", "-c", str(camp), "--law", "aid", "--target", "bob"), "bob is not among")
    out = ok(gm("council", "choose", "-c", str(camp), "--law", "aid", "--target", "alice"))
    assert out.strip() == (
        f"the chair, {chair8}, names alice for Colonial Aid at this turn's end (alice, carol tie for the fewest planets)"
    )
    out = ok(gm("turn", "end", "-c", str(camp)))
    assert (
        f"Colonial Aid (law): alice, carol tied for the fewest planets; the chair, {chair8}, chose; +3 BC to alice"
        in out
    )


def test_a_rule_set_by_a_fewest_planets_law_holds_for_the_leader_who_has_it(tmp_path):
    """Curfew (the campaign's own law: no_fleet_raise, to fewest_planets), passed on the
    three-way tie for carol: carol may not raise her fleet; alice may."""
    from gmtool.errors import RuleRefused
    from gmtool.rules.orion import council_campaign
    from gmtool.rules.orion.planets import change_fleet

    c, rules = _aid_game(tmp_path)
    c.game.council.vote = {"turn": 7, "options": ["curfew"], "bill": "curfew", "ballots": {}}
    for p in c.players:
        council_campaign.cast(c, p, "yes")
    council_campaign.propose(c, rules.bills, FixedSource([]), target="carol")
    _, _, post = _end(c, rules)
    assert "Curfew (law): in force from now on: the fleet size may not be raised; alice, bob, carol tied" in post
    _start(c, rules)
    for p in c.players:
        p.orders = 2
    with pytest.raises(RuleRefused) as refused:
        change_fleet(c, c.player("carol"), 1, rules.production, rules.bills)
    assert "carol may not raise its fleet size: the law «Curfew»" in refused.value.text("en")
    change_fleet(c, c.player("alice"), 1, rules.production, rules.bills)
    assert c.player("alice").fleet_size == 2


# ------------------------------------------------------------------ §8 research timing (A13.1)


def test_an_orders_file_researches_with_the_rp_its_own_turn_makes(gm, tmp_path):
    """The example's alice (homeworld 1,-3: terran, 4 RP a scientist, 2 colonists, 0 RP banked)
    assigns both colonists as scientists and orders Combat Ship Modules 1 (10 RP) in one orders
    file: 8 RP made are not enough and the file is refused; with a grant of 2 RP first, the 2
    banked and the 8 made pay for it at that turn's end."""
    import shutil
    import tomllib

    from helpers import EXAMPLE, assert_error, ok

    camp = tmp_path / "c"
    shutil.copytree(EXAMPLE, camp)
    ok(gm("turn", "start", "-c", str(camp)))
    orders = tmp_path / "turn-01.toml"
    body = '[alice]\nassign = [{ hex = "1,-3", workers = 0, scientists = 2 }]\nresearch = "combat_ship_modules_1"\n'
    orders.write_text("turn = 1\n" + body, encoding="utf-8")
    assert_error(
        gm("turn", "run", str(orders), "-c", str(camp)),
        "alice will have 8 RP for research this turn (0 banked, 8 made this turn as its planets work now): "
        "Combat Ship Modules 1 costs 10 RP",
        one_line=False,
    )
    orders.write_text('turn = 1\n[alice]\ngrant = [{ rp = 2, reason = "test" }]\n' + body[8:], encoding="utf-8")
    ok(gm("turn", "run", str(orders), "-c", str(camp)))
    alice = next(
        p for p in tomllib.loads((camp / "campaign.toml").read_text("utf-8"))["player"] if p["name"] == "alice"
    )
    assert (alice["rp"], alice["technologies"]) == (0, ["combat_ship_modules_1"])
    report = (camp / "reports" / "turn-01" / "alice.txt").read_text("utf-8")
    assert "- research ordered: Combat Ship Modules 1 (10 RP, at the turn's end after production)" in report
    assert "- alice researched Combat Ship Modules 1 (10 RP)" in report
    assert "RP: 0 (+8 from production)" in report


# ------------------------------------------------------------------ §7 quests gmtool can see (A11)


def test_great_library_is_judged_from_the_rp_spent_at_the_turn_end(tmp_path):
    """quests-common.toml great-library: "Spend 20 RP in one turn", condition rp_spent:20,
    reward rp:+6. The issue's turn: five leaders at turn 8; four order research of 25–35 RP
    (tables/orion/technologies.toml: Combat Ship Modules 1 10 + Research 1 15 = 25; HQ Computing
    Centres 15 + Combat Ship Modules 1 10 = 25; Controlled toxic environment 20 + Combat Ship
    Modules 1 10 = 30; Controlled barren environment 20 + Research 1 15 = 35); erin spends 15
    (Covert Operations 1). At the
    turn end the four meet it and get 6 RP each; erin does not (15 of 20)."""
    from gmtool.dice.sources import RandomSource
    from gmtool.rules.orion import research as rs
    from gmtool.rules.orion.turns import Rules, end_turn, start_turn
    from helpers import make_campaign

    rules = Rules(LIB)
    c = make_campaign(["alice", "bob", "carol", "dave", "erin"])
    c.turn, c.stage = 8, 2
    c.game.token = "alice"
    start_turn(c, rules, RandomSource(1))
    c.game.quests = ["great-library"]
    c.game.council.vote = None  # no bill this turn: the quest is what this test is about
    orders = {
        "alice": ["combat_ship_modules_1", "research_1"],
        "bob": ["hq_computers", "combat_ship_modules_1"],
        "carol": ["controlled_toxic_environment", "combat_ship_modules_1"],
        "dave": ["controlled_barren_environment", "research_1"],
        "erin": ["covert_operations_1"],
    }
    for name, techs in orders.items():
        player = c.player(name)
        player.rp = 40
        for tech in techs:
            rs.research(c, player, rules.technologies, tech, rules)
    made = {p.name: 0 for p in c.players}
    out = end_turn(c, rules, RandomSource(2))
    for name in made:
        made[name] = out.production.totals[name]["rp"]
    assert out.quests_completed == {"great-library": ["alice", "bob", "carol", "dave"]}
    spent = {"alice": 25, "bob": 25, "carol": 30, "dave": 35, "erin": 15}
    for name, n in spent.items():
        reward = 6 if name != "erin" else 0
        assert c.player(name).rp == 40 + made[name] - n + reward, name
    checks = {name: [(q.quest, q.status) for q in qs] for name, qs in out.quest_checks.items()}
    assert checks["erin"] == [("great-library", "unmet")]
    [erin] = out.quest_checks["erin"]
    assert erin.reasons[0].text("en") == (
        "RP spent on research this turn (settled at its end, after production): 15 of 20"
    )


def test_a_claim_of_a_quest_the_moderator_judges_waits_for_the_moderators_word(gm, new_campaign, tmp_path):
    """quests-common.toml trade-route ("Sign a trade treaty", condition moderator, reward
    orders:+1 and bc:+2), open in turn 7. bob claims it in his room (`!задание Торговый путь`, a
    `claims` order): nothing is given, his report says it waits, `post pending` says so; at the
    turn's end, unconfirmed, it gives nothing and his report says the moderator did not confirm
    it. In turn 8 carol claims it and the moderator confirms it (`gmtool quest complete`) before
    the turn is played: she gets the reward once."""
    import tomllib

    from gmtool.campaign.store import CampaignStore
    from gmtool.forum.order_commands import parse_order
    from helpers import ok

    camp = at_turn_7(new_campaign)
    ok(gm("turn", "start", "-c", str(camp)))
    store = CampaignStore(camp)
    state = store.load()
    state.game.quests = ["trade-route"]
    store.save(state)
    posted = parse_order(state, LIB, "bob", "quest", "Торговый путь")
    assert (posted.kind, posted.value) == ("claims", "trade-route")

    def player(name: str) -> dict:
        data = tomllib.loads((camp / "campaign.toml").read_text("utf-8"))
        return next(p for p in data["player"] if p["name"] == name)

    orders = tmp_path / "turn-07.toml"
    orders.write_text('turn = 7\n[bob]\nclaims = ["trade-route"]\n', encoding="utf-8")
    bob = player("bob")
    ok(gm("turn", "run", str(orders), "-c", str(camp), "--format", "json"))
    after = player("bob")
    income = json.loads((camp / "reports" / "turn-07" / "bob.json").read_text("utf-8"))["income"]
    assert after["orders"] - bob["orders"] == income["orders"]  # no +1 order of the reward
    assert after["bc"] - bob["bc"] == income["bc"]  # no +2 BC
    assert after.get("quests_done", []) == []
    report = ok(gm("turn", "show", "-c", str(camp), "--turn", "7", "--player", "bob"))
    assert (
        "- bob claimed the quest Trade route: the moderator judges it, and the claim waits for the moderator's word"
    ) in report
    assert "- Trade route: claimed; the moderator did not confirm it this turn" in report
    assert "Quest completed" not in ok(gm("turn", "show", "-c", str(camp), "--turn", "7"))

    # turn 8: carol claims it; the moderator's word comes before the turn is played
    ok(gm("turn", "start", "-c", str(camp)))
    state = store.load()
    state.game.quests = ["trade-route"]
    store.save(state)
    orders = tmp_path / "turn-08.toml"
    orders.write_text('turn = 8\n[carol]\nclaims = ["Trade route"]\n', encoding="utf-8")
    from gmtool.rules.orion.turns import Rules, claim_quest

    state = store.load()
    claim_quest(state, Rules(LIB), state.player("carol"), "trade-route")  # as the room's order plays it
    store.save(state)
    pending = ok(gm("post", "pending", "-c", str(camp), "--include-private"))  # the moderator's copy
    assert "quest claimed: Trade route — waits for the moderator's word" in pending
    out = ok(gm("quest", "complete", "-c", str(camp), "--player", "carol", "--quest", "trade-route"))
    assert out.strip() == "carol completed Trade route: +1 order; +2 BC"
    carol = player("carol")
    ok(gm("turn", "run", str(orders), "-c", str(camp), "--format", "json"))  # the claim again: nothing more
    report = ok(gm("turn", "show", "-c", str(camp), "--turn", "8", "--player", "carol"))
    assert "- quest claimed: Trade route (the moderator confirmed it)" in report
    income = json.loads((camp / "reports" / "turn-08" / "carol.json").read_text("utf-8"))["income"]
    assert player("carol")["bc"] - carol["bc"] == income["bc"]  # the reward came once, with the word
    assert "Quest completed: Trade route — carol" in ok(gm("turn", "show", "-c", str(camp), "--turn", "8"))


# ------------------------------------------------------------------ §7 the event deck (A11)


def test_the_shipped_event_deck_serves_ten_leaders_to_the_end_of_a_long_game():
    """tables/orion/events.toml: 12 cards × 5 copies = 60. Ten leaders with 3 colonies each are
    dealt 2 cards at turn 8 and 3 at turn 13 with no card played in between: every deal is
    met (50 cards), nobody is owed a card, and 10 stay in the deck."""
    from gmtool.campaign import decks
    from gmtool.dice.sources import RandomSource
    from gmtool.rules.orion.state import PlanetState, System
    from gmtool.rules.orion.turns import Rules, end_turn, start_turn
    from helpers import free_hex

    rules = Rules(LIB)
    assert len(decks.cards_of(rules.events)) == 60
    names = [f"p{i}" for i in range(1, 11)]
    c = make_campaign(names)
    for name in names:
        for _ in range(3):
            c.game.systems.append(
                System(
                    hex=free_hex(c),
                    discovery="planet",
                    owner=name,
                    explored_by=name,
                    planet=PlanetState(type="ocean", size="medium", max_population=3, production=3, population=1),
                )
            )
    c.turn, c.stage = 8, 2
    c.game.token = c.game.council.chair = "p1"
    source = RandomSource(8)
    out = start_turn(c, rules, source).to_data()
    assert {name: len(cards) for name, cards in out["events_dealt"].items()} == dict.fromkeys(names, 2)
    for turn in range(8, 13):
        c.game.council.vote = None  # no bill: the Council is not what this test is about
        end_turn(c, rules, source)
        if turn < 12:
            start_turn(c, rules, source)
    assert c.turn == 13
    out = start_turn(c, rules, source).to_data()
    assert {name: len(cards) for name, cards in out["events_dealt"].items()} == dict.fromkeys(names, 3)
    assert [len(p.hand) for p in c.players] == [5] * 10 and all(p.cards_owed == 0 for p in c.players)
    assert not [e for e in c.turn_state.log if e["kind"] == "events_short"]
    pile = c.game.decks["events"]
    assert len(pile.draw) + len(pile.discard) == 10


def test_a_cards_copies_are_a_whole_number_and_new_copies_enter_the_deck():
    """A card table's `copies` (docs/rules-orion.md A11): a wrong value is the table's error,
    naming the card; copies the moderator adds to a card since the deck was made are shuffled
    into the draw pile, as new cards are."""
    from types import SimpleNamespace

    from gmtool.campaign import decks
    from gmtool.dice.sources import RandomSource
    from gmtool.errors import TableError

    def table(copies: object) -> SimpleNamespace:  # a card table: its name and rows (ids, values)
        return SimpleNamespace(name="events", rows=[SimpleNamespace(id="flare", values={"copies": copies})])

    with pytest.raises(TableError) as bad:
        decks.cards_of(table(0))
    assert bad.value.text("en") == (
        "events: card 'flare' has copies = 0: give a whole number from 1 to 99 (a deck may hold several copies "
        "of a card: docs/rules-orion.md A11)"
    )
    with pytest.raises(TableError):
        decks.cards_of(table("5"))
    c = make_campaign()
    pile = decks.deck(c.game, "events", decks.cards_of(table(2)), RandomSource(1))
    assert pile.draw == ["flare", "flare"]
    drawn = decks.draw(c.game, "events", 1, RandomSource(1))
    assert decks.added(c.game, "events", decks.cards_of(table(2)), drawn) == []  # one held, one in the deck
    assert decks.added(c.game, "events", decks.cards_of(table(4)), drawn) == ["flare", "flare"]
    pile = decks.deck(c.game, "events", decks.cards_of(table(4)), RandomSource(1), held=drawn)
    assert pile.draw == ["flare"] * 3


def test_campaign_new_says_when_the_event_deck_cannot_serve_its_roster(gm, tmp_path):
    """The issue's deck (the six cards, one copy each) and five leaders: up to 5 × (2 + 3) = 25
    cards may be dealt; `campaign new` says so in one line (and in its JSON). The shipped deck
    and ten leaders: no note."""
    import re

    from gmtool.rolltables.library import shipped_tables_dir
    from helpers import ok, ok_json

    own = tmp_path / "six" / "orion"
    own.mkdir(parents=True)
    text = (shipped_tables_dir() / "orion" / "events.toml").read_text("utf-8")
    text = re.sub(r"\[\[row\]\]\nid = \"solar-flare\".*", "", text, flags=re.S).replace(", copies = 5", "")
    (own / "events.toml").write_text(text, encoding="utf-8")
    five = [a for p in ("ann", "ben", "cat", "dan", "eve") for a in ("--player", p)]
    out = ok(gm("campaign", "new", str(tmp_path / "c1"), *five, "--seed", "1", "--tables", str(tmp_path / "six")))
    notes = [line for line in out.splitlines() if "events deck" in line]
    assert notes == [
        "Note: the events deck holds 6 cards, and 5 leaders may be dealt up to 25 (2 at turn 8, 3 at turn 13 "
        "each): add cards, or copies of them, to the campaign's tables/orion/events.toml before the first deal "
        "(docs/rules-orion.md A11)."
    ]
    ru = ok(gm("campaign", "new", str(tmp_path / "c2"), *five, "--tables", str(tmp_path / "six"), "--lang", "ru"))
    assert "Внимание: карт в колоде событий — 6, а лидерам (5) может достаться до 25" in ru
    data = ok_json(
        gm("campaign", "new", str(tmp_path / "c3"), *five, "--tables", str(tmp_path / "six"), "--format", "json")
    )
    assert data["events_deck"] == {"cards": 6, "needed": 25}
    ten = [a for i in range(1, 11) for a in ("--player", f"p{i}")]
    out = ok(gm("campaign", "new", str(tmp_path / "c4"), *ten, "--seed", "1"))
    assert "events deck" not in out


def test_a_bills_tie_at_the_turns_end_never_stops_a_turn_played_from_the_rooms(gm, new_campaign, tmp_path):
    """Issue 35: the chair's `!bill 1 bob carol` names bob, then carol, for Colonial Aid (every
    leader at 1 planet when it posts); bob founds a colony before the deadline, so alice and
    carol tie: `turn run --from-posts` plays on and carol, the chair's next pick, gets it. The
    same turn with the moderator's `--chair-choice alice` (the chair's word at the turn's end)
    gives it to alice; `--chair-choice zed` is refused and writes nothing."""
    import shutil

    from gmtool.campaign.store import CampaignStore
    from helpers import assert_error, free_hex, ok, put, snapshot, write_text

    camp = at_turn_7(new_campaign)
    (camp / "tables" / "orion").mkdir(parents=True, exist_ok=True)
    (camp / "tables" / "orion" / "bills.toml").write_text(AID_BILLS, encoding="utf-8")
    c = ("-c", str(camp))
    ok(gm("turn", "start", *c))
    store = CampaignStore(camp)
    state = store.load()
    chair = state.game.council.chair
    state.game.council.vote = {"turn": 7, "options": ["aid", "gift"], "ballots": {}}
    s = put(state, free_hex(state), by="bob")
    s.owner, s.planet.population = "bob", 1
    store.save(state)
    for number, leader in enumerate(["alice", "bob", "carol"], 40):
        lines = [f"=== {leader} #{number} ==="] + (["!bill 1 bob, carol"] if leader == chair else []) + ["!vote yes"]
        room = write_text(tmp_path, f"room-{leader}.txt", "\n".join(lines) + "\n")
        ok(gm("campaign", "room", *c, "--player", leader, str(room)))
    reply = ok(gm("post", "collect", *c, "--new"))
    assert (
        "- put bill 1 of the two drawn to the vote — name bob, carol for the bill, in that order (the first of them "
        "among the tied, on a tie) → bill put to the vote: Colonial Aid (the chair names, in its order: bob, carol)"
    ) in reply, reply
    spare = tmp_path / "spare"
    shutil.copytree(camp, spare)
    out = ok(gm("turn", "run", "--from-posts", *c))
    assert (
        f"- Colonial Aid (law): in force from now on; alice, carol tied for the fewest planets; the chair, {chair}, "
        "chose\n- Colonial Aid (law): +3 BC to carol\n"
    ) in out, out
    before = snapshot(spare)
    assert_error(
        gm("turn", "run", "--from-posts", "-c", str(spare), "--chair-choice", "zed"),
        "--chair-choice zed: not a leader of this game (alice, bob, carol)",
    )
    assert snapshot(spare) == before
    out = ok(gm("turn", "run", "--from-posts", "-c", str(spare), "--chair-choice", "alice"))
    assert (
        f"alice, carol tied for the fewest planets; the chair, {chair}, chose\n- Colonial Aid (law): +3 BC to alice\n"
        in out
    )
