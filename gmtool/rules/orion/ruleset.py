"""The 4X game as a :class:`gmtool.rules.base.Ruleset` (docs/rules-orion.md): a galaxy
placed at setup, the whole table's turn (`turn end` runs gmtool.rules.orion.turns), maps,
and the forum's !roll, !explore, !table, !check and !vote."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

if TYPE_CHECKING:
    from gmtool.campaign.model import Campaign, GameSchema
    from gmtool.campaign.stream import Entry
    from gmtool.dice.sources import DiceSource
    from gmtool.report.model import Report
    from gmtool.rolltables.library import TableLibrary
    from gmtool.rules.base import ForumHandler, NewCampaign, Played, Step


class OrionTurn:
    """The whole table's turn: gmtool.rules.orion.turns (production, the Council, quests,
    victory), its start and its end each a list of steps in order."""

    @property
    def start_steps(self) -> Sequence[Step]:
        from gmtool.rules.orion.turns import START_STEPS

        return START_STEPS

    @property
    def end_steps(self) -> Sequence[Step]:
        from gmtool.rules.orion.turns import END_STEPS

        return END_STEPS

    def rules(self, library: TableLibrary) -> Any:
        from gmtool.rules.orion.turns import Rules

        return Rules(library)

    def starting(self, campaign: Campaign, rules: Any, source: DiceSource) -> Played:
        from gmtool.rules.orion.turns import Starting

        return Starting(campaign, rules, source)

    def ending(
        self,
        campaign: Campaign,
        rules: Any,
        source: DiceSource,
        chair_decision: str | None,
        chair_choice: str | None = None,
    ) -> Played:
        from gmtool.rules.orion.turns import Ending

        return Ending(campaign, rules, source, chair_decision, chair_choice)

    def read_orders(self, campaign: Campaign, text: str, where: str) -> tuple[list, list]:
        """gmtool/rules/orion/orders.py: the file read, each problem with its line."""
        from gmtool.rules.orion.orders import load_orders, parse_orders

        return parse_orders(load_orders(text, where), text, campaign)

    def play_orders(self, campaign: Campaign, rules: Any, source: DiceSource, orders: list) -> tuple[list, list]:
        from gmtool.rules.orion.orders import play_orders

        return play_orders(campaign, rules, source, orders)

    def check_rooms(self, campaign: Campaign, rules: Any, dice: Callable[[], DiceSource], collected: Any) -> Any:
        """gmtool/forum/confirm.py: every order checked, and what each does and costs."""
        from gmtool.forum.confirm import check_rooms

        return check_rooms(campaign, rules, dice, collected)

    def order_words(self, campaign: Campaign, library: TableLibrary, leader: str, order: Any, lang: str) -> str:
        from gmtool.forum.order_commands import PostedOrder, order_words

        return order_words(campaign, library, leader, PostedOrder(order.kind, order.value), lang)

    def start_posts(
        self, campaign: Campaign, rules: Any, result: Any, lang: str, langs: dict[str, str]
    ) -> tuple[Report, dict[str, Report]]:
        from gmtool.rules.orion.posts import start_posts

        return start_posts(campaign, rules, result, lang, langs)

    def start_map(self, campaign: Campaign, rules: Any, result: Any) -> bool:
        from gmtool.rules.orion.posts import rooms_opening

        return not result.victory and rooms_opening(campaign, rules)

    def end_posts(
        self,
        campaign: Campaign,
        rules: Any,
        result: Any,
        lang: str,
        langs: dict[str, str],
        done: list | None,
        dropped: dict[str, list] | None = None,
    ) -> tuple[Report, dict[str, Report]]:
        from gmtool.rules.orion.posts import end_posts

        return end_posts(campaign, rules, result, lang, langs, done, dropped)


class Orion:
    name = "orion"
    player_turns = False
    maps = True
    game_over_keys = ("game_over_won", "game_over_tied")
    commands: tuple[tuple[str, str], ...] = ()  # orion's commands came first: they are the CLI's own

    @property
    def forum_commands(self) -> Mapping[str, ForumHandler]:
        """``!explore``, ``!check`` and ``!vote`` (gmtool/rules/orion/forum.py)."""
        from gmtool.rules.orion.forum import FORUM_COMMANDS

        return FORUM_COMMANDS

    @property
    def room_orders(self) -> frozenset[str]:
        """The turn orders a room collects (gmtool/forum/order_commands.py ``ORDER_COMMANDS``),
        but the commands that act at once wherever they are posted."""
        from gmtool.forum.order_commands import ORDER_COMMANDS
        from gmtool.rules.orion.forum import AT_ONCE

        return frozenset(ORDER_COMMANDS) - AT_ONCE

    def read_order(self, state: Campaign, library: TableLibrary, leader: str, name: str, args: str) -> Any:
        from gmtool.forum.order_commands import parse_order

        return parse_order(state, library, leader, name, args)

    def table_turn(self) -> OrionTurn:
        return OrionTurn()

    def state_schema(self) -> GameSchema:
        from gmtool.rules.orion.state import ORION_STATE

        return ORION_STATE

    def new_campaign(self, request: NewCampaign) -> tuple[Campaign, list[Entry]]:
        from gmtool.dice.sources import RandomSource
        from gmtool.rules.orion.setup import new_campaign

        state = new_campaign(
            request.name,
            request.players,
            RandomSource(request.seed),
            request.library,
            request.commitment,
            request.seed,
            request.lang,
            request.format,
            request.feudal,
            request.radius,
        )
        return state, []

    def created_report(self, state: Campaign, library: TableLibrary, where: str, lang: str) -> Report:
        from gmtool.report.campaign import created_report, deck_short_note
        from gmtool.rules.orion.setup import events_shortfall
        from gmtool.rules.orion.views import status_view

        report = created_report(status_view(state), state.commitment, where, lang)
        short = events_shortfall(library, len(state.players))
        if short is not None:  # a deck that cannot serve the roster is said at once (A11, wave 4)
            have, need, deals = short
            deck_short_note(report, have, need, deals, len(state.players), lang)
        return report

    def status_report(self, state: Campaign, library: TableLibrary, player: str | None, lang: str) -> Report:
        from gmtool.rules.orion.posts import status_post

        return status_post(state, library, player, lang)

    def end_player_turn(self, state: Campaign, library: TableLibrary, player: str | None, lang: str) -> Report:
        from gmtool.errors import RuleRefused

        raise RuleRefused(key="turn_is_tables", ruleset=self.name)

    def quest_label(self, state: Campaign, library: TableLibrary, lang: str) -> Callable[[str], str]:
        from gmtool.report.labels import rule_labels
        from gmtool.rules.orion.turns import QUESTS

        label = rule_labels(library, lang)
        table = QUESTS.get(state.stage, "quests-common")
        return lambda quest: label(table, quest)

    def validate(self, state: Campaign, library: TableLibrary, lang: str) -> list[str]:
        from gmtool.rules.orion.exploration import OrionTables
        from gmtool.rules.orion.validate import validate

        orion = OrionTables(library)
        types, sizes, properties = (
            {r.id for r in t.rows} for t in (orion.world_type, orion.world_size, orion.properties)
        )
        return validate(state, types, sizes, properties, lang)

    def public_facts(self, state: Campaign, label: Callable[[str, str], str], lang: str) -> list[tuple[str, str]]:
        """The laws in force (from stage 2, or once one is)."""
        from gmtool.locale import t

        laws = state.game.council.laws
        if state.stage > 1 or laws:
            return [
                (t("laws", lang), ", ".join(label("bills", str(law["id"])) for law in laws) or t("site.no_laws", lang))
            ]
        return []

    def waiting_for(
        self,
        state: Campaign,
        library: TableLibrary | None,
        player: Any,
        private: bool,
        quest_label: Callable[[str], str],
    ) -> list[dict[str, Any]]:
        from gmtool.rules.orion.pending import waiting_for

        return waiting_for(state, library, player, quest_label) if private else []  # the rest is its own

    def open_requests(
        self, state: Campaign, requests: list[dict[str, Any]], library: TableLibrary | None = None
    ) -> list[dict[str, Any]]:
        from gmtool.rules.orion.pending import open_claims, open_requests

        return open_requests(state, requests) + open_claims(state, requests, library)

    def open_ballots(self, state: Campaign) -> list[str]:
        from gmtool.rules.orion.pending import open_ballots

        return open_ballots(state)

    def acted(self, state: Campaign) -> set[str]:
        from gmtool.rules.orion.pending import acted

        return acted(state)

    def kept_orders(self, state: Campaign, leader: str) -> list[tuple[str, Any]]:
        from gmtool.rules.orion.pending import kept_orders

        return kept_orders(state, leader)


ORION = Orion()
