"""A player's turn of Merchant of Venus (`gmtool venus move | navigate | land | skip | worth`,
docs/rules-venus.md): each opens a venus campaign, plays the rule, commits — one call.
``Done.rules`` is the tables' library the rule read."""

from __future__ import annotations

from pathlib import Path

from gmtool.app.done import Done
from gmtool.app.session import open_session


def move(
    folder: Path,
    player: str,
    heading: str | None,
    speed: int | None = None,
    tables: list[Path] | None = None,
    faces: str | None = None,
) -> Done:
    """The heading declared, the speed dice rolled (journaled); ``result``: the roll."""
    from gmtool.rules.venus.play import move as roll_speed

    with open_session(folder, ruleset="venus") as session:
        state = session.state
        lib = session.library(tables)
        choice = session.dice(f"venus move ({player})", faces)
        roll = roll_speed(state, lib, player, heading, choice.source, speed)
        choice.finish()
        session.commit(choice)
        return Done(state, lib, roll, choice)


def navigate(folder: Path, player: str, die: int | None, tables: list[Path] | None = None) -> Done:
    """One of the rolled speed dice assigned to navigation; no die is rolled."""
    from gmtool.rules.venus.play import navigate as assign

    with open_session(folder, ruleset="venus") as session:
        lib = session.library(tables)
        roll = assign(session.state, lib, player, die)
        session.commit()
        return Done(session.state, lib, roll)


def land(folder: Path, player: str, at: str, kind: str | None, tables: list[Path] | None = None) -> Done:
    """The ship lands at the end of its move, where the space allows it."""
    from gmtool.rules.venus.play import land as land_at

    with open_session(folder, ruleset="venus") as session:
        lib = session.library(tables)
        result = land_at(session.state, lib, player, at, kind)
        session.commit()
        return Done(session.state, lib, result)


def skip(folder: Path, player: str, in_port: bool, tables: list[Path] | None = None) -> Done:
    """The movement phase skipped (``in_port``: straight to the operations phase)."""
    from gmtool.rules.venus.play import skip as skip_move

    with open_session(folder, ruleset="venus") as session:
        result = skip_move(session.state, player, in_port, session.library(tables))
        session.commit()
        return Done(session.state, None, result)


def set_worth(folder: Path, player: str, worth: int) -> Done:
    """A player's net worth recorded (checked for victory at the end of its own turn)."""
    from gmtool.rules.venus.play import set_worth as record

    with open_session(folder, ruleset="venus") as session:
        record(session.state, player, worth)
        session.commit()
        return Done(session.state)
