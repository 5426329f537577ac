"""Where die faces come from.

Every die gmtool rolls is asked of a :class:`DiceSource` with the number of sides and a
label naming the roll ("exploration", "2d10+3: die 2").  Three sources share that one
method:

* :class:`RandomSource` — random faces, reproducible with a seed;
* :class:`FixedSource` — faces given in advance (``--dice``: physical dice, a forum
  roller's result), consumed in the rules' dice order;
* the campaign's verifiable stream (a later module) — faces derived from a committed
  secret, journaled.

Core code never calls :mod:`random` itself; it only calls ``source.roll``.
"""

from __future__ import annotations

import random
import re
from typing import Iterable, Protocol, runtime_checkable

from gmtool.errors import DiceError
from gmtool.locale import Msg, has


@runtime_checkable
class DiceSource(Protocol):
    """Anything that can roll one die."""

    def roll(self, sides: int, label: str) -> int:
        """Return a face in ``1..sides`` for the roll named ``label``."""
        ...


class RandomSource:
    """Random faces from a private, seedable generator."""

    __slots__ = ("seed", "_randbelow")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        # ``randrange(n)`` is uniform on 0..n-1 with no modulo bias.
        self._randbelow = random.Random(seed).randrange

    def roll(self, sides: int, label: str = "") -> int:
        return self._randbelow(sides) + 1


class FixedSource:
    """Faces given in advance, consumed in order.

    Raises :class:`DiceError` naming the roll when a face does not fit its die or when
    the faces run out; call :meth:`finish` once resolution is over to refuse faces left
    over.
    """

    __slots__ = ("faces", "used", "labels")

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        self.used = 0
        self.labels: list[str] = []

    def roll(self, sides: int, label: str = "") -> int:
        index = self.used
        shown = roll_label(label)
        name = Msg(
            "error.dice.roll_name_for" if label else "error.dice.roll_name", n=index + 1, label=shown, sides=sides
        )
        if index >= len(self.faces):
            raise DiceError(key="dice.too_few_faces", roll=name, n=len(self.faces), faces=format_faces(self.faces))
        face = self.faces[index]
        if not 1 <= face <= sides:
            raise DiceError(key="dice.face_out_of_range", face=face, sides=sides, roll=name)
        self.used += 1
        self.labels.append(label)
        return face

    @property
    def remaining(self) -> list[int]:
        return self.faces[self.used :]

    def finish(self) -> None:
        """Refuse faces that no roll used."""
        left = self.remaining
        if left:
            raise DiceError(
                key="dice.faces_left_over", n=len(left), faces=format_faces(left), used=self.used, given=len(self.faces)
            )


_DIE_OF = re.compile(r"^(?:(?P<expr>.*): )?die (?P<n>\d+)$")


def roll_label(label: str) -> object:
    """A roll's label as a reader sees it: a known purpose in the catalogs (``world type`` →
    «тип мира»), ``2d10: die 2`` → «2d10, кубик 2»; anything else (ids, names) as given."""
    if has("roll_label." + label):
        return Msg("roll_label." + label)
    m = _DIE_OF.match(label)
    if m:
        return Msg("roll_label.die_of" if m["expr"] else "roll_label.die_n", expr=m["expr"] or "", n=int(m["n"]))
    return label


_FACE = re.compile(r"-?[0-9]{1,6}")


def format_faces(faces: Iterable[int]) -> str:
    text = ",".join(str(f) for f in faces)
    return text if text else "—"


def parse_faces(text: str) -> list[int]:
    """Parse ``--dice`` input such as ``"8,7,4,9"`` (spaces allowed)."""
    faces: list[int] = []
    for i, part in enumerate(text.replace(" ", "").split(","), start=1):
        if not part:
            raise DiceError(key="dice.empty_face", n=i, text=text)
        if not _FACE.fullmatch(part):
            raise DiceError(key="dice.face_not_number", part=part, n=i)
        faces.append(int(part))
    return faces
