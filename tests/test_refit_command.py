"""A refit is a player's own decision (issue 35 §5): `!refit SHIP [NUMBER] MODULE,… [Q,R]`
(`!переоснастить`) in the leader's room is read into a `refit` order (at its homeworld when
no hex is named, in its own frame in stage 1), confirmed in its words, and played at the
deadline by the same handler `gmtool ship refit` and an orders file reach."""

from __future__ import annotations

from helpers import example_copy, ok, player_of, resolve_post, write_text


def test_a_refit_posted_in_a_room_is_confirmed_and_played_at_the_deadline(gm, tmp_path):
    camp = example_copy(tmp_path, rooms=True)
    c = ("-c", str(camp))
    for _ in range(2):
        ok(gm("ship", "add", *c, "--player", "alice", "--class", "frigate"))
    room = write_text(tmp_path, "room-alice.txt", "=== alice #40 ===\n!переоснастить фрегат 2 орудие,орудие\n")
    reply = resolve_post(gm, camp, room, "--room", "alice", "--lang", "ru")
    assert (
        "- переоснастить: Фрегат № 2 в системе 0,0 — Орудие, Орудие → "
        "alice переоснащает корабль Фрегат 2 в системе 0,0: Орудие ×2 — пост #40, команда 1"
    ) in reply
    assert ok(gm("turn", "orders", *c, "--player", "alice")).endswith(
        '[alice]\nrefit = [\n    { ship = "frigate", number = 2, hex = "1,-3", modules = ["gun", "gun"] },'
        "  # post #40, command 1\n]\n"
    )
    ok(gm("turn", "run", "--from-posts", *c))
    report = (camp / "reports" / "turn-01" / "alice.txt").read_text(encoding="utf-8")
    assert "- alice refitted its Frigate 2 at 0,0: Gun ×2" in report
    assert player_of(camp, "alice")["ships"]["frigate"] == {"count": 2, "fitted": [[], ["gun", "gun"]]}


def test_a_refit_the_rules_refuse_is_flagged_in_the_room_and_dropped_at_the_deadline(gm, tmp_path):
    camp = example_copy(tmp_path, rooms=True)
    c = ("-c", str(camp))
    ok(gm("ship", "add", *c, "--player", "alice", "--class", "frigate"))
    room = write_text(tmp_path, "room-alice.txt", "=== alice #40 ===\n!refit frigate gun,ars\n")
    reply = resolve_post(gm, camp, room, "--room", "alice")
    assert "- refit frigate at 0,0: Gun, Automatic repair system — post #40, command 1" in reply
    assert (
        "- ⚠ problem: refit: fitting out ships: Automatic repair system needs Combat Ship Modules at level 1;"
        " alice holds level 0"
    ) in reply
    ok(gm("turn", "run", "--from-posts", *c))
    assert player_of(camp, "alice")["ships"]["frigate"] == 1  # one frigate, no modules recorded


def test_ship_refit_gives_the_refit_order(gm, tmp_path):
    camp = example_copy(tmp_path, fresh=True)
    c = ("-c", str(camp))
    ok(gm("ship", "add", *c, "--player", "alice", "--class", "frigate"))
    assert ok(
        gm("ship", "refit", *c, "--player", "alice", "--ship", "frigate", "--hex", "1,-3", "--modules", "gun,gun")
    ) == ("alice refitted its Frigate at 1,-3: Gun ×2\n")
    assert ok(gm("order", "refit", *c, "--player", "alice", "ship=frigate", "hex=1,-3", "modules=gun")) == (
        "alice refitted its Frigate at 1,-3: Gun\n"
    )
