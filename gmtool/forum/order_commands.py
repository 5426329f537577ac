"""Turn orders written as post commands in a leader's room (``!colonize 1,0``).

A room (a closed thread only its leader and the moderator read) is where a leader gives
the turn's orders.  Each order command is read into a :class:`PostedOrder` — the kind of
order and its value as an orders file writes it, every hex in the moderator's (absolute)
coordinates — by the reader its kind's record holds (gmtool/rules/orion/order_kinds.py
``ORDER_KINDS``: ``post`` names the command, ``read`` reads it, ``say`` says it back; the
readers and words themselves are gmtool/rules/orion/order_words.py).  :data:`ORDER_COMMANDS`
maps each room command to the kind of order it gives, from the records as they are (a kind
registered at run time included).  Reading an order checks its words only; whether the rules
allow it is the turn's answer, given in the room's confirmation.

:func:`order_words` says an order in words for the confirmation reply;
:func:`orders_template` is the end of a leader's private turn report: the commands it may
give next turn, pre-filled where the state suggests, ready to copy, edit and post back.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass
from typing import Any

from gmtool.campaign.hexes import Hex
from gmtool.errors import InputError
from gmtool.locale import has, t
from gmtool.rules.orion.frames import to_view
from gmtool.rules.orion.order_kinds import KINDS
from gmtool.rules.orion.order_words import CommandWords, Wording, leader_hex
from gmtool.rules.orion.state import OrionCampaign

__all__ = ["BALLOT_KINDS", "ORDER_COMMANDS", "PostedOrder", "leader_hex", "order_words", "parse_order", "wording"]


class _Commands(MutableMapping[str, str]):
    """Room command → the kind of order it gives: each record's ``post`` (the records as they
    are now), with what a caller set or removed on top (tests stand in for a command so)."""

    def __init__(self) -> None:
        self._set: dict[str, str] = {}
        self._gone: set[str] = set()

    def _all(self) -> dict[str, str]:
        found = {k.post: k.name for k in KINDS.values() if k.post and k.read is not None}
        found.update(self._set)
        return {name: kind for name, kind in found.items() if name not in self._gone}

    def __getitem__(self, name: str) -> str:
        return self._all()[name]

    def __setitem__(self, name: str, kind: str) -> None:
        self._set[name] = kind
        self._gone.discard(name)

    def __delitem__(self, name: str) -> None:
        if name not in self._all():
            raise KeyError(name)
        self._set.pop(name, None)
        if name in self._all():
            self._gone.add(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


# canonical room command → the kind of order it gives; `vote` gives an `election` ballot when
# it names a leader while the Emperor's election is open, `bill` a `law_choice` for a law in force
ORDER_COMMANDS: MutableMapping[str, str] = _Commands()

# ballots are kept apart from the other orders: each kind's latest ballot stands until the count
BALLOT_KINDS = frozenset({"vote", "election"})


@dataclass(frozen=True)
class PostedOrder:
    """One order read from a post: its kind and its value as an orders file writes it."""

    kind: str
    value: Any


def parse_order(state: OrionCampaign, library: Any, leader: str, name: str, args: str) -> PostedOrder:
    """The order command ``!name args`` of ``leader`` (``name`` canonical: a key of
    :data:`ORDER_COMMANDS`), read by its kind's reader into an order; InputError for words it
    cannot read."""
    kind = KINDS.get(ORDER_COMMANDS.get(name, ""))
    if kind is None or kind.read is None:
        raise InputError(key="orders.post_unknown", word=name)
    return PostedOrder(*kind.read(CommandWords(state, library, leader, name, args)))


def wording(state: OrionCampaign, library: Any, leader: str, lang: str) -> Wording:
    """What saying ``leader``'s orders in ``lang`` needs: its frame, the tables' labels."""
    from gmtool.report.labels import rule_labels
    from gmtool.rules.orion.turns import QUESTS

    def hexes(text: str) -> str:
        return str(to_view(state, leader, Hex.parse(text)))

    return Wording(lang, hexes, rule_labels(library, lang), QUESTS.get(state.stage, QUESTS[1]))


def order_words(state: OrionCampaign, library: Any, leader: str, order: PostedOrder, lang: str) -> str:
    """``order`` in words in ``lang``, every hex in ``leader``'s frame: "build Frigate at
    1,-3" — the room's confirmation reply says each order so (its costs added there)."""
    kind = KINDS.get(order.kind)
    if kind is None:
        return f"{order.kind}: {order.value}"
    return kind.words(order.value, wording(state, library, leader, lang))


# ------------------------------------------------------------------ the orders template


def command_word(name: str, lang: str) -> str:
    """The word a leader writing in ``lang`` uses for command ``name``: the catalog's first
    word in that language (``назначить``), the name itself in English."""
    written = t("forum.command." + name, lang).split()
    return written[0] if written and lang != "en" else name


def at_once(ruleset: Any, lang: str) -> tuple[str, ...]:
    """The words (in ``lang``) of ``ruleset``'s thread commands that act at once wherever
    they are posted — its own, then the house's ``!roll`` and ``!table`` — not its orders."""
    names = [*ruleset.forum_commands, "roll", "table"]
    return tuple(
        command_word(name, lang) if has("forum.command." + name) else name
        for name in dict.fromkeys(names)
        if name not in ruleset.room_orders
    )


def casts_ballots(ruleset: Any) -> bool:
    """Whether ``ruleset``'s rooms cast ballots (a room order whose kind is a ballot)."""
    return any(ORDER_COMMANDS.get(name) in BALLOT_KINDS for name in ruleset.room_orders)


def _order_word(name: str, lang: str) -> str:
    written = t("forum.order_word." + name, lang).split()
    return written[0] if written else name


def orders_template(
    state: OrionCampaign, library: Any, leader: str, lang: str, reported_stage: int | None = None
) -> list[str]:
    """The orders template that ends ``leader``'s private turn report: one line each, the
    commands it may give next turn, pre-filled where the state suggests (its colonists'
    assignment on each of its planets, its colonies it may activate), then commented hints
    (a line not starting with ``!`` is no command) for the others, in ``lang``, every hex
    in its frame.  Posted back unchanged, it gives the orders the state already holds.

    ``reported_stage``: the stage of the turn the report tells.  When the rooms open with
    the next turn (turn 6's report, for turn 7), the leader's frame changes: a hex written
    now in the galaxy's coordinates would tell a stage-1 report where its homeworld lies,
    and one in its own frame would be read wrongly next turn — so the template then gives
    no hex, only the hints and a line saying why."""
    from gmtool.rules.orion.frames import closed

    player = state.player(leader)
    lines: list[str] = []
    if reported_stage is not None and closed(state, reported_stage) and not closed(state):
        return ["# " + t("forum.usage.frame_changes", lang, turn=state.turn)] + [
            "# " + t("forum.usage." + name, lang) for name in _hints(state, player, leader)
        ]

    def hex_(h: Hex) -> str:
        return str(to_view(state, leader, h))

    own = [s for s in state.game.systems if s.owner == leader and s.planet is not None]
    workers, scientists = _order_word("workers", lang), _order_word("scientists", lang)
    for system in own:
        planet = system.planet
        assert planet is not None
        if planet.population > 0:
            lines.append(
                f"!{command_word('assign', lang)} {hex_(system.hex)} "
                f"{workers} {planet.population - planet.scientists} {scientists} {planet.scientists}"
            )
    can = activatable(state, library, leader)
    for system in can:
        lines.append(f"!{command_word('activate', lang)} {hex_(system.hex)}")
    for system in activatable(state, library, leader, affordable=False):
        if system not in can:  # more than its orders pay for: a hint
            lines.append(f"# !{command_word('activate', lang)} {hex_(system.hex)}")
    return lines + ["# " + t("forum.usage." + name, lang) for name in _hints(state, player, leader)]


def _hints(state: OrionCampaign, player: Any, leader: str) -> list[str]:
    """The commands a template names as hints (``forum.usage.<name>``)."""
    hints = ["build", "scrap", "fleet"]
    if player.colony_ships > 0:
        hints.insert(0, "colonize")
    if player.hand:
        hints.append("event")
    if state.game.quests:
        hints.append("quest")
    if state.stage > 1:
        hints += ["bill", "vote"]
    if state.stage >= 3:
        hints.append("elect")
    if any(a.owner == leader for a in state.game.agents):
        hints.append("mission")
    return hints


def activatable(state: OrionCampaign, library: Any, leader: str, affordable: bool = True) -> list[Any]:
    """``leader``'s colonies it may activate this turn (not its homeworld, not active yet),
    in map order; ``affordable``: only as many as its orders pay for."""
    from gmtool.rules.orion.production import activation_cost, is_active

    rules = library.get("production", "orion")
    left = state.player(leader).orders
    out = []
    for s in state.game.systems:
        if s.owner != leader or s.planet is None or s.homeworld_of is not None or is_active(state, s):
            continue
        cost = activation_cost(s.planet, rules)
        if affordable and cost > left:
            continue
        left -= cost
        out.append(s)
    return out
