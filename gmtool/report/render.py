"""One renderer per output format: plain, bbcode, markdown, discord, json (and html, for the
campaign's site).

Each turns any :class:`~gmtool.report.model.Report` into text; no command has a renderer
of its own.  ``tabulate`` is imported only when a report has a table.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable

from gmtool.formats import DEFAULT_DIALECT, DISCORD_LIMIT, FORMATS, LIMIT_FORMATS, MARKDOWN_LIMIT
from gmtool.report import escape
from gmtool.report.layout import CODE_WIDTH, PHONE_WIDTH
from gmtool.report.model import CodeBlock, Facts, Heading, Items, Paragraph, Report, Span, TableBlock, Text, raw

# a list marked foldable (Items.fold) this long or longer goes in a spoiler, where the dialect has one
FOLD_ITEMS = 8
# tables laid out in this process, by renderer class and content (_Renderer._tables_of)
_LAID_OUT: dict[tuple, tuple[str, ...]] = {}
_LAID_OUT_MOST = 512


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
            trail = body[len(body.rstrip()) :]
            return f"{lead}{opener}{core}{closer}{trail}"
        return body

    def text(self, spans: Text) -> str:
        """Spans that may start a line."""
        return "".join(self.span(s) for s in spans)

    def inline(self, spans: Text) -> str:
        """Spans that follow other text on their line."""
        return self.text(spans)

    def render(self, report: Report) -> str:
        return "\n\n".join(self.parts(report)) + "\n"

    def parts(self, report: Report) -> list[str]:
        """The rendered title and blocks, in order (a post may be split between them)."""
        parts = [self.title(self.text(report.title))]
        for block in report.blocks:
            if isinstance(block, Heading):
                parts.append(self.heading(self.text(block.text)))
            elif isinstance(block, Paragraph):
                parts.append(self.text(block.text))
            elif isinstance(block, Facts):
                parts.append(self.facts([(self.escape(k), self.inline(v)) for k, v in block.items]))
            elif isinstance(block, Items):
                parts.append(self.folded(block, self.items([self.text(i) for i in block.items])))
            elif isinstance(block, TableBlock):
                parts.extend(self._tables_of(block))
            elif isinstance(block, CodeBlock):
                parts.append(self.code(block.lines))
        return [p for p in parts if p]

    def part_mark(self, number: int, total: int) -> str:
        """The first line of part ``number`` of a split post."""
        return f"({number}/{total})"

    def is_heading(self, part: str) -> bool:
        return False

    def folded(self, block: Items, body: str) -> str:
        """A rendered list, folded away if the format can (see :attr:`Items.fold`)."""
        return body

    # -- per format --------------------------------------------------------------
    def title(self, value: str) -> str:
        return value

    def heading(self, value: str) -> str:
        return value

    def facts(self, items: list[tuple[str, str]]) -> str:
        return "\n".join(f"{k}: {v}" for k, v in items)

    def items(self, items: list[str]) -> str:
        return "\n".join(f"- {i}" for i in items)

    # -- tables ------------------------------------------------------------------
    # A table laid out by gmtool.report.layout: at most ``width`` columns wide and, in a
    # code box (boxed), at most CODE_ROWS lines; several boxes, or a list, if need be.
    boxed = False
    width = CODE_WIDTH
    groups = True  # a table too wide may go into several tables, each led by its key column

    def cell(self, value: str) -> str:
        """A table cell's text, escaped for the box it goes in."""
        return self.escape(value)

    def box(self, body: str) -> str:
        """A laid-out table in the format's code box."""
        return body

    def tables(self, block: TableBlock) -> list[str]:
        """The table as one part per code box (or a list where no table fits), then the
        cells of its nearly empty columns as a note (see :func:`layout.notes_apart`)."""
        from gmtool.report.layout import CODE_ROWS, lay_out, notes_apart

        headers = [self.cell(h) for h in block.headers]
        rows = [[self.cell(str(c)) for c in row] + [""] * (len(headers) - len(row)) for row in block.rows]
        apart = notes_apart(headers, rows, self.width)
        kept = [i for i in range(len(headers)) if i not in apart]
        pieces = lay_out(
            [headers[i] for i in kept],
            [[r[i] for i in kept] for r in rows],
            [block.align[i] for i in kept] if block.align else None,
            self.width,
            CODE_ROWS if self.boxed else None,
            self.groups,
        )
        if pieces is None:
            return [self.rows([self.text(_row_item(block.headers, row)) for row in block.rows])]
        out = [self.box(_grid(p.headers, p.rows, p.align, "simple", p.pad)) for p in pieces]
        if apart:
            keys = [0, *apart]
            noted = [[str(row[i]) if i < len(row) else "" for i in keys] for row in block.rows]
            names = [block.headers[i] for i in keys]
            out.append(
                self.items([self.text(_row_item(names, row)) for row in noted if any(c.strip() for c in row[1:])])
            )
        return out

    def _tables_of(self, block: TableBlock) -> list[str]:
        """:meth:`tables`, laid out once in a process for the same table in the same format: a
        turn renders each leader's report twice (its post, and the work page's copy without
        the orders template), the same tables in both.  Shared only by a renderer that keeps
        nothing of its own (its class says how it writes) and for headers that are text (the
        cells are read only as ``str(cell)``)."""
        if vars(self) or not all(type(h) is str for h in block.headers):
            return self.tables(block)
        key = (
            type(self),
            tuple(block.headers),
            tuple(tuple(str(c) for c in row) for row in block.rows),
            None if block.align is None else tuple(block.align),
        )
        laid = _LAID_OUT.get(key)
        if laid is None:
            if len(_LAID_OUT) >= _LAID_OUT_MOST:
                _LAID_OUT.clear()
            laid = _LAID_OUT[key] = tuple(self.tables(block))
        return list(laid)

    def rows(self, items: list[str]) -> str:
        """A table's rows where no table fits: one item each (``**key** — Header: value; …``)."""
        return self.items(items)

    def table(self, block: TableBlock) -> str:
        return "\n\n".join(self.tables(block))

    def code(self, lines: list[str]) -> str:
        return "\n".join(lines)


def _tabulate(block: TableBlock, esc: Callable[[str], str], fmt: str) -> str:
    rows = [[esc(str(c)) for c in row] for row in block.rows]
    return _grid([esc(h) for h in block.headers], rows, block.align, fmt)


def _grid(headers: list[str], rows: list[list[str]], align: list[str] | None, fmt: str, pad: int = 2) -> str:
    """Escaped cells as a table (a cell may hold several lines); ``pad``: the room beside
    a header (tabulate's own 2, or 0 in a table narrowed to fit)."""
    module = _tabulate_module()
    kwargs = {"colalign": align} if align else {}
    was, module.MIN_PADDING = module.MIN_PADDING, pad
    try:
        return module.tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True, **kwargs)
    finally:
        module.MIN_PADDING = was


@functools.cache
def _tabulate_module() -> Any:
    """tabulate, imported only for reports with tables — and without importlib.metadata,
    which it imports only to read its own version into ``tabulate.__version__`` (unused
    here): that import alone cost a turn's reports more than drawing every table."""
    import sys
    import types

    if "tabulate" in sys.modules or "importlib.metadata" in sys.modules:
        import tabulate

        return tabulate

    class PackageNotFoundError(LookupError):
        pass

    def version(name: str) -> str:
        raise PackageNotFoundError(name)

    stub = types.ModuleType("importlib.metadata")
    stub.version, stub.PackageNotFoundError = version, PackageNotFoundError  # type: ignore[attr-defined]
    sys.modules["importlib.metadata"] = stub
    try:
        import tabulate
    finally:
        if sys.modules.get("importlib.metadata") is stub:
            del sys.modules["importlib.metadata"]
    return tabulate


def _row_item(headers: list[str], row: list[str]) -> Text:
    """A table's row as one list item, where no table fits: ``**key** — Header: value; …``."""
    out: Text = [Span(str(row[0]), "b")] if row and str(row[0]) else []
    shown = [(h, str(c)) for h, c in zip(headers[1:], row[1:]) if str(c).strip()]
    for n, (header, value) in enumerate(shown):
        out.append(raw(" — " if n == 0 else "; "))
        out.append(Span(f"{header}: {value}"))
    return out


class PlainRenderer(_Renderer):
    escape = staticmethod(escape.plain)
    styles = {"s": ("~~", "~~")}

    def title(self, value: str) -> str:
        return f"{value}\n{'=' * len(value)}"

    def heading(self, value: str) -> str:
        return f"{value}\n{'-' * len(value)}"


class BBCodeRenderer(_Renderer):
    """BBCode in one forum engine's dialect (``tables/forums/<engine>.toml``): its tag
    names and size scale, and another way to show what it lacks (phpBB has no [s])."""

    escape = staticmethod(escape.bbcode)

    def __init__(self, dialect: str | None = None) -> None:
        from gmtool.forum.engines import find_dialect

        self.dialect = find_dialect(dialect or DEFAULT_DIALECT)
        self.styles = {k: v for k, v in self.dialect.styles.items() if k != "title" and any(v)}
        self.escape = functools.partial(escape.bbcode, mark=self.dialect.defuse, items=self.dialect.list_items)

    def title(self, value: str) -> str:
        opener, closer = self.dialect.styles["title"]
        return f"{opener}{value}{closer}"

    def heading(self, value: str) -> str:
        return f"[b]{value}[/b]"

    def is_heading(self, part: str) -> bool:
        return part.startswith("[b]") and part.endswith("[/b]") and "\n" not in part

    def facts(self, items: list[tuple[str, str]]) -> str:
        return "\n".join(f"[b]{k}:[/b] {v}" for k, v in items)

    def items(self, items: list[str]) -> str:
        if "list" not in self.dialect.tags:
            return "\n".join(f"• {i}" for i in items)
        return "[list]\n" + "\n".join(f"[*]{i}" for i in items) + "\n[/list]"

    def folded(self, block: Items, body: str) -> str:
        tag = self.dialect.spoiler
        if not (block.fold and tag and tag in self.dialect.tags and len(block.items) >= FOLD_ITEMS):
            return body
        title = escape.clean(block.fold).replace('"', "'").replace("[", "(").replace("]", ")")
        return f'[{tag}="{title} ({len(block.items)})"]\n{body}\n[/{tag}]'

    boxed = True

    def box(self, body: str) -> str:
        # Inside [code] a forum keeps the spaces, so the columns line up.
        return "[code]" + body + "[/code]"

    def part_mark(self, number: int, total: int) -> str:
        return f"[i]({number}/{total})[/i]"

    def code(self, lines: list[str]) -> str:
        # nothing inside may close the box early
        return "[code]" + "\n".join(lines).replace("[/code", "[" + self.dialect.defuse + "/code") + "[/code]"


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

    def span(self, span: Span) -> str:
        # Text a reader types as it is goes in a code span, unescaped: Discourse's
        # typographer would turn "--dice" into "–dice" and "..." into "…" outside one.
        if span.style in ("code", "literal") and span.text.strip():
            body = escape.clean(span.text).replace("@", "@" + escape.ZWSP)  # no mention pings
            core = body.strip()
            lead, trail = body[: len(body) - len(body.lstrip())], body[len(body.rstrip()) :]
            fence = "`" * (max((len(run) for run in re.findall("`+", core)), default=0) + 1)
            pad = " " if core.startswith("`") or core.endswith("`") else ""
            return f"{lead}{fence}{pad}{core}{pad}{fence}{trail}"
        return super().span(span)

    def title(self, value: str) -> str:
        return f"### {value}"

    def heading(self, value: str) -> str:
        return f"**{value}**"

    def facts(self, items: list[tuple[str, str]]) -> str:
        return "\n".join(f"- **{k}:** {v}" for k, v in items)

    def tables(self, block: TableBlock) -> list[str]:
        # a pipe table: the forum draws it as a table that wraps its cells, no code box
        return [_tabulate(block, escape.markdown_inline, "pipe")]

    def parts(self, report: Report) -> list[str]:
        # Two lists one after the other are one list in Markdown (a blank line between
        # makes it loose, not two): the chair of the Council would be read as one more
        # warship.  CommonMark starts a new list where the bullet changes.
        out = super().parts(report)
        for n in range(1, len(out)):
            if _bullet(out[n]) and _bullet(out[n]) == _bullet(out[n - 1]):
                other = "* " if _bullet(out[n]) == "- " else "- "
                out[n] = "\n".join(other + line[2:] for line in out[n].split("\n"))
        return out

    def is_heading(self, part: str) -> bool:
        return part.startswith("**") and part.endswith("**") and "\n" not in part

    def part_mark(self, number: int, total: int) -> str:
        return f"*({number}/{total})*"

    def code(self, lines: list[str]) -> str:
        return "```text\n" + "\n".join(_fence_cell(line) for line in lines) + "\n```"


class DiscordRenderer(MarkdownRenderer):
    """Markdown as Discord renders it: no pipe tables (aligned tables in a code block),
    ``##`` for the title, bold section headings; a post longer than one message is split
    into messages (see :func:`render_posts`)."""

    def title(self, value: str) -> str:
        return f"## {value}"

    def facts(self, items: list[tuple[str, str]]) -> str:
        # lines, not list items: Discord keeps a line break, and a list goes on over a blank
        # line into the next list whatever its bullet (the facts after a list of warships
        # would be more warships)
        return "\n".join(f"**{k}:** {v}" for k, v in items)

    def rows(self, items: list[str]) -> str:
        # one line a row, led by its key in bold: no list to run into a list above
        return "\n".join(items)

    def parts(self, report: Report) -> list[str]:
        out = _Renderer.parts(self, report)
        for n in range(1, len(out)):
            if _bullet(out[n]) and _bullet(out[n - 1]):
                out[n] = escape.ZWSP + "\n" + out[n]  # a line that is no list item ends the list above
        return out

    boxed = True
    # most players read Discord on a phone: no line wider than it shows, no table cut into
    # several tables whose rows a reader would have to line up across boxes (a list instead)
    width = PHONE_WIDTH
    groups = False

    def cell(self, value: str) -> str:
        return _fence_cell(value)

    def box(self, body: str) -> str:
        return f"```\n{body}\n```"

    def tables(self, block: TableBlock) -> list[str]:
        return _Renderer.tables(self, block)


def _bullet(part: str) -> str:
    """The bullet of a Markdown list part ("- " or "* "), or "" if the part is no list."""
    lines = part.split("\n")
    for mark in ("- ", "* "):
        if all(line.startswith(mark) for line in lines):
            return mark
    return ""


def _fence_cell(value: str) -> str:
    # a code block shows its text as it is; only a fence inside it could end it early
    return escape.clean(value).replace("```", "`\u200b``")


class HtmlRenderer(_Renderer):
    """HTML for the campaign's site (gmtool/site): a fragment of ``<h2>``, ``<p>``, ``<dl>``,
    ``<ul>``, ``<table>`` and ``<pre>``.  Every span is escaped — gmtool's own text too, since
    ``<`` and ``&`` are markup here — so a player's ``<script>`` shows as text."""

    escape = staticmethod(escape.html)
    styles = {"b": ("<b>", "</b>"), "i": ("<i>", "</i>"), "s": ("<s>", "</s>"), "code": ("<code>", "</code>")}

    def __init__(self, level: int = 2) -> None:
        self.level = level  # the title's <hN>: 2 for a page's post, 3 for a reply under a heading

    def span(self, span: Span) -> str:
        return super().span(span if span.escape else Span(span.text, span.style))

    def render(self, report: Report) -> str:
        return "\n".join(self.parts(report)) + "\n"

    def parts(self, report: Report) -> list[str]:
        out = [self.title(self.text(report.title))]
        for block in report.blocks:
            if isinstance(block, Paragraph):
                out.append(f"<p>{self.text(block.text)}</p>")
            else:
                out.extend(super().parts(Report([], [block]))[1:])  # [0]: the empty title
        return out

    def title(self, value: str) -> str:
        return f"<h{self.level}>{value}</h{self.level}>"

    def heading(self, value: str) -> str:
        return f"<h{self.level + 1}>{value}</h{self.level + 1}>"

    def facts(self, items: list[tuple[str, str]]) -> str:
        return '<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in items) + "</dl>"

    def items(self, items: list[str]) -> str:
        return "<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>"

    def tables(self, block: TableBlock) -> list[str]:
        # the browser lays the table out: a <table> however wide, never the code boxes'
        # text of gmtool.report.layout (which a page shows as one run of words)
        return [self.table(block)]

    def table(self, block: TableBlock) -> str:
        align = block.align or []

        def cell(tag: str, i: int, value: str) -> str:
            style = f' class="{align[i]}"' if i < len(align) and align[i] in ("right", "center") else ""
            return f"<{tag}{style}>{self.escape(str(value))}</{tag}>"

        head = "".join(cell("th", i, h) for i, h in enumerate(block.headers))
        rows = "".join("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>" for row in block.rows)
        return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>'

    def code(self, lines: list[str]) -> str:
        return "<pre>" + "\n".join(self.escape_line(line) for line in lines) + "</pre>"

    @staticmethod
    def escape_line(line: str) -> str:
        from html import escape as _html_escape

        return _html_escape(line, quote=False)


class JsonRenderer:
    """Exactly one JSON object: the report's data."""

    def render(self, report: Report) -> str:
        import json

        return json.dumps(report.data, ensure_ascii=False, indent=2) + "\n"


_RENDERERS = {
    "plain": PlainRenderer,
    "bbcode": BBCodeRenderer,
    "markdown": MarkdownRenderer,
    "discord": DiscordRenderer,
    "json": JsonRenderer,
}  # HtmlRenderer is the site's alone (gmtool/site), not a --format choice
# between the parts of a split post on stdout: not part of any post
PART_BREAK = "----- 8< ----- {number}/{total} -----"


def renderer_for(fmt: str, dialect: str | None = None) -> "_Renderer | JsonRenderer":
    if fmt == "bbcode":
        return BBCodeRenderer(dialect)
    try:
        return _RENDERERS[fmt]()
    except KeyError:
        raise ValueError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}") from None


def box_width(fmt: str) -> int:
    """The widest line of a code box in ``fmt``: a phone's in Discord, a forum's else."""
    renderer = _RENDERERS.get(fmt)
    return getattr(renderer, "width", CODE_WIDTH)


def post_limit(fmt: str, dialect: str | None = None, limit: int | None = None) -> int | None:
    """The longest post of a format: ``limit`` if given (never above Discord's own), else
    the dialect's, Discourse's or Discord's; plain and JSON are never split."""
    if fmt == "discord":
        return min(limit or DISCORD_LIMIT, DISCORD_LIMIT)
    if limit:
        return limit if fmt in LIMIT_FORMATS else None
    if fmt == "bbcode":
        from gmtool.forum.engines import find_dialect

        return find_dialect(dialect or DEFAULT_DIALECT).post_limit
    if fmt == "markdown":
        return MARKDOWN_LIMIT
    return None


def render_posts(report: Report, fmt: str, dialect: str | None = None, limit: int | None = None) -> list[str]:
    """The report as one post, or as numbered parts no longer than the format's limit,
    split between sections where it can, else between blocks, else between lines —
    never inside a code block."""
    renderer = renderer_for(fmt, dialect)
    if isinstance(renderer, JsonRenderer):
        return [renderer.render(report)]
    parts = renderer.parts(report)
    most = post_limit(fmt, dialect, limit)
    whole = "\n\n".join(parts)
    if most is None or len(whole) + 1 <= most:
        return [whole + "\n"]
    from gmtool.report.split import split_parts

    return split_parts(parts, most, renderer.part_mark, renderer.is_heading)


def render(report: Report, fmt: str, dialect: str | None = None, limit: int | None = None) -> str:
    """The report as text; a post too long for its forum comes as numbered parts with a
    ``----- 8< -----`` line between them."""
    posts = render_posts(report, fmt, dialect, limit)
    if len(posts) == 1:
        return posts[0]
    out = []
    for number, post in enumerate(posts, start=1):
        if number > 1:
            out.append(PART_BREAK.format(number=number, total=len(posts)) + "\n\n")
        out.append(post)
    return "".join(out)
