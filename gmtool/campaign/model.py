"""The state of a campaign, and its TOML shape (``campaign.toml``), declared once.

What every campaign has — its name and ruleset, its turn, its settings, the dice's
verification, the forum, the deadline, the players' seats — is :class:`Campaign` here; what a
ruleset plays with is that ruleset's own *state* (``Campaign.game``: orion's galaxy, Council
and decks are :class:`gmtool.rules.orion.state.OrionState`, Merchant of Venus's board
:class:`gmtool.rules.venus.state.VenusState`), declared in its folder with its schema and
given to the house by :class:`GameSchema` (the ruleset's ``state_schema()``).  A ruleset's
player adds its own fields to :class:`Player` the same way (a subclass).

Each field is declared once, on the dataclass (:func:`gmtool.campaign.schema.key`): its
check with its range, its default, its ``[section]``, when it is written, its ``campaign
set`` word and reader, who sees it in a status.  From the campaign's record — these fields
with the ruleset's, each in its place in the file (:func:`campaign_record`) — come reading
(:func:`campaign_from_dict`, every field checked, a mistake named by its place: ``player 2:
bc must be a whole number``), writing (:func:`campaign_to_dict`: only what is set, TOML has no
null, in the file's order), `campaign set` (gmtool/campaign/settings.py), the status views
(gmtool/campaign/views.py) and the field tables of docs/file-formats.md.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, Callable, Generic, Iterator, Mapping, NotRequired, TypedDict, TypeVar

from gmtool.campaign.games import rulesets
from gmtool.campaign.schema import (
    EVERYONE,
    MODERATOR,
    REQUIRED,
    Bool,
    Check,
    Choice,
    Ctx,
    HexText,
    Int,
    Key,
    ListOf,
    MapOf,
    Record,
    Setting,
    Str,
    Strings,
    When,
    arrange,
    declared,
    key,
    no_nulls,
    part,
)
from gmtool.campaign.settings import read_dialect, read_moderators, read_name, read_profile, read_turn_length
from gmtool.errors import CampaignError, InputError
from gmtool.formats import DEADLINE_YEARS, FORMATS, LANGS, MISSED_ORDERS, POST_LIMITS
from gmtool.locale import Msg

SCHEMA_VERSION = 1
# Ranges checked on load (a hand edit, a forged file): every whole number is bounded.
MAX_INT = 10**9  # any count of BC, RP, credits…
MAX_TURN = 10_000
COUNT = (0, MAX_INT)
TURN = (0, MAX_TURN)
SMALL = (0, 10_000)  # ships, agents, population…
ANY_TURN = Int(*TURN)
TEXT = Str()


class RankedEntry(TypedDict, total=False):
    """A leader's line of the territorial count that decided the game."""

    leader: str
    planets: int
    population: int
    bc: int


class VictoryEntry(TypedDict):
    """How the game was won: ``kind`` (orion: conquest, orion, technology, diplomatic or
    territorial; venus: net_worth) by ``leader`` in ``turn``."""

    kind: str
    leader: NotRequired[str | None]  # none: a tie of the territorial count
    tied: NotRequired[list[str]]
    turn: int
    decided_by: NotRequired[str | None]
    standings: NotRequired[list[RankedEntry]]


VICTORY = Record(
    "victory",
    [
        Key("kind", TEXT, REQUIRED, doc="`conquest`, `orion`, `technology`, `diplomatic`, `territorial`"),
        Key("leader", TEXT),
        Key("tied", Strings()),
        Key("turn", ANY_TURN, REQUIRED),
        Key("decided_by", TEXT),
        Key(
            "standings",
            ListOf(
                Record(
                    "standing",
                    [
                        Key("leader", TEXT, REQUIRED),
                        Key("planets", Int(*COUNT)),
                        Key("population", Int(*COUNT)),
                        Key("bc", Int(*COUNT)),
                    ],
                )
            ),
        ),
    ],
)


# ------------------------------------------------------------------ the turn's log

LOG_COMMON = [
    Key("turn", ANY_TURN, REQUIRED),
    Key("kind", TEXT, REQUIRED, doc="one of the ruleset's kinds of event (below), or another rule's"),
    Key("leader", TEXT),
    Key("public", Bool()),
    Key("leaders", Strings(), doc="every leader it concerns"),
]
LOG_ENTRY = Record(
    "log entry",
    [
        *LOG_COMMON,
        Key("hex", HexText(as_text=True)),
    ],
    free=True,
    doc="each kind of event carries its own data for its report line (the ruleset's log kinds "
    "check the keys of the kinds it knows)",
)


def log_records(kinds: Mapping[str, list[Key]]) -> dict[str, Record]:
    """A ruleset's kinds of event of the turn's log, each with its keys (the common ones first)."""
    return {kind: Record(f"log entry: {kind}", [*LOG_COMMON, *keys], free=True) for kind, keys in kinds.items()}


class LogEntry(Check):
    """An event of the turn: the common keys, and the keys its kind's report line reads (the
    campaign's ruleset's kinds, ``Ctx.kinds``)."""

    def read(self, value: Any, name: str, ctx: Ctx) -> Any:
        kind = value.get("kind") if isinstance(value, dict) else None
        kinds = ctx.kinds or {}
        record = kinds.get(kind, LOG_ENTRY) if isinstance(kind, str) else LOG_ENTRY
        return record.read(value, name, ctx)

    def write(self, value: Any) -> Any:
        return no_nulls(value)

    def doc(self) -> str:
        return "table (log entry)"

    def records(self) -> Iterator[Record]:
        yield LOG_ENTRY


@dataclass(kw_only=True)
class Player:
    """A seat at the table: what every ruleset's player has.  A ruleset's own player (orion's
    leader with its empire, a merchant of Venus) is a subclass declaring its own fields,
    written after ``race``."""

    name: str = key(TEXT, doc="the leader's name, as used in every command", shown=EVERYONE)
    race: str = key(TEXT, "", shown=EVERYONE)
    vacant: bool = key(Bool(), False, write="truthy", doc="the leader left; its seat waits for a replacement")
    lang: str = key(TEXT, "", write="truthy", doc="its private reports' language (else the campaign's)")
    gender: str = key(
        Choice(("m", "f")),
        "",
        write="truthy",
        doc="m or f: Russian words agree with it (absent: guessed from the name)",
    )
    missed: int = key(Int(*SMALL), 0, write="truthy", doc="turns in a row it posted no orders for")
    # the leader's seat: the name it joined under, kept by `player rename` and `player replace`
    # ("": its name). A scheme-2 roll's label names the seat, so a rename changes no die.
    seat: str = key(
        TEXT,
        "",
        write=lambda p: bool(p.seat) and p.seat != p.name,
        doc="the name it joined under, which its dice labels keep (absent: its name)",
    )

    @property
    def seat_id(self) -> str:
        """What a dice label calls this leader (docs/verify.md): its seat, else its name."""
        return self.seat or self.name


@dataclass(kw_only=True)
class TurnState:
    """Where the campaign stands in its turn (``[turn_state]``; a ruleset adds its own keys,
    orion its first-turn token and open quests)."""

    started: int = key(ANY_TURN, 0, section="turn_state", write="always")  # the last turn `turn start` ran for
    victory: VictoryEntry | None = key(VICTORY, None, section="turn_state")
    # What happened this turn, whichever way it was entered: {"kind", "leader", "public", …};
    # the turn's reports tell it, then it is cleared.
    log: list[dict[str, Any]] = key(
        ListOf(LogEntry()),
        factory=list,
        section="turn_state",
        doc="what happened this turn, until its reports",
    )


class GameState:
    """A ruleset's own state in a campaign (``Campaign.game``): a dataclass of the ruleset's
    folder whose fields are declared keys of campaign.toml, each placed in the file with
    ``after``."""

    def victory(self, turn: int) -> VictoryEntry | None:
        """The game's end as this state tells it (Merchant of Venus: a winner by net worth);
        None: the campaign's ``turn_state.victory`` says it."""
        return None


G = TypeVar("G", bound=GameState)
P = TypeVar("P", bound=Player)


class Players(Check):
    """``[[player]]``: the campaign's ruleset's players (its :class:`GameSchema`'s record)."""

    def __init__(self, record: Record | None = None) -> None:
        self.record = record

    def _list(self) -> ListOf:
        if self.record is None:
            raise TypeError("the players' record is the campaign's ruleset's (campaign_record)")
        return ListOf(self.record)

    def read(self, value: Any, name: str, ctx: Ctx) -> Any:
        return self._list().read(value, name, ctx)

    def write(self, value: Any) -> Any:
        return self._list().write(value)

    def doc(self) -> str:
        return "list of tables ([[player]])"

    def records(self) -> Iterator[Record]:
        return self._list().records() if self.record is not None else iter(())


class Version(Check):
    def read(self, value: Any, name: str, ctx: Ctx) -> int:
        version = Int(0, 1000).read(value, name, ctx)
        if version != SCHEMA_VERSION:
            raise ctx.fail(Msg("error.file.schema", version=version, supported=SCHEMA_VERSION))
        return version

    def doc(self) -> str:
        return f"`{SCHEMA_VERSION}`"


@dataclass(kw_only=True)
class Campaign(Generic[G, P]):
    """A campaign: what every ruleset's has, its players, and its ruleset's state (``game``)."""

    schema_version: int = key(Version(), SCHEMA_VERSION, missing=REQUIRED, write="always")
    last_roll_id: int = key(Int(*COUNT), 0, write="truthy", doc="the journal's last id when the state was saved")
    # the journal's running hash then (every report's mark is keyed from it)
    journal_hash: str = key(TEXT, "", doc="the journal's running hash then")
    name: str = key(TEXT, setting=Setting("name", parse=read_name, keep_case=True), shown=EVERYONE)
    ruleset: str = key(TEXT, "orion", doc="a ruleset of gmtool/rules/registry.py", shown=EVERYONE)
    lang: str = key(
        Choice(LANGS), "en", doc="the default --lang of every report", setting=Setting("lang"), shown=MODERATOR
    )
    format: str = key(Choice(FORMATS), "plain", doc="the default --format", setting=Setting("format"), shown=MODERATOR)
    # the forum's BBCode dialect (tables/forums), else phpbb
    dialect: str | None = key(
        TEXT,
        None,
        doc="the forum's BBCode dialect",
        setting=Setting("dialect", parse=read_dialect, clear=True),
        shown=MODERATOR,
    )
    # split posts longer than this, else the dialect's limit
    post_limit: int | None = key(Int(*POST_LIMITS), None, setting=Setting("post-limit", clear=True), shown=MODERATOR)
    turn: int = key(Int(1, MAX_TURN), 1)
    stage: int = key(Int(1, 3), 1)
    seed: int | None = key(Int(-(2**63), 2**64), None)
    # the current turn's deadline (an aware time) and the zone it was given in; the turn's
    # length (hours: the next deadline is this one + the length); what a leader who posts no
    # orders gets (docs/turns.md "Deadlines and missed orders")
    deadline: datetime.datetime | None = key(
        When(DEADLINE_YEARS), None, section="settings", doc="the current turn's deadline (`turn deadline`)"
    )
    deadline_zone: str = key(TEXT, "", section="settings", doc="its time zone (an IANA name)")
    turn_length: int | None = key(
        Int(1, 10_000),
        None,
        section="settings",
        doc="hours from one deadline to the next",
        setting=Setting("turn-length", parse=read_turn_length, clear=True),
        shown=EVERYONE,
    )
    missed_orders: str = key(
        Choice(MISSED_ORDERS),
        "nothing",
        section="settings",
        write=lambda c: c.missed_orders != "nothing",
        doc="a leader who posts no orders: `keep` last turn's assignments and activations, or `nothing`",
        setting=Setting("missed-orders"),
        shown=EVERYONE,
    )
    replace_after: int = key(
        Int(1, 100),
        3,
        section="settings",
        write=lambda c: c.replace_after != 3,
        doc="missed turns in a row that mark a leader for replacement",
        setting=Setting("replace-after"),
        shown=EVERYONE,
    )
    commitment: str = key(TEXT, section="verification", doc="SHA-256 of the secret, published at the start")
    revealed_secret: str | None = key(TEXT, None, section="verification", doc="added by `campaign reveal`")
    # dice scheme 2 (docs/verify.md): 1 for a campaign made before it; the part keys' commitments,
    # the part keys revealed so far, each turn's players' share (hex) and the posts it came
    # from, and how many dice each canonical label of the current turn has rolled
    scheme: int = key(
        Int(1, 2), 1, section="verification", write=lambda c: c.scheme != 1, doc="the dice scheme (absent: 1)"
    )
    scheme_from: int = key(
        ANY_TURN,
        0,
        section="verification",
        write="truthy",
        doc="scheme 2 since this turn: a campaign moved to it by `campaign scheme` (absent: from the start)",
    )
    part_commitments: dict[str, str] = key(
        MapOf(TEXT, "PART"),
        factory=dict,
        section="verification",
        write="truthy",
        doc="scheme 2: SHA-256 of each part key",
    )
    revealed_parts: dict[str, str] = key(
        MapOf(TEXT, "PART"),
        factory=dict,
        section="verification",
        write="truthy",
        doc="scheme 2: the part keys revealed",
    )
    shares: dict[str, str] = key(
        MapOf(TEXT, "TURN"),
        factory=dict,
        section="verification",
        write="truthy",
        doc="scheme 2: each turn's players' share",
    )
    share_posts: dict[str, list[str]] = key(
        MapOf(Strings(), "TURN"),
        factory=dict,
        section="verification",
        write="truthy",
        doc="the posts each share came from",
    )
    # what each turn's deadline read (the moment its share was fixed): the newest post of the
    # public thread and of each room, by its records' key (``1187``, ``room:alice:1204``)
    deadline_posts: dict[str, list[str]] = key(
        MapOf(Strings(), "TURN"),
        factory=dict,
        section="verification",
        write="truthy",
        doc="scheme 2: the newest post of the public thread and of each room read at each turn's deadline",
    )
    label_uses: dict[str, int] = key(
        MapOf(Int(0, 10**9), "LABEL"),
        factory=dict,
        section="verification",
        write="truthy",
        doc="scheme 2: dice rolled per label this turn",
    )
    # where the public thread is read (`post collect`)
    forum_thread: str | None = key(
        TEXT,
        None,
        name="thread",
        section="forum",
        doc="the public thread `post collect` reads",
        setting=Setting("thread", clear=True, keep_case=True),
        shown=EVERYONE,
    )
    # the forum engine its thread and rooms are read with (as --profile): "dungeonmaster" is the
    # only way a page's copied text is read as DungeonMaster.ru's, never guessed
    forum_profile: str | None = key(
        TEXT,
        None,
        name="profile",
        section="forum",
        doc="the forum engine its pages are read with",
        setting=Setting("profile", parse=read_profile, clear=True),
        shown=MODERATOR,
    )
    moderators: list[str] = key(
        Strings(),
        factory=list,
        section="forum",
        write="truthy",
        doc="the moderators' forum names",
        setting=Setting("moderators", parse=read_moderators, clear=True, keep_case=True),
        shown=EVERYONE,
    )
    rooms: dict[str, str] = key(
        MapOf(TEXT, "LEADER"), factory=dict, section="forum", write="truthy", doc="where each leader's room is read"
    )
    players: list[P] = key(Players(), factory=list, name="player", doc="in seating order")
    turn_state: TurnState = part(TurnState)
    game: G = part()  # the ruleset's own state: its keys are placed by their ``after``
    # the key of the published marks (journal.mark_key of the secret), set by the store when the
    # secret is at hand; never saved, and None prints no mark
    mark_key: bytes | None = field(default=None, repr=False, compare=False)

    @property
    def victory(self) -> VictoryEntry | None:
        # The game ends at the turn end (orion A3, A12): an Emperor elected mid-turn
        # (council.victory) wins when that turn ends, not before.
        return self.game.victory(self.turn) or self.turn_state.victory

    @property
    def dice_v2(self) -> bool:
        """The current turn's dice follow scheme 2 (docs/verify.md): a campaign made with it,
        or moved to it (`campaign scheme`) from this turn or an earlier one."""
        return self.scheme == 2 and self.turn >= self.scheme_from

    def player(self, name: str) -> P:
        for player in self.players:
            if player.name == name:
                return player
        raise InputError(key="campaign.unknown_player", name=name, known=[p.name for p in self.players])

    def seat(self, name: str) -> str:
        """The seat of the leader called ``name`` (what a dice label names: docs/verify.md);
        a name that is no leader's (a moderator's) stands for itself."""
        return next((p.seat_id for p in self.players if p.name == name), name)

    def seat_names(self) -> dict[str, str]:
        """Each seat a leader no longer goes by → its current name (the words of a label)."""
        return {p.seat: p.name for p in self.players if p.seat and p.seat != p.name}


# ------------------------------------------------------------------ a ruleset's state, and the file


@dataclass(frozen=True, eq=False)  # one per ruleset: known by identity
class GameSchema:
    """What a ruleset declares of its campaigns' state (its ``state_schema()``): the class of
    its state (``Campaign.game``) and of its players, the ``[sections]`` its keys add (with
    whether the file must have them), its kinds of event of the turn's log, and a check of
    the whole read campaign (``fail`` makes the error)."""

    state: type[GameState]
    player: type[Player]
    sections: Mapping[str, bool] = field(default_factory=dict)
    log_kinds: Mapping[str, Record] = field(default_factory=dict)
    check: Callable[[Any, Callable[[Msg], Exception]], None] | None = None
    # more records the docs list (nested in free keys: the log's changes)
    more_records: tuple[Record, ...] = ()

    @property
    def players(self) -> Record:
        """``[[player]]``: the shared keys and the ruleset's player's, in the file's order."""
        found = _PLAYER_RECORDS.get(self.player)
        if found is None:
            found = _PLAYER_RECORDS[self.player] = Record.of(self.player, "[[player]]", label="name")
        return found


_PLAYER_RECORDS: dict[type, Record] = {}


SHARED_SECTIONS = {"settings": False, "verification": True, "forum": False, "turn_state": False}


@cache
def campaign_record(game: GameSchema) -> Record:
    """campaign.toml's record for a campaign of the ruleset ``game`` declares: the shared
    keys, and the ruleset's, each where its ``after`` puts it (the file's order of keys)."""
    parts: dict[str, type] = {}
    flat = declared(Campaign, parts=parts)
    flat += declared(game.state, "game.", parts)
    parts["game"] = game.state
    keys = []
    for k, anchor in flat:
        if isinstance(k.check, Players):
            k = Key(k.name, Players(game.players), k.default, k.attr, k.write, k.section, k.doc, k.setting, k.shown)
        keys.append((k, anchor))
    return Record(
        "campaign.toml",
        arrange(keys),
        Campaign,
        parts=parts,
        sections={**SHARED_SECTIONS, **game.sections},
    )


def documented_records() -> Iterator[Record]:
    """Every table of campaign.toml, for its reference (docs/file-formats.md): the keys every
    campaign has, then each ruleset's own keys (its state's, its player's) and their tables."""
    parts: dict[str, type] = {}
    yield Record(
        "campaign.toml", arrange(declared(Campaign, parts=parts)), Campaign, parts=parts, sections=SHARED_SECTIONS
    )
    yield Record.of(Player, "[[player]]")
    shared = {f.name for f in fields(Player)}
    for name, ruleset in rulesets().items():
        game = ruleset.state_schema()
        yield Record(
            f"{name}: campaign.toml", [k for k, _ in declared(game.state)], game.state, sections=dict(game.sections)
        )
        own = [k for k, _ in declared(game.player) if k.field not in shared]
        if own:
            yield Record(f"{name}: [[player]]", own, game.player)
        yield from game.more_records


def game_schema(ruleset: str, campaign: str = "") -> GameSchema:
    """The state schema of the ruleset ``ruleset`` (its ``state_schema()``); an unknown one is
    refused naming the known ones."""
    known = rulesets()  # told from above (gmtool/campaign/games.py): the stored state imports none
    found = known.get(ruleset)
    if found is None:
        raise CampaignError(key="campaign.unknown_ruleset", name=campaign, ruleset=ruleset, known=", ".join(known))
    schema: GameSchema = found.state_schema()
    return schema


def record_of(campaign: Campaign) -> Record:
    """The record of ``campaign``'s file (its ruleset's)."""
    return campaign_record(game_schema(campaign.ruleset, campaign.name))


def player_record(campaign: Campaign) -> Record:
    """The record of ``campaign``'s players (its ruleset's)."""
    return game_schema(campaign.ruleset, campaign.name).players


def campaign_to_dict(c: Campaign) -> dict[str, Any]:
    """``campaign.toml``'s data for ``c``: what is set, in the schema's order (TOML has no null)."""
    return no_nulls(record_of(c).write(c))


def campaign_from_dict(data: dict[str, Any], fail: Callable[[Msg], Exception], *, named: bool = False) -> Campaign:
    """The campaign ``data`` holds, every field checked against its ruleset's record (``fail``
    makes the error of a mistake: ``player 2: awards 1: kind must be text``).  ``named``: a
    place names its leader, agent or hex too (``player 2 (bob): bc``), as a save that would
    write a value the loader refuses says it."""
    if not isinstance(data, dict):
        raise fail(Msg("error.file.file_not_table"))
    ruleset = data.get("ruleset", "orion")
    name = data.get("name")
    ctx = Ctx(fail, named)
    ruleset = TEXT.read(ruleset, "ruleset", ctx)
    game = game_schema(ruleset, name if isinstance(name, str) else "")
    campaign: Campaign = campaign_record(game).read(data, "", Ctx(fail, named, game.log_kinds))
    if game.check is not None:
        game.check(campaign, fail)
    return campaign
