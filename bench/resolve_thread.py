"""What the thread benchmarks share: a thread resolved to the end, then read back."""
from __future__ import annotations

import sys
from typing import Callable

Run = Callable[[list[str]], tuple[float, str]]   # cmd → (wall seconds, stdout)


def resolve_and_read_back(run: Run, cmd: list[str]) -> tuple[float, float, int, str]:
    """(first resolution's seconds, read-back seconds, runs it took, the reply).

    A run of `post resolve` takes at most 400 new commands (the thread budget): the first
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
