"""A scene drawn with Pillow (imported here only, so ``gmtool --help`` stays fast), text
set in the bundled DejaVu Sans (Cyrillic included) so labels look the same everywhere.

A turn writes a map per leader, so drawing is kept cheap: each label is rasterised once
per process and pasted wherever it recurs (hex coordinates repeat on every map); the
image is written as an indexed (palette) PNG whose palette holds every colour of the
scenes exactly, plus the blends that anti-aliased text makes over the fills it stands
on (an indexed PNG encodes several times faster than a true-colour one and is about half
the size, which also keeps it under forums' attachment limits); and the maps of a turn
are drawn together (:func:`render_pngs`): each band of rows deflated once for all the
maps it looks the same on, a map drawn only where it differs from one drawn before (a
leader's map is the public one but for its title, its reach and its legend), and a band
the last turn's maps kept (:mod:`gmtool.maps.kept`) taken instead of drawn.  The palette
lists its colours in one order, whatever order the scenes name them in, so that a turn
whose maps name the same colours has the last turn's indices.  The PNG is written here
(zlib, no Pillow encoder): its bands' deflated bytes are joined into one stream.

A chart (gmtool/site/charts.py) is drawn at twice its size and reduced (``scale=2``): its
slanted lines come out smooth, their edges' blends over the background in the palette."""

from __future__ import annotations

import hashlib
import io
import math
import struct
import zlib
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from gmtool.maps.kept import KeptBands
from gmtool.maps.scene import BACKGROUND, Circle, Line, Polygon, Polyline, Scene, Shape, Text

FONTS = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
PALETTE_SIZE = 256
MAX_BLEND_STEPS = 7  # anti-aliasing shades kept between a text colour and a fill


@cache
def _font_file(bold: bool) -> str | bytes:
    """The font's path, or its bytes when the package is not files on disk (a zip)."""
    here = Path(__file__).with_name("fonts") / FONTS[bold]
    if here.is_file():
        return str(here)  # FreeType reads what it needs: a face of each size opens in a tenth of the time
    return resources.files("gmtool.maps").joinpath("fonts", FONTS[bold]).read_bytes()


@cache
def drawing_salt() -> bytes:
    """What decides a band's bytes beside its shapes and the palette: this module's code (how
    shapes are drawn, where a part's box lies) and the kept file's, the fonts, Pillow and
    the libraries it draws text with, Python (the shapes' pickles) and zlib (the deflated
    bytes) (:mod:`gmtool.maps.kept`)."""
    import os
    import sys

    import PIL
    from PIL import features

    from gmtool.maps import kept

    seen = [sys.version, PIL.__version__, zlib.ZLIB_RUNTIME_VERSION]
    seen += [str(features.version(name)) for name in ("freetype2", "raqm", "fribidi", "harfbuzz")]
    seen.append(os.environ.get("FREETYPE_PROPERTIES", ""))  # FreeType's hinting, as the environment sets it
    for bold in (False, True):
        found = _font_file(bold)
        if isinstance(found, str):
            stat = Path(found).stat()
            seen.append(f"{stat.st_size}:{stat.st_mtime_ns}")
        else:
            seen.append(hashlib.blake2b(found).hexdigest())
    code = b"".join(_code_of(module) for module in (__file__, kept.__file__))
    return hashlib.blake2b("\n".join(seen).encode() + code, digest_size=16).digest()


def _code_of(file: str | None) -> bytes:
    """A module's own file (its source, or its bytecode where the install has no source)."""
    import gmtool

    try:
        return Path(file).read_bytes() if file else gmtool.__version__.encode()
    except OSError:  # a module not loaded from a file of its own (a zip)
        return f"{file}:{gmtool.__version__}".encode()


@cache
def font(size: int, bold: bool = False) -> Any:
    from PIL import ImageFont

    found = _font_file(bold)
    return ImageFont.truetype(found if isinstance(found, str) else io.BytesIO(found), size)


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
    if not smooth:
        # in one order whatever order the scenes name them in (the background first, the exact
        # colours, then the blends): a turn's maps that name the same colours as the last's
        # have its palette, and so its bands (gmtool.maps.kept)
        exact_count = min(len(exact), PALETTE_SIZE)
        colours = colours[:1] + sorted(colours[1:exact_count]) + sorted(colours[exact_count:])
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
# is deflated once for a turn's maps: a map whose band is inked by the very shapes, in the same
# order, that inked a band drawn before (a hex that looks the same, the same legend:
# gmtool.maps.scene's memo) takes that band's bytes.  A band inked otherwise is the band of a
# map drawn before that it differs least from, drawn again only in the columns the shapes
# they differ in can ink (a leader's map is the public one but for its reach, its title and
# its legend): a leader's map costs the drawing of a few hexes.  An even number: a shape drawn
# into a band lands on the pixels it lands on in the whole image (Python rounds halves to even).
BAND = 16
MERGE = 64  # columns: two stretches of a band to draw again this close are drawn as one
COMPRESS_LEVEL = 3  # zlib's: 1 is a fifth larger for little gain, 6 a third smaller and twice as slow
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass
class _Band:
    data: bytes  # the band's rows (each after its filter byte, 0: none), deflated on their own
    adler: int  # Adler-32 of those raw rows
    size: int  # their length
    parts: tuple[int, ...] = ()  # the parts inking it, in order (their numbers)
    raw: bytes | bytearray = b""  # those raw rows (kept when a band may be drawn again from it)

    def __post_init__(self) -> None:
        self.inked = frozenset(self.parts)


# A band by what inks it: (image width, image height, band, the number of each part that inks
# it, in order); a part is numbered by the ids of its shapes, alive for the whole batch.
_Key = tuple[int, int, int, tuple[int, ...]]
_Box = tuple[int, int, int, int]  # the pixels a part can ink: left, top, right, bottom (the last two past it)


class _Batch:
    """What the maps drawn together share: the bands drawn, each part's number and box (and
    the bands kept from the maps drawn last, :mod:`gmtool.maps.kept`)."""

    def __init__(self, index: Any, kept: KeptBands | None = None, plte: bytes = b"") -> None:
        self.index = index  # the palette, as a "P" image
        self.kept = kept
        self.plte = plte
        self.digests: dict[int, bytes] = {}  # a part's shapes, digested (by its number)
        self.drawn: dict[_Key, _Band] = {}
        self.near: dict[tuple[int, int, int], list[_Band]] = {}  # the bands drawn at (width, height, band)
        self.numbers: dict[tuple[int, ...], int] = {}  # a part's number by its shapes' ids
        # by a part's number: its shapes, its box, the bands it inks
        self.shapes: list[list[Shape]] = []
        self.boxes: list[_Box] = []
        self.widths: list[int] = []
        self.bands_of: list[range] = []
        self.deepest = 0  # one past the last band a part inks

    def number(self, ids: tuple[int, ...], shapes: list[Shape]) -> int:
        """The number of a part not seen before."""
        number = self.numbers[ids] = len(self.boxes)
        box = _box(shapes, self.kept)
        self.shapes.append(shapes)
        self.boxes.append(box)
        self.widths.append(box[2] - box[0])
        self.bands_of.append(range(max(0, box[1] // BAND), max(0, -(-box[3] // BAND))))
        self.deepest = max(self.deepest, self.bands_of[-1].stop)
        return number

    def band_key(self, key: _Key) -> bytes:
        """A band's key among the kept ones (all drawn as :func:`drawing_salt` says: the file
        holds one salt): what else decides its pixels, each exactly — the palette, the image's
        size, the band's place and the shapes of each part that inks it, in order (pickled:
        equal bytes are equal shapes)."""
        import pickle

        digests = self.digests
        for n in key[3]:
            if n not in digests:
                digests[n] = hashlib.blake2b(pickle.dumps(self.shapes[n], 5), digest_size=16).digest()
        head = struct.pack(">IIII", key[0], key[1], key[2], len(key[3]))
        return hashlib.blake2b(self.plte + head + b"".join(digests[n] for n in key[3]), digest_size=16).digest()


def render_png(scene: Scene, scale: int = 1) -> bytes:
    """The scene as an indexed PNG; ``scale``: drawn that many times larger, then reduced
    to the scene's size (smooth edges)."""
    return render_pngs([scene], scale)[0]


def render_pngs(scenes: list[Scene], scale: int = 1, reuse: bool = True, kept: KeptBands | None = None) -> list[bytes]:
    """The scenes as indexed PNGs with one palette (the colours of them all), each band of
    rows drawn once for them all (:data:`BAND`); ``reuse=False``: each map drawn whole (the
    same pixels); ``kept``: the bands of the maps drawn last (:mod:`gmtool.maps.kept`, its
    salt :func:`drawing_salt`), a band inked as one of them taken from it, and every band
    of these maps kept in it for the next."""
    from PIL import Image

    colours = palette(scenes, smooth=scale > 1)
    index = Image.new("P", (1, 1))
    index.putpalette([v for colour in colours for v in colour])
    plte = bytes(index.getpalette() or [0, 0, 0])
    if scale > 1:
        return [_png(scene.width, scene.height, plte, _draw_scaled(scene, scale, index)) for scene in scenes]
    if not reuse:  # each drawn whole: nothing taken from another map, kept or not
        return [_png(scene.width, scene.height, plte, _draw(scene, _Batch(index))) for scene in scenes]
    batch = _Batch(index, kept, plte)
    return [_png(scene.width, scene.height, plte, _draw(scene, batch)) for scene in scenes]


def _draw_scaled(scene: Scene, k: int, index: Any) -> list[_Band]:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (scene.width * k, scene.height * k), BACKGROUND)
    _draw_shapes(ImageDraw.Draw(image), scene.shapes, k)
    return _bands(_quantized(image.reduce(k), index), scene.width)


def _draw(scene: Scene, batch: _Batch) -> list[_Band]:
    """``scene``'s bands: each inked as a band drawn before (``batch.drawn``) taken from it,
    the others drawn (where they differ from the band drawn before most like them, in runs
    of bands one after another) and kept in ``batch``."""
    from PIL import Image, ImageDraw

    width, height = scene.width, scene.height
    count = -(-height // BAND)
    inking: list[list[int]] = [[] for _ in range(max(count, batch.deepest))]
    order: list[int] = []  # the parts' numbers, in the order they are drawn
    boxes, bands_of, known = batch.boxes, batch.bands_of, batch.numbers.get
    every = scene.shapes
    for a, b in scene.parts or [(0, len(every))]:
        shapes = every[a:b]
        ids = tuple(map(id, shapes))
        number = known(ids)
        if number is None:
            number = batch.number(ids, shapes)
            if batch.deepest > len(inking):
                inking += [[] for _ in range(batch.deepest - len(inking))]
        order.append(number)
        for band in bands_of[number]:
            inking[band].append(number)
    keys = [(width, height, band, tuple(inking[band])) for band in range(count)]
    bands = [batch.drawn.get(key) for key in keys]
    kept = batch.kept
    kept_keys: dict[int, bytes] = {}  # a band to draw: its key among the kept ones
    if kept is not None:
        for at, key in enumerate(keys):
            if bands[at] is None:
                kept_keys[at] = batch.band_key(key)
                found = kept.take(kept_keys[at])
                if found is not None:  # its raw rows are not kept: no band is drawn again from it
                    bands[at] = batch.drawn[key] = _Band(*found, parts=key[3])
    todo = {
        band: _nearest(batch.near.get(key[:3], []), key[3], batch, width)
        for band, key in enumerate(keys)
        if bands[band] is None
    }
    # what to draw: each band's stretches joined with those they overlap (or nearly) in the
    # band above into rectangles (left, right, first band, last band)
    rects: list[list[int]] = []
    live: list[list[int]] = []
    for at, (_, spans) in todo.items():  # top to bottom
        live = [rect for rect in live if rect[3] >= at - 1]
        for left, right in spans:
            rect = next((rect for rect in live if rect[0] <= right + MERGE and left <= rect[1] + MERGE), None)
            if rect is None:
                rect = [left, right, at, at]
                rects.append(rect)
                live.append(rect)
            else:
                rect[0], rect[1], rect[3] = min(rect[0], left), max(rect[1], right), at
    pieces = []
    for left, right, first, last in rects:
        top, bottom = first * BAND, min(height, (last + 1) * BAND)
        near = set().union(*inking[first : last + 1])
        inked = [n for n in order if n in near and boxes[n][0] < right and boxes[n][2] > left]
        # drawn from the top left of the parts inking these pixels: Pillow does not round a
        # coordinate above or left of an image's edge as it rounds one inside it, so a shape
        # drawn across that edge could land a pixel off the one drawn in the whole image
        x0 = min([left] + [max(0, boxes[n][0]) for n in inked])
        y0 = min([top] + [max(0, boxes[n][1]) for n in inked])
        x0, y0 = x0 - x0 % 2, y0 - y0 % 2
        image = Image.new("RGB", (right - x0, bottom - y0), BACKGROUND)
        draw = ImageDraw.Draw(image)
        for n in inked:
            _draw_shapes(draw, batch.shapes[n], 1, -y0, -x0)
        if (x0, y0) != (left, top):
            image = image.crop((left - x0, top - y0, right - x0, bottom - y0))
        piece = _quantized(image, batch.index)
        if right - left == width:  # the whole width: its rows framed at once
            framed = Image.new("P", (width + 1, bottom - top), 0)
            framed.paste(piece, (1, 0))
            piece = framed
        pieces.append((left, right - left, first, last, memoryview(piece.tobytes())))
    line = width + 1
    for at, (like, _) in todo.items():
        rows = min(BAND, height - at * BAND)
        raw = bytearray(like.raw) if like is not None else bytearray(rows * line)
        for left, wide, first, last, data in pieces:
            if not first <= at <= last:
                continue
            if wide == width:
                start = (at - first) * BAND * line
                raw[:] = data[start : start + rows * line]
                continue
            start = (at - first) * BAND * wide
            for row in range(rows):
                at_row = row * line + 1 + left
                raw[at_row : at_row + wide] = data[start + row * wide : start + (row + 1) * wide]
        new = bands[at] = _band(raw, keys[at][3])
        batch.drawn[keys[at]] = new
        if kept is not None:
            kept.keep(kept_keys[at], (new.data, new.adler, new.size))
        batch.near.setdefault(keys[at][:3], []).append(new)
    return [done for done in bands if done is not None]


def _nearest(
    known: list[_Band], numbers: tuple[int, ...], batch: _Batch, width: int
) -> tuple[_Band | None, list[tuple[int, int]]]:
    """Of the bands drawn at a band's place (the first two and the latest two of them), the
    one a band inked by ``numbers`` differs from in the fewest columns, and those columns
    (stretches: left, right); none: all of them."""
    new = set(numbers)
    boxes, wide = batch.boxes, batch.widths.__getitem__
    ranked: list[tuple[int, int, _Band, frozenset[int]]] = []
    for like in known[:2] + known[-2:] if len(known) > 4 else known:
        apart = like.inked ^ new
        ranked.append((sum(map(wide, apart)), len(ranked), like, apart))
    ranked.sort(key=lambda rank: rank[:2])
    for columns, _, like, apart in ranked:
        if columns >= width:
            break
        both = like.inked & new
        if [n for n in like.parts if n in both] == [n for n in numbers if n in both]:
            return like, _merged([(boxes[n][0], boxes[n][2]) for n in apart], width)
        # else the shapes of both drawn in another order: not the same pixels
    return None, [(0, width)]


def _merged(spans: list[tuple[int, int]], width: int) -> list[tuple[int, int]]:
    """``spans`` of columns within the image, those overlapping or nearly (:data:`MERGE`) as one."""
    out: list[tuple[int, int]] = []
    for left, right in sorted((max(0, left), min(width, right)) for left, right in spans):
        if left >= right:
            continue
        if out and left <= out[-1][1] + MERGE:
            out[-1] = (out[-1][0], max(out[-1][1], right))
        else:
            out.append((left, right))
    return out


def _box(shapes: list[Shape], kept: KeptBands | None = None) -> _Box:
    """The pixels ``shapes`` can ink (left, top, right, bottom: the last two past them),
    with room to spare; ``kept``: where labels' pixels lie, read there (no label
    rasterised) or put there once one is."""
    left, top, right, bottom = float("inf"), float("inf"), float("-inf"), float("-inf")
    for shape in shapes:
        if isinstance(shape, (Polygon, Polyline)):
            pad = shape.width
            xs = [x for x, _ in shape.points]
            ys = [y for _, y in shape.points]
            left, right = min(left, min(xs) - pad), max(right, max(xs) + pad)
            top, bottom = min(top, min(ys) - pad), max(bottom, max(ys) + pad)
        elif isinstance(shape, Circle):
            reach = shape.r + shape.width
            left, right = min(left, shape.cx - reach), max(right, shape.cx + reach)
            top, bottom = min(top, shape.cy - reach), max(bottom, shape.cy + reach)
        elif isinstance(shape, Line):
            left = min(left, min(shape.x1, shape.x2) - shape.width)
            right = max(right, max(shape.x1, shape.x2) + shape.width)
            top = min(top, min(shape.y1, shape.y2) - shape.width)
            bottom = max(bottom, max(shape.y1, shape.y2) + shape.width)
        else:
            which = (shape.text, round(shape.size), shape.bold, ANCHORS.get(shape.anchor, "lm"))
            place = kept.place(which) if kept is not None else None
            if place is None:
                mask, before, above = _label(*which)
                place = (before, above, mask.width, mask.height)
                if kept is not None:
                    kept.put(which, place)
            x, y = round(shape.x) + place[0], round(shape.y) + place[1]
            left, right = min(left, x), max(right, x + place[2])
            top, bottom = min(top, y), max(bottom, y + place[3])
    if top > bottom:
        return 0, 0, 0, 0
    return math.floor(left) - 2, math.floor(top) - 2, math.ceil(right) + 2, math.ceil(bottom) + 2


_INKS: dict[str, int] = {}  # a colour as Pillow's drawing core inks it into an RGB image


def _draw_shapes(draw: Any, shapes: list[Shape], k: int, dy: int = 0, dx: int = 0) -> None:
    """Draw ``shapes`` with ``draw`` (an ImageDraw of an RGB image), ``k`` times larger,
    ``dy`` rows down and ``dx`` columns right.  Polygons, discs and labels go straight to
    Pillow's drawing core as ImageDraw's own calls send them (a map has a thousand shapes:
    ImageDraw would parse each one's colours again)."""
    core = draw.draw
    same = k == 1 and dx == dy == 0  # the points as they are

    def width(value: float) -> int:
        return max(1, round(value * k))

    def ink(colour: str) -> int:
        found = _INKS.get(colour)
        if found is None:
            found = _INKS[colour] = core.draw_ink(_rgb(colour))
        return found

    for shape in shapes:
        if isinstance(shape, Polygon):
            points = shape.points if same else [(x * k + dx, y * k + dy) for x, y in shape.points]
            wide = width(shape.width)
            if shape.outline is not None and wide > 1:  # its outline drawn inside it, ImageDraw's way
                draw.polygon(points, fill=shape.fill, outline=shape.outline, width=wide)
                continue
            fill = ink(shape.fill) if shape.fill is not None else None
            if fill is not None:
                core.draw_polygon(points, fill, 1)
            if shape.outline is not None and ink(shape.outline) != fill:
                core.draw_polygon(points, ink(shape.outline), 0, 1)
        elif isinstance(shape, Circle):
            box = (
                (shape.cx - shape.r) * k + dx,
                (shape.cy - shape.r) * k + dy,
                (shape.cx + shape.r) * k + dx,
                (shape.cy + shape.r) * k + dy,
            )
            fill = ink(shape.fill) if shape.fill is not None else None
            if fill is not None:
                core.draw_ellipse(box, fill, 1)
            if shape.outline is not None and ink(shape.outline) != fill:
                core.draw_ellipse(box, ink(shape.outline), 0, width(shape.width))
        elif isinstance(shape, Line):
            draw.line(
                (shape.x1 * k + dx, shape.y1 * k + dy, shape.x2 * k + dx, shape.y2 * k + dy),
                fill=shape.colour,
                width=width(shape.width),
            )
        elif isinstance(shape, Polyline):
            points = [(x * k + dx, y * k + dy) for x, y in shape.points]
            draw.line(points, fill=shape.colour, width=width(shape.width), joint="curve")
            for x, y in points[:: max(1, len(points) - 1)]:  # round ends
                r = width(shape.width) / 2
                draw.ellipse((x - r, y - r, x + r, y + r), fill=shape.colour)
        else:
            mask, left, top = _label(shape.text, round(shape.size * k), shape.bold, ANCHORS.get(shape.anchor, "lm"))
            core.draw_bitmap((round(shape.x * k) + dx + left, round(shape.y * k) + dy + top), mask.im, ink(shape.fill))


def _quantized(image: Any, index: Any) -> Any:
    from PIL import Image

    return image.quantize(palette=index, dither=Image.Dither.NONE)


def _bands(indexed: Any, width: int) -> list[_Band]:
    """``indexed``'s rows, each after a filter byte (0: none), deflated in bands of
    :data:`BAND` rows."""
    data = indexed.tobytes()
    raw = b"".join(b"\0" + data[at : at + width] for at in range(0, len(data), width))
    step = BAND * (width + 1)
    return [_band(raw[at : at + step]) for at in range(0, len(raw), step)]


def _band(rows: bytes | bytearray, parts: tuple[int, ...] | None = None) -> _Band:
    """The band of ``rows``; ``parts``: those inking it, when another band may be drawn from it."""
    deflate = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15)
    data = deflate.compress(rows) + deflate.flush(zlib.Z_SYNC_FLUSH)
    if parts is None:
        return _Band(data, zlib.adler32(rows), len(rows))
    return _Band(data, zlib.adler32(rows), len(rows), parts, rows)


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
