"""The effects vocabulary (docs/rules-orion.md A9, A11): what a quest's reward, an event card's
choice and a bill of the Galactic Council do, written in their tables as text and carried out
here — the one interpreter of all three.

* a change of a resource: ``"bc:+3"``, ``"orders:-1"``, ``"rp:+4"``, ``"colonists:+1"`` (on
  the homeworld);
* a rule that stands: ``"no_fleet_raise"`` (the fleet size may not be raised),
  ``"no_pp_to_bc"`` (unspent PP do not become BC), ``"agents_cross_blockades"`` (an agent
  crosses a blockade without a check);
* ``"text"``: the table's text says it; the moderator applies it (a public post says so).

A bill says besides to whom its effects go (its ``to`` column, :data:`TARGETS`): every leader,
the leader the chair names, or the leader with the fewest planets (a tie is the chair's to
decide, A3)."""

from __future__ import annotations

import re
from typing import Any

from gmtool.errors import TableError
from gmtool.rules.orion.state import OrionCampaign, OrionPlayer

_EFFECT = re.compile(r"^\s*(bc|orders|rp|colonists)\s*:\s*([+-]?\d{1,4})\s*$")
RESOURCES = ("bc", "orders", "rp", "colonists")
# the rules an effect may set while it stands (a law) or for the turn it names (a one-off bill)
RULES = ("no_fleet_raise", "no_pp_to_bc", "agents_cross_blockades")
TEXT = "text"
# whom a bill's effects go to (its `to` column; every leader when it has none)
TARGETS = ("every", "chair_choice", "fewest_planets")


def parse_effect(text: str) -> tuple[str, int]:
    """``"bc:+3"`` → ``("bc", 3)``; a rule or ``text`` → ``(word, 0)``."""
    word = text.strip() if isinstance(text, str) else text
    if word in RULES or word == TEXT:
        return word, 0
    m = _EFFECT.match(text)
    if not m:
        raise TableError(key="orion.bad_effect", effect=text)
    return m.group(1), int(m.group(2))


def apply_effects(campaign: OrionCampaign, player: OrionPlayer, effects: list[str]) -> list[dict[str, Any]]:
    """Apply each change of a resource; BC, orders and RP never go below 0, colonists stay
    within 1..max population of the homeworld. Returns what changed (a rule or ``text``
    changes nothing here: :func:`standing` reads the rules, the report tells the text)."""
    changes: list[dict[str, Any]] = []
    for text in effects:
        what, amount = parse_effect(text)
        if what not in RESOURCES:
            continue
        if what == "colonists":
            planet = campaign.game.home_planet(player)
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


def rules_of(effects: list[str]) -> list[str]:
    """The rules among ``effects`` (``no_fleet_raise`` …), in their order."""
    return [w for w in (parse_effect(e)[0] for e in effects) if w in RULES]


def is_text_only(effects: list[str]) -> bool:
    """Whether the moderator applies it: ``text`` among the effects."""
    return any(parse_effect(e)[0] == TEXT for e in effects)
