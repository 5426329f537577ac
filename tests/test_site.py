"""`gmtool site build` (gmtool/site, docs/site.md): the campaign's static site from its public
records — pages and links, the posts rendered with player text escaped, charts and the SVG map,
the same bytes on a rebuild, nothing of a leader's private state, --base-url, --lang."""

from __future__ import annotations

import io
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
    assert {"index.html", "charts.html", "dice.html", "style.css", "map.svg", *turns} <= set(site)
    index = page(site, "index.html")
    assert [link for link in links(index) if link.startswith("turn-")] == turns
    for name, body in site.items():
        if name.endswith(".html"):
            for link in links(body.decode("utf-8")):
                assert link in site, (name, link)
            assert "<script" not in body.decode("utf-8") or name == "dice.html"  # no JavaScript but the verifier
    assert "Turn 10, stage 2" in index and "Standings" in index and "Laws in force" in index
    assert "Guardian of Orion" in index and "alice, bob, carol" in index


def test_a_turn_page_shows_its_public_post_its_map_and_the_public_rolls_escaped(game, site):
    from gmtool.campaign.session import past_post

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


def test_the_charts_are_pngs_and_the_map_svg_names_each_system(site):
    charts = page(site, "charts.html")
    for name in ("planets", "population", "guardian"):
        assert f'src="charts/{name}.png"' in charts
        image = Image.open(io.BytesIO(site[f"charts/{name}.png"]))
        image.load()
        assert image.format == "PNG" and image.size == (800, 400)
    root = ET.fromstring(site["map.svg"])
    ns = "{http://www.w3.org/2000/svg}"
    titled = [p for p in root.iter(f"{ns}polygon") if p.find(f"{ns}title") is not None]
    assert titled
    words = {p.get("data-hex"): p.find(f"{ns}title").text for p in titled}
    assert words["0,0"].startswith("0,0") and "Orion" in words["0,0"]


def test_turn_run_writes_the_chart_beside_the_public_map(game):
    chart = game / "reports" / "turn-08" / "chart-public.png"
    image = Image.open(chart)
    assert image.format == "PNG" and image.size == (800, 400)


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
