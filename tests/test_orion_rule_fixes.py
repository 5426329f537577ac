"""The seed's numbers for the rule fixes of issue 12 (RULES.md A4.3, A6, A9, A12 decisions),
each with forced dice or a fixed state."""
from __future__ import annotations

import pytest

from gmtool.campaign.hexes import Hex
from gmtool.dice.sources import FixedSource, RandomSource
from gmtool.errors import RuleRefused
from gmtool.rolltables import TableLibrary
from gmtool.rolltables.roller import DiceRoller
from gmtool.rules.orion.building import order_build
from gmtool.rules.orion.campaign_explore import explore_hex
from gmtool.rules.orion.council_campaign import elect, tally_emperor
from gmtool.rules.orion.planets import colonize
from gmtool.rules.orion.production import produce
from gmtool.rules.orion.records import slay_monster
from gmtool.rules.orion.setup import new_campaign
from gmtool.rules.orion.turns import Rules
from reach_paths import open_path


@pytest.fixture
def game():
    lib = TableLibrary.default()
    c = new_campaign("t", ["alice", "bob", "carol"], RandomSource(1), lib, "0" * 64)
    return c, Rules(lib)


def free_hex(c, away_from_homes: int = 2) -> Hex:
    """An unexplored hex not next to any homeworld (no neighbourhood modifiers)."""
    homes = [p.homeworld for p in c.players]
    for q in range(-c.radius, c.radius + 1):
        for r in range(-c.radius, c.radius + 1):
            h = Hex(q, r)
            if c.on_map(h) and h != c.orion and c.system(h) is None and \
                    all(h.distance(x) >= away_from_homes for x in homes):
                return h
    raise AssertionError("no free hex")


def test_base_rebuild_credit_counts_when_the_new_base_is_paid(game):
    """16 PP with a star base (10) pay for a battle station (20): 20 − 5 = 15 ≤ 16."""
    c, rules = game
    alice = c.player("alice")
    hw = c.homeworld(alice)
    hw.planet.population, hw.planet.scientists, hw.planet.base = 4, 0, "star_base"   # 4 workers × 4 = 16 PP
    alice.bc = 0
    order_build(c, alice, hw.hex, "battle_station", rules.costs)
    out = produce(c, rules.orion, rules.production, rules.costs)
    built = out.builds[0]
    assert built["built"] is True and (built["from_pp"], built["from_bc"], built["credit"]) == (15, 0, 5)
    assert hw.planet.base == "battle_station"
    assert alice.bc == 1 and alice.scrap_refund == 0          # the 1 PP left; nothing refunded afterwards


def test_artifact_world_science_goes_to_the_coloniser_when_it_colonises(game):
    c, rules = game
    c.stage = 2
    target = free_hex(c)
    alice, bob = c.player("alice"), c.player("bob")
    # exploration 8 (favorable, positive event) → event 10 (artifact world) → type 1 (terran) → size 5
    open_path(c, "alice", target)                              # stage 2: in reach (A4)
    explore_hex(c, rules.orion, alice, target, DiceRoller(FixedSource([8, 10, 1, 5])))
    assert alice.awards == []                                   # not the explorer, not at exploration
    colonize(c, bob, target, rules.orion, rules.technologies)
    assert [(a["kind"], a["value"]) for a in bob.awards] == [("science_level", 3)]
    assert alice.awards == []


def test_emperor_needs_half_the_whole_council_plus_one(game):
    """A 7-vote Council: 2 votes elect nobody, however many abstain or stay silent."""
    c, rules = game
    c.stage = 3
    alice, bob, carol = (c.player(n) for n in ("alice", "bob", "carol"))
    # alice 3 votes (homeworld + 2 colonies), bob 2, carol 2
    from gmtool.campaign.model import PlanetState, System

    extra = [free_hex(c)]
    for owner, n in (("alice", 2), ("bob", 1), ("carol", 1)):
        for _ in range(n):
            h = free_hex(c)
            c.systems.append(System(h, "planet", PlanetState("terran", "small", max_population=2, production=4,
                                                             population=1), owner=owner, explored_by=owner))
    assert extra
    elect(c, bob, bob)                                          # bob's 2 votes for himself
    elect(c, alice, None)                                       # alice abstains; carol stays silent
    result, not_voted = tally_emperor(c)
    assert (result.total_votes, result.needed, result.elected) == (7, 4, None)
    assert not_voted == ["carol"]
    assert c.council.victory is None


def test_only_colonisable_types_without_a_technology_or_override(game):
    c, rules = game
    c.stage = 2
    alice = c.player("alice")
    target = free_hex(c)
    # exploration 6 (ordinary planet) → type 6 (toxic) → size 5
    open_path(c, "alice", target)
    explore_hex(c, rules.orion, alice, target, DiceRoller(FixedSource([6, 6, 5])))
    assert c.system(target).planet.type == "toxic"
    with pytest.raises(RuleRefused, match="toxic world"):
        colonize(c, alice, target, rules.orion, rules.technologies)
    assert c.system(target).owner is None and alice.colony_ships == 1
    alice.technologies = ["controlled_toxic_environment"]       # example content allows toxic
    colonize(c, alice, target, rules.orion, rules.technologies)
    assert c.system(target).owner == "alice"


def test_the_moderators_override_is_recorded_and_public(game):
    c, rules = game
    c.stage = 2
    bob = c.player("bob")
    target = free_hex(c)
    open_path(c, "bob", target)
    explore_hex(c, rules.orion, bob, target, DiceRoller(FixedSource([6, 10, 5])))   # inferno
    colonize(c, bob, target, rules.orion, rules.technologies, override="a quest reward")
    entry = [e for e in c.turn_state.log if e["kind"] == "colonise_override"][0]
    assert entry["public"] is True and entry["reason"] == "a quest reward" and entry["type"] == "inferno"


def test_exploring_needs_a_ship_and_fleet_lost_destroys_that_ship(game):
    c, rules = game
    alice = c.player("alice")
    near = alice.homeworld.neighbours()[0]
    alice.scouts = 0
    with pytest.raises(RuleRefused, match="no scout"):
        explore_hex(c, rules.orion, alice, near, DiceRoller(FixedSource([4, 1, 5, 5])))
    assert c.system(near) is None
    alice.ships = {"frigate": 1}
    # exploration 4 (hostile, negative) → event 1 (stage 1: ceil(1/2) = 1, fleet lost) → type → size
    explore_hex(c, rules.orion, alice, near, DiceRoller(FixedSource([4, 1, 5, 5])), "frigate")
    assert alice.ships == {} and c.system(near).explored_by == "alice"


def test_natives_keep_their_two_colonists_on_a_world_of_max_population_1(game):
    c, rules = game
    c.stage = 2
    alice = c.player("alice")
    target = free_hex(c)
    # exploration 4 (hostile, negative) → event 8 (monster guards natives) → monster 1 → type 1 → size 1 (→ small)
    open_path(c, "alice", target)
    explore_hex(c, rules.orion, alice, target, DiceRoller(FixedSource([4, 8, 1, 1, 1])))
    planet = c.system(target).planet
    assert (planet.size, planet.max_population) == ("small", 1)  # small 2, hostile −1
    slay_monster(c, rules, target, alice)
    assert (c.system(target).owner, planet.population) == ("alice", 2)
    produce(c, rules.orion, rules.production, rules.costs)
    assert planet.population == 2                                # no growth, no loss


def test_guardian_toughness_17_regains_3_and_falls_at_0(game):
    from gmtool.rules.orion.records import damage_orion, guardian_state, regenerate_guardian

    c, rules = game
    bob = c.player("bob")
    damage_orion(c, rules, bob, 5)
    assert guardian_state(c, rules)["toughness"] == 12
    regenerate_guardian(c, rules)
    assert guardian_state(c, rules)["toughness"] == 15
    regenerate_guardian(c, rules)
    assert guardian_state(c, rules)["toughness"] == 17           # never above 17
    damage_orion(c, rules, bob, 20)
    assert guardian_state(c, rules)["alive"] is False and c.system(c.orion).guardian is False
