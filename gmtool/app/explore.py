"""A leader's exploration in a campaign (`gmtool explore -c DIR --player P --hex Q,R`): the
campaign opened, the hex explored with its journaled dice (or Orion, which takes none),
committed — one call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.app.session import open_session
from gmtool.struct import Struct


class Explored(Struct):
    """An exploration, done and committed: the state after it, the OrionTables read, the
    exploration (or, at Orion, its system), its dice (a DiceChoice; None at Orion), the
    leader, the tables' library, and whether the hex was Orion's."""

    __slots__ = ("state", "rules", "result", "dice", "leader", "library", "orion")

    def __init__(self, state: Any, rules: Any, result: Any, dice: Any, leader: Any, library: Any, orion: bool) -> None:
        self.state = state
        self.rules = rules
        self.result = result
        self.dice = dice
        self.leader = leader
        self.library = library
        self.orion = orion


def explore_hex(
    folder: Path, player: str, hex_: str, ship: str, tables: list[Path] | None = None, faces: str | None = None
) -> Explored:
    """``player`` explores ``hex_`` with ``ship`` (an id or a label, en or ru), with the
    journaled dice (``faces``: the moderator's); Orion's hex is explored without dice."""
    from gmtool.campaign.hexes import Hex
    from gmtool.errors import InputError
    from gmtool.rolltables.roller import DiceRoller
    from gmtool.rules.orion.campaign_explore import explore_hex as explore
    from gmtool.rules.orion.campaign_explore import explore_orion
    from gmtool.rules.orion.exploration import OrionTables
    from gmtool.rules.orion.fleet import ship_named

    target = Hex.parse(hex_)
    with open_session(folder) as session:
        state = session.state
        leader = state.player(player)
        lib = session.library(tables)
        orion = OrionTables(lib)
        ship = ship_named(lib.get("costs", "orion"), ship)  # an id or a label, en or ru
        if target == state.game.orion:
            if faces is not None:
                raise InputError(key="explore.orion_no_dice")
            system = explore_orion(state, leader, ship, lib)
            session.commit()
            return Explored(state, orion, system, None, leader, lib, True)
        choice = session.dice(f"explore {target} ({leader.name})", faces)
        if getattr(choice.source, "scheme2", None) is not None:
            from gmtool.rules.orion.campaign_explore import exploration_context

            choice.source.set_context(exploration_context(state, leader.name, target, ship), leader.name)
        result = explore(state, orion, leader, target, DiceRoller(choice.source), ship)
        choice.finish()
        session.commit(choice)
        return Explored(state, orion, result, choice, leader, lib, False)
