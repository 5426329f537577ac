"""The hex grid (gmtool/campaign/hexes.py): the contract's six neighbours, distance, `within` and parsing.

Expected values are written from docs/rules-orion.md, docs/commands.md and the docstrings, not read
back from the code under test.
"""

from __future__ import annotations

import pytest

from gmtool.campaign.hexes import Hex, within
from gmtool.errors import InputError


def neighbours_spec(h: Hex) -> set[Hex]:
    q, r = h
    return {Hex(q + 1, r), Hex(q - 1, r), Hex(q, r + 1), Hex(q, r - 1), Hex(q + 1, r - 1), Hex(q - 1, r + 1)}


class TestHexes:
    def test_neighbours_are_the_contract_six(self):
        for h in (Hex(0, 0), Hex(3, -1), Hex(-4, 2), Hex(7, 7)):
            ns = h.neighbours()
            assert len(ns) == 6
            assert set(ns) == neighbours_spec(h)
            assert all(h.distance(n) == 1 for n in ns)

    @pytest.mark.parametrize(
        "a,b,d",
        [
            ((0, 0), (0, 0), 0),
            ((0, 0), (1, 0), 1),
            ((0, 0), (1, -1), 1),
            ((0, 0), (1, 1), 2),
            ((0, 0), (3, -1), 3),
            ((0, 0), (-2, -2), 4),
            ((2, -3), (-1, 2), 5),
            ((0, 0), (0, -4), 4),
        ],
    )
    def test_distance(self, a, b, d):
        assert Hex(*a).distance(Hex(*b)) == d
        assert Hex(*b).distance(Hex(*a)) == d

    def test_distance_is_steps_on_the_grid(self):
        # BFS over the contract's neighbours gives the same distance.
        start = Hex(0, 0)
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for h in frontier:
                for n in neighbours_spec(h):
                    if n not in dist and max(abs(n.q), abs(n.r)) <= 6:
                        dist[n] = dist[h] + 1
                        nxt.append(n)
            frontier = nxt
        for h, d in dist.items():
            if d <= 4:
                assert start.distance(h) == d, h

    def test_within(self):
        for radius in range(7):
            hexes = list(within(radius))
            assert len(hexes) == 3 * radius * (radius + 1) + 1
            assert len(set(hexes)) == len(hexes)
            assert all(h.distance(Hex(0, 0)) <= radius for h in hexes)

    @pytest.mark.parametrize(
        "text,expected",
        [
            ("3,-1", Hex(3, -1)),
            (" 3 , -1 ", Hex(3, -1)),
            ("0,0", Hex(0, 0)),
            ("−2,5", Hex(-2, 5)),
            ("-10,10", Hex(-10, 10)),
        ],
    )
    def test_parse(self, text, expected):
        assert Hex.parse(text) == expected
        assert Hex.parse(str(expected)) == expected

    @pytest.mark.parametrize(
        "text", ["", "3", "3,", ",3", "a,b", "1,2,3", "3;1", "1.5,2", "3 -1", "12345,0", "+-1,0", "1,,2"]
    )
    def test_parse_errors(self, text):
        with pytest.raises(InputError, match="Q,R"):
            Hex.parse(text)
