"""Posts from a phpBB topic feed (Atom, ``feed/topic/ID``) and from a Discourse topic
(``/t/ID.json`` and ``/raw/ID``)."""

from __future__ import annotations

import json
import re
from typing import Any, Callable
from urllib.parse import parse_qs, urlsplit

from gmtool.errors import InputError
from gmtool.forum.posts import as_written
from gmtool.forum.sources.html import Nesting, PagePost, node_text, parse_html
from gmtool.forum.sources.profiles import Profile

# the Discourse /raw/ID header of each post: "username | 2024-03-01 10:00:00 UTC | #3"
RAW_HEADER = re.compile(r"^(?P<author>[^|\n]{1,80}?) \| [^|\n]{1,60} \| #(?P<number>\d{1,9})$")
RAW_SEPARATOR = "-------------------------"
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
MAX_POST_NUMBER = 999_999_999  # as many digits as a /raw header's #N
MAX_TOPIC = 999_999_999_999


_ENTRY_AUTHOR = re.compile(rb"<entry\b.*?<author>\s*<name>(.*?)</name>", re.DOTALL)


def _authors_as_written(data: bytes, entries: int) -> list[str]:
    """Each entry's ``<author><name>`` as the feed writes it, or [] when they cannot be told
    one per entry (then the parser's, trimmed of any space around it)."""
    import html

    names = []
    for m in _ENTRY_AUTHOR.finditer(data):
        raw = m.group(1).strip(b" \t\r\n")
        if raw.startswith(b"<![CDATA[") and raw.endswith(b"]]>"):
            names.append(raw[9:-3].decode("utf-8", "replace"))
        else:
            names.append(html.unescape(raw.decode("utf-8", "replace")))
    return names if len(names) == entries else []


def atom_posts(data: bytes, profile: Profile, where: str) -> list[PagePost]:
    """The entries of a phpBB topic feed, oldest first (the feed lists the newest first).
    An entry's HTML is read with the phpBB profile's quote and code boxes left out."""
    import feedparser

    feed = feedparser.parse(data)
    if not feed.entries:
        if feed.get("bozo") and not feed.get("feed"):
            raise InputError(key="forum.bad_feed", where=where, reason=feed.get("bozo_exception"))
        return []
    posts: list[tuple[int, PagePost]] = []
    nesting = Nesting(where)  # every entry's HTML counts against one budget
    written = _authors_as_written(data, len(feed.entries))
    for number, entry in enumerate(feed.entries, start=1):
        link = entry.get("link") or entry.get("id") or ""
        post_id = _phpbb_post_id(link)
        if not post_id:
            raise InputError(key="forum.feed_no_id", where=where, n=number, link=repr(link[:80]))
        # as written (the feed parser trims an NBSP off): a look-alike stays one, and the resolver refuses it
        author = as_written(written[number - 1] if written else str(entry.get("author", "")))
        if not author:
            raise InputError(key="forum.feed_no_author", where=where, post=post_id)
        content = entry.get("content") or [{"value": entry.get("summary", "")}]
        html = "".join(part.get("value", "") for part in content)
        body_node = parse_html(f"<div>{html}</div>", where, nesting).css_first("body")
        body = node_text(body_node, profile.skip, profile.drop)
        # phpBB ends each entry with a "Statistics: Posted by …" paragraph
        lines = body.splitlines()
        if lines and lines[-1].startswith(("Statistics:", "Статистика:")):
            body = "\n".join(lines[:-1]).rstrip()
        posts.append((int(post_id), PagePost(post_id, author, body)))
    posts.sort(key=lambda pair: pair[0])
    return [p for _, p in posts]


def _phpbb_post_id(link: str) -> str:
    parts = urlsplit(link)
    if parts.fragment.startswith("p") and parts.fragment[1:].isascii() and parts.fragment[1:].isdigit():
        return parts.fragment[1:]
    found = parse_qs(parts.query).get("p", [""])[0]
    return found if found.isascii() and found.isdigit() and len(found) <= 20 else ""


def discourse_json(
    data: bytes,
    profile: Profile | None,
    where: str,
    topic_of: Callable[[int | None], int | None] = lambda found: found,
    code: bool = False,
) -> tuple[list[PagePost], dict[str, Any]]:
    """The posts of a Discourse ``/t/ID.json`` (or ``/t/ID/posts.json``), and what the
    topic says of itself (``topic_id``, ``posts_count``). ``topic_of`` gets the topic the
    JSON names (or None) and gives the one to use (the caller's --topic, checked).

    Every field read is checked for its JSON type: a wrong one is an error naming it."""
    try:
        topic = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise InputError(key="forum.bad_json", where=where, reason=exc) from None
    stream = topic.get("post_stream") if isinstance(topic, dict) else None
    raw_posts = stream.get("posts") if isinstance(stream, dict) else None
    if not isinstance(raw_posts, list):
        raise InputError(key="forum.not_discourse", where=where)
    found = _field(topic, "id", int, where, most=MAX_TOPIC)
    posts_count = _field(topic, "posts_count", int, where)
    chunk_size = _field(topic, "chunk_size", int, where)
    topic_id = topic_of(found)
    skip = profile.skip if profile else ["aside.quote", "aside.onebox", "blockquote", "pre", "code"]
    if code:  # its code boxes read as text (`verify --key`: a Dice block is one)
        from gmtool.forum.sources.html import quotes_only

        skip = quotes_only(skip)
    drop = profile.drop if profile else []
    posts: list[PagePost] = []
    nesting = Nesting(where)  # every post's HTML counts against one budget
    for number, raw in enumerate(raw_posts, start=1):
        if not isinstance(raw, dict):
            raise InputError(key="forum.post_not_object", where=where, n=number)
        post_type = _field(raw, "post_type", int, where, number)
        hidden = _field(raw, "hidden", bool, where, number)
        deleted = _field(raw, "deleted_at", str, where, number)
        post_number = _field(raw, "post_number", int, where, number, most=MAX_POST_NUMBER)
        author = _field(raw, "username", str, where, number)
        tid = _field(raw, "topic_id", int, where, number, most=MAX_TOPIC)
        cooked = _field(raw, "cooked", str, where, number)
        version = _field(raw, "version", int, where, number)
        if post_type not in (None, 1) or deleted or hidden:
            continue  # moderator actions, whispers, deleted and hidden posts
        if post_number is None or author is None or not author.strip():
            raise InputError(key="forum.post_lacks", where=where, n=number)
        if tid is None:
            tid = topic_id
        if tid is None:
            raise InputError(key="forum.needs_topic", where=where)
        if cooked is None:
            raise InputError(key="forum.no_cooked", where=where, n=post_number)
        body = node_text(parse_html(f"<div>{cooked}</div>", where, nesting).css_first("body"), skip, drop)
        posts.append(PagePost(f"t{tid}-{post_number}", as_written(author), body, edited=(version or 1) > 1))
    return posts, {"topic_id": topic_id, "posts_count": posts_count, "chunk_size": chunk_size}


_JSON_KINDS: dict[type, str] = {int: "json_integer", str: "json_string", bool: "json_boolean"}


def _field(raw: dict[str, Any], key: str, kind: type, where: str, n: int | None = None, most: int | None = None) -> Any:
    """``raw[key]`` when it is of JSON type ``kind`` (a whole number is never true/false;
    with ``most``, one from 1 to ``most``), None when it is missing or null; any other value
    is an error naming the field."""
    from gmtool.locale import Msg

    value = raw.get(key)
    want = Msg(f"error.forum.{_JSON_KINDS[kind]}")
    if value is None:
        return value
    if isinstance(value, kind) and (kind is bool or not isinstance(value, bool)):
        if most is None or (isinstance(value, int) and 1 <= value <= most):
            return value
        want = Msg("error.forum.json_range", n=f"{most:,}")
    shown = json.dumps(value, ensure_ascii=False)
    shown = shown if len(shown) <= 40 else shown[:39] + "…"
    if n is None:
        raise InputError(key="forum.json_field", where=where, field=key, want=want, got=shown)
    raise InputError(key="forum.json_post_field", where=where, n=n, field=key, want=want, got=shown)


def looks_like_discourse_raw(text: str) -> bool:
    first = next((line for line in text.splitlines() if line.strip()), "")
    return bool(RAW_HEADER.match(first.strip()))


def discourse_raw(text: str, topic_id: int | None, where: str) -> list[PagePost]:
    """Discourse's ``/raw/ID``: each post under a ``user | date | #N`` line, posts
    separated by a line of dashes.  The Markdown's fenced and indented code and its
    ``>`` quotes are left out ([quote] boxes are left out by the command parser).

    The text never says its topic: it comes from the URL (``/raw/ID``) or --topic, never
    from a saved file's name."""
    if topic_id is None:
        raise InputError(key="forum.needs_topic", where=where)
    posts: list[PagePost] = []
    current: PagePost | None = None
    lines: list[str] = []
    fenced = False
    indented = False
    previous_blank = True

    def close() -> None:
        if current is not None:
            while lines and not lines[-1].strip():
                lines.pop()
            current.body = "\n".join(lines)
            posts.append(current)

    for line in text.splitlines():
        # a header line starts a post even in an unclosed fence of the post before it (one a
        # player typed makes a post either way: sources.COPIED), so that a fence one post
        # leaves open never swallows the posts after it
        header = RAW_HEADER.match(line.strip())
        if header and previous_blank:
            close()
            fenced = indented = False
            number = int(header.group("number"))
            post_id = f"t{topic_id}-{number}"
            current, lines = PagePost(post_id, as_written(header.group("author")), "", head=line.strip()), []
            previous_blank = True
            continue
        blank = not line.strip()
        if current is None:
            previous_blank = blank
            continue
        if not fenced and line.startswith(("    ", "\t")):
            indented = indented or previous_blank  # an indented code block starts after a blank line
        elif not blank:
            indented = False
        if _FENCE.match(line):
            fenced = not fenced
        elif fenced or indented or line.strip() == RAW_SEPARATOR or line.lstrip().startswith(">"):
            pass
        else:
            lines.append(line)
        previous_blank = blank
    close()
    if not posts:
        raise InputError(key="forum.no_discourse_posts", where=where)
    return posts
