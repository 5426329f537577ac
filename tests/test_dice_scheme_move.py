"""`gmtool campaign scheme -c DIR 2` (docs/verify.md): a campaign made before dice scheme 2
moves to it from its next turn — never in the middle of one — its old rolls still verifying;
the shipped example campaign plays scheme 2, and so does a copy of it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from dice2_helpers import entries, new_game, next_to, orders, scheme_1_game, state
from gmtool.campaign.stream import part_commitments
from helpers import EXAMPLE, assert_error, ok, write_text

DOC = Path(__file__).resolve().parent.parent / "docs" / "verify.md"


def secret(folder: Path) -> bytes:
    return bytes.fromhex((folder / "secret.key").read_text(encoding="ascii").strip())


def test_a_scheme_1_campaign_moves_to_scheme_2_from_its_next_turn_and_its_old_rolls_still_verify(
    gm, new_campaign, tmp_path
):
    game = scheme_1_game(new_campaign, tmp_path / "g")
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 1, alice=next_to(game, "alice")))))
    ok(gm("turn", "start", "-c", str(game)))  # turn 2 has begun: it stays scheme 1's
    out = ok(gm("campaign", "scheme", "-c", str(game), "2"))
    assert out.startswith("Dice commitment for g\n")
    assert (
        "g moves to dice scheme 2 from turn 3: its earlier rolls keep verifying as scheme 1. "
        "Post the part commitments below with the turn's opening post:" in out
    )
    commitments = part_commitments(secret(game))
    assert all(f"({part}): {value}" in out for part, value in commitments.items())
    verification = state(game)["verification"]
    assert (verification["scheme"], verification["scheme_from"]) == (2, 3)
    assert verification["part_commitments"] == commitments
    ok(gm("roll", "d10", "-c", str(game), "--for", "weather"))
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 2, bob=next_to(game, "bob")))))
    old = [e for e in entries(game) if e.turn <= 2]
    assert old and all(not e.part for e in old)  # turns 1 and 2: scheme 1 to the end
    public2 = (game / "reports" / "turn-02" / "public.txt").read_text(encoding="utf-8")
    assert "gmtool-v2" not in public2 and "Players' share" not in public2
    ok(gm("roll", "d10", "-c", str(game), "--for", "weather"))
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 3, carol=next_to(game, "carol")))))
    new = [e for e in entries(game) if e.turn == 3]
    assert new and all(e.part == "stage1" for e in new)
    assert any(e.label == "turn 3 · moderator · weather · d10" for e in new)
    assert "Every roll checks out." in ok(gm("verify", "-c", str(game)))
    ok(gm("campaign", "reveal", "-c", str(game)))
    blocks = re.findall(r"^```python\n(.*?)^```$", DOC.read_text(encoding="utf-8"), re.S | re.M)
    script = write_text(tmp_path, "check_rolls.py", blocks[0])
    res = subprocess.run([sys.executable, str(script), str(game)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0 and res.stdout.endswith("every roll checks out\n"), res


def test_a_campaign_whose_turn_has_not_begun_moves_from_this_turn(gm, new_campaign, tmp_path):
    game = scheme_1_game(new_campaign, tmp_path / "g")
    ok(gm("roll", "d10", "-c", str(game), "--for", "before"))  # a free roll of turn 1 before its start
    out = ok(gm("campaign", "scheme", "-c", str(game), "2"))
    assert "g moves to dice scheme 2 from this turn (1), which has not begun" in out
    ok(gm("turn", "start", "-c", str(game)))
    (before, *after) = [e for e in entries(game) if e.turn == 1]
    assert not before.part and after and all(e.part == "stage1" for e in after)
    ok(gm("verify", "-c", str(game)))


def test_the_move_is_refused_twice_and_without_the_secret(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    assert_error(gm("campaign", "scheme", "-c", str(game), "2"), "g already plays dice scheme 2")
    old = scheme_1_game(new_campaign, tmp_path / "old")
    (old / "secret.key").unlink()
    before = (old / "campaign.toml").read_bytes()
    assert_error(gm("campaign", "scheme", "-c", str(old), "2"), "secret.key is missing or does not match")
    assert (old / "campaign.toml").read_bytes() == before
    assert gm("campaign", "scheme", "-c", str(old), "1").exit_code == 2  # there is no way back


def test_a_copy_of_the_example_campaign_plays_scheme_2(gm, tmp_path):
    """Issue 33 §3: the shipped example was still scheme 1 (a moderator could steer it with
    filler rolls), and the README's guided turn copies it to start a game."""
    game = tmp_path / "my-game"
    shutil.copytree(EXAMPLE, game, ignore=shutil.ignore_patterns(".lock"))
    verification = state(game)["verification"]
    assert verification["scheme"] == 2 and verification.get("scheme_from", 1) <= state(game)["turn"]
    assert verification["part_commitments"] == part_commitments(secret(game))
    earlier = entries(game)
    ok(gm("roll", "d10", "-c", str(game), "--for", "weather"))
    (rolled,) = entries(game)[len(earlier) :]
    assert (rolled.label, rolled.part, rolled.private) == ("turn 1 · moderator · weather · d10", "stage1", False)
    assert "Every roll checks out." in ok(gm("verify", "-c", str(game)))
