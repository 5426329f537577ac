"""Thread files and the commands in posts.

A thread file is posts separated by header lines ``=== AUTHOR #POST_ID ===`` (``=== AUTHOR
#POST_ID private ===`` for a private message); everything until the next header is the
post.  Quoted text (``[quote]…[/quote]``, nested too) is dropped first, so quoting someone's
command never runs it again.  A command is a line starting with ``!``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from gmtool.errors import InputError

HEADER = re.compile(r"^===\s*(?P<author>[^#=\n]{1,60}?)\s*#(?P<id>[A-Za-z0-9_-]{1,40})\s*(?P<private>private)?\s*===\s*$",
                    re.IGNORECASE)
QUOTE_OPEN = re.compile(r"\[quote(?:=[^\]]*)?\]", re.IGNORECASE)
QUOTE_CLOSE = re.compile(r"\[/quote\]", re.IGNORECASE)
ALIASES = {
    "roll": "roll", "бросок": "roll", "r": "roll",
    "explore": "explore", "разведка": "explore", "исследовать": "explore",
    "table": "table", "таблица": "table",
    "check": "check", "проверка": "check", "агент": "check",
    "vote": "vote", "голос": "vote",
    "move": "move", "полёт": "move", "полет": "move", "движение": "move",
    "navigate": "navigate", "навигация": "navigate",
}
MAX_THREAD_BYTES = 5_000_000
MAX_COMMANDS_PER_POST = 20
MAX_COMMAND_CHARS = 300


@dataclass
class Command:
    index: int          # 1-based position in the post
    name: str           # canonical: roll, explore, table, check, vote — or "" if unknown
    word: str           # as written, e.g. "бросок"
    args: str
    line: str           # the whole line as written
    refused: str = ""   # a reason found while parsing (too long, too many)


@dataclass
class Post:
    author: str
    post_id: str
    private: bool
    body: str
    line: int           # the header's line in the thread file
    commands: list[Command] = field(default_factory=list)


def strip_quotes(text: str) -> str:
    """Remove quoted text, nested quotes included; an unclosed quote runs to the end."""
    out: list[str] = []
    depth = 0
    pos = 0
    while pos < len(text):
        opening = QUOTE_OPEN.search(text, pos)
        closing = QUOTE_CLOSE.search(text, pos)
        nxt = min((m for m in (opening, closing) if m), key=lambda m: m.start(), default=None)
        if nxt is None:
            if depth == 0:
                out.append(text[pos:])
            break
        if depth == 0:
            out.append(text[pos:nxt.start()])
        depth = depth + 1 if nxt is opening else max(0, depth - 1)
        pos = nxt.end()
    return "".join(out)


def parse_commands(body: str) -> list[Command]:
    commands: list[Command] = []
    for raw in strip_quotes(body).splitlines():
        line = raw.strip()
        if not line.startswith("!") or len(line) < 2:
            continue
        word, _, args = line[1:].partition(" ")
        index = len(commands) + 1
        cmd = Command(index, ALIASES.get(word.casefold(), ""), word[:40], args.strip(), line[:MAX_COMMAND_CHARS + 1])
        if len(line) > MAX_COMMAND_CHARS:
            cmd.refused = f"longer than {MAX_COMMAND_CHARS} characters"
        elif index > MAX_COMMANDS_PER_POST:
            cmd.refused = f"more than {MAX_COMMANDS_PER_POST} commands in one post"
        commands.append(cmd)
    return commands


def parse_thread(text: str) -> list[Post]:
    if len(text.encode("utf-8", "replace")) > MAX_THREAD_BYTES:
        raise InputError(f"the thread is larger than {MAX_THREAD_BYTES // 1_000_000} MB")
    posts: list[Post] = []
    current: Post | None = None
    body: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        m = HEADER.match(line)
        if m:
            if current is not None:
                current.body = "\n".join(body)
                posts.append(current)
            current = Post(m.group("author").strip(), m.group("id"), bool(m.group("private")), "", number)
            body = []
        elif current is not None:
            body.append(line)
    if current is not None:
        current.body = "\n".join(body)
        posts.append(current)
    if not posts and text.strip():
        raise InputError("no post headers found: posts start with a line `=== AUTHOR #POST_ID ===`")
    seen: set[str] = set()
    for post in posts:
        if post.post_id in seen:
            raise InputError(f"line {post.line}: post #{post.post_id} appears twice")
        seen.add(post.post_id)
        post.commands = parse_commands(post.body)
    return posts
