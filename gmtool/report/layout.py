"""Tables laid out for the forums' code boxes.

A forum shows a table in a code box (``[code]``, a Discord code block): phpBB's post column
is about 720 px and MyBB's code box scrambles its columns below ~830 px, Discord wraps on a
phone (:data:`PHONE_WIDTH`), and prosilver and MyBB cap a code box at about 200 px (12 lines)
with a scrollbar.  So every table a renderer puts in a code box goes through :func:`lay_out`
— the one place that keeps it within the box's width and :data:`CODE_ROWS` lines:

1. too wide: a column no row fills is left out, and a column filled in at most a quarter of
   its rows goes under the table as a note (:func:`notes_apart`: the renderer lists its
   cells, each with its row's key); then the headers, then the widest columns, wrap onto
   more lines of the same row (at most :data:`WRAP_LINES` lines a cell, never narrower than
   the column's longest word);
2. still too wide: the columns go into several tables, each starting with the first
   (key) column — where the reader can line them up (not on a phone: ``groups=False``);
3. still too wide (one column and its key do not fit): no table — a list, one item a row;
4. too high: the rows go into several boxes of even height, each repeating the header
   row(s) — never a last box of one row after full ones.

A code box is :data:`CODE_WIDTH` columns wide on a forum, :data:`PHONE_WIDTH` in Discord,
which most players read on a phone.

Widths are counted as displayed: a Cyrillic letter is one column, a zero-width space none,
an East Asian wide character two.
"""

from __future__ import annotations

import unicodedata

from gmtool.struct import Struct

CODE_WIDTH = 72  # the widest line of a code box, in columns as displayed
CODE_ROWS = 12  # the most lines of a code box: header, rule and 10 one-line rows
# Discord's code block on a 390 px phone: the message column is about 290 px beside the
# avatar, a monospace character about 8 px, so a line over ~36 columns wraps (and a wrapped
# table line breaks every column under it); 34 leaves room for a wider font.
PHONE_WIDTH = 34
NOTE_SHARE = 4  # a column filled in at most 1 row in NOTE_SHARE is a note under its table
WRAP_LINES = 3  # a cell wrapped onto more lines than this makes its table a list
GAP = 2  # the spaces between two columns (tabulate's "simple" layout)
PAD = 2  # tabulate makes a column 2 wider than its header — but in a table that had to narrow
MIN_WORD = 24  # a word longer than this may be cut to wrap its cell


def width(value: str) -> int:
    """The columns ``value`` takes on screen."""
    out = 0
    for ch in value:
        if unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        out += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return out


def line_width(block: str) -> int:
    return max((width(line) for line in block.split("\n")), default=0)


class Piece(Struct):
    """One code box's table: its headers and rows (a cell may hold several lines), and the
    room tabulate leaves beside a header (``pad``: 0 in a table that had to narrow)."""

    __slots__ = ("headers", "rows", "align", "pad")

    def __init__(self, headers: list[str], rows: list[list[str]], align: list[str] | None, pad: int = PAD) -> None:
        self.headers = headers
        self.rows = rows
        self.align = align
        self.pad = pad


def _size(value: str) -> int:
    """The columns a cell takes in tabulate's layout: it pads by length, so a zero-width
    character counts one, and a wide one two."""
    return len(value) + sum(1 for ch in value if unicodedata.east_asian_width(ch) in ("W", "F"))


def _longest_word(cells: list[str]) -> int:
    return max((min(_size(w), MIN_WORD) for c in cells for w in c.split()), default=1)


def _wrap(cell: str, cols: int) -> list[str]:
    if _size(cell) <= cols:
        return [cell]
    import textwrap

    return textwrap.wrap(cell, cols, break_long_words=True, break_on_hyphens=False) or [""]


def _widths(headers: list[str], rows: list[list[str]], most: int, pad: int = PAD) -> list[int] | None:
    """Column widths within ``most`` — the headers' words wrap first, then the widest
    column, never below its longest word — or None.  A column is as wide as its widest
    cell and its header and :data:`PAD` (tabulate pads a header so)."""
    columns = [[r[i] for r in rows] for i in range(len(headers))]
    body = [max((_size(c) for c in col), default=0) for col in columns]
    natural = [max(b, _size(h) + pad) for b, h in zip(body, headers)]
    if sum(natural) + GAP * (len(natural) - 1) <= most:
        return natural
    floor = [max(_longest_word(col), _longest_word([h]) + pad) for col, h in zip(columns, headers)]
    cols = [max(b, f) for b, f in zip(body, floor)]
    total = sum(cols) + GAP * (len(cols) - 1)
    while total > most:
        shrinkable = [i for i, c in enumerate(cols) if c > floor[i]]
        if not shrinkable:
            return None
        widest = max(shrinkable, key=lambda i: cols[i])
        cols[widest] -= 1
        total -= 1
    return cols


def _fit(headers: list[str], rows: list[list[str]], most: int) -> tuple[list[str], list[list[str]]] | None:
    cols = _widths(headers, rows, most, 0)
    if cols is None:
        return None
    wrapped_rows = []
    for row in rows:
        cells = [_wrap(c, w) for c, w in zip(row, cols)]
        if any(len(c) > WRAP_LINES for c in cells):
            return None
        wrapped_rows.append(["\n".join(c) for c in cells])
    wrapped_headers = ["\n".join(_wrap(h, w)) for h, w in zip(headers, cols)]
    return wrapped_headers, wrapped_rows


def _column_groups(headers: list[str], rows: list[list[str]], most: int) -> list[list[int]] | None:
    """The columns in tables that fit, each led by the key column 0; None if one cannot."""
    groups: list[list[int]] = []
    current = [0]
    for col in range(1, len(headers)):
        trial = current + [col]
        if _fit([headers[i] for i in trial], [[r[i] for i in trial] for r in rows], most) is not None:
            current = trial
            continue
        if len(current) == 1:
            return None
        groups.append(current)
        current = [0, col]
        if _fit([headers[i] for i in current], [[r[i] for i in current] for r in rows], most) is None:
            return None
    groups.append(current)
    return groups


def _lines(cells: list[str]) -> int:
    return max((c.count("\n") + 1 for c in cells), default=1)


def _fits(headers: list[str], rows: list[list[str]], most: int) -> bool:
    """The table fits ``most`` columns as it is (tabulate's own widths)."""
    return sum(_natural(headers, rows)) + GAP * (len(headers) - 1) <= most


def notes_apart(headers: list[str], rows: list[list[str]], most: int = CODE_WIDTH) -> list[int]:
    """The columns of a table too wide for ``most`` that are nearly empty — filled in at most
    one row in :data:`NOTE_SHARE` (a monster in one system of 26) — to show as a note
    under the table rather than as a column (or a box of their own, all blank but one line).
    Never the key column; none when the table fits as it is."""
    rows = [list(r) + [""] * (len(headers) - len(r)) for r in rows]
    if not rows or _fits(headers, rows, most):
        return []
    filled = [sum(1 for r in rows if r[i].strip()) for i in range(len(headers))]
    apart = [i for i in range(1, len(headers)) if 0 < filled[i] and filled[i] * NOTE_SHARE <= len(rows)]
    return apart if len(headers) - len(apart) >= 2 else []


def lay_out(
    headers: list[str],
    rows: list[list[str]],
    align: list[str] | None = None,
    most: int = CODE_WIDTH,
    height: int | None = CODE_ROWS,
    groups: bool = True,
) -> list[Piece] | None:
    """The table as pieces, one code box each, within ``most`` columns and ``height``
    lines (None: any height); None when no table fits — show the rows as a list.
    ``groups``: the columns may go into several tables (else a table too wide is a list)."""
    rows = [list(r) + [""] * (len(headers) - len(r)) for r in rows]
    if _fits(headers, rows, most):
        return _high([Piece(headers, rows, align)], height)  # as it is, with tabulate's header room
    # too wide: a column no row fills is left out first
    filled = [0] + [i for i in range(1, len(headers)) if any(r[i].strip() for r in rows)]
    if rows and len(filled) < len(headers):
        headers, rows = [headers[i] for i in filled], [[r[i] for i in filled] for r in rows]
        align = [align[i] for i in filled] if align else None
        if _fits(headers, rows, most):
            return _high([Piece(headers, rows, align)], height)
    together = [list(range(len(headers)))]
    if _fit(headers, rows, most) is None:
        found = _column_groups(headers, rows, most) if len(headers) > 1 and groups else None
        if found is None:
            return None
        together = found
    pieces: list[Piece] = []
    for group in together:
        fitted = _fit([headers[i] for i in group], [[r[i] for i in group] for r in rows], most)
        assert fitted is not None
        pieces.append(Piece(fitted[0], fitted[1], [align[i] for i in group] if align else None, 0))
    return _high(pieces, height)


def _natural(headers: list[str], rows: list[list[str]]) -> list[int]:
    return [max([_size(h) + PAD] + [_size(r[i]) for r in rows]) for i, h in enumerate(headers)]


def _high(pieces: list[Piece], height: int | None) -> list[Piece]:
    """Each piece cut into boxes of at most ``height`` lines, each with the header: as few
    boxes as fit, of even height (25 rows in 9, 8 and 8, not 10, 10 and 5)."""
    if height is None:
        return pieces
    out: list[Piece] = []
    for piece in pieces:
        room = max(height - _lines(piece.headers) - 1, 1)
        sizes = [_lines(row) for row in piece.rows]
        boxes = len(_cut(sizes, room))
        counts = _even(sizes, room, boxes)
        if counts is None:  # rows of several lines: the smallest box size that keeps the count
            cap = -(-sum(sizes) // boxes) if sizes else room
            while len(_cut(sizes, cap)) > boxes:  # ends at ``room`` at the latest
                cap += 1
            counts = _cut(sizes, cap)
        start = 0
        for count in counts:
            out.append(Piece(piece.headers, piece.rows[start : start + count], piece.align, piece.pad))
            start += count
    return out


def _even(sizes: list[int], room: int, boxes: int) -> list[int] | None:
    """How many rows go in each of ``boxes`` boxes, each filled to an even share of the
    lines left; None if that leaves a row over or a box over ``room``."""
    counts: list[int] = []
    at, left = 0, sum(sizes)
    for box in range(boxes):
        share = -(-left // (boxes - box))
        used = count = 0
        while at < len(sizes) and (count == 0 or used + sizes[at] <= share):
            used += sizes[at]
            at += 1
            count += 1
        if used > room and count > 1:
            return None
        counts.append(count)
        left -= used
    return counts if at == len(sizes) else None


def _cut(sizes: list[int], room: int) -> list[int]:
    """How many rows (of ``sizes`` lines each) go in each box of ``room`` lines, in order."""
    counts: list[int] = []
    used = 0
    for need in sizes:
        if counts and used + need <= room:
            counts[-1] += 1
            used += need
        else:
            counts.append(1)
            used = need
    return counts or [0]
