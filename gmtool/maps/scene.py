"""A map laid out once as shapes (polygons, circles, lines, text) that the PNG and the SVG
writers both draw, so the two always agree (the site's charts are scenes too,
gmtool/site/charts.py).

Pointy-top hexes in the view's labels (axial q, r): the centre of (q, r) is at
``x = S·√3·(q + r/2)``, ``y = S·1.5·r``.  The colours at hex centres are fixed (a
planet's type colour, the fog's grey, the empty-space colour …) so tests can read them
back from the pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

from gmtool.campaign.hexes import Hex
from gmtool.maps.labels import PROPERTY_MARKS, label, mark_of, own_mark, row_ids
from gmtool.maps.view import PUBLIC, Cell, MapView

SQRT3 = math.sqrt(3)

# ----------------------------------------------------------------- colours
BACKGROUND = "#ffffff"
INK = "#1b1e28"
GRID = "#6b7080"
FOG = "#b9bcc4"  # unexplored
REACH_FILL = "#dfe3ea"  # unexplored and in reach this turn
REACH_EDGE = "#1b1e28"
SPACE = "#eef1f7"  # explored empty space
ASTEROID = "#7a6f66"
ORION = "#f2c14e"
MONSTER = "#c0392b"
PLANET_COLOURS = {
    "terran": "#3a9d23",
    "ocean": "#1f6fd1",
    "steppe": "#c9b458",
    "toxic": "#8e44ad",
    "barren": "#a0522d",
    "inferno": "#e03c31",
}
OTHER_PLANET = "#888888"
SIZE_SCALE = {"tiny": 0.16, "small": 0.21, "medium": 0.26, "large": 0.31, "huge": 0.36}
# Okabe–Ito, a palette colour-blind readers tell apart; then two greys for leaders 9–10.
OWNER_COLOURS = (
    "#e69f00",
    "#56b4e9",
    "#009e73",
    "#f0e442",
    "#0072b2",
    "#d55e00",
    "#cc79a7",
    "#000000",
    "#999999",
    "#5d5d5d",
)

LEGEND_WIDTH = 330
MARGIN = 24
TITLE_HEIGHT = 76
LINE = 24  # legend line height


def owner_colour(players: list[str], name: str) -> str:
    index = players.index(name) if name in players else len(players)
    return OWNER_COLOURS[index % len(OWNER_COLOURS)]


# ----------------------------------------------------------------- shapes
@dataclass
class Polygon:
    points: list[tuple[float, float]]
    fill: str | None
    outline: str | None = None
    width: float = 1
    cls: str = ""
    data: dict[str, str] = field(default_factory=dict)
    title: str = ""  # the SVG's hover words (``<title>``); the PNG draws none


@dataclass
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None
    outline: str | None = None
    width: float = 1
    cls: str = ""
    data: dict[str, str] = field(default_factory=dict)
    title: str = ""


@dataclass
class Text:
    x: float
    y: float
    text: str
    size: float
    fill: str = INK
    anchor: str = "middle"  # start | middle | end (horizontal); y is the text's middle
    bold: bool = False
    cls: str = ""


@dataclass
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    colour: str
    width: float = 1
    cls: str = ""


@dataclass
class Polyline:
    """Joined segments, round at the joints (a chart's line)."""

    points: list[tuple[float, float]]
    colour: str
    width: float = 1
    cls: str = ""
    data: dict[str, str] = field(default_factory=dict)


Shape = Polygon | Circle | Text | Line | Polyline


@dataclass
class Scene:
    width: int
    height: int
    shapes: list[Shape]
    centres: dict[Hex, tuple[float, float]]  # label → pixel centre (for tests and tools)
    size: float  # hex radius in px
    title: str = ""
    # The shapes in parts drawn one after another, ``shapes[start:end]``: the title, the
    # subtitle, each hex, each shape of the legend (none: one part).  The PNGs of a turn's
    # maps are drawn part by part where they differ (gmtool.maps.png.render_pngs): a part of
    # one map that is the very same shapes as one of another is the same pixels.
    parts: list[tuple[int, int]] = field(default_factory=list)


Names = Callable[[str, str], str]


class Memo:
    """What a turn's maps share while they are laid out: a hex that looks the same on two
    maps, or the same legend, is the very same shapes (so :func:`gmtool.maps.png.render_pngs`
    draws it once)."""

    def __init__(self) -> None:
        # each look a hex had, by where it is drawn: what it was drawn from, and its shapes
        self.cells: dict[tuple[Hex, float, float, float], list[tuple[Cell, list[str], str, list[Shape]]]] = {}
        self.legends: list[list[Shape]] = []
        self.texts: list[Text] = []
        self.layouts: dict[tuple[Hex, ...], Layout] = {}  # by the hexes' labels, in order
        self.legends_of: dict[tuple, list[tuple[Names, tuple[list[Shape], float, float]]]] = {}

    def layout(self, view: MapView) -> Layout:
        """:func:`_layout`, once for the maps of the same hexes (from stage 2, every map)."""
        labels = tuple(c.label for c in view.cells)
        found = self.layouts.get(labels)
        if found is None:
            found = self.layouts[labels] = _layout(view)
        return found

    def cell(
        self, cell: Cell, centre: tuple[float, float], s: float, players: list[str], lang: str, names: Names
    ) -> list[Shape]:
        """``cell``'s shapes (:func:`_cell`): those of a hex laid out before, if it looked the same."""
        looks = self.cells.setdefault((cell.label, centre[0], centre[1], s), [])
        for known, who, words, shapes in looks:
            # compared field by field as Cell's own == does, without building its tuples
            if known.__dict__ == cell.__dict__ and who == players and words == lang:
                return shapes
        shapes = _cell(cell, *centre, s, players, names)
        looks.append((cell, players, lang, shapes))
        return shapes

    def same(self, text: Text) -> Text:
        """``text``, or an equal one laid out before."""
        known = next((known for known in self.texts if known == text), None)
        if known is None:
            self.texts.append(text)
        return known or text

    def legend_of(self, view: MapView, lang: str, names: Names, map_w: float) -> tuple[list[Shape], float, float]:
        """:func:`_legend_of`, once for the maps whose legends say the same: a leader's or
        not, the same leaders in it, the same words."""
        leader = view.viewer is not None and view.viewer != PUBLIC
        key = (leader, lang, map_w, tuple(_owners(view)), tuple(view.players))
        made = self.legends_of.setdefault(key, [])
        for words, legend in made:
            if words is names:
                return legend
        legend = _legend_of(view, lang, names, map_w)
        made.append((names, legend))  # ``names`` kept: no other one takes its id
        return legend

    def legend(self, shapes: list[Shape]) -> list[Shape]:
        same = next((known for known in self.legends if known == shapes), None)
        if same is None:
            self.legends.append(shapes)
        return same or shapes


# ----------------------------------------------------------------- layout
def hex_size(view: MapView) -> float:
    """Hex radius: 56 px for small maps (a radius-4 galaxy is about 1,200 px wide), down to
    about 38 px so a radius-10 galaxy stays near 2,000 px."""
    if not view.cells:
        return 56.0
    xs = [c.label.q + c.label.r / 2 for c in view.cells]
    cols = max(xs) - min(xs) + 1
    return max(24.0, min(56.0, 1600 / (SQRT3 * cols)))


def text_width(t: Text) -> float:
    """A generous estimate of the width of ``t`` in DejaVu Sans (no font needed)."""
    return len(t.text) * t.size * (0.66 if t.bold else 0.6)


# The unit hexagon's corners (pointy top), scaled and moved for each hex.
_UNIT = [(math.cos(math.radians(60 * k + 30)), math.sin(math.radians(60 * k + 30))) for k in range(6)]


def corners(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    return [(cx + s * ux, cy + s * uy) for ux, uy in _UNIT]


def build_scene(view: MapView, lang: str, names: Callable[[str, str], str], memo: Memo | None = None) -> Scene:
    """Lay out ``view`` in ``lang``; ``names(table, id)`` gives rule labels (planet types,
    properties).  ``memo``: shared by the maps of one turn (one ``names`` per language), a
    hex that looks as on a map laid out before keeps that map's shapes."""
    if memo is not None:
        s, centres, map_w, map_h, oy = memo.layout(view)
        centres = dict(centres)
    else:
        s, centres, map_w, map_h, oy = _layout(view)
    shapes: list[Shape] = []

    if view.closed:  # nothing to draw, nothing to explain
        legend: list[Shape] = []
        legend_h, legend_w = 0.0, 0.0
        map_w = 600.0
    else:
        if memo is not None:
            legend, legend_h, legend_w = memo.legend_of(view, lang, names, map_w)
        else:
            legend, legend_h, legend_w = _legend_of(view, lang, names, map_w)
    width = int(math.ceil(MARGIN * 2 + map_w + legend_w))
    title = _title(view, lang)
    sub = label("turn_stage", lang, campaign=view.campaign, turn=view.turn, stage=view.stage)
    if view.frame == "homeworld":
        sub += " · " + label("frame_home", lang)
    width = max(
        width, int(max(text_width(Text(0, 0, title, 24, bold=True)), text_width(Text(0, 0, sub, 15)))) + MARGIN * 2
    )
    height = int(math.ceil(TITLE_HEIGHT + MARGIN * 2 + max(map_h, legend_h)))

    shapes.append(Text(MARGIN, 28, title, 24, bold=True, anchor="start", cls="title"))
    subtitle = Text(MARGIN, 56, sub, 15, anchor="start", cls="subtitle")
    shapes.append(memo.same(subtitle) if memo is not None else subtitle)  # a leader's differs in its title only
    if view.closed:
        shapes.append(Text(MARGIN, oy + 40, label("closed", lang), 18, anchor="start", cls="closed"))
    parts = [(at, at + 1) for at in range(len(shapes))]
    for cell in view.cells:
        centre = centres[cell.label]
        if memo is not None:
            drawn = memo.cell(cell, centre, s, view.players, lang, names)
        else:
            drawn = _cell(cell, *centre, s, view.players, names)
        parts.append((len(shapes), len(shapes) + len(drawn)))
        shapes += drawn
    if memo is not None:
        legend = memo.legend(legend)
    parts += [(at, at + 1) for at in range(len(shapes), len(shapes) + len(legend))]  # a part a shape: each a line
    shapes += legend
    return Scene(width, height, shapes, centres, s, title, parts)


Layout = tuple[float, dict[Hex, tuple[float, float]], float, float, float]


def _layout(view: MapView) -> Layout:
    """Where ``view``'s hexes go: the hex radius, each hex's centre, the hexes' width and
    height, and the top of the hexes' area."""
    s = hex_size(view)
    raw = {c.label: (s * SQRT3 * (c.label.q + c.label.r / 2), s * 1.5 * c.label.r) for c in view.cells}
    if raw:
        min_x = min(x for x, _ in raw.values()) - s * SQRT3 / 2
        min_y = min(y for _, y in raw.values()) - s
        map_w = max(x for x, _ in raw.values()) + s * SQRT3 / 2 - min_x
        map_h = max(y for _, y in raw.values()) + s - min_y
    else:
        min_x = min_y = 0.0
        map_w, map_h = 420.0, 120.0
    ox, oy = MARGIN - min_x, TITLE_HEIGHT + MARGIN - min_y
    return s, {h: (x + ox, y + oy) for h, (x, y) in raw.items()}, map_w, map_h, oy


def _title(view: MapView, lang: str) -> str:
    if view.viewer is None:
        return label("map_moderator", lang)
    if view.viewer == PUBLIC:
        return label("map_public", lang)
    return label("map_of", lang, who=view.viewer)


def _cell(
    cell: Cell, cx: float, cy: float, s: float, players: list[str], names: Callable[[str, str], str] = row_ids
) -> list[Shape]:
    out: list[Shape] = []
    kind = cell.discovery if cell.known else ("reach" if cell.reach else "unexplored")
    fill = {"unexplored": FOG, "reach": REACH_FILL}.get(kind, SPACE)
    data = {"hex": str(cell.label), "kind": cell.discovery if cell.known else "unexplored"}
    out.append(Polygon(corners(cx, cy, s), fill, GRID, 1, cls=f"hex {data['kind']}", data=data))
    if cell.reach:
        out.append(
            Polygon(
                corners(cx, cy, s * 0.93), None, REACH_EDGE, max(2, s / 16), cls="reach", data={"hex": str(cell.label)}
            )
        )
    out.append(Text(cx, cy - s * 0.66, f"{cell.label.q},{cell.label.r}", max(9, s * 0.22), GRID, cls="coord"))
    mark = max(10, s * 0.27)
    if kind == "asteroids":
        for dx, dy, r in (
            (0, 0, 0.09),
            (-0.3, 0.12, 0.06),
            (0.28, -0.1, 0.07),
            (0.12, 0.3, 0.05),
            (-0.18, -0.26, 0.05),
            (0.32, 0.24, 0.04),
        ):
            out.append(Circle(cx + dx * s, cy + dy * s, r * s, ASTEROID, cls="asteroid"))
    elif kind == "orion":  # colonised (an Orion victory), it is ringed in its owner's colour like a planet
        if cell.owner:
            out += _owner_ring(cx, cy, s * 0.34, s, players, cell.owner)
        out.append(Circle(cx, cy, s * 0.34, ORION, INK, 1, cls="orion", data={"hex": str(cell.label)}))
    elif kind == "planet":
        r = s * SIZE_SCALE.get(cell.planet_size or "", 0.26)
        colour = PLANET_COLOURS.get(cell.planet_type or "", OTHER_PLANET)
        if cell.owner:
            out += _owner_ring(cx, cy, r, s, players, cell.owner)
        out.append(
            Circle(
                cx,
                cy,
                r,
                colour,
                INK,
                1,
                cls=f"planet {cell.planet_type}",
                data={"hex": str(cell.label), "type": cell.planet_type or "", "size": cell.planet_size or ""},
            )
        )
        each = [mark_of(names, "planet-properties", p) for p in cell.properties]
        # one-letter marks run together (FR); longer ones (БОС ЗМ) are spaced
        marks = ("" if all(len(m) == 1 for m in each) else " ").join(each)
        if marks:
            out.append(Text(cx, cy + s * 0.62, marks, mark * 0.9, INK, bold=True, cls="properties"))
    if cell.homeworld_of:
        out.append(
            Text(cx - s * 0.5, cy - s * 0.3, "★", mark * 1.1, owner_colour(players, cell.homeworld_of), cls="homeworld")
        )
    if cell.monster:
        text = own_mark(names, "mark_great_monster" if cell.monster.get("great") else "mark_monster")
        out.append(Text(cx + s * 0.5, cy - s * 0.3, text, mark, MONSTER, bold=True, cls="monster"))
    if cell.guardian:
        out.append(Text(cx + s * 0.5, cy - s * 0.3, "Ω", mark * 1.1, MONSTER, bold=True, cls="guardian"))
    if cell.blockaded:
        out.append(Text(cx + s * 0.5, cy + s * 0.3, "#", mark, MONSTER, bold=True, cls="blockade"))
    return out


def _owner_ring(cx: float, cy: float, r: float, s: float, players: list[str], owner: str) -> list[Shape]:
    """The ring in ``owner``'s colour around a world of radius ``r`` (hex radius ``s``)."""
    width = max(3, s * 0.09)
    return [
        Circle(cx, cy, r + s * 0.1, None, owner_colour(players, owner), width, cls="owner", data={"owner": owner}),
        # a hairline outside the ring, so light colours (yellow) stand out on pale space
        Circle(cx, cy, r + s * 0.1 + width / 2, None, GRID, 1, cls="owner-edge"),
    ]


def _legend_of(
    view: MapView, lang: str, names: Callable[[str, str], str], map_w: float
) -> tuple[list[Shape], float, float]:
    """The legend beside hexes ``map_w`` wide: its shapes, its height and its width."""
    legend, height = _legend(view, lang, names, MARGIN * 2 + map_w, TITLE_HEIGHT + MARGIN)
    words = [text_width(t) + t.x - MARGIN * 2 - map_w for t in legend if isinstance(t, Text)]
    return legend, height, max([LEGEND_WIDTH] + words) + MARGIN


def _legend(
    view: MapView, lang: str, names: Callable[[str, str], str], x0: float, y0: float
) -> tuple[list[Shape], float]:
    out: list[Shape] = []
    y = y0 + 8

    def heading(text: str) -> None:
        nonlocal y
        out.append(Text(x0, y, text, 16, bold=True, anchor="start", cls="legend-heading"))
        y += LINE

    def row(draw: list[Shape], text: str) -> None:
        nonlocal y
        out.extend(draw)
        out.append(Text(x0 + 30, y, text, 14, anchor="start", cls="legend"))
        y += LINE

    def hex_swatch(fill: str, edge: str = GRID, width: float = 1) -> list[Shape]:
        return [Polygon(corners(x0 + 10, y, 10), fill, edge, width, cls="legend-swatch")]

    heading(label("symbols", lang))
    row(hex_swatch(FOG), label("unexplored", lang))
    if view.viewer is not None and view.viewer != PUBLIC:
        row(hex_swatch(REACH_FILL, REACH_EDGE, 2), label("reach", lang))
    row(hex_swatch(SPACE), label("empty", lang))
    row(
        hex_swatch(SPACE)
        + [Circle(x0 + 10, y, 3, ASTEROID), Circle(x0 + 4, y + 3, 2, ASTEROID), Circle(x0 + 15, y - 3, 2, ASTEROID)],
        label("asteroids", lang),
    )
    row([Circle(x0 + 10, y, 8, ORION, INK, 1)], label("orion", lang))
    row([Text(x0 + 10, y, "★", 17, INK)], label("homeworld", lang))
    row([Text(x0 + 10, y, label("mark_monster", lang), 15, MONSTER, bold=True)], label("monster", lang))
    row([Text(x0 + 10, y, label("mark_great_monster", lang), 13, MONSTER, bold=True)], label("great_monster", lang))
    row([Text(x0 + 10, y, "Ω", 16, MONSTER, bold=True)], label("guardian", lang))
    row([Text(x0 + 10, y, "#", 15, MONSTER, bold=True)], label("blockade", lang))
    y += 6
    heading(label("planets", lang))
    for ptype, colour in PLANET_COLOURS.items():
        row([Circle(x0 + 10, y, 7, colour, INK, 1)], names("world-type", ptype))
    for size_id, scale in SIZE_SCALE.items():
        row([Circle(x0 + 10, y, 30 * scale, "#ffffff", INK, 1, cls="legend-size")], names("world-size", size_id))
    y += 6
    heading(label("marks", lang))
    for prop in PROPERTY_MARKS:
        letter = mark_of(names, "planet-properties", prop)
        size = 14 if len(letter) < 3 else 11  # «БОС», «АРТ» fit the swatch's width
        row([Text(x0 + 10, y, letter, size, INK, bold=True)], names("planet-properties", prop))
    owners = _owners(view)
    if owners:
        y += 6
        heading(label("owners", lang))
        for name in owners:
            row([Circle(x0 + 10, y, 7, None, owner_colour(view.players, name), 4)], name)
    return out, y - y0


def _owners(view: MapView) -> list[str]:
    """Leaders named in the legend: the viewer, and those whose systems are on the map."""
    shown = {c.owner for c in view.cells if c.owner} | {c.homeworld_of for c in view.cells if c.homeworld_of}
    if view.viewer in view.players:
        shown.add(view.viewer)
    return [p for p in view.players if p in shown]
