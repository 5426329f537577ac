"""The one error boundary (gmtool.cli.common.error_boundary, entered by the root command
around every command it runs): a domain error is one ``error: …`` line and exit 1, a bug is
one ``internal error`` line, GMTOOL_DEBUG shows the traceback — for every command, with no
decorator on any of them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gmtool.cli.common as common
from gmtool.cli import build_app
from gmtool.errors import CampaignError
from helpers import assert_error, run_entry_point

CLI = Path(common.__file__).parent


def test_no_command_carries_its_own_error_handling():
    assert not hasattr(common, "handles_errors")
    for path in sorted(CLI.glob("*.py")):
        assert "handles_errors" not in path.read_text(encoding="utf-8"), path.name


def test_a_domain_error_is_one_line_and_exit_1(gm, isolated, tmp_path):
    res = gm("status", "-c", str(tmp_path / "nowhere"))
    assert_error(res, "nowhere")
    assert res.stdout == ""


def test_a_domain_error_is_written_in_the_command_language(gm, isolated):
    res = gm("status", "--lang", "ru")
    assert_error(res, "кампания")
    assert res.stderr == "error: этой команде нужна кампания: укажите -c ПАПКА (или задайте GMTOOL_CAMPAIGN)\n"
    # the language of one run does not outlive it
    res = gm("status")
    assert res.stderr == "error: this command needs a campaign: give -c DIR (or set GMTOOL_CAMPAIGN)\n"


def test_a_domain_error_is_written_in_the_campaign_language(gm, isolated, new_campaign):
    folder = new_campaign("c", players=["alice", "bob"], seed=1)
    toml = folder / "campaign.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('lang = "en"', 'lang = "ru"'), encoding="utf-8")
    res = gm("council", "repeal", "-c", str(folder), "no-such-law")
    assert res.exit_code == 1
    assert res.stderr.startswith("error: ") and res.stderr.count("\n") == 1
    assert any("а" <= ch <= "я" for ch in res.stderr), res.stderr


def test_a_new_command_gets_the_boundary_without_asking():
    app = build_app(["roll"])

    @app.command("boom")
    def boom() -> None:
        raise CampaignError(key="needs_campaign")

    res = CliRunner().invoke(app, ["boom"], catch_exceptions=False)
    assert res.exit_code == 1
    assert res.stderr == "error: this command needs a campaign: give -c DIR (or set GMTOOL_CAMPAIGN)\n"


def test_a_bug_is_one_internal_error_line(isolated, monkeypatch, capsys):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(common.Output, "emit", broken)
    code, out, err = run_entry_point(capsys, "roll", "d6", "--seed", "1")
    assert code == 1 and out == ""
    assert err == (
        "error: internal error: ZeroDivisionError: division by zero (set GMTOOL_DEBUG=1 to see the traceback)\n"
    )
    code, out, err = run_entry_point(capsys, "roll", "d6", "--seed", "1", "--lang", "ru")
    assert err.startswith("error: внутренняя ошибка: ZeroDivisionError")


def test_with_debug_the_error_itself_is_raised(isolated, monkeypatch, capsys):
    monkeypatch.setenv("GMTOOL_DEBUG", "1")
    with pytest.raises(CampaignError):
        run_entry_point(capsys, "status")


def test_a_full_disk_names_the_file(isolated, monkeypatch, capsys):
    import errno

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", "journal.toml")

    monkeypatch.setattr(common.Output, "emit", full)
    code, out, err = run_entry_point(capsys, "roll", "d6", "--seed", "1")
    assert (code, err) == (1, "error: journal.toml: no space left on device\n")


def test_usage_errors_stay_the_cli_library_s():
    code = CliRunner().invoke(build_app(["roll"]), ["roll", "d6", "--post-limit", "10"]).exit_code
    assert code == 2


def test_render_options_do_not_import_the_shared_command_plumbing():
    """cli/render_options raises the CLI library's own BadParameter: no circle through cli/common."""
    tree = ast.parse((CLI / "render_options.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert "gmtool.cli.common" not in imported
