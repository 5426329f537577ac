"""Leaders' names in a message's grammar: declined, and the words that agree with them.

A catalog placeholder may say how its name is written (docs/languages.md, "Names in a
sentence"):

* ``{leader:gen}`` — the name in a case: ``nom``, ``gen``, ``dat``, ``acc``, ``ins``,
  ``pre`` («флот {leader:gen}» → «флот Бориса»);
* ``{leader:gen|лидера {leader}}`` — the same, with the words to write instead when the
  name cannot be declined (a forum nickname in Latin letters: «флот лидера alice»);
* ``{leader:g:направил|направила}`` — the masculine or the feminine word, by the leader's
  gender («его {sent_by:g:направил|направила} {sent_by}» → «его направила Глафира»).

A leader's gender is the roster's (``gender = "f"``, set by ``gmtool player set --gender``)
when the campaign gives one, else guessed from the name; masculine when neither says.
Russian names are declined by ``pytrovich`` (the petrovich rules), imported only when a
message with such a placeholder is rendered, so ``gmtool roll`` never loads it.
"""

from __future__ import annotations

import contextvars
import functools
import re
from collections.abc import Callable
from typing import Any

CASES = ("nom", "gen", "dat", "acc", "ins", "pre")
GENDERS = ("m", "f")
_SPEC = re.compile(r"(?P<case>nom|gen|dat|acc|ins|pre)(?:\|(?P<fallback>.*))?|g:(?P<male>[^|]*)\|(?P<female>.*)", re.S)
# A name the rules can decline: Cyrillic words (a first name, or a first name and a surname).
_CYRILLIC = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)?(?: [А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)?)?")

# The campaign's known genders: name → "m" | "f" | "" (set when a campaign is loaded).
_KNOWN: contextvars.ContextVar[Callable[[str], str] | None] = contextvars.ContextVar("gmtool_genders", default=None)


def know_genders(lookup: Callable[[str], str] | None) -> None:
    """Tell the messages the genders the campaign gives its leaders: ``lookup(name)`` is
    ``"m"``, ``"f"`` or ``""`` (not set: guessed from the name)."""
    _KNOWN.set(lookup)


def know_campaign(campaign: Any) -> None:
    """:func:`know_genders` of a loaded campaign; reads its roster as it is at render time."""
    players = getattr(campaign, "players", None)
    if players is None:
        return

    def lookup(name: str) -> str:
        for player in players:
            if player.name == name:
                return str(getattr(player, "gender", "") or "")
        return ""

    know_genders(lookup)


def is_spec(spec: str) -> bool:
    """Whether a placeholder's format spec is one of this module's."""
    return _SPEC.fullmatch(spec) is not None


def declinable(name: str) -> bool:
    """Whether ``name`` is one the rules decline (Russian letters, one or two words)."""
    return _CYRILLIC.fullmatch(name.strip()) is not None


def gender(name: str) -> str:
    """``"f"`` or ``"m"``: the roster's, else guessed from the name; masculine when unsure."""
    lookup = _KNOWN.get()
    known = lookup(name) if lookup else ""
    if known in GENDERS:
        return known
    return guess_gender(name)


@functools.lru_cache(maxsize=512)
def guess_gender(name: str) -> str:
    """The gender the petrovich rules give a first name: ``"f"`` or ``"m"`` (also for a name
    used by both, or one they do not know)."""
    if not declinable(name):
        return "m"
    from pytrovich.enums import Gender  # loaded only to decline a name

    first = name.split()[0]
    try:
        found = _detector().detect(firstname=first)
    except (KeyError, ValueError, AttributeError):
        return "m"
    return "f" if found == Gender.FEMALE else "m"


@functools.cache
def _detector() -> Any:
    from pytrovich.detector import PetrovichGenderDetector

    return PetrovichGenderDetector()


@functools.cache
def _maker() -> Any:
    from pytrovich.maker import PetrovichDeclinationMaker

    return PetrovichDeclinationMaker()


@functools.lru_cache(maxsize=2048)
def _decline(name: str, case: str, sex: str) -> str | None:
    from pytrovich.enums import Case, Gender, NamePart

    cases = {
        "gen": Case.GENITIVE,
        "dat": Case.DATIVE,
        "acc": Case.ACCUSATIVE,
        "ins": Case.INSTRUMENTAL,
        "pre": Case.PREPOSITIONAL,
    }
    g = Gender.FEMALE if sex == "f" else Gender.MALE
    parts = name.split()
    try:
        out = [_maker().make(NamePart.FIRSTNAME, g, cases[case], parts[0])]
        out += [_maker().make(NamePart.LASTNAME, g, cases[case], p) for p in parts[1:]]
    except (KeyError, ValueError, AttributeError, IndexError):
        return None
    return " ".join(out)


def decline(name: str, case: str, sex: str | None = None) -> str | None:
    """``name`` in ``case`` (``nom`` … ``pre``), or ``None`` when it cannot be declined."""
    if case not in CASES:
        raise ValueError(f"not a case: {case}")
    if not declinable(name):
        return None
    if case == "nom":
        return name
    return _decline(name.strip(), case, sex or gender(name))


def format_name(value: Any, spec: str) -> str:
    """A placeholder's value written as its spec says (see the module's doc)."""
    found = _SPEC.fullmatch(spec)
    if found is None:
        raise ValueError(f"not a name spec: {spec}")
    name = str(value)
    if found["case"] is None:
        return str(found["female"] if gender(name) == "f" else found["male"])
    declined = decline(name, found["case"])
    if declined is not None:
        return declined
    return str(found["fallback"]) if found["fallback"] is not None else name
