r"""Thread files and the commands in posts.

A thread file is posts separated by header lines ``=== AUTHOR #POST_ID ===`` (``=== AUTHOR
#POST_ID private ===`` for a private message); everything until the next header is the
post.  A post's own line that starts with ``===`` is written with a backslash before it
(``\=== …``; ``\\===`` for one that starts with ``\===``): one backslash is taken off and
the line is the post's text, never a header; a line of ``=`` alone (a plain text heading's
underline, as gmtool's own plain posts write it) is text as it stands.  Quoted text (``[quote]…[/quote]``, nested
too, ``<blockquote>``) and code (``[code]``, fenced code) are dropped first, so quoting
someone's command never runs it again.  A command is a line starting with ``!``.  A thread
file holds public posts only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gmtool.errors import InputError
from gmtool.lazy_re import lazy
from gmtool.locale import Msg, words

POST_ID = r"[A-Za-z0-9_-]{1,40}"  # a post id, in a thread file's header or given with --post-id
# the author as written: only tabs and plain spaces around it are layout (an NBSP or U+3000
# is part of the name, and makes it a look-alike no leader answers to: campaign/names.py)
HEADER = lazy(
    r"^===[ \t]*(?P<author>[^#=\n]{1,60}?)[ \t]*#(?P<id>" + POST_ID + r")\s*(?P<private>private)?\s*===\s*$",
    re.IGNORECASE,
)
ESCAPED = lazy(r"^([ \t]*)\\(\\*===)")  # a post's own `===` line, escaped: `\===`
UNDERLINE = lazy(r"^[ \t]*=+[ \t]*$")  # a plain heading's underline: `=====`, never a header
LAYOUT_SPACES = lazy(r"[ \t\r\n\f]+")  # HTML's white space: a page's layout, not a name's
QUOTE_OPEN = lazy(r"\[quote(?:=[^\]]*)?\]", re.IGNORECASE)
QUOTE_CLOSE = lazy(r"\[/quote\]", re.IGNORECASE)
MAX_THREAD_BYTES = 5_000_000
MAX_COMMANDS_PER_POST = 20
MAX_COMMAND_CHARS = 300
MAX_NESTING = 50  # quote levels; deeper counts as quoted to the end of the post


@dataclass
class Command:
    index: int  # 1-based position in the post
    name: str  # canonical: roll, explore, table, check, vote — or "" if unknown
    word: str  # as written, e.g. "бросок"
    args: str
    line: str  # the whole line as written
    refused: Msg | None = None  # a reason found while parsing (too long, too many)


@dataclass
class Post:
    author: str
    post_id: str
    private: bool
    body: str
    line: int  # the header's line in the thread file
    commands: list[Command] = field(default_factory=list)
    room: str = ""  # the leader whose room the post is in ("" for none): private to that leader
    # read from text that cannot tell a line a player typed from the site's own post header
    # (a DungeonMaster.ru page's copied text, a Discourse /raw: sources.COPIED): who wrote it
    # is only what the text says (forum/resolve.py: a command acting for a leader counts only
    # from that leader's room; a post claiming the moderator runs nothing)
    copied: bool = False
    master: bool = False  # copied text: the post's header names the site's master role
    typed: str = ""  # copied text: a post header typed inside the post (the line): refused whole

    @property
    def key(self) -> str:
        """Where the post's records are kept: public posts and private messages are numbered
        apart by the forum (phpBB), so their ids are keyed apart; a room's posts are keyed
        by its leader (``room:LEADER:POST_ID``)."""
        if self.room:
            return room_key(self.room, self.post_id)
        return private_key(self.post_id) if self.private else self.post_id


PRIVATE = "private:"
ROOM = "room:"


def order_of(post_id: str) -> tuple[str, int] | None:
    """(thread, number) of a post id that ends in a number — ``1190`` → ("", 1190), a
    Discourse ``t12-5`` → ("t12-", 5) — so that ids of one thread compare; None otherwise."""
    m = _ORDER.fullmatch(post_id)
    return (m.group(1), int(m.group(2))) if m else None


_ORDER = lazy(r"(.*?)(\d{1,18})")


def room_key(leader: str, post_id: str) -> str:
    """The records' key of post ``post_id`` in ``leader``'s room."""
    return f"{ROOM}{leader}:{post_id}"


def private_key(post_id: str) -> str:
    """The records' key of private message ``post_id`` (a post id holds no ``:``)."""
    return PRIVATE + post_id


def as_written(author: str, limit: int = 80) -> str:
    """A forum name as a page writes it: layout white space (tabs, line breaks, runs of
    plain spaces) made one space and trimmed; every other character kept, so that a
    look-alike name (an NBSP, a bidi override) stays visible to the resolver."""
    return LAYOUT_SPACES.sub(" ", author).strip(" ")[:limit]


_TOKEN = lazy(r"\[(/?)(quote|code)(?:=[^\]\n]*)?\]|<(/?)blockquote\b[^>\n]*>", re.IGNORECASE)
_FENCE = lazy(r"^\s*(```|~~~)")


def strip_quotes(text: str, keep_code: bool = False) -> str:
    """Remove quoted text and code: ``[quote]`` (nested too), ``<blockquote>``, ``[code]``
    and fenced code (lines between ``` fences).  One pass, linear in the text; nesting past
    :data:`MAX_NESTING` is treated as quoted to the end.  An unclosed quote or code block
    runs to the end.  ``keep_code``: a code box outside the quotes stays as it is (a Dice
    block the post's author laid out: gmtool.report.dice_block), only the quotes go."""
    out: list[str] = []
    depth = 0  # [quote] and <blockquote> levels
    code = False  # inside [code]…[/code]: only [/code] counts
    pos = 0
    for m in _TOKEN.finditer(text):
        closing = bool(m.group(1) or m.group(3))
        kind = (m.group(2) or "blockquote").lower()
        if code:
            if kind == "code" and closing:
                code = False
                if not (keep_code and depth == 0):
                    pos = m.end()
            continue
        if depth == 0:
            out.append(text[pos : m.start()])
        if kind == "code":
            code = not closing  # a stray [/code] is just dropped
            if keep_code and depth == 0:  # the box, its marks and all, goes with the text after it
                pos = m.start() if code else m.end()
                continue
        elif closing:
            depth = max(0, depth - 1)
        else:
            depth += 1
            if depth > MAX_NESTING:
                return "".join(out) if keep_code else _strip_fences("".join(out))
        pos = m.end()
    if depth == 0 and (keep_code or not code):
        out.append(text[pos:])
    return "".join(out) if keep_code else _strip_fences("".join(out))


def _strip_fences(text: str) -> str:
    """Drop fenced code blocks (Markdown ``` or ~~~), an unclosed fence to the end."""
    if "```" not in text and "~~~" not in text:
        return text
    out: list[str] = []
    fence = ""
    for line in text.splitlines(keepends=True):
        m = _FENCE.match(line)
        if fence:
            if m and m.group(1) == fence:
                fence = ""
            continue
        if m:
            fence = m.group(1)
            continue
        out.append(line)
    return "".join(out)


def command_name(word: str) -> str:
    """The command a word stands for in any language (``бросок`` → ``roll``), or "" for
    none: the words are in the message catalogs (``forum.command``)."""
    return words("forum.command").get(word.casefold(), "")


def parse_commands(body: str) -> list[Command]:
    """The post's commands, at most :data:`MAX_COMMANDS_PER_POST`; any more become one
    refused entry that counts them (100,000 lines of ``!roll`` cost one line, not 100,000)."""
    commands: list[Command] = []
    extra = 0
    for raw in strip_quotes(body).splitlines():
        line = raw.strip()
        if not line.startswith("!") or len(line) < 2:
            continue
        if len(commands) >= MAX_COMMANDS_PER_POST:
            extra += 1
            continue
        word, _, args = line[1:].partition(" ")
        index = len(commands) + 1
        cmd = Command(index, command_name(word), word[:40], args.strip(), line[: MAX_COMMAND_CHARS + 1])
        if len(line) > MAX_COMMAND_CHARS:
            cmd.refused = Msg("forum.refusal.too_long", max=MAX_COMMAND_CHARS)
        commands.append(cmd)
    if extra:
        commands.append(
            Command(
                MAX_COMMANDS_PER_POST + 1,
                "",
                "…",
                "",
                f"!… ({extra} more commands)",
                refused=Msg("forum.refusal.too_many", max=MAX_COMMANDS_PER_POST, n=extra),
            )
        )
    return commands


def escape_line(line: str) -> str:
    r"""A post's line as a thread file writes it: one more backslash before a line that
    starts with ``===`` or ``\===`` (:func:`parse_thread` takes it off again)."""
    stripped = line.lstrip(" \t")
    if stripped.lstrip("\\").startswith("==="):
        return line[: len(line) - len(stripped)] + "\\" + stripped
    return line


def parse_thread(text: str, private_messages: bool = False) -> list[Post]:
    """The posts of a thread file.  A thread file is a public thread: a ``private`` header
    in it is refused (a player can type one), unless the whole file is an export of private
    messages (``private_messages``), where every post is private.  A line that starts with
    ``===`` and is not a valid header is refused too, naming its line: merged into the post
    above, its commands would run as that post's author — but for a line of ``=`` alone, a
    plain heading's underline (a pasted plain report), which is the post's text."""
    if len(text.encode("utf-8", "replace")) > MAX_THREAD_BYTES:
        raise InputError(key="forum.thread_too_large", n=MAX_THREAD_BYTES // 1_000_000)
    posts: list[Post] = []
    current: Post | None = None
    body: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        escaped = ESCAPED.match(line)
        if escaped:  # a post's own line: the text after one backslash
            if current is not None:
                body.append(escaped.group(1) + line[escaped.end(1) + 1 :])
            continue
        m = HEADER.match(line)
        if m is None and line.lstrip().startswith("===") and not UNDERLINE.match(line):
            raise InputError(key="forum.bad_header", line=number, text=line.strip()[:60])
        if m:
            if m.group("private") and not private_messages:
                raise InputError(key="forum.private_in_public", line=number, text=line.strip()[:60])
            if current is not None:
                current.body = "\n".join(body)
                posts.append(current)
            current = Post(m.group("author").strip(" \t"), m.group("id"), private_messages, "", number)
            body = []
        elif current is not None:
            body.append(line)
    if current is not None:
        current.body = "\n".join(body)
        posts.append(current)
    if not posts and text.strip():
        raise InputError(key="forum.no_headers")
    seen: set[str] = set()
    for post in posts:
        if post.post_id in seen:
            raise InputError(key="forum.post_twice", line=post.line, post=post.post_id)
        seen.add(post.post_id)
        post.commands = parse_commands(post.body)
    return posts
