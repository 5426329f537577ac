"""The galaxy's pictures (`gmtool map`, `gmtool reach`): the campaign read without its lock,
refused when its ruleset has no galaxy maps; a map drawn for one viewer and written (an image
always goes to a file), or the hexes a leader can explore — one call each."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from gmtool.app.session import Renderer, campaign_library, load_campaign
from gmtool.struct import Struct

Output = Callable[[Any], Renderer]  # the campaign's state → the renderer of the reply

SUFFIXES = {".png": "png", ".svg": "svg", ".txt": "plain", ".bbcode": "bbcode", ".md": "markdown", ".json": "json"}


class Drawn(Struct):
    """A map: the file it was written to (an image always is), else its text to print."""

    __slots__ = ("path", "text")

    def __init__(self, path: Path | None, text: str | None) -> None:
        self.path = path
        self.text = text


def _mapped(folder: Path) -> Any:
    """The campaign in ``folder``, refused when its ruleset has no galaxy maps."""
    from gmtool.errors import RuleRefused
    from gmtool.rules.registry import ruleset_of

    state = load_campaign(folder)
    if not ruleset_of(state).maps:  # the ruleset says whether it has galaxy maps (gmtool/rules/base.py)
        raise RuleRefused(key="no_maps", name=state.name, ruleset=state.ruleset)
    return state


def draw_map(
    folder: Path,
    output: Output,
    player: str | None = None,
    public: bool = False,
    fmt: str | None = None,
    path: Path | None = None,
) -> Drawn:
    """`map`: the galaxy as the moderator, ``player`` or (``public``) every leader sees it, in
    ``fmt`` (png or svg, else a text map; by default what ``path``'s suffix says, else png).
    An image goes to ``path``, else to reports/turn-NN/map-VIEWER.EXT; a text map to ``path``
    when given, else it is handed back to print.  Written atomically."""
    from gmtool.errors import InputError
    from gmtool.maps import PUBLIC, draw, map_text_report, safe_name

    if public and player:
        raise InputError(key="cli.player_or_public")
    state = _mapped(folder)
    viewer = PUBLIC if public else player
    if fmt is None and path is not None:
        fmt = SUFFIXES.get(path.suffix.lower(), "png")
    if fmt is None:
        fmt = "png"
    out: Any = output(state)
    if fmt in ("png", "svg"):
        body = draw(state, viewer, fmt, out.lang, campaign_library(folder))
        data = body if isinstance(body, bytes) else body.encode("utf-8")
        if path is None:
            stem = "moderator" if viewer is None else "public" if public else safe_name(viewer)
            path = folder / "reports" / f"turn-{state.turn:02d}" / f"map-{stem}.{fmt}"
        _write(path, data)
        return Drawn(path, None)
    from gmtool.report.render import render

    model = map_text_report(state, viewer, out.lang, campaign_library(folder), fmt)
    text = render(model, fmt, out.dialect, out.post_limit)
    if path is None:
        return Drawn(None, text)
    _write(path, text.encode("utf-8"))
    return Drawn(path, None)


def _write(path: Path, data: bytes) -> None:
    from gmtool.campaign.files import atomic_write
    from gmtool.errors import InputError

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, data)
    except OSError as exc:
        raise InputError(key="cli.cannot_write", path=path, reason=exc.strerror or exc) from None


def show_reach(folder: Path, output: Output, player: str) -> Any:
    """`reach`: the hexes ``player`` can explore this turn, and why the others are out of
    reach: (the renderer, the report)."""
    from gmtool.report.reach import reach_report

    state = _mapped(folder)
    out = output(state)
    return out, reach_report(state, player, out.lang)
