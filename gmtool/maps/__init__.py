"""Galaxy maps: what one viewer sees (:mod:`gmtool.maps.view`), laid out once
(:mod:`gmtool.maps.scene`) and drawn as PNG (Pillow, imported lazily), SVG, or a text grid
for a forum's code box (:mod:`gmtool.maps.text`).

    from gmtool.maps import draw
    png = draw(campaign, "bob", "png", "ru")        # bytes
    svg = draw(campaign, "bob", "svg", "en")        # str
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from gmtool.campaign.model import Campaign
from gmtool.maps.view import PUBLIC, MapView, build_view, reach

IMAGE_FORMATS = ("png", "svg")
TEXT_FORMATS = ("plain", "bbcode", "markdown", "json")

__all__ = ["PUBLIC", "MapView", "build_view", "reach", "draw", "map_text_report", "write_turn_maps"]


def _names(lang: str, campaign_dir: Path | None) -> Callable[[str, str], str]:
    from gmtool.maps.labels import table_labels

    return table_labels(lang, campaign_dir)


def title(view: MapView, lang: str) -> str:
    from gmtool.maps.scene import _title

    return _title(view, lang)


def draw(campaign: Campaign, viewer: str | None, fmt: str, lang: str = "en",
         campaign_dir: Path | None = None) -> bytes | str:
    """The map of ``campaign`` for ``viewer`` (None: the moderator; :data:`PUBLIC`; a
    leader) as PNG bytes or SVG text."""
    from gmtool.maps.scene import build_scene

    scene = build_scene(build_view(campaign, viewer), lang, _names(lang, campaign_dir))
    if fmt == "png":
        from gmtool.maps.png import render_png

        return render_png(scene)
    if fmt == "svg":
        from gmtool.maps.svg import render_svg

        return render_svg(scene)
    raise ValueError(f"unknown image format {fmt!r}")


def map_text_report(campaign: Campaign, viewer: str | None, lang: str = "en",
                    campaign_dir: Path | None = None) -> Any:
    """The text map as a :class:`~gmtool.report.model.Report` for any text renderer."""
    from gmtool.maps.text import map_report

    view = build_view(campaign, viewer)
    return map_report(view, lang, _names(lang, campaign_dir), title(view, lang))


def safe_name(name: str) -> str:
    """A leader's name as a file name part (as the turn reports name their files)."""
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name) or "leader"


def write_turn_maps(campaign: Campaign, campaign_dir: Path, turn: int, rendered: dict[str, str],
                    fmt: str, lang: str) -> list[Path]:
    """The turn engine's hook: write ``map-public.png`` and ``map-<leader>.png`` into
    ``reports/turn-NN/`` and name each in its post (``rendered``: the posts by file stem,
    changed in place).  Orion campaigns only."""
    if campaign.ruleset != "orion":
        return []
    from gmtool.campaign.files import atomic_write
    from gmtool.maps.labels import label

    where = campaign_dir / "reports" / f"turn-{turn:02d}"
    images = {"public": draw(campaign, PUBLIC, "png", lang, campaign_dir)}
    for player in campaign.players:
        images[safe_name(player.name)] = draw(campaign, player.name, "png", lang, campaign_dir)
    where.mkdir(parents=True, exist_ok=True)
    written = []
    for stem, data in images.items():
        path = where / f"map-{stem}.png"
        atomic_write(path, data)
        written.append(path)
        if stem in rendered:
            rendered[stem] = _mention(rendered[stem], path.name, fmt, lang, label)
    return written


def _mention(post: str, file: str, fmt: str, lang: str, label: Callable[..., str]) -> str:
    if fmt == "json":
        import json

        data = json.loads(post)
        data["map"] = file
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    note = label("attach", lang, file=file)
    if fmt == "bbcode":
        note = f"[i]{note}[/i]"
    elif fmt == "markdown":
        note = f"*{note}*".replace("_", "\\_")
    return post.rstrip("\n") + "\n\n" + note + "\n"
