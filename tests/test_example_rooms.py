"""The example campaign played from its players' posts (campaigns/example/posts/), as
docs/whole-game.md plays it: the moderator types no order.

Each turn the moderator opens the turn (`turn start`), the turn's posts are appended to the
public thread and the leaders' rooms, the moderator records what was decided at the table
(`explore` of Orion, `orion damage`, `ship lose`, `monster slain`), runs `post collect`, then
`turn run --from-posts`.  The posts must give exactly the shipped orders files
(campaigns/example/orders/turn-NN.toml), and the game must end as the one those files play.

What cannot be byte-equal, by the pinned design, is said where it is left out: an
exploration acts at once (`!explore`), so the journal names the post a roll came from (and
its hash chain follows), one posted in the public thread is a public roll, what each turn's
deadline read is kept, and the turn's history snapshot, taken when `turn run` starts, already
holds the turn's explorations."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from tests.helpers import EXAMPLE, journal_rolls, ok, run_gmtool

TURNS = range(1, 10)
LEADERS = ("alice", "bob", "carol")
HOMEWORLD = {"alice": (1, -3), "bob": (-3, 2), "carol": (3, -1)}
# the moderator's records, from the table's battles (docs/orion-records.md): commands, never posts
MODERATOR = {
    8: [
        (("explore",), ("--player", "carol", "--hex", "0,0")),  # Orion rolls no dice: the moderator explores it
        (("orion", "damage"), ("--by", "carol", "--points", "9")),
        (
            ("ship", "lose"),
            ("--player", "carol", "--class", "frigate", "--reason", "destroyed by the Guardian of Orion"),
        ),
    ],
    9: [
        (("orion", "damage"), ("--by", "carol", "--points", "11")),
        (("monster", "slain"), ("--hex", "2,-2", "--by", "alice")),
    ],
}
# the systems the example campaign ships explored (its set-up), before turn 1's orders
SET_UP = {
    s["hex"]
    for s in tomllib.loads((EXAMPLE / "campaign.toml").read_text(encoding="utf-8"))["system"]
    if "explored_by" in s
}
RECORDS = {"orion_damage", "ship_lose", "slay"}  # an orders file's keys the moderator's commands give


def gm(*args: str) -> str:
    return ok(run_gmtool(*args))


def shipped_orders(turn: int) -> dict:
    return tomllib.loads((EXAMPLE / "orders" / f"turn-{turn:02d}.toml").read_text(encoding="utf-8"))


def posts(turn: int) -> dict[str, str]:
    """The turn's posts, by the file they go to: ``public-thread.txt``, ``room-LEADER.txt``."""
    folder = EXAMPLE / "posts" / f"turn-{turn:02d}"
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.txt"))}


def from_files(folder: Path) -> None:
    shutil.copytree(EXAMPLE, folder)
    gm("player", "lang", "-c", str(folder), "--player", "bob", "--to", "ru")
    for turn in TURNS:
        gm("turn", "start", "-c", str(folder))
        gm("turn", "run", str(folder / "orders" / f"turn-{turn:02d}.toml"), "-c", str(folder))


def from_posts(folder: Path) -> dict[int, dict]:
    """The whole game from the rooms; per turn what ``turn orders`` showed and the replies."""
    shutil.copytree(EXAMPLE, folder)
    shutil.rmtree(folder / "orders")
    c = str(folder)
    gm("player", "lang", "-c", c, "--player", "bob", "--to", "ru")
    gm("campaign", "set", "-c", c, "moderators", "moderator")
    gm("campaign", "set", "-c", c, "thread", "public-thread.txt")
    (folder / "public-thread.txt").write_text("", encoding="utf-8")
    for leader in LEADERS:
        (folder / f"room-{leader}.txt").write_text("", encoding="utf-8")
        gm("campaign", "room", "-c", c, "--player", leader, f"room-{leader}.txt")
    seen: dict[int, dict] = {}
    for turn in TURNS:
        gm("turn", "start", "-c", c)
        for name, text in posts(turn).items():
            with (folder / name).open("a", encoding="utf-8") as f:
                f.write(text)
        for command, args in MODERATOR.get(turn, []):
            gm(*command, "-c", c, *args)
        collected = gm("post", "collect", "-c", c, "--new")
        orders = gm("turn", "orders", "-c", c)
        state = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
        explored: dict[str, list[str]] = {}
        for system in state.get("system", []):
            if system.get("explored_turn") == turn and system["hex"] not in SET_UP:
                explored.setdefault(system["explored_by"], []).append(system["hex"])
        gm("turn", "run", "--from-posts", "-c", c)
        seen[turn] = {"orders": tomllib.loads(orders), "text": orders, "collect": collected, "explored": explored}
    return seen


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> tuple[Path, Path, dict[int, dict]]:
    root = tmp_path_factory.mktemp("example-rooms")
    from_files(root / "files")
    seen = from_posts(root / "posts")
    return root / "files", root / "posts", seen


@pytest.mark.slow
@pytest.mark.parametrize("turn", TURNS)
def test_each_turns_posts_give_the_shipped_orders(games, turn):
    _, _, seen = games
    shipped = shipped_orders(turn)
    got = seen[turn]["orders"]
    assert got["turn"] == shipped["turn"] == turn
    for leader in LEADERS:
        want = {k: v for k, v in shipped.get(leader, {}).items() if k not in RECORDS and k != "explore"}
        # one order of a kind that takes one value is written as a list when collected
        want = {k: (v if isinstance(v, list) else [v]) for k, v in want.items()}
        have = {k: (v if isinstance(v, list) else [v]) for k, v in got.get(leader, {}).items()}
        assert have == want, (turn, leader)
        # explorations act at once (`!explore`, or the moderator's for Orion): the turn's explored hexes
        assert sorted(seen[turn]["explored"].get(leader, [])) == sorted(shipped.get(leader, {}).get("explore", []))


@pytest.mark.slow
def test_the_game_from_the_rooms_ends_as_the_orders_files_play_it(games):
    files, posted, _ = games

    def state(folder: Path) -> str:
        text = (folder / "campaign.toml").read_text(encoding="utf-8")
        text = re.sub(r'^journal_hash = ".*"\n', "", text, flags=re.M)  # the hash of the journal, below
        # what each turn's deadline read: the rooms' and the thread's newest posts (the files have none)
        text = re.sub(r"\n\[verification\.deadline_posts\]\n.*?\n(?=\n\[)", "", text, flags=re.S)
        return re.sub(r"\n\[forum\]\n.*?\n(?=\[\[player\]\])", "\n", text, flags=re.S)  # where the rooms are

    assert "[forum.rooms]" in (posted / "campaign.toml").read_text(encoding="utf-8")
    assert state(posted) == state(files)
    assert "turn = 9" in state(posted) and 'kind = "orion"' in state(posted)

    def rolls(folder: Path) -> list[dict]:
        # every roll the same die for die — the same label, so the same face (an exploration is
        # labelled as what it explores, however it is given); only its purpose (a post, or the
        # orders), the chain, and whether a public post showed it differ
        return [{k: v for k, v in r.items() if k not in ("purpose", "chain", "private")} for r in journal_rolls(folder)]

    assert rolls(posted) == rolls(files)
    assert len(rolls(posted)) == 153  # 59 of them shuffle the 60 event cards (events.toml: 12 × 5 copies)
    assert sum(" · shuffle events" in r.get("label", "") for r in journal_rolls(posted)) == 59
    # from turn 7 the leaders explore in the public thread: those dice are public, the files' private
    public = [r for r in journal_rolls(posted) if r.get("private") is False]
    assert public and all(" · explore " in r["label"] and r["turn"] >= 7 for r in public)
    assert all(r.get("private") for r in journal_rolls(files) if r["id"] in {p["id"] for p in public})
    # the kept orders files are gmtool's, collected from the rooms
    for turn in TURNS:
        kept = (posted / "orders" / f"turn-{turn:02d}.toml").read_text(encoding="utf-8")
        assert kept.startswith("# The orders posted in the leaders' rooms, collected by gmtool")


@pytest.mark.slow
def test_stage_1_room_replies_speak_the_leaders_frame_and_stay_in_their_room(games):
    _, posted, seen = games
    # carol (homeworld 3,-1) colonised the galaxy's 3,0 in turn 1: her 0,1
    room = (posted / "reports" / "turn-01" / "room-carol.txt").read_text(encoding="utf-8")
    assert "colonise 0,1" in room and "3,0" not in room and "3,-1" not in room
    # bob writes in Russian and is answered in Russian
    bob = (posted / "reports" / "turn-01" / "room-bob.txt").read_text(encoding="utf-8")
    assert "Ваши приказы на ход 1" in bob
    # the public thread's replies hold nothing of a room
    for turn in TURNS:
        thread = posted / "reports" / f"turn-{turn:02d}" / "thread.txt"
        if thread.exists():
            text = thread.read_text(encoding="utf-8")
            assert "room" not in text.lower() and "!colonize" not in text and "!build" not in text


@pytest.mark.slow
def test_a_later_post_replaces_the_earlier_orders_and_the_moderators_post_is_skipped(games):
    _, _, seen = games
    # carol's turn-5 correction (post #1019) replaced her first post's scout with a frigate
    text = seen[5]["text"]
    assert "post #1019" in text and "post #1018" not in text and "scout" not in text
    # the moderator's post in carol's room (her report's template) gave no order of turn 2
    assert seen[2]["orders"]["carol"] == {
        "assign": [{"hex": "3,0", "workers": 1, "scientists": 1}],
    }


def test_a_leader_who_only_explored_has_not_missed_its_orders(tmp_path):
    """An exploration acts at once and is never collected, yet it is the leader's order of the
    turn: alice, who only explored, is not named by `post pending` nor counted as missing."""
    folder = tmp_path / "game"
    shutil.copytree(EXAMPLE, folder)
    shutil.rmtree(folder / "orders")
    c = str(folder)
    (folder / "room-alice.txt").write_text("=== alice #1 ===\n!explore -1,1\n", encoding="utf-8")
    (folder / "room-bob.txt").write_text("=== bob #2 ===\n!colonize 1,0\n", encoding="utf-8")
    gm("turn", "start", "-c", c)
    gm("post", "resolve", str(folder / "room-alice.txt"), "-c", c, "--room", "alice")
    gm("post", "resolve", str(folder / "room-bob.txt"), "-c", c, "--room", "bob")
    pending = gm("post", "pending", "-c", c, "--format", "json")
    waits = {leader["name"]: [w["kind"] for w in leader["waiting"]] for leader in json.loads(pending)["leaders"]}
    assert "orders_missing" in waits["carol"]
    assert "orders_missing" not in waits["alice"] and "orders_missing" not in waits["bob"]
    out = gm("turn", "run", "--from-posts", "-c", c)
    assert "carol posted no orders for turn 1" in out
    assert "alice posted no orders" not in out and "bob posted no orders" not in out
    players = {p["name"]: p for p in tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))["player"]}
    assert players["alice"].get("missed", 0) == 0 and players["carol"]["missed"] == 1
