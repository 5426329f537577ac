"""Typer's own errors and help, as gmtool's entry point shows them (gmtool.cli.usage)."""

from __future__ import annotations

from gmtool.cli.usage import clean_message
from helpers import run_entry_point as invoke


def test_a_bad_choice_is_one_plain_error_line_without_pydantic_words(capsys):
    code, out, err = invoke(capsys, "roll", "d10", "--format", "html")
    assert code == 2 and out == ""
    assert "Value error" not in err
    assert err.splitlines() == [
        "Usage: gmtool roll [OPTIONS] EXPRESSION",
        "Try 'gmtool roll -h' for help.",
        "error: Invalid value for '--format' / '-f': 'html' is not one of 'plain', "
        "'bbcode', 'markdown', 'discord', 'json'.",
    ]


def test_usage_line_names_arguments_readably(capsys):
    code, _, err = invoke(capsys, "table", "show")
    assert code == 2
    assert "Usage: gmtool table show [OPTIONS] TABLE" in err and "{" not in err
    assert err.splitlines()[-1] == "error: Missing argument 'TABLE'."


def test_help_rewraps_paragraphs_instead_of_breaking_sentences(capsys):
    code, out, _ = invoke(capsys, "roll", "--help")
    assert code == 0
    assert "Usage: gmtool roll [OPTIONS] EXPRESSION" in out
    assert "journal; the report names the roll ids" in out  # one sentence, one line
    assert "  gmtool roll 4d6kh3 --format bbcode\n" in out  # \b example blocks kept as written


def test_domain_errors_still_exit_1_through_the_entry_point(capsys):
    code, _, err = invoke(capsys, "roll", "2000d10", "--lang", "ru")
    assert code == 1
    assert err == "error: слишком много кубиков: 2000 (не больше 1000 на выражение)\n"


def test_clean_message_drops_pydantic_prefixes():
    assert clean_message("Invalid value for '-x': Value error, 'a' is bad.") == "Invalid value for '-x': 'a' is bad."
