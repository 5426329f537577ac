"""A leader hires an agent from its room (issue 35 §5; docs/rules-orion.md A10, hiring):
`!hire NAME SPECIALITY [SPECIALITY]` (`!нанять`) is read into a `hire` order, confirmed with
what it takes — a place of the leader's agent limit; the rules give it no price —, flagged
past the limit, played at the deadline and told in the leader's report only."""

from __future__ import annotations

import tomllib

from helpers import example_copy, ok, resolve_post, write_text


def agents(camp) -> list[dict]:
    return tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8")).get("agent", [])


def rooms_camp(tmp_path):
    return example_copy(tmp_path, rooms=True)


def test_a_hire_posted_in_a_room_is_confirmed_with_its_place_and_played_at_the_deadline(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    c = ("-c", str(camp))
    ok(gm("agent", "set", *c, "--player", "alice", "--limit", "2"))
    room = write_text(tmp_path, "room-alice.txt", "=== alice #40 ===\n!нанять Шелест шпион, диверсант\n")
    reply = resolve_post(gm, camp, room, "--room", "alice", "--lang", "ru")
    assert (
        "- нанять агента Шелест (Шпион, Диверсант) → alice нанимает агента Шелест (Шпион, Диверсант): "
        "занято мест для агентов — 1 из 2 — пост #40, команда 1"
    ) in reply
    assert ok(gm("turn", "orders", *c, "--player", "alice")).endswith(
        '[alice]\nhire = [\n    { name = "Шелест", specialities = ["spy", "saboteur"] },  # post #40, command 1\n]\n'
    )
    assert agents(camp) == []  # the confirmation played it on a copy
    ok(gm("turn", "run", "--from-posts", *c))
    assert [(a["name"], a["owner"], a["specialities"]) for a in agents(camp)] == [
        ("Шелест", "alice", ["spy", "saboteur"])
    ]
    reports = camp / "reports" / "turn-01"
    assert "- alice hired the agent Шелест (Spy, Saboteur): 1 of its 2 agent places taken\n" in (
        reports / "alice.txt"
    ).read_text(encoding="utf-8")
    for other in ("bob.txt", "carol.txt", "public.txt"):
        assert "Шелест" not in (reports / other).read_text(encoding="utf-8")


def test_a_hire_past_the_agent_limit_is_flagged_in_the_room_and_dropped_at_the_deadline(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    c = ("-c", str(camp))
    room = write_text(tmp_path, "room-alice.txt", "=== alice #40 ===\n!hire Kess spy saboteur\n")
    reply = resolve_post(gm, camp, room, "--room", "alice")
    assert "- hire the agent Kess (Spy, Saboteur) — post #40, command 1" in reply
    assert "- ⚠ problem: hire: alice may keep 0 agents and has 0: there is no place for another" in reply
    assert "gmtool" not in reply  # a player's reply names no moderator's command
    ok(gm("turn", "run", "--from-posts", *c))
    assert agents(camp) == []
    assert (
        "- hire the agent Kess (Spy, Saboteur) — alice may keep 0 agents and has 0: there is no place for another"
        " (post #40, command 1)"
    ) in (camp / "reports" / "turn-01" / "alice.txt").read_text(encoding="utf-8")


def test_an_agent_named_as_a_leader_is_flagged_in_the_room(gm, tmp_path):
    """A mission names its target by a leader's name: an agent may not carry one."""
    camp = rooms_camp(tmp_path)
    ok(gm("agent", "set", "-c", str(camp), "--player", "alice", "--limit", "2"))
    room = write_text(tmp_path, "room-alice.txt", "=== alice #40 ===\n!hire Bob spy\n")
    reply = resolve_post(gm, camp, room, "--room", "alice")
    assert "- ⚠ problem: hire: 'Bob' is a leader's name: an agent needs a name of its own" in reply


def test_gmtool_order_hire_gives_the_order(gm, tmp_path):
    camp = example_copy(tmp_path, fresh=True)
    c = ("-c", str(camp))
    ok(gm("agent", "set", *c, "--player", "bob", "--limit", "1"))
    assert ok(gm("order", "hire", *c, "--player", "bob", "name=Kess", "specialities=Spy,diplomat")) == (
        "bob hired the agent Kess (Spy, Diplomat): 1 of its 1 agent places taken\n"
    )
    assert [(a["name"], a["specialities"]) for a in agents(camp)] == [("Kess", ["spy", "diplomat"])]
