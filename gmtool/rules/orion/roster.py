"""The leaders of a running game (docs/rules-orion.md A2): one joins, one leaves, one is taken over
by another forum user, one is renamed. Every name the state keeps follows a rename."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmtool.campaign.galaxy import MAX_PLAYERS, MIN_SPACING
from gmtool.campaign.hexes import Hex, within
from gmtool.dice.sources import DiceSource
from gmtool.errors import InputError, RuleRefused
from gmtool.rules.orion.common import Logged, ensure_not_over, note
from gmtool.rules.orion.exploration import OrionTables
from gmtool.rules.orion.state import OrionCampaign, OrionPlayer

START_TABLE = "start"


@dataclass(slots=True)
class PlayerLeft(Logged):
    """A leader left: its empire ``kept`` for a replacement, or its ``planets`` made neutral."""

    leader: str
    kept: bool
    planets: int


@dataclass(slots=True)
class PlayerRenamed(Logged):
    """A leader renamed, or taken over by another forum user (``replaced``): ``leader`` is the
    new name."""

    leader: str
    old: str
    replaced: bool


def check_name(campaign: OrionCampaign, name: str) -> None:
    """A new leader's name, by the campaign's one rule for names (gmtool/campaign/names.py:
    no control or invisible characters, unique without regard to case, its own report file)."""
    from gmtool.campaign.names import names_problems
    from gmtool.locale import Msg

    if any(p.name == name for p in campaign.players):
        raise RuleRefused(key="roster.already_leader", name=repr(name))
    names = [p.name for p in campaign.players]

    class Problem(Msg):  # the first problem the new name brings, in the reader's language
        def text(self, lang: str) -> str:
            before = set(names_problems(names, lang))
            return next(p for p in names_problems([*names, name], lang) if p not in before)

    before = set(names_problems(names))
    if any(p not in before for p in names_problems([*names, name])):
        raise InputError(key="roster.bad_name", problem=Problem("roster.bad_name"))


def homeworld_sites(campaign: OrionCampaign) -> list[Hex]:
    """Where a new homeworld may go (A2, A4.5 decision): at least 3 hexes from Orion and from
    every homeworld, all six neighbours on the map, and the hex and its neighbours unexplored."""
    homes = [s.hex for s in campaign.game.systems if s.homeworld_of]
    sites = []
    for h in within(campaign.game.radius - 1, campaign.game.orion):
        if h.distance(campaign.game.orion) < MIN_SPACING or any(h.distance(o) < MIN_SPACING for o in homes):
            continue
        if any((s := campaign.game.system(n)) is not None and s.explored_by for n in [h, *h.neighbours()]):
            continue
        sites.append(h)
    return sites


def add_player(campaign: OrionCampaign, library: Any, name: str, source: DiceSource, race: str = "") -> OrionPlayer:
    """A leader joins: a homeworld placed by the A2 rules (a journaled die picks the site)
    and the A2 start."""
    ensure_not_over(campaign)
    check_name(campaign, name)
    if len(campaign.players) >= MAX_PLAYERS:
        raise RuleRefused(key="roster.full", n=len(campaign.players))
    sites = homeworld_sites(campaign)
    if not sites:
        raise RuleRefused(key="roster.no_room", radius=campaign.game.radius, n=MIN_SPACING - 1)
    home = sites[source.roll(len(sites), "homeworld placement") - 1]
    from gmtool.rules.orion.setup import start_empire

    player, homeworld = start_empire(
        library.get(START_TABLE, "orion"), OrionTables(library), name, home, turn=campaign.turn, race=race
    )
    player.seat = new_seat(campaign, name)
    campaign.players.append(player)
    campaign.game.systems.append(homeworld)
    note(campaign, "player_joined", name, public=True)
    return player


def new_seat(campaign: OrionCampaign, name: str) -> str:
    """The seat of a leader joining as ``name`` (docs/verify.md: a dice label names it): its
    name, unless a leader renamed since it joined still holds that seat — then ``name 2``,
    ``name 3`` … (``""`` stands for the name itself)."""
    taken = {p.seat_id for p in campaign.players}
    if name not in taken:
        return ""
    n = 2
    while f"{name} {n}" in taken:
        n += 1
    return f"{name} {n}"


def drop_player(campaign: OrionCampaign, player: OrionPlayer, keep: bool = False) -> PlayerLeft:
    """A leader leaves. Its planets become neutral (population and buildings stay), or with
    ``keep`` its empire waits for a replacement (`player replace`).  The systems it explored
    and its homeworld keep its name (the campaign's ``former_leaders`` list it), its room is
    forgotten."""
    ensure_not_over(campaign)
    planets = [s for s in campaign.game.systems if s.owner == player.name]
    if keep:
        if player.vacant:
            raise RuleRefused(key="roster.left_already", leader=player.name)
        player.vacant = True
        entry = note(campaign, "player_left", player.name, public=True, kept=True, planets=len(planets))
        return PlayerLeft(player.name, True, len(planets), entry=entry)
    if len(campaign.players) <= 2:
        raise RuleRefused(key="roster.two_leaders")
    for s in planets:
        s.owner = None
        if s.planet is not None:
            s.planet.active_turn = None
            s.planet.blockaded, s.planet.blockaded_by = False, None
    for s in campaign.game.systems:
        if s.planet is not None and s.planet.blockaded_by == player.name:
            s.planet.blockaded, s.planet.blockaded_by = False, None
    campaign.game.agents = [a for a in campaign.game.agents if a.owner != player.name]
    _pass_token(campaign, player.name)
    campaign.players.remove(player)
    for ballots in _ballots(campaign):
        ballots.pop(player.name, None)
    campaign.rooms.pop(player.name, None)  # its room is no one's now
    if player.name not in campaign.game.former_leaders:  # the systems it explored keep its name
        campaign.game.former_leaders.append(player.name)
    entry = note(campaign, "player_left", player.name, public=True, kept=False, planets=len(planets))
    return PlayerLeft(player.name, False, len(planets), entry=entry)


def _pass_token(campaign: OrionCampaign, leaving: str) -> None:
    names = [p.name for p in campaign.players]
    if campaign.game.token == leaving:
        campaign.game.token = names[(names.index(leaving) + 1) % len(names)]
        if campaign.game.council.chair == leaving:
            campaign.game.council.chair = campaign.game.token
    elif campaign.game.council.chair == leaving:
        campaign.game.council.chair = campaign.game.token


def _ballots(campaign: OrionCampaign) -> list[dict[str, Any]]:
    out = []
    for open_ in (campaign.game.council.vote, campaign.game.council.election):
        if open_ is not None:
            out.append(open_.setdefault("ballots", {}))
    return out


ROSTER_NEWS = ("player_joined", "player_left", "player_renamed", "player_replaced")


def _renamed(value: Any, old: str, new: str) -> Any:
    """``value`` with every string that is exactly ``old`` (a leader's name) made ``new``."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: _renamed(v, old, new) for k, v in value.items()}
    return value


def set_language(player: OrionPlayer, lang: str) -> None:
    """The language of ``player``'s private reports (issue: a leader reads its own
    language): ``en`` or ``ru``; ``""`` goes back to the campaign's."""
    from gmtool.formats import LANGS

    if lang and lang not in LANGS:
        raise RuleRefused(key="roster.bad_lang", lang=lang)
    player.lang = lang


def set_gender(player: OrionPlayer, gender: str) -> None:
    """The gender Russian words agree with for ``player`` (issue 25): ``m`` or ``f``;
    ``""`` goes back to guessing it from the name (gmtool.locale.names)."""
    if gender and gender not in ("m", "f"):
        raise RuleRefused(key="roster.bad_gender", gender=gender)
    player.gender = gender


def rename_player(campaign: OrionCampaign, player: OrionPlayer, new: str, replaced: bool = False) -> PlayerRenamed:
    """Rename a leader everywhere the state names it (planets, agents, the Council, quests,
    ballots). ``replaced``: another forum user takes the empire over (the roster and the
    forum now know it by ``new``)."""
    ensure_not_over(campaign)
    if replaced is False and player.vacant:
        raise RuleRefused(key="roster.has_left", leader=player.name)
    check_name(campaign, new)
    old = player.name
    player.seat = player.seat_id  # its dice labels keep the seat (docs/verify.md): a rename changes no die
    player.name = new
    player.vacant = False
    if replaced:
        player.gender = ""  # another person: guessed from the new name until set
    for s in campaign.game.systems:
        for attr in ("owner", "explored_by", "homeworld_of"):
            if getattr(s, attr) == old:
                setattr(s, attr, new)
        if s.planet is not None and s.planet.blockaded_by == old:
            s.planet.blockaded_by = new
    for a in campaign.game.agents:
        if a.owner == old:
            a.owner = new
    for treaty in campaign.game.treaties:  # its parties, and who confirmed, ended or broke it (A6)
        for names in (treaty.parties, treaty.confirmed, treaty.ending):
            names[:] = [new if n == old else n for n in names]
        if treaty.by == old:
            treaty.by = new
    if old in campaign.rooms:
        campaign.rooms[new] = campaign.rooms.pop(old)
    council, ts = campaign.game.council, campaign.turn_state
    if council.chair == old:
        council.chair = new
    if council.emperor == old:
        council.emperor = new
    if campaign.game.token == old:
        campaign.game.token = new
    for ballots in _ballots(campaign):
        if old in ballots:
            ballots[new] = ballots.pop(old)
        for b in ballots.values():
            if b.get("candidate") == old:
                b["candidate"] = new
    for quest, leaders in campaign.game.completions.items():
        campaign.game.completions[quest] = [new if n == old else n for n in leaders]
    for entry in ts.log:
        # every name in the turn's news (owner, by, target …), but not the roster's own
        # history: "dave joins", then "эрик takes over dave's empire"
        if entry.get("kind") not in ROSTER_NEWS:
            entry.update(_renamed(entry, old, new))
    for p in campaign.players:  # awards and private news that name the leader
        p.awards = _renamed(p.awards, old, new)
        p.inbox = _renamed(p.inbox, old, new)
    for attr in ("last_tally", "victory"):
        setattr(council, attr, _renamed(getattr(council, attr), old, new))
    entry = note(campaign, "player_replaced" if replaced else "player_renamed", new, public=True, old=old)
    return PlayerRenamed(new, old, replaced, entry=entry)
