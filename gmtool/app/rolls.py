"""The moderator's free rolls in a campaign (`gmtool roll -c`, `gmtool table roll -c`): every
die from the campaign's verifiable stream into its journal, committed — one call each.  A
roll is allowed after the game's end too."""

from __future__ import annotations

from pathlib import Path

from gmtool.app.done import Done
from gmtool.app.session import open_session


def roll_dice(folder: Path, expression: str, comment: str = "", faces: str | None = None) -> Done:
    """``expression`` rolled for ``comment``; scheme 2: a public roll, listed in the turn's
    public post. ``result``: the roll."""
    from gmtool.dice import roll

    with open_session(folder, changes=False, ruleset=None) as session:
        purpose = "roll" + (f" for {comment}" if comment else "")
        choice = session.dice(purpose, faces)
        if getattr(choice.source, "scheme2", None) is not None:  # listed in the turn's public post
            choice.source.scheme2.private = False
            choice.source.set_context(f"moderator · {comment}" if comment else "moderator")
        result = roll(expression, choice.source, comment=comment)
        choice.finish()
        session.commit(choice)  # records the last roll id: a cut journal cannot go unnoticed
        return Done(session.state, None, result, choice)


def roll_table(
    folder: Path,
    table: str,
    modifiers: list[str] | None = None,
    stage: int | None = None,
    follow: bool = True,
    tables: list[Path] | None = None,
    faces: str | None = None,
) -> Done:
    """A roll on ``table`` (with its modifiers by text, ``follow``: the tables a row sends
    to); ``rules`` is the tables' library, ``result`` the roll."""
    from gmtool.rolltables.roll import modifier_from_text
    from gmtool.rolltables.roll import roll_table as roll

    with open_session(folder, changes=False, ruleset=None) as session:  # a roll, as `roll -c`: even after the game
        library = session.library(tables)
        chosen = library.get(table)
        mods = [modifier_from_text(chosen, m) for m in modifiers or []]
        choice = session.dice(f"table {chosen.id}", faces)
        result = roll(chosen, choice.source, mods, stage, library if follow else None)
        choice.finish()
        session.commit(choice)
        return Done(session.state, library, result, choice)
