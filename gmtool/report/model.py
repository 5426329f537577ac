"""The report model: what every command produces and every renderer consumes.

A report is a title and a list of blocks made of :class:`Span` runs.  Every span is
escaped by the renderer for its format unless it was built with ``escape=False`` — only
text gmtool formats itself from numbers (a dice list such as ``[6, 5, 3, 1]``) is built
that way, so anything a player typed is always escaped.
"""

from __future__ import annotations

import re
from typing import Any, Union

from gmtool.struct import Frozen, Struct


class Span(Frozen):
    """A run of text with one style: None, "b", "i", "s" (struck through), "code", or
    "literal" — text a reader types as it is (an option, a command, an orders line): a code
    span in Markdown and Discord, where typography would change it, plain in BBCode."""

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


_LITERAL = re.compile(r"`([^`\n]+)`|(?<![\w-])(--[a-z][\w-]*)")


def literal_text(message: str) -> Text:
    """A message whose `quoted` parts and ``--options`` a reader types as they are: those
    parts become "literal" spans (their backticks dropped), the rest plain text."""
    out: Text = []
    at = 0
    for m in _LITERAL.finditer(message):
        if m.start() > at:
            out.append(Span(message[at : m.start()]))
        out.append(Span(m.group(1) or m.group(2), "literal"))
        at = m.end()
    if at < len(message):
        out.append(Span(message[at:]))
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
    """A bulleted list. ``fold``: a title under which a renderer may fold a long list away
    (a BBCode spoiler, where the forum's dialect has one); other formats ignore it."""

    __slots__ = ("items", "fold")

    def __init__(self, items: list[Text], fold: str | None = None) -> None:
        self.items = items
        self.fold = fold


class TableBlock(Struct):
    __slots__ = ("headers", "rows", "align")

    def __init__(self, headers: list[str], rows: list[list[str]], align: list[str] | None = None) -> None:
        self.headers = headers
        self.rows = rows
        self.align = align  # per column: "left" | "right" | "center"


class CodeBlock(Struct):
    """Preformatted lines kept exactly (a text map): a code box in BBCode and Markdown.
    Only text gmtool lays out itself goes here — it is not escaped."""

    __slots__ = ("lines",)

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines


Block = Union[Heading, Paragraph, Facts, Items, TableBlock, CodeBlock]


class Report(Struct):
    """A title, the blocks for humans, and ``data`` — the JSON object for scripts."""

    __slots__ = ("title", "blocks", "data")

    def __init__(self, title: Text, blocks: list[Block] | None = None, data: dict[str, Any] | None = None) -> None:
        self.title = title
        self.blocks = blocks if blocks is not None else []
        self.data = data if data is not None else {}


# ---------------------------------------------------------------- stored reports


def _spans_out(spans: Text) -> list[list[Any]]:
    return [[s.text, s.style or "", s.escape] for s in spans]


def _spans_in(raw_spans: list[list[Any]]) -> Text:
    return [Span(str(t), style or None, bool(esc)) for t, style, esc in raw_spans]


def report_to_dict(report: Report) -> dict[str, Any]:
    """A report as plain data (to keep it, e.g. a forum reply, and render it again later
    in any format exactly as before)."""
    blocks: list[dict[str, Any]] = []
    for b in report.blocks:
        if isinstance(b, Heading):
            blocks.append({"type": "heading", "text": _spans_out(b.text)})
        elif isinstance(b, Paragraph):
            blocks.append({"type": "paragraph", "text": _spans_out(b.text)})
        elif isinstance(b, Facts):
            blocks.append({"type": "facts", "items": [[k, _spans_out(v)] for k, v in b.items]})
        elif isinstance(b, Items):
            blocks.append(
                {"type": "items", "items": [_spans_out(i) for i in b.items], **({"fold": b.fold} if b.fold else {})}
            )
        elif isinstance(b, TableBlock):
            blocks.append({"type": "table", "headers": b.headers, "rows": b.rows, "align": b.align or []})
        elif isinstance(b, CodeBlock):
            blocks.append({"type": "code", "lines": b.lines})
    return {"title": _spans_out(report.title), "blocks": blocks, "data": report.data}


def report_from_dict(raw: dict[str, Any]) -> Report:
    blocks: list[Block] = []
    for b in raw.get("blocks", []):
        kind = b.get("type")
        if kind == "heading":
            blocks.append(Heading(_spans_in(b["text"])))
        elif kind == "paragraph":
            blocks.append(Paragraph(_spans_in(b["text"])))
        elif kind == "facts":
            blocks.append(Facts([(k, _spans_in(v)) for k, v in b["items"]]))
        elif kind == "items":
            blocks.append(Items([_spans_in(i) for i in b["items"]], b.get("fold") or None))
        elif kind == "table":
            blocks.append(TableBlock(b["headers"], b["rows"], b.get("align") or None))
        elif kind == "code":
            blocks.append(CodeBlock([str(line) for line in b["lines"]]))
    return Report(_spans_in(raw.get("title", [])), blocks, raw.get("data", {}))
