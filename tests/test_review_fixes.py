"""Defects found by playing a whole campaign (the new-user review): each test fails
without its fix. Fixed dice or fixed states; a refused command changes nothing.

RULES.md A3 (movement order, phases), A4 (exploration: reach, one hex per ship), A9 (the
Council), A12 (victory at the turn end)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import assert_error, ok, snapshot as files
from test_cli_turns import grant, player, set_turn, state

pytestmark = pytest.mark.usefixtures("isolated")

PLAYERS = ["alice", "bob", "carol"]


def new(gm, tmp_path: Path, name: str = "c", players=PLAYERS) -> Path:
    folder = tmp_path / name
    ok(gm("campaign", "new", str(folder), *[a for p in players for a in ("--player", p)], "--seed", "3"))
    return folder


@pytest.fixture
def camp(gm, tmp_path) -> Path:
    return new(gm, tmp_path)


def refused(gm, folder: Path, *args: str, fragments=()) -> None:
    """The command exits 1 with one error line and writes nothing."""
    before = files(folder)
    assert_error(gm(*args), *fragments)
    assert files(folder) == before


# ===================================================== 5. victory only at the turn end

def test_an_emperor_elected_mid_turn_wins_at_the_turn_end(gm, camp):
    """A3/A12: the victory is checked at the end of the turn; the turn still gets its
    production and its reports, and status shows the victory afterwards."""
    c = ("-c", str(camp))
    set_turn(camp, 13)
    ok(gm("turn", "start", *c))
    ok(gm("council", "elect", *c, "--player", "alice", "--candidate", "alice"))
    ok(gm("council", "elect", *c, "--player", "bob", "--candidate", "alice"))
    ok(gm("council", "tally", *c, "--election"))          # 2 of 3 votes: alice is Emperor
    assert state(camp)["council"]["emperor"] == "alice"
    assert "victory" not in state(camp).get("turn_state", {})
    assert "Victory" not in ok(gm("status", *c))           # not yet: the turn goes on
    # the game is not over mid-turn, but nobody is elected twice
    refused(gm, camp, "council", "elect", *c, "--player", "carol", "--candidate", "carol",
            fragments=("already elected alice",))
    bc_before = player(camp, "alice")["bc"]
    out = ok(gm("turn", "end", *c))
    assert "Victory: alice: diplomatic victory" in out
    assert player(camp, "alice")["bc"] > bc_before       # turn 13 had its production
    assert (camp / "reports" / "turn-13" / "public.txt").is_file()
    assert (camp / "reports" / "turn-13" / "alice.txt").is_file()
    v = state(camp)["turn_state"]["victory"]
    assert (v["kind"], v["leader"], v["turn"]) == ("diplomatic", "alice", 13)
    assert "Victory: alice: diplomatic victory" in ok(gm("status", *c))
    assert json.loads(ok(gm("status", *c, "--format", "json")))["victory"]["kind"] == "diplomatic"
    refused(gm, camp, "turn", "start", *c, fragments=("over",))


# ===================================================== 3. reach from stage 2

def _hex(text: str) -> tuple[int, int]:
    q, r = (int(x) for x in text.split(","))
    return q, r


def _distance(a: str, b: str) -> int:
    (q1, r1), (q2, r2) = _hex(a), _hex(b)
    return (abs(q1 - q2) + abs(r1 - r2) + abs((q1 + r1) - (q2 + r2))) // 2


def _ring(centre: str, n: int, radius: int) -> list[str]:
    """The on-map hexes at distance ``n`` from ``centre`` (map: radius around 0,0)."""
    out = []
    for q in range(-radius, radius + 1):
        for r in range(-radius, radius + 1):
            h = f"{q},{r}"
            if _distance(h, "0,0") <= radius and _distance(h, centre) == n and h != "0,0":
                out.append(h)
    return sorted(out)


def _turn7(gm, camp) -> tuple[str, str, str]:
    """Turn 7 started; alice's homeworld, an unexplored neighbour of it and a hex behind it."""
    set_turn(camp, 7)
    ok(gm("turn", "start", "-c", str(camp)))
    home = player(camp, "alice")["homeworld"]
    radius = state(camp)["galaxy"]["radius"]
    near = _ring(home, 1, radius)[0]
    far = next(h for h in _ring(home, 2, radius) if _distance(h, near) == 1)
    return home, near, far


def test_a_hex_behind_unexplored_space_is_out_of_reach_in_stage_2(gm, camp):
    home, near, far = _turn7(gm, camp)
    c = ("-c", str(camp))
    reach = json.loads(ok(gm("reach", *c, "--player", "alice", "--format", "json")))
    assert near in reach["in_reach"] and far not in reach["in_reach"]
    refused(gm, camp, "explore", *c, "--player", "alice", "--hex", far, "--dice", "1",
            fragments=(f"{far} is out of alice's reach", "behind unexplored space"))
    ok(gm("explore", *c, "--player", "alice", "--hex", near, "--dice", "1"))   # empty space
    # explored space joined to the homeworld: the hex behind it is in reach now (another ship)
    assert far in json.loads(ok(gm("reach", *c, "--player", "alice", "--format", "json")))["in_reach"]
    grant(camp, "alice", scouts=2)
    ok(gm("explore", *c, "--player", "alice", "--hex", far, "--dice", "1"))


def test_orders_files_check_the_same_reach(gm, camp, tmp_path):
    home, near, far = _turn7(gm, camp)
    orders = tmp_path / "orders.toml"
    orders.write_text(f'turn = 7\n[alice]\nexplore = ["{far}"]\n', encoding="utf-8")
    before = files(camp)
    res = gm("turn", "check", str(orders), "-c", str(camp))
    assert res.exit_code == 1 and "behind unexplored space" in res.stderr, res.stderr
    assert files(camp) == before


def test_forum_explore_checks_the_same_reach(gm, camp):
    home, near, far = _turn7(gm, camp)
    before = state(camp).get("system", [])
    res = gm("post", "resolve", "-", "-c", str(camp), "--author", "alice", "--post-id", "p1", "--format", "json",
             input=f"!explore {far}\n")
    assert "behind unexplored space" in res.stdout + res.stderr
    assert state(camp).get("system", []) == before


# ===================================================== 4. one hex per ship per turn

def _free_neighbours(camp, name: str) -> list[str]:
    home = player(camp, name)["homeworld"]
    taken = {s["hex"] for s in state(camp).get("system", [])}
    return [h for h in _ring(home, 1, state(camp)["galaxy"]["radius"]) if h not in taken]


def test_a_ship_explores_at_most_one_hex_a_turn(gm, camp):
    c = ("-c", str(camp))
    a, b, d = _free_neighbours(camp, "alice")[:3]
    ok(gm("explore", *c, "--player", "alice", "--hex", a, "--dice", "1"))
    refused(gm, camp, "explore", *c, "--player", "alice", "--hex", b, "--dice", "1",
            fragments=("already explored a hex this turn",))
    grant(camp, "alice", scouts=2)                       # a second scout may still move
    ok(gm("explore", *c, "--player", "alice", "--hex", b, "--dice", "1"))
    refused(gm, camp, "explore", *c, "--player", "alice", "--hex", d, "--dice", "1",
            fragments=("all 2 of alice's ships of kind scout",))
    ok(gm("turn", "start", *c))
    ok(gm("turn", "end", *c))                            # a new turn: every ship moves again
    ok(gm("explore", *c, "--player", "alice", "--hex", d, "--dice", "1"))


def test_a_ship_lost_exploring_leaves_the_others_free(gm, camp):
    c = ("-c", str(camp))
    grant(camp, "alice", scouts=2)
    a, b = _free_neighbours(camp, "alice")[:2]
    # exploration 4 (hostile, negative event) → event 1 (ceil(1/2) = 1: fleet_lost) → type, size
    ok(gm("explore", *c, "--player", "alice", "--hex", a, "--dice", "4,1,5,5"))
    assert player(camp, "alice")["scouts"] == 1
    ok(gm("explore", *c, "--player", "alice", "--hex", b, "--dice", "1"))   # the other scout


def test_orders_files_move_each_ship_once(gm, camp, tmp_path):
    c = ("-c", str(camp))
    a, b = _free_neighbours(camp, "alice")[:2]
    orders = tmp_path / "orders.toml"
    orders.write_text(f'turn = 1\n[alice]\nexplore = ["{a}", "{b}"]\n', encoding="utf-8")
    before = files(camp)
    res = gm("turn", "check", str(orders), *c)
    # the campaign's own dice: a first exploration may lose the scout (fleet_lost, 1 in 25)
    assert res.exit_code == 1 and ("already explored a hex this turn" in res.stderr
                                   or "alice has no scout" in res.stderr), res.stderr
    assert "orders.toml:3 (alice): explore" in res.stderr and res.stderr.count("explore:") == 1
    assert files(camp) == before


# ===================================================== 10. the Council in the public post

def test_a_tally_made_during_the_turn_is_in_the_public_post(gm, camp):
    c = ("-c", str(camp))
    set_turn(camp, 7)
    ok(gm("turn", "start", *c))
    ok(gm("council", "propose", *c, "--pick", "1"))
    for name in PLAYERS:
        ok(gm("council", "vote", *c, "--player", name, "yes" if name == "alice" else "no", "--bribe", "3"))
    ok(gm("council", "tally", *c))                         # mid-turn: 1 + 1 yes, 2 + 2 no
    out = ok(gm("turn", "end", *c))
    public = (camp / "reports" / "turn-07" / "public.txt").read_text(encoding="utf-8")
    assert out == public
    assert "Council vote: Yes 2, No 4 → rejected" in public, public
    assert "bribe" not in public.lower()                  # ballots stay secret (A9)


def test_an_election_tallied_during_the_turn_is_in_the_public_post(gm, camp):
    c = ("-c", str(camp))
    set_turn(camp, 14)
    ok(gm("turn", "start", *c))
    ok(gm("council", "elect", *c, "--player", "alice", "--candidate", "bob"))
    ok(gm("council", "tally", *c, "--election"))           # 1 of 3 votes: nobody
    public = ok(gm("turn", "end", *c))
    assert "Emperor: nobody" in public or "Emperor: no one" in public, public


# ===================================================== 9. an agent's mission is no award

def _spy(gm, camp) -> tuple[str, ...]:
    c = ("-c", str(camp))
    ok(gm("agent", "set", *c, "--player", "alice", "--limit", "1"))
    ok(gm("agent", "hire", *c, "--player", "alice", "--name", "Kess", "-s", "spy"))
    grant(camp, "bob", bc=16, orders=2)
    return c


def test_gather_intel_tells_the_target_bc_and_orders_and_files_no_award(gm, camp):
    c = _spy(gm, camp)
    out = ok(gm("agent", "use", *c, "Kess", "gather-intel", "--target", "bob"))
    assert "BC 16; orders 2" in out, out
    alice = player(camp, "alice")
    assert alice.get("awards", []) == []
    assert [m["kind"] for m in alice["inbox"]] == ["agent_learned"]
    assert alice["inbox"][0]["learned"] == {"bc": 16, "orders": 2}
    assert "your agent Kess learned of bob: BC 16; orders 2" in ok(gm("status", *c, "--player", "alice"))
    ru = ok(gm("status", *c, "--player", "alice", "--lang", "ru"))
    assert "ВС 16; ордера 2" in ru and "выдача ?" not in ru


def test_an_effect_for_the_moderator_is_an_award_told_once(gm, camp):
    c = _spy(gm, camp)
    grant(camp, "alice", orders=1)
    ok(gm("agent", "use", *c, "Kess", "deep-cover", "--target", "bob", "--dice", "10"))
    assert player(camp, "alice").get("awards", []) == []          # deep cover reveals: no award either
    ok(gm("turn", "start", *c))
    ok(gm("turn", "end", *c))
    ok(gm("agent", "use", *c, "Kess", "steal-tech", "--target", "bob", "--dice", "10"))
    award = player(camp, "alice")["awards"][0]
    assert (award["id"], award["kind"]) == (1, "agent_mission")
    status_text = ok(gm("status", *c))
    assert "the mission of agent Kess: Steal technology → bob (award 1)" in status_text, status_text
    out = ok(gm("award", "apply", *c, "--player", "alice", "1"))
    assert out.count("Steal technology") == 1, out
    assert player(camp, "alice").get("awards", []) == []


# ===================================================== 7. natives freed from a monster

def test_natives_freed_by_a_slain_monster_are_told_on_their_planet(gm, camp):
    c = ("-c", str(camp))
    home, near, far = _turn7(gm, camp)
    # exploration 4 (hostile, negative) → event 8 (monster guarding natives) → kind 1 → type 5 → size 5
    ok(gm("explore", *c, "--player", "alice", "--hex", near, "--dice", "4,8,1,5,5"))
    before = next(s for s in state(camp)["system"] if s["hex"] == home)["planet"]["population"]
    out = ok(gm("monster", "slain", *c, "--hex", near, "--by", "alice"))
    assert f"2 colonists and control of {near}" in out and "homeworld" not in out, out
    from gmtool.report.records import changes_text

    ru = changes_text([{"player": "alice", "colony": near, "colonists": 2}], "ru")
    assert ru == f"2 колониста и контроль над {near}"
    after = {s["hex"]: s for s in state(camp)["system"]}
    assert after[home]["planet"]["population"] == before
    assert (after[near]["owner"], after[near]["planet"]["population"]) == ("alice", 2)


# ===================================================== 8. renames reach the turn's news

def test_a_rename_reaches_every_name_in_the_turns_news(gm, camp):
    c = ("-c", str(camp))
    ok(gm("turn", "start", *c))
    home = player(camp, "carol")["homeworld"]
    ok(gm("blockade", *c, "--hex", home, "--by", "bob"))
    ok(gm("player", "rename", *c, "--player", "carol", "--to", "Карина"))
    ok(gm("turn", "end", *c))
    mine = (camp / "reports" / "turn-01" / "Карина.txt").read_text(encoding="utf-8")
    assert "bob's fleet blockades 0,0 (Карина)" in mine, mine      # stage 1: its own frame
    assert "carol" not in mine.replace("carol is now called", "")
    assert "(carol)" not in (camp / "reports" / "turn-01" / "bob.txt").read_text(encoding="utf-8")


def test_a_replacement_keeps_the_roster_history(gm, camp):
    c = ("-c", str(camp))
    ok(gm("turn", "start", *c))
    ok(gm("player", "add", *c, "--player", "dave"))
    ok(gm("player", "drop", *c, "--player", "dave", "--keep"))
    ok(gm("player", "replace", *c, "--player", "dave", "--by", "эрик"))
    public = ok(gm("turn", "end", *c))
    assert "dave joins the game" in public and "эрик takes over the empire of dave" in public, public
    assert "эрик joins the game" not in public


# ===================================================== 16. movement order before turn 7

def test_movement_order_is_the_seating_order_until_the_token_then_alternates(gm, camp):
    """docs/rules-orion.md A3 decision: no chair before turn 7, the seating order every turn;
    from turn 7 the chair first, clockwise on odd turns, counter-clockwise on even."""
    c = ("-c", str(camp))
    assert "alice → bob → carol" in ok(gm("turn", "start", *c))
    assert "Movement order: alice → bob → carol" in ok(gm("turn", "end", *c))        # turn 2 is next
    set_turn(camp, 7)
    ok(gm("turn", "start", *c))
    chair = state(camp)["turn_state"]["token"]
    seats = PLAYERS[PLAYERS.index(chair):] + PLAYERS[:PLAYERS.index(chair)]
    after = seats[1:] + seats[:1]                                        # the token passes clockwise
    out = ok(gm("turn", "end", *c))                                      # turn 8: counter-clockwise
    assert "Movement order: " + " → ".join([after[0]] + after[:0:-1]) in out, out


# ===================================================== 13. smaller points

def test_the_election_report_names_the_whole_council_not_the_votes_cast(gm, camp):
    c = ("-c", str(camp))
    set_turn(camp, 13)
    ok(gm("turn", "start", *c))
    ok(gm("council", "elect", *c, "--player", "alice", "--candidate", "bob"))
    out = ok(gm("council", "tally", *c, "--election"))          # 1 vote cast, 3 in the Council
    assert "Votes in the whole Council: 3" in out and "Votes cast" not in out, out
