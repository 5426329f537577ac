"""Every BBCode post gmtool prints, in every dialect and both languages, uses only the
dialect's tags, balanced, with no markup inside a code box; every Discord post has no
pipe table and no message over 2,000 characters; long posts split in numbered parts."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gmtool.forum.sources.profiles import dialect_names, find_dialect
from gmtool.report.model import Heading, Paragraph, Report, TableBlock, text
from gmtool.report.render import PART_BREAK, render, render_posts
from helpers import ok, run_gmtool

EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"
TAG = re.compile(r"\[(/?)([A-Za-z*]+)(=[^\]\n]*)?\]")
BREAK = re.compile(
    "^" + re.escape(PART_BREAK).replace(r"\{number\}", r"\d+").replace(r"\{total\}", r"\d+") + "$", re.MULTILINE
)
DIALECTS = ["phpbb", "xenforo", "vbulletin", "mybb", "dungeonmaster", "smf", "punbb", "mybbru", "ucoz"]
HOSTILE = "[/quote][b]x[url=javascript:1]y[/url] **z** | a | @everyone ```"
# a forum name holds no "=" or "#" (a thread file's header could not carry it)
HOSTILE_AUTHOR = "[/quote][b]x[/b][url]y[/url] **z** | a | @everyone ```"


def posts_in(out: str) -> list[str]:
    return [p.strip("\n") for p in BREAK.split(out)]


def check_bbcode(post: str, dialect: str) -> None:
    """Fail on a tag the dialect lacks, an unbalanced tag, or markup inside a code box."""
    tags = find_dialect(dialect).tags
    stack: list[str] = []
    for m in TAG.finditer(post):
        closing, name = m.group(1), m.group(2).lower()
        where = post[max(0, m.start() - 40) : m.end() + 40]
        if stack and stack[-1] == "code":
            assert closing and name == "code", f"markup inside a code box: {m.group(0)} in …{where}…"
            stack.pop()
            continue
        assert name in tags, f"[{name}] is not a {dialect} BBCode: …{where}…"
        if name == "*":
            assert "list" in stack, f"[*] outside a list: …{where}…"
        elif closing:
            assert stack and stack[-1] == name, f"unbalanced [/{name}] (open: {stack}): …{where}…"
            stack.pop()
        else:
            stack.append(name)
    assert not stack, f"unclosed {stack}"


def check_discord(post: str) -> None:
    assert len(post) <= 2000, len(post)
    fenced = False
    for line in post.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            assert not re.match(r"^\s*\|.*\|\s*$", line), f"a pipe table line: {line!r}"
            assert not re.match(r"^\s*\|?\s*:?-{3,}:?\s*\|", line), f"a pipe table rule: {line!r}"
    assert not fenced, "a code block left open"


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """An orion campaign mid-turn (council vote open) and a venus campaign."""
    root = tmp_path_factory.mktemp("dialects")
    orion = root / "orion"
    shutil.copytree(EXAMPLE, orion, ignore=shutil.ignore_patterns(".lock", "forum.toml", "reports", "history"))
    (root / "ballots.toml").write_text(
        'chair = "alice"\n[[ballot]]\nleader = "alice"\nvote = "yes"\nplanets = 3\n'
        'bribe_bc = 6\n[[ballot]]\nleader = "bob"\nvote = "no"\nplanets = 2\n',
        encoding="utf-8",
    )
    thread = (EXAMPLE / "thread.txt").read_text(encoding="utf-8")
    (root / "thread.txt").write_text(
        thread + f"\n=== {HOSTILE_AUTHOR} #9999 ===\n!roll d6 {HOSTILE}\n", encoding="utf-8"
    )
    for args in (
        ["turn", "start", "-c", str(orion), "--dice", "1,1,1,1,1,1"],
        ["post", "resolve", str(root / "thread.txt"), "-c", str(orion), "--moderator", "moderator"],
    ):
        run_gmtool(*args)
    return root


def commands(root: Path) -> list[list[str]]:
    orion = str(root / "orion")
    return [
        ["roll", "4d6kh3", "--dice", "6,1,5,3", "--for", HOSTILE],
        ["roll", "6d10>=7", "--dice", "7,2,9,10,1,8"],
        ["table", "list"],
        ["table", "show", "orion/world-type"],
        ["table", "roll", "orion/world-type", "--modifier", "-4", "--dice", "5"],
        ["table", "roll", "orion/exploration", "--stage", "2", "--dice", "9,7"],
        ["explore", "--stage", "3", "--dice", "5,8,3,2,4"],
        ["explore", "--stage", "2", "--dice", "8,7,4,9"],
        ["explore", "--stage", "1", "--dice", "4,5,6,10"],
        ["world", "planet", "--property", "hostile", "--stage", "2", "--dice", "3,6,10"],
        ["odds", "table", "orion/world-type", "--modifier", "-4"],
        ["agent", "check", "--difficulty", "6", "--modifier", "1", "--dice", "8"],
        ["council", "tally", str(root / "ballots.toml")],
        ["status", "-c", orion],
        ["status", "-c", orion, "--player", "carol"],
        ["post", "resolve", str(root / "thread.txt"), "-c", orion, "--moderator", "moderator", "--include-private"],
        ["post", "pending", "-c", orion],
        ["verify", "-c", orion],
        ["campaign", "commitment", "-c", orion],
        ["venus", "cost", "--grey", "4", "--green", "2"],
    ]


def run_all(gm, root: Path, fmt: str, lang: str, dialect: str | None = None) -> dict[str, str]:
    outs = {}
    for args in commands(root):
        extra = ["--format", fmt, "--lang", lang] + (["--dialect", dialect] if dialect else [])
        res = gm(*args, *extra)
        outs[" ".join(args[:2])] = ok(res)
    return outs


@pytest.mark.slow  # ~20 commands a case
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("dialect", DIALECTS)
def test_every_bbcode_post_fits_its_dialect(gm, games, dialect, lang):
    for name, out in run_all(gm, games, "bbcode", lang, dialect).items():
        for post in posts_in(out):
            try:
                check_bbcode(post, dialect)
            except AssertionError as exc:
                raise AssertionError(f"gmtool {name} --dialect {dialect} --lang {lang}: {exc}") from None


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_discord_post_has_no_pipe_table_and_fits_a_message(gm, games, lang):
    for name, out in run_all(gm, games, "discord", lang).items():
        for post in posts_in(out):
            try:
                check_discord(post)
            except AssertionError as exc:
                raise AssertionError(f"gmtool {name} --format discord --lang {lang}: {exc}") from None


def test_the_dialects_shipped():
    assert dialect_names() == sorted(DIALECTS)
    assert find_dialect("phpbb").post_limit == 60000
    assert "s" not in find_dialect("phpbb").tags and "s" in find_dialect("xenforo").tags


def test_dropped_die_in_each_dialect(gm):
    shown = {
        d: ok(gm("roll", "4d6kh3", "--dice", "6,1,5,3", "--format", "bbcode", "--dialect", d)).splitlines()[2]
        for d in DIALECTS
    }
    assert shown["phpbb"] == "4d6kh3 = [6, [color=#808080]~1~[/color], 5, 3] = [b]14[/b]"
    assert shown["xenforo"] == "4d6kh3 = [6, [s]1[/s], 5, 3] = [b]14[/b]"
    assert ok(gm("roll", "d6", "--dice", "2", "--format", "bbcode", "--dialect", "xenforo")).startswith("[size=5]")
    assert ok(gm("roll", "d6", "--dice", "2", "--format", "bbcode")).startswith("[size=150]")


def test_campaign_sets_its_dialect_once(gm, tmp_path):
    camp = tmp_path / "c"
    shutil.copytree(EXAMPLE, camp, ignore=shutil.ignore_patterns(".lock", "forum.toml"))
    toml = camp / "campaign.toml"
    toml.write_text(
        toml.read_text(encoding="utf-8").replace('format = "plain"', 'format = "bbcode"\ndialect = "mybb"'),
        encoding="utf-8",
    )
    out = ok(gm("roll", "d6", "-c", str(camp)))
    assert out.startswith("[size=large][b]")
    assert 'dialect = "mybb"' in toml.read_text(encoding="utf-8")  # kept when the state is saved


def test_unknown_dialect_is_a_usage_error(gm):
    res = gm("roll", "d6", "--format", "bbcode", "--dialect", "nope")
    assert res.exit_code == 2 and "phpbb" in res.stderr + res.stdout


def long_report(sections: int = 30, rows: int = 40) -> Report:
    blocks: list = []
    for s in range(sections):
        blocks.append(Heading(text(f"Section {s}")))
        blocks.append(Paragraph(text("word " * 40)))
        blocks.append(TableBlock(["a", "b"], [[f"r{r}", "x" * 20] for r in range(rows)]))
    return Report(text("A long report"), blocks, {})


@pytest.mark.parametrize(
    "fmt,dialect,limit",
    [("discord", None, 2000), ("bbcode", "phpbb", 5000), ("bbcode", "dungeonmaster", 3000), ("markdown", None, 4000)],
)
def test_long_posts_split_in_numbered_parts_never_inside_code(fmt, dialect, limit):
    posts = render_posts(long_report(), fmt, dialect, limit if fmt != "discord" else None)
    assert len(posts) > 3
    for number, post in enumerate(posts, start=1):
        assert len(post) <= limit
        assert f"({number}/{len(posts)})" in post.splitlines()[0]
        if fmt == "discord":
            check_discord(post)
        elif fmt == "bbcode":
            check_bbcode(post, dialect)
    # parts break between sections: every part after the first starts with a section heading
    assert all(re.sub(r"^(\[b\]|\*\*)", "", p.split("\n\n")[1]).startswith("Section") for p in posts[1:])
    whole = render(long_report(), fmt, dialect, limit if fmt != "discord" else None)
    assert len(posts_in(whole)) == len(posts)


def test_a_giant_table_is_cut_into_fenced_pieces():
    report = Report(text("T"), [TableBlock(["a"], [[f"row {i}"] for i in range(2000)])], {})
    posts = render_posts(report, "discord")
    assert len(posts) > 5
    for post in posts:
        check_discord(post)
