"""Example-based tests for gmtool.dice: notation, evaluation, limits and dice sources."""

from __future__ import annotations

import pytest

from gmtool.dice import DiceResult, parse, roll
from gmtool.dice.sources import FixedSource, RandomSource, parse_faces
from gmtool.dice.tree import BinOp, Dice, Group, Neg, Num
from gmtool.errors import DiceError, GmError
from helpers import RecordingSource


def faces_and_kept(result: DiceResult) -> list[tuple[int, bool]]:
    return [(d.face, d.kept) for d in result.dice]


def roll_fixed(expression: str, faces: list[int]) -> DiceResult:
    """Roll with pinned faces and insist that every face was used."""
    source = FixedSource(faces)
    result = roll(expression, source)
    source.finish()
    return result


# ----------------------------------------------------------------- keep / drop


def test_keep_highest_drops_the_lowest():
    r = roll_fixed("4d6kh3", [6, 1, 5, 3])
    assert r.total == 14
    assert r.kept == [6, 5, 3]
    assert faces_and_kept(r) == [(6, True), (1, False), (5, True), (3, True)]


def test_keep_lowest():
    r = roll_fixed("4d6kl2", [6, 1, 5, 3])
    assert r.total == 4
    assert r.kept == [1, 3]
    assert faces_and_kept(r) == [(6, False), (1, True), (5, False), (3, True)]


def test_drop_highest():
    r = roll_fixed("4d6dh1", [6, 1, 5, 3])
    assert r.total == 9
    assert r.kept == [1, 5, 3]
    assert faces_and_kept(r) == [(6, False), (1, True), (5, True), (3, True)]


def test_drop_lowest():
    r = roll_fixed("4d6dl2", [6, 1, 5, 3])
    assert r.total == 11
    assert r.kept == [6, 5]
    assert faces_and_kept(r) == [(6, True), (1, False), (5, True), (3, False)]


def test_keep_without_count_means_one():
    assert parse("2d20kh") == Dice(2, 20, ("kh", 1))
    assert roll_fixed("2d20kh", [7, 15]).total == 15
    assert roll_fixed("2d20kl", [7, 15]).total == 7
    assert roll_fixed("3d6dl", [2, 6, 4]).kept == [6, 4]


def test_keep_is_case_insensitive():
    assert roll_fixed("4D6KH3", [6, 1, 5, 3]).total == 14


def test_tie_keep_highest_keeps_the_earlier_die():
    r = roll_fixed("3d6kh2", [5, 5, 5])
    assert faces_and_kept(r) == [(5, True), (5, True), (5, False)]
    assert r.total == 10


def test_tie_keep_lowest_keeps_the_later_die():
    # The earlier of two equal dice counts as higher, so kl keeps the later one.
    r = roll_fixed("3d6kl1", [4, 4, 6])
    assert faces_and_kept(r) == [(4, False), (4, True), (6, False)]
    assert r.total == 4


def test_tie_drop_highest_drops_the_earlier_die():
    r = roll_fixed("3d6dh1", [5, 5, 2])
    assert faces_and_kept(r) == [(5, False), (5, True), (2, True)]
    assert r.total == 7


def test_tie_drop_lowest_drops_the_later_die():
    r = roll_fixed("3d6dl1", [3, 5, 3])
    assert faces_and_kept(r) == [(3, True), (5, True), (3, False)]
    assert r.total == 8


def test_keep_zero_and_drop_zero_on_several_dice():
    assert roll_fixed("3d6kh0", [3, 5, 2]).total == 0
    assert roll_fixed("3d6kl0", [3, 5, 2]).total == 0
    assert roll_fixed("3d6dh0", [3, 5, 2]).total == 10
    assert roll_fixed("3d6dl0", [3, 5, 2]).total == 10


@pytest.mark.parametrize("expression", ["1d6dh1", "d6dl", "1d6kh0", "d6kl0"])
def test_a_single_dropped_die_counts_zero(expression):
    # BUG (reported): with exactly one die, _roll_dice returns dice[0].face even when
    # keep/drop has dropped that die.
    r = roll_fixed(expression, [4])
    assert faces_and_kept(r) == [(4, False)]
    assert r.kept == []
    assert r.total == 0


# ---------------------------------------------------------------- arithmetic


def test_plus_constant():
    r = roll_fixed("2d10+3", [7, 2])
    assert r.total == 12
    assert r.kept == [7, 2]
    assert parse("2d10+3") == BinOp("+", Dice(2, 10), Num(3))


def test_percent_die_has_100_sides():
    assert parse("d%") == Dice(1, 100, percent=True)
    r = roll_fixed("d%", [100])
    assert r.total == 100
    assert r.dice[0].sides == 100
    with pytest.raises(DiceError):
        roll("d%", FixedSource([101]))


def test_negated_group_times_three():
    assert parse("-(d6+2)*3") == BinOp("*", Neg(Group(BinOp("+", Dice(1, 6), Num(2)))), Num(3))
    assert roll_fixed("-(d6+2)*3", [4]).total == -18


def test_number_times_dice():
    r = roll_fixed("3*2d6", [2, 5])
    assert r.total == 21
    assert r.kept == [2, 5]


def test_precedence_and_left_associativity():
    assert roll_fixed("2+3*4", []).total == 14
    assert roll_fixed("10-3-2", []).total == 5
    assert roll_fixed("(2+3)*4", []).total == 20
    assert roll_fixed("--3", []).total == 3
    assert roll_fixed("2*-3", []).total == -6


def test_subtraction_of_dice():
    assert roll_fixed("d20-d4", [3, 4]).total == -1


def test_russian_k_means_d():
    r = roll_fixed("2к10+1", [9, 4])
    assert r.total == 14
    assert parse("2к10+1") == parse("2d10+1")
    assert parse("2д10") == parse("2d10")
    assert parse("2К10") == parse("2d10")


def test_spaces_are_ignored():
    r = roll_fixed(" 2 d 10 + 1 ", [9, 4])
    assert r.total == 14
    assert r.expression == "2 d 10 + 1"
    assert parse("2 d 10 + 1") == parse("2d10+1")


def test_greater_equal_sign_variant():
    assert parse("6d10≥7") == parse("6d10>=7") == Dice(6, 10, target=7)


# ------------------------------------------------------------------ exploding


def test_exploding_dice_add_a_die_per_maximum():
    r = roll_fixed("3d6!", [6, 2, 6, 1, 3])
    assert len(r.dice) == 5
    assert r.total == 18
    assert [d.exploded for d in r.dice] == [True, False, True, False, False]
    assert [d.from_explosion for d in r.dice] == [False, False, False, True, True]
    assert r.kept == [6, 2, 6, 1, 3]


def test_explosion_chain():
    r = roll_fixed("d6!", [6, 6, 6, 2])
    assert [d.face for d in r.dice] == [6, 6, 6, 2]
    assert [d.exploded for d in r.dice] == [True, True, True, False]
    assert r.total == 20


def test_exploding_then_keep_applies_to_all_dice():
    r = roll_fixed("2d6!kh2", [6, 1, 5])
    assert faces_and_kept(r) == [(6, True), (1, False), (5, True)]
    assert r.total == 11


def test_no_explosion_without_maximum():
    r = roll_fixed("3d6!", [5, 4, 1])
    assert len(r.dice) == 3
    assert not any(d.exploded for d in r.dice)
    assert r.total == 10


# ---------------------------------------------------------- success counting


def test_success_counting():
    faces = [7, 3, 10, 6, 8, 1]
    r = roll_fixed("6d10>=7", faces)
    assert r.total == 3
    assert [d.success for d in r.dice] == [True, False, True, False, True, False]
    assert r.counts_successes is True
    data = r.to_data()
    assert data["successes"] == 3
    assert data["total"] == 3
    assert [roll["success"] for roll in data["rolls"]] == [True, False, True, False, True, False]


def test_success_counting_only_counts_kept_dice():
    r = roll_fixed("4d10kh2>=7", [9, 8, 7, 2])
    assert r.total == 2
    assert [d.success for d in r.dice] == [True, True, False, False]


def test_success_counting_with_one_die():
    assert roll_fixed("d10>=7", [6]).total == 0
    assert roll_fixed("d10>=7", [7]).total == 1


def test_no_successes_key_without_target():
    data = roll_fixed("2d6", [1, 2]).to_data()
    assert "successes" not in data
    assert all("success" not in d for d in data["rolls"])


# ------------------------------------------------------------------- to_data


def test_to_data_shape():
    r = roll("4d6kh3+1", FixedSource([6, 1, 5, 3]))
    data = r.to_data()
    assert set(data) == {"expression", "dice", "total", "rolls"}
    assert data["expression"] == "4d6kh3+1"
    assert data["dice"] == [6, 5, 3]
    assert data["total"] == 15
    assert data["rolls"] == [
        {"sides": 6, "face": 6, "kept": True, "exploded": False},
        {"sides": 6, "face": 1, "kept": False, "exploded": False},
        {"sides": 6, "face": 5, "kept": True, "exploded": False},
        {"sides": 6, "face": 3, "kept": True, "exploded": False},
    ]


def test_to_data_includes_comment_when_given():
    data = roll("d6", FixedSource([2]), comment="ambush").to_data()
    assert data["comment"] == "ambush"
    assert data["total"] == 2


def test_to_data_dice_are_in_roll_order_across_terms():
    data = roll("2d6+d8", FixedSource([4, 1, 8])).to_data()
    assert data["dice"] == [4, 1, 8]
    assert [d["sides"] for d in data["rolls"]] == [6, 6, 8]
    assert data["total"] == 13


# -------------------------------------------------------------------- limits


def assert_fast_dice_error(expression: str, source=None, most_dice: int = 0) -> DiceError:
    """The expression fails with a clean one-line DiceError after drawing at most
    ``most_dice`` dice (0: refused while parsing, before any die)."""
    counting = RecordingSource(source if source is not None else RandomSource(1))
    with pytest.raises(DiceError) as info:
        roll(expression, counting)
    assert counting.drawn <= most_dice, f"{expression[:40]!r} drew {counting.drawn} dice before failing"
    message = str(info.value)
    assert message and "\n" not in message
    return info.value


@pytest.mark.parametrize(
    ("expression", "fragment"),
    [
        ("100000000d10", "too many dice"),
        ("1001d6", "too many dice"),
        ("500d6+501d6", "too many dice"),
        ("d1001", "too many sides"),
        ("d0", "at least 1 side"),
        ("0d6", "cannot roll 0 dice"),
        ("2d6kh3", "cannot keep 3 of 2"),
        ("2d6dl3", "cannot drop 3 of 2"),
        ("d1!", "cannot explode"),
        ("+".join(["1"] * 150), "too long"),
        ("1" * 50, "too large"),
        ("1" * 50 + "d6", "too large"),
        ("d" + "1" * 50, "too large"),
        ("-" * 150 + "1", "too long"),
        ("+".join(["1"] * 99), "more than 100 terms"),
    ],
)
def test_limits_fail_fast(expression, fragment):
    error = assert_fast_dice_error(expression)
    assert fragment in str(error)


def test_limits_at_the_boundary_are_accepted():
    assert roll("1000d6", RandomSource(3)).total >= 1000
    assert roll("d1000", FixedSource([1000])).total == 1000
    assert roll("999999999", FixedSource([])).total == 999_999_999
    assert roll("0000000000001", FixedSource([])).total == 1
    assert len("+".join(["1"] * 50)) <= 200
    assert roll("+".join(["1"] * 50), FixedSource([])).total == 50


def test_more_than_100_explosions():
    error = assert_fast_dice_error("d2!", FixedSource([2] * 101), most_dice=101)
    assert "too many explosions" in str(error)


def test_exactly_100_explosions_is_allowed():
    r = roll_fixed("d2!", [2] * 100 + [1])
    assert len(r.dice) == 101
    assert r.total == 201


def test_explosions_counted_across_the_whole_expression():
    error = assert_fast_dice_error("d2!+d2!", FixedSource([2] * 60 + [1] + [2] * 41), most_dice=102)
    assert "too many explosions" in str(error)


def test_more_than_1000_dice_via_explosions():
    # 950 dice + 51 explosions = 1001 dice, with only 51 explosions (under 100).
    error = assert_fast_dice_error("950d2!", FixedSource([2] * 51 + [1] * 949), most_dice=1001)
    assert "too many dice" in str(error)


def test_exactly_1000_dice_via_explosions_is_allowed():
    r = roll_fixed("950d2!", [2] * 50 + [1] * 950)
    assert len(r.dice) == 1000
    assert r.total == 50 * 2 + 950


# ------------------------------------------------------------------ malformed


@pytest.mark.parametrize(
    "expression",
    [
        "",
        "   ",
        "abc",
        "1d",
        "(((",
        "2d6)",
        "3d6!!",
        "1+",
        "d6kh3kh1",
        "2d6kh1kl1",
        "2d6>=",
        "2d6>=3>=4",
        "d%6",
        "2d6 3",
        "()",
        "*2",
        "1**2",
        "1d6@",
        "d6kh2",
        "2d6kl+",
    ],
)
def test_malformed_expressions(expression):
    with pytest.raises(DiceError) as info:
        roll(expression, RandomSource(0))
    message = str(info.value)
    assert message
    assert "\n" not in message
    assert isinstance(info.value, GmError)


def test_empty_expression_message():
    with pytest.raises(DiceError, match="empty dice expression"):
        roll("", RandomSource(0))


def test_error_names_position():
    with pytest.raises(DiceError, match="unexpected '@' at position 4"):
        roll("1d6@", RandomSource(0))


# -------------------------------------------------------------- FixedSource


def test_fixed_source_face_out_of_range_names_the_roll():
    with pytest.raises(DiceError) as info:
        roll("2d10", FixedSource([3, 11]))
    message = str(info.value)
    assert "roll 2" in message
    assert "d10" in message
    assert "2d10" in message  # the label
    assert "face 11" in message


def test_fixed_source_face_zero_is_out_of_range():
    with pytest.raises(DiceError, match="face 0 is out of range"):
        roll("d6", FixedSource([0]))


def test_fixed_source_uses_label_given_to_roll():
    with pytest.raises(DiceError) as info:
        roll("d6", FixedSource([9]), label="ambush")
    assert "roll 1 (ambush, die 1, d6)" in str(info.value)


def test_fixed_source_too_few_faces_names_the_roll():
    with pytest.raises(DiceError) as info:
        roll("3d6", FixedSource([3]))
    message = str(info.value)
    assert "too few faces" in message
    assert "roll 2" in message
    assert "given 1: 3" in message


def test_fixed_source_finish_refuses_leftover_faces():
    source = FixedSource([4, 2, 5])
    assert roll("d6", source).total == 4
    assert source.remaining == [2, 5]
    with pytest.raises(DiceError) as info:
        source.finish()
    message = str(info.value)
    assert "2 faces left over" in message
    assert "(2,5)" in message
    assert "1 of 3" in message


def test_fixed_source_finish_passes_when_all_used():
    source = FixedSource([4, 2])
    roll("2d6", source)
    assert source.remaining == []
    assert source.used == 2
    source.finish()


def test_fixed_source_records_labels():
    source = FixedSource([1, 2])
    roll("2d6", source, label="raid")
    assert source.labels == ["raid: die 1", "raid: die 2"]


def test_parse_faces_accepts_spaces():
    assert parse_faces("8, 7,4 ,9") == [8, 7, 4, 9]
    assert parse_faces("5") == [5]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("7x", "'7x' (value 1) is not a whole number"),
        ("", "value 1 is empty"),
        ("1,,2", "value 2 is empty"),
        ("99999999", "is not a whole number"),
        ("3,-", "(value 2) is not a whole number"),
    ],
)
def test_parse_faces_errors(text, fragment):
    with pytest.raises(DiceError) as info:
        parse_faces(text)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("text", ["--3", "²", "1,³"])
def test_parse_faces_refuses_odd_digit_strings_with_dice_error(text):
    # BUG (reported): these pass the isdigit() check but int() rejects them, so
    # parse_faces raises ValueError instead of DiceError.
    with pytest.raises(DiceError):
        parse_faces(text)


# ------------------------------------------------------------- RandomSource


def test_random_source_is_reproducible():
    a = RandomSource(1234)
    b = RandomSource(1234)
    faces_a = [a.roll(20) for _ in range(200)]
    faces_b = [b.roll(20) for _ in range(200)]
    assert faces_a == faces_b
    assert RandomSource(1234).seed == 1234


def test_random_source_rolls_are_reproducible_through_roll():
    r1 = roll("10d6!+4d20kh2", RandomSource(99))
    r2 = roll("10d6!+4d20kh2", RandomSource(99))
    assert r1.to_data() == r2.to_data()


def test_random_source_faces_within_range():
    source = RandomSource(7)
    for sides in (1, 2, 6, 10, 100, 1000):
        faces = [source.roll(sides) for _ in range(500)]
        assert min(faces) >= 1
        assert max(faces) <= sides
    assert {source.roll(1) for _ in range(20)} == {1}
    six = RandomSource(5)
    assert {six.roll(6) for _ in range(600)} == {1, 2, 3, 4, 5, 6}
