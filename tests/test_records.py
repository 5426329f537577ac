"""The moderator's records at library level (docs/rules-orion.md A12; gmtool/rules/orion/records.py): the
Guardian of Orion."""

from __future__ import annotations


def test_guardian_toughness_17_regains_3_and_falls_at_0(orion_game):
    from gmtool.rules.orion.records import damage_orion, guardian_state, regenerate_guardian

    c, rules = orion_game
    bob = c.player("bob")
    damage_orion(c, rules, bob, 5)
    assert guardian_state(c, rules).toughness == 12
    regenerate_guardian(c, rules)
    assert guardian_state(c, rules).toughness == 15
    regenerate_guardian(c, rules)
    assert guardian_state(c, rules).toughness == 17  # never above 17
    damage_orion(c, rules, bob, 20)
    assert guardian_state(c, rules).alive is False and c.game.system(c.game.orion).guardian is False
