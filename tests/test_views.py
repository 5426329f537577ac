"""What a player sees (gmtool/rules/orion/views.py): the status view and fog of war.

Expected values are written from docs/rules-orion.md, docs/commands.md and the docstrings, not read
back from the code under test.
"""

from __future__ import annotations

import pytest

from gmtool.campaign.hexes import Hex
from gmtool.errors import InputError
from gmtool.rules.orion.state import System
from gmtool.rules.orion.views import status_view
from helpers import PLAYERS, make_campaign, put


class TestViews:
    def setup_method(self):
        self.c = make_campaign()
        alice, bob = self.c.player("alice"), self.c.player("bob")
        put(self.c, alice.homeworld.neighbours()[0], "empty", by="alice")
        put(self.c, bob.homeworld.neighbours()[0], type_="ocean", by="bob")
        put(self.c, bob.homeworld.neighbours()[1], "asteroids", by="bob")
        bob.awards.append({"turn": 1, "hex": "x", "technologies": 2})
        alice.awards.append({"turn": 1, "hex": "y", "technologies": 2})

    def test_stage1_closed_rooms(self):
        view = status_view(self.c, "bob")
        assert [p["name"] for p in view["players"]] == ["bob"]
        assert view["players"][0]["bc"] == 4 and view["players"][0]["awards"]
        hexes = {s["hex"] for s in view["systems"]}
        # closed rooms: bob's own frame, its homeworld at 0,0 (gmtool/rules/orion/frames.py)
        assert hexes == {"0,0", "1,0", "-1,0"}
        assert all(s["discovery"] != "orion" for s in view["systems"])
        assert view["orion"] is None
        text = repr(view)
        assert "alice" not in text and "carol" not in text

    def test_stage2_open_map(self):
        self.c.stage = 2
        view = status_view(self.c, "bob")
        assert [p["name"] for p in view["players"]] == PLAYERS
        for p in view["players"]:
            if p["name"] == "bob":
                assert p["bc"] == 4 and p["awards"]
            else:
                assert not {"bc", "orders", "fleet_size", "fleet_max", "awards", "scouts", "colony_ships"} & set(p), p
                assert "homeworld" in p
        hexes = {s["hex"] for s in view["systems"]}
        explored = {str(s.hex) for s in self.c.game.systems if s.explored_by is not None}
        homes = {str(p.homeworld) for p in self.c.players}
        assert explored | homes <= hexes
        unexplored = [
            s
            for s in self.c.game.systems
            if s.explored_by is None and s.homeworld_of is None and s.discovery != "orion"
        ]
        assert not {str(s.hex) for s in unexplored} & hexes

    def test_moderator_sees_everything(self):
        self.c.game.systems.append(System(hex=Hex(0, 1), discovery="planet"))  # unexplored but known to the GM
        view = status_view(self.c)
        assert len(view["players"]) == 3 and all("bc" in p for p in view["players"])
        assert {s["hex"] for s in view["systems"]} == {str(s.hex) for s in self.c.game.systems}
        assert view["orion"] == "0,0"
        for s in view["systems"]:
            assert {"hex", "discovery", "planet", "owner", "explored_by"} <= set(s)
        for p in view["players"]:
            assert {"name", "bc", "orders", "homeworld"} <= set(p)
        assert {"turn", "stage", "players", "systems"} <= set(view)

    def test_unknown_viewer(self):
        with pytest.raises(InputError, match="zed"):
            status_view(self.c, "zed")
