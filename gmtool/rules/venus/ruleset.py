"""Merchant of Venus, Classic game, as a :class:`gmtool.rules.base.Ruleset`
(docs/rules-venus.md): races and cards dealt at setup (journaled), one player's turn at a
time, no galaxy map, and the forum's !roll, !table, !move and !navigate."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

from gmtool.rules.base import no_labels

if TYPE_CHECKING:
    from gmtool.campaign.model import Campaign, GameSchema
    from gmtool.campaign.stream import Entry
    from gmtool.report.model import Report
    from gmtool.rolltables.library import TableLibrary
    from gmtool.rules.base import ForumHandler, NewCampaign, TableTurn


class Venus:
    name = "venus"
    player_turns = True
    maps = False
    game_over_keys = ("game_over_won_round", "game_over_tied_round")
    commands: tuple[tuple[str, str], ...] = (("venus", "gmtool.cli.venus"),)  # gmtool venus …

    room_orders: frozenset[str] = frozenset()  # a player's turn: its commands act at once

    @property
    def forum_commands(self) -> Mapping[str, ForumHandler]:
        """``!move`` and ``!navigate`` (gmtool/rules/venus/forum.py)."""
        from gmtool.rules.venus.forum import FORUM_COMMANDS

        return FORUM_COMMANDS

    def read_order(self, state: Campaign, library: TableLibrary, leader: str, name: str, args: str) -> Any:
        from gmtool.errors import InputError

        raise InputError(key="orders.post_unknown", word=name)

    def table_turn(self) -> TableTurn:
        from gmtool.errors import RuleRefused

        raise RuleRefused(key="turns_are_players", ruleset=self.name)

    def state_schema(self) -> GameSchema:
        from gmtool.rules.venus.state import VENUS_STATE

        return VENUS_STATE

    def new_campaign(self, request: NewCampaign) -> tuple[Campaign, list[Entry]]:
        from gmtool.campaign.stream import JournalingSource
        from gmtool.errors import InputError
        from gmtool.rules.venus.setup import new_venus

        if request.radius is not None:
            raise InputError(key="cli.radius_venus")
        from gmtool.campaign.stream import Scheme2

        source = JournalingSource(request.secret, 1, 1, "setup")
        source.scheme2 = Scheme2("setup", "setup", "", {})  # scheme 2: the setup's part (docs/verify.md)
        source.set_context("venus")
        state = new_venus(
            request.name, request.players, request.library, request.commitment, request.lang, request.format, source
        )
        return state, list(source.entries)

    def created_report(self, state: Campaign, library: TableLibrary, where: str, lang: str) -> Report:
        from gmtool.report.venus import venus_status_report

        return venus_status_report(state, library, lang, created=where)

    def status_report(self, state: Campaign, library: TableLibrary, player: str | None, lang: str) -> Report:
        from gmtool.report.venus import venus_status_report

        if player is not None:
            state.player(player)  # what is face down stays face down for everyone alike
        return venus_status_report(state, library, lang)

    def end_player_turn(self, state: Campaign, library: TableLibrary, player: str | None, lang: str) -> Report:
        """The end of one player's turn: the net-worth victory check, the next player."""
        from gmtool.errors import RuleRefused
        from gmtool.report.venus import venus_end_report
        from gmtool.rules.venus.play import end_player_turn

        if not player:
            raise RuleRefused(key="cli.venus_turn_player")
        return venus_end_report(end_player_turn(state, library, player), lang)

    def quest_label(self, state: Campaign, library: TableLibrary, lang: str) -> Callable[[str], str]:
        return no_labels(state, library, lang)

    def validate(self, state: Campaign, library: TableLibrary, lang: str) -> list[str]:
        return []  # campaign.toml's schema checks the board's table (every merchant has its ship)

    def public_facts(self, state: Campaign, label: Callable[[str, str], str], lang: str) -> list[tuple[str, str]]:
        return []

    def open_requests(
        self, state: Campaign, requests: list[dict[str, Any]], library: TableLibrary | None = None
    ) -> list[dict[str, Any]]:
        return []  # no command of its leaves a request

    def waiting_for(
        self,
        state: Campaign,
        library: TableLibrary | None,
        player: Any,
        private: bool,
        quest_label: Callable[[str], str],
    ) -> list[dict[str, Any]]:
        """Whose turn it is, and its phase (public: the whole table waits for that player)."""
        game = state.game
        if game.current == player.name and not game.winner:
            return [{"kind": "venus_turn", "phase": game.phase}]
        return []

    def open_ballots(self, state: Campaign) -> list[str]:
        return []  # a Venus game holds no Council

    def acted(self, state: Campaign) -> set[str]:
        return set()

    def kept_orders(self, state: Campaign, leader: str) -> list[tuple[str, Any]]:
        return []


VENUS = Venus()
