"""Merchant of Venus's thread commands (docs/forum-commands.md): ``!move`` and ``!navigate``,
answered at once for the player whose turn it is.  The forum resolver hands each over as a
:class:`~gmtool.rules.base.ForumCall`; every import is made when a command is answered."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.base import ForumCall, ForumHandler

if TYPE_CHECKING:
    from gmtool.report.model import Report


def move_command(call: ForumCall) -> dict[str, Report]:
    """``!move HEADING`` declares the heading and rolls the speed dice."""
    from gmtool.formats import LANGS
    from gmtool.report.venus import speed_report
    from gmtool.rules.venus.play import move, venus_state

    first = call.source.next_id
    roll = move(call.state, call.library, call.leader, call.args, call.source)
    ship = venus_state(call.state).merchants[call.leader].ship
    return {lang: speed_report(roll, call.library, lang, call.info(first), ship) for lang in LANGS}


def navigate_command(call: ForumCall) -> dict[str, Report]:
    """``!navigate FACE`` assigns the rolled speed die showing FACE to navigation."""
    from gmtool.errors import InputError
    from gmtool.formats import LANGS
    from gmtool.report.venus import navigation_report
    from gmtool.rules.venus.play import navigate, venus_state

    word = call.args.split()[0] if call.args else ""
    if word and not (word.isascii() and word.isdigit() and len(word) <= 3):
        raise InputError(key="forum.navigate_face", word=word)
    roll = navigate(call.state, call.library, call.leader, int(word) if word else None)
    ship = venus_state(call.state).merchants[call.leader].ship
    return {lang: navigation_report(roll, call.library, lang, ship) for lang in LANGS}


FORUM_COMMANDS: dict[str, ForumHandler] = {"move": move_command, "navigate": navigate_command}
