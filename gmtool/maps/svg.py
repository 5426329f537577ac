"""A scene written as SVG text (no library needed).  Every hex is a ``<polygon>`` with
``data-hex`` (its label) and ``data-kind``; planets are ``<circle class="planet TYPE">``.
All text is XML-escaped (leader names come from the campaign).  The site's charts are
scenes too (gmtool/site/charts.py), written into its page."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from gmtool.maps.scene import BACKGROUND, Circle, Line, Polygon, Polyline, Scene, Text

FONT = "'DejaVu Sans', 'Noto Sans', Arial, sans-serif"


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _attrs(shape: Polygon | Circle) -> str:
    parts = [f" class={quoteattr(shape.cls)}" if shape.cls else ""]
    parts += [f" data-{k}={quoteattr(v)}" for k, v in shape.data.items()]
    parts.append(f' fill="{shape.fill}"' if shape.fill else ' fill="none"')
    if shape.outline:
        parts.append(f' stroke="{shape.outline}" stroke-width="{_n(shape.width)}"')
    return "".join(parts)


def render_svg(scene: Scene, titles: dict[str, str] | None = None, style: str = "") -> str:
    """The scene as SVG; ``titles`` (hex label → words): each hex and its planet get a
    ``<title>`` a browser shows on hover (the campaign's site), as does a shape with its
    own ``title``; ``style``: the CSS of the ``<svg>`` element (one written into a page)."""
    titles = titles or {}

    def closed(shape: Polygon | Circle) -> str:
        words = shape.title or (titles.get(shape.data.get("hex", "")) if "hex" in shape.data else None)
        return f"><title>{escape(words)}</title></{type(shape).__name__.lower()}>" if words else "/>"

    css = f" style={quoteattr(style)}" if style else ""
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{scene.width}" height="{scene.height}" '
        f'viewBox="0 0 {scene.width} {scene.height}" font-family="{FONT}"{css}>',
        f"<title>{escape(scene.title)}</title>",
        f'<rect width="100%" height="100%" fill="{BACKGROUND}"/>',
    ]
    for shape in scene.shapes:
        if isinstance(shape, Polygon):
            points = " ".join(f"{_n(x)},{_n(y)}" for x, y in shape.points)
            lines.append(f'<polygon points="{points}"{_attrs(shape)}{closed(shape)}')
        elif isinstance(shape, Circle):
            lines.append(
                f'<circle cx="{_n(shape.cx)}" cy="{_n(shape.cy)}" r="{_n(shape.r)}"{_attrs(shape)}{closed(shape)}'
            )
        elif isinstance(shape, Line):
            lines.append(
                f'<line x1="{_n(shape.x1)}" y1="{_n(shape.y1)}" x2="{_n(shape.x2)}" y2="{_n(shape.y2)}" '
                f'stroke="{shape.colour}" stroke-width="{_n(shape.width)}"/>'
            )
        elif isinstance(shape, Polyline):
            points = " ".join(f"{_n(x)},{_n(y)}" for x, y in shape.points)
            cls = f" class={quoteattr(shape.cls)}" if shape.cls else ""
            data = "".join(f" data-{k}={quoteattr(v)}" for k, v in shape.data.items())
            lines.append(
                f'<polyline points="{points}"{cls}{data} fill="none" stroke="{shape.colour}" '
                f'stroke-width="{_n(shape.width)}" stroke-linejoin="round" stroke-linecap="round"/>'
            )
        elif isinstance(shape, Text):
            anchor = shape.anchor if shape.anchor in ("middle", "end") else "start"
            weight = ' font-weight="bold"' if shape.bold else ""
            cls = f" class={quoteattr(shape.cls)}" if shape.cls else ""
            lines.append(
                f'<text x="{_n(shape.x)}" y="{_n(shape.y)}" font-size="{_n(shape.size)}" '
                f'fill="{shape.fill}" text-anchor="{anchor}" dominant-baseline="central"{weight}{cls}>'
                f"{escape(shape.text)}</text>"
            )
    lines.append("</svg>")
    return "\n".join(lines) + "\n"
