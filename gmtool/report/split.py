"""A post too long for its forum, split into numbered parts.

Parts break between sections (a heading starts a new part) where they can, else between
blocks, else between lines; a code block (``[code]…[/code]`` or a ``` fence) or a spoiler is
never cut open: a long one is closed at the end of a part and opened again in the next, and
a table cut so repeats its header row(s) in each piece.  The title and a section's heading
always stay with the block after them (a part is never only a title, nor ends with a
heading), and a short last block (the journal mark) stays with the block before it.
"""

from __future__ import annotations

import re
from typing import Callable

MARK_ROOM = 24  # "[i](12/34)[/i]" and the blank line after it
SHORT_TAIL = 120  # a last block this short is never a part of its own
_RULE = re.compile(r"^[-:| ]*-[-:| ]*$")  # a table's rule line: "-----  ---", "|:---|---|"


def _fences(block: str) -> tuple[str, str] | None:
    for opener, closer in (("[code]", "[/code]"), ("```\n", "\n```")):
        if block.startswith(opener) and block.endswith(closer):
            return opener, closer
    folded = re.match(r'\[(\w+)="[^"\n]*"\]\n', block)  # a folded list (a spoiler): each piece folded again
    if folded and block.endswith(f"\n[/{folded.group(1)}]"):
        return folded.group(0), f"\n[/{folded.group(1)}]"
    return None


def table_head(lines: list[str]) -> list[str]:
    """A table's header lines and its rule (the lines to repeat in each piece), or []."""
    for n, line in enumerate(lines[:4]):
        if n and _RULE.match(line) and lines[0].strip():
            return lines[: n + 1]
    return []


def _cut(block: str, most: int, first: int | None = None) -> list[str]:
    """A block longer than ``most`` (its first piece: ``first``): its lines in pieces, a code
    block re-fenced, a table's header repeated."""
    fence = _fences(block)
    opener, closer = fence if fence else ("", "")
    inner = block[len(opener) : len(block) - len(closer)] if fence else block
    lines = inner.split("\n")
    head = table_head(lines)
    if head and sum(len(h) + 1 for h in head) * 2 > most - len(opener) - len(closer):
        head = []  # a header too big to repeat: the rows go on alone
    body = lines[len(head) :]
    head_size = sum(len(h) + 1 for h in head)
    pieces: list[str] = []
    current: list[str] = []
    size = 0

    def room() -> int:
        return (first if first is not None and not pieces else most) - len(opener) - len(closer) - head_size

    if head:  # a row wrapped onto more lines (they start blank) is never cut apart
        rows: list[str] = []
        for line in body:
            if rows and line[:1] == " " and len(rows[-1]) + 1 + len(line) <= most // 2:
                rows[-1] += "\n" + line
            else:
                rows.append(line)
        body = rows
    for line in body:
        while len(line) > max(room(), 1):  # a single line longer than a post: cut it
            if current:
                pieces.append("\n".join(head + current))
                current, size = [], 0
                continue
            cut = max(room(), 1)
            pieces.append("\n".join(head + [line[:cut]]))
            line = line[cut:]
        if current and size + 1 + len(line) > room():
            pieces.append("\n".join(head + current))
            current, size = [], 0
        size += len(line) + (1 if current else 0)
        current.append(line)
    if current or not pieces:
        pieces.append("\n".join(head + current))
    return [f"{opener}{p}{closer}" for p in pieces]


def _groups(blocks: list[str], most: int, is_heading: Callable[[str], bool]) -> list[list[str]]:
    """The post's blocks in groups that never part: the title and headings with the
    (first piece of the) block after them, the short last block with the one before it."""
    groups: list[list[str]] = []
    sticky: list[str] = []
    for n, block in enumerate(blocks):
        if n == 0 or is_heading(block):
            sticky.append(block)
            continue
        lead = sum(len(s) + 2 for s in sticky)
        if lead and lead + len(block) > most:
            pieces = _cut(block, most, first=max(most - lead, most // 4))
        else:
            pieces = _cut(block, most) if len(block) > most else [block]
        groups.append(sticky + pieces[:1])
        groups.extend([p] for p in pieces[1:])
        sticky = []
    if sticky:
        if groups and sum(len(u) + 2 for u in groups[-1] + sticky) <= most:
            groups[-1].extend(sticky)
        else:
            groups.append(sticky)
    if len(groups) > 1 and len(groups[-1]) == 1 and len(groups[-1][0]) <= SHORT_TAIL:
        if sum(len(u) + 2 for u in groups[-2] + groups[-1]) <= most:
            groups[-2].extend(groups.pop())
    return groups


def _size(units: list[str]) -> int:
    return sum(len(u) + 2 for u in units)


def split_parts(
    blocks: list[str], limit: int, mark: Callable[[int, int], str], is_heading: Callable[[str], bool]
) -> list[str]:
    most = limit - MARK_ROOM - 1
    groups = _groups(blocks, most, is_heading)
    posts: list[list[list[str]]] = [[]]
    for group in groups:
        current = posts[-1]
        size = sum(_size(g) for g in current)
        if current and size + _size(group) > most:
            # move the unfinished section (from its heading on) to the next part
            cut = max((i for i, g in enumerate(current) if i and is_heading(g[0])), default=0)
            moved = current[cut:] if cut > 0 and sum(_size(g) for g in current[cut:]) + _size(group) <= most else []
            if moved:
                del current[cut:]
            posts.append(moved)
        posts[-1].append(group)
    posts = [p for p in posts if p]
    total = len(posts)
    return [
        mark(n, total) + "\n\n" + "\n\n".join(u for g in groups_ for u in g) + "\n"
        for n, groups_ in enumerate(posts, start=1)
    ]
