"""Galaxy maps: what one viewer sees (:mod:`gmtool.maps.view`), laid out once
(:mod:`gmtool.maps.scene`) and drawn as PNG (Pillow, imported lazily), SVG, or a text grid
for a forum's code box (:mod:`gmtool.maps.text`).

    from gmtool.maps import draw
    png = draw(campaign, "bob", "png", "ru")        # bytes
    svg = draw(campaign, "bob", "svg", "en")        # str
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Literal, overload

from gmtool.campaign.model import Campaign
from gmtool.campaign.names import file_stem as safe_name  # the reports' own file rule
from gmtool.maps.view import PUBLIC, MapView, build_view, reach

__all__ = [
    "PUBLIC",
    "MapView",
    "build_view",
    "reach",
    "draw",
    "map_text_report",
    "draw_turn_maps",
    "note_turn_maps",
    "attachments_note",
]


def _names(lang: str, library: Any = None) -> Callable[[str, str], str]:
    """The rule labels the map is written with: the command's table library (its --tables
    and the campaign's own tables/ included), else the shipped tables."""
    from gmtool.report.labels import rule_labels

    return rule_labels(library if library is not None else _shipped(), lang)


@lru_cache(maxsize=1)
def _shipped() -> Any:
    from gmtool.rolltables.library import TableLibrary

    return TableLibrary.default([])


def title(view: MapView, lang: str) -> str:
    from gmtool.maps.scene import _title

    return _title(view, lang)


@overload
def draw(
    campaign: Campaign,
    viewer: str | None,
    fmt: Literal["png"],
    lang: str = "en",
    library: Any = None,
    about: tuple[int, int] | None = None,
) -> bytes: ...
@overload
def draw(
    campaign: Campaign,
    viewer: str | None,
    fmt: str,
    lang: str = "en",
    library: Any = None,
    about: tuple[int, int] | None = None,
) -> bytes | str: ...
def draw(
    campaign: Campaign,
    viewer: str | None,
    fmt: str,
    lang: str = "en",
    library: Any = None,
    about: tuple[int, int] | None = None,
) -> bytes | str:
    """The map of ``campaign`` for ``viewer`` (None: the moderator; :data:`PUBLIC`; a
    leader) as PNG bytes or SVG text. ``about``: (turn, stage) the map reports, for its
    title (a turn end's maps show the galaxy after the turn, when the campaign is at the next)."""
    from dataclasses import replace

    from gmtool.maps.scene import build_scene

    view = build_view(campaign, viewer)
    if about is not None:
        view = replace(view, turn=about[0], stage=about[1])
    scene = build_scene(view, lang, _names(lang, library))
    if fmt == "png":
        from gmtool.maps.png import render_png

        return render_png(scene)
    if fmt == "svg":
        from gmtool.maps.svg import render_svg

        return render_svg(scene)
    raise ValueError(f"unknown image format {fmt!r}")


def map_text_report(
    campaign: Campaign, viewer: str | None, lang: str = "en", library: Any = None, fmt: str = "plain"
) -> Any:
    """The text map as a :class:`~gmtool.report.model.Report` for the text format ``fmt``
    (its grid cut to the width the format's code box shows)."""
    from gmtool.maps.text import map_report
    from gmtool.report.render import box_width

    view = build_view(campaign, viewer)
    return map_report(view, lang, _names(lang, library), title(view, lang), box_width(fmt))


def draw_turn_maps(
    campaign: Campaign, library: Any, lang: str, turn: int, stage: int | None = None, kept: Any = None
) -> dict[str, bytes]:
    """The turn's maps as PNG bytes by file name: ``map-public.png`` and ``map-<leader>.png``
    (the galaxy as it stands after the turn, seen as in ``stage``, the stage of ``turn``, the
    turn the reports are about), drawn before anything of the turn is written, so a map
    that cannot be drawn stops the turn whole.  Only where the ruleset has maps.  ``kept``:
    the bands of the last turn's maps (:class:`gmtool.maps.kept.KeptBands`): what looks the
    same is not drawn again, and this turn's are kept in it."""
    from gmtool.rules.registry import ruleset_of

    if not ruleset_of(campaign).maps:
        return {}
    from gmtool.maps.batch import draw_all

    about = (turn, campaign.stage if stage is None else stage)
    if about[1] != campaign.stage:
        # the last turn of stage 1 ends in stage 2's state: its maps show what its reports
        # tell, in the stage they report (closed rooms: a leader's frame, no public map)
        import copy

        campaign = copy.copy(campaign)
        campaign.stage = about[1]
    jobs: list[tuple[str | None, str]] = [(PUBLIC, lang)]
    jobs += [(p.name, p.lang or lang) for p in campaign.players]
    stems = ["public"] + [safe_name(p.name) for p in campaign.players]
    return {f"map-{stem}.png": image for stem, image in zip(stems, draw_all(campaign, jobs, library, about, kept))}


def note_turn_maps(public: Any, private: dict[str, Any], lang: str, langs: dict[str, str] | None = None) -> None:
    """Say in each turn report that its map is attached (a closing line, and ``"map"``, the
    file, in its JSON): ``public`` and ``private`` (leader → report) are
    :class:`~gmtool.report.model.Report` objects, changed in place; ``langs`` gives a
    leader's own language (else ``lang``).  The post names no file: which file goes with
    which post is the moderator's business (:func:`attachments_note`, on stderr)."""
    from gmtool.maps.labels import label
    from gmtool.report.model import Paragraph, Span

    langs = langs or {}
    for who, stem, report in [(None, "public", public), *((n, safe_name(n), r) for n, r in private.items())]:
        words = langs.get(who, lang) if who is not None else lang
        report.blocks.append(Paragraph([Span(label("attached", words), "i")]))
        report.data["map"] = f"map-{stem}.png"


def attachments_note(campaign: Campaign, maps: dict[str, bytes], folder: str, lang: str) -> str | None:
    """The moderator's line naming the map file to attach to each post of a turn (the
    public post, each leader's report), in ``folder``; None when no map was drawn."""
    from gmtool.maps.labels import label

    public = ("start-map-public.png", "map-public.png", "chart-public.png")  # start-: the rooms open (turn start)
    pairs = [(name, label("attach_public", lang)) for name in public]
    pairs += [(f"map-{safe_name(p.name)}.png", label("attach_private", lang, player=p.name)) for p in campaign.players]
    items = [label("attach_item", lang, file=file, post=post) for file, post in pairs if file in maps]
    return label("attach", lang, folder=folder, items="; ".join(items)) if items else None
