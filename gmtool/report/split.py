"""A post too long for its forum, split into numbered parts.

Parts break between sections (a heading starts a new part) where they can, else between
blocks, else between lines; a code block (``[code]…[/code]`` or a ``` fence) or a spoiler is
never cut open: a long one is closed at the end of a part and opened again in the next.
"""

from __future__ import annotations

import re
from typing import Callable

MARK_ROOM = 24  # "[i](12/34)[/i]" and the blank line after it


def _fences(block: str) -> tuple[str, str] | None:
    for opener, closer in (("[code]", "[/code]"), ("```\n", "\n```")):
        if block.startswith(opener) and block.endswith(closer):
            return opener, closer
    folded = re.match(r'\[(\w+)="[^"\n]*"\]\n', block)  # a folded list (a spoiler): each piece folded again
    if folded and block.endswith(f"\n[/{folded.group(1)}]"):
        return folded.group(0), f"\n[/{folded.group(1)}]"
    return None


def _cut(block: str, most: int) -> list[str]:
    """A block longer than ``most``: its lines in pieces, a code block re-fenced."""
    fence = _fences(block)
    opener, closer = fence if fence else ("", "")
    inner = block[len(opener) : len(block) - len(closer)] if fence else block
    room = most - len(opener) - len(closer)
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    for line in inner.split("\n"):
        while len(line) > room:  # a single line longer than a post: cut it
            if current:
                pieces.append("\n".join(current))
                current, size = [], 0
            pieces.append(line[:room])
            line = line[room:]
        if current and size + 1 + len(line) > room:
            pieces.append("\n".join(current))
            current, size = [], 0
        size += len(line) + (1 if current else 0)
        current.append(line)
    if current:
        pieces.append("\n".join(current))
    return [f"{opener}{p}{closer}" for p in pieces]


def split_parts(
    blocks: list[str], limit: int, mark: Callable[[int, int], str], is_heading: Callable[[str], bool]
) -> list[str]:
    most = limit - MARK_ROOM - 1
    units: list[str] = []
    for block in blocks:
        units.extend(_cut(block, most) if len(block) > most else [block])
    posts: list[list[str]] = [[]]
    size = 0
    for unit in units:
        current = posts[-1]
        if current and size + 2 + len(unit) > most:
            # move the unfinished section (from its heading on) to the next part
            cut = max((i for i, u in enumerate(current) if is_heading(u)), default=0)
            moved = current[cut:] if cut > 0 and sum(len(u) + 2 for u in current[cut:]) + len(unit) <= most else []
            if moved:
                del current[cut:]
            posts.append(moved)
            size = sum(len(u) + 2 for u in moved)
        posts[-1].append(unit)
        size += len(unit) + 2
    total = len(posts)
    return [mark(n, total) + "\n\n" + "\n\n".join(units_) + "\n" for n, units_ in enumerate(posts, start=1)]
