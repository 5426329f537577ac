"""A leader's ships: the support ships it counts (scouts, colony ships) and its combat
ships by class (docs/rules-orion.md A2, A6). A leaf module: every rule that moves ships uses it."""

from __future__ import annotations

from typing import Any

from gmtool.errors import InputError, RuleRefused
from gmtool.locale import Label, Msg, has
from gmtool.rules.orion.state import SUPPORT_SHIPS, OrionPlayer, ShipCounts

SHIP_KINDS = ("support", "ship")  # rows of the costs table that are ships


def ship_named(costs: Any, name: str) -> str:
    """The ship class a user names — by id (``colony_ship``) or by its label in either
    language («Фрегат», "colony ship") — from the costs table; an unknown name is refused
    with the list of ships."""
    row = costs.named(name)
    if row is None or row.values.get("kind") not in SHIP_KINDS:
        known = [Label(r.label) for r in costs.rows if r.values.get("kind") in SHIP_KINDS]
        raise InputError(key="orion.unknown_ship", name=" ".join(name.split()), known=known)
    return str(row.id)


def ship_name(ship: str, costs: Any = None) -> Msg | str:
    """A ship class as a message parameter: its label from the costs table in Russian (the
    nominative, «Фрегат»), the id in words in English (``colony ship``, as before)."""
    row = costs.find(ship) if costs is not None else None
    if row is not None and isinstance(row.label, dict):
        return Label({**row.label, "en": ship.replace("_", " ")})
    return Msg("error.orion.ship_" + ship) if has("error.orion.ship_" + ship) else ship.replace("_", " ")


def ship_count(player: OrionPlayer, ship: str) -> int:
    attr = SUPPORT_SHIPS.get(ship)
    return getattr(player, attr) if attr else player.ships.get(ship, 0)


def has_ship(player: OrionPlayer, ship: str) -> bool:
    return ship_count(player, ship) > 0


def add_ship(player: OrionPlayer, ship: str, n: int = 1, modules: list[str] | None = None) -> None:
    """``n`` more ``ship``; a warship built or found fitted keeps its ``modules`` (A8a)."""
    attr = SUPPORT_SHIPS.get(ship)
    if attr:
        setattr(player, attr, getattr(player, attr) + n)
    else:
        player.ships[ship] = player.ships.get(ship, 0) + n
        if modules is not None:
            if not isinstance(player.ships, ShipCounts):
                player.ships = ShipCounts(player.ships)
            fitted = fitted_of(player, ship)
            fitted += [list(modules) for _ in range(n)]
            player.ships.fitted[ship] = fitted


def fitted_of(player: OrionPlayer, ship: str) -> list[list[str]]:
    """The modules of each of the leader's ``ship`` that has them recorded (A8a)."""
    return getattr(player.ships, "fitted", {}).get(ship, [])


def warships(player: OrionPlayer) -> list[tuple[str, int, list[str]]]:
    """Each of the leader's warships: (class, its number within the class from 1, its modules
    — [] when none are recorded), classes in name order."""
    out = []
    for ship in sorted(player.ships):
        fitted = fitted_of(player, ship)
        for i in range(player.ships[ship]):
            out.append((ship, i + 1, list(fitted[i]) if i < len(fitted) else []))
    return out


def remove_ship(player: OrionPlayer, ship: str, costs: Any = None) -> None:
    if not has_ship(player, ship):
        raise RuleRefused(key="orion.no_ship", leader=player.name, ship=ship_name(ship, costs))
    attr = SUPPORT_SHIPS.get(ship)
    if attr:
        setattr(player, attr, getattr(player, attr) - 1)
    else:
        player.ships[ship] -= 1
        fitted = fitted_of(player, ship)
        if len(fitted) > player.ships[ship]:  # a ship with none recorded goes first, then the last fitted
            fitted.pop()
        if not fitted:
            getattr(player.ships, "fitted", {}).pop(ship, None)
        if not player.ships[ship]:
            del player.ships[ship]


def moved(player: OrionPlayer, ship: str, turn: int) -> int:
    """How many of the leader's ``ship`` explored a hex in ``turn`` (a ship's move ends in
    the hex it explores, docs/rules-orion.md A4: one hex per ship per turn)."""
    return player.moved.get(ship, 0) if player.moved_turn == turn else 0


def mark_moved(player: OrionPlayer, ship: str, turn: int) -> None:
    if player.moved_turn != turn:
        player.moved, player.moved_turn = {}, turn
    player.moved[ship] = player.moved.get(ship, 0) + 1
