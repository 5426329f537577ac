from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

from gmtool.cli import app

# No verdict may depend on the machine's speed: hypothesis's per-example deadline and its
# "too slow" health check are clocks, so neither applies (a busy CI machine is slow).
settings.register_profile("gmtool", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("gmtool")


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
