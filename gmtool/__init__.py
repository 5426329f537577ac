"""gmtool — a game-master assistant for play-by-forum strategy games.

The package is a library first: the CLI in :mod:`gmtool.cli` is a thin layer on top.
Importing :mod:`gmtool` is cheap and never imports typer; the names below load on first
use.

    >>> from gmtool import roll, FixedSource
    >>> roll("4d6kh3", FixedSource([6, 1, 5, 3])).total
    14
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    "GmError": "gmtool.errors",
    "DiceError": "gmtool.errors",
    "TableError": "gmtool.errors",
    "CampaignError": "gmtool.errors",
    "RuleRefused": "gmtool.errors",
    "parse": "gmtool.dice",
    "roll": "gmtool.dice",
    "DiceResult": "gmtool.dice",
    "DiceSource": "gmtool.dice.sources",
    "FixedSource": "gmtool.dice.sources",
    "RandomSource": "gmtool.dice.sources",
    "TableLibrary": "gmtool.rolltables",
    "roll_table": "gmtool.rolltables",
    "render": "gmtool.report",
}

__all__ = ["__version__", *_EXPORTS]


def _rulesets() -> Any:
    from gmtool.rules.registry import RULESETS  # the plug-ins' list: looking at it loads no rules

    return RULESETS


# The stored state reads every ruleset's campaigns but imports none (gmtool/campaign/games.py):
# the package tells it where their list is, so a script that opens a campaign with
# gmtool.campaign.store alone reads it as a command does.
import_module("gmtool.campaign.games").find_rulesets_with(_rulesets)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'gmtool' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
