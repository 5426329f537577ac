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
from gmtool.locale import Msg

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
            raise DiceError(key="dice.unexpected_char", bad=bad, pos=pos + 1, text=text)
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

    def fail(self, what: str, **params: object) -> DiceError:
        """A syntax error at the next token: ``what`` is a key under ``error.dice.what``."""
        tok = self.peek()
        where = Msg("error.dice.at_position", pos=tok[2]) if tok else Msg("error.dice.at_end")
        return DiceError(key="dice.syntax", what=Msg("error.dice.what." + what, **params), where=where, text=self.text)

    def number(self, what: str, **params: object) -> int:
        tok = self.peek()
        if not tok or tok[0] != "num":
            raise self.fail(what, **params)
        self.take()
        if len(tok[1].lstrip("0")) > limits.MAX_NUMBER_DIGITS:
            raise DiceError(key="dice.number_too_large", number=tok[1][:12], text=self.text)
        return int(tok[1])

    def count_node(self) -> None:
        self.nodes += 1
        if self.nodes > limits.MAX_NODES:
            raise DiceError(key="dice.too_many_terms", n=limits.MAX_NODES)

    # -- grammar ---------------------------------------------------------------
    def parse(self) -> Node:
        if not self.tokens:
            raise DiceError(key="dice.empty")
        node = self.expr()
        if tok := self.peek():
            raise self.fail("unexpected", token=tok[1])
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
            raise self.fail("number_or_dice")
        self.count_node()
        if tok[1] == "(":
            self.take()
            inner = self.expr()
            if not (close := self.peek()) or close[1] != ")":
                raise self.fail("close")
            self.take()
            return Group(inner)
        count = None
        if tok[0] == "num":
            count = self.number("number")
            nxt = self.peek()
            if not nxt or nxt[0] != "d":
                return Num(count)
        elif tok[0] != "d":
            raise self.fail("unexpected", token=tok[1])
        return self.dice(1 if count is None else count)

    def dice(self, count: int) -> Dice:
        self.take()  # "d"
        tok = self.peek()
        percent = bool(tok and tok[1] == "%")
        if percent:
            self.take()
            sides = 100
        else:
            sides = self.number("sides")
        if count < 1:
            raise DiceError(key="dice.cannot_roll", n=count, text=self.text)
        if sides < 1:
            raise DiceError(key="dice.no_sides", sides=sides, text=self.text)
        if sides > limits.MAX_SIDES:
            raise DiceError(key="dice.too_many_sides", sides=sides, limit=limits.MAX_SIDES)
        self.dice_count += count
        if self.dice_count > limits.MAX_DICE:
            raise DiceError(key="dice.too_many_dice", n=self.dice_count, limit=limits.MAX_DICE)
        keep: tuple[str, int] | None = None
        explode = False
        target: int | None = None
        while (tok := self.peek()) and (tok[0] in ("keep", "ge") or tok[1] == "!"):
            if tok[1] == "!" and explode:
                raise self.fail("explode_twice")
            self.take()
            if tok[1] == "!":
                if sides == 1:
                    raise DiceError(key="dice.d1_explodes", text=self.text)
                explode = True
            elif tok[0] == "keep":
                if keep:
                    raise self.fail("second_keep")
                n = self.number("count_after", op=tok[1]) if ((nxt := self.peek()) and nxt[0] == "num") else 1
                if n > count:
                    raise DiceError(key=f"dice.cannot_{_KEEP_WORDS[tok[1]]}", n=n, count=count, text=self.text)
                keep = (tok[1], n)
            else:
                if target is not None:
                    raise self.fail("second_target")
                target = self.number("target")
        return Dice(count, sides, keep, explode, target, percent)


_KEEP_WORDS = {"kh": "keep", "kl": "keep", "dh": "drop", "dl": "drop"}


def parse_uncached(text: str) -> Node:
    if len(text) > limits.MAX_EXPRESSION_CHARS:
        raise DiceError(key="dice.too_long", n=len(text), limit=limits.MAX_EXPRESSION_CHARS)
    return _Parser(text).parse()
