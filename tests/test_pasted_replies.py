"""A reply of gmtool's pasted into the thread. A forum that strips markup makes its echoed
`!roll` lines begin a line again: the post — known by its journal mark or its "Posts read"
line — runs no command, whoever posted it (the moderator's is passed over; a player's is
refused with the reason, so that they post their commands anew). And `verify --key` checks
the Dice blocks of the moderator's posts of a thread file and a saved page, code boxes and
all (docs/verify.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import forum_pages as fp
from dice2_helpers import entries, new_game, secret_of
from gmtool.campaign.stream import part_key
from helpers import ok, write_text

TAGS = re.compile(r"\[/?[a-z*]+(?:=[^\]\n]*)?\]")
REFUSAL = (
    'this post holds a reply of gmtool\'s (its journal mark, or its "Posts read" line): its commands are the '
    "reply's echo, so none of them runs; post new commands in a post of their own"
)


def _game(gm, new_campaign, tmp_path: Path) -> tuple[Path, Path, str]:
    """A scheme-2 game whose moderator is GM, a thread where alice rolled, and gmtool's reply
    to it as a forum that strips markup shows it."""
    game = new_game(new_campaign, tmp_path / "g")
    ok(gm("campaign", "set", "-c", str(game), "moderators", "GM"))
    thread = write_text(tmp_path, "thread.txt", "=== alice #101 ===\n!roll 2d6 luck\n")
    reply = ok(gm("post", "resolve", str(thread), "-c", str(game), "--format", "bbcode"))
    return game, thread, TAGS.sub("", reply)


def _add(thread: Path, author: str, post_id: int, body: str) -> None:
    with thread.open("a", encoding="utf-8") as f:
        f.write(f"=== {author} #{post_id} ===\n{body}\n")


def _resolve(gm, game: Path, thread: Path) -> dict:
    return json.loads(ok(gm("post", "resolve", str(thread), "-c", str(game), "--format", "json")))


def test_a_pasted_reply_runs_none_of_its_echoed_commands_in_a_thread_file(gm, new_campaign, tmp_path):
    game, thread, stripped = _game(gm, new_campaign, tmp_path)
    assert re.search(r"(?m)^!roll 2d6 luck$", stripped) and "journal #2 · " in stripped
    without_mark = "\n".join(line for line in stripped.splitlines() if not line.startswith("journal #"))
    _add(thread, "GM", 102, stripped)  # the moderator pastes it
    _add(thread, "GM", 103, without_mark)  # no secret at hand: no mark, only "Posts read: #101 alice"
    _add(thread, "bob", 104, stripped + "\n!roll d6")  # a player pastes it and adds a command
    quoted = "\n".join("> " + line for line in stripped.splitlines())
    _add(thread, "carol", 105, quoted + "\n!roll d4 mine")  # a player quotes it (Markdown, copied text)
    dice = len(entries(game))
    data = _resolve(gm, game, thread)
    done = {p["post_id"]: [(c["command"], c["status"]) for c in p["commands"]] for p in data["posts"]}
    assert done == {
        "101": [("!roll 2d6 luck", "ok")],  # as it stood: read back, rolling nothing
        "104": [("!roll 2d6 luck", "refused"), ("!roll d6", "refused")],
        "105": [("!roll d4 mine", "ok")],
    }
    assert {c["reason"] for p in data["posts"] if p["post_id"] == "104" for c in p["commands"]} == {REFUSAL}
    new = entries(game)[dice:]
    assert [(e.label, e.die) for e in new] == [("turn 1 · carol · post #105.1 !roll · d4", 4)]  # carol's alone
    ru = ok(gm("post", "resolve", str(thread), "-c", str(game), "--lang", "ru"))
    assert "в этом посте — ответ gmtool (его отметка журнала или строка «Прочитаны посты»)" in ru


def test_verify_key_checks_the_moderators_dice_blocks_in_a_thread_file(gm, new_campaign, tmp_path):
    """site36: the moderator's code boxes were left out with the quotes, so no Dice block of a
    thread was ever checked ("Rolls checked: 0")."""
    game, thread, _ = _game(gm, new_campaign, tmp_path)
    reply = ok(gm("roll", "3d6", "-c", str(game), "--for", "weather", "--format", "bbcode"))
    assert "[code]gmtool-v2 stage1 share -\nturn 1 · moderator · weather · 3d6: " in reply
    _add(thread, "GM", 102, reply)
    _add(thread, "bob", 103, "[code]gmtool-v2 stage1 share -\nturn 1 · bob · luck · d6: d6 #1=7[/code]")
    key = part_key(secret_of(game), "stage1").hex()
    out = ok(gm("verify", "--key", f"stage1={key}", "--published", str(thread), "--moderator", "GM"))
    assert "Rolls checked: stage1 3\n" in out  # the weather's three dice; bob's block is no one's proof
    forged = re.sub(r"(weather · 3d6: d6 #1=)(\d)", lambda m: m[1] + str(int(m[2]) % 6 + 1), reply)
    write_text(tmp_path, "thread.txt", f"=== GM #102 ===\n{forged}\n")
    res = gm("verify", "--key", f"stage1={key}", "--published", str(thread), "--moderator", "GM")
    assert res.exit_code == 1 and "thread.txt (post #102 by GM)" in res.stderr and "weather · 3d6 d6 #1" in res.stderr


def test_verify_key_checks_the_moderators_dice_blocks_on_a_saved_page(gm, new_campaign, tmp_path):
    game, _, _ = _game(gm, new_campaign, tmp_path)
    reply = ok(gm("roll", "2d10", "-c", str(game), "--for", "storm"))
    block = reply[reply.index("gmtool-v2 stage1") : reply.index("\n\n", reply.index("gmtool-v2 stage1"))]
    posts = [
        fp.P(5001, "GameMaster", ["Roll: 2d10 for storm", ("code", block)]),
        fp.P(5002, "alice", [("quote", "GameMaster", [("code", block)]), "thanks"]),
    ]
    page = write_text(tmp_path, "topic.html", fp.phpbb_page(posts))
    key = part_key(secret_of(game), "stage1").hex()
    data = json.loads(
        ok(
            gm(
                "verify",
                *("--key", f"stage1={key}", "--published", str(page), "--moderator", "GameMaster"),
                *("--format", "json"),
            )
        )
    )
    assert (data["ok"], data["checked"], data["checked_by_part"]) == (True, 2, {"stage1": 2})
