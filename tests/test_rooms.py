"""A leader's room read like a thread (`post resolve SOURCE --room LEADER`): its posts are
private to the leader, its turn orders are collected (never applied) in the moderator's
coordinates, the room's confirmation tells them as understood with what `turn check` finds,
and nothing of it reaches a public reply."""

from __future__ import annotations

import json
import threading
import tomllib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

import forum_pages as fp
from gmtool.campaign import forumfile
from gmtool.forum import order_commands
from gmtool.forum.order_commands import PostedOrder
from gmtool.forum.rooms import collected_orders
from helpers import assert_error, journal_rolls, ok, ok_json, resolve_post, snapshot, write_text

pytestmark = pytest.mark.camp(example="fresh")

# alice's homeworld is 1,-3 (campaigns/example): in stage 1 her own frame puts it at 0,0
ALICE_1_0 = "2,-3"  # alice's 1,0 in the galaxy's coordinates


def records(camp):
    return forumfile.read(camp / "forum.toml")


def state_of(camp) -> dict:
    """campaign.toml but the journal's mark (a resolve that rolls nothing still notes it)."""
    data = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))
    data.pop("journal_hash", None)
    return data


def standing(camp, turn: int = 1):
    return collected_orders(records(camp), turn)


def room(gm, camp, source, *extra: str, leader: str = "alice", fmt: str = "json", lang: str = "en"):
    out = resolve_post(gm, camp, source, "--room", leader, "--lang", lang, *extra, fmt=fmt)
    return json.loads(out) if fmt == "json" else out


def test_an_order_in_a_room_is_collected_with_the_absolute_hex_not_applied(gm, tmp_path, camp):
    before = state_of(camp)
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\nMy orders:\n!colonize 1,0\n")
    data = room(gm, camp, src)
    [order] = data["orders"]
    assert (order["kind"], order["value"], order["post_id"], order["index"]) == ("colonize", ALICE_1_0, "11", 1)
    # kept in forum.toml as the pinned design says, keyed by the room
    record = records(camp).commands["room:alice:11:1"]
    assert record["room"] == "alice" and record["turn"] == 1 and record["status"] == "ok"
    assert json.loads(record["order"]) == {"kind": "colonize", "value": ALICE_1_0}
    assert tomllib.loads((camp / "forum.toml").read_text())["post"][0]["room"] == "alice"
    assert "room:alice:11" in records(camp).posts
    # collected, not applied: the campaign is as it was (no colony, no ship spent)
    assert state_of(camp) == before
    # the reply tells it in alice's own frame, as she wrote it
    plain = room(gm, camp, src, fmt="plain")
    assert "colonise 1,0" in plain and ALICE_1_0 not in plain


def test_russian_words_in_a_room_and_the_reply_in_the_leaders_language(gm, tmp_path, camp):
    ok(gm("player", "lang", "-c", str(camp), "--player", "alice", "--to", "ru"))
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!колонизировать 1,0\n!активировать 0,0\n")
    text = room(gm, camp, src, fmt="plain")  # the command's --lang is en: the room speaks alice's
    assert "Ваши приказы на ход 1, как они поняты" in text
    assert "колонизировать 1,0" in text and "пост #11, команда 1" in text
    assert "последний пост с приказами заменяет все прежние приказы" in text
    assert [o.kind for o in standing(camp)["alice"].orders] == ["colonize", "activate"]


def test_a_later_post_holding_orders_replaces_the_earlier_orders(gm, tmp_path, camp):
    first = "=== alice #11 ===\n!colonize 1,0\n!activate 1,0\n"
    src = write_text(tmp_path, "room.txt", first)
    room(gm, camp, src)
    assert [o.value for o in standing(camp)["alice"].orders] == [ALICE_1_0, ALICE_1_0]
    src = write_text(tmp_path, "room.txt", first + "=== alice #12 ===\nno, this instead:\n!colonize 0,-1\n")
    data = room(gm, camp, src)
    assert [(o["kind"], o["value"], o["post_id"]) for o in data["orders"]] == [("colonize", "1,-4", "12")]
    assert [o.post_id for o in standing(camp)["alice"].orders] == ["12"]
    # a post without orders (chat, a roll) replaces nothing
    src = write_text(tmp_path, "room.txt", src.read_text() + "=== alice #13 ===\nthanks!\n!roll d6\n")
    data = room(gm, camp, src)
    assert [o["post_id"] for o in data["orders"]] == ["12"]


def test_a_post_by_another_leader_in_a_room_is_refused_and_the_refusal_stands(gm, tmp_path, camp):
    src = write_text(tmp_path, "room.txt", "=== bob #11 ===\n!colonize 1,0\n!roll d6\n")
    text = room(gm, camp, src, fmt="plain")
    assert text.count("bob is not alice: only alice (and the moderator) posts in alice's room") == 2
    assert standing(camp) == {}
    stored = records(camp).commands
    assert stored["room:alice:11:1"]["status"] == "refused" and stored["room:alice:11:2"]["status"] == "refused"
    assert journal_rolls(camp)[-1]["id"] == 20  # bob's !roll rolled nothing
    assert room(gm, camp, src, fmt="plain") == text


def test_a_moderators_post_in_a_room_is_no_ones_orders(gm, tmp_path, camp):
    ok(gm("campaign", "set", "-c", str(camp), "moderators", "Архивариус, gm"))
    body = "=== Архивариус #11 ===\nYour template:\n!colonize 0,1\n!activate 0,0\n!roll d4 for the record\n"
    src = write_text(tmp_path, "room.txt", body + "=== alice #12 ===\n!activate 0,0\n")
    data = room(gm, camp, src)
    results = data["results"]["posts"]
    assert [c["command"] for c in results[0]["commands"]] == ["!roll d4 for the record"]  # the rest: skipped
    assert results[0]["commands"][0]["status"] == "ok"
    assert [(o["kind"], o["post_id"]) for o in data["orders"]] == [("activate", "12")]
    # --moderator names one for this run too
    src2 = write_text(tmp_path, "room2.txt", "=== gm2 #21 ===\n!colonize 0,1\n")
    data = room(gm, camp, src2, "--moderator", "gm2", leader="bob")
    assert data.get("results") is None and data["orders"] == []


def test_an_order_command_outside_a_room_is_refused(gm, tmp_path, camp):
    thread = write_text(tmp_path, "t.txt", "=== alice #5 ===\n!colonize 1,0\n")
    data = ok_json(gm("post", "resolve", str(thread), "-c", str(camp), "--format", "json"))
    [command] = data["posts"][0]["commands"]
    assert command["status"] == "refused"
    assert "is a turn order: give it in your room" in command["reason"]
    pm = write_text(tmp_path, "pm.txt", "=== alice #6 ===\n!colonize 1,0\n")
    out = resolve_post(gm, camp, pm, "--private", "--include-private")
    assert "is a turn order: give it in your room" in out
    assert standing(camp) == {}


def test_a_turn_check_problem_is_named_with_its_post_and_command_in_the_leaders_frame(gm, tmp_path, camp):
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!colonize 1,0\n!activate 0,0\n")
    data = room(gm, camp, src)
    colonize, activate = data["orders"]
    assert colonize["problems"] == []
    assert activate["problems"] == ["activate: 0,0 is a homeworld: it is always active"]  # her 0,0, not 1,-3
    text = room(gm, camp, src, fmt="plain")
    lines = text.splitlines()
    at = lines.index("- activate the colony at 0,0 — post #11, command 2")
    assert lines[at + 1] == "- ⚠ problem: activate: 0,0 is a homeworld: it is always active"


def test_what_an_order_costs_and_where_is_told(gm, tmp_path, camp):
    state = camp / "campaign.toml"
    state.write_text(state.read_text().replace("orders = 0", "orders = 5", 1))  # alice's
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!colonize 1,0\n!activate 1,0\n")
    colonize, activate = room(gm, camp, src)["orders"]
    assert activate["costs"] == {"orders": 2} and activate["problems"] == []
    text = room(gm, camp, src, fmt="plain")
    assert "- activate the colony at 1,0 → activated 1,0 (−2 orders); costs 2 orders — post #11, command 2" in text


def test_resolving_a_room_again_prints_the_same_bytes_and_rolls_nothing(gm, tmp_path, camp):
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!roll d6\n!colonize 1,0\n!explore 0,1\n")
    first = room(gm, camp, src, fmt="bbcode")
    files = snapshot(camp)
    again = room(gm, camp, src, fmt="bbcode")
    assert again == first and snapshot(camp) == files


def test_a_ballot_is_read_back_in_its_room_only(gm, tmp_path, camp):
    """The Council ballot as the order commands read it (`!голос за подкуп 6`): the room
    says exactly how it was read; the public reply, nothing."""
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!голос за подкуп 6\n")
    data = room(gm, camp, src)
    ballot = data["ballot"]
    assert (ballot["choice"], ballot["bribe_bc"], ballot["bribe_votes"], ballot["post_id"]) == ("yes", 6, 2, "11")
    text = room(gm, camp, src, fmt="plain")
    assert "Council ballot: yes (bribe 6 BC = +2 votes) — post #11, command 1" in text
    assert "each ballot — on the bill, for Emperor — may be changed until the count" in text
    assert [b.value for b in standing(camp)["alice"].ballots] == [{"choice": "yes", "bribe": 6}]
    # the same ballot in the public thread: refused as ever, and never read back there
    thread = write_text(tmp_path, "t.txt", "=== alice #5 ===\n!голос за подкуп 6\n")
    public = resolve_post(gm, camp, thread)
    assert "votes are secret" in public and "bribe 6 BC" not in public and "+2" not in public


def test_a_room_as_a_saved_page_and_as_a_url(gm, tmp_path, camp):
    posts = [fp.P(31, "alice", ["My orders:", "!colonize 1,0"]), fp.P(32, "carol", ["!colonize 0,1"])]
    page = write_text(tmp_path, "room.html", fp.phpbb_page(posts, topic=40))
    data = room(gm, camp, page)
    assert [(o["value"], o["post_id"]) for o in data["orders"]] == [(ALICE_1_0, "31")]
    refused = data["results"]["posts"][0]["commands"][0]
    assert refused["status"] == "refused" and "carol is not alice" in refused["reason"]

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            body = fp.phpbb_page([fp.P(41, "bob", ["!colonize 1,0"])], topic=41).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/viewtopic.php?t=41"
        data = room(gm, camp, url, leader="bob")
    finally:
        server.shutdown()
        server.server_close()
    # bob's homeworld is -3,2: his 1,0 is -2,2
    assert [(o["value"], o["post_id"]) for o in data["orders"]] == [("-2,2", "41")]
    assert set(standing(camp)) == {"alice", "bob"}


def test_a_room_of_no_leader_is_refused_and_writes_nothing(gm, tmp_path, camp):
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!colonize 1,0\n")
    files = snapshot(camp)
    res = gm("post", "resolve", str(src), "-c", str(camp), "--room", "mallory")
    assert_error(res, "no leader mallory for a room (leaders: alice, bob, carol)", quiet=True)
    assert snapshot(camp) == files


def test_new_prints_only_what_this_run_resolved(gm, tmp_path, camp):
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!colonize 1,0\n")
    assert "colonise 1,0" in room(gm, camp, src, "--new", fmt="plain")
    assert room(gm, camp, src, "--new", fmt="plain").startswith(
        "Results\n=======\n\nNo new command since this thread was last read."
    )
    src = write_text(tmp_path, "room.txt", src.read_text() + "=== alice #12 ===\n!roll d6\n")
    text = room(gm, camp, src, "--new", fmt="plain")
    assert "!roll d6" in text and "colonise 1,0" in text  # the new roll, and the orders that stand
    # the public thread: only the commands resolved in this run
    thread = write_text(tmp_path, "t.txt", "=== bob #5 ===\n!roll d6\n")
    assert "!roll d6" in resolve_post(gm, camp, thread, "--new")
    assert "No new command since this thread was last read." in resolve_post(gm, camp, thread, "--new")
    thread = write_text(tmp_path, "t.txt", thread.read_text() + "=== carol #6 ===\n!roll d8\n")
    out = resolve_post(gm, camp, thread, "--new")
    assert "!roll d8" in out and "!roll d6" not in out


def test_a_rooms_json_keeps_the_post_resolve_shape(gm, tmp_path, camp):
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!colonize 1,0\n!roll d6\n\n=== bob #12 ===\n!roll d4\n")
    data = room(gm, camp, src)
    first, second = data["posts"]
    assert (first["post_id"], first["author"], first["private"]) == ("11", "alice", True)
    order, roll = first["commands"]
    assert (order["command"], order["status"], order["order"]) == (
        "!colonize 1,0",
        "ok",
        {"kind": "colonize", "value": ALICE_1_0},
    )
    assert roll["status"] == "ok" and "order" not in roll
    assert second["commands"][0]["status"] == "refused"


def test_an_edited_room_post_is_flagged_and_its_first_orders_stand(gm, tmp_path, camp):
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!colonize 1,0\n")
    room(gm, camp, src)
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!colonize 0,1\n!activate 0,0\n")
    data = room(gm, camp, src)
    changed, added = data["posts"][0]["commands"]
    assert changed["edited"] is True and changed["original"] == "!colonize 1,0"
    assert added["status"] == "refused" and "added after the post was resolved" in added["reason"]
    assert [(o["kind"], o["value"]) for o in data["orders"]] == [("colonize", ALICE_1_0)]


def test_a_post_of_orders_only_edited_after_its_confirmation_is_said_to_be_ignored(gm, tmp_path, camp):
    """Issue 33 §5: frigate → scout. The first orders stand, and the confirmation says the
    edit was not taken (docs/safety.md: flagged), in the leader's language too."""
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!build frigate\n")
    room(gm, camp, src)
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!build scout\n")
    text = room(gm, camp, src, fmt="plain")
    assert (
        "alice #11\n---------\n\n!build scout\n\nthe post was edited after its orders were read; the orders as "
        "first read stand (post your orders anew to change them) (resolved as: !build frigate)\n"
    ) in text
    assert "- build frigate at 0,0 → build ordered: Frigate at 0,0 (8 PP); costs 8 PP — post #11, command 1" in text
    assert "scout at" not in text
    ru_text = room(gm, camp, src, fmt="plain", lang="ru")
    assert (
        "пост отредактирован после того, как его приказы были прочитаны; в силе приказы в первом прочтении" in ru_text
    )
    [command] = room(gm, camp, src)["posts"][0]["commands"]
    assert (command["edited"], command["original"], command["order"]["value"]["item"]) == (
        True,
        "!build frigate",
        "frigate",
    )
    assert [(o["kind"], o["value"]["item"]) for o in room(gm, camp, src)["orders"]] == [("build", "frigate")]


def test_a_strangers_post_in_a_room_stands_refused(gm, tmp_path, camp):
    src = write_text(tmp_path, "room.txt", "=== mallory #11 ===\n!colonize 1,0\n")
    text = room(gm, camp, src, fmt="plain")
    assert "mallory is not alice: only alice (and the moderator) posts in alice's room" in text
    assert records(camp).commands["room:alice:11:1"]["status"] == "refused"
    assert room(gm, camp, src, fmt="plain") == text


def test_a_command_that_acts_at_once_is_never_collected(gm, tmp_path, camp, monkeypatch):
    # even were an order command named like one (an orders file's `explore`)
    monkeypatch.setitem(order_commands.ORDER_COMMANDS, "explore", "explore")
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!explore 0,-1\n")
    data = room(gm, camp, src)
    [command] = data["posts"][0]["commands"]
    assert command["status"] == "ok" and "order" not in command and command["roll_ids"]
    assert standing(camp) == {}


def test_orders_given_after_an_undone_turn_keep_their_turn(gm, tmp_path, camp):
    ok(gm("turn", "run", str(camp / "orders" / "turn-01.toml"), "-c", str(camp)))
    src = write_text(tmp_path, "room.txt", "=== alice #21 ===\n!activate 0,0\n")
    room(gm, camp, src)
    assert [o.post_id for o in standing(camp, 2)["alice"].orders] == ["21"]
    ok(gm("turn", "undo", "-c", str(camp)))  # back to turn 1: the room's result is voided …
    data = room(gm, camp, src)  # … and read again: still an order for turn 2, not for turn 1
    assert data["turn"] == 1 and data["orders"] == []
    assert standing(camp, 1) == {} and [o.post_id for o in standing(camp, 2)["alice"].orders] == ["21"]


def test_a_builds_pp_is_told(gm, tmp_path, camp, monkeypatch):
    """`!build ITEM [Q,R]` as the order commands give it (a stand-in reading it here)."""
    from gmtool.forum import posts

    def parse(state, library, leader, name, args):
        item, *where = args.split()
        return PostedOrder("build", {"item": item, "hex": order_commands.leader_hex(state, leader, where[0])})

    words = posts.command_name
    monkeypatch.setattr(posts, "command_name", lambda word: "build" if word == "build" else words(word))
    monkeypatch.setitem(order_commands.ORDER_COMMANDS, "build", "build")
    monkeypatch.setattr(order_commands, "parse_order", parse)
    data = room(gm, camp, write_text(tmp_path, "room.txt", "=== alice #11 ===\n!build scout 0,0\n"))
    [build] = data["orders"]
    assert build["value"] == {"item": "scout", "hex": "1,-3"} and build["costs"]["pp"] == 6
    text = room(gm, camp, write_text(tmp_path, "room.txt", "=== alice #11 ===\n!build scout 0,0\n"), fmt="plain")
    assert "at 0,0 (6 PP); costs 6 PP" in text
