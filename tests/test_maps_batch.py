"""A turn's maps drawn in forked workers are the very bytes drawn one by one, in order,
and a worker that dies costs nothing but time: its maps are drawn by the parent."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from gmtool.campaign.store import CampaignStore
from gmtool.maps import PUBLIC, batch

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "campaigns" / "example"

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="maps are drawn in forked workers on Linux only")


def jobs_of(campaign):
    return [(PUBLIC, "en")] + [(p.name, "ru" if i % 2 else "en") for i, p in enumerate(campaign.players)] * 2


def test_workers_draw_the_same_bytes_in_the_same_order(monkeypatch):
    campaign = CampaignStore(EXAMPLE).load()
    jobs = jobs_of(campaign)
    monkeypatch.setenv(batch.WORKERS_ENV, "1")
    alone = batch.draw_all(campaign, jobs, None, (1, 1))
    monkeypatch.setenv(batch.WORKERS_ENV, "3")
    together = batch.draw_all(campaign, jobs, None, (1, 1))
    assert together == alone
    assert len(set(alone[1:4])) == 3 and alone[1] == alone[4]  # each leader's own map, twice


def test_a_dead_worker_s_maps_are_drawn_here(monkeypatch):
    campaign = CampaignStore(EXAMPLE).load()
    jobs = jobs_of(campaign)
    monkeypatch.setenv(batch.WORKERS_ENV, "1")
    alone = batch.draw_all(campaign, jobs, None, (1, 1))
    parent, draw = os.getpid(), batch._draw

    def dies_in_a_worker(share):
        if os.getpid() != parent:
            os._exit(3)
        return draw(share)

    monkeypatch.setattr(batch, "_draw", dies_in_a_worker)
    monkeypatch.setenv(batch.WORKERS_ENV, "3")
    assert batch.draw_all(campaign, jobs, None, (1, 1)) == alone


def test_how_many_processes(monkeypatch):
    monkeypatch.delenv(batch.WORKERS_ENV, raising=False)
    assert batch.processes(2) == 1  # too few maps to be worth a fork
    monkeypatch.setenv(batch.WORKERS_ENV, "8")
    assert batch.processes(3) == 3  # never more processes than maps
    monkeypatch.setenv(batch.WORKERS_ENV, "1")
    assert batch.processes(40) == 1


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="needs Linux 5.3+ pidfd_open")
def test_a_worker_dies_with_its_parent(tmp_path):
    """A map worker whose command is killed (kill -9, out of memory) does not linger holding
    the campaign's lock: it gets SIGKILL when its parent dies (PR_SET_PDEATHSIG)."""
    import signal
    import subprocess

    script = tmp_path / "parent.py"
    script.write_text(
        "import multiprocessing, os, signal\n"
        "from gmtool.maps import batch\n"
        "def wait():\n"
        "    print(os.getpid(), flush=True)\n"
        "    signal.pause()                  # until killed\n"
        "if __name__ == '__main__':\n"
        "    ctx = multiprocessing.get_context('fork')\n"
        "    p = ctx.Process(target=lambda: (batch._worker_start(os.getppid()), wait()))\n"
        "    p.start()\n"
        "    p.join()\n",
        encoding="utf-8",
    )
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    worker = int(parent.stdout.readline())
    gone = os.pidfd_open(worker)  # readable once the worker has died
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    import select

    try:
        # no wall-clock verdict: the worker dies at once; the long bound only ends a failing run
        died = select.select([gone], [], [], 600)[0]
    finally:
        os.close(gone)
    if not died:
        os.kill(worker, signal.SIGKILL)
    assert died, "the worker outlived its parent"


def test_a_map_that_cannot_be_drawn_stops_the_turn_whole(gm, monkeypatch, tmp_path):
    """The maps are drawn before anything of the turn is written."""
    import shutil

    from gmtool.errors import CampaignError
    from helpers import assert_error, snapshot

    folder = tmp_path / "camp"
    shutil.copytree(EXAMPLE, folder)

    def fails(*args, **kwargs):
        raise CampaignError("the map could not be drawn")

    monkeypatch.setattr(batch, "draw_all", fails)
    before = snapshot(folder)
    assert_error(
        gm("turn", "run", str(EXAMPLE / "orders" / "turn-01.toml"), "-c", str(folder)), "the map could not be drawn"
    )
    assert snapshot(folder) == before
