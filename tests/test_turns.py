"""The turn engine at library level (docs/rules-orion.md A2, A3, A5, A6, A8, A11, A12):
production, the schedule, the first-turn token, movement order, quests, event cards,
victory, and one scripted 18-turn game.

Expected numbers are worked out by hand from docs/rules-orion.md and the shipped example tables
(tables/orion/start.toml, production.toml, quests-*.toml, events.toml, bills.toml), not
read back from the code under test.
"""

from __future__ import annotations

import pytest

from gmtool.campaign import decks
from gmtool.campaign.hexes import CENTRE, Hex
from gmtool.campaign.model import Campaign
from gmtool.dice.sources import RandomSource
from gmtool.errors import RuleRefused
from gmtool.rules.orion import council_campaign
from gmtool.rules.orion.planets import assign, change_fleet, colonize
from gmtool.rules.orion.production import activate, per_colonist, produce
from gmtool.rules.orion.setup import new_campaign
from gmtool.rules.orion.state import PlanetState, System
from gmtool.rules.orion.turns import (
    Rules,
    complete_quest,
    end_turn,
    ensure_not_over,
    movement_order,
    play_event,
    start_turn,
)
from helpers import BILL_IDS, shipped_library

LIB = shipped_library()
RULES = Rules(LIB)
TABLES = RULES.orion
PROD = RULES.production
PLAYERS = ["alice", "bob", "carol"]
STAGE1_QUESTS = ["first-survey", "new-frontier", "think-tank", "full-house", "star-charts", "frugal", "first-contact"]
COMMON_QUESTS = ["monster-hunt", "trade-route", "great-library", "settlers", "grand-fleet", "colonial-age"]
EVENT_CARDS = [
    "mineral-boom",
    "refugees",
    "plague",
    "windfall",
    "brain-drain",
    "diplomatic-gift",
    "solar-flare",
    "breakthrough",
    "strike",
    "baby-boom",
    "smugglers",
    "ancient-archive",
]
EVENT_DECK = [card for card in EVENT_CARDS for _ in range(5)]  # events.toml: copies = 5 of each (A11)
PROPERTIES = ["favorable", "hostile", "poor", "rich", "gravity", "artifacts"]


# ============================================================== helpers


def make_campaign(players=PLAYERS, seed: int = 1) -> Campaign:
    return new_campaign("test", list(players), RandomSource(seed), LIB, "0" * 64, seed)


def free_neighbours(c: Campaign, leader: str) -> list[Hex]:
    home = c.player(leader).homeworld
    return [h for h in home.neighbours() if c.game.system(h) is None and h != c.game.orion and c.game.on_map(h)]


def free_hex(c: Campaign) -> Hex:
    """Any hex no system uses (production does not care where a planet is)."""
    for q in range(-9, 10):
        for r in range(-9, 10):
            h = Hex(q, r)
            if c.game.system(h) is None and h != c.game.orion:
                return h
    raise AssertionError("no free hex")


def add_planet(
    c: Campaign,
    owner: str | None,
    *,
    type: str = "ocean",
    production: int = 3,
    size: str = "medium",
    max_pop: int = 3,
    props=(),
    pop: int = 1,
    scientists: int = 0,
    hex_: Hex | None = None,
    explored_by: str | None = None,
) -> System:
    system = System(
        hex=hex_ or free_hex(c),
        discovery="planet",
        owner=owner,
        explored_by=explored_by or owner or PLAYERS[0],
        explored_turn=1,
        planet=PlanetState(
            type=type,
            size=size,
            properties=list(props),
            max_population=max_pop,
            production=production,
            population=pop,
            scientists=scientists,
        ),
    )
    c.game.systems.append(system)
    return system


def home(c: Campaign, leader: str) -> System:
    return c.game.homeworld(c.player(leader))


def output_of(prod, system: System) -> dict:
    (found,) = [p for p in prod.to_data()["planets"] if p["hex"] == str(system.hex)]
    return found


def expected_rates(production: int, props) -> tuple[int, int]:
    """docs/rules-orion.md A5: PP/worker = max(0, production + rich − poor − gravity);
    RP/scientist = max(0, production − gravity) + 2·artifacts."""
    props = set(props)
    pp = production + ("rich" in props) - ("poor" in props) - ("gravity" in props)
    rp = production - ("gravity" in props)
    return max(0, pp), max(0, rp) + 2 * ("artifacts" in props)


def parse(effect: str) -> tuple[str, int]:
    what, amount = effect.split(":")
    return what.strip(), int(amount)


class Scripted:
    """Given faces first, then a seeded random source; remembers every die asked for."""

    def __init__(self, faces, seed: int = 0) -> None:
        self.faces = list(faces)
        self.rest = RandomSource(seed)
        self.asked: list[tuple[int, str]] = []

    def roll(self, sides: int, label: str = "") -> int:
        self.asked.append((sides, label))
        if self.faces:
            face = self.faces.pop(0)
            assert 1 <= face <= sides
            return face
        return self.rest.roll(sides, label)


def at_turn(c: Campaign, turn: int, token: str | None = None) -> Campaign:
    """Jump a fresh campaign to ``turn`` (as a moderator editing the file would)."""
    c.turn = turn
    c.stage = RULES.stage_of(turn)
    if token is not None:
        c.game.token = token
        c.game.council.chair = token
    return c


def test_shipped_tables_are_what_these_tests_assume():
    assert [r.id for r in RULES.quests(1).rows] == STAGE1_QUESTS
    assert [r.id for r in RULES.quests(2).rows] == COMMON_QUESTS
    assert RULES.quests(3).name == RULES.quests(2).name
    assert [r.id for r in RULES.events.rows] == EVENT_CARDS
    assert decks.cards_of(RULES.events) == EVENT_DECK
    assert [r.id for r in RULES.bills.rows] == BILL_IDS
    assert [r.id for r in TABLES.properties.rows] == PROPERTIES
    assert RULES.last_turn == 18


# ============================================================== production (A5, A6)


def test_worked_example_new_homeworld_ends_turn_1_with_16_bc_and_4_colonists():
    c = make_campaign()
    start_turn(c, RULES, RandomSource(5))
    out = end_turn(c, RULES, RandomSource(5)).to_data()
    for name in PLAYERS:
        player = c.player(name)
        planet = home(c, name).planet
        assert (planet.type, planet.size, planet.max_population, planet.production) == ("terran", "large", 4, 4)
        assert player.bc == 4 + 12 == 16
        assert planet.population == 4
        assert player.rp == 0 and player.orders == 0
        assert (player.fleet_size, player.fleet_max, player.scouts, player.colony_ships) == (1, 2, 1, 1)
        row = [p for p in out["production"]["planets"] if p["owner"] == name]
        assert row == [
            {
                "hex": str(player.homeworld),
                "owner": name,
                "active": True,
                "workers": 3,
                "scientists": 0,
                "pp": 12,
                "rp": 0,
                "bc": 12,
                "growth": 1,
            }
        ]
        assert out["production"]["totals"][name] == {"bc": 12, "rp": 0, "orders": 0}
    assert out["next_turn"] == 2 and c.turn == 2


def test_homeworld_with_scientists():
    c = make_campaign()
    assign(c, c.player("alice"), c.player("alice").homeworld, None, 2)
    prod = produce(c, TABLES, PROD)
    row = output_of(prod, home(c, "alice"))
    assert (row["workers"], row["scientists"], row["pp"], row["rp"], row["bc"]) == (1, 2, 4, 8, 4)
    assert c.player("alice").bc == 8 and c.player("alice").rp == 8
    assert c.player("bob").bc == 16 and c.player("bob").rp == 0


SINGLE = [(p,) for p in PROPERTIES]
PAIRS = [(a, b) for i, a in enumerate(PROPERTIES) for b in PROPERTIES[i + 1 :]]


@pytest.mark.parametrize(
    "props, pp, rp",
    [
        ((), 3, 3),
        (("favorable",), 3, 3),
        (("hostile",), 3, 3),
        (("poor",), 2, 3),
        (("rich",), 4, 3),
        (("gravity",), 2, 2),
        (("artifacts",), 3, 5),
        (("favorable", "hostile"), 3, 3),
        (("favorable", "poor"), 2, 3),
        (("favorable", "rich"), 4, 3),
        (("favorable", "gravity"), 2, 2),
        (("favorable", "artifacts"), 3, 5),
        (("hostile", "poor"), 2, 3),
        (("hostile", "rich"), 4, 3),
        (("hostile", "gravity"), 2, 2),
        (("hostile", "artifacts"), 3, 5),
        (("poor", "rich"), 3, 3),
        (("poor", "gravity"), 1, 2),
        (("poor", "artifacts"), 2, 5),
        (("rich", "gravity"), 3, 2),
        (("rich", "artifacts"), 4, 5),
        (("gravity", "artifacts"), 2, 4),
    ],
)
def test_ocean_colony_rates_for_each_property_and_pair(props, pp, rp):
    """An ocean world (production 3): hand-worked rates of A5."""
    assert expected_rates(3, props) == (pp, rp)  # the table above is A5's formula
    c = make_campaign()
    colony = add_planet(c, "alice", type="ocean", production=3, props=props, pop=3, scientists=1, max_pop=3)
    assert per_colonist(TABLES, colony.planet) == (pp, rp)
    c.player("alice").orders = 2
    activate(c, colony, PROD)
    prod = produce(c, TABLES, PROD)
    row = output_of(prod, colony)
    assert (row["active"], row["workers"], row["scientists"]) == (True, 2, 1)
    assert (row["pp"], row["rp"], row["bc"]) == (2 * pp, rp, 2 * pp)
    alice = c.player("alice")
    assert alice.bc == 4 + 12 + 2 * pp
    assert alice.rp == rp
    assert alice.orders == 0


@pytest.mark.parametrize(
    "type_, production, props, pp, rp",
    [
        ("inferno", 1, ("gravity",), 0, 0),
        ("inferno", 1, ("poor",), 0, 1),
        ("inferno", 1, ("poor", "gravity"), 0, 0),  # −1 floored at 0
        ("inferno", 1, ("gravity", "artifacts"), 0, 2),  # the floor applies before +2·artifacts
        ("inferno", 1, ("rich", "gravity"), 1, 0),
        ("inferno", 1, ("poor", "rich"), 1, 1),
        ("toxic", 2, ("poor", "gravity"), 0, 1),
        ("toxic", 2, ("gravity", "artifacts"), 1, 3),
        ("terran", 4, ("rich", "artifacts"), 5, 6),
        ("terran", 4, ("poor", "gravity"), 2, 3),
        ("barren", 2, (), 2, 2),
        ("steppe", 3, ("rich",), 4, 3),
    ],
)
def test_rates_with_floors_at_zero(type_, production, props, pp, rp):
    assert expected_rates(production, props) == (pp, rp)
    c = make_campaign()
    colony = add_planet(c, "bob", type=type_, production=production, props=props, pop=2, scientists=1, max_pop=2)
    assert per_colonist(TABLES, colony.planet) == (pp, rp)
    c.player("bob").orders = 2
    activate(c, colony, PROD)
    row = output_of(produce(c, TABLES, PROD), colony)
    assert (row["pp"], row["rp"], row["bc"]) == (pp, rp, pp)
    assert c.player("bob").rp == rp


@pytest.mark.parametrize(
    "props, pop, max_pop, growth",
    [
        ((), 1, 3, 1),
        ((), 2, 3, 1),
        ((), 3, 3, 0),  # at max: no growth
        (("favorable",), 1, 4, 2),
        (("favorable",), 3, 4, 1),  # +2 capped at max
        (("favorable",), 4, 4, 0),
        (("hostile",), 1, 2, 0),  # never grows by itself
        (("favorable", "hostile"), 1, 3, 0),  # hostile: never grows by itself
        (("rich", "poor"), 1, 3, 1),
        (("gravity", "artifacts"), 2, 3, 1),
        (("favorable", "rich"), 1, 5, 2),
    ],
)
@pytest.mark.parametrize("active", [True, False])
def test_growth(props, pop, max_pop, growth, active):
    c = make_campaign()
    colony = add_planet(c, "carol", props=props, pop=pop, max_pop=max_pop)
    if active:
        c.player("carol").orders = 2
        activate(c, colony, PROD)
    row = output_of(produce(c, TABLES, PROD), colony)
    assert row["growth"] == growth
    assert colony.planet.population == pop + growth
    assert row["active"] is active


def test_inactive_colony_makes_1_bc_per_colonist_and_no_pp_or_rp():
    c = make_campaign()
    colony = add_planet(
        c, "alice", type="terran", production=4, props=("rich", "artifacts"), pop=3, scientists=2, max_pop=4
    )
    prod = produce(c, TABLES, PROD)
    row = output_of(prod, colony)
    assert (row["active"], row["pp"], row["rp"], row["bc"], row["growth"]) == (False, 0, 0, 3, 1)
    assert c.player("alice").bc == 4 + 12 + 3
    assert c.player("alice").rp == 0
    assert prod.totals["alice"] == {"bc": 15, "rp": 0, "orders": 0}


def test_active_colony_pp_become_bc_and_rp_go_to_the_leader():
    c = make_campaign()
    alice = c.player("alice")
    assign(c, alice, alice.homeworld, 2, 1)  # homeworld: 2 workers (8 PP), 1 scientist (4 RP)
    colony = add_planet(c, "alice", type="ocean", production=3, props=("artifacts",), pop=3, scientists=2, max_pop=3)
    alice.orders = 2
    assert activate(c, colony, PROD) == 2
    produce(c, TABLES, PROD)
    # colony: 1 worker × 3 PP = 3 BC; 2 scientists × (3 + 2) = 10 RP
    assert alice.bc == 4 + 8 + 3
    assert alice.rp == 4 + 10
    assert alice.orders == 0


def test_activation_lasts_one_turn():
    c = make_campaign()
    c.game.activation = "per-turn"  # the earlier reading of A6, a campaign's setting (wave 3)
    colony = add_planet(c, "alice", pop=2, max_pop=3)
    c.player("alice").orders = 2
    activate(c, colony, PROD)
    assert output_of(produce(c, TABLES, PROD), colony)["active"] is True
    c.turn += 1
    row = output_of(produce(c, TABLES, PROD), colony)
    assert row["active"] is False and row["bc"] == 3  # 3 colonists after growth, 1 BC each


def test_orders_per_turn_income():
    c = make_campaign()
    c.game.orders_per_turn = 2
    produce(c, TABLES, PROD)
    assert [p.orders for p in c.players] == [2, 2, 2]


def test_blockade_no_rp_no_growth():
    c = make_campaign()
    colony = add_planet(
        c, "bob", type="ocean", production=3, props=("favorable", "artifacts"), pop=2, scientists=1, max_pop=4
    )
    colony.planet.blockaded = True
    idle = add_planet(c, "bob", props=("favorable",), pop=1, max_pop=4)
    idle.planet.blockaded = True
    bob = c.player("bob")
    bob.orders = 2
    activate(c, colony, PROD)
    prod = produce(c, TABLES, PROD)
    row = output_of(prod, colony)
    assert row["rp"] == 0 and row["growth"] == 0 and row["pp"] == 3  # PP made in full (A7)
    assert colony.planet.population == 2
    assert output_of(prod, idle)["growth"] == 0 and idle.planet.population == 1
    assert bob.rp == 0


def test_blockaded_homeworld_does_not_grow():
    c = make_campaign()
    home(c, "carol").planet.blockaded = True
    assign(c, c.player("carol"), c.player("carol").homeworld, 2, 1)
    row = output_of(produce(c, TABLES, PROD), home(c, "carol"))
    assert (row["growth"], row["rp"], row["pp"]) == (0, 0, 8)
    assert home(c, "carol").planet.population == 3


@pytest.mark.parametrize(
    "base, blockaded, cost",
    [
        (None, False, 2),
        ("star-base", False, 1),
        ("battle-station", False, 1),
        ("star-fortress", False, 1),
        (None, True, 2),
        ("star-base", True, 2),
    ],
)
def test_activation_cost(base, blockaded, cost):
    c = make_campaign()
    colony = add_planet(c, "alice")
    colony.planet.base = base
    colony.planet.blockaded = blockaded
    alice = c.player("alice")
    alice.orders = 5
    assert activate(c, colony, PROD) == cost
    assert alice.orders == 5 - cost
    assert colony.planet.active_turn == c.turn


@pytest.mark.parametrize("base, orders", [(None, 1), (None, 0), ("star-base", 0)])
def test_activation_refused_without_enough_orders(base, orders):
    c = make_campaign()
    colony = add_planet(c, "alice")
    colony.planet.base = base
    c.player("alice").orders = orders
    with pytest.raises(RuleRefused, match="costs [0-9]+ orders?;"):
        activate(c, colony, PROD)
    assert c.player("alice").orders == orders
    assert colony.planet.active_turn is None


def test_activation_refused_twice_a_turn_and_for_the_homeworld():
    c = make_campaign()
    c.game.activation = "per-turn"  # the earlier reading of A6, a campaign's setting (wave 3)
    colony = add_planet(c, "alice")
    alice = c.player("alice")
    alice.orders = 6
    activate(c, colony, PROD)
    with pytest.raises(RuleRefused, match="already active"):
        activate(c, colony, PROD)
    assert alice.orders == 4
    with pytest.raises(RuleRefused, match="homeworld"):
        activate(c, home(c, "alice"), PROD)
    assert alice.orders == 4
    c.turn += 1  # a new turn: may be activated again
    activate(c, colony, PROD)
    assert alice.orders == 2


def test_activation_of_a_planet_nobody_owns_is_refused():
    c = make_campaign()
    planet = add_planet(c, None)
    with pytest.raises(RuleRefused):
        activate(c, planet, PROD)


# ============================================================== colonise, assign, fleet (A2, A6, A8)


def test_colonize_uses_the_colony_ship_and_respects_stage_1_reach():
    c = make_campaign()
    alice = c.player("alice")
    near = add_planet(c, None, hex_=free_neighbours(c, "alice")[0], explored_by="alice", pop=0)
    far_hex = next(
        h
        for h in (Hex(q, r) for q in range(-4, 5) for r in range(-4, 5))
        if c.game.on_map(h) and c.game.system(h) is None and h != c.game.orion and h.distance(alice.homeworld) >= 2
    )
    far = add_planet(c, None, hex_=far_hex, explored_by="alice", pop=0)
    with pytest.raises(RuleRefused, match="stage 1"):
        colonize(c, alice, far.hex)
    assert far.owner is None and alice.colony_ships == 1
    colonize(c, alice, near.hex)
    assert near.owner == "alice" and near.planet.population == 1 and alice.colony_ships == 0
    with pytest.raises(RuleRefused, match="already"):
        colonize(c, c.player("bob"), near.hex)
    other = add_planet(c, None, hex_=free_neighbours(c, "alice")[0], explored_by="alice", pop=0)
    with pytest.raises(RuleRefused, match="colony ship"):
        colonize(c, alice, other.hex)


def test_colonize_refuses_unexplored_empty_and_guarded():
    c = make_campaign()
    alice = c.player("alice")
    hexes = free_neighbours(c, "alice")
    with pytest.raises(RuleRefused, match="not been explored"):
        colonize(c, alice, hexes[0])
    c.game.systems.append(System(hex=hexes[0], discovery="asteroids", explored_by="alice", explored_turn=1))
    with pytest.raises(RuleRefused, match="no planet"):
        colonize(c, alice, hexes[0])
    at_turn(c, 8)
    c.game.system(c.game.orion).explored_by = "alice"
    with pytest.raises(RuleRefused, match="Guardian"):
        colonize(c, alice, c.game.orion)
    assert alice.colony_ships == 1


def test_assign():
    c = make_campaign()
    alice = c.player("alice")
    assign(c, alice, alice.homeworld, 1, None)
    assert home(c, "alice").planet.scientists == 2
    assign(c, alice, alice.homeworld, None, 1)
    assert home(c, "alice").planet.scientists == 1
    assign(c, alice, alice.homeworld, 1, 1)  # the third colonist works (A6 decision)
    assert home(c, "alice").planet.scientists == 1
    with pytest.raises(RuleRefused, match="do not fit"):
        assign(c, alice, alice.homeworld, 3, 1)
    with pytest.raises(RuleRefused):
        assign(c, alice, c.player("bob").homeworld, 1, 1)
    assert home(c, "alice").planet.scientists == 1


def test_fleet_size_once_a_turn_paying_orders():
    c = make_campaign()
    alice = c.player("alice")
    assert (alice.fleet_size, alice.fleet_max) == (1, 2)
    with pytest.raises(RuleRefused, match="order"):
        change_fleet(c, alice, +1, PROD)  # 0 orders at the start (A2 decision)
    alice.orders = 1
    assert change_fleet(c, alice, +1, PROD) == 2
    assert alice.orders == 0
    with pytest.raises(RuleRefused, match="already"):
        change_fleet(c, alice, -1, PROD)
    c.turn += 1
    alice.orders = 3
    with pytest.raises(RuleRefused, match="maximum"):
        change_fleet(c, alice, +1, PROD)
    assert alice.orders == 3
    assert change_fleet(c, alice, -1, PROD) == 1
    assert alice.orders == 4
    with pytest.raises(RuleRefused):
        change_fleet(c, alice, +2, PROD)


def test_feudal_fleet_start():
    c = new_campaign("t", PLAYERS, RandomSource(1), LIB, "0" * 64, 1, feudal=["bob"])
    bob = c.player("bob")
    assert (bob.fleet_size, bob.fleet_max) == (2, 3)
    bob.orders = 1
    assert change_fleet(c, bob, +1, PROD) == 3


# ============================================================== schedule (A2, A3)


@pytest.mark.parametrize(
    "turn, stage", [(t, 1) for t in range(1, 7)] + [(t, 2) for t in range(7, 13)] + [(t, 3) for t in range(13, 19)]
)
def test_stage_of(turn, stage):
    assert RULES.stage_of(turn) == stage


def test_no_token_no_chair_no_council_in_stage_1():
    c = make_campaign()
    source = RandomSource(11)
    for _turn in range(1, 7):
        out = start_turn(c, RULES, source).to_data()
        assert out["stage"] == 1 and c.stage == 1
        assert out["chair"] is None and "token_dealt" not in out and "bills_drawn" not in out
        assert c.game.token is None and c.game.council.chair is None and c.game.council.vote is None
        assert "bills" not in c.game.decks
        assert sorted(out["movement_order"]) == sorted(PLAYERS)
        with pytest.raises(RuleRefused, match="stage 1"):
            council_campaign.propose(c, RULES.bills, source, pick=1, chair=c.player("alice"))
        end = end_turn(c, RULES, source).to_data()
        assert "council" not in end and "token_next" not in end
    assert c.turn == 7 and c.stage == 2


@pytest.mark.parametrize("face, holder", [(1, "alice"), (2, "bob"), (3, "carol")])
def test_token_dealt_at_turn_7_by_a_die_then_passes_clockwise(face, holder):
    c = make_campaign()
    # turns 1-6 without anyone doing anything
    source = RandomSource(3)
    for _ in range(6):
        start_turn(c, RULES, source)
        end_turn(c, RULES, source)
    assert c.turn == 7 and c.game.token is None
    dice = Scripted([face], seed=4)
    out = start_turn(c, RULES, dice).to_data()
    assert dice.asked[0][0] == 3  # one die with a face per leader
    assert out["token_dealt"] == holder and c.game.token == holder
    assert out["chair"] == holder and c.game.council.chair == holder
    assert len(out["bills_drawn"]) == 2
    seating = PLAYERS.index(holder)
    for k in range(1, 5):
        end = end_turn(c, RULES, dice).to_data()
        expected = PLAYERS[(seating + k) % 3]
        assert end["token_next"] == expected
        out = start_turn(c, RULES, dice).to_data()
        assert "token_dealt" not in out  # dealt once
        assert c.game.token == expected and c.game.council.chair == expected and out["chair"] == expected


@pytest.mark.parametrize(
    "token, turn, order",
    [
        ("alice", 7, ["alice", "bob", "carol"]),
        ("alice", 8, ["alice", "carol", "bob"]),
        ("bob", 7, ["bob", "carol", "alice"]),
        ("bob", 8, ["bob", "alice", "carol"]),
        ("carol", 13, ["carol", "alice", "bob"]),
        ("carol", 18, ["carol", "bob", "alice"]),
    ],
)
def test_movement_order(token, turn, order):
    c = at_turn(make_campaign(), turn, token)
    assert movement_order(c) == order


@pytest.mark.parametrize("turn, order", [(9, ["b", "c", "d", "a"]), (10, ["b", "a", "d", "c"])])
def test_movement_order_four_leaders(turn, order):
    c = at_turn(make_campaign(["a", "b", "c", "d"]), turn, "b")
    assert movement_order(c) == order


def test_start_and_end_report_the_movement_order():
    c = at_turn(make_campaign(), 8, "bob")
    source = RandomSource(2)
    out = start_turn(c, RULES, source).to_data()
    assert out["movement_order"] == ["bob", "alice", "carol"]  # even: counter-clockwise
    end = end_turn(c, RULES, source).to_data()
    assert end["token_next"] == "carol"
    assert end["next_order"] == ["carol", "alice", "bob"]  # turn 9, odd: clockwise


def test_council_tie_decided_by_the_chair():
    c = at_turn(make_campaign(), 8, "bob")
    source = RandomSource(6)
    start_turn(c, RULES, source)
    vote = council_campaign.propose(c, RULES.bills, source, pick=2)
    bill = vote["bill"]
    council_campaign.cast(c, c.player("bob"), "no")
    council_campaign.cast(c, c.player("alice"), "yes")
    council_campaign.cast(c, c.player("carol"), "abstain")
    out = end_turn(c, RULES, source).to_data()
    council = out["council"]
    assert (council["bill"], council["yes"], council["no"], council["tie"], council["passed"]) == (
        bill,
        1,
        1,
        True,
        False,
    )
    assert council["decided_by_chair"] and council["chair"] == "bob"
    assert c.game.council.laws == [] and c.game.council.vote is None


def test_a_refused_turn_end_changes_nothing():
    """A tie with the chair abstaining and no decision recorded: end_turn is refused — and
    must not have run the production phase (else a retry with the decision produces twice)."""
    c = at_turn(make_campaign(), 8, "bob")
    source = RandomSource(6)
    start_turn(c, RULES, source)
    council_campaign.propose(c, RULES.bills, source, pick=1)
    council_campaign.cast(c, c.player("bob"), "abstain")
    council_campaign.cast(c, c.player("alice"), "yes")
    council_campaign.cast(c, c.player("carol"), "no")
    with pytest.raises(RuleRefused, match="chair"):
        end_turn(c, RULES, source)
    assert [p.bc for p in c.players] == [4, 4, 4]
    assert home(c, "alice").planet.population == 3
    out = end_turn(c, RULES, source, chair_decision="yes").to_data()
    assert out["council"]["passed"] is True
    assert [p.bc for p in c.players] == [16, 16, 16]


def test_turn_start_twice_and_end_before_start_are_refused():
    c = make_campaign()
    source = RandomSource(1)
    with pytest.raises(RuleRefused, match="not started"):
        end_turn(c, RULES, source)
    start_turn(c, RULES, source)
    with pytest.raises(RuleRefused, match="already started"):
        start_turn(c, RULES, source)
    end_turn(c, RULES, source)
    with pytest.raises(RuleRefused, match="not started"):
        end_turn(c, RULES, source)
    assert c.turn == 2


# ============================================================== quests (A11)


def test_stage_1_quest_once_per_leader_and_open_until_turn_6(moderator_judges):
    c = make_campaign()
    source = RandomSource(21)
    out = start_turn(c, RULES, source).to_data()
    q1 = out["quest"]
    assert q1 in STAGE1_QUESTS and c.game.quests == [q1]
    complete_quest(c, RULES, c.player("alice"))
    with pytest.raises(RuleRefused, match="already completed"):
        complete_quest(c, RULES, c.player("alice"), q1)
    complete_quest(c, RULES, c.player("bob"), q1)
    end = end_turn(c, RULES, source).to_data()
    assert end["quests_completed"] == {q1: ["alice", "bob"]}
    assert end["quests_discarded"] == []
    out = start_turn(c, RULES, source).to_data()  # turn 2
    q2 = out["quest"]
    assert q2 != q1 and c.game.quests == [q1, q2]
    with pytest.raises(RuleRefused, match="already completed"):
        complete_quest(c, RULES, c.player("alice"), q1)  # not in a later turn either
    complete_quest(c, RULES, c.player("carol"), q1)  # carol may, a turn later
    assert complete_quest(c, RULES, c.player("alice")).quest == q2  # default: the latest
    with pytest.raises(RuleRefused, match="not open"):
        complete_quest(c, RULES, c.player("bob"), "monster-hunt")
    end_turn(c, RULES, source)
    announced = [q1, q2]
    for turn in range(3, 7):
        out = start_turn(c, RULES, source).to_data()
        announced.append(out["quest"])
        end = end_turn(c, RULES, source).to_data()
        if turn < 6:
            assert end["quests_discarded"] == [] and c.game.quests == announced
    # end of turn 6: every stage-1 quest still open is discarded, completed or not
    assert len(set(announced)) == 6 and set(announced) <= set(STAGE1_QUESTS)
    assert end["quests_discarded"] == announced
    assert c.game.quests == []
    pile = c.game.decks["quests-stage1"]
    assert pile.discard == announced and len(pile.draw) == 1


def test_no_quest_open_is_refused():
    c = make_campaign()
    with pytest.raises(RuleRefused, match="no quest"):
        complete_quest(c, RULES, c.player("alice"))


def test_common_quest_discarded_at_the_end_of_the_turn_it_was_completed(moderator_judges):
    c = at_turn(make_campaign(), 8, "alice")
    source = RandomSource(8)
    q1 = start_turn(c, RULES, source).quest
    assert q1 in COMMON_QUESTS
    complete_quest(c, RULES, c.player("alice"))
    complete_quest(c, RULES, c.player("carol"), q1)  # several leaders, the same turn
    with pytest.raises(RuleRefused, match="already completed"):
        complete_quest(c, RULES, c.player("carol"), q1)
    end = end_turn(c, RULES, source).to_data()
    assert end["quests_completed"] == {q1: ["alice", "carol"]}
    assert end["quests_discarded"] == [q1]
    assert c.game.quests == [] and c.game.decks["quests-common"].discard == [q1]
    q2 = start_turn(c, RULES, source).quest  # turn 9: nobody completes it
    assert q2 != q1
    end = end_turn(c, RULES, source).to_data()
    assert end["quests_discarded"] == [] and c.game.quests == [q2]
    q3 = start_turn(c, RULES, source).quest  # turn 10: q2 is still open
    assert c.game.quests == [q2, q3]
    complete_quest(c, RULES, c.player("bob"), q2)
    end = end_turn(c, RULES, source).to_data()
    assert end["quests_discarded"] == [q2]
    assert c.game.quests == [q3]
    assert c.game.decks["quests-common"].discard == [q1, q2]


@pytest.mark.parametrize("stage, quest", [(1, q) for q in STAGE1_QUESTS] + [(2, q) for q in COMMON_QUESTS])
def test_quest_rewards_from_the_tables(stage, quest, moderator_judges):
    c = at_turn(make_campaign(), 1 if stage == 1 else 8, None if stage == 1 else "alice")
    c.game.quests = [quest]
    bob = c.player("bob")
    bob.orders = 1
    before = {"bc": bob.bc, "orders": bob.orders, "rp": bob.rp, "colonists": home(c, "bob").planet.population}
    reward = RULES.quests(stage).row(quest).values["reward"]
    expected = dict(before)
    for effect in reward:
        what, amount = parse(effect)
        expected[what] += amount
    result = complete_quest(c, RULES, bob, quest)
    after = {"bc": bob.bc, "orders": bob.orders, "rp": bob.rp, "colonists": home(c, "bob").planet.population}
    assert after == expected
    assert result.quest == quest and result.leader == "bob"
    assert c.game.completions == {quest: ["bob"]}
    assert c.player("alice").bc == 4


def test_shipped_rewards_by_hand(moderator_judges):
    c = make_campaign()
    alice = c.player("alice")
    c.game.quests = ["first-survey", "think-tank", "new-frontier"]
    complete_quest(c, RULES, alice, "first-survey")
    complete_quest(c, RULES, alice, "think-tank")
    complete_quest(c, RULES, alice, "new-frontier")
    assert (alice.bc, alice.rp, alice.orders) == (4 + 3, 4, 1)
    at_turn(c, 8, "alice")
    c.game.quests = ["settlers", "trade-route"]
    complete_quest(c, RULES, alice, "settlers")
    complete_quest(c, RULES, alice, "trade-route")
    assert home(c, "alice").planet.population == 4
    assert (alice.bc, alice.orders) == (9, 2)


# ============================================================== event cards (A11)


def _colonies(c: Campaign, leader: str, n: int) -> list[System]:
    return [add_planet(c, leader, pop=1) for _ in range(n)]


def test_event_cards_dealt_at_8_and_13_capped_by_colonies():
    c = at_turn(make_campaign(), 8, "alice")
    _colonies(c, "alice", 1)
    _colonies(c, "bob", 3)
    add_planet(c, None)  # nobody's planet: nothing
    source = RandomSource(13)
    out = start_turn(c, RULES, source).to_data()
    dealt = out["events_dealt"]
    assert set(dealt) == {"alice", "bob"}  # carol has only her homeworld
    assert len(dealt["alice"]) == 1 and len(dealt["bob"]) == 2
    assert c.player("alice").hand == dealt["alice"] and c.player("bob").hand == dealt["bob"]
    assert c.player("carol").hand == []
    pile = c.game.decks["events"]
    assert len(pile.draw) == 57 and sorted(pile.draw + dealt["alice"] + dealt["bob"]) == sorted(EVENT_DECK)
    # bob plays both cards before turn 13 (their first choice)
    for card in list(c.player("bob").hand):
        play_event(c, RULES, c.player("bob"), card, 1)
    assert c.player("bob").hand == [] and sorted(pile.discard) == sorted(dealt["bob"])
    end_turn(c, RULES, source)
    for _ in range(9, 13):
        out = start_turn(c, RULES, source).to_data()
        assert "events_dealt" not in out
        end_turn(c, RULES, source)
    assert c.turn == 13
    _colonies(c, "carol", 1)
    out = start_turn(c, RULES, source).to_data()
    dealt13 = out["events_dealt"]
    assert {k: len(v) for k, v in dealt13.items()} == {"alice": 1, "bob": 3, "carol": 1}
    assert len(c.player("alice").hand) == 2
    assert len(c.player("bob").hand) == 3 and len(c.player("carol").hand) == 1
    cards = pile.draw + pile.discard + [card for p in c.players for card in p.hand]
    assert sorted(cards) == sorted(EVENT_DECK)  # without replacement: each copy once


def test_turn_13_starts_even_when_every_event_card_is_held(tmp_path):
    """A campaign's own deck of six cards (one copy each), all dealt at turn 8 and still held
    at turn 13: no card can be dealt, but the turn (its quest, its bill) must still start — A11
    caps the deal, it does not stop the game."""
    import re

    from gmtool.rolltables.library import TableLibrary, shipped_tables_dir

    own = tmp_path / "tables" / "orion"
    own.mkdir(parents=True)
    text = (shipped_tables_dir() / "orion" / "events.toml").read_text("utf-8")
    text = re.sub(r"\[\[row\]\]\nid = \"solar-flare\".*", "", text, flags=re.S).replace(", copies = 5", "")
    (own / "events.toml").write_text(text, encoding="utf-8")
    RULES = Rules(TableLibrary([shipped_tables_dir(), tmp_path / "tables"]))  # noqa: N806
    assert len(decks.cards_of(RULES.events)) == 6
    c = at_turn(make_campaign(), 8, "alice")
    for name in PLAYERS:
        _colonies(c, name, 2)
    source = RandomSource(1)
    start_turn(c, RULES, source)
    assert sum(len(p.hand) for p in c.players) == 6
    end_turn(c, RULES, source)
    for _ in range(9, 13):
        start_turn(c, RULES, source)
        end_turn(c, RULES, source)
    out = start_turn(c, RULES, source).to_data()
    assert c.turn_state.started == 13 and out["quest"] is not None
    assert sum(len(p.hand) for p in c.players) == 6


def test_no_cards_dealt_on_other_turns():
    c = at_turn(make_campaign(), 9, "alice")
    _colonies(c, "alice", 2)
    out = start_turn(c, RULES, RandomSource(1)).to_data()
    assert "events_dealt" not in out and c.player("alice").hand == []


# (card, choice) → the change of (bc, orders, rp, homeworld colonists), from events.toml's texts
EVENT_EFFECTS = [
    ("mineral-boom", 1, (6, 0, 0, 0)),
    ("mineral-boom", 2, (0, 0, 4, 0)),
    ("refugees", 1, (-2, 0, 0, 1)),
    ("refugees", 2, (0, 1, 0, 0)),
    ("plague", 1, (0, -1, 0, 0)),
    ("plague", 2, (0, 0, 0, -1)),
    ("windfall", 1, (5, 0, 0, 0)),
    ("brain-drain", 1, (-3, 0, 0, 0)),
    ("brain-drain", 2, (0, 0, -3, 0)),
    ("diplomatic-gift", 1, (2, 1, 0, 0)),
    ("solar-flare", 1, (-3, 0, 0, 0)),
    ("solar-flare", 2, (0, 0, 0, -1)),
    ("breakthrough", 1, (0, 0, 5, 0)),
    ("breakthrough", 2, (4, 0, 0, 0)),
    ("strike", 1, (-4, 0, 0, 0)),
    ("strike", 2, (0, -1, 0, 0)),
    ("baby-boom", 1, (0, 0, 0, 1)),
    ("baby-boom", 2, (3, 0, 0, 0)),
    ("smugglers", 1, (3, 0, 0, 0)),
    ("smugglers", 2, (0, 1, 0, 0)),
    ("ancient-archive", 1, (0, 0, 3, 0)),
    ("ancient-archive", 2, (3, 0, 0, 0)),
    ("ancient-archive", 3, (1, 1, 1, 0)),
]


def _holding(card: str, leader: str = "bob", seed: int = 2) -> Campaign:
    """A campaign at turn 8 where ``leader`` holds ``card``, dealt from the events deck."""
    c = at_turn(make_campaign(), 8, "alice")
    pile = decks.deck(c.game, "events", EVENT_CARDS, RandomSource(seed))
    pile.draw.remove(card)
    c.player(leader).hand.append(card)
    return c


@pytest.mark.parametrize("card, choice, change", EVENT_EFFECTS)
def test_play_event_applies_the_choice_and_discards(card, choice, change):
    c = _holding(card)
    bob = c.player("bob")
    bob.bc, bob.orders, bob.rp = 10, 2, 5
    hw = home(c, "bob").planet
    before = (bob.bc, bob.orders, bob.rp, hw.population)
    result = play_event(c, RULES, bob, card, choice)
    after = (bob.bc, bob.orders, bob.rp, hw.population)
    assert tuple(a - b for a, b in zip(after, before)) == change
    assert bob.hand == [] and c.game.decks["events"].discard == [card]
    assert result.card == card and result.choice == choice
    # the choices are what the table says
    for effect in RULES.events.row(card).values[f"choice_{choice}"]:
        parse(effect)


@pytest.mark.parametrize("card, choice", [("windfall", 2), ("diplomatic-gift", 3), ("plague", 3)])
def test_play_event_wrong_choice_refused(card, choice):
    c = _holding(card)
    bob = c.player("bob")
    with pytest.raises(RuleRefused, match="choice"):
        play_event(c, RULES, bob, card, choice)
    assert bob.hand == [card] and c.game.decks["events"].discard == [] and bob.bc == 4


def test_play_event_card_not_in_hand_refused():
    c = _holding("windfall", "bob")
    with pytest.raises(RuleRefused, match="holds no card"):
        play_event(c, RULES, c.player("alice"), "windfall", 1)
    assert c.player("bob").hand == ["windfall"] and c.player("alice").bc == 4


def test_event_effects_never_go_below_zero():
    c = _holding("brain-drain")
    bob = c.player("bob")
    bob.bc = 1
    play_event(c, RULES, bob, "brain-drain", 1)
    assert bob.bc == 0


# ============================================================== victory (A12)


def _own_homeworld_of(c: Campaign, conqueror: str, victim: str) -> None:
    home(c, victim).owner = conqueror


def test_conquest_at_turn_start():
    c = at_turn(make_campaign(), 5)
    _own_homeworld_of(c, "alice", "bob")
    out = start_turn(c, RULES, RandomSource(1)).to_data()
    assert "victory" not in out  # one other homeworld is not enough
    end_turn(c, RULES, RandomSource(1))
    _own_homeworld_of(c, "alice", "carol")  # taken during turn 5
    out = start_turn(c, RULES, RandomSource(1)).to_data()
    assert out["victory"] == {"kind": "conquest", "leader": "alice", "turn": 6}
    assert c.victory["kind"] == "conquest"
    with pytest.raises(RuleRefused, match="over"):
        ensure_not_over(c)
    with pytest.raises(RuleRefused, match="over"):
        end_turn(c, RULES, RandomSource(1))
    assert c.turn == 6


def test_no_conquest_without_the_own_homeworld():
    c = make_campaign(["alice", "bob", "carol", "dave"])
    _own_homeworld_of(c, "alice", "bob")
    _own_homeworld_of(c, "alice", "carol")
    _own_homeworld_of(c, "dave", "alice")
    out = start_turn(c, RULES, RandomSource(1)).to_data()
    assert "victory" not in out and c.victory is None


def test_orion_colonised_wins_at_the_end_of_the_turn():
    c = at_turn(make_campaign(), 9, "carol")
    start_turn(c, RULES, RandomSource(1))
    orion = c.game.system(CENTRE)
    orion.explored_by, orion.explored_turn = "bob", 9
    with pytest.raises(RuleRefused, match="Guardian"):
        colonize(c, c.player("bob"), CENTRE)
    orion.guardian = False  # destroyed
    colonize(c, c.player("bob"), CENTRE)
    out = end_turn(c, RULES, RandomSource(1)).to_data()
    assert out["victory"] == {"kind": "orion", "leader": "bob", "turn": 9}
    assert "next_turn" not in out and c.turn == 9
    with pytest.raises(RuleRefused, match="bob won"):
        start_turn(c, RULES, RandomSource(1))


def test_diplomatic_victory():
    c = at_turn(make_campaign(), 14, "alice")
    start_turn(c, RULES, RandomSource(1))
    _colonies(c, "alice", 1)
    council_campaign.elect(c, c.player("alice"), c.player("alice"))
    council_campaign.elect(c, c.player("bob"), c.player("carol"))
    council_campaign.elect(c, c.player("carol"), c.player("carol"))
    out = end_turn(c, RULES, RandomSource(1)).to_data()
    # alice 2 votes, carol 2 of 4: needed 3 → nobody
    assert out["election"]["elected"] is None and "victory" not in out
    start_turn(c, RULES, RandomSource(1))
    council_campaign.elect(c, c.player("alice"), c.player("alice"))
    council_campaign.elect(c, c.player("bob"), c.player("alice"))
    council_campaign.elect(c, c.player("carol"), None)
    out = end_turn(c, RULES, RandomSource(1)).to_data()
    assert out["election"]["elected"] == "alice"
    assert out["victory"]["kind"] == "diplomatic" and out["victory"]["leader"] == "alice"
    assert c.turn == 15
    with pytest.raises(RuleRefused, match="over"):
        start_turn(c, RULES, RandomSource(1))


def test_orion_colonised_in_movement_beats_an_emperor_elected_in_the_council_phase():
    """A3 phases: movement (colonising Orion) comes before the Council vote; A12 also lists
    Orion first — the first victory that holds ends the game."""
    c = at_turn(make_campaign(), 14, "alice")
    start_turn(c, RULES, RandomSource(1))
    orion = c.game.system(CENTRE)
    orion.explored_by, orion.guardian = "bob", False
    colonize(c, c.player("bob"), CENTRE)
    for voter in PLAYERS:
        council_campaign.elect(c, c.player(voter), c.player("alice"))
    out = end_turn(c, RULES, RandomSource(1)).to_data()
    assert out["victory"]["kind"] == "orion" and out["victory"]["leader"] == "bob"


def _last_turn(setup) -> dict:
    c = at_turn(make_campaign(), 18, "alice")
    for name in PLAYERS:
        home(c, name).planet.population = 4  # at max: no growth
    setup(c)
    start_turn(c, RULES, RandomSource(1))
    return c, end_turn(c, RULES, RandomSource(1)).to_data()


def test_no_territorial_victory_before_turn_18():
    c = at_turn(make_campaign(), 17, "alice")
    start_turn(c, RULES, RandomSource(1))
    out = end_turn(c, RULES, RandomSource(1)).to_data()
    assert "victory" not in out and c.turn == 18 and c.victory is None


def test_territorial_most_planets():
    def setup(c):
        add_planet(c, "carol", pop=1, max_pop=1)

    c, out = _last_turn(setup)
    v = out["victory"]
    assert (v["kind"], v["leader"], v["decided_by"], v["turn"]) == ("territorial", "carol", "planets", 18)
    assert "next_turn" not in out and c.turn == 18


def test_territorial_tie_on_planets_broken_by_population():
    def setup(c):
        add_planet(c, "alice", pop=3, max_pop=3)  # 2 planets, 7 colonists
        add_planet(c, "bob", pop=2, max_pop=2)  # 2 planets, 6 colonists
        c.player("bob").bc = 100  # BC come only after population

    c, out = _last_turn(setup)
    v = out["victory"]
    assert (v["leader"], v["decided_by"]) == ("alice", "population")
    assert [(s["leader"], s["planets"], s["population"]) for s in v["standings"]] == [
        ("alice", 2, 7),
        ("bob", 2, 6),
        ("carol", 1, 4),
    ]
    assert c.player("bob").bc > c.player("alice").bc


def test_territorial_tie_on_planets_and_population_broken_by_bc():
    def setup(c):
        add_planet(c, "alice", pop=3, max_pop=3)
        add_planet(c, "bob", pop=3, max_pop=3)
        c.player("alice").bc = 10
        c.player("bob").bc = 11

    c, out = _last_turn(setup)
    v = out["victory"]
    # production first: 16 (homeworld) + 3 (inactive colony) each
    assert (c.player("alice").bc, c.player("bob").bc) == (29, 30)
    assert (v["leader"], v["decided_by"]) == ("bob", "bc")
    assert [s["leader"] for s in v["standings"]] == ["bob", "alice", "carol"]


def test_territorial_full_tie_names_no_single_winner():
    def setup(c):
        add_planet(c, "alice", pop=3, max_pop=3)
        add_planet(c, "bob", pop=3, max_pop=3)

    c, out = _last_turn(setup)
    v = out["victory"]
    assert v["leader"] is None and sorted(v["tied"]) == ["alice", "bob"]


def test_after_a_victory_nothing_more_changes():
    def setup(c):
        add_planet(c, "carol", pop=1, max_pop=1)

    c, out = _last_turn(setup)
    c.game.quests = ["monster-hunt"]
    c.player("alice").hand = ["windfall"]
    alice = c.player("alice")
    alice.orders = 5
    planet = add_planet(c, None, hex_=free_neighbours(c, "alice")[0], explored_by="alice", pop=0)
    calls = [
        lambda: ensure_not_over(c),
        lambda: start_turn(c, RULES, RandomSource(1)),
        lambda: end_turn(c, RULES, RandomSource(1)),
        lambda: complete_quest(c, RULES, alice, "monster-hunt"),
        lambda: play_event(c, RULES, alice, "windfall", 1),
        lambda: colonize(c, alice, planet.hex),
        lambda: assign(c, alice, alice.homeworld, 2, 2),
        lambda: change_fleet(c, alice, +1, PROD),
    ]
    for call in calls:
        with pytest.raises(RuleRefused, match="over"):
            call()
    assert (alice.bc, alice.orders, alice.fleet_size, alice.hand) == (4 + 16, 5, 1, ["windfall"])
    assert planet.owner is None and c.turn == 18


# ============================================================== a full scripted game


def _expected_after_production(c: Campaign) -> tuple[dict[str, dict[str, int]], dict[str, int]]:
    """What the production phase should leave — (leader → bc/rp/orders, hex → population) —
    from docs/rules-orion.md A5–A7: an independent model of the arithmetic."""
    out = {p.name: {"bc": p.bc, "rp": p.rp, "orders": p.orders + c.game.orders_per_turn} for p in c.players}
    pops = {}
    for s in c.game.systems:
        pl = s.planet
        if s.owner is None or pl is None:
            continue
        active = s.homeworld_of is not None or pl.active_turn == c.turn
        workers = pl.population - pl.scientists
        ppw, rpw = expected_rates(pl.production, pl.properties)
        if active:
            out[s.owner]["bc"] += workers * ppw
            out[s.owner]["rp"] += 0 if pl.blockaded else pl.scientists * rpw
        else:
            out[s.owner]["bc"] += pl.population
        if pl.blockaded or "hostile" in pl.properties:
            growth = 0
        else:
            growth = 2 if "favorable" in pl.properties else 1
        pops[str(s.hex)] = min(pl.max_population, pl.population + growth)
    return out, pops


def _rules_without_bill_effects() -> Rules:
    """The shipped rules with bills that change nothing: this game checks the turn engine's
    arithmetic; what each bill does is tests/test_laws.py's."""
    from dataclasses import replace

    rules = Rules(LIB)
    rows = tuple(replace(r, values={**r.values, "effects": []}) for r in rules.bills.rows)
    rules.bills = replace(rules.bills, rows=rows)
    return rules


def test_full_scripted_game(moderator_judges):
    RULES = _rules_without_bill_effects()  # noqa: N806 (the module's name, shadowed for this game)
    c = make_campaign(seed=1)
    c.game.orders_per_turn = 1  # a campaign setting (A2 decision)
    c.game.activation = "per-turn"  # the earlier reading of A6 (wave 3 setting), as the model below reads it
    dice = Scripted([], seed=2024)
    A, B, C = (c.player(n) for n in PLAYERS)
    an, bn, cn = free_neighbours(c, "alice"), free_neighbours(c, "bob"), free_neighbours(c, "carol")

    def explored(hex_, by, **kw) -> System:
        return add_planet(c, None, hex_=hex_, explored_by=by, pop=0, **kw)

    a1 = explored(an[0], "alice", type="ocean", production=3, max_pop=3)
    a2 = explored(an[1], "alice", type="steppe", production=3, max_pop=4, props=("favorable",))
    b1 = explored(bn[0], "bob", type="terran", production=4, size="small", max_pop=2, props=("rich",))
    b2 = explored(bn[1], "bob", type="ocean", production=3, max_pop=3, props=("artifacts",))
    c1 = explored(cn[0], "carol", type="ocean", production=3, max_pop=2, props=("hostile",))

    bribes: dict[str, int] = {}
    ties_by_chair = 0
    stage_seen = []
    quest_log: list[tuple[int, str, list[str]]] = []

    for turn in range(1, 19):
        assert c.turn == turn
        if turn == 7:
            dice.faces = [2]  # the token die: face 2 → bob
        asked = len(dice.asked)
        out = start_turn(c, RULES, dice).to_data()
        stage = RULES.stage_of(turn)
        assert out["stage"] == stage == c.stage
        stage_seen.append(stage)
        token = c.game.token
        if turn < 7:
            assert token is None and out["chair"] is None and c.game.council.vote is None
        else:
            assert token == PLAYERS[(1 + turn - 7) % 3]  # bob at 7, then clockwise
            assert out["chair"] == token == c.game.council.chair
            assert movement_order(c) == out["movement_order"]
            first = PLAYERS.index(token)
            seats = PLAYERS[first:] + PLAYERS[:first]
            assert out["movement_order"] == (seats if turn % 2 else [seats[0]] + seats[:0:-1])
            assert len(out["bills_drawn"]) == 2 and c.game.council.vote["options"] == out["bills_drawn"]
        if turn == 7:
            assert out["token_dealt"] == "bob" and dice.asked[asked][0] == 3
        # --- checkpoints at the start of turns
        if turn == 8:
            assert {k: len(v) for k, v in out["events_dealt"].items()} == {"alice": 2, "bob": 2, "carol": 1}
            assert [len(p.hand) for p in c.players] == [2, 2, 1]
        elif turn == 13:
            # 3 cards at most, never more than the colonies: alice 2, bob 2, carol 1
            assert {k: len(v) for k, v in out["events_dealt"].items()} == {"alice": 2, "bob": 2, "carol": 1}
            assert [len(p.hand) for p in c.players] == [2, 2, 1]
            assert stage == 3
        else:
            assert "events_dealt" not in out

        # --- the leaders' actions (movement phase and the moderator's record-keeping)
        quest = out["quest"]
        completers: list[str] = []
        if turn == 1:
            colonize(c, A, a1.hex)
            colonize(c, B, b1.hex)
        elif turn == 2:
            assign(c, A, A.homeworld, 3, 1)
            completers = ["alice", "bob"]
        elif turn == 3:
            colonize(c, C, c1.hex)
            activate(c, b1, PROD)  # bob has 2 orders
        elif turn == 4:
            A.colony_ships += 1  # built by the moderator's record
            colonize(c, A, a2.hex)
            completers = ["carol"]
        elif turn == 5:
            B.colony_ships += 1
            colonize(c, B, b2.hex)
            assign(c, B, b2.hex, 0, 1)
            activate(c, b1, PROD)
        elif turn == 7:
            activate(c, b2, PROD)
        elif turn == 8:
            completers = ["alice", "carol"]
        elif turn == 9:
            for player in c.players:  # every card played, first choice
                for card in list(player.hand):
                    play_event(c, RULES, player, card, 1)
            assert sum(len(p.hand) for p in c.players) == 0
        elif turn in (10, 12, 15, 17):
            activate(c, b1, PROD)
        if completers and quest:
            for name in completers:
                complete_quest(c, RULES, c.player(name), quest)
            quest_log.append((turn, quest, completers))

        # --- the Council (stages 2-3)
        bribes = {}
        chair_decision = None
        tie_expected = None
        if stage > 1:
            council_campaign.propose(c, RULES.bills, dice, pick=1 + turn % 2)
            votes = {}
            if turn == 7:  # bob (chair) yes 3, alice no 3, carol abstains: the chair's vote stands
                votes = {"bob": ("yes", 0), "alice": ("no", 0), "carol": ("abstain", 0)}
                tie_expected = (True, "vote")
            elif turn == 9:  # alice (chair) abstains; bob yes 3, carol no 2 + 3 BC → 3: tie
                votes = {"alice": ("abstain", 0), "bob": ("yes", 0), "carol": ("no", 3)}
                chair_decision = "no"
                tie_expected = (False, "decision")
            elif turn >= 15:  # alice buys votes: 3 + 9/3 = 6 against 3 + 2
                votes = {"alice": ("yes", 9), "bob": ("no", 0), "carol": ("no", 0)}
            else:
                votes = {"alice": ("yes", 0), "bob": ("yes", 0)}
            for name, (vote, bribe) in votes.items():
                council_campaign.cast(c, c.player(name), vote, bribe)
                if bribe:
                    bribes[name] = bribe
        if turn == 14:  # an election with no majority: alice 3, bob 3 of 6, needed 4
            council_campaign.elect(c, A, A)
            council_campaign.elect(c, B, B)
            council_campaign.elect(c, C, None)

        # --- what the end of the turn should give
        want, pops = _expected_after_production(c)
        for name, bribe in bribes.items():
            want[name]["bc"] -= bribe
        ended = end_turn(c, RULES, dice, chair_decision).to_data()
        for p in c.players:
            assert (p.bc, p.rp, p.orders) == (want[p.name]["bc"], want[p.name]["rp"], want[p.name]["orders"]), (
                turn,
                p.name,
            )
        for s in c.game.systems:
            if s.owner and s.planet:
                assert s.planet.population == pops[str(s.hex)], (turn, str(s.hex))
        if stage > 1:
            council = ended["council"]
            assert council["bill"] in BILL_IDS
            if tie_expected:
                passed, how = tie_expected
                assert council["tie"] and council["decided_by_chair"] and council["passed"] is passed
                assert council["chair"] == token
                ties_by_chair += 1
            elif turn >= 15:
                assert (council["yes"], council["no"], council["passed"], council["tie"]) == (6, 5, True, False)
            else:
                assert (council["yes"], council["no"], council["passed"]) == (6, 0, True)
        else:
            assert "council" not in ended
        if turn == 14:
            assert ended["election"]["elected"] is None
            assert ended["election"]["totals"] == {"alice": 3, "bob": 3}
        if completers and quest:
            discarded = turn == 6 or stage > 1
            assert (quest in ended["quests_discarded"]) is discarded
            assert ended["quests_completed"][quest] == completers
        if turn == 6:
            assert c.game.quests == [] and len(c.game.decks["quests-stage1"].discard) == 6
        if turn < 18:
            assert "victory" not in ended and ended["next_turn"] == turn + 1

        # --- checkpoints at the end of turns
        if turn == 1:
            assert (A.bc, B.bc, C.bc) == (4 + 12 + 1, 4 + 12 + 1, 16)
            assert [c.game.homeworld(p).planet.population for p in c.players] == [4, 4, 4]
            assert (a1.planet.population, b1.planet.population) == (2, 2)
            assert [p.orders for p in c.players] == [1, 1, 1]
            assert c.game.token is None and c.game.council.chair is None
        if turn == 2:  # by hand: alice 3 workers (12) + 1 scientist (4 RP) + A1 inactive 2
            assert (A.bc, A.rp, B.bc, C.bc) == (17 + 14, 4, 17 + 18, 16 + 16)
        if turn == 3:  # bob's B1 active: 2 workers × (4 + 1 rich) = 10, homeworld 16
            assert B.bc == 35 + 26
        if turn in (7, 8, 13, 18):
            assert (c.stage, c.game.council.chair) == (stage, token)
            assert [len(p.hand) for p in c.players] == ([0, 0, 0] if turn == 7 else [2, 2, 1])
            pile = c.game.decks["events"] if turn > 7 else None
            if pile:
                held = [card for p in c.players for card in p.hand]
                assert sorted(pile.draw + pile.discard + held) == sorted(EVENT_DECK)
        if turn == 7:
            assert ended["token_next"] == "carol" and c.game.token == "carol"
            assert "events" not in c.game.decks

    assert stage_seen == [1] * 6 + [2] * 6 + [3] * 6
    assert ties_by_chair == 2
    # the end: alice and bob 3 planets each, carol 2; alice has more colonists
    v = c.victory
    assert v["kind"] == "territorial" and v["turn"] == 18
    assert (v["leader"], v["decided_by"]) == ("alice", "population")
    assert [(s["leader"], s["planets"], s["population"]) for s in v["standings"]] == [
        ("alice", 3, 4 + 3 + 4),
        ("bob", 3, 4 + 2 + 3),
        ("carol", 2, 4 + 1),
    ]
    assert B.bc > A.bc  # BC would have chosen bob
    assert c.turn == 18 and c.game.token == "bob"  # passed on after turn 18 (alice's)
    with pytest.raises(RuleRefused, match=r"alice won on turn \d+ \(territorial victory\)"):
        start_turn(c, RULES, dice)
