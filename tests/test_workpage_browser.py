"""The moderator's work page in a real headless Chromium (``pytest -m browser``; tests/browser.py),
opened from disk as the moderator opens it: no console error, nothing wider than a phone's
390 px, the posts still to make that go to the same place joined into one, a copy button
that copies the post, and a post ticked off still ticked once the page is loaded again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from browser import PHONE, start
from helpers import ok, run_gmtool
from workpage_game import HOSTILE, gm, post_turn, read_page, rooms_game

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def chrome():
    with start() as b:
        yield b


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """Turn 1 of the example game from its rooms, started, collected and played (a hostile
    roll in the public thread); nothing posted yet."""
    folder = rooms_game(tmp_path_factory.mktemp("page") / "game")
    c = str(folder)
    gm("turn", "start", "-c", c)
    post_turn(folder, 1, hostile=True)
    gm("post", "collect", "-c", c, "--new")
    ok(run_gmtool("turn", "run", "--from-posts", "-c", c))
    return folder


def page(folder: Path) -> Path:
    return folder / "reports" / "posts.html"


def joined(chrome) -> list[dict]:
    """The joined posts the page shows: their place, their members, their text (once every
    image has loaded or failed)."""
    chrome.broken_images()
    return chrome.run(
        """return Array.from(document.querySelectorAll('article.joined')).map((card) => ({
            place: card.querySelector('h3').textContent,
            ids: card.dataset.ids.split(' '),
            text: card.querySelector('textarea').value,
            images: Array.from(card.querySelectorAll('img')).map((img) => img.getAttribute('src')),
            loaded: Array.from(card.querySelectorAll('img')).every((img) => img.complete && img.naturalWidth > 0),
        }))"""
    )


def shown(chrome) -> list[str]:
    """The ids of the single posts on show (neither joined into another nor ticked off)."""
    return chrome.run(
        "return Array.from(document.querySelectorAll('article.post[data-id]'))"
        ".filter((card) => card.offsetParent !== null && !card.classList.contains('done'))"
        ".map((card) => card.dataset.id)"
    )


def left(chrome) -> str:
    return chrome.run("return document.getElementById('left').textContent")


def test_the_posts_still_to_make_are_joined_per_place(chrome, played):
    chrome.size(*PHONE)
    chrome.load(page(played))
    assert chrome.console_errors() == []
    assert chrome.run("return document.documentElement.scrollWidth") <= PHONE[0]
    _, html = read_page(played)
    posts = html.data["posts"]
    cards = joined(chrome)
    # one post per place: the start post, the replies and the turn's end posts (nothing is ticked)
    assert [c["place"] for c in cards] == ["Public thread", "alice's room", "bob's room", "carol's room"]
    assert left(chrome) == "Still to post: 4" and shown(chrome) == []
    public = [p for p in posts if p["to"] == ""]
    assert cards[0]["ids"] == [p["id"] for p in public]
    assert cards[0]["text"] == "\n\n".join(p["text"].rstrip("\n") for p in public) + "\n"
    assert cards[0]["images"] == ["turn-01/map-public.png", "turn-01/chart-public.png"] and cards[0]["loaded"]
    assert cards[1]["images"] == ["turn-01/map-alice.png"] and cards[1]["loaded"]
    # a player's text is shown as text, never run
    assert HOSTILE.splitlines()[1] in cards[0]["text"]
    assert chrome.run("return window.pwned === undefined")


def test_the_copy_button_copies_the_post(chrome, played):
    chrome.size(1280, 900)
    chrome.load(page(played))
    driver = chrome.driver
    try:  # the real clipboard where headless Chromium grants it
        driver.execute_cdp_cmd(
            "Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]}
        )
        granted = True
    except Exception:
        granted = False
    first = driver.find_element("css selector", "article.joined button.copy")
    first.click()
    expected = joined(chrome)[0]["text"]
    assert chrome.run("return await new Promise((r) => setTimeout(() => r(1), 0))") == 1
    assert first.text == "Copied ✓"
    # what is copied is selected in its box: the whole post
    selected = chrome.run(
        "const box = document.activeElement; return box.value.substring(box.selectionStart, box.selectionEnd)"
    )
    assert selected == expected
    if granted:
        assert chrome.run("return await navigator.clipboard.readText()") == expected
    assert chrome.console_errors() == []


def test_a_ticked_post_stays_ticked(chrome, played, tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(played, folder)  # a page of its own: its ticks are kept by its place
    chrome.size(*PHONE)
    chrome.load(page(folder))
    driver = chrome.driver
    _, html = read_page(folder)
    start_public = next(p["id"] for p in html.data["posts"] if p["step"] == "start" and p["to"] == "")
    # the start post was posted on its own: the public thread's joined post holds the rest
    driver.find_element("css selector", f'article.joined input.member[data-id="{start_public}"]').click()
    cards = {c["place"]: c for c in joined(chrome)}
    assert cards["Public thread"]["ids"] == [p["id"] for p in html.data["posts"] if p["to"] == ""][1:]
    assert left(chrome) == "Still to post: 4" and shown(chrome) == []
    # alice's joined post is made: all of it ticked off at once
    alice = [p["id"] for p in html.data["posts"] if p["to"] == "alice"]
    driver.find_element("css selector", f'article.joined[data-ids="{" ".join(alice)}"] input.all').click()
    assert left(chrome) == "Still to post: 3"
    assert sorted(c["place"] for c in joined(chrome)) == ["Public thread", "bob's room", "carol's room"]
    chrome.load(page(folder))  # again: the ticks were kept
    assert left(chrome) == "Still to post: 3"
    ticked = chrome.run(
        "return Array.from(document.querySelectorAll('article.post.done')).map((card) => card.dataset.id)"
    )
    assert sorted(ticked) == sorted([start_public, *alice])
    assert all(chrome.run(f"return document.querySelector('input.done[data-id=\"{pid}\"]').checked") for pid in ticked)
    # unticked again: alice's posts are joined again
    driver.execute_script(f"document.getElementById('{alice[0]}').classList.remove('done')")
    box = driver.find_element("css selector", f'input.done[data-id="{alice[0]}"]')
    driver.execute_script("arguments[0].scrollIntoView()", box)
    box.click()
    assert left(chrome) == "Still to post: 4"
    assert chrome.console_errors() == []
    assert chrome.run("return document.documentElement.scrollWidth") <= PHONE[0]


def tick(chrome, folder: Path, ids: list[str]) -> None:
    """The posts ``ids`` ticked off as the page keeps them (its localStorage), then the page
    loaded again."""
    chrome.load(page(folder))
    chrome.run(
        """const data = JSON.parse(document.getElementById('page-data').textContent);
        const folder = decodeURIComponent(location.pathname).replace(/\\/reports\\/[^/]*$/, '');
        for (const post of data.posts) {
            if (!arguments[0].includes(post.id)) continue;
            const key = 'gmtool-posts|' + data.campaign + '|' + folder + '|turn-' + post.turn;
            const kept = JSON.parse(localStorage.getItem(key) || '{}');
            kept[post.id] = 1;
            localStorage.setItem(key, JSON.stringify(kept));
        }""",
        ids,
    )
    chrome.load(page(folder))


def test_the_next_turns_start_joins_the_reports_still_to_post(chrome, played, tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(played, folder)
    gm("turn", "start", "-c", str(folder))
    chrome.size(1280, 900)
    # the turn's start and replies were posted: its end joins the next start
    _, html = read_page(folder)
    tick(chrome, folder, [p["id"] for p in html.data["posts"] if p["turn"] == 1 and p["step"] != "end"])
    assert chrome.console_errors() == []
    cards = joined(chrome)
    assert [c["place"] for c in cards] == ["Public thread", "alice's room", "bob's room", "carol's room"]
    carol = cards[3]["text"]
    # carol's turn-1 report without its template, then her turn-2 start report with its own
    assert carol.startswith("carol: Turn 1: results\n") and "\ncarol: Turn 2 begins\n" in carol
    assert carol.count("Your orders for turn 2") == 1
    assert carol.index("Your orders for turn 2") > carol.index("carol: Turn 2 begins")


def test_the_replies_never_posted_stay_on_the_next_turns_page(chrome, played, tmp_path):
    """Issue 35 audit, G6: the next `turn start` kept only the turn's end; the public roll's
    reply and the rooms' replies, never ticked off, were gone. They stay, joined with what
    goes to their place, until they are ticked off."""
    folder = tmp_path / "game"
    shutil.copytree(played, folder)
    gm("turn", "start", "-c", str(folder))
    chrome.size(1280, 900)
    _, html = read_page(folder)
    posts = html.data["posts"]
    starts = [p["id"] for p in posts if p["turn"] == 1 and p["step"] == "start"]
    tick(chrome, folder, starts)  # only the turn's start posts were posted
    cards = {c["place"]: c for c in joined(chrome)}
    public = [p for p in posts if p["to"] == "" and p["id"] not in starts]
    assert [p["step"] for p in public] == ["collect", "end", "start"]
    assert cards["Public thread"]["ids"] == [p["id"] for p in public]
    roll = next(p for p in public if p["step"] == "collect")
    assert roll["rolled"] is True and roll["text"].strip() in cards["Public thread"]["text"]
    alice = next(p for p in posts if p["to"] == "alice" and p["step"] == "collect")
    assert alice["text"].strip() in cards["alice's room"]["text"]
    assert left(chrome) == "Still to post: 4"
    # the replies ticked off too: only the turn's end and the next start are left
    tick(chrome, folder, [p["id"] for p in posts if p["step"] == "collect"])
    cards = {c["place"]: c for c in joined(chrome)}
    assert [p["step"] for p in posts if p["id"] in cards["Public thread"]["ids"]] == ["end", "start"]
    assert chrome.console_errors() == []


def test_a_rooms_latest_reply_stands_for_its_earlier_ones_save_those_with_rolls(chrome, tmp_path):
    """A room's replies of `post collect --new` never posted: the latest states the orders that
    stand, so the earlier ones without rolls are not offered for pasting (they are ticked off
    with it); a reply telling rolls stays, and so does every reply of the public thread, and
    last turn's reply stays beside this turn's."""
    from gmtool.campaign.workposts import entry
    from gmtool.report.workpage import page_html

    def reply(turn: int, place: str, text: str, rolled: bool = False) -> dict:
        return entry(turn, "collect", place, "room.txt", "plain", None, text, rolled=rolled)

    posts = [
        {**reply(2, "alice", "alice 2: orders A\n"), "carried": True},
        entry(3, "start", "alice", "start-alice.txt", "plain", None, "alice: Turn 3 begins\n"),
        entry(3, "start", "", "start-public.txt", "plain", None, "Turn 3 begins\n"),
        reply(3, "alice", "alice: explored 1,0 — d10 = 7\n", rolled=True),
        reply(3, "alice", "alice: orders B — ⚠ error\n"),
        reply(3, "", "roll d6 = 4\n"),
        reply(3, "alice", "alice: orders C\n"),
        reply(3, "", "roll d8 = 2\n"),
        reply(3, "alice", "alice: orders D (latest)\n"),
    ]
    where = tmp_path / "camp" / "reports"
    where.mkdir(parents=True)
    (where / "posts.html").write_text(page_html("latest", 3, posts, {}, "en"), encoding="utf-8")
    chrome.size(*PHONE)
    chrome.load(where / "posts.html")
    assert chrome.console_errors() == []
    cards = {c["place"]: c for c in joined(chrome)}
    assert cards["alice's room"]["text"] == (
        "alice 2: orders A\n\nalice: Turn 3 begins\n\nalice: explored 1,0 — d10 = 7\n\nalice: orders D (latest)\n"
    )
    ids = [p["id"] for p in posts]
    assert cards["alice's room"]["ids"] == [ids[0], ids[1], ids[3], ids[8], ids[4], ids[6]]
    assert cards["Public thread"]["text"] == "Turn 3 begins\n\nroll d6 = 4\n\nroll d8 = 2\n"
    assert left(chrome) == "Still to post: 2" and shown(chrome) == []
    # the latest reply ticked off on its own: the needless ones are not offered again
    chrome.driver.find_element("css selector", f'article.joined input.member[data-id="{ids[8]}"]').click()
    cards = {c["place"]: c for c in joined(chrome)}
    assert (
        cards["alice's room"]["text"] == "alice 2: orders A\n\nalice: Turn 3 begins\n\nalice: explored 1,0 — d10 = 7\n"
    )
    assert shown(chrome) == []
    assert chrome.console_errors() == []


def test_posts_are_joined_only_in_one_format_and_within_the_forums_limit(chrome, tmp_path):
    from gmtool.campaign.workposts import entry
    from gmtool.report.workpage import page_html

    posts = [
        entry(3, "start", "alice", "start-alice.txt", "plain", None, "alice: Turn 3 begins\n"),
        entry(3, "end", "alice", "alice.bbcode", "bbcode", 60000, "[b]alice: Turn 3: results[/b]\n"),
        entry(3, "start", "bob", "start-bob.md", "markdown", 40, "x" * 25 + "\n"),
        entry(3, "end", "bob", "bob.md", "markdown", 40, "y" * 25 + "\n"),
        entry(3, "start", "carol", "start-carol.md", "markdown", 60, "x" * 25 + "\n"),
        entry(3, "end", "carol", "carol.md", "markdown", 60, "y" * 25 + "\n"),
    ]
    where = tmp_path / "camp" / "reports"
    where.mkdir(parents=True)
    (where / "posts.html").write_text(page_html("fold", 3, posts, {}, "en"), encoding="utf-8")
    chrome.load(where / "posts.html")
    assert chrome.console_errors() == []
    cards = joined(chrome)
    assert [(c["place"], c["text"]) for c in cards] == [("carol's room", "x" * 25 + "\n\n" + "y" * 25 + "\n")]
    assert left(chrome) == "Still to post: 5"  # alice's two formats, bob's two over 40 characters, carol's one
