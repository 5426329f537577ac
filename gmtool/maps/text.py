"""The map as text for forums without images: a hex grid of three-character cells that
lines up in a monospace font, with a one-letter-per-feature legend.

Rows are the axial ``r``; each row is shifted half a cell from the one above, so the six
neighbours of a cell are left, right, and the two touching cells above and below.  Every
line has the same display width (East Asian wide characters count as two columns), so the
grid survives a forum's code box.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from typing import Callable

from gmtool.maps.labels import TYPE_LETTERS, label, mark_of, own_mark, row_ids
from gmtool.maps.scene import PLANET_COLOURS
from gmtool.maps.view import PUBLIC, Cell, MapView
from gmtool.report.layout import CODE_ROWS, CODE_WIDTH
from gmtool.report.model import CodeBlock, Heading, Items, Paragraph, Report, Text, raw, text

PLANET_LETTERS = TYPE_LETTERS  # the built-in letters; the tables give them per language
FEATURES = {"unexplored": ".", "reach": "+", "empty": "-", "asteroids": "a", "orion": "@"}
FLAGS = {"homeworld": "*", "guardian": "G", "great_monster": "M", "monster": "m", "blockade": "#"}
CELL = 3  # characters per hex
STEP = 4  # from one hex to the next in a row


def display_width(line: str) -> int:
    """Columns a monospace font gives ``line``: wide and full-width characters take two,
    combining marks none."""
    width = 0
    for ch in line:
        if unicodedata.combining(ch):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def owner_mark(players: list[str], name: str) -> str:
    """A leader's digit: 1–9 then 0 in seating order, then letters."""
    index = players.index(name) if name in players else len(players)
    return "1234567890abcdefghijklmnopqrstuvwxyz"[index % 36]


def cell_token(cell: Cell, players: list[str], names: Callable[[str, str], str] = row_ids) -> str:
    if not cell.known:
        return f" {FEATURES['reach' if cell.reach else 'unexplored']} "
    letter = mark_of(names, "world-type", cell.planet_type or "")[:1] if cell.planet_type else "P"
    if cell.discovery == "planet":
        feature = letter if letter != "?" else "P"
    elif cell.discovery == "asteroids":  # the language's own letter (map.text_asteroids: a, а)
        feature = own_mark(names, "text_asteroids")
    else:
        feature = FEATURES.get(cell.discovery, "?")
    owner = owner_mark(players, cell.owner) if cell.owner else ""
    flag = (
        "homeworld"
        if cell.homeworld_of
        else "guardian"
        if cell.guardian
        else ("great_monster" if cell.monster.get("great") else "monster")
        if cell.monster
        else "blockade"
        if cell.blockaded
        else None
    )
    own = {"guardian": "text_guardian", "monster": "text_monster", "great_monster": "text_great_monster"}
    mark = (own_mark(names, own[flag]) if flag in own else FLAGS[flag]) if flag else ""
    if not owner and not mark:
        return f" {feature} "
    return f"{feature}{owner or ' '}{mark or ' '}"


def grid(view: MapView, names: Callable[[str, str], str] = row_ids) -> list[str]:
    """The hex grid, one string per row, all of one display width."""
    if not view.cells:
        return []

    def col(c: Cell) -> int:
        return 2 * (2 * c.label.q + c.label.r)

    left = min(col(c) for c in view.cells)
    rows: dict[int, list[Cell]] = {}
    for c in view.cells:
        rows.setdefault(c.label.r, []).append(c)
    prefix = {r: f"r{r} q{min(c.label.q for c in cells)}" for r, cells in rows.items()}
    pad = max(len(p) for p in prefix.values()) + 1
    lines = []
    for r in sorted(rows):
        chars: dict[int, str] = {}
        for c in rows[r]:
            for i, ch in enumerate(cell_token(c, view.players, names)):
                chars[col(c) - left + i] = ch
        body = "".join(chars.get(i, " ") for i in range(max(chars) + 1))
        lines.append(prefix[r].ljust(pad) + body)
    width = max(display_width(line) for line in lines)
    return [line + " " * (width - display_width(line)) for line in lines]


def _col(c: Cell) -> int:
    return 2 * (2 * c.label.q + c.label.r)


def grid_boxes(
    view: MapView, names: Callable[[str, str], str] = row_ids, most: int = CODE_WIDTH, height: int = CODE_ROWS
) -> list[list[str]]:
    """The grid in code boxes that fit a forum (gmtool.report.layout): bands of at most
    ``height`` rows, north to south; a grid wider than ``most`` is cut into strips, west to
    east within each band, every row keeping its ``r… q…`` label (the first hex it shows).
    A strip's rows are those it has hexes in (a strip's bands line up with each other)."""
    if not view.cells:
        return []
    low, high = min(_col(c) for c in view.cells), max(_col(c) for c in view.cells)
    strips = 1
    while True:
        span = (high - low) // strips + 1
        ranges = [(low + i * span, low + (i + 1) * span) for i in range(strips)]
        pieces = [[c for c in view.cells if a <= _col(c) < b] for a, b in ranges]
        if strips >= 8 or all(
            max(map(display_width, grid(replace(view, cells=p), names))) <= most for p in pieces if p
        ):
            break
        strips += 1
    grids = [grid(replace(view, cells=p), names) for p in pieces if p]
    lines = max(len(g) for g in grids)
    size = -(-lines // -(-lines // height))  # bands of even height, none over ``height``
    return [g[start : start + size] for start in range(0, lines, size) for g in grids if g[start : start + size]]


def map_report(
    view: MapView, lang: str, names: Callable[[str, str], str], title: str, most: int = CODE_WIDTH
) -> Report:
    """The text map as a report: title, the grid in code boxes at most ``most`` columns wide
    (a phone's :data:`~gmtool.report.layout.PHONE_WIDTH` for Discord), and its legend."""
    blocks: list = []
    sub = label("turn_stage", lang, campaign=view.campaign, turn=view.turn, stage=view.stage)
    if view.frame == "homeworld":
        sub += " · " + label("frame_home", lang)
    blocks.append(Paragraph(text(sub)))
    if view.closed:
        blocks.append(Paragraph(text(label("closed", lang))))
        return Report(text(title), blocks, {"map": view.to_data(), "grid": []})
    lines = grid(view, names)
    blocks += [CodeBlock(box) for box in grid_boxes(view, names, most)]
    blocks.append(Paragraph(text(label("rows", lang))))
    blocks.append(Heading(text(label("text_legend", lang))))
    legend: list[Text] = [
        _entry(FEATURES["unexplored"], label("unexplored", lang)),
    ]
    if view.viewer is not None and view.viewer != PUBLIC:
        legend.append(_entry(FEATURES["reach"], label("reach", lang)))
    legend += [
        _entry(FEATURES["empty"], label("empty", lang)),
        _entry(label("text_asteroids", lang), label("asteroids", lang)),
        _entry(FEATURES["orion"], label("orion", lang)),
    ]
    legend += [_entry(mark_of(names, "world-type", t)[:1], names("world-type", t)) for t in PLANET_COLOURS]
    legend += [
        _entry(FLAGS["homeworld"], label("homeworld", lang)),
        _entry(label("text_guardian", lang), label("guardian", lang)),
        _entry(label("text_monster", lang), label("monster", lang)),
        _entry(label("text_great_monster", lang), label("great_monster", lang)),
        _entry(FLAGS["blockade"], label("blockade", lang)),
    ]
    blocks.append(Items(legend))
    owners = sorted({c.owner for c in view.cells if c.owner}, key=view.players.index)
    if owners:
        blocks.append(Paragraph(text(label("owner_digit", lang))))
        blocks.append(Items([text(raw(owner_mark(view.players, o), "code"), " ", o) for o in owners]))
    # Orion is listed once a leader holds it (its world then has a type and a size)
    planets = [c for c in view.cells if c.known and (c.discovery == "planet" or c.discovery == "orion" and c.owner)]
    if planets:
        blocks.append(Heading(text(label("planet_list", lang))))
        blocks.append(Items([_planet(c, names, label("orion", lang)) for c in planets]))
    return Report(text(title), blocks, {"map": view.to_data(), "grid": lines})


def _planet(c: Cell, names: Callable[[str, str], str], orion: str = "Orion") -> Text:
    """``2,-3 Terran, large (hostile) — alice``; ``0,0 Orion — carol``."""
    size = names("world-size", c.planet_size or "")
    words = f"{names('world-type', c.planet_type or '')}, {size[:1].lower() + size[1:]}"  # as the reports write it
    if c.discovery == "orion":
        words = orion + (f": {words}" if c.planet_type else "")
    if c.properties:
        words += " (" + ", ".join(names("planet-properties", p) for p in c.properties) + ")"
    return text(raw(str(c.label), "code"), " ", words, f" — {c.owner}" if c.owner else "")


def _entry(symbol: str, meaning: str) -> Text:
    return text(raw(symbol, "code"), " ", meaning)
