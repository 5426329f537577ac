"""Defects found by playing a whole campaign (the new-user review): each test fails
without its fix. Fixed dice or fixed states; a refused command changes nothing.

RULES.md A3 (movement order, phases), A4 (exploration: reach, one hex per ship), A9 (the
Council), A12 (victory at the turn end)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import assert_error, ok, snapshot as files
from test_cli_turns import player, set_turn, state

pytestmark = pytest.mark.usefixtures("isolated")

PLAYERS = ["alice", "bob", "carol"]


def new(gm, tmp_path: Path, name: str = "c", players=PLAYERS) -> Path:
    folder = tmp_path / name
    ok(gm("campaign", "new", str(folder), *[a for p in players for a in ("--player", p)], "--seed", "3"))
    return folder


@pytest.fixture
def camp(gm, tmp_path) -> Path:
    return new(gm, tmp_path)


def refused(gm, folder: Path, *args: str, fragments=()) -> None:
    """The command exits 1 with one error line and writes nothing."""
    before = files(folder)
    assert_error(gm(*args), *fragments)
    assert files(folder) == before


# ===================================================== 5. victory only at the turn end

def test_an_emperor_elected_mid_turn_wins_at_the_turn_end(gm, camp):
    """A3/A12: the victory is checked at the end of the turn; the turn still gets its
    production and its reports, and status shows the victory afterwards."""
    c = ("-c", str(camp))
    set_turn(camp, 13)
    ok(gm("turn", "start", *c))
    ok(gm("council", "elect", *c, "--player", "alice", "--candidate", "alice"))
    ok(gm("council", "elect", *c, "--player", "bob", "--candidate", "alice"))
    ok(gm("council", "tally", *c, "--election"))          # 2 of 3 votes: alice is Emperor
    assert state(camp)["council"]["emperor"] == "alice"
    assert "victory" not in state(camp).get("turn_state", {})
    assert "Victory" not in ok(gm("status", *c))           # not yet: the turn goes on
    # the game is not over mid-turn, but nobody is elected twice
    refused(gm, camp, "council", "elect", *c, "--player", "carol", "--candidate", "carol",
            fragments=("already elected alice",))
    bc_before = player(camp, "alice")["bc"]
    out = ok(gm("turn", "end", *c))
    assert "Victory: alice: diplomatic victory" in out
    assert player(camp, "alice")["bc"] > bc_before       # turn 13 had its production
    assert (camp / "reports" / "turn-13" / "public.txt").is_file()
    assert (camp / "reports" / "turn-13" / "alice.txt").is_file()
    v = state(camp)["turn_state"]["victory"]
    assert (v["kind"], v["leader"], v["turn"]) == ("diplomatic", "alice", 13)
    assert "Victory: alice: diplomatic victory" in ok(gm("status", *c))
    assert json.loads(ok(gm("status", *c, "--format", "json")))["victory"]["kind"] == "diplomatic"
    refused(gm, camp, "turn", "start", *c, fragments=("over",))
