"""A turn's maps drawn side by side: one leader's map and the next share nothing, so on a
machine with several CPUs they are drawn in forked worker processes (POSIX ``fork``: the
workers inherit the loaded campaign; only the finished PNG bytes come back).  One CPU, a
platform without a cheap and safe ``fork``, or ``GMTOOL_MAP_WORKERS=1`` draws them one
after another; the bytes are the same either way."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

WORKERS_ENV = "GMTOOL_MAP_WORKERS"
MAPS_PER_WORKER = 3       # fewer maps than this per worker: a fork costs more than it saves

# What the forked workers inherit: (campaign, campaign_dir, about), set only while drawing.
_shared: tuple[Any, Path | None, tuple[int, int] | None] | None = None


def workers(maps: int) -> int:
    """How many processes draw ``maps`` maps (``GMTOOL_MAP_WORKERS`` overrides)."""
    wanted = os.environ.get(WORKERS_ENV, "")
    if wanted.isdigit() and int(wanted) > 0:
        return min(int(wanted), max(1, maps))
    if sys.platform != "linux":
        return 1
    return max(1, min(len(os.sched_getaffinity(0)), 4, maps // MAPS_PER_WORKER))


def _draw_shared(job: tuple[str | None, str]) -> bytes:
    from gmtool.maps import draw

    assert _shared is not None
    campaign, campaign_dir, about = _shared
    return draw(campaign, job[0], "png", job[1], campaign_dir, about)


def _in_workers(jobs: list[tuple[str | None, str]], count: int) -> list[bytes] | None:
    """``jobs`` drawn by ``count`` forked workers, or None when they could not run."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    try:
        with ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("fork")) as pool:
            return list(pool.map(_draw_shared, jobs))
    except (BrokenProcessPool, OSError):
        return None               # a worker could not start or died: the caller draws them


def draw_all(campaign: Any, jobs: list[tuple[str | None, str]], campaign_dir: Path | None,
             about: tuple[int, int] | None) -> list[bytes]:
    """PNG bytes for each (viewer, language) of ``jobs``, in order."""
    global _shared
    if not jobs:
        return []
    _shared = (campaign, campaign_dir, about)
    try:
        # The first map is drawn here: Pillow, the fonts, the rule labels and the
        # rasterised hex labels are then loaded once, and inherited by every worker.
        images = [_draw_shared(jobs[0])]
        rest = jobs[1:]
        count = workers(len(rest))
        done = _in_workers(rest, count) if count > 1 else None
        return images + (done if done is not None else [_draw_shared(job) for job in rest])
    finally:
        _shared = None
