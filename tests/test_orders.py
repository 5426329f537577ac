"""Batch turns: orders files (gmtool.rules.orion.orders) and ``gmtool turn check | run``,
on copies of campaigns/example (never on the example itself).

An orders file is checked as a whole: every problem with ``file:line (leader)``, sorted by
line, and nothing is written if there is one; ``--dry-run`` prints the reports and writes
nothing; a good file plays the turn exactly as the same commands typed one by one would.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from gmtool.campaign.store import CampaignStore
from gmtool.rules.orion.orders import KEYS, Order, parse_orders, sort_orders
from gmtool.rules.orion.turns import movement_order
from helpers import ok, snapshot, without_deadlines

pytestmark = [pytest.mark.usefixtures("isolated"), pytest.mark.camp(example="whole")]

EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"


def copy_example(dest: Path) -> Path:
    shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns(".lock"))
    return dest


@pytest.fixture
def camp(camp, monkeypatch) -> Path:
    """A copy of the example (the module's camp marker), and the current folder (so that paths
    print as orders/…)."""
    monkeypatch.chdir(camp)
    return camp


# ================================================================ helpers


def failed(res) -> list[str]:
    """The `error:` lines of a refused command."""
    assert res.exit_code == 1, (res.exit_code, res.stdout[-3000:], res.stderr)
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr, res.stderr
    lines = res.stderr.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), res.stderr
    return lines


def state(folder: Path):
    return CampaignStore(folder).load()


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / "orders" / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "text", ["", "# cut before the turn key\n", "[alice]\nfleet = 1\n", 'turn = "1"\n', "turn = true\n", "turn = 0\n"]
)
def test_orders_must_name_the_current_turn(text):
    st = CampaignStore(EXAMPLE).load()
    orders, problems = parse_orders(tomllib.loads(text), text, st)
    assert [p.line for p in problems if "turn" in p.message] == [1]


@pytest.mark.parametrize("command", ["check", "run"])
def test_an_empty_orders_file_plays_no_turn(gm, camp, command, tmp_path_factory):
    empty = tmp_path_factory.mktemp("orders") / "empty.toml"
    empty.write_text("")
    files = snapshot(camp)
    lines = failed(gm("turn", command, str(empty), "-c", str(camp)))
    assert any("does not name its turn" in line for line in lines)
    lines = failed(gm("turn", command, "/dev/null", "-c", str(camp)))
    assert any("does not name its turn" in line for line in lines)
    assert snapshot(camp) == files


# ================================================================ turn check


def test_check_of_the_example_orders(gm, camp):
    files = snapshot(camp)
    out = ok(gm("turn", "check", "orders/turn-01.toml", "-c", str(camp)))
    assert "no problems" in out and "orders/turn-01.toml" in out
    assert snapshot(camp) == files


def test_check_of_orders_for_another_turn(gm, camp):
    files = snapshot(camp)
    lines = failed(gm("turn", "check", "orders/turn-02.toml", "-c", str(camp)))
    assert any("orders/turn-02.toml:1" in line and "turn 2" in line and "turn 1" in line for line in lines)
    assert snapshot(camp) == files


BAD = """\
turn = 1

[alice]
explore = ["0,-2", "4,4"]
fleet = 1
vote = { choice = "yes" }

[bob]
agents = [
  { agent = "Kess", ability = "gather-intel", target = "alice" },
  { agent = "Kess", ability = "gather-intel", target = "carol" },
]
teleport = ["1,1"]

[zed]
explore = ["1,1"]
"""
# line, leader, a fragment of the message
BAD_PROBLEMS = [
    (4, "alice", "4,4"),  # out of reach in stage 1
    (5, "alice", "order"),  # fleet +1 costs an order: alice has none
    (6, "alice", "stage 1"),  # no Council in stage 1
    (11, "bob", "two orders"),  # one agent, two uses: the second item's line (one item a line)
    (13, "bob", "teleport"),  # unknown order key
    (15, "zed", "not a leader"),  # unknown leader
]


@pytest.fixture
def with_agent(gm, camp) -> Path:
    ok(gm("agent", "set", "-c", str(camp), "--player", "bob", "--limit", "1"))
    ok(gm("agent", "hire", "-c", str(camp), "--player", "bob", "--name", "Kess", "--speciality", "spy"))
    return camp


@pytest.mark.parametrize("command", [("check",), ("run",), ("run", "--dry-run")])
def test_every_problem_is_listed_with_file_line_and_leader(gm, with_agent, command):
    camp = with_agent
    write(camp, "bad.toml", BAD)
    files = snapshot(camp)
    lines = failed(gm("turn", *command, "orders/bad.toml", "-c", str(camp)))
    problems, summary = lines[:-1], lines[-1]
    assert len(problems) == len(BAD_PROBLEMS), lines
    for line, (number, leader, fragment) in zip(problems, BAD_PROBLEMS):
        assert line.startswith(f"error: orders/bad.toml:{number} ({leader}): "), line
        assert fragment in line, line
    numbers = [int(re.match(r"error: orders/bad\.toml:(\d+)", p).group(1)) for p in problems]
    assert numbers == sorted(numbers)
    assert f"{len(BAD_PROBLEMS)} problem" in summary and "nothing was applied" in summary
    assert snapshot(camp) == files  # campaign.toml and journal.toml unchanged, nothing new


def test_problems_of_one_line_from_several_leaders(gm, camp):
    write(camp, "two.toml", 'turn = 1\n[alice]\nexplore = ["4,4"]\n[bob]\nexplore = ["4,4"]\n')
    lines = failed(gm("turn", "check", "orders/two.toml", "-c", str(camp)))
    assert lines[0].startswith("error: orders/two.toml:3 (alice)")
    assert lines[1].startswith("error: orders/two.toml:5 (bob)")


@pytest.mark.parametrize(
    "body",
    [
        'events = [{ card = "refugees", choice = "two" }]',
        'vote = { choice = "yes", bribe = "lots" }',
        'election = { candidate = "bob", bribe = "lots" }',
        'assign = [{ hex = "1,-3", workers = "two" }]',
        'assign = [{ hex = "1,-3", scientists = [1] }]',
        'agents = [{ agent = "Kess", ability = "gather-intel", target = ["x"] }]',
        'agents = [{ agent = ["Kess"] }]',
        "explore = [1]",
        'colonize = [["2,-3"]]',
        "fleet = 1.5",
        'fleet = "+1"',
        "fleet = 99999999999999999999",
        "quests = [3]",
        "activate = [{}]",
        'events = ["refugees"]',
    ],
)
def test_values_of_the_wrong_type_are_problems_not_crashes(gm, camp, body):
    write(camp, "odd.toml", f"turn = 1\n[alice]\n{body}\n")
    files = snapshot(camp)
    lines = failed(gm("turn", "check", "orders/odd.toml", "-c", str(camp)))
    assert lines[0].startswith("error: orders/odd.toml:3 (alice): "), lines
    failed(gm("turn", "run", "orders/odd.toml", "-c", str(camp)))
    assert snapshot(camp) == files


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("turn = [\n", "orders/x.toml"),  # not TOML
        ("turn = 1\nalice = 3\n", "orders/x.toml:2 (alice)"),  # not a table
        ('turn = 1\n[[alice]]\nexplore = ["0,-2"]\n', "orders/x.toml:2 (alice)"),  # an array of tables
        ('turn = 1\nalice = { explore = ["4,4"] }\n', "orders/x.toml:2 (alice)"),  # an inline table
    ],
)
def test_malformed_orders_files(gm, camp, text, fragment):
    write(camp, "x.toml", text)
    files = snapshot(camp)
    lines = failed(gm("turn", "check", "orders/x.toml", "-c", str(camp)))
    assert any(fragment in line for line in lines), lines
    assert snapshot(camp) == files


def test_a_missing_or_binary_orders_file(gm, camp):
    files = snapshot(camp)
    failed(gm("turn", "check", "orders/none.toml", "-c", str(camp)))
    (camp / "orders" / "bin.toml").write_bytes(b"\xff\xfe\x00[alice]\n")
    files = snapshot(camp)
    failed(gm("turn", "check", "orders/bin.toml", "-c", str(camp)))
    failed(gm("turn", "run", "orders/bin.toml", "-c", str(camp)))
    assert snapshot(camp) == files


# ================================================================ turn run


def test_dry_run_writes_nothing_and_prints_every_report(gm, camp):
    files = snapshot(camp)
    out = ok(gm("turn", "run", "orders/turn-01.toml", "-c", str(camp), "--dry-run"))
    assert snapshot(camp) == files
    assert not (camp / "reports").exists() and not (camp / "history").exists()
    assert out.startswith("----- public post -----\nTurn 1")  # each post under a line naming its recipient
    for leader in ("alice", "bob", "carol"):
        assert f"----- private report for {leader} -----\n{leader}: Turn 1" in out
    assert "alice explored 1,-1" in out and "bob colonised 1,0" in out  # each in its leader's frame (homeworld 0,0)

    # the real run then rolls the same dice: its reports are the ones the dry run printed
    public = ok(gm("turn", "run", "orders/turn-01.toml", "-c", str(camp)))
    assert public in out
    reports = camp / "reports" / "turn-01"
    for leader in ("alice", "bob", "carol"):
        assert (reports / f"{leader}.txt").read_text(encoding="utf-8") in out
    assert (reports / "public.txt").read_text(encoding="utf-8") == public


def test_dry_run_in_json(gm, camp):
    import json

    files = snapshot(camp)
    data = json.loads(ok(gm("turn", "run", "orders/turn-01.toml", "-c", str(camp), "--dry-run", "-f", "json")))
    assert data["dry_run"] is True and set(data["private"]) == {"alice", "bob", "carol"}
    assert snapshot(camp) == files


def test_three_turns_in_order(gm, camp):
    for turn in (1, 2, 3):
        assert state(camp).turn == turn
        ok(gm("turn", "check", f"orders/turn-{turn:02d}.toml", "-c", str(camp)))
        out = ok(gm("turn", "run", f"orders/turn-{turn:02d}.toml", "-c", str(camp)))
        assert out.startswith(f"Turn {turn}")
        reports = camp / "reports" / f"turn-{turn:02d}"
        assert sorted(p.name for p in reports.iterdir()) == [
            "alice.txt",
            "bob.txt",
            "carol.txt",
            "chart-public.png",
            "map-alice.png",
            "map-bob.png",
            "map-carol.png",
            "map-public.png",
            "public.txt",
        ]
        assert (camp / "history" / f"turn-{turn:02d}" / "campaign.toml").is_file()
    final = state(camp)
    assert final.turn == 4
    # what the orders said happened
    owned = {str(s.hex): s.owner for s in final.game.systems if s.owner}
    assert owned.get("-2,2") == "bob" and owned.get("3,0") == "carol" and owned.get("2,-3") == "alice"
    for hex_ in ("2,-4", "-4,2", "4,-2", "0,-2", "-3,1", "2,0", "1,-4", "-4,3", "2,-1"):
        assert final.game.system(_hex(hex_)) is not None, hex_
    out = ok(gm("verify", "-c", str(camp)))
    assert "checks out" in out
    ok(gm("campaign", "validate", "-c", str(camp)))
    # an old orders file is now refused
    files = snapshot(camp)
    failed(gm("turn", "run", "orders/turn-03.toml", "-c", str(camp)))
    assert snapshot(camp) == files


def test_run_then_undo_gives_back_the_state(gm, camp):
    before = (camp / "campaign.toml").read_bytes()
    ok(gm("turn", "run", "orders/turn-01.toml", "-c", str(camp)))
    ok(gm("turn", "undo", "-c", str(camp)))
    # the state before, and the share the turn's deadline fixed, which outlives the undo (docs/verify.md)
    assert without_deadlines((camp / "campaign.toml").read_bytes()) == without_deadlines(before)
    assert state(camp).shares == {"1": ""}


def _hex(text: str):
    from gmtool.campaign.hexes import Hex

    return Hex.parse(text)


# ================================================================ orders file == the same commands one by one


def _commands_for(order: Order) -> list[str]:
    v = order.value
    if order.kind == "explore":
        return ["explore", "--player", order.leader, "--hex", v]
    if order.kind == "colonize":
        return ["colonize", "--player", order.leader, "--hex", v]
    if order.kind in ("quests", "claims"):  # the example's claims are of quests gmtool judges: completed
        return ["quest", "complete", "--player", order.leader, "--quest", v]
    if order.kind == "assign":
        args = ["assign", "--player", order.leader, "--hex", v["hex"]]
        for key in ("workers", "scientists"):
            if key in v:
                args += [f"--{key}", str(v[key])]
        return args
    if order.kind == "fleet":
        return ["fleet", "--player", order.leader, f"{v:+d}"]
    if order.kind == "activate":
        return ["activate", "--player", order.leader, "--hex", v]
    if order.kind == "build":
        return ["build", "--player", order.leader, "--hex", v["hex"], v["item"]]
    raise AssertionError(f"no command for {order.kind}")


@pytest.mark.parametrize("turns", [1, 3])
def test_an_orders_file_equals_the_same_commands_one_by_one(gm, tmp_path, turns):
    batch = copy_example(tmp_path / "batch")
    by_hand = copy_example(tmp_path / "by-hand")
    for turn in range(1, turns + 1):
        path = EXAMPLE / "orders" / f"turn-{turn:02d}.toml"
        ok(gm("turn", "run", str(path), "-c", str(batch)))

        ok(gm("turn", "start", "-c", str(by_hand)))
        st = state(by_hand)
        text = path.read_text(encoding="utf-8")
        orders, problems = parse_orders(tomllib.loads(text), text, st)
        assert problems == []
        for order in sort_orders(orders, movement_order(st)):
            ok(gm(*_commands_for(order), "-c", str(by_hand)))
        ok(gm("turn", "end", "-c", str(by_hand)))

        # the same state; the journal's running hash differs (the same dice under other purposes)
        same = [re.sub(rb"(?m)^journal_hash = .*\n", b"", (f / "campaign.toml").read_bytes()) for f in (batch, by_hand)]
        assert same[0] == same[1], turn
    # the same dice, under other purposes
    a = [(e["id"], e["die"], e["face"]) for e in tomllib.loads((batch / "journal.toml").read_text())["roll"]]
    b = [(e["id"], e["die"], e["face"]) for e in tomllib.loads((by_hand / "journal.toml").read_text())["roll"]]
    assert a == b


# ================================================================ library


def test_parse_orders_locates_leaders_and_keys():
    st = CampaignStore(EXAMPLE).load()
    text = (
        'turn = 1\n\n# comment\n[alice]\nexplore = ["0,-2"]\nassign = [{ hex = "1,-3", workers = 2 }]\n\n'
        '[ "bob" ]   # quoted\ncolonize = ["-3,3", "-3,3"]\nbogus = 1\n[carol]\n'
    )
    orders, problems = parse_orders(tomllib.loads(text), text, st)
    assert [(o.leader, o.kind, o.value, o.line) for o in orders] == [
        ("alice", "explore", "0,-2", 5),
        ("alice", "assign", {"hex": "1,-3", "workers": 2}, 6),
        ("bob", "colonize", "-3,3", 9),
        ("bob", "colonize", "-3,3", 9),
    ]
    assert [(p.line, p.leader) for p in problems] == [(10, "bob")]
    assert "bogus" in problems[0].message
    assert problems[0].render("o.toml") == f"o.toml:10 (bob): {problems[0].message}"


def test_parse_orders_turn_and_unknown_leader():
    st = CampaignStore(EXAMPLE).load()
    text = 'turn = 9\n[mallory]\nexplore = ["0,0"]\n'
    orders, problems = parse_orders(tomllib.loads(text), text, st)
    assert orders == []
    assert [(p.line, p.leader) for p in problems] == [(1, ""), (2, "mallory")]
    assert problems[0].render("f").startswith("f:1: ")


def test_vote_and_election_are_one_order_each():
    st = CampaignStore(EXAMPLE).load()
    text = 'turn = 1\n[alice]\nvote = { choice = "yes", bribe = 3 }\nelection = { candidate = "bob" }\n'
    orders, problems = parse_orders(tomllib.loads(text), text, st)
    assert problems == []
    assert [(o.kind, o.value) for o in orders] == [
        ("vote", {"choice": "yes", "bribe": 3}),
        ("election", {"candidate": "bob"}),
    ]


def test_sort_orders_follows_the_rules_order():
    orders = [
        Order("alice", "vote", {}, 1),
        Order("carol", "assign", {}, 2),
        Order("bob", "explore", "a", 3),
        Order("carol", "explore", "b", 4),
        Order("alice", "colonize", "c", 5),
        Order("alice", "fleet", 1, 6),
        Order("bob", "activate", "d", 7),
        Order("bob", "assign", {}, 8),
        Order("alice", "explore", "e", 9),
        Order("bob", "explore", "f", 10),
    ]
    ranked = sort_orders(orders, ["bob", "carol", "alice"])
    assert [(o.leader, o.kind, o.line) for o in ranked] == [
        # movement, in movement order; within a leader fleet, explore (as written), colonize
        ("bob", "explore", 3),
        ("bob", "explore", 10),
        ("carol", "explore", 4),
        ("alice", "fleet", 6),
        ("alice", "explore", 9),
        ("alice", "colonize", 5),
        # before production
        ("bob", "assign", 8),
        ("bob", "activate", 7),
        ("carol", "assign", 2),
        # the Council
        ("alice", "vote", 1),
    ]
    assert set(KEYS) >= {o.kind for o in orders}
