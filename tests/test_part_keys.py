"""Part keys (dice scheme 2, docs/verify.md): one key for the setup and one a stage, all
committed in the opening post; a stage's key is revealed in the public post of the turn that
ends it, and from then on a player checks every roll of that stage the posts show — with the
key alone — while another leader's private rolls stay out of reach."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dice2_helpers import entries, new_game, next_to, orders, secret_of, state
from gmtool.campaign.journal import mark_key
from gmtool.campaign.stream import PARTS, JournalingSource, Scheme2, derive_face_v2, part_key
from gmtool.report.dice_block import parse_published, published_keys
from helpers import campaign_new_by, ok, run_gmtool, write_text

DOC = Path(__file__).resolve().parent.parent / "docs" / "verify.md"


@pytest.fixture(scope="module")
def stage2(tmp_path_factory):
    """A game whose turn 6 (the last of stage 1) and turn 7 were played: the opening post,
    and each turn's public post and leaders' reports."""
    from helpers import run_gmtool as gm

    root = tmp_path_factory.mktemp("stage2")
    game = new_game(campaign_new_by(gm), root / "g")
    opening = write_text(root, "opening.txt", ok(gm("campaign", "commitment", "-c", str(game))))
    path = game / "campaign.toml"  # a shortcut to the last turn of stage 1
    path.write_text(re.sub(r"(?m)^turn = 1$", "turn = 6", path.read_text(encoding="utf-8"), count=1), encoding="utf-8")
    ok(gm("roll", "2d10", "-c", str(game), "--for", "weather"))
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 6, alice=next_to(game, "alice"), bob=next_to(game, "bob")))))
    ok(gm("roll", "5d1000", "-c", str(game), "--for", "storm"))
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 7))))
    return game, opening


def posts(game: Path, turn: int, *names: str) -> list[Path]:
    return [game / "reports" / f"turn-{turn:02d}" / f"{name}.txt" for name in names]


def test_the_commitment_lists_every_part_keys_sha256(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    data = json.loads(ok(gm("campaign", "commitment", "-c", str(game), "--format", "json")))
    secret = secret_of(game)
    assert data["commitment"] == hashlib.sha256(secret).hexdigest()
    assert data["part_commitments"] == {p: hashlib.sha256(part_key(secret, p)).hexdigest() for p in PARTS}


def test_the_turn_ending_stage_1_reveals_the_setup_and_stage_1_keys(stage2):
    game, _ = stage2
    secret = secret_of(game)
    public6 = posts(game, 6, "public")[0].read_text(encoding="utf-8")
    assert published_keys(public6) == {p: part_key(secret, p).hex() for p in ("setup", "stage1")}
    assert state(game)["verification"]["revealed_parts"] == published_keys(public6)
    assert state(game)["stage"] == 2
    assert not published_keys(posts(game, 7, "public")[0].read_text(encoding="utf-8"))  # stage 2's stays secret
    ok(run_gmtool("verify", "-c", str(game)))


def test_a_stage_key_checks_every_roll_of_its_stage_the_posts_show(gm, stage2):
    game, opening = stage2
    shown = posts(game, 6, "public", "alice", "bob", "carol")
    key = published_keys(shown[0].read_text(encoding="utf-8"))["stage1"]
    dice = {d for p in shown for d in parse_published(p.read_text(encoding="utf-8"))}
    journaled = [e for e in entries(game) if e.part == "stage1"]
    assert len(dice) >= 4 and all(d[0] == "stage1" for d in dice)
    args = [a for p in [*shown, opening] for a in ("--published", str(p))]
    data = json.loads(ok(gm("verify", "--key", key, *args, "--format", "json")))
    assert data["ok"] and data["parts"] == ["stage1"] and data["checked"] == len(dice)
    assert data["commitments_not_checked"] == []
    labels = {e.label for e in journaled}
    assert {d[2] for d in dice} <= labels  # every die shown is a journaled die of stage 1


def test_a_stage_key_verifies_none_of_the_next_stage(gm, stage2):
    game, _ = stage2
    key1 = part_key(secret_of(game), "stage1").hex()
    shown = posts(game, 7, "public")
    res = gm("verify", "--key", f"stage2={key1}", "--published", str(shown[0]), "--format", "json")
    assert res.exit_code == 1
    data = json.loads(res.stdout)
    assert data["checked"] == 5 and len(data["problems"]) >= 4  # 5 d1000: stage 1's key gives other faces


def test_a_forged_face_in_a_post_is_named(gm, stage2, tmp_path):
    game, _ = stage2
    text = posts(game, 6, "public")[0].read_text(encoding="utf-8")
    m = re.search(r"(weather · 2d10: d10 #1=)(\d+)", text)
    forged = write_text(tmp_path, "forged.txt", text.replace(m.group(0), m.group(1) + str(int(m.group(2)) % 10 + 1)))
    key = part_key(secret_of(game), "stage1").hex()
    res = gm("verify", "--key", f"stage1={key}", "--published", str(forged))
    assert res.exit_code == 1 and "weather · 2d10 d10 #1 shows" in res.stderr and res.stderr.count("\n") == 1


def test_a_revealed_key_does_not_give_away_another_leaders_private_rolls(stage2):
    game, _ = stage2
    bobs = [e for e in entries(game) if e.label.startswith("turn 6 · bob")]
    assert bobs and all(e.private for e in bobs)
    seen_by_alice = "".join(p.read_text(encoding="utf-8") for p in posts(game, 6, "public", "alice"))
    assert "turn 6 · bob" not in seen_by_alice  # neither his labels nor their salts
    assert not any(e.label.rpartition(" · salt ")[2] in seen_by_alice for e in bobs)
    # the label without its salt, which alice could guess, derives other faces
    key = part_key(secret_of(game), "stage1")
    source = JournalingSource(secret_of(game), 1, 6, "check")
    source.scheme2 = Scheme2("turn 6", "stage1", "", {})
    source.set_context("bob · explore 9,9", "bob")
    for _ in range(20):
        source.roll(1000, "exploration")
    guessed = [derive_face_v2(key, e.label.rpartition(" · salt ")[0], "", e.die, e.index) for e in source.entries]
    assert sum(g == e.face for g, e in zip(guessed, source.entries)) <= 2
    # and the journal's marks are keyed with the secret, which no part key gives
    assert mark_key(secret_of(game)) not in {part_key(secret_of(game), p) for p in PARTS}


def test_the_standard_library_checker_checks_a_stage_with_its_key(stage2, tmp_path):
    game, _ = stage2
    blocks = re.findall(r"^```python\n(.*?)^```$", DOC.read_text(encoding="utf-8"), re.S | re.M)
    script = write_text(tmp_path, "check_rolls.py", blocks[0])
    shown = posts(game, 6, "public", "alice", "bob")
    key = part_key(secret_of(game), "stage1").hex()
    res = subprocess.run(
        [sys.executable, str(script), "--key", f"stage1={key}", *map(str, shown)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    n = len({d for p in shown for d in parse_published(p.read_text(encoding="utf-8"))})
    assert (res.returncode, res.stdout) == (0, f"{n} dice of stage1 checked\nevery roll checks out\n"), res
    wrong = part_key(secret_of(game), "stage2").hex()
    res = subprocess.run(
        [sys.executable, str(script), "--key", f"stage1={wrong}", *map(str, shown)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 1 and "the key gives another face" in res.stdout
