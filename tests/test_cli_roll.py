"""`gmtool roll`: every format, the contract's JSON, errors as one `error:` line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"


def test_roll_plain_shows_every_die_and_total(gm):
    res = gm("roll", "4d6kh3", "--dice", "6,1,5,3")
    assert res.exit_code == 0
    assert "4d6kh3 = [6, ~~1~~, 5, 3] = 14" in res.stdout
    assert "given (--dice): 6,1,5,3" in res.stdout


def test_roll_bbcode_golden(gm):
    res = gm("roll", "4d6kh3", "--dice", "6,1,5,3", "--format", "bbcode", "--for", "alice: stats")
    assert res.exit_code == 0
    assert res.stdout == (GOLDEN / "roll-4d6kh3.bbcode").read_text(encoding="utf-8")


def test_roll_markdown_strikes_dropped_die(gm):
    res = gm("roll", "4d6kh3", "--dice", "6,1,5,3", "--format", "markdown")
    assert "4d6kh3 = [6, ~~1~~, 5, 3] = **14**" in res.stdout


def test_roll_json_matches_contract(gm):
    res = gm("roll", "d10", "--dice", "7", "--format", "json")
    assert res.exit_code == 0
    data = json.loads(res.stdout)
    assert data["expression"] == "d10"
    assert data["dice"] == [7]
    assert data["total"] == 7
    assert data["source"] == {"kind": "fixed", "faces": [7]}


def test_roll_json_dice_are_kept_faces_in_roll_order(gm):
    data = json.loads(gm("roll", "4d6dl1", "--dice", "2,6,1,4", "--format", "json").stdout)
    assert data["dice"] == [2, 6, 4]
    assert data["total"] == 12
    assert [r["kept"] for r in data["rolls"]] == [True, True, False, True]


def test_roll_successes(gm):
    data = json.loads(gm("roll", "5d10>=7", "--dice", "7,3,10,6,9", "--format", "json").stdout)
    assert data["total"] == 3 and data["successes"] == 3


def test_roll_russian(gm):
    res = gm("roll", "2к10+1", "--dice", "3,4", "--lang", "ru")
    assert res.exit_code == 0
    assert "Бросок: 2к10+1" in res.stdout
    assert "= 8" in res.stdout


def test_seed_is_reproducible(gm):
    a = gm("roll", "10d10", "--seed", "42", "--format", "json").stdout
    b = gm("roll", "10d10", "--seed", "42", "--format", "json").stdout
    assert a == b
    assert json.loads(a)["source"] == {"kind": "random", "seed": 42}


@pytest.mark.parametrize(
    "args, message",
    [
        (["100000000d10"], "error: too many dice: 100000000 (at most 1000 per expression)"),
        (["d1001"], "error: too many sides: d1001 (at most d1000)"),
        (["2d10", "--dice", "3"], "error: --dice: too few faces: roll 2 (2d10, die 2, d10) has none"),
        (["2d10", "--dice", "3,11"], "error: --dice: face 11 is out of range 1–10 for roll 2"),
        (["2d10", "--dice", "3,4,5"], "error: --dice: 1 face left over (5)"),
        (["2d10", "--dice", "3,x"], "error: --dice: 'x' (value 2) is not a whole number"),
        (["2d6+"], "error: expected a number or dice at the end in '2d6+'"),
    ],
)
def test_bad_input_is_one_error_line_exit_1(gm, args, message):
    res = gm("roll", *args)
    assert res.exit_code == 1
    assert res.stdout == ""
    assert res.stderr.startswith(message)
    assert res.stderr.count("\n") == 1
    assert "Traceback" not in res.stderr


def test_unknown_option_is_usage_error_exit_2(gm):
    assert gm("roll", "d6", "--nope").exit_code == 2
    assert gm("roll", "d6", "--format", "html").exit_code == 2


HOSTILE = "[url=http://evil.example]click[/url] [/quote] </b> **bold** _x_ `c` | @everyone\n[b]x"


def test_hostile_comment_is_escaped_in_bbcode(gm):
    out = gm("roll", "d6", "--dice", "4", "--format", "bbcode", "--for", HOSTILE).stdout
    assert "[url=" not in out and "[/url]" not in out and "[/quote]" not in out
    assert "[\u200burl=http://evil.example]click[\u200b/url]" in out
    # our own markup is intact, the player's newline did not start a new line
    assert "[b]For:[/b] " in out
    assert "\n[\u200bb]x" not in out


def test_hostile_comment_is_escaped_in_markdown(gm):
    out = gm("roll", "d6", "--dice", "4", "--format", "markdown", "--for", HOSTILE).stdout
    line = next(l for l in out.splitlines() if l.startswith("- **For:**"))
    assert "\\[url=http://evil.example\\]click\\[/url\\]" in line
    assert "\\*\\*bold\\*\\*" in line and "\\_x\\_" in line and "\\`c\\`" in line
    assert "\\<" in line and "\\|" in line
    assert "@\u200beveryone" in line


def test_hostile_comment_is_data_in_json(gm):
    data = json.loads(gm("roll", "d6", "--dice", "4", "--format", "json", "--for", HOSTILE).stdout)
    assert data["comment"] == HOSTILE


def test_version_and_help(gm):
    assert gm("--version").stdout.startswith("gmtool ")
    res = gm("roll", "--help")
    assert res.exit_code == 0 and "gmtool roll 4d6kh3 --format bbcode" in res.stdout
