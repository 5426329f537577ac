"""Campaign folders for the dice page's tests: a real scheme-1 game, and scheme-2 journals
written from a known secret with gmtool's own derivation (gmtool/campaign/stream.py)."""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path

import tomli_w

from gmtool.campaign.stream import PARTS, derive_face_v2, part_key, salt
from gmtool.site.dice_page import dice_files
from helpers import as_scheme_1, example_copy, ok, write_text

SECRET = bytes(range(32))  # the scheme-2 journals' secret

# public rolls of the thread, and a private message's roll (not public until the reveal)
THREAD = (
    "=== bob #1001 ===\n!roll 2d10+1 boarding action\n"
    "=== alice #1003 ===\n!roll d7 </script><script>alert(1)</script>\n"
)
PRIVATE_MESSAGE = "!roll d100 secret plan\n"


def page(title: str, body: str) -> str:
    """A minimal page template, as the site builder gives one."""
    return (
        '<!doctype html><html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title></head><body>{body}</body></html>"
    )


def build(folder: Path, out: Path, lang: str = "en") -> Path:
    """The dice page's files for ``folder`` written into ``out``; the page's path."""
    out.mkdir(parents=True, exist_ok=True)
    for name, text in dice_files(folder, lang, page).items():
        (out / name).write_text(text, encoding="utf-8")
    return out / "dice.html"


def page_json(text: str) -> dict:
    """The data block of a built dice.html."""
    found = re.search(r'<script type="application/json" id="dice-data">(.*?)</script>', text, re.S)
    assert found, "no data block"
    return json.loads(found.group(1))


def v1_game(gm, tmp_path: Path, reveal: bool = True) -> Path:
    """The example campaign as a campaign of scheme 1 after turn 1 and a thread with public
    and private rolls, its secret revealed (``reveal``)."""
    camp = as_scheme_1(example_copy(tmp_path, fresh=True))
    ok(gm("turn", "run", str(camp / "orders" / "turn-01.toml"), "-c", str(camp)))
    ok(gm("post", "resolve", str(write_text(tmp_path, "thread.txt", THREAD)), "-c", str(camp)))
    ok(
        gm(
            "post",
            "resolve",
            "-",
            "--private",
            "--author",
            "carol",
            "--post-id",
            "1002",
            "-c",
            str(camp),
            input=PRIVATE_MESSAGE,
        )
    )
    if reveal:
        ok(gm("campaign", "reveal", "-c", str(camp)))
    return camp


def v2_rolls() -> list[dict]:
    """Scheme-2 journal entries: two parts, public and private rolls, dice of 1 to 100 sides."""
    rolls = []
    plan = [
        (1, "setup", "setup · alice · homeworld", 6, 2, False),
        (1, "setup", "setup · bob · homeworld", 100, 1, False),
        (2, "stage1", "turn 2 · alice · explore 1,-2 · exploration", 10, 2, False),
        (2, "stage1", "turn 2 · бобёр · explore 0,1 · событие", 7, 1, False),
        (2, "stage1", "turn 2 · carol · agent", 1, 1, False),
        (2, "stage1", "turn 2 · carol · closed room", 10, 2, True),
        (3, "stage2", "turn 3 · alice · explore 2,2 · exploration", 10, 1, False),
    ]
    n = 0
    for turn, part, label, sides, dice, private in plan:
        share = f"share-{turn}"
        if private:
            label = f"{label} · salt {salt(SECRET, label)}"
        for index in range(1, dice + 1):
            n += 1
            face = derive_face_v2(part_key(SECRET, part), label, share, sides, index)
            rolls.append(
                {
                    "id": n,
                    "turn": turn,
                    "purpose": label,
                    "die": sides,
                    "face": face,
                    "source": "stream",
                    "label": label,
                    "index": index,
                    "part": part,
                    "share": share,
                    "private": private,
                }
            )
    return rolls


def v2_campaign(folder: Path, revealed: tuple[str, ...] = ("setup", "stage1"), secret: bool = False) -> Path:
    """A scheme-2 campaign's verification and journal (only what the dice page reads)."""
    folder.mkdir(parents=True, exist_ok=True)
    verification = {
        "scheme": 2,
        "commitment": hashlib.sha256(SECRET).hexdigest(),
        "part_commitments": {p: hashlib.sha256(part_key(SECRET, p)).hexdigest() for p in PARTS},
        "revealed_parts": {p: part_key(SECRET, p).hex() for p in revealed},
    }
    if secret:
        verification["revealed_secret"] = SECRET.hex()
    (folder / "campaign.toml").write_text(tomli_w.dumps({"verification": verification}), encoding="utf-8")
    (folder / "journal.toml").write_text(tomli_w.dumps({"roll": v2_rolls()}), encoding="utf-8")
    return folder
