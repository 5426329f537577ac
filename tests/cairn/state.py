"""Cairn's state in a campaign: a common pot every leader gives stones to, the stones each
leader still holds, and the target that wins the game — ``[cairn]`` of campaign.toml and
each ``[[player]]``'s ``stones``, declared once with their checks."""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.campaign.model import TEXT, Campaign, GameSchema, GameState, Player, VictoryEntry
from gmtool.campaign.schema import Int, MapOf, key


@dataclass(kw_only=True)
class CairnPlayer(Player):
    stones: int = key(Int(0, 1000), 10, after="race", write="always", doc="the stones the leader still holds")


@dataclass(kw_only=True)
class CairnState(GameState):
    pot: int = key(Int(0, 100_000), 0, section="cairn", write="always", doc="the stones given so far")
    target: int = key(Int(1, 100_000), 12, section="cairn", write="always", doc="the pot that ends the game")
    # this turn's gifts, by leader: what the orders gave, counted into the pot at the turn's end
    given: dict[str, int] = key(MapOf(Int(0, 1000), "LEADER"), factory=dict, section="cairn", write="truthy")
    winner: str | None = key(TEXT, None, section="cairn", doc="who gave the stone that filled the pot")

    def victory(self, turn: int) -> VictoryEntry | None:
        if self.winner:
            return {"kind": "pot", "leader": self.winner, "turn": turn}
        return None


CairnCampaign = Campaign[CairnState, CairnPlayer]

CAIRN_STATE = GameSchema(CairnState, CairnPlayer, sections={"cairn": True})
