"""Effects written in tables as text — ``"bc:+3"``, ``"orders:-1"``, ``"rp:+4"``,
``"colonists:+1"`` (on the homeworld) — applied to a leader (quest rewards, event cards)."""

from __future__ import annotations

import re
from typing import Any

from gmtool.campaign.model import Campaign, Player
from gmtool.errors import TableError

_EFFECT = re.compile(r"^\s*(bc|orders|rp|colonists)\s*:\s*([+-]?\d{1,4})\s*$")


def parse_effect(text: str) -> tuple[str, int]:
    m = _EFFECT.match(text)
    if not m:
        raise TableError(key="orion.bad_effect", effect=text)
    return m.group(1), int(m.group(2))


def apply_effects(campaign: Campaign, player: Player, effects: list[str]) -> list[dict[str, Any]]:
    """Apply each effect; BC, orders and RP never go below 0, colonists stay within
    1..max population of the homeworld. Returns what changed."""
    changes: list[dict[str, Any]] = []
    for text in effects:
        what, amount = parse_effect(text)
        if what == "colonists":
            planet = campaign.home_planet(player)
            before = planet.population
            planet.population = max(1, min(planet.max_population, planet.population + amount))
            got = planet.population - before
        else:
            before = getattr(player, what)
            setattr(player, what, max(0, before + amount))
            got = getattr(player, what) - before
        change: dict[str, Any] = {what: got}
        if got != amount:  # the report says what a limit held back, rather than leave it out
            change["cut"] = {"what": what, "wanted": amount, "got": got}
        changes.append(change)
    return changes
