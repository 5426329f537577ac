"""SMF 2.1 and gmtool's posts: what its parser does to a post (tests/smf_bbc.py, written
from SMF's Sources) and what the ``smf`` dialect writes so that nothing of it shows: a
"[" that could open a tag defused with a word joiner (a zero-width space became «�»), SMF's
item codes (``[0]``, ``[+]``, ``[#]``, ``[@]``) defused too, inline code in
``[font=monospace]`` (``[tt]`` shows as typed in a new post).

With SMF's own sources at hand (``GMTOOL_SMF_SOURCES=…/SMF/Sources``, a checkout of
github.com/SimpleMachines/SMF branch release-2.1, and ``php`` with mbstring), the last test
runs SMF's parser itself (tests/smf/run_parser.php) on the same posts and checks that it
does what tests/smf_bbc.py says; without them it is skipped (no test reaches the internet,
and SMF's code is not part of gmtool)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from gmtool.report.model import Items, Paragraph, Report, Span, TableBlock, text
from gmtool.report.render import render
from helpers import ok, run_gmtool
from smf_bbc import FFFD, problems, sanitize

EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"
GOLDEN = Path(__file__).parent / "golden" / "posts"
HARNESS = Path(__file__).parent / "smf" / "run_parser.php"
WJ = "\u2060"
PLAYER = "[0] [+] [#] [@] [x] [o] [tt]mono[/tt] [b]bold[/b] [/code] [Q,R] [LEADER] [МОДУЛЬ]"


def test_what_smf_does_to_a_post():
    """SMF's parser, as tests/smf_bbc.py has it, on the three things issue 36 saw."""
    assert problems("# !build ITEM [\u200bQ,R]") == ["«�» in …# !build ITEM [�Q,R]…"]
    assert problems("[list]\n[*][tt]З[/tt] Terran\n[/list]") == ["[tt] shown as typed", "[/tt] shown as typed"]
    assert problems("bob: roll d6 [0] [+] [#] [@]") == [
        "[0] made a list item",
        "[+] made a list item",
        "[#] made a list item",
        "[@] made a list item",
    ]
    # what it keeps: a word joiner after "[", [font], gmtool's own lists, anything in [code]
    kept = f"[{WJ}b]x[{WJ}/b] [{WJ}0] [font=monospace]Ж[/font]\n[list]\n[*]a\n[/list]\n[code][tt]x[/tt] [0] [{WJ}/code][/code]"
    assert problems(kept) == []
    assert problems("x[0]") == []  # "[0]" only after a space, ";", ">" or a line break
    assert sanitize("ภาษา\u200bไทย") == "ภาษา\u200bไทย"  # a zero-width space kept in Thai
    assert sanitize(f"a{WJ}b [{WJ}b]") == f"a{FFFD}b [{WJ}b]"  # a word joiner inside a word is not


def _player_report() -> Report:
    return Report(
        text("Roll"),
        [
            Paragraph([Span("bob: "), Span(PLAYER)]),
            Items([text(PLAYER)]),
            TableBlock(["Hex", "Note"], [["1,2", PLAYER]]),
        ],
        {},
    )


def test_the_smf_dialect_defuses_what_smf_would_read():
    post = render(_player_report(), "bbcode", "smf")
    assert problems(post) == []
    line = f"bob: [{WJ}0] [{WJ}+] [{WJ}#] [{WJ}@] [{WJ}x] [{WJ}o] [{WJ}tt]mono[{WJ}/tt] [{WJ}b]bold[{WJ}/b] [{WJ}/code]"
    assert line + " [Q,R] [LEADER] [МОДУЛЬ]" in post.replace(f"[{WJ}LEADER]", "[LEADER]")
    assert post.replace(WJ, "").count(PLAYER) == 2  # as typed, every character (and in the table, wrapped)
    # phpBB keeps a zero-width space, and has no item codes: its posts are as before
    phpbb = render(_player_report(), "bbcode", "phpbb")
    assert "bob: [0] [+] [#] [@] [\u200bx] [\u200bo] [\u200btt]mono[\u200b/tt]" in phpbb
    assert "[Q,R]" in phpbb and "[\u200bLEADER]" in phpbb


def test_a_code_box_is_closed_early_by_nothing_it_holds():
    from gmtool.report.model import CodeBlock

    post = render(Report(text("Map"), [CodeBlock(["a [/code] b"])], {}), "bbcode", "smf")
    assert f"[code]a [{WJ}/code] b[/code]" in post and problems(post) == []


def _corpus() -> list[str]:
    """The golden turn posts, the example campaign's text map with its legend in both
    languages, and a player's text in brackets."""
    posts = [path.read_text(encoding="utf-8") for path in sorted(GOLDEN.glob("*/*.smf"))]
    for lang in ("en", "ru"):
        posts.append(
            ok(run_gmtool("map", "-c", str(EXAMPLE), "--format", "bbcode", "--dialect", "smf", "--lang", lang))
        )
    return posts + [render(_player_report(), "bbcode", "smf")]


def test_every_golden_smf_post_shows_as_written():
    posts = _corpus()
    assert len(posts) == 11
    assert "[*][font=monospace]Ж[/font] Земной" in posts[-2]  # the legend's inline code
    for post in posts:
        assert problems(post) == []


SOURCES = os.environ.get("GMTOOL_SMF_SOURCES", "")


@pytest.mark.skipif(
    not (SOURCES and (Path(SOURCES) / "Subs-Post.php").is_file() and shutil.which("php")),
    reason="SMF's sources (GMTOOL_SMF_SOURCES) or php not at hand",
)
def test_smf_own_parser_agrees():
    """SMF's preparsecode and parse_bbc on gmtool's posts show no «�», no [tt] as typed
    and no list item gmtool did not write; on posts written the old way (a zero-width space
    after "[", [tt], a player's [0]) they show each problem tests/smf_bbc.py finds there."""
    old = [
        "# !build ITEM [\u200bQ,R]",
        "[list]\n[*][tt]З[/tt] Terran\n[/list]",
        "bob: roll d6 [0] [+] [#] [@]",
        f"[{WJ}b]x[{WJ}/b] [{WJ}0] [font=monospace]Ж[/font]",
    ]
    posts = _corpus() + old
    done = subprocess.run(
        ["php", str(HARNESS)],
        input=json.dumps(posts),
        capture_output=True,
        text=True,
        env={**os.environ, "SMF_SOURCES": SOURCES},
        check=True,
    )
    shown = json.loads(done.stdout)
    for post, result in zip(posts, shown):
        html = result["html"]
        found = problems(post)
        assert (FFFD in html) == any(p.startswith("«�»") for p in found), post
        assert ("&#91;tt]" in html) == any("[tt]" in p for p in found), post
        items = post.count("\n[*]")
        assert (html.count("<li") > items) == any("list item" in p for p in found), post
        if "[font=monospace]" in post:
            assert "bbc_font" in html, post
