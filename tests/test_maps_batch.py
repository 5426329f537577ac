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
    alone = batch.draw_all(campaign, jobs, EXAMPLE, (1, 1))
    monkeypatch.setenv(batch.WORKERS_ENV, "3")
    together = batch.draw_all(campaign, jobs, EXAMPLE, (1, 1))
    assert together == alone
    assert len(set(alone[1:4])) == 3 and alone[1] == alone[4]     # each leader's own map, twice


def test_a_dead_worker_s_maps_are_drawn_here(monkeypatch):
    campaign = CampaignStore(EXAMPLE).load()
    jobs = jobs_of(campaign)
    monkeypatch.setenv(batch.WORKERS_ENV, "1")
    alone = batch.draw_all(campaign, jobs, EXAMPLE, (1, 1))
    parent, draw = os.getpid(), batch._draw

    def dies_in_a_worker(share):
        if os.getpid() != parent:
            os._exit(3)
        return draw(share)

    monkeypatch.setattr(batch, "_draw", dies_in_a_worker)
    monkeypatch.setenv(batch.WORKERS_ENV, "3")
    assert batch.draw_all(campaign, jobs, EXAMPLE, (1, 1)) == alone


def test_how_many_processes(monkeypatch):
    monkeypatch.delenv(batch.WORKERS_ENV, raising=False)
    assert batch.processes(2) == 1                     # too few maps to be worth a fork
    monkeypatch.setenv(batch.WORKERS_ENV, "8")
    assert batch.processes(3) == 3                     # never more processes than maps
    monkeypatch.setenv(batch.WORKERS_ENV, "1")
    assert batch.processes(40) == 1
