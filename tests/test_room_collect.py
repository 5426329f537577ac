"""Rooms remembered in campaign.toml and `post collect`: the public thread and every room
read in one run, one commit, each reply printed under the line naming where it goes and
saved for the turn — and nothing of a room in the public reply."""

from __future__ import annotations

import json
import re
import tomllib

import pytest

from helpers import CYRILLIC, assert_error, ok, ok_json, snapshot, write_text

pytestmark = pytest.mark.camp(example="fresh")

THREAD = """=== moderator #100 ===
Turn 1 is open.

=== alice #101 ===
Good luck all!
!roll d6 initiative

=== bob #102 ===
!colonize 0,1
"""
ALICE = """=== alice #7 ===
Orders for turn 1:
!colonize 1,0
!vote yes bribe 6
"""
BOB = """=== bob #9 ===
!colonize 1,0
!activate 0,0
"""


def set_up(gm, camp):
    write_text(camp, "thread.txt", THREAD)
    write_text(camp, "room-alice.txt", ALICE)
    write_text(camp, "room-bob.txt", BOB)
    ok(gm("campaign", "set", "-c", str(camp), "thread", "thread.txt"))
    ok(gm("campaign", "set", "-c", str(camp), "moderators", "moderator"))
    ok(gm("campaign", "room", "-c", str(camp), "--player", "Alice", "room-alice.txt"))
    ok(gm("campaign", "room", "-c", str(camp), "--player", "bob", "room-bob.txt"))


def test_rooms_thread_and_moderators_are_kept_in_campaign_toml(gm, camp):
    set_up(gm, camp)
    forum = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))["forum"]
    assert forum == {
        "thread": "thread.txt",
        "moderators": ["moderator"],
        "rooms": {"alice": "room-alice.txt", "bob": "room-bob.txt"},
    }
    ok(gm("campaign", "room", "-c", str(camp), "--player", "bob", "--remove"))
    assert "bob" not in tomllib.loads((camp / "campaign.toml").read_text())["forum"]["rooms"]
    assert_error(gm("campaign", "room", "-c", str(camp), "--player", "zed", "x.txt"), "no leader zed for a room")
    assert_error(gm("campaign", "room", "-c", str(camp), "--player", "bob"), "give where the room is read")
    # a damaged [forum] table is refused on load, naming the place
    text = (camp / "campaign.toml").read_text().replace('moderators = [\n    "moderator",\n]', "moderators = 3")
    (camp / "campaign.toml").write_text(text)
    assert_error(gm("status", "-c", str(camp)), "moderators")


def test_collect_writes_every_reply_and_nothing_of_a_room_in_the_public_one(gm, camp):
    set_up(gm, camp)
    out = ok(gm("post", "collect", "-c", str(camp)))
    where = camp / "reports" / "turn-01"
    public = (where / "thread.txt").read_text(encoding="utf-8")
    alice = (where / "room-alice.txt").read_text(encoding="utf-8")
    bob = (where / "room-bob.txt").read_text(encoding="utf-8")
    assert "==== For the public thread (thread.txt) — saved as reports/turn-01/thread.txt ====" in out
    assert "==== For alice's room ONLY (room-alice.txt) — saved as reports/turn-01/room-alice.txt ====" in out
    assert public.rstrip("\n") in out and alice.rstrip("\n") in out and bob.rstrip("\n") in out
    # the public reply: its own posts, the order given there refused, nothing of a room
    assert "!roll d6 initiative" in public and "is a turn order: give it in your room" in public
    for secret in ("#7", "#9", "Council ballot", "bribe 6", "+2 votes", "1,0", "orders for turn"):
        assert secret not in public, secret
    # each room: its own orders as understood, the ballot read back, the rule
    assert "colonise 1,0 → alice colonised 1,0 — post #7, command 1" in alice
    assert "Council ballot: yes (bribe 6 BC = +2 votes) — post #7, command 2" in alice
    assert "latest post holding orders replaces all your earlier orders" in alice
    assert "#9" not in alice and "Council ballot" not in bob
    assert "- activate the colony at 0,0 — post #9, command 2" in bob and "0,0 is a homeworld" in bob
    # the moderator's output names no room in a reply meant for the public thread, and a
    # player's post carries no command line of gmtool, no file path
    # (the Dice block's header `gmtool-v2 PART share …` is the players' own: docs/verify.md)
    for reply in (public, alice, bob):
        assert not re.search(r"gmtool(?!-v2 )", reply) and "reports/" not in reply and "forum.toml" not in reply
    # one commit for all: the orders are kept, keyed by room
    forum = (camp / "forum.toml").read_text(encoding="utf-8")
    assert 'key = "room:alice:7:1"' in forum and 'key = "room:bob:9:1"' in forum


def test_collect_again_rolls_nothing_and_prints_the_same(gm, camp):
    set_up(gm, camp)
    first = ok(gm("post", "collect", "-c", str(camp), "--format", "bbcode"))
    journal = (camp / "journal.toml").read_bytes()
    forum = (camp / "forum.toml").read_bytes()
    assert ok(gm("post", "collect", "-c", str(camp), "--format", "bbcode")) == first
    assert (camp / "journal.toml").read_bytes() == journal and (camp / "forum.toml").read_bytes() == forum
    assert (camp / "reports" / "turn-01" / "room-bob.bbcode").is_file()


def test_collect_new_prints_only_what_changed(gm, camp):
    set_up(gm, camp)
    ok(gm("post", "collect", "-c", str(camp)))
    saved = (camp / "reports" / "turn-01" / "thread.txt").read_bytes()
    # issue 35 §4: nothing new anywhere, nothing to paste
    assert ok(gm("post", "collect", "-c", str(camp), "--new")) == "No new command since these threads were last read.\n"
    write_text(camp, "room-bob.txt", BOB + "=== bob #10 ===\n!colonize 0,1\n")
    out = ok(gm("post", "collect", "-c", str(camp), "--new"))
    # the public thread has nothing new: no reply printed or saved for it, one line says so
    assert out.startswith("==== Nothing new for the public thread (thread.txt): no reply to post ====\n\n")
    assert "For the public thread" not in out
    assert (camp / "reports" / "turn-01" / "thread.txt").read_bytes() == saved
    assert "bob's room" in out and "alice's room" not in out
    assert "- colonise 0,1 — post #10, command 1" in out and "0,1 is a Toxic or airless world" in out
    assert "post #9" not in out  # bob's latest post holding orders replaced #9


def test_collect_new_tells_once_why_a_post_holding_a_journal_mark_ran_nothing(gm, camp):
    """A player who copies the orders template with the report's last line (its journal
    mark) posted what reads as a pasted reply of gmtool's: none of its commands runs, and a
    reply of new things says so the first time it reads the post (issue 35, audit G1)."""
    set_up(gm, camp)
    ok(gm("post", "collect", "-c", str(camp)))
    write_text(camp, "room-bob.txt", BOB + "=== bob #10 ===\n!colonize 0,1\nMap attached\njournal #12 · 5d4e7b0dcc61\n")
    out = ok(gm("post", "collect", "-c", str(camp), "--new"))
    assert "bob's room" in out and "alice's room" not in out
    assert "!colonize 0,1 — refused: this post holds a reply of gmtool's" in out
    assert "post new commands in a post of their own" in out
    # told once: read again, nothing is new
    assert ok(gm("post", "collect", "-c", str(camp), "--new")) == "No new command since these threads were last read.\n"


def test_collect_json_and_the_rooms_language(gm, camp):
    set_up(gm, camp)
    ok(gm("player", "lang", "-c", str(camp), "--player", "bob", "--to", "ru"))
    data = ok_json(gm("post", "collect", "-c", str(camp), "--format", "json"))
    assert data["turn"] == 1 and set(data["rooms"]) == {"alice", "bob"}
    assert data["saved"] == [
        "reports/turn-01/thread.json",
        "reports/turn-01/room-alice.json",
        "reports/turn-01/room-bob.json",
    ]
    assert CYRILLIC.search(data["rooms"]["bob"]["orders"][1]["problems"][0])  # bob reads Russian
    assert not CYRILLIC.search(json.dumps(data["rooms"]["alice"], ensure_ascii=False))
    assert [o["post_id"] for o in data["rooms"]["alice"]["orders"]] == ["7"]
    assert [p["post_id"] for p in data["public"]["read"]] == ["100", "101", "102"]


def test_collect_with_nothing_to_read_or_a_missing_room_writes_nothing(gm, camp):
    assert_error(gm("post", "collect", "-c", str(camp)), "nothing to collect", quiet=True)
    set_up(gm, camp)
    (camp / "room-bob.txt").unlink()
    ok(gm("campaign", "room", "-c", str(camp), "--player", "bob", str(camp / "room-bob.txt")))
    files = snapshot(camp)
    res = gm("post", "collect", "-c", str(camp))
    assert res.exit_code == 1 and res.stderr.startswith("error: ") and "room-bob.txt" in res.stderr
    assert snapshot(camp) == files


def test_a_public_reply_never_holds_a_room_even_with_include_private(gm, tmp_path, camp):
    set_up(gm, camp)
    ok(gm("post", "collect", "-c", str(camp)))
    thread = write_text(tmp_path, "t.txt", THREAD)
    public = ok(gm("post", "resolve", str(thread), "-c", str(camp), "--include-private", "--format", "json"))
    data = json.loads(public)
    assert [p["post_id"] for p in data["read"]] == ["100", "101", "102"]
    for secret in ("room:", '"7"', '"9"', "ballot", "bribe"):
        assert secret not in public, secret


def test_a_room_of_a_leader_gone_is_named(gm, camp):
    set_up(gm, camp)
    text = (camp / "campaign.toml").read_text().replace('bob = "room-bob.txt"', 'zed = "room-bob.txt"')
    (camp / "campaign.toml").write_text(text)
    files = snapshot(camp)
    res = gm("post", "collect", "-c", str(camp))
    assert_error(res, "zed has a room but is no leader now", "campaign room --player zed --remove", quiet=True)
    assert snapshot(camp) == files
