"""Quests whose condition is data, judged by gmtool (docs/rules-orion.md A11, wave 3): every
kind of condition met and unmet (each with the quest row it comes from), the turn end marking a
met quest done with its reward, `post pending` leaving a met quest out, an unmet claim refused
with its reason in both languages, claims by label in either language, the leader's private
report, and a moderator's own quest in a campaign's tables run with no Python change."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from gmtool.campaign.hexes import Hex
from gmtool.campaign.model import Campaign
from gmtool.dice.sources import RandomSource
from gmtool.errors import RuleRefused, TableError
from gmtool.rules.orion.quest_conditions import judge, met, parse_condition
from gmtool.rules.orion.state import PlanetState, System
from gmtool.rules.orion.turns import Rules, complete_quest, end_turn, start_turn
from helpers import assert_error, make_campaign, ok, shipped_library

LIB = shipped_library()
RULES = Rules(LIB)


def row(quest: str):
    """A shipped quest row (stage 1 first, then the common quests)."""
    return LIB.find_row("quests-stage1", "orion", quest) or LIB.get("quests-common", "orion").row(quest)


def free_hex(c: Campaign, near: Hex | None = None) -> Hex:
    if near is not None:
        for h in near.neighbours():
            if c.game.system(h) is None and h != c.game.orion and c.game.on_map(h):
                return h
    for q in range(-9, 10):
        for r in range(-9, 10):
            h = Hex(q, r)
            if c.game.system(h) is None and h != c.game.orion:
                return h
    raise AssertionError("no free hex")


def explore(c: Campaign, leader: str, *, near_home: bool = False, owner: str | None = None, turn: int = 1, **planet):
    home = c.player(leader).homeworld if near_home else None
    system = System(
        hex=free_hex(c, home),
        discovery="planet",
        owner=owner,
        explored_by=leader,
        explored_turn=turn,
        planet=PlanetState(
            type="ocean", size="medium", max_population=3, production=3, population=1 if owner else 0, **planet
        ),
    )
    c.game.systems.append(system)
    return system


def campaign(turn: int = 1) -> Campaign:
    c = make_campaign()
    c.turn, c.stage = turn, RULES.stage_of(turn)
    return c


# each shipped quest row: (what makes bob meet it, whether bob meets it on a fresh campaign)
def _full(c):
    planet = c.game.home_planet(c.player("bob"))
    planet.population = planet.max_population


def _colonies(c, n):
    for _ in range(n):
        explore(c, "bob", owner="bob")


def _log(c, kind):
    c.turn_state.log.append({"turn": c.turn, "kind": kind, "leader": "bob", "public": False, "hex": "0,0"})


MEETS = {
    "first-survey": lambda c: [explore(c, "bob", near_home=True) for _ in range(2)],  # explored_near_home:2
    "new-frontier": lambda c: _colonies(c, 1),  # colonies:1
    "think-tank": lambda c: setattr(c.game.home_planet(c.player("bob")), "scientists", 2),  # scientists:2
    "full-house": _full,  # homeworld_full
    "star-charts": lambda c: [explore(c, "bob") for _ in range(3)],  # explored:3
    "frugal": lambda c: setattr(c.player("bob"), "bc", 20),  # bc:20
    "first-contact": lambda c: explore(c, "bob", properties=["artifacts"]),  # found:natives|artifacts
    "monster-hunt": lambda c: _log(c, "monster_slain"),  # monsters_slain:1
    "settlers": lambda c: _log(c, "colonised"),  # colonised_turn:1
    "grand-fleet": lambda c: setattr(c.player("bob"), "fleet_size", c.player("bob").fleet_max),  # fleet_full
    "colonial-age": lambda c: _colonies(c, 3),  # planets:4 (the homeworld counted)
}


@pytest.mark.parametrize("quest", sorted(MEETS))
def test_every_condition_kind_judged_met_and_unmet(quest):
    """tables/orion/quests-*.toml: each row's condition, unmet on a fresh campaign, met once
    the campaign shows it; the figures say how far the leader is."""
    c = campaign(1 if LIB.find_row("quests-stage1", "orion", quest) else 8)
    bob = c.player("bob")
    before = judge(c, bob, row(quest))
    assert before is not None and not met(before), before
    assert any(j.have < j.need for j in before)
    MEETS[quest](c)
    after = judge(c, bob, row(quest))
    assert met(after), after
    assert not met(judge(c, c.player("alice"), row(quest)))  # alice did none of it


def test_found_by_an_exploration_event_and_explored_this_turn():
    """found: an event that happened in the system (natives) counts as well as a property;
    explored_turn counts only this turn's explorations (a campaign-local row's condition)."""
    c = campaign(3)
    bob = c.player("bob")

    class Row:
        values = {"condition": ["explored_turn:1", "found:natives"]}

    assert [j.met for j in judge(c, bob, Row)] == [False, False]
    old = explore(c, "bob", turn=2)
    old.events = ["natives"]
    assert [j.met for j in judge(c, bob, Row)] == [False, True]
    explore(c, "bob", turn=3)
    assert met(judge(c, bob, Row))


def test_moderator_quests_and_bad_conditions():
    """trade-route is judged by the moderator (quests-common.toml); a condition gmtool does not
    know is the table's error, naming the kinds there are."""
    c = campaign(8)
    assert judge(c, c.player("bob"), row("trade-route")) is None
    with pytest.raises(TableError, match="homeworld_full"):
        parse_condition("trade_treaty:1")
    with pytest.raises(TableError):
        parse_condition("colonies:two")


def test_turn_end_marks_a_met_quest_done_with_its_reward():
    """full-house (homeworld_full, reward bc:+5): bob's homeworld is full at the turn end, so
    gmtool completes it for him — and for nobody else; the public result names him."""
    c = campaign(1)
    start_turn(c, RULES, RandomSource(5))
    c.game.quests = ["full-house"]
    for leader in ("alice", "carol"):  # far from full, even after this turn's growth
        c.game.home_planet(c.player(leader)).max_population = 10
    planet = c.game.home_planet(c.player("bob"))
    planet.population = planet.max_population
    out = end_turn(c, RULES, RandomSource(5))
    assert out.quests_completed == {"full-house": ["bob"]}
    assert c.player("bob").quests_done == ["full-house"]
    assert c.player("alice").quests_done == []
    [done] = [e for e in out.log if e["kind"] == "quest_done"]
    assert done["leader"] == "bob" and done["judged"] is True and done["changes"] == [{"bc": 5}]
    checks = {leader: [(q.quest, q.status) for q in qs] for leader, qs in out.quest_checks.items()}
    assert checks == {n: [("full-house", "met" if n == "bob" else "unmet")] for n in ("alice", "bob", "carol")}


def test_a_quest_completed_once_is_not_judged_again_in_stage_1():
    """Stage 1: each leader completes each quest once (A11): a quest bob met on turn 1 is
    'completed on an earlier turn' on turn 2, and gives nothing again."""
    c = campaign(1)
    start_turn(c, RULES, RandomSource(5))
    c.game.quests = ["frugal"]
    c.player("bob").bc = 40
    c.player("alice").bc = c.player("carol").bc = 0
    end_turn(c, RULES, RandomSource(5))
    start_turn(c, RULES, RandomSource(6))
    c.game.quests = ["frugal"]
    c.player("alice").bc = c.player("carol").bc = 0
    bc = c.player("bob").bc
    out = end_turn(c, RULES, RandomSource(6))
    assert out.quests_completed == {}
    assert [(q.quest, q.status) for q in out.quest_checks["bob"]] == [("frugal", "done_before")]
    assert c.player("bob").bc >= bc  # production only: no second reward
    assert c.player("bob").quests_done == ["frugal"]


def test_an_unmet_claim_is_refused_with_the_reason():
    """star-charts (explored:3): bob explored 1 system; his claim is refused naming the rule and
    how far he is, in both languages, and nothing changes."""
    c = campaign(1)
    c.game.quests = ["star-charts"]
    explore(c, "bob")
    with pytest.raises(RuleRefused) as refused:
        complete_quest(c, RULES, c.player("bob"), "star-charts")
    assert refused.value.for_moderator("en") == (
        "bob has not met the quest 'Star charts': systems explored in all: 1 of 3 "
        "(A11, quests judged from the campaign)"
    )
    assert refused.value.for_moderator("ru") == (
        "bob: условие задания «Звёздные карты» не выполнено: исследовано систем всего: 1 из 3 "
        "(A11, задания, которые проверяет gmtool)"
    )
    # a player's room is told the reason alone
    assert (
        refused.value.text("ru")
        == "bob: условие задания «Звёздные карты» не выполнено: исследовано систем всего: 1 из 3"
    )
    assert c.game.completions == {} and c.player("bob").quests_done == []


@pytest.mark.parametrize("name", ["Full house", "Полная чаша", "полная  чаша", "full-house"])
def test_claims_by_label_in_either_language(name):
    """quests-stage1.toml row full-house: claimed by its id, its English or its Russian label."""
    c = campaign(1)
    c.game.quests = ["full-house", "frugal"]
    _full_bob = c.game.home_planet(c.player("bob"))
    _full_bob.population = _full_bob.max_population
    done = complete_quest(c, RULES, c.player("bob"), name)
    assert done.quest == "full-house" and done.changes == [{"bc": 5}]


# ------------------------------------------------------------------ through the command line


class _Stored:
    """A campaign made by `campaign new`, its state to change, saved back with :meth:`save`."""

    def __init__(self, folder: Path) -> None:
        from gmtool.campaign.store import CampaignStore

        self.store = CampaignStore(folder)
        self.folder = folder

    def save(self, state: Campaign) -> None:
        with self.store.locked():
            self.store.save(state)


def _stored(new_campaign, quests: list[str], turn: int = 1):
    folder = new_campaign("camp", players=["alice", "bob", "carol"], seed=3)
    store = _Stored(folder)
    state = store.store.load()
    state.turn, state.stage = turn, RULES.stage_of(turn)
    state.turn_state.started = turn
    state.game.quests = quests
    for leader in ("alice", "carol"):  # far from full, even after a turn's growth
        state.game.home_planet(state.player(leader)).max_population = 10
    return store, state


def test_pending_leaves_out_a_met_quest_and_the_claim_cli(gm, new_campaign):
    """«Полная чаша» was listed for homeworlds at 4/4: now the moderator's copy of `post
    pending` leaves it out for the leader whose homeworld is full, lists it for the others (the
    public copy names no quest); `quest complete` refuses an unmet claim in one line (exit 1)
    and takes a met one by its Russian label."""
    store, state = _stored(new_campaign, ["full-house"])
    planet = state.game.home_planet(state.player("bob"))
    planet.population = planet.max_population
    store.save(state)
    c = ("-c", str(store.folder))
    plain = ok(gm("post", "pending", *c, "--lang", "en", "--include-private"))
    assert "Full house" not in ok(gm("post", "pending", *c, "--lang", "en"))
    bob_part = plain.split("bob")[1].split("carol")[0]
    alice_part = plain.split("alice")[1].split("bob")[0]
    assert "Full house" not in bob_part and "Full house" in alice_part
    res = gm("quest", "complete", *c, "--player", "alice", "--quest", "Full house")
    assert_error(res, "alice has not met the quest 'Full house'", "homeworld population at its maximum")
    res = gm("quest", "complete", *c, "--player", "alice", "--quest", "Полная чаша", "--lang", "ru")
    assert_error(res, "условие задания «Полная чаша» не выполнено")
    ok(gm("quest", "complete", *c, "--player", "bob", "--quest", "Полная чаша"))
    data = tomllib.loads((store.folder / "campaign.toml").read_text(encoding="utf-8"))
    assert [p.get("quests_done", []) for p in data["player"]] == [[], ["full-house"], []]


def test_the_private_report_says_whether_the_leader_met_the_quest(gm, new_campaign):
    """turn end: bob's report says he met «Полная чаша» and what it gave; alice's says she did
    not, and why; the JSON of each carries the judged figures."""
    store, state = _stored(new_campaign, ["full-house"])
    planet = state.game.home_planet(state.player("bob"))
    planet.population = planet.max_population
    store.save(state)
    c = ("-c", str(store.folder))
    ok(gm("turn", "end", *c, "--lang", "ru"))
    where = store.folder / "reports" / "turn-01"
    bob = (where / "bob.txt").read_text(encoding="utf-8")
    alice = (where / "alice.txt").read_text(encoding="utf-8")
    assert "Полная чаша: выполнено — +5 ВС" in bob
    assert "Полная чаша: не выполнено — население Родного мира на максимуме: " in alice
    public = (where / "public.txt").read_text(encoding="utf-8")
    assert "Полная чаша — bob" in public and "alice" not in public.split("Задание выполнено")[1].split("\n")[0]
    models = json.loads((store.folder / "reports" / "models" / "turn-01.json").read_text(encoding="utf-8"))
    data = models["langs"]["en"]["private"]["alice"]["data"]
    [check] = data["quests"]
    assert (check["quest"], check["status"]) == ("full-house", "unmet")
    [cond] = check["conditions"]
    assert cond["kind"] == "homeworld_full" and cond["need"] == 10 and cond["have"] < 10


MODERATOR_QUESTS = """
title = { en = "Our quests", ru = "Наши задания" }

[columns]
reward = { en = "Reward", ru = "Награда" }
condition = { en = "Condition", ru = "Условие" }

[[row]]
id = "pathfinder"
label = { en = "Pathfinder", ru = "Следопыт" }
text = { en = "Explore a system this turn.", ru = "Исследуйте систему в этот ход." }
values = { reward = ["rp:+2"], condition = ["explored_turn:1"] }

[[row]]
id = "diplomat"
label = { en = "Diplomat", ru = "Дипломат" }
text = { en = "Win a friend.", ru = "Заведите друга." }
values = { reward = ["bc:+1"], condition = ["moderator"] }
"""


def test_a_moderators_own_quest_table_runs_with_no_python_change(gm, new_campaign):
    """DIR/tables/orion/quests-stage1.toml, written by the moderator: its rows enter the quest
    deck (even one made before the table was), its condition is judged at the turn end, a
    'moderator' row is left to the moderator and named so in the reports."""
    store, state = _stored(new_campaign, ["pathfinder", "diplomat"])
    state.turn_state.started = 1
    near = state.player("carol").homeworld
    state.game.systems.append(
        System(
            hex=free_hex(state, near),
            discovery="planet",
            explored_by="carol",
            explored_turn=1,
            planet=PlanetState(type="ocean", size="medium", max_population=3, production=3),
        )
    )
    store.save(state)
    own = store.folder / "tables" / "orion"
    own.mkdir(parents=True)
    (own / "quests-stage1.toml").write_text(MODERATOR_QUESTS, encoding="utf-8")
    c = ("-c", str(store.folder))
    ok(gm("turn", "end", *c, "--lang", "en"))
    data = tomllib.loads((store.folder / "campaign.toml").read_text(encoding="utf-8"))
    done = {p["name"]: p.get("quests_done", []) for p in data["player"]}
    assert done == {"alice": [], "bob": [], "carol": ["pathfinder"]}
    carol = (store.folder / "reports" / "turn-01" / "carol.txt").read_text(encoding="utf-8")
    assert "Pathfinder: met — +2 RP" in carol and "Diplomat: judged by the moderator" in carol
    bob = (store.folder / "reports" / "turn-01" / "bob.txt").read_text(encoding="utf-8")
    assert "Pathfinder: not met — systems explored this turn: 0 of 1" in bob
    # a quest row the moderator adds later enters the deck at the next turn start
    (own / "quests-stage1.toml").write_text(
        MODERATOR_QUESTS
        + '\n[[row]]\nid = "late"\nlabel = { en = "Late", ru = "Поздний" }\n'
        + 'values = { reward = ["bc:+1"], condition = ["bc:1"] }\n',
        encoding="utf-8",
    )
    data = tomllib.loads((store.folder / "campaign.toml").read_text(encoding="utf-8"))
    assert "late" not in json.dumps(data.get("decks", {}))
    ok(gm("turn", "start", *c))
    data = tomllib.loads((store.folder / "campaign.toml").read_text(encoding="utf-8"))
    deck = data["decks"]["quests-stage1"]
    assert "late" in deck.get("draw", []) + deck.get("discard", []) + data["turn_state"]["quests"]


def test_an_orders_file_and_the_rooms_quest_claim_by_label_and_are_refused_unmet(gm, new_campaign, tmp_path):
    """An orders file's `quests` takes a label in either language; `turn check` refuses an
    unmet claim with its reason and file:line; the room's `!quest Полная чаша` /
    `!задание Full house` reads to the leader's claim (`claims`), which is not refused unmet: the
    turn's end judges a quest whose condition is data."""
    from gmtool.forum.order_commands import parse_order

    store, state = _stored(new_campaign, ["full-house"])
    planet = state.game.home_planet(state.player("bob"))
    planet.population = planet.max_population
    store.save(state)
    c = ("-c", str(store.folder))
    orders = tmp_path / "orders.toml"
    orders.write_text('turn = 1\n[bob]\nquests = ["Полная чаша"]\n', encoding="utf-8")
    ok(gm("turn", "check", str(orders), *c))
    orders.write_text('turn = 1\n[alice]\nquests = ["Full house"]\n', encoding="utf-8")
    res = gm("turn", "check", str(orders), *c, "--lang", "en")
    assert res.exit_code == 1
    assert "orders.toml:3" in res.stderr and "alice has not met the quest 'Full house'" in res.stderr
    assert "homeworld population at its maximum: 3/10" in res.stderr
    for words in ("Полная чаша", "Full house", "full-house"):
        order = parse_order(state, LIB, "bob", "quest", words)
        assert (order.kind, order.value) == ("claims", "full-house")
    # the leader's own claim of a quest gmtool judges is not refused when unmet: the turn's end
    # judges it, with the turn's orders played (issue 35 audit, G4)
    orders.write_text('turn = 1\n[alice]\nclaims = ["Full house"]\n', encoding="utf-8")
    ok(gm("turn", "check", str(orders), *c, "--lang", "en"))


def _judged_rows() -> list[tuple[str, str]]:
    """Every shipped quest gmtool judges itself: (its table, its id)."""
    out = []
    for table in ("quests-stage1", "quests-common"):
        for r in LIB.get(table, "orion").rows:
            if any(str(c) != "moderator" for c in r.values.get("condition", [])):
                out.append((table, r.id))
    return out


@pytest.mark.parametrize(("table", "quest"), _judged_rows())
def test_a_claim_of_any_quest_gmtool_judges_is_never_refused_unmet(table, quest):
    """Issue 35 audit, G4, for every auto-judged quest: a leader's own claim of it (the room's
    `!quest`, the `claims` order) is not refused when unmet — the turn end judges it, after the
    turn's orders — while the moderator's word (`quest complete`) still is."""
    from gmtool.rules.orion.turns import QuestClaimed, claim_quest

    c = campaign(1 if table == "quests-stage1" else 8)
    c.game.quests = [quest]
    bob = c.player("bob")
    if met(judge(c, bob, row(quest))):
        pytest.skip("met on a fresh campaign: the claim completes it")
    claimed = claim_quest(c, RULES, bob, quest)
    assert claimed == QuestClaimed(quest, "bob", judged=True)
    assert claimed.to_data() == {"quest": quest, "leader": "bob", "claimed": True, "confirmed": False, "judged": True}
    assert c.game.completions == {} and bob.quests_done == [] and c.turn_state.log == []
    with pytest.raises(RuleRefused):
        complete_quest(c, RULES, bob, quest)
