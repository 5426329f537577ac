"""Changes of leaders in an orders file (issue 12 §2): ``player_add``, ``player_drop``,
``player_replace``, ``player_rename`` — checked by ``turn check`` with file:line, applied by
``turn run`` in the rules' order (a join first, leaves and renames after every other order),
a refused one changing nothing."""

from __future__ import annotations

import tomllib

import pytest

from gmtool.dice.sources import FixedSource, RandomSource
from gmtool.rolltables import TableLibrary
from gmtool.rules.orion.orders import Order, apply_orders, parse_orders, sort_orders
from gmtool.rules.orion.roster import homeworld_sites
from gmtool.rules.orion.setup import new_campaign
from gmtool.rules.orion.turns import Rules
from helpers import ok, ok_json, snapshot

pytestmark = pytest.mark.usefixtures("isolated")


@pytest.fixture
def game():
    lib = TableLibrary.default()
    c = new_campaign("t", ["alice", "bob", "carol"], RandomSource(1), lib, "0" * 64)
    return c, Rules(lib)


def play(c, rules, text: str, faces=()):
    orders, problems = parse_orders(tomllib.loads(text), text, c)
    assert problems == []
    return apply_orders(c, rules, FixedSource(faces), orders)


# ================================================================ in the core, fixed states


def test_a_join_comes_first_and_leaves_and_renames_last():
    orders = [
        Order("alice", "player_rename", "A", 1),
        Order("bob", "vote", {}, 2),
        Order("dave", "player_add", True, 3),
        Order("carol", "player_drop", True, 4),
        Order("dave", "ship_add", "frigate", 5),
        Order("carol", "player_replace", "erin", 6),
        Order("alice", "build", {}, 7),
    ]
    ranked = sort_orders(orders, ["carol", "alice", "bob"])
    assert [(o.leader, o.kind) for o in ranked] == [
        ("dave", "player_add"),  # before the movement phase
        ("dave", "ship_add"),
        ("alice", "build"),
        ("bob", "vote"),
        ("carol", "player_drop"),
        ("carol", "player_replace"),  # after everything, in movement order
        ("alice", "player_rename"),
    ]


def test_a_new_leaders_table_joins_and_its_orders_follow(game):
    c, rules = game
    sites = homeworld_sites(c)
    problems, done = play(
        c, rules, 'turn = 1\n[dave]\nplayer_add = { race = "psilon" }\nship_add = ["frigate"]\n', faces=[3]
    )  # the placement die: the third free site
    assert problems == []
    dave = c.player("dave")
    assert dave.homeworld == sites[2] and dave.race == "psilon" and dave.ships == {"frigate": 1}
    assert c.game.system(sites[2]).owner == "dave" and c.game.system(sites[2]).homeworld_of == "dave"
    assert [(d["leader"], d["order"]) for d in done] == [("dave", "player_add"), ("dave", "ship_add")]
    assert done[0]["result"]["kind"] == "player_joined" and done[0]["result"]["public"] is True


def test_drop_keep_then_replace_and_rename_keep_every_name_of_the_file(game):
    c, rules = game
    carol_home = c.player("carol").homeworld
    problems, done = play(
        c,
        rules,
        'turn = 1\n[alice]\nplayer_rename = "Alicia"\nship_add = ["frigate"]\n'
        '[bob]\nplayer_drop = { keep = true }\nplayer_replace = "erin"\n'
        "[carol]\nplayer_drop = true\n",
    )
    assert problems == []
    assert [p.name for p in c.players] == ["Alicia", "erin"]
    assert c.player("Alicia").ships == {"frigate": 1} and not c.player("erin").vacant
    assert c.game.system(carol_home).owner is None  # carol's planets are neutral
    # each order's line goes to the leader under its new name; the roster's news keep the old
    assert {d["leader"] for d in done} == {"Alicia", "erin", "carol"}
    kinds = {e["kind"]: e for e in c.turn_state.log if e["kind"].startswith("player_")}
    assert [e["leader"] for e in c.turn_state.log if e["kind"] == "player_left"] == ["bob", "carol"]
    assert kinds["player_replaced"]["old"] == "bob" and kinds["player_renamed"]["old"] == "alice"


@pytest.mark.parametrize(
    "text, fragment",
    [
        ('[alice]\nplayer_rename = "bob"\n', "already a leader"),
        ("[alice]\nplayer_rename = 3\n", "must be text"),
        ("[alice]\nplayer_add = true\n", "already a leader"),
        ('[alice]\nplayer_drop = { keep = "yes" }\n', "player_drop is true or { keep = true }"),
        ("[alice]\nplayer_drop = false\n", "player_drop is true"),
        ('[dave]\nplayer_add = { race = "psilon", bc = 99 }\n', "player_add is true or"),
        ('[alice]\nplayer_replace = ["erin", "frank"]\n', "must be text"),
        ('[alice]\nplayer_rename = "x\\u0001y"\n', "control character (U+0001)"),
    ],
)
def test_refused_roster_orders_change_nothing(game, text, fragment):
    from gmtool.campaign.model import campaign_to_dict

    c, rules = game
    before = campaign_to_dict(c)
    orders, problems = parse_orders(tomllib.loads("turn = 1\n" + text), "turn = 1\n" + text, c)
    assert problems == []
    problems, done = apply_orders(c, rules, FixedSource([1]), orders)
    assert [p.line for p in problems] == [3] and fragment in problems[0].message, problems
    assert done == [] and campaign_to_dict(c) == before


def test_a_rename_to_the_name_of_a_leader_who_joins_in_the_same_file(game):
    c, rules = game
    orders, _ = parse_orders(
        tomllib.loads(text := 'turn = 1\n[alice]\nplayer_rename = "dave"\n[dave]\nplayer_add = true\n'), text, c
    )
    problems, _ = apply_orders(c, rules, FixedSource([1]), orders)
    assert [(p.line, p.leader) for p in problems] == [(3, "alice")] and "already a leader" in problems[0].message


def test_the_last_two_leaders_cannot_drop(game):
    c, rules = game
    problems, _ = play(c, rules, "turn = 1\n[carol]\nplayer_drop = true\n")
    assert problems == []
    orders, _ = parse_orders(tomllib.loads(text := "turn = 1\n[bob]\nplayer_drop = true\n"), text, c)
    problems, _ = apply_orders(c, rules, FixedSource([]), orders)
    assert [p.line for p in problems] == [3] and "at least 2 leaders" in problems[0].message
    assert [p.name for p in c.players] == ["alice", "bob"]


def test_no_more_than_ten_leaders():
    lib = TableLibrary.default()
    names = [f"p{i}" for i in range(10)]
    c = new_campaign("t", names, RandomSource(1), lib, "0" * 64)
    orders, _ = parse_orders(tomllib.loads(text := "turn = 1\n[zed]\nplayer_add = true\n"), text, c)
    problems, _ = apply_orders(c, Rules(lib), FixedSource([1]), orders)
    assert len(problems) == 1 and "10 leaders" in problems[0].message


# ================================================================ through the CLI

ROSTER = """\
turn = 1

[alice]
player_rename = "Alicia"
ship_add = [{ class = "frigate", reason = "won" }]

[bob]
player_drop = { keep = true }
player_replace = "erin"

[carol]
player_drop = true

[dave]
player_add = { race = "psilon" }
ship_add = ["frigate"]
"""


def test_turn_check_then_run_applies_the_roster(gm, camp, tmp_path):
    orders = tmp_path / "o.toml"
    orders.write_text(ROSTER, encoding="utf-8")
    files = snapshot(camp)
    assert "no problems" in ok(gm("turn", "check", str(orders), "-c", str(camp)))
    assert snapshot(camp) == files  # check writes nothing
    public = ok(gm("turn", "run", str(orders), "-c", str(camp)))
    for line in (
        "dave joins the game",
        "alice is now called Alicia",
        "bob leaves the game: its empire waits",
        "erin takes over the empire of bob",
        "carol leaves the game: its planets become neutral",
    ):
        assert f"- {line}" in public
    data = ok_json(gm("status", "-c", str(camp), "--format", "json"))
    assert [p["name"] for p in data["players"]] == ["Alicia", "erin", "dave"]
    reports = camp / "reports" / "turn-01"
    assert sorted(p.name for p in reports.glob("*.txt")) == ["Alicia.txt", "dave.txt", "erin.txt", "public.txt"]
    alicia = (reports / "Alicia.txt").read_text(encoding="utf-8")
    assert alicia.count("Alicia gained: Frigate (reason: won)") == 1  # told once, with the orders
    assert "dave gained: Frigate" in (reports / "dave.txt").read_text(encoding="utf-8")
    ok(gm("verify", "-c", str(camp)))  # the placement die is journaled
    ok(gm("turn", "undo", "-c", str(camp)))
    data = ok_json(gm("status", "-c", str(camp), "--format", "json"))
    assert [p["name"] for p in data["players"]] == ["alice", "bob", "carol"]


@pytest.mark.parametrize("command", [("check",), ("run",), ("run", "--dry-run")])
def test_refused_roster_orders_are_listed_with_file_line_and_nothing_changes(gm, camp, tmp_path, command):
    orders = tmp_path / "o.toml"
    orders.write_text(
        'turn = 1\n\n[alice]\nplayer_rename = "bob"\n\n[bob]\nplayer_drop = { keep = "yes" }\n'
        '\n[carol]\nplayer_replace = 3\n\n[zed]\nexplore = ["1,1"]\n',
        encoding="utf-8",
    )
    files = snapshot(camp)
    res = gm("turn", *command, str(orders), "-c", str(camp))
    assert res.exit_code == 1 and "Traceback" not in res.stderr
    lines = res.stderr.splitlines()
    assert [line.split(": ", 2)[1] for line in lines[:-1]] == [
        "o.toml:4 (alice)",
        "o.toml:7 (bob)",
        "o.toml:10 (carol)",
        "o.toml:12 (zed)",
    ], lines
    assert "already a leader" in lines[0] and "keep = true" in lines[1] and "must be text" in lines[2]
    assert "player_add" in lines[3]  # the hint: how a new leader joins
    assert lines[-1].startswith("error: 4 problems")
    assert snapshot(camp) == files
