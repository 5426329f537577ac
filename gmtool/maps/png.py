"""A scene drawn with Pillow (imported here only, so ``gmtool --help`` stays fast), text
set in the bundled DejaVu Sans (Cyrillic included) so labels look the same everywhere."""
from __future__ import annotations

import io
from functools import cache
from importlib import resources
from typing import Any

from gmtool.maps.scene import BACKGROUND, Circle, Line, Polygon, Scene, Text

FONTS = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@cache
def _font_bytes(bold: bool) -> bytes:
    return resources.files("gmtool.maps").joinpath("fonts", FONTS[bold]).read_bytes()


@cache
def font(size: int, bold: bool = False) -> Any:
    from PIL import ImageFont

    return ImageFont.truetype(io.BytesIO(_font_bytes(bold)), size)


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
            anchor = "mm" if shape.anchor == "middle" else "lm"
            draw.text((shape.x, shape.y), shape.text, fill=shape.fill, font=font(round(shape.size), shape.bold),
                      anchor=anchor)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False, compress_level=6)
    return out.getvalue()
