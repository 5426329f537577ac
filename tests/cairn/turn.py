"""Cairn's turn: the orders the rooms collected (``give = [N, …]`` per leader) played before
its end, then its end as a list of steps — the gifts go into the pot, a die adds its face,
the leader who gave most when the pot is full wins, the next turn is counted."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

from gmtool.dice.sources import DiceSource
from gmtool.errors import InputError
from gmtool.rules.base import STOP, Step, ensure_not_over


@dataclass
class Order:
    leader: str
    kind: str
    value: Any
    line: int = 0


@dataclass
class Problem:
    """An order the rules refuse: its line of the orders file, its leader, why."""

    line: int
    leader: str
    why: str

    def text(self, lang: str) -> str:
        return f"{self.leader}: {self.why}"


@dataclass
class TurnResult:
    turn: int
    pot: int
    given: dict[str, int] = field(default_factory=dict)
    die: int = 0
    winner: str | None = None


@dataclass
class Playing:
    """A turn being played: what its steps share."""

    campaign: Any
    source: DiceSource
    given: dict[str, int] = field(default_factory=dict)
    die: int = 0
    out: TurnResult | None = None

    @property
    def result(self) -> TurnResult:
        assert self.out is not None
        return self.out


_GIFT = re.compile(r"^\s*(\d+)\s*,")


def read_orders(campaign: Any, text: str, where: str) -> tuple[list[Order], list[Problem]]:
    """``[LEADER] give = [N, …]``: one order per gift, with its line."""
    from gmtool.tomlfile import toml_message

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(key="campaign.in_file", where=where, reason=toml_message(exc)) from None
    lines = [n for n, s in enumerate(text.splitlines(), start=1) if _GIFT.match(s)]
    orders, problems = [], []
    leaders = [p.name for p in campaign.players]
    for leader, table in data.items():
        if not isinstance(table, dict):
            continue
        for n in table.get("give", []):
            line = lines.pop(0) if lines else 0
            if leader not in leaders:
                problems.append(Problem(line, leader, "no such leader"))
            else:
                orders.append(Order(leader, "give", n, line))
    return orders, problems


def play_orders(campaign: Any, orders: list[Order]) -> tuple[list[Problem], list[dict[str, Any]]]:
    """Each gift leaves its leader's stones for this turn's gifts; one beyond them is refused."""
    problems, done = [], []
    for order in orders:
        player = campaign.player(order.leader)
        if order.value > player.stones:
            problems.append(Problem(order.line, order.leader, f"holds {player.stones} stones, gives {order.value}"))
            continue
        player.stones -= order.value
        given = campaign.game.given
        given[order.leader] = given.get(order.leader, 0) + order.value
        done.append({"leader": order.leader, "kind": "give", "value": order.value})
    return problems, done


def _can_end(t: Playing) -> None:
    ensure_not_over(t.campaign)


def _count_gifts(t: Playing) -> None:
    """This turn's gifts go into the pot."""
    game = t.campaign.game
    t.given, game.given = dict(game.given), {}
    game.pot += sum(t.given.values())


def _die(t: Playing) -> None:
    """The house adds a die's face to the pot."""
    t.die = t.source.roll(6, "cairn · house die")
    t.campaign.game.pot += t.die


def _winner(t: Playing) -> str | None:
    """A full pot: the leader who gave most this turn wins (the turn ends here)."""
    game = t.campaign.game
    t.out = TurnResult(t.campaign.turn, game.pot, dict(t.given), t.die)
    if game.pot >= game.target and t.given:
        game.winner = t.out.winner = max(t.given, key=lambda k: t.given[k])
        return STOP
    return None


def _next_turn(t: Playing) -> None:
    t.campaign.turn += 1


END_STEPS = (
    Step("the turn can end", _can_end),
    Step("the gifts counted into the pot", _count_gifts),
    Step("the house's die", _die),
    Step("a full pot wins", _winner),
    Step("the next turn", _next_turn),
)


def _started(t: Playing) -> None:
    t.campaign.turn_state.started = t.campaign.turn
    t.out = TurnResult(t.campaign.turn, t.campaign.game.pot)


START_STEPS = (Step("the turn starts", _started),)
