"""`turn undo` and its snapshots (gmtool/campaign/history.py): the snapshot's meta.toml is
checked as its kept state is, a turn whose end revealed a key is not undone as if nothing
were public, and voided.toml's ranges are checked by `verify` and `campaign validate`."""

from __future__ import annotations

import re
import tomllib

import pytest

from dice2_helpers import new_game, next_to, orders, state
from helpers import assert_error, ok


def played(gm, new_campaign, tmp_path, turns: int = 1):
    """A new game (a random secret) after ``turns`` turns, each turn one leader's first
    exploration: a scout lost to the dice would not be needed again."""
    game = new_game(new_campaign, tmp_path / "g")
    for turn, leader in zip(range(1, turns + 1), ("alice", "bob", "carol")):
        ok(gm("turn", "run", "-c", str(game), str(orders(game, turn, **{leader: next_to(game, leader)}))))
    return game


def files(game):
    return {p.name: p.read_bytes() for p in (game / "campaign.toml", game / "journal.toml")} | {
        "voided": (game / "voided.toml").read_bytes() if (game / "voided.toml").exists() else b""
    }


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("first_roll_id", "-5", "first_roll_id = -5 does not match the state it keeps ({first} expected)"),
        ("first_roll_id", "3", "first_roll_id = 3 does not match the state it keeps ({first} expected)"),
        ("turn", "1", "turn = 1 does not match the state it keeps (2 expected)"),
        ("turn", '"2"', 'turn = "2" does not match the state it keeps (2 expected)'),
    ],
)
def test_a_snapshots_meta_that_does_not_match_its_state_is_refused(gm, new_campaign, tmp_path, key, value, expected):
    """Issue 33 §4: `first_roll_id = -5` or a wrong `turn` was trusted by `turn undo`: earlier
    turns' rolls were marked void and `verify`/`campaign validate` still passed."""
    game = played(gm, new_campaign, tmp_path, 2)
    meta = game / "history" / "turn-02" / "meta.toml"
    first = tomllib.loads(meta.read_text(encoding="utf-8"))["first_roll_id"]
    meta.write_text(
        re.sub(rf"(?m)^{key} = .*$", f"{key} = {value}", meta.read_text(encoding="utf-8")), encoding="utf-8"
    )
    before = files(game)
    res = gm("turn", "undo", "-c", str(game))
    assert_error(res, f"meta.toml: {expected.format(first=first)}: the snapshot is damaged, nothing was undone")
    assert files(game) == before
    ok(gm("verify", "-c", str(game)))


def test_an_undo_after_an_undo_voids_exactly_the_turns_rolls(gm, new_campaign, tmp_path):
    """The first roll of a turn played again right after an undo is past the voided ones: the
    check of meta.toml's first_roll_id skips them."""
    game = played(gm, new_campaign, tmp_path, 1)
    ok(gm("turn", "undo", "-c", str(game)))
    plan = orders(game, 1, alice=next_to(game, "alice"))
    ok(gm("turn", "run", "-c", str(game), str(plan)))
    ok(gm("turn", "undo", "-c", str(game)))
    voids = tomllib.loads((game / "voided.toml").read_text(encoding="utf-8"))["void"]
    assert voids[1]["from"] == voids[0]["to"] + 1
    ok(gm("verify", "-c", str(game)))
    ok(gm("campaign", "validate", "-c", str(game)))


def test_a_void_of_an_earlier_turns_rolls_fails_verify_and_validate(gm, new_campaign, tmp_path):
    game = played(gm, new_campaign, tmp_path, 2)
    (game / "voided.toml").write_text('[[void]]\nturn = 2\nfrom = 1\nto = 4\nreason = "turn 2 undone"\n\n')
    expected = "voided.toml: the void of turn 2 (rolls #1–#4) holds roll #1 of turn 1: a turn undo never voids an earlier turn's rolls"
    res = gm("verify", "-c", str(game))
    assert res.exit_code == 1 and expected in res.stdout
    assert_error(gm("campaign", "validate", "-c", str(game)), expected)
    (game / "voided.toml").write_text('[[void]]\nturn = 2\nfrom = -5\nto = 4\nreason = "turn 2 undone"\n\n')
    res = gm("verify", "-c", str(game))
    assert (
        res.exit_code == 1
        and "voided.toml: the void of turn 2 (rolls #-5–#4) is not a range of the journal's rolls" in res.stdout
    )


def test_a_turn_whose_end_revealed_a_part_key_is_not_undone(gm, new_campaign, tmp_path):
    """Issue 33 §3: after turn 6's post revealed the stage-1 key, `turn undo` replayed stage 1
    with the published key, and anyone computed bob's next public rolls before he posted them."""
    game = new_game(new_campaign, tmp_path / "g")
    path = game / "campaign.toml"  # a shortcut to the last turn of stage 1
    path.write_text(re.sub(r"(?m)^turn = 1$", "turn = 6", path.read_text(encoding="utf-8"), count=1), encoding="utf-8")
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 6, bob=next_to(game, "bob")))))
    assert set(state(game)["verification"]["revealed_parts"]) == {"setup", "stage1"}
    before = files(game)
    assert_error(
        gm("turn", "undo", "-c", str(game)),
        "turn 6 is not undone: its public post revealed the key of setup, stage1, so anyone could compute the dice "
        "of playing it again; record what must change with the moderator's commands instead",
    )
    assert files(game) == before
    ok(gm("verify", "-c", str(game)))


def test_no_die_comes_from_a_revealed_part_key(gm, tmp_path):
    """A key once public derives no more dice: the game's last turn revealed stage 1's."""
    from gmtool.campaign.stream import JournalingSource, Scheme2
    from gmtool.errors import StreamUnavailable

    source = JournalingSource(b"\x01" * 32, 1, 6, "roll")
    source.scheme2 = Scheme2("turn 6", "stage1", "", {}, revealed=True)
    with pytest.raises(StreamUnavailable) as raised:
        source.roll(6)
    assert (
        raised.value.text("en") == "the key of stage1 is public since its stage ended: no die can come from it any more"
    )
    assert not source.entries
