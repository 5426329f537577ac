"""Forum engines' files, ``tables/forums/<engine>.toml``, and the BBCode dialect each
engine's posts are written in (``[dialect]``). Kept light: every BBCode post a command
renders asks for its dialect, while the thread readers (``[profile]``, HTML and feed
parsers) live in :mod:`gmtool.forum.sources`, imported only to read a thread."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gmtool.errors import InputError
from gmtool.formats import DIALECT_POST_LIMIT, POST_LIMITS

FORUMS_DIR = "forums"


@dataclass
class Dialect:
    name: str
    label: str
    tags: frozenset[str]
    styles: dict[str, tuple[str, str]]
    post_limit: int
    spoiler: str = ""
    size_scale: str = ""
    # how a player's "[" that could open a tag is shown as text: this (invisible) character
    # after it, one the engine keeps as it is (SMF turns a zero-width space into "�")
    defuse: str = "\u200b"
    # what, alone between brackets, is a list item there ("[0]", "[+]" in SMF): defused too
    list_items: frozenset[str] = frozenset()


def shipped_dir() -> Path:
    from gmtool.rolltables.library import shipped_tables_dir

    return shipped_tables_dir() / FORUMS_DIR


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise InputError(key="campaign.cannot_read", where=path, reason=exc.strerror or exc) from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(key="profile.bad_toml", path=path, reason=exc) from None
    except UnicodeDecodeError:
        raise InputError(key="profile.not_utf8", path=path) from None


def _text(raw: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = raw.get(key, default)
    if not isinstance(value, str) or (default is None and not value.strip()):
        raise InputError(key="profile.need_text", where=where, key_=key)
    return value


def _strings(raw: dict[str, Any], key: str, where: str) -> list[str]:
    value = raw.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise InputError(key="profile.need_selectors", where=where, key_=key)
    return value


def dialect_from(path: Path) -> Dialect | None:
    raw = _read(path).get("dialect")
    if raw is None:
        return None
    where = f"{path} [dialect]"
    styles_raw = raw.get("styles", {})
    styles: dict[str, tuple[str, str]] = {}
    for key in ("title", "b", "i", "s", "code"):
        pair = styles_raw.get(key, ["", ""])
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
            raise InputError(key="profile.bad_style", where=where, key_=key)
        styles[key] = (pair[0], pair[1])
    limit = raw.get("post_limit", DIALECT_POST_LIMIT)
    if not isinstance(limit, int) or limit < POST_LIMITS[0]:
        raise InputError(key="profile.post_limit", where=where)
    return Dialect(
        _text(raw, "name", where, path.stem) or path.stem,
        _text(raw, "label", where, ""),
        frozenset(t.lower() for t in _strings(raw, "tags", where)),
        styles,
        limit,
        _text(raw, "spoiler", where, ""),
        _text(raw, "size_scale", where, ""),
        _defuse(raw, where),
        _list_items(raw, where),
    )


def _defuse(raw: dict[str, Any], where: str) -> str:
    """The dialect's ``defuse``: one or more characters that no BBCode tag name starts with."""
    value = _text(raw, "defuse", where, "\u200b")
    if not value or "[" in value or "]" in value or any(ch.isalnum() or ch.isspace() or ch in "*/=" for ch in value):
        raise InputError(key="profile.bad_defuse", where=where)
    return value


def _list_items(raw: dict[str, Any], where: str) -> frozenset[str]:
    value = raw.get("list_items", [])
    if not isinstance(value, list) or not all(isinstance(v, str) and len(v) == 1 for v in value):
        raise InputError(key="profile.bad_list_items", where=where)
    return frozenset(value)


def engine_files(campaign: Path | None = None) -> dict[str, Path]:
    """Engine name → file: shipped ones, then the campaign's ``forums/`` (overriding)."""
    dirs = [shipped_dir()]
    if campaign is not None and (campaign / FORUMS_DIR).is_dir():
        dirs.append(campaign / FORUMS_DIR)
    files: dict[str, Path] = {}
    for folder in dirs:
        for path in sorted(folder.glob("*.toml")):
            files[path.stem] = path
    return files


@functools.cache
def dialect_names() -> list[str]:
    """The shipped engines that have a ``[dialect]``."""
    return sorted(name for name, path in engine_files().items() if dialect_from(path) is not None)


@functools.cache
def find_dialect(name: str) -> Dialect:
    """A shipped engine's BBCode dialect, read once per process (every post a command
    renders asks for it)."""
    path = engine_files().get(name)
    dialect = dialect_from(path) if path else None
    if dialect is None:
        raise InputError(key="profile.no_dialect", name=repr(name), names=dialect_names())
    return dialect
