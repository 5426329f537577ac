from __future__ import annotations

import hashlib

import pytest
from hypothesis import HealthCheck, currently_in_test_context, settings
from hypothesis import strategies as st

import gmtool.campaign.stream
from gmtool.rolltables import TableLibrary
from helpers import campaign_args, run_gmtool, shipped_library

# No verdict may depend on the machine's speed: hypothesis's per-example deadline and its
# "too slow" health check are clocks, so neither applies (a busy CI machine is slow).
settings.register_profile("gmtool", deadline=None, suppress_health_check=[HealthCheck.too_slow])
# .ci/run's profile (`pytest --hypothesis-profile=ci`): the same examples on every run, and a
# failure prints the @reproduce_failure blob that replays it.
settings.register_profile("ci", parent=settings.get_profile("gmtool"), derandomize=True, print_blob=True)
settings.load_profile("gmtool")


class FixedSecrets:
    """The dice secrets the tests' campaigns draw (``gmtool.campaign.stream.new_secret``, which
    a real ``gmtool campaign new`` draws from ``secrets``): fixed, so a failing test replays.

    * The k-th secret drawn while a test is set up and run (k = 0, 1, …, counted afresh for
      each test) is SHA-256 of ``gmtool test secret k``: the same on every run, one per campaign.
    * Inside a hypothesis example it is drawn from hypothesis (32 bytes), so it is part of the
      example: the failure's blob (or the example database) replays it (an explicit
      ``@example`` takes the fixed ones).
    * ``given`` (the ``dice_secret`` fixture) makes every draw that one secret.

    Only in-process campaigns: a ``gmtool`` run as a subprocess draws a real random secret.
    ``random_secrets`` gives a test the real draw."""

    def __init__(self) -> None:
        self.drawn = 0
        self.given: bytes | None = None

    def __call__(self) -> bytes:
        if self.given is not None:
            return self.given
        drawn = _hypothesis_secret() if currently_in_test_context() else None
        if drawn is not None:
            return drawn
        k, self.drawn = self.drawn, self.drawn + 1
        return hashlib.sha256(f"gmtool test secret {k}".encode()).digest()


SECRET_BYTES = gmtool.campaign.stream.SECRET_BYTES
REAL_NEW_SECRET = gmtool.campaign.stream.new_secret
TEST_SECRETS = FixedSecrets()
gmtool.campaign.stream.new_secret = TEST_SECRETS  # before the test modules import it


def _hypothesis_secret() -> bytes | None:
    """A secret drawn from the running hypothesis example; None in an explicit ``@example``,
    which has no data to draw from (it takes the test's fixed secrets)."""
    from hypothesis.control import current_build_context

    data = current_build_context().data
    if getattr(data, "max_choices", None) == 0:
        return None
    return data.draw(st.binary(min_size=SECRET_BYTES, max_size=SECRET_BYTES))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item) -> None:
    """Each test counts its secrets from 0, its fixtures' campaigns included."""
    TEST_SECRETS.drawn, TEST_SECRETS.given = 0, None


@pytest.fixture
def dice_secret():
    """``dice_secret(b"...")``: every campaign the test creates from now on has that secret
    (a property test passes one hypothesis drew: ``st.binary(min_size=32, max_size=32)``)."""

    def use(secret: bytes) -> bytes:
        TEST_SECRETS.given = secret
        return secret

    yield use
    TEST_SECRETS.given = None


@pytest.fixture
def random_secrets(monkeypatch) -> None:
    """The real draw, as a moderator's ``gmtool campaign new`` makes it."""
    monkeypatch.setattr(gmtool.campaign.stream, "new_secret", REAL_NEW_SECRET)


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


def _load_each_shipped_table_once() -> None:
    """Every ``gmtool`` command loads the rule tables it needs from their TOML files, and a
    CLI test runs thousands of commands in one process: a third of the suite's time went to
    parsing the same shipped tables again.  A shipped table file is read once per file version
    (its size and modification time), the same frozen Table each time, as the session's
    ``shipped_tables`` library already shares them; a table folder of the test's own and
    ``load_table`` called directly read their files as gmtool does (tests only: the real
    ``gmtool`` loads a table once per run)."""
    import os

    import gmtool.rolltables.library as library

    real = library.load_table
    shipped = library.shipped_tables_dir()
    loaded: dict[tuple[str, str | None, int, int], object] = {}

    def load_table(path, ruleset=None, compiled=False):
        if path.parent.parent != shipped:
            return real(path, ruleset, compiled)
        stat = os.stat(path)
        key = (str(path), ruleset, stat.st_mtime_ns, stat.st_size)
        if key not in loaded:
            loaded[key] = real(path, ruleset, compiled)
        return loaded[key]

    library.load_table = load_table


_load_each_shipped_table_once()


def _fsync_nothing() -> None:
    """gmtool fsyncs every file it writes and the folder it is in (gmtool/campaign/files.py),
    so a power cut cannot lose a roll; the tests write tens of thousands of files to a disk
    other engineers share, and each fsync waits for it.  No test can cut the power, so none
    can tell a synced file from one in the page cache: ``os.fsync`` here checks its file
    descriptor (a closed one is still an error) and returns.  tests/test_durable_writes.py
    pins that the store asks for each fsync."""
    import os

    def fsync(fd) -> None:
        os.fstat(fd if isinstance(fd, int) else fd.fileno())

    os.fsync = fsync


_fsync_nothing()


def _stop_test_servers_promptly() -> None:
    """The tests' local HTTP servers run ``serve_forever`` in a thread, which looks for a
    ``shutdown()`` every half second (socketserver's default): each server's teardown waited
    a quarter of a second on average, five seconds a file.  Here it looks every 20 ms; it
    answers requests as soon as they come either way."""
    import socketserver

    socketserver.BaseServer.serve_forever.__defaults__ = (0.02,)


_stop_test_servers_promptly()


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


# ---------------------------------------------------------------- campaigns, built once


@pytest.fixture(scope="session")
def _new_campaigns(tmp_path_factory):
    """``gmtool campaign new`` once per session for each folder name, arguments and table
    folder (``GMTOOL_TABLES``), with the first secret a test draws (tests/conftest.py,
    FixedSecrets): the templates that ``new_campaign`` copies."""
    import os

    from helpers import ok

    built: dict[tuple[str | None, ...], object] = {}

    def template(name: str, args: tuple[str, ...]):
        key = (os.environ.get("GMTOOL_TABLES"), name, *args)
        if key not in built:
            folder = tmp_path_factory.mktemp("new-campaign") / name
            saved = TEST_SECRETS.drawn, TEST_SECRETS.given
            TEST_SECRETS.drawn, TEST_SECRETS.given = 0, None
            try:
                ok(run_gmtool("campaign", "new", str(folder), *args))
            finally:
                TEST_SECRETS.drawn, TEST_SECRETS.given = saved
            built[key] = folder
        return built[key]

    return template


@pytest.fixture
def new_campaign(_new_campaigns, tmp_path):
    """``new_campaign("c", players=["alice", "bob"], seed=7, lang="ru", fmt="bbcode")`` (or the
    options themselves: ``new_campaign("c", "-p", "alice", "-p", "bob", "--seed", "7")``) →
    ``tmp_path / "c"`` (``parent / "c"`` if given), byte for byte what ``gmtool campaign new
    tmp_path/c --player alice --player bob --seed 7 …`` makes as the test's first campaign (the
    campaign is named after its folder), copied from a template built once per session.  A
    test's later campaign, one with a secret the test named (``dice_secret``), one with a real
    secret (``random_secrets``) and one made inside a hypothesis example (its secret is the
    example's) are made by ``campaign new`` itself, each with the secret it would draw there.
    Without ``seed`` the homeworlds are placed at random once per session (``campaign new``
    places them afresh each time): for tests that hold for any placement."""
    import shutil

    import gmtool.campaign.stream
    from helpers import ok

    def make(name: str, *args: str, parent=None, **options):
        folder = (parent or tmp_path) / name
        args = campaign_args(*args, **options)
        own_draw = (
            TEST_SECRETS.drawn
            or TEST_SECRETS.given is not None
            or gmtool.campaign.stream.new_secret is not TEST_SECRETS
            or currently_in_test_context()
        )
        if own_draw:
            ok(run_gmtool("campaign", "new", str(folder), *args))
        else:
            shutil.copytree(_new_campaigns(name, args), folder)
            TEST_SECRETS.drawn += 1  # as if drawn here
        return folder

    return make


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers",
        "camp(name='c', players=..., seed=..., lang=..., fmt=..., ruleset=..., radius=...) or camp(example="
        "'whole'|'fresh'|'rooms', name='camp'): the campaign the shared `camp` fixture gives the marked test "
        "or module",
    )


@pytest.fixture
def camp(request, new_campaign, tmp_path):
    """The test's campaign folder, as the closest ``camp`` marker (a test's, then its module's
    ``pytestmark``) describes it:

    * unmarked: a new campaign of alice, bob and carol, seed 7, in ``tmp_path / "c"``;
    * ``@pytest.mark.camp(players=["ann", "bob"], seed=3, lang="ru", name="camp")``: that new
      campaign (``new_campaign``'s keywords; ``name`` is its folder, "c" unless told);
    * ``@pytest.mark.camp(example="whole")``, ``"fresh"`` or ``"rooms"``: a copy of the shipped
      example in ``tmp_path / "camp"`` (``name`` if given; helpers.example_copy: whole; without its
      forum records, reports and history; without its orders files either).

    A module that needs more (a setting, a hand edit) overrides it with its own ``camp(camp)``."""
    from helpers import example_copy

    marker = request.node.get_closest_marker("camp")
    options = dict(marker.kwargs) if marker else {}
    example = options.pop("example", None)
    if example is not None:
        name = options.pop("name", "camp")
        assert example in ("whole", "fresh", "rooms") and not options, marker
        return example_copy(tmp_path, fresh=example == "fresh", rooms=example == "rooms", name=name)
    name = options.pop("name", "c")
    return new_campaign(name, **(options or {"players": ["alice", "bob", "carol"], "seed": 7}))
