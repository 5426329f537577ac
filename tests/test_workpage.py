"""The moderator's work page, reports/posts.html (issue 35 §9): written with each step of a
turn — every post to make, in order, where it goes, its text to copy, its images — read here
as HTML (tests/test_workpage_browser.py opens it in a real browser)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from helpers import EXAMPLE, ok, run_gmtool
from workpage_game import HOSTILE, LEADERS, gm, post_turn, read_page, rooms_game

TURN = Path("reports") / "turn-01"


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """Turn 1 of the example game from its rooms: started, collected (with a hostile roll in
    the public thread), played; each step's page kept beside it."""
    folder = rooms_game(tmp_path_factory.mktemp("page") / "game")
    c = str(folder)
    started = run_gmtool("turn", "start", "-c", c)
    ok(started)
    shutil.copy(folder / "reports" / "posts.html", folder / "after-start.html")
    post_turn(folder, 1, hostile=True)
    collected = run_gmtool("post", "collect", "-c", c, "--new")
    ok(collected)
    shutil.copy(folder / "reports" / "posts.html", folder / "after-collect.html")
    ran = run_gmtool("turn", "run", "--from-posts", "-c", c)
    ok(ran)
    (folder / "stderr.txt").write_text(started.stderr + collected.stderr + ran.stderr, encoding="utf-8")
    return folder


def file_text(folder: Path, name: str) -> str:
    return (folder / TURN / name).read_text(encoding="utf-8")


def test_each_step_says_where_the_page_is(played):
    notes = (played / "stderr.txt").read_text(encoding="utf-8").splitlines()
    page = f"note: every post to make, in order, with its copy button: {played / 'reports' / 'posts.html'}"
    assert notes.count(page) == 3, notes


def test_the_page_lists_every_post_of_the_turn_in_order(played):
    text, page = read_page(played)
    assert page.sections == [
        "Turn 1 begins (turn start)",
        "Replies (post collect)",
        "Turn 1: results (turn end)",
    ]
    posts = page.data["posts"]
    files = [(p["step"], p["to"], p.get("images")) for p in posts]
    assert files == [
        ("start", "", []),
        ("start", "alice", []),
        ("start", "bob", []),
        ("start", "carol", []),
        ("collect", "", []),
        ("collect", "alice", []),
        ("collect", "bob", []),
        ("collect", "carol", []),
        ("end", "", ["map-public.png", "chart-public.png"]),
        ("end", "alice", ["map-alice.png"]),
        ("end", "bob", ["map-bob.png"]),
        ("end", "carol", ["map-carol.png"]),
    ]
    # a reply that tells rolls is marked so: the page never leaves it out for a later reply
    # (the thread's `!roll d6`, each room's `!explore`)
    assert {p["to"]: p.get("rolled", False) for p in posts if p["step"] == "collect"} == dict.fromkeys(
        ["", "alice", "bob", "carol"], True
    )
    named = {
        "start": lambda p: f"start-{p or 'public'}.txt",
        "collect": lambda p: f"room-{p}.txt" if p else "thread.txt",
        "end": lambda p: f"{p or 'public'}.txt",
    }
    for post in posts:  # each box holds its file's text, exactly (the browser unescapes it)
        name = named[post["step"]](post["to"])
        assert post["text"] == file_text(played, name)
        assert page.boxes[f"{post['id']}-1"] == post["text"]
        assert f"reports/turn-01/{name}" in text
    # the places, with where the campaign reads them
    assert text.count('<p class="where">room-alice.txt</p>') == 3
    assert text.count('<p class="where">public-thread.txt</p>') == 3
    assert text.count("<h3>alice&#x27;s room</h3>") == 3 and text.count("<h3>Public thread</h3>") == 3
    # the images to attach, shown from beside the page
    assert page.images == [
        "turn-01/map-public.png",
        "turn-01/chart-public.png",
        "turn-01/map-alice.png",
        "turn-01/map-bob.png",
        "turn-01/map-carol.png",
    ]
    for src in page.images:
        assert (played / "reports" / src).is_file()
    assert page.data["campaign"] == "example" and page.data["turn"] == 1


def test_a_leaders_report_is_kept_without_its_template_for_its_next_start_report(played):
    _, page = read_page(played)
    ends = {p["to"]: p for p in page.data["posts"] if p["step"] == "end"}
    assert "cut" not in ends[""]  # the public post holds no template
    carol = ends["carol"]
    before, after = carol["text"].split("Your orders for turn 2\n")  # the template's heading …
    assert carol["cut"] == before + "Map attached" + after.split("Map attached", 1)[1]  # … to the map's line
    assert "!assign" not in carol["cut"] and "!assign 0,0" in carol["text"]
    assert "Ваши приказы на ход 2" not in ends["bob"]["cut"] and "Ваши приказы на ход 2" in ends["bob"]["text"]


def test_a_players_text_is_shown_never_run(played):
    text, page = read_page(played)
    thread = next(p for p in page.data["posts"] if p["step"] == "collect" and p["to"] == "")
    assert HOSTILE.splitlines()[1] in thread["text"]  # the reply quotes it …
    assert page.boxes[f"{thread['id']}-1"] == thread["text"]  # … the box shows it as text
    assert "<script>window.pwned" not in text and "</textarea><script>" not in text
    assert page.scripts == 2  # the data and the page's own script: no other
    raw = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', text, re.S).group(1)
    assert "<" not in raw and ">" not in raw and "&" not in raw
    assert json.loads(raw)["posts"][4]["text"] == thread["text"]


def test_the_page_loads_nothing_from_the_network(played):
    text, _ = read_page(played)
    assert '<meta http-equiv="Content-Security-Policy" content="default-src \'none\';' in text
    sources = re.findall(r'\b(?:src|href)="([^"]*)"', text)
    assert sources and all(s.startswith("turn-01/") for s in sources), sources
    assert "<link" not in text and "@import" not in text


def test_a_web_address_is_a_link_and_nothing_else_is():
    from gmtool.campaign.workposts import entry
    from gmtool.report.workpage import page_html

    posts = [entry(1, "start", place, "start-x.txt", "plain", None, "text\n") for place in ("", "alice", "bob")]
    places = {
        "": "https://forum.example/viewtopic.php?t=12&start=0",
        "alice": "javascript:alert(1)",
        "bob": 'HTTP://forum.example/"room"',
    }
    text = page_html("example", 1, posts, places, "en")
    links = re.findall(r'<a href="([^"]*)" target="_blank" rel="noopener noreferrer">', text)
    assert links == ["https://forum.example/viewtopic.php?t=12&amp;start=0", "HTTP://forum.example/&quot;room&quot;"]
    assert '<p class="where">javascript:alert(1)</p>' in text


def test_each_step_adds_its_posts_to_the_page(played):
    after_start = (played / "after-start.html").read_text(encoding="utf-8")
    after_collect = (played / "after-collect.html").read_text(encoding="utf-8")
    assert "Turn 1 begins (turn start)" in after_start and "Replies (post collect)" not in after_start
    assert "Replies (post collect)" in after_collect and "Turn 1: results" not in after_collect


def test_the_next_turn_carries_every_post_of_the_turn_before(played, tmp_path):
    """Nothing was ticked off: the turn before's start, replies and end are all still to post
    (issue 35 audit, G6: the public roll's reply and a room's reply were dropped); the browser
    hides what is ticked."""
    folder = tmp_path / "game"
    shutil.copytree(played, folder)
    gm("turn", "start", "-c", str(folder))
    _, page = read_page(folder)
    assert page.sections == ["Turn 1: still to post", "Turn 2 begins (turn start)"]
    posts = page.data["posts"]
    assert [(p["turn"], p["step"], p["to"], p.get("carried", False)) for p in posts] == [
        (1, "start", "", True),
        (1, "start", "alice", True),
        (1, "start", "bob", True),
        (1, "start", "carol", True),
        (1, "collect", "", True),
        (1, "collect", "alice", True),
        (1, "collect", "bob", True),
        (1, "collect", "carol", True),
        (1, "end", "", True),
        (1, "end", "alice", True),
        (1, "end", "bob", True),
        (1, "end", "carol", True),
        (2, "start", "", False),
        (2, "start", "alice", False),
        (2, "start", "bob", False),
        (2, "start", "carol", False),
    ]


def test_collect_again_with_nothing_new_adds_no_post(played, tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(played, folder)
    gm("campaign", "set", "-c", str(folder), "thread", "public-thread.txt")
    gm("turn", "start", "-c", str(folder))
    before = read_page(folder)[1].data["posts"]
    gm("post", "collect", "-c", str(folder), "--new")
    gm("post", "collect", "-c", str(folder))
    assert read_page(folder)[1].data["posts"] == before  # nothing new in the thread or a room


def test_undo_takes_the_turns_end_posts_off_the_page(played, tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(played, folder)
    gm("turn", "undo", "-c", str(folder))
    _, page = read_page(folder)
    assert [p["step"] for p in page.data["posts"]] == ["start"] * 4


def test_a_post_too_long_for_its_forum_is_a_box_per_part(tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(EXAMPLE, folder)
    gm("campaign", "set", "-c", str(folder), "format", "discord")
    gm("campaign", "set", "-c", str(folder), "post-limit", "600")
    gm("turn", "start", "-c", str(folder))
    text, page = read_page(folder)
    carol = next(p for p in page.data["posts"] if p["to"] == "carol")
    assert carol["parts"] > 1 and carol["limit"] == 600
    boxes = [page.boxes[f"{carol['id']}-{n}"] for n in range(1, carol["parts"] + 1)]
    assert all(len(box) <= 600 for box in boxes)
    assert "----- 8< -----" not in "".join(boxes)
    assert f"Part 1 of {carol['parts']}" in text


def test_the_site_never_holds_the_page(played, tmp_path):
    out = tmp_path / "site"
    gm("site", "build", "-c", str(played), "-o", str(out))
    names = [p.name for p in out.rglob("*")]
    assert "posts.html" not in names and not any(n.endswith(".json") and "turn-01" in n for n in names)
    for path in out.rglob("*"):
        if path.is_file() and path.suffix in (".html", ".js", ".css", ".json"):
            body = path.read_text(encoding="utf-8")
            assert "Your orders for turn" not in body and "room-alice.txt" not in body, path.name


def test_verify_reads_the_posts_not_the_page(played, tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(played, folder)
    with_page = gm("verify", "-c", str(folder))
    (folder / "reports" / "posts.html").unlink()
    shutil.rmtree(folder / "reports" / "posts")
    assert gm("verify", "-c", str(folder)) == with_page


def test_the_pages_words_are_in_both_catalogs():
    from gmtool.locale import catalog

    en = {k for k in catalog("en") if k.startswith("workpage.")}
    ru = {k for k in catalog("ru") if k.startswith("workpage.")}
    assert en == ru and len(en) > 15


def test_a_russian_moderators_page(tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(EXAMPLE, folder)
    gm("campaign", "set", "-c", str(folder), "lang", "ru")
    gm("turn", "start", "-c", str(folder))
    text, page = read_page(folder)
    assert '<html lang="ru">' in text and "Посты к публикации — ход 1" in text
    assert page.sections == ["Начало хода 1 (turn start)"] and "Комната лидера carol" in text
    assert page.data["words"]["copy"] == "Копировать"
    assert [p["to"] for p in page.data["posts"]] == ["", *LEADERS]


def test_a_reply_tells_rolls_when_a_command_of_it_has_roll_ids():
    from gmtool.campaign.workposts import tells_rolls

    assert tells_rolls({"results": {"posts": [{"commands": [{"roll_ids": [9, 11]}]}]}})
    assert not tells_rolls({"orders": [{"kind": "claims"}], "results": {"posts": [{"commands": [{"roll_ids": []}]}]}})
