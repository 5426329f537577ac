"""The decisions of wave 3 this part implements, each from the rule it comes from:

* Merchant of Venus, B3 Movement (docs/rules-venus.md): the kind of landing is recorded, and
  ``venus skip --in-port`` is refused where no port is;
* colony activation, A6 (docs/rules-orion.md): an activated colony stays active until it is
  blockaded or changes hands; ``activation = per-turn`` keeps the earlier reading;
* exploration reach, A4 (stages 2–3): from the leader's own planets and the hexes it explored
  itself, never through another leader's explorations;
* victory precedence, A12: Orion, conquest, technology, diplomatic, territorial, said in the post;
* A10 agent checks in the leader's turn report; A13 awards dropped by the moderator.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from helpers import assert_error, ok, snapshot, status

pytestmark = pytest.mark.usefixtures("isolated")


# ================================================================ Merchant of Venus, B3


def _venus(gm, tmp_path: Path) -> tuple[Path, str, str]:
    """A two-player game (ann, ben): (folder, the first player, the other)."""
    folder = tmp_path / "venus"
    ok(gm("campaign", "new", str(folder), "--ruleset", "venus", "--player", "ann", "--player", "ben"))
    first = status(gm, folder)["current"]
    return folder, first, "ben" if first == "ann" else "ann"


def _merchant(folder: Path, name: str) -> dict:
    return tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))["venus"]["merchants"][name]


def _round(gm, folder: Path, first: str, other: str) -> None:
    """``first`` ends its turn, ``other`` skips and ends its own: ``first`` plays again."""
    ok(gm("turn", "end", "-c", str(folder), "--player", first))
    ok(gm("venus", "skip", "-c", str(folder), "--player", other))
    ok(gm("turn", "end", "-c", str(folder), "--player", other))


def test_venus_every_ship_starts_landed_at_the_galactic_base_spaceport(gm, tmp_path):
    """B1: all ships start on the Galactic Base, which acts as a Neutral Spaceport
    (tables/venus/board.toml row galactic-base, lands = ["spaceport"])."""
    folder, first, other = _venus(gm, tmp_path)
    assert _merchant(folder, first)["landing"] == "spaceport"
    players = {p["name"]: p for p in status(gm, folder)["players"]}
    assert players[first]["landing"] == "spaceport" and players[first]["position"] == "galactic-base"
    # skipping in port from the start is the operations phase
    data = json.loads(ok(gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port", "--format", "json")))
    assert data["next"] == "operations"


def test_venus_skip_in_port_refused_after_an_asteroid_landing(gm, tmp_path):
    """B3: an asteroid landing ends the turn, and the ship is in no surface city or spaceport —
    the next turn's ``skip --in-port`` is refused naming the rule (it was accepted before
    wave 3); board row asteroid-system, lands = ["asteroid", "spaceport"]."""
    folder, first, other = _venus(gm, tmp_path)
    ok(gm("venus", "move", "-c", str(folder), "--player", first, "--heading", "Asteroid System", "--dice", "2"))
    ok(gm("venus", "land", "-c", str(folder), "--player", first, "--at", "asteroid-system", "--kind", "asteroid"))
    assert _merchant(folder, first)["landing"] == "asteroid"
    _round(gm, folder, first, other)
    before = snapshot(folder)
    assert_error(
        gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port"),
        "landed on the asteroid at Asteroid System",
        "B3",
        "skip without --in-port",
    )
    assert snapshot(folder) == before
    ru = gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port", "--lang", "ru")
    assert_error(ru, "сел на астероид", "B3")
    assert snapshot(folder) == before
    # without --in-port the skip ends the turn, as B3 says
    data = json.loads(ok(gm("venus", "skip", "-c", str(folder), "--player", first, "--format", "json")))
    assert data["next"] == "done"


def test_venus_skip_in_port_after_a_spaceport_landing(gm, tmp_path):
    """B3: a ship that landed on the spaceport of the Asteroid System is in port next turn."""
    folder, first, other = _venus(gm, tmp_path)
    ok(gm("venus", "move", "-c", str(folder), "--player", first, "--heading", "Asteroid System", "--dice", "2"))
    ok(gm("venus", "land", "-c", str(folder), "--player", first, "--at", "asteroid-system", "--kind", "spaceport"))
    assert _merchant(folder, first)["landing"] == "spaceport"
    _round(gm, folder, first, other)
    data = json.loads(ok(gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port", "--format", "json")))
    assert data["next"] == "operations"


def test_venus_a_move_that_ends_without_landing_leaves_the_ship_in_space(gm, tmp_path):
    """B3: movement ends on landing or when every point is spent — a move that spent its
    points without landing leaves the ship in space: no port to skip in."""
    folder, first, other = _venus(gm, tmp_path)
    ok(gm("venus", "move", "-c", str(folder), "--player", first, "--heading", "Nebula Habitat", "--dice", "3"))
    _round(gm, folder, first, other)
    assert _merchant(folder, first)["landing"] == "space"
    players = {p["name"]: p for p in status(gm, folder)["players"]}
    assert players[first]["landing"] == "space"
    assert "in space" in ok(gm("status", "-c", str(folder)))
    assert_error(gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port"), "in space", "B3")


def _older_file(folder: Path, player: str, position: str) -> None:
    """As a campaign written before landings were recorded: no ``landing`` key, ``player`` at
    ``position`` (the moderator's record of where the ship is)."""
    path = folder / "campaign.toml"
    body = path.read_text(encoding="utf-8").replace('landing = "spaceport"\n', "")
    head = f"[venus.merchants.{player}]\n"
    at = body.index(head)
    end = body.index("\n\n", at) if "\n\n" in body[at:] else len(body)
    section = re.sub(r'position = "[^"]*"', f'position = "{position}"', body[at:end])
    path.write_text(body[:at] + section + body[end:], encoding="utf-8")


def test_venus_an_older_file_is_judged_by_the_space(gm, tmp_path):
    """A campaign written before landings were recorded (no ``landing`` key): ``--in-port`` is
    refused at a space with no city or spaceport (board row encounter-1: an encounter space)
    and accepted where the space offers one (nebula-habitat: city and spaceport)."""
    folder, first, other = _venus(gm, tmp_path)
    _older_file(folder, first, "encounter-1")
    before = snapshot(folder)
    assert_error(gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port"), "no surface city", "B3")
    assert snapshot(folder) == before
    _older_file(folder, first, "nebula-habitat")
    ok(gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port"))
