"""The shipped example game (docs/whole-game.md) played in Russian by leaders with Russian
names, as a Russian forum plays it: alice is «Мадлен», bob «Звёздный Лис», carol «Антонина
Петровна», and the moderator «Хронист»; the campaign's language is Russian, every turn is
played from the players' posts in their rooms, with the moderator's records of turns 8 and 9
(the battle at Orion, the dragon slain). Turn 9 ends in Антонина Петровна's Orion victory."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "campaigns" / "example"
NAMES = {"alice": "Мадлен", "bob": "Звёздный Лис", "carol": "Антонина Петровна", "moderator": "Хронист"}
ROOMS = {"alice": "room-alice.txt", "bob": "room-bob.txt", "carol": "room-carol.txt"}
LEADERS = tuple(NAMES[p] for p in ROOMS)
LAST_TURN = 9


def renamed(text: str) -> str:
    """A post of the example with its authors and the leaders it names renamed."""
    return re.sub(r"\b(alice|bob|carol|moderator)\b", lambda m: NAMES[m[1]], text)


def play(gm: Callable[..., Any], folder: Path, ok: Callable[[Any], str]) -> None:
    """The whole game on a copy of the example in ``folder``."""
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "forum.toml", "reports", "history"))
    (folder / "secret.key").chmod(0o600)
    shutil.rmtree(folder / "orders")
    c = ("-c", str(folder))
    ok(gm("campaign", "set", *c, "lang", "ru"))
    for old in ROOMS:
        ok(gm("player", "rename", *c, "--player", old, "--to", NAMES[old]))
    for name in ("public-thread.txt", *ROOMS.values()):
        (folder / name).touch()
    ok(gm("campaign", "set", *c, "moderators", NAMES["moderator"]))
    ok(gm("campaign", "set", *c, "thread", "public-thread.txt"))
    for old, room in ROOMS.items():
        ok(gm("campaign", "room", *c, "--player", NAMES[old], room))
    for turn in range(1, LAST_TURN + 1):
        ok(gm("turn", "start", *c))
        if turn == 8:  # the battle at Orion, recorded before the rooms are collected
            ok(gm("explore", *c, "--player", NAMES["carol"], "--hex", "0,0"))
            ok(gm("orion", "damage", *c, "--by", NAMES["carol"], "--points", "9"))
            ok(gm("ship", "lose", *c, "--player", NAMES["carol"], "--class", "frigate", "--reason", "Страж Ориона"))
        if turn == 9:
            ok(gm("orion", "damage", *c, "--by", NAMES["carol"], "--points", "11"))
            ok(gm("monster", "slain", *c, "--hex", "2,-2", "--by", NAMES["alice"]))
        for post in sorted((folder / "posts" / f"turn-{turn:02d}").glob("*.txt")):
            with (folder / post.name).open("a", encoding="utf-8") as room:
                room.write(renamed(post.read_text(encoding="utf-8")))
        ok(gm("post", "collect", *c, "--new"))
        ok(gm("turn", "run", "--from-posts", *c))


# ------------------------------------------------------------------ a new game, dice scheme 2

FOUR = ("Мирослава", "Звёздный Лис", "Антонина Петровна", "Мадлен")
NEIGHBOURS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def _post(path: Path, number: int, author: str, body: str) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.write(f"=== {author} #{number} ===\n{body}\n")


def play_scheme2(gm: Callable[..., Any], folder: Path, ok: Callable[[Any], str], turns: int = 7) -> dict[str, str]:
    """A new Russian campaign (dice scheme 2, BBCode) of four leaders, played from their posts:
    seeds and a `!roll` in the public thread, explorations and orders in the rooms, a few
    orders refused; then turns with no orders up to ``turns`` (turn 6's end reveals the
    stage-1 key). Returns the opening post (`campaign commitment`) and the `!roll` reply."""
    ok(gm("campaign", "new", str(folder), *(x for p in FOUR for x in ("--player", p)), "--seed", "4", "--lang", "ru"))
    c = ("-c", str(folder))
    ok(gm("campaign", "set", *c, "format", "bbcode"))
    ok(gm("campaign", "set", *c, "moderators", NAMES["moderator"]))
    thread = folder / "thread.txt"
    thread.touch()
    ok(gm("campaign", "set", *c, "thread", "thread.txt"))
    for i, leader in enumerate(FOUR):
        (folder / f"room-{i}.txt").touch()
        ok(gm("campaign", "room", *c, "--player", leader, f"room-{i}.txt"))
    said = {"opening": ok(gm("campaign", "commitment", *c))}
    number = 100
    for turn in range(1, turns + 1):
        ok(gm("turn", "start", *c))
        if turn <= 2:
            for i, leader in enumerate(FOUR):  # a first post with orders the rules refuse
                number += 1
                far = "!разведка 4,0\n!колонизировать 1,0\n!флот +1\n!изучить победа\n!построить линкор\n!построить фрегат пушка,лазер"
                _post(folder / f"room-{i}.txt", number, leader, far)
            number += 1
            _post(thread, number, FOUR[0], "!зерно гроза")
            number += 1
            _post(thread, number, FOUR[1], "!бросок 2d6 на удачу\n!разведка 9,9")
            said[f"collect-{turn}-refused"] = ok(gm("post", "collect", *c, "--new"))
            for i, leader in enumerate(FOUR):  # then the orders as they stand (rooms are framed: home is 0,0)
                dq, dr = NEIGHBOURS[(i + turn) % 6]
                number += 1
                build = "\n!построить фрегат" if turn == 1 else "\n!построить разведчик"
                _post(folder / f"room-{i}.txt", number, leader, f"!разведка {dq},{dr}{build}")
            said[f"collect-{turn}"] = ok(gm("post", "collect", *c, "--new"))
            said[f"share-{turn}"] = ok(gm("turn", "share", *c, str(thread)))
        ok(gm("turn", "run", "--from-posts", *c))
    return said
