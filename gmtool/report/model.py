"""The report model: what every command produces and every renderer consumes.

A report is a title and a list of blocks made of :class:`Span` runs.  Every span is
escaped by the renderer for its format unless it was built with ``escape=False`` — only
text gmtool formats itself from numbers (a dice list such as ``[6, 5, 3, 1]``) is built
that way, so anything a player typed is always escaped.
"""
from __future__ import annotations

from typing import Any, Union

from gmtool.struct import Frozen, Struct


class Span(Frozen):
    """A run of text with one style: None, "b", "i", "s" (struck through) or "code"."""

    __slots__ = ("text", "style", "escape")

    def __init__(self, text: str, style: str | None = None, escape: bool = True) -> None:
        self.text = text
        self.style = style
        self.escape = escape


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


class Heading(Struct):
    __slots__ = ("text",)

    def __init__(self, text: Text) -> None:
        self.text = text


class Paragraph(Struct):
    __slots__ = ("text",)

    def __init__(self, text: Text) -> None:
        self.text = text


class Facts(Struct):
    """``label: value`` pairs."""

    __slots__ = ("items",)

    def __init__(self, items: list[tuple[str, Text]]) -> None:
        self.items = items


class Items(Struct):
    """A bulleted list."""

    __slots__ = ("items",)

    def __init__(self, items: list[Text]) -> None:
        self.items = items


class TableBlock(Struct):
    __slots__ = ("headers", "rows", "align")

    def __init__(self, headers: list[str], rows: list[list[str]], align: list[str] | None = None) -> None:
        self.headers = headers
        self.rows = rows
        self.align = align   # per column: "left" | "right" | "center"


Block = Union[Heading, Paragraph, Facts, Items, TableBlock]


class Report(Struct):
    """A title, the blocks for humans, and ``data`` — the JSON object for scripts."""

    __slots__ = ("title", "blocks", "data")

    def __init__(self, title: Text, blocks: list[Block] | None = None,
                 data: dict[str, Any] | None = None) -> None:
        self.title = title
        self.blocks = blocks if blocks is not None else []
        self.data = data if data is not None else {}
