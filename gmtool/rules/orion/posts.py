"""Orion's turn posts: the public post and each leader's private report of a turn's start and
of its end (gmtool/report/turns.py builds them from the turn's result), which the session
renders in every language, with the dice, the deadline's notes and the maps
(gmtool/app/session.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.rules.orion.state import OrionCampaign, OrionPlayer

if TYPE_CHECKING:  # the turn's steps are not imported to show a status
    from gmtool.rules.orion.turns import Rules, TurnEnd, TurnStart


def start_posts(
    state: OrionCampaign, rules: Rules, result: TurnStart, lang: str, langs: dict[str, str]
) -> tuple[Any, dict[str, Any]]:
    """The start post (in ``lang``), and each leader's private start report (in
    ``langs[leader]``): one post for its room with its status, its reach and its orders
    template (and its cards, the chair's bills), so that every leader begins the turn knowing
    where it stands; when the rooms open, its homeworld's hex in the galaxy's coordinates
    (the session adds the public post's map: :func:`rooms_opening`)."""
    from gmtool.report.labels import rule_labels
    from gmtool.report.turns import start_private, start_public

    public = start_public(result, rules.quests(result.stage), lang, rule_labels(rules.library, lang))
    private = {}
    opening = rooms_opening(state, rules)
    for p in state.players:
        own = langs[p.name]
        whole = not result.victory and not p.vacant
        r = start_private(
            result,
            p.name,
            rules.events,
            rules.bills,
            own,
            status=_leader_status(state, rules, p.name, own) if whole else None,
            reach=_leader_reach(state, p.name, own) if whole else None,
            template=_template(state, rules, p, own) if whole else None,
            home=str(p.homeworld) if opening and whole and p.homeworld is not None else None,
        )
        if r is not None:
            private[p.name] = r
    return public, private


def rooms_opening(state: OrionCampaign, rules: Rules) -> bool:
    """Is this the turn the rooms open (docs/rules-orion.md A2: the first of stage 2), the turn
    whose start tells each leader its homeworld's hex in the galaxy's coordinates?"""
    from gmtool.rules.orion.frames import closed

    return state.turn > 1 and closed(state, rules.stage_of(state.turn - 1)) and not closed(state)


def status_post(state: OrionCampaign, library: Any, leader: str | None, lang: str) -> Any:
    """What ``gmtool status`` shows (``--player LEADER``: what that leader knows), as a report
    (the ruleset's ``status_report``)."""
    from gmtool.report.campaign import status_report
    from gmtool.report.labels import rule_labels
    from gmtool.rules.orion.views import status_view

    return status_report(status_view(state, leader), lang, rule_labels(library, lang))


def _leader_status(state: OrionCampaign, rules: Rules, leader: str, lang: str) -> Any:
    """What ``gmtool status --player LEADER`` shows, as a report."""
    return status_post(state, rules.library, leader, lang)


def _leader_reach(state: OrionCampaign, leader: str, lang: str) -> Any:
    """What ``gmtool reach --player LEADER`` shows, as a report."""
    from gmtool.report.reach import reach_report

    return reach_report(state, leader, lang)


def _template(
    state: OrionCampaign, rules: Rules, player: OrionPlayer, lang: str, stage: int | None = None
) -> list[str] | None:
    """The orders template ending a leader's private report (none once the game is over)."""
    from gmtool.forum.order_commands import orders_template

    if state.victory is not None or player.vacant:
        return None
    return orders_template(state, rules.library, player.name, lang, stage)


def end_posts(
    state: OrionCampaign,
    rules: Rules,
    result: TurnEnd,
    lang: str,
    langs: dict[str, str],
    done: list | None,
    dropped: dict[str, list] | None = None,
) -> tuple[Any, dict[str, Any]]:
    """The end's public post (with the public treaties in force) and every leader's private
    report (its news, its orders ``done`` and those the deadline ``dropped`` with why, the
    treaties it may see, the orders template for the next turn)."""
    from gmtool.report.labels import rule_labels
    from gmtool.report.turns import end_private, end_public
    from gmtool.rules.orion.frames import hex_writer
    from gmtool.rules.orion.views import treaties_view

    public = end_public(
        result,
        rules.bills,
        rules.quests(result.stage),
        lang,
        rule_labels(rules.library, lang),
        treaties_view(state, None, public_only=True),
    )
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
            (dropped or {}).get(p.name),
            treaties_view(state, p.name),
        )
        for p in state.players
    }
    return public, private
