"""A DungeonMaster.ru page as the browser copies it (select all, paste into a file).

DungeonMaster.ru (also l.dm.am) shows a game as a module: its rooms
(``Session.aspx?module=N&room=M``, the title line ``MODULE | ходы игроков | ROOM``) and its
discussion (``OutOfSession.aspx?module=N``, ``MODULE | Обсуждение игры``).  Their text, as
the stored copies of such pages show it (docs/forums.md names them), is:

* a **room**: a block per post — the poster's role or character and user name on one line
  (``DungeonMaster WarCat``), the date and time (``04.09.2023 21:42``), a separator line
  (`` = ``), then the body, up to the next block;
* the **discussion**: the body first, then a line ``Автор: USER [offline] (ROLE), DATE TIME``,
  and the site's comments on a post (``• …`` / ``Комментарий от X, DATE``) after it.

The copied text shows no post ids, so a post's id is made from what it shows: ``dm``, the
date and time (``YYYYMMDDHHMM``), four digits of the user name's digest and the post's
place among that user's posts of that minute — the same for the same post on a re-read or
on a later page, and growing with the time, so that posts compare as the resolver needs
(gmtool/forum/posts.py ``order_of``).  What the site's words are (its roles, the section
names, the page's chrome) is data: ``[pagetext]`` in tables/forums/dungeonmaster.toml.
"""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from gmtool.errors import InputError
from gmtool.forum.posts import as_written
from gmtool.forum.sources.html import MAX_AUTHOR_CHARS, PagePost

ENGINE = "dungeonmaster"
_SP = "[ \t\u00a0\u2007\u202f]"
DATE = re.compile(rf"^{_SP}*(\d{{2}})\.(\d{{2}})\.(\d{{4}}){_SP}+(\d{{1,2}}):(\d{{2}}){_SP}*$")
FOOTER = re.compile(
    rf"^{_SP}*Автор:{_SP}*(?P<user>.+?){_SP}*\[(?:online|offline|онлайн|оффлайн)\]{_SP}*"
    rf"(?:\((?P<role>[^)\n]*)\))?{_SP}*,{_SP}*(?P<date>\d{{2}}\.\d{{2}}\.\d{{4}}{_SP}+\d{{1,2}}:\d{{2}})(?:{_SP}+\d+)?{_SP}*$",
    re.IGNORECASE,
)
COMMENT = re.compile(rf"^{_SP}*Комментарий от .+,{_SP}*\d{{2}}\.\d{{2}}\.\d{{4}}{_SP}+\d{{1,2}}:\d{{2}}{_SP}*$")
_LAYOUT = " \t\u00a0"
_LAST_WORD = re.compile(r"^(.*\S)\s+(\S+)$", re.DOTALL)
_BULLET = re.compile(rf"^{_SP}*[•·]")
_PAGING = re.compile(r"^[\d\s]+$")  # the page's numbers of pages: 1234567


@dataclass
class Words:
    """The site's own words (``[pagetext]`` of the engine file)."""

    roles: list[str] = field(default_factory=lambda: ["DungeonMaster"])
    separator: re.Pattern[str] = re.compile(rf"^{_SP}*=+{_SP}*$")
    room_section: str = "ходы игроков"
    discussion_section: str = "Обсуждение игры"
    chrome: frozenset[str] = frozenset()


@functools.cache
def words() -> Words:
    """The ``[pagetext]`` of the shipped dungeonmaster.toml (read once per process)."""
    from gmtool.forum.engines import _read, engine_files

    path = engine_files().get(ENGINE)
    raw = _read(path).get("pagetext", {}) if path else {}
    found = Words()
    if not isinstance(raw, dict):
        return found
    if isinstance(raw.get("roles"), list):
        found.roles = [str(r) for r in raw["roles"] if str(r).strip()]
    if isinstance(raw.get("separator"), str):
        found.separator = re.compile(raw["separator"])
    for key in ("room_section", "discussion_section"):
        if isinstance(raw.get(key), str):
            setattr(found, key, raw[key])
    if isinstance(raw.get("chrome"), list):
        found.chrome = frozenset(_fold(str(c)) for c in raw["chrome"])
    return found


def _fold(line: str) -> str:
    return " ".join(line.split()).casefold()


@dataclass
class PageText:
    """What the page's text holds: its posts, and what its title line says."""

    posts: list[PagePost]
    kind: str  # room | discussion
    title: str = ""  # the module's title
    room: str = ""  # the room's name ("" for the discussion)


def _stamp(day: str, month: str, year: str, hour: str, minute: str) -> str:
    """YYYYMMDDHHMM, or "" when it is no date (31.02, 25:00)."""
    try:
        when = datetime(int(year), int(month), int(day), int(hour), int(minute))
    except ValueError:
        return ""
    return when.strftime("%Y%m%d%H%M")


def _headers(lines: list[str], w: Words) -> list[tuple[int, str]]:
    """(line of the author, YYYYMMDDHHMM) of every room post block."""
    found = []
    for i in range(len(lines) - 2):
        m = DATE.match(lines[i + 1])
        if m is None or not w.separator.match(lines[i + 2]) or not lines[i].strip():
            continue
        stamp = _stamp(*m.groups())
        if stamp:
            found.append((i, stamp))
    return found


def looks_like(text: str) -> bool:
    """Does ``text`` have a DungeonMaster.ru page's shape (a room's post block, or a
    discussion's author line)?"""
    lines = text.splitlines()
    return bool(_headers(lines, words())) or any(FOOTER.match(line) for line in lines)


def split_author(line: str, names: Iterable[str] = ()) -> tuple[str, str]:
    """(role or character, user name) of a room post's first line.  The site writes the role
    (``DungeonMaster``) or the character, a space, then the user name, and either may hold
    spaces: a known role first; else a known name (the campaign's leaders and moderators)
    that ends the line; else the last word."""
    from gmtool.campaign.names import name_key

    # the line's ends and the space after the role are the page's layout (a browser may copy
    # it as an NBSP); the user name is kept as written, so a look-alike stays one
    text = as_written(line, 1000).strip(_LAYOUT)
    for role in words().roles:
        if text.startswith(role) and text[len(role) : len(role) + 1].isspace():
            return role, text[len(role) :].strip(_LAYOUT)
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        tail = text[-len(name) :] if len(text) > len(name) else ""
        if tail and text[-len(name) - 1].isspace() and name_key(tail) == name_key(name):
            return text[: -len(name)].strip(_LAYOUT), tail
    m = _LAST_WORD.match(text)
    return (m.group(1).strip(_LAYOUT), m.group(2)) if m else ("", text)


def _post_id(stamp: str, user: str, seen: dict[tuple[str, str], int]) -> str:
    digest = hashlib.sha256(unicodedata.normalize("NFC", user).casefold().encode("utf-8")).digest()
    who = f"{int.from_bytes(digest[:4], 'big') % 10_000:04d}"
    seen[(stamp, who)] = seen.get((stamp, who), 0) + 1
    return f"dm{stamp}{who}{min(seen[(stamp, who)], 99):02d}"


def _title(lines: list[str], w: Words) -> tuple[str, str, str]:
    """(kind, module, room) from the page's title line, if it has one: the first line of the
    text in that shape (the page's own comes before any post; one a player types in a post
    comes after it)."""
    for line in lines:
        parts = [p.strip() for p in line.split("|")]
        if len(parts) >= 3 and _fold(parts[1]) == _fold(w.room_section):
            return "room", parts[0], " | ".join(parts[2:])
        if len(parts) == 2 and _fold(parts[1]) == _fold(w.discussion_section):
            return "discussion", parts[0], ""
    return "", "", ""


def _chrome(line: str, w: Words) -> bool:
    return not line.strip() or _fold(line) in w.chrome or bool(_PAGING.match(line))


def _body(lines: list[str], w: Words, first: bool = False) -> str:
    """A post's lines, without the page's chrome after it (and before it, for the first)."""
    out = [line.rstrip() for line in lines]
    while out and _chrome(out[-1], w):
        out.pop()
    while out and (not out[0].strip() or (first and _chrome(out[0], w))):
        out.pop(0)
    return "\n".join(out)


def _reply(role: str | None, body: str, w: Words) -> bool:
    """Is this gmtool's reply, pasted by the master?  The site keeps no markup in the text
    a browser copies, so its echoed commands (``!roll d6``) start their lines again: a post
    by the master's role that carries gmtool's journal mark (``journal #21 · 6fffdcbc8436``)
    is one, and runs nothing.  A player's post quoting a reply still runs its own commands."""
    from gmtool.campaign.journal import MARK

    return (role or "").strip() in w.roles and MARK.search(body) is not None


def _author(user: str, where: str, stamp: str) -> str:
    author = as_written(user, MAX_AUTHOR_CHARS)
    if not author:
        raise InputError(key="forum.no_author", where=where, post=f"dm{stamp}", profile=ENGINE)
    return author


def _room_posts(lines: list[str], heads: list[tuple[int, str]], where: str, names: Iterable[str]) -> list[PagePost]:
    w = words()
    names = list(names)
    posts, seen = [], {}  # type: ignore[var-annotated]
    for k, (start, stamp) in enumerate(heads):
        end = heads[k + 1][0] if k + 1 < len(heads) else len(lines)
        role, user = split_author(lines[start], names)
        author = _author(user, where, stamp)
        body = _body(lines[start + 3 : end], w)
        master = role in w.roles
        post = PagePost(_post_id(stamp, author, seen), author, body, reply=_reply(role, body, w), master=master)
        post.head = "\n".join(line.rstrip() for line in lines[start : start + 3])
        posts.append(post)
    return posts


def _discussion_posts(lines: list[str], where: str) -> list[PagePost]:
    """The discussion: each body ends at its author line; what follows an author line up to
    the next body (the site's comments on the post, ``• …`` then ``Комментарий от …``) is
    not a post's."""
    w = words()
    posts: list[PagePost] = []
    seen: dict[tuple[str, str], int] = {}
    start = 0
    kind, _, _ = _title(lines, w)
    if kind:  # the body of the first post starts after the title and the page's notices
        start = next(i for i, line in enumerate(lines) if _fold(line).endswith(_fold(w.discussion_section))) + 1
    for i, line in enumerate(lines):
        m = FOOTER.match(line)
        if m is None or i < start:
            continue
        stamp = _stamp(*DATE.match(m.group("date")).groups())  # type: ignore[union-attr]
        if not stamp:
            continue
        author = _author(m.group("user"), where, stamp)
        body = _body(lines[start:i], w, not posts)
        role = (m.group("role") or "").strip()
        post = PagePost(
            _post_id(stamp, author, seen), author, body, reply=_reply(role, body, w), master=role in w.roles
        )
        post.head = line.rstrip()
        posts.append(post)
        start = _after_comments(lines, i + 1)
    return posts


def _after_comments(lines: list[str], i: int) -> int:
    """Where the next body starts after an author line: past the comments on the post (a
    ``•`` line, then ``Комментарий от …``).  A comment never holds an author line, so none
    is looked for past the next one: the comments of a later post never swallow the posts
    before them."""
    end = next((k for k in range(i, min(len(lines), i + 200)) if FOOTER.match(lines[k])), min(len(lines), i + 200))
    j = i
    while j < end and not lines[j].strip():
        j += 1
    if j >= end or not _BULLET.match(lines[j]):
        return i
    for k in range(j, end):
        if COMMENT.match(lines[k]):
            j = k + 1
            while j < end and (not lines[j].strip() or _BULLET.match(lines[j])):
                nxt = next((n for n in range(j, min(end, j + 50)) if COMMENT.match(lines[n])), -1)
                if nxt < 0:
                    break
                j = nxt + 1
            return j
    return i


def read(text: str, where: str, names: Iterable[str] = (), expect: str = "") -> PageText:
    """The posts of a DungeonMaster.ru page's copied text; text without that shape is refused
    in one line naming ``where`` and the shape expected.

    ``expect``: "room" or "discussion" when the moderator said which the page is (``--room``,
    or the public thread), "" when not known.  What the page is comes from its title line
    when it has one (a discussion given as a room is refused), else from ``expect``, else
    from its shape.  A room is read by its post blocks only, the discussion by its author
    lines only: the other's lines typed in a post are the post's text."""
    text = text.lstrip("\ufeff")
    lines = text.splitlines()
    w = words()
    titled, title, room = _title(lines, w)
    if expect and titled and titled != expect:
        key = "forum.page_text_not_room" if expect == "room" else "forum.page_text_not_discussion"
        raise InputError(key=key, where=where, title=title)
    heads = _headers(lines, w)
    kind = titled or expect or ("room" if heads else "discussion")
    if kind == "room" and heads:
        return PageText(_room_posts(lines, heads, where, names), "room", title, room)
    if kind == "discussion" and any(FOOTER.match(line) for line in lines):
        posts = _discussion_posts(lines, where)
        if posts:
            return PageText(posts, "discussion", title)
    raise InputError(key="forum.not_page_text", where=where)
