"""Safety limits for dice expressions, checked before a single die is rolled."""

from __future__ import annotations

MAX_DICE = 1000  # dice rolled per expression, explosions included
MAX_SIDES = 1000  # sides of one die
MAX_EXPLOSIONS = 100  # extra dice added by ``!`` per expression
MAX_EXPRESSION_CHARS = 200
MAX_NUMBER_DIGITS = 9  # any literal: 999,999,999 at most
MAX_NODES = 100  # terms and operators in one expression
