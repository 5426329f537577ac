"""Domain errors.

Every error a user can cause is a :class:`GmError`; the CLI prints its message as
``error: <message>`` and exits 1.  Anything else escaping the core is a bug.
"""
from __future__ import annotations


class GmError(Exception):
    """Base class for every error a user can cause (bad input, a refused rule)."""


class DiceError(GmError):
    """A dice expression is malformed, too large, or fixed dice do not fit it."""


class TableError(GmError):
    """A rule table is malformed, unknown, or cannot answer a roll."""


class CampaignError(GmError):
    """A campaign folder is missing, malformed or inconsistent."""


class InputError(GmError):
    """A value given on the command line or in a file is not valid."""


class RuleRefused(GmError):
    """The rules forbid what was asked."""
