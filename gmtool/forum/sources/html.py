"""Posts from a saved (or fetched) forum page, read with an HTML parser and a profile.

The page is parsed by selectolax's lexbor backend (a full HTML5 parser: broken markup is
repaired the way a browser repairs it).  A post's body becomes text the way the forum
shows it: ``<br>`` and block elements end lines, quote and code boxes are left out,
spoilers are kept, scripts and styles never count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from gmtool.errors import InputError
from gmtool.forum.posts import as_written
from gmtool.forum.sources.profiles import Field, Profile

POST_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MAX_AUTHOR_CHARS = 80
# never text: what a browser does not show as the post's words
ALWAYS_SKIP = (
    "script",
    "style",
    "noscript",
    "template",
    "iframe",
    "object",
    "svg",
    "head",
    "button",
    "select",
    "textarea",
)
BLOCKS = frozenset(
    {
        "p",
        "div",
        "li",
        "ul",
        "ol",
        "dl",
        "dt",
        "dd",
        "tr",
        "table",
        "tbody",
        "thead",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "blockquote",
        "pre",
        "section",
        "article",
        "aside",
        "header",
        "footer",
        "details",
        "summary",
        "figure",
        "figcaption",
        "hr",
        "cite",
        "center",
        "form",
        "fieldset",
    }
)
_SPACES = re.compile(r"[ \t\r\n\f\v\u00a0]+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]")


@dataclass
class PagePost:
    post_id: str
    author: str
    body: str
    edited: bool = False
    reply: bool = False  # gmtool's own reply, pasted by the moderator: its echoed commands never run
    # copied text (pagetext.py, a Discourse /raw): the lines that made the post's header as
    # written, and whether they name the site's master role (``DungeonMaster``)
    head: str = ""
    master: bool = False
    typed: str = ""  # a header line found inside the post: the whole post is refused (sources.merge_typed)


def parse_html(data: bytes | str, where: str = "", budget: "Nesting | None" = None) -> Any:
    """The parsed page, once :class:`Nesting` has measured that parsing it stays cheap."""
    from selectolax.lexbor import LexborHTMLParser

    (budget or Nesting(where)).check(data if isinstance(data, str) else data.decode("latin-1"))
    return LexborHTMLParser(data)


# ------------------------------------------------------------------ how deep a page nests
#
# An HTML5 parser's work grows with the depth of its stack of open elements: every start
# tag looks down the stack for what it closes, and formatting elements (<b>, <a>, <font>…)
# closed too early are re-opened ("reconstructed") one by one.  200,000 nested <div>
# (1.2 MB) took lexbor over a minute; 8,000 unclosed <b> with different attributes, one per
# paragraph, took longer still.  So before parsing, one linear pass over the tags follows
# the stack the way the parser builds it (void and raw-text elements, end tags that close
# nothing or stop at a scope's edge, a <p> or <li> closed by the next one, the tbody and tr
# a bare cell implies, formatting elements waiting to be re-opened), erring on the deep side
# (tests/test_fetch_bounds.py holds it to lexbor's own trees), and refuses a page that nests
# deeper than MAX_DEPTH or whose parse would cost more than MAX_WORK steps (about a second).
# Real forum pages nest a few dozen levels deep.

MAX_DEPTH = 10_000
MAX_WORK = 200_000_000

_VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
        "keygen",
        "basefont",
        "bgsound",
        "frame",
        "image",
    }
)
_RAW_TEXT = frozenset({"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"})
_FORMATTING = frozenset(
    {"a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"}
)
_CLOSES_P = frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "center",
        "details",
        "dialog",
        "dir",
        "div",
        "dl",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "hr",
        "li",
        "dd",
        "dt",
        "main",
        "menu",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "ul",
    }
)
_CLOSES_SAME = {
    "li": ("li",),
    "dt": ("dt", "dd"),
    "dd": ("dt", "dd"),
    "option": ("option",),
    "td": ("td", "th"),
    "th": ("td", "th"),
    "tr": ("tr", "td", "th"),
}
_CLOSED_BY_NEXT = frozenset({"p", "li", "dt", "dd", "option", "td", "th", "tr"})
_TABLE_PARENTS = {"td": ("tr",), "th": ("tr",), "tr": ("tbody", "thead", "tfoot")}
_SCOPE = frozenset(
    {
        "applet",
        "caption",
        "html",
        "table",
        "td",
        "th",
        "marquee",
        "object",
        "template",
        "mi",
        "mo",
        "mn",
        "ms",
        "mtext",
        "annotation-xml",
        "foreignobject",
        "desc",
        "title",
    }
)
_TABLE_PARTS = frozenset({"table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption"})
_TABLE_SCOPE = frozenset({"html", "table", "template"})
_SPECIAL = (
    _SCOPE
    | _CLOSES_P
    | frozenset(
        {
            "area",
            "base",
            "basefont",
            "bgsound",
            "body",
            "br",
            "button",
            "col",
            "colgroup",
            "embed",
            "frame",
            "frameset",
            "head",
            "iframe",
            "img",
            "input",
            "keygen",
            "link",
            "listing",
            "meta",
            "noembed",
            "noframes",
            "noscript",
            "param",
            "plaintext",
            "script",
            "search",
            "select",
            "source",
            "style",
            "tbody",
            "textarea",
            "tfoot",
            "thead",
            "tr",
            "track",
            "wbr",
            "xmp",
        }
    )
)
_MARKERS = frozenset({"td", "th", "caption", "applet", "object", "marquee", "template"})
_BREAKS_FOREIGN = (
    _FORMATTING
    | _CLOSES_P
    | frozenset({"body", "br", "embed", "head", "img", "listing", "meta", "ruby", "span", "sub", "sup", "var"})
)
_SPACE = "\t\n\f\r "
# a tag: a comment's start, or an end or start tag and its attributes as the tokenizer reads
# them (a quote opens a value only after `=`), or <!…>, <?…>, </…> read to the next >
_TOKEN = re.compile(
    r"""<(?:(!--)|(/?)([A-Za-z][^S/>]*)((?:[S/]+|[^S/>][^S/>=]*"""
    r"""(?:[S]*=[S]*(?:"[^"]*"|'[^']*'|[^S>]*))?)*)|[!?/])""".replace("S", _SPACE)
)
_RAW_END = {name: re.compile(f"</{name}[{_SPACE}/>]", re.IGNORECASE) for name in _RAW_TEXT}


class Nesting:
    """The nesting measured over one page (or over every post of a feed or a Discourse
    page: they share one budget). :meth:`check` follows the parser's stack of open
    elements: ``names`` (with ``open``, how many of each name are on it) and, for the
    formatting elements, ``keys`` (name and attributes); ``waiting`` holds the formatting
    elements closed early, which text or an inline tag re-opens (at most 3 alike)."""

    def __init__(self, where: str = "") -> None:
        self.where = where
        self.work = 0
        self.deepest = 0  # the deepest the stack was followed to (never less than the parser's)

    def check(self, text: str) -> None:
        names: list[str] = []
        keys: list[str] = []
        opened: dict[str, int] = {}
        waiting: dict[str, int] = {}
        search = _TOKEN.search
        pos, end = 0, len(text)
        work = self.work
        deepest = self.deepest

        def too_deep() -> InputError:
            if len(names) + sum(waiting.values()) > MAX_DEPTH:
                return InputError(key="forum.nests_too_deep", where=self.where, n=f"{MAX_DEPTH:,}")
            return InputError(key="forum.nests_too_much", where=self.where)

        def pop(by_end_tag: bool = False) -> str:
            name, key = names.pop(), keys.pop()
            opened[name] -= 1
            if key and not by_end_tag and waiting.get(key, 0) < 3:
                waiting[key] = waiting.get(key, 0) + 1
            return name

        def reopen() -> int:
            """Push the waiting formatting elements back; the work it took."""
            count = sum(waiting.values())
            cost = count * (len(names) + count)
            for key, n in waiting.items():
                name = key.split(" ", 1)[0]
                for _ in range(n):
                    names.append(name)
                    keys.append(key)
                    opened[name] = opened.get(name, 0) + 1
            waiting.clear()
            return cost

        while pos < end:
            found = search(text, pos)
            if waiting and text[pos : end if found is None else found.start()].strip():
                work += reopen()  # text re-opens formatting closed early
            if found is None:
                break
            pos = found.end()
            comment, slash, name, attrs = found.groups()
            if name is None:
                if comment:  # <!-- comment -->
                    close = text.find("-->", pos)
                    pos = end if close < 0 else close + 3
                else:  # <!doctype>, <?…>, </ >
                    close = text.find(">", pos)
                    pos = end if close < 0 else close + 1
                continue
            pos += 1  # the >
            name = name.lower()
            if slash:  # an end tag
                if not opened.get(name) or name in ("body", "html"):
                    continue  # it closes nothing
                boundary = _TABLE_SCOPE if name in _TABLE_PARTS else _SCOPE
                for steps, above in enumerate(reversed(names)):
                    if above == name:
                        break
                    # a formatting end tag stops at a block; any end tag at a scope's edge (a
                    # table, a cell, an object…); an ordinary one at a special element; far below
                    # it is not followed: the parser keeps the elements open
                    if (
                        steps > 64
                        or above in boundary
                        or (name in _FORMATTING and above not in _FORMATTING)
                        or (name not in _SPECIAL and above in _SPECIAL)
                    ):
                        name = ""
                        break
                if not name:
                    continue
                while pop(names[-1] == name) != name:
                    pass
                if name in _MARKERS:  # a cell's formatting ends with it
                    waiting.clear()
                continue
            if name in _VOID:
                continue
            if attrs.endswith("/") and (opened.get("svg") or opened.get("math")) and name not in _BREAKS_FOREIGN:
                continue  # <path/> in an SVG
            if names and names[-1] in _CLOSED_BY_NEXT:
                top = names[-1]
                if top == "p" and name in _CLOSES_P:
                    pop()
                elif top in _CLOSES_SAME.get(name, ()):
                    pop()
                    if name == "tr" and names and names[-1] == "tr":
                        pop()
            if waiting and name not in _CLOSES_P:
                work += reopen()
            if name in _TABLE_PARENTS and (not names or names[-1] not in _TABLE_PARENTS[name]):
                for implied in ("tbody", "tr")[: 1 if name == "tr" else 2]:  # a cell without its row
                    names.append(implied)
                    keys.append("")
                    opened[implied] = opened.get(implied, 0) + 1
            names.append(name)
            keys.append(f"{name} {' '.join(attrs.split())}" if name in _FORMATTING else "")
            opened[name] = opened.get(name, 0) + 1
            depth = len(names) + len(waiting)
            work += depth
            if depth > deepest:
                deepest = depth
            if depth > MAX_DEPTH or work > MAX_WORK:
                raise too_deep()
            if name in _RAW_TEXT:
                close_tag = _RAW_END[name].search(text, pos)
                pos = end if close_tag is None else close_tag.start()
            elif name == "plaintext":
                break
        self.work = work
        self.deepest = max(deepest, len(names) + sum(waiting.values()))
        if work > MAX_WORK or len(names) > MAX_DEPTH:
            raise too_deep()


_QUOTE = re.compile(r"quote|cite", re.IGNORECASE)
_CODE = re.compile(r"code|(?:^|[\s>+~])pre\b", re.IGNORECASE)


def quotes_only(skip: Iterable[str]) -> list[str]:
    """Of a profile's skipped elements, all but its code boxes (a selector naming code or a
    ``pre``, and no quote): what is left out of a post where its code boxes are read as text
    — a Dice block is one (gmtool.report.dice_block), which `verify --key` checks."""
    return [s for s in skip if _QUOTE.search(s) or not _CODE.search(s)]


def matches(tree: Any, profile: Profile) -> bool:
    return any(tree.css_first(selector) is not None for selector in profile.detect)


def detect(tree: Any, candidates: Iterable[Profile]) -> Profile | None:
    for profile in candidates:
        if matches(tree, profile):
            return profile
    return None


def node_text(node: Any, skip: Iterable[str] = (), drop: Iterable[str] = ()) -> str:
    """The text a reader sees in ``node``, one line per rendered line, with the elements
    matching ``skip``/``drop`` (and scripts, styles…) left out."""
    skipped: set[int] = set()
    for selector in (*ALWAYS_SKIP, *skip, *drop):
        for found in node.css(selector):
            skipped.add(found.mem_id)
    out: list[str] = []
    # an explicit stack, not recursion: a hostile page may nest thousands deep
    stack: list[tuple[Any, bool]] = [(node, False)]
    while stack:
        current, closing = stack.pop()
        if closing:
            out.append("\n")
            continue
        tag = current.tag
        if tag == "-text":
            out.append(_SPACES.sub(" ", current.text_content or ""))
            continue
        if tag in ("-comment", "!doctype") or current.mem_id in skipped:
            continue
        if tag == "br":
            out.append("\n")
            continue
        if tag == "pre":  # a <pre> outside the skipped boxes keeps its lines
            out.append("\n" + (current.text(deep=True) or "") + "\n")
            continue
        block = tag in BLOCKS
        if block:
            out.append("\n")
            stack.append((current, True))
        children = []
        child = current.child
        while child is not None:
            children.append(child)
            child = child.next
        stack.extend((c, False) for c in reversed(children))
    lines = [_CONTROL.sub("", line).strip() for line in "".join(out).split("\n")]
    text: list[str] = []
    for line in lines:
        if line or (text and text[-1]):
            text.append(line)
    while text and not text[-1]:
        text.pop()
    return "\n".join(text)


def _value(post: Any, spec: Field) -> str:
    node = post.css_first(spec.select) if spec.select else post
    if node is None:
        return ""
    if spec.attr:
        value = node.attributes.get(spec.attr) or ""
    else:
        value = as_written(node.text(deep=True) or "", 1000)  # layout spaces only: see forum/posts.py
    if spec.pattern is not None:
        m = spec.pattern.search(value)
        value = (m.group(1) if m.groups() else m.group(0)) if m else ""
    return value.strip(" \t\r\n\f")  # HTML white space only: an NBSP is part of a name


def page_posts(tree: Any, profile: Profile, where: str) -> list[PagePost]:
    """Every post the profile finds on the page, in page order."""
    posts: list[PagePost] = []
    for number, node in enumerate(tree.css(profile.post), start=1):
        post_id = _value(node, profile.id)
        if not POST_ID.match(post_id):
            shown = post_id[:40] or "nothing"
            raise InputError(key="forum.bad_post_id", where=where, n=number, id=repr(shown), profile=profile.name)
        # as written: a look-alike (bidi override, NBSP) is refused by the resolver, not cleaned into a leader
        author = as_written(_value(node, profile.author), MAX_AUTHOR_CHARS)
        if not author:
            raise InputError(key="forum.no_author", where=where, post=post_id, profile=profile.name)
        body_node = node.css_first(profile.body)
        body = node_text(body_node, profile.skip, profile.drop) if body_node is not None else ""
        edited = bool(profile.edited and node.css_first(profile.edited) is not None)
        posts.append(PagePost(post_id, author, body, edited))
    return posts


def next_page(tree: Any, profile: Profile) -> str:
    if not profile.next:
        return ""
    node = tree.css_first(profile.next)
    return (node.attributes.get("href") or "").strip() if node is not None else ""
