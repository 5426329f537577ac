"""The state of a campaign, and its TOML shape (``campaign.toml``), described once.

Plain dataclasses, and beside them the schema of the file (:data:`CAMPAIGN` and the records
it nests, :mod:`gmtool.campaign.schema`): :func:`campaign_from_dict` checks every field
against it and names the place of a mistake (``player 2: bc must be a whole number``) so a
hand-edited file gets a clear message, and :func:`campaign_to_dict` writes only what is set
(TOML has no null).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, NotRequired, TypedDict

from gmtool.campaign.hexes import Hex
from gmtool.campaign.names import same_name
from gmtool.campaign.schema import (
    REQUIRED,
    Bool,
    Check,
    Choice,
    Ctx,
    Free,
    HexText,
    Int,
    Ints,
    Key,
    ListOf,
    MapOf,
    Record,
    Str,
    Strings,
    When,
    expect,
    no_nulls,
    place,
)
from gmtool.errors import CampaignError, InputError
from gmtool.formats import ACTIVATIONS, DEADLINE_YEARS, EXPLORE_RANGES, FORMATS, LANGS, MISSED_ORDERS, POST_LIMITS
from gmtool.locale import Msg

SCHEMA_VERSION = 1
# Support ships a leader counts (not combat ships): ship class → Player attribute.
SUPPORT_SHIPS = {"scout": "scouts", "colony_ship": "colony_ships"}
# Ranges checked on load (a hand edit, a forged file): every whole number is bounded.
MAX_INT = 10**9  # any count of BC, RP, credits…
MAX_TURN = 10_000
COUNT = (0, MAX_INT)
TURN = (0, MAX_TURN)
SMALL = (0, 10_000)  # ships, agents, population…
# A leader's whole-number fields and their ranges. The one definition: the loader checks them,
# every save reads back what it writes through the loader (store.CampaignStore.encode), and a
# rule that adds to one (a grant) may ask here before it does.
PLAYER_RANGES: dict[str, tuple[int, int]] = {
    "bc": COUNT,
    "orders": SMALL,
    "fleet_size": (0, 100),
    "fleet_max": (0, 100),
    "scouts": SMALL,
    "colony_ships": SMALL,
    "secret_ops": (0, 100),
    "agent_limit": (0, 100),
    "rp": COUNT,
    "fleet_changed_turn": TURN,
    "scrap_refund": COUNT,
    "tech_rp": COUNT,
    "moved_turn": TURN,
}


class ShipCounts(dict[str, int]):
    """Combat ships by class (what the rules read: ``player.ships["frigate"]``); a class built
    with modules keeps their ids in ``modules`` (written ``frigate = { count = 2, modules = […] }``);
    ``fitted`` holds each warship's own modules, one list a ship (A8a: built, refitted or found
    fitted; ``frigate = { count = 2, fitted = [["gun", "ars"], ["gun"]] }``) — a class's ships
    beyond its ``fitted`` lists carry none recorded."""

    def __init__(
        self,
        counts: dict[str, int] | None = None,
        modules: dict[str, list[str]] | None = None,
        fitted: dict[str, list[list[str]]] | None = None,
    ) -> None:
        super().__init__(counts or {})
        self.modules: dict[str, list[str]] = dict(modules or {})
        self.fitted: dict[str, list[list[str]]] = {k: [list(m) for m in v] for k, v in (fitted or {}).items()}


@dataclass
class PlanetState:
    type: str
    size: str
    properties: list[str] = field(default_factory=list)
    max_population: int = 1
    production: int = 0
    population: int = 0
    buildings: list[str] = field(default_factory=list)
    scientists: int = 0  # the rest of the colonists work (A6 decision)
    active_turn: int | None = None  # activated for that turn (the homeworld always is)
    base: str | None = None  # an orbital base
    blockaded: bool = False
    blockaded_by: str | None = None  # the leader whose fleet blockades it (A7)


@dataclass
class Monster:
    kind: str
    great: bool = False
    guards: str | None = None  # the positive event gained once it is destroyed


@dataclass
class System:
    hex: Hex
    discovery: str  # empty | asteroids | planet | orion
    planet: PlanetState | None = None
    owner: str | None = None
    explored_by: str | None = None
    explored_turn: int | None = None
    homeworld_of: str | None = None
    monster: Monster | None = None
    guardian: bool = False  # the Guardian of Orion (docs/rules-orion.md A4.6)
    guardian_toughness: int | None = None  # its toughness when damaged (None: whole)
    events: list[str] = field(default_factory=list)
    name: str = ""


# The entries a campaign keeps as tables and the rules read by key: typed for the type
# checker, dicts at run time — the file's order of keys, the bytes written and every read by
# key stay as they were (their schema: AWARD, INBOX, LAW, VOTE, ELECTION below).


class AwardEntry(TypedDict, total=False):
    """Something the moderator still has to hand out (``award apply``); an award of the older
    shape has no ``kind`` but one key naming what it hands out (``award_kind``)."""

    id: int
    turn: int
    kind: str  # technologies, science_level, ship, agent_mission …
    value: Any  # its shape is the kind's: a count, an id, a table
    hex: str
    reason: str  # exploration, agent, the moderator's words


class InboxEntry(TypedDict):
    """Private news for a leader's next report (an agent's mission, mostly)."""

    turn: int
    kind: str  # agent_lost, agent_caught, …
    agent: NotRequired[str]
    target: NotRequired[str]
    sent_by: NotRequired[str]
    blamed: NotRequired[str]
    learned: NotRequired[dict[str, Any]]  # what an agent learned: bc, hand, agents …


class BuildEntry(TypedDict):
    """A build order for the next production (A6)."""

    item: str  # an id of tables/orion/costs
    hex: str
    modules: NotRequired[list[str]]  # a warship's modules (A8a), ids of tables/orion/modules


class RankedEntry(TypedDict, total=False):
    """A leader's line of the territorial count that decided the game."""

    leader: str
    planets: int
    population: int
    bc: int


class VictoryEntry(TypedDict):
    """How the game was won: ``kind`` conquest, orion, technology, diplomatic or territorial."""

    kind: str
    leader: NotRequired[str | None]  # none: a tie of the territorial count
    tied: NotRequired[list[str]]
    turn: int
    decided_by: NotRequired[str | None]
    standings: NotRequired[list[RankedEntry]]


class LawEntry(TypedDict):
    """A law in force: the bill that passed and the turn it did (``leader``: the one the chair
    named when it passed, for a law that goes to the leader the chair names; ``holder``: the
    leader a law "to the leader with the fewest planets" goes to now; ``choice``: the leader
    the chair of turn ``choice_turn`` named for it, on a tie, A9 wave 4)."""

    id: str
    turn: int
    leader: NotRequired[str]
    holder: NotRequired[str]
    choice: NotRequired[str]
    choice_turn: NotRequired[int]


class BanEntry(TypedDict):
    """A one-off bill's rule for one leader in one turn (the Embargo: no PP→BC next turn)."""

    bill: str
    rule: str
    leader: str
    turn: int


class BillBallotEntry(TypedDict):
    vote: str  # yes | no | abstain
    bribe_bc: NotRequired[int]


class VoteEntry(TypedDict):
    """The open vote: the bills the chair drew, the one put to the vote, the secret ballots."""

    turn: int
    options: list[str]
    bill: NotRequired[str]
    target: NotRequired[str]  # the chair's choice where the bill fits several leaders (A3)
    ballots: dict[str, BillBallotEntry]


class ElectionBallotEntry(TypedDict, total=False):
    candidate: str  # none: abstains
    bribe_bc: int


class ElectionEntry(TypedDict):
    """The open election of the Emperor (stage 3): the ballots cast this turn."""

    turn: int
    ballots: dict[str, ElectionBallotEntry]


@dataclass
class Player:
    name: str
    homeworld: Hex | None = None  # orion; a venus merchant has none
    bc: int = 0
    orders: int = 0
    fleet_size: int = 1
    fleet_max: int = 2
    feudal: bool = False
    scouts: int = 1
    colony_ships: int = 1
    race: str = ""
    secret_ops: int = 0  # Secret Operations level (docs/rules-orion.md A10)
    agent_limit: int = 0  # how many agents it may keep (starts at 0, A10)
    # What the moderator still has to hand out: technologies, a derelict ship …
    awards: list[AwardEntry] = field(default_factory=list)
    # Private news for this leader's next report: {"turn", "kind", …}
    inbox: list[InboxEntry] = field(default_factory=list)
    rp: int = 0  # research points accumulated
    ships: ShipCounts = field(default_factory=ShipCounts)  # combat ships by class (and modules)
    builds: list[BuildEntry] = field(default_factory=list)  # orders for this production
    # research ordered this turn (technology ids, "all_sciences", "victory"), settled in order
    # after production from the RP banked and just made (docs/rules-orion.md A13.1, wave 4)
    research: list[str] = field(default_factory=list)
    scrap_refund: int = 0  # BC refunded at the next production (A6)
    all_sciences: bool = False  # every science researched (technology victory, A12)
    tech_rp: int = 0  # RP made since then
    hand: list[str] = field(default_factory=list)  # event cards, hidden
    cards_owed: int = 0  # event cards a short deal still owes it (A11): `deck deal` deals them
    quests_done: list[str] = field(default_factory=list)
    fleet_changed_turn: int | None = None
    # Ships that explored a hex in turn ``moved_turn`` (a ship's move ends there, A4): ship → count.
    moved: dict[str, int] = field(default_factory=dict)
    moved_turn: int | None = None
    technologies: list[str] = field(default_factory=list)  # handed out by the moderator (award apply)
    vacant: bool = False  # the leader left; its empire waits for a replacement
    lang: str = ""  # the language of its private reports ("": the campaign's)
    gender: str = ""  # "m" or "f" for Russian agreement ("": guessed from the name)
    missed: int = 0  # turns in a row it posted no orders for (`turn run --from-posts`)
    # the leader's seat: the name it joined under, kept by `player rename` and `player replace`
    # ("": its name). A scheme-2 roll's label names the seat, so a rename changes no die.
    seat: str = ""

    @property
    def seat_id(self) -> str:
        """What a dice label calls this leader (docs/verify.md): its seat, else its name."""
        return self.seat or self.name

    def home(self) -> Hex:
        """The homeworld's hex: every orion leader has one (a venus merchant has none)."""
        if self.homeworld is None:
            raise CampaignError(key="campaign.no_homeworld", name=self.name)
        return self.homeworld


@dataclass
class Agent:
    name: str
    owner: str
    specialities: list[str]
    used_turn: int | None = None  # one activation per agent per turn
    hired_turn: int = 1


@dataclass
class Deck:
    """A card deck: the draw pile top first, and the discard pile."""

    draw: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)


@dataclass
class Council:
    chair: str | None = None
    laws: list[LawEntry] = field(default_factory=list)
    bans: list[BanEntry] = field(default_factory=list)  # one-off bills' rules for a turn (A9)
    vote: VoteEntry | None = None  # the open vote
    election: ElectionEntry | None = None  # the open election
    last_tally: dict[str, Any] | None = None
    emperor: str | None = None
    victory: VictoryEntry | None = None


@dataclass
class Merchant:
    """A Merchant of Venus player's ship and money (docs/rules-venus.md)."""

    credits: int = 0
    ship: str = "scout"
    position: str = "galactic-base"
    net_worth: int = 0
    # how the ship came to be where it is (B3): "city", "spaceport", "asteroid", "space" (a move
    # that ended without landing); "" in a file written before it was recorded (judged by the space)
    landing: str = ""


@dataclass
class VenusState:
    """Merchant of Venus (docs/rules-venus.md): whose turn, its phase, the board's hidden cards."""

    first_player: str = ""
    current: str = ""
    phase: str = "movement"  # movement | first_contact | operations
    heading: str | None = None  # declared destination for this turn's move
    moved: bool = False  # the speed roll of this turn is made
    speed_dice: list[int] = field(default_factory=list)  # this turn's speed dice, in roll order
    navigation: int | None = None  # 1-based index of the speed die assigned to navigation
    merchants: dict[str, Merchant] = field(default_factory=dict)
    first_contact: dict[str, str] = field(default_factory=dict)  # system → card, face down
    revealed: list[str] = field(default_factory=list)  # systems whose card is face up
    encounters: dict[str, str] = field(default_factory=dict)  # encounter space → token, face down
    winner: str | None = None


@dataclass
class TurnState:
    """Where the campaign stands in its turn (docs/rules-orion.md A3, A11)."""

    started: int = 0  # the last turn `turn start` ran for
    token: str | None = None  # the first-turn token (from turn 7)
    quests: list[str] = field(default_factory=list)  # announced, still open
    completions: dict[str, list[str]] = field(default_factory=dict)  # quest → leaders, this turn
    victory: VictoryEntry | None = None
    # What happened this turn, whichever way it was entered: {"kind", "leader", "public", …};
    # the turn's reports tell it, then it is cleared.
    log: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Campaign:
    name: str
    radius: int
    commitment: str
    players: list[Player] = field(default_factory=list)
    systems: list[System] = field(default_factory=list)
    ruleset: str = "orion"
    lang: str = "en"
    format: str = "plain"
    dialect: str | None = None  # the forum's BBCode dialect (tables/forums), else phpbb
    post_limit: int | None = None  # split posts longer than this, else the dialect's limit
    turn: int = 1
    stage: int = 1
    seed: int | None = None
    orion: Hex = Hex(0, 0)
    orders_per_turn: int = 0
    # the current turn's deadline (an aware time) and the zone it was given in; the turn's
    # length (hours: the next deadline is this one + the length); what a leader who posts no
    # orders gets (docs/turns.md "Deadlines and missed orders")
    deadline: datetime.datetime | None = None
    deadline_zone: str = ""
    turn_length: int | None = None
    missed_orders: str = "nothing"
    replace_after: int = 3
    # A6 (wave 3): "persistent" — an activated colony stays active until blockaded or captured;
    # "per-turn" — activated for one turn (the earlier reading; a file without the key)
    activation: str = "persistent"
    explore_range: int = 1  # A4 (wave 3): from stage 2, how far from its planets and own explorations a leader explores
    revealed_secret: str | None = None
    # dice scheme 2 (docs/verify.md): 1 for a campaign made before it; the part keys' commitments,
    # the part keys revealed so far, each turn's players' share (hex) and the posts it came
    # from, and how many dice each canonical label of the current turn has rolled
    scheme: int = 1
    scheme_from: int = 0  # a campaign moved to scheme 2 (`campaign scheme`): its first turn of it
    part_commitments: dict[str, str] = field(default_factory=dict)
    revealed_parts: dict[str, str] = field(default_factory=dict)
    shares: dict[str, str] = field(default_factory=dict)
    share_posts: dict[str, list[str]] = field(default_factory=dict)
    # what each turn's deadline read (the moment its share was fixed): the newest post of the
    # public thread and of each room, by its records' key (``1187``, ``room:alice:1204``)
    deadline_posts: dict[str, list[str]] = field(default_factory=dict)
    label_uses: dict[str, int] = field(default_factory=dict)
    forum_thread: str | None = None  # where the public thread is read (`post collect`)
    # the forum engine its thread and rooms are read with (as --profile): "dungeonmaster" is the
    # only way a page's copied text is read as DungeonMaster.ru's, never guessed
    forum_profile: str | None = None
    moderators: list[str] = field(default_factory=list)  # the moderators' forum names
    rooms: dict[str, str] = field(default_factory=dict)  # leader → where its room is read
    # leaders who left the game (`player drop`): explorations and homeworlds keep their names
    former_leaders: list[str] = field(default_factory=list)
    agents: list[Agent] = field(default_factory=list)
    decks: dict[str, Deck] = field(default_factory=dict)
    council: Council = field(default_factory=Council)
    turn_state: TurnState = field(default_factory=TurnState)
    venus: VenusState | None = None
    last_roll_id: int = 0  # the journal's last id when the state was last saved
    journal_hash: str = ""  # the journal's running hash then (every report's mark is keyed from it)
    # the key of the published marks (journal.mark_key of the secret), set by the store when the
    # secret is at hand; never saved, and None prints no mark
    mark_key: bytes | None = field(default=None, repr=False, compare=False)
    schema_version: int = SCHEMA_VERSION

    @property
    def victory(self) -> VictoryEntry | None:
        if self.venus is not None and self.venus.winner:
            return {"kind": "net_worth", "leader": self.venus.winner, "turn": self.turn}
        # The game ends at the turn end (A3, A12): an Emperor elected mid-turn
        # (council.victory) wins when that turn ends, not before.
        return self.turn_state.victory

    @property
    def dice_v2(self) -> bool:
        """The current turn's dice follow scheme 2 (docs/verify.md): a campaign made with it,
        or moved to it (`campaign scheme`) from this turn or an earlier one."""
        return self.scheme == 2 and self.turn >= self.scheme_from

    def player(self, name: str) -> Player:
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

    def agent(self, name: str) -> Agent:
        for agent in self.agents:
            if same_name(agent.name, name):
                return agent
        raise InputError(key="campaign.unknown_agent", name=name, known=[a.name for a in self.agents])

    def system(self, hex_: Hex) -> System | None:
        for system in self.systems:
            if system.hex == hex_:
                return system
        return None

    def on_map(self, hex_: Hex) -> bool:
        return hex_.distance(self.orion) <= self.radius

    def homeworld(self, player: Player) -> System:
        system = self.system(player.homeworld) if player.homeworld is not None else None
        if system is None:
            raise CampaignError(key="campaign.homeworld_missing", name=player.name, hex=player.homeworld)
        return system

    def home_planet(self, player: Player) -> PlanetState:
        """The planet of ``player``'s homeworld."""
        system = self.homeworld(player)
        if system.planet is None:
            raise CampaignError(key="campaign.homeworld_no_planet", name=player.name, hex=system.hex)
        return system.planet


# ------------------------------------------------------------------ the file, described once
#
# Each table of campaign.toml is one Record below: its keys in the order they are written, each
# with its check and, when it differs from the dataclass field's, its default. Reading
# (campaign_from_dict), writing (campaign_to_dict), the checks of a hand edit or a save's
# read-back, and the table in docs/file-formats.md (tools/docs.py) all come from these.

ANY_TURN = Int(*TURN)
TEXT = Str()


SHIP = Record(
    "ship class with modules",
    [
        Key("count", Int(*SMALL), REQUIRED, doc="how many"),
        Key("modules", Strings(), [], doc="the modules' ids (ships with modules, issue 24)"),
        Key("fitted", ListOf(Strings()), [], doc="each warship's modules, a list a ship (A8a, tables/orion/modules)"),
    ],
)


class Ships(Check):
    """``{ frigate = 2 }``; a class with modules: ``{ raider = { count = 1, modules = ["laser"] } }``."""

    def read(self, value: Any, name: str, ctx: Ctx) -> ShipCounts:
        expect(value, (dict,), name, ctx)
        ships = ShipCounts()
        for cls, raw in value.items():
            if isinstance(raw, dict):
                entry = SHIP.read(raw, place(name, cls), ctx)
                ships[cls] = entry["count"]
                if "modules" in raw or "fitted" not in raw:
                    ships.modules[cls] = list(entry.get("modules", []))
                if entry.get("fitted"):
                    ships.fitted[cls] = [list(m) for m in entry["fitted"]][: entry["count"]]
            else:
                ships[cls] = Int(*SMALL).read(raw, place(name, cls), ctx)
        return ships

    def write(self, value: dict[str, int]) -> dict[str, Any]:
        modules = getattr(value, "modules", {})
        fitted = getattr(value, "fitted", {})
        out: dict[str, Any] = {}
        for cls, n in value.items():
            if cls not in modules and not fitted.get(cls):
                out[cls] = n
                continue
            entry: dict[str, Any] = {"count": n}
            if cls in modules:
                entry["modules"] = list(modules[cls])
            if fitted.get(cls):
                entry["fitted"] = [list(m) for m in fitted[cls][:n]]
            out[cls] = entry
        return out

    def doc(self) -> str:
        return f"table CLASS = {Int(*SMALL).doc()}, or {SHIP.doc()}"

    def records(self) -> Iterator[Record]:
        yield SHIP


AWARD = Record(
    "award",
    [
        Key("id", Int(*COUNT), doc="its number, for `award apply`"),
        Key("turn", ANY_TURN, REQUIRED),
        Key("kind", TEXT, REQUIRED, doc="`technologies`, `science_level`, `ship`, `agent_mission`…"),
        Key("value", Free(), doc="what is handed out: its shape is the kind's (a count, an id, a table)"),
        Key("hex", TEXT),
        Key("reason", TEXT, doc="`exploration`, `agent`, the moderator's words"),
    ],
)
OLD_AWARD = Record(
    "award, older shape (no kind)",
    [
        Key("id", Int(*COUNT)),
        Key("turn", ANY_TURN),
        Key("hex", TEXT),
        Key("reason", TEXT),
    ],
    free=True,
    doc="one more key names what is handed out, its value what (`technologies = 2`)",
)


class Award(Check):
    """An award: ``{ id, turn, kind, value, hex, reason }``, or the older ``{ turn, hex, NAME = VALUE }``."""

    def read(self, value: Any, name: str, ctx: Ctx) -> Any:
        if isinstance(value, dict) and "kind" not in value:
            return OLD_AWARD.read(value, name, ctx)
        return AWARD.read(value, name, ctx)

    def write(self, value: Any) -> Any:
        return no_nulls(value)

    def doc(self) -> str:
        return "table (award)"

    def records(self) -> Iterator[Record]:
        yield AWARD
        yield OLD_AWARD


INBOX = Record(
    "inbox entry",
    [
        Key("turn", ANY_TURN, REQUIRED),
        Key("kind", TEXT, REQUIRED, doc="`agent_lost`, `agent_caught`, …"),
        Key("agent", TEXT),
        Key("target", TEXT),
        Key("sent_by", TEXT),
        Key("blamed", TEXT),
        Key("learned", MapOf(Free(), "WHAT"), doc="what an agent learned: `bc`, `hand`, `agents`…"),
    ],
)
BUILD = Record(
    "build order",
    [
        Key("item", TEXT, REQUIRED, doc="an id of tables/orion/costs"),
        Key("hex", HexText(as_text=True), REQUIRED),
        Key("modules", Strings(), None, doc="a warship's modules (A8a), ids of tables/orion/modules"),
    ],
)
PLAYER = Record(
    "[[player]]",
    [
        Key("name", TEXT, doc="the leader's name, as used in every command"),
        Key("race", TEXT),
        Key("homeworld", HexText(), doc="orion; a merchant of Venus has none"),
        *[Key(k, Int(*PLAYER_RANGES[k])) for k in ("bc", "orders", "fleet_size", "fleet_max")],
        Key("feudal", Bool()),
        *[Key(k, Int(*PLAYER_RANGES[k])) for k in ("scouts", "colony_ships", "secret_ops", "agent_limit")],
        Key("awards", ListOf(Award()), doc="what the moderator still has to hand out"),
        Key("inbox", ListOf(INBOX), doc="private news for the leader's next report"),
        Key("rp", Int(*PLAYER_RANGES["rp"])),
        Key("hand", Strings(), doc="event cards held (secret)"),
        Key("cards_owed", Int(*SMALL), write="truthy", doc="event cards a short deal still owes (`deck deal`)"),
        Key("quests_done", Strings()),
        Key("ships", Ships(), write="truthy", doc="combat ships by class"),
        Key("builds", ListOf(BUILD), doc="build orders for the next production"),
        Key(
            "research",
            Strings(),
            write="truthy",
            doc="research ordered this turn (technology ids, `all_sciences`, `victory`), settled after production",
        ),
        Key("scrap_refund", Int(*PLAYER_RANGES["scrap_refund"]), write="truthy"),
        Key("all_sciences", Bool(), write="truthy"),
        Key("tech_rp", Int(*PLAYER_RANGES["tech_rp"]), write="truthy"),
        Key("fleet_changed_turn", Int(*PLAYER_RANGES["fleet_changed_turn"])),
        Key("technologies", Strings()),
        Key("moved", MapOf(Int(*SMALL), "SHIP"), write="truthy", doc="ships that explored a hex in turn `moved_turn`"),
        Key(
            "moved_turn", Int(*PLAYER_RANGES["moved_turn"]), write=lambda p: bool(p.moved) and p.moved_turn is not None
        ),
        Key("vacant", Bool(), write="truthy", doc="the leader left; its empire waits"),
        Key("lang", TEXT, write="truthy", doc="its private reports' language (else the campaign's)"),
        Key(
            "gender",
            Choice(("m", "f")),
            write="truthy",
            doc="m or f: Russian words agree with it (absent: guessed from the name)",
        ),
        Key("missed", Int(*SMALL), write="truthy", doc="turns in a row it posted no orders for"),
        Key(
            "seat",
            TEXT,
            write=lambda p: bool(p.seat) and p.seat != p.name,
            doc="the name it joined under, which its dice labels keep (absent: its name)",
        ),
    ],
    Player,
    label="name",
)

PLANET = Record(
    "[system.planet]",
    [
        Key("type", TEXT),
        Key("size", TEXT),
        Key("properties", Strings()),
        Key("max_population", Int(*SMALL), REQUIRED),
        Key("production", Int(-10_000, 10_000), REQUIRED),
        Key("population", Int(*SMALL)),
        Key("buildings", Strings()),
        Key("scientists", Int(*SMALL)),
        Key("active_turn", ANY_TURN),
        Key("base", TEXT),
        Key("blockaded", Bool(), write="truthy"),
        Key("blockaded_by", TEXT, write="truthy"),
    ],
    PlanetState,
)
MONSTER = Record(
    "[system.monster]",
    [
        Key("kind", TEXT),
        Key("great", Bool()),
        Key("guards", TEXT, doc="the positive event gained once it is destroyed"),
    ],
    Monster,
)
SYSTEM = Record(
    "[[system]]",
    [
        Key("hex", HexText()),
        Key("name", TEXT),
        Key("discovery", TEXT, doc="`empty`, `asteroids`, `planet`, `orion`"),
        Key("owner", TEXT),
        Key("explored_by", TEXT),
        Key("explored_turn", ANY_TURN),
        Key("homeworld_of", TEXT),
        Key("events", Strings(), doc="the exploration events that happened there"),
        Key("guardian", Bool(), write="truthy", doc="the Guardian of Orion stands there"),
        Key("guardian_toughness", Int(0, 1000), doc="its toughness once damaged"),
        Key("planet", PLANET),
        Key("monster", MONSTER),
    ],
    System,
    label="hex",
)
AGENT = Record(
    "[[agent]]",
    [
        Key("name", TEXT),
        Key("owner", TEXT),
        Key("specialities", Strings(), []),
        Key("used_turn", ANY_TURN),
        Key("hired_turn", ANY_TURN),
    ],
    Agent,
    label="name",
)
DECK = Record(
    "[decks.NAME]",
    [
        Key("draw", Strings(), write="always", doc="card ids, top first"),
        Key("discard", Strings(), write="always"),
    ],
    Deck,
)

LAW = Record(
    "law",
    [
        Key("id", TEXT, REQUIRED),
        Key("turn", ANY_TURN, REQUIRED),
        Key("leader", TEXT, doc="the leader the chair named for it, when it goes to one"),
        Key("holder", TEXT, doc="the leader a law to the leader with the fewest planets goes to now"),
        Key("choice", TEXT, doc="the leader the chair named for it at this turn's end, on a tie"),
        Key("choice_turn", ANY_TURN, doc="the turn of that choice"),
    ],
)
BAN = Record(
    "ban",
    [
        Key("bill", TEXT, REQUIRED),
        Key("rule", TEXT, REQUIRED, doc="a rule of the effects vocabulary (`no_pp_to_bc` …)"),
        Key("leader", TEXT, REQUIRED),
        Key("turn", ANY_TURN, REQUIRED, doc="the turn it holds"),
    ],
)
BILL_BALLOT = Record(
    "bill ballot",
    [
        Key("vote", TEXT, REQUIRED, doc="`yes`, `no`, `abstain`"),
        Key("bribe_bc", Int(*COUNT)),
    ],
)
VOTE = Record(
    "vote",
    [
        Key("turn", ANY_TURN, REQUIRED),
        Key("options", Strings(), REQUIRED, doc="the bills drawn"),
        Key("bill", TEXT, doc="the one put to the vote"),
        Key("target", TEXT, doc="the leader the chair names for it (A3)"),
        Key("ballots", MapOf(BILL_BALLOT, "LEADER"), REQUIRED),
    ],
)
ELECTION_BALLOT = Record("election ballot", [Key("candidate", TEXT), Key("bribe_bc", Int(*COUNT))])
ELECTION = Record(
    "election",
    [
        Key("turn", ANY_TURN, REQUIRED),
        Key("ballots", MapOf(ELECTION_BALLOT, "LEADER"), REQUIRED),
    ],
)
TALLY = Record(
    "tally",
    [
        Key("kind", Choice(("bill", "election")), REQUIRED),
        Key("turn", ANY_TURN, REQUIRED),
        Key("bill", TEXT),
        Key("not_voted", Strings()),
        Key(
            "ballots",
            ListOf(
                Record(
                    "counted ballot",
                    [
                        Key("leader", TEXT, REQUIRED),
                        Key("vote", TEXT),
                        Key("planets", Int(*COUNT)),
                        Key("bribe_bc", Int(*COUNT)),
                        Key("votes", Int(*COUNT)),
                    ],
                )
            ),
        ),
    ],
    free=True,
    doc="the tally's figures beside these (`yes`, `no`, `totals`, `elected`…) are the council report's",
)
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
COUNCIL = Record(
    "[council]",
    [
        Key("chair", TEXT),
        Key("laws", ListOf(LAW)),
        Key("bans", ListOf(BAN)),
        Key("vote", VOTE),
        Key("election", ELECTION),
        Key("last_tally", TALLY),
        Key("emperor", TEXT),
        Key("victory", VICTORY),
    ],
    Council,
)

LOG_COMMON = [
    Key("turn", ANY_TURN, REQUIRED),
    Key("kind", TEXT, REQUIRED, doc="one of LOG_KINDS (below), or another rule's"),
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
    doc="each kind of event carries its own data for its report line (LOG_KINDS in "
    "gmtool/campaign/model.py checks the keys of the known kinds)",
)
# One change a rule made (gmtool/report/records.py changes_text): keys it does not know are skipped.
CHANGE = Record(
    "change",
    [
        *[Key(k, Int()) for k in ("bc", "rp", "orders", "colonists", "homeworld_colonists")],
        Key("ship_lost", TEXT),
        Key("ship_gained", TEXT),
        Key("colony", TEXT),
        Key("buildings", Strings()),
        Key(
            "cut",
            Record("cut", [Key("what", TEXT, REQUIRED), Key("wanted", Int(), REQUIRED), Key("got", Int(), REQUIRED)]),
        ),
        Key("award", Award()),
        Key("technologies", Strings()),
        Key("fleet_max", Int()),
        Key("player", TEXT),
    ],
    free=True,
    doc="other keys are not told",
)
CHANGES = ListOf(CHANGE)
_NAMED = Record("named", [Key("kind", TEXT, REQUIRED), Key("great", Bool())], free=True)
EXPLORED = Record(
    "what was found",
    [
        Key("discovery", TEXT),
        Key(
            "planet",
            Record(
                "planet found",
                [Key("type", TEXT, REQUIRED), Key("size", TEXT, REQUIRED), Key("properties", Strings())],
                free=True,
            ),
        ),
        Key(
            "events",
            ListOf(
                Record(
                    "event found",
                    [Key("kind", TEXT, REQUIRED), Key("id", TEXT, REQUIRED), Key("ignored", Bool())],
                    free=True,
                )
            ),
        ),
        Key("monster", _NAMED),
    ],
    free=True,
)


def _log(*keys: Key) -> list[Key]:
    return [*LOG_COMMON, *keys]


HEX, LEADERS, OWNER = (
    Key("hex", HexText(as_text=True), REQUIRED),
    Key("leaders", Strings(), REQUIRED),
    Key("owner", TEXT),
)
REASON, SHIP_KEY = Key("reason", TEXT), Key("ship", TEXT, REQUIRED)
QUEST = [Key("quest", TEXT, REQUIRED), Key("table", TEXT)]
# The data of each kind of the turn's log (rules/orion: note(...)): what its report line reads.
LOG_KINDS: dict[str, list[Key]] = {
    "explored": _log(HEX, SHIP_KEY, Key("result", EXPLORED), Key("changes", CHANGES)),
    "explored_orion": _log(HEX, SHIP_KEY),
    "colonised": _log(HEX, Key("type", TEXT, REQUIRED), Key("override", TEXT), Key("orion", Bool())),
    "colonise_override": _log(HEX, Key("type", TEXT, REQUIRED), Key("reason", TEXT, REQUIRED)),
    "monster_slain": _log(
        HEX,
        Key("monster", TEXT, REQUIRED),
        Key("great", Bool()),
        Key("guards", TEXT),
        Key("changes", CHANGES),
        Key("research_rp", Int()),
    ),
    "orion_damaged": _log(
        Key("points", Int(), REQUIRED),
        Key("before", Int()),
        Key("toughness", Int(), REQUIRED),
        Key("full", Int(), REQUIRED),
        Key("destroyed", Bool()),
    ),
    "blockade": _log(HEX, OWNER, LEADERS),
    "blockade_lifted": _log(HEX, OWNER, LEADERS),
    "blockaded_production": _log(HEX, Key("by", TEXT, REQUIRED), LEADERS),
    "captured": _log(
        HEX,
        Key("owner", TEXT, REQUIRED),
        Key("homeworld_of", TEXT),
        Key("population", Int(), REQUIRED),
        Key("buildings", Strings()),
        Key("base", TEXT),
        LEADERS,
    ),
    "granted": _log(Key("changes", CHANGES), REASON),
    "ship_gained": _log(SHIP_KEY, REASON),
    "ship_lost": _log(SHIP_KEY, REASON),
    "award_due": _log(Key("award", Award(), REQUIRED)),
    "award_given": _log(Key("award", Award(), REQUIRED), Key("technologies", Strings()), Key("science", Free())),
    "award_dropped": _log(Key("award", Award(), REQUIRED), REASON),
    "all_sciences": _log(),
    "researched": _log(Key("tech", TEXT, REQUIRED), Key("cost", Int(), REQUIRED), Key("fleet_max", Int())),
    "research_failed": _log(
        Key("tech", TEXT, REQUIRED),
        Key("reason", TEXT, REQUIRED),
        *[Key(k, Int()) for k in ("have", "cost")],
        Key("needed", TEXT),
        Key("missing", Strings()),
    ),
    "tech_awarded": _log(
        Key("technologies", Strings(), REQUIRED), REASON, Key("hex", HexText(as_text=True)), Key("fleet_max", Int())
    ),
    "victory_research": _log(*[Key(k, Int(), REQUIRED) for k in ("spent", "total", "need")]),
    "player_joined": _log(),
    "player_left": _log(Key("kept", Bool()), Key("planets", Int())),
    "player_replaced": _log(Key("old", TEXT, REQUIRED)),
    "player_renamed": _log(Key("old", TEXT, REQUIRED)),
    "quest_announced": _log(*QUEST),
    "quest_done": _log(*QUEST, Key("changes", CHANGES), Key("judged", Bool())),
    "quest_claimed": _log(*QUEST),
    "events_dealt": _log(Key("cards", Strings(), REQUIRED)),
    "events_short": _log(LEADERS, Key("got", MapOf(Int(), "LEADER")), Key("due", MapOf(Int(), "LEADER"))),
    "event_played": _log(Key("card", TEXT, REQUIRED), Key("choice", Free(), REQUIRED), Key("changes", CHANGES)),
    "turn_started": _log(Key("chair", TEXT), Key("token", TEXT), Key("order", TEXT), Key("bills", Int())),
    "council_tally": _log(
        Key("bill", TEXT, REQUIRED),
        Key("not_voted", Strings()),
        *[Key(k, Int(), REQUIRED) for k in ("yes", "no", "abstain")],
        *[Key(k, Bool()) for k in ("passed", "tie", "decided_by_chair")],
        Key("chair", TEXT),
    ),
    "election_tally": _log(
        Key("not_voted", Strings()),
        Key("totals", MapOf(Int(), "LEADER"), REQUIRED),
        Key("total_votes", Int(), REQUIRED),
        Key("needed", Int(), REQUIRED),
        Key("elected", TEXT),
    ),
}
_LOG_RECORDS = {kind: Record(f"log entry: {kind}", keys, free=True) for kind, keys in LOG_KINDS.items()}


class LogEntry(Check):
    """An event of the turn: the common keys, and the keys its kind's report line reads."""

    def read(self, value: Any, name: str, ctx: Ctx) -> Any:
        kind = value.get("kind") if isinstance(value, dict) else None
        record = _LOG_RECORDS.get(kind, LOG_ENTRY) if isinstance(kind, str) else LOG_ENTRY
        return record.read(value, name, ctx)

    def write(self, value: Any) -> Any:
        return no_nulls(value)

    def doc(self) -> str:
        return "table (log entry)"

    def records(self) -> Iterator[Record]:
        yield LOG_ENTRY
        yield CHANGE


TURN_STATE = Record(
    "[turn_state]",
    [
        Key("started", ANY_TURN, write="always"),
        Key("token", TEXT),
        Key("quests", Strings()),
        Key("completions", MapOf(Strings(), "QUEST"), write="truthy", doc="quest → the leaders who completed it"),
        Key("victory", VICTORY),
        Key("log", ListOf(LogEntry()), doc="what happened this turn, until its reports"),
    ],
    TurnState,
)

MERCHANT = Record(
    "[venus.merchants.NAME]",
    [
        Key("credits", Int(), write="always"),
        Key("ship", TEXT, write="always"),
        Key("position", TEXT, write="always"),
        Key("net_worth", Int(), write="always"),
        Key(
            "landing",
            Choice(("city", "spaceport", "asteroid", "space")),
            doc="how the ship came to be at `position`: its landing, or `space` (a move ended without landing)",
        ),
    ],
    Merchant,
)
VENUS = Record(
    "[venus]",
    [
        Key("first_player", TEXT),
        Key("current", TEXT),
        Key("phase", TEXT, doc="`movement`, `first_contact`, `operations`"),
        Key("heading", TEXT),
        Key("moved", Bool()),
        Key("winner", TEXT),
        Key("revealed", Strings()),
        Key("speed_dice", Ints("error.file.speed_dice"), write="truthy"),
        Key("navigation", Int()),
        Key("merchants", MapOf(MERCHANT, "NAME"), write="always"),
        Key("first_contact", MapOf(TEXT, "SYSTEM"), write="truthy", doc="cards face down"),
        Key("encounters", MapOf(TEXT, "SPACE"), write="truthy", doc="tokens face down"),
    ],
    VenusState,
)


class Version(Check):
    def read(self, value: Any, name: str, ctx: Ctx) -> int:
        version = Int(0, 1000).read(value, name, ctx)
        if version != SCHEMA_VERSION:
            raise ctx.fail(Msg("error.file.schema", version=version, supported=SCHEMA_VERSION))
        return version

    def doc(self) -> str:
        return f"`{SCHEMA_VERSION}`"


CAMPAIGN = Record(
    "campaign.toml",
    [
        Key("schema_version", Version(), REQUIRED, write="always"),
        Key("last_roll_id", Int(*COUNT), write="truthy", doc="the journal's last id when the state was saved"),
        Key("journal_hash", TEXT, doc="the journal's running hash then"),
        Key("name", TEXT),
        Key("ruleset", TEXT, doc="a ruleset of gmtool/rules/registry.py"),
        Key("lang", Choice(LANGS), doc="the default --lang of every report"),
        Key("format", Choice(FORMATS), doc="the default --format"),
        Key("dialect", TEXT, doc="the forum's BBCode dialect"),
        Key("post_limit", Int(*POST_LIMITS)),
        Key("turn", Int(1, MAX_TURN)),
        Key("stage", Int(1, 3)),
        Key("seed", Int(-(2**63), 2**64)),
        Key("orders_per_turn", Int(*SMALL), section="settings", write="always"),
        Key("deadline", When(DEADLINE_YEARS), section="settings", doc="the current turn's deadline (`turn deadline`)"),
        Key("deadline_zone", TEXT, section="settings", doc="its time zone (an IANA name)"),
        Key("turn_length", Int(1, 10_000), section="settings", doc="hours from one deadline to the next"),
        Key(
            "missed_orders",
            Choice(MISSED_ORDERS),
            section="settings",
            write=lambda c: c.missed_orders != "nothing",
            doc="a leader who posts no orders: `keep` last turn's assignments and activations, or `nothing`",
        ),
        Key(
            "replace_after",
            Int(1, 100),
            section="settings",
            write=lambda c: c.replace_after != 3,
            doc="missed turns in a row that mark a leader for replacement",
        ),
        Key(
            "explore_range",
            Int(*EXPLORE_RANGES),
            section="settings",
            write=lambda c: c.explore_range != 1,
            doc="A4: from stage 2 a leader explores within this distance of its planets and its own explorations",
        ),
        Key(
            "activation",
            Choice(ACTIVATIONS),
            "per-turn",
            section="settings",
            write="always",
            doc="A6: `persistent` (a colony stays active until blockaded or captured; new campaigns) or "
            "`per-turn` (active for the turn it is activated; a file written without the key)",
        ),
        Key("radius", Int(0, 100), section="galaxy", doc="every hex within this distance of Orion"),
        Key("orion", HexText(), section="galaxy", write="always"),
        Key("commitment", TEXT, section="verification", doc="SHA-256 of the secret, published at the start"),
        Key("revealed_secret", TEXT, section="verification", doc="added by `campaign reveal`"),
        Key(
            "scheme",
            Int(1, 2),
            section="verification",
            write=lambda c: c.scheme != 1,
            doc="the dice scheme (absent: 1)",
        ),
        Key(
            "scheme_from",
            ANY_TURN,
            section="verification",
            write="truthy",
            doc="scheme 2 since this turn: a campaign moved to it by `campaign scheme` (absent: from the start)",
        ),
        Key(
            "part_commitments",
            MapOf(TEXT, "PART"),
            section="verification",
            write="truthy",
            doc="scheme 2: SHA-256 of each part key",
        ),
        Key(
            "revealed_parts",
            MapOf(TEXT, "PART"),
            section="verification",
            write="truthy",
            doc="scheme 2: the part keys revealed",
        ),
        Key(
            "shares",
            MapOf(TEXT, "TURN"),
            section="verification",
            write="truthy",
            doc="scheme 2: each turn's players' share",
        ),
        Key(
            "share_posts",
            MapOf(Strings(), "TURN"),
            section="verification",
            write="truthy",
            doc="the posts each share came from",
        ),
        Key(
            "deadline_posts",
            MapOf(Strings(), "TURN"),
            section="verification",
            write="truthy",
            doc="scheme 2: the newest post of the public thread and of each room read at each turn's deadline",
        ),
        Key(
            "label_uses",
            MapOf(Int(0, 10**9), "LABEL"),
            section="verification",
            write="truthy",
            doc="scheme 2: dice rolled per label this turn",
        ),
        Key("thread", TEXT, attr="forum_thread", section="forum", doc="the public thread `post collect` reads"),
        Key("profile", TEXT, attr="forum_profile", section="forum", doc="the forum engine its pages are read with"),
        Key("moderators", Strings(), section="forum", write="truthy", doc="the moderators' forum names"),
        Key("rooms", MapOf(TEXT, "LEADER"), section="forum", write="truthy", doc="where each leader's room is read"),
        Key(
            "former_leaders",
            Strings(),
            write="truthy",
            doc="leaders who left the game (`player drop`): explorations and homeworlds keep their names",
        ),
        Key("player", ListOf(PLAYER), attr="players", doc="in seating order"),
        Key("system", ListOf(SYSTEM), attr="systems"),
        Key("agent", ListOf(AGENT), attr="agents"),
        Key("decks", MapOf(DECK, "NAME"), write="truthy"),
        Key("council", COUNCIL, write=lambda c: bool(COUNCIL.write(c.council))),
        Key("turn_state", TURN_STATE, write="always"),
        Key("venus", VENUS),
    ],
    Campaign,
    sections={"settings": False, "galaxy": True, "verification": True, "forum": False},
)


def campaign_to_dict(c: Campaign) -> dict[str, Any]:
    """``campaign.toml``'s data for ``c``: what is set, in the schema's order (TOML has no null)."""
    return no_nulls(CAMPAIGN.write(c))


def campaign_from_dict(data: dict[str, Any], fail: Callable[[Msg], Exception], *, named: bool = False) -> Campaign:
    """The campaign ``data`` holds, every field checked against :data:`CAMPAIGN` (``fail`` makes
    the error of a mistake: ``player 2: awards 1: kind must be text``).  ``named``: a place
    names its leader, agent or hex too (``player 2 (bob): bc``), as a save that would write a
    value the loader refuses says it."""
    campaign: Campaign = CAMPAIGN.read(data, "", Ctx(fail, named))
    if campaign.venus is not None:  # every merchant of the table has its ship and money
        for player in campaign.players:
            if player.name not in campaign.venus.merchants:
                raise fail(Msg("error.file.missing", name=place("venus: merchants", player.name)))
    return campaign
