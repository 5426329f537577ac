"""What a roll was for, in words of the site's language.

A journal entry names what it rolled in gmtool's own terms, always in English — the
``purpose`` ``post #1023.1 (Глафира) !explore: event`` (and, in scheme 2, the canonical
label the face is derived from, which must stay byte for byte). A reader of the site reads
words instead: «Разведка Глафиры (сообщение #1023): событие». :func:`roll_words` reads the
purpose the way gmtool writes it (a prefix saying who rolled and why, then what the dice
picked: a table, a die of a dice expression, a deck's shuffle) and says it with the
catalogs' ``site.roll_for`` messages and the tables' own titles; a part it does not know
— a moderator's own text — is shown as it is.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from gmtool.locale import t

# who rolled and why: the purposes gmtool writes (gmtool/forum/resolve.py, gmtool/cli/*.py,
# gmtool/app/session.py), each with the catalog message that says it
_PREFIXES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"post #(?P<post>\d+)\.\d+ \((?P<who>.*)\) !(?P<command>[\w-]+)"), "post"),
    (re.compile(r"room (?P<room>.+?) post #(?P<post>\d+)\.\d+ \((?P<who>.*)\) !(?P<command>[\w-]+)"), "room"),
    (re.compile(r"private message #(?P<post>\d+)\.\d+ \((?P<who>.*)\) !(?P<command>[\w-]+)"), "private"),
    (re.compile(r"setup"), "setup"),
    (re.compile(r"turn (?P<turn>\d+) start"), "turn_start"),
    (re.compile(r"turn (?P<turn>\d+) end"), "turn_end"),
    (re.compile(r"turn (?P<turn>\d+) orders"), "turn_orders"),
    (re.compile(r"explore (?P<hex>-?\d+,-?\d+) \((?P<who>.*)\)"), "explore"),
    (re.compile(r"colonize (?P<hex>-?\d+,-?\d+) \((?P<who>.*)\)"), "colonize"),
    (re.compile(r"agent (?P<agent>.+?) \((?P<who>.*?)\): (?P<what>[^:]+)"), "agent"),
    (re.compile(r"council: bills deck"), "council_deck"),
    (re.compile(r"deck (?P<deck>[\w-]+)"), "deck"),
    (re.compile(r"table (?P<table>[\w/-]+)"), "table"),
    (re.compile(r"roll for (?P<text>.+?)"), "roll_for"),
    (re.compile(r"roll"), "roll"),
    (re.compile(r"player add (?P<who>.+?)"), "player_add"),
    (re.compile(r"venus move \((?P<who>.*)\)"), "venus_move"),
]
# the forum commands whose words name the command itself («Разведка Глафиры»)
_COMMANDS = ("roll", "explore", "table", "check", "move", "navigate")
# what a die picked, after the prefix
_REROLL = re.compile(r"(?P<what>.+), reroll (?P<n>\d+)")
_DIE = re.compile(r"(?:(?P<expr>.+): )?die (?P<n>\d+)")
_SHUFFLE = re.compile(r"shuffle (?P<deck>[\w/-]+)")
_RACE = re.compile(r"race for (?P<who>.+)")
_SPEED = re.compile(r"(?P<who>.+): speed die (?P<n>\d+)")
_TECH = re.compile(r"(?P<what>.+), (?:technology (?P<n>\d+)|(?P<which>science|technology of the science))")
# the rules' own words for what they roll (gmtool/rules): a catalog message each
_WORDS = {
    "exploration": "exploration",
    "event": "event",
    "world type": "world_type",
    "world size": "world_size",
    "monster": "monster",
    "homeworld placement": "homeworld",
    "first-turn token": "token",
    "first player": "first_player",
    "agent check": "agent_check",
    "blockade": "blockade",
    "science": "science",
    "technology of the science": "tech_of_science",
    "technology award": "tech_award",
}


def table_titles(library: Any, lang: str) -> Callable[[str], str | None]:
    """``title(name)``: the title of the library's table ``name`` (``world-size``,
    ``orion/world-size``, or ``world size``) in ``lang``, or None when there is none."""
    from gmtool.rolltables.model import pick

    def title(name: str) -> str | None:
        if library is None:
            return None
        try:
            table = library.get(name.replace(" ", "-"))
        except Exception:  # an unknown or ambiguous name: not a table's
            return None
        return pick(table.title, lang) if table.title else None

    return title


def roll_words(
    purpose: str, lang: str, title: Callable[[str], str | None] = lambda name: None, who: str | None = None
) -> str:
    """``purpose`` (a journal entry's) in words of ``lang``; ``title`` names a table; ``who``:
    the name to say for whoever rolled (a leader renamed since: its name now)."""
    head, what = roll_parts(purpose, lang, title, who)
    return f"{head}: {what}" if head and what else head or what


def roll_parts(
    purpose: str, lang: str, title: Callable[[str], str | None] = lambda name: None, who: str | None = None
) -> tuple[str, str]:
    """``purpose`` as (who rolled and why, what the die picked), each in words of ``lang``
    (either may be empty); ``who`` stands for the name the purpose gives."""
    for pattern, key in _PREFIXES:
        m = re.fullmatch(pattern.pattern + r"(?:: (?P<tail>.*))?", purpose, re.S)
        if m is None:
            continue
        found = {k: v for k, v in m.groupdict().items() if v is not None}
        tail = found.pop("tail", "")
        if who is not None and "who" in found:
            found["who"] = who
        if key in ("post", "room", "private"):
            command = found["command"]
            if command in _COMMANDS:
                found["did"] = t(f"site.roll_for.command_{command}", lang, who=found["who"])
            else:
                found["did"] = t("site.roll_for.command", lang, who=found["who"], command=command)
        elif key == "agent":
            found["what"] = _what(found["what"], lang, title)
        elif key in ("deck", "table"):
            name = found.get("deck") or found.get("table") or ""
            found["name"] = title(name) or name
        return t(f"site.roll_for.{key}", lang, **found), _what(tail, lang, title) if tail else ""
    return "", _what(purpose, lang, title)


def _what(text: str, lang: str, title: Callable[[str], str | None]) -> str:
    """What a die picked in words: a table, a die of an expression, a deck's shuffle."""
    text = text.strip()
    m = _REROLL.fullmatch(text)
    if m:
        return t("site.roll_for.reroll", lang, what=_what(m["what"], lang, title), n=m["n"])
    m = _DIE.fullmatch(text)
    if m:
        if m["expr"]:
            return t("site.roll_for.expr_die", lang, expr=_what(m["expr"], lang, title), n=m["n"])
        return t("site.roll_for.die", lang, n=m["n"])
    m = _SHUFFLE.fullmatch(text)
    if m:
        return t("site.roll_for.shuffle", lang, deck=title(m["deck"]) or m["deck"])
    m = _RACE.fullmatch(text)
    if m:
        return t("site.roll_for.race_for", lang, who=m["who"])
    m = _SPEED.fullmatch(text)
    if m:
        return t("site.roll_for.speed_die", lang, who=m["who"], n=m["n"])
    m = _TECH.fullmatch(text)
    if m:
        what = _what(m["what"], lang, title)
        if m["n"]:
            return t("site.roll_for.technology", lang, what=what, n=m["n"])
        return f"{what}, {t('site.roll_for.' + _WORDS[m['which']], lang)}"
    if text in _WORDS:
        return t(f"site.roll_for.{_WORDS[text]}", lang)
    return title(text) or text
