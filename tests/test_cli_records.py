"""The moderator's records (issue 12 §2): what follows, and refusals that change nothing."""

from __future__ import annotations

from helpers import assert_error, ok, ok_json, snapshot
from test_cli_turns import state
from test_explore_reach import turn_7_near_and_far


def status(gm, camp) -> dict:
    return ok_json(gm("status", "-c", str(camp), "--format", "json"))


def homes(gm, camp) -> dict[str, str]:
    return {p["name"]: p["homeworld"] for p in status(gm, camp)["players"]}


def refused(gm, camp, *args, fragment: str) -> None:
    files = snapshot(camp)
    assert_error(gm(*args, "-c", str(camp)), fragment)
    assert snapshot(camp) == files


def test_refusals_change_nothing(gm, camp):
    h = homes(gm, camp)
    refused(gm, camp, "monster", "slain", "--hex", h["bob"], "--by", "alice", fragment="no space monster")
    refused(gm, camp, "monster", "slain", "--hex", "0,0", "--by", "alice", fragment="not been explored")
    refused(gm, camp, "planet", "capture", "--hex", h["alice"], "--by", "alice", fragment="already alice's")
    refused(gm, camp, "blockade", "--hex", h["alice"], "--by", "alice", fragment="its own planet")
    refused(gm, camp, "blockade", "--hex", h["alice"], "--lift", fragment="not under blockade")
    refused(gm, camp, "ship", "lose", "--player", "bob", "--class", "titan", fragment="no titan")
    refused(gm, camp, "ship", "add", "--player", "bob", "--class", "starship", fragment="'starship' is no kind of ship")
    refused(gm, camp, "award", "apply", "--player", "bob", "1", fragment="no award 1")
    refused(gm, camp, "orion", "damage", "--by", "bob", "--points", "0", fragment="at least 1")
    refused(gm, camp, "player", "rename", "--player", "bob", "--to", "alice", fragment="already a leader")
    refused(gm, camp, "research", "--player", "bob", "--victory", fragment="every science")
    refused(gm, camp, "colonize", "--player", "bob", "--hex", "0,0", fragment="not been explored")


def test_capture_blockade_and_ships(gm, camp, moderator_judges):
    h = homes(gm, camp)
    out = ok(gm("blockade", "-c", str(camp), "--hex", h["bob"], "--by", "alice"))
    assert out == "alice's fleet blockades " + h["bob"] + " (bob)\n"
    ok(gm("ship", "add", "-c", str(camp), "--player", "alice", "--class", "frigate", "--reason", "won at 2,2"))
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    bob_report = (camp / "reports" / "turn-01" / "bob.txt").read_text(encoding="utf-8")
    alice_report = (camp / "reports" / "turn-01" / "alice.txt").read_text(encoding="utf-8")
    assert "alice's fleet blockades" in bob_report and "produced under blockade by alice" in bob_report
    assert "alice's fleet blockades" in alice_report and "alice gained: Frigate (reason: won at 2,2)" in alice_report
    bob = [p for p in status(gm, camp)["players"] if p["name"] == "bob"][0]
    assert bob["bc"] == 4  # A7: the blockaded homeworld paid no taxes
    ok(gm("blockade", "-c", str(camp), "--hex", h["bob"], "--lift"))
    ok(gm("planet", "capture", "-c", str(camp), "--hex", h["bob"], "--by", "carol"))
    system = [s for s in status(gm, camp)["systems"] if s["hex"] == h["bob"]][0]
    assert system["owner"] == "carol" and system["planet"]["population"] == 3  # no growth under blockade


def test_players_join_leave_and_are_replaced(gm, camp):
    out = ok(gm("player", "add", "-c", str(camp), "--player", "dave"))
    assert out == "dave joins the game\n"
    h = homes(gm, camp)
    assert all(h["dave"] != other for name, other in h.items() if name != "dave")
    ok(gm("verify", "-c", str(camp)))  # its placement die is journaled
    ok(gm("player", "drop", "-c", str(camp), "--player", "carol", "--keep"))
    ok(gm("player", "replace", "-c", str(camp), "--player", "carol", "--by", "erin"))
    data = status(gm, camp)
    assert [p["name"] for p in data["players"]] == ["alice", "bob", "erin", "dave"]
    assert [s["owner"] for s in data["systems"] if s["hex"] == h["carol"]] == ["erin"]
    ok(gm("player", "drop", "-c", str(camp), "--player", "dave"))
    assert [s["owner"] for s in status(gm, camp)["systems"] if s["hex"] == h["dave"]] == [None]


def test_awards_are_written_in_words(gm, camp):
    from gmtool.campaign.store import CampaignStore
    from gmtool.rules.orion.common import add_award

    store = CampaignStore(camp)
    with store.locked():
        state = store.load()
        add_award(state, state.player("bob"), "ship", "dreadnought", "2,2", "exploration")
        add_award(state, state.player("bob"), "technologies", 2, "2,2", "exploration")
        store.save(state)
    text = ok(gm("status", "-c", str(camp)))
    assert "bob: a Dreadnought (award 1), 2,2" in text and "{" not in text
    ok(gm("award", "apply", "-c", str(camp), "--player", "bob", "1"))
    ok(
        gm(
            "award",
            "apply",
            "-c",
            str(camp),
            "--player",
            "bob",
            "2",
            "--tech",
            "controlled_toxic_environment",
            "--tech",
            "hq_computers",
        )
    )
    bob = [p for p in status(gm, camp)["players"] if p["name"] == "bob"][0]
    assert bob["ships"] == {"dreadnought": 1} and bob["technologies"] == [
        "controlled_toxic_environment",
        "hq_computers",
    ]
    assert bob["awards"] == []


def test_undo_removes_the_turns_reports(gm, camp):
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    assert (camp / "reports" / "turn-01" / "public.txt").is_file()
    ok(gm("turn", "undo", "-c", str(camp)))
    assert not (camp / "reports" / "turn-01" / "public.txt").exists()


def test_a_colony_on_orion_after_the_guardian_falls_has_one_colonist(gm, camp):
    """Review of issue 12: `gmtool colonize` on Orion said (and status showed) population 0."""
    from gmtool.campaign.store import CampaignStore

    store = CampaignStore(camp)
    with store.locked():  # bob's scout found Orion in stage 2 (the exploring is tested elsewhere)
        state = store.load()
        state.stage = 2
        orion = state.game.system(state.game.orion)
        orion.explored_by, orion.explored_turn = "bob", 1
        store.save(state)
    ok(gm("orion", "damage", "-c", str(camp), "--by", "bob", "--points", "17"))
    assert (
        ok(gm("colonize", "-c", str(camp), "--player", "bob", "--hex", "0,0")).strip()
        == "bob colonised 0,0: population 1"
    )
    orion = next(s for s in status(gm, camp)["systems"] if s["hex"] == "0,0")
    assert orion["owner"] == "bob" and orion["planet"]["population"] == 1
    assert (orion["planet"]["type"], orion["planet"]["size"], orion["planet"]["max_population"]) == (
        "terran",
        "huge",
        5,
    )


# ===================================================== natives freed from a monster


def test_natives_freed_by_a_slain_monster_are_told_on_their_planet(gm, camp):
    c = ("-c", str(camp))
    home, near, far = turn_7_near_and_far(gm, camp)
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
