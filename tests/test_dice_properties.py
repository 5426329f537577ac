"""Property-based tests for gmtool.dice (hypothesis)."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gmtool.dice import DiceResult, parse, roll
from gmtool.dice.notation import parse_uncached
from gmtool.dice.sources import FixedSource, RandomSource
from gmtool.dice.tree import BinOp, Dice, Group, Neg, Num
from gmtool.errors import DiceError
from helpers import RecordingSource, slow_twin

# A few examples each in the fast run; their twins at the end draw 300 under `pytest -m slow`.
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ------------------------------------------------------------------ strategies


@st.composite
def dice_terms(draw) -> str:
    count = draw(st.integers(1, 20))
    percent = draw(st.booleans())
    sides = 100 if percent else draw(st.integers(1, 100))
    text = "" if count == 1 and draw(st.booleans()) else str(count)
    text += draw(st.sampled_from(["d", "D", "к"]))
    text += "%" if percent else str(sides)
    suffixes = []
    if draw(st.booleans()):
        mode = draw(st.sampled_from(["kh", "kl", "dh", "dl"]))
        n = draw(st.integers(0, count))
        suffixes.append(mode if n == 1 and draw(st.booleans()) else f"{mode}{n}")
    if sides > 1 and draw(st.booleans()):
        suffixes.append("!")
    if draw(st.booleans()):
        suffixes.append(draw(st.sampled_from([">=", "≥"])) + str(draw(st.integers(0, sides + 1))))
    order = draw(st.permutations(suffixes))  # the grammar accepts suffixes in any order
    return text + "".join(order)


integers_text = st.integers(0, 1000).map(str)
leaves = st.one_of(dice_terms(), integers_text)


def _combine(children):
    binop = st.tuples(children, st.sampled_from(["+", "-", "*", " + ", " - ", " * "]), children).map(
        lambda t: f"{t[0]}{t[1]}{t[2]}"
    )
    group = children.map(lambda c: f"({c})")
    neg = children.map(lambda c: f"-{c}")
    return st.one_of(binop, group, neg)


valid_expressions = st.recursive(leaves, _combine, max_leaves=10)


# ------------------------------------------------------------------- bounds


def _mul(a: float, b: float) -> float:
    # inf * 0 is nan in floats; for bounds of a product it is 0.
    return 0 if a == 0 or b == 0 else a * b


def bounds(node) -> tuple[float, float]:
    """Theoretical (min, max) of an expression tree; max may be math.inf."""
    if isinstance(node, Num):
        return node.value, node.value
    if isinstance(node, Dice):
        kept_min = kept_max = node.count
        if node.keep:
            mode, n = node.keep
            if mode in ("kh", "kl"):
                kept_min = kept_max = n
            else:
                kept_min = kept_max = node.count - n
        if node.explode and not (node.keep and node.keep[0] in ("kh", "kl")):
            kept_max = math.inf  # explosions add dice, and they may all be kept
        if node.target is not None:
            return 0, kept_max
        return kept_min, _mul(kept_max, node.sides)
    if isinstance(node, Neg):
        lo, hi = bounds(node.operand)
        return -hi, -lo
    if isinstance(node, Group):
        return bounds(node.inner)
    assert isinstance(node, BinOp)
    llo, lhi = bounds(node.left)
    rlo, rhi = bounds(node.right)
    if node.op == "+":
        return llo + rlo, lhi + rhi
    if node.op == "-":
        return llo - rhi, lhi - rlo
    products = [_mul(a, b) for a in (llo, lhi) for b in (rlo, rhi)]
    return min(products), max(products)


# -------------------------------------------------------------------- tests


@SETTINGS
@given(expression=valid_expressions, seed=st.integers(0, 2**32))
def test_total_within_theoretical_bounds(expression, seed):
    try:
        result = roll(expression, RandomSource(seed))
    except DiceError:
        # Only limits may refuse a generated expression: explosion/dice budgets, or
        # a generated text that grew past the length/term limits.
        return
    node = parse(expression.strip())
    lo, hi = bounds(node)
    assert isinstance(result, DiceResult)
    assert isinstance(result.total, int)
    assert lo <= result.total <= hi, (expression, result.total, (lo, hi))
    for die in result.dice:
        assert 1 <= die.face <= die.sides
    assert result.kept == [d.face for d in result.dice if d.kept]


@SETTINGS
@given(expression=valid_expressions)
def test_generated_expressions_parse(expression):
    # The strategy must produce expressions the parser accepts (within the limits), so
    # the bounds test above is not vacuous.
    assume(len(expression) <= 200)
    node = parse_uncached(expression)
    assert node == parse(expression)


ANY_TEXT = st.one_of(
    st.text(),
    st.text(alphabet=st.sampled_from(list("0123456789dDкД%!+-*()[]{}<>=≥khlKHL ×−.,\n\t٣²")), max_size=60),
)


@SETTINGS
@given(text=ANY_TEXT, seed=st.integers(0, 2**16))
def test_any_text_rolls_or_raises_dice_error(text, seed):
    try:
        result = roll(text, RandomSource(seed))
    except DiceError as error:
        message = str(error)
        assert message and "\n" not in message
    else:
        assert isinstance(result, DiceResult)
        assert isinstance(result.total, int)


@SETTINGS
@given(expression=valid_expressions, seed=st.integers(0, 2**32))
def test_fixed_dice_consume_exactly_what_is_needed(expression, seed):
    recorder = RecordingSource(RandomSource(seed))
    try:
        first = roll(expression, recorder)
    except DiceError:
        assume(False)
    faces = recorder.faces

    replay = FixedSource(faces)
    again = roll(expression, replay)
    assert again.total == first.total
    assert again.to_data() == first.to_data()
    assert replay.remaining == []
    replay.finish()

    extra = FixedSource(faces + [1])
    assert roll(expression, extra).total == first.total
    assert extra.remaining == [1]
    try:
        extra.finish()
    except DiceError as error:
        assert "1 face left over" in str(error)
    else:
        raise AssertionError("finish() accepted a face left over")

    if faces:
        short = FixedSource(faces[:-1])
        try:
            roll(expression, short)
        except DiceError as error:
            assert "too few faces" in str(error)
            assert f"roll {len(faces)} " in str(error)
        else:
            raise AssertionError("a roll succeeded with its last face missing")


@SETTINGS
@given(expression=valid_expressions)
def test_parse_is_cached_and_equal_for_equal_text(expression):
    assume(len(expression) <= 200)
    copy = "".join(list(expression))  # an equal but distinct string object
    first = parse(expression)
    second = parse(copy)
    assert first == second
    assert first is second  # served from the cache
    assert parse_uncached(copy) == first  # a fresh parse builds an equal tree
    assert parse_uncached(copy) is not first


def test_parse_cache_reports_hits():
    parse.cache_clear()
    parse("3d6+2")
    parse("3d6+2")
    info = parse.cache_info()
    assert info.hits == 1
    assert info.misses == 1


# ------------------------------------------------------------------ the long runs (pytest -m slow)

test_total_within_theoretical_bounds_long = slow_twin(test_total_within_theoretical_bounds, 300)
test_generated_expressions_parse_long = slow_twin(test_generated_expressions_parse, 300)
test_any_text_rolls_or_raises_dice_error_long = slow_twin(test_any_text_rolls_or_raises_dice_error, 300)
test_fixed_dice_consume_exactly_what_is_needed_long = slow_twin(test_fixed_dice_consume_exactly_what_is_needed, 300)
test_parse_is_cached_and_equal_for_equal_text_long = slow_twin(test_parse_is_cached_and_equal_for_equal_text, 300)
