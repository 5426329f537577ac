"""What the exploration rules need to know of an adjacent homeworld (docs/rules-orion.md A4.4–A4.5)."""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.errors import InputError

FIELDS = ("planets", "terran", "colonisable", "unexplored")
NEIGHBOURS = 6


@dataclass(frozen=True, slots=True)
class Neighbourhood:
    """The homeworld next to the hex being explored, as it stands before this roll.

    ``planets``: planets among its 6 neighbours so far; ``terran`` and ``colonisable``:
    how many of those are terran / colonisable; ``unexplored``: its unexplored
    neighbours, the hex being explored included.
    """

    planets: int
    terran: int
    colonisable: int
    unexplored: int

    def __post_init__(self) -> None:
        for name in FIELDS:
            if getattr(self, name) < 0:
                raise InputError(key="orion.near_negative", name=name)
        if self.unexplored < 1:
            raise InputError(key="orion.near_unexplored")
        if self.planets + self.unexplored > NEIGHBOURS:
            raise InputError(key="orion.near_too_many", planets=self.planets, unexplored=self.unexplored, n=NEIGHBOURS)
        if self.terran > self.colonisable:
            raise InputError(key="orion.near_terran")
        if self.colonisable > self.planets:
            raise InputError(key="orion.near_colonisable")

    @classmethod
    def parse(cls, text: str) -> "Neighbourhood":
        """``planets=1,terran=0,colonisable=1,unexplored=3`` (every field required)."""
        values: dict[str, int] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, value = part.partition("=")
            key = key.strip()
            if not sep or key not in FIELDS:
                raise InputError(key="orion.near_field", part=part, fields=[f + "=N" for f in FIELDS])
            if key in values:
                raise InputError(key="orion.near_twice", field=key)
            value = value.strip()
            if not value.isascii() or not value.isdigit() or len(value) > 2:
                raise InputError(key="orion.near_number", field=key, value=value)
            values[key] = int(value)
        missing = [f for f in FIELDS if f not in values]
        if missing:
            raise InputError(key="orion.near_missing", missing=missing)
        return cls(**values)

    def to_data(self) -> dict[str, int]:
        return {f: getattr(self, f) for f in FIELDS}
