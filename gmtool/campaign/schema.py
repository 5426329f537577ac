"""A TOML file described once, as data: each key with its check and its default on one line.

A :class:`Record` lists the :class:`Key` s of one table; reading (with type and range checks
whose errors name the place: ``player 2 (bob): awards 1: kind must be text``), writing and the
docs' table of fields are all derived from it, so a field is written down once.

* **A field is its declaration.**  A dataclass field declared with :func:`key`
  (``lang: str = key(Choice(LANGS), "en", setting=Setting("lang"), shown=EVERYONE)``) holds
  everything about it: its type (the annotation), its default, its check with its range, its
  ``[section]``, when it is written, its meaning, the word and reader of ``campaign set``
  (:class:`Setting`) and who sees it in a status (``shown``).  :meth:`Record.of` reads the
  class's declarations, in the order they are written (the file's order); reading, writing,
  ``campaign set`` (gmtool/campaign/settings.py), the status views (gmtool/campaign/views.py)
  and the docs' tables all come from them.
* **Parts.**  A field declared with :func:`part` holds an object whose own declared fields are
  keys of the same table (``[turn_state]`` keys are a :class:`~gmtool.campaign.model.TurnState`'s):
  their place in the file is the part's place, or, for a key declared ``after=NAME``, right
  after the key ``NAME`` (the keys that follow it in its class follow it there).  A subclass's
  own fields are placed the same way among its base's: a ruleset's player (``[[player]]``) and
  its state (the campaign's ``game``) thus keep the file's order of keys exactly.
* A record builds a dataclass (``make``) — a key's default is then the dataclass field's own
  — or, with ``make=None``, a plain ``dict`` holding the keys the file gives, in its order
  (the entries the rules still read by key: awards, inbox, the turn's log, the open vote…).
* Unknown keys are refused, naming them, unless the record says ``free`` (and why: ``doc``).
* ``write`` says when a key is left out of the file (TOML has no null): ``"set"`` leaves out
  None, ``""`` and ``[]``; ``"truthy"`` anything false; ``"always"`` nothing; or a function
  of the object holding it.

This module is a leaf: it knows TOML values, hexes and messages, no campaign.
"""

from __future__ import annotations

import copy
import dataclasses
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping

from gmtool.campaign.hexes import Hex
from gmtool.errors import InputError
from gmtool.locale import Msg

Fail = Callable[[Msg], Exception]
REQUIRED: Any = object()  # a key the file must give
INHERIT: Any = object()  # a key whose default is its dataclass field's
MAX_COORD = 1000  # hex coordinates
BIG = 10**9
CLEAR = ("", "default", "none")  # `campaign set KEY default`: the value a file without the key reads
# Who sees a field in a status (gmtool/campaign/views.py): the moderator alone, the leader it
# belongs to (a leader's own figures; a campaign's field: every leader) and the moderator, or
# everyone (the public post, every leader).  A field declared with no ``shown`` is no status's.
MODERATOR, LEADER, EVERYONE = "moderator", "leader", "everyone"
AUDIENCES = {MODERATOR: (MODERATOR,), LEADER: (MODERATOR, LEADER), EVERYONE: (MODERATOR, LEADER, EVERYONE)}


@dataclass(frozen=True)
class Ctx:
    """How a read reports: ``fail`` makes the error of a mistake; ``named``: a list entry's
    place names it too (``player 2 (bob)``), as a save's read-back says it.  ``kinds``: the
    records of the turn log's kinds of event, the campaign's ruleset's (a log entry is read by
    its kind's record)."""

    fail: Fail
    named: bool = False
    kinds: Mapping[str, "Record"] | None = None


def place(where: str, key: str) -> str:
    return f"{where}: {key}" if where else key


def short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def kind_name(kinds: Iterable[type]) -> Msg | str:
    names = {int: "int", str: "str", bool: "bool", list: "list", dict: "dict"}
    words: list[Msg | str] = [Msg("error.file.kind_" + names[k]) if k in names else k.__name__ for k in kinds]
    return words[0] if len(words) == 1 else Msg("error.file.or_list", items=words[:-1], last=words[-1])


def expect(value: Any, kinds: tuple[type, ...], name: str, ctx: Ctx) -> Any:
    """``value`` if it is one of ``kinds`` (a bool is no whole number), else the error."""
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        raise ctx.fail(Msg("error.file.wrong_kind", name=name, kind=kind_name(kinds), value=short(value)))
    return value


# ------------------------------------------------------------------------- checks


class Check(ABC):
    """How one value is read (checked, turned into its Python shape) and written back."""

    @abstractmethod
    def read(self, value: Any, name: str, ctx: Ctx) -> Any:
        """``value`` checked and in its Python shape, or ``ctx.fail``'s error."""

    def write(self, value: Any) -> Any:
        return value

    @abstractmethod
    def doc(self) -> str:
        """The value's kind as the docs' table says it."""

    def records(self) -> Iterator["Record"]:
        """The records nested in this check (for the docs' tables)."""
        return iter(())

    def parse(self, text: str, word: str) -> Any:
        """The value ``campaign set WORD TEXT`` gives (checked as the file's value is): a
        :class:`Setting` whose check cannot read a string names its own reader."""
        raise TypeError(f"{word}: {type(self).__name__} reads no string; give the Setting a parse")

    def view(self, value: Any) -> Any:
        """The value as a status shows it (JSON): what the file holds."""
        return self.write(value)


class Int(Check):
    def __init__(self, low: int = -BIG, high: int = BIG) -> None:
        self.low, self.high = low, high

    def read(self, value: Any, name: str, ctx: Ctx) -> int:
        expect(value, (int,), name, ctx)
        if not self.low <= value <= self.high:
            raise ctx.fail(Msg("error.file.out_of_range", name=name, value=short(value), low=self.low, high=self.high))
        return int(value)

    def doc(self) -> str:
        return f"whole number {self.low:,}…{self.high:,}".replace(",", " ")

    def parse(self, text: str, word: str) -> int:
        if not (text.isascii() and text.isdigit()) or not self.low <= int(text) <= self.high:
            raise InputError(key="settings.bad_number", setting=word, value=repr(text), low=self.low, high=self.high)
        return int(text)


class Str(Check):
    def read(self, value: Any, name: str, ctx: Ctx) -> str:
        return str(expect(value, (str,), name, ctx))

    def doc(self) -> str:
        return "text"

    def parse(self, text: str, word: str) -> str:
        return text


class Bool(Check):
    def read(self, value: Any, name: str, ctx: Ctx) -> bool:
        return bool(expect(value, (bool,), name, ctx))

    def doc(self) -> str:
        return "true/false"


class Choice(Check):
    def __init__(self, values: Iterable[str]) -> None:
        self.values = tuple(values)

    def read(self, value: Any, name: str, ctx: Ctx) -> str:
        expect(value, (str,), name, ctx)
        if value not in self.values:
            raise ctx.fail(Msg("error.file.bad_choice", name=name, known=list(self.values), value=value))
        return str(value)

    def doc(self) -> str:
        return " \\| ".join(f"`{v}`" for v in self.values)

    def parse(self, text: str, word: str) -> str:
        if text not in self.values:
            raise InputError(key="settings.bad_choice", setting=word, value=repr(text), choices=", ".join(self.values))
        return text


class HexText(Check):
    """A hex ``"q,r"``; ``as_text``: kept as the text (an entry the rules read as text)."""

    def __init__(self, as_text: bool = False) -> None:
        self.as_text = as_text

    def read(self, value: Any, name: str, ctx: Ctx) -> Any:
        expect(value, (str,), name, ctx)
        try:
            hex_ = Hex.parse(value)
        except InputError:
            raise ctx.fail(Msg("error.file.bad_hex", name=name, value=short(value))) from None
        if max(abs(hex_.q), abs(hex_.r)) > MAX_COORD:
            raise ctx.fail(Msg("error.file.hex_range", name=name, value=short(value), max=MAX_COORD))
        return value if self.as_text else hex_

    def write(self, value: Any) -> Any:
        return None if value is None else str(value)

    def doc(self) -> str:
        return 'hex `"q,r"`'


class When(Check):
    """An aware date and time: TOML's offset date-time (``2026-12-03T20:00:00+03:00``), its
    year (as written) within ``years``."""

    def __init__(self, years: tuple[int, int] = (1, 9999)) -> None:
        self.years = years

    def read(self, value: Any, name: str, ctx: Ctx) -> Any:
        import datetime

        if not isinstance(value, datetime.datetime) or value.tzinfo is None:
            raise ctx.fail(Msg("error.file.not_when", name=name, value=short(value)))
        low, high = self.years
        if not low <= value.year <= high:
            raise ctx.fail(
                Msg(
                    "error.file.out_of_range",
                    name=name,
                    value=value.isoformat(),
                    low=f"{low:04d}-01-01",
                    high=f"{high:04d}-12-31",
                )
            )
        return value

    def doc(self) -> str:
        low, high = self.years
        return f"date and time with its UTC offset, years {low}…{high}"


class Strings(Check):
    def read(self, value: Any, name: str, ctx: Ctx) -> list[str]:
        expect(value, (list,), name, ctx)
        if not all(isinstance(v, str) for v in value):
            raise ctx.fail(Msg("error.file.not_strings", name=name))
        return list(value)

    def doc(self) -> str:
        return "list of text"


class Ints(Check):
    def __init__(self, message: str = "error.file.not_ints") -> None:
        self.message = message

    def read(self, value: Any, name: str, ctx: Ctx) -> list[int]:
        expect(value, (list,), name, ctx)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise ctx.fail(Msg(self.message, name=name))
        return list(value)

    def doc(self) -> str:
        return "list of whole numbers"


class Free(Check):
    """Any TOML value, kept as it is (its shape belongs to its kind: say which in ``doc``)."""

    def read(self, value: Any, name: str, ctx: Ctx) -> Any:
        return value

    def write(self, value: Any) -> Any:
        return no_nulls(value)

    def doc(self) -> str:
        return "any value"


class MapOf(Check):
    """A table of NAME = value, each value read by ``check`` (ships by class, ballots by leader)."""

    def __init__(self, check: Check, what: str = "NAME") -> None:
        self.check, self.what = check, what

    def read(self, value: Any, name: str, ctx: Ctx) -> dict[str, Any]:
        expect(value, (dict,), name, ctx)
        return {k: self.check.read(v, place(name, k), ctx) for k, v in value.items()}

    def write(self, value: Any) -> Any:
        return {k: self.check.write(v) for k, v in value.items()}

    def doc(self) -> str:
        return f"table {self.what} = {self.check.doc()}"

    def records(self) -> Iterator["Record"]:
        return self.check.records()


class ListOf(Check):
    """A list of tables, entry ``i`` named ``NAME i`` (``player 2``, ``awards 1``)."""

    def __init__(self, check: "Check") -> None:
        self.check = check

    def read(self, value: Any, name: str, ctx: Ctx) -> list[Any]:
        expect(value, (list,), name, ctx)
        label = self.check.label if isinstance(self.check, Record) else None
        out = []
        for i, raw in enumerate(value, start=1):
            where = f"{name} {i}"
            if ctx.named and label and isinstance(raw, dict) and isinstance(raw.get(label), str):
                where += f" ({raw[label][:40]})"
            out.append(self.check.read(raw, where, ctx))
        return out

    def write(self, value: Any) -> Any:
        return [self.check.write(v) for v in value]

    def doc(self) -> str:
        return f"list of {self.check.doc()}".replace("list of table (", "list of tables (")

    def records(self) -> Iterator["Record"]:
        return self.check.records()


# ------------------------------------------------------------------------- records


@dataclass(frozen=True)
class Setting:
    """A field the moderator changes with ``campaign set WORD VALUE`` (gmtool/campaign/settings.py):
    ``parse`` reads VALUE (None: the field's check reads it, its range or choices with it);
    ``clear``: ``""``, ``default`` and ``none`` give back the value of a file without the key;
    ``keep_case``: VALUE is read as written, not lower-cased; ``then``: what else changes
    with it, so the stored state keeps its meaning (called with the object and the old value).
    WORD's name in the moderator's language is ``[reply.settings.name] WORD`` in the catalogs."""

    word: str
    parse: Callable[[str], Any] | None = None
    clear: bool = False
    keep_case: bool = False
    then: Callable[[Any, Any], None] | None = None


@dataclass(frozen=True)
class Key:
    """One key of a table: its check, its default (``REQUIRED``: the file must give it), the
    dataclass attribute it fills (``part.name`` for a part's field), when it is written, its
    ``[section]``, its meaning, its ``campaign set`` (``setting``), who sees it in a status
    (``shown``) and, for a key placed among another class's keys, the key it follows (``after``)."""

    name: str
    check: Check
    default: Any = INHERIT
    attr: str = ""
    write: str | Callable[[Any], bool] = "set"
    section: str = ""
    doc: str = ""
    setting: Setting | None = None
    shown: str | None = None
    after: str = ""

    @property
    def field(self) -> str:
        return self.attr or self.name

    @property
    def where(self) -> tuple[str, str]:
        """(the part holding the attribute, "" for the record's own object; the attribute)."""
        part, _, name = self.field.rpartition(".")
        return part, name


_KEY = "gmtool.key"  # a dataclass field's declaration (its metadata)
_PART = "gmtool.part"
_NO_DEFAULT: Any = dataclasses.MISSING


def key(
    check: Check,
    default: Any = _NO_DEFAULT,
    *,
    factory: Callable[[], Any] | None = None,
    missing: Any = INHERIT,
    name: str = "",
    section: str = "",
    write: str | Callable[[Any], bool] = "set",
    doc: str = "",
    setting: Setting | None = None,
    shown: str | None = None,
    after: str = "",
) -> Any:
    """A dataclass field declared as a key of its table: its default (``factory`` for a list or
    a table), and everything else about it (:class:`Key`).  ``missing``: the value a file
    without the key reads as, when it is not the default (``REQUIRED``: the file must give
    it); ``name``: the key's name in the file when it is not the field's."""
    if isinstance(default, (list, dict, set)):
        raise TypeError("a mutable default is a factory")
    if shown is not None and shown not in AUDIENCES:
        raise TypeError(f"shown: one of {', '.join(AUDIENCES)}")
    spec = Key(name, check, missing, "", write, section, doc, setting, shown, after)
    if factory is not None:
        return dataclasses.field(default_factory=factory, metadata={_KEY: spec})
    return dataclasses.field(default=default, metadata={_KEY: spec})


def part(factory: Callable[[], Any] | None = None, *, after: str = "") -> Any:
    """A field holding an object whose declared fields are keys of this same table (see the
    module's doc); ``factory`` makes it when none is given.  ``after``: its keys follow that
    key (else they stand where the part is declared)."""
    meta = {_PART: after}
    if factory is None:
        return dataclasses.field(metadata=meta)
    return dataclasses.field(default_factory=factory, metadata=meta)


def declared(cls: type, prefix: str = "", parts: dict[str, type] | None = None) -> list[tuple[Key, str]]:
    """The keys ``cls`` declares (its fields made with :func:`key`), in the order they are
    written — a base class's first, a part's keys in the part's place — each with the key it
    is to follow (``after``: the key and the ones that follow it in its class) or "" (its own
    place): :func:`arrange` puts them in the file's order.  ``parts``: filled with each part's
    attribute and the class of the object it holds."""
    hints = _part_classes(cls)
    own = _own(cls)
    flat: list[tuple[Key, str]] = []
    anchor = ""
    for f in dataclasses.fields(cls):
        if _KEY in f.metadata:
            spec: Key = f.metadata[_KEY]
            anchor = spec.after or (anchor if f.name in own else "")
            flat.append((dataclasses.replace(spec, name=spec.name or f.name, attr=prefix + f.name, after=""), anchor))
        elif _PART in f.metadata:
            anchor = ""
            sub = hints.get(f.name)
            if sub is None:
                continue  # a part whose class is the campaign's ruleset's: composed by its owner
            if parts is not None:
                parts[prefix + f.name] = sub
            after = f.metadata[_PART]
            flat += [(k, after or to) for k, to in declared(sub, prefix + f.name + ".", parts)]
    return flat


def arrange(flat: list[tuple[Key, str]]) -> list[Key]:
    """Keys in order, each with the key it follows ("" for its own place): moved there, a run
    of keys after one anchor kept in its order."""
    out = [k for k, anchor in flat if not anchor]
    runs: dict[str, list[Key]] = {}
    for k, anchor in flat:
        if anchor:
            runs.setdefault(anchor, []).append(k)
    for anchor, run in runs.items():
        at = next((i for i, k in enumerate(out) if anchor in (k.name, f"{k.section}.{k.name}", k.field)), None)
        if at is None:
            raise TypeError(f"{run[0].name}: no key {anchor!r} to follow")
        out[at + 1 : at + 1] = run
    return out


def _own(cls: type) -> set[str]:
    return set(getattr(cls, "__annotations__", {}))


def _part_classes(cls: type) -> dict[str, type]:
    """Each part field's class, from its annotation (resolved in the class's module)."""
    import sys
    import typing

    out: dict[str, type] = {}
    names = [f.name for f in dataclasses.fields(cls) if _PART in f.metadata]
    if not names:
        return out
    for klass in reversed(cls.__mro__):
        notes = klass.__dict__.get("__annotations__", {})
        module = sys.modules.get(klass.__module__)
        for name in names:
            if name not in notes:
                continue
            hint = notes[name]
            if isinstance(hint, str):
                try:
                    hint = eval(hint, vars(module) if module else {})  # noqa: S307 (a class's own annotation)
                except NameError:
                    continue  # a type variable's name: the ruleset's, composed by the owner
            origin = typing.get_origin(hint) or hint
            if isinstance(origin, type) and dataclasses.is_dataclass(origin):
                out[name] = origin
    return out


def _written(key: Key, obj: Any, value: Any) -> bool:
    if callable(key.write):
        return key.write(obj)
    if key.write == "always":
        return value is not None
    if key.write == "truthy":
        return bool(value)
    return value is not None and value != [] and value != ""


def no_nulls(value: Any) -> Any:
    """TOML has no null: drop None from nested tables and lists."""
    if isinstance(value, dict):
        return {k: no_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [no_nulls(v) for v in value if v is not None]
    return value


class Record(Check):
    """A table of known keys; ``make`` the dataclass it builds (None: a dict of what is given);
    ``parts``: the attributes of ``make`` holding an object built from keys of this table too
    (attribute → its class; a key's ``attr`` ``part.name``); ``free``: other keys are kept as
    they are (``doc`` says why); ``label``: the key naming a list's entry (``player 2 (bob)``);
    ``sections``: the ``[section]`` tables whose keys are the record's own (``[galaxy]
    radius``), with the message of a missing required one."""

    def __init__(
        self,
        title: str,
        keys: Iterable[Key],
        make: type | None = None,
        *,
        parts: dict[str, type] | None = None,
        free: bool = False,
        label: str = "",
        sections: dict[str, bool] | None = None,
        doc: str = "",
    ) -> None:
        self.title, self.keys, self.make = title, tuple(keys), make
        self.parts = dict(parts or {})
        self.free, self.label, self.doc_text = free, label, doc
        self.sections = sections or {}
        self.by_name = {(k.section, k.name): k for k in self.keys}
        self._fields: dict[str, dict[str, dataclasses.Field]] = {}
        if make is not None:
            self._fields[""] = {f.name: f for f in dataclasses.fields(make)}
            for name, cls in self.parts.items():
                self._fields[name] = {f.name: f for f in dataclasses.fields(cls)}
            for k in self.keys:
                owner, attr = k.where
                if attr not in self._fields.get(owner, {}):
                    raise TypeError(f"{title}: {k.name} is no field of {owner or make.__name__}")

    @classmethod
    def of(cls, make: type, title: str, **options: Any) -> "Record":
        """The record of the keys ``make`` declares (:func:`declared`)."""
        parts: dict[str, type] = {}
        keys = arrange(declared(make, parts=parts))
        return cls(title, keys, make, parts=parts, **options)

    # -- reading
    def read(self, value: Any, name: str, ctx: Ctx) -> Any:
        if not isinstance(value, dict):
            if not name:
                raise ctx.fail(Msg("error.file.file_not_table"))
            expect(value, (dict,), name, ctx)
        tables: dict[str, dict[str, Any]] = {"": value}
        for section, required in self.sections.items():
            raw = value.get(section)
            if raw is None:
                if required:
                    if not name and "ruleset" not in value and any(k.name == "ruleset" for k in self.keys):
                        # read as the default ruleset's because the file names none: say so
                        raise ctx.fail(Msg("error.file.no_section_ruleset", section=section))
                    raise ctx.fail(Msg("error.file.no_section", section=section))
                raw = {}
            tables[section] = expect(raw, (dict,), place(name, section), ctx)
        out: dict[str, Any] = {}
        into: dict[str, dict[str, Any]] = {part: {} for part in self.parts}
        for key in self.keys:
            table = tables[key.section]
            where = place(name, key.section) if key.section else name
            owner, attr = key.where
            target = into[owner] if owner else out
            if key.name in table:
                target[attr if owner else key.field] = key.check.read(table[key.name], place(where, key.name), ctx)
            elif self._required(key):
                raise ctx.fail(Msg("error.file.missing", name=place(where, key.name)))
            elif self.make is not None and key.default is not INHERIT:
                target[attr if owner else key.field] = copy.copy(key.default)
        for section, table in tables.items():
            known = {k.name for k in self.keys if k.section == section} | (set(self.sections) if not section else set())
            unknown = sorted(set(table) - known)
            if unknown and not self.free:
                where = place(name, section) if section else name
                raise ctx.fail(Msg("error.file.unknown_key", name=place(where, unknown[0])))
        if self.make is None:
            extra = {k: v for k, v in value.items() if k not in out}
            return {k: out.get(k, extra.get(k)) for k in value}  # the file's order
        for part_name, made in into.items():
            out[part_name] = self.parts[part_name](**made)
        return self.make(**out)

    def _field(self, key: Key) -> dataclasses.Field:
        owner, attr = key.where
        return self._fields[owner][attr]

    def _required(self, key: Key) -> bool:
        if key.default is REQUIRED:
            return True
        if key.default is INHERIT and self.make is not None:
            f = self._field(key)
            return f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        return False

    def default_of(self, key: Key) -> Any:
        """The value a missing key stands for (REQUIRED when it must be given)."""
        if self._required(key):
            return REQUIRED
        if key.default is not INHERIT:
            return key.default
        if self.make is None:
            return None
        f = self._field(key)
        if f.default is not dataclasses.MISSING:
            return f.default
        factory = f.default_factory
        return factory() if callable(factory) else None

    def holder(self, obj: Any, key: Key) -> Any:
        """The object holding ``key``'s attribute: ``obj``, or its part."""
        owner, _ = key.where
        return getattr(obj, owner) if owner else obj

    def get(self, obj: Any, key: Key) -> Any:
        return getattr(self.holder(obj, key), key.where[1])

    def set(self, obj: Any, key: Key, value: Any) -> None:
        setattr(self.holder(obj, key), key.where[1], value)

    # -- writing
    def write(self, value: Any) -> Any:
        if self.make is None:
            return no_nulls(value)
        out: dict[str, Any] = {}
        for key in self.keys:
            holder = self.holder(value, key)
            v = getattr(holder, key.where[1])
            target = out.setdefault(key.section, {}) if key.section else out
            if _written(key, holder, v):
                target[key.name] = key.check.write(v)
        for section, required in self.sections.items():  # an optional section with nothing set: left out
            if not required and out.get(section) == {}:
                del out[section]
        return out

    # -- docs
    def doc(self) -> str:
        return f"table ({self.title})"

    def records(self) -> Iterator["Record"]:
        yield self
        for key in self.keys:
            yield from key.check.records()
