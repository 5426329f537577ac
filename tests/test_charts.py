"""The campaign's charts (gmtool/site/charts.py): one scene per chart, drawn as a PNG by Pillow
(the turn's chart-public.png) and written as SVG into the site's charts page.  A leader's
name is drawn as the text it is, whatever it holds; the PNG is decoded and its pixels read."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from gmtool.maps.scene import BACKGROUND, INK, OWNER_COLOURS, Scene, Text
from gmtool.site.charts import HEIGHT, ONE_LINE, WIDTH, chart_scene, chart_svg, line_chart
from helpers import ok, run_gmtool

SVG = "{http://www.w3.org/2000/svg}"
# names a chart once failed on (matplotlib read $…$ as mathematics) and others a forum may hold
HOSTILE = [
    "$$",
    "x$^$",
    "$\\foo{$",
    "Bob $5 and $6",
    "[/code]",
    "Борис Годунов",
    "Ж" * 40,  # as long as a name may be
    "שלום עולם",  # right to left
    "🚀 rocket",
    "<b>&amp;</b>",
]
TURNS = list(range(1, 19))


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def colour_of(names: list[str]):
    return lambda name: OWNER_COLOURS[names.index(name)]


def figures(names: list[str]) -> dict[str, list[int | None]]:
    """Every leader a different line; the first one joins at turn 3."""
    out: dict[str, list[int | None]] = {
        n: [(i * 7 + k * 3) % 11 for k in range(len(TURNS))] for i, n in enumerate(names)
    }
    out[names[0]][:2] = [None, None]
    return out


def decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image.convert("RGB")


def texts(scene: Scene, cls: str) -> list[Text]:
    return [s for s in scene.shapes if isinstance(s, Text) and s.cls == cls]


def test_every_name_is_drawn_as_the_text_it_is_in_the_png_and_the_svg():
    scene = chart_scene("Planets per leader", TURNS, figures(HOSTILE), "en", colour_of(HOSTILE))
    assert [t.text for t in texts(scene, "name")] == HOSTILE
    root = ET.fromstring(chart_svg(scene))
    assert [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "name"] == HOSTILE
    assert root.find(f"{SVG}title").text == "Planets per leader"
    titles = [c.find(f"{SVG}title").text for c in root.iter(f"{SVG}circle") if c.get("class") == "point"]
    assert "$\\foo{$, turn 5: 4" in titles and "Bob $5 and $6, turn 18: 6" in titles

    png = line_chart("Planets per leader", TURNS, figures(HOSTILE), "en", colour_of(HOSTILE))
    image = decoded(png)
    assert image.size == (scene.width, scene.height) and scene.width > WIDTH  # widened for the long name
    counts = {colour: n for n, colour in image.getcolors(1 << 16)}
    for colour in OWNER_COLOURS:  # each leader's line, in its colour exactly
        assert counts.get(rgb(colour), 0) > 200, colour
    for name in texts(scene, "name"):  # each name inked right of its key, none cut at the edge
        row = image.crop((round(name.x), round(name.y) - 7, image.width, round(name.y) + 7))
        inked = [x for x in range(row.width) for y in range(row.height) if row.getpixel((x, y)) == rgb(INK)]
        assert inked, name.text
        assert round(name.x) + max(inked) < image.width - 8, name.text
    assert image.getpixel((0, 0)) == image.getpixel((image.width - 1, image.height - 1)) == rgb(BACKGROUND)


def test_a_chart_is_the_same_bytes_drawn_again():
    again = [line_chart("Планеты лидеров", TURNS, figures(HOSTILE), "ru", colour_of(HOSTILE)) for _ in range(2)]
    assert again[0] == again[1]
    scene = chart_scene("Планеты лидеров", TURNS, figures(HOSTILE), "ru", colour_of(HOSTILE))
    assert chart_svg(scene) == chart_svg(
        chart_scene("Планеты лидеров", TURNS, figures(HOSTILE), "ru", colour_of(HOSTILE))
    )
    assert texts(scene, "axis")[0].text == "ход"


def test_three_leaders_fit_800_by_400_and_equal_lines_stay_visible():
    """The first lines are drawn wider: bob's line under carol's equal one still shows."""
    names = ["alice", "bob", "carol"]
    lines: dict[str, list[int | None]] = {"alice": [1, 2, 3], "bob": [2, 2, 3], "carol": [2, 2, 3]}
    image = decoded(line_chart("Planets per leader", [1, 2, 3], lines, "en", colour_of(names)))
    assert image.size == (WIDTH, HEIGHT)
    counts = {colour: n for n, colour in image.getcolors(1 << 16)}
    assert all(counts.get(rgb(OWNER_COLOURS[i]), 0) > 100 for i in range(3))


def test_the_axes_count_turns_and_values_in_whole_numbers():
    one = chart_scene("t", [1], {"alice": [2]}, "en", colour_of(["alice"]))
    assert [t.text for t in texts(one, "tick")] == ["0", "1", "2", "1"]  # values 0–2, then the one turn
    many = chart_scene("t", TURNS, {"": [17] * 7 + [11, 14] + [3] * 9}, "en")
    ticks = [t.text for t in texts(many, "tick")]
    assert ticks == ["0", "5", "10", "15", "20", *map(str, range(2, 19, 2))]


def test_a_chart_of_one_value_has_no_legend_and_its_own_colour():
    scene = chart_scene("The Guardian of Orion's toughness", TURNS[:9], {"": [17] * 7 + [11, 14]}, "en")
    assert texts(scene, "name") == []
    image = decoded(line_chart("The Guardian of Orion's toughness", TURNS[:9], {"": [17] * 7 + [11, 14]}, "en"))
    assert image.size == (WIDTH, HEIGHT)
    assert rgb(ONE_LINE) in {colour for _, colour in image.getcolors(1 << 16)}
    root = ET.fromstring(chart_svg(scene))
    assert [c.find(f"{SVG}title").text for c in root.iter(f"{SVG}circle")][-2:] == ["Turn 8: 11", "Turn 9: 14"]


@pytest.mark.parametrize("value", ["7", 7.5, True, None])
def test_a_value_that_is_not_a_whole_number_is_left_out(value):
    scene = chart_scene("t", [1, 2], {"alice": [3, value]}, "en", colour_of(["alice"]))
    points = [s for s in scene.shapes if getattr(s, "cls", "") == "point"]
    assert len(points) == 1


def test_leaders_named_like_markup_play_a_turn_and_the_turn_s_chart_and_the_site_name_them(tmp_path, new_campaign):
    """33 §4: a leader named $$ made every turn end fail; now the turn's chart is drawn, each
    leader's line in its colour, and the site's charts name every leader as text."""
    folder = new_campaign("game", players=HOSTILE, seed=3)
    orders = tmp_path / "orders.toml"
    orders.write_text("turn = 1\n", encoding="utf-8")
    ok(run_gmtool("turn", "run", str(orders), "-c", str(folder)))
    ok(run_gmtool("turn", "start", "-c", str(folder)))
    ok(run_gmtool("turn", "end", "-c", str(folder)))
    for turn in (1, 2):
        image = decoded((folder / "reports" / f"turn-{turn:02d}" / "chart-public.png").read_bytes())
        counts = {colour: n for n, colour in image.getcolors(1 << 16)}
        assert all(counts.get(rgb(colour), 0) > 20 for colour in OWNER_COLOURS), turn
    ok(run_gmtool("site", "build", "-c", str(folder), "-o", str(tmp_path / "site")))
    page = (tmp_path / "site" / "charts.html").read_text(encoding="utf-8")
    svgs = re.findall(r"<svg .*?</svg>", page, re.S)
    assert len(svgs) == 3  # planets and population per leader, the Guardian
    for svg in svgs[:2]:
        root = ET.fromstring(svg)
        assert [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "name"] == HOSTILE


def test_a_turn_s_public_data_is_read_from_its_report_models_file(tmp_path):
    """Only up to the first language's public report is read; a file laid out otherwise
    (members in another order, other spacing) is read whole; one that is not a models
    file gives nothing."""
    import json

    from gmtool.site.charts import public_data

    data = {"turn": 4, "standings": [{"leader": "Ж [b]", "planet_count": 2}], "note": '"public": {}'}
    private = {"bob": {"title": "x", "data": {"standings": []}}}
    models = {
        "version": 1,
        "turn": 4,
        "used": {"public": "ru", "bob": "ru"},
        "langs": {"ru": {"public": {"title": "Ход 4", "data": data}, "private": private}, "en": {}},
    }
    path = tmp_path / "turn-04.json"
    for indent in (1, None):
        path.write_text(json.dumps(models, ensure_ascii=False, indent=indent), encoding="utf-8")
        assert public_data(path) == data
    reordered = {"langs": {"en": {"private": private, "public": {"data": data}}}, "version": 1}
    path.write_text(json.dumps(reordered), encoding="utf-8")
    assert public_data(path) == data
    for broken in ("", "[]", '{"langs": {"en": {"public": {"data": 3}}}}', '{"langs": {"en": {"public": '):
        path.write_text(broken, encoding="utf-8")
        assert public_data(path) is None, broken
    assert public_data(tmp_path / "none.json") is None
