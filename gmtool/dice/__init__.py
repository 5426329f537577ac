"""Dice: notation → expression tree → result with every die.

>>> from gmtool.dice import roll
>>> from gmtool.dice.sources import FixedSource
>>> r = roll("2d10+3", FixedSource([7, 2]))
>>> r.total, r.kept
(12, [7, 2])
"""

from __future__ import annotations

from functools import lru_cache

from gmtool.dice.notation import parse_uncached
from gmtool.dice.sources import DiceSource, FixedSource, RandomSource
from gmtool.dice.tree import Dice, DiceResult, Die, Node, evaluate

__all__ = [
    "parse",
    "roll",
    "DiceResult",
    "Die",
    "Node",
    "DiceSource",
    "FixedSource",
    "RandomSource",
    "counts_successes",
]


@lru_cache(maxsize=1024)
def parse(text: str) -> Node:
    """Parse dice notation (cached: a parsed tree is immutable and shared)."""
    return parse_uncached(text)


def counts_successes(node: Node) -> bool:
    """True when the expression is a single success-counting dice term."""
    return isinstance(node, Dice) and node.target is not None


def roll(expression: str, source: DiceSource, label: str = "", comment: str = "") -> DiceResult:
    """Parse and roll ``expression`` with dice from ``source``."""
    text = expression.strip()
    node = parse(text)
    term = evaluate(node, source, label or text)
    return DiceResult(text, term, term.value, comment, counts_successes(node))
