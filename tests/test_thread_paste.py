"""Issue 35: gmtool's own plain posts are safe to paste into a plain thread file. A plain
heading's underline (`=====`) is the post's text, never a post boundary; a pasted reply's
echoed commands run nowhere; collecting the thread again rolls nothing twice
(docs/file-formats.md, thread files)."""

from __future__ import annotations

import pytest

from gmtool.errors import InputError
from gmtool.forum.posts import parse_thread
from helpers import ok


def test_a_heading_underline_is_the_posts_text_and_a_broken_header_is_still_refused():
    posts = parse_thread("=== moderator #2 ===\nTurn 1: results\n===============\n\n=== alice #3 ===\n!roll d6\n")
    assert [(p.author, p.post_id, p.body) for p in posts] == [
        ("moderator", "2", "Turn 1: results\n===============\n"),
        ("alice", "3", "!roll d6"),
    ]
    with pytest.raises(InputError) as refused:
        parse_thread("=== moderator #2 ===\nhello\n=== alice ===\n!roll d6\n")
    assert refused.value.text("en").startswith("line 3: '=== alice ===' starts like a post header but is not one")


def test_a_pasted_plain_reply_and_turn_report_collect_again_without_running_anything_twice(gm, new_campaign, tmp_path):
    camp = new_campaign("camp", players=["alice", "bob"], seed=1)
    c = ("-c", str(camp))
    ok(gm("campaign", "set", *c, "moderators", "moderator"))
    thread = tmp_path / "thread.txt"
    thread.write_text("=== alice #1 ===\n!roll 2d6\n!explore 1,0\n\n", encoding="utf-8")
    ok(gm("campaign", "set", *c, "thread", str(thread)))
    ok(gm("turn", "start", *c))
    collected = ok(gm("post", "collect", *c, "--new"))
    reply = collected.split("====\n\n", 1)[1]
    assert reply.startswith("Results: #1\n===========\n\nalice #1\n--------\n\n!roll 2d6\n"), reply
    with thread.open("a", encoding="utf-8") as f:
        f.write("=== moderator #2 ===\n" + reply + "\n")
    journal = (camp / "journal.toml").read_bytes()
    assert ok(gm("post", "collect", *c, "--new")).startswith("No new command since these threads were last read.")
    assert (camp / "journal.toml").read_bytes() == journal  # nothing rolled again
    report = ok(gm("turn", "end", *c))
    assert report.startswith("Turn 1: results\n===============\n"), report
    with thread.open("a", encoding="utf-8") as f:
        f.write("=== moderator #3 ===\n" + report + "\n=== bob #4 ===\n!roll d6\n")
    again = ok(gm("post", "collect", *c, "--new"))
    assert "Results: #3–#4\n" in again and "Posts read: #3 moderator, #4 bob\n" in again, again
    assert "alice #1" not in again and again.count("d6 = [") == 1
    journal = (camp / "journal.toml").read_bytes()
    everything = ok(gm("post", "collect", *c))  # the whole thread again: the same results, no new roll
    assert "Posts read: #1 alice, #2 moderator, #3 moderator, #4 bob" in everything, everything
    assert (camp / "journal.toml").read_bytes() == journal
