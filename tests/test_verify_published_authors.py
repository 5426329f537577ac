"""``gmtool verify --published``: only marks in the moderator's posts count. A mark anyone
types in a player's post proves nothing and never makes an honest moderator's journal look
changed; every finding names the file, the post and its author."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import forum_pages as fp
from helpers import assert_error, ok

FAKE = "journal #1 · 000000000000"


@pytest.fixture
def game(gm, new_campaign) -> tuple[Path, str]:
    """A campaign with two rolls, and the moderator's BBCode reply to the first."""
    folder = new_campaign("game", players=["alice", "bob"], seed=3)
    reply = ok(gm("roll", "d10", "-c", str(folder), "-f", "bbcode"))
    ok(gm("roll", "d6", "-c", str(folder)))
    return folder, reply


def _thread(tmp_path: Path, *posts: tuple[str, str, str]) -> Path:
    path = tmp_path / "thread.txt"
    path.write_text(
        "".join(f"=== {author} #{post_id} ===\n{body}\n" for author, post_id, body in posts), encoding="utf-8"
    )
    return path


def _verify(gm, folder: Path, path: Path, *extra: str):
    return gm("verify", "-c", str(folder), "--published", str(path), *extra)


def test_a_fake_mark_in_a_players_post_is_not_checked_and_proves_nothing(gm, game, tmp_path):
    folder, reply = game
    thread = _thread(tmp_path, ("bob", "101", f"!roll d6\n{FAKE}\njournal #999 · 123456789abc"), ("GM", "102", reply))
    out = ok(_verify(gm, folder, thread, "--moderator", "GM"))
    assert "Every roll checks out." in out
    assert "Published journal marks checked: 1\n" in out
    assert "Marks in posts not by the moderator (prove nothing, not checked): 2" in out
    data = json.loads(ok(_verify(gm, folder, thread, "--moderator", "gm", "-f", "json")))  # names ignore case
    assert (data["ok"], data["marks_checked"], data["marks_not_checked"]) == (True, 1, 2)


def test_a_changed_mark_in_the_moderators_post_names_the_file_the_post_and_its_author(gm, game, tmp_path):
    folder, reply = game
    short = reply.split("journal #1 · ")[1][:12]
    thread = _thread(tmp_path, ("bob", "101", "hello"), ("GM", "102", reply.replace(short, "0" * 12)))
    res = _verify(gm, folder, thread, "--moderator", "GM")
    assert_error(res, "thread.txt (post #102 by GM) shows journal #1 · 000000000000", "changed after it was published")
    assert "thread.txt (post #102 by GM) shows journal #1" in res.stdout
    res = _verify(gm, folder, thread, "--moderator", "GM", "--lang", "ru")
    assert_error(res, "thread.txt (сообщение #102, автор GM)", "изменили после публикации")
    thread = _thread(tmp_path, ("GM", "103", "journal #77 · 0123456789ab"))
    assert_error(
        _verify(gm, folder, thread, "--moderator", "GM"),
        "thread.txt (post #103 by GM) shows journal #77",
        "has no roll #77",
    )


def test_a_quote_in_the_moderators_post_is_someone_elses_words(gm, game, tmp_path):
    folder, reply = game
    thread = _thread(tmp_path, ("GM", "102", f"[quote=bob]{FAKE}[/quote]\n{reply}"))
    out = ok(_verify(gm, folder, thread, "--moderator", "GM"))
    assert "Published journal marks checked: 1\n" in out


@pytest.mark.parametrize(
    "name", ["G\u202eM", "GM\u200b", "\u0413M", "GMx"], ids=["bidi-override", "zero-width", "cyrillic-ge", "longer"]
)
def test_a_name_that_only_looks_like_the_moderators_is_not_the_moderator(gm, game, tmp_path, name):
    folder, reply = game
    thread = _thread(tmp_path, (name, "101", FAKE), ("GM", "102", reply))
    out = ok(_verify(gm, folder, thread, "--moderator", "GM"))
    assert "Published journal marks checked: 1\n" in out
    assert "not checked): 1" in out


def test_a_thread_needs_the_moderators_name(gm, game, tmp_path):
    folder, reply = game
    thread = _thread(tmp_path, ("bob", "101", FAKE), ("GM", "102", reply))
    assert_error(_verify(gm, folder, thread), "thread.txt holds forum posts", "--moderator", quiet=True)


def test_a_saved_forum_page_counts_only_the_moderators_posts(gm, game, tmp_path):
    folder, reply = game
    short = reply.split("journal #1 · ")[1][:12]
    posts = [
        fp.P(5001, "bob", ["!roll d6", FAKE]),
        fp.P(5002, "GameMaster", ["Roll: d10", f"journal #1 · {short}"]),
        fp.P(5003, "alice", [("quote", "GameMaster", [f"journal #1 · {short}"]), "journal #2 · ffffffffffff"]),
    ]
    page = tmp_path / "topic.html"
    page.write_text(fp.phpbb_page(posts), encoding="utf-8")
    data = json.loads(ok(_verify(gm, folder, page, "--moderator", "GameMaster", "-f", "json")))
    assert (data["ok"], data["marks_checked"], data["marks_not_checked"]) == (True, 1, 2)
    posts[1] = fp.P(5002, "GameMaster", ["Roll: d10", FAKE])
    page.write_text(fp.phpbb_page(posts), encoding="utf-8")
    assert_error(_verify(gm, folder, page, "--moderator", "GameMaster"), "topic.html (post #5002 by GameMaster)")


def test_a_text_without_post_headers_is_the_moderators_own(gm, game, tmp_path):
    """A reply or a report copied from gmtool's output (plain text underlines its title with
    ===, which is no post header): every mark in it counts."""
    folder, _ = game
    post = tmp_path / "reply.txt"
    post.write_text(ok(gm("status", "-c", str(folder))), encoding="utf-8")
    assert "Published journal marks checked: 1\n" in ok(_verify(gm, folder, post))
    post.write_text(FAKE + "\n", encoding="utf-8")
    assert_error(_verify(gm, folder, post), "reply.txt shows journal #1 · 000000000000")


def test_a_page_of_a_forum_gmtool_does_not_ship_is_read_with_its_profile(gm, game, tmp_path):
    folder, reply = game
    short = reply.split("journal #1 · ")[1][:12]
    page = tmp_path / "x.html"
    page.write_text(
        "<html><body>"
        f"<div class='msg' data-id='m5'><b class='who'>bob</b><div class='txt'>{FAKE}</div></div>"
        f"<div class='msg' data-id='m6'><b class='who'>GM</b><div class='txt'>journal #1 · {short}"
        "</div></div></body></html>",
        encoding="utf-8",
    )
    profile = tmp_path / "mine.toml"
    profile.write_text(
        '[profile]\nname = "mine"\ndetect = ["div.msg"]\npost = "div.msg"\n'
        'id = { attr = "data-id", pattern = \'m(\\d+)\' }\nauthor = { select = "b.who" }\n'
        'body = "div.txt"\n',
        encoding="utf-8",
    )
    assert_error(_verify(gm, folder, page, "--moderator", "GM"), "not recognised", "--profile")
    data = json.loads(ok(_verify(gm, folder, page, "--moderator", "GM", "--profile", str(profile), "-f", "json")))
    assert (data["ok"], data["marks_checked"], data["marks_not_checked"]) == (True, 1, 1)
