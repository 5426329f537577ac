"""Turn orders written as post commands in a leader's room (``!colonize 1,0``).

A room (a closed thread only its leader and the moderator read) is where a leader gives
the turn's orders.  Each order command is read into a :class:`PostedOrder`: the kind of
order (a record of :data:`gmtool.rules.orion.order_kinds.ORDER_KINDS`) and its value as an
orders file writes it, every hex in the moderator's (absolute) coordinates — in stage 1 a
leader writes hexes in its own frame (its homeworld is ``0,0``: campaign/frames.py).

The command words in every language are in the message catalogs (``forum.command``);
:data:`ORDER_COMMANDS` maps a canonical command to the kind of order it gives.  Reading an
order checks its words only (a hex, a number, a known ship); whether the rules allow it is
``turn check``'s answer, given in the room's confirmation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gmtool.campaign.frames import from_view
from gmtool.campaign.hexes import Hex
from gmtool.campaign.model import Campaign
from gmtool.errors import InputError

# canonical forum command → the kind of order it gives (order_kinds.py)
ORDER_COMMANDS: dict[str, str] = {
    "colonize": "colonize",
    "activate": "activate",
}

# ballots are kept apart from the other orders: the latest ballot stands until the count
BALLOT_KINDS = frozenset({"vote", "election"})

_HEX = re.compile(r"[+-]?\d{1,4},[+-]?\d{1,4}")


@dataclass(frozen=True)
class PostedOrder:
    """One order read from a post: its kind and its value as an orders file writes it."""

    kind: str
    value: Any


def leader_hex(state: Campaign, leader: str, word: str) -> str:
    """A hex as ``leader`` wrote it (its own frame in stage 1), in the moderator's
    coordinates, as an orders file writes it (``"2,-3"``)."""
    if not _HEX.fullmatch(word.strip()):
        raise InputError(key="orders.post_hex", value=word)
    return str(from_view(state, leader, Hex.parse(word.strip())))


def parse_order(state: Campaign, library: Any, leader: str, name: str, args: str) -> PostedOrder:
    """The order command ``!name args`` of ``leader`` (``name`` canonical: a key of
    :data:`ORDER_COMMANDS`), read into an order; InputError for words it cannot read."""
    kind = ORDER_COMMANDS.get(name)
    if kind is None:
        raise InputError(key="orders.post_unknown", word=name)
    words = args.split()
    if kind in ("colonize", "activate"):
        if len(words) != 1:
            raise InputError(key="orders.post_hex", value=args)
        return PostedOrder(kind, leader_hex(state, leader, words[0]))
    raise InputError(key="orders.post_unknown", word=name)
