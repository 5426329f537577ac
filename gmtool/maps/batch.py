"""A turn's maps drawn side by side: one leader's map and the next share nothing, so on a
machine with several CPUs they are drawn in forked worker processes (POSIX ``fork``: the
workers inherit the loaded campaign; only the finished PNG bytes come back) while this
process draws its own share.  One CPU, a platform without a cheap and safe ``fork``, or
``GMTOOL_MAP_WORKERS=1`` draws them one after another; the bytes are the same either way."""

from __future__ import annotations

import os
import sys
from typing import Any

WORKERS_ENV = "GMTOOL_MAP_WORKERS"
MAPS_PER_PROCESS = 3  # fewer maps than this per process: a fork costs more than it saves

Job = tuple[str | None, str]  # (viewer, language)

# What the forked workers inherit: (campaign, table library, about), set only while drawing.
_shared: tuple[Any, Any, tuple[int, int] | None] | None = None


def processes(maps: int) -> int:
    """How many processes (this one included) draw ``maps`` maps; ``GMTOOL_MAP_WORKERS``
    sets it."""
    wanted = os.environ.get(WORKERS_ENV, "")
    if wanted.isascii() and wanted.isdigit() and int(wanted) > 0:
        return min(int(wanted), max(1, maps))
    if sys.platform != "linux":
        return 1
    return max(1, min(len(os.sched_getaffinity(0)), 4, maps // MAPS_PER_PROCESS))


def _draw(jobs: list[Job]) -> list[bytes]:
    from gmtool.maps import draw

    assert _shared is not None
    campaign, library, about = _shared
    return [draw(campaign, viewer, "png", lang, library, about) for viewer, lang in jobs]


def _worker_start(parent: int) -> None:
    """A worker never outlives the command that forked it: it dies with its parent (Linux
    PR_SET_PDEATHSIG), so no orphan keeps the campaign's lock or its files open; Ctrl-C
    is the parent's to handle."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)


def _side_by_side(jobs: list[Job], count: int) -> list[bytes]:
    """``jobs`` in ``count`` shares: the first ones to forked workers, the last drawn here;
    a share whose worker could not start or died is drawn here too."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    shares = [jobs[i::count] for i in range(count)]
    done: list[list[bytes] | None] = [None] * count
    try:
        with ProcessPoolExecutor(
            count - 1,
            mp_context=multiprocessing.get_context("fork"),
            initializer=_worker_start,
            initargs=(os.getpid(),),
        ) as pool:
            futures = [pool.submit(_draw, share) for share in shares[:-1]]
            done[-1] = _draw(shares[-1])
            for i, future in enumerate(futures):
                try:
                    done[i] = future.result()
                except Exception:
                    pass  # drawn below
    except OSError:
        pass  # no worker could start
    images: list[bytes] = [b""] * len(jobs)
    for i, share in enumerate(shares):
        drawn = done[i]
        for k, image in enumerate(drawn if drawn is not None else _draw(share)):
            images[i + k * count] = image
    return images


def draw_all(campaign: Any, jobs: list[Job], library: Any, about: tuple[int, int] | None) -> list[bytes]:
    """PNG bytes for each (viewer, language) of ``jobs``, in order."""
    global _shared
    if not jobs:
        return []
    _shared = (campaign, library, about)
    try:
        count = processes(len(jobs))
        if count == 1:
            return _draw(jobs)
        _warm(library, {lang for _, lang in jobs})  # loaded once, inherited by the workers
        return _side_by_side(jobs, count)
    finally:
        _shared = None


def _warm(library: Any, langs: set[str]) -> None:
    """What every map needs, loaded before the fork: Pillow, the fonts, the rule labels."""
    from gmtool.maps import _names
    from gmtool.maps.png import font

    for bold in (False, True):
        font(14, bold)
    for lang in langs:
        _names(lang, library)("world-type", "terran")
