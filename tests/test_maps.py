"""Galaxy maps: the viewer's model (fog of war, closed rooms), the pixels and SVG elements
drawn from it, the text grid, and `gmtool map` / `gmtool reach`."""

from __future__ import annotations

import io
import json
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from gmtool.campaign.hexes import Hex
from gmtool.maps import PUBLIC, build_view, draw, map_text_report, reach
from gmtool.maps.labels import table_labels
from gmtool.maps.png import font
from gmtool.maps.scene import FOG, ORION, PLANET_COLOURS, REACH_FILL, SPACE, build_scene
from gmtool.maps.text import display_width, grid
from gmtool.report.render import render
from gmtool.rules.orion.state import PlanetState
from gmtool.rules.orion.views import status_view
from map_campaigns import sample

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))


def png_and_centres(campaign, viewer, lang="en"):
    view = build_view(campaign, viewer)
    scene = build_scene(view, lang, table_labels(lang))
    image = Image.open(io.BytesIO(draw(campaign, viewer, "png", lang)))
    assert image.size == (scene.width, scene.height)
    return image.convert("RGB"), scene.centres


def svg_root(campaign, viewer, lang="en"):
    return ET.fromstring(draw(campaign, viewer, "svg", lang))


def known_hexes_in_svg(root) -> set[str]:
    return {
        p.get("data-hex")
        for p in root.iter(f"{SVG}polygon")
        if "hex" in (p.get("class") or "").split() and p.get("data-kind") != "unexplored"
    }


# ------------------------------------------------------------------ the model


def test_moderator_sees_every_hex_of_the_galaxy_in_its_own_coordinates():
    view = build_view(sample(), None)
    assert len(view.cells) == 61 and view.frame == "galaxy"
    assert view.cell(Hex(0, 0)).discovery == "orion" and view.cell(Hex(0, 0)).guardian
    assert view.cell(Hex(2, -3)).planet_type == "ocean"


def test_stage1_leader_sees_its_homeworld_neighbourhood_labelled_from_its_homeworld():
    view = build_view(sample(), "bob")
    assert view.frame == "homeworld"
    assert sorted(c.label for c in view.cells) == sorted([Hex(0, 0), *Hex(0, 0).neighbours()])
    home = view.cell(Hex(0, 0))
    assert home.homeworld_of == "bob" and home.owner == "bob"
    assert view.cell(Hex(1, 0)).planet_type == "inferno" and view.cell(Hex(1, 0)).blockaded
    assert view.cell(Hex(1, -1)).monster == {"kind": "serpent", "great": False, "guards": "treasure"}
    assert {c.label for c in view.cells if c.reach} == {Hex(-1, 0), Hex(0, -1), Hex(-1, 1)}
    assert not any(c.discovery == "orion" for c in view.cells)


def test_stage1_public_map_is_closed():
    view = build_view(sample(), PUBLIC)
    assert view.closed and view.cells == []


def test_stage2_leader_sees_the_whole_galaxy_and_others_explorations():
    view = build_view(sample(stage=2), "bob")
    assert view.frame == "galaxy" and len(view.cells) == 61
    assert view.cell(Hex(2, -3)).planet_type == "ocean"  # alice's exploration is public now
    assert view.cell(Hex(0, 0)).discovery == "orion"
    public = build_view(sample(stage=2), PUBLIC)
    assert {c.hex for c in public.cells if c.known} == {c.hex for c in view.cells if c.known}


def test_unknown_player_is_refused():
    from gmtool.errors import InputError

    with pytest.raises(InputError, match="unknown player 'zed'"):
        build_view(sample(), "zed")


# ------------------------------------------------------------------ fog of war in pixels and SVG


@pytest.mark.parametrize("stage", [1, 2])
@pytest.mark.parametrize("viewer", ["alice", "bob"])
def test_svg_shows_exactly_the_systems_the_leaders_status_shows(stage, viewer):
    campaign = sample(stage=stage)
    status = {s["hex"] for s in status_view(campaign, viewer)["systems"]}  # in the leader's frame
    assert known_hexes_in_svg(svg_root(campaign, viewer)) == status


def test_stage1_hex_explored_by_another_leader_does_not_show():
    campaign = sample()
    alice_ocean = Hex(2, -3)
    root = svg_root(campaign, "bob")
    types = {c.get("data-type") for c in root.iter(f"{SVG}circle") if "planet" in (c.get("class") or "")}
    assert types == {"terran", "inferno", "barren"}  # no ocean, alice's find
    assert b"alice" not in draw(campaign, "bob", "svg").encode()
    image, centres = png_and_centres(campaign, "bob")
    assert all(image.getpixel((round(x), round(y))) != rgb(PLANET_COLOURS["ocean"]) for x, y in centres.values())
    # …while the moderator's map has it, at its place
    image, centres = png_and_centres(campaign, None)
    x, y = centres[alice_ocean]
    assert image.getpixel((round(x), round(y))) == rgb(PLANET_COLOURS["ocean"])


def test_png_colours_at_hex_centres_moderator():
    image, centres = png_and_centres(sample(), None)

    def at(q, r):
        x, y = centres[Hex(q, r)]
        return image.getpixel((round(x), round(y)))

    assert at(1, -3) == rgb(PLANET_COLOURS["terran"])  # alice's homeworld
    assert at(2, -3) == rgb(PLANET_COLOURS["ocean"])
    assert at(-2, 2) == rgb(PLANET_COLOURS["inferno"])
    assert at(-2, 1) == rgb(PLANET_COLOURS["barren"])
    assert at(-3, 3) == rgb(SPACE)  # bob's empty hex
    assert at(0, 0) == rgb(ORION)
    assert at(3, 1) == rgb(FOG)  # nobody went there
    assert at(1, -2) != rgb(FOG)  # asteroids: a rock at the centre
    assert len(centres) == 61


def test_png_colours_at_hex_centres_leader_stage1():
    image, centres = png_and_centres(sample(), "bob")

    def at(q, r):
        x, y = centres[Hex(q, r)]
        return image.getpixel((round(x), round(y)))

    assert at(0, 0) == rgb(PLANET_COLOURS["terran"])
    assert at(1, 0) == rgb(PLANET_COLOURS["inferno"])
    assert at(0, 1) == rgb(SPACE)
    assert at(-1, 0) == rgb(REACH_FILL)
    assert len(centres) == 7


def test_closed_rooms_a_stage1_map_does_not_depend_on_where_the_homeworld_or_orion_lie():
    """Move bob's homeworld, Orion and the galaxy's edge: bob's picture stays the same
    pixel for pixel, so nothing on it tells where Orion is or how big the galaxy is."""
    a = draw(sample(), "bob", "png")
    b = draw(sample(radius=6, bob_home=Hex(4, 1), alice_home=Hex(-4, 0), orion=Hex(0, 0)), "bob", "png")
    c = draw(sample(radius=5, bob_home=Hex(-1, -3), orion=Hex(1, 1), alice_home=Hex(3, 1)), "bob", "png")
    assert a == b == c
    svg = draw(sample(radius=6, bob_home=Hex(4, 1), alice_home=Hex(-4, 0)), "bob", "svg")
    assert "4,1" not in svg and "Orion" not in svg.split("</title>")[1].split("legend")[0]


def test_svg_elements():
    root = svg_root(sample(), None)
    hexes = [p for p in root.iter(f"{SVG}polygon") if "hex" in (p.get("class") or "").split()]
    assert len(hexes) == 61
    kinds = {p.get("data-hex"): p.get("data-kind") for p in hexes}
    assert kinds["0,0"] == "orion" and kinds["1,-2"] == "asteroids" and kinds["3,1"] == "unexplored"
    planets = {
        c.get("data-hex"): (c.get("data-type"), c.get("data-size"))
        for c in root.iter(f"{SVG}circle")
        if "planet" in (c.get("class") or "").split()
    }
    assert planets["2,-3"] == ("ocean", "medium") and planets["-2,1"] == ("barren", "huge")
    owners = [c.get("data-owner") for c in root.iter(f"{SVG}circle") if c.get("class") == "owner"]
    assert sorted(owners) == ["alice", "bob", "bob"]
    texts = {t.get("class"): t.text for t in root.iter(f"{SVG}text")}
    assert texts["monster"] == "M" and texts["guardian"] == "Ω" and texts["blockade"] == "#"
    assert texts["title"] == "Galaxy map (moderator)"


def test_a_won_orion_is_ringed_in_its_owner_s_colour_on_the_png_the_svg_and_the_site_s_map():
    """After an Orion victory the winner's Orion carries its owner ring, as any colony does
    (the Orion branch of the scene drew the Orion disc alone)."""
    from gmtool.maps.scene import owner_colour
    from gmtool.site.build import public_map

    campaign = sample(stage=2)
    orion = campaign.game.system(Hex(0, 0))
    orion.guardian, orion.owner, orion.explored_by = False, "alice", "alice"
    orion.planet = PlanetState("terran", "huge", max_population=5, production=4, population=1)
    scene = build_scene(build_view(campaign, PUBLIC), "en", table_labels("en"))
    cx, cy = scene.centres[Hex(0, 0)]
    ring = next(s for s in scene.shapes if getattr(s, "cls", "") == "owner" and (s.cx, s.cy) == (cx, cy))
    assert ring.data == {"owner": "alice"} and ring.outline == owner_colour(["alice", "bob"], "alice")
    image, centres = png_and_centres(campaign, PUBLIC)
    assert image.getpixel((round(cx), round(cy))) == rgb(ORION)
    assert image.getpixel((round(cx + ring.r), round(cy))) == rgb(ring.outline)  # the ring, right of the disc
    for svg in (draw(campaign, PUBLIC, "svg"), public_map(campaign, None, "en", (9, 2), "map.html").svg):
        circles = list(ET.fromstring(svg).iter(f"{SVG}circle"))
        at_orion = [
            c.get("class") for c in circles if (float(c.get("cx")), float(c.get("cy"))) == (round(cx, 1), round(cy, 1))
        ]
        assert at_orion == ["owner", "owner-edge", "orion"]
        assert any(c.get("class") == "owner" and c.get("data-owner") == "alice" for c in circles)


def test_svg_escapes_leader_names():
    campaign = sample()
    campaign.players[1].name = "<b>&bob"
    for s in campaign.game.systems:
        for key in ("owner", "explored_by", "homeworld_of"):
            if getattr(s, key) == "bob":
                setattr(s, key, "<b>&bob")
    svg = draw(campaign, "<b>&bob", "svg")
    assert "<b>&bob" not in svg and "&lt;b&gt;&amp;bob" in svg
    ET.fromstring(svg)


def test_russian_labels_and_cyrillic_glyphs():
    svg = draw(sample(), "bob", "svg", "ru")
    assert "Карта галактики: bob" in svg and "Земной" in svg and "не исследовано" in svg
    assert font(16).getbbox("Ж")[2] > 4  # the bundled font has Cyrillic letters
    assert isinstance(draw(sample(), "bob", "png", "ru"), bytes)


def test_reach_stage1_and_stage2():
    r = reach(sample(), "bob")
    assert r.to_data()["in_reach"] == ["-1,0", "-1,1", "0,-1"]
    assert {e["hex"] for e in r.to_data()["out_of_reach"]} == {"0,1", "1,-1", "1,0"}
    r2 = reach(sample(stage=2), "bob").to_data()
    # the frontier of explored space joined to bob's systems, in galaxy coordinates
    assert "-4,2" in r2["in_reach"] and "-1,1" in r2["in_reach"] and "0,0" not in r2["in_reach"]
    assert r2["explored_reachable"] == 4 and r2["behind_unexplored"] > 0


# ------------------------------------------------------------------ the text map


def test_text_grid_layout_stage1():
    lines = grid(build_view(sample(), "bob"))
    # + in reach, B barren with a monster (m), T2* bob's homeworld, I2# his blockaded
    # inferno colony, - empty space; each row is shifted half a hex from the one above
    assert lines == [
        "r-1 q0    +  B m  ",
        "r0 q-1  +  T2* I2#",
        "r1 q-1    +   -   ",
    ]


def test_display_width_counts_wide_characters_twice():
    assert display_width("ab") == 2 and display_width("漢字") == 4 and display_width("é") == 1


@settings(max_examples=30, deadline=None)
@given(stage=st.sampled_from([1, 2]), viewer=st.sampled_from([None, "alice", "bob", PUBLIC]), radius=st.integers(4, 8))
def test_text_map_lines_have_one_display_width(stage, viewer, radius):
    lines = grid(build_view(sample(stage=stage, radius=radius), viewer))
    assert len({display_width(line) for line in lines}) <= 1


def test_text_map_in_a_code_box_in_every_format():
    report = map_text_report(sample(), "bob", "en")
    bb = render(report, "bbcode")
    assert "[code]" in bb and "T2*" in bb
    md = render(report, "markdown")
    assert "```text\n" in md
    plain = render(report, "plain")
    assert "Galaxy map: bob" in plain and "r0 q-1" in plain
    data = json.loads(render(report, "json"))
    assert data["map"]["frame"] == "homeworld" and data["grid"][1].startswith("r0 q-1")
    ru = render(map_text_report(sample(), "bob", "ru"), "bbcode")
    assert "Легенда" in ru and "Земной" in ru


# ------------------------------------------------------------------ commands


@pytest.fixture
def example(tmp_path):
    folder = tmp_path / "example"
    shutil.copytree(ROOT / "campaigns" / "example", folder)
    return folder


def test_map_command_writes_png_to_reports_by_default(gm, example):
    res = gm("map", "-c", str(example))
    assert res.exit_code == 0, res.stderr
    path = example / "reports" / "turn-01" / "map-moderator.png"
    assert res.stdout.strip() == str(path)
    assert Image.open(path).format == "PNG"


def test_map_command_leader_file_svg_and_text(gm, example, tmp_path):
    out = tmp_path / "bob.png"
    assert gm("map", "-c", str(example), "--player", "bob", "-o", str(out)).exit_code == 0
    assert Image.open(out).format == "PNG"
    res = gm("map", "-c", str(example), "--player", "bob", "--format", "svg")
    assert res.exit_code == 0
    assert ET.parse(example / "reports" / "turn-01" / "map-bob.svg").getroot().tag == f"{SVG}svg"
    res = gm("map", "-c", str(example), "--player", "bob", "--format", "bbcode")
    assert res.exit_code == 0 and res.stdout.startswith("[size=150][b]Galaxy map: bob") and "[code]" in res.stdout
    assert gm("map", "-c", str(example), "-o", str(tmp_path / "m.svg")).exit_code == 0
    assert (tmp_path / "m.svg").read_text().startswith("<svg")


def test_map_command_errors(gm, example):
    res = gm("map", "-c", str(example), "--player", "zed")
    assert res.exit_code == 1 and res.stderr.startswith("error: unknown player 'zed'")
    res = gm("map", "-c", str(example), "--player", "bob", "--public")
    assert res.exit_code == 1 and "error:" in res.stderr
    assert not (example / "reports").exists()


def test_reach_command(gm, example):
    res = gm("reach", "-c", str(example), "--player", "bob", "--format", "json")
    assert res.exit_code == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["frame"] == "homeworld" and data["beyond"] == "stage1_too_far"
    assert "1,0" in [e["hex"] for e in data["out_of_reach"]]
    res = gm("reach", "-c", str(example), "--player", "bob", "--lang", "ru")
    assert "Можно исследовать в этот ход" in res.stdout


def test_turn_run_writes_maps_beside_the_posts_and_tells_the_moderator_which_goes_where(gm, example):
    res = gm("turn", "run", str(example / "orders" / "turn-01.toml"), "-c", str(example))
    assert res.exit_code == 0, res.stderr
    where = example / "reports" / "turn-01"
    for name in ("public", "alice", "bob", "carol"):
        assert Image.open(where / f"map-{name}.png").format == "PNG"
        post = (where / f"{name}.txt").read_text()
        assert "Map attached" in post and ".png" not in post  # the players' post names no file
    assert res.stderr == (
        f"note: attach the maps in {where}: map-public.png to the public post; chart-public.png to the public post; "
        "map-alice.png to alice's report; "
        "map-bob.png to bob's report; map-carol.png to carol's report\n"
        f"note: every post to make, in order, with its copy button: {example / 'reports' / 'posts.html'}\n"
    )


def test_gmtool_help_does_not_import_pillow(tmp_path):
    import subprocess

    code = "import sys; from gmtool.cli import build_app; build_app(); print('PIL' in sys.modules)"
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "False"
