"""The campaign's charts: how the game went, turn by turn, from public values only.

Every figure comes from the public posts' JSON data the campaign keeps for each turn
(``reports/models/turn-NN.json``, the ``public`` report): the standings (planets and
population per leader), the Guardian of Orion's toughness, the Council's bills that passed
and an Emperor's election totals.  BC, RP, ballots, fleets and a leader's private reports are
never read.

A chart is laid out once as a scene (gmtool/maps/scene.py, the maps' shapes), then written as
SVG into the site's charts page (every name and number there is text) or drawn as a PNG by
Pillow in the maps' DejaVu Sans (the chart `turn end` writes beside the public map).  A name
is drawn as the text it is: no markup of any kind is read in it.  The same figures give the
same bytes (fixed sizes, no date in the PNG), so a rebuilt site uploads only what changed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from gmtool.locale import t
from gmtool.maps.scene import GRID, INK, Circle, Line, Polygon, Polyline, Scene, Shape, Text

WIDTH, HEIGHT = 800, 400  # pixels, at least: long names widen a chart, many lines lengthen it
SCALE = 2  # the PNG drawn twice as large, then reduced: smooth lines
# the chart file `turn end`/`turn run` writes beside the public map, for the moderator to attach
TURN_CHART = "chart-public.png"
ONE_LINE = "#3465a4"  # the colour of a chart of one value (the Guardian, the laws)
GRID_LINE = "#e3e6ec"
TITLE_SIZE, TICK_SIZE, LEGEND_SIZE = 16, 12, 13
TOP, BOTTOM, PAD = 44, 52, 16  # above (the title) and below the plot; its margin to the right
MIN_PLOT = 480  # the plot's least width
LEGEND_LINE = 22
# written into a page: as wide as the page at most, never under 600 px (its words readable)
SVG_STYLE = "max-width:100%;min-width:600px;height:auto"


@dataclass
class Series:
    """The public figures of every played turn, in turn order (None: not known that turn)."""

    turns: list[int] = field(default_factory=list)
    leaders: list[str] = field(default_factory=list)  # in the campaign's order (the maps' colours)
    planets: dict[str, list[int | None]] = field(default_factory=dict)
    population: dict[str, list[int | None]] = field(default_factory=dict)
    guardian: list[int | None] = field(default_factory=list)
    laws: list[int] = field(default_factory=list)  # bills passed so far
    votes: dict[str, list[int | None]] = field(default_factory=dict)  # an Emperor's election totals

    def add(self, turn: int, data: dict[str, Any]) -> None:
        """One turn's public data (its end post's JSON)."""
        index = len(self.turns)
        self.turns.append(turn)
        standings = {s["leader"]: s for s in data.get("standings") or [] if isinstance(s, dict) and "leader" in s}
        for name in standings:
            if name not in self.leaders:
                self.leaders.append(name)
        for key, into in (("planet_count", self.planets), ("population", self.population)):
            for name, line in standings.items():
                into.setdefault(name, [None] * index).append(line.get(key))
            for values in into.values():
                values.extend([None] * (index + 1 - len(values)))
        guardian = data.get("guardian")
        self.guardian.append(guardian.get("toughness") if isinstance(guardian, dict) else None)
        council = data.get("council")
        passed = 1 if isinstance(council, dict) and council.get("passed") else 0
        self.laws.append((self.laws[-1] if self.laws else 0) + passed)
        election = data.get("election")
        totals = election.get("totals") if isinstance(election, dict) else None
        if isinstance(totals, dict):
            for name, votes in sorted(totals.items()):
                self.votes.setdefault(name, [None] * index).append(votes)
        for values in self.votes.values():
            values.extend([None] * (index + 1 - len(values)))


def public_data(path: Path) -> dict[str, Any] | None:
    """The public post's JSON data kept in a turn's report models file, or None.  The data
    is the same in every language the file keeps (figures, ids and names, no words): the
    first language's is read, and of the file only what comes before it — the file holds
    every leader's report too, in every language, many times the public data, and a turn's
    chart reads every turn's file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None
    try:
        return _first_public(text)
    except (ValueError, KeyError, TypeError, IndexError):
        pass
    try:
        langs = json.loads(text)["langs"]
        return dict(langs[sorted(langs)[0]]["public"]["data"])
    except (ValueError, KeyError, TypeError, IndexError):
        return None


_SPACE = re.compile(r"[ \t\n\r]*")


def _first_public(text: str) -> dict[str, Any]:
    """``langs.<the first language>.public.data`` of a report models file, reading the JSON
    up to it and no further (ValueError, KeyError …: not such a file)."""
    decode = json.JSONDecoder().raw_decode

    def space(at: int) -> int:
        found = _SPACE.match(text, at)
        return found.end() if found else at

    def member(at: int, wanted: str | None) -> int:
        """Where the value of the member ``wanted`` (None: the first) of the object at ``at`` starts."""
        at = space(at)
        if text[at] != "{":
            raise ValueError("not an object")
        at = space(at + 1)
        while text[at] == '"':
            key, at = decode(text, at)
            at = space(at)
            if text[at] != ":":
                raise ValueError("no colon")
            at = space(at + 1)
            if wanted is None or key == wanted:
                return at
            at = space(decode(text, at)[1])
            if text[at] == ",":
                at = space(at + 1)
        raise KeyError(wanted)

    data = decode(text, member(member(member(0, "langs"), None), "public"))[0]["data"]
    if not isinstance(data, dict):
        raise TypeError("no data")
    return dict(data)


def played_turns(folder: Path) -> list[int]:
    """The turns whose end posts the campaign keeps, in order."""
    from gmtool.campaign.folder import models_path

    where = models_path(folder, 1).parent
    turns = []
    for path in where.glob("turn-*.json") if where.is_dir() else []:
        stem = path.stem.removeprefix("turn-")
        if stem.isdigit():
            turns.append(int(stem))
    return sorted(turns)


def series_of(folder: Path, players: list[str], upto: int | None = None) -> Series:
    """The figures of every turn the campaign keeps (up to ``upto``, included)."""
    from gmtool.campaign.folder import models_path

    series = Series(leaders=list(players))
    for turn in played_turns(folder):
        if upto is not None and turn > upto:
            break
        data = public_data(models_path(folder, turn))
        if data is not None:
            series.add(turn, data)
    return series


# ---------------------------------------------------------------- drawing


def _colour(leaders: list[str], name: str) -> str:
    from gmtool.maps.scene import owner_colour

    return owner_colour(leaders, name)


def _width(text: str, size: int, bold: bool = False) -> float:
    """``text``'s width in pixels in the DejaVu Sans the PNG draws it with."""
    from gmtool.maps.png import font

    return float(font(size, bold).getlength(text))


def _step(span: float, most: int) -> int:
    """The least of 1, 2, 5, 10, 20, 50 … that cuts ``span`` into at most ``most`` steps."""
    scale = 1
    while True:
        for step in (scale, 2 * scale, 5 * scale):
            if span <= step * most:
                return step
        scale *= 10


def chart_scene(
    title: str,
    turns: list[int],
    lines: dict[str, list[int | None]],
    lang: str,
    colours: Callable[[str], str] | None = None,
    titled: bool = True,
) -> Scene:
    """One value per turn for each named line (a leader, or one line named ""), laid out as
    a scene: the title (unless not ``titled``: a page's heading names the chart), the plot
    (turns across, values up from 0), its lines in order, the first drawn wider so equal
    values stay visible, and the names beside the plot, never over a line."""
    shown = {
        name: [(turn, v) for turn, v in zip(turns, values) if isinstance(v, int) and not isinstance(v, bool)]
        for name, values in lines.items()
    }
    shown = {name: points for name, points in shown.items() if points}
    named = [name for name in shown if name]
    values = [v for points in shown.values() for _, v in points]
    low, high = min([0, *values]), max([1, *values])
    step = _step(high - low, 6)
    low, high = step * (low // step), step * -(-high // step)
    y_ticks = list(range(low, high + 1, step))

    left = max(_width(str(v), TICK_SIZE) for v in y_ticks) + 16
    legend = max((_width(name, LEGEND_SIZE) for name in named), default=0.0)
    legend_w = 34 + legend + PAD if named else 0.0
    width = max(WIDTH, int(-(-(left + MIN_PLOT + PAD + legend_w) // 1)))
    top = TOP if titled else PAD
    height = max(HEIGHT - TOP + top, top + 10 + LEGEND_LINE * len(named) + BOTTOM)
    right, bottom = width - PAD - legend_w, height - BOTTOM
    inner = 14  # the first and last turns this far inside the frame: their markers whole

    first, last = (turns[0], turns[-1]) if turns else (1, 1)

    def x(turn: int) -> float:
        if last == first:
            return (left + right) / 2
        return left + inner + (turn - first) * (right - left - 2 * inner) / (last - first)

    def y(value: int) -> float:
        return bottom - (value - low) * (bottom - top - inner) / (high - low)

    out: list[Shape] = [Text(width / 2, 22, title, TITLE_SIZE, INK, bold=True, cls="title")] if titled else []
    every = _step(last - first, max(1, int((right - left) // 48)))
    x_ticks = [turn for turn in range(first, last + 1) if turn % every == 0] or [first]
    for v in y_ticks:
        out.append(Line(left, y(v), right, y(v), GRID_LINE, 1, cls="grid"))
        out.append(Text(left - 8, y(v), str(v), TICK_SIZE, INK, anchor="end", cls="tick"))
    for turn in x_ticks:
        out.append(Line(x(turn), top, x(turn), bottom, GRID_LINE, 1, cls="grid"))
        out.append(Text(x(turn), bottom + 14, str(turn), TICK_SIZE, INK, cls="tick"))
    out.append(Polygon([(left, top), (right, top), (right, bottom), (left, bottom)], None, GRID, 1, cls="frame"))
    out.append(Text((left + right) / 2, bottom + 36, t("site.axis_turn", lang), LEGEND_SIZE, INK, cls="axis"))

    last_line = max(len(shown) - 1, 1)
    for n, (name, points) in enumerate(shown.items()):
        colour = colours(name) if colours is not None and name else ONE_LINE
        wide = (last_line - n) / last_line if len(shown) > 1 else 0.3
        line_w, dot = 2 + 6 * wide, 3 + 4 * wide
        xy = [(x(turn), y(v)) for turn, v in points]
        if len(xy) > 1:
            out.append(Polyline(xy, colour, line_w, cls="line", data={"name": name} if name else {}))
        for (turn, v), (px, py) in zip(points, xy):
            words = (
                t("site.chart_point", lang, name=name, turn=turn, value=v)
                if name
                else t("site.chart_point_one", lang, turn=turn, value=v)
            )
            out.append(Circle(px, py, dot, colour, colour, 1, cls="point", title=words))
        if name:
            row = top + 10 + LEGEND_LINE * named.index(name)
            lx = right + PAD
            out.append(Line(lx, row, lx + 24, row, colour, min(line_w, 5), cls="key"))
            out.append(Circle(lx + 12, row, min(dot, 5), colour, colour, 1, cls="key"))
            out.append(Text(lx + 34, row, name, LEGEND_SIZE, INK, anchor="start", cls="name"))
    return Scene(width, height, out, {}, 0.0, title)


def line_chart(
    title: str,
    turns: list[int],
    lines: dict[str, list[int | None]],
    lang: str,
    colours: Callable[[str], str] | None = None,
) -> bytes:
    """A PNG of :func:`chart_scene`."""
    from gmtool.maps.png import render_png

    return render_png(chart_scene(title, turns, lines, lang, colours), scale=SCALE)


def chart_svg(scene: Scene) -> str:
    """A chart as SVG to write into a page: as wide as the page at most (not under 600 px:
    a phone scrolls it), every name and number text, each point titled with its value (a
    browser shows it on hover)."""
    from gmtool.maps.svg import render_svg

    return render_svg(scene, style=SVG_STYLE)


def charts(series: Series, lang: str) -> list[tuple[str, str, Scene]]:
    """The site's charts: (id, title, scene), those with something to show (untitled
    scenes: the page's headings name them)."""
    if not series.turns:
        return []
    leaders = series.leaders

    def colour(name: str) -> str:
        return _colour(leaders, name)

    def ordered(values: dict[str, list[int | None]]) -> dict[str, list[int | None]]:
        return {name: values[name] for name in [*leaders, *sorted(set(values) - set(leaders))] if name in values}

    wanted: list[tuple[str, str, dict[str, list[int | None]], Callable[[str], str] | None]] = []
    if series.planets:
        wanted.append(("planets", "site.chart_planets", ordered(series.planets), colour))
    if series.population:
        wanted.append(("population", "site.chart_population", ordered(series.population), colour))
    if any(v is not None for v in series.guardian):
        wanted.append(("guardian", "site.chart_guardian", {"": series.guardian}, None))
    if any(series.laws):
        wanted.append(("laws", "site.chart_laws", {"": list(series.laws)}, None))
    if series.votes:
        wanted.append(("votes", "site.chart_votes", ordered(series.votes), colour))
    return [
        (name, t(key, lang), chart_scene(t(key, lang), series.turns, lines, lang, colours, titled=False))
        for name, key, lines, colours in wanted
    ]


def turn_chart(folder: Path, players: list[str], turn: int, data: dict[str, Any], lang: str) -> dict[str, bytes]:
    """The chart a turn's end writes beside its public map (planets per leader up to this
    turn, ``data`` being this turn's public data; the leaders in the campaign's order, the
    maps' colours): ``{TURN_CHART: PNG}``, or nothing when the turn has no standings."""
    if not data.get("standings"):
        return {}
    series = series_of(folder, players, upto=turn - 1)
    series.add(turn, data)
    leaders = series.leaders
    planets = {name: series.planets[name] for name in leaders if name in series.planets}
    title = t("site.chart_planets", lang)
    return {TURN_CHART: line_chart(title, series.turns, planets, lang, lambda name: _colour(leaders, name))}
