"""Forum engines as data: ``tables/forums/<engine>.toml``.

An engine file holds a ``[profile]`` (how to read the engine's thread pages: which element
is a post, where its id, author and body are, which quote and code boxes to skip, where
the next page is) and a ``[dialect]`` (which BBCodes the engine has, how gmtool's styles
are written in them, the post length limit).  A campaign adds or replaces engines with
files in its own ``forums/`` folder; ``--profile FILE`` names one file directly.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gmtool.errors import InputError
from gmtool.forum.engines import (  # noqa: F401
    FORUMS_DIR,
    Dialect,
    _read,
    _strings,
    _text,
    dialect_from,
    dialect_names,
    engine_files,
    find_dialect,
    shipped_dir,
)


@dataclass
class Field:
    """Where a value is: an element (``select``, else the post itself), then its
    attribute ``attr`` (else its text), then the first group of ``pattern``."""

    select: str = ""
    attr: str = ""
    pattern: re.Pattern[str] | None = None


@dataclass
class Profile:
    name: str
    label: str
    path: Path
    detect: list[str]
    post: str
    id: Field
    author: Field
    body: str
    skip: list[str] = field(default_factory=list)
    drop: list[str] = field(default_factory=list)
    edited: str = ""
    next: str = ""


def _field(raw: Any, key: str, where: str) -> Field:
    if isinstance(raw, str):
        raw = {"select": raw}
    if not isinstance(raw, dict) or not set(raw) <= {"select", "attr", "pattern"}:
        raise InputError(key="profile.need_field", where=where, key_=key)
    pattern = None
    if raw.get("pattern"):
        try:
            pattern = re.compile(str(raw["pattern"]))
        except re.error as exc:
            raise InputError(key="profile.bad_pattern", where=where, key_=key, reason=exc) from None
    return Field(str(raw.get("select", "")), str(raw.get("attr", "")), pattern)


def profile_from(path: Path) -> Profile | None:
    """The ``[profile]`` of an engine file, or None when it has none."""
    raw = _read(path).get("profile")
    if raw is None:
        return None
    where = f"{path} [profile]"
    if not isinstance(raw, dict):
        raise InputError(key="file.not_table", where=where)
    known = {"name", "label", "detect", "post", "id", "author", "body", "skip", "drop", "edited", "next"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise InputError(key="profile.unknown_key", where=where, key_=unknown[0], keys=sorted(known))
    for key in ("id", "author"):
        if key not in raw:
            raise InputError(key="profile.missing", where=where, key_=key)
    profile = Profile(
        name=_text(raw, "name", where, path.stem) or path.stem,
        label=_text(raw, "label", where, ""),
        path=path,
        detect=_strings(raw, "detect", where),
        post=_text(raw, "post", where),
        id=_field(raw["id"], "id", where),
        author=_field(raw["author"], "author", where),
        body=_text(raw, "body", where),
        skip=_strings(raw, "skip", where),
        drop=_strings(raw, "drop", where),
        edited=_text(raw, "edited", where, ""),
        next=_text(raw, "next", where, ""),
    )
    _check_selectors(profile, where)
    return profile


def _check_selectors(profile: Profile, where: str) -> None:
    """Every selector must parse: a typo is reported now, naming the key, not mid-thread."""
    from selectolax.lexbor import LexborHTMLParser

    probe = LexborHTMLParser("<p></p>")
    pairs = [
        ("post", profile.post),
        ("body", profile.body),
        ("edited", profile.edited),
        ("next", profile.next),
        ("id.select", profile.id.select),
        ("author.select", profile.author.select),
    ]
    pairs += [("detect", s) for s in profile.detect] + [("skip", s) for s in profile.skip]
    pairs += [("drop", s) for s in profile.drop]
    for key, selector in pairs:
        if not selector:
            continue
        try:
            probe.css(selector)
        except Exception as exc:  # lexbor reports a bad selector as a plain exception
            raise InputError(
                key="profile.bad_selector", where=where, key_=key, selector=repr(selector), reason=exc
            ) from None


def profiles(campaign: Path | None = None) -> list[Profile]:
    """Every engine's profile (shipped, then the campaign's): read once per process for
    each file as it stands, since a thread of many pages asks for them on every page."""
    found = [_profile_of(str(p), *_stamp(p)) for p in _engine_files(campaign).values()]
    return [p for p in found if p is not None]


def _engine_files(campaign: Path | None) -> dict[str, Path]:
    """The engines' files; the campaign's own ``forums/`` and its profiles are campaign
    files, refused when they are symbolic links (one to outside the campaign would be read
    as if the campaign held it)."""
    from gmtool.campaign.files import refuse_link

    files = engine_files(campaign)
    if campaign is not None:
        folder = campaign / FORUMS_DIR
        refuse_link(folder)
        for path in files.values():
            if path.parent == folder:
                refuse_link(path)
    return files


def _stamp(path: Path) -> tuple[int, int]:
    try:
        info = path.stat()
    except OSError:
        return 0, 0  # profile_from names the problem
    return info.st_mtime_ns, info.st_size


@functools.lru_cache(maxsize=64)
def _profile_of(path: str, mtime_ns: int, size: int) -> Profile | None:
    return profile_from(Path(path))


def find_profile(name: str, campaign: Path | None = None) -> Profile:
    """``--profile NAME`` (a shipped or campaign engine) or ``--profile FILE.toml``."""
    if name.endswith(".toml") or "/" in name or "\\" in name:
        path = Path(name)
        if not path.is_file():
            raise InputError(key="profile.no_file", name=name)
        profile = profile_from(path)
        if profile is None:
            raise InputError(key="profile.no_table", name=name)
        return profile
    files = _engine_files(campaign)
    found = files.get(name)
    profile = profile_from(found) if found else None
    if profile is None:
        names = ", ".join(p.name for p in profiles(campaign))
        raise InputError(key="profile.no_engine", name=repr(name), names=names)
    return profile
