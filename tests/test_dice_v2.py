"""Dice scheme 2 (docs/verify.md): a face belongs to what is rolled — its canonical label,
its index under it, the part key and the turn's players' share — not to its place in the
journal. Filler rolls, an undo and a replay cannot steer a face."""

from __future__ import annotations

import hashlib
import hmac

from hypothesis import given
from hypothesis import strategies as st

from dice2_helpers import copy, entries, new_game, next_to, orders, rolls_of, scheme_1_game, secret_of, state
from gmtool.campaign.stream import (
    PARTS,
    JournalingSource,
    Scheme2,
    clean_label,
    derive_face_v2,
    part_key,
    salt,
)
from helpers import ok


def test_a_new_campaign_is_scheme_2_with_the_part_commitments(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    secret = secret_of(game)
    verification = state(game)["verification"]
    assert verification["scheme"] == 2
    assert verification["part_commitments"] == {
        part: hashlib.sha256(part_key(secret, part)).hexdigest() for part in PARTS
    }


def test_filler_rolls_before_a_labelled_roll_leave_its_faces_unchanged(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    filled = copy(game, "filled")
    for _ in range(7):  # the dishonest moderator's harmless-looking weather rolls
        ok(gm("roll", "d6", "-c", str(filled), "--for", "weather"))
    at = next_to(game, "alice")
    for folder in (game, filled):
        ok(gm("turn", "run", "-c", str(folder), str(orders(folder, 1, alice=at))))
    plain, after_filler = rolls_of(game, "turn 1 · alice"), rolls_of(filled, "turn 1 · alice")
    assert plain and plain == after_filler  # the same labels, indices and faces
    assert entries(filled)[7].id == entries(game)[0].id + 7  # though at other journal ids
    assert [e.index for e in entries(filled) if "weather" in e.label] == list(range(1, 8))


def test_undo_and_replay_with_the_same_orders_gives_the_same_faces(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    plan = orders(game, 1, alice=next_to(game, "alice"), bob=next_to(game, "bob"))
    ok(gm("turn", "run", "-c", str(game), str(plan)))
    first = [(e.label, e.index, e.face) for e in entries(game)]
    ok(gm("turn", "undo", "-c", str(game)))
    ok(gm("turn", "run", "-c", str(game), str(plan)))
    again = [(e.label, e.index, e.face) for e in entries(game)][len(first) :]
    assert again == first  # the undo bought no reroll
    ok(gm("verify", "-c", str(game)))


def test_a_different_order_rolls_for_other_labels(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    other = copy(game, "other")
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 1, alice=next_to(game, "alice", 0)))))
    ok(gm("turn", "run", "-c", str(other), str(orders(other, 1, alice=next_to(other, "alice", 1)))))
    one, two = rolls_of(game, "turn 1 · alice"), rolls_of(other, "turn 1 · alice")
    assert one and two
    assert not {label for label, *_ in one} & {label for label, *_ in two}
    key = part_key(secret_of(game), "stage1")
    for label, index, die, face in one + two:  # each face is its own label's
        assert face == derive_face_v2(key, label, "", die, index)


def test_the_same_thing_rolled_twice_in_a_turn_takes_the_next_index(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    for _ in range(2):
        ok(gm("roll", "3d6", "-c", str(game), "--for", "storm"))
    rolled = rolls_of(game, "turn 1 · moderator · storm")
    assert [index for _, index, _, _ in rolled] == [1, 2, 3, 4, 5, 6]
    assert len({label for label, *_ in rolled}) == 1


def test_no_two_dice_of_a_game_share_a_derivation(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    ok(gm("roll", "2d10", "-c", str(game), "--for", "weather"))
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 1, alice=next_to(game, "alice"), bob=next_to(game, "bob")))))
    ok(gm("roll", "2d10", "-c", str(game), "--for", "weather"))
    derivations = [(e.label, e.index, e.part, e.share) for e in entries(game)]
    assert len(derivations) == len(set(derivations)) > 4


def test_a_leaders_rolls_are_salted_and_its_report_prints_them(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 1, alice=next_to(game, "alice")))))
    secret = secret_of(game)
    mine = [e for e in entries(game) if e.label.startswith("turn 1 · alice")]
    report = (game / "reports" / "turn-01" / "alice.txt").read_text(encoding="utf-8")
    public = (game / "reports" / "turn-01" / "public.txt").read_text(encoding="utf-8")
    for e in mine:
        base, _, salted = e.label.rpartition(" · salt ")
        assert e.private and salted == salt(secret, base)
        assert f"{e.label}: d{e.die} #{e.index}={e.face}" in report
        assert e.label not in public
    assert "gmtool-v2 stage1 share -" in report


def test_a_version_1_campaign_rolls_and_verifies_as_before(gm, new_campaign, tmp_path):
    camp = scheme_1_game(new_campaign, tmp_path / "camp")
    ok(gm("turn", "run", "-c", str(camp), str(orders(camp, 1, alice=next_to(camp, "alice")))))
    assert entries(camp) and not any(e.part for e in entries(camp))
    before = len(entries(camp))
    ok(gm("roll", "d10", "-c", str(camp), "--for", "weather"))
    new = entries(camp)[before:]
    assert [e.part for e in new] == [""] and "label" not in (camp / "journal.toml").read_text(encoding="utf-8")
    assert "scheme" not in state(camp)["verification"]
    ok(gm("verify", "-c", str(camp)))


def test_a_changed_label_breaks_the_running_hash(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    ok(gm("roll", "d10", "-c", str(game), "--for", "weather"))
    ok(gm("roll", "d10", "-c", str(game), "--for", "rain"))
    path = game / "journal.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("· weather ·", "· wetter ·"), encoding="utf-8")
    res = gm("verify", "-c", str(game))
    assert res.exit_code == 1 and "running hash breaks" in res.stdout


# ---- the message the HMAC reads splits only one way


def _message(label: str, share: str, sides: int, index: int, counter: int) -> str:
    return f"gmtool-v2\n{label}\n{share}\n{sides}\n{index}\n{counter}"


@given(st.text(max_size=60))
def test_a_label_is_one_line_without_control_characters(text):
    label = clean_label(text)
    assert "\n" not in label and "\r" not in label
    assert all(ch >= " " and ch not in "\x7f\x85\u2028\u2029" for ch in label)
    assert clean_label(label) == label  # canonical: cleaning twice changes nothing


_shares = st.one_of(st.just(""), st.binary(min_size=32, max_size=32).map(bytes.hex))
_derivation = st.tuples(
    st.text(max_size=40).map(clean_label),
    _shares,
    st.integers(1, 1000),
    st.integers(1, 10**6),
    st.sampled_from(PARTS),
)


@given(_derivation, _derivation)
def test_distinct_derivations_give_distinct_hmac_inputs(a, b):
    """(label, share, sides, index, part): the message decodes back to its fields, and the
    part is in the key, so two distinct derivations never share (key, message)."""
    secret = b"\x07" * 32
    for label, share, sides, index, _ in (a, b):
        fields = _message(label, share, sides, index, 0).split("\n")
        assert fields == ["gmtool-v2", label, share, str(sides), str(index), "0"]
    key_a, key_b = part_key(secret, a[4]), part_key(secret, b[4])
    same = (key_a, _message(*a[:4], 0)) == (key_b, _message(*b[:4], 0))
    assert same == (a == b)


@given(st.lists(st.text(max_size=20), min_size=1, max_size=6))
def test_a_source_never_gives_two_dice_the_same_label_and_index(labels):
    source = JournalingSource(b"\x01" * 32, 1, 3, "roll")
    source.scheme2 = Scheme2("turn 3", "stage1", "", {})
    for label in labels + labels:
        source.roll(6, label)
    pairs = [(e.label, e.index) for e in source.entries]
    assert len(pairs) == len(set(pairs))


def test_the_v2_derivation_is_the_documented_one():
    key = part_key(b"\x02" * 32, "stage2")
    assert key == hmac.new(b"\x02" * 32, b"gmtool-v2 key:stage2", hashlib.sha256).digest()
    label = "turn 3 · alice · explore 1,-2 · exploration"
    x = int.from_bytes(hmac.new(key, _message(label, "ab", 10, 1, 0).encode(), hashlib.sha256).digest()[:8], "big")
    assert derive_face_v2(key, label, "ab", 10, 1) == x % 10 + 1  # (counter 0 accepted: 2**64 - 6 > x almost surely)


def test_a_closed_rooms_labels_write_hexes_as_the_leader_sees_them(gm, new_campaign, tmp_path):
    """Before turn 7 a leader's report must not tell where Orion lies (docs/rules-orion.md A2):
    the Dice block's labels, printed in it, write the explored hex from the leader's homeworld."""
    game = new_game(new_campaign, tmp_path / "g")
    at = next_to(game, "alice")  # the galaxy's hex
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 1, alice=at))))
    home = next(p["homeworld"] for p in state(game)["player"] if p["name"] == "alice")
    (q, r), (hq, hr) = (map(int, at.split(",")), map(int, home.split(",")))
    mine = f"{q - hq},{r - hr}"
    report = (game / "reports" / "turn-01" / "alice.txt").read_text(encoding="utf-8")
    assert f"turn 1 · alice · explore {mine} · exploration · salt " in report
    assert f"explore {at} ·" not in report and at not in report


def test_the_same_exploration_rolls_the_same_dice_however_it_is_given(gm, new_campaign, tmp_path):
    """An orders file's `explore`, a room's `!explore` and `gmtool explore`: one label, so one
    set of faces (the share: none in turn 1, where no deadline was fixed before)."""
    base = new_game(new_campaign, tmp_path / "base")
    at = next_to(base, "alice")
    home = next(p["homeworld"] for p in state(base)["player"] if p["name"] == "alice")
    (q, r), (hq, hr) = (map(int, at.split(",")), map(int, home.split(",")))
    by_order, by_room, by_command = (copy(base, name) for name in ("order", "room", "command"))
    ok(gm("turn", "run", "-c", str(by_order), str(orders(by_order, 1, alice=at))))
    room = by_room.parent / "room-alice.txt"
    room.write_text(f"=== alice #7 ===\n!explore {q - hq},{r - hr}\n", encoding="utf-8")
    ok(gm("post", "resolve", str(room), "-c", str(by_room), "--room", "alice"))
    ok(gm("explore", "-c", str(by_command), "--player", "alice", "--hex", at))
    rolled = [rolls_of(folder, "turn 1 · alice · explore") for folder in (by_order, by_room, by_command)]
    assert rolled[0] and rolled[0] == rolled[1] == rolled[2]
