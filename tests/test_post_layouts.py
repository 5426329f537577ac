"""A turn's posts as the forums show them: the example campaign played to turn 1 (stage 1)
and turn 7 (stage 2), its public post and alice's report, in BBCode for every dialect,
Markdown and Discord, in English and Russian — against tests/golden/posts/, and checked
as the forums render them: every code box at most 72 columns and 12 lines (Discord's at
most a phone's 34 columns), BBCode balanced and within the dialect's tags, SMF's posts as
SMF's parser takes them (tests/smf_bbc.py), Markdown through markdown-it-py set up as
Discourse sets it (no "–" made of "--", pipe tables as tables, code blocks as <pre>, no two
lists run together), Discord messages within 2,000 characters and their lists as Discord's
parser groups them.

After a deliberate change of the reports, regenerate the golden files and read their diff:
    GMTOOL_REGEN_GOLDEN=1 python -m pytest tests/test_post_layouts.py
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from gmtool.report.layout import PHONE_WIDTH, width
from gmtool.report.split import table_head
from helpers import ok, run_gmtool
from post_checks import check_boxes, check_lists, check_markdown, code_boxes, discord_lists, markdown_lists
from smf_bbc import problems as smf_problems
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
                    if dialect == "smf":
                        assert smf_problems(post) == [], where
                elif fmt == "discord":
                    check_discord(post)
                    check_markdown(post, where)
                    check_lists(post, fmt, where)
                else:
                    check_markdown(post, where)
                    check_lists(post, fmt, where)
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
            where = " ".join(args[:3]) + f" {fmt} {lang}"
            boxes += check_boxes(post, fmt, where)
            if fmt == "discord":
                check_lists(post, fmt, where)
            for box in _tables(post, fmt):  # a table cut by height: boxes of even height
                assert min(box) * 2 >= max(box), f"{where}: a table's boxes of {box} lines"
    # Discord on a phone: a table wider than 34 columns is one line a row, not boxes
    assert boxes > (40 if fmt == "bbcode" else 10)


def _tables(post: str, fmt: str) -> list[list[int]]:
    """The line counts of the boxes of each table cut into several (boxes in a row with the
    same header, nothing but blank lines between them)."""
    runs: list[list[int]] = []
    last: list[str] | None = None
    for box in code_boxes(post, fmt):
        head = table_head(box)
        if head and head == last:
            runs[-1].append(len(box) - len(head))
        else:
            runs.append([len(box) - len(head)])
        last = head
    return [r for r in runs if len(r) > 1]


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


# ------------------------------------------------- layouts that survive each reader


def test_a_nearly_empty_column_is_a_note_under_the_table(played):
    """The monster column (one system of 25 has one) is no box of its own listing every
    system again with one cell filled: the systems are one table in boxes of even height,
    and the monster a note under it."""
    for lang, head, note in (
        ("ru", "Гекс", "[*][b]2,-2[/b] — Чудовище: Космический дракон"),
        ("en", "Hex", "[*][b]2,-2[/b] — Monster: Space dragon"),
    ):
        out = ok(run_gmtool("status", "-c", str(played), "--format", "bbcode", "--lang", lang))
        systems = [b for b in code_boxes(out, "bbcode") if b[0].startswith(head)]
        assert len({tuple(table_head(b)) for b in systems}) <= 4  # one table (a box's widths follow its rows)
        assert all(len(table_head(b)[0].split()) == 6 for b in systems)  # no monster column
        hexes = [line.split()[0] for b in systems for line in b[len(table_head(b)) :] if line[:1] not in (" ", "")]
        assert len(hexes) == len(set(hexes)) == 25
        heights = [len(b) - len(table_head(b)) for b in systems]  # lines: a wrapped row takes two
        assert len(heights) == 4 and max(heights) - min(heights) <= 1, heights  # even boxes, none of one row
        assert f"[/code]\n\n[list]\n{note}\n[/list]" in out


def test_a_table_one_row_too_long_comes_in_two_even_boxes():
    """Eleven rows where a box holds ten: six and five, not ten and a box of one."""
    from gmtool.report.layout import lay_out

    pieces = lay_out(["Hex", "Owner"], [[f"0,{n}", "bob"] for n in range(11)])
    assert pieces is not None and [len(p.rows) for p in pieces] == [6, 5]
    pieces = lay_out(["Hex", "Owner"], [[f"0,{n}", "bob"] for n in range(25)])
    assert pieces is not None and [len(p.rows) for p in pieces] == [9, 8, 8]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("fmt", ["markdown", "discord"])
def test_the_chair_of_the_council_is_no_warship(played, fmt, lang):
    """Status lists the warships, then says who chairs the Council: as Discourse
    (markdown-it-py) and Discord (its list rule) read the post, the chair is not a sixth
    warship."""
    out = ok(run_gmtool("status", "-c", str(played), "--format", fmt, "--lang", lang))
    lists = [lst for post in posts_in(out) for lst in (markdown_lists if fmt == "markdown" else discord_lists)(post)]
    frigate = "Frigate" if lang == "en" else "Фрегат"
    ships = [lst for lst in lists if any(frigate in item and "—" in item for item in lst)]
    assert len(ships) == 1 and len(ships[0]) == 5, ships
    chair = "Chair of the Council" if lang == "en" else "Председатель совета"
    assert chair in out and not any(chair in item for item in ships[0])
    if fmt == "discord":
        assert f"**{chair}:** alice" in out.split("\n")  # a line of its own, no list item


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_discord_reads_on_a_phone(played, lang):
    """At 390 px a Discord code block shows about 36 columns: a turn's colony table (68
    columns) is one line a row, no code line of any post is wider than 34, and the text map
    comes in strips that narrow."""
    alice = _show(played, 7, "alice", "discord", None, lang)
    row = {
        "en": "**1,-3** — Active: yes; Workers: 3; Scientists: 1; PP: 12; RP: 4; BC: 12; Growth: +0",
        "ru": "**1,-3** — Активна: да; Рабочие: 3; Учёные: 1; ОП: 12; ОИ: 4; ВС: 12; Прирост: +0",
    }[lang]
    assert row in alice.split("\n")
    for args in (["status", "-c", str(played)], ["map", "-c", str(played)], ["table", "show", "orion/world-type"]):
        out = ok(run_gmtool(*args, "--format", "discord", "--lang", lang))
        lines = [line for post in posts_in(out) for box in code_boxes(post, "discord") for line in box]
        assert max(map(width, lines), default=0) <= PHONE_WIDTH, args
    grid = code_boxes(ok(run_gmtool("map", "-c", str(played), "--format", "discord", "--lang", lang)), "discord")
    assert len(grid) == 2 and all(len(box) == 9 for box in grid)  # a radius-4 galaxy: two strips


def test_russian_text_map_letters_never_read_as_digits(played):
    """An owner's digit follows a world's letter: «З3*» read as «33*». No Russian world
    letter looks like a digit (З 3, О 0, Б 6, Ч 4)."""
    import tomllib

    marks = tomllib.loads((ROOT / "tables" / "orion" / "world-type.toml").read_text(encoding="utf-8"))["rules"]
    russian = {key: value["ru"] for key, value in marks.items() if key.startswith("map_mark_")}
    assert not set("".join(russian.values())) & set("ЗзОоБбЧч"), russian
    assert russian == {
        "map_mark_terran": "Ж",
        "map_mark_ocean": "М",
        "map_mark_steppe": "С",
        "map_mark_toxic": "Т",
        "map_mark_barren": "П",
        "map_mark_inferno": "Р",
    }
    out = ok(run_gmtool("map", "-c", str(played), "--format", "plain", "--lang", "ru"))
    assert "Ж3*" in out and "Ж2  Ж2* Ж2" in out  # carol's Terran homeworld; bob's homeworld between two colonies
    assert "Ж Земной" in out.split("\n") or "- Ж Земной" in out.split("\n")


SMF_HOSTILE = "[0] [+] [#] [@] [x] [o] [tt]mono[/tt] [b]bold[/b] [/quote] [url=javascript:1]y[/url]"


def test_smf_posts_show_as_written(played, tmp_path):
    """SMF 2.1 takes a post through preparsecode and parse_bbc (tests/smf_bbc.py): in no
    post of gmtool's — a turn's, status, the text map with its legend, a player's text in
    brackets — does a defused "[" show as «�», a [tt] as typed, or "[0]" as a list item."""
    thread = tmp_path / "thread.txt"
    thread.write_text(f"=== bob #5001 ===\n!roll d6 {SMF_HOSTILE}\n", encoding="utf-8")
    game = tmp_path / "game"  # resolving the thread writes its roll into the campaign
    shutil.copytree(played, game)
    posts = []
    for lang in ("en", "ru"):
        for args in (
            ["status", "-c", str(played)],
            ["map", "-c", str(played)],
            ["roll", "4d6kh3", "--dice", "6,1,5,3", "--for", SMF_HOSTILE],
            ["turn", "show", "-c", str(played), "--turn", "7", "--player", "alice"],
            ["post", "resolve", str(thread), "-c", str(game), "--moderator", "moderator"],
        ):
            res = run_gmtool(*args, "--format", "bbcode", "--dialect", "smf", "--lang", lang)
            posts += posts_in(ok(res))
    assert any("[font=monospace]Ж[/font]" in p for p in posts)  # the map's legend
    assert any("[\u2060tt]mono[\u2060/tt]" in p for p in posts)  # the player's text, defused
    for post in posts:
        assert smf_problems(post) == [], post
        check_bbcode(post, "smf")


@pytest.mark.parametrize("fmt", ["markdown", "discord"])
def test_lists_in_a_row_stay_apart(fmt):
    """Facts after a list, a list after a list, a table shown as rows after a list: each is
    its own list (or no list) as Discourse and Discord read the post."""
    from gmtool.report.model import Facts, Items, Report, TableBlock, text
    from gmtool.report.render import render

    report = Report(
        text("T"),
        [
            Items([text("Frigate 1"), text("Frigate 2")]),
            Facts([("Chair", text("alice"))]),
            Items([text("a"), text("b")]),
            Items([text("c")]),
            TableBlock(["Hex", "Note"], [["1,2", "word " * 20]]),
        ],
        {},
    )
    post = render(report, fmt)
    check_lists(post, fmt, fmt)
    lists = markdown_lists(post) if fmt == "markdown" else discord_lists(post)
    if fmt == "markdown":
        assert lists == [["Frigate 1", "Frigate 2"], ["**Chair:** alice"], ["a", "b"], ["c"]]
        assert "\n\n* **Chair:** alice\n\n- a\n- b\n\n* c\n\n" in post
    else:  # facts and a table's rows are lines; a list right after a list gets a line between
        assert lists == [["Frigate 1", "Frigate 2"], ["a", "b"], ["c"]]
        assert "\n\n**Chair:** alice\n\n- a\n- b\n\n\u200b\n- c\n\n**1,2** — Note: word word" in post
