"""One renderer per output format: plain, bbcode, markdown, json.

Each turns any :class:`~gmtool.report.model.Report` into text; no command has a renderer
of its own.  ``tabulate`` is imported only when a report has a table.
"""
from __future__ import annotations

from typing import Callable

from gmtool.report import escape
from gmtool.report.model import CodeBlock, Facts, Heading, Items, Paragraph, Report, Span, TableBlock, Text

FORMATS = ("plain", "bbcode", "markdown", "json")


class _Renderer:
    escape: Callable[[str], str] = staticmethod(escape.plain)
    styles: dict[str, tuple[str, str]] = {}

    def span(self, span: Span) -> str:
        body = self.escape(span.text) if span.escape else span.text
        if span.style and body.strip():
            opener, closer = self.styles.get(span.style, ("", ""))
            # Markup hugs the words: "* x*" is not emphasis in Markdown.
            core = body.strip()
            lead = body[: len(body) - len(body.lstrip())]
            trail = body[len(body.rstrip()):]
            return f"{lead}{opener}{core}{closer}{trail}"
        return body

    def text(self, spans: Text) -> str:
        """Spans that may start a line."""
        return "".join(self.span(s) for s in spans)

    def inline(self, spans: Text) -> str:
        """Spans that follow other text on their line."""
        return self.text(spans)

    def render(self, report: Report) -> str:
        parts = [self.title(self.text(report.title))]
        for block in report.blocks:
            if isinstance(block, Heading):
                parts.append(self.heading(self.text(block.text)))
            elif isinstance(block, Paragraph):
                parts.append(self.text(block.text))
            elif isinstance(block, Facts):
                parts.append(self.facts([(self.escape(k), self.inline(v)) for k, v in block.items]))
            elif isinstance(block, Items):
                parts.append(self.items([self.text(i) for i in block.items]))
            elif isinstance(block, TableBlock):
                parts.append(self.table(block))
            elif isinstance(block, CodeBlock):
                parts.append(self.code(block.lines))
        return "\n\n".join(p for p in parts if p) + "\n"

    # -- per format --------------------------------------------------------------
    def title(self, value: str) -> str:
        return value

    def heading(self, value: str) -> str:
        return value

    def facts(self, items: list[tuple[str, str]]) -> str:
        return "\n".join(f"{k}: {v}" for k, v in items)

    def items(self, items: list[str]) -> str:
        return "\n".join(f"- {i}" for i in items)

    def table(self, block: TableBlock) -> str:
        return _tabulate(block, self.escape, "simple")

    def code(self, lines: list[str]) -> str:
        return "\n".join(lines)


def _tabulate(block: TableBlock, esc: Callable[[str], str], fmt: str) -> str:
    from tabulate import tabulate  # a heavy import: only for reports with tables

    rows = [[esc(str(c)) for c in row] for row in block.rows]
    headers = [esc(h) for h in block.headers]
    kwargs = {"colalign": block.align} if block.align else {}
    return tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True, **kwargs)


class PlainRenderer(_Renderer):
    escape = staticmethod(escape.plain)
    styles = {"s": ("~~", "~~")}

    def title(self, value: str) -> str:
        return f"{value}\n{'=' * len(value)}"

    def heading(self, value: str) -> str:
        return f"{value}\n{'-' * len(value)}"


class BBCodeRenderer(_Renderer):
    """phpBB / vBulletin / XenForo BBCode."""

    escape = staticmethod(escape.bbcode)
    styles = {"b": ("[b]", "[/b]"), "i": ("[i]", "[/i]"), "s": ("[s]", "[/s]"),
              "code": ("[font=monospace]", "[/font]")}

    def title(self, value: str) -> str:
        return f"[size=150][b]{value}[/b][/size]"

    def heading(self, value: str) -> str:
        return f"[b]{value}[/b]"

    def facts(self, items: list[tuple[str, str]]) -> str:
        return "\n".join(f"[b]{k}:[/b] {v}" for k, v in items)

    def items(self, items: list[str]) -> str:
        return "[list]\n" + "\n".join(f"[*]{i}" for i in items) + "\n[/list]"

    def table(self, block: TableBlock) -> str:
        # Inside [code] a forum keeps the spaces, so the columns line up.
        return "[code]" + _tabulate(block, escape.bbcode, "simple") + "[/code]"

    def code(self, lines: list[str]) -> str:
        return "[code]" + "\n".join(lines) + "[/code]"


class MarkdownRenderer(_Renderer):
    """CommonMark/GitHub-flavoured Markdown (Discourse, Reddit, Discord)."""

    escape = staticmethod(escape.markdown_inline)
    styles = {"b": ("**", "**"), "i": ("*", "*"), "s": ("~~", "~~"), "code": ("`", "`")}

    def text(self, spans: Text) -> str:
        out = self.inline(spans)
        if spans and spans[0].escape and not spans[0].style:
            out = escape.markdown_line_start(out)
        return out

    def inline(self, spans: Text) -> str:
        return "".join(self.span(s) for s in spans)

    def title(self, value: str) -> str:
        return f"### {value}"

    def heading(self, value: str) -> str:
        return f"**{value}**"

    def facts(self, items: list[tuple[str, str]]) -> str:
        return "\n".join(f"- **{k}:** {v}" for k, v in items)

    def table(self, block: TableBlock) -> str:
        return _tabulate(block, escape.markdown_inline, "pipe")

    def code(self, lines: list[str]) -> str:
        return "```text\n" + "\n".join(lines) + "\n```"


class JsonRenderer:
    """Exactly one JSON object: the report's data."""

    def render(self, report: Report) -> str:
        import json

        return json.dumps(report.data, ensure_ascii=False, indent=2) + "\n"


_RENDERERS = {"plain": PlainRenderer, "bbcode": BBCodeRenderer,
              "markdown": MarkdownRenderer, "json": JsonRenderer}


def render(report: Report, fmt: str) -> str:
    try:
        renderer = _RENDERERS[fmt]()
    except KeyError:
        raise ValueError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}") from None
    return renderer.render(report)
