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
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol, Sequence

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


def ensure_not_over(campaign: Campaign) -> None:
    """The game-over guard of every changing command: once the game is over, refused in the
    words the campaign's ruleset gives (``game_over_keys``: a turn's, or a round's)."""
    v = campaign.victory
    if v:
        from gmtool.campaign.games import rulesets  # the rulesets' list, as the stored state was told it
        from gmtool.locale import Msg, has

        kind = str(v.get("kind", ""))
        victory = Msg("victory_" + kind) if has("victory_" + kind) else kind
        won, tied = rulesets()[campaign.ruleset].game_over_keys
        from gmtool.errors import RuleRefused

        raise RuleRefused(
            key=won if v.get("leader") else tied,
            who=v.get("leader") or v.get("tied", []),
            victory=victory,
            turn=v.get("turn"),
        )


@dataclass
class ForumCall:
    """A thread command a ruleset answers (its ``forum_commands``), as the forum resolver
    (gmtool/forum/resolve.py) hands it over: the campaign, its tables, the leader who speaks,
    the command's words after its name, whether it was written where only the moderator and
    the leader read it (a room, a private message), and the journaled dice.  The handler gives
    the reply in every language gmtool speaks, or raises: a :class:`GmError` (its message is
    the refusal), a :class:`ForumRefusal` for the forum's own words."""

    state: Campaign
    library: TableLibrary
    leader: str
    args: str
    private: bool
    source: Any  # a JournalingSource

    def info(self, first: int) -> dict[str, Any]:
        """What a reply tells of its dice: the campaign's stream, and the journal ids from
        ``first`` (the source's next id before the command rolled)."""
        last = self.source.next_id - 1
        info: dict[str, Any] = {"kind": "stream", "campaign": self.state.name}
        if last >= first:
            info["roll_ids"] = [first, last]
        return info


class ForumRefusal(Exception):
    """A thread command refused in the forum's own words: ``forum.refusal.<key>`` of the
    catalogs (``vote_in_public``)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key, self.params = key, params


ForumHandler = Callable[[ForumCall], "dict[str, Report]"]


STOP = "stop"  # what a step returns to end the turn there (the game is won)


@dataclass(frozen=True)
class Step:
    """One step of a turn (eressea's order processor, laws.c): its name, saying what it does,
    and the small function that does it on the turn being played — which it returns
    :data:`STOP` from to end the turn there, else nothing."""

    name: str
    run: Callable[[Any], Any]


class Played(Protocol):
    """A turn being played by its steps: what they share, and its ``result`` once played (what
    the turn's posts are built from)."""

    @property
    def result(self) -> Any: ...


def play(steps: Sequence[Step], turn: Any) -> Any:
    """Play ``steps`` in order on ``turn`` (a :class:`Played`): its result."""
    for step in steps:
        if step.run(turn) == STOP:
            break
    return turn.result


class TableTurn(Protocol):
    """The whole table's turn (`turn start`, `turn end`, `turn run`), for a ruleset whose
    turns are not a player's: two lists of steps in order, which gmtool.app.session plays
    (:func:`play`), journaling the dice it hands over; the session's report builders read the
    result (``result.turn``)."""

    @property
    def start_steps(self) -> Sequence[Step]:
        """`turn start`."""
        ...

    @property
    def end_steps(self) -> Sequence[Step]:
        """`turn end`: the turn ends, and the next one is counted."""
        ...

    def rules(self, library: TableLibrary) -> Any:
        """The tables the turn engine reads, taken from the campaign's library."""
        ...

    def starting(self, campaign: Campaign, rules: Any, source: DiceSource) -> Played:
        """The start of the campaign's turn, for its steps to play."""
        ...

    def ending(
        self,
        campaign: Campaign,
        rules: Any,
        source: DiceSource,
        chair_decision: str | None,
        chair_choice: str | None = None,
    ) -> Played:
        """The end of the campaign's turn, for its steps to play; ``chair_decision``/``chair_choice``:
        the chair's word the moderator gives at the turn's end (a tied vote; the leader a bill goes to)."""
        ...

    def read_orders(self, campaign: Campaign, text: str, where: str) -> tuple[list, list]:
        """An orders file's ``text`` (the moderator's, or the one the rooms' orders make:
        gmtool/campaign/posted.py) read, before any die is drawn: (the orders, the problems —
        each with its ``line``, ``leader`` and ``text(lang)``); a file that cannot be read at
        all is an :class:`~gmtool.errors.InputError` naming ``where``."""
        ...

    def play_orders(self, campaign: Campaign, rules: Any, source: DiceSource, orders: list) -> tuple[list, list]:
        """The orders read, played before the turn's end: (more problems, what each did)."""
        ...

    def check_rooms(self, campaign: Campaign, rules: Any, dice: Callable[[], DiceSource], collected: Any) -> Any:
        """The rooms' standing orders checked as ``turn check`` checks the file they make, for
        each room's confirmation (a :class:`gmtool.forum.confirm.RoomCheck`; ``dice()``: a
        fresh dice source, never journaled)."""
        ...

    def order_words(self, campaign: Campaign, library: TableLibrary, leader: str, order: Any, lang: str) -> str:
        """A collected order (its ``kind`` and ``value``) in words, as ``leader``'s room
        confirmation says it in ``lang``."""
        ...

    def start_posts(
        self, campaign: Campaign, rules: Any, result: Any, lang: str, langs: dict[str, str]
    ) -> tuple[Report, dict[str, Report]]:
        """The start's posts: the public one in ``lang``, and each leader's it has one for in
        ``langs[leader]``."""
        ...

    def start_map(self, campaign: Campaign, rules: Any, result: Any) -> bool:
        """Does the start post carry the galaxy's map (where the ruleset has maps; orion: the
        turn the rooms open, unless the game is over)?"""
        ...

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
        """The end's posts: the public one in ``lang``, and every leader's in ``langs[leader]``
        (``done``: what its orders did, when the turn was played from orders; ``dropped``: per
        leader, the orders the deadline dropped and why)."""
        ...


class Ruleset(Protocol):
    """One ruleset, as every front end (the CLI, the forum resolver) sees it."""

    name: str  # campaign.toml's ``ruleset``; tables/<name>/
    player_turns: bool  # `turn end` ends one player's turn (--player), not the whole table's
    maps: bool  # galaxy maps: `gmtool map`, and a map beside each turn's reports
    game_over_keys: tuple[str, str]  # once the game is over: the refusal when won, and when tied
    # its own command groups: (the command word, the module whose register(app) adds it),
    # imported only when that word is asked for (or for --help), so start-up stays fast
    commands: tuple[tuple[str, str], ...]

    @property
    def forum_commands(self) -> Mapping[str, ForumHandler]:
        """Its own thread commands, each with its handler, which act at once where they are
        posted (beside every campaign's ``!roll``, ``!table`` and ``!seed``, which the forum
        resolver answers itself; docs/forum-commands.md)."""
        ...

    @property
    def room_orders(self) -> frozenset[str]:
        """The commands that are a turn's orders, posted in a leader's room: collected there
        (:meth:`read_order`), played at the turn; none where the turns are a player's."""
        ...

    def read_order(self, state: Campaign, library: TableLibrary, leader: str, name: str, args: str) -> Any:
        """A room's order command ``!name args`` of ``leader``, read into the order it gives
        (``kind`` and ``value``, as an orders file holds it); a GmError for words it cannot read."""
        ...

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

    def open_requests(
        self, state: Campaign, requests: list[dict[str, Any]], library: TableLibrary | None = None
    ) -> list[dict[str, Any]]:
        """`post pending`'s moderator copy: of the requests leaders' commands left for the
        moderator to judge (a reply's ``request``, kept in forum.toml, oldest first; a claim
        the rooms' collected orders hold), those still open, each a ``[pending] request_KIND``
        item with ``leader`` and its fields.  ``library``: the campaign's tables, where a
        request's judge is said by them."""
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
