"""The expression tree of a dice roll, and its evaluation against a dice source.

Nodes are immutable and shared (parsed expressions are cached); evaluation builds a
parallel tree of results that keeps every die, kept and dropped, so a renderer can show
``4d6kh3 = [6, 5, 3, ~~1~~] = 14``.
"""

from __future__ import annotations

from typing import Union

from gmtool.dice.limits import MAX_DICE, MAX_EXPLOSIONS
from gmtool.dice.sources import DiceSource
from gmtool.errors import DiceError
from gmtool.struct import Frozen, Struct

# --------------------------------------------------------------------------- nodes


class Num(Frozen):
    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def text(self) -> str:
        return str(self.value)


class Dice(Frozen):
    """``NdM`` with optional keep/drop (``("kh"|"kl"|"dh"|"dl", n)``), explosion, and a
    success target (count the dice with ``face >= target``)."""

    __slots__ = ("count", "sides", "keep", "explode", "target", "percent")

    def __init__(
        self,
        count: int,
        sides: int,
        keep: tuple[str, int] | None = None,
        explode: bool = False,
        target: int | None = None,
        percent: bool = False,
    ) -> None:
        self.count = count
        self.sides = sides
        self.keep = keep
        self.explode = explode
        self.target = target
        self.percent = percent  # written as d%

    def text(self) -> str:
        out = f"{self.count if self.count != 1 else ''}d{'%' if self.percent else self.sides}"
        if self.explode:
            out += "!"
        if self.keep:
            out += f"{self.keep[0]}{self.keep[1]}"
        if self.target is not None:
            out += f">={self.target}"
        return out


class Neg(Frozen):
    __slots__ = ("operand",)

    def __init__(self, operand: "Node") -> None:
        self.operand = operand

    def text(self) -> str:
        return f"-{self.operand.text()}"


class BinOp(Frozen):
    __slots__ = ("op", "left", "right")

    def __init__(self, op: str, left: "Node", right: "Node") -> None:
        self.op = op  # "+", "-", "*"
        self.left = left
        self.right = right

    def text(self) -> str:
        return f"{self.left.text()}{self.op}{self.right.text()}"


class Group(Frozen):
    __slots__ = ("inner",)

    def __init__(self, inner: "Node") -> None:
        self.inner = inner

    def text(self) -> str:
        return f"({self.inner.text()})"


Node = Union[Num, Dice, Neg, BinOp, Group]


# ------------------------------------------------------------------------- results


class Die(Struct):
    """One die as rolled."""

    __slots__ = ("sides", "face", "kept", "exploded", "from_explosion", "success")

    def __init__(
        self,
        sides: int,
        face: int,
        kept: bool = True,
        exploded: bool = False,
        from_explosion: bool = False,
        success: bool | None = None,
    ) -> None:
        self.sides = sides
        self.face = face
        self.kept = kept
        self.exploded = exploded  # hit its maximum and added another die
        self.from_explosion = from_explosion  # was added by an explosion
        self.success = success  # with a target: did it succeed


class DiceTerm(Struct):
    __slots__ = ("node", "dice", "value")

    def __init__(self, node: Dice, dice: list[Die], value: int) -> None:
        self.node = node
        self.dice = dice
        self.value = value


class NumTerm(Struct):
    __slots__ = ("node", "value")

    def __init__(self, node: Num, value: int) -> None:
        self.node = node
        self.value = value


class NegTerm(Struct):
    __slots__ = ("operand", "value")

    def __init__(self, operand: "Term", value: int) -> None:
        self.operand = operand
        self.value = value


class OpTerm(Struct):
    __slots__ = ("op", "left", "right", "value")

    def __init__(self, op: str, left: "Term", right: "Term", value: int) -> None:
        self.op = op
        self.left = left
        self.right = right
        self.value = value


class GroupTerm(Struct):
    __slots__ = ("inner", "value")

    def __init__(self, inner: "Term", value: int) -> None:
        self.inner = inner
        self.value = value


Term = Union[DiceTerm, NumTerm, NegTerm, OpTerm, GroupTerm]


class DiceResult(Struct):
    """A rolled expression: its text, the result tree and the total."""

    __slots__ = ("expression", "term", "total", "comment", "counts_successes")

    def __init__(
        self, expression: str, term: Term, total: int, comment: str = "", counts_successes: bool = False
    ) -> None:
        self.expression = expression
        self.term = term
        self.total = total
        self.comment = comment
        self.counts_successes = counts_successes

    @property
    def dice(self) -> list[Die]:
        """Every die, kept and dropped, in roll order."""
        out: list[Die] = []
        _collect(self.term, out)
        return out

    @property
    def kept(self) -> list[int]:
        """Faces of the kept dice, in roll order (docs/commands.md ``dice``)."""
        return [d.face for d in self.dice if d.kept]

    def to_data(self) -> dict:
        data: dict = {
            "expression": self.expression,
            "dice": self.kept,
            "total": self.total,
            "rolls": [
                {
                    "sides": d.sides,
                    "face": d.face,
                    "kept": d.kept,
                    "exploded": d.exploded,
                    **({"success": d.success} if d.success is not None else {}),
                }
                for d in self.dice
            ],
        }
        if self.counts_successes:
            data["successes"] = self.total
        if self.comment:
            data["comment"] = self.comment
        return data


def _collect(term: Term, out: list[Die]) -> None:
    if isinstance(term, DiceTerm):
        out.extend(term.dice)
    elif isinstance(term, OpTerm):
        _collect(term.left, out)
        _collect(term.right, out)
    elif isinstance(term, (NegTerm,)):
        _collect(term.operand, out)
    elif isinstance(term, GroupTerm):
        _collect(term.inner, out)


# ---------------------------------------------------------------------- evaluation


class _Budget:
    """Counts dice and explosions across one evaluation."""

    __slots__ = ("dice", "explosions")

    def __init__(self) -> None:
        self.dice = 0
        self.explosions = 0


def evaluate(node: Node, source: DiceSource, label: str) -> Term:
    return _eval(node, source, label, _Budget())


def _eval(node: Node, source: DiceSource, label: str, budget: _Budget) -> Term:
    if isinstance(node, Dice):
        return _roll_dice(node, source, label, budget)
    if isinstance(node, Num):
        return NumTerm(node, node.value)
    if isinstance(node, BinOp):
        left = _eval(node.left, source, label, budget)
        right = _eval(node.right, source, label, budget)
        if node.op == "+":
            value = left.value + right.value
        elif node.op == "-":
            value = left.value - right.value
        else:
            value = left.value * right.value
        return OpTerm(node.op, left, right, value)
    if isinstance(node, Neg):
        inner = _eval(node.operand, source, label, budget)
        return NegTerm(inner, -inner.value)
    inner = _eval(node.inner, source, label, budget)
    return GroupTerm(inner, inner.value)


def _roll_dice(node: Dice, source: DiceSource, label: str, budget: _Budget) -> DiceTerm:
    sides = node.sides
    dice: list[Die] = []
    wanted = node.count
    while len(dice) < wanted:
        budget.dice += 1
        if budget.dice > MAX_DICE:
            raise DiceError(key="dice.too_many_rolled", limit=MAX_DICE)
        n = len(dice) + 1
        face = source.roll(sides, f"{label}: die {n}" if label else f"die {n}")
        die = Die(sides, face, from_explosion=n > node.count)
        dice.append(die)
        if node.explode and face == sides:
            budget.explosions += 1
            if budget.explosions > MAX_EXPLOSIONS:
                raise DiceError(key="dice.too_many_explosions", limit=MAX_EXPLOSIONS)
            die.exploded = True
            wanted += 1
    if node.keep:
        _apply_keep(dice, *node.keep)
    if node.target is not None:
        value = 0
        for d in dice:
            d.success = d.kept and d.face >= node.target
            value += d.success
    else:
        value = sum(d.face for d in dice if d.kept)
    return DiceTerm(node, dice, value)


def _apply_keep(dice: list[Die], mode: str, n: int) -> None:
    # Rank by face; among equal faces the earlier die counts as higher, so which of
    # two equal dice is dropped is stable and predictable.
    order = sorted(range(len(dice)), key=lambda i: (-dice[i].face, i))
    if mode == "kh":
        drop = order[n:]
    elif mode == "kl":
        drop = order[: len(order) - n]
    elif mode == "dh":
        drop = order[:n]
    else:  # "dl"
        drop = order[len(order) - n :] if n else []
    for i in drop:
        dice[i].kept = False
