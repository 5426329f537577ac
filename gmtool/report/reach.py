"""Where a leader's ships can explore this turn, as a report: ``gmtool reach --player`` prints
it, and each leader's start report holds its blocks (gmtool.report.turns.start_private)."""

from __future__ import annotations

from typing import Any

from gmtool.report.model import Heading, Items, Paragraph, Report, raw, text


def reach_report(state: Any, player: str, lang: str) -> Report:
    """The hexes ``player`` can explore this turn and why the others near it cannot be, in
    its frame (closed rooms: from its homeworld)."""
    from gmtool.maps.labels import label
    from gmtool.maps.view import EXPLORED, reach

    result = reach(state, player)
    inside = [text(raw(str(e.label), "code")) for e in result.entries if e.why != EXPLORED]
    outside = [
        text(raw(str(e.label), "code"), " ", label("why_explored", lang, turn=e.explored_turn))
        for e in result.entries
        if e.why == EXPLORED
    ]
    if result.stage == 1:
        outside.append(text(label("why_too_far", lang)))
    else:
        if result.far:
            outside.append(text(label("why_behind", lang, n=result.far)))
        outside.append(text(label("movable", lang, n=result.movable)))
    blocks: list = [Paragraph(text(label("frame_home", lang)))] if result.frame == "homeworld" else []
    blocks += [
        Heading(text(label("in_reach", lang))),
        Items(inside or [text(label("nothing", lang))]),
        Heading(text(label("out_of_reach", lang))),
        Items(outside),
    ]
    return Report(text(label("reach_title", lang, player=player, turn=state.turn)), blocks, result.to_data())
