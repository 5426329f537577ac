"""A Merchant of Venus player turn (docs/rules-venus.md): movement (declare a heading, then
roll as many speed dice as the ship's speed number; after the roll one of them may be
assigned to navigation; move; land where the space allows it, or spend every point),
First Contact, operations; net-worth victory at the end of one's own turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmtool.campaign.model import Campaign
from gmtool.dice.sources import DiceSource
from gmtool.errors import InputError, RuleRefused
from gmtool.locale import Label, Msg
from gmtool.rolltables.library import TableLibrary
from gmtool.rules.venus.state import VenusState
from gmtool.struct import ReadByKey

RULESET = "venus"
LANDINGS = ("city", "spaceport", "asteroid")


def venus_state(campaign: Campaign) -> VenusState:
    game = campaign.game
    if not isinstance(game, VenusState):
        raise RuleRefused(key="venus.not_venus", name=campaign.name, ruleset=campaign.ruleset)
    if game.winner:
        raise RuleRefused(key="venus.game_over", winner=game.winner)
    return game


def _turn_of(v: VenusState, player: str) -> None:
    if player not in v.merchants:
        raise InputError(key="venus.unknown_player", name=player, known=list(v.merchants))
    if v.current != player:
        raise RuleRefused(key="venus.not_your_turn", current=v.current, player=player, first=v.first_player)


def _joined(items: list[str], word: str) -> Msg | str:
    """``city and spaceport``, ``city, spaceport or asteroid``: in the reader's language."""
    if len(items) < 2:
        return "".join(items)
    return Msg(f"error.venus.{word}_list", items=items[:-1], last=items[-1])


def movement_cost(grey: int, green: int, rules: Any) -> int:
    if grey < 0 or green < 0:
        raise InputError(key="venus.negative_lines")
    return grey * int(rules.rule("grey_line_cost")) + green * int(rules.rule("green_line_cost"))


def find_space(library: TableLibrary, name: str | None) -> Any:
    """The board row a player names, by its id or by its label in either language
    (case and spacing ignored); unknown names are refused with the list of ids."""
    board = library.get("board", RULESET)
    row = board.named(name)
    if row is not None:
        return row
    raise InputError(key="venus.unknown_space", name=name or "", known=[r.id for r in board.rows])


def landings_of(row: Any) -> list[str]:
    """Where a ship may land on a board space: its ``lands`` list, else what its kind allows
    (the Galactic Base acts as a Neutral Spaceport; an encounter space has no landing)."""
    lands = row.values.get("lands")
    if lands is not None:
        return [str(k) for k in (lands if isinstance(lands, list) else [lands])]
    kind = row.values.get("kind")
    return ["spaceport"] if kind == "base" else [] if kind == "encounter" else list(LANDINGS)


@dataclass
class SpeedRoll:
    player: str
    heading: str
    dice: list[int]
    sides: int = 6
    navigation: int | None = None  # index (1-based) of the die assigned to navigation

    @property
    def movement_value(self) -> int:
        return sum(self.dice)

    def to_data(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "heading": self.heading,
            "dice": self.dice,
            "movement_value": self.movement_value,
            "navigation_die": self.dice[self.navigation - 1] if self.navigation else None,
            "navigation_index": self.navigation,
        }


@dataclass(slots=True)
class Landed(ReadByKey):
    """A ship landed on a board ``space`` as ``kind``: the First Contact card it turned face up
    (if any) and what comes ``next`` (``operations``, or ``turn over`` on an asteroid)."""

    player: str
    space: str
    kind: str
    next: str
    first_contact: str | None = None

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "space": self.space, "kind": self.kind}
        if self.first_contact is not None:
            out["first_contact"] = self.first_contact
        out["next"] = self.next
        return out


@dataclass(slots=True)
class Skipped(ReadByKey):
    """The movement phase skipped: ``next`` is ``operations`` (in port) or ``done``."""

    player: str
    next: str

    def to_data(self) -> dict[str, Any]:
        return {"player": self.player, "next": self.next}


@dataclass(slots=True)
class PlayerTurnEnd(ReadByKey):
    """The end of one player's turn: its net worth against the threshold, and the winner, or
    the next player and the round."""

    player: str
    net_worth: int
    threshold: int
    winner: str | None = None
    next_player: str | None = None
    round: int | None = None

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "net_worth": self.net_worth, "threshold": self.threshold}
        if self.winner is not None:
            out["winner"] = self.winner
            return out
        out["next_player"] = self.next_player
        out["round"] = self.round
        return out


def speed_number(library: TableLibrary, ship: str) -> int:
    return int(library.get("ships", RULESET).row(ship).values["speed"])


def move(
    campaign: Campaign,
    library: TableLibrary,
    player: str,
    heading: str | None,
    source: DiceSource,
    speed: int | None = None,
) -> SpeedRoll:
    """Declare the heading, then roll as many speed dice as the ship's speed number — no more,
    no fewer. ``speed``, when given, must be that number (a check, not a choice)."""
    v = venus_state(campaign)
    _turn_of(v, player)
    heading = "".join(ch for ch in heading or "" if ch >= " " and ch != "\x7f").strip()
    if not heading:
        raise RuleRefused(key="venus.no_heading")
    if v.phase != "movement":
        raise RuleRefused(key="venus.past_movement", player=player, phase=Msg("phase_" + v.phase))
    if v.moved:
        raise RuleRefused(key="venus.already_rolled", player=player)
    ship = v.merchants[player].ship
    number = speed_number(library, ship)
    if speed is not None and speed != number:
        raise RuleRefused(key="venus.speed_number", ship=ship, n=number, speed=speed)
    sides = int(library.get("rules", RULESET).rule("speed_die"))
    dice = [source.roll(sides, f"{player}: speed die {i + 1}") for i in range(number)]
    v.heading = heading[:80]
    v.moved = True
    v.speed_dice = list(dice)
    v.navigation = None
    return SpeedRoll(player, v.heading, dice, sides)


def navigate(campaign: Campaign, library: TableLibrary, player: str, face: int | None = None) -> SpeedRoll:
    """After the roll, assign one of the rolled speed dice to navigation — named by the face
    it shows; with one die (or all showing the same face) the face may be left out."""
    v = venus_state(campaign)
    _turn_of(v, player)
    if v.phase != "movement":
        raise RuleRefused(key="venus.navigate_late", player=player, phase=Msg("phase_" + v.phase))
    if not v.moved or not v.speed_dice:
        raise RuleRefused(key="venus.navigate_first")
    if v.navigation is not None:
        raise RuleRefused(key="venus.navigated", player=player, face=v.speed_dice[v.navigation - 1])
    rolled = list(v.speed_dice)
    if face is None:
        if len(set(v.speed_dice)) != 1:
            raise InputError(key="venus.navigate_which", rolled=rolled)
        face = v.speed_dice[0]
    if face not in v.speed_dice:
        raise RuleRefused(key="venus.no_such_face", face=face, rolled=rolled)
    v.navigation = v.speed_dice.index(face) + 1
    sides = int(library.get("rules", RULESET).rule("speed_die"))
    return SpeedRoll(player, v.heading or "", list(v.speed_dice), sides, v.navigation)


def land(campaign: Campaign, library: TableLibrary, player: str, space: str, kind: str | None = None) -> Landed:
    """Land — only after Declare Heading → Set Speed → Move, and only where the space allows
    it: a surface city or spaceport leads to First Contact; an asteroid ends the turn."""
    v = venus_state(campaign)
    _turn_of(v, player)
    if kind is not None and kind not in LANDINGS:
        raise InputError(key="venus.bad_landing", kind=kind)
    if v.phase != "movement":
        raise RuleRefused(key="venus.movement_ended", player=player)
    if not v.moved:
        raise RuleRefused(key="venus.land_first")
    row = find_space(library, space)
    allowed = landings_of(row)
    if not allowed:
        why = "venus.no_landing_encounter" if row.values.get("kind") == "encounter" else "venus.no_landing"
        raise RuleRefused(key=why, space=Label(row.label))
    if kind is None:
        if len(allowed) > 1:
            raise InputError(key="venus.which_landing", space=Label(row.label), options=_joined(allowed, "or"))
        kind = allowed[0]
    if kind not in allowed:
        why = "venus.cannot_land_base" if row.values.get("kind") == "base" else "venus.cannot_land"
        raise RuleRefused(key=why, kind=Msg("landing_" + kind), space=Label(row.label), offers=_joined(allowed, "and"))
    space = row.id
    v.merchants[player].position = space
    v.merchants[player].landing = kind  # recorded: `skip --in-port` asks it next turn (B3)
    if kind == "asteroid":
        v.phase = "done"
        return Landed(player, space, kind, "turn over")
    v.phase = "first_contact"
    card = v.first_contact.get(space)
    turned = None
    if card is not None and space not in v.revealed:
        v.revealed.append(space)  # the First Contact card turns face up
        turned = card
    v.phase = "operations"
    return Landed(player, space, kind, "operations", turned)


def skip(campaign: Campaign, player: str, in_port: bool, library: TableLibrary | None = None) -> Skipped:
    """Skip the movement phase: to operations in a surface city or spaceport, else the turn ends.
    ``in_port`` is refused where the ship is not in one (B3): after an asteroid landing, a move
    that ended in space, or (a landing not recorded) at a space with no city or spaceport."""
    v = venus_state(campaign)
    _turn_of(v, player)
    if v.phase != "movement" or v.moved:
        raise RuleRefused(key="venus.no_skip", player=player)
    if in_port:
        _ensure_in_port(v, player, library)
    v.phase = "operations" if in_port else "done"
    return Skipped(player, v.phase)


PORTS = ("city", "spaceport")


def _ensure_in_port(v: VenusState, player: str, library: TableLibrary | None) -> None:
    merchant = v.merchants[player]
    row = library.get("board", RULESET).find(merchant.position) if library is not None else None
    space: Any = Label(row.label) if row is not None else merchant.position
    if merchant.landing in PORTS:
        return
    if merchant.landing == "asteroid":
        raise RuleRefused(key="venus.skip_asteroid", player=player, space=space)
    if merchant.landing == "space":
        raise RuleRefused(key="venus.skip_in_space", player=player, space=space)
    # a file written before landings were recorded: judged by what the space offers
    if row is not None and not any(kind in PORTS for kind in landings_of(row)):
        raise RuleRefused(key="venus.skip_no_port", player=player, space=space)


def set_worth(campaign: Campaign, player: str, worth: int) -> int:
    v = venus_state(campaign)
    if player not in v.merchants:
        raise InputError(key="venus.unknown_player", name=player, known=list(v.merchants))
    if not 0 <= worth <= 10**9:
        raise InputError(key="venus.worth_range")
    v.merchants[player].net_worth = worth
    return worth


def end_player_turn(campaign: Campaign, library: TableLibrary, player: str) -> PlayerTurnEnd:
    """End ``player``'s turn: the net-worth victory check, then the next player clockwise."""
    v = venus_state(campaign)
    _turn_of(v, player)
    threshold = int(library.get("rules", RULESET).rule("net_worth_to_win"))
    worth = v.merchants[player].net_worth
    if worth >= threshold:
        v.winner = player
        return PlayerTurnEnd(player, worth, threshold, winner=player)
    if v.moved and v.phase == "movement":  # moved without landing: the ship is in space (B3)
        v.merchants[player].landing = "space"
    names = [p.name for p in campaign.players]
    nxt = names[(names.index(player) + 1) % len(names)]
    if nxt == v.first_player:
        campaign.turn += 1  # a round: every player has had a turn
    v.current, v.phase, v.heading, v.moved = nxt, "movement", None, False
    v.speed_dice, v.navigation = [], None
    return PlayerTurnEnd(player, worth, threshold, next_player=nxt, round=campaign.turn)
