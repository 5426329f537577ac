"""A turn's maps drawn side by side: one leader's map and the next share nothing, so on a
machine with several CPUs they are drawn in forked worker processes (POSIX ``fork``: the
workers inherit the loaded campaign; only the finished PNG bytes come back) while this
process draws its own share.  One CPU, a platform without a cheap and safe ``fork``, or
``GMTOOL_MAP_WORKERS=1`` draws them one after another; the bytes are the same either way."""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Generic, TypeVar

T = TypeVar("T")

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


class Beside(Generic[T]):
    """Work started by :func:`beside`: call it for the result, or :meth:`cancel` it."""

    def __init__(self, work: Callable[[], T], pid: int = 0, reader: int = -1) -> None:
        self.work, self.pid, self.reader = work, pid, reader

    def __call__(self) -> T:
        if not self.pid:
            return self.work()
        import pickle

        chunks = []
        with os.fdopen(self.reader, "rb") as pipe:
            while chunk := pipe.read(1 << 16):
                chunks.append(chunk)
        _, status = os.waitpid(self.pid, 0)
        self.pid = 0
        if os.waitstatus_to_exitcode(status) == 0 and chunks:
            done: T = pickle.loads(b"".join(chunks))
            return done
        return self.work()  # the worker failed: done here, an error raised here

    def cancel(self) -> None:
        """The result is not wanted (the command failed): the worker is stopped and reaped."""
        if self.pid:
            import signal

            os.kill(self.pid, signal.SIGKILL)
            os.close(self.reader)
            os.waitpid(self.pid, 0)
            self.pid = 0


def beside(work: Callable[[], T]) -> Beside[T]:
    """Start ``work`` in a forked process while this one goes on (the turn's chart, whose
    plotting library alone takes about a second to load, beside its maps).  The same
    conditions as the maps' workers: one CPU, a platform without a cheap ``fork``, or
    ``GMTOOL_MAP_WORKERS=1`` does the work when its result is asked for, and so does a
    worker that failed — an error is then raised here, as it would be."""
    import pickle

    if processes(2 * MAPS_PER_PROCESS) == 1:
        return Beside(work)
    parent = os.getpid()
    try:
        reader, writer = os.pipe()
        pid = os.fork()
    except OSError:
        return Beside(work)
    if pid == 0:  # the worker: the result pickled into the pipe, then gone
        code = 1
        try:
            os.close(reader)
            _worker_start(parent)
            data = memoryview(pickle.dumps(work()))
            while data:
                data = data[os.write(writer, data) :]
            code = 0
        finally:
            os._exit(code)
    os.close(writer)
    return Beside(work, pid, reader)
