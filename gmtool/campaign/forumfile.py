"""``forum.toml``: what ``post resolve`` decided, appended like the journal.

* ``[[command]]`` — one resolved command (``key = "POST_ID:INDEX"``, or
  ``"private:POST_ID:INDEX"`` for a private message: the forum numbers private messages and
  public posts apart, so they are keyed apart), its reports in English and Russian: the
  commands that ran and the rules' refusals (a refusal for a passing reason of the run is
  decided again); a post of a leader's room is keyed ``"room:LEADER:POST_ID:INDEX"``, and
  an order collected there has ``room``, ``turn`` and ``order`` (gmtool/forum/rooms.py);
* ``[[post]]`` — a post once resolved is closed: its author, the leader it spoke for then
  (``leader``; "" for none: a leader who joins or replaces another later speaks only from
  later posts) and the commands it held (``commands = [...]``) at the time; a command
  added, removed or moved later is flagged — once: a later ``[[post]]`` of the same post
  with ``seen_edit = [...]`` (the commands it held then) notes that the edit was told, so
  a reply of new things only (``--new``) does not tell it again;
* ``[[void]]`` — written by ``turn undo``: the command records before the ``before``-th
  whose key is in ``keys`` are void (the undone turn's results); their commands are
  resolved again, and say so.

Records written before private messages were keyed apart read as they were: a command
record is a private message's when a private post record (and no public one) closes its post.

Each ``post resolve`` appends its records with one write and an fsync (commands first,
then the post records that close them).  A crash or a full disk can only cut the last
append: :func:`split` finds the cut, :func:`repair` removes it, as for the journal.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from gmtool.campaign.files import append_durably, atomic_write
from gmtool.errors import CampaignError
from gmtool.tomlfile import display_path, toml_message

HEADER = "# gmtool forum records: resolved commands and closed posts, append-only\n"
INLINE_ARRAYS = (b"\ncommand = [", b"\npost = [")  # what earlier versions could write


PRIVATE = "private:"  # the key prefix of a private message (forum/posts.py: Post.key)
ROOM = "room:"  # … and of a post in a leader's room: room:LEADER:POST_ID


@dataclass
class ForumRecords:
    commands: dict[str, dict[str, Any]] = field(default_factory=dict)  # key → the record that stands
    posts: dict[str, dict[str, Any]] = field(default_factory=dict)  # post key → record
    inline: bool = False  # holds an inline array of tables: :func:`unfreeze` before appending
    voided: dict[str, dict[str, Any]] = field(default_factory=dict)  # key → its result `turn undo` voided
    keys: list[str] = field(default_factory=list)  # every command record's key, in the file's order
    seen_edits: dict[str, set[tuple[str, ...]]] = field(default_factory=dict)  # post key → edits told


def _boundaries(text: str) -> list[int]:
    """Where a table header (``[[command]]``, ``[[post]]``) starts a line."""
    out = [0] if text.startswith("[[") else []
    i = text.find("\n[[")
    while i >= 0:
        out.append(i + 1)
        i = text.find("\n[[", i + 1)
    return out


def _pieces(text: str) -> dict[str, list[Any]] | None:
    """The records of a file whose tables each parse alone but not together (an inline
    array of tables, then ``[[…]]`` tables of the same name), or None."""
    cuts = sorted(set(_boundaries(text)) | {i + 1 for m in INLINE_ARRAYS for i in _find_all(text, m.decode())})
    data: dict[str, list[Any]] = {}
    for start, end in zip([0, *cuts], [*cuts, len(text)]):
        try:
            piece = tomllib.loads(text[start:end])
        except tomllib.TOMLDecodeError:
            return None
        for name, value in piece.items():
            if not isinstance(value, list):
                return None
            data.setdefault(name, []).extend(value)
    return data


def _find_all(text: str, needle: str) -> list[int]:
    found, i = [], text.find(needle)
    while i >= 0:
        found.append(i)
        i = text.find(needle, i + 1)
    return found


def _parses(text: str) -> bool:
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    return True


def split(text: str) -> tuple[str, str, str]:
    """(complete records, torn tail, problem): a torn tail is what follows the last table
    that parses; damage with whole tables after it is a problem in the middle."""
    try:
        tomllib.loads(text)
        return text, "", ""
    except tomllib.TOMLDecodeError as exc:
        message = toml_message(exc)
    starts = _boundaries(text)
    # prefixes ending before the damage parse, later ones do not: binary search for the last
    lo, hi, cut = 0, len(starts) - 1, 0
    while lo <= hi:
        mid = (lo + hi) // 2
        if _parses(text[: starts[mid]]):
            cut, lo = starts[mid], mid + 1
        else:
            hi = mid - 1
    later = [s for s in starts if s > cut]
    if later and _parses(text[later[0] :]):
        return text[:cut], text[cut:], message
    return text[:cut], text[cut:], ""


def read(path: Path) -> ForumRecords:
    records = ForumRecords()
    if not path.exists():
        return records
    where = display_path(path)
    try:
        raw = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise CampaignError(key="campaign.cannot_read", where=where, reason=exc.strerror or exc) from None
    except UnicodeDecodeError as exc:
        raise CampaignError(key="campaign.forum_not_utf8", where=where, byte=exc.start) from None
    records.inline = any(marker.decode() in raw for marker in INLINE_ARRAYS)
    try:
        data: dict[str, Any] = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as exc:
        # an earlier gmtool's inline `post = [...]` followed by a `[[post]]`: read piece by piece
        pieces = _pieces(raw) if records.inline else None
        if pieces is None:
            raise CampaignError(
                key="campaign.forum_toml", where=where, reason=toml_message(exc), folder=display_path(path.parent)
            ) from None
        data = dict(pieces)
    for r in data.get("post", []):
        if isinstance(r, dict) and isinstance(r.get("post_id"), str):
            if isinstance(r.get("room"), str) and r["room"]:  # a post of a leader's room
                key = f"{ROOM}{r['room']}:{r['post_id']}"
            else:
                key = PRIVATE + r["post_id"] if r.get("private") is True else r["post_id"]
            if isinstance(r.get("seen_edit"), list):  # an edit told once (not a closing)
                records.seen_edits.setdefault(key, set()).add(tuple(str(c) for c in r["seen_edit"]))
                continue
            records.posts.setdefault(key, r)  # the first closing stands
    voids = [
        (v["before"], set(v["keys"]))
        for v in data.get("void", [])
        if isinstance(v, dict) and isinstance(v.get("before"), int) and isinstance(v.get("keys"), list)
    ]
    for position, r in enumerate(data.get("command", [])):
        if not (isinstance(r, dict) and isinstance(r.get("key"), str)):
            records.keys.append("")
            continue
        key = _command_key(r, records.posts)
        records.keys.append(key)
        if any(position < before and key in keys for before, keys in voids):
            records.voided[key] = r
        else:
            records.commands[key] = r
    return records


def _command_key(record: dict[str, Any], posts: dict[str, Any]) -> str:
    """A command record's key: as stored, or — written before private messages were keyed
    apart (no ``private`` in it) — a private message's when only a private post record
    closes its post."""
    key = record["key"]
    if key.startswith((PRIVATE, ROOM)) or "private" in record:
        return key
    post_id = key.rpartition(":")[0]
    if PRIVATE + post_id in posts and post_id not in posts:
        return PRIVATE + key
    return key


LITERAL_FROM = 200  # strings this long are written as TOML literal strings where they can be
BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")  # a TOML key written without quotes


def _literal_ok(value: str) -> bool:
    """Can ``value`` be a single-line TOML literal string ('…': no quote, no control
    character but tab)?  Such a string is read without escapes, many times faster — a
    stored report (JSON, see :func:`gmtool.forum.resolve.record_of`) is written so."""
    return "'" not in value and not any(c < " " and c != "\t" or c == "\x7f" for c in value)


def _table(name: str, record: dict[str, Any]) -> str:
    """One ``[[name]]`` table (always that form: tomli_w would write a lone short table as
    an inline ``name = [{…}]`` array, which no later ``[[name]]`` may extend), its long
    plain strings as literal strings.  Records are flat: keys, strings, numbers, lists."""
    import tomli_w

    record = {k: v for k, v in record.items() if v is not None}
    literal = {
        k: v
        for k, v in record.items()
        if isinstance(v, str) and len(v) >= LITERAL_FROM and BARE_KEY.fullmatch(k) and _literal_ok(v)
    }
    rest = tomli_w.dumps({k: v for k, v in record.items() if k not in literal})
    return f"[[{name}]]\n" + rest + "".join(f"{k} = '{v}'\n" for k, v in literal.items())


def _tables(records: dict[str, Any]) -> str:
    return "".join("\n" + _table(name, r) for name in ("command", "post", "void") for r in records.get(name, []))


def unfreeze(path: Path) -> None:
    """A forum.toml written by an earlier gmtool may hold a lone table as an inline array
    (``post = [{…}]``), which a ``[[post]]`` appended after it would break: write those
    records again as ``[[…]]`` tables (once, atomically), before anything is appended."""
    try:
        data = path.read_bytes()
    except OSError:
        return
    if not any(marker in data for marker in INLINE_ARRAYS):
        return
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return  # damaged: `campaign validate --repair` deals with it
    try:
        records: dict[str, Any] | None = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        records = _pieces(text)  # already broken by a `[[post]]` after the inline array
    if records is not None:
        atomic_write(path, (HEADER + _tables(records)).encode("utf-8"))


def append(
    path: Path,
    commands: list[dict[str, Any]],
    posts: Sequence[dict[str, Any]] = (),
    voids: Sequence[dict[str, Any]] = (),
) -> None:
    """Append command records, then the post records that close them (or void records),
    with one write."""
    if not commands and not posts and not voids:
        return
    text = HEADER if not path.exists() else ""
    text += _tables({"command": commands, "post": list(posts), "void": list(voids)})
    append_durably(path, text.encode("utf-8"))


def void_record(records: ForumRecords, since: int, turn: int) -> dict[str, Any] | None:
    """The ``[[void]]`` record that voids the results of command records ``since`` onwards
    (the undone turn's), or None when there are none."""
    keys = sorted({k for k in records.keys[since:] if k in records.commands})
    if not keys:
        return None
    return {"turn": turn, "reason": f"turn {turn} undone", "before": len(records.keys), "keys": keys}


def check(path: Path) -> tuple[str, str]:
    """(torn tail, problem in the middle) of ``path``; both empty when it is whole."""
    if not path.exists():
        return "", ""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("utf-8", errors="replace")
    if any(m.decode() in text for m in INLINE_ARRAYS) and _pieces(text) is not None:
        return "", ""  # an earlier gmtool's layout, read piece by piece and mended at the next append
    _, tail, problem = split(text)
    return tail, problem


def repair(path: Path) -> int:
    """Cut a torn last append; returns the number of bytes removed."""
    data = path.read_bytes()
    text = data.decode("utf-8", errors="replace")
    complete, tail, problem = split(text)
    if problem:
        raise CampaignError(key="campaign.forum_damaged", path=display_path(path), problem=problem)
    if not tail:
        return 0
    keep = len(complete.encode("utf-8"))
    if data[:keep].decode("utf-8", errors="replace") != complete:
        raise CampaignError(key="campaign.journal_damaged", path=display_path(path))
    atomic_write(path, data[:keep])
    return len(data) - keep
