"""What a leader's technologies give: the level it holds in a line of technologies.

The technologies table (tables/orion/technologies.toml) gives each row a ``science``, and
— for the seed's numbered technologies (Combat Ship Modules 1–5, Research 1, Construction
5, HQ Computing Centres, Covert Operations) — a ``line`` (what the number counts; default:
the row's own id) and a ``level`` (default 1).  A leader holds a line at the highest level
of the rows of that line it owns: ship modules, the fleet maximum and the agents' Covert
Operations read it (docs/rules-orion.md A8, A8a, A10).
"""

from __future__ import annotations

from typing import Any


def line_of(row: Any) -> str:
    """The line a technologies row belongs to (its own id if it names none)."""
    line = row.values.get("line")
    return str(line) if line else str(row.id)


def level_of(row: Any) -> int:
    """The level a technologies row gives in its line (1 if it names none)."""
    level = row.values.get("level")
    return level if isinstance(level, int) and not isinstance(level, bool) else 1


def tech_level(owned: list[str], technologies: Any, line: str) -> int:
    """The level of ``line`` a leader owning the technology ids ``owned`` holds (0: none),
    by the ``technologies`` table."""
    if technologies is None:
        return 0
    best = 0
    for row in technologies.rows:
        if row.id in owned and line_of(row) == line:
            best = max(best, level_of(row))
    return best
