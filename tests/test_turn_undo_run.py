"""`turn undo` after `turn run` says what it undid: the whole run — the turn's start, its
orders, its end — and how to play the turn again."""

from __future__ import annotations

import shutil
from pathlib import Path

from helpers import ok, snapshot

ROOT = Path(__file__).resolve().parent.parent


def test_undo_of_a_turn_run_names_the_orders_file(gm, tmp_path):
    camp = tmp_path / "camp"
    shutil.copytree(ROOT / "campaigns" / "example", camp)
    before = snapshot(camp)
    orders = str(camp / "orders" / "turn-01.toml")
    ok(gm("turn", "run", orders, "-c", str(camp)))
    reply = ok(gm("turn", "undo", "-c", str(camp)))
    assert reply.startswith("Turn 1 undone: back to the state before `turn run ")
    assert "its orders, and the turn's start if it made it, are undone too" in reply
    assert "Played again (`gmtool turn run " in reply and "turn-01.toml`), the turn rolls new dice" in reply
    assert snapshot(camp)["campaign.toml"] == before["campaign.toml"]


def test_undo_of_a_turn_end_keeps_its_words(gm, tmp_path):
    camp = tmp_path / "camp"
    shutil.copytree(ROOT / "campaigns" / "example", camp)
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    assert "back to the state before its `turn end`" in ok(gm("turn", "undo", "-c", str(camp)))
