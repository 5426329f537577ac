"""The campaign's verifiable dice: every face derived from a committed secret.

Roll number ``n`` (the journal id) of a die with ``sides`` sides::

    for counter in 0, 1, 2, …:
        digest = HMAC-SHA256(key=secret, msg=f"gmtool-v1:{n}:{sides}:{counter}" in ASCII)
        x = the first 8 bytes of digest as a big-endian unsigned integer
        if x < 2**64 - (2**64 % sides):      # rejection sampling: no modulo bias
            face = x % sides + 1; stop

The commitment published at the start is ``SHA-256(secret)`` in hex.  Once the secret is
revealed anyone can recompute every stream roll.

Scheme version 2 (docs/verify.md) derives a face from what is rolled, not from when: a key
per part of the game (:func:`part_key`: ``setup``, ``stage1``, ``stage2``, ``stage3``), the
roll's canonical label, the die's index under that label and the turn's players' share::

    msg = "gmtool-v2\n{label}\n{share}\n{sides}\n{index}\n{counter}"  (UTF-8)

with the same rejection sampling.  A part key can be revealed when its part ends without
revealing the secret, any other part's key, or the salt of a private roll (:func:`salt`).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from typing import Iterable

from gmtool.dice.sources import FixedSource
from gmtool.errors import DiceError, StreamUnavailable
from gmtool.locale import Msg

SECRET_BYTES = 32
_SPACE = 2**64


def new_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


def commitment(secret: bytes) -> str:
    return hashlib.sha256(secret).hexdigest()


def derive_face(secret: bytes, roll_id: int, sides: int) -> int:
    if not 1 <= sides <= _SPACE:  # beyond 2**64 the rejection loop would never end
        raise DiceError(key="stream.bad_die", sides=sides)
    limit = _SPACE - (_SPACE % sides)
    counter = 0
    while True:
        msg = f"gmtool-v1:{roll_id}:{sides}:{counter}".encode("ascii")
        x = int.from_bytes(hmac.new(secret, msg, hashlib.sha256).digest()[:8], "big")
        if x < limit:
            return x % sides + 1
        counter += 1


PARTS = ("setup", "stage1", "stage2", "stage3")


def part_key(secret: bytes, part: str) -> bytes:
    """The version-2 key of one part of the game (``setup`` or ``stageN``)."""
    if part not in PARTS:
        raise DiceError(key="stream.bad_part", part=part)
    return hmac.new(secret, f"gmtool-v2 key:{part}".encode("ascii"), hashlib.sha256).digest()


def salt(secret: bytes, label: str) -> str:
    """16 hex digits that a private roll's label carries: unguessable without the secret.

    A revealed part key recomputes a roll only with its full label, and only the leader
    whose report printed the label has the salt; the secret, revealed at the end, proves it.
    """
    digest = hmac.new(secret, f"gmtool-v2 salt\n{label}".encode(), hashlib.sha256)
    return digest.hexdigest()[:16]


def derive_face_v2(key: bytes, label: str, share: str, sides: int, index: int) -> int:
    """Die ``index`` (1, 2, …) of the roll ``label`` on a ``sides``-sided die (scheme 2)."""
    if not 1 <= sides <= _SPACE:
        raise DiceError(key="stream.bad_die", sides=sides)
    limit = _SPACE - (_SPACE % sides)
    counter = 0
    while True:
        msg = f"gmtool-v2\n{label}\n{share}\n{sides}\n{index}\n{counter}".encode()
        x = int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest()[:8], "big")
        if x < limit:
            return x % sides + 1
        counter += 1


@dataclass(slots=True)
class Entry:
    """One journaled die (docs/file-formats.md ``[[roll]]``)."""

    id: int
    turn: int
    purpose: str
    die: int
    face: int
    source: str  # "stream" | "manual"
    chain: str = ""  # the journal's running hash up to and including this entry (hex)
    # scheme 2 (docs/verify.md): the canonical label (a private roll's ends with its salt), the
    # die's index under it, the part of the game, the turn's players' share, private or not
    label: str = ""
    index: int = 0
    part: str = ""  # "" in a scheme-1 journal
    share: str = ""
    private: bool = False
    owner: str = field(default="", compare=False)  # the leader whose roll it is (not kept)

    def to_dict(self) -> dict:
        out: dict = {
            "id": self.id,
            "turn": self.turn,
            "purpose": self.purpose,
            "die": self.die,
            "face": self.face,
            "source": self.source,
        }
        if self.part:
            out.update(label=self.label, index=self.index, part=self.part, share=self.share, private=self.private)
        return out


MAX_LABEL = 300
_DIE_NUMBER = re.compile(r"(?:^|: )die \d+$")


def clean_label(text: str) -> str:
    """A label on one line: control characters (a newline above all) become spaces, so that
    the derivation's message splits only one way (docs/verify.md)."""
    out = "".join(ch if ch >= " " and ch != "\x7f" and ch not in "\u2028\u2029\x85" else " " for ch in text)
    return " ".join(out.split())[:MAX_LABEL]


@dataclass(slots=True)
class Scheme2:
    """What a scheme-2 source derives with: the label's start (``turn 3`` or ``setup``), the
    part, the share its dice take, and the campaign's dice per label this turn (kept in its
    state, so that `turn undo` takes them back with it).

    ``share`` is the turn's own share for its orders and its end (fixed at the turn's
    deadline), else the *opening* share — the one fixed at the previous turn's deadline —
    which everything rolled during the turn takes: a die never depends on whether it was
    rolled before or after the share was fixed (docs/verify.md).  ``opening``: the start's
    share, where the turn's orders start the turn themselves.  ``revealed``: the part's key
    is public, so no stream die may come from it (anyone could compute it)."""

    prefix: str
    part: str
    share: str
    uses: dict[str, int]
    private: bool = True
    opening: str | None = None
    revealed: bool = False


def share_of(turn: int, seeds: Iterable[tuple[str, str, str]]) -> str:
    """The players' share of ``turn``: SHA-256 of ``"gmtool-v2 share\n{turn}\n"`` and one line
    ``{post id}\t{author}\t{word}\n`` a seed, in post order (docs/verify.md); "" with no seed."""
    lines = [f"{clean_label(post)}\t{clean_label(author)}\t{clean_label(word)}\n" for post, author, word in seeds]
    if not lines:
        return ""
    return hashlib.sha256((f"gmtool-v2 share\n{turn}\n" + "".join(lines)).encode()).hexdigest()


def part_commitments(secret: bytes) -> dict[str, str]:
    return {part: hashlib.sha256(part_key(secret, part)).hexdigest() for part in PARTS}


class JournalingSource:
    """A dice source that numbers and records every die for the journal.

    Faces come from the stream (``secret``) or, with ``manual`` faces (``--dice``), from
    the moderator; either way each die becomes an :class:`Entry` with the next id.
    """

    def __init__(
        self,
        secret: bytes | None,
        first_id: int,
        turn: int,
        purpose: str,
        manual: Iterable[int] | None = None,
        expected: str | None = None,
    ) -> None:
        if secret is None and manual is None:
            self._missing = True
        else:
            self._missing = False
        self.secret = secret
        self.next_id = first_id
        self.turn = turn
        self.purpose = purpose[:150]
        self.manual = FixedSource(manual) if manual is not None else None
        self.entries: list[Entry] = []
        self.expected = expected  # the campaign's commitment: the secret must match it
        self.limit: int | None = None  # a budget: at most this many entries
        self.limit_reason: Msg = Msg("error.dice.budget_spent")  # a Msg: the refusal in the reader's language
        self.scheme2: Scheme2 | None = None  # scheme 2: faces from labels (docs/verify.md)
        self.context = self.purpose  # what is rolled, by whom: the label's middle (set_context)
        self.owner = ""
        self.salted = False  # the label carries its salt even where the roll is public

    def set_context(self, context: str, owner: str = "", salted: bool = False) -> None:
        """What the next dice are rolled for (``alice · explore 1,-2``) and whose they are;
        ``salted``: their labels carry the salt even where they are public (an exploration
        posted in the public thread rolls what the same exploration rolls in a room)."""
        self.context = clean_label(context)
        self.owner = owner
        self.salted = salted

    def _label(self, sides: int, label: str) -> tuple[str, int, bool]:
        v2 = self.scheme2
        assert v2 is not None
        label = _DIE_NUMBER.sub("", label)  # a roll's dice share its label: the index numbers them
        base = clean_label(f"{v2.prefix} · {self.context} · {label or f'd{sides}'}")
        index = v2.uses.get(base, 0) + 1
        v2.uses[base] = index
        private = v2.private and self.secret is not None
        if (private or self.salted) and self.secret is not None:
            base += f" · salt {salt(self.secret, base)}"
        return base, index, private

    def _share(self) -> str:
        """The share this die takes: the start's where a turn's orders start the turn."""
        v2 = self.scheme2
        assert v2 is not None
        return v2.opening if v2.opening is not None and self.context == "start" else v2.share

    def roll(self, sides: int, label: str = "") -> int:
        if self.limit is not None and len(self.entries) >= self.limit:
            reason = self.limit_reason
            raise DiceError(key=reason.key.removeprefix("error."), **reason.params)
        v2 = self.scheme2
        canonical, index, private = self._label(sides, label) if v2 is not None else ("", 0, False)
        if self.manual is not None:
            face = self.manual.roll(sides, label)
            source = "manual"
        else:
            if self._missing:
                raise StreamUnavailable(key="stream.no_secret")
            if self.expected is not None:  # before the first die: a wrong secret never rolls
                if commitment(self.secret) != self.expected:  # type: ignore[arg-type]
                    raise StreamUnavailable(key="stream.wrong_secret")
                self.expected = None
            if v2 is not None:
                if v2.revealed:
                    raise StreamUnavailable(key="stream.part_revealed", part=v2.part)
                key = part_key(self.secret, v2.part)  # type: ignore[arg-type]
                face = derive_face_v2(key, canonical, self._share(), sides, index)
            else:
                face = derive_face(self.secret, self.next_id, sides)  # type: ignore[arg-type]
            source = "stream"
        purpose = (f"{self.purpose}: {label}" if label else self.purpose)[:200]
        entry = Entry(self.next_id, self.turn, purpose, sides, face, source)
        if v2 is not None:
            entry.label, entry.index, entry.part, entry.share, entry.private = (
                canonical,
                index,
                v2.part,
                self._share(),
                private,
            )
            entry.owner = self.owner
        self.entries.append(entry)
        self.next_id += 1
        return face

    def finish(self) -> None:
        if self.manual is not None:
            self.manual.finish()

    @property
    def ids(self) -> tuple[int, int] | None:
        return (self.entries[0].id, self.entries[-1].id) if self.entries else None
