"""Leaders' names: what a campaign accepts.

A name is printed in every report and becomes a report file's name, so:

* no control characters and no invisible format characters (bidi overrides such as
  U+202E, zero-width joiners…): ``ali\\u202eecb`` must not print as something else;
* unique without regard to case (``Bob`` and ``bob`` are one leader to a reader);
* its report file name (letters, digits, ``-`` and ``_``; anything else becomes ``_``) is
  unique too, and never one of gmtool's own report names (``public``, ``start-…``).
"""
from __future__ import annotations

import unicodedata
from typing import Iterable

MAX_NAME = 40
RESERVED = ("public",)
RESERVED_PREFIX = "start-"


def file_stem(name: str) -> str:
    """The report file name of a leader (as `turn end` writes it)."""
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name) or "leader"


def _key(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def name_problem(name: str) -> str:
    """Why ``name`` cannot be a leader's name ("" when it can)."""
    if not name.strip():
        return "a name cannot be empty"
    if name != name.strip():
        return f"{name!r} begins or ends with a space"
    if len(name) > MAX_NAME:
        return f"{name[:20]!r}… is longer than {MAX_NAME} characters"
    for ch in name:
        category = unicodedata.category(ch)
        if category in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            return (f"{name.encode('unicode_escape').decode('ascii')!r} holds an invisible or control character "
                    f"(U+{ord(ch):04X})")
    return ""


def names_problems(names: Iterable[str]) -> list[str]:
    """Every problem of a campaign's leaders' names, one line each."""
    problems: list[str] = []
    seen: dict[str, str] = {}
    stems: dict[str, str] = {}
    for name in names:
        problem = name_problem(name)
        if problem:
            problems.append(f"player name {problem}")
            continue
        key = _key(name)
        if key in seen and seen[key] == name:
            problems.append(f"player {name!r} appears twice")
            continue
        if key in seen:
            problems.append(f"player names {seen[key]!r} and {name!r} differ only in case")
            continue
        seen[key] = name
        stem = _key(file_stem(name))
        if stem in RESERVED or stem.startswith(RESERVED_PREFIX):
            problems.append(f"player name {name!r} is taken by gmtool's own report files; choose another")
        elif stem in stems:
            problems.append(f"player names {stems[stem]!r} and {name!r} would share one report file "
                            f"({file_stem(name)}); choose names that differ in letters or digits")
        else:
            stems[stem] = name
    return problems
