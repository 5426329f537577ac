"""A scene drawn with Pillow (imported here only, so ``gmtool --help`` stays fast), text
set in the bundled DejaVu Sans (Cyrillic included) so labels look the same everywhere.

A turn writes a map per leader, so drawing is kept cheap: each label is rasterised once
per process and pasted wherever it recurs (hex coordinates repeat on every map); the
image is written as an indexed (palette) PNG whose palette holds every colour of the
scenes exactly, plus the blends that anti-aliased text makes over the fills it stands
on (an indexed PNG encodes several times faster than a true-colour one and is about half
the size, which also keeps it under forums' attachment limits); and the maps of a turn
are drawn together (:func:`render_pngs`), each band of rows drawn, quantised and deflated
once for all the maps it looks the same on.  The PNG is written here (zlib, no Pillow
encoder): its bands' deflated bytes are joined into one stream.

A chart (gmtool/site/charts.py) is drawn at twice its size and reduced (``scale=2``): its
slanted lines come out smooth, their edges' blends over the background in the palette."""

from __future__ import annotations

import io
import math
import struct
import zlib
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from gmtool.maps.scene import BACKGROUND, Circle, Line, Polygon, Polyline, Scene, Shape, Text

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
    try:  # the mask Pillow's ImageDraw.text pastes, laid out once (not measured first)
        core, (left, top) = face.getmask2(text, "L", anchor=anchor)
        return Image.Image()._new(core), left, top
    except (AttributeError, TypeError):  # a Pillow that no longer has it: drawn as text
        pass
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=face, anchor=anchor)
    return mask, left, top


@cache
def _rgb(colour: str) -> tuple[int, int, int]:
    from PIL import ImageColor

    r, g, b = ImageColor.getrgb(colour)[:3]
    return r, g, b


def palette(scenes: list[Scene], smooth: bool = False) -> list[tuple[int, int, int]]:
    """Every colour the scenes name, exactly, then the blends of each text colour over
    each fill (and the background), as many shades per pair as the palette has room for.
    ``smooth`` (scenes drawn larger and reduced): every colour's edges blend, over the
    background only."""
    exact: dict[tuple[int, int, int], None] = {_rgb(BACKGROUND): None}
    inks: dict[tuple[int, int, int], None] = {}
    grounds: dict[tuple[int, int, int], None] = {_rgb(BACKGROUND): None}
    shapes = {id(shape): shape for scene in scenes for shape in scene.shapes}  # a turn's maps share most
    for shape in shapes.values():
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

# A PNG's rows are deflated in bands of this many, each band on its own (a raw deflate stream
# ended on a byte boundary; the bands one after another are the image's zlib stream).  A band
# is drawn, quantised and deflated once for a turn's maps: a map whose band is inked by the
# very shapes, in the same order, that inked a band drawn before (a hex that looks the same,
# the same legend: gmtool.maps.scene's memo) takes that band's bytes.  A leader's map is so
# drawn only in the rows of its reach and its title.  An even number: a shape drawn into a
# band lands on the pixels it lands on in the whole image (Python rounds halves to even).
BAND = 16
COMPRESS_LEVEL = 3  # zlib's: 1 is a fifth larger for little gain, 6 a third smaller and twice as slow
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass
class _Band:
    data: bytes  # the band's rows (each after its filter byte, 0: none), deflated on their own
    adler: int  # Adler-32 of those raw rows
    size: int  # their length


# A band by what inks it: (image width, image height, band, the number of each part that inks
# it, in order); a part is numbered by the ids of its shapes, alive for the whole batch.
_Key = tuple[int, int, int, tuple[int, ...]]


def render_png(scene: Scene, scale: int = 1) -> bytes:
    """The scene as an indexed PNG; ``scale``: drawn that many times larger, then reduced
    to the scene's size (smooth edges)."""
    return render_pngs([scene], scale)[0]


def render_pngs(scenes: list[Scene], scale: int = 1, reuse: bool = True) -> list[bytes]:
    """The scenes as indexed PNGs with one palette (the colours of them all), each band of
    rows drawn once for them all (:data:`BAND`); ``reuse=False``: each map drawn whole (the
    same pixels)."""
    from PIL import Image

    colours = palette(scenes, smooth=scale > 1)
    index = Image.new("P", (1, 1))
    index.putpalette([v for colour in colours for v in colour])
    plte = bytes(index.getpalette() or [0, 0, 0])
    if scale > 1:
        return [_png(scene.width, scene.height, plte, _draw_scaled(scene, scale, index)) for scene in scenes]
    drawn: dict[_Key, _Band] = {}
    rows: dict[tuple[int, ...], tuple[int, int, int]] = {}
    out = []
    for scene in scenes:
        out.append(_png(scene.width, scene.height, plte, _draw(scene, index, drawn, rows)))
        if not reuse:
            drawn.clear()
    return out


def _draw_scaled(scene: Scene, k: int, index: Any) -> list[_Band]:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (scene.width * k, scene.height * k), BACKGROUND)
    _draw_shapes(ImageDraw.Draw(image), scene.shapes, k)
    return _bands(_quantized(image.reduce(k), index), scene.width)


def _draw(
    scene: Scene, index: Any, drawn: dict[_Key, _Band], parts_of: dict[tuple[int, ...], tuple[int, int, int]]
) -> list[_Band]:
    """``scene``'s bands: those inked as a band drawn before (``drawn``) taken from it, the
    others drawn (in runs of bands one after another) and kept in ``drawn``.  ``parts_of``:
    each part's number and the rows it inks, by its shapes' ids."""
    from PIL import Image, ImageDraw

    count = -(-scene.height // BAND)
    inking: list[list[int]] = [[] for _ in range(count)]
    parts = []
    for a, b in scene.parts or [(0, len(scene.shapes))]:
        shapes = scene.shapes[a:b]
        ids = tuple(map(id, shapes))
        found = parts_of.get(ids)
        if found is None:
            found = parts_of[ids] = (len(parts_of), *_rows(shapes))
        number, top, bottom = found
        parts.append((shapes, top, bottom))
        for band in range(max(0, top // BAND), min(count, -(-bottom // BAND))):
            inking[band].append(number)
    keys = [(scene.width, scene.height, band, tuple(ids)) for band, ids in enumerate(inking)]
    bands = [drawn.get(key) for key in keys]
    band = 0
    while band < count:
        if bands[band] is not None:
            band += 1
            continue
        end = band + 1
        while end < count and bands[end] is None:
            end += 1
        top, bottom = band * BAND, min(scene.height, end * BAND)
        inked = [(part, first) for part, first, last in parts if first < bottom and last > top]
        # drawn from the top of the highest part inking these rows: Pillow does not round a
        # coordinate above an image's top as it rounds one inside it, so a shape drawn across
        # the top edge could land a pixel off the one drawn in the whole image
        origin = min([top] + [max(0, first) for _, first in inked])
        origin -= origin % 2
        image = Image.new("RGB", (scene.width, bottom - origin), BACKGROUND)
        draw = ImageDraw.Draw(image)
        for part, _ in inked:
            _draw_shapes(draw, part, 1, -origin)
        if origin < top:
            image = image.crop((0, top - origin, scene.width, bottom - origin))
        for at, new in enumerate(_bands(_quantized(image, index), scene.width), band):
            bands[at] = drawn[keys[at]] = new
        band = end
    return [done for done in bands if done is not None]


def _rows(shapes: list[Shape]) -> tuple[int, int]:
    """The rows ``shapes`` can ink (the first, and one past the last), with room to spare."""
    top, bottom = float("inf"), float("-inf")
    for shape in shapes:
        if isinstance(shape, (Polygon, Polyline)):
            pad = shape.width
            top = min(top, min(y for _, y in shape.points) - pad)
            bottom = max(bottom, max(y for _, y in shape.points) + pad)
        elif isinstance(shape, Circle):
            top, bottom = min(top, shape.cy - shape.r - shape.width), max(bottom, shape.cy + shape.r + shape.width)
        elif isinstance(shape, Line):
            top = min(top, min(shape.y1, shape.y2) - shape.width)
            bottom = max(bottom, max(shape.y1, shape.y2) + shape.width)
        else:
            mask, _, above = _label(shape.text, round(shape.size), shape.bold, ANCHORS.get(shape.anchor, "lm"))
            top, bottom = min(top, round(shape.y) + above), max(bottom, round(shape.y) + above + mask.height)
    if top > bottom:
        return 0, 0
    return math.floor(top) - 2, math.ceil(bottom) + 2


def _draw_shapes(draw: Any, shapes: list[Shape], k: int, dy: int = 0) -> None:
    """Draw ``shapes`` with ``draw`` (an ImageDraw), ``k`` times larger, ``dy`` rows down."""

    def width(value: float) -> int:
        return max(1, round(value * k))

    for shape in shapes:
        if isinstance(shape, Polygon):
            points = [(x * k, y * k + dy) for x, y in shape.points]
            draw.polygon(points, fill=shape.fill, outline=shape.outline, width=width(shape.width))
        elif isinstance(shape, Circle):
            box = (
                (shape.cx - shape.r) * k,
                (shape.cy - shape.r) * k + dy,
                (shape.cx + shape.r) * k,
                (shape.cy + shape.r) * k + dy,
            )
            draw.ellipse(box, fill=shape.fill, outline=shape.outline, width=width(shape.width))
        elif isinstance(shape, Line):
            draw.line(
                (shape.x1 * k, shape.y1 * k + dy, shape.x2 * k, shape.y2 * k + dy),
                fill=shape.colour,
                width=width(shape.width),
            )
        elif isinstance(shape, Polyline):
            points = [(x * k, y * k + dy) for x, y in shape.points]
            draw.line(points, fill=shape.colour, width=width(shape.width), joint="curve")
            for x, y in points[:: max(1, len(points) - 1)]:  # round ends
                r = width(shape.width) / 2
                draw.ellipse((x - r, y - r, x + r, y + r), fill=shape.colour)
        else:
            mask, left, top = _label(shape.text, round(shape.size * k), shape.bold, ANCHORS.get(shape.anchor, "lm"))
            draw.bitmap((round(shape.x * k) + left, round(shape.y * k) + dy + top), mask, fill=shape.fill)


def _quantized(image: Any, index: Any) -> Any:
    from PIL import Image

    return image.quantize(palette=index, dither=Image.Dither.NONE)


def _bands(indexed: Any, width: int) -> list[_Band]:
    """``indexed``'s rows, each after a filter byte (0: none), deflated in bands of
    :data:`BAND` rows."""
    from PIL import Image

    framed = Image.new("P", (width + 1, indexed.height), 0)  # column 0: the rows' filter bytes
    framed.paste(indexed, (1, 0))
    raw = framed.tobytes()
    step = BAND * (width + 1)
    bands = []
    for at in range(0, len(raw), step):
        rows = raw[at : at + step]
        deflate = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15)
        bands.append(_Band(deflate.compress(rows) + deflate.flush(zlib.Z_SYNC_FLUSH), zlib.adler32(rows), len(rows)))
    return bands


_ADLER_BASE = 65521


def adler32_combine(first: int, second: int, size: int) -> int:
    """The Adler-32 of two pieces of data one after the other, from each one's (``size``: the
    second one's length), as zlib's adler32_combine."""
    low = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % _ADLER_BASE
    high = ((first >> 16) + (second >> 16) + size * (first & 0xFFFF) - size) % _ADLER_BASE
    return low | high << 16


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def _png(width: int, height: int, plte: bytes, bands: list[_Band]) -> bytes:
    """An 8-bit indexed PNG of the deflated ``bands``: one zlib stream (its header, the
    bands, a last empty block, the Adler-32 of all the rows)."""
    adler = 1
    for band in bands:
        adler = adler32_combine(adler, band.adler, band.size)
    idat = b"\x78\x5e" + b"".join(band.data for band in bands) + b"\x03\x00" + struct.pack(">I", adler)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, indexed, deflate, no interlace
    return _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"PLTE", plte) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")
