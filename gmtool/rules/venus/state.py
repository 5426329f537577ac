"""Merchant of Venus's state in a campaign (docs/rules-venus.md): whose turn, its phase, the
merchants' ships and money, the board's hidden cards — ``[venus]`` of campaign.toml, declared
once with its schema and given to the house by :data:`VENUS_STATE`.

A campaign of venus is a :data:`VenusCampaign`: the shared
:class:`~gmtool.campaign.model.Campaign` carrying a :class:`VenusState` (``campaign.game``).

An earlier gmtool wrote orion's fields into every campaign (a ``[galaxy]``, orders per turn,
each merchant's BC and fleet): a venus campaign reads them and writes them back exactly as
they were (:data:`KEPT`), means nothing by them, and a new one has none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from gmtool.campaign.hexes import Hex
from gmtool.campaign.model import SMALL, TEXT, Campaign, GameSchema, GameState, Player, VictoryEntry
from gmtool.campaign.schema import Bool, Choice, HexText, Int, Ints, MapOf, Record, Strings, key, place
from gmtool.formats import ACTIVATIONS
from gmtool.locale import Msg

KEPT = "written by an earlier gmtool (an orion key): kept as it is, unused"


@dataclass
class Merchant:
    """A Merchant of Venus player's ship and money (docs/rules-venus.md)."""

    credits: int = key(Int(), 0, write="always")
    ship: str = key(TEXT, "scout", write="always")
    position: str = key(TEXT, "galactic-base", write="always")
    net_worth: int = key(Int(), 0, write="always")
    # how the ship came to be where it is (B3): "city", "spaceport", "asteroid", "space" (a move
    # that ended without landing); "" in a file written before it was recorded (judged by the space)
    landing: str = key(
        Choice(("city", "spaceport", "asteroid", "space")),
        "",
        doc="how the ship came to be at `position`: its landing, or `space` (a move ended without landing)",
    )


MERCHANT = Record.of(Merchant, "[venus.merchants.NAME]")


@dataclass(kw_only=True)
class VenusPlayer(Player):
    """A merchant's seat: its ship and money are ``[venus.merchants.NAME]``; the keys below
    are orion's, which an earlier gmtool wrote for every player (:data:`KEPT`)."""

    bc: int | None = key(Int(0, 10**9), None, after="race", doc=KEPT)
    orders: int | None = key(Int(*SMALL), None, doc=KEPT)
    fleet_size: int | None = key(Int(0, 100), None, doc=KEPT)
    fleet_max: int | None = key(Int(0, 100), None, doc=KEPT)
    feudal: bool | None = key(Bool(), None, doc=KEPT)
    scouts: int | None = key(Int(*SMALL), None, doc=KEPT)
    colony_ships: int | None = key(Int(*SMALL), None, doc=KEPT)
    secret_ops: int | None = key(Int(0, 100), None, doc=KEPT)
    agent_limit: int | None = key(Int(0, 100), None, doc=KEPT)
    rp: int | None = key(Int(0, 10**9), None, doc=KEPT)


@dataclass(kw_only=True)
class VenusState(GameState):
    """Merchant of Venus (docs/rules-venus.md): whose turn, its phase, the board's hidden cards."""

    first_player: str = key(TEXT, "", section="venus")
    current: str = key(TEXT, "", section="venus")
    phase: str = key(TEXT, "movement", section="venus", doc="`movement`, `first_contact`, `operations`")
    heading: str | None = key(TEXT, None, section="venus")  # declared destination for this turn's move
    moved: bool = key(Bool(), False, section="venus")  # the speed roll of this turn is made
    winner: str | None = key(TEXT, None, section="venus")
    revealed: list[str] = key(Strings(), factory=list, section="venus")  # systems whose card is face up
    # this turn's speed dice, in roll order
    speed_dice: list[int] = key(Ints("error.file.speed_dice"), factory=list, section="venus", write="truthy")
    navigation: int | None = key(Int(), None, section="venus")  # 1-based index of the speed die assigned to navigation
    merchants: dict[str, Merchant] = key(MapOf(MERCHANT, "NAME"), factory=dict, section="venus", write="always")
    # system → card, face down
    first_contact: dict[str, str] = key(
        MapOf(TEXT, "SYSTEM"), factory=dict, section="venus", write="truthy", doc="cards face down"
    )
    # encounter space → token, face down
    encounters: dict[str, str] = key(
        MapOf(TEXT, "SPACE"), factory=dict, section="venus", write="truthy", doc="tokens face down"
    )
    # orion's keys an earlier gmtool wrote into every campaign (KEPT)
    orders_per_turn: int | None = key(Int(*SMALL), None, section="settings", after="seed", doc=KEPT)
    activation: str | None = key(Choice(ACTIVATIONS), None, section="settings", after="replace_after", doc=KEPT)
    radius: int | None = key(Int(0, 100), None, section="galaxy", doc=KEPT)
    orion: Hex | None = key(HexText(), None, section="galaxy", doc=KEPT)

    def victory(self, turn: int) -> VictoryEntry | None:
        if self.winner:
            return {"kind": "net_worth", "leader": self.winner, "turn": turn}
        return None


VenusCampaign = Campaign[VenusState, VenusPlayer]


def _every_merchant(campaign: Any, fail: Callable[[Msg], Exception]) -> None:
    """Every player of the table has its ship and money."""
    for player in campaign.players:
        if player.name not in campaign.game.merchants:
            raise fail(Msg("error.file.missing", name=place("venus: merchants", player.name)))


VENUS_STATE = GameSchema(
    VenusState,
    VenusPlayer,
    sections={"galaxy": False, "venus": True},
    check=_every_merchant,
)
