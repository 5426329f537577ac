"""Whole-process wall time of `gmtool roll d10 -c DIR` on a campaign whose journal holds
20,000 entries against the same command on a fresh campaign.

Goal (issue): the big campaign within 1.2× of the fresh one — an append must not read
the whole journal.  The big journal is written directly (valid stream entries, so
`gmtool verify` passes on it); the fresh campaign is copied anew before each of its runs
(outside the timing); the big one keeps its roll (+1 entry a run).  The two are
interleaved, run by run, so that machine noise hits both alike; medians are compared.

    python bench/bench_journal.py [RUNS] [ENTRIES]
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import fill_journal, gmtool_path


def wall(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def new_campaign(gmtool: str, folder: Path) -> None:
    subprocess.run(
        [
            gmtool,
            "campaign",
            "new",
            str(folder),
            "--player",
            "alice",
            "--player",
            "bob",
            "--player",
            "carol",
            "--seed",
            "1",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def main(runs: int = 30, entries: int = 20_000) -> None:
    gmtool = gmtool_path()
    with tempfile.TemporaryDirectory(prefix="bench-journal-") as tmp:
        root = Path(tmp)
        template, big, fresh = root / "template", root / "big", root / "fresh"
        new_campaign(gmtool, template)
        shutil.copytree(template, big)
        start = time.perf_counter()
        fill_journal(big, entries)
        built = time.perf_counter() - start
        size = (big / "journal.toml").stat().st_size
        print(f"big campaign: {entries} journal entries, {size / 1e6:.1f} MB, written in {built:.2f} s")
        check = subprocess.run([gmtool, "verify", "-c", str(big)], capture_output=True, text=True)
        if check.returncode != 0:
            sys.exit(f"gmtool verify fails on the big campaign: {check.stderr.strip()}")

        def fresh_copy() -> None:
            shutil.rmtree(fresh, ignore_errors=True)
            shutil.copytree(template, fresh)

        on_big = [gmtool, "roll", "d10", "-c", str(big)]
        on_fresh = [gmtool, "roll", "d10", "-c", str(fresh)]
        fresh_copy()
        wall(on_big), wall(on_fresh)  # warm the file cache
        a, b = [], []
        for _ in range(runs):
            a.append(wall(on_big))
            fresh_copy()
            b.append(wall(on_fresh))
        check = subprocess.run([gmtool, "verify", "-c", str(big)], capture_output=True, text=True)
        if check.returncode != 0:
            sys.exit(f"gmtool verify fails on the big campaign after the runs: {check.stderr.strip()}")
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"roll d10, {entries:>6} entries  median {ma * 1000:7.1f} ms  (min {min(a) * 1000:.1f})")
    print(f"roll d10, fresh campaign   median {mb * 1000:7.1f} ms  (min {min(b) * 1000:.1f})")
    print(f"ratio                      {ma / mb:.2f}×  (goal ≤ 1.20×, {runs} interleaved runs)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30, int(sys.argv[2]) if len(sys.argv) > 2 else 20_000)
