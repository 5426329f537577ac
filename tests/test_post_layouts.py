"""A turn's posts as the forums show them: the example campaign played to turn 1 (stage 1)
and turn 7 (stage 2), its public post and alice's report, in BBCode for every dialect,
Markdown and Discord, in English and Russian — against tests/golden/posts/, and checked
as the forums render them: every code box at most 72 columns and 12 lines, BBCode
balanced and within the dialect's tags, Markdown through markdown-it-py set up as
Discourse sets it (no "–" made of "--", pipe tables as tables, code blocks as <pre>),
Discord messages within 2,000 characters.

After a deliberate change of the reports, regenerate the golden files and read their diff:
    GMTOOL_REGEN_GOLDEN=1 python -m pytest tests/test_post_layouts.py
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from helpers import ok, run_gmtool
from post_checks import check_boxes, check_markdown, code_boxes
from test_dialects import DIALECTS, check_bbcode, check_discord, posts_in

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "campaigns" / "example"
GOLDEN = Path(__file__).parent / "golden" / "posts"
REGEN = os.environ.get("GMTOOL_REGEN_GOLDEN") == "1"
TURNS = (1, 7)  # stage 1 (closed rooms) and stage 2
FORMATS = [("bbcode", d) for d in DIALECTS] + [("markdown", None), ("discord", None)]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    folder = tmp_path_factory.mktemp("layouts") / "example"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "reports", "history"))
    for turn in range(1, max(TURNS) + 1):
        ok(run_gmtool("turn", "run", str(EXAMPLE / "orders" / f"turn-{turn:02d}.toml"), "-c", str(folder)))
    return folder


def _name(turn: int, who: str, fmt: str, dialect: str | None) -> str:
    return f"turn-{turn:02d}-{who}.{dialect or fmt}"


def _show(folder: Path, turn: int, who: str, fmt: str, dialect: str | None, lang: str) -> str:
    args = ["turn", "show", "-c", str(folder), "--turn", str(turn), "--format", fmt, "--lang", lang]
    args += ["--player", who] if who != "public" else []
    args += ["--dialect", dialect] if dialect else []
    return ok(run_gmtool(*args))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("turn", TURNS)
def test_turn_posts_as_the_forums_show_them(played, turn, lang):
    written = {}
    for who in ("public", "alice"):
        for fmt, dialect in FORMATS:
            out = _show(played, turn, who, fmt, dialect, lang)
            where = f"turn {turn} {who} {dialect or fmt} {lang}"
            for post in posts_in(out):
                check_boxes(post, fmt, where)
                if fmt == "bbcode":
                    check_bbcode(post, dialect or "phpbb")
                elif fmt == "discord":
                    check_discord(post)
                    check_markdown(post, where)
                else:
                    check_markdown(post, where)
            written[_name(turn, who, fmt, dialect)] = out
    folder = GOLDEN / lang
    if REGEN:
        folder.mkdir(parents=True, exist_ok=True)
        for name, out in written.items():
            (folder / name).write_text(out, encoding="utf-8")
    for name, out in written.items():
        assert out == (folder / name).read_text(encoding="utf-8"), f"{lang}/{name}"


def test_the_golden_posts_hold_tables_in_boxes_and_pipe_tables():
    """The goldens are what the checks above read: tables in code boxes, pipe tables."""
    public = (GOLDEN / "ru" / "turn-07-public.phpbb").read_text(encoding="utf-8")
    assert code_boxes(public, "bbcode")
    html = check_markdown((GOLDEN / "en" / "turn-07-alice.markdown").read_text(encoding="utf-8"))
    assert "<table>" in html


# ------------------------------------------------------------- every command's boxes


def _commands(folder: Path) -> list[list[str]]:
    tables = json.loads(ok(run_gmtool("table", "list", "--format", "json")))["tables"]
    camp = str(folder)
    return [
        ["status", "-c", camp],
        ["status", "-c", camp, "--player", "alice"],
        ["table", "list"],
        ["odds", "table", "orion/world-type", "--modifier", "-4"],
        ["odds", "explore", "--stage", "2"],
        ["map", "-c", camp],
        *[["table", "show", t["id"]] for t in tables],
    ]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("fmt", ["bbcode", "discord"])
def test_every_command_keeps_its_code_boxes_small(played, fmt, lang):
    """Status with every leader and system, every shipped table, the odds, the text map:
    no code box over 72 columns or 12 lines (today's widest were 103–273 columns)."""
    boxes = 0
    for args in _commands(played):
        res = run_gmtool(*args, "--format", fmt, "--lang", lang)
        if args[0] == "odds" and res.exit_code != 0:
            continue  # an odds form this ruleset lacks
        for post in posts_in(ok(res)):
            boxes += check_boxes(post, fmt, " ".join(args[:3]) + f" {fmt} {lang}")
    assert boxes > 40


def test_status_table_of_every_system_is_cut_into_boxes_with_their_header(played):
    out = ok(run_gmtool("status", "-c", str(played), "--format", "bbcode", "--lang", "ru"))
    boxes = code_boxes(out, "bbcode")
    systems = [b for b in boxes if b[0].startswith("Гекс")]
    assert len(systems) >= 2  # more systems than one box holds
    assert len({b[0] for b in systems}) >= 1 and all(set(b[1]) <= {"-", " "} for b in systems)
    hexes = [line.split()[0] for b in systems for line in b[2:] if line[:1] not in (" ", "")]
    assert len(hexes) == len(set(hexes)) or len(systems) > 2  # a row is in one box (per column group)


def test_map_in_discord_is_a_code_block(played, gm):
    out = ok(gm("map", "-c", str(played), "--format", "discord"))
    assert "```text\n" in out
    check_discord(out)
    check_boxes(out, "discord", "map")
