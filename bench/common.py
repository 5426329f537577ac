"""What the benchmarks share: the installed gmtool, and a thread resolved to the end then read back."""

from __future__ import annotations

import compileall
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple


def as_installed() -> None:
    """Time gmtool as `pip install` leaves it: with its modules compiled to bytecode.
    pip compiles them at install; an editable checkout run from a shell that sets
    PYTHONDONTWRITEBYTECODE would instead compile ~70 modules again in every process
    (about 0.1 s each time), which no user pays."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    import gmtool

    compileall.compile_dir(str(Path(gmtool.__file__).parent), quiet=1)


def gmtool_path() -> str:
    as_installed()
    found = shutil.which("gmtool", path=str(Path(sys.executable).parent)) or shutil.which("gmtool")
    if not found:
        sys.exit("gmtool is not installed in this environment")
    return found


def timed(cmd: list[str]) -> tuple[float, float, str]:
    """Run one command to the end: (wall seconds, CPU seconds of it and its children, stdout);
    a failing command ends the benchmark with its error. CPU time is the steadier figure on
    a busy machine: the wall time above it is waiting for a CPU."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd[:4])} … failed ({done.returncode}): {done.stderr.strip()}")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, done.stdout


class Resolution(NamedTuple):
    first: float  # wall seconds of the first resolution (every run it takes)
    again: float  # wall seconds of reading the thread back
    first_cpu: float
    again_cpu: float
    passes: int  # runs the first resolution took
    reply: str


def resolve_and_read_back(cmd: list[str]) -> Resolution:
    """A thread resolved to the end, then read back (``cmd`` is the `post resolve` line).

    A run of `post resolve` takes at most 2,000 new commands (the run's budget): the first
    resolution is every run it takes until none says "resolve the thread again"; reading
    the thread back must then print the same reply as the last of them."""
    first, first_cpu, reply = timed(cmd)
    passes = 1
    while "resolve the thread again" in reply:
        wall, cpu, reply = timed(cmd)
        first, first_cpu, passes = first + wall, first_cpu + cpu, passes + 1
    again, again_cpu, read_back = timed(cmd)
    if read_back != reply:
        sys.exit("reading the thread back printed another reply than the last resolution")
    return Resolution(first, again, first_cpu, again_cpu, passes, reply)


def fill_journal(folder: Path, count: int) -> None:
    """``count`` stream entries after the campaign's last one, faces derived from its
    secret, as rolls of d10, 3d6, explorations and forum rolls would leave them."""
    from gmtool.campaign import journal
    from gmtool.campaign.store import CampaignStore
    from gmtool.campaign.stream import Entry, derive_face

    store = CampaignStore(folder)
    secret = store.read_secret()
    assert secret is not None, "the campaign has a secret.key"
    first = store.next_roll_id()
    kinds = [
        (10, "roll: d10: die 1"),
        (6, "roll for bob: boarding action: 3d6: die 2"),
        (10, "explore 3,-2 (bob): exploration roll"),
        (100, "post #17.1 (carol) !roll: d100"),
    ]
    entries = []
    for roll_id in range(first, first + count):
        sides, purpose = kinds[roll_id % len(kinds)]
        entries.append(
            Entry(roll_id, 1 + roll_id // 1000, purpose, sides, derive_face(secret, roll_id, sides), "stream")
        )
    journal.append(store.journal_path, entries)
