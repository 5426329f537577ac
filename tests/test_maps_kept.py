"""The bands of a turn's maps kept for the next turn's (gmtool.maps.kept, reports/map-bands.bin):
maps drawn from them are byte for byte the maps drawn anew; a band is taken only where the
very same shapes ink it; a file that is not whole, or was drawn otherwise, is read as
holding nothing."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.campaign.hexes import Hex
from gmtool.maps import PUBLIC, _names, batch, build_view, png
from gmtool.maps.kept import FILE_NAME, KeptBands
from gmtool.maps.scene import build_scene
from gmtool.rules.orion.state import PlanetState, System
from helpers import slow_twin
from map_campaigns import sample

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "campaigns" / "example"


def jobs_of(campaign):
    return [(PUBLIC, "en")] + [(p.name, "ru" if i % 2 else "en") for i, p in enumerate(campaign.players)]


def drawn(campaign, about, kept=None):
    return batch.draw_all(campaign, jobs_of(campaign), None, about, kept)


def next_turn(campaign):
    """The galaxy a turn later: alice explored one more hex, a terran world (the map's
    colours the same, named first on another map: the same palette)."""
    campaign.game.systems.append(
        System(
            hex=Hex(2, -3),
            discovery="planet",
            explored_by="alice",
            explored_turn=2,
            planet=PlanetState("terran", "small", max_population=2, production=2),
        )
    )
    return campaign


@pytest.fixture(scope="module")
def salt():
    return png.drawing_salt()


@pytest.mark.parametrize("stage", [1, 2])
def test_the_next_turn_s_maps_drawn_from_the_kept_bands_are_the_maps_drawn_anew(stage, salt, monkeypatch):
    campaign = sample(stage=stage)
    first = KeptBands(salt)
    drawn(campaign, (1, stage), first)
    assert first.taken == 0 and first.new  # nothing kept before: every band drawn, and kept

    later = next_turn(campaign)
    anew = drawn(later, (2, stage))
    deflated = []
    real_band = png._band
    monkeypatch.setattr(png, "_band", lambda rows, parts=None: deflated.append(rows) or real_band(rows, parts))
    kept = KeptBands.read(first.dump(), salt)
    assert drawn(later, (2, stage), kept) == anew
    assert kept.taken > 0  # most of the galaxy looks as it did
    # drawn: the titles (the turn's number) and the bands of the hex alice explored; every
    # band of these maps kept for the next, taken or drawn
    assert 0 < len(deflated) < kept.taken
    assert len(kept.new) <= kept.taken + len(deflated)


HEXES = [Hex(q, r) for q in range(-4, 5) for r in range(-4, 5) if max(abs(q), abs(r), abs(q + r)) <= 4]
FREE = [h for h in HEXES if h not in {s.hex for s in sample().game.systems}]
# what a turn may change in the galaxy: a hex explored (empty, asteroids, a planet, owned or not)
CHANGE = st.tuples(
    st.sampled_from(FREE),
    st.sampled_from(["alice", "bob"]),
    st.sampled_from(["empty", "asteroids", "terran", "ocean", "toxic", "inferno"]),
    st.sampled_from(["small", "large"]),
    st.booleans(),
)


@settings(max_examples=4)
@given(stage=st.sampled_from([1, 2]), turns=st.lists(st.lists(CHANGE, max_size=3), min_size=1, max_size=4))
def test_any_run_of_turns_draws_the_same_maps_with_the_kept_bands_as_without(stage, turns):
    """Whatever each turn explores, settles or leaves as it was, its maps drawn from the last
    turn's kept bands are byte for byte the maps drawn anew."""
    campaign = sample(stage=stage)
    kept = KeptBands(png.drawing_salt())
    drawn(campaign, (1, stage), kept)
    for turn, changes in enumerate(turns, start=2):
        taken = {s.hex for s in campaign.game.systems}
        for at, who, what, size, owned in changes:
            if at in taken:
                continue
            taken.add(at)
            planet = what not in ("empty", "asteroids")
            campaign.game.systems.append(
                System(
                    hex=at,
                    discovery="planet" if planet else what,
                    explored_by=who,
                    explored_turn=turn,
                    owner=who if planet and owned else None,
                    planet=PlanetState(what, size, max_population=2, production=2) if planet else None,
                )
            )
        kept = KeptBands.read(kept.dump(), png.drawing_salt())
        assert drawn(campaign, (turn, stage), kept) == drawn(campaign, (turn, stage))
        if not changes:  # the galaxy as it was: every band but the titles' taken
            assert kept.taken > len(kept.new) // 2


test_any_run_of_turns_draws_the_same_maps_with_the_kept_bands_as_without_long = slow_twin(
    test_any_run_of_turns_draws_the_same_maps_with_the_kept_bands_as_without, 60
)


def test_a_band_is_taken_only_where_the_very_same_shapes_ink_it(salt):
    """Every band of a map whose planet changed size is another band: none is taken."""
    campaign = sample(stage=2)
    kept = KeptBands(salt)
    drawn(campaign, (2, 2), kept)
    again = KeptBands.read(kept.dump(), salt)
    assert drawn(campaign, (2, 2), again) == drawn(campaign, (2, 2))
    assert again.taken == len(again.new)  # the same maps: every band taken, none drawn

    for system in campaign.game.systems:
        if system.planet is not None and system.owner is None:
            system.planet = replace(system.planet, size="huge")
    third = KeptBands.read(again.dump(), salt)
    assert drawn(campaign, (2, 2), third) == drawn(campaign, (2, 2))
    assert third.taken < again.taken


def test_the_kept_label_places_are_where_the_labels_are_rasterised(salt):
    kept = KeptBands(salt)
    drawn(sample(stage=2), (1, 2), kept)
    read = KeptBands.read(kept.dump(), salt)
    assert read.labels == kept.placed and len(read.labels) > 20
    for (text, size, bold, anchor), place in read.labels.items():
        mask, left, top = png._label(text, size, bold, anchor)
        assert place == (left, top, mask.width, mask.height)


def test_the_palette_is_one_whatever_order_the_maps_name_their_colours_in():
    """A map's palette is its colours in one order (the background first, the exact colours,
    the blends): a turn whose maps name the same colours, in whatever order, has the last
    turn's palette, and so can take its bands."""
    campaign = sample(stage=2)
    scenes = [build_scene(build_view(campaign, viewer), lang, _names(lang)) for viewer, lang in jobs_of(campaign)]
    colours = png.palette(scenes)
    assert png.palette(scenes[::-1]) == colours
    assert colours[0] == (255, 255, 255) and len(set(colours)) == len(colours)


@pytest.fixture(scope="module")
def kept_file(salt):
    kept = KeptBands(salt)
    drawn(sample(stage=1), (1, 1), kept)
    return kept.dump()


def test_a_kept_file_read_back_holds_every_band(kept_file, salt):
    """Taken again, every band and label place, the file is written as it was read; what is
    not taken is not kept again."""
    read = KeptBands.read(kept_file, salt)
    assert len(read.old) > 10 and len(read.labels) > 10
    assert KeptBands.read(read.dump(), salt).old == {}  # nothing taken yet
    for key in read.old:
        assert read.take(key) == read.old[key]
    for label in read.labels:
        assert read.place(label) == read.labels[label]
    assert read.dump() == kept_file


@given(at=st.integers(min_value=0), value=st.integers(min_value=1, max_value=255))
def test_a_kept_file_with_any_byte_changed_is_read_as_holding_nothing(kept_file, salt, at, value):
    data = bytearray(kept_file)
    data[at % len(data)] ^= value
    read = KeptBands.read(bytes(data), salt)
    assert read.old == {} and read.labels == {}


@given(cut=st.integers(min_value=0))
def test_a_kept_file_cut_short_is_read_as_holding_nothing(kept_file, salt, cut):
    read = KeptBands.read(kept_file[: cut % len(kept_file)], salt)
    assert read.old == {} and read.labels == {}


def test_a_kept_file_drawn_otherwise_is_read_as_holding_nothing(kept_file, salt):
    """Another Pillow, FreeType, font or drawing code: another salt."""
    other = bytes(b ^ 1 for b in salt)
    assert KeptBands.read(kept_file, other).old == {}
    assert KeptBands.read(None, salt).old == {}
    assert KeptBands.read(b"", salt).old == {}


def maps_of(folder: Path, turn: int) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((folder / "reports" / f"turn-{turn:02d}").glob("map-*.png"))}


def test_a_turn_keeps_its_maps_bands_and_the_next_draws_the_same_maps_with_or_without_them(gm, tmp_path):
    """The example game's turns 1–3 (stage 1, then the turn the rooms open): the maps of the
    campaign that kept its bands, of one whose file was deleted and of one whose file was
    spoiled are the same bytes; the spoiled file is replaced with a whole one."""
    folders = {}
    for name in ("kept", "deleted", "spoiled"):
        folders[name] = tmp_path / name
        shutil.copytree(EXAMPLE, folders[name])
    for turn in (1, 2, 3):
        for name, folder in folders.items():
            bands = folder / "reports" / FILE_NAME
            if turn > 1:
                assert bands.is_file()
                if name == "deleted":
                    bands.unlink()
                if name == "spoiled":
                    bands.write_bytes(bands.read_bytes()[:-40] + b"not what was written" * 2)
            orders = EXAMPLE / "orders" / f"turn-{turn:02d}.toml"
            result = gm("turn", "run", str(orders), "-c", str(folder))
            assert result.exit_code == 0, result.stderr
            assert FILE_NAME not in result.stdout + result.stderr  # the moderator's notes name the maps only
        maps = {name: maps_of(folder, turn) for name, folder in folders.items()}
        assert maps["kept"] and maps["kept"] == maps["deleted"] == maps["spoiled"]
    salt = png.drawing_salt()
    for folder in folders.values():
        assert KeptBands.read((folder / "reports" / FILE_NAME).read_bytes(), salt).old


def test_a_new_campaign_keeps_the_maps_cache_out_of_git(new_campaign):
    folder = new_campaign("c", players=["alice", "bob"])
    assert "reports/map-bands.bin" in (folder / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_the_salt_follows_what_draws_the_text(monkeypatch):
    """FreeType's settings in the environment change how glyphs are hinted: another salt."""
    monkeypatch.delenv("FREETYPE_PROPERTIES", raising=False)
    plain = png.drawing_salt.__wrapped__()
    monkeypatch.setenv("FREETYPE_PROPERTIES", "truetype:interpreter-version=35")
    assert png.drawing_salt.__wrapped__() != plain


def test_a_cache_that_cannot_be_written_leaves_the_turn_whole(gm, tmp_path):
    """The cache is written last and is only a cache: where it cannot be written (here a
    folder stands in its place) the turn, its posts, maps, models and work page are written."""
    folder = tmp_path / "camp"
    shutil.copytree(EXAMPLE, folder)
    (folder / "reports" / FILE_NAME).mkdir(parents=True)
    result = gm("turn", "run", str(EXAMPLE / "orders" / "turn-01.toml"), "-c", str(folder))
    assert result.exit_code == 0, result.stderr
    reports = folder / "reports"
    assert maps_of(folder, 1) and (reports / "models" / "turn-01.json").is_file() and (reports / "posts.html").is_file()
    assert "turn = 2" in (folder / "campaign.toml").read_text(encoding="utf-8")
