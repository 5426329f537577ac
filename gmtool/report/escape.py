"""Escaping of text for each output format.

The goal: whatever a player types — ``[url=…]``, ``[/quote]``, ``</b>``, ``**``,
``@everyone`` — shows as the same characters and never turns into markup.
"""

from __future__ import annotations

import re
from typing import Iterable

from gmtool.lazy_re import lazy

ZWSP = "\u200b"
_CONTROL = lazy(r"[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]")
_NEWLINES = lazy(r"\s*[\r\n]+\s*")
# "[" that could open a tag: [b] [/quote] [url=…] [*] [hr/] [quote author=…] — a name
# then "]", "=", a space, "/" or the end of the text (a next span might close it); not
# "[Q,R]" or "[MODULE,MODULE…]", which no engine reads as a tag
_BB_TAG = lazy(r"\[(?=\s*/?\s*[A-Za-z*][A-Za-z0-9*_-]*(?:[\]=\s/]|$))")
_MD_SPECIAL = lazy(r"([\\`*_\[\]<>|~#&])")
_MD_TYPO = lazy(r"-{2,}|\.{3,}")
_MD_LINE_START = lazy(r"^(\s*)([-+=>]|\d+[.)])")


def clean(value: str) -> str:
    """Fold line breaks into spaces and drop control and bidi-override characters."""
    return _CONTROL.sub("", _NEWLINES.sub(" ", value))


def plain(value: str) -> str:
    return clean(value)


def bbcode(value: str, mark: str = ZWSP, items: Iterable[str] = ()) -> str:
    """BBCode text: ``mark`` (a dialect's ``defuse``, a zero-width space unless the engine
    drops it) after each "[" that could open a tag, so that no parser sees one; and after
    the "[" of ``items``, what the engine reads as a list item alone in brackets (SMF's
    ``[0]``, ``[+]``, ``[#]``, ``[@]``)."""
    out = _BB_TAG.sub("[" + mark, clean(value))
    if items:
        alone = "|".join(re.escape(i) for i in sorted(items))
        out = re.sub(rf"\[(?=(?:{alone})\])", "[" + mark, out)
    return out


def html(value: str) -> str:
    """HTML text or an attribute's value (the campaign's site): ``< > & " '`` as entities."""
    from html import escape as _html_escape

    return _html_escape(clean(value), quote=True)


def markdown_inline(value: str) -> str:
    """Markdown for text inside a line or a table cell."""
    out = _MD_SPECIAL.sub(r"\\\1", clean(value))
    # "--" and "...": Discourse's typographer would print "–" and "…" (escaped, it cannot)
    out = _MD_TYPO.sub(lambda m: "".join("\\" + ch for ch in m.group(0)), out)
    # Discord and Discourse mentions: @everyone must not ping anyone.
    return out.replace("@", "@" + ZWSP)


def markdown_line_start(escaped: str) -> str:
    """Escape what would make an already-escaped line a list item, heading or quote."""
    return _MD_LINE_START.sub(lambda m: m.group(1) + "\\" + m.group(2), escaped)


def markdown(value: str) -> str:
    """Markdown for text that may start a line (a list marker, a heading, a quote)."""
    return markdown_line_start(markdown_inline(value))
