"""`turn undo` after `turn run` says what it undid: the whole run — the turn's start, its
orders, its end — and how to play the turn again."""

from __future__ import annotations

import shutil
from pathlib import Path

from helpers import as_scheme_1, ok, snapshot

ROOT = Path(__file__).resolve().parent.parent


def test_undo_of_a_turn_run_names_the_orders_file(gm, tmp_path):
    camp = tmp_path / "camp"
    shutil.copytree(ROOT / "campaigns" / "example", camp)
    as_scheme_1(camp)  # a campaign of dice scheme 1: the turn played again rolls new dice
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


def test_undo_of_a_scheme_2_turn_run_says_the_same_orders_roll_the_same_dice(gm, new_campaign, tmp_path):
    """Dice scheme 2 (docs/verify.md): a face follows what is rolled, so an undo buys no
    reroll — the reply says so, in both languages, and playing the turn again proves it."""
    from dice2_helpers import entries, new_game, next_to, orders

    camp = new_game(new_campaign, tmp_path / "g")
    path = orders(camp, 1, alice=next_to(camp, "alice"))
    ok(gm("turn", "run", str(path), "-c", str(camp)))
    first = [(e.label, e.face) for e in entries(camp) if "explore" in e.label]
    reply = ok(gm("turn", "undo", "-c", str(camp)))
    assert "the turn rolls the same dice for the same orders" in reply and "new dice" not in reply
    ok(gm("turn", "run", str(path), "-c", str(camp)))
    again = [(e.label, e.face) for e in entries(camp) if "explore" in e.label][len(first) :]
    assert first and again == first
    ru = ok(gm("turn", "undo", "-c", str(camp), "--lang", "ru"))
    assert "те же приказы дадут те же кости" in ru and "кости будут новые" not in ru
