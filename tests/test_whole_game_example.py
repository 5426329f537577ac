"""The shipped example game (docs/whole-game.md, README "A turn, guided"): the orders files
campaigns/example/orders/turn-01..09.toml, played on a copy of campaigns/example exactly as
the doc plays them, end in carol's Orion victory in turn 9 — no campaign file edited by
hand; `verify` passes, and `turn undo` of the last turn is refused: its end revealed stage
2's key, with which anyone could compute the dice of playing it again (docs/verify.md)."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from helpers import assert_error, ok, status

EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"
ORDERS = sorted((EXAMPLE / "orders").glob("turn-*.toml"))


@pytest.fixture
def game(tmp_path):
    folder = tmp_path / "my-game"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "forum.toml", "reports", "history"))
    (folder / "secret.key").chmod(0o600)
    return folder


def test_the_shipped_example_is_at_turn_1_with_the_orders_of_a_whole_game():
    state = tomllib.loads((EXAMPLE / "campaign.toml").read_text(encoding="utf-8"))
    assert state["turn"] == 1  # the game is played on a copy, never here
    assert [p.name for p in ORDERS] == [f"turn-{n:02d}.toml" for n in range(1, 10)]
    for n, path in enumerate(ORDERS, start=1):
        assert tomllib.loads(path.read_text(encoding="utf-8"))["turn"] == n


def test_the_example_orders_play_to_carols_orion_victory(gm, game):
    camp = str(game)
    posts = {}
    for n, path in enumerate(ORDERS, start=1):
        orders = str(game / "orders" / path.name)
        ok(gm("turn", "check", orders, "-c", camp))
        if n == 8:  # the doc opens turn 8 with its own post (the chair, the cards dealt)
            assert "Chair of the Council: bob" in ok(gm("turn", "start", "-c", camp))
        posts[n] = ok(gm("turn", "run", orders, "-c", camp))
        assert (game / "reports" / f"turn-{n:02d}" / "public.txt").exists()

    # no victory before turn 9; the Guardian untouched until the battle of turn 8
    for n in range(1, 9):
        assert "Victory" not in posts[n]
    assert all("Guardian of Orion: toughness 17 of 17" in posts[n] for n in range(1, 8))
    # turn 8: the battle recorded in the orders file, the Guardian regains 3 at the turn end
    assert "carol reached Orion (0,0): the Guardian of Orion waits there" in posts[8]
    assert "carol's fleet dealt 9 damage to the Guardian of Orion: toughness 8 of 17" in posts[8]
    assert "Guardian of Orion: toughness 11 of 17 (regained 3 at the turn end)" in posts[8]
    carol8 = (game / "reports" / "turn-08" / "carol.txt").read_text(encoding="utf-8")
    assert "carol lost: Frigate (reason: destroyed by the Guardian of Orion)" in carol8
    # turn 9: the Guardian falls, carol colonises Orion and wins; alice slays the dragon
    assert "Guardian of Orion: destroyed" in posts[9]
    assert "Winner: carol — victory by colonising Orion" in posts[9]
    assert "carol's fleet destroyed the Guardian of Orion: Orion can be colonised" in posts[9]
    assert "alice destroyed the space dragon at 2,-2: +24 BC" in posts[9]
    assert "carol colonised Orion (0,0)" in posts[9]
    assert "alice colonised 2,-2" in posts[9] and "bob colonised -2,0" in posts[9]
    assert "The turn began: movement order alice → bob → carol" in posts[1]  # no start post was written

    data = status(gm, game)
    assert data["victory"] == {"kind": "orion", "leader": "carol", "turn": 9}
    systems = {s["hex"]: s for s in data["systems"]}
    assert systems["0,0"]["owner"] == "carol" and not systems["0,0"]["guardian"]
    assert systems["2,-2"]["owner"] == "alice" and systems["2,-2"]["monster"] is None
    assert systems["-2,0"]["owner"] == "bob"
    assert_error(gm("turn", "start", "-c", camp), "the game is over")
    text_map = ok(gm("map", "-c", camp, "--player", "carol", "--format", "plain"))
    assert "0,0 Orion: " in text_map and text_map.count(" — carol") >= 2  # Orion is listed, hers
    assert "Every roll checks out." in ok(gm("verify", "-c", camp))
    carols_orion_is_ringed_on_the_public_map_and_the_site_s(gm, game)

    # the last turn's end revealed stage 2's key (dice scheme 2): it is not played again
    kept = (game / "campaign.toml").read_bytes()
    assert_error(gm("turn", "undo", "-c", camp), "turn 9 is not undone", "stage2")
    assert (game / "campaign.toml").read_bytes() == kept
    ok(gm("verify", "-c", camp))


def carols_orion_is_ringed_on_the_public_map_and_the_site_s(gm, game: Path) -> None:
    """The winner's Orion carries her owner ring (green, carol's) on turn 9's public map and
    on the site's map.svg, as her other worlds do."""
    import xml.etree.ElementTree as ET

    from PIL import Image

    from gmtool.campaign.hexes import Hex
    from gmtool.campaign.store import CampaignStore
    from gmtool.maps import PUBLIC, _names, build_view
    from gmtool.maps.scene import build_scene

    scene = build_scene(build_view(CampaignStore(game).load(), PUBLIC), "en", _names("en"))
    cx, cy = scene.centres[Hex(0, 0)]
    ring = next(s for s in scene.shapes if getattr(s, "cls", "") == "owner" and (s.cx, s.cy) == (cx, cy))
    assert ring.data == {"owner": "carol"}
    image = Image.open(game / "reports" / "turn-09" / "map-public.png").convert("RGB")
    assert image.getpixel((round(cx + ring.r), round(cy))) == (0x00, 0x9E, 0x73)  # carol's colour
    ok(gm("site", "build", "-c", str(game), "-o", str(game.parent / "site")))
    svg = ET.fromstring((game.parent / "site" / "map.svg").read_bytes())
    owners = [
        c.get("data-owner")
        for c in svg.iter("{http://www.w3.org/2000/svg}circle")
        if c.get("class") == "owner" and (float(c.get("cx")), float(c.get("cy"))) == (round(cx, 1), round(cy, 1))
    ]
    assert owners == ["carol"]
