"""Whole-process wall time of `gmtool roll 1d10` against a minimal two-command Typer app.

Goal (issue 2): gmtool within 1.2× of the baseline.  The two are interleaved, run by
run, so that machine noise hits both alike; medians are compared.

    python bench/bench_startup.py [RUNS]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import gmtool_path

HERE = Path(__file__).resolve().parent


def wall(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(runs: int = 30) -> None:
    gmtool = gmtool_path()
    ours = [gmtool, "roll", "1d10"]
    base = [sys.executable, str(HERE / "minimal_typer_app.py"), "roll", "1d10"]
    wall(ours), wall(base)  # warm the file cache
    a, b = [], []
    for _ in range(runs):
        a.append(wall(ours))
        b.append(wall(base))
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"gmtool roll 1d10      median {ma * 1000:7.1f} ms  (min {min(a) * 1000:.1f})")
    print(f"minimal Typer app     median {mb * 1000:7.1f} ms  (min {min(b) * 1000:.1f})")
    print(f"ratio                 {ma / mb:.2f}×  (goal ≤ 1.20×, {runs} interleaved runs)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
