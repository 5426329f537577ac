"""gmtool — a game-master assistant for play-by-forum strategy games.

The package is a library first: the CLI in :mod:`gmtool.cli` is a thin layer on top.
Importing :mod:`gmtool` is cheap and never imports typer.

    >>> from gmtool import roll, FixedSource
    >>> roll("4d6kh3", FixedSource([6, 1, 5, 3])).total
    14
"""
from __future__ import annotations

__version__ = "0.1.0"

from gmtool.errors import CampaignError, DiceError, GmError, RuleRefused, TableError
from gmtool.dice import DiceResult, parse, roll
from gmtool.dice.sources import DiceSource, FixedSource, RandomSource

__all__ = [
    "__version__",
    "GmError", "DiceError", "TableError", "CampaignError", "RuleRefused",
    "parse", "roll", "DiceResult",
    "DiceSource", "FixedSource", "RandomSource",
]
