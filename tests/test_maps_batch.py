"""A turn's maps drawn together (gmtool.maps.batch, gmtool.maps.png.render_pngs): each is
the map drawn alone, its rows taken from a map drawn before only where the same shapes ink
them, and the PNG written by hand is one a decoder reads (checksums included)."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops

from gmtool.campaign.hexes import Hex
from gmtool.campaign.store import CampaignStore
from gmtool.maps import PUBLIC, _names, batch, build_view, draw, png
from gmtool.maps.scene import Memo, build_scene
from map_campaigns import home, sample

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "campaigns" / "example"
ABOUT = (3, 2)


def jobs_of(campaign):
    """The public map, each leader's (every other one in Russian), then the first again."""
    jobs = [(PUBLIC, "en")] + [(p.name, "ru" if i % 2 else "en") for i, p in enumerate(campaign.players)]
    return jobs + [jobs[1]]


def scenes_of(campaign, jobs):
    memo = Memo()
    return [build_scene(build_view(campaign, viewer), lang, _names(lang), memo) for viewer, lang in jobs]


def rgb(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def chunks(data: bytes) -> dict[bytes, bytes]:
    """The PNG's chunks by kind, each one's CRC checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    found, at = {}, 8
    while at < len(data):
        (size,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + size]
        assert struct.unpack(">I", data[at + 8 + size : at + 12 + size])[0] == zlib.crc32(kind + body)
        found[kind] = body
        at += 12 + size
    return found


@pytest.mark.parametrize("stage", [1, 2])
def test_each_map_of_a_turn_is_the_map_drawn_alone(stage):
    """Stage 1: every leader's map is its own neighbourhood; stage 2: the same galaxy with
    each one's reach. The batch's maps share one palette (a drawn-alone map may give an
    anti-aliased pixel another blend), so they are compared as the golden maps are."""
    campaign = sample(stage=stage)
    jobs = jobs_of(campaign)
    maps = batch.draw_all(campaign, jobs, None, None)
    assert len(maps) == len(jobs)
    for (viewer, lang), made in zip(jobs, maps):
        together, alone = rgb(made), rgb(draw(campaign, viewer, "png", lang))
        assert together.size == alone.size
        off = ImageChops.difference(together, alone).convert("L").point(lambda v: 255 if v > 48 else 0)
        assert off.getbbox() is None, (viewer, lang)
    assert maps[-1] == maps[1]  # the first leader's map again: the same bytes
    assert len(set(maps[:-1])) == len(jobs) - 1


@pytest.mark.parametrize("stage", [1, 2])
def test_rows_taken_from_a_map_drawn_before_are_the_rows_drawn_anew(stage):
    campaign = sample(stage=stage)
    scenes = scenes_of(campaign, jobs_of(campaign))
    assert png.render_pngs(scenes) == png.render_pngs(scenes, reuse=False)


def test_many_leaders_maps_each_drawn_from_the_bands_most_like_it_are_those_drawn_whole():
    """Six leaders round a radius-6 galaxy, each map drawn again where it differs from
    whichever band drawn before it is most like (the public one's, another leader's), in
    two languages and then again in the other order: the same bytes as each drawn whole."""
    from gmtool.rules.orion.state import OrionPlayer

    campaign = sample(stage=2, radius=6, alice_home=Hex(-4, 1), bob_home=Hex(4, -1))
    for name, at in [("carol", Hex(0, -5)), ("dave", Hex(0, 5)), ("erin", Hex(-5, 5)), ("frank", Hex(5, -5))]:
        campaign.players.append(OrionPlayer(name=name, homeworld=at))
        campaign.game.systems.append(home(name, at))
    jobs = jobs_of(campaign)
    jobs += [(viewer, "en" if lang == "ru" else "ru") for viewer, lang in reversed(jobs[1:])]
    scenes = scenes_of(campaign, jobs)
    assert len({viewer for viewer, _ in jobs}) == 7 and len(scenes) == 15  # the public map, six leaders
    assert png.render_pngs(scenes) == png.render_pngs(scenes, reuse=False)


def test_a_leader_s_map_is_drawn_again_only_where_it_differs(monkeypatch):
    """From stage 2 two leaders' maps are the same galaxy but for each one's reach and
    title: of the second one only the pixels around those are drawn, and its bands that
    none of them touch are the first one's."""
    campaign = sample(stage=2, radius=8, alice_home=Hex(-4, 0), bob_home=Hex(3, 0))  # side by side
    scenes = scenes_of(campaign, [("alice", "en"), ("bob", "en")])
    drawn: list[tuple[int, int]] = []
    quantized, deflated = png._quantized, png._band
    bands = []

    def counted(image, index):
        drawn.append(image.size)
        return quantized(image, index)

    def band(rows, parts=None):
        bands.append(rows)
        return deflated(rows, parts)

    monkeypatch.setattr(png, "_quantized", counted)
    monkeypatch.setattr(png, "_band", band)
    png.render_pngs(scenes[:1])
    alice, alice_bands = sum(w * h for w, h in drawn), len(bands)
    assert drawn == [(scenes[0].width, scenes[0].height)]  # drawn whole
    assert alice_bands == -(-scenes[0].height // png.BAND)
    drawn.clear()
    bands.clear()
    png.render_pngs(scenes)
    bob, bob_bands = sum(w * h for w, h in drawn) - alice, len(bands) - alice_bands
    assert 0 < bob < alice / 5, (bob, alice)  # around alice's reach and bob's, and the title
    assert 0 < bob_bands < alice_bands / 2


def test_the_png_is_one_zlib_stream_of_the_rows_each_after_its_filter_byte():
    campaign = sample(stage=2)
    for data in png.render_pngs(scenes_of(campaign, jobs_of(campaign))):
        parts = chunks(data)
        assert list(parts) == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
        width, height, depth, kind = struct.unpack(">IIBB", parts[b"IHDR"][:10])
        image = Image.open(io.BytesIO(data))
        assert (image.mode, image.size, depth, kind) == ("P", (width, height), 8, 3)
        raw = zlib.decompress(parts[b"IDAT"])  # its Adler-32 checked
        pixels = image.tobytes()
        assert raw == b"".join(b"\0" + pixels[y * width : (y + 1) * width] for y in range(height))
        assert max(pixels) < len(parts[b"PLTE"]) // 3  # every pixel's colour in the palette


@given(st.binary(max_size=300), st.binary(max_size=300))
def test_adler32_of_two_pieces_is_zlib_s(first, second):
    assert png.adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == zlib.adler32(first + second)


def test_the_example_game_s_maps_as_the_turn_writes_them():
    """Stage 1 (every leader labels from its homeworld: maps of their own sizes) and the
    turn the rooms open (one galaxy)."""
    campaign = CampaignStore(EXAMPLE).load()
    jobs = jobs_of(campaign)
    for about in [(1, 1), ABOUT]:
        maps = batch.draw_all(campaign, jobs, None, about)
        assert [rgb(m).size for m in maps] == [
            rgb(draw(campaign, v, "png", lang, about=about)).size for v, lang in jobs
        ]


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
