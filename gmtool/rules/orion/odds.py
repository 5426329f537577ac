"""Exact odds of the exploration chain, by enumerating the very code that plays it."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Iterator

from gmtool.dice.sources import RandomSource
from gmtool.rolltables.odds import enumerate_outcomes
from gmtool.rolltables.roller import DiceRoller
from gmtool.rules.orion.exploration import Exploration, OrionTables, explore
from gmtool.rules.orion.neighbourhood import Neighbourhood

NONE = "none"
CATEGORIES = ("discovery", "type", "size", "property", "event", "monster")
# Categories in which every chain has exactly one value (so they sum to 1).
EXCLUSIVE = ("discovery", "type", "size", "event", "monster")


def features(result: Exploration) -> Iterator[tuple[str, str]]:
    """What the odds count in one chain: (category, value) pairs."""
    yield "discovery", result.discovery
    planet = result.planet
    yield "type", planet.type if planet else NONE
    yield "size", planet.size if planet else NONE
    if planet:
        for prop in planet.properties:
            yield "property", prop
    yield "event", result.events[0].id if result.events else NONE
    yield "monster", result.monster.roll.row.id if result.monster else NONE


def exact_odds(tables: OrionTables, stage: int, near: Neighbourhood | None = None) -> dict[str, dict[str, Fraction]]:
    """P(category = value) for every value the chain can produce, as exact fractions."""
    odds: dict[str, dict[str, Fraction]] = {c: {} for c in CATEGORIES}
    for result, p in enumerate_outcomes(lambda roller: explore(roller, tables, stage, near)):
        for category, value in features(result):
            bucket = odds[category]
            bucket[value] = bucket.get(value, Fraction(0)) + p
    return odds


def simulate(
    tables: OrionTables, stage: int, near: Neighbourhood | None, runs: int, seed: int | None
) -> dict[str, Counter]:
    """Counts of each (category, value) over ``runs`` chains with seeded random dice."""
    roller = DiceRoller(RandomSource(seed))
    counts: dict[str, Counter] = {c: Counter() for c in CATEGORIES}
    for _ in range(runs):
        for category, value in features(explore(roller, tables, stage, near)):
            counts[category][value] += 1
    return counts
