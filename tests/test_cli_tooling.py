"""Python habits of the command line: --version, shell completion."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import gmtool
from helpers import ok

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
    assert "_GMTOOL_COMPLETE" in script.read_text()
    assert str(script) in (tmp_path / ".bashrc").read_text()


def test_completion_completes_command_names(tmp_path):
    res = _gmtool([], tmp_path, {"_GMTOOL_COMPLETE": "complete_bash", "COMP_WORDS": "gmtool ta", "COMP_CWORD": "1"})
    assert res.returncode == 0 and res.stdout.split() == ["table"]
    res = _gmtool(
        [], tmp_path, {"_GMTOOL_COMPLETE": "complete_bash", "COMP_WORDS": "gmtool table r", "COMP_CWORD": "2"}
    )
    assert res.stdout.split() == ["roll"]
