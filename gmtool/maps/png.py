"""A scene drawn with Pillow (imported here only, so ``gmtool --help`` stays fast), text
set in the bundled DejaVu Sans (Cyrillic included) so labels look the same everywhere.

A turn writes a map per leader, so drawing is kept cheap: each label is rasterised once
per process and pasted wherever it recurs (hex coordinates repeat on every map), and the
image is written as an indexed (palette) PNG whose palette holds every colour of the
scene exactly, plus the blends that anti-aliased text makes over the fills it stands
on.  An indexed PNG encodes several times faster than a true-colour one and is about
half the size, which also keeps it under forums' attachment limits.

A chart (gmtool/site/charts.py) is drawn at twice its size and reduced (``scale=2``): its
slanted lines come out smooth, their edges' blends over the background in the palette."""

from __future__ import annotations

import io
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from gmtool.maps.scene import BACKGROUND, Circle, Line, Polygon, Polyline, Scene, Text

FONTS = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
PALETTE_SIZE = 256
MAX_BLEND_STEPS = 7  # anti-aliasing shades kept between a text colour and a fill


@cache
def _font_bytes(bold: bool) -> bytes:
    return resources.files("gmtool.maps").joinpath("fonts", FONTS[bold]).read_bytes()


@cache
def font(size: int, bold: bool = False) -> Any:
    from PIL import ImageFont

    return ImageFont.truetype(io.BytesIO(_font_bytes(bold)), size)


@lru_cache(maxsize=8192)
def _label(text: str, size: int, bold: bool, anchor: str) -> tuple[Any, int, int]:
    """``text`` rasterised once as a coverage mask, with the offset of its top-left
    corner from the anchor point."""
    from PIL import Image, ImageDraw

    face = font(size, bold)
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=face, anchor=anchor)
    return mask, left, top


@cache
def _rgb(colour: str) -> tuple[int, int, int]:
    from PIL import ImageColor

    r, g, b = ImageColor.getrgb(colour)[:3]
    return r, g, b


def palette(scene: Scene, smooth: bool = False) -> list[tuple[int, int, int]]:
    """Every colour the scene names, exactly, then the blends of each text colour over
    each fill (and the background), as many shades per pair as the palette has room for.
    ``smooth`` (a scene drawn larger and reduced): every colour's edges blend, over the
    background only."""
    exact: dict[tuple[int, int, int], None] = {_rgb(BACKGROUND): None}
    inks: dict[tuple[int, int, int], None] = {}
    grounds: dict[tuple[int, int, int], None] = {_rgb(BACKGROUND): None}
    for shape in scene.shapes:
        if isinstance(shape, Text):
            exact[_rgb(shape.fill)] = inks[_rgb(shape.fill)] = None
        elif isinstance(shape, (Line, Polyline)):
            exact[_rgb(shape.colour)] = None
            if smooth:
                inks[_rgb(shape.colour)] = None
        else:
            for colour in (shape.fill, shape.outline):
                if colour:
                    exact[_rgb(colour)] = None
                    if smooth:
                        inks[_rgb(colour)] = None
            if shape.fill and not smooth:
                grounds[_rgb(shape.fill)] = None
    colours = list(exact)[:PALETTE_SIZE]
    pairs = [(ink, ground) for ink in inks for ground in grounds if ink != ground]
    room = PALETTE_SIZE - len(colours)
    steps = min(MAX_BLEND_STEPS, room // len(pairs)) if pairs else 0
    seen = set(colours)
    near = _neighbourhoods(colours)
    for ink, ground in pairs:
        for k in range(1, steps + 1):
            a = k / (steps + 1)
            blend = (
                round(ink[0] * a + ground[0] * (1 - a)),
                round(ink[1] * a + ground[1] * (1 - a)),
                round(ink[2] * a + ground[2] * (1 - a)),
            )
            if blend not in seen and not _near(blend, near):
                seen.add(blend)
                colours.append(blend)
    return colours[:PALETTE_SIZE]


# Pillow gives a pixel the palette entry nearest a corner of the 4×4×4 cell the pixel is in,
# so an entry within √108 of an exact colour (a blend one shade off the fog's grey, a light
# ink's faintest blend over white) could take that colour's pixels: no such blend is added.
NEAR = 110  # squared distance
CUBE = 5  # the exact colours looked up by 32-wide cubes (wider than the ±11 searched around each)


Cubes = dict[tuple[int, int, int], list[tuple[int, int, int]]]


def _neighbourhoods(colours: list[tuple[int, int, int]]) -> Cubes:
    """Each exact colour under every cube that a point within ±11 of it lies in."""
    out: Cubes = {}
    for r, g, b in colours:
        keys = {
            ((r + dr) >> CUBE, (g + dg) >> CUBE, (b + db) >> CUBE)
            for dr in (-11, 11)
            for dg in (-11, 11)
            for db in (-11, 11)
        }
        for key in keys:
            out.setdefault(key, []).append((r, g, b))
    return out


def _near(blend: tuple[int, int, int], cubes: Cubes) -> bool:
    key = (blend[0] >> CUBE, blend[1] >> CUBE, blend[2] >> CUBE)
    return any(sum((x - y) ** 2 for x, y in zip(blend, colour)) < NEAR for colour in cubes.get(key, ()))


ANCHORS = {"start": "lm", "middle": "mm", "end": "rm"}


def render_png(scene: Scene, scale: int = 1) -> bytes:
    """The scene as an indexed PNG; ``scale``: drawn that many times larger, then reduced
    to the scene's size (smooth edges)."""
    from PIL import Image, ImageDraw

    k = scale
    image = Image.new("RGB", (scene.width * k, scene.height * k), BACKGROUND)
    draw = ImageDraw.Draw(image)

    def width(value: float) -> int:
        return max(1, round(value * k))

    for shape in scene.shapes:
        if isinstance(shape, Polygon):
            points = [(x * k, y * k) for x, y in shape.points]
            draw.polygon(points, fill=shape.fill, outline=shape.outline, width=width(shape.width))
        elif isinstance(shape, Circle):
            box = (
                (shape.cx - shape.r) * k,
                (shape.cy - shape.r) * k,
                (shape.cx + shape.r) * k,
                (shape.cy + shape.r) * k,
            )
            draw.ellipse(box, fill=shape.fill, outline=shape.outline, width=width(shape.width))
        elif isinstance(shape, Line):
            draw.line(
                (shape.x1 * k, shape.y1 * k, shape.x2 * k, shape.y2 * k), fill=shape.colour, width=width(shape.width)
            )
        elif isinstance(shape, Polyline):
            points = [(x * k, y * k) for x, y in shape.points]
            draw.line(points, fill=shape.colour, width=width(shape.width), joint="curve")
            for x, y in points[:: max(1, len(points) - 1)]:  # round ends
                r = width(shape.width) / 2
                draw.ellipse((x - r, y - r, x + r, y + r), fill=shape.colour)
        elif isinstance(shape, Text):
            mask, left, top = _label(shape.text, round(shape.size * k), shape.bold, ANCHORS.get(shape.anchor, "lm"))
            draw.bitmap((round(shape.x * k) + left, round(shape.y * k) + top), mask, fill=shape.fill)
    if k > 1:
        image = image.reduce(k)
    colours = palette(scene, smooth=k > 1)
    index = Image.new("P", (1, 1))
    index.putpalette([v for colour in colours for v in colour])
    indexed = image.quantize(palette=index, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", optimize=False, compress_level=3)  # 6 is half again smaller, twice as slow
    return out.getvalue()
