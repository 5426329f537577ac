"""A leader gives BC to another leader (issue 35 §5; docs/rules-orion.md A6, transfers):
`!give LEADER N` (`!передать ЛИДЕР N`) in the leader's room is read into a `transfer` order,
confirmed in its words (flagged when the leader cannot pay), played in the production phase
— never below 0 — and told in both leaders' reports; `gmtool order transfer` and an orders
file's `transfer` give the same order."""

from __future__ import annotations

from helpers import assert_error, example_copy, ok, player_of, resolve_post, write_text


def bc(camp, leader: str) -> int:
    return int(player_of(camp, leader)["bc"])


def rooms_camp(tmp_path):
    return example_copy(tmp_path, rooms=True)


def test_a_transfer_posted_in_a_room_is_confirmed_played_and_told_to_both_leaders(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    c = ("-c", str(camp))
    room = write_text(tmp_path, "room-alice.txt", "=== alice #40 ===\n!give bob 3\n!give 2 BC to carol\n")
    reply = resolve_post(gm, camp, room, "--room", "alice")
    assert "- give 3 BC to bob → alice gave 3 BC to bob; costs 3 BC — post #40, command 1" in reply
    assert "- give 2 BC to carol — post #40, command 2" in reply  # alice has 4 BC: 1 is left
    assert "- ⚠ problem: transfer: alice has 1 BC: cannot give 2 (a transfer never leaves a leader below 0 BC)" in reply
    assert ok(gm("turn", "orders", *c, "--player", "alice")).endswith(
        '[alice]\ntransfer = [\n    { to = "bob", bc = 3 },  # post #40, command 1\n'
        '    { to = "carol", bc = 2 },  # post #40, command 2\n]\n'
    )
    before = {name: bc(camp, name) for name in ("alice", "bob", "carol")}
    ok(gm("turn", "run", "--from-posts", *c))
    reports = camp / "reports" / "turn-01"
    alice = (reports / "alice.txt").read_text(encoding="utf-8")
    assert "- alice gave 3 BC to bob\n" in alice
    assert (
        "- give 2 BC to carol — alice has 1 BC: cannot give 2 (a transfer never leaves a leader below 0 BC)"
        " (post #40, command 2)"
    ) in alice
    assert "- alice gave 3 BC to bob\n" in (reports / "bob.txt").read_text(encoding="utf-8")  # names the giver
    assert "gave" not in (reports / "carol.txt").read_text(encoding="utf-8")
    assert "gave" not in (reports / "public.txt").read_text(encoding="utf-8")
    # production's BC come on top: bob has 3 more than carol, who started as he did
    assert before["bob"] == before["carol"]
    assert bc(camp, "bob") - bc(camp, "carol") == 3


def test_a_transfer_in_russian_names_the_leader_in_any_case(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    c = ("-c", str(camp))
    ok(gm("player", "rename", *c, "--player", "bob", "--to", "Ярослав"))
    room = write_text(tmp_path, "room-alice.txt", "=== alice #40 ===\n!передать Ярославу 2 ВС\n")
    reply = resolve_post(gm, camp, room, "--room", "alice", "--lang", "ru")
    assert "- передать 2 ВС Ярославу → alice передаёт 2 ВС Ярославу; стоит 2 ВС — пост #40, команда 1" in reply
    assert ok(gm("turn", "orders", *c, "--player", "alice")).endswith(
        '[alice]\ntransfer = [\n    { to = "Ярослав", bc = 2 },  # post #40, command 1\n]\n'
    )


def test_a_transfer_to_oneself_to_no_leader_or_of_nothing_is_refused_in_the_room(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    post = "=== alice #40 ===\n!give alice 1\n!give zed 1\n!give bob -2\n!give bob\n!передать bob 0\n"
    reply = resolve_post(gm, camp, write_text(tmp_path, "room.txt", post), "--room", "alice")
    assert "!give alice 1 — refused: !give: alice is you: name the leader you give BC to" in reply
    assert "!give zed 1 — refused: !give: zed is no leader (known: alice, bob, carol)" in reply
    assert "!give bob -2 — refused: !give: -2: give a positive number of BC" in reply
    assert "!give bob — refused: !give: the number of BC is missing; write !give LEADER N" in reply
    assert "!передать bob 0 — refused: !give: 0: give a positive number of BC" in reply
    reply = resolve_post(
        gm,
        camp,
        write_text(tmp_path, "room2.txt", "=== alice #41 ===\n!give bob 12345678901234567890123\n"),
        "--room",
        "alice",
    )
    assert (
        "!give bob 12345678901234567890123 — refused: !give: 12345678901234567890123 is more than any leader holds"
        in reply
    )


def test_gmtool_order_transfer_gives_the_order_and_refuses_what_the_rules_refuse(gm, tmp_path):
    camp = example_copy(tmp_path, fresh=True)
    c = ("-c", str(camp))
    assert ok(gm("order", "transfer", *c, "--player", "alice", "to=bob", "bc=3")) == "alice gave 3 BC to bob\n"
    assert bc(camp, "alice") == 1
    assert_error(
        gm("order", "transfer", *c, "--player", "alice", "to=bob", "bc=2"),
        "error: alice has 1 BC: cannot give 2 (a transfer never leaves a leader below 0 BC)\n",
    )
    assert_error(gm("order", "transfer", *c, "--player", "alice", "to=alice", "bc=1"), "alice cannot give BC to itself")
    assert_error(
        gm("order", "transfer", *c, "--player", "alice", "to=bob", "bc=-1"),
        "error: a transfer gives a positive number of BC, not -1\n",
    )
    assert bc(camp, "alice") == 1
