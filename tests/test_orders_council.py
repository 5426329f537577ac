"""The Council from an orders file: the chair picks one of the two bills drawn at the
turn's start (`bill = 1`, or the bill's id), the leaders vote, the turn's public post
tells the bill and the result — or that no bill was put to the vote; a turn that
`turn run` started itself tells the chair and the movement order in its public post."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from helpers import assert_error, ok, snapshot

ROOT = Path(__file__).resolve().parent.parent
ORDERS = ROOT / "campaigns" / "example" / "orders"


@pytest.fixture(scope="module")
def at_turn_7(tmp_path_factory):
    """The example campaign after its shipped turns 1–6, turn 7 started (alice chairs)."""
    from helpers import run_gmtool as gm

    folder = tmp_path_factory.mktemp("council") / "camp"
    shutil.copytree(ROOT / "campaigns" / "example", folder)
    for n in range(1, 7):
        ok(gm("turn", "run", str(ORDERS / f"turn-{n:02d}.toml"), "-c", str(folder)))
    start = json.loads(ok(gm("turn", "start", "-c", str(folder), "--format", "json")))
    assert start["chair"] == "alice"
    return folder


@pytest.fixture
def camp(at_turn_7, tmp_path):
    folder = tmp_path / "camp"
    shutil.copytree(at_turn_7, folder)
    return folder


def drawn(camp: Path) -> list[str]:
    import tomllib

    return tomllib.loads((camp / "campaign.toml").read_text("utf-8"))["council"]["vote"]["options"]


def orders(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "turn-07.toml"
    path.write_text("turn = 7\n" + body, encoding="utf-8")
    return path


YES, NO = 6, 3  # alice's and bob's planets (homeworlds included) for, carol's against


def test_the_chair_picks_a_bill_and_the_leaders_vote(gm, camp, tmp_path):
    first, second = drawn(camp)
    body = (
        f'[alice]\nbill = "{second}"\nvote = {{ choice = "yes" }}\n'
        '[bob]\nvote = { choice = "yes" }\n[carol]\nvote = { choice = "no" }\n'
    )
    public = ok(gm("turn", "run", str(orders(tmp_path, body)), "-c", str(camp), "--format", "json"))
    council = json.loads(public)["council"]
    assert council["bill"] == second and council["passed"] is True
    assert (council["yes"], council["no"]) == (YES, NO)


def test_no_bill_picked_is_said_in_the_public_post(gm, camp, tmp_path):
    out = ok(gm("turn", "run", str(orders(tmp_path, "")), "-c", str(camp)))
    assert "Bill: none: the chair put no bill to the vote (both went back under the deck)" in out


@pytest.mark.parametrize(
    "body, fragment",
    [
        ("[bob]\nbill = 1\n", "only the chair picks the bill (alice this turn, not bob)"),
        ("[alice]\nbill = 3\n", "bill = 3: give 1 or 2 (as drawn) or the bill's id"),
        ('[alice]\nbill = "no-such-bill"\n', "bill = 'no-such-bill': give 1 or 2 (as drawn) or the bill's id"),
    ],
)
def test_a_wrong_pick_is_refused_and_changes_nothing(gm, camp, tmp_path, body, fragment):
    before = snapshot(camp)
    res = gm("turn", "run", str(orders(tmp_path, body)), "-c", str(camp))
    assert_error(res, fragment, "nothing was applied", one_line=False)
    assert snapshot(camp) == before


def test_a_turn_started_by_turn_run_names_its_chair_in_the_public_post(gm, at_turn_7, tmp_path):
    folder = tmp_path / "camp"
    shutil.copytree(ROOT / "campaigns" / "example", folder)
    out = ok(gm("turn", "run", str(ORDERS / "turn-01.toml"), "-c", str(folder), "--lang", "ru"))
    assert "Ход начался: порядок движения alice → bob → carol" in out


def test_no_bill_in_stage_1(gm, tmp_path):
    folder = tmp_path / "camp"
    shutil.copytree(ROOT / "campaigns" / "example", folder)
    path = tmp_path / "turn-01.toml"
    path.write_text("turn = 1\n[alice]\nbill = 1\n", encoding="utf-8")
    res = gm("turn", "run", str(path), "-c", str(folder))
    assert_error(res, "bill: the Galactic Council does not sit in stage 1", "nothing was applied", one_line=False)
    assert "—" not in res.stderr, res.stderr
