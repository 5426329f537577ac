"""Leaders' names: what a campaign accepts.

A name is printed in every report and becomes a report file's name, so:

* no control characters and no invisible format characters (bidi overrides such as
  U+202E, zero-width joiners…): ``ali\\u202eecb`` must not print as something else;
* no compatibility characters, which NFKC would change (``ﬁ`` for ``fi``, ``Ｂ`` for
  ``B``, ``²`` for ``2``): such a name could never be told from the plain one;
* unique without regard to case (``Bob`` and ``bob`` are one leader to a reader);
* its report file name (letters, digits, ``-`` and ``_``; anything else becomes ``_``) is
  unique too, and never one of gmtool's own report names (``public``, ``start-…``).

A forum name is a leader's name only when it reads as written: a name that changes when it
is cleaned up (:func:`cleaned`: NFKC, invisible and control characters dropped, odd spaces
made plain) is a look-alike (``bo``+U+202E+``b``, ``bob``+NBSP) and is no one's name.  Names
are then compared after NFC and case only (:func:`name_key`, the one place names are
compared), so an ``й`` typed as ``и``+U+0306 is the same letter and ``BOB`` is ``bob`` —
but ``weiss`` is not ``Weiß``, nor ``fiona`` ``ﬁona``: no case fold that turns one letter
into two.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Iterable

from gmtool.errors import CampaignError

MAX_NAME = 40
RESERVED = ("public",)
RESERVED_PREFIX = "start-"
INVISIBLE = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")  # categories no name may hold


def file_stem(name: str) -> str:
    """The report file name of a leader (as `turn end` writes it)."""
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name) or "leader"


def _file_key(stem: str) -> str:
    """Report file names compare as strictly as a case-insensitive file system may compare
    them (NFKC, full case folding): two leaders' reports must never land in one file."""
    return unicodedata.normalize("NFKC", stem).casefold()


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


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """Names of one person have one key: NFC, without regard to case — every comparison of
    names (leaders, moderators, forum authors, agents) goes through it.  Case is folded one
    letter for one (``Σ``, ``σ``, ``ς`` → ``σ``; ``ẞ`` → ``ß``): a fold that writes one letter
    as two (``ß`` → ``ss``, ``ﬁ`` → ``fi``) would let ``weiss`` speak for ``Weiß``."""
    return unicodedata.normalize("NFC", "".join(_fold(ch) for ch in unicodedata.normalize("NFC", name)))


def _fold(ch: str) -> str:
    folded = ch.casefold()
    if len(folded) == 1:
        return folded
    lower = ch.lower()
    return lower if len(lower) == 1 else ch


def same_name(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` one name (:func:`name_key`)?"""
    return name_key(a) == name_key(b)


def compat_char(name: str) -> str:
    """The first character of ``name`` that NFKC would change ("" when none): a
    compatibility form (``ﬁ``, fullwidth ``Ｂ``, ``²``…).  A name only written in another
    canonical form (``и``+U+0306 for ``й``) has none."""
    composed = unicodedata.normalize("NFC", name)
    if unicodedata.normalize("NFKC", composed) == composed:
        return ""
    return next((ch for ch in composed if unicodedata.normalize("NFKC", ch) != ch), composed[:1])


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
    odd = compat_char(name)
    if odd:
        plain = unicodedata.normalize("NFKC", odd)
        return t("names.compat", lang, name=repr(name), char=repr(odd), code=f"U+{ord(odd):04X}", plain=repr(plain))
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
        key = name_key(name)
        if key in seen and seen[key] == name:
            problems.append(t("names.twice", lang, name=repr(name)))
            continue
        if key in seen:
            problems.append(t("names.case", lang, first=repr(seen[key]), name=repr(name)))
            continue
        seen[key] = name
        stem = _file_key(file_stem(name))
        if stem in RESERVED or stem.startswith(RESERVED_PREFIX):
            problems.append(t("names.reserved", lang, name=repr(name)))
        elif stem in stems:
            problems.append(t("names.same_file", lang, first=repr(stems[stem]), name=repr(name), file=file_stem(name)))
        else:
            stems[stem] = name
    return problems


def moderator_problems(moderators: Iterable[str], lang: str = "en") -> list[str]:
    """Every problem of the moderators' forum names (the rule of leaders' names: a name a
    forum could show as another, ``ﬁ`` or an invisible character, is refused), one line
    each, in ``lang``."""
    from gmtool.locale import t

    problems = (name_problem(name, lang) for name in moderators)
    return [t("names.moderator", lang, problem=problem) for problem in problems if problem]


def check_moderators(moderators: Iterable[str]) -> None:
    """Refuse moderators' forum names :func:`moderator_problems` finds, naming the first in
    the reader's language (``campaign set moderators``, ``--moderator``)."""
    from gmtool.errors import InputError
    from gmtool.locale import Msg

    names = list(moderators)

    class Problem(Msg):  # the first name's problem, in the reader's language
        def text(self, lang: str) -> str:
            return moderator_problems(names, lang)[0]

    if moderator_problems(names):
        raise InputError(key="settings.bad_moderator", problem=Problem("names.moderator"))


class NamesRefused(CampaignError):
    """The first problem of leaders' (then moderators') names, in the reader's language."""

    def __init__(self, names: Iterable[str], moderators: Iterable[str] = ()) -> None:
        self.names, self.moderators = list(names), list(moderators)
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        return [*names_problems(self.names, lang), *moderator_problems(self.moderators, lang)][0]
