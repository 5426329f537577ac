"""The state of a campaign, and its TOML shape (``campaign.toml``).

Plain dataclasses; :func:`campaign_from_dict` checks every field and names the place of
a mistake (``player 2: bc must be a whole number``) so a hand-edited file gets a clear
message, and :func:`campaign_to_dict` writes only what is set (TOML has no null).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from gmtool.campaign.hexes import Hex
from gmtool.errors import CampaignError, InputError
from gmtool.formats import FORMATS, LANGS, POST_LIMITS
from gmtool.locale import Msg

SCHEMA_VERSION = 1
# Support ships a leader counts (not combat ships): ship class → Player attribute.
SUPPORT_SHIPS = {"scout": "scouts", "colony_ship": "colony_ships"}
# Ranges checked on load (a hand edit, a forged file): every whole number is bounded.
MAX_INT = 10 ** 9            # any count of BC, RP, credits…
MAX_TURN = 10_000
MAX_COORD = 1000             # hex coordinates
COUNT = (0, MAX_INT)
TURN = (0, MAX_TURN)
SMALL = (0, 10_000)          # ships, agents, population…
# A leader's whole-number fields and their ranges. The one definition: the loader checks them,
# every save reads back what it writes through the loader (store.CampaignStore.encode), and a
# rule that adds to one (a grant) may ask here before it does.
PLAYER_RANGES: dict[str, tuple[int, int]] = {
    "bc": COUNT, "orders": SMALL, "fleet_size": (0, 100), "fleet_max": (0, 100), "scouts": SMALL,
    "colony_ships": SMALL, "secret_ops": (0, 100), "agent_limit": (0, 100), "rp": COUNT,
    "fleet_changed_turn": TURN, "scrap_refund": COUNT, "tech_rp": COUNT, "moved_turn": TURN,
}


@dataclass
class PlanetState:
    type: str
    size: str
    properties: list[str] = field(default_factory=list)
    max_population: int = 1
    production: int = 0
    population: int = 0
    buildings: list[str] = field(default_factory=list)
    scientists: int = 0              # the rest of the colonists work (A6 decision)
    active_turn: int | None = None   # activated for that turn (the homeworld always is)
    base: str | None = None          # an orbital base
    blockaded: bool = False
    blockaded_by: str | None = None  # the leader whose fleet blockades it (A7)


@dataclass
class Monster:
    kind: str
    great: bool = False
    guards: str | None = None      # the positive event gained once it is destroyed


@dataclass
class System:
    hex: Hex
    discovery: str                 # empty | asteroids | planet | orion
    planet: PlanetState | None = None
    owner: str | None = None
    explored_by: str | None = None
    explored_turn: int | None = None
    homeworld_of: str | None = None
    monster: Monster | None = None
    guardian: bool = False         # the Guardian of Orion (RULES.md A4.6)
    guardian_toughness: int | None = None   # its toughness when damaged (None: whole)
    events: list[str] = field(default_factory=list)
    name: str = ""


@dataclass
class Player:
    name: str
    homeworld: Hex | None = None     # orion; a venus merchant has none
    bc: int = 0
    orders: int = 0
    fleet_size: int = 1
    fleet_max: int = 2
    feudal: bool = False
    scouts: int = 1
    colony_ships: int = 1
    race: str = ""
    secret_ops: int = 0            # Secret Operations level (RULES.md A10)
    agent_limit: int = 0           # how many agents it may keep (starts at 0, A10)
    # What the moderator still has to hand out: technologies, a derelict ship …
    awards: list[dict[str, Any]] = field(default_factory=list)
    # Private news for this leader's next report: {"turn", "kind", …}
    inbox: list[dict[str, Any]] = field(default_factory=list)
    rp: int = 0                      # research points accumulated
    ships: dict[str, int] = field(default_factory=dict)    # combat ships by class
    builds: list[dict[str, Any]] = field(default_factory=list)   # orders for this production: {item, hex}
    scrap_refund: int = 0            # BC refunded at the next production (A6)
    all_sciences: bool = False       # every science researched (technology victory, A12)
    tech_rp: int = 0                 # RP made since then
    hand: list[str] = field(default_factory=list)          # event cards, hidden
    quests_done: list[str] = field(default_factory=list)
    fleet_changed_turn: int | None = None
    # Ships that explored a hex in turn ``moved_turn`` (a ship's move ends there, A4): ship → count.
    moved: dict[str, int] = field(default_factory=dict)
    moved_turn: int | None = None
    technologies: list[str] = field(default_factory=list)  # handed out by the moderator (award apply)
    vacant: bool = False             # the leader left; its empire waits for a replacement
    lang: str = ""                   # the language of its private reports ("": the campaign's)

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
    used_turn: int | None = None   # one activation per agent per turn
    hired_turn: int = 1


@dataclass
class Deck:
    """A card deck: the draw pile top first, and the discard pile."""

    draw: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)


@dataclass
class Council:
    chair: str | None = None
    laws: list[dict[str, Any]] = field(default_factory=list)      # {"id", "turn"}
    vote: dict[str, Any] | None = None       # the open vote: {"turn", "options", "bill", "ballots"}
    election: dict[str, Any] | None = None   # the open election: {"turn", "ballots"}
    last_tally: dict[str, Any] | None = None
    emperor: str | None = None
    victory: dict[str, Any] | None = None


@dataclass
class Merchant:
    """A Merchant of Venus player's ship and money (RULES.md part B)."""

    credits: int = 0
    ship: str = "scout"
    position: str = "galactic-base"
    net_worth: int = 0


@dataclass
class VenusState:
    """Merchant of Venus (RULES.md part B): whose turn, its phase, the board's hidden cards."""

    first_player: str = ""
    current: str = ""
    phase: str = "movement"            # movement | first_contact | operations
    heading: str | None = None         # declared destination for this turn's move
    moved: bool = False                # the speed roll of this turn is made
    speed_dice: list[int] = field(default_factory=list)   # this turn's speed dice, in roll order
    navigation: int | None = None      # 1-based index of the speed die assigned to navigation
    merchants: dict[str, Merchant] = field(default_factory=dict)
    first_contact: dict[str, str] = field(default_factory=dict)   # system → card, face down
    revealed: list[str] = field(default_factory=list)             # systems whose card is face up
    encounters: dict[str, str] = field(default_factory=dict)      # encounter space → token, face down
    winner: str | None = None


@dataclass
class TurnState:
    """Where the campaign stands in its turn (RULES.md A3, A11)."""

    started: int = 0                  # the last turn `turn start` ran for
    token: str | None = None          # the first-turn token (from turn 7)
    quests: list[str] = field(default_factory=list)        # announced, still open
    completions: dict[str, list[str]] = field(default_factory=dict)   # quest → leaders, this turn
    victory: dict[str, Any] | None = None
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
    dialect: str | None = None       # the forum's BBCode dialect (tables/forums), else phpbb
    post_limit: int | None = None    # split posts longer than this, else the dialect's limit
    turn: int = 1
    stage: int = 1
    seed: int | None = None
    orion: Hex = Hex(0, 0)
    orders_per_turn: int = 0
    revealed_secret: str | None = None
    agents: list[Agent] = field(default_factory=list)
    decks: dict[str, Deck] = field(default_factory=dict)
    council: Council = field(default_factory=Council)
    turn_state: TurnState = field(default_factory=TurnState)
    venus: VenusState | None = None
    last_roll_id: int = 0            # the journal's last id when the state was last saved
    journal_hash: str = ""           # the journal's running hash then (every report's mark is keyed from it)
    # the key of the published marks (journal.mark_key of the secret), set by the store when the
    # secret is at hand; never saved, and None prints no mark
    mark_key: bytes | None = field(default=None, repr=False, compare=False)
    schema_version: int = SCHEMA_VERSION

    @property
    def victory(self) -> dict[str, Any] | None:
        if self.venus is not None and self.venus.winner:
            return {"kind": "net_worth", "leader": self.venus.winner, "turn": self.turn}
        # The game ends at the turn end (A3, A12): an Emperor elected mid-turn
        # (council.victory) wins when that turn ends, not before.
        return self.turn_state.victory

    def player(self, name: str) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise InputError(key="campaign.unknown_player", name=name, known=[p.name for p in self.players])

    def agent(self, name: str) -> Agent:
        for agent in self.agents:
            if agent.name.casefold() == name.casefold():
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


# ------------------------------------------------------------------------- to TOML

def _drop_none(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None and v != [] and v != ""}


def _no_nulls(value: Any) -> Any:
    """TOML has no null: drop None from nested tables and lists of tables."""
    if isinstance(value, dict):
        return {k: _no_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_no_nulls(v) for v in value if v is not None]
    return value


def campaign_to_dict(c: Campaign) -> dict[str, Any]:
    return _no_nulls(_drop_none({
        "schema_version": c.schema_version,
        "last_roll_id": c.last_roll_id or None,
        "journal_hash": c.journal_hash or None,
        "name": c.name,
        "ruleset": c.ruleset,
        "lang": c.lang,
        "format": c.format,
        "dialect": c.dialect,
        "post_limit": c.post_limit,
        "turn": c.turn,
        "stage": c.stage,
        "seed": c.seed,
        "settings": {"orders_per_turn": c.orders_per_turn},
        "galaxy": {"radius": c.radius, "orion": str(c.orion)},
        "verification": _drop_none({"commitment": c.commitment, "revealed_secret": c.revealed_secret}),
        "player": [_drop_none({
            "name": p.name, "race": p.race, "homeworld": str(p.homeworld) if p.homeworld else None, "bc": p.bc,
            "orders": p.orders, "fleet_size": p.fleet_size, "fleet_max": p.fleet_max,
            "feudal": p.feudal, "scouts": p.scouts, "colony_ships": p.colony_ships,
            "secret_ops": p.secret_ops, "agent_limit": p.agent_limit,
            "awards": p.awards, "inbox": p.inbox, "rp": p.rp, "hand": p.hand, "quests_done": p.quests_done,
            "ships": p.ships or None, "builds": p.builds, "scrap_refund": p.scrap_refund or None,
            "all_sciences": p.all_sciences or None, "tech_rp": p.tech_rp or None,
            "fleet_changed_turn": p.fleet_changed_turn, "technologies": p.technologies,
            "moved": p.moved or None, "moved_turn": p.moved_turn if p.moved else None,
            "vacant": p.vacant or None, "lang": p.lang or None,
        }) for p in c.players],
        "system": [_system_to_dict(s) for s in c.systems],
        "agent": [_drop_none({"name": a.name, "owner": a.owner, "specialities": a.specialities,
                              "used_turn": a.used_turn, "hired_turn": a.hired_turn}) for a in c.agents],
        "decks": {name: {"draw": d.draw, "discard": d.discard} for name, d in c.decks.items()} or None,
        "council": _drop_none({
            "chair": c.council.chair, "laws": c.council.laws, "vote": c.council.vote,
            "election": c.council.election, "last_tally": c.council.last_tally,
            "emperor": c.council.emperor, "victory": c.council.victory,
        }) or None,
        "turn_state": _drop_none({
            "started": c.turn_state.started, "token": c.turn_state.token, "quests": c.turn_state.quests,
            "completions": c.turn_state.completions or None, "victory": c.turn_state.victory,
            "log": c.turn_state.log,
        }),
        "venus": _venus_to_dict(c.venus) if c.venus is not None else None,
    }))


def _venus_to_dict(v: VenusState) -> dict[str, Any]:
    return _drop_none({
        "first_player": v.first_player, "current": v.current, "phase": v.phase, "heading": v.heading,
        "moved": v.moved, "winner": v.winner, "revealed": v.revealed,
        "speed_dice": v.speed_dice or None, "navigation": v.navigation,
        "merchants": {name: {"credits": m.credits, "ship": m.ship, "position": m.position, "net_worth": m.net_worth}
                      for name, m in v.merchants.items()},
        "first_contact": v.first_contact or None, "encounters": v.encounters or None,
    })


def _system_to_dict(s: System) -> dict[str, Any]:
    data = _drop_none({
        "hex": str(s.hex), "name": s.name, "discovery": s.discovery, "owner": s.owner,
        "explored_by": s.explored_by, "explored_turn": s.explored_turn,
        "homeworld_of": s.homeworld_of, "events": s.events,
    })
    if s.guardian:
        data["guardian"] = True
    if s.guardian_toughness is not None:
        data["guardian_toughness"] = s.guardian_toughness
    if s.planet is not None:
        p = s.planet
        data["planet"] = _drop_none({
            "type": p.type, "size": p.size, "properties": p.properties,
            "max_population": p.max_population, "production": p.production,
            "population": p.population, "buildings": p.buildings, "scientists": p.scientists,
            "active_turn": p.active_turn, "base": p.base,
        })
        if p.blockaded:
            data["planet"]["blockaded"] = True
        if p.blockaded_by:
            data["planet"]["blockaded_by"] = p.blockaded_by
    if s.monster is not None:
        data["monster"] = _drop_none({"kind": s.monster.kind, "great": s.monster.great,
                                      "guards": s.monster.guards})
    return data


# ----------------------------------------------------------------------- from TOML

_MISSING = object()


class _Reader:
    """Typed access to a TOML table with messages that say where."""

    def __init__(self, data: Any, where: str, fail: Callable[[Msg], Exception]) -> None:
        if not isinstance(data, dict):
            raise fail(Msg("error.file.not_table", where=where) if where else Msg("error.file.file_not_table"))
        self.data, self.where, self.fail = data, where, fail
        self.used: set[str] = set()

    def _name(self, key: str) -> str:
        return f"{self.where}: {key}" if self.where else key

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = _MISSING,
            span: tuple[int, int] = (-MAX_INT, MAX_INT)) -> Any:
        """The value at ``key``, of ``kind``; a whole number must lie within ``span``."""
        self.used.add(key)
        if key not in self.data:
            if default is _MISSING:
                raise self.fail(Msg("error.file.missing", name=self._name(key)))
            return default
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            raise self.fail(Msg("error.file.wrong_kind", name=self._name(key), kind=_kind_name(kinds), value=_short(value)))
        if not isinstance(value, kinds):
            raise self.fail(Msg("error.file.wrong_kind", name=self._name(key), kind=_kind_name(kinds), value=_short(value)))
        if isinstance(value, int) and not isinstance(value, bool) and not span[0] <= value <= span[1]:
            raise self.fail(Msg("error.file.out_of_range", name=self._name(key), value=_short(value), low=span[0], high=span[1]))
        return value

    def hex(self, key: str, default: Any = _MISSING) -> Any:
        raw = self.get(key, str, default)
        if raw is default and default is not _MISSING:
            return default
        try:
            hex_ = Hex.parse(raw)
        except InputError:
            raise self.fail(Msg("error.file.bad_hex", name=self._name(key), value=_short(raw))) from None
        if max(abs(hex_.q), abs(hex_.r)) > MAX_COORD:
            raise self.fail(Msg("error.file.hex_range", name=self._name(key), value=_short(raw), max=MAX_COORD))
        return hex_

    def strings(self, key: str) -> list[str]:
        value = self.get(key, list, [])
        if not all(isinstance(v, str) for v in value):
            raise self.fail(Msg("error.file.not_strings", name=self._name(key)))
        return list(value)

    def table(self, key: str) -> "_Reader | None":
        """The table at ``key``, None when there is none."""
        if key not in self.data:
            self.used.add(key)
            return None
        return self.entry(key)

    def entry(self, key: str) -> "_Reader":
        """The table at ``key``, which must be there (one of a table of tables)."""
        return _Reader(self.get(key, dict), self._name(key), self.fail)

    def done(self) -> None:
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise self.fail(Msg("error.file.unknown_key", name=self._name(unknown[0])))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind_name(kinds: tuple[type, ...]) -> Msg | str:
    names = {int: "int", str: "str", bool: "bool", list: "list", dict: "dict"}
    words: list[Msg | str] = [Msg("error.file.kind_" + names[k]) if k in names else k.__name__ for k in kinds]
    return words[0] if len(words) == 1 else Msg("error.file.or_list", items=words[:-1], last=words[-1])


def _where(what: str, i: int, raw: Any, key: str, named: bool) -> str:
    """``player 2``; ``named``: ``player 2 (bob)`` (a leader, an agent, a system's hex)."""
    if named and isinstance(raw, dict) and isinstance(raw.get(key), str):
        return f"{what} {i} ({raw[key][:40]})"
    return f"{what} {i}"


def campaign_from_dict(data: dict[str, Any], fail: Callable[[Msg], Exception], *, named: bool = False) -> Campaign:
    """The campaign ``data`` holds, every field checked (``fail`` makes the error of a
    mistake).  ``named``: a place names its leader, agent or hex too (``player 2 (bob): bc``),
    as a save that would write a value the loader refuses says it."""
    top = _Reader(data, "", fail)
    version = top.get("schema_version", int, span=(0, 1000))
    if version != SCHEMA_VERSION:
        raise fail(Msg("error.file.schema", version=version, supported=SCHEMA_VERSION))
    settings = top.table("settings")
    galaxy = top.table("galaxy")
    if galaxy is None:
        raise fail(Msg("error.file.no_section", section="galaxy"))
    verification = top.table("verification")
    if verification is None:
        raise fail(Msg("error.file.no_section", section="verification"))
    campaign = Campaign(
        name=top.get("name", str),
        radius=galaxy.get("radius", int, span=(0, 100)),
        commitment=verification.get("commitment", str),
        revealed_secret=verification.get("revealed_secret", str, None),
        orion=galaxy.hex("orion", Hex(0, 0)),
        ruleset=top.get("ruleset", str, "orion"),
        lang=top.get("lang", str, "en"),
        format=top.get("format", str, "plain"),
        dialect=top.get("dialect", str, None),
        post_limit=top.get("post_limit", int, None, POST_LIMITS),
        turn=top.get("turn", int, 1, (1, MAX_TURN)),
        stage=top.get("stage", int, 1, (1, 3)),
        seed=top.get("seed", int, None, (-2 ** 63, 2 ** 64)),
        orders_per_turn=settings.get("orders_per_turn", int, 0, SMALL) if settings else 0,
        last_roll_id=top.get("last_roll_id", int, 0, COUNT),
        journal_hash=top.get("journal_hash", str, ""),
        schema_version=version,
    )
    for reader in (settings, galaxy, verification):
        if reader:
            reader.done()
    if campaign.lang not in LANGS:
        raise fail(Msg("error.file.bad_choice", name="lang", known=list(LANGS), value=campaign.lang))
    if campaign.format not in FORMATS:
        raise fail(Msg("error.file.bad_choice", name="format", known=list(FORMATS), value=campaign.format))
    R = PLAYER_RANGES
    for i, raw in enumerate(top.get("player", list, []), start=1):
        r = _Reader(raw, _where("player", i, raw, "name", named), fail)
        campaign.players.append(Player(
            name=r.get("name", str), homeworld=r.hex("homeworld", None), race=r.get("race", str, ""),
            bc=r.get("bc", int, 0, R["bc"]), orders=r.get("orders", int, 0, R["orders"]),
            fleet_size=r.get("fleet_size", int, 1, R["fleet_size"]), fleet_max=r.get("fleet_max", int, 2, R["fleet_max"]),
            feudal=r.get("feudal", bool, False), scouts=r.get("scouts", int, 1, R["scouts"]),
            colony_ships=r.get("colony_ships", int, 1, R["colony_ships"]), awards=list(r.get("awards", list, [])),
            secret_ops=r.get("secret_ops", int, 0, R["secret_ops"]),
            agent_limit=r.get("agent_limit", int, 0, R["agent_limit"]),
            inbox=list(r.get("inbox", list, [])), rp=r.get("rp", int, 0, R["rp"]), hand=r.strings("hand"),
            quests_done=r.strings("quests_done"),
            fleet_changed_turn=r.get("fleet_changed_turn", int, None, R["fleet_changed_turn"]),
            ships=_counts(r, "ships"), builds=list(r.get("builds", list, [])),
            scrap_refund=r.get("scrap_refund", int, 0, R["scrap_refund"]),
            all_sciences=r.get("all_sciences", bool, False),
            tech_rp=r.get("tech_rp", int, 0, R["tech_rp"]), technologies=r.strings("technologies"),
            vacant=r.get("vacant", bool, False), lang=r.get("lang", str, ""),
            moved=_counts(r, "moved"), moved_turn=r.get("moved_turn", int, None, R["moved_turn"]),
        ))
        r.done()
    for i, raw in enumerate(top.get("agent", list, []), start=1):
        r = _Reader(raw, _where("agent", i, raw, "name", named), fail)
        campaign.agents.append(Agent(name=r.get("name", str), owner=r.get("owner", str),
                                     specialities=r.strings("specialities"),
                                     used_turn=r.get("used_turn", int, None, TURN), hired_turn=r.get("hired_turn", int, 1, TURN)))
        r.done()
    decks = top.table("decks")
    if decks is not None:
        for name in list(decks.data):
            d = decks.entry(name)
            campaign.decks[name] = Deck(draw=d.strings("draw"), discard=d.strings("discard"))
            d.done()
        decks.done()
    council = top.table("council")
    if council is not None:
        campaign.council = Council(
            chair=council.get("chair", str, None), laws=list(council.get("laws", list, [])),
            vote=council.get("vote", dict, None), election=council.get("election", dict, None),
            last_tally=council.get("last_tally", dict, None), emperor=council.get("emperor", str, None),
            victory=council.get("victory", dict, None))
        council.done()
    venus = top.table("venus")
    if venus is not None:
        merchants = {}
        raw_m = venus.table("merchants")
        if raw_m is not None:
            for name in list(raw_m.data):
                m = raw_m.entry(name)
                merchants[name] = Merchant(credits=m.get("credits", int, 0, (-MAX_INT, MAX_INT)), ship=m.get("ship", str, "scout"),
                                           position=m.get("position", str, "galactic-base"),
                                           net_worth=m.get("net_worth", int, 0, (-MAX_INT, MAX_INT)))
                m.done()
            raw_m.done()
        speed_dice = venus.get("speed_dice", list, [])
        if not all(isinstance(d, int) and not isinstance(d, bool) for d in speed_dice):
            raise fail(Msg("error.file.speed_dice"))
        campaign.venus = VenusState(
            first_player=venus.get("first_player", str, ""), current=venus.get("current", str, ""),
            phase=venus.get("phase", str, "movement"), heading=venus.get("heading", str, None),
            moved=venus.get("moved", bool, False), merchants=merchants,
            speed_dice=list(speed_dice),
            navigation=venus.get("navigation", int, None),
            first_contact=dict(venus.get("first_contact", dict, {})), revealed=venus.strings("revealed"),
            encounters=dict(venus.get("encounters", dict, {})), winner=venus.get("winner", str, None))
        venus.done()
    ts = top.table("turn_state")
    if ts is not None:
        completions = ts.get("completions", dict, {})
        campaign.turn_state = TurnState(
            started=ts.get("started", int, 0, TURN), token=ts.get("token", str, None), quests=ts.strings("quests"),
            completions={k: list(v) for k, v in completions.items()}, victory=ts.get("victory", dict, None),
            log=list(ts.get("log", list, [])))
        ts.done()
    for i, raw in enumerate(top.get("system", list, []), start=1):
        campaign.systems.append(_system_from(_Reader(raw, _where("system", i, raw, "hex", named), fail)))
    top.done()
    return campaign


def _counts(r: _Reader, key: str) -> dict[str, int]:
    """A table of whole counts, e.g. ships by class."""
    table = r.table(key)
    if table is None:
        return {}
    out = {name: table.get(name, int, span=SMALL) for name in list(table.data)}
    table.done()
    return out


def _system_from(r: _Reader) -> System:
    system = System(
        hex=r.hex("hex"), discovery=r.get("discovery", str), name=r.get("name", str, ""),
        owner=r.get("owner", str, None), explored_by=r.get("explored_by", str, None),
        explored_turn=r.get("explored_turn", int, None, TURN), homeworld_of=r.get("homeworld_of", str, None),
        guardian=r.get("guardian", bool, False), events=r.strings("events"),
        guardian_toughness=r.get("guardian_toughness", int, None, (0, 1000)),
    )
    planet = r.table("planet")
    if planet is not None:
        system.planet = PlanetState(
            type=planet.get("type", str), size=planet.get("size", str),
            properties=planet.strings("properties"), max_population=planet.get("max_population", int, span=SMALL),
            production=planet.get("production", int, span=(-10_000, 10_000)),
            population=planet.get("population", int, 0, SMALL),
            buildings=planet.strings("buildings"), scientists=planet.get("scientists", int, 0, SMALL),
            active_turn=planet.get("active_turn", int, None, TURN), base=planet.get("base", str, None),
            blockaded=planet.get("blockaded", bool, False), blockaded_by=planet.get("blockaded_by", str, None),
        )
        planet.done()
    monster = r.table("monster")
    if monster is not None:
        system.monster = Monster(kind=monster.get("kind", str), great=monster.get("great", bool, False),
                                 guards=monster.get("guards", str, None))
        monster.done()
    r.done()
    return system
