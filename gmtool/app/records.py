"""The moderator's records that are no order of a leader's (`gmtool blockade --lift` with no
leader named) and the changes of leaders (`gmtool player add | drop | replace | rename | lang |
set`): each opens the campaign, plays the rule (gmtool/rules/orion/records.py, roster.py),
commits — one call.  ``Done.result`` is the turn-log entry the reply tells, or the leader."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from gmtool.app.done import Done
from gmtool.app.session import campaign_library, open_session


def _rules(folder: Path, tables: list[Path] | None) -> Any:
    from gmtool.rules.orion.turns import Rules

    return Rules(campaign_library(folder, tables))


def lift_blockade(folder: Path, hex_: str, tables: list[Path] | None = None) -> Done:
    """The blockade of the planet at ``hex_`` (Q,R) lifted, no leader named."""
    from gmtool.campaign.hexes import Hex
    from gmtool.rules.orion.records import lift_blockade as lift

    with open_session(folder) as session:
        rules = _rules(session.folder, tables)
        entry = lift(session.state, Hex.parse(hex_), None).to_data()
        session.commit()
        return Done(session.state, rules, entry)


def add_player(
    folder: Path, player: str, race: str, tables: list[Path] | None = None, faces: str | None = None
) -> Done:
    """A leader joins: its homeworld placed by the A2 rules (a journaled die picks the site)."""
    from gmtool.rules.orion.roster import add_player as add

    with open_session(folder) as session:
        state = session.state
        rules = _rules(session.folder, tables)
        choice = session.dice(f"player add {player}", faces)
        added = add(state, rules.library, player, choice.source, race)
        choice.finish()
        entry = state.turn_state.log[-1]
        session.commit(choice)
        return Done(state, rules, {**entry, "homeworld": str(added.homeworld)}, choice)


def drop_player(folder: Path, player: str, keep: bool, tables: list[Path] | None = None) -> Done:
    """A leader leaves: its planets neutral, or with ``keep`` its empire waiting for a replacement."""
    from gmtool.rules.orion.roster import drop_player as drop

    with open_session(folder) as session:
        state = session.state
        rules = _rules(session.folder, tables)
        entry = drop(state, state.player(player), keep).to_data()
        session.commit()
        return Done(state, rules, entry)


def rename_player(folder: Path, player: str, to: str, replaced: bool = False, tables: list[Path] | None = None) -> Done:
    """A leader renamed everywhere the campaign names it — or, ``replaced``, its empire taken
    over by the forum user ``to``."""
    from gmtool.rules.orion.roster import rename_player as rename

    with open_session(folder) as session:
        state = session.state
        rules = _rules(session.folder, tables)
        entry = rename(state, state.player(player), to, replaced=replaced).to_data()
        session.commit()
        return Done(state, rules, entry)


def set_player_lang(folder: Path, player: str, lang: str) -> Done:
    """The language of a leader's private reports ("" : the campaign's); ``result``: the leader."""
    from gmtool.rules.orion.roster import set_language

    return _change_leader(folder, player, lambda leader: set_language(leader, lang))


def set_player_gender(folder: Path, player: str, gender: str) -> Done:
    """The gender Russian words agree with ("" : guessed from the name); ``result``: the leader."""
    from gmtool.rules.orion.roster import set_gender

    return _change_leader(folder, player, lambda leader: set_gender(leader, gender))


def _change_leader(folder: Path, player: str, change: Callable[[Any], None]) -> Done:
    """One setting of a leader's own changed and committed; ``result``: the leader."""
    with open_session(folder) as session:
        leader = session.state.player(player)
        change(leader)
        session.commit()
        return Done(session.state, None, leader)
