"""The players' share (dice scheme 2, docs/verify.md): `!seed WORD` posts of the public
thread, hashed with the turn number, fixed at the turn's deadline, go into every die of the
turn's orders and end — and into nothing rolled during the turn (that takes the share fixed
before the turn: tests/test_deadline.py)."""

from __future__ import annotations

import hashlib
import json

from dice2_helpers import copy, entries, new_game, next_to, orders, scheme_1_game, secret_of, state
from gmtool.campaign.stream import derive_face_v2, part_key, share_of
from helpers import ok, resolve_post, write_text

THREAD = "=== alice #101 ===\nmy word:\n!seed apple\n\n=== dave #102 ===\n!зерно груша\n!seed third\n\n=== bob #103 ===\nno seed here\n"


def test_the_share_is_the_documented_hash_of_the_seeds_in_post_order(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    thread = write_text(tmp_path, "thread.txt", THREAD)
    out = json.loads(ok(gm("turn", "share", "-c", str(game), str(thread), "--format", "json")))
    lines = "101\talice\tapple\n102\tdave\tгруша\n102\tdave\tthird\n"
    expected = hashlib.sha256(("gmtool-v2 share\n1\n" + lines).encode()).hexdigest()
    assert (
        out["share"]
        == expected
        == share_of(1, [("101", "alice", "apple"), ("102", "dave", "груша"), ("102", "dave", "third")])
    )
    assert out["posts"] == ["#101 alice", "#102 dave"]
    verification = state(game)["verification"]
    assert verification["shares"] == {"1": expected}
    assert verification["share_posts"] == {"1": ["#101 alice", "#102 dave"]}


def test_a_share_is_fixed_once_recorded_and_next_turn_counts_only_new_seeds(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    thread = write_text(tmp_path, "thread.txt", THREAD)
    ok(gm("turn", "share", "-c", str(game), str(thread)))
    res = gm("turn", "share", "-c", str(game), str(thread))
    assert res.exit_code == 1 and res.stderr.count("\n") == 1 and "already recorded" in res.stderr
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 1))))
    more = write_text(tmp_path, "more.txt", THREAD + "=== carol #104 ===\n!seed late\n")
    out = json.loads(ok(gm("turn", "share", "-c", str(game), str(more), "--format", "json")))
    assert out["turn"] == 2 and out["posts"] == ["#104 carol"]
    assert out["share"] == share_of(2, [("104", "carol", "late")])


def test_the_share_goes_into_the_turns_orders_and_not_into_what_is_rolled_during_the_turn(gm, new_campaign, tmp_path):
    """The turn's share goes into the dice of its orders and its end; what is rolled during
    the turn — its start, the moderator's free rolls — takes the share fixed before the turn
    (none in turn 1), rolled before or after the share was fixed: the same faces."""
    game = new_game(new_campaign, tmp_path / "g")
    ok(gm("turn", "start", "-c", str(game)))
    ok(gm("roll", "d1000", "-c", str(game), "--for", "before the share"))
    seeded = copy(game, "seeded")
    ok(gm("turn", "share", "-c", str(seeded), str(write_text(tmp_path, "t.txt", THREAD))))
    plan = {"alice": next_to(game, "alice"), "bob": next_to(game, "bob")}
    for folder in (game, seeded):
        ok(gm("roll", "12d1000", "-c", str(folder), "--for", "after the share"))
        ok(gm("turn", "run", "-c", str(folder), str(orders(folder, 1, **plan))))
    share = state(seeded)["verification"]["shares"]["1"]
    assert state(game)["verification"]["shares"]["1"] == ""  # no thread: the deadline read no seed
    plain, with_share = entries(game), entries(seeded)
    during = [e for e in with_share if e.label.startswith(("turn 1 · start", "turn 1 · moderator"))]
    assert len(during) > 13
    assert [(e.label, e.face) for e in plain[: len(during)]] == [(e.label, e.face) for e in during]
    assert all(e.share == "" for e in during)
    after = with_share[len(during) :]
    assert after and all(e.share == share for e in after)  # the orders' and the end's dice take it
    assert plain[len(during)].label == after[0].label  # the same first order: its faces with the share
    key = part_key(secret_of(seeded), "stage1")
    for e in after:
        assert e.face == derive_face_v2(key, e.label, share, e.die, e.index)
    for e in plain[len(during) :]:
        assert e.share == "" and e.face == derive_face_v2(key, e.label, "", e.die, e.index)
    ok(gm("verify", "-c", str(seeded)))


def test_the_public_post_prints_the_share_and_its_posts_or_says_none_was_posted(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    ok(gm("turn", "share", "-c", str(game), str(write_text(tmp_path, "t.txt", THREAD))))
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 1))))
    share = state(game)["verification"]["shares"]["1"]
    public = (game / "reports" / "turn-01" / "public.txt").read_text(encoding="utf-8")
    assert f"Players' share of turn 1: {share} (from the seeds of posts #101 alice, #102 dave)" in public
    assert "apple" not in public
    ok(gm("turn", "share", "-c", str(game), str(write_text(tmp_path, "empty.txt", "=== bob #200 ===\nhi\n"))))
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 2)), "--lang", "ru"))
    public = (game / "reports" / "turn-02" / "public.txt").read_text(encoding="utf-8")
    assert "Вклад игроков хода 2: в этот ход зёрен не публиковали" in public


def test_the_moderators_free_rolls_are_listed_in_the_public_post(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    for _ in range(3):
        ok(gm("roll", "d10", "-c", str(game), "--for", "weather"))
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 1))))
    public = (game / "reports" / "turn-01" / "public.txt").read_text(encoding="utf-8")
    faces = [e.face for e in entries(game) if "weather" in e.label]
    line = "turn 1 · moderator · weather · d10: " + ", ".join(f"d10 #{i}={f}" for i, f in enumerate(faces, 1))
    assert line in public


def test_a_seed_in_the_public_thread_is_noted_and_one_in_a_room_is_refused(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    out = resolve_post(gm, game, write_text(tmp_path, "t.txt", THREAD), "--moderator", "GM", fmt="plain")
    assert "alice's seed «apple» goes into the players' share of turn 1's dice (post #101)" in out
    room = write_text(tmp_path, "room.txt", "=== alice #7 ===\n!seed hidden\n")
    out = resolve_post(gm, game, room, "--room", "alice", fmt="plain")
    assert "!seed counts only in the public thread" in out
    thread = write_text(tmp_path, "both.txt", THREAD)
    recorded = json.loads(ok(gm("turn", "share", "-c", str(game), str(thread), "--format", "json")))
    assert recorded["posts"] == ["#101 alice", "#102 dave"]  # the room's seed is in no share


def test_a_version_1_campaign_takes_no_share(gm, new_campaign, tmp_path):
    camp = scheme_1_game(new_campaign, tmp_path / "camp")
    before = (camp / "campaign.toml").read_bytes()
    res = gm("turn", "share", "-c", str(camp), str(write_text(tmp_path, "t.txt", THREAD)))
    assert res.exit_code == 1 and res.stderr.startswith("error: this campaign uses dice scheme 1")
    assert (camp / "campaign.toml").read_bytes() == before  # a failing command writes nothing
