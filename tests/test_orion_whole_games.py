"""Whole games, from `campaign new` to each kind of victory (docs/rules-orion.md A12), driven only by
commands, orders files and forum posts — never by editing a campaign file. At the end
`verify` passes and `turn undo` of the last turn brings back the state before it, or is
refused where the turn's end revealed a key (docs/verify.md)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from helpers import assert_error, ok, status, without_deadlines

PLAYERS = ("alice", "bob", "carol")


@pytest.fixture
def game(new_campaign):
    return new_campaign("game", players=PLAYERS, seed=7)


def run_turn(gm, camp: Path, turn: int, body: str = "", *extra: str) -> str:
    orders = camp.parent / f"orders-{turn:02d}.toml"
    orders.write_text(f"turn = {turn}\n{body}", encoding="utf-8")
    return ok(gm("turn", "run", str(orders), "-c", str(camp), *extra))


def keep_ships(gm, camp: Path, leader: str) -> None:
    """The campaign's dice are its own secret's, different each run: an exploration may
    lose the ship (a negative event).  A lost ship is replaced by the moderator's record,
    as in a real game, so the path to the victory does not depend on the draw."""
    me = next(p for p in status(gm, camp)["players"] if p["name"] == leader)
    for ship, count in (("scout", me["scouts"]), ("colony_ship", me["colony_ships"])):
        if count == 0:
            ok(gm("ship", "add", "-c", str(camp), "--player", leader, "--class", ship, "--reason", "a new one"))


def finish(gm, camp: Path, before_last: bytes) -> None:
    """`verify` passes; `turn undo` of the last turn brings back the state before it (but for
    the share its deadline fixed, which stays) — unless its end revealed a part key (the game
    ended at a turn's end): then it is refused, as playing it again would be foreseeable."""
    ok(gm("verify", "-c", str(camp)))
    revealed = set(status_toml(camp).get("verification", {}).get("revealed_parts", {}))
    kept = set(tomllib.loads(before_last.decode("utf-8")).get("verification", {}).get("revealed_parts", {}))
    if revealed - kept:
        assert_error(gm("turn", "undo", "-c", str(camp)), "is not undone: its public post revealed the key of")
    else:
        ok(gm("turn", "undo", "-c", str(camp)))
        assert without_deadlines((camp / "campaign.toml").read_bytes()) == without_deadlines(before_last)
    ok(gm("verify", "-c", str(camp)))


def status_toml(camp: Path) -> dict:
    return tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))


def _path_to_orion(home: str) -> list[str]:
    """The hexes from ``home`` (excluded) to a neighbour of 0,0 (included), one step each."""
    from gmtool.campaign.hexes import Hex

    here, orion, path = Hex.parse(home), Hex(0, 0), []
    while here.distance(orion) > 1:
        here = min(here.neighbours(), key=lambda n: (n.distance(orion), n))
        path.append(str(here))
    return path


@pytest.mark.slow
def test_orion_victory(gm, game):
    # alice's scout explores one hex a turn toward Orion (A4: its move ends there; from stage
    # 2 only next to explored space), then reaches it
    home = {p["name"]: p["homeworld"] for p in status(gm, game)["players"]}["alice"]
    path = _path_to_orion(home)
    run_turn(gm, game, 1, f'[alice]\nexplore = ["{path[0]}"]\n')  # stage 1: next to the homeworld
    for turn in range(2, 7):
        run_turn(gm, game, turn)
    turn = 7
    for h in path[1:]:
        keep_ships(gm, game, "alice")
        run_turn(gm, game, turn, f'[alice]\nexplore = ["{h}"]\n')
        turn += 1
    # alice's scout reaches Orion, her fleet destroys the Guardian (17), her colony ship lands
    keep_ships(gm, game, "alice")
    before = (game / "campaign.toml").read_bytes()
    out = run_turn(gm, game, turn, '[alice]\nexplore = ["0,0"]\norion_damage = 17\ncolonize = ["0,0"]\n')
    assert "Winner: alice — victory by colonising Orion" in out
    assert "destroyed the Guardian of Orion" in out
    orion = {s["hex"]: s for s in status(gm, game)["systems"]}["0,0"]
    assert (orion["explored_by"], orion["owner"]) == ("alice", "alice")  # explored, then colonised
    assert_error(gm("turn", "start", "-c", str(game)), "the game is over")
    finish(gm, game, before)


def test_conquest_victory(gm, game):
    homes = {p["name"]: p["homeworld"] for p in status(gm, game)["players"]}
    before = (game / "campaign.toml").read_bytes()
    run_turn(gm, game, 1, f'[alice]\ncapture = ["{homes["bob"]}", "{homes["carol"]}"]\n')
    public = (game / "reports" / "turn-01" / "public.txt").read_text(encoding="utf-8")
    assert "alice captured bob's homeworld" in public and "alice captured carol's homeworld" in public
    out = ok(gm("turn", "start", "-c", str(game)))  # checked at the start of the next turn
    assert "Winner: alice — conquest" in out
    finish(gm, game, before)


@pytest.mark.slow
def test_technology_victory(gm, game, monkeypatch):
    # the campaign's own tree: one science of one technology (docs/rules-orion.md A13.1); the
    # quests judged by the moderator, so that no quest met by itself adds RP to the count
    import gmtool.rules.orion.turns as turns

    monkeypatch.setattr(turns, "judge", lambda *args: None)
    (game / "tables" / "orion").mkdir(parents=True)
    (game / "tables" / "orion" / "technologies.toml").write_text(
        'title = { en = "Technologies", ru = "Технологии" }\n[columns]\n'
        'science = { en = "Science", ru = "Наука" }\ncost = { en = "Cost", ru = "Стоимость" }\n'
        '[[row]]\nid = "theory"\nlabel = { en = "Theory", ru = "Теория" }\n'
        'values = { science = "physics", cost = 12 }\n',
        encoding="utf-8",
    )
    home = {p["name"]: p["homeworld"] for p in status(gm, game)["players"]}["bob"]
    run_turn(gm, game, 1, f'[bob]\nassign = [{{ hex = "{home}", workers = 0, scientists = 3 }}]\n')
    assign = f'assign = [{{ hex = "{home}", workers = 0, scientists = 4 }}]\n'
    run_turn(gm, game, 2, f'[bob]\nresearch = ["theory", "all_sciences"]\n{assign}')  # 12 RP: the last science
    turn = 3
    while True:
        before = (game / "campaign.toml").read_bytes()
        assign = f'assign = [{{ hex = "{home}", workers = 0, scientists = 4 }}]\n'
        out = run_turn(gm, game, turn, f'[bob]\nresearch = "victory"\n{assign}')
        if "Winner: bob — technology" in out:
            break
        turn += 1
        assert turn <= 18
    bob = [p for p in status(gm, game)["players"] if p["name"] == "bob"][0]
    # 12 RP of turn 1 buy the theory at turn 2's end; from turn 3 the RP left at each turn's end
    # (banked and just made, A13.1 wave 4) go toward the victory: 16 + 16 in turn 3, then 16 a
    # turn: 180 spent in turn 13 (before wave 4 the RP of a turn waited for the next: turn 14)
    assert turn == 13
    assert bob["rp"] >= 0
    finish(gm, game, before)


@pytest.mark.slow
def test_diplomatic_victory(gm, game):
    for turn in range(1, 13):
        run_turn(gm, game, turn)
    before = (game / "campaign.toml").read_bytes()
    ballots = "".join(f'[{p}]\nelection = {{ candidate = "carol" }}\n' for p in ("bob", "carol"))
    out = run_turn(gm, game, 13, ballots)  # alice is silent: 2 of 3 votes ≥ floor(3/2) + 1
    assert "Winner: carol" in out and "diplomatic" in out
    finish(gm, game, before)


@pytest.mark.slow
def test_territorial_victory_at_turn_18(gm, game):
    homes = {p["name"]: p["homeworld"] for p in status(gm, game)["players"]}
    # carol founds a colony next to her homeworld in turn 1 (a forum post explores it first)
    q, r = map(int, homes["carol"].split(","))
    for turn in range(1, 18):
        run_turn(gm, game, turn)
    before = (game / "campaign.toml").read_bytes()
    out = run_turn(gm, game, 18)
    assert "Winner" in out and "territorial" in out
    data = json.loads(json.dumps(status(gm, game)))
    assert data["turn"] == 18
    finish(gm, game, before)
