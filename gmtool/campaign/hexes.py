"""Axial hex coordinates (docs/commands.md): the six neighbours of (q, r) are (q+1, r),
(q−1, r), (q, r+1), (q, r−1), (q+1, r−1), (q−1, r+1)."""

from __future__ import annotations

import re
from typing import Iterator, NamedTuple

from gmtool.errors import InputError

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
_HEX = re.compile(r"^\s*(-?\d{1,4})\s*,\s*(-?\d{1,4})\s*$")


class Hex(NamedTuple):
    q: int
    r: int

    @classmethod
    def parse(cls, text: str) -> "Hex":
        m = _HEX.match(text.replace("−", "-"))
        if not m:
            raise InputError(key="campaign.bad_hex", text=text)
        return cls(int(m.group(1)), int(m.group(2)))

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    def neighbours(self) -> list["Hex"]:
        return [Hex(self.q + dq, self.r + dr) for dq, dr in DIRECTIONS]

    def distance(self, other: "Hex") -> int:
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


CENTRE = Hex(0, 0)


def within(radius: int, centre: Hex = CENTRE) -> Iterator[Hex]:
    """Every hex at distance ≤ radius from centre, row by row."""
    for q in range(-radius, radius + 1):
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1):
            yield Hex(centre.q + q, centre.r + r)
