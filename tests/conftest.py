from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from gmtool.rolltables import TableLibrary
from helpers import run_gmtool, shipped_library

# No verdict may depend on the machine's speed: hypothesis's per-example deadline and its
# "too slow" health check are clocks, so neither applies (a busy CI machine is slow).
settings.register_profile("gmtool", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("gmtool")


def _build_each_app_once() -> None:
    """Typer turns an app into a click command on every ``CliRunner.invoke`` — over
    90 % of a CLI test's time.  The command is the same each time, so build it once
    per app (tests only: the real ``gmtool`` builds one group per run)."""
    import typer.testing

    real = getattr(typer.testing, "_get_command", None)
    if real is None:  # another Typer: no shortcut, same results
        return
    built: dict[int, tuple[object, object]] = {}

    def get_command(typer_app):
        key = id(typer_app)
        if key not in built:
            built[key] = (typer_app, real(typer_app))  # keeps the app alive: ids stay unique
        return built[key][1]

    typer.testing._get_command = get_command


_build_each_app_once()


@pytest.fixture
def gm():
    """Run gmtool in-process: ``gm("roll", "d10")`` → Result with exit_code/stdout/stderr."""
    return run_gmtool


@pytest.fixture
def isolated(monkeypatch, tmp_path):
    """Run in an empty folder with none of gmtool's environment variables set."""
    monkeypatch.chdir(tmp_path)
    for name in ("GMTOOL_CAMPAIGN", "GMTOOL_TABLES", "GMTOOL_DEBUG"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="session")
def shipped_tables() -> TableLibrary:
    """The shipped table library, whatever ``GMTOOL_TABLES`` says (see helpers.shipped_library)."""
    return shipped_library()


@pytest.fixture
def orion_game(shipped_tables):
    """A fresh three-leader orion game (alice, bob, carol; seed 1) and the rules it is played by."""
    from gmtool.dice.sources import RandomSource
    from gmtool.rules.orion.setup import new_campaign
    from gmtool.rules.orion.turns import Rules

    c = new_campaign("t", ["alice", "bob", "carol"], RandomSource(1), shipped_tables, "0" * 64)
    return c, Rules(shipped_tables)


@pytest.fixture
def moderator_judges(monkeypatch):
    """Every quest judged by the moderator, none met by itself at the turn end (A11: a quest's
    condition as data): for tests that count BC, RP or orders, or claim a quest, whichever
    quest the dice announced (Full house, met by every homeworld that grew to its maximum,
    would add 5 BC one game in seven); tests/test_quests_judged.py judges the conditions."""
    import gmtool.rules.orion.turns as turns

    monkeypatch.setattr(turns, "judge", lambda *args: None)
