"""The start of a game (docs/rules-orion.md A2; gmtool/rules/orion/setup.py): players, homeworlds, Orion, the first state.

Expected values are written from docs/rules-orion.md, docs/commands.md and the docstrings, not read
back from the code under test.
"""

from __future__ import annotations

import pytest

from gmtool.campaign.stream import commitment
from gmtool.campaign.verify import validate_state
from gmtool.errors import InputError
from helpers import PLAYERS, SECRET, make_campaign, shipped_library


class TestSetup:
    def test_start_state(self):
        c = make_campaign(feudal=["bob"])
        assert c.turn == 1 and c.stage == 1
        assert [p.name for p in c.players] == PLAYERS  # seating order
        assert c.commitment == commitment(SECRET)
        for p in c.players:
            assert p.bc == 4
            assert p.orders == 0
            assert p.scouts == 1
            assert p.colony_ships == 1
            if p.name == "bob":
                assert (p.fleet_size, p.fleet_max, p.feudal) == (2, 3, True)
            else:
                assert (p.fleet_size, p.fleet_max, p.feudal) == (1, 2, False)
            home = c.game.system(p.homeworld)
            assert home is not None
            assert home.homeworld_of == p.name and home.owner == p.name and home.explored_by == p.name
            assert home.discovery == "planet"
            assert home.planet.type == "terran"
            assert home.planet.size == "large"
            assert home.planet.max_population == 4
            assert home.planet.population == 3
            assert home.planet.properties == []
            assert home.planet.production == 4  # terran (A4.4)
        orion = c.game.system(c.game.orion)
        assert orion is not None and orion.discovery == "orion" and orion.explored_by is None
        assert validate_state(c, shipped_library()) == []

    def test_seating_order_is_given_order(self):
        order = ["zoe", "adam", "mia", "bob"]
        assert [p.name for p in make_campaign(order).players] == order

    @pytest.mark.parametrize(
        "players",
        [
            ["alice", "alice"],
            ["alice", "bob", "alice"],
            ["alice", ""],
            ["   ", "bob"],
            ["alice"],
            [f"p{i}" for i in range(11)],
            ["alice", "x" * 41],
            ["alice", "b\nob"],
        ],
    )
    def test_bad_player_lists(self, players):
        with pytest.raises(InputError):
            make_campaign(players)

    def test_feudal_must_be_a_player(self):
        with pytest.raises(InputError):
            make_campaign(feudal=["zed"])

    @pytest.mark.parametrize("n", range(2, 9))
    def test_every_player_count(self, n):
        c = make_campaign([f"p{i}" for i in range(n)], seed=n)
        assert len(c.players) == n
        assert validate_state(c, shipped_library()) == []
