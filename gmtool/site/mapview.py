"""The galaxy on the site's pages, readable on a phone.

The map the campaign draws (one scene: gmtool.maps.scene) is a picture about 1,300 px wide
with its legend beside it: shrunk to a phone's 390 px its hexes and legend are a blur. The
site shows it instead as

* the map alone (the scene's hexes, no legend), inline SVG at the size it was drawn, in a
  box the reader pans with a finger, with "whole map" / "full size" buttons — plain HTML
  radio buttons and CSS, no script;
* every hex a link to its line in the list of systems on ``map.html`` (coordinates, system,
  world, owner), and titled as before for a mouse;
* the legend as HTML — each symbol the scene's own drawing, its words as text — that wraps
  to the screen's width.

:func:`pan_box` puts any picture in that box (a turn's PNG map too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from html import escape
from typing import Any, Callable

from gmtool.locale import t

MAP_PAGE = "map.html"


@dataclass
class SiteMap:
    """The public map as the site shows it."""

    svg: str  # the whole map, legend and all (map.svg)
    title: str  # the map's title and the line under it (campaign, turn, stage)
    subtitle: str
    closed: str  # the sentence a closed map shows instead of hexes ("" when open)
    hexes: str  # the map alone, inline SVG, each hex a link to its line of the list
    legend: str  # the legend as HTML
    rows: list[tuple[str, list[str]]]  # (hex, [coordinates, system, world, owner]) in the scene's order


def hex_anchor(label: str) -> str:
    return "hex-" + label


def pan_box(picture: str, lang: str, name: str) -> str:
    """``picture`` (an ``<svg>`` or ``<img>``) in a box that scrolls both ways at the
    picture's own size, with buttons to see it whole; ``name`` tells the boxes of a page apart."""
    fit, full = f"{name}-fit", f"{name}-full"
    return (
        '<div class="map">'
        f'<input type="radio" name="{name}" id="{fit}" class="fit">'
        f'<label for="{fit}">{escape(t("site.map_fit", lang))}</label> '
        f'<input type="radio" name="{name}" id="{full}" class="full" checked>'
        f'<label for="{full}">{escape(t("site.map_full", lang))}</label>'
        f'<div class="pan">{picture}</div></div>'
    )


def hex_words(state: Any, view: Any, label: Callable[..., str], lang: str) -> dict[str, list[str]]:
    """Each hex of the public map → [coordinates, system, world, owner] ("" where none)."""
    names = {str(s.hex): s.name for s in state.game.systems}
    out = {}
    for cell in view.cells:
        name = what = owner = ""
        if cell.known:
            name = names.get(str(cell.hex), "")
            if cell.discovery == "planet" and cell.planet_type:
                what = label("world-type", cell.planet_type)
                if cell.planet_size:
                    what += ", " + label("world-size", cell.planet_size).lower()
            elif cell.discovery == "orion":
                what = t("map.orion", lang)
            else:
                what = label("discovery", cell.discovery)
            owner = cell.owner or ""
        else:
            what = t("map.unexplored", lang)
        out[str(cell.label)] = [str(cell.label), name, what, owner]
    return out


def site_map(view: Any, scene: Any, words: dict[str, list[str]], lang: str, map_page: str) -> SiteMap:
    """The public map's pieces; ``words``: :func:`hex_words`; ``map_page``: the address of
    ``map.html`` that a hex links to."""
    from gmtool.maps.svg import render_svg

    titles = {hex_: " · ".join(w for w in words[hex_] if w) for hex_ in words}
    svg = render_svg(scene, titles=titles)
    rows = [(hex_, words[hex_]) for hex_ in words]
    texts = {getattr(s, "cls", ""): s.text for s in scene.shapes if hasattr(s, "text")}
    head = (svg, scene.title, texts.get("subtitle", ""))
    if view.closed or not view.cells:
        return SiteMap(*head, texts.get("closed") or t("map.closed", lang), "", "", [])
    start = next(n for n, s in enumerate(scene.shapes) if getattr(s, "cls", "") == "legend-heading")
    hexes, legend = scene.shapes[:start], scene.shapes[start:]
    drawn = [s for s in hexes if getattr(s, "cls", "") not in ("title", "subtitle")]
    return SiteMap(*head, "", _hexes_svg(scene, drawn, titles, map_page), _legend_html(scene, legend), rows)


def _bounds(shapes: list[Any]) -> tuple[float, float, float, float]:
    xs: list[float] = []
    ys: list[float] = []
    for s in shapes:
        if hasattr(s, "points"):
            xs += [x for x, _ in s.points]
            ys += [y for _, y in s.points]
        elif hasattr(s, "r"):
            xs += [s.cx - s.r, s.cx + s.r]
            ys += [s.cy - s.r, s.cy + s.r]
    return min(xs), min(ys), max(xs), max(ys)


def _moved(shape: Any, dx: float, dy: float) -> Any:
    if hasattr(shape, "points"):
        return replace(shape, points=[(x + dx, y + dy) for x, y in shape.points])
    if hasattr(shape, "r"):
        return replace(shape, cx=shape.cx + dx, cy=shape.cy + dy)
    if hasattr(shape, "x1"):
        return replace(shape, x1=shape.x1 + dx, y1=shape.y1 + dy, x2=shape.x2 + dx, y2=shape.y2 + dy)
    return replace(shape, x=shape.x + dx, y=shape.y + dy)


def _draw(scene: Any, shapes: list[Any], width: float, height: float, titles: dict[str, str] | None = None) -> str:
    """``shapes`` as an SVG of ``width`` × ``height`` (the scene's drawing, no background)."""
    from gmtool.maps.svg import render_svg

    mini = replace(scene, width=int(round(width)), height=int(round(height)), shapes=shapes, title="")
    lines = render_svg(mini, titles=titles).splitlines()
    # the scene's own <svg> line, without its empty <title> and background
    return "\n".join([lines[0]] + [line for line in lines[1:] if not line.startswith(("<title>", "<rect "))])


def _hexes_svg(scene: Any, shapes: list[Any], titles: dict[str, str], map_page: str) -> str:
    """The map alone, cropped to its hexes, each hex polygon a link to its line of the list."""
    pad = 4.0
    x0, y0, x1, y1 = _bounds(shapes)
    moved = [_moved(s, pad - x0, pad - y0) for s in shapes]
    svg = _draw(scene, moved, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad, titles)
    out = []
    for line in svg.splitlines():
        found = (
            re.search(r'data-hex="([^"]+)"', line) if line.startswith("<polygon ") and 'class="hex' in line else None
        )
        if found:
            href = escape(f"{map_page}#{hex_anchor(found.group(1))}")
            line = f'<a href="{href}">{line}</a>'
        out.append(line)
    svg = "\n".join(out)
    return svg.replace("<svg ", '<svg class="galaxy" role="img" ', 1)


def _legend_html(scene: Any, shapes: list[Any]) -> str:
    """The legend's rows as HTML: a heading, then each symbol (the scene's drawing of it,
    24 px square) with its words."""
    groups: list[str] = []
    items: list[str] = []
    swatch: list[Any] = []
    x0 = 0.0
    for shape in shapes:
        cls = getattr(shape, "cls", "")
        if cls == "legend-heading":
            if items:
                groups.append("".join(items) + "</ul>")
            items = [f'<h3>{escape(shape.text)}</h3><ul class="legend">']
            x0 = shape.x
        elif cls == "legend":
            moved = [_moved(s, 2 - x0, 12 - shape.y) for s in swatch]
            icon = _draw(scene, moved, 24, 24).replace("<svg ", '<svg aria-hidden="true" ', 1)
            items.append(f"<li>{icon}<span>{escape(shape.text)}</span></li>")
            swatch = []
        else:
            swatch.append(shape)
    if items:
        groups.append("".join(items) + "</ul>")
    return "".join(groups)


def systems_table(site_map: SiteMap, lang: str) -> str:
    """Every hex of the map in a table, each row the target of its hex's link."""
    head = "".join(f"<th>{escape(t(k, lang))}</th>" for k in ("hex_col", "system", "site.map_world", "owner"))
    body = "".join(
        f'<tr id="{escape(hex_anchor(hex_))}">' + "".join(f"<td>{escape(w)}</td>" for w in words) + "</tr>"
        for hex_, words in site_map.rows
    )
    return (
        f'<div class="scroll"><table class="systems"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
    )
