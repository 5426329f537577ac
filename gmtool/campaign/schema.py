"""A TOML file described once, as data: each key with its check and its default on one line.

A :class:`Record` lists the :class:`Key` s of one table; reading (with type and range checks
whose errors name the place: ``player 2 (bob): awards 1: kind must be text``), writing and the
docs' table of fields are all derived from it, so a field is written down once
(``gmtool/campaign/model.py`` holds the campaign's records, beside its dataclasses).

* A record builds a dataclass (``make``) — a key's default is then the dataclass field's own
  — or, with ``make=None``, a plain ``dict`` holding the keys the file gives, in its order
  (the entries the rules still read by key: awards, inbox, the turn's log, the open vote…).
* Unknown keys are refused, naming them, unless the record says ``free`` (and why: ``doc``).
* ``write`` says when a key is left out of the file (TOML has no null): ``"set"`` leaves out
  None, ``""`` and ``[]``; ``"truthy"`` anything false; ``"always"`` nothing; or a function
  of the object.

This module is a leaf: it knows TOML values, hexes and messages, no campaign.
"""

from __future__ import annotations

import copy
import dataclasses
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator

from gmtool.campaign.hexes import Hex
from gmtool.errors import InputError
from gmtool.locale import Msg

Fail = Callable[[Msg], Exception]
REQUIRED: Any = object()  # a key the file must give
INHERIT: Any = object()  # a key whose default is its dataclass field's
MAX_COORD = 1000  # hex coordinates
BIG = 10**9


@dataclass(frozen=True)
class Ctx:
    """How a read reports: ``fail`` makes the error of a mistake; ``named``: a list entry's
    place names it too (``player 2 (bob)``), as a save's read-back says it."""

    fail: Fail
    named: bool = False


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


class Str(Check):
    def read(self, value: Any, name: str, ctx: Ctx) -> str:
        return str(expect(value, (str,), name, ctx))

    def doc(self) -> str:
        return "text"


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
class Key:
    """One key of a table: its check, its default (``REQUIRED``: the file must give it), the
    dataclass attribute it fills, when it is written, its ``[section]`` and its meaning."""

    name: str
    check: Check
    default: Any = INHERIT
    attr: str = ""
    write: str | Callable[[Any], bool] = "set"
    section: str = ""
    doc: str = ""

    @property
    def field(self) -> str:
        return self.attr or self.name


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
    ``free``: other keys are kept as they are (``doc`` says why); ``label``: the key naming a
    list's entry (``player 2 (bob)``); ``sections``: the ``[section]`` tables whose keys are
    the record's own (``[galaxy] radius``), with the message of a missing required one."""

    def __init__(
        self,
        title: str,
        keys: Iterable[Key],
        make: type | None = None,
        *,
        free: bool = False,
        label: str = "",
        sections: dict[str, bool] | None = None,
        doc: str = "",
    ) -> None:
        self.title, self.keys, self.make = title, tuple(keys), make
        self.free, self.label, self.doc_text = free, label, doc
        self.sections = sections or {}
        self.by_name = {(k.section, k.name): k for k in self.keys}
        if make is not None:
            defaults = {f.name: f for f in dataclasses.fields(make)}
            for k in self.keys:
                if k.field not in defaults:
                    raise TypeError(f"{title}: {k.name} is no field of {make.__name__}")

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
                    raise ctx.fail(Msg("error.file.no_section", section=section))
                raw = {}
            tables[section] = expect(raw, (dict,), place(name, section), ctx)
        out: dict[str, Any] = {}
        for key in self.keys:
            table = tables[key.section]
            where = place(name, key.section) if key.section else name
            if key.name in table:
                out[key.field] = key.check.read(table[key.name], place(where, key.name), ctx)
            elif self._required(key):
                raise ctx.fail(Msg("error.file.missing", name=place(where, key.name)))
            elif self.make is not None and key.default is not INHERIT:
                out[key.field] = copy.copy(key.default)
        for section, table in tables.items():
            known = {k.name for k in self.keys if k.section == section} | (set(self.sections) if not section else set())
            unknown = sorted(set(table) - known)
            if unknown and not self.free:
                where = place(name, section) if section else name
                raise ctx.fail(Msg("error.file.unknown_key", name=place(where, unknown[0])))
        if self.make is None:
            extra = {k: v for k, v in value.items() if k not in out}
            return {k: out.get(k, extra.get(k)) for k in value}  # the file's order
        return self.make(**out)

    def _required(self, key: Key) -> bool:
        if key.default is REQUIRED:
            return True
        if key.default is INHERIT and self.make is not None:
            f = next(f for f in dataclasses.fields(self.make) if f.name == key.field)
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
        f = next(f for f in dataclasses.fields(self.make) if f.name == key.field)
        if f.default is not dataclasses.MISSING:
            return f.default
        factory = f.default_factory
        return factory() if callable(factory) else None

    # -- writing
    def write(self, value: Any) -> Any:
        if self.make is None:
            return no_nulls(value)
        out: dict[str, Any] = {}
        for key in self.keys:
            v = getattr(value, key.field)
            target = out.setdefault(key.section, {}) if key.section else out
            if _written(key, value, v):
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
