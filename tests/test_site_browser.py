"""The campaign's whole site in a real headless Chromium (``pytest -m browser``;
tests/browser.py), in Russian and in English, at a phone's 390 px and a desktop's 1280 px:
every page loads with no console error, nothing is wider than the screen, every table is a
<table> (never the code boxes' text), the map and its legend read on a phone, and after the
reveal the dice page checks every public roll of the game ✓ — and a changed face ✗."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from browser import PHONE, png_size, start
from gmtool.site.dice_page import json_block
from helpers import EXAMPLE, ok, run_gmtool

pytestmark = pytest.mark.browser

TURNS = range(1, 8)  # the galaxy's map opens to all on turn 7
WIDTHS = (PHONE[0], 1280)
DESKTOP = (1280, 900)


def gm(*args: str) -> str:
    return ok(run_gmtool(*args))


@pytest.fixture(scope="module")
def chrome():
    with start() as b:
        yield b


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    """The example campaign (Russian) played seven turns from its orders files, its public
    thread resolved in turn 7, then its secret revealed: every public roll is checkable."""
    folder = tmp_path_factory.mktemp("site") / "game"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "forum.toml"))
    gm("campaign", "set", "-c", str(folder), "lang", "ru")
    for turn in TURNS:
        gm("turn", "start", "-c", str(folder))
        if turn == TURNS[-1]:
            gm("post", "resolve", str(folder / "thread.txt"), "-c", str(folder))
        gm("turn", "run", str(folder / "orders" / f"turn-{turn:02d}.toml"), "-c", str(folder))
    gm("campaign", "reveal", "-c", str(folder))
    return folder


@pytest.fixture(scope="module")
def site(game, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out") / "site"
    gm("site", "build", "-c", str(game), "-o", str(out))
    return out


@pytest.fixture(scope="module")
def english(game, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out") / "en"
    gm("site", "build", "-c", str(game), "-o", str(out), "--lang", "en")
    return out


def pages(site: Path) -> list[Path]:
    return sorted(site.glob("*.html"))


def show(chrome, page: Path, width: int) -> None:
    chrome.size(width, PHONE[1] if width == PHONE[0] else DESKTOP[1])
    chrome.load(page)
    if page.name == "dice.html":
        chrome.awaited("gmtoolDone")


# text outside <pre> and <code> laid out as the code boxes lay out a table: "-----  ------"
TEXT_TABLES = """
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const found = [];
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  if (node.parentElement.closest("pre, code, script, style")) continue;
  if (/-{3,}[ \u00a0]+-{3,}/.test(node.textContent)) found.push(node.textContent.slice(0, 120));
}
return found;
"""
# the page's elements that stick out of the screen on the right
WIDER = """
const width = document.documentElement.clientWidth;
return Array.from(document.querySelectorAll("body *"))
  .filter((e) => !e.closest(".pan, .scroll, .dice-table, pre") && e.getBoundingClientRect().right > width + 0.5)
  .map((e) => e.tagName + "." + e.className + ": " + Math.round(e.getBoundingClientRect().right));
"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_page_loads_clean_fits_the_screen_and_shows_its_tables_as_tables(chrome, site, english, lang, width):
    folder = site if lang == "ru" else english
    names = [p.name for p in pages(folder)]
    assert {"index.html", "map.html", "charts.html", "dice.html", "turn-01.html", "turn-07.html"} <= set(names)
    try:
        for page in pages(folder):
            show(chrome, page, width)
            assert chrome.console_errors() == [], page.name
            text = chrome.text()
            if lang == "ru":
                assert re.search(r"[а-яё]{4}", text, re.IGNORECASE), f"{page.name} shows no Russian: {text[:200]!r}"
            # nothing wider than the screen: the page scrolls only downwards (a table, the map
            # and the dice list scroll in their own box, which fits the screen)
            wide = chrome.run("return document.documentElement.scrollWidth")
            assert wide <= width, f"{page.name} is {wide} px wide on a {width} px screen"
            assert chrome.run(WIDER) == [], page.name
            assert chrome.run(TEXT_TABLES) == [], f"{page.name} shows a table as text"
            if page.name.startswith("turn-"):
                # the post's standings: a table, a row a leader
                rows = chrome.run("return Array.from(document.querySelectorAll('section table'), (t) => t.rows.length)")
                assert 4 in rows, page.name
            shot = chrome.screenshot()
            assert png_size(shot)[0] == width
    finally:
        chrome.size(*DESKTOP)


MAP_SHOWN = """
const svg = document.querySelector(".pan > svg.galaxy");
const pan = svg.parentElement;
const coords = Array.from(svg.querySelectorAll("text.coord"), (t) => t.getBoundingClientRect().height);
return {
  natural: [Number(svg.getAttribute("width")), Number(svg.getAttribute("height"))],
  shown: [svg.getBoundingClientRect().width, svg.getBoundingClientRect().height],
  pan: [pan.getBoundingClientRect().left, pan.getBoundingClientRect().right, pan.clientWidth],
  scrolls: pan.scrollWidth > pan.clientWidth,
  smallest: Math.min(...coords),
  linked: svg.querySelectorAll("a > polygon.hex").length,
  hexes: svg.querySelectorAll("polygon.hex").length,
};
"""


def test_the_map_and_its_legend_read_on_a_phone(chrome, site):
    """At 390 px the map is drawn at its own size in a box that pans (its hexes' coordinates
    as large as on the desktop map), "whole map" fits it to the screen, every hex is a link to
    its line in the list of every hex, and the legend wraps to the screen in readable text."""
    from selenium.webdriver.common.by import By

    try:
        for name in ("index.html", "map.html"):
            show(chrome, site / name, PHONE[0])
            got = chrome.run(MAP_SHOWN)
            assert got["shown"] == got["natural"], name  # not shrunk: as drawn for reading
            assert got["pan"][0] >= 0 and got["pan"][1] <= PHONE[0] and got["scrolls"], name
            assert got["smallest"] >= 12, name  # every hex's coordinates: 12 px or more
            assert got["linked"] == got["hexes"] == 61, name  # a radius-4 galaxy, every hex a link
            chrome.driver.find_element(By.CSS_SELECTOR, 'label[for="galaxy-fit"]').click()
            fit = chrome.run(MAP_SHOWN)
            ratio = got["natural"][1] / got["natural"][0]
            assert abs(fit["shown"][0] - fit["pan"][2]) <= 1 and not fit["scrolls"], name
            assert abs(fit["shown"][1] - fit["shown"][0] * ratio) <= 2, name  # shrunk whole, not squashed
            assert chrome.console_errors() == [], name
        # tapping Orion's hex opens its line of the list, in view and marked
        show(chrome, site / "map.html", PHONE[0])
        chrome.driver.find_element(By.CSS_SELECTOR, 'svg.galaxy polygon[data-hex="0,0"]').click()
        row = chrome.run(
            """const row = document.getElementById("hex-0,0"); const box = row.getBoundingClientRect();
            return {hash: location.hash, top: box.top, bottom: box.bottom, height: innerHeight,
                    text: row.innerText, background: getComputedStyle(row).backgroundColor};"""
        )
        assert row["hash"] == "#hex-0,0" and -1 <= row["top"] and row["bottom"] <= row["height"]  # scrolled to it
        assert row["text"].split("\t")[0] == "0,0" and "Орион" in row["text"]
        assert row["background"] == "rgb(255, 243, 196)"
        # the legend: every symbol with its words, on the screen, in body text
        legend = chrome.run(
            """return Array.from(document.querySelectorAll("ul.legend li"), (li) => ({
                right: li.getBoundingClientRect().right, icon: li.querySelector("svg").getBoundingClientRect().width,
                size: parseFloat(getComputedStyle(li.querySelector("span")).fontSize), text: li.innerText}));"""
        )
        drawn = (site / "map.svg").read_text(encoding="utf-8").count('class="legend"')
        assert len(legend) == drawn > 20
        assert all(item["right"] <= PHONE[0] and item["size"] >= 14 and item["icon"] == 24 for item in legend)
        assert "Земной" in [item["text"] for item in legend]
    finally:
        chrome.size(*DESKTOP)


def test_a_turns_map_on_a_phone_is_shown_at_its_size_in_a_box_that_pans(chrome, site):
    try:
        show(chrome, site / "turn-07.html", PHONE[0])
        got = chrome.run(
            """const img = document.querySelector(".pan > img"); const pan = img.parentElement;
            return [img.naturalWidth, img.getBoundingClientRect().width, pan.getBoundingClientRect().right,
                    pan.scrollWidth > pan.clientWidth];"""
        )
        assert got[0] == got[1] > PHONE[0] and got[2] <= PHONE[0] and got[3]
    finally:
        chrome.size(*DESKTOP)


def test_the_russian_site_says_its_rolls_in_russian(chrome, site):
    chrome.load(site / "turn-07.html")
    text = chrome.text()
    assert "Бросок лидера bob (сообщение #1001): !roll 2d10+1 boarding action" in text
    assert re.search(r"#\d+ 2d10\+1, кубик 1: d10 = \d+", text)
    assert "Цель броска" in text  # the reply, as the thread showed it in Russian
    # each roll of a Dice block told in Russian; the checker's lines below it, in their code box,
    # are copied as they are (docs/verify.md: "The Dice block in a Russian post")
    assert re.search(r"ход 7 · bob · общая тема, пост #1001\.1, !бросок · 2d10\+1: d10 = \d+, d10 = \d+", text)
    outside = chrome.run(
        """const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT); let out = "";
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.parentElement.closest("pre, code, script, style")) out += node.textContent + "\\n";
        }
        return out;"""
    )
    assert "post #" not in outside and "Бросок лидера bob" in outside
    assert re.search(r"(?m)^turn 7 · bob · post #1001\.1 !roll · 2d10\+1: d10 #1=\d+, d10 #2=\d+$", text)
    chrome.load(site / "dice.html")
    chrome.awaited("gmtoolDone")
    text = chrome.text()
    assert "Бросок по таблице: alice (сообщение #1002): Размер мира" in text
    # scheme 2: the page lists the public rolls — the thread's, and the example's set-up rolls of
    # scheme 1 — not the leaders' orders, whose private rolls no page shows (docs/verify.md)
    assert "Разведка лидера alice: гекс 1,-2: исследование" in text and "Приказы хода" not in text
    assert "docs/verify.md" not in text and "verify.js" in text


def test_every_image_of_every_page_is_loaded(chrome, site):
    for page in pages(site):
        chrome.load(page)
        broken = chrome.run(
            "return Array.from(document.images).filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src)"
        )
        assert broken == [], page.name


def test_after_the_reveal_the_dice_page_checks_every_public_roll_of_the_game(chrome, game, site, tmp_path):
    rolls = tomllib.loads((game / "journal.toml").read_text(encoding="utf-8"))["roll"]
    # dice scheme 2 (docs/verify.md): every public roll — and the example's first rolls, made
    # under scheme 1 before it moved to scheme 2; a leader's private rolls stay off the site
    public = [r for r in rolls if r.get("private") is not True]
    assert any("part" not in r for r in public) and any(r.get("part") for r in public)
    chrome.load(site / "dice.html")
    done = chrome.awaited("gmtoolDone")
    assert done["counts"]["ok"] == len(public) and done["counts"]["bad"] == 0
    assert set(done["verdicts"]) == {"ok"}

    # the same page with one face changed in its data: exactly that roll is ✗
    html = (site / "dice.html").read_text(encoding="utf-8")
    block = re.search(r'(<script type="application/json" id="dice-data">)(.*?)(</script>)', html, re.S)
    data = json.loads(block.group(2))
    target = next(r for r in data["rolls"] if r["die"] > 1)
    target["face"] = target["face"] % target["die"] + 1
    tampered = html[: block.start(2)] + json_block(data) + html[block.end(2) :]
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    (copy / "dice.html").write_text(tampered, encoding="utf-8")
    chrome.load(copy / "dice.html")
    done = chrome.awaited("gmtoolDone")
    ids = [r["id"] for r in data["rolls"]]
    assert [ids[n] for n, v in enumerate(done["verdicts"]) if v == "bad"] == [target["id"]]


def test_the_charts_draw_in_their_page_each_leader_named_whole_on_a_desktop_and_on_a_phone(chrome, site):
    """The charts are SVG in charts.html: the leaders' names are text the browser lays out,
    none cut off; on a desktop a chart is shown at its own width, on a phone it keeps its
    words readable (600 px) and scrolls sideways in its box, the page does not."""
    measure = """
      return Array.from(document.querySelectorAll('section svg')).map((svg) => {
        const box = svg.getBoundingClientRect();
        const names = Array.from(svg.querySelectorAll('text.name'));
        const scroller = svg.parentElement;
        return {width: Math.round(box.width), names: names.map((t) => t.textContent),
                whole: names.every((t) => { const b = t.getBoundingClientRect();
                                            return b.width > 0 && b.left >= box.left && b.right <= box.right; }),
                scrolls: scroller.scrollWidth > scroller.clientWidth};
      });"""
    for (width, height), shown, scrolls in (((1280, 900), 800, False), (PHONE, 600, True)):
        chrome.size(width, height)
        chrome.load(site / "charts.html")
        charts = chrome.run(measure)
        assert [c["names"] for c in charts] == [["alice", "bob", "carol"]] * 2 + [[]]  # planets, population, Guardian
        assert all(c["width"] == shown and c["whole"] and c["scrolls"] == scrolls for c in charts), charts
        assert chrome.run("return document.documentElement.scrollWidth") <= width
