"""A scene drawn with Pillow (imported here only, so ``gmtool --help`` stays fast), text
set in the bundled DejaVu Sans (Cyrillic included) so labels look the same everywhere.

A turn writes a map per leader, so drawing is kept cheap: each label is rasterised once
per process and pasted wherever it recurs (hex coordinates repeat on every map), and the
image is written as an indexed (palette) PNG whose palette holds every colour of the
scene exactly, plus the blends that anti-aliased text makes over the fills it stands
on.  An indexed PNG encodes several times faster than a true-colour one and is about
half the size, which also keeps it under forums' attachment limits."""

from __future__ import annotations

import io
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from gmtool.maps.scene import BACKGROUND, Circle, Line, Polygon, Scene, Text

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


def palette(scene: Scene) -> list[tuple[int, int, int]]:
    """Every colour the scene names, exactly, then the blends of each text colour over
    each fill (and the background), as many shades per pair as the palette has room for."""
    exact: dict[tuple[int, int, int], None] = {_rgb(BACKGROUND): None}
    inks: dict[tuple[int, int, int], None] = {}
    grounds: dict[tuple[int, int, int], None] = {_rgb(BACKGROUND): None}
    for shape in scene.shapes:
        if isinstance(shape, Text):
            exact[_rgb(shape.fill)] = inks[_rgb(shape.fill)] = None
        elif isinstance(shape, Line):
            exact[_rgb(shape.colour)] = None
        else:
            for colour in (shape.fill, shape.outline):
                if colour:
                    exact[_rgb(colour)] = None
            if shape.fill:
                grounds[_rgb(shape.fill)] = None
    colours = list(exact)[:PALETTE_SIZE]
    pairs = [(ink, ground) for ink in inks for ground in grounds if ink != ground]
    room = PALETTE_SIZE - len(colours)
    steps = min(MAX_BLEND_STEPS, room // len(pairs)) if pairs else 0
    seen = set(colours)
    for ink, ground in pairs:
        for k in range(1, steps + 1):
            a = k / (steps + 1)
            blend = (
                round(ink[0] * a + ground[0] * (1 - a)),
                round(ink[1] * a + ground[1] * (1 - a)),
                round(ink[2] * a + ground[2] * (1 - a)),
            )
            if blend not in seen:
                seen.add(blend)
                colours.append(blend)
    return colours[:PALETTE_SIZE]


def render_png(scene: Scene) -> bytes:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (scene.width, scene.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for shape in scene.shapes:
        if isinstance(shape, Polygon):
            draw.polygon(shape.points, fill=shape.fill, outline=shape.outline, width=max(1, round(shape.width)))
        elif isinstance(shape, Circle):
            box = (shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r)
            draw.ellipse(box, fill=shape.fill, outline=shape.outline, width=max(1, round(shape.width)))
        elif isinstance(shape, Line):
            draw.line((shape.x1, shape.y1, shape.x2, shape.y2), fill=shape.colour, width=max(1, round(shape.width)))
        elif isinstance(shape, Text):
            mask, left, top = _label(
                shape.text, round(shape.size), shape.bold, "mm" if shape.anchor == "middle" else "lm"
            )
            draw.bitmap((round(shape.x) + left, round(shape.y) + top), mask, fill=shape.fill)
    colours = palette(scene)
    index = Image.new("P", (1, 1))
    index.putpalette([v for colour in colours for v in colour])
    indexed = image.quantize(palette=index, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", optimize=False, compress_level=3)  # 6 is half again smaller, twice as slow
    return out.getvalue()
