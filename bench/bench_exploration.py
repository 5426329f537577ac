"""Exploration chain throughput and `gmtool odds explore` wall time.

Goals (issue 3): ≥ 100,000 full exploration chains/s in-process with the seeded source;
`gmtool odds explore --stage 3` under 0.5 s whole-process.

    python bench/bench_exploration.py
"""

from __future__ import annotations

import statistics
import time

from common import gmtool_path, timed

from gmtool.dice.sources import RandomSource
from gmtool.rolltables import TableLibrary
from gmtool.rolltables.roller import DiceRoller
from gmtool.rules.orion.exploration import OrionTables, explore
from gmtool.rules.orion.neighbourhood import Neighbourhood
from gmtool.rules.orion.odds import exact_odds


def chains_per_second(tables: OrionTables, stage: int, near: Neighbourhood | None, n: int = 100_000) -> float:
    best = 0.0
    for _ in range(3):
        roller = DiceRoller(RandomSource(1))
        start = time.perf_counter()
        for _ in range(n):
            explore(roller, tables, stage, near)
        best = max(best, n / (time.perf_counter() - start))
    return best


def main() -> None:
    tables = OrionTables(TableLibrary.default())
    for stage in (1, 3):
        print(
            f"explore chains, stage {stage}:             {chains_per_second(tables, stage, None):>10,.0f} /s"
            "  (goal ≥ 100,000)"
        )
    near = Neighbourhood(planets=1, terran=0, colonisable=1, unexplored=3)
    print(f"explore chains, stage 3, near homeworld: {chains_per_second(tables, 3, near):>10,.0f} /s")
    start = time.perf_counter()
    exact_odds(tables, 3)
    print(f"exact_odds(stage 3) in-process:          {(time.perf_counter() - start) * 1000:>10.0f} ms")
    gmtool = gmtool_path()
    walls = [timed([gmtool, "odds", "explore", "--stage", "3"])[0] for _ in range(5)]
    print(f"gmtool odds explore --stage 3 (median of 5): {statistics.median(walls) * 1000:>6.0f} ms  (goal < 500 ms)")


if __name__ == "__main__":
    main()
