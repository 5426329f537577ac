"""What a leader gets when a turn starts, and when the rooms open (issue 35 §6): each turn's
start writes every leader one private start report — its status (what `status --player`
shows), its reach (what `reach --player` shows) and its orders template — and the turn the
rooms open names its homeworld's hex in the galaxy's coordinates and attaches the galaxy's
public map to the start post; a later order naming a hex of its stage-1 frame is answered in
its room with that hex."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

from helpers import EXAMPLE, ok, run_gmtool

LEADERS = ("alice", "bob", "carol")
HOMEWORLD = {"alice": "1,-3", "bob": "-3,2", "carol": "3,-1"}


def gm(*args: str) -> str:
    return ok(run_gmtool(*args))


def start_report(folder: Path, turn: int, leader: str) -> str:
    return (folder / "reports" / f"turn-{turn:02d}" / f"start-{leader}.txt").read_text(encoding="utf-8")


@pytest.fixture
def turn1(tmp_path) -> Path:
    folder = tmp_path / "game"
    shutil.copytree(EXAMPLE, folder)
    gm("player", "lang", "-c", str(folder), "--player", "bob", "--to", "ru")
    gm("turn", "start", "-c", str(folder))
    return folder


@pytest.fixture(scope="module")
def turn7(tmp_path_factory) -> Path:
    """The example game played from its orders files to the end of turn 6, bob in Russian,
    then turn 7 started: the rooms open."""
    folder = tmp_path_factory.mktemp("open") / "game"
    shutil.copytree(EXAMPLE, folder)
    c = str(folder)
    gm("player", "lang", "-c", c, "--player", "bob", "--to", "ru")
    for turn in range(1, 7):
        gm("turn", "start", "-c", c)
        gm("turn", "run", str(folder / "orders" / f"turn-{turn:02d}.toml"), "-c", c)
    res = run_gmtool("turn", "start", "-c", c)
    ok(res)
    (folder / "start-stderr.txt").write_text(res.stderr, encoding="utf-8")
    return folder


CAROL_TURN_1 = """\
carol: Turn 1 begins
====================

Leaders
-------

Player  Homeworld  BC  Orders  Fleet  Scouts  Colony ships  Combat ships
------  ---------  --  ------  -----  ------  ------------  ------------
carol   0,0        4   0       1 (2)  1       1             —

Systems
-------

Hex    System          Population    Owner    Explored by
-----  --------------  ------------  -------  -------------
0,0    Terran, large   3/4           carol    carol
0,1    Terran, medium  0/3           —        carol

0,0 = your homeworld (closed rooms until turn 7)

Can explore this turn
---------------------

- -1,0
- -1,1
- 0,-1
- 1,-1
- 1,0

Out of reach
------------

- 0,1 already explored (turn 1)
- every hex farther than 1 from the homeworld: in stage 1 no ship goes farther

Your orders for turn 1
----------------------

Copy the lines below into your room, edit them and post them: a line starting with ! is an order, a line starting with # is a hint. Your latest post holding orders replaces all your earlier orders for the turn.

!assign 0,0 workers 3 scientists 0

# !colonize Q,R

# !build ITEM [MODULE,MODULE…] [Q,R]

# !scrap ITEM [Q,R]

# !fleet +1|-1

# !quest [QUEST]

journal #26 · cbec84564525
"""


def test_turn_1_gives_every_leader_its_status_reach_and_template(turn1):
    assert start_report(turn1, 1, "carol") == CAROL_TURN_1
    c = str(turn1)
    for leader in LEADERS:
        text = start_report(turn1, 1, leader)
        lang = ["--lang", "ru"] if leader == "bob" else []
        status = gm("status", "-c", c, "--player", leader, *lang)
        reach = gm("reach", "-c", c, "--player", leader, *lang)
        # the same tables and lists as the moderator's commands print, minus their titles
        for shown in (status, reach):
            body = shown.split("\n\n", 1)[1].rsplit("\n\n", 1)[0]  # after the title, before the mark
            for block in body.split("\n\n")[1:]:
                assert block in text, (leader, block)
        for other in LEADERS:
            if other != leader:
                assert other not in text
    bob = start_report(turn1, 1, "bob")
    assert bob.startswith("bob: Начало хода 1\n") and "Ваши приказы на ход 1" in bob and "!назначить 0,0" in bob


def test_the_start_report_in_json_holds_status_reach_and_template(turn1, tmp_path):
    folder = tmp_path / "json"
    shutil.copytree(EXAMPLE, folder)
    gm("turn", "start", "-c", str(folder), "--format", "json")
    import json

    data = json.loads((folder / "reports" / "turn-01" / "start-carol.json").read_text(encoding="utf-8"))
    assert data["leader"] == "carol" and data["events"] == [] and data["bills"] is None
    assert data["reach"]["in_reach"] == ["-1,0", "-1,1", "0,-1", "1,-1", "1,0"]
    assert data["orders_template"][0] == "!assign 0,0 workers 3 scientists 0"
    assert [p["name"] for p in data["status"]["players"]] == ["carol"]
    assert "homeworld" not in data


def test_the_turn_the_rooms_open_names_each_homeworld_in_the_galaxy(turn7):
    carol = start_report(turn7, 7, "carol")
    assert carol.startswith(
        "carol: Turn 7 begins\n====================\n\n"
        "The rooms are open: from this turn every hex is written in the galaxy's coordinates, as the map in "
        "this turn's public post shows them. Your homeworld is at 3,-1 (your 0,0 until now).\n"
    )
    assert "!assign 3,-1 workers" in carol and "!assign 0,0" not in carol  # the template in the galaxy's frame
    assert re.search(r"^3,-1 +Terran, large", carol, re.M)  # its status too
    bob = start_report(turn7, 7, "bob")
    assert "Ваш Родной мир — -3,2 (до сих пор это был ваш 0,0)." in bob
    for leader in LEADERS:
        assert f"Your homeworld is at {HOMEWORLD[leader]}" in start_report(turn7, 7, leader) or leader == "bob"
    public = (turn7 / "reports" / "turn-07" / "start-public.txt").read_text(encoding="utf-8")
    assert "Map attached" in public
    assert "note: attach the maps in " in (turn7 / "start-stderr.txt").read_text(encoding="utf-8")
    assert "start-map-public.png to the public post" in (turn7 / "start-stderr.txt").read_text(encoding="utf-8")


def test_the_public_map_the_rooms_open_with_is_not_blank(turn7):
    from PIL import Image

    def colours(path: Path) -> int:
        with Image.open(io.BytesIO(path.read_bytes())) as image:
            assert image.format == "PNG"
            return len(image.convert("RGB").getcolors(1 << 20) or [])

    opened = turn7 / "reports" / "turn-07" / "start-map-public.png"
    closed = turn7 / "reports" / "turn-06" / "map-public.png"  # stage 1: nothing public to show
    assert colours(opened) > 2 * colours(closed)
    assert not (turn7 / "reports" / "turn-07" / "map-public.png").exists()  # the turn end's own map comes later


def test_no_turn_after_the_opening_names_the_homeworld_again(turn7, tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(turn7, folder)
    gm("turn", "run", str(folder / "orders" / "turn-07.toml"), "-c", str(folder))
    gm("turn", "start", "-c", str(folder))
    text = start_report(folder, 8, "carol")
    assert "rooms are open" not in text and "!assign 3,-1" in text
    assert not (folder / "reports" / "turn-08" / "start-map-public.png").exists()


def rooms(folder: Path, posts: dict[str, str]) -> None:
    c = str(folder)
    gm("campaign", "set", "-c", c, "moderators", "moderator")
    for leader, text in posts.items():
        (folder / f"room-{leader}.txt").write_text(text, encoding="utf-8")
        gm("campaign", "room", "-c", c, "--player", leader, f"room-{leader}.txt")


def test_a_stage_1_hex_in_a_later_order_is_answered_with_the_homeworld(turn7, tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(turn7, folder)
    shutil.rmtree(folder / "orders")  # the turn is played from the rooms
    rooms(
        folder,
        {
            "alice": "=== alice #1 ===\n!assign 0,0 workers 3\n!activate 1,1\n",  # 1,1 was never hers
            "bob": "=== bob #2 ===\n!назначить 0,0 рабочие 3\n",
        },
    )
    gm("post", "collect", "-c", str(folder))
    where = folder / "reports" / "turn-07"
    alice = (where / "room-alice.txt").read_text(encoding="utf-8")
    assert (
        "- ⚠ problem: assign: there is no known planet at 0,0; since stage 2 hexes are the galaxy's: "
        "your homeworld is 1,-3\n" in alice
    )
    assert "- ⚠ problem: activate: there is no known planet at 1,1\n" in alice
    bob = (where / "room-bob.txt").read_text(encoding="utf-8")
    assert "в системе 0,0 нет известной планеты; с этапа 2 координаты — галактические: ваш Родной мир — -3,2\n" in bob
    # the moderator's own view names no "your"
    res = run_gmtool("turn", "check", "--from-posts", "-c", str(folder))
    assert "no known planet at 0,0" in res.stdout + res.stderr and "your homeworld" not in res.stdout + res.stderr


def test_a_stage_1_hex_in_a_colonisation_or_an_exploration_gets_the_hint_too(turn7, tmp_path):
    """Issue 35 §6 (audit G3): alice explored 1,-2 (her 0,1 in stage 1) and may explore 3,-4
    (her 2,-1): written in her old frame, `!colonize 0,1` and `!explore 2,-1` are answered
    with her homeworld's galaxy hex; a hex her old frame makes nothing of gets no hint."""
    folder = tmp_path / "game"
    shutil.copytree(turn7, folder)
    shutil.rmtree(folder / "orders")
    rooms(
        folder,
        {
            "alice": "=== alice #1 ===\n!colonize 0,1\n!explore 2,-1\n",
            "bob": "=== bob #2 ===\n!колонизировать 0,1\n!разведка 1,0\n",
        },
    )
    gm("post", "collect", "-c", str(folder))
    where = folder / "reports" / "turn-07"
    alice = (where / "room-alice.txt").read_text(encoding="utf-8")
    hint = "; since stage 2 hexes are the galaxy's: your homeworld is 1,-3\n"
    assert "- ⚠ problem: colonize: 0,1 has not been explored" + hint in alice
    assert "!explore 2,-1 — refused: hex 2,-1 was already explored by carol (turn 3)" + hint in alice
    bob = (where / "room-bob.txt").read_text(encoding="utf-8")
    assert (
        "колонизация: система 0,1 ещё не исследована; с этапа 2 координаты — галактические: ваш Родной мир — -3,2\n"
        in bob
    )
    explore = next(
        line for line in bob.splitlines() if line.startswith("!разведка 1,0 — отклонено: 1,0 вне досягаемости")
    )
    assert "с этапа 2" not in explore  # bob's old 1,0 is no hex his ships reach either


def test_in_stage_1_no_hint_is_given(turn1):
    rooms(turn1, {"alice": "=== alice #1 ===\n!assign 2,2 workers 3\n"})
    gm("post", "collect", "-c", str(turn1))
    alice = (turn1 / "reports" / "turn-01" / "room-alice.txt").read_text(encoding="utf-8")
    assert "- ⚠ problem: assign: 2,2 is not alice's\n" in alice and "since stage 2" not in alice
