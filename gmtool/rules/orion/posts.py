"""Orion's turn posts: the public post and each leader's private report of a turn's start and
of its end (gmtool/report/turns.py builds them from the turn's result), which the session
renders in every language, with the dice, the deadline's notes and the maps
(gmtool/campaign/session.py)."""

from __future__ import annotations

from typing import Any

from gmtool.rules.orion.state import OrionCampaign, OrionPlayer
from gmtool.rules.orion.turns import Rules, TurnEnd, TurnStart


def start_posts(
    state: OrionCampaign, rules: Rules, result: TurnStart, lang: str, langs: dict[str, str]
) -> tuple[Any, dict[str, Any]]:
    """The start's public post (in ``lang``) and the private reports of the leaders it tells
    something (each in ``langs[leader]``)."""
    from gmtool.report.labels import rule_labels
    from gmtool.report.turns import start_private, start_public

    public = start_public(result, rules.quests(result.stage), lang, rule_labels(rules.library, lang))
    private = {
        p.name: r
        for p in state.players
        if (r := start_private(result, p.name, rules.events, rules.bills, langs[p.name])) is not None
    }
    return public, private


def _template(
    state: OrionCampaign, rules: Rules, player: OrionPlayer, lang: str, stage: int | None = None
) -> list[str] | None:
    """The orders template ending a leader's private report (none once the game is over)."""
    from gmtool.forum.order_commands import orders_template

    if state.victory is not None or player.vacant:
        return None
    return orders_template(state, rules.library, player.name, lang, stage)


def end_posts(
    state: OrionCampaign, rules: Rules, result: TurnEnd, lang: str, langs: dict[str, str], done: list | None
) -> tuple[Any, dict[str, Any]]:
    """The end's public post and every leader's private report (its news, its orders
    ``done``, the orders template for the next turn)."""
    from gmtool.campaign.frames import hex_writer
    from gmtool.report.labels import rule_labels
    from gmtool.report.turns import end_private, end_public

    public = end_public(result, rules.bills, rules.quests(result.stage), lang, rule_labels(rules.library, lang))
    private = {
        p.name: end_private(
            result,
            p,
            result.news.get(p.name, []),
            rules.events,
            langs[p.name],
            done,
            rule_labels(rules.library, langs[p.name]),
            hex_writer(state, p.name, result.stage),
            _template(state, rules, p, langs[p.name], result.stage),
        )
        for p in state.players
    }
    return public, private
