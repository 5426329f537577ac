"""Issue 12 §3: the start post tells what was recorded before the turn started, and the
maps written at a turn end are titled with the turn they report."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from gmtool.campaign.store import CampaignStore
from helpers import ok

pytestmark = pytest.mark.usefixtures("isolated")


def test_the_start_post_lists_the_public_records_made_before_the_start(gm, camp):
    ok(gm("player", "add", "-c", str(camp), "--player", "dave"))
    ok(gm("ship", "add", "-c", str(camp), "--player", "alice", "--class", "frigate"))  # private: not told
    post = ok(gm("turn", "start", "-c", str(camp)))
    assert "Recorded before the turn started\n--------------------------------\n\n- dave joins the game\n" in post
    assert "Frigate" not in post
    written = (camp / "reports" / "turn-01" / "start-public.txt").read_text(encoding="utf-8")
    assert "- dave joins the game" in written and "Frigate" not in written
    # the same in JSON, and in Russian; a private record stays out of the public JSON
    ok(gm("turn", "end", "-c", str(camp)))
    ok(gm("player", "rename", "-c", str(camp), "--player", "bob", "--to", "Bobby"))
    ok(gm("ship", "add", "-c", str(camp), "--player", "alice", "--class", "frigate"))
    data = json.loads(ok(gm("turn", "start", "-c", str(camp), "--format", "json")))
    assert [(e["kind"], e["leader"]) for e in data["log"]] == [("player_renamed", "Bobby")]


def test_a_start_with_nothing_recorded_before_has_no_such_section(gm, camp):
    post = ok(gm("turn", "start", "-c", str(camp), "--lang", "ru"))
    assert "Записано до начала хода" not in post and "Начало хода 1" in post


def test_the_maps_of_a_turn_end_are_titled_with_that_turn(gm, camp):
    from gmtool.maps import PUBLIC, draw

    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    from gmtool.cli.common import campaign_library

    state, lib = CampaignStore(camp).load(), campaign_library(camp)
    assert state.turn == 2  # the campaign is at the next turn
    svg = draw(state, "bob", "svg", "en", lib, about=(1, 1))
    assert "turn 1 · stage 1" in svg and "turn 2" not in svg
    written = camp / "reports" / "turn-01"

    def pixels_off(made: bytes, alone: bytes) -> int:
        """Pixels more than a shade apart (a turn's maps share one palette: an anti-aliased
        pixel may take another blend than the map drawn alone gives it)."""
        from PIL import ImageChops

        one, two = (Image.open(io.BytesIO(image)).convert("RGB") for image in (made, alone))
        assert one.size == two.size
        return ImageChops.difference(one, two).convert("L").point(lambda v: 255 if v > 48 else 0).histogram()[255]

    for viewer, stem in ((PUBLIC, "public"), ("bob", "bob")):
        assert (
            pixels_off((written / f"map-{stem}.png").read_bytes(), draw(state, viewer, "png", "en", lib, about=(1, 1)))
            == 0
        )
    assert (
        pixels_off((written / "map-bob.png").read_bytes(), draw(state, "bob", "png", "en", lib)) > 0
    )  # "turn 2" there
