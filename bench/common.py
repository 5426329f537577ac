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
from typing import Callable


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


Run = Callable[[list[str]], tuple[float, str]]   # cmd → (wall seconds, stdout)


def resolve_and_read_back(run: Run, cmd: list[str]) -> tuple[float, float, int, str]:
    """(first resolution's seconds, read-back seconds, runs it took, the reply).

    A run of `post resolve` takes at most 2,000 new commands (the run's budget): the first
    resolution is every run it takes until none says "resolve the thread again"; reading
    the thread back must then print the same reply as the last of them."""
    first, reply = run(cmd)
    passes = 1
    while "resolve the thread again" in reply:
        more, reply = run(cmd)
        first += more
        passes += 1
    again, read_back = run(cmd)
    if read_back != reply:
        sys.exit("reading the thread back printed another reply than the last resolution")
    return first, again, passes, reply
