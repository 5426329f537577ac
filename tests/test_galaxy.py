"""The galaxy's size and the homeworlds' places (gmtool/campaign/galaxy.py, docs/rules-orion.md A2).

Expected values are written from docs/rules-orion.md, docs/commands.md and the docstrings, not read
back from the code under test.
"""

from __future__ import annotations

import pytest

from gmtool.campaign.galaxy import MAX_PLAYERS, MIN_PLAYERS, place_homeworlds, radius_for
from gmtool.campaign.hexes import Hex
from gmtool.dice.sources import RandomSource
from gmtool.errors import InputError
from helpers import make_campaign


class TestGalaxy:
    @pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
    def test_placement_rules_for_many_seeds(self, players):
        radius = radius_for(players)
        for seed in range(40):
            homes = place_homeworlds(players, radius, RandomSource(seed))
            assert len(homes) == players
            assert len(set(homes)) == players
            for i, h in enumerate(homes):
                assert h.distance(Hex(0, 0)) >= 3, (seed, h)
                assert all(n.distance(Hex(0, 0)) <= radius for n in h.neighbours()), (seed, h)
                for other in homes[i + 1 :]:
                    assert h.distance(other) >= 3, (seed, h, other)

    @pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
    def test_same_seed_same_placement(self, players):
        radius = radius_for(players)
        placements = set()
        for seed in (1, 2, 3, 99, 12345):
            a = place_homeworlds(players, radius, RandomSource(seed))
            b = place_homeworlds(players, radius, RandomSource(seed))
            assert a == b
            placements.add(tuple(a))
        assert len(placements) > 1  # the seed matters

    def test_same_seed_same_campaign(self):
        a = make_campaign(seed=11)
        b = make_campaign(seed=11)
        assert [p.homeworld for p in a.players] == [p.homeworld for p in b.players]

    @pytest.mark.parametrize("players", [0, 1, 11, 20])
    def test_radius_refuses_player_counts(self, players):
        with pytest.raises(InputError):
            radius_for(players)
