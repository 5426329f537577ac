"""`gmtool turn orders`, `turn check --from-posts` and `turn run --from-posts`: a turn played
from the orders posted in the leaders' rooms, kept in orders/turn-NN.toml for the record.

The rooms' order commands are written here straight into forum.toml, as `post resolve
--room` stores them (gmtool/forum/rooms.py: `room`, `turn`, `order`)."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest

from gmtool.campaign import forumfile
from tests.helpers import assert_error, ok, snapshot

pytestmark = pytest.mark.camp(example="rooms")  # the example at turn 1, without its hand-written orders files

# The example campaign's turn-1 orders (campaigns/example/orders/turn-01.toml), as posts:
# (leader, post id, [(kind, value), ...]) — hexes absolute, as an orders file writes them.
TURN_1 = [
    (
        "alice",
        "11",
        [("explore", "2,-4"), ("assign", {"hex": "1,-3", "workers": 2}), ("build", {"hex": "1,-3", "item": "scout"})],
    ),
    ("bob", "12", [("explore", "-4,2"), ("colonize", "-2,2"), ("build", {"hex": "-3,2", "item": "scout"})]),
    (
        "carol",
        "13",
        [
            ("explore", "4,-2"),
            ("colonize", "3,0"),
            ("assign", {"hex": "3,-1", "workers": 2, "scientists": 1}),
            ("quests", "new-frontier"),
        ],
    ),
]

TURN_2 = [
    ("alice", "31", [("explore", "0,-2"), ("colonize", "2,-3")]),
    ("bob", "32", [("explore", "-3,1")]),
    ("carol", "33", [("explore", "2,0"), ("assign", {"hex": "3,0", "workers": 1, "scientists": 1})]),
]


def room_record(leader: str, post: str, index: int, turn: int, kind: str, value) -> dict:
    """One order command of a room, as forum.toml keeps it (the pinned format)."""
    return {
        "key": f"room:{leader}:{post}:{index}",
        "post_id": post,
        "index": index,
        "command": kind,
        "room": leader,
        "turn": turn,
        "order": json.dumps({"kind": kind, "value": value}, ensure_ascii=False),
        "status": "ok",
    }


def post_orders(camp: Path, turn: int, posts) -> None:
    """Append the rooms' posts (leader, post id, orders) to the campaign's forum.toml."""
    records = [
        room_record(leader, post, i, turn, kind, value)
        for leader, post, orders in posts
        for i, (kind, value) in enumerate(orders, start=1)
    ]
    forumfile.append(camp / "forum.toml", records)


def test_turn_orders_shows_the_collected_orders_as_an_orders_file_tagged_with_their_posts(gm, camp):
    post_orders(camp, 1, TURN_1)
    text = ok(gm("turn", "orders", "-c", str(camp)))
    data = tomllib.loads(text)
    assert data["turn"] == 1
    assert data["alice"] == {
        "explore": ["2,-4"],
        "assign": [{"hex": "1,-3", "workers": 2}],
        "build": [{"hex": "1,-3", "item": "scout"}],
    }
    assert data["carol"]["quests"] == ["new-frontier"]
    assert '    "-2,2",  # post #12, command 2\n' in text
    assert list(data) == ["turn", "alice", "bob", "carol"]  # seating order
    # one leader's, into a file
    out = camp.parent / "bob.toml"
    assert ok(gm("turn", "orders", "-c", str(camp), "--player", "bob", "-o", str(out))) == ""
    assert list(tomllib.loads(out.read_text(encoding="utf-8"))) == ["turn", "bob"]
    assert_error(gm("turn", "orders", "-c", str(camp), "--player", "mallory"), "mallory")


def test_a_later_post_holding_orders_replaces_the_earlier_ones_in_turn_orders(gm, camp):
    post_orders(camp, 1, [("bob", "12", [("explore", "-4,2"), ("colonize", "-2,2")])])
    post_orders(camp, 1, [("bob", "20", [("explore", "-2,1")])])
    data = tomllib.loads(ok(gm("turn", "orders", "-c", str(camp))))
    assert data["bob"] == {"explore": ["-2,1"]}


def _without_meta_orders(files: dict[str, bytes]) -> dict[str, bytes]:
    """The snapshot's meta names the orders file's path as given (relative to the working
    folder): the one line that may differ between two copies of a campaign."""
    out = {}
    for name, data in files.items():
        if name.endswith("meta.toml"):
            data = b"\n".join(line for line in data.split(b"\n") if not line.startswith(b"orders = "))
        out[name] = data
    return out


def test_run_from_posts_makes_the_same_turn_as_the_orders_file_it_keeps(gm, camp, tmp_path):
    post_orders(camp, 1, TURN_1)
    twin = tmp_path / "twin"
    shutil.copytree(camp, twin)
    (twin / "orders").mkdir()
    kept = twin / "orders" / "turn-01.toml"
    ok(gm("turn", "orders", "-c", str(twin), "-o", str(kept)))

    from_posts = ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    from_file = ok(gm("turn", "run", str(kept), "-c", str(twin)))

    assert from_posts == from_file
    assert _without_meta_orders(snapshot(camp)) == _without_meta_orders(snapshot(twin))
    assert (camp / "orders" / "turn-01.toml").read_bytes() == kept.read_bytes()
    meta = tomllib.loads((camp / "history" / "turn-01" / "meta.toml").read_text(encoding="utf-8"))
    assert meta["orders"].endswith("orders/turn-01.toml")

    # and the next turn too, from the state it made
    for folder in (camp, twin):
        post_orders(folder, 2, TURN_2)
    kept2 = twin / "orders" / "turn-02.toml"
    ok(gm("turn", "orders", "-c", str(twin), "-o", str(kept2)))
    assert ok(gm("turn", "run", "--from-posts", "-c", str(camp))) == ok(gm("turn", "run", str(kept2), "-c", str(twin)))
    assert _without_meta_orders(snapshot(camp)) == _without_meta_orders(snapshot(twin))


def test_check_from_posts_names_the_post_and_the_command_and_writes_nothing(gm, camp):
    post_orders(camp, 1, TURN_1[:2])
    post_orders(camp, 1, [("carol", "13", [("explore", "4,-1"), ("colonize", "3,0"), ("colonize", "2,0")])])
    before = snapshot(camp)
    res = gm("turn", "check", "--from-posts", "-c", str(camp))
    assert_error(
        res,
        "post #13, command 3 (carol): colonize",
        "1 problem in the orders posted for turn 1: `turn run --from-posts` drops the order and plays the rest",
        one_line=False,
    )
    assert res.stderr.count("\n") == 2
    assert "turn-01.toml" not in res.stderr
    ru = gm("turn", "check", "--from-posts", "-c", str(camp), "--lang", "ru")
    assert_error(ru, "сообщение #13, команда 3 (carol)", "1 ошибка в приказах, присланных на ход 1", one_line=False)
    res = gm("turn", "run", "--from-posts", "--strict", "-c", str(camp))
    assert_error(res, "post #13, command 3 (carol): colonize", "nothing was applied", one_line=False)
    assert snapshot(camp) == before


# issue 35 §1: Ярослав's `!активировать -1,1` (2 orders, he had 1) stopped turn 4 whole
BAD_POSTS = [
    TURN_1[0],
    ("bob", "12", [("explore", "-4,2"), ("colonize", "-2,2"), ("activate", "-3,2")]),  # his homeworld
    ("carol", "13", [("explore", "4,-1"), ("colonize", "3,0"), ("colonize", "2,0")]),  # 2,0: not explored
]


def test_at_the_deadline_a_refused_order_is_dropped_and_the_rest_of_the_turn_plays(gm, camp):
    post_orders(camp, 1, BAD_POSTS)
    res = gm("turn", "run", "--from-posts", "-c", str(camp))
    assert res.exit_code == 0, res.stderr
    notes = [line for line in res.stderr.splitlines() if "dropped" in line]
    assert notes == [
        "note: dropped at the deadline: post #12, command 3 (bob): activate: -3,2 is a homeworld: it is always active",
        "note: dropped at the deadline: post #13, command 3 (carol): colonize: 2,0 has not been explored",
    ]
    state = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))
    assert state["turn"] == 2
    owners = {s["hex"]: s.get("owner") for s in state["system"]}
    assert owners["-2,2"] == "bob" and owners["3,0"] == "carol"  # the rest was played
    # each leader's report says which order and why, in its own words and frame
    carol = (camp / "reports" / "turn-01" / "carol.txt").read_text(encoding="utf-8")
    assert (
        "Your orders not carried out\n---------------------------\n\n"
        "The rules refused these orders at the deadline: the turn was played without them.\n\n"
        "- colonise -1,1 — -1,1 has not been explored (post #13, command 3)\n"
    ) in carol
    assert "colonize (colonize)" not in carol and "--override" not in carol  # no moderator's words
    alice = (camp / "reports" / "turn-01" / "alice.txt").read_text(encoding="utf-8")
    assert "not carried out" not in alice
    ru = ok(gm("turn", "show", "-c", str(camp), "--turn", "1", "--player", "bob", "--lang", "ru"))
    assert "Ваши невыполненные приказы" in ru
    assert "- активировать колонию в системе 0,0 — 0,0 — Родной мир: он активен всегда (пост #12, команда 3)" in ru
    data = json.loads(ok(gm("turn", "show", "-c", str(camp), "--turn", "1", "--player", "carol", "--format", "json")))
    assert data["dropped"] == [
        {"kind": "colonize", "value": "-1,1", "post_id": "13", "index": 3, "reason": "-1,1 has not been explored"}
    ]
    # the kept file is what was played, and says what was dropped and why
    kept = (camp / "orders" / "turn-01.toml").read_text(encoding="utf-8")
    assert (
        '[carol]\nexplore = [\n    "4,-1",  # post #13, command 1\n]\ncolonize = [\n    "3,0",  # post #13, command 2\n]\n'
        '# dropped: colonize = "2,0"  # post #13, command 3: colonize: 2,0 has not been explored\n'
    ) in kept
    assert tomllib.loads(kept)["bob"] == {"explore": ["-4,2"], "colonize": ["-2,2"]}


def test_the_kept_file_of_a_turn_with_dropped_orders_plays_the_same_turn(gm, camp, tmp_path):
    post_orders(camp, 1, BAD_POSTS)
    twin = tmp_path / "twin"
    shutil.copytree(camp, twin)
    out = ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    kept = tmp_path / "kept.toml"
    kept.write_bytes((camp / "orders" / "turn-01.toml").read_bytes())
    assert ok(gm("turn", "run", str(kept), "-c", str(twin))) == out
    for name in ("alice", "public"):  # (bob's and carol's tell what they lost; the file never had it)
        assert (camp / "reports" / "turn-01" / f"{name}.txt").read_bytes() == (
            twin / "reports" / "turn-01" / f"{name}.txt"
        ).read_bytes()


def test_strict_keeps_the_turn_all_or_nothing_and_a_hand_made_file_stays_all_or_nothing(gm, camp, tmp_path):
    post_orders(camp, 1, BAD_POSTS)
    before = snapshot(camp)
    res = gm("turn", "run", "--from-posts", "--strict", "-c", str(camp))
    assert_error(res, "2 problems in the orders posted for turn 1; nothing was applied", one_line=False)
    assert snapshot(camp) == before
    mine = tmp_path / "mine.toml"
    mine.write_text('turn = 1\n[carol]\nexplore = ["4,-1"]\ncolonize = ["2,0"]\n', encoding="utf-8")
    res = gm("turn", "run", str(mine), "-c", str(camp))
    assert_error(res, f"{mine}:4 (carol): colonize", "nothing was applied", one_line=False)
    assert snapshot(camp) == before


def test_check_from_posts_says_ok_when_every_order_stands(gm, camp):
    post_orders(camp, 1, TURN_1)
    assert (
        ok(gm("turn", "check", "--from-posts", "-c", str(camp)))
        == "ok: the orders posted for turn 1 have no problems\n"
    )
    data = json.loads(ok(gm("turn", "check", "--from-posts", "-c", str(camp), "--format", "json")))
    assert data["ok"] is True and data["turn"] == 1


@pytest.mark.parametrize("command", ["run", "check"])
def test_an_orders_file_or_from_posts_exactly_one(gm, camp, command):
    assert_error(gm("turn", command, "-c", str(camp)), "give an orders file, or --from-posts")
    assert_error(gm("turn", command, "x.toml", "--from-posts", "-c", str(camp)), "not both")


def test_a_hand_written_orders_file_of_the_turn_is_never_replaced(gm, camp):
    post_orders(camp, 1, TURN_1)
    (camp / "orders").mkdir()
    mine = camp / "orders" / "turn-01.toml"
    mine.write_text('turn = 1\n[alice]\nexplore = ["0,-2"]\n', encoding="utf-8")
    before = snapshot(camp)
    assert_error(gm("turn", "run", "--from-posts", "-c", str(camp)), "did not collect", "turn run")
    assert snapshot(camp) == before


def test_undo_then_run_from_posts_again_plays_the_same_orders(gm, camp):
    post_orders(camp, 1, TURN_1[:2])  # (no quest: the turn's start draws it again with new dice)
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    kept = (camp / "orders" / "turn-01.toml").read_bytes()
    ok(gm("turn", "undo", "-c", str(camp)))
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert (camp / "orders" / "turn-01.toml").read_bytes() == kept
    state = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))
    assert state["turn"] == 2


def test_orders_of_another_turn_are_not_collected(gm, camp):
    post_orders(camp, 1, TURN_1)
    post_orders(camp, 2, [("alice", "40", [("explore", "1,-2")])])  # too early: not this turn's
    data = tomllib.loads(ok(gm("turn", "orders", "-c", str(camp))))
    assert data["alice"]["explore"] == ["2,-4"]


def test_a_dry_run_from_posts_writes_nothing_and_no_public_output_holds_a_room(gm, camp):
    post_orders(camp, 1, TURN_1)
    before = snapshot(camp)
    out = ok(gm("turn", "run", "--from-posts", "-c", str(camp), "--dry-run"))
    assert "----- public post -----" in out
    assert snapshot(camp) == before
    public = ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    written = (camp / "reports" / "turn-01" / "public.txt").read_text(encoding="utf-8")
    for room in ("post #", "room", "turn-01.toml", "orders/"):
        assert room not in public and room not in written


def test_a_room_of_no_leader_is_named_by_its_post(gm, camp):
    post_orders(camp, 1, [*TURN_1, ("mallory", "66", [("explore", "0,1")])])
    res = gm("turn", "check", "--from-posts", "-c", str(camp))
    assert_error(res, "post #66, command 1 (mallory): 'mallory' is not a leader", one_line=False)
