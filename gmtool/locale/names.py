"""Leaders' names in a message's grammar: declined, and the words that agree with them.

A catalog placeholder may say how its name is written (docs/languages.md, "Names in a
sentence"):

* ``{leader:gen}`` — the name in a case: ``nom``, ``gen``, ``dat``, ``acc``, ``ins``,
  ``pre`` («флот {leader:gen}» → «флот Бориса»);
* ``{leader:gen|лидера {leader}}`` — the same, with the words to write instead when the
  name cannot be declined for sure (a forum nickname in Latin letters, a word no dictionary
  knows: «флот лидера alice»);
* ``{leader:g:направил|направила}`` — the masculine or the feminine word, by the leader's
  gender («его {sent_by:g:направил|направила} {sent_by}» → «его направила Глафира»).

Each word of a name is declined as the word it is. The Russian dictionary of ``pymorphy3``
(OpenCorpora) reads the name: a person's name — a first name (Борис, Мадлен), with a
patronymic (Антонина Петровна) and/or a surname (Иван Петров, Петров Иван) — is declined
by ``pytrovich`` (the petrovich rules: the patronymic as a patronymic, a name Russian does
not decline kept as it is); a nickname made of common words — an adjective agreeing with its
noun (Звёздный Лис → Звёздного Лиса, Тёмная Лиса → Тёмной Лисы), a noun (Хронист →
Хрониста), a noun with its genitive (Повелитель Тьмы → Повелителя Тьмы) — by the dictionary
itself. When the dictionary does not know a word, or its readings of the name would write it
differently, the name is not declined: the message writes its fallback, the form that
cannot be wrong («комната лидера Зергус»), rather than a guess.

A leader's gender is the roster's (``gender = "f"``, set by ``gmtool player set --gender``)
when the campaign gives one, else the dictionary's (of the first name, the patronymic, the
surname, or the nickname's noun: Мадлен, Антонина Петровна, Тёмная Лиса — feminine);
masculine when neither says. Both libraries are imported only when a message with such a
placeholder is written, so ``gmtool roll`` never loads them.
"""

from __future__ import annotations

import contextvars
import functools
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gmtool.lazy_re import lazy

CASES = ("nom", "gen", "dat", "acc", "ins", "pre")
GENDERS = ("m", "f")
_SPEC = lazy(r"(?P<case>nom|gen|dat|acc|ins|pre)(?:\|(?P<fallback>.*))?|g:(?P<male>[^|]*)\|(?P<female>.*)", re.S)
# A name the dictionary may read: one to three words of Russian letters (a word may be
# hyphenated: Анна-Мария).
_WORD = r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*"
_CYRILLIC = lazy(rf"{_WORD}(?: {_WORD}){{0,2}}")
# A patronymic the dictionary does not know is still one by its ending (Мирославовна).
_PATRONYMIC = lazy(r"(?:ович|евич|ич|овна|евна|ична|инична)$", re.I)
_MORPH_CASE = {"gen": "gent", "dat": "datv", "acc": "accs", "ins": "ablt", "pre": "loct"}
_GENDER_OF = {"masc": "m", "femn": "f", "neut": "n"}

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


def _roster_gender(name: str) -> str:
    lookup = _KNOWN.get()
    known = lookup(name) if lookup else ""
    return known if known in GENDERS else ""


def gender(name: str) -> str:
    """``"f"`` or ``"m"``: the roster's, else the dictionary's; masculine when unsure."""
    return _roster_gender(name) or guess_gender(name)


@functools.lru_cache(maxsize=512)
def guess_gender(name: str) -> str:
    """The gender the dictionary gives a name — of its first name, patronymic or surname, or
    of a nickname's noun: ``"f"`` or ``"m"`` (also for a name used by both, or one it does
    not know, or whose readings disagree)."""
    readings = _readings(name.strip())
    found = {reading.gender for reading in readings}
    return "f" if found == {"f"} else "m"


def declinable(name: str) -> bool:
    """Whether the dictionary can read ``name`` (a name or a nickname of known Russian words)."""
    return bool(_readings(name.strip()))


def decline(name: str, case: str, sex: str | None = None) -> str | None:
    """``name`` in ``case`` (``nom`` … ``pre``), or ``None`` when it cannot be declined for
    sure: a word the dictionary does not know, or readings that would write it differently.
    ``sex`` (``"m"``/``"f"``) is the person's, for a person's name; else the roster's."""
    if case not in CASES:
        raise ValueError(f"not a case: {case}")
    name = name.strip()
    return _declined(name, case, sex if sex in GENDERS else _roster_gender(name))


@functools.lru_cache(maxsize=4096)
def _declined(name: str, case: str, sex: str) -> str | None:
    readings = _readings(name)
    if not readings:
        return None
    if case == "nom":
        return name
    forms = {_write(reading, case, sex) for reading in readings}
    if len(forms) != 1 or None in forms:
        return None
    return forms.pop()


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


# ================================================================ reading a name


@dataclass(frozen=True)
class _Part:
    """One word of a name as it is read: ``role`` is ``first``, ``middle``, ``last`` (a
    person's name, declined by the petrovich rules), ``word`` (a common word, declined by
    the dictionary: ``parse``) or ``keep`` (a word that stays as it is: a genitive, a word
    Russian does not decline)."""

    role: str
    text: str
    parse: Any = None


@dataclass(frozen=True)
class _Reading:
    """One way to read a whole name: its words, and the gender it gives (``m``, ``f`` or
    ``""``); ``person`` when it is a person's name (the person's gender declines it)."""

    parts: tuple[_Part, ...]
    gender: str
    person: bool


@functools.cache
def _morph() -> Any:
    import pymorphy3  # loaded only to decline a name

    return pymorphy3.MorphAnalyzer()


@functools.lru_cache(maxsize=2048)
def _known(word: str) -> tuple[Any, ...]:
    """The dictionary's readings of ``word`` as a singular nominative (or a word it never
    declines); none for a word it only guesses (not in the dictionary)."""
    from pymorphy3.units import DictionaryAnalyzer

    found = []
    for parse in _morph().parse(word):
        if not _in_dictionary(parse, DictionaryAnalyzer):
            continue
        tag = parse.tag
        if tag.number == "sing" and tag.case == "nomn" or "Fixd" in tag.grammemes and tag.case == "nomn":
            found.append(parse)
    return tuple(found)


def _in_dictionary(parse: Any, analyzer: type) -> bool:
    """A reading of a word the dictionary holds, not one guessed by analogy, by a known
    prefix or a known ending."""
    return len(parse.methods_stack) == 1 and type(parse.methods_stack[0][0]) is analyzer


def _genitive_only(word: str) -> bool:
    """A known word that can be a genitive (of Тьмы, of Колец) and cannot be a nominative
    singular: it follows its noun and stays as it is."""
    from pymorphy3.units import DictionaryAnalyzer

    parses = [p for p in _morph().parse(word) if _in_dictionary(p, DictionaryAnalyzer)]
    return any(p.tag.case == "gent" for p in parses) and not _known(word)


def _gender_of(parse: Any) -> str:
    return _GENDER_OF.get(str(parse.tag.gender), "")


def _first_names(word: str) -> list[str]:
    """The genders the dictionary gives ``word`` as a first name (``""`` for a name of both
    genders: Саша); none when it is not a first name it knows. A hyphenated name (Анна-Мария,
    Жан-Поль) is declined in more than one way: it is not read."""
    if "-" in word:
        return []
    return sorted({_gender_of(p) for p in _known(word) if "Name" in p.tag.grammemes})


def _is_patronymic(word: str) -> str | None:
    """The gender of a patronymic (``m``/``f``), or ``None`` when ``word`` is not one."""
    for parse in _known(word):
        if "Patr" in parse.tag.grammemes:
            return _gender_of(parse)
    if not _known(word) and _PATRONYMIC.search(word):
        return "f" if word.lower().endswith("на") else "m"
    return None


def _surname_genders(word: str) -> list[str]:
    return sorted({_gender_of(p) for p in _known(word) if "Surn" in p.tag.grammemes})


@functools.lru_cache(maxsize=1024)
def _readings(name: str) -> tuple[_Reading, ...]:
    """Every way the dictionary reads ``name``; none when it cannot read it."""
    if _CYRILLIC.fullmatch(name) is None:
        return ()
    words = name.split(" ")
    people = _people(words)
    if people:
        return tuple(people)
    return tuple(_nicknames(words))


def _people(words: list[str]) -> list[_Reading]:
    """Readings of ``words`` as a person's name: a known first name, then a patronymic and/or
    a surname; or a known surname first (Петров Иван, Петрова Анна Ивановна)."""
    if _first_names(words[0]):
        first = 0
    elif len(words) > 1 and _surname_genders(words[0]) and _first_names(words[1]):
        first = 1
    else:
        return []
    given = words[first]
    middle = [i for i in range(first + 1, len(words)) if _is_patronymic(words[i]) is not None][:1]
    lasts = [i for i in range(len(words)) if i != first and i not in middle]
    if len(lasts) > 1:
        return []
    # the gender: the patronymic's, else the first name's, else a known surname's
    genders = [g for i in middle if (g := _is_patronymic(words[i]))]
    if not genders:
        genders = [g for g in _first_names(given) if g] or [g for i in lasts for g in _surname_genders(words[i]) if g]
    parts = []
    for i, word in enumerate(words):
        if i == first:
            parts.append(_Part("keep" if _fixed(word) else "first", word))
        else:
            parts.append(_Part("middle" if i in middle else "last", word))
    return [_Reading(tuple(parts), sex, True) for sex in genders or [""]]


def _fixed(word: str) -> bool:
    """A first name Russian does not decline (Мадлен, Мэри)."""
    found = [p for p in _known(word) if "Name" in p.tag.grammemes]
    return bool(found) and all("Fixd" in p.tag.grammemes for p in found)


def _nicknames(words: list[str]) -> list[_Reading]:
    """Readings of ``words`` as a nickname of common words: adjectives agreeing with their
    noun (or an adjective alone), then words in the genitive that stay as they are."""
    tail = 0
    while tail < len(words) - 1 and _genitive_only(words[-1 - tail]):
        tail += 1
    head, kept = words[: len(words) - tail], words[len(words) - tail :]
    if any("-" in w for w in head):
        return []
    options: list[list[Any]] = []
    for i, word in enumerate(head):
        known: list[Any] = list(_known(word))
        if i < len(head) - 1:  # an adjective before its noun
            known = [p for p in known if p.tag.POS == "ADJF"]
        else:
            nouns = [p for p in known if p.tag.POS == "NOUN"]
            # a place name (Кэт) is no one's nickname unless Russian does not decline it
            nouns = [p for p in nouns if "Geox" not in p.tag.grammemes or "Fixd" in p.tag.grammemes]
            common = [p for p in nouns if not {"Name", "Surn", "Patr", "Geox"} & p.tag.grammemes]
            known = common or nouns or ([p for p in known if p.tag.POS == "ADJF"] if len(head) == 1 else [])
        if not known:
            return []
        options.append(known)
    readings = []
    for combo in itertools.product(*options):
        noun = combo[-1]
        sex = _gender_of(noun)
        if any(_gender_of(adj) != sex for adj in combo[:-1]) and str(noun.tag.gender) != "ms-f":
            continue
        parts = tuple(_Part("word", w, p) for w, p in zip(head, combo)) + tuple(_Part("keep", w) for w in kept)
        readings.append(_Reading(parts, sex if sex in GENDERS else "", False))
    return readings


# ================================================================ writing it in a case


def _write(reading: _Reading, case: str, sex: str) -> str | None:
    """``reading`` in ``case``; ``sex`` is the roster's gender (a person's name only)."""
    person = (sex or reading.gender) if reading.person else reading.gender
    out = []
    for part in reading.parts:
        if part.role == "keep":
            out.append(part.text)
        elif part.role == "word":
            word = _inflect(part, case, reading)
            if word is None:
                return None
            out.append(word)
        else:
            word = _petrovich(part.role, person, case, part.text)
            if word is None:
                return None
            out.append(word)
    return " ".join(out)


def _inflect(part: _Part, case: str, reading: _Reading) -> str | None:
    """A common word in ``case`` by the dictionary, written with the letters' case and the
    е/ё of the word as typed. A person's nickname is animate: a masculine one in the
    accusative is written as in the genitive (подставив Звёздного Лиса)."""
    grammemes = {_MORPH_CASE[case]}
    if case == "acc" and reading.parts and _nick_masculine(reading):
        grammemes = {"gent"}
    inflected = part.parse.inflect(grammemes)
    if inflected is None:
        return None
    return _like(part.text, inflected.word)


def _nick_masculine(reading: _Reading) -> bool:
    heads = [p.parse for p in reading.parts if p.role == "word"]
    return bool(heads) and str(heads[-1].tag.gender) == "masc"


def _like(typed: str, word: str) -> str:
    """``word`` written as ``typed`` is: its capitals, and е where ё was not typed."""
    if "ё" not in typed.lower():
        word = word.replace("ё", "е")
    out = []
    for typed_part, part in zip(typed.split("-"), word.split("-")):
        if typed_part.isupper() and len(typed_part) > 1:
            out.append(part.upper())
        elif typed_part[:1].isupper():
            out.append(part[:1].upper() + part[1:])
        else:
            out.append(part)
    return "-".join(out)


@functools.cache
def _maker() -> Any:
    from pytrovich.maker import PetrovichDeclinationMaker

    return PetrovichDeclinationMaker()


def _petrovich(role: str, sex: str, case: str, word: str) -> str | None:
    from pytrovich.enums import Case, Gender, NamePart

    cases = {
        "gen": Case.GENITIVE,
        "dat": Case.DATIVE,
        "acc": Case.ACCUSATIVE,
        "ins": Case.INSTRUMENTAL,
        "pre": Case.PREPOSITIONAL,
    }
    part = {"first": NamePart.FIRSTNAME, "middle": NamePart.MIDDLENAME, "last": NamePart.LASTNAME}[role]
    try:
        return str(_maker().make(part, Gender.FEMALE if sex == "f" else Gender.MALE, cases[case], word))
    except (KeyError, ValueError, AttributeError, IndexError):
        return None
