"""The campaign's charts: how the game went, turn by turn, from public values only.

Every figure comes from the public posts' JSON data the campaign keeps for each turn
(``reports/models/turn-NN.json``, the ``public`` report): the standings (planets and
population per leader), the Guardian of Orion's toughness, the Council's bills that passed
and an Emperor's election totals.  BC, RP, ballots, fleets and a leader's private reports are
never read.

matplotlib is imported only here, and only when a chart is drawn (the Agg canvas, no global
backend); the output is the same bytes for the same figures (fixed size and DPI, no
``Software`` or date in the PNG), so a rebuilt site uploads only what changed.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gmtool.locale import t

WIDTH, HEIGHT, DPI = 8.0, 4.0, 100  # 800 × 400 pixels
FONT = "DejaVu Sans"  # ships with matplotlib, has Cyrillic
# the chart file `turn end`/`turn run` writes beside the public map, for the moderator to attach
TURN_CHART = "chart-public.png"


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
    """The public post's JSON data kept in a turn's report models file, or None."""
    try:
        raw = json.loads(path.read_bytes())
        langs = raw["langs"]
        return dict(langs[sorted(langs)[0]]["public"]["data"])
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None


def played_turns(folder: Path) -> list[int]:
    """The turns whose end posts the campaign keeps, in order."""
    from gmtool.campaign.session import models_path

    where = models_path(folder, 1).parent
    turns = []
    for path in where.glob("turn-*.json") if where.is_dir() else []:
        stem = path.stem.removeprefix("turn-")
        if stem.isdigit():
            turns.append(int(stem))
    return sorted(turns)


def series_of(folder: Path, players: list[str], upto: int | None = None) -> Series:
    """The figures of every turn the campaign keeps (up to ``upto``, included)."""
    from gmtool.campaign.session import models_path

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


def line_chart(
    title: str, turns: list[int], lines: dict[str, list[int | None]], lang: str, colours: Any = None
) -> bytes:
    """A PNG of one value per turn for each named line (a leader, or one line named "")."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    fig = Figure(figsize=(WIDTH, HEIGHT), dpi=DPI)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    last = max(len(lines) - 1, 1)
    for n, (name, values) in enumerate(lines.items()):
        points = [(turn, v) for turn, v in zip(turns, values) if v is not None]
        if not points:
            continue
        colour = colours(name) if colours is not None else "#3465a4"
        wide = (last - n) / last if len(lines) > 1 else 0.3  # the first lines drawn wider: equal values stay visible
        ax.plot(
            [p[0] for p in points],
            [p[1] for p in points],
            marker="o",
            markersize=4 + 6 * wide,
            linewidth=1.5 + 4 * wide,
            color=colour,
            label=name or None,
        )
    ax.set_title(title, fontfamily=FONT, fontsize=13)
    ax.set_xlabel(t("site.axis_turn", lang), fontfamily=FONT)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(bottom=0)
    ax.grid(True, alpha=0.3)
    named = any(name for name in lines)
    if named:  # the leaders beside the plot, never over a line
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), prop={"family": FONT, "size": 9}, frameon=False)
    # a fixed layout (tight_layout would draw the figure twice)
    fig.subplots_adjust(left=0.07, right=0.8 if named else 0.97, top=0.9, bottom=0.13)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=DPI, metadata={"Software": None})
    return out.getvalue()


def charts(series: Series, lang: str) -> list[tuple[str, str, bytes]]:
    """The site's charts: (file name, title, PNG), those with something to show."""
    if not series.turns:
        return []
    leaders = series.leaders

    def colour(name: str) -> str:
        return _colour(leaders, name)

    def ordered(values: dict[str, list[int | None]]) -> dict[str, list[int | None]]:
        return {name: values[name] for name in [*leaders, *sorted(set(values) - set(leaders))] if name in values}

    out = []
    if series.planets:
        title = t("site.chart_planets", lang)
        out.append(("planets.png", title, line_chart(title, series.turns, ordered(series.planets), lang, colour)))
    if series.population:
        title = t("site.chart_population", lang)
        out.append(("population.png", title, line_chart(title, series.turns, ordered(series.population), lang, colour)))
    if any(v is not None for v in series.guardian):
        title = t("site.chart_guardian", lang)
        out.append(("guardian.png", title, line_chart(title, series.turns, {"": series.guardian}, lang)))
    if any(series.laws):
        title = t("site.chart_laws", lang)
        laws: list[int | None] = list(series.laws)
        out.append(("laws.png", title, line_chart(title, series.turns, {"": laws}, lang)))
    if series.votes:
        title = t("site.chart_votes", lang)
        out.append(("votes.png", title, line_chart(title, series.turns, ordered(series.votes), lang, colour)))
    return out


def turn_chart(folder: Path, players: list[str], turn: int, data: dict[str, Any], lang: str) -> dict[str, bytes]:
    """The chart a turn's end writes beside its public map (planets per leader up to this
    turn, ``data`` being this turn's public data): ``{TURN_CHART: PNG}``, or nothing when the
    turn has no standings."""
    if not data.get("standings"):
        return {}
    series = series_of(folder, players, upto=turn - 1)
    series.add(turn, data)
    title = t("site.chart_planets", lang)
    return {TURN_CHART: line_chart(title, series.turns, series.planets, lang, lambda n: _colour(series.leaders, n))}
