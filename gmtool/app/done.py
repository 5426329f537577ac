"""What one campaign command did, as every application-layer call hands it back."""

from __future__ import annotations

from typing import Any

from gmtool.struct import Struct


class Done(Struct):
    """A command's call, done and committed: the campaign's state after it, the rules (or the
    tables' library) it read, what the rule returned, and its dice (a DiceChoice, None when it
    rolled none) — all a front end needs to say what happened."""

    __slots__ = ("state", "rules", "result", "dice")

    def __init__(self, state: Any, rules: Any = None, result: Any = None, dice: Any = None) -> None:
        self.state = state
        self.rules = rules
        self.result = result
        self.dice = dice
