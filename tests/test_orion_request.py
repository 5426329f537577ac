"""A leader's `!explore` of Orion is a request, never a refusal (issue 35 §5): Orion rolls no
dice (docs/rules-orion.md A4), so the reply says the request is recorded and the moderator
resolves it; `post pending --include-private` lists it with the command that resolves it
(never the public copy, never the player's reply), and the moderator's `gmtool explore` of
Orion resolves it."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from helpers import ok

pytestmark = pytest.mark.camp(example="fresh")

# carol's scout has explored its way to Orion's neighbour 1,-1 (stage 2: the galaxy's frame)
NEAR_ORION = """
[[system]]
hex = "2,-1"
discovery = "empty"
explored_by = "carol"
explored_turn = 0

[[system]]
hex = "1,-1"
discovery = "empty"
explored_by = "carol"
explored_turn = 0
"""


MODERATORS = re.compile(r"gmtool [a-z]|--[a-z]")  # a command line, an option's name


@pytest.fixture
def camp(camp) -> Path:
    """The fresh example (the module's camp marker) in stage 2, beside Orion."""
    folder = camp
    path = folder / "campaign.toml"
    text, n = re.subn(r"(?m)^stage = \d+$", "stage = 2", path.read_text(encoding="utf-8"), count=1)
    assert n == 1
    path.write_text(text + NEAR_ORION, encoding="utf-8")
    return folder


def post(gm, camp: Path, line: str, post_id: str, lang: str = "en", author: str = "carol") -> str:
    args = ("post", "resolve", "-", "-c", str(camp), "--author", author, "--post-id", post_id, "--lang", lang)
    return ok(gm(*args, input=line + "\n"))


def pending(gm, camp: Path, *extra: str) -> str:
    return ok(gm("post", "pending", "-c", str(camp), *extra))


def orion_explored(camp: Path) -> bool:
    state = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))
    return any(s["hex"] == "0,0" and "explored_by" in s for s in state["system"])


def test_exploring_orion_is_a_request_the_reply_tells_in_words_a_player_reads(gm, camp):
    journal = (camp / "journal.toml").read_bytes()
    reply = post(gm, camp, "!explore 0,0", "1")
    assert (
        "!explore 0,0\n\nRequest recorded: exploring Orion (0,0)\n\n"
        "Orion rolls no dice: the moderator resolves your request and tells you what waits there.\n"
    ) in reply
    assert "refused" not in reply
    assert not MODERATORS.search(reply)
    russian = post(gm, camp, "!разведка 0,0", "2", lang="ru")
    assert (
        "!разведка 0,0\n\nЗаявка принята: исследование Ориона (0,0)\n\n"
        "При исследовании Ориона кубики не бросаются: ведущий рассмотрит заявку и сообщит, что там ждёт.\n"
    ) in russian
    assert not MODERATORS.search(russian)
    # nothing is rolled, nothing explored: the moderator judges it
    assert (camp / "journal.toml").read_bytes() == journal
    assert not orion_explored(camp)
    record = (camp / "forum.toml").read_text(encoding="utf-8")
    assert '"request":{"kind":"explore_orion","leader":"carol","hex":"0,0","ship":"scout","turn":1}' in record


def test_the_request_waits_in_the_moderators_pending_copy_until_the_moderator_explores_orion(gm, camp):
    post(gm, camp, "!explore 0,0", "1")
    post(gm, camp, "!разведка 0,0", "2", lang="ru")  # asked twice: listed once
    line = "- asks to explore Orion (0,0) with its scout: `gmtool explore --player carol --hex 0,0` resolves it\n"
    private = pending(gm, camp, "--include-private")
    assert f"carol\n-----\n\n{line}" in private and private.count("asks to explore") == 1
    assert (
        "- просит исследовать Орион (0,0) кораблём «scout»: заявку решает `gmtool explore --player carol --hex 0,0`\n"
        in pending(gm, camp, "--include-private", "--lang", "ru")
    )
    data = json.loads(pending(gm, camp, "--include-private", "--format", "json"))
    carol = next(leader for leader in data["leaders"] if leader["name"] == "carol")
    assert carol["waiting"] == [
        {
            "kind": "request_explore_orion",
            "hex": "0,0",
            "ship": "scout",
            "command": "gmtool explore --player carol --hex 0,0",
        }
    ]
    # the public post names no request and no command
    public = pending(gm, camp)
    assert "Orion" not in public and "gmtool explore" not in public
    out = ok(gm("explore", "-c", str(camp), "--player", "carol", "--hex", "0,0"))
    assert "Found: Orion" in out and orion_explored(camp)
    after = pending(gm, camp, "--include-private")
    assert "Orion" not in after and "gmtool explore" not in after


def test_a_request_is_checked_as_an_exploration_is(gm, camp):
    # bob has explored nothing next to Orion: out of reach, refused as any hex would be
    reply = post(gm, camp, "!explore 0,0", "1", author="bob")
    assert "!explore 0,0 — refused: 0,0 is out of bob's reach this turn" in reply
    assert "asks to explore" not in pending(gm, camp, "--include-private")


def test_the_request_holds_its_scout_so_the_same_scout_is_not_ordered_elsewhere(gm, camp):
    """carol's only scout: her request to explore Orion holds it (the reply says so), her
    `!explore 2,-2` after it is refused naming the request, a second request holds nothing
    more, and the moderator's exploration of Orion uses the held scout (never refused as moved)."""
    reply = post(gm, camp, "!explore 0,0", "1")
    assert (
        "Your scout is held for it this turn: it explores nothing else until the moderator resolves the request.\n"
    ) in reply
    assert not MODERATORS.search(reply)
    state = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))
    carol = next(p for p in state["player"] if p["name"] == "carol")
    assert (carol["scouts"], carol["moved"], carol["orion_ship"], carol["orion_turn"]) == (1, {"scout": 1}, "scout", 1)
    russian = ok(gm("post", "pending", "-c", str(camp)))  # a read changes nothing
    assert "Orion" not in russian
    elsewhere = post(gm, camp, "!explore 2,-2", "3")
    assert (
        "!explore 2,-2 — refused: carol's scout is held for its request to explore Orion this turn (the moderator "
        "resolves it), and no other scout is free to move: each ship explores at most one hex a turn"
    ) in elsewhere, elsewhere
    again = post(gm, camp, "!explore 0,0", "4")
    assert "Your request to explore Orion this turn holds its ship already: no other ship is held.\n" in again
    assert "Ваша заявка на исследование Ориона на этот ход уже закрепила корабль" in post(
        gm, camp, "!разведка 0,0", "5", lang="ru"
    )
    out = ok(gm("explore", "-c", str(camp), "--player", "carol", "--hex", "0,0"))
    assert "Found: Orion" in out and orion_explored(camp)
    state = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))
    carol = next(p for p in state["player"] if p["name"] == "carol")
    assert carol["moved"] == {"scout": 1} and "orion_ship" not in carol  # one move: the held scout's


def test_the_russian_reply_says_the_request_holds_the_ship(gm, camp):
    reply = post(gm, camp, "!разведка 0,0", "1", lang="ru")
    assert (
        "Ваш корабль «Разведчик» закреплён за заявкой на этот ход: больше он ничего не исследует, пока ведущий "
        "не рассмотрит заявку.\n"
    ) in reply, reply
