"""A turn's maps drawn together: from stage 2 they are one galaxy seen by each leader, the
same hexes but for each one's reach, so each is laid out reusing the hexes of the maps laid
out before (:func:`gmtool.maps.scene.build_scene`'s memo) and drawn only where it differs
from the map drawn before it (:func:`gmtool.maps.png.render_pngs`).  Drawing them so costs
less than a process of its own would: they are drawn one after another, in this process."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

Job = tuple[str | None, str]  # (viewer, language)


def draw_all(
    campaign: Any, jobs: list[Job], library: Any, about: tuple[int, int] | None, kept: Any = None
) -> list[bytes]:
    """PNG bytes for each (viewer, language) of ``jobs``, in order: each the map
    :func:`gmtool.maps.draw` draws for it; ``kept``: the bands of the maps drawn last
    (:class:`gmtool.maps.kept.KeptBands`), taken where they are the same, these maps' kept in it."""
    from gmtool.maps import _names, build_view
    from gmtool.maps.png import render_pngs
    from gmtool.maps.scene import Memo, build_scene

    if not jobs:
        return []
    names: dict[str, Callable[[str, str], str]] = {}
    memo = Memo()
    scenes = []
    for viewer, lang in jobs:
        view = build_view(campaign, viewer)
        if about is not None:
            view = replace(view, turn=about[0], stage=about[1])
        if lang not in names:
            names[lang] = _names(lang, library)
        scenes.append(build_scene(view, lang, names[lang], memo))
    return render_pngs(scenes, kept=kept)
