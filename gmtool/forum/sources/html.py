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
ALWAYS_SKIP = ("script", "style", "noscript", "template", "iframe", "object", "svg", "head", "button", "select",
               "textarea")
BLOCKS = frozenset({"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "tr", "table", "tbody", "thead", "h1", "h2",
                    "h3", "h4", "h5", "h6", "blockquote", "pre", "section", "article", "aside", "header", "footer",
                    "details", "summary", "figure", "figcaption", "hr", "cite", "center", "form", "fieldset"})
_SPACES = re.compile(r"[ \t\r\n\f\v\u00a0]+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]")


@dataclass
class PagePost:
    post_id: str
    author: str
    body: str
    edited: bool = False


def parse_html(data: bytes | str) -> Any:
    from selectolax.lexbor import LexborHTMLParser

    return LexborHTMLParser(data)


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
        if tag == "pre":   # a <pre> outside the skipped boxes keeps its lines
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
        value = as_written(node.text(deep=True) or "", 1000)   # layout spaces only: see forum/posts.py
    if spec.pattern is not None:
        m = spec.pattern.search(value)
        value = (m.group(1) if m.groups() else m.group(0)) if m else ""
    return value.strip(" \t\r\n\f")   # HTML white space only: an NBSP is part of a name


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
