"""What leaders do for one another (docs/rules-orion.md A6, transfers): a leader gives BC to
another leader, settled in the production phase and never below 0.

The transfer refuses what the rules forbid (:class:`RuleRefused`, before changing anything)
and writes one entry in the turn's log that both leaders' reports tell (``leaders``): the
giver's names the receiver, the receiver's the giver.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.errors import InputError, RuleRefused
from gmtool.rules.orion.common import Logged, ensure_not_over, note
from gmtool.rules.orion.state import PLAYER_RANGES, OrionCampaign, OrionPlayer


@dataclass(slots=True)
class Transferred(Logged):
    """BC one leader gave another."""

    leader: str
    to: str
    bc: int


def transfer(campaign: OrionCampaign, giver: OrionPlayer, receiver: OrionPlayer, bc: int) -> Transferred:
    """``giver`` gives ``bc`` BC to ``receiver``: refused for a non-positive sum, to itself,
    or more than the giver holds (never below 0) or the receiver may hold."""
    ensure_not_over(campaign)
    if isinstance(bc, bool) or not isinstance(bc, int) or bc <= 0:
        raise InputError(key="orion.transfer_positive", n=bc)
    if receiver.name == giver.name:
        raise RuleRefused(key="orion.transfer_self", leader=giver.name)
    if giver.bc < bc:
        raise RuleRefused(key="orion.transfer_short", leader=giver.name, have=giver.bc, n=bc)
    high = PLAYER_RANGES["bc"][1]
    if receiver.bc + bc > high:
        raise RuleRefused(key="orion.transfer_too_much", leader=receiver.name, have=receiver.bc, n=bc, max=high)
    giver.bc -= bc
    receiver.bc += bc
    entry = note(campaign, "bc_given", giver.name, leaders=[giver.name, receiver.name], to=receiver.name, bc=bc)
    return Transferred(giver.name, receiver.name, bc, entry=entry)
