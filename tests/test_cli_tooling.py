"""Python habits of the command line: --version, shell completion."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import gmtool
from helpers import ok, run_entry_point

ROOT = Path(__file__).resolve().parent.parent


def _gmtool(args: list[str], home: Path, extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GMTOOL_", "_GMTOOL"))}
    env.update({"HOME": str(home), "SHELL": "/bin/bash", **(extra_env or {})})
    return subprocess.run(
        [sys.executable, "-m", "gmtool", *args], capture_output=True, text=True, env=env, cwd=home, timeout=60
    )


def test_version_prints_the_package_version(gm):
    assert ok(gm("--version")) == f"gmtool {gmtool.__version__}\n"
    with open(ROOT / "pyproject.toml", "rb") as fh:
        assert tomllib.load(fh)["project"]["version"] == gmtool.__version__


def test_help_offers_shell_completion(gm):
    out = ok(gm("--help"))
    assert "--install-completion" in out and "--show-completion" in out


def test_install_completion_writes_a_bash_script_that_is_sourced(tmp_path):
    res = _gmtool(["--install-completion", "bash"], tmp_path)
    assert res.returncode == 0, res.stderr
    script = tmp_path / ".bash_completions" / "gmtool.sh"
    assert (
        res.stdout
        == f"bash completion installed in {script}\nCompletion will take effect once you restart the terminal\n"
    )
    assert "_GMTOOL_COMPLETE" in script.read_text()
    assert f"source '{script}'" in (tmp_path / ".bashrc").read_text().splitlines()
    # a new bash reading its .bashrc completes gmtool with the installed function
    shown = subprocess.run(
        ["bash", "-c", 'source "$HOME/.bashrc" && complete -p gmtool'],
        capture_output=True,
        text=True,
        env={"HOME": str(tmp_path), "PATH": os.environ["PATH"]},
        timeout=60,
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split()[-3:] == ["-F", "_gmtool_completion", "gmtool"]


@pytest.fixture
def no_shell_found(monkeypatch, tmp_path):
    """As under a CI runner, a background job or a script: no shell above gmtool, no $SHELL."""
    import typer._completion_shared

    monkeypatch.setattr(typer._completion_shared, "_get_shell_name", lambda: None)
    monkeypatch.delenv("SHELL", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("args", [["--install-completion", "bash"], ["--install-completion=bash"]])
def test_install_completion_uses_the_shell_named_when_none_is_found(gm, no_shell_found, args):
    # was: "Shell None is not supported." — the shell named was never read
    script = no_shell_found / ".bash_completions" / "gmtool.sh"
    assert ok(gm(*args)).splitlines() == [
        f"bash completion installed in {script}",
        "Completion will take effect once you restart the terminal",
    ]
    assert "_GMTOOL_COMPLETE" in script.read_text()


def test_install_completion_for_another_shell_than_the_one_found(gm, no_shell_found, monkeypatch):
    monkeypatch.setenv("SHELL", "/bin/bash")
    assert ok(gm("--install-completion", "zsh")).startswith(
        f"zsh completion installed in {no_shell_found / '.zfunc' / '_gmtool'}\n"
    )
    assert not (no_shell_found / ".bash_completions").exists()


def test_install_completion_without_a_shell_takes_the_login_shell(gm, no_shell_found, monkeypatch):
    monkeypatch.setenv("SHELL", "/usr/bin/fish")
    assert ok(gm("--install-completion")).startswith("fish completion installed in ")
    assert (no_shell_found / ".config" / "fish" / "completions" / "gmtool.fish").is_file()


def test_install_completion_asks_for_the_shell_it_cannot_find(capsys, no_shell_found):
    code, out, err = run_entry_point(capsys, "--install-completion")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == (
        "error: Invalid value for '--install-completion': cannot tell which shell this is: "
        "name it, as in --install-completion bash (bash, zsh, fish, powershell, pwsh)"
    )
    assert list(no_shell_found.iterdir()) == []


def test_install_completion_refuses_a_shell_it_cannot_complete(capsys, no_shell_found):
    code, out, err = run_entry_point(capsys, "--install-completion", "tcsh")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == (
        "error: Invalid value for '--install-completion': gmtool completes bash, zsh, fish, "
        "powershell and pwsh, not 'tcsh' (name one: --install-completion bash)"
    )
    assert list(no_shell_found.iterdir()) == []


def test_show_completion_prints_the_named_shells_script(gm, no_shell_found):
    out = ok(gm("--show-completion", "zsh"))
    assert out.startswith("#compdef gmtool\n") and "_GMTOOL_COMPLETE=complete_zsh" in out
    assert list(no_shell_found.iterdir()) == []


def test_completion_completes_command_names(tmp_path):
    res = _gmtool([], tmp_path, {"_GMTOOL_COMPLETE": "complete_bash", "COMP_WORDS": "gmtool ta", "COMP_CWORD": "1"})
    assert res.returncode == 0 and res.stdout.split() == ["table"]
    res = _gmtool(
        [], tmp_path, {"_GMTOOL_COMPLETE": "complete_bash", "COMP_WORDS": "gmtool table r", "COMP_CWORD": "2"}
    )
    assert res.stdout.split() == ["roll"]
