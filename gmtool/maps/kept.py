"""The bands of the maps a turn drew, kept for the next turn's maps (``reports/map-bands.bin``
in the campaign): from one turn to the next most of a galaxy looks the same, so a band of
rows inked by the very same shapes is not drawn, reduced to the palette and deflated again —
its deflated bytes are taken from the kept ones.

A band is kept by what decides its pixels, each exactly (:func:`gmtool.maps.png.band_key`):
the drawing code and what it draws with (:func:`gmtool.maps.png.drawing_salt`: Pillow,
FreeType, the fonts, the modules that lay out and draw), the palette, the image's size, the
band's place and every shape that inks it, in order.  A band whose key is kept has the very
bytes drawing it would give; one that is not is drawn.  The file holds the bands of the last
maps drawn only (each turn's replace the last's), and a file that is not whole (cut short,
changed) or was drawn otherwise (another salt) is read as holding none: the maps are drawn
whole, as they are without it.  Nothing here reads or writes a file
(gmtool.app.session does)."""

from __future__ import annotations

import hashlib
import struct

FILE_NAME = "map-bands.bin"  # in the campaign's reports/ folder
_MAGIC = b"gmtool map bands 1\n"
_ENTRY = struct.Struct(">16sIII")  # key, Adler-32 of the raw rows, their length, the deflated length
_CHECK = 16  # bytes of the BLAKE2b digest that ends the file

_LABEL = struct.Struct(">HB2sHiiII")  # size, bold, anchor, text's length; left, top, width, height
_MAGIC_LABELS = b"labels\n"

Band = tuple[bytes, int, int]  # deflated rows, Adler-32 of the raw rows, their length
Label = tuple[str, int, bool, str]  # text, size, bold, anchor: a label as it is rasterised
Place = tuple[int, int, int, int]  # its mask's left and top (from the anchor point), width, height


class KeptBands:
    """The bands kept from the maps drawn last (:meth:`read`) and those of the maps drawn now
    (:meth:`take`, :meth:`keep`), which :meth:`dump` writes in their place."""

    def __init__(
        self, salt: bytes, old: dict[bytes, Band] | None = None, labels: dict[Label, Place] | None = None
    ) -> None:
        self.salt = salt
        self.old = old or {}
        self.new: dict[bytes, Band] = {}
        self.taken = 0  # bands taken from the last maps' (for tests and benchmarks)
        # where each label's pixels lie (a part's box): a band taken needs no label rasterised
        self.labels: dict[Label, Place] = labels or {}
        self.placed: dict[Label, Place] = {}  # those of the maps drawn now

    @classmethod
    def read(cls, data: bytes | None, salt: bytes) -> KeptBands:
        """The bands ``data`` (the file's bytes; None: no file) holds, when it is whole and was
        drawn with ``salt``; else none."""
        found = _parse(data, salt) if data else None
        return cls(salt, *found) if found is not None else cls(salt)

    def take(self, key: bytes) -> Band | None:
        """The band of ``key`` drawn for these maps or kept from the last (kept again for the
        next), or None."""
        band = self.new.get(key)
        if band is None:
            band = self.old.get(key)
            if band is not None:
                self.new[key] = band
                self.taken += 1
        return band

    def keep(self, key: bytes, band: Band) -> None:
        self.new[key] = band

    def place(self, label: Label) -> Place | None:
        """Where ``label``'s pixels lie, as kept (kept again for the next maps), or None."""
        place = self.placed.get(label) or self.labels.get(label)
        if place is not None:
            self.placed[label] = place
        return place

    def put(self, label: Label, place: Place) -> None:
        self.placed[label] = place

    def dump(self) -> bytes:
        """The file's bytes: the bands of the maps drawn now."""
        parts = [_MAGIC, self.salt, struct.pack(">I", len(self.new))]
        for key, (data, adler, size) in self.new.items():
            parts += [_ENTRY.pack(key, adler, size, len(data)), data]
        parts += [_MAGIC_LABELS, struct.pack(">I", len(self.placed))]
        for (text, size, bold, anchor), (left, top, width, height) in self.placed.items():
            words = text.encode("utf-8")
            parts += [_LABEL.pack(size, bold, anchor.encode("ascii"), len(words), left, top, width, height), words]
        body = b"".join(parts)
        return body + hashlib.blake2b(body, digest_size=_CHECK).digest()


def _parse(data: bytes, salt: bytes) -> tuple[dict[bytes, Band], dict[Label, Place]] | None:
    body, check = data[:-_CHECK], data[-_CHECK:]
    head = len(_MAGIC) + len(salt)
    if len(data) < head + 4 + _CHECK or not body.startswith(_MAGIC + salt):
        return None
    if hashlib.blake2b(body, digest_size=_CHECK).digest() != check:
        return None
    (count,) = struct.unpack_from(">I", body, head)
    at = head + 4
    out: dict[bytes, Band] = {}
    view = memoryview(body)
    try:
        for _ in range(count):
            key, adler, size, length = _ENTRY.unpack_from(body, at)
            at += _ENTRY.size
            if at + length > len(body):
                return None
            out[key] = (bytes(view[at : at + length]), adler, size)
            at += length
        if body[at : at + len(_MAGIC_LABELS)] != _MAGIC_LABELS:
            return None
        (count,) = struct.unpack_from(">I", body, at + len(_MAGIC_LABELS))
        at += len(_MAGIC_LABELS) + 4
        labels: dict[Label, Place] = {}
        for _ in range(count):
            size, bold, anchor, length, left, top, width, height = _LABEL.unpack_from(body, at)
            at += _LABEL.size
            text = body[at : at + length].decode("utf-8")
            at += length
            labels[(text, size, bool(bold), anchor.decode("ascii"))] = (left, top, width, height)
    except (struct.error, UnicodeDecodeError):
        return None
    return (out, labels) if at == len(body) else None
