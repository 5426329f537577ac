"""Leaders' names: what a campaign accepts.

A name is printed in every report and becomes a report file's name, so:

* no control characters and no invisible format characters (bidi overrides such as
  U+202E, zero-width joiners…): ``ali\\u202eecb`` must not print as something else;
* unique without regard to case (``Bob`` and ``bob`` are one leader to a reader);
* its report file name (letters, digits, ``-`` and ``_``; anything else becomes ``_``) is
  unique too, and never one of gmtool's own report names (``public``, ``start-…``).

A forum name is a leader's name only when it reads as written: a name that changes when it
is cleaned up (:func:`cleaned`: NFKC, invisible and control characters dropped, odd spaces
made plain) is a look-alike (``bo``+U+202E+``b``, ``bob``+NBSP) and is no one's name.  Names
are then compared after NFC only, without regard to case (:func:`name_key`), so an
``й`` typed as ``и``+U+0306 is the same letter.
"""

from __future__ import annotations

import unicodedata
from typing import Iterable

from gmtool.errors import CampaignError

MAX_NAME = 40
RESERVED = ("public",)
RESERVED_PREFIX = "start-"
INVISIBLE = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")  # categories no name may hold


def file_stem(name: str) -> str:
    """The report file name of a leader (as `turn end` writes it)."""
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name) or "leader"


def _key(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def cleaned(name: str) -> str:
    """``name`` cleaned up: NFKC, invisible and control characters dropped, every space
    (NBSP, U+3000 …) a plain one, runs of spaces one space, none at the ends."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFKC", name):
        category = unicodedata.category(ch)
        if category in INVISIBLE:
            continue
        if category == "Zs":
            if out and out[-1] != " ":
                out.append(" ")
            continue
        out.append(ch)
    return "".join(out).rstrip(" ")


def lookalike(name: str) -> bool:
    """Does ``name`` change when cleaned up?  Such a forum name is no leader's name."""
    return cleaned(name) != unicodedata.normalize("NFC", name)


def name_key(name: str) -> str:
    """Names of one leader have one key: NFC, without regard to case (a campaign's names are
    unique so, see :func:`names_problems`)."""
    return unicodedata.normalize("NFC", name).casefold()


def shown(name: str) -> str:
    """``name`` to print: a look-alike's odd characters (invisible, spaces, letters NFKC
    changes) written as ``\\uXXXX``, so that a reader sees what the forum name holds."""
    if not lookalike(name):
        return name
    return "".join(ch if _plain(ch) else f"\\u{ord(ch):04X}" for ch in name)


def _plain(ch: str) -> bool:
    category = unicodedata.category(ch)
    if category in INVISIBLE or category == "Zs":
        return ch == " "
    return unicodedata.normalize("NFKC", ch) == ch


def name_problem(name: str, lang: str = "en") -> str:
    """Why ``name`` cannot be a leader's name ("" when it can), in ``lang``."""
    from gmtool.locale import t

    if not name.strip():
        return t("names.empty", lang)
    if name != name.strip():
        return t("names.spaces", lang, name=repr(name))
    if len(name) > MAX_NAME:
        return t("names.too_long", lang, name=repr(name[:20]), max=MAX_NAME)
    for ch in name:
        category = unicodedata.category(ch)
        if category in INVISIBLE:
            return t(
                "names.control", lang, name=repr(name.encode("unicode_escape").decode("ascii")), code=f"U+{ord(ch):04X}"
            )
    return ""


def names_problems(names: Iterable[str], lang: str = "en") -> list[str]:
    """Every problem of a campaign's leaders' names, one line each, in ``lang``."""
    from gmtool.locale import t

    problems: list[str] = []
    seen: dict[str, str] = {}
    stems: dict[str, str] = {}
    for name in names:
        problem = name_problem(name, lang)
        if problem:
            problems.append(t("names.bad", lang, problem=problem))
            continue
        key = _key(name)
        if key in seen and seen[key] == name:
            problems.append(t("names.twice", lang, name=repr(name)))
            continue
        if key in seen:
            problems.append(t("names.case", lang, first=repr(seen[key]), name=repr(name)))
            continue
        seen[key] = name
        stem = _key(file_stem(name))
        if stem in RESERVED or stem.startswith(RESERVED_PREFIX):
            problems.append(t("names.reserved", lang, name=repr(name)))
        elif stem in stems:
            problems.append(t("names.same_file", lang, first=repr(stems[stem]), name=repr(name), file=file_stem(name)))
        else:
            stems[stem] = name
    return problems


class NamesRefused(CampaignError):
    """The first problem of leaders' names, written in the reader's language."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = list(names)
        super().__init__(names_problems(self.names)[0])

    def text(self, lang: str = "en") -> str:
        return names_problems(self.names, lang)[0]
