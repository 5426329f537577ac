"""gmtool's own words in every language it speaks: one message catalog per language.

``gmtool/locale/<lang>.toml`` holds every message gmtool itself writes (labels, report
phrases, errors and refusals), one key per message, with named ``{placeholders}``; a
translator edits one file.  A *plural* message is a table of CLDR plural forms
(``one``/``other`` in English, ``one``/``few``/``many``/``other`` in Russian), chosen by
the number given as ``n``::

    t("successes_n", "ru", n=21)        # "21 успех"
    t("error.unknown_agent", "ru", name="Kess", known="…")

The plural category comes from the CLDR rules shipped with Babel (a whole number's in
English and Russian written out here, checked against Babel's by the tests).  Rule labels (planet types, events …) are rule data and live
in ``tables/<ruleset>/*.toml`` beside their rows, not here.

``Msg`` is a message not yet rendered (a key and its parameters); it may be a parameter of
another message, and an error carries one so that it is written in the reader's language
(see :mod:`gmtool.errors`).
"""

from __future__ import annotations

import functools
import re
import string
import tomllib
from pathlib import Path
from typing import Any

from gmtool.formats import DEFAULT_LANG as DEFAULT
from gmtool.formats import LANGS

PLURAL_FORMS = frozenset({"zero", "one", "two", "few", "many", "other"})
_HERE = Path(__file__).resolve().parent


class Msg:
    """A message by key with its parameters, rendered in a language on demand."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params

    def text(self, lang: str) -> str:
        return t(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.text(DEFAULT)

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.key, self.params) == (other.key, other.params)

    __hash__ = None  # type: ignore[assignment]


class Label(Msg):
    """A rule table's label (``{"en": …, "ru": …}``) as a message parameter: written in the
    reader's language, like a ``Msg`` (``Label(row.label)``).  Also any words already fixed
    in the languages they were written in (English where the reader's is missing)."""

    __slots__ = ()

    def __init__(self, labels: Any, /) -> None:
        super().__init__("", labels=dict(labels) if isinstance(labels, dict) else {DEFAULT: str(labels)})

    def text(self, lang: str) -> str:
        labels = self.params["labels"]
        return str(labels.get(lang) or labels.get(DEFAULT) or next(iter(labels.values()), ""))


def msg_to_data(msg: Msg) -> dict[str, Any]:
    """``msg`` as JSON data that :func:`msg_from_data` reads back and renders in any
    language: ``{"key": …, "params": {…}}``, a parameter that is a message nested the same
    way.  Words already fixed — a :class:`Label`, a message that works out its own words, a
    domain error's — are kept in every language: ``{"labels": {"en": …, "ru": …}}``."""
    if type(msg) is Msg:
        return {"key": msg.key, "params": {k: _param_to_data(v) for k, v in msg.params.items()}}
    if isinstance(msg, Label):
        return {"labels": dict(msg.params["labels"])}
    return {"labels": {lang: msg.text(lang) for lang in LANGS}}


def _param_to_data(value: Any) -> Any:
    if isinstance(value, Msg):
        return msg_to_data(value)
    words = getattr(value, "text", None)
    if isinstance(value, Exception) and callable(words):  # a domain error
        return {"labels": {lang: words(lang) for lang in LANGS}}
    if isinstance(value, list):
        return [_param_to_data(v) for v in value]
    if value is None or isinstance(value, (str, int, float)):
        return value
    return str(value)  # as a message writes it (a hex, a path …): the same in every language


def msg_from_data(data: Any) -> Msg:
    """The message :func:`msg_to_data` wrote; ``ValueError`` if ``data`` is not one, names
    a key no catalog has, or lacks a parameter its words need."""
    msg = _msg_from(data)
    try:
        for lang in LANGS:
            msg.text(lang)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError) as exc:
        raise ValueError(f"not a message: {exc}") from None
    return msg


def _msg_from(data: Any) -> Msg:
    if isinstance(data, dict) and set(data) == {"labels"} and isinstance(data["labels"], dict) and data["labels"]:
        return Label({str(k): str(v) for k, v in data["labels"].items()})
    if (
        isinstance(data, dict)
        and set(data) == {"key", "params"}
        and isinstance(data["key"], str)
        and has(data["key"])
        and isinstance(data["params"], dict)
        and _placeholders(data["key"]) <= set(data["params"])
    ):
        return Msg(data["key"], **{str(k): _param_from(v) for k, v in data["params"].items()})
    raise ValueError("not a message")


def _placeholders(key: str) -> set[str]:
    """The parameters the message ``key`` names, in any language and plural form."""
    names: set[str] = set()
    for lang in LANGS:
        message = catalog(lang).get(key)
        texts = message.values() if isinstance(message, dict) else [message or ""]
        for words in texts:
            names |= {re.split(r"[.\[]", field)[0] for _, field, _, _ in string.Formatter().parse(words) if field}
    return names


def _param_from(value: Any) -> Any:
    if isinstance(value, dict):
        return _msg_from(value)
    if isinstance(value, list):
        return [_param_from(v) for v in value]
    return value


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str | dict[str, str]]:
    out: dict[str, str | dict[str, str]] = {}
    for key, value in table.items():
        name = prefix + key
        if isinstance(value, dict) and value and "other" in value and set(value) <= PLURAL_FORMS:
            out[name] = {k: str(v) for k, v in value.items()}
        elif isinstance(value, dict):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = str(value)
    return out


@functools.cache
def catalog(lang: str) -> dict[str, str | dict[str, str]]:
    """Every message of one language: ``key → text`` or ``key → {plural form: text}``."""
    if lang not in LANGS:
        lang = DEFAULT
    return _read_catalog(_HERE / f"{lang}.toml")


def _read_catalog(path: Path) -> dict[str, str | dict[str, str]]:
    """The catalog at ``path`` — from its compiled copy (:func:`compiled_copy`: a catalog is
    read by almost every command, and parsing its TOML cost a turn ~30 ms for two languages;
    the copy loads in one)."""
    return compiled_copy(path, path.read_bytes(), lambda raw: _flatten(tomllib.loads(raw.decode("utf-8"))))


def compiled_copy(path: Path, raw: bytes, make: Any) -> Any:
    """``make(raw)`` for the file at ``path`` holding ``raw`` — from its compiled copy in
    ``__pycache__`` beside it when that was made from these very bytes (an edited file is
    read anew).  ``make`` returns a ``dict`` of what ``marshal`` keeps (TOML's data but its
    dates).  Like Python's bytecode, the copy is made where the folder can be written, and
    skipped where it cannot."""
    import hashlib
    import marshal
    import os
    import sys

    digest = hashlib.blake2b(raw, digest_size=16).digest()
    compiled = path.parent / "__pycache__" / f"{path.name}.{sys.implementation.cache_tag}.marshal"
    try:
        kept_digest, kept = marshal.loads(compiled.read_bytes())
        if kept_digest == digest and isinstance(kept, dict):
            return kept
    except (OSError, ValueError, EOFError, TypeError):
        pass
    made = make(raw)
    try:
        copy = marshal.dumps((digest, made))
        compiled.parent.mkdir(exist_ok=True)
        temp = compiled.with_name(f".{compiled.name}.{os.getpid()}.tmp")
        temp.write_bytes(copy)
        os.replace(temp, compiled)
    except (OSError, ValueError):  # a folder not to be written; a value marshal cannot keep
        pass
    return made


@functools.cache
def _plural_rule(lang: str) -> Any:
    from babel.core import Locale  # CLDR plural rules; loaded only for plural messages

    return Locale.parse(lang).plural_form


def _en_whole(i: int) -> str:
    return "one" if i == 1 else "other"


def _ru_whole(i: int) -> str:
    if i % 10 == 1 and i % 100 != 11:
        return "one"
    if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
        return "few"
    return "many"  # a whole number's every other case: i mod 10 in 0 or 5..9, i mod 100 in 11..14


# CLDR's rules for a whole number in the languages gmtool speaks, written out: loading Babel's
# locale data for them costs a command more than all its plural messages (tests/test_locale.py
# checks them against Babel's); a fraction, or another language, asks Babel
_WHOLE = {"en": _en_whole, "ru": _ru_whole}


def plural_category(n: int | float, lang: str) -> str:
    """The CLDR plural category of ``n`` in ``lang``: ``one``, ``few``, ``many``, ``other`` …"""
    lang = lang if lang in LANGS else DEFAULT
    whole = _WHOLE.get(lang)
    if whole is not None and isinstance(n, int):
        return whole(abs(n))
    return str(_plural_rule(lang)(abs(n)))


def plural_forms(lang: str) -> frozenset[str]:
    """The plural categories a catalog of ``lang`` must give for each plural message."""
    return frozenset(_plural_rule(lang).tags) | {"other"}


def _value(value: Any, lang: str) -> Any:
    if isinstance(value, Msg):
        return value.text(lang)
    text = getattr(value, "text", None)
    if isinstance(value, Exception) and callable(text):  # a domain error
        return text(lang)
    if isinstance(value, list):
        return t("list_sep", lang).join(str(_value(v, lang)) for v in value) if value else t("none", lang)
    return value if isinstance(value, (int, float)) else str(value)


def t(key: str, lang: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (English if that language lacks it), with its
    placeholders filled.  A plural message picks its form by the parameter ``n``.
    ``Msg`` parameters are rendered in the same language; list parameters are joined."""
    message = catalog(lang).get(key)
    if message is None:
        message, lang = catalog(DEFAULT)[key], DEFAULT
    if isinstance(message, dict):
        n = params.get("n", 0)
        message = message.get(plural_category(n, lang)) or message["other"]
    if not params:
        return message
    values = {k: _value(v, lang) for k, v in params.items()}
    if ":" in message and _NAME_SPEC.search(message):  # a name declined or agreed with
        return _NameFormatter().vformat(message, (), values)
    return message.format(**values)


# ``{leader:gen}``, ``{leader:g:направил|направила}`` … (gmtool.locale.names)
_NAME_SPEC = re.compile(r"\{\w+:(?:nom|gen|dat|acc|ins|pre|g:)")


class _NameFormatter(string.Formatter):
    """``str.format`` that also writes a leader's name in a case or a word agreeing with it."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        from gmtool.locale import names  # pytrovich itself is loaded only to decline a name

        if names.is_spec(format_spec):
            return names.format_name(value, format_spec)
        return super().format_field(value, format_spec)


def command_label(name: str) -> Label:
    """A forum command (``build``) as a post in each language writes it: the first of its
    words in ``forum.command`` («построить»), so a refusal names it in the reader's words."""
    said = {}
    for lang in LANGS:
        found = catalog(lang).get(f"forum.command.{name}")
        said[lang] = found.split()[0] if isinstance(found, str) and found.split() else name
    return Label(said)


@functools.cache
def words(section: str) -> dict[str, str]:
    """The words a user may type for each name of ``section`` (``forum.command``,
    ``vote.words``), in every language: ``word → name``.  The catalogs give each name its
    words, separated by spaces; the name itself is one of them.  Case-folded, read once."""
    found: dict[str, str] = {}
    prefix = section + "."
    for lang in LANGS:
        for key, value in catalog(lang).items():
            if key.startswith(prefix) and isinstance(value, str):
                name = key[len(prefix) :]
                for word in [name, *value.split()]:
                    found.setdefault(word.casefold(), name)
    return found


def has(key: str, lang: str = DEFAULT) -> bool:
    return key in catalog(lang)


def normalise(lang: Any) -> str:
    """``Lang.ru``, ``"ru"``, ``"RU"``, ``None`` → a language gmtool speaks."""
    value = getattr(lang, "value", lang)
    value = str(value).lower() if value else DEFAULT
    return value if value in LANGS else DEFAULT
