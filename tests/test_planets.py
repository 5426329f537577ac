"""Colonising a planet (docs/rules-orion.md A4.3, A6; gmtool/rules/orion/planets.py): which types may be
colonised, the moderator's public override, and what an artifact world gives its coloniser."""

from __future__ import annotations

import pytest

from gmtool.dice.sources import FixedSource
from gmtool.errors import RuleRefused
from gmtool.rolltables.roller import DiceRoller
from gmtool.rules.orion.campaign_explore import explore_hex
from gmtool.rules.orion.planets import colonize
from helpers import free_hex
from reach_paths import open_path


def test_artifact_world_science_goes_to_the_coloniser_when_it_colonises(orion_game):
    c, rules = orion_game
    c.stage = 2
    target = free_hex(c)
    alice, bob = c.player("alice"), c.player("bob")
    # exploration 8 (favorable, positive event) → event 10 (artifact world) → type 1 (terran) → size 5
    open_path(c, "alice", target)  # stage 2: in reach (A4)
    explore_hex(c, rules.orion, alice, target, DiceRoller(FixedSource([8, 10, 1, 5])))
    assert alice.awards == []  # not the explorer, not at exploration
    colonize(c, bob, target, rules.orion, rules.technologies)
    assert [(a["kind"], a["value"]) for a in bob.awards] == [("science_level", 3)]
    assert alice.awards == []


def test_only_colonisable_types_without_a_technology_or_override(orion_game):
    c, rules = orion_game
    c.stage = 2
    alice = c.player("alice")
    target = free_hex(c)
    # exploration 6 (ordinary planet) → type 6 (toxic) → size 5
    open_path(c, "alice", target)
    explore_hex(c, rules.orion, alice, target, DiceRoller(FixedSource([6, 6, 5])))
    assert c.game.system(target).planet.type == "toxic"
    with pytest.raises(RuleRefused, match="Toxic or airless world"):
        colonize(c, alice, target, rules.orion, rules.technologies)
    assert c.game.system(target).owner is None and alice.colony_ships == 1
    alice.technologies = ["controlled_toxic_environment"]  # example content allows toxic
    colonize(c, alice, target, rules.orion, rules.technologies)
    assert c.game.system(target).owner == "alice"


def test_the_moderators_override_is_recorded_and_public(orion_game):
    c, rules = orion_game
    c.stage = 2
    bob = c.player("bob")
    target = free_hex(c)
    open_path(c, "bob", target)
    explore_hex(c, rules.orion, bob, target, DiceRoller(FixedSource([6, 10, 5])))  # inferno
    colonize(c, bob, target, rules.orion, rules.technologies, override="a quest reward")
    entry = [e for e in c.turn_state.log if e["kind"] == "colonise_override"][0]
    assert entry["public"] is True and entry["reason"] == "a quest reward" and entry["type"] == "inferno"


def test_a_colony_on_orion_starts_with_one_colonist_on_a_terran_huge_world(orion_game):
    """Review of issue 12: Orion had no planet record, so its colony showed population 0.
    Once the Guardian falls, the colony ship lands 1 colonist (A6) on Orion, which the
    guardian sheet makes a terran (production 4), huge (max population 5) world."""
    from gmtool.rules.orion.records import damage_orion

    c, rules = orion_game
    c.stage = 2
    bob = c.player("bob")
    orion = c.game.system(c.game.orion)
    orion.explored_by, orion.explored_turn = "alice", 1  # alice's scout found it
    assert orion.planet is None
    with pytest.raises(RuleRefused, match="Guardian"):
        colonize(c, bob, c.game.orion, rules.orion, rules.technologies)
    damage_orion(c, rules, c.player("alice"), 17)
    system = colonize(c, bob, c.game.orion, rules.orion, rules.technologies)
    assert system.owner == "bob" and bob.colony_ships == 0
    planet = system.planet
    assert (planet.type, planet.size, planet.production, planet.max_population, planet.population) == (
        "terran",
        "huge",
        4,
        5,
        1,
    )
