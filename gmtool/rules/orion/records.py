"""What the moderator records, and what follows (docs/rules-orion.md A12 decision on battles, A6, A7, A9).

The seed gives no combat numbers: the moderator resolves battles and records their
outcome here — a monster slain, damage to the Guardian of Orion, a planet captured, a
blockade set or lifted, a ship won or lost, an award handed out — and gmtool applies
every consequence the rules give. Each function refuses what the rules forbid (with
:class:`RuleRefused`, before changing anything) and writes one entry in the turn's log,
public where the other leaders may know it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from gmtool.campaign.hexes import Hex
from gmtool.errors import InputError, RuleRefused
from gmtool.locale import Msg
from gmtool.rules.orion.campaign_explore import apply_gain
from gmtool.rules.orion.common import Logged, award_id, award_kind, ensure_not_over, note
from gmtool.rules.orion.exploration import gains
from gmtool.rules.orion.fleet import add_ship, remove_ship
from gmtool.rules.orion.production import blockade_deactivates
from gmtool.rules.orion.state import PLAYER_RANGES, AwardEntry, OrionCampaign, OrionPlayer, PlanetState, System

RECORDS_TABLE = "records"


def _system(campaign: OrionCampaign, hex_: Hex) -> System:
    system = campaign.game.system(hex_)
    if system is None or system.explored_by is None:
        raise RuleRefused(key="records.unexplored", hex=hex_)
    return system


# ------------------------------------------------------------------ what a record gives


@dataclass(slots=True)
class MonsterSlain(Logged):
    """A monster destroyed (A4.3, A4.6): the gains it guarded, as applied, and the RP of a
    surviving research ship (0: none)."""

    leader: str
    hex: str
    monster: str
    great: bool
    guards: str | None
    changes: list[dict[str, Any]]
    research_rp: int


@dataclass(slots=True)
class OrionDamaged(Logged):
    """Damage to the Guardian of Orion: its toughness before and after, of ``full``."""

    leader: str
    points: int
    before: int
    toughness: int
    full: int
    destroyed: bool


@dataclass(slots=True)
class BlockadeChanged(Logged):
    """A blockade set by ``leader`` or lifted (``leader``: the blockader, if known) (A7)."""

    leader: str | None
    hex: str
    owner: str | None
    lifted: bool


@dataclass(slots=True)
class PlanetCaptured(Logged):
    """A planet that changed hands with its population and buildings (A12)."""

    leader: str
    hex: str
    owner: str  # the leader who lost it
    homeworld_of: str | None
    population: int
    buildings: list[str]
    base: str | None  # an orbital base


@dataclass(slots=True)
class Granted(Logged):
    """BC and RP the moderator gave (or took: negative), and why."""

    leader: str
    bc: int
    rp: int
    reason: str
    public: bool


@dataclass(slots=True)
class ShipChanged(Logged):
    """A ship won (``gained``) or lost in a battle the moderator resolved."""

    leader: str
    ship: str
    gained: bool
    reason: str


@dataclass(slots=True)
class AwardApplied(Logged):
    """An award of the list handed out, or dropped with a reason (``dropped``)."""

    leader: str
    award: AwardEntry
    dropped: bool
    technologies: list[str] = field(default_factory=list)
    science: str | None = None
    reason: str | None = None  # why it was dropped


@dataclass(slots=True)
class AllSciences(Logged):
    """Every science researched: the flag the technology victory needs (A12)."""

    leader: str


# ------------------------------------------------------------------ monsters and Orion


def slay_monster(
    campaign: OrionCampaign, rules: Any, hex_: Hex, by: OrionPlayer, research_ship: bool = False
) -> MonsterSlain:
    """The monster at ``hex_`` is destroyed by ``by``'s fleet: the guarded gains are its at
    once (A4.3, A4.6); with a surviving research ship, 16 RP (24 for a great monster)."""
    ensure_not_over(campaign)
    system = _system(campaign, hex_)
    if system.guardian:
        raise RuleRefused(key="records.guardian_not_monster")
    if system.monster is None:
        raise RuleRefused(key="records.no_monster", hex=hex_)
    monster = system.monster
    changes: list[dict[str, Any]] = []
    if monster.guards:
        table = rules.library.get("positive-events", "orion")
        row = table.row(monster.guards)
        stage = rules.stage_of(system.explored_turn or campaign.turn)  # the stage the monster was met in
        for gain in gains(table, row, stage):
            changes += apply_gain(campaign, by, system, gain.name, gain.value, "", by.orders, library=rules.library)
    rp = 0
    if research_ship:
        sheet = rules.library.get(RECORDS_TABLE, "orion")
        rp = int(sheet.rule("research_module_rp_great" if monster.great else "research_module_rp"))
        by.rp += rp
    system.monster = None
    entry = note(
        campaign,
        "monster_slain",
        by.name,
        public=True,
        hex=str(hex_),
        monster=monster.kind,
        great=monster.great,
        guards=monster.guards,
        changes=changes,
        research_rp=rp or None,
    )
    return MonsterSlain(by.name, str(hex_), monster.kind, monster.great, monster.guards, changes, rp, entry=entry)


def damage_orion(campaign: OrionCampaign, rules: Any, by: OrionPlayer, points: int) -> OrionDamaged:
    """The Guardian of Orion loses ``points`` of toughness (17); at 0 it is destroyed and
    Orion can be colonised (A12 decision)."""
    ensure_not_over(campaign)
    if points < 1:
        raise InputError(key="records.points", points=points)
    system = campaign.game.system(campaign.game.orion)
    if system is None or not system.guardian:
        raise RuleRefused(key="records.guardian_destroyed")
    full = int(rules.guardian.rule("durability"))
    before = full if system.guardian_toughness is None else system.guardian_toughness
    after = max(0, before - points)
    system.guardian_toughness = after
    destroyed = after == 0
    if destroyed:
        system.guardian = False
        system.guardian_toughness = None
    entry = note(
        campaign,
        "orion_damaged",
        by.name,
        public=True,
        points=points,
        before=before,
        toughness=after,
        full=full,
        destroyed=destroyed,
    )
    return OrionDamaged(by.name, points, before, after, full, destroyed, entry=entry)


@dataclass(slots=True)
class GuardianRegained:
    """The Guardian's toughness before and after it regenerated at a turn's end (of ``full``)."""

    before: int
    toughness: int
    full: int

    def to_data(self) -> dict[str, Any]:
        return {"before": self.before, "toughness": self.toughness, "full": self.full}


@dataclass(slots=True)
class GuardianState:
    """The Guardian of Orion as the public post tells it: alive and its toughness of ``full``,
    or destroyed (toughness 0) and who holds Orion."""

    alive: bool
    toughness: int
    full: int
    owner: str | None = None  # told only once it is destroyed

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"alive": self.alive, "toughness": self.toughness, "full": self.full}
        if not self.alive:
            out["owner"] = self.owner
        return out


def regenerate_guardian(campaign: OrionCampaign, rules: Any) -> GuardianRegained | None:
    """At each turn end the Guardian regains 3 toughness, never above 17."""
    system = campaign.game.system(campaign.game.orion)
    if system is None or not system.guardian or system.guardian_toughness is None:
        return None
    full = int(rules.guardian.rule("durability"))
    before = system.guardian_toughness
    after = min(full, before + int(rules.guardian.rule("regeneration")))
    system.guardian_toughness = None if after >= full else after
    return GuardianRegained(before, after, full)


def guardian_state(campaign: OrionCampaign, rules: Any) -> GuardianState:
    system = campaign.game.system(campaign.game.orion)
    full = int(rules.guardian.rule("durability"))
    if system is None or not system.guardian:
        return GuardianState(False, 0, full, system.owner if system else None)
    return GuardianState(True, full if system.guardian_toughness is None else system.guardian_toughness, full)


# ------------------------------------------------------------------ planets


def _planet(campaign: OrionCampaign, hex_: Hex) -> tuple[System, PlanetState]:
    system = _system(campaign, hex_)
    if system.planet is None:
        raise RuleRefused(key="records.no_planet", hex=hex_, discovery=system.discovery)
    return system, system.planet


def set_blockade(campaign: OrionCampaign, hex_: Hex, by: OrionPlayer, modules: Any = None) -> BlockadeChanged:
    """``by``'s fleet (bombs, at war) blockades the planet: A7 from the next production
    (refused when ``by``'s warships are all recorded fitted by the ``modules`` table and none
    carries bombs, A8a)."""
    ensure_not_over(campaign)
    from gmtool.rules.orion.fitting import cannot_blockade

    if modules is not None and cannot_blockade(by, modules):
        raise RuleRefused(key="records.blockade_no_bombs", leader=by.name)
    system, planet = _planet(campaign, hex_)
    if system.owner is None:
        raise RuleRefused(key="records.blockade_unowned", hex=hex_)
    if system.owner == by.name:
        raise RuleRefused(key="records.blockade_own", leader=by.name, hex=hex_)
    if planet.blockaded:
        raise RuleRefused(
            key="records.blockaded_already", hex=hex_, by=planet.blockaded_by or Msg("error.records.another_fleet")
        )
    planet.blockaded, planet.blockaded_by = True, by.name
    deactivated = blockade_deactivates(campaign, planet) or None  # A6 (wave 3)
    entry = note(
        campaign,
        "blockade",
        by.name,
        public=False,
        hex=str(hex_),
        owner=system.owner,
        leaders=[system.owner, by.name],
        deactivated=deactivated,
    )
    return BlockadeChanged(by.name, str(hex_), system.owner, False, entry=entry)


def lift_blockade(campaign: OrionCampaign, hex_: Hex, by: OrionPlayer | None = None) -> BlockadeChanged:
    ensure_not_over(campaign)
    system, planet = _planet(campaign, hex_)
    if not planet.blockaded:
        raise RuleRefused(key="records.not_blockaded", hex=hex_)
    if by is not None and planet.blockaded_by and planet.blockaded_by != by.name:
        raise RuleRefused(key="records.blockaded_by_other", hex=hex_, by=planet.blockaded_by, leader=by.name)
    blockader = planet.blockaded_by
    planet.blockaded, planet.blockaded_by = False, None
    leaders = [n for n in (system.owner, blockader) if n]
    entry = note(
        campaign, "blockade_lifted", blockader, public=False, hex=str(hex_), owner=system.owner, leaders=leaders
    )
    return BlockadeChanged(blockader, str(hex_), system.owner, True, entry=entry)


def capture_planet(campaign: OrionCampaign, hex_: Hex, by: OrionPlayer) -> PlanetCaptured:
    """The planet changes hands with its population and buildings; a captured homeworld
    counts for the conquest victory at the next turn start (A12)."""
    ensure_not_over(campaign)
    system, planet = _planet(campaign, hex_)
    if system.owner is None:
        raise RuleRefused(key="records.capture_unowned", hex=hex_)
    if system.owner == by.name:
        raise RuleRefused(key="records.captured_already", hex=hex_, leader=by.name)
    loser = system.owner
    system.owner = by.name
    planet.active_turn = None
    if planet.blockaded_by == by.name:
        planet.blockaded, planet.blockaded_by = False, None
    old = campaign.player(loser)
    old.builds = [b for b in old.builds if b["hex"] != str(hex_)]
    entry = note(
        campaign,
        "captured",
        by.name,
        public=True,
        hex=str(hex_),
        owner=loser,
        homeworld_of=system.homeworld_of,
        population=planet.population,
        buildings=list(planet.buildings) or None,
        base=planet.base,
        leaders=[by.name, loser],
    )
    buildings = list(planet.buildings)
    return PlanetCaptured(
        by.name, str(hex_), loser, system.homeworld_of, planet.population, buildings, planet.base, entry=entry
    )


# ------------------------------------------------------------------ BC and RP

MAX_GRANT = 10_000  # BC or RP one record may add or take
MAX_REASON = 200  # characters of a grant's reason (it is printed in posts)


def grant(
    campaign: OrionCampaign, player: OrionPlayer, bc: int = 0, rp: int = 0, reason: str = "", public: bool = False
) -> Granted:
    """BC and RP the moderator gives or takes (negative) for what the rules leave to the
    campaign: a passed bill, an event card's text, a trade, a fine.  ``public``: the
    public post tells it too."""
    ensure_not_over(campaign)
    if not bc and not rp:
        raise InputError(key="records.grant_nothing")
    reason = " ".join("".join(ch if ch.isprintable() else " " for ch in reason).split())
    if not reason:
        raise InputError(key="records.grant_reason")
    if len(reason) > MAX_REASON:
        raise InputError(key="records.grant_reason_long", n=len(reason), max=MAX_REASON)
    for unit, n in (("bc", bc), ("rp", rp)):
        if abs(n) > MAX_GRANT:
            raise InputError(key="records.grant_too_much", what=Msg(unit), n=n, max=MAX_GRANT)
    for unit, have, n in (("bc", player.bc, bc), ("rp", player.rp, rp)):
        if have + n < 0:
            raise RuleRefused(key="records.grant_below_zero", leader=player.name, what=Msg(unit), have=have, n=n)
        high = PLAYER_RANGES[unit][1]  # what campaign.toml holds (the loader's own limit)
        if have + n > high:
            raise RuleRefused(
                key="records.grant_above_limit", leader=player.name, what=Msg(unit), have=have, n=n, max=high
            )
    player.bc += bc
    player.rp += rp
    entry = note(campaign, "granted", player.name, public=public, changes=[{"bc": bc, "rp": rp}], reason=reason)
    return Granted(player.name, bc, rp, reason, public, entry=entry)


# ------------------------------------------------------------------ ships and awards


def _class(rules: Any, ship: str) -> str:
    from gmtool.rules.orion.fleet import ship_named

    return ship_named(rules.costs, ship)


def ship_gained(campaign: OrionCampaign, rules: Any, player: OrionPlayer, ship: str, reason: str = "") -> ShipChanged:
    ensure_not_over(campaign)
    add_ship(player, _class(rules, ship))
    entry = note(campaign, "ship_gained", player.name, ship=ship, reason=reason or None)
    return ShipChanged(player.name, ship, True, reason, entry=entry)


def ship_lost(campaign: OrionCampaign, rules: Any, player: OrionPlayer, ship: str, reason: str = "") -> ShipChanged:
    ensure_not_over(campaign)
    remove_ship(player, _class(rules, ship))
    entry = note(campaign, "ship_lost", player.name, ship=ship, reason=reason or None)
    return ShipChanged(player.name, ship, False, reason, entry=entry)


def _find_award(player: OrionPlayer, wanted: int) -> AwardEntry:
    for award in player.awards:
        if award_id(player, award) == wanted:
            return award
    known = [str(award_id(player, a)) for a in player.awards]
    raise RuleRefused(key="records.no_award", leader=player.name, award=wanted, known=known)


def apply_award(
    campaign: OrionCampaign,
    rules: Any,
    player: OrionPlayer,
    wanted: int,
    technologies: Sequence[str] = (),
    science: str | None = None,
    drop: str | None = None,
) -> AwardApplied:
    """Hand out an award of the list (technologies, a science, a ship), or drop it with a reason."""
    ensure_not_over(campaign)
    award = _find_award(player, wanted)
    kind, value = award_kind(award)
    if drop is not None:
        if not drop.strip():
            raise InputError(key="records.drop_reason")
        player.awards.remove(award)
        entry = note(campaign, "award_dropped", player.name, award=dict(award), reason=drop)
        return AwardApplied(player.name, award.copy(), True, reason=drop, entry=entry)
    known = {r.id for r in rules.technologies.rows}
    for tech in technologies:
        if tech not in known:
            raise InputError(key="records.unknown_tech", tech=tech, known=sorted(known))
        if tech in player.technologies:
            raise RuleRefused(key="records.has_tech", leader=player.name, tech=tech)
    if kind == "technologies" and value and len(technologies) not in (0, int(value)):
        raise InputError(key="records.award_techs", award=wanted, n=value)
    if kind == "ship":
        add_ship(player, str(value))
    from gmtool.rules.orion.research import gain, note_modules_improved

    note_modules_improved(campaign, rules, player, list(technologies))

    for tech in technologies:  # with what each gives (the fleet maximum, A8)
        gain(player, rules.technologies, tech)
    player.awards.remove(award)
    entry = note(
        campaign,
        "award_given",
        player.name,
        award=dict(award),
        technologies=list(technologies) or None,
        science=science,
    )
    return AwardApplied(player.name, award.copy(), False, list(technologies), science, entry=entry)


# ------------------------------------------------------------------ research


def all_sciences(
    campaign: OrionCampaign, player: OrionPlayer, again: bool = False, technologies: Any = None
) -> AllSciences:
    """Every science is researched: the flag the technology victory needs (A12), public,
    checked against ``technologies`` (every line of every science at its top level; refused
    naming what is missing). Recorded twice only with ``again``."""
    if player.all_sciences and not again:
        raise InputError(key="cli.all_sciences_done", leader=player.name)
    if technologies is not None:
        from gmtool.locale import Label
        from gmtool.rules.orion.research import missing_sciences

        missing = missing_sciences(player, technologies)
        if missing:
            raise RuleRefused(
                key="records.all_sciences_missing", leader=player.name, missing=[Label(r.label) for r in missing]
            )
    player.all_sciences = True
    return AllSciences(player.name, entry=note(campaign, "all_sciences", player.name, public=True))
