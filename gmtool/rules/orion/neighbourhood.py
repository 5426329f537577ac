"""What the exploration rules need to know of an adjacent homeworld (RULES.md A4.4–A4.5)."""
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
                raise InputError(f"near-homeworld: {name} cannot be negative")
        if self.unexplored < 1:
            raise InputError("near-homeworld: unexplored counts the hex being explored, so it is at least 1")
        if self.planets + self.unexplored > NEIGHBOURS:
            raise InputError(f"near-homeworld: planets ({self.planets}) + unexplored ({self.unexplored}) "
                             f"is more than the {NEIGHBOURS} neighbours of a hex")
        if self.terran > self.colonisable:
            raise InputError("near-homeworld: terran planets are colonisable, so terran ≤ colonisable")
        if self.colonisable > self.planets:
            raise InputError("near-homeworld: colonisable ≤ planets")

    @classmethod
    def parse(cls, text: str) -> "Neighbourhood":
        """``planets=1,terran=0,colonisable=1,unexplored=3`` (every field required)."""
        values: dict[str, int] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, value = part.partition("=")
            key = key.strip()
            if not sep or key not in FIELDS:
                raise InputError(f"near-homeworld: {part!r} is not one of "
                                 f"{', '.join(f + '=N' for f in FIELDS)}")
            if key in values:
                raise InputError(f"near-homeworld: {key} given twice")
            value = value.strip()
            if not value.isascii() or not value.isdigit() or len(value) > 2:
                raise InputError(f"near-homeworld: {key}={value!r} is not a small whole number")
            values[key] = int(value)
        missing = [f for f in FIELDS if f not in values]
        if missing:
            raise InputError(f"near-homeworld: missing {', '.join(missing)} "
                             f"(e.g. planets=1,terran=0,colonisable=1,unexplored=3)")
        return cls(**values)

    def to_data(self) -> dict[str, int]:
        return {f: getattr(self, f) for f in FIELDS}
