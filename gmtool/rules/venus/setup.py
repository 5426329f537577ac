"""Setting up a Merchant of Venus game (docs/rules-venus.md): credits, the first player,
races, First Contact cards on every system, encounter tokens on every encounter space,
every ship on the Galactic Base — every random pick a journaled roll."""

from __future__ import annotations

from gmtool.campaign import decks
from gmtool.campaign.model import Campaign
from gmtool.dice.sources import DiceSource
from gmtool.errors import InputError
from gmtool.rolltables.library import TableLibrary
from gmtool.rules.venus.play import landings_of
from gmtool.rules.venus.state import Merchant, VenusCampaign, VenusPlayer, VenusState

RULESET = "venus"


def parse_players(specs: list[str], races: set[str]) -> list[tuple[str, str | None]]:
    """``ann`` or ``ann:humans`` → (name, race or None)."""
    out: list[tuple[str, str | None]] = []
    for spec in specs:
        name, _, race_text = spec.partition(":")
        name, race = name.strip(), race_text.strip().lower() or None
        if not name or len(name) > 40 or any(ch < " " for ch in name):
            raise InputError(key="venus.bad_name", name=name)
        if race is not None and race not in races:
            raise InputError(key="venus.unknown_race", name=name, race=race, known=sorted(races))
        out.append((name, race))
    names = [n for n, _ in out]
    for n in names:
        if names.count(n) > 1:
            raise InputError(key="venus.player_twice", name=n)
    chosen = [r for _, r in out if r]
    for r in chosen:
        if chosen.count(r) > 1:
            raise InputError(key="venus.race_twice", race=r)
    return out


def new_venus(
    name: str, specs: list[str], library: TableLibrary, commitment: str, lang: str, fmt: str, source: DiceSource
) -> Campaign:
    rules = library.get("rules", RULESET)
    race_table = library.get("races", RULESET)
    players = parse_players(specs, {r.id for r in race_table.rows})
    low, high = int(rules.rule("min_players")), int(rules.rule("max_players"))
    if not low <= len(players) <= high:
        raise InputError(key="venus.player_count", low=low, high=high, n=len(players))
    players_: list[VenusPlayer] = []
    # races: the chosen ones, then the rest at random from what is left
    free = [r.id for r in race_table.rows if r.id not in {race for _, race in players if race}]
    credits = int(rules.rule("credits_per_player")) * len(players)
    start = str(rules.rule("start_space"))
    start_row = library.get("board", RULESET).find(start)
    # where every ship starts: the Galactic Base, a spaceport (B1), recorded as the ship's landing
    in_port = [k for k in landings_of(start_row) if k in ("city", "spaceport")] if start_row is not None else []
    merchants: dict[str, Merchant] = {}
    for player, race in players:
        if race is None:
            race = free.pop(source.roll(len(free), f"race for {player}") - 1)
        players_.append(VenusPlayer(name=player, race=race))
        merchants[player] = Merchant(
            credits=credits,
            ship=str(rules.rule("start_ship")),
            position=start,
            landing=in_port[0] if in_port else "",
        )
    first = players[source.roll(len(players), "first player") - 1][0]
    board = library.get("board", RULESET)
    systems = [r.id for r in board.rows if r.values.get("kind") == "system"]
    encounters = [r.id for r in board.rows if r.values.get("kind") == "encounter"]
    cards = decks.shuffle([r.id for r in library.get("first-contact", RULESET).rows], source, "first contact cards")
    tokens = decks.shuffle([r.id for r in library.get("encounter-tokens", RULESET).rows], source, "encounter tokens")
    if len(cards) < len(systems):
        raise InputError(key="venus.few_cards", systems=len(systems), cards=len(cards))
    if len(tokens) < len(encounters):
        raise InputError(key="venus.few_tokens", spaces=len(encounters), tokens=len(tokens))
    game = VenusState(
        first_player=first,
        current=first,
        merchants=merchants,
        first_contact=dict(zip(systems, cards)),
        encounters=dict(zip(encounters, tokens)),
    )
    # the rest of the tokens go back to the box
    campaign: VenusCampaign = Campaign(
        name=name, commitment=commitment, ruleset=RULESET, lang=lang, format=fmt, players=players_, game=game
    )
    return campaign
