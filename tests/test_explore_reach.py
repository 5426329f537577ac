"""Which hexes a leader's ships may explore (docs/rules-orion.md A4): from stage 2 only
hexes joined to its homeworld by explored space, and each ship at most one hex a turn (its
move ends in the hex it explores) -- the same rule in `explore`, in orders files and on the
forum. Fixed dice or fixed states; a refused command changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import SECRET, assert_error, ok
from helpers import snapshot as files
from test_cli_turns import grant, player, set_turn, state

pytestmark = [pytest.mark.usefixtures("isolated"), pytest.mark.camp(players=["alice", "bob", "carol"], seed=3)]


def refused(gm, folder: Path, *args: str, fragments: tuple[str, ...]) -> None:
    """The command exits 1 with one error line that carries ``fragments`` and writes nothing."""
    before = files(folder)
    assert_error(gm(*args), *fragments)
    assert files(folder) == before


# ===================================================== reach from stage 2


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


def turn_7_near_and_far(gm, camp) -> tuple[str, str, str]:
    """Turn 7 started; alice's homeworld, an unexplored neighbour of it and a hex behind it."""
    set_turn(camp, 7)
    ok(gm("turn", "start", "-c", str(camp)))
    home = player(camp, "alice")["homeworld"]
    radius = state(camp)["galaxy"]["radius"]
    near = _ring(home, 1, radius)[0]
    far = next(h for h in _ring(home, 2, radius) if _distance(h, near) == 1)
    return home, near, far


def test_a_hex_behind_unexplored_space_is_out_of_reach_in_stage_2(gm, camp):
    home, near, far = turn_7_near_and_far(gm, camp)
    c = ("-c", str(camp))
    reach = json.loads(ok(gm("reach", *c, "--player", "alice", "--format", "json")))
    assert near in reach["in_reach"] and far not in reach["in_reach"]
    refused(
        gm,
        camp,
        "explore",
        *c,
        "--player",
        "alice",
        "--hex",
        far,
        "--dice",
        "1",
        fragments=(f"{far} is out of alice's reach", "behind unexplored space"),
    )
    ok(gm("explore", *c, "--player", "alice", "--hex", near, "--dice", "1"))  # empty space
    # explored space joined to the homeworld: the hex behind it is in reach now (another ship)
    assert far in json.loads(ok(gm("reach", *c, "--player", "alice", "--format", "json")))["in_reach"]
    grant(camp, "alice", scouts=2)
    ok(gm("explore", *c, "--player", "alice", "--hex", far, "--dice", "1"))


def test_orders_files_check_the_same_reach(gm, camp, tmp_path):
    home, near, far = turn_7_near_and_far(gm, camp)
    orders = tmp_path / "orders.toml"
    orders.write_text(f'turn = 7\n[alice]\nexplore = ["{far}"]\n', encoding="utf-8")
    before = files(camp)
    res = gm("turn", "check", str(orders), "-c", str(camp))
    assert_error(res, f"{far} is out of alice's reach", "behind unexplored space", one_line=False)
    assert files(camp) == before


def test_forum_explore_checks_the_same_reach(gm, camp):
    home, near, far = turn_7_near_and_far(gm, camp)
    before = state(camp).get("system", [])
    res = gm(
        "post",
        "resolve",
        "-",
        "-c",
        str(camp),
        "--author",
        "alice",
        "--post-id",
        "p1",
        "--format",
        "json",
        input=f"!explore {far}\n",
    )
    assert "behind unexplored space" in res.stdout + res.stderr
    assert state(camp).get("system", []) == before


# ===================================================== one hex per ship per turn


def _free_neighbours(camp, name: str) -> list[str]:
    home = player(camp, name)["homeworld"]
    taken = {s["hex"] for s in state(camp).get("system", [])}
    return [h for h in _ring(home, 1, state(camp)["galaxy"]["radius"]) if h not in taken]


def test_a_ship_explores_at_most_one_hex_a_turn(gm, camp):
    c = ("-c", str(camp))
    a, b, d = _free_neighbours(camp, "alice")[:3]
    ok(gm("explore", *c, "--player", "alice", "--hex", a, "--dice", "1"))
    refused(
        gm,
        camp,
        "explore",
        *c,
        "--player",
        "alice",
        "--hex",
        b,
        "--dice",
        "1",
        fragments=("already explored a hex this turn",),
    )
    grant(camp, "alice", scouts=2)  # a second scout may still move
    ok(gm("explore", *c, "--player", "alice", "--hex", b, "--dice", "1"))
    refused(
        gm,
        camp,
        "explore",
        *c,
        "--player",
        "alice",
        "--hex",
        d,
        "--dice",
        "1",
        fragments=("all 2 of alice's ships of kind scout",),
    )
    ok(gm("turn", "start", *c))
    ok(gm("turn", "end", *c))  # a new turn: every ship moves again
    ok(gm("explore", *c, "--player", "alice", "--hex", d, "--dice", "1"))


def test_a_ship_lost_exploring_leaves_the_others_free(gm, camp):
    c = ("-c", str(camp))
    grant(camp, "alice", scouts=2)
    a, b = _free_neighbours(camp, "alice")[:2]
    # exploration 4 (hostile, negative event) → event 1 (ceil(1/2) = 1: fleet_lost) → type, size
    ok(gm("explore", *c, "--player", "alice", "--hex", a, "--dice", "4,1,5,5"))
    assert player(camp, "alice")["scouts"] == 1
    ok(gm("explore", *c, "--player", "alice", "--hex", b, "--dice", "1"))  # the other scout


def _fixed_secret(camp: Path, secret: bytes) -> None:
    """The campaign's stream committed to ``secret`` (``campaign new`` draws a random one):
    a test that plays the campaign's own dice then plays the same dice on every run."""
    from gmtool.campaign.stream import commitment

    (camp / "secret.key").write_text(secret.hex() + "\n", encoding="ascii")
    toml = camp / "campaign.toml"
    text = toml.read_text(encoding="utf-8")
    old = state(camp)["verification"]["commitment"]
    toml.write_text(text.replace(old, commitment(secret)), encoding="utf-8")


def test_orders_files_move_each_ship_once(gm, camp, tmp_path):
    c = ("-c", str(camp))
    _fixed_secret(camp, SECRET)
    a, b = _free_neighbours(camp, "alice")[:2]
    orders = tmp_path / "orders.toml"
    orders.write_text(f'turn = 1\n[alice]\nexplore = ["{a}", "{b}"]\n', encoding="utf-8")
    before = files(camp)
    res = gm("turn", "check", str(orders), *c)
    # SECRET, seed 3: the first exploration keeps the scout (the campaign's own dice), the second is refused
    assert_error(
        res,
        "orders.toml:3 (alice): explore: alice's scout has already explored a hex this turn",
        "1 problem in orders.toml; nothing was applied",
        one_line=False,
    )
    assert res.stderr.count("explore:") == 1
    assert files(camp) == before
