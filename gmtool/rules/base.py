"""What the house asks of a ruleset: the :class:`Ruleset` protocol.

A ruleset is a folder ``gmtool/rules/<name>/`` (its rules code, pure: it asks a roller or a
dice source and never prints or reads files) with a ``ruleset.py`` that answers this
protocol — the ruleset's front door, and the one module of the folder that may reach for
report builders (lazily) — plus one line in :mod:`gmtool.rules.registry`.  Its tables are
``tables/<name>/*.toml``.  Commands that work on any campaign (``campaign new``,
``status``, ``turn end``, ``post resolve``, ``post pending``, the turn's maps, the
game-over guard) ask the campaign's ruleset instead of testing its name.

A ``ruleset.py`` stays light: it imports its rules and reports inside its methods, so
that looking a ruleset up costs nothing on the start-up path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from gmtool.campaign.model import Campaign, GameSchema
    from gmtool.campaign.stream import Entry
    from gmtool.dice.sources import DiceSource
    from gmtool.report.model import Report
    from gmtool.rolltables.library import TableLibrary


@dataclass
class NewCampaign:
    """What ``gmtool campaign new`` was asked for; a ruleset reads what it uses and refuses
    what it cannot take (venus: ``--radius``)."""

    name: str
    players: list[str]  # in seating order, as given (venus: NAME or NAME:RACE)
    library: TableLibrary
    commitment: str  # of the new dice secret
    secret: bytes  # the new dice secret: a ruleset that deals at setup journals it
    lang: str
    format: str
    seed: int | None = None  # placing the homeworlds (orion: not journaled)
    feudal: list[str] = field(default_factory=list)
    radius: int | None = None


class TableTurn(Protocol):
    """The whole table's turn (`turn start`, `turn end`, `turn run`), for a ruleset whose
    turns are not a player's: what gmtool.campaign.session runs, journaling the dice it hands
    over.  ``start`` and ``end`` change the campaign and return the turn's result, which the
    session's report builders read (``result["turn"]``)."""

    def rules(self, library: TableLibrary) -> Any:
        """The tables the turn engine reads, taken from the campaign's library."""
        ...

    def start(self, campaign: Campaign, rules: Any, source: DiceSource) -> Any:
        """`turn start`: start the campaign's turn."""
        ...

    def end(self, campaign: Campaign, rules: Any, source: DiceSource, chair_decision: str | None) -> Any:
        """`turn end`: end the campaign's turn and start counting the next."""
        ...


class Ruleset(Protocol):
    """One ruleset, as every front end (the CLI, the forum resolver) sees it."""

    name: str  # campaign.toml's ``ruleset``; tables/<name>/
    forum_commands: frozenset[str]  # the thread commands its campaigns answer (docs/forum-commands.md)
    player_turns: bool  # `turn end` ends one player's turn (--player), not the whole table's
    maps: bool  # galaxy maps: `gmtool map`, and a map beside each turn's reports
    game_over_keys: tuple[str, str]  # once the game is over: the refusal when won, and when tied
    # its own command groups: (the command word, the module whose register(app) adds it),
    # imported only when that word is asked for (or for --help), so start-up stays fast
    commands: tuple[tuple[str, str], ...]

    def state_schema(self) -> GameSchema:
        """Its campaigns' own state, declared with its schema: the class of ``Campaign.game``
        and of its players, their keys of campaign.toml (gmtool/rules/<name>/state.py)."""
        ...

    def new_campaign(self, request: NewCampaign) -> tuple[Campaign, list[Entry]]:
        """The new campaign's state, and the journal entries of the dice its setup rolled."""
        ...

    def created_report(self, state: Campaign, library: TableLibrary, where: str, lang: str) -> Report:
        """What `campaign new` prints about the campaign it made in ``where``."""
        ...

    def status_report(self, state: Campaign, library: TableLibrary, player: str | None, lang: str) -> Report:
        """`gmtool status`: the moderator's view, or what ``player`` may see."""
        ...

    def end_player_turn(self, state: Campaign, library: TableLibrary, player: str | None, lang: str) -> Report:
        """`turn end --player P` where turns are a player's (``player_turns``): end it, and its report.
        (Where the turn is the whole table's, `turn end` runs the campaign's turn engine.)"""
        ...

    def table_turn(self) -> TableTurn:
        """Where the turn is the whole table's (not ``player_turns``): its turn engine."""
        ...

    def quest_label(self, state: Campaign, library: TableLibrary, lang: str) -> Callable[[str], str]:
        """`post pending`: a quest's id → its label."""
        ...

    def validate(self, state: Campaign, library: TableLibrary, lang: str) -> list[str]:
        """`campaign validate`: the cross-references of its own state a hand edit can break,
        each a line in ``lang`` (the file's schema has checked every value already)."""
        ...

    def public_facts(self, state: Campaign, label: Callable[[str, str], str], lang: str) -> list[tuple[str, str]]:
        """The site's front page: what the game stands at beside its turn and leaders, as
        (title, words) in ``lang`` (``label``: a rule row's label, by table and id)."""
        ...

    def waiting_for(
        self,
        state: Campaign,
        library: TableLibrary | None,
        player: Any,
        private: bool,
        quest_label: Callable[[str], str],
    ) -> list[dict[str, Any]]:
        """`post pending`: what the turn waits for from ``player`` beyond its orders (each a
        ``kind`` of ``[pending]`` in the catalogs, with its fields); ``private``: the
        moderator's copy (a leader's own state may be named), else what everyone may read."""
        ...

    def open_ballots(self, state: Campaign) -> list[str]:
        """`post pending`: the ballots open this turn, named without a leader (``[pending]
        KIND_open``)."""
        ...

    def acted(self, state: Campaign) -> set[str]:
        """The leaders whose orders of this turn acted at once (never collected from a room,
        yet given: `turn run --from-posts` and `post pending` do not count them as missing)."""
        ...

    def kept_orders(self, state: Campaign, leader: str) -> list[tuple[str, Any]]:
        """The missed-orders policy ``keep``: the orders (kind, value) a leader who posted
        none keeps from the state."""
        ...


def no_labels(state: Any, library: Any, lang: str) -> Callable[[str], str]:
    """A ``quest_label`` for rules without quests: ids as they are."""
    return str
