"""A Merchant of Venus player turn (RULES.md part B): movement (declare a heading, then
roll the speed dice, one of which may be set aside for navigation; move; land or spend
every point), First Contact, operations; net-worth victory at the end of one's own turn."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmtool.campaign.model import Campaign, VenusState
from gmtool.dice.sources import DiceSource
from gmtool.errors import InputError, RuleRefused
from gmtool.rolltables.library import TableLibrary

RULESET = "venus"
LANDINGS = ("city", "spaceport", "asteroid")


def venus_state(campaign: Campaign) -> VenusState:
    if campaign.ruleset != RULESET or campaign.venus is None:
        raise RuleRefused(f"{campaign.name} plays {campaign.ruleset}, not Merchant of Venus")
    if campaign.venus.winner:
        raise RuleRefused(f"the game is over: {campaign.venus.winner} won with a net worth of at least 2000")
    return campaign.venus


def _turn_of(v: VenusState, player: str) -> None:
    if player not in v.merchants:
        raise InputError(f"unknown player {player!r} (players: {', '.join(v.merchants)})")
    if v.current != player:
        raise RuleRefused(f"it is {v.current}'s turn, not {player}'s (players go clockwise from {v.first_player})")


def movement_cost(grey: int, green: int, rules: Any) -> int:
    if grey < 0 or green < 0:
        raise InputError("line counts cannot be negative")
    return grey * int(rules.rule("grey_line_cost")) + green * int(rules.rule("green_line_cost"))


@dataclass
class SpeedRoll:
    player: str
    heading: str
    dice: list[int]
    sides: int = 6
    navigation: int | None = None          # index (1-based) of the die set aside for navigation

    @property
    def movement_value(self) -> int:
        return sum(self.dice)

    def to_data(self) -> dict[str, Any]:
        return {"player": self.player, "heading": self.heading, "dice": self.dice,
                "movement_value": self.movement_value,
                "navigation_die": self.dice[self.navigation - 1] if self.navigation else None,
                "navigation_index": self.navigation}


def move(campaign: Campaign, library: TableLibrary, player: str, heading: str | None, source: DiceSource,
         speed: int | None = None, navigate: int | None = None) -> SpeedRoll:
    """Declare the heading, then roll as many speed dice as the ship's speed number."""
    v = venus_state(campaign)
    _turn_of(v, player)
    heading = "".join(ch for ch in heading or "" if ch >= " " and ch != "\x7f").strip()
    if not heading:
        raise RuleRefused("declare your heading and destination before rolling the speed dice (RULES.md B)")
    if v.phase != "movement":
        raise RuleRefused(f"{player} is past the movement phase ({v.phase})")
    if v.moved:
        raise RuleRefused(f"{player} has already rolled the speed dice this turn")
    ship = library.get("ships", RULESET).row(v.merchants[player].ship)
    number = int(ship.values["speed"])
    count = number if speed is None else speed
    if not 1 <= count <= number:
        raise RuleRefused(f"the {ship.id}'s speed number is {number}: roll 1 to {number} dice, not {count}")
    if navigate is not None and not 1 <= navigate <= count:
        raise InputError(f"--navigate names one of the {count} dice rolled (1 to {count})")
    sides = int(library.get("rules", RULESET).rule("speed_die"))
    dice = [source.roll(sides, f"{player}: speed die {i + 1}") for i in range(count)]
    v.heading = heading[:80]
    v.moved = True
    return SpeedRoll(player, v.heading, dice, sides, navigate)


def land(campaign: Campaign, library: TableLibrary, player: str, space: str, kind: str) -> dict[str, Any]:
    """Land: a surface city or spaceport leads to First Contact; an asteroid ends the turn."""
    v = venus_state(campaign)
    _turn_of(v, player)
    if kind not in LANDINGS:
        raise InputError(f"a ship lands on a city, a spaceport or an asteroid, not {kind!r}")
    if v.phase != "movement":
        raise RuleRefused(f"{player} has already ended the movement phase")
    board = {r.id for r in library.get("board", RULESET).rows}
    if space not in board:
        raise InputError(f"unknown space {space!r} (tables/venus/board.toml)")
    v.merchants[player].position = space
    out: dict[str, Any] = {"player": player, "space": space, "kind": kind}
    if kind == "asteroid":
        v.phase = "done"
        out["next"] = "turn over"
        return out
    v.phase = "first_contact"
    card = v.first_contact.get(space)
    if card is not None and space not in v.revealed:
        v.revealed.append(space)   # the First Contact card turns face up
        out["first_contact"] = card
    v.phase = "operations"
    out["next"] = "operations"
    return out


def skip(campaign: Campaign, player: str, in_port: bool) -> dict[str, Any]:
    """Skip the movement phase: to operations in a surface city or spaceport, else the turn ends."""
    v = venus_state(campaign)
    _turn_of(v, player)
    if v.phase != "movement" or v.moved:
        raise RuleRefused(f"{player} can no longer skip the movement phase")
    v.phase = "operations" if in_port else "done"
    return {"player": player, "next": v.phase}


def set_worth(campaign: Campaign, player: str, worth: int) -> int:
    v = venus_state(campaign)
    if player not in v.merchants:
        raise InputError(f"unknown player {player!r}")
    if not 0 <= worth <= 10 ** 9:
        raise InputError("net worth must be 0 to 1,000,000,000 credits")
    v.merchants[player].net_worth = worth
    return worth


def end_player_turn(campaign: Campaign, library: TableLibrary, player: str) -> dict[str, Any]:
    """End ``player``'s turn: the net-worth victory check, then the next player clockwise."""
    v = venus_state(campaign)
    _turn_of(v, player)
    threshold = int(library.get("rules", RULESET).rule("net_worth_to_win"))
    worth = v.merchants[player].net_worth
    out: dict[str, Any] = {"player": player, "net_worth": worth, "threshold": threshold}
    if worth >= threshold:
        v.winner = player
        out["winner"] = player
        return out
    names = [p.name for p in campaign.players]
    nxt = names[(names.index(player) + 1) % len(names)]
    if nxt == v.first_player:
        campaign.turn += 1     # a round: every player has had a turn
    v.current, v.phase, v.heading, v.moved = nxt, "movement", None, False
    out["next_player"] = nxt
    out["round"] = campaign.turn
    return out
