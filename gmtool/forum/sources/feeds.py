"""Posts from a phpBB topic feed (Atom, ``feed/topic/ID``) and from a Discourse topic
(``/t/ID.json`` and ``/raw/ID``)."""
from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from gmtool.errors import InputError
from gmtool.forum.posts import as_written
from gmtool.forum.sources.html import PagePost, node_text, parse_html
from gmtool.forum.sources.profiles import Profile

# the Discourse /raw/ID header of each post: "username | 2024-03-01 10:00:00 UTC | #3"
RAW_HEADER = re.compile(r"^(?P<author>[^|\n]{1,80}?) \| [^|\n]{1,60} \| #(?P<number>\d{1,9})$")
RAW_SEPARATOR = "-------------------------"
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")


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
            raise InputError(key="forum.bad_feed", where=where, reason=feed.get('bozo_exception'))
        return []
    posts: list[tuple[int, PagePost]] = []
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
        body_node = parse_html(f"<div>{html}</div>").css_first("body")
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


def discourse_json(data: bytes, profile: Profile | None, where: str) -> tuple[list[PagePost], dict[str, Any]]:
    """The posts of a Discourse ``/t/ID.json`` (or ``/t/ID/posts.json``), and what the
    topic says of itself (``topic_id``, ``posts_count``)."""
    try:
        topic = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise InputError(key="forum.bad_json", where=where, reason=exc) from None
    stream = topic.get("post_stream") if isinstance(topic, dict) else None
    raw_posts = stream.get("posts") if isinstance(stream, dict) else None
    if not isinstance(raw_posts, list):
        raise InputError(key="forum.not_discourse", where=where)
    topic_id = topic.get("id") if isinstance(topic.get("id"), int) else None
    skip = profile.skip if profile else ["aside.quote", "aside.onebox", "blockquote", "pre", "code"]
    drop = profile.drop if profile else []
    posts: list[PagePost] = []
    for number, raw in enumerate(raw_posts, start=1):
        if not isinstance(raw, dict):
            raise InputError(key="forum.post_not_object", where=where, n=number)
        if raw.get("post_type", 1) not in (1,) or raw.get("deleted_at") or raw.get("hidden"):
            continue   # moderator actions, whispers, deleted and hidden posts
        post_number = raw.get("post_number")
        author = raw.get("username")
        if not isinstance(post_number, int) or not isinstance(author, str) or not author.strip():
            raise InputError(key="forum.post_lacks", where=where, n=number)
        tid = raw.get("topic_id", topic_id)
        post_id = f"t{tid}-{post_number}" if isinstance(tid, int) else f"n{post_number}"
        cooked = raw.get("cooked")
        if not isinstance(cooked, str):
            raise InputError(key="forum.no_cooked", where=where, n=post_number)
        body = node_text(parse_html(f"<div>{cooked}</div>").css_first("body"), skip, drop)
        posts.append(PagePost(post_id, " ".join(author.split())[:80], body, edited=raw.get("version", 1) > 1))
    posts_count = topic.get("posts_count") if isinstance(topic.get("posts_count"), int) else None
    return posts, {"topic_id": topic_id, "posts_count": posts_count,
                   "chunk_size": topic.get("chunk_size") if isinstance(topic.get("chunk_size"), int) else None}


def looks_like_discourse_raw(text: str) -> bool:
    first = next((line for line in text.splitlines() if line.strip()), "")
    return bool(RAW_HEADER.match(first.strip()))


def discourse_raw(text: str, topic_id: int | None, where: str) -> list[PagePost]:
    """Discourse's ``/raw/ID``: each post under a ``user | date | #N`` line, posts
    separated by a line of dashes.  The Markdown's fenced and indented code and its
    ``>`` quotes are left out ([quote] boxes are left out by the command parser)."""
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
        header = RAW_HEADER.match(line.strip()) if not fenced else None
        if header and previous_blank:
            close()
            number = int(header.group("number"))
            post_id = f"t{topic_id}-{number}" if topic_id is not None else f"n{number}"
            current, lines = PagePost(post_id, header.group("author").strip(), ""), []
            previous_blank = True
            continue
        blank = not line.strip()
        if current is None:
            previous_blank = blank
            continue
        if not fenced and line.startswith(("    ", "\t")):
            indented = indented or previous_blank      # an indented code block starts after a blank line
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
