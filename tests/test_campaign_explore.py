"""Exploration inside a campaign (docs/rules-orion.md A4, A4.5; gmtool/rules/orion/campaign_explore.py):
what may be explored, neighbourhood modifiers, applying the result to the map.

Expected values are written from docs/rules-orion.md, docs/commands.md and the docstrings, not read
back from the code under test.
"""

from __future__ import annotations

import pytest

from gmtool.campaign.hexes import Hex, within
from gmtool.campaign.model import Player
from gmtool.campaign.verify import validate_state
from gmtool.dice.sources import FixedSource
from gmtool.errors import RuleRefused
from gmtool.rolltables.roller import DiceRoller
from gmtool.rules.orion.campaign_explore import apply_exploration, check_explorable, explore_hex, neighbourhood_of
from gmtool.rules.orion.exploration import TOO_FEW_PLANETS, TOO_MANY_PLANETS, OrionTables, explore, special_planet
from gmtool.rules.orion.production import produce
from gmtool.rules.orion.records import slay_monster
from gmtool.rules.orion.state import Monster, System
from helpers import free_hex, make_campaign, put, roller, shipped_library
from reach_paths import open_path

TABLES = OrionTables(shipped_library())


class TestCampaignExploration:
    def setup_method(self):
        self.c = make_campaign()
        self.alice = self.c.player("alice")
        self.home = self.alice.homeworld
        self.ring = self.home.neighbours()

    def explore_at(self, hex_: Hex, *faces: int, player: Player | None = None, ship: str = "scout"):
        player = player or self.alice
        check_explorable(self.c, player, hex_)
        r, src = roller(*faces)
        near = neighbourhood_of(self.c, hex_, TABLES)
        result = explore(r, TABLES, self.c.stage, near)
        src.finish()  # no face left over: the dice order is pinned
        changes = apply_exploration(self.c, player, hex_, result, ship)
        return result, changes

    # -- the neighbourhood read from the map
    def test_neighbourhood_from_the_map(self):
        n = neighbourhood_of(self.c, self.ring[0], TABLES)
        assert (n.planets, n.terran, n.colonisable, n.unexplored) == (0, 0, 0, 6)
        put(self.c, self.ring[1], type_="terran")
        put(self.c, self.ring[2], type_="ocean")
        put(self.c, self.ring[3], type_="inferno")
        put(self.c, self.ring[4], "asteroids")
        n = neighbourhood_of(self.c, self.ring[0], TABLES)
        assert (n.planets, n.terran, n.colonisable, n.unexplored) == (3, 1, 2, 2)
        # a system present but not explored still counts as unexplored
        self.c.game.systems.append(System(hex=self.ring[5], discovery="planet"))
        assert neighbourhood_of(self.c, self.ring[0], TABLES).unexplored == 2
        # far from every homeworld: no neighbourhood
        far = Hex(0, 1)
        assert all(p.homeworld.distance(far) > 1 for p in self.c.players)
        assert neighbourhood_of(self.c, far, TABLES) is None

    # -- A4.5 both directions
    def test_four_planets_next_to_homeworld_reroll_planets(self):
        for h, t in zip(self.ring[:4], ["terran", "ocean", "steppe", "barren"]):
            put(self.c, h, type_=t)
        n = neighbourhood_of(self.c, self.ring[4], TABLES)
        assert (n.planets, n.unexplored) == (4, 2)
        result, _ = self.explore_at(self.ring[4], 3, 10, 6, 9, 2)
        assert result.discovery == "asteroids"
        assert [r.face for r in result.rerolls] == [3, 10, 6, 9]
        assert result.exploration.reroll_reason == TOO_MANY_PLANETS
        assert self.c.game.system(self.ring[4]).discovery == "asteroids"
        assert self.c.game.system(self.ring[4]).planet is None
        # and then the last neighbour: still 4 planets, empty on a first roll of 1
        result, _ = self.explore_at(self.ring[5], 1)
        assert result.discovery == "empty" and result.rerolls == []

    def test_last_hex_rerolls_until_a_planet(self):
        for h, d in zip(self.ring[:5], ["empty", "asteroids", "empty", "asteroids", "empty"]):
            put(self.c, h, d)
        n = neighbourhood_of(self.c, self.ring[5], TABLES)
        assert (n.planets, n.unexplored) == (0, 1)
        result, _ = self.explore_at(self.ring[5], 1, 2, 1, 6, 9, 5)  # 1, 2, 1 rerolled; ordinary planet
        assert result.discovery == "planet"
        assert [r.face for r in result.rerolls] == [1, 2, 1]
        assert result.exploration.reroll_reason == TOO_FEW_PLANETS
        assert self.c.game.system(self.ring[5]).planet is not None

    def test_planets_plus_unexplored_two_rerolls_empty(self):
        put(self.c, self.ring[0], type_="barren")
        for h in self.ring[1:4]:
            put(self.c, h, "empty")
        n = neighbourhood_of(self.c, self.ring[4], TABLES)
        assert n.planets + n.unexplored == 3
        result, _ = self.explore_at(self.ring[4], 1)  # 3 > 2: no reroll
        assert result.discovery == "empty" and result.rerolls == []
        n = neighbourhood_of(self.c, self.ring[5], TABLES)
        assert n.planets + n.unexplored == 2
        result, _ = self.explore_at(self.ring[5], 2, 7, 9, 5)  # now rerolled
        assert result.discovery == "planet" and [r.face for r in result.rerolls] == [2]

    # -- −4 / −2 world-type modifiers
    def _type_mods(self, result) -> list[int]:
        return sorted(m.value for m in result.planet.type_roll.modifiers)

    def test_modifiers_next_to_a_homeworld(self):
        result, _ = self.explore_at(self.ring[0], 6, 7, 5)  # ordinary planet, d10 7
        assert self._type_mods(result) == [-4, -2]
        assert result.planet.type_roll.total == 1
        assert result.planet.type == "terran"

    def test_modifiers_not_applied_away_from_homeworlds(self):
        self.c.stage = 2
        far = next(
            h
            for h in within(self.c.game.radius)
            if h != self.c.game.orion
            and all(p.homeworld.distance(h) > 1 for p in self.c.players)
            and self.c.game.system(h) is None
        )
        open_path(self.c, "alice", far)  # stage 2: in reach (A4)
        result, _ = self.explore_at(far, 6, 7, 5)
        assert self._type_mods(result) == []
        assert result.planet.type == "barren"

    def test_minus_four_stops_once_a_terran_is_adjacent(self):
        put(self.c, self.ring[1], type_="terran")
        result, _ = self.explore_at(self.ring[0], 6, 7, 5)
        assert self._type_mods(result) == [-2]
        assert result.planet.type == "steppe"  # 7 − 2 = 5

    def test_minus_two_stops_at_three_colonisable(self):
        for h in self.ring[1:4]:
            put(self.c, h, type_="ocean")
        result, _ = self.explore_at(self.ring[0], 6, 7, 5)
        assert self._type_mods(result) == [-4]  # no terran yet
        assert result.planet.type == "ocean"  # 7 − 4 = 3
        c2 = make_campaign()
        ring = c2.players[0].homeworld.neighbours()
        for h, t in zip(ring[1:4], ["terran", "ocean", "steppe"]):
            put(c2, h, type_=t)
        r, _ = roller(6, 7, 5)
        result = explore(r, TABLES, 1, neighbourhood_of(c2, ring[0], TABLES))
        assert self._type_mods(result) == []
        assert result.planet.type == "barren"

    def test_non_colonisable_planets_do_not_count(self):
        for h in self.ring[1:4]:
            put(self.c, h, type_="inferno")
        result, _ = self.explore_at(self.ring[0], 6, 7, 5)
        assert self._type_mods(result) == [-4, -2]

    # -- effects in the state
    def test_rare_elements_stage_1(self):
        result, changes = self.explore_at(self.ring[0], 9, 9, 7, 5)  # rich; ⌈9/2⌉ = 5 rare elements
        assert [e.id for e in result.events] == ["rare_elements"]
        assert self.alice.bc == 4 + 8
        assert {"player": "alice", "bc": 8} in changes

    @pytest.mark.parametrize("stage,bc", [(2, 24), (3, 36)])
    def test_treasure_by_stage(self, stage, bc):
        self.c.stage = stage
        result, _ = self.explore_at(self.ring[0], 8, 7, 7, 5)  # favorable; positive 7 treasure
        assert [e.id for e in result.events] == ["treasure"]
        assert self.alice.bc == 4 + bc
        assert self.c.player("bob").bc == 4

    def test_contamination_takes_an_order(self):
        self.alice.orders = 2
        result, _ = self.explore_at(self.ring[0], 4, 10, 7, 5)  # hostile; ⌈10/2⌉ = 5 contamination
        assert [e.id for e in result.events] == ["contamination"]
        assert self.alice.orders == 1
        assert self.c.game.homeworld(self.alice).planet.population == 3

    def test_contamination_with_no_orders_takes_a_colonist(self):
        assert self.alice.orders == 0
        self.explore_at(self.ring[0], 4, 9, 7, 5)
        assert self.alice.orders == 0
        assert self.c.game.homeworld(self.alice).planet.population == 2

    def test_contamination_with_exactly_one_order_takes_only_the_order(self):
        # docs/rules-orion.md A4.2: "the leader loses 1 order; with no orders, 1 colonist".
        self.alice.orders = 1
        self.explore_at(self.ring[0], 4, 9, 7, 5)
        assert self.alice.orders == 0
        assert self.c.game.homeworld(self.alice).planet.population == 3

    def test_natives_become_the_explorers_colony(self):
        self.c.stage = 2
        result, _ = self.explore_at(self.ring[0], 8, 8, 7, 1)  # favorable; natives; tiny → small
        assert [e.id for e in result.events] == ["natives"]
        s = self.c.game.system(self.ring[0])
        assert s.planet.size == "small"
        assert s.owner == "alice"
        assert s.planet.population == 2
        assert s.planet.population <= s.planet.max_population

    def test_natives_keep_two_above_max_population(self):
        # A hostile small world holds max 1: the 2 natives stay (A4.3 decision), no growth.
        self.c.stage = 2
        r, src = roller(8, 7, 1)  # positive 8 natives, type, size tiny
        result = special_planet(r, TABLES, 2, ["hostile"], event="positive")
        src.finish()
        assert result.planet.size == "small" and result.planet.max_population == 1
        apply_exploration(self.c, self.alice, self.ring[0], result)
        s = self.c.game.system(self.ring[0])
        assert s.planet.population == 2 and s.owner == "alice"
        assert validate_state(self.c, shipped_library()) == []

    @pytest.mark.parametrize("ship,attr", [("scout", "scouts"), ("colony_ship", "colony_ships")])
    def test_fleet_lost(self, ship, attr):
        result, _ = self.explore_at(self.ring[0], 5, 1, 7, 5, ship=ship)  # poor; ⌈1/2⌉ = 1 fleet lost
        assert [e.id for e in result.events] == ["fleet_lost"]
        assert getattr(self.alice, attr) == 0
        other = "colony_ships" if attr == "scouts" else "scouts"
        assert getattr(self.alice, other) == 1
        s = self.c.game.system(self.ring[0])
        assert s.explored_by == "alice" and s.planet is not None  # still explored (A4.2 decision)

    def test_technology_award(self):
        result, _ = self.explore_at(self.ring[0], 8, 1, 7, 5)  # favorable; ⌈1/2⌉ = 1 technology
        assert [e.id for e in result.events] == ["technology"]
        assert len(self.alice.awards) == 1
        award = self.alice.awards[0]
        assert (award["kind"], award["value"]) == ("technologies", 2)
        assert award["hex"] == str(self.ring[0]) and award["turn"] == 1 and award["id"] == 1

    @pytest.mark.parametrize("stage,ship", [(2, "dreadnought"), (3, "titan")])
    def test_derelict_award(self, stage, ship):
        self.c.stage = stage
        self.explore_at(self.ring[0], 9, 6, 7, 5)  # rich; positive 6 derelict
        assert self.alice.ships == {ship: 1}  # straight into the fleet

    def test_lost_colony_buildings(self):
        self.c.stage = 2
        result, _ = self.explore_at(self.ring[0], 9, 9, 5)  # rich; lost colony; no type roll; size 5
        s = self.c.game.system(self.ring[0])
        assert s.planet.type == "terran"
        assert set(s.planet.buildings) == {"auto_lab", "auto_factory", "robo_mine"}

    @pytest.mark.parametrize("stage,great", [(2, False), (3, True)])
    def test_monster_recorded(self, stage, great):
        self.c.stage = stage
        result, _ = self.explore_at(self.ring[0], 4, 7, 9, 7, 5)  # hostile; monster treasure; dragon
        s = self.c.game.system(self.ring[0])
        assert s.monster == Monster(kind="dragon", great=great, guards="treasure")
        assert self.alice.bc == 4  # guarded: not gained yet
        assert "monster_treasure" in s.events

    def test_explored_system_recorded(self):
        self.c.turn = 3
        self.explore_at(self.ring[0], 6, 7, 5)
        s = self.c.game.system(self.ring[0])
        assert (s.explored_by, s.explored_turn, s.discovery) == ("alice", 3, "planet")
        assert (s.planet.type, s.planet.size, s.planet.max_population, s.planet.production) == (
            "terran",
            "medium",
            3,
            4,
        )
        assert s.owner is None and s.planet.population == 0

    # -- where one may explore
    def test_check_explorable_refusals(self):
        with pytest.raises(RuleRefused, match="already explored"):
            check_explorable(self.c, self.alice, self.home)
        put(self.c, self.ring[0], "empty")
        with pytest.raises(RuleRefused, match="already explored"):
            check_explorable(self.c, self.alice, self.ring[0])
        off = Hex(self.c.game.radius + 1, 0)
        with pytest.raises(RuleRefused, match="stage 1"):  # reach first: nothing leaks in stage 1
            check_explorable(self.c, self.alice, off)
        self.c.stage = 2
        with pytest.raises(RuleRefused, match="off the map"):
            check_explorable(self.c, self.alice, off)
        self.c.stage = 1
        two = next(h for h in within(2, self.home) if h.distance(self.home) == 2 and self.c.game.on_map(h))
        with pytest.raises(RuleRefused, match="stage 1"):
            check_explorable(self.c, self.alice, two)
        check_explorable(self.c, self.alice, self.ring[1])
        self.c.stage = 2  # from stage 2: next to explored space joined to its own systems (A4)
        with pytest.raises(RuleRefused, match="behind unexplored space"):
            check_explorable(self.c, self.alice, two)
        with pytest.raises(RuleRefused, match="behind unexplored space"):
            check_explorable(self.c, self.alice, self.c.game.orion)
        open_path(self.c, "alice", two)
        check_explorable(self.c, self.alice, two)
        open_path(self.c, "alice", self.c.game.orion)
        check_explorable(self.c, self.alice, self.c.game.orion)
        with pytest.raises(RuleRefused, match="off the map"):
            check_explorable(self.c, self.alice, off)


def test_exploring_needs_a_ship_and_fleet_lost_destroys_that_ship(orion_game):
    c, rules = orion_game
    alice = c.player("alice")
    near = alice.homeworld.neighbours()[0]
    alice.scouts = 0
    with pytest.raises(RuleRefused, match="no scout"):
        explore_hex(c, rules.orion, alice, near, DiceRoller(FixedSource([4, 1, 5, 5])))
    assert c.game.system(near) is None
    alice.ships = {"frigate": 1}
    # exploration 4 (hostile, negative) → event 1 (stage 1: ceil(1/2) = 1, fleet lost) → type → size
    explore_hex(c, rules.orion, alice, near, DiceRoller(FixedSource([4, 1, 5, 5])), "frigate")
    assert alice.ships == {} and c.game.system(near).explored_by == "alice"


def test_natives_keep_their_two_colonists_on_a_world_of_max_population_1(orion_game):
    c, rules = orion_game
    c.stage = 2
    alice = c.player("alice")
    target = free_hex(c)
    # exploration 4 (hostile, negative) → event 8 (monster guards natives) → monster 1 → type 1 → size 1 (→ small)
    open_path(c, "alice", target)
    explore_hex(c, rules.orion, alice, target, DiceRoller(FixedSource([4, 8, 1, 1, 1])))
    planet = c.game.system(target).planet
    assert (planet.size, planet.max_population) == ("small", 1)  # small 2, hostile −1
    slay_monster(c, rules, target, alice)
    assert (c.game.system(target).owner, planet.population) == ("alice", 2)
    produce(c, rules.orion, rules.production, rules.costs)
    assert planet.population == 2  # no growth, no loss
