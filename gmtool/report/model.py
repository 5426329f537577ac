"""The report model: what every command produces and every renderer consumes.

A report is a title and a list of blocks made of :class:`Span` runs.  Every span is
escaped by the renderer for its format unless it was built with ``escape=False`` — only
text gmtool formats itself from numbers (a dice list such as ``[6, 5, 3, 1]``) is built
that way, so anything a player typed is always escaped.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union


@dataclass(frozen=True, slots=True)
class Span:
    text: str
    style: str | None = None   # None | "b" | "i" | "s" (struck through) | "code"
    escape: bool = True


Text = list[Span]


def text(*parts: "str | Span | list[Span]") -> Text:
    """Build a run of spans from plain strings and spans."""
    out: Text = []
    for part in parts:
        if isinstance(part, Span):
            out.append(part)
        elif isinstance(part, list):
            out.extend(part)
        elif part:
            out.append(Span(part))
    return out


def bold(value: str) -> Span:
    return Span(value, "b")


def raw(value: str, style: str | None = None) -> Span:
    """Text gmtool formatted itself (digits, brackets): never escaped."""
    return Span(value, style, escape=False)


@dataclass(slots=True)
class Heading:
    text: Text


@dataclass(slots=True)
class Paragraph:
    text: Text


@dataclass(slots=True)
class Facts:
    """``label: value`` pairs."""

    items: list[tuple[str, Text]]


@dataclass(slots=True)
class Items:
    """A bulleted list."""

    items: list[Text]


@dataclass(slots=True)
class TableBlock:
    headers: list[str]
    rows: list[list[str]]
    align: list[str] | None = None   # per column: "left" | "right" | "center"


Block = Union[Heading, Paragraph, Facts, Items, TableBlock]


@dataclass(slots=True)
class Report:
    """A title, the blocks for humans, and ``data`` — the JSON object for scripts."""

    title: Text
    blocks: list[Block] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
