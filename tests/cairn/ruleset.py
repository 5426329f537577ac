"""Cairn as a :class:`gmtool.rules.base.Ruleset`: the whole table's turn, ``!give N`` posted
in a leader's room (collected, played at the turn's end), ``!pot`` answered in the thread,
its own state (tests/cairn/state.py) and its own command group (``gmtool cairn …``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from gmtool.rules.base import ForumCall, NewCampaign, Step, no_labels


@dataclass
class GiftOrder:
    kind: str
    value: Any


def _pot(call: ForumCall) -> dict[str, Any]:
    from gmtool.formats import LANGS
    from gmtool.report.model import Report, text

    game = call.state.game
    return {lang: Report(text(f"the pot holds {game.pot} of {game.target}"), [], {"pot": game.pot}) for lang in LANGS}


class CairnTurn:
    @property
    def start_steps(self) -> Sequence[Step]:
        from cairn.turn import START_STEPS

        return START_STEPS

    @property
    def end_steps(self) -> Sequence[Step]:
        from cairn.turn import END_STEPS

        return END_STEPS

    def rules(self, library: Any) -> Any:
        return library

    def starting(self, campaign: Any, rules: Any, source: Any) -> Any:
        from cairn.turn import Playing

        return Playing(campaign, source)

    def ending(self, campaign: Any, rules: Any, source: Any, chair_decision: str | None) -> Any:
        from cairn.turn import Playing

        return Playing(campaign, source)

    def read_orders(self, campaign: Any, text: str, where: str) -> tuple[list, list]:
        from cairn.turn import read_orders

        return read_orders(campaign, text, where)

    def play_orders(self, campaign: Any, rules: Any, source: Any, orders: list) -> tuple[list, list]:
        from cairn.turn import play_orders

        return play_orders(campaign, orders)

    def check_rooms(self, campaign: Any, rules: Any, dice: Any, collected: Any) -> Any:
        from gmtool.forum.confirm import check_played

        return check_played(campaign, self, rules, dice, collected)

    def order_words(self, campaign: Any, library: Any, leader: str, order: Any, lang: str) -> str:
        return f"give {order.value} stones"

    def start_posts(self, campaign: Any, rules: Any, result: Any, lang: str, langs: dict[str, str]) -> Any:
        from gmtool.report.model import Report, text

        return Report(
            text(f"cairn turn {result.turn} starts: the pot holds {result.pot}"), [], {"turn": result.turn}
        ), {}

    def start_map(self, campaign: Any, rules: Any, result: Any) -> bool:
        return False

    def end_posts(
        self,
        campaign: Any,
        rules: Any,
        result: Any,
        lang: str,
        langs: dict[str, str],
        done: list | None,
        dropped: Any = None,
    ) -> Any:
        from gmtool.report.model import Items, Report, text

        gifts = [text(f"{leader} gave {n}") for leader, n in result.given.items()]
        data = {
            "turn": result.turn,
            "pot": result.pot,
            "given": result.given,
            "die": result.die,
            "winner": result.winner,
        }
        public = Report(text(f"cairn turn {result.turn} ends: the pot holds {result.pot}"), [Items(gifts)], data)
        private = {
            p.name: Report(text(f"{p.name} holds {p.stones} stones"), [], {"stones": p.stones})
            for p in campaign.players
        }
        return public, private


class Cairn:
    """A ruleset with its own state, orders from the rooms and a turn of steps."""

    name = "cairn"
    player_turns = False
    maps = False
    game_over_keys = ("game_over_won", "game_over_tied")
    commands = (("cairn", "cairn.cli"),)  # `gmtool cairn …`
    room_orders = frozenset({"give"})

    @property
    def forum_commands(self) -> Mapping[str, Any]:
        return {"pot": _pot}

    def read_order(self, state: Any, library: Any, leader: str, name: str, args: str) -> Any:
        from gmtool.errors import InputError

        word = args.strip()
        if not (word.isascii() and word.isdigit() and len(word) <= 3):
            raise InputError(key="orders.post_unknown", word=f"{name} {word}".strip())
        return GiftOrder("give", int(word))

    def table_turn(self) -> CairnTurn:
        return CairnTurn()

    def state_schema(self) -> Any:
        from cairn.state import CAIRN_STATE

        return CAIRN_STATE

    def new_campaign(self, request: NewCampaign) -> tuple[Any, list]:
        from cairn.state import CairnCampaign, CairnPlayer, CairnState

        state = CairnCampaign(
            name=request.name,
            ruleset=self.name,
            commitment=request.commitment,
            lang=request.lang,
            format=request.format,
            game=CairnState(),
        )
        state.players = [CairnPlayer(name=n) for n in request.players]
        return state, []

    def created_report(self, state: Any, library: Any, where: str, lang: str) -> Any:
        from gmtool.report.model import Report, text

        return Report(text(f"cairn campaign {state.name} in {where}"), [], {"cairn": "created"})

    def status_report(self, state: Any, library: Any, player: str | None, lang: str) -> Any:
        from gmtool.report.model import Items, Report, text

        data = {"turn": state.turn, "pot": state.game.pot, "stones": {p.name: p.stones for p in state.players}}
        return Report(text(f"cairn turn {state.turn}"), [Items([text(p.name) for p in state.players])], data)

    def end_player_turn(self, state: Any, library: Any, player: str | None, lang: str) -> Any:
        raise AssertionError("cairn's turn is the whole table's")

    def quest_label(self, state: Any, library: Any, lang: str) -> Callable[[str], str]:
        return no_labels(state, library, lang)

    def validate(self, state: Any, library: Any, lang: str) -> list[str]:
        return [
            f"{name} gave but is no leader" for name in state.game.given if name not in {p.name for p in state.players}
        ]

    def public_facts(self, state: Any, label: Any, lang: str) -> list[tuple[str, str]]:
        return [("pot", f"{state.game.pot} of {state.game.target}")]

    def waiting_for(self, state: Any, library: Any, player: Any, private: bool, quest_label: Any) -> list:
        return []

    def open_ballots(self, state: Any) -> list[str]:
        return []

    def acted(self, state: Any) -> set[str]:
        return set()

    def kept_orders(self, state: Any, leader: str) -> list[tuple[str, Any]]:
        return []


CAIRN = Cairn()
