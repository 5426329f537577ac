"""``journal.toml``: the append-only roll journal.

Each roll is one ``[[roll]]`` table appended with a single write and an fsync, so a
crash can at worst leave the last entry incomplete; :func:`read_tail` finds the last id
by reading the end of the file only (an append costs the same at roll #20,000 as at #1),
and :func:`split` / :func:`repair` find and cut an incomplete tail.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import tomllib
from pathlib import Path
from typing import Iterable

from gmtool.campaign.files import append_durably, atomic_write
from gmtool.campaign.stream import Entry
from gmtool.errors import CampaignError
from gmtool.lazy_re import lazy

HEADER = "[[roll]]\n"
FILE_HEADER = "# gmtool roll journal: one [[roll]] per die, append-only\n\n"
KEYS = ("id", "turn", "purpose", "die", "face", "source")
V2_KEYS = ("label", "index", "part", "share", "private")  # a scheme-2 entry's (docs/verify.md)
CHAIN_START = "gmtool-journal-v1"
# the mark in either language (a Russian post reads «журнал #58 · 3fa2c1d0e9b7»)
MARK = lazy(r"(?:journal|журнал) #(\d{1,12}) · ([0-9a-f]{12})")
MARK_WORD = {"en": "journal", "ru": "журнал"}


def link(previous: str, entry: Entry) -> str:
    """The running hash after ``entry``: SHA-256 of the previous hash and every field of the
    entry, so that no entry can change once a later hash was published."""
    text = f"{previous}\n{entry.id}\n{entry.turn}\n{entry.die}\n{entry.face}\n{entry.source}\n{entry.purpose}"
    if entry.part:  # scheme 2: its fields too, so that a changed label breaks the chain
        text += f"\nv2\n{entry.label}\n{entry.index}\n{entry.part}\n{entry.share}\n{int(entry.private)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def chain_of(entries: Iterable[Entry]) -> list[str]:
    """The running hash after each entry, recomputed from the start."""
    out, h = [], CHAIN_START
    for entry in entries:
        h = link(h, entry)
        out.append(h)
    return out


MARK_LABEL = b"gmtool mark v1"


def mark_key(secret: bytes) -> bytes:
    """The key published marks are made with: ``HMAC-SHA256(key=secret, msg="gmtool mark v1")``.
    It is revealed with the secret, and it tells nothing of the secret's dice."""
    return hmac.new(secret, MARK_LABEL, hashlib.sha256).digest()


def mark_hash(key: bytes, chain: str) -> str:
    """A mark's 12 hex digits: ``HMAC-SHA256(key=mark_key, msg=the running hash in hex)``.

    The running hash itself is never published: it hashes small entries (a d10's face, a
    purpose the code spells out) from a known start, so a published prefix of it could be
    matched by trying every face. Keyed, a mark can be checked (and inverted) only with the
    secret; once it is revealed, anyone recomputes every mark."""
    return hmac.new(key, chain.encode("ascii"), hashlib.sha256).hexdigest()[:12]


def mark(last_id: int, chain: str, key: bytes, lang: str = "en") -> str:
    """What replies and reports print: ``journal #58 · 3fa2c1d0e9b7`` (``журнал #58 · …``)."""
    return f"{MARK_WORD.get(lang, MARK_WORD['en'])} #{last_id} · {mark_hash(key, chain)}"


_TAIL = 16384  # several entries: a purpose is at most 200 characters


MAX_PURPOSE = 200


def format_entry(entry: Entry) -> str:
    purpose = "".join(ch if ch >= " " and ch != "\x7f" else " " for ch in entry.purpose)[:MAX_PURPOSE]
    purpose = purpose.replace("\\", "\\\\").replace('"', '\\"')
    # the optional chain goes first: an entry cut anywhere after it still lacks a required key
    chain = f'chain = "{entry.chain}"\n' if entry.chain else ""
    v2 = ""
    if entry.part:  # scheme 2: before `source`, so that an entry cut in them lacks a required key
        label = entry.label.replace("\\", "\\\\").replace('"', '\\"')
        v2 = (
            f'label = "{label}"\nindex = {entry.index}\npart = "{entry.part}"\nshare = "{entry.share}"\n'
            f"private = {'true' if entry.private else 'false'}\n"
        )
    return (
        f'{HEADER}{chain}id = {entry.id}\nturn = {entry.turn}\npurpose = "{purpose}"\n'
        f'die = {entry.die}\nface = {entry.face}\n{v2}source = "{entry.source}"\n\n'
    )


# A block exactly as format_entry writes it (its strings escaping only \\ and \"), read
# without tomllib: a turn reads every entry of the journal, which grows by the turn. Any
# other block — hand-edited, torn — goes to tomllib, which reads it as it always did.
_STR = r'"((?:[^"\\\x00-\x1f\x7f]|\\["\\])*)"'
_INT = r"(-?(?:0|[1-9][0-9]*))"
_WRITTEN = lazy(
    rf"\[\[roll\]\]\n(?:chain = {_STR}\n)?id = {_INT}\nturn = {_INT}\npurpose = {_STR}\n"
    rf"die = {_INT}\nface = {_INT}\n"
    rf"(?:label = {_STR}\nindex = {_INT}\npart = {_STR}\nshare = {_STR}\nprivate = (true|false)\n)?"
    rf"source = {_STR}\n\n*"
)
_ESCAPE = lazy(r'\\(["\\])')


def _unescape(text: str) -> str:
    return _ESCAPE.sub(r"\1", text) if "\\" in text else text


def _parse_written(found: re.Match[str]) -> Entry | None:
    chain, id_, turn, purpose, die, face, label, index, part, share, private, source = found.groups()
    entry = Entry(int(id_), int(turn), _unescape(purpose), int(die), int(face), _unescape(source))
    entry.chain = _unescape(chain) if chain is not None else ""
    if label is not None:
        if not part:
            return None
        entry.label, entry.index, entry.part = _unescape(label), int(index), _unescape(part)
        entry.share, entry.private = _unescape(share), private == "true"
    return entry


def _parse_block(text: str) -> Entry | None:
    """One ``[[roll]]`` block → Entry, or None if it is incomplete or malformed."""
    found = _WRITTEN.fullmatch(text)
    if found is not None:
        return _parse_written(found)
    return _parse_toml(text)


def _parse_toml(text: str) -> Entry | None:
    """One ``[[roll]]`` block read by tomllib (every shape TOML allows)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None
    rolls = data.get("roll")
    if not isinstance(rolls, list) or len(rolls) != 1:
        return None
    r = rolls[0]
    keys = set(r) - {"chain"}
    if keys != set(KEYS) and keys != set(KEYS) | set(V2_KEYS):
        return None
    if not text.endswith("\n"):
        return None
    if not all(isinstance(r[k], int) and not isinstance(r[k], bool) for k in ("id", "turn", "die", "face")):
        return None
    if not isinstance(r["purpose"], str) or not isinstance(r["source"], str):
        return None
    if not isinstance(r.get("chain", ""), str):
        return None
    entry = Entry(r["id"], r["turn"], r["purpose"], r["die"], r["face"], r["source"], r.get("chain", ""))
    if "label" in r:
        if not (
            isinstance(r["label"], str)
            and isinstance(r["index"], int)
            and not isinstance(r["index"], bool)
            and isinstance(r["part"], str)
            and r["part"]
            and isinstance(r["share"], str)
            and isinstance(r["private"], bool)
        ):
            return None
        entry.label, entry.index, entry.part, entry.share, entry.private = (
            r["label"],
            r["index"],
            r["part"],
            r["share"],
            r["private"],
        )
    return entry


def _cut(text: str) -> tuple[str, str]:
    """Split journal text into (complete entries, incomplete tail).

    A crash can only tear the end of the file: the tail is what follows the last entry
    that parses — found block by block, and within the last block by trying each line
    end from the back, so that a whole entry is never cut with a torn one after it."""
    positions = _header_positions(text)
    if not positions:
        if all(line.startswith("#") for line in text.splitlines() if line.strip()):
            if text and not text.endswith("\n"):
                return "", text
            return text, ""
        return "", text
    last = positions[-1]
    block = text[last:]
    if _parse_block(block) is not None or not block.strip():
        return text, ""
    # The last block is broken: keep the longest prefix of it that is a whole entry.
    for end in range(len(block) - 1, 0, -1):
        if block[end - 1] == "\n" and _parse_block(block[:end]) is not None:
            return text[: last + end], block[end:]
    return text[:last], block


def last_entry(path: Path) -> Entry | None:
    """The last complete entry, reading the end of the file only."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    size = path.stat().st_size
    with path.open("rb") as fh:
        fh.seek(max(0, size - _TAIL))
        text = fh.read().decode("utf-8", errors="replace")
    complete, _ = _cut(text)
    starts = [i for i in _header_positions(complete) if i > 0 or size <= _TAIL]
    return _parse_block(complete[starts[-1] :]) if starts else None


def last_chain(path: Path) -> str:
    """The running hash after the last entry (recomputed from the start for a journal
    written before entries carried it)."""
    last = last_entry(path)
    if last is None:
        return CHAIN_START
    if last.chain:
        return last.chain
    entries, _, _ = read_all(path)
    return (chain_of(entries) or [CHAIN_START])[-1]


def read_tail(path: Path) -> tuple[int, bool]:
    """(the last complete entry's id, whether nothing incomplete follows it), reading only
    the last few KiB of the file."""
    if not path.exists() or path.stat().st_size == 0:
        return 0, True
    size = path.stat().st_size
    with path.open("rb") as fh:
        fh.seek(max(0, size - _TAIL))
        text = fh.read().decode("utf-8", errors="replace")
    complete, tail = _cut(text)
    starts = [i for i in _header_positions(complete) if i > 0 or size <= _TAIL]
    last = _parse_block(complete[starts[-1] :]) if starts else None
    return (last.id if last else 0), not tail


def _header_positions(text: str) -> list[int]:
    out = []
    i = text.find(HEADER)
    while i >= 0:
        if i == 0 or text[i - 1] == "\n":
            out.append(i)
        i = text.find(HEADER, i + 1)
    return out


def split(text: str, lang: str = "en") -> tuple[list[Entry], str, list[str]]:
    """All complete entries, the incomplete tail (if any), and problems in the middle (in ``lang``)."""
    from gmtool.locale import t

    complete, tail = _cut(text)
    entries: list[Entry] = []
    problems: list[str] = []
    blocks = complete.split(HEADER)
    head = blocks[0]
    if head.strip() and not all(line.startswith("#") or not line.strip() for line in head.splitlines()):
        problems.append(t("journal_problem.text_before", lang))
    for i, block in enumerate(blocks[1:], start=1):
        entry = _parse_block(HEADER + block)
        if entry is None:
            problems.append(t("journal_problem.malformed", lang, i=i))
            continue
        entries.append(entry)
    return entries, tail, problems


def _decode(data: bytes) -> str:
    # A crash can cut a multi-byte character in the tail: decode leniently and let
    # _cut put the damage in the tail (damage in the middle shows as a malformed entry).
    return data.decode("utf-8", errors="replace")


def read_all(path: Path, lang: str = "en") -> tuple[list[Entry], str, list[str]]:
    if not path.exists():
        return [], "", []
    return split(_decode(path.read_bytes()), lang)


def append(path: Path, entries: Iterable[Entry]) -> None:
    """Append entries with one write and an fsync, each with the running hash after it."""
    entries = list(entries)
    if not entries:
        return
    h = last_chain(path)
    for entry in entries:
        h = entry.chain = link(h, entry)
    append_durably(path, "".join(format_entry(e) for e in entries).encode("utf-8"))


def repair(path: Path) -> int:
    """Cut an incomplete last entry; returns the number of bytes removed."""
    data = path.read_bytes()
    complete, tail = _cut(_decode(data))
    if not tail:
        return 0
    keep = len(complete.encode("utf-8"))
    try:
        intact = data[:keep].decode("utf-8") == complete
    except UnicodeDecodeError:
        intact = False
    if not intact:
        raise CampaignError(key="campaign.journal_damaged", path=path)
    atomic_write(path, data[:keep])
    return len(data) - keep
