"""Golden maps: one per kind of map, checked in under tests/golden/maps/.

Images are compared with a tolerance (font rasterising may differ a little between Pillow
versions): same size, and at most 0.5 % of the pixels off by more than 48 in a channel.
SVG and text maps are compared exactly.

Regenerate them all after an intended change, then look at them:

    GMTOOL_REGEN_GOLDEN=1 python -m pytest tests/test_maps_golden.py
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from gmtool.maps import PUBLIC, draw, map_text_report
from gmtool.report.render import render
from map_campaigns import sample

GOLDEN = Path(__file__).parent / "golden" / "maps"
REGEN = os.environ.get("GMTOOL_REGEN_GOLDEN") == "1"

CASES = {
    "moderator-stage1.png": lambda: draw(sample(), None, "png"),
    "bob-stage1.png": lambda: draw(sample(), "bob", "png"),
    "bob-stage2-ru.png": lambda: draw(sample(stage=2), "bob", "png", "ru"),
    "public-stage2.png": lambda: draw(sample(stage=2), PUBLIC, "png"),
    "public-stage1.png": lambda: draw(sample(), PUBLIC, "png"),
    "bob-stage2.svg": lambda: draw(sample(stage=2), "bob", "svg"),
    "bob-stage1.bbcode": lambda: render(map_text_report(sample(), "bob", "en"), "bbcode"),
    "moderator-stage2-ru.txt": lambda: render(map_text_report(sample(stage=2), None, "ru"), "plain"),
}


def differing_share(a: bytes, b: bytes) -> float:
    one, two = Image.open(io.BytesIO(a)).convert("RGB"), Image.open(io.BytesIO(b)).convert("RGB")
    assert one.size == two.size, f"size {one.size} != golden {two.size}"
    diff = ImageChops.difference(one, two).convert("L").point(lambda v: 255 if v > 48 else 0)
    return (one.size[0] * one.size[1] - diff.histogram()[0]) / (one.size[0] * one.size[1])


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_map(name):
    made = CASES[name]()
    data = made if isinstance(made, bytes) else made.encode("utf-8")
    path = GOLDEN / name
    if REGEN:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        pytest.skip(f"regenerated {path.name}")
    assert path.exists(), f"no golden {name}: run GMTOOL_REGEN_GOLDEN=1 python -m pytest {__file__}"
    if name.endswith(".png"):
        assert differing_share(data, path.read_bytes()) <= 0.005
    else:
        assert data.decode("utf-8") == path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "image, args",
    [
        ("example-map.png", []),
        ("example-map-bob.png", ["--player", "bob"]),
    ],
)
def test_docs_images_are_what_their_commands_make(gm, tmp_path, image, args):
    """docs/img/ holds what `gmtool map -c campaigns/example ... -o docs/img/...` makes."""
    root = Path(__file__).resolve().parent.parent
    out = tmp_path / image
    res = gm("map", "-c", str(root / "campaigns" / "example"), *args, "-o", str(out))
    assert res.exit_code == 0, res.stderr
    if REGEN:
        (root / "docs" / "img" / image).write_bytes(out.read_bytes())
        pytest.skip(f"regenerated docs/img/{image}")
    assert differing_share(out.read_bytes(), (root / "docs" / "img" / image).read_bytes()) <= 0.005
