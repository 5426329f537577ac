"""The campaign's whole site in a real headless Chromium (``pytest -m browser``;
tests/browser.py): every page loads with no console error, reads in Cyrillic, fits a phone,
and after the reveal the dice page checks every public roll of the game ✓ — and a changed face ✗."""

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

TURNS = range(1, 4)


def gm(*args: str) -> str:
    return ok(run_gmtool(*args))


@pytest.fixture(scope="module")
def chrome():
    with start() as b:
        yield b


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    """The example campaign (Russian) played three turns from its orders files, its public
    thread resolved, then its secret revealed: every roll is public and checkable."""
    folder = tmp_path_factory.mktemp("site") / "game"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "forum.toml"))
    gm("campaign", "set", "-c", str(folder), "lang", "ru")
    for turn in TURNS:
        gm("turn", "start", "-c", str(folder))
        gm("turn", "run", str(folder / "orders" / f"turn-{turn:02d}.toml"), "-c", str(folder))
    gm("post", "resolve", str(folder / "thread.txt"), "-c", str(folder))
    gm("campaign", "reveal", "-c", str(folder))
    return folder


@pytest.fixture(scope="module")
def site(game, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out") / "site"
    gm("site", "build", "-c", str(game), "-o", str(out))
    return out


def pages(site: Path) -> list[Path]:
    return sorted(site.glob("*.html"))


def test_every_page_loads_with_no_console_error_in_cyrillic_and_fits_a_phone(chrome, site):
    names = [p.name for p in pages(site)]
    assert {"index.html", "charts.html", "dice.html", "turn-01.html", "turn-03.html"} <= set(names)
    for page in pages(site):
        chrome.size(*PHONE)
        chrome.load(page)
        if page.name == "dice.html":
            chrome.awaited("gmtoolDone")
        assert chrome.console_errors() == [], page.name
        text = chrome.text()
        assert re.search(r"[а-яё]{4}", text, re.IGNORECASE), f"{page.name} shows no Russian: {text[:200]!r}"
        # nothing wider than the phone: the page scrolls only downwards (tables scroll in their box)
        wide = chrome.run("return document.documentElement.scrollWidth")
        assert wide <= PHONE[0], f"{page.name} is {wide} px wide on a {PHONE[0]} px phone"
        width, height = png_size(chrome.screenshot())
        assert (width, height) == PHONE


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
