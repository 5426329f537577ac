"""``--dialect`` and ``--post-limit`` are real options of every command with a report
``--format`` (gmtool.cli.render_options): listed in its help, checked by the parser,
accepted anywhere on the line, and winning over the campaign's own setting."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import typer.main

from gmtool.cli import build_app
from gmtool.forum.sources.profiles import dialect_names
from helpers import ok, snapshot
from helpers import run_entry_point as entry_point

pytestmark = pytest.mark.camp(example="whole", name="c")

EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"
DROPPED = {"phpbb": "[color=#808080]~1~[/color]", "xenforo": "[s]1[/s]"}


def _commands(command, path=()):
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))
    if not hasattr(command, "commands"):
        yield " ".join(path), command


@pytest.mark.parametrize("argv", [("roll",), ("turn", "end")])
def test_the_options_are_in_the_help(capsys, argv):
    code, out, _ = entry_point(capsys, *argv, "--help")
    assert code == 0
    assert "\n  --dialect " in out and "\n  --post-limit " in out
    # listed right after --format, which no longer describes them
    options = out[out.index("\nOptions:") :]
    assert (
        options.index("--format") < options.index("--dialect") < options.index("--post-limit") < options.index("--lang")
    )
    assert "--post-limit N" not in out


def test_the_help_names_every_shipped_dialect(capsys):
    out = " ".join(entry_point(capsys, "roll", "--help")[1].split())
    for name in dialect_names():
        assert name in out


def test_every_command_with_a_format_has_them_and_no_other():
    root = typer.main.get_command(build_app())
    commands = dict(_commands(root))
    for name, command in commands.items():
        params = {p.name for p in command.params}
        assert ("dialect" in params) == ("format" in params), name
        assert ("post_limit" in params) == ("format" in params), name
    assert "dialect" not in {p.name for p in commands["table check"].params}
    assert "dialect" in {p.name for p in commands["post resolve"].params}


@pytest.mark.parametrize(
    "argv",
    [
        ("roll", "--dialect", "xenforo", "4d6kh3", "--dice", "6,1,5,3", "--format", "bbcode"),  # before the argument
        ("roll", "4d6kh3", "--dice", "6,1,5,3", "--format", "bbcode", "--dialect", "xenforo"),  # after it
        ("roll", "4d6kh3", "--dialect=xenforo", "--dice", "6,1,5,3", "-f", "bbcode"),
    ],
)
def test_the_option_stands_anywhere(gm, argv):
    assert DROPPED["xenforo"] in ok(gm(*argv))


def test_nothing_carries_over_to_the_next_command(gm):
    assert DROPPED["xenforo"] in ok(gm("roll", "4d6kh3", "--dice", "6,1,5,3", "-f", "bbcode", "--dialect", "xenforo"))
    assert DROPPED["phpbb"] in ok(gm("roll", "4d6kh3", "--dice", "6,1,5,3", "-f", "bbcode"))


def test_an_unknown_dialect_is_a_usage_error_exit_2_and_writes_nothing(capsys, camp):
    """A usage error like any other bad option value (the CLI library's BadParameter): the
    usage, the hint, then one ``error:`` line naming the option and the known dialects."""
    before = snapshot(camp)
    code, out, err = entry_point(capsys, "roll", "d6", "-c", str(camp), "--format", "bbcode", "--dialect", "nope")
    assert code == 2 and out == ""
    assert err.splitlines() == [
        "Usage: gmtool roll [OPTIONS] EXPRESSION",
        "Try 'gmtool roll -h' for help.",
        f"error: Invalid value for '--dialect': unknown BBCode dialect 'nope' (dialects: {', '.join(dialect_names())})",
    ]
    assert snapshot(camp) == before
    # in Russian when --lang came first
    code, out, err = entry_point(capsys, "turn", "end", "-c", str(camp), "--lang", "ru", "--dialect", "nope")
    assert code == 2 and out == ""
    assert err.splitlines()[-1].startswith("error: Invalid value for '--dialect': неизвестный диалект BBCode 'nope'")
    assert snapshot(camp) == before


def test_a_post_limit_out_of_range_is_a_usage_error(capsys):
    code, out, err = entry_point(capsys, "roll", "d6", "--post-limit", "10")
    assert code == 2 and out == ""
    assert err.splitlines()[-1].startswith("error: Invalid value for '--post-limit'")


def test_the_option_wins_over_the_campaign(gm, camp):
    toml = camp / "campaign.toml"
    toml.write_text(
        toml.read_text(encoding="utf-8").replace('format = "plain"', 'format = "bbcode"\ndialect = "mybb"'),
        encoding="utf-8",
    )
    assert ok(gm("roll", "d6", "-c", str(camp))).startswith("[size=large][b]")
    assert ok(gm("roll", "d6", "-c", str(camp), "--dialect", "xenforo")).startswith("[size=5][b]")
    assert ok(gm("roll", "d6", "-c", str(camp), "--dialect", "phpbb")).startswith("[size=150][b]")


def test_post_limit_splits_a_post(gm, camp):
    whole = ok(gm("status", "-c", str(camp), "-f", "bbcode"))
    assert len(whole) > 1200
    parts = ok(gm("status", "-c", str(camp), "-f", "bbcode", "--post-limit", "500"))
    assert "(1/" in parts.splitlines()[0]


def test_campaign_new_keeps_them_as_the_campaigns_own(gm, tmp_path):
    ok(
        gm(
            "campaign",
            "new",
            str(tmp_path / "n"),
            "--player",
            "a",
            "--player",
            "b",
            "--dialect",
            "vbulletin",
            "--post-limit",
            "20000",
        )
    )
    top = tomllib.loads((tmp_path / "n" / "campaign.toml").read_text(encoding="utf-8"))
    assert (top["dialect"], top["post_limit"]) == ("vbulletin", 20000)
