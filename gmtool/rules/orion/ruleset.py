"""The 4X game as a :class:`gmtool.rules.base.Ruleset` (docs/rules-orion.md): a galaxy
placed at setup, the whole table's turn (`turn end` runs gmtool.rules.orion.turns), maps,
and the forum's !roll, !explore, !table, !check and !vote."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from gmtool.campaign.model import Campaign
    from gmtool.campaign.stream import Entry
    from gmtool.dice.sources import DiceSource
    from gmtool.report.model import Report
    from gmtool.rolltables.library import TableLibrary
    from gmtool.rules.base import NewCampaign


class OrionTurn:
    """The whole table's turn: gmtool.rules.orion.turns (production, the Council, quests, victory)."""

    def rules(self, library: TableLibrary) -> Any:
        from gmtool.rules.orion.turns import Rules

        return Rules(library)

    def start(self, campaign: Campaign, rules: Any, source: DiceSource) -> Any:
        from gmtool.rules.orion.turns import start_turn

        return start_turn(campaign, rules, source)

    def end(self, campaign: Campaign, rules: Any, source: DiceSource, chair_decision: str | None) -> Any:
        from gmtool.rules.orion.turns import end_turn

        return end_turn(campaign, rules, source, chair_decision)


class Orion:
    name = "orion"
    # the thread's commands, then the turn orders a room collects (forum/order_commands.py ORDER_COMMANDS)
    forum_commands = frozenset(
        {"roll", "explore", "table", "check", "vote"}
        | {"colonize", "assign", "activate", "build", "scrap", "fleet", "research", "event", "quest", "bill", "elect"}
        | {"mission", "refit", "give", "hire"}
    )
    player_turns = False
    maps = True
    game_over_keys = ("game_over_won", "game_over_tied")
    commands: tuple[tuple[str, str], ...] = ()  # orion's commands came first: they are the CLI's own

    def table_turn(self) -> OrionTurn:
        return OrionTurn()

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
        from gmtool.campaign.views import status_view
        from gmtool.report.campaign import created_report, deck_short_note
        from gmtool.rules.orion.setup import events_shortfall

        report = created_report(status_view(state), state.commitment, where, lang)
        short = events_shortfall(library, len(state.players))
        if short is not None:  # a deck that cannot serve the roster is said at once (A11, wave 4)
            have, need, deals = short
            deck_short_note(report, have, need, deals, len(state.players), lang)
        return report

    def status_report(self, state: Campaign, library: TableLibrary, player: str | None, lang: str) -> Report:
        from gmtool.campaign.views import status_view
        from gmtool.report.campaign import status_report
        from gmtool.report.labels import rule_labels

        return status_report(status_view(state, player), lang, rule_labels(library, lang))

    def end_player_turn(self, state: Campaign, library: TableLibrary, player: str | None, lang: str) -> Report:
        from gmtool.errors import RuleRefused

        raise RuleRefused(key="turn_is_tables", ruleset=self.name)

    def quest_label(self, state: Campaign, library: TableLibrary, lang: str) -> Callable[[str], str]:
        from gmtool.report.labels import rule_labels
        from gmtool.rules.orion.turns import QUESTS

        label = rule_labels(library, lang)
        table = QUESTS.get(state.stage, "quests-common")
        return lambda quest: label(table, quest)


ORION = Orion()
