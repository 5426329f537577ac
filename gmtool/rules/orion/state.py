"""Orion's state in a campaign (docs/rules-orion.md): the galaxy, its systems and planets,
the leaders' empires, agents, the Council, the decks and the quests of the turn — declared
once, with campaign.toml's schema (gmtool/campaign/schema.py), and given to the house by
:data:`ORION_STATE` (the ruleset's ``state_schema()``).

A campaign of orion is an :data:`OrionCampaign`: the shared :class:`~gmtool.campaign.model.Campaign`
carrying an :class:`OrionState` (``campaign.game``) and :class:`OrionPlayer` s.  Each key
keeps its place in the file (``after``: the shared key it follows), so every campaign.toml
reads and writes byte for byte as before the state had a house of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, NotRequired, TypedDict

from gmtool.campaign.decks import DECK, Deck
from gmtool.campaign.hexes import Hex
from gmtool.campaign.model import (
    ANY_TURN,
    COUNT,
    SMALL,
    TEXT,
    TURN,
    VICTORY,
    Campaign,
    GameSchema,
    GameState,
    Player,
    VictoryEntry,
    log_records,
)
from gmtool.campaign.names import same_name
from gmtool.campaign.schema import (
    EVERYONE,
    LEADER,
    REQUIRED,
    Bool,
    Check,
    Choice,
    Ctx,
    Free,
    HexText,
    Int,
    Key,
    ListOf,
    MapOf,
    Record,
    Setting,
    Strings,
    expect,
    key,
    no_nulls,
    place,
)
from gmtool.errors import CampaignError, InputError
from gmtool.formats import ACTIVATIONS, EXPLORE_RANGES

# Support ships a leader counts (not combat ships): ship class → Player attribute.
SUPPORT_SHIPS = {"scout": "scouts", "colony_ship": "colony_ships"}


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
    then: NotRequired[list[str]]  # the leaders it names after target, in its order, for a tie (A9)
    ballots: dict[str, BillBallotEntry]


class ElectionBallotEntry(TypedDict, total=False):
    candidate: str  # none: abstains
    bribe_bc: int


class ElectionEntry(TypedDict):
    """The open election of the Emperor (stage 3): the ballots cast this turn."""

    turn: int
    ballots: dict[str, ElectionBallotEntry]


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

    def view(self, value: Any) -> dict[str, int]:
        return dict(value)  # the counts by class (a status shows each warship apart)

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


@dataclass
class PlanetState:
    type: str = key(TEXT)
    size: str = key(TEXT)
    properties: list[str] = key(Strings(), factory=list)
    max_population: int = key(Int(*SMALL), 1, missing=REQUIRED)
    production: int = key(Int(-10_000, 10_000), 0, missing=REQUIRED)
    population: int = key(Int(*SMALL), 0)
    buildings: list[str] = key(Strings(), factory=list)
    scientists: int = key(Int(*SMALL), 0)  # the rest of the colonists work (A6 decision)
    active_turn: int | None = key(ANY_TURN, None)  # activated for that turn (the homeworld always is)
    base: str | None = key(TEXT, None)  # an orbital base
    blockaded: bool = key(Bool(), False, write="truthy")
    blockaded_by: str | None = key(TEXT, None, write="truthy")  # the leader whose fleet blockades it (A7)


PLANET = Record.of(PlanetState, "[system.planet]")


@dataclass
class Monster:
    kind: str = key(TEXT)
    great: bool = key(Bool(), False)
    guards: str | None = key(TEXT, None, doc="the positive event gained once it is destroyed")


MONSTER = Record.of(Monster, "[system.monster]")


@dataclass(kw_only=True)
class System:
    hex: Hex = key(HexText())
    name: str = key(TEXT, "")
    discovery: str = key(TEXT, doc="`empty`, `asteroids`, `planet`, `orion`")
    owner: str | None = key(TEXT, None)
    explored_by: str | None = key(TEXT, None)
    explored_turn: int | None = key(ANY_TURN, None)
    homeworld_of: str | None = key(TEXT, None)
    events: list[str] = key(Strings(), factory=list, doc="the exploration events that happened there")
    guardian: bool = key(Bool(), False, write="truthy", doc="the Guardian of Orion stands there")  # A4.6
    # its toughness when damaged (None: whole)
    guardian_toughness: int | None = key(Int(0, 1000), None, doc="its toughness once damaged")
    planet: PlanetState | None = key(PLANET, None)
    monster: Monster | None = key(MONSTER, None)


SYSTEM = Record.of(System, "[[system]]", label="hex")


@dataclass(kw_only=True)
class OrionPlayer(Player):
    """A leader and its empire (docs/rules-orion.md A2)."""

    homeworld: Hex | None = key(HexText(), None, after="race", shown=EVERYONE)
    bc: int = key(Int(*COUNT), 0, shown=LEADER)
    orders: int = key(Int(*SMALL), 0, shown=LEADER)
    fleet_size: int = key(Int(0, 100), 1, shown=LEADER)
    fleet_max: int = key(Int(0, 100), 2, shown=LEADER)
    feudal: bool = key(Bool(), False, shown=LEADER)
    scouts: int = key(Int(*SMALL), 1, shown=LEADER)
    colony_ships: int = key(Int(*SMALL), 1, shown=LEADER)
    secret_ops: int = key(Int(0, 100), 0, shown=LEADER)  # Secret Operations level (A10)
    agent_limit: int = key(Int(0, 100), 0, shown=LEADER)  # how many agents it may keep (starts at 0, A10)
    # What the moderator still has to hand out: technologies, a derelict ship …
    awards: list[AwardEntry] = key(
        ListOf(Award()), factory=list, doc="what the moderator still has to hand out", shown=LEADER
    )
    # Private news for this leader's next report: {"turn", "kind", …}
    inbox: list[InboxEntry] = key(
        ListOf(INBOX), factory=list, doc="private news for the leader's next report", shown=LEADER
    )
    rp: int = key(Int(*COUNT), 0, shown=LEADER)  # research points accumulated
    hand: list[str] = key(Strings(), factory=list, doc="event cards held (secret)", shown=LEADER)
    # event cards a short deal still owes it (A11): `deck deal` deals them
    cards_owed: int = key(Int(*SMALL), 0, write="truthy", doc="event cards a short deal still owes (`deck deal`)")
    quests_done: list[str] = key(Strings(), factory=list)
    # combat ships by class (and modules)
    ships: ShipCounts = key(Ships(), factory=ShipCounts, write="truthy", doc="combat ships by class", shown=LEADER)
    builds: list[BuildEntry] = key(ListOf(BUILD), factory=list, doc="build orders for the next production")
    # research ordered this turn (technology ids, "all_sciences", "victory"), settled in order
    # after production from the RP banked and just made (docs/rules-orion.md A13.1, wave 4)
    research: list[str] = key(
        Strings(),
        factory=list,
        write="truthy",
        doc="research ordered this turn (technology ids, `all_sciences`, `victory`), settled after production",
    )
    scrap_refund: int = key(Int(*COUNT), 0, write="truthy")  # BC refunded at the next production (A6)
    all_sciences: bool = key(Bool(), False, write="truthy")  # every science researched (technology victory, A12)
    tech_rp: int = key(Int(*COUNT), 0, write="truthy")  # RP made since then
    fleet_changed_turn: int | None = key(Int(*TURN), None)
    # handed out by the moderator (award apply)
    technologies: list[str] = key(Strings(), factory=list, shown=LEADER)
    # Ships that explored a hex in turn ``moved_turn`` (a ship's move ends there, A4): ship → count.
    moved: dict[str, int] = key(
        MapOf(Int(*SMALL), "SHIP"), factory=dict, write="truthy", doc="ships that explored a hex in turn `moved_turn`"
    )
    moved_turn: int | None = key(Int(*TURN), None, write=lambda p: bool(p.moved) and p.moved_turn is not None)
    # the ship a request to explore Orion holds (A4.6: the moderator resolves it), in turn ``orion_turn``
    orion_ship: str | None = key(
        TEXT, None, doc="the ship the leader's request to explore Orion holds in turn `orion_turn`"
    )
    orion_turn: int | None = key(Int(*TURN), None)

    def home(self) -> Hex:
        """The homeworld's hex: every orion leader has one."""
        if self.homeworld is None:
            raise CampaignError(key="campaign.no_homeworld", name=self.name)
        return self.homeworld


PLAYER = Record.of(OrionPlayer, "[[player]]", label="name")
# A leader's whole-number fields and their ranges, as its declarations give them: a rule that
# adds to one (a grant) asks here before it does, as every save's read-back does.
PLAYER_RANGES: dict[str, tuple[int, int]] = {
    k.name: (k.check.low, k.check.high) for k in PLAYER.keys if isinstance(k.check, Int)
}


@dataclass
class Agent:
    name: str = key(TEXT)
    owner: str = key(TEXT)
    specialities: list[str] = key(Strings(), missing=[])
    used_turn: int | None = key(ANY_TURN, None)  # one activation per agent per turn
    hired_turn: int = key(ANY_TURN, 1)


AGENT = Record.of(Agent, "[[agent]]", label="name")

# A treaty's course (docs/rules-orion.md A6, treaties, wave 4): proposed, then in force once
# every party confirms it; refused by a party, ended by all parties' confirmation, or broken
# by one party alone (1 order)
TREATY_STATUSES = ("proposed", "in_force", "refused", "ended", "broken")


@dataclass
class Treaty:
    """A treaty between leaders: their own text, which gmtool records and never enforces."""

    id: int = key(Int(1, 100_000))
    text: str = key(TEXT, doc="the leaders' own words")
    parties: list[str] = key(Strings(), doc="its leaders, the one who proposed it first")
    public: bool = key(Bool(), False, doc="told in the public post (else only to its parties)")
    status: str = key(Choice(TREATY_STATUSES), "proposed", doc="where it stands")
    confirmed: list[str] = key(Strings(), factory=list, doc="the parties that confirmed it")
    ending: list[str] = key(Strings(), factory=list, write="truthy", doc="the parties that confirmed its end")
    turn: int = key(ANY_TURN, 1, doc="the turn it was proposed")
    since: int | None = key(ANY_TURN, None, doc="the turn it came into force, or was refused, ended or broken")
    by: str | None = key(TEXT, None, doc="the party that refused or broke it")


TREATY = Record.of(Treaty, "[[treaty]]", label="id")


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
        Key("then", Strings(), doc="the leaders the chair names after `target`, in its order, for a tie (A9)"),
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


@dataclass
class Council:
    chair: str | None = key(TEXT, None)
    laws: list[LawEntry] = key(ListOf(LAW), factory=list)
    bans: list[BanEntry] = key(ListOf(BAN), factory=list)  # one-off bills' rules for a turn (A9)
    vote: VoteEntry | None = key(VOTE, None)  # the open vote
    election: ElectionEntry | None = key(ELECTION, None)  # the open election
    last_tally: dict[str, Any] | None = key(TALLY, None)
    emperor: str | None = key(TEXT, None)
    victory: VictoryEntry | None = key(VICTORY, None)


COUNCIL = Record.of(Council, "[council]")


def settle_activations(campaign: Any, old: Any) -> None:
    """A colony counts as active after ``campaign set activation`` exactly as before: from
    ``per-turn`` to ``persistent``, a colony activated in an earlier turn (inactive now) loses
    the mark that would make it active.  (From ``persistent`` to ``per-turn`` a colony
    activated this turn stays active this turn; one activated earlier waits for activation.)"""
    game = campaign.game
    if old == "per-turn" and game.activation == "persistent":
        for system in game.systems:
            planet = system.planet
            if planet is not None and planet.active_turn is not None and planet.active_turn != campaign.turn:
                planet.active_turn = None


@dataclass(kw_only=True)
class OrionState(GameState):
    """Orion's part of a campaign: its settings, the galaxy, the Council, the decks, the
    quests of the turn (each key where campaign.toml has always had it)."""

    orders_per_turn: int = key(Int(*SMALL), 0, section="settings", write="always", after="seed", shown=EVERYONE)
    # A4 (wave 3): from stage 2, how far from its planets and own explorations a leader explores
    explore_range: int = key(
        Int(*EXPLORE_RANGES),
        1,
        section="settings",
        write=lambda g: g.explore_range != 1,
        doc="A4: from stage 2 a leader explores within this distance of its planets and its own explorations",
        setting=Setting("explore-range", clear=True),
        shown=EVERYONE,
        after="replace_after",
    )
    # A6 (wave 3): "persistent" — an activated colony stays active until blockaded or captured;
    # "per-turn" — activated for one turn (the earlier reading; a file without the key)
    activation: str = key(
        Choice(ACTIVATIONS),
        "persistent",
        missing="per-turn",
        section="settings",
        write="always",
        doc="A6: `persistent` (a colony stays active until blockaded or captured; new campaigns) or "
        "`per-turn` (active for the turn it is activated; a file written without the key)",
        setting=Setting("activation", then=settle_activations),
        shown=EVERYONE,
    )
    radius: int = key(Int(0, 100), section="galaxy", doc="every hex within this distance of Orion")
    orion: Hex = key(HexText(), Hex(0, 0), section="galaxy", write="always")
    # leaders who left the game (`player drop`): explorations and homeworlds keep their names
    former_leaders: list[str] = key(
        Strings(),
        factory=list,
        write="truthy",
        doc="leaders who left the game (`player drop`): explorations and homeworlds keep their names",
        after="rooms",
    )
    systems: list[System] = key(ListOf(SYSTEM), factory=list, name="system", after="player")
    agents: list[Agent] = key(ListOf(AGENT), factory=list, name="agent")
    treaties: list[Treaty] = key(
        ListOf(TREATY),
        factory=list,
        name="treaty",
        write="truthy",
        doc="the leaders' treaties (A6): proposed, in force, refused, ended or broken",
    )
    decks: dict[str, Deck] = key(MapOf(DECK, "NAME"), factory=dict, write="truthy")
    council: Council = key(COUNCIL, factory=Council, write=lambda g: bool(COUNCIL.write(g.council)))
    token: str | None = key(TEXT, None, section="turn_state", after="started")  # the first-turn token (from turn 7)
    quests: list[str] = key(Strings(), factory=list, section="turn_state")  # announced, still open
    # quest → leaders, this turn
    completions: dict[str, list[str]] = key(
        MapOf(Strings(), "QUEST"),
        factory=dict,
        section="turn_state",
        write="truthy",
        doc="quest → the leaders who completed it",
    )

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

    def homeworld(self, player: OrionPlayer) -> System:
        system = self.system(player.homeworld) if player.homeworld is not None else None
        if system is None:
            raise CampaignError(key="campaign.homeworld_missing", name=player.name, hex=player.homeworld)
        return system

    def home_planet(self, player: OrionPlayer) -> PlanetState:
        """The planet of ``player``'s homeworld."""
        system = self.homeworld(player)
        if system.planet is None:
            raise CampaignError(key="campaign.homeworld_no_planet", name=player.name, hex=system.hex)
        return system.planet


OrionCampaign = Campaign[OrionState, OrionPlayer]

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
    return list(keys)


HEX, LEADERS, OWNER = (
    Key("hex", HexText(as_text=True), REQUIRED),
    Key("leaders", Strings(), REQUIRED),
    Key("owner", TEXT),
)
REASON, SHIP_KEY = Key("reason", TEXT), Key("ship", TEXT, REQUIRED)
QUEST = [Key("quest", TEXT, REQUIRED), Key("table", TEXT)]
# The data of each kind of orion's turn log (rules/orion: note(...)): what its report line reads
# (its one line: gmtool/report/records.py LINES; tests/test_log_kinds.py holds them to each other).
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
    "bribe_paid": _log(Key("bc", Int(), REQUIRED), Key("changes", CHANGES)),
    **{
        kind: _log(
            Key("bill", TEXT, REQUIRED),
            Key("law", Bool()),
            Key("changes", MapOf(CHANGES, "LEADER")),
            Key("rules", Strings()),
            Key("text", Bool()),
            Key("repealed", TEXT),
            Key("tied", Strings()),
            *[Key(k, TEXT) for k in ("chosen_by", "kept_by", "seated_after")],
            Key("passed_over", Strings()),
            Key("for_turn", ANY_TURN),
        )
        for kind in ("bill_enacted", "law_applied")
    },
    "law_forbade": _log(Key("bill", TEXT, REQUIRED), Key("rule", TEXT)),
    "bc_given": _log(LEADERS, Key("to", TEXT, REQUIRED), Key("bc", Int(), REQUIRED)),
    **{
        kind: _log(LEADERS, Key("treaty", Int(), REQUIRED), Key("text", TEXT), Key("treaty_public", Bool()))
        for kind in ("treaty_signed", "treaty_refused", "treaty_ended", "treaty_broken")
    },
    "agent_hired": _log(
        Key("agent", TEXT, REQUIRED),
        Key("specialities", Strings()),
        Key("n", Int(), REQUIRED),
        Key("limit", Int(), REQUIRED),
    ),
    "agent_check": _log(
        Key("agent", TEXT, REQUIRED),
        Key("ability", TEXT, REQUIRED),
        Key("target", TEXT),
        Key("outcome", TEXT, REQUIRED),
    ),
    "ship_refitted": _log(
        HEX,
        SHIP_KEY,
        Key("number", Int()),
        Key("modules", Strings(), REQUIRED),
        Key("before", Strings()),
        Key("cost", Int()),
    ),
    "modules_improved": _log(Key("modules", Strings(), REQUIRED)),
}


ORION_STATE = GameSchema(
    OrionState,
    OrionPlayer,
    sections={"galaxy": True},
    log_kinds=log_records(LOG_KINDS),
    more_records=(CHANGE,),
)
