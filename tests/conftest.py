from __future__ import annotations

import pytest
from typer.testing import CliRunner

from gmtool.cli import app


@pytest.fixture
def gm():
    """Run gmtool in-process: ``gm("roll", "d10")`` → Result with exit_code/stdout/stderr."""
    runner = CliRunner()

    def run(*args: str, input: str | None = None):
        return runner.invoke(app, list(args), input=input, catch_exceptions=False)

    return run


@pytest.fixture
def isolated(monkeypatch, tmp_path):
    """Run in an empty folder with none of gmtool's environment variables set."""
    monkeypatch.chdir(tmp_path)
    for name in ("GMTOOL_CAMPAIGN", "GMTOOL_TABLES", "GMTOOL_DEBUG"):
        monkeypatch.delenv(name, raising=False)
