"""Dice notation → expression tree.

Grammar (case-insensitive, spaces ignored; ``к``/``д`` are accepted for ``d`` as
Russian players write ``2к10``)::

    expr    := product (("+" | "-") product)*
    product := unary ("*" unary)*
    unary   := "-" unary | atom
    atom    := NUMBER | dice | "(" expr ")"
    dice    := [NUMBER] "d" (NUMBER | "%") suffix*
    suffix  := "!" | ("kh" | "kl" | "dh" | "dl") [NUMBER] | (">=" | "≥") NUMBER

Every limit in :mod:`gmtool.dice.limits` is checked here, before anything is rolled,
so an absurd expression fails in microseconds.
"""
from __future__ import annotations

import re

from gmtool.dice import limits
from gmtool.dice.tree import BinOp, Dice, Group, Neg, Node, Num
from gmtool.errors import DiceError

_TOKEN = re.compile(
    r"\s*(?:(?P<num>[0-9]+)|(?P<keep>kh|kl|dh|dl)|(?P<d>d)|(?P<ge>>=|≥)|(?P<sym>[%!+\-*()]))",
    re.IGNORECASE,
)
_RUSSIAN_D = str.maketrans({"к": "d", "К": "d", "д": "d", "Д": "d", "×": "*", "−": "-"})


def tokenize(text: str) -> list[tuple[str, str, int]]:
    """Return ``(kind, text, position)`` tokens; raise :class:`DiceError` on junk."""
    source = text.translate(_RUSSIAN_D)
    tokens: list[tuple[str, str, int]] = []
    pos = 0
    end = len(source.rstrip())
    while pos < end:
        m = _TOKEN.match(source, pos)
        if not m or m.end() == pos:
            bad = source[pos:].strip()[:1]
            raise DiceError(f"unexpected {bad!r} at position {pos + 1} in {text!r}")
        kind = m.lastgroup or "sym"
        value = m.group(kind)
        tokens.append((kind, value.lower() if kind != "sym" else value, m.start(kind) + 1))
        pos = m.end()
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0
        self.nodes = 0
        self.dice_count = 0

    # -- helpers ---------------------------------------------------------------
    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> tuple[str, str, int]:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def fail(self, what: str) -> DiceError:
        tok = self.peek()
        where = f"at position {tok[2]}" if tok else "at the end"
        return DiceError(f"{what} {where} in {self.text!r}")

    def number(self, what: str) -> int:
        tok = self.peek()
        if not tok or tok[0] != "num":
            raise self.fail(f"expected {what}")
        self.take()
        if len(tok[1].lstrip("0")) > limits.MAX_NUMBER_DIGITS:
            raise DiceError(f"number {tok[1][:12]}… is too large in {self.text!r}")
        return int(tok[1])

    def count_node(self) -> None:
        self.nodes += 1
        if self.nodes > limits.MAX_NODES:
            raise DiceError(f"expression too long: more than {limits.MAX_NODES} terms")

    # -- grammar ---------------------------------------------------------------
    def parse(self) -> Node:
        if not self.tokens:
            raise DiceError("empty dice expression")
        node = self.expr()
        if self.peek():
            raise self.fail(f"unexpected {self.peek()[1]!r}")
        return node

    def expr(self) -> Node:
        node = self.product()
        while (tok := self.peek()) and tok[1] in "+-" and tok[0] == "sym":
            self.take()
            self.count_node()
            node = BinOp(tok[1], node, self.product())
        return node

    def product(self) -> Node:
        node = self.unary()
        while (tok := self.peek()) and tok[1] == "*":
            self.take()
            self.count_node()
            node = BinOp("*", node, self.unary())
        return node

    def unary(self) -> Node:
        tok = self.peek()
        if tok and tok[1] == "-" and tok[0] == "sym":
            self.take()
            self.count_node()
            return Neg(self.unary())
        return self.atom()

    def atom(self) -> Node:
        tok = self.peek()
        if tok is None:
            raise self.fail("expected a number or dice")
        self.count_node()
        if tok[1] == "(":
            self.take()
            inner = self.expr()
            if not (close := self.peek()) or close[1] != ")":
                raise self.fail("expected ')'")
            self.take()
            return Group(inner)
        count = None
        if tok[0] == "num":
            count = self.number("a number")
            nxt = self.peek()
            if not nxt or nxt[0] != "d":
                return Num(count)
        elif tok[0] != "d":
            raise self.fail(f"unexpected {tok[1]!r}")
        return self.dice(1 if count is None else count)

    def dice(self, count: int) -> Dice:
        self.take()  # "d"
        tok = self.peek()
        percent = bool(tok and tok[1] == "%")
        if percent:
            self.take()
            sides = 100
        else:
            sides = self.number("the number of sides after 'd'")
        if count < 1:
            raise DiceError(f"cannot roll {count} dice in {self.text!r}")
        if sides < 1:
            raise DiceError(f"a die needs at least 1 side, not {sides}, in {self.text!r}")
        if sides > limits.MAX_SIDES:
            raise DiceError(f"too many sides: d{sides} (at most d{limits.MAX_SIDES})")
        self.dice_count += count
        if self.dice_count > limits.MAX_DICE:
            raise DiceError(f"too many dice: {self.dice_count} (at most {limits.MAX_DICE} per expression)")
        keep: tuple[str, int] | None = None
        explode = False
        target: int | None = None
        while (tok := self.peek()) and (tok[0] in ("keep", "ge") or tok[1] == "!"):
            if tok[1] == "!" and explode:
                raise self.fail("'!' given twice")
            self.take()
            if tok[1] == "!":
                if sides == 1:
                    raise DiceError(f"a d1 cannot explode: it would never stop ({self.text!r})")
                explode = True
            elif tok[0] == "keep":
                if keep:
                    raise self.fail("a second keep/drop")
                n = self.number(f"a count after {tok[1]!r}") if (
                    (nxt := self.peek()) and nxt[0] == "num") else 1
                if n > count:
                    raise DiceError(f"cannot {_KEEP_WORDS[tok[1]]} {n} of {count} dice in {self.text!r}")
                keep = (tok[1], n)
            else:
                if target is not None:
                    raise self.fail("a second target")
                target = self.number("a target after '>='")
        return Dice(count, sides, keep, explode, target, percent)


_KEEP_WORDS = {"kh": "keep", "kl": "keep", "dh": "drop", "dl": "drop"}


def parse_uncached(text: str) -> Node:
    if len(text) > limits.MAX_EXPRESSION_CHARS:
        raise DiceError(f"dice expression too long: {len(text)} characters "
                        f"(at most {limits.MAX_EXPRESSION_CHARS})")
    return _Parser(text).parse()
