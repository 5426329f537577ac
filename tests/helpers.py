"""Tools the test modules share: assertions on CLI results, the shipped table library and
a recording dice source.  (Fixtures built on them live in conftest.py; these plain
functions are for module-level constants, which exist before any fixture does.)"""

from __future__ import annotations

import functools
import json
import re
import shutil
import tomllib
from pathlib import Path

from typer.testing import CliRunner

from gmtool.campaign.hexes import Hex
from gmtool.campaign.model import Campaign
from gmtool.campaign.store import CampaignStore
from gmtool.campaign.stream import Entry, commitment
from gmtool.cli import app
from gmtool.dice.sources import FixedSource, RandomSource
from gmtool.rolltables import TableLibrary
from gmtool.rolltables.library import shipped_tables_dir
from gmtool.rolltables.roller import DiceRoller
from gmtool.rules.orion.setup import new_campaign
from gmtool.rules.orion.state import PlanetState, System

FORMATS = ("plain", "bbcode", "markdown", "json")
LANGS = ("en", "ru")
CYRILLIC = re.compile("[А-Яа-яЁё]")


def run_gmtool(*args: str, input: str | None = None):
    """Run gmtool in-process: ``run_gmtool("roll", "d10")`` → Result with exit_code/stdout/stderr.
    (The ``gm`` fixture; this function serves module-scoped fixtures, which cannot take it.)"""
    return CliRunner().invoke(app, list(args), input=input, catch_exceptions=False)


def run_entry_point(capsys, *argv: str) -> tuple[int, str, str]:
    """Run ``gmtool ARGV`` as the installed entry point does (gmtool.cli.usage.run, which
    tidies Typer's own errors and help): (exit code, stdout, stderr)."""
    import pytest

    from gmtool.cli import build_app
    from gmtool.cli.usage import run

    with pytest.raises(SystemExit) as info:
        run(build_app(), list(argv))
        raise SystemExit(0)
    out = capsys.readouterr()
    return info.value.code or 0, out.out, out.err


def campaign_args(
    *args: str,
    players=(),
    ruleset: str | None = None,
    seed: int | None = None,
    lang: str | None = None,
    fmt: str | None = None,
    radius: int | None = None,
) -> tuple[str, ...]:
    """The ``campaign new`` options for ``new_campaign``'s keywords, then ``args`` as given."""
    named = [("--ruleset", ruleset), ("--seed", seed), ("--lang", lang), ("--format", fmt), ("--radius", radius)]
    return (
        *(arg for player in players for arg in ("--player", player)),
        *(arg for option, value in named if value is not None for arg in (option, str(value))),
        *args,
    )


def campaign_new_by(gm):
    """``make(name, …, parent=folder)`` as the ``new_campaign`` fixture takes it, made by
    ``campaign new`` itself through ``gm``: for a module-scoped fixture, which no function
    fixture reaches."""

    def make(name: str, *args: str, parent: Path, **options) -> Path:
        folder = parent / name
        ok(gm("campaign", "new", str(folder), *campaign_args(*args, **options)))
        return folder

    return make


def ok(res) -> str:
    """The command succeeded, said nothing on stderr (but a ``note:`` to the moderator: the
    maps a turn's posts go with), and printed no traceback."""
    assert res.exit_code == 0, (res.exit_code, res.stdout[-3000:], res.stderr)
    assert all(line.startswith("note: ") for line in res.stderr.splitlines()), res.stderr
    assert "Traceback" not in res.stdout
    return res.stdout


def ok_json(res) -> dict:
    data = json.loads(ok(res))
    assert isinstance(data, dict)
    return data


def assert_error(res, fragment: str, *fragments: str, one_line: bool = True, quiet: bool = False) -> None:
    """Exit 1 with an `error:` line on stderr (one line unless told) that carries every
    fragment, never a traceback; ``quiet``: nothing on stdout either.

    At least one fragment is required: an error test says which refusal it expects, so that
    it cannot pass on some other error."""
    fragments = (fragment, *fragments)
    assert all(fragments), f"an empty fragment matches any error: {fragments!r}"
    assert res.exit_code == 1, (res.exit_code, res.stdout[-3000:], res.stderr)
    if quiet:
        assert res.stdout == "", res.stdout[-3000:]
    assert res.stderr.startswith("error: "), res.stderr
    if one_line:
        assert res.stderr.count("\n") == 1, res.stderr
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr, res.stderr
    for fragment in fragments:
        assert fragment in res.stderr, res.stderr


def status(gm, folder: Path, *extra: str) -> dict:
    """``gmtool status --format json`` of the campaign in ``folder``."""
    return ok_json(gm("status", "-c", str(folder), "--format", "json", *extra))


def journal_rolls(folder: Path) -> list[dict]:
    """The ``[[roll]]`` entries of the campaign's journal, as TOML reads them."""
    return tomllib.loads((folder / "journal.toml").read_text(encoding="utf-8")).get("roll", [])


def without_deadlines(state: bytes) -> str:
    """campaign.toml without what the turns' deadlines fixed (dice scheme 2: the players'
    shares, the posts they came from, the posts each deadline read), which outlive a `turn
    undo` (docs/verify.md): the state an undo gives back is the rest."""
    text = state.decode("utf-8")
    return re.sub(r"\[verification\.(?:shares|share_posts|deadline_posts)\]\n(?:.+\n)*\n?", "", text)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` (but the lock file) and its bytes."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


@functools.cache
def shipped_library() -> TableLibrary:
    """The tables that come with gmtool and nothing else: a moderator's ``GMTOOL_TABLES``
    must not change the rules under test.  One library per test process (tables are
    frozen; the library only caches what it has read)."""
    return TableLibrary([shipped_tables_dir()])


class RecordingSource:
    """Wraps a dice source and remembers every die asked for (``asked``: sides and label,
    noted before the inner source answers) and every face it handed out (``faces``).
    "Fails fast" is measured in ``drawn`` dice, never in seconds."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.asked: list[tuple[int, str]] = []
        self.faces: list[int] = []

    @property
    def drawn(self) -> int:
        return len(self.asked)

    def roll(self, sides: int, label: str = "") -> int:
        self.asked.append((sides, label))
        face = self.inner.roll(sides, label)
        self.faces.append(face)
        return face


# ---------------------------------------------------------------- campaigns at library level
# Shared by the library-level campaign modules (test_setup, test_store, test_verify, …).

SECRET = bytes(range(32))
PLAYERS = ["alice", "bob", "carol"]

# docs/rules-orion.md A4.4–A4.5 by hand: the world-type, world-size and planet-property ids.
TYPE_IDS = {"terran", "ocean", "steppe", "toxic", "barren", "inferno"}
SIZE_IDS = {"tiny", "small", "medium", "large", "huge"}
PROPERTY_IDS = {"favorable", "hostile", "poor", "rich", "gravity", "artifacts"}

# The shipped example bills (tables/orion/bills.toml), in table order.
BILL_IDS = ["free-trade", "arms-limit", "relief-fund", "research-pact", "embargo", "open-borders"]


def make_campaign(players=PLAYERS, seed: int = 7, **kw) -> Campaign:
    """A new orion campaign on the shipped tables, committed to ``SECRET``."""
    return new_campaign("test", list(players), RandomSource(seed), shipped_library(), commitment(SECRET), seed, **kw)


def stored_campaign(tmp_path: Path, stage: int = 1, turn: int = 1) -> tuple[CampaignStore, Campaign]:
    """A 3-leader campaign created on disk and loaded back, as the CLI does."""
    state = new_campaign("test", PLAYERS, RandomSource(1), shipped_library(), "c0ffee", seed=1)
    store = CampaignStore(tmp_path / "camp")
    store.create(state, SECRET)
    state = store.load()
    state.stage, state.turn = stage, turn
    return store, state


def roller(*faces: int) -> tuple[DiceRoller, FixedSource]:
    src = FixedSource(faces)
    return DiceRoller(src), src


def put(c: Campaign, hex_: Hex, discovery: str = "planet", type_: str = "barren", by: str = "alice") -> System:
    """Add an explored system to ``c`` by hand (a barren medium planet unless told)."""
    planet = PlanetState(type=type_, size="medium", max_population=3, production=2) if discovery == "planet" else None
    s = System(hex=hex_, discovery=discovery, planet=planet, explored_by=by, explored_turn=1)
    c.game.systems.append(s)
    return s


def free_hex(c: Campaign, away_from_homes: int = 2) -> Hex:
    """An unexplored hex not next to any homeworld (no neighbourhood modifiers)."""
    homes = [p.homeworld for p in c.players]
    for q in range(-c.game.radius, c.game.radius + 1):
        for r in range(-c.game.radius, c.game.radius + 1):
            h = Hex(q, r)
            if (
                c.game.on_map(h)
                and h != c.game.orion
                and c.game.system(h) is None
                and all(h.distance(x) >= away_from_homes for x in homes)
            ):
                return h
    raise AssertionError("no free hex")


def entries(n: int, start: int = 1, purpose: str = "explore 3,-1 (bob): exploration") -> list[Entry]:
    """``n`` journal entries with ids from ``start``, every third one manual."""
    return [
        Entry(i, 1 + i // 10, purpose, 10, (i * 7) % 10 + 1, "stream" if i % 3 else "manual")
        for i in range(start, start + n)
    ]


EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"


def example_copy(tmp_path: Path, fresh: bool = False, rooms: bool = False, name: str = "camp") -> Path:
    """A copy of the shipped example campaign in ``tmp_path/camp`` (``tmp_path/name``); ``fresh``:
    without its forum records, reports and history (a thread not resolved yet); ``rooms``: fresh,
    and without its orders files either (the turn comes from the leaders' rooms)."""
    folder = tmp_path / name
    skip = (".lock", "forum.toml", "reports", "history") if fresh or rooms else (".lock",)
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(*skip))
    if rooms:
        shutil.rmtree(folder / "orders")
    return folder


def player_of(camp: Path, leader: str) -> dict:
    """``leader``'s record as campaign.toml holds it."""
    state = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))
    return next(p for p in state["player"] if p["name"] == leader)


def as_scheme_1(folder: Path) -> Path:
    """``folder``'s campaign as a campaign of dice scheme 1 (made before scheme 2, never moved):
    no ``scheme``, ``scheme_from`` or part commitments — the example campaign as it was."""
    path = folder / "campaign.toml"
    text = re.sub(r"(?m)^scheme(?:_from)? = \d+\n", "", path.read_text(encoding="utf-8"))
    text = re.sub(r"\n\[verification\.part_commitments\]\n(?:\w+ = \"[0-9a-f]+\"\n)+", "\n", text)
    path.write_text(text, encoding="utf-8")
    return folder


def write_text(folder: Path, name: str, text: str) -> Path:
    """``text`` saved as ``folder/name`` (UTF-8)."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def resolve_post(gm, camp: Path, source: Path | str, *extra: str, fmt: str = "plain", input: str | None = None) -> str:
    """`post resolve SOURCE -c CAMP --format FMT …`'s output (the command must succeed)."""
    return ok(gm("post", "resolve", str(source), "-c", str(camp), "--format", fmt, *extra, input=input))


def slow_twin(test, max_examples: int):
    """A ``-m slow`` copy of the hypothesis property ``test`` that draws ``max_examples``
    examples, its other settings as they are: the fast run keeps ``test`` with a few
    examples, ``pytest -m slow`` draws many.  ``test_x_long = slow_twin(test_x, 300)``
    beside ``test_x`` (under another name, so pytest collects both)."""
    import pytest
    from hypothesis import given, settings

    handle = test.hypothesis  # the strategies @given was called with (hypothesis keeps them)
    twin = given(**handle._given_kwargs)(handle.inner_test)
    return pytest.mark.slow(settings(test._hypothesis_internal_use_settings, max_examples=max_examples)(twin))
