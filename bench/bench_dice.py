"""In-process dice throughput.

Goals (issue 2): ≥ 200,000 d10 rolls/s from the seeded source; ≥ 50,000 parsed-and-rolled
`2d10+3` expressions/s (parsed expressions are cached).

    python bench/bench_dice.py
"""

from __future__ import annotations

import time

from gmtool.dice import roll
from gmtool.dice.sources import RandomSource


def rate(func, n: int) -> float:
    best = 0.0
    for _ in range(5):
        start = time.perf_counter()
        func(n)
        best = max(best, n / (time.perf_counter() - start))
    return best


def d10s(n: int) -> None:
    src = RandomSource(1)
    r = src.roll
    for _ in range(n):
        r(10, "")


def expressions(n: int) -> None:
    src = RandomSource(1)
    for _ in range(n):
        roll("2d10+3", src)


def main() -> None:
    print(f"d10 from RandomSource(seed):  {rate(d10s, 200_000):>12,.0f} rolls/s  (goal ≥ 200,000)")
    print(f"roll('2d10+3') parse+roll:    {rate(expressions, 50_000):>12,.0f} exprs/s  (goal ≥ 50,000)")


if __name__ == "__main__":
    main()
