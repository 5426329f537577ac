"""`gmtool site build` (gmtool/site, docs/site.md): the campaign's static site from its public
records — pages and links, the posts rendered with player text escaped, charts and the SVG map,
the same bytes on a rebuild, nothing of a leader's private state, --base-url, --lang."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from gmtool.campaign.store import CampaignStore
from tests.helpers import CYRILLIC, EXAMPLE, assert_error, ok, run_gmtool

TURNS = range(1, 9)


def gm(*args: str) -> str:
    return ok(run_gmtool(*args))


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    """The example campaign played from its orders files to turn 8 (stage 2 from turn 7), then
    the shipped thread resolved (public rolls, one of them labelled with a <script>) and
    turn 9 played with no orders."""
    folder = tmp_path_factory.mktemp("site") / "game"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "forum.toml"))
    for turn in TURNS:
        gm("turn", "start", "-c", str(folder))
        gm("turn", "run", str(folder / "orders" / f"turn-{turn:02d}.toml"), "-c", str(folder))
    gm("turn", "start", "-c", str(folder))
    gm("post", "resolve", str(folder / "thread.txt"), "-c", str(folder))
    gm("turn", "end", "-c", str(folder))
    return folder


def build(folder: Path, out: Path, *extra: str) -> dict[str, bytes]:
    said = gm("site", "build", "-c", str(folder), "-o", str(out), *extra)
    assert str(out / "index.html") in said
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def site(game, tmp_path_factory) -> dict[str, bytes]:
    return build(game, tmp_path_factory.mktemp("out") / "site")


def page(site: dict[str, bytes], name: str) -> str:
    return site[name].decode("utf-8")


def links(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="([^"]+)"', html)


def test_the_pages_are_there_and_every_link_leads_to_a_file_of_the_site(site):
    turns = [f"turn-{n:02d}.html" for n in range(1, 10)]
    assert {"index.html", "map.html", "charts.html", "dice.html", "style.css", "map.svg", *turns} <= set(site)
    index = page(site, "index.html")
    assert [link for link in links(index) if link.startswith("turn-")] == turns
    for name, body in site.items():
        if name.endswith(".html"):
            for link in links(body.decode("utf-8")):
                path, _, anchor = link.partition("#")
                assert path in site, (name, link)
                assert not anchor or f'id="{anchor}"' in page(site, path), (name, link)  # a hex's line of the list
            assert "<script" not in body.decode("utf-8") or name == "dice.html"  # no JavaScript but the verifier
    assert "Turn 10, stage 2" in index and "Standings" in index and "Laws in force" in index
    assert "Guardian of Orion" in index and "alice, bob, carol" in index


def test_a_turn_page_shows_its_public_post_its_map_and_the_public_rolls_escaped(game, site):
    from gmtool.app.session import past_post

    turn8 = page(site, "turn-08.html")
    post = past_post(game, 8, None, "en").report
    title = "".join(s.text for s in post.title)
    assert f"<h2>{title}</h2>" in turn8
    assert 'src="maps/turn-08.png"' in turn8
    assert site["maps/turn-08.png"] == (game / "reports" / "turn-08" / "map-public.png").read_bytes()
    assert "The Council" in turn8
    turn9 = page(site, "turn-09.html")
    assert "Public rolls in the thread" in turn9
    # carol's roll label is player text: shown, never markup
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in turn9
    assert "<script>alert" not in turn9
    # a roll's faces with its journal id
    assert re.search(r"#\d+ [^<]*: d6 = <b>\d</b>", turn9)


def test_the_site_in_russian_is_written_in_russian(game, tmp_path):
    ru = build(game, tmp_path / "ru", "--lang", "ru")
    turn8 = page(ru, "turn-08.html")
    assert '<html lang="ru">' in turn8 and "Ход 8" in turn8 and CYRILLIC.search(turn8)
    assert "Общая карта" in turn8
    assert "Графики" in page(ru, "charts.html")


def test_the_charts_are_svg_in_their_page_and_the_map_svg_names_each_system(site):
    """Each chart is written into charts.html as SVG: its leaders named as text in their
    map colours, each point titled with its value; no image file to fetch."""
    charts = page(site, "charts.html")
    found = re.findall(r'<section id="(\w+)"><h2>([^<]*)</h2><div class="scroll">(<svg .*?</svg>)', charts, re.S)
    assert [(name, title) for name, title, _ in found] == [
        ("planets", "Planets per leader"),
        ("population", "Population per leader"),
        ("guardian", "The Guardian of Orion&#x27;s toughness"),
    ]
    ns = "{http://www.w3.org/2000/svg}"
    svgs = {name: ET.fromstring(svg) for name, _, svg in found}
    for name in ("planets", "population"):
        keys = [t.text for t in svgs[name].iter(f"{ns}text") if t.get("class") == "name"]
        assert keys == ["alice", "bob", "carol"]
        lines = {p.get("data-name"): p.get("stroke") for p in svgs[name].iter(f"{ns}polyline")}
        assert lines == {"alice": "#e69f00", "bob": "#56b4e9", "carol": "#009e73"}
    points = [c.find(f"{ns}title").text for c in svgs["guardian"].iter(f"{ns}circle")]
    assert points[0] == "Turn 1: 17" and points[7] == "Turn 8: 11" and len(points) == 9
    assert not any(name.startswith("charts/") for name in site)
    root = ET.fromstring(site["map.svg"])
    ns = "{http://www.w3.org/2000/svg}"
    titled = [p for p in root.iter(f"{ns}polygon") if p.find(f"{ns}title") is not None]
    assert titled
    words = {p.get("data-hex"): p.find(f"{ns}title").text for p in titled}
    assert words["0,0"].startswith("0,0") and "Orion" in words["0,0"]


def test_turn_run_writes_the_chart_beside_the_public_map(game):
    """Planets per leader up to the turn, drawn by Pillow: each leader's line in its map colour."""
    chart = game / "reports" / "turn-08" / "chart-public.png"
    image = Image.open(chart)
    assert image.format == "PNG" and image.size == (800, 400)
    counts = {colour: n for n, colour in image.convert("RGB").getcolors(1 << 16)}
    for colour in ((0xE6, 0x9F, 0x00), (0x56, 0xB4, 0xE9), (0x00, 0x9E, 0x73)):  # alice, bob, carol
        assert counts.get(colour, 0) > 100


def test_building_again_writes_the_same_bytes(game, site, tmp_path):
    assert build(game, tmp_path / "again") == site


def test_nothing_private_is_on_the_site(game, site, tmp_path):
    """Every leader's private state changed — BC, RP, ships, hands, private reports, the
    private parts of the kept report models, a room's records — and the site is the same."""
    folder = tmp_path / "changed"
    shutil.copytree(game, folder, ignore=shutil.ignore_patterns(".lock"))
    store = CampaignStore(folder)
    state = store.load()
    for n, p in enumerate(state.players):
        p.bc, p.rp, p.scouts, p.colony_ships = 90 + n, 70 + n, 3, 2
        p.ships["frigate"] = 5 + n
        p.hand = ["windfall"]
    store.save(state)
    for path in (folder / "reports").rglob("*"):
        if path.is_file() and path.suffix == ".txt" and "public" not in path.name:
            path.write_text("PRIVATE-CHANGED\n", encoding="utf-8")
    for path in (folder / "reports" / "models").glob("*.json"):
        raw = json.loads(path.read_bytes())
        for models in raw["langs"].values():
            for who in list(models):
                if who != "public":
                    models[who] = {"title": [["changed", "", True]], "blocks": [], "data": {"bc": 918273645}}
        path.write_text(json.dumps(raw), encoding="utf-8")
    assert build(folder, tmp_path / "site") == site
    text = "".join(page(site, name) for name in site if name.endswith((".html", ".svg")))
    # (a number no journal mark's 12 hex digits can hold by chance, as "999" once was)
    assert "PRIVATE-CHANGED" not in text and "918273645" not in text


def test_base_url_makes_every_link_absolute(game, tmp_path):
    hosted = build(game, tmp_path / "hosted", "--base-url", "https://example.org/game")
    index = page(hosted, "index.html")
    found = links(index)
    assert found and all(link.startswith("https://example.org/game/") for link in found)
    assert "https://example.org/game/turn-01.html" in found


def test_a_campaign_with_no_turn_played_gets_an_index_only_site(tmp_path):
    folder = tmp_path / "fresh"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "forum.toml", "reports", "history"))
    fresh = build(folder, tmp_path / "site")
    assert not any(name.startswith("turn-") for name in fresh)
    assert "No turn has been played yet." in page(fresh, "index.html")
    assert "The charts start after the first turn." in page(fresh, "charts.html")


def test_an_unknown_campaign_folder_is_one_line_error_and_writes_nothing(tmp_path):
    res = run_gmtool("site", "build", "-c", str(tmp_path / "nowhere"), "-o", str(tmp_path / "site"))
    assert_error(res, "nowhere")
    assert not (tmp_path / "site").exists()


def test_the_html_renderer_escapes_every_span():
    from gmtool.report.model import Facts, Items, Paragraph, Report, TableBlock, raw, text
    from gmtool.report.render import HtmlRenderer

    report = Report(
        text("<b>title</b>"),
        [
            Paragraph(text("a & b ", raw("<i>"))),
            Facts([("<k>", text("<v>"))]),
            Items([text("<li>")]),
            TableBlock(["<h>"], [["<c>"]]),
        ],
    )
    html = HtmlRenderer().render(report)
    assert "<b>title" not in html and "&lt;b&gt;title&lt;/b&gt;" in html
    for word in ("&lt;i&gt;", "&lt;k&gt;", "&lt;v&gt;", "&lt;li&gt;", "&lt;h&gt;", "&lt;c&gt;", "a &amp; b"):
        assert word in html


def test_the_html_renderer_draws_a_table_as_a_table():
    """A report's table is a <table> (headers, one <tr> a row, numbers aligned), never the
    code boxes' text layout, which a page shows as one run of words."""
    from gmtool.report.model import Report, TableBlock, text
    from gmtool.report.render import HtmlRenderer

    block = TableBlock(
        ["Лидер", "Планеты", "Родные миры"], [["Никита", "3", "1"], ["Илья", "3", "1"]], ["left", "right", "right"]
    )
    html = HtmlRenderer().render(Report(text("t"), [block]))
    assert html == (
        "<h2>t</h2>\n"
        '<div class="scroll"><table><thead><tr><th>Лидер</th><th class="right">Планеты</th>'
        '<th class="right">Родные миры</th></tr></thead><tbody>'
        '<tr><td>Никита</td><td class="right">3</td><td class="right">1</td></tr>'
        '<tr><td>Илья</td><td class="right">3</td><td class="right">1</td></tr>'
        "</tbody></table></div>\n"
    )


def test_every_turn_page_shows_the_posts_tables_as_tables(game, site):
    """Each turn's public post has its standings table: on its page a <table> with a row per
    leader, and no line of the code boxes' layout (``-------  ---------``) anywhere."""
    for turn in range(1, 10):
        html = page(site, f"turn-{turn:02d}.html")
        tables = re.findall(r"<table>.*?</table>", html, re.S)
        assert tables, turn
        assert any(t.count("<tr>") == 4 and "alice" in t and "carol" in t for t in tables), turn
        assert not re.search(r"-{3,} +-{3,}", html), turn


def test_the_map_page_lists_every_hex_and_every_hex_of_the_map_links_to_its_line(site):
    """map.html: the map alone (its hexes, no legend, no title), the legend as HTML with every
    symbol the SVG's legend has, and a line per hex; each hex of the map, on the index and
    on map.html, is a link to its line. No script: radio buttons and CSS pan and zoom it."""
    svg = page(site, "map.svg")
    hexes = re.findall(r'<polygon [^>]*class="hex[^"]*" data-hex="([^"]+)"', svg)
    assert len(hexes) == 61  # a radius-4 galaxy
    for name in ("index.html", "map.html"):
        html = page(site, name)
        linked = re.findall(r'<a href="map\.html#hex-([^"]+)"><polygon [^>]*class="hex', html)
        assert linked == hexes, name
        assert 'class="legend-heading"' not in html and 'class="title"' not in html, name  # the legend is HTML
        assert '<input type="radio" name="galaxy" id="galaxy-fit" class="fit">' in html, name
        assert "<script" not in html, name
    html = page(site, "map.html")
    rows = re.findall(
        r'<tr id="hex-([^"]+)"><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td></tr>', html
    )
    assert [r[0] for r in rows] == hexes and all(r[0] == r[1] for r in rows)
    assert ("0,0", "0,0", "Orion", "Orion", "") in rows
    assert len(re.findall(r"<li><svg ", html)) == svg.count('class="legend"')
    assert "<span>Terran</span>" in html and "<h3>Planets (colour = type, disc = size)</h3>" in html
    # a turn's map (a PNG) sits in the same kind of box
    assert '<div class="pan"><img src="maps/turn-09.png"' in page(site, "turn-09.html")


def test_before_the_galaxy_opens_the_index_and_the_map_page_say_so(tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "forum.toml"))
    gm("turn", "run", str(folder / "orders" / "turn-01.toml"), "-c", str(folder))
    built = build(folder, tmp_path / "site")
    closed = "Closed rooms: the galaxy map opens on turn 7."
    for name in ("index.html", "map.html"):
        assert closed in page(built, name) and "<svg" not in page(built, name), name
