"""What orion's turn waits for from a leader (`post pending`: its orders left, the Council's
ballots, its open quests, a law's tie for the chair) and what a leader who posted no orders
keeps (the missed-orders policy ``keep``, docs/turns.md) — the house asks the ruleset
(gmtool/rules/orion/ruleset.py), never the campaign's shape."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from gmtool.rules.orion.state import OrionCampaign, OrionPlayer


def waiting_for(
    state: OrionCampaign, library: Any, player: OrionPlayer, quest_label: Callable[[str], str]
) -> list[dict[str, Any]]:
    """What the turn waits for from ``player`` of its own state (the moderator's copy of
    `post pending`): orders left, the ballots it has not cast, the open quests it has not
    completed, and, for the chair, the laws whose tie it must decide.  With the campaign's
    tables (``library``), a quest the leader already meets by its condition is not waited
    for: the turn end marks it done (A11, wave 3)."""
    from gmtool.rules.orion.turns import claimed, quest_done, quest_met

    items: list[dict[str, Any]] = []
    game = state.game
    if player.orders > 0:
        items.append({"kind": "orders_left", "n": player.orders})
    for kind in open_ballots(state):
        cast: Mapping[str, Any] = (game.council.vote if kind == "vote" else game.council.election) or {}
        if player.name not in cast.get("ballots", {}) or cast.get("turn", state.turn) != state.turn:
            items.append({"kind": kind})
    for quest in game.quests:
        met = library is not None and quest_met(state, library, player, quest)
        if not quest_done(state, player, quest) and not met:  # the rule `quest complete` follows
            # a claim of a quest the moderator judges waits for the moderator's word (A11)
            kind = "quest_claimed" if claimed(state, player, quest) else "quest"
            items.append({"kind": kind, "quest": quest, "label": quest_label(quest)})
    if library is not None and player.name == game.council.chair:
        items += _law_choices(state, library)
    return items


def _law_choices(state: OrionCampaign, library: Any) -> list[dict[str, Any]]:
    """The laws whose tie the chair must decide before the turn's end (docs/rules-orion.md A9):
    a law "to the leader with the fewest planets" whose leader is no longer among the tied."""
    from gmtool.errors import GmError
    from gmtool.rules.orion.laws import choices_needed

    try:
        bills = library.get("bills", "orion")
    except GmError:  # a campaign without the bills table holds no laws
        return []
    return [
        {"kind": "law_choice", "law": row.id, "labels": dict(row.label), "tied": tied}
        for row, tied in choices_needed(state, bills)
    ]


def open_requests(state: OrionCampaign, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The leaders' requests to explore Orion (``!explore`` of its hex: no dice, the moderator
    judges it, A4.6) still open — Orion unexplored and the leader still in the game —, one a
    leader, each with the moderator's command that resolves it."""
    import shlex

    system = state.game.system(state.game.orion)
    if system is not None and system.explored_by is not None:
        return []
    leaders = {p.name for p in state.players}
    out: dict[str, dict[str, Any]] = {}
    for request in requests:
        leader = request.get("leader")
        if request.get("kind") != "explore_orion" or leader not in leaders or leader in out:
            continue
        hex_, ship = str(request.get("hex", state.game.orion)), str(request.get("ship", "scout"))
        command = f"gmtool explore --player {shlex.quote(str(leader))} --hex {hex_}"
        if ship != "scout":
            command += f" --ship {shlex.quote(ship)}"
        out[leader] = {"kind": "request_explore_orion", "leader": leader, "hex": hex_, "ship": ship, "command": command}
    return list(out.values())


def open_claims(state: OrionCampaign, requests: list[dict[str, Any]], library: Any) -> list[dict[str, Any]]:
    """The leaders' claims of an open quest the moderator judges (a room's ``!quest``, a
    ``quest_claim`` request of the turn's collected orders) still waiting for the moderator's
    word — the quest open, not completed by the leader, the leader still in the game —, each
    with the command that settles it (`gmtool quest complete`, A11 wave 4).  A claim of a quest
    gmtool judges is no request: the turn's end judges it."""
    import shlex

    from gmtool.rules.orion.quest_conditions import judge
    from gmtool.rules.orion.turns import QUESTS, quest_done

    out: dict[tuple[str, str], dict[str, Any]] = {}
    for request in requests:
        leader, quest = request.get("leader"), str(request.get("quest", ""))
        if request.get("kind") != "quest_claim" or quest not in state.game.quests or (leader, quest) in out:
            continue
        player = next((p for p in state.players if p.name == leader and not p.vacant), None)
        if player is None or leader in state.game.completions.get(quest, []) or quest_done(state, player, quest):
            continue
        row = library.find_row(QUESTS.get(state.stage, QUESTS[1]), "orion", quest) if library is not None else None
        if row is not None and judge(state, player, row) is not None:
            continue
        command = f"gmtool quest complete --player {shlex.quote(player.name)} --quest {shlex.quote(quest)}"
        post = str(request.get("post", ""))
        out[(player.name, quest)] = {
            "kind": "request_quest_claim",
            "leader": player.name,
            "quest": quest,
            "post": post,
            "command": command,
        }
    return list(out.values())


def open_ballots(state: OrionCampaign) -> list[str]:
    """The Council's ballots open this turn (``vote``: a bill is put to the vote;
    ``election``: the Emperor's election), named without a leader."""
    from gmtool.rules.orion.council_campaign import ELECTION_STAGE

    council = state.game.council
    out = []
    if council.vote and council.vote.get("bill"):
        out.append("vote")
    # every stage-3 turn holds an election until it is tallied, whether or not anyone has
    # cast a ballot yet (a line that appeared with the first ballot would tell that one was cast)
    counted = council.last_tally or {}
    if (
        state.stage >= ELECTION_STAGE
        and not council.emperor
        and not (counted.get("kind") == "election" and counted.get("turn") == state.turn)
    ):
        out.append("election")
    return out


def acted(state: OrionCampaign) -> set[str]:
    """The leaders who explored this turn: an exploration acts at once (`!explore`) and is
    never collected, yet it is an order of the turn — such a leader has not missed it."""
    log = state.turn_state.log
    return {e["leader"] for e in log if e.get("kind") == "explored" and e.get("turn") == state.turn and e.get("leader")}


def kept_orders(state: OrionCampaign, leader: str) -> list[tuple[str, Any]]:
    """``keep``: the leader's colonists as they are assigned (the state keeps the split) and,
    where a colony is active only for the turn it is activated (``activation = per-turn``),
    the colonies it had active last turn activated again (a colony activated once stays
    active otherwise: docs/rules-orion.md A6) — as (kind, value) orders."""
    out: list[tuple[str, Any]] = []
    for system in state.game.systems:
        planet = system.planet
        if system.owner != leader or planet is None or planet.population <= 0:
            continue
        if planet.scientists:
            out.append(("assign", {"hex": str(system.hex), "scientists": planet.scientists}))
        if (
            state.game.activation == "per-turn"
            and system.homeworld_of is None
            and planet.active_turn is not None
            and planet.active_turn == state.turn - 1
        ):
            out.append(("activate", str(system.hex)))
    return out
