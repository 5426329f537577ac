"""Writes that can be read back (issue: 100,001 grants of 10,000 BC wrote a campaign.toml its
own loader refused, and every command failed until `turn undo`).

Every save reads back what it writes through the loader, with the loader's own limits
(gmtool/campaign/model.py: PLAYER_RANGES and the rest — one definition), so a command that
would write an unreadable campaign is refused with one line naming the leader, the field and
the limit, and writes nothing: no journal entry, no snapshot, no report.  A grant checks the
same limit first (its refusal names the order's line in an orders file), and an orders file
that would overflow is refused whole."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.campaign.model import COUNT
from gmtool.campaign.store import CampaignStore
from gmtool.errors import CampaignError
from gmtool.rules.orion.state import PLAYER_RANGES
from helpers import assert_error, ok, run_gmtool, slow_twin, snapshot

pytestmark = pytest.mark.usefixtures("isolated")

LIMIT = COUNT[1]  # the most BC or RP a leader may hold: 1,000,000,000


def _new(new_campaign, folder: Path) -> Path:
    return new_campaign(folder.name, players=["alice", "bob"], seed=1, parent=folder.parent)


def _set(folder: Path, leader: str, **values: int) -> None:
    """A hand edit of campaign.toml (values the loader takes)."""
    store = CampaignStore(folder)
    state = store.load()
    for key, value in values.items():
        setattr(state.player(leader), key, value)
    store.save(state)


def _state(folder: Path):
    return CampaignStore(folder).load()


def _refused_whole(gm, folder: Path, *args: str, fragments: tuple[str, ...], one_line: bool = True) -> str:
    before = snapshot(folder)
    res = gm(*args)
    assert_error(res, *fragments, one_line=one_line)
    assert snapshot(folder) == before, args
    _state(folder)  # still loads
    return res.stderr


# ------------------------------------------------------------------ the save itself


@pytest.mark.parametrize("field", sorted(PLAYER_RANGES))
def test_a_save_past_a_leaders_limit_is_refused_naming_leader_field_and_limit(new_campaign, tmp_path, gm, field):
    folder = _new(new_campaign, tmp_path / "c")
    store = CampaignStore(folder)
    before = snapshot(folder)
    state = store.load()
    low, high = PLAYER_RANGES[field]
    if field == "moved_turn":  # written only with the ships that moved that turn
        state.player("bob").moved = {"scout": 1}
    for value in (high + 1, low - 1):
        setattr(state.player("bob"), field, value)
        with pytest.raises(CampaignError) as caught:
            store.save(state)
        message = str(caught.value)
        assert "campaign.toml not written" in message
        assert f"player 2 (bob): {field}: {value} is out of range ({low} to {high})" in message, message
        assert "\n" not in message
        assert snapshot(folder) == before
    setattr(state.player("bob"), field, high)  # the limit itself is kept and read back
    store.save(state)
    assert getattr(store.load().player("bob"), field) == high


def test_the_message_in_russian(gm, new_campaign, tmp_path):
    folder = _new(new_campaign, tmp_path / "c")
    _set(folder, "alice", bc=LIMIT)
    ok(gm("turn", "start", "-c", str(folder)))
    stderr = _refused_whole(
        gm, folder, "turn", "end", "-c", str(folder), "--lang", "ru", fragments=("player 1 (alice): bc",)
    )
    assert "не записан" in stderr and "ничего не изменено" in stderr


def test_other_values_the_loader_refuses_are_refused_on_save(gm, new_campaign, tmp_path):
    folder = _new(new_campaign, tmp_path / "c")
    store = CampaignStore(folder)
    before = snapshot(folder)
    for change, fragment in (
        (lambda s: setattr(s, "turn", 10_001), "turn: 10001 is out of range"),
        (lambda s: setattr(s.game.systems[0], "explored_turn", -1), "system 1 ("),
        (lambda s: s.player("alice").ships.update(frigate=10_001), "player 1 (alice): ships: frigate"),
        (lambda s: setattr(s, "lang", "de"), "lang must be one of"),
        (lambda s: setattr(s.player("bob"), "race", "x\udcffy"), "a text holds '\\udcff', which is not a character"),
    ):
        state = store.load()
        change(state)
        with pytest.raises(CampaignError, match="not written") as caught:
            store.save(state)
        assert fragment in str(caught.value), str(caught.value)
        assert snapshot(folder) == before


# ------------------------------------------------------------------ commands


def test_gmtool_grant_past_the_limit_is_refused(gm, new_campaign, tmp_path):
    folder = _new(new_campaign, tmp_path / "c")
    _set(folder, "alice", bc=LIMIT - 5_000, rp=LIMIT)
    c = ("-c", str(folder))
    _refused_whole(
        gm,
        folder,
        "grant",
        *c,
        "--player",
        "alice",
        "--bc",
        "10000",
        "--reason",
        "x",
        fragments=("alice has 999995000 BC: +10000 would take it above 1000000000",),
    )
    _refused_whole(
        gm,
        folder,
        "grant",
        *c,
        "--player",
        "alice",
        "--rp",
        "1",
        "--reason",
        "x",
        fragments=("alice has 1000000000 RP: +1 would take it above 1000000000",),
    )
    assert ok(gm("grant", *c, "--player", "alice", "--bc", "5000", "--reason", "x")) == "alice: +5000 BC (x)\n"
    assert _state(folder).player("alice").bc == LIMIT


def test_a_ship_past_the_limit_is_refused(gm, new_campaign, tmp_path):
    folder = _new(new_campaign, tmp_path / "c")
    high = PLAYER_RANGES["scouts"][1]
    _set(folder, "bob", scouts=high)
    _refused_whole(
        gm,
        folder,
        "ship",
        "add",
        "-c",
        str(folder),
        "--player",
        "bob",
        "--class",
        "scout",
        fragments=(f"player 2 (bob): scouts: {high + 1} is out of range (0 to {high})",),
    )


def test_a_turn_end_whose_production_would_overflow_writes_nothing(gm, new_campaign, tmp_path):
    folder = _new(new_campaign, tmp_path / "c")
    _set(folder, "alice", bc=LIMIT)
    ok(gm("turn", "start", "-c", str(folder)))
    journal = (folder / "journal.toml").read_bytes()
    _refused_whole(
        gm,
        folder,
        "turn",
        "end",
        "-c",
        str(folder),
        fragments=("campaign.toml not written: player 1 (alice): bc:", "(0 to 1000000000)", "nothing was changed"),
    )
    assert (folder / "journal.toml").read_bytes() == journal  # the turn's dice are not journaled
    assert not (folder / "history").exists() and not (folder / "reports" / "turn-01" / "public.txt").exists()
    # the moderator takes the surplus away, and the same turn ends
    ok(gm("grant", "-c", str(folder), "--player", "alice", "--bc", "-100", "--reason", "tribute"))
    ok(gm("turn", "end", "-c", str(folder)))
    assert _state(folder).turn == 2


def test_an_orders_file_that_would_overflow_is_refused_whole(gm, new_campaign, tmp_path):
    folder = _new(new_campaign, tmp_path / "c")
    _set(folder, "alice", bc=LIMIT - 15_000, orders=1)  # the order its fleet costs
    orders = tmp_path / "orders.toml"
    orders.write_text(
        "turn = 1\n\n[alice]\nfleet = 1\n"
        'grant = [{ bc = 10000, reason = "a" }, { bc = 10000, reason = "b" }]\n'
        '\n[bob]\ngrant = [{ rp = 5, reason = "c" }]\n',
        encoding="utf-8",
    )
    for extra in (("check",), ("run",), ("run", "--dry-run")):
        stderr = _refused_whole(
            gm,
            folder,
            "turn",
            extra[0],
            str(orders),
            "-c",
            str(folder),
            *extra[1:],
            fragments=("nothing was applied",),
            one_line=False,
        )
        assert stderr.splitlines() == [
            "error: orders.toml:5 (alice): grant: alice has 999995000 BC: +10000 would take it above 1000000000, "
            "the most a campaign holds",
            "error: 1 problem in orders.toml; nothing was applied",
        ], stderr


def test_a_turn_run_whose_production_would_overflow_is_refused_even_as_a_dry_run(gm, new_campaign, tmp_path):
    folder = _new(new_campaign, tmp_path / "c")
    _set(folder, "alice", bc=LIMIT - 10_000)
    orders = tmp_path / "orders.toml"
    orders.write_text('turn = 1\n[alice]\ngrant = [{ bc = 10000, reason = "a" }]\n', encoding="utf-8")
    for extra in ((), ("--dry-run",)):
        _refused_whole(
            gm,
            folder,
            "turn",
            "run",
            str(orders),
            "-c",
            str(folder),
            *extra,
            fragments=("player 1 (alice): bc: 10000000", "(0 to 1000000000)"),
        )


@pytest.mark.slow
def test_the_reported_attack_100001_grants_of_10000_bc(gm, new_campaign, tmp_path):
    folder = _new(new_campaign, tmp_path / "c")
    orders = tmp_path / "grants.toml"
    orders.write_text(
        "turn = 1\n[alice]\ngrant = [\n" + '  { bc = 10000, reason = "x" },\n' * 100_001 + "]\n", encoding="utf-8"
    )
    stderr = _refused_whole(
        gm, folder, "turn", "run", str(orders), "-c", str(folder), fragments=("nothing was applied",), one_line=False
    )
    # the list is written one item a line: each problem names its item's line
    assert stderr.splitlines() == [
        f"error: grants.toml:{line} (alice): grant: alice has 999990004 BC: +10000 would "
        "take it above 1000000000, the most a campaign holds"
        for line in (100_003, 100_004)
    ] + ["error: 2 problems in grants.toml; nothing was applied"]
    ok(gm("status", "-c", str(folder)))


# ------------------------------------------------------------------ any sequence

_STEPS = st.one_of(
    st.tuples(st.just("grant"), st.sampled_from(["--bc", "--rp"]), st.integers(-10_000, 10_000).filter(bool)),
    st.tuples(st.just("scout"), st.just(""), st.just(0)),
    st.tuples(st.just("start"), st.just(""), st.just(0)),
    st.tuples(st.just("end"), st.just(""), st.just(0)),
    st.tuples(st.just("run"), st.sampled_from(["bc", "rp"]), st.integers(-10_000, 10_000).filter(bool)),
)


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("base") / "c"
    assert (
        run_gmtool("campaign", "new", str(folder), "--player", "alice", "--player", "bob", "--seed", "1").exit_code == 0
    )
    return folder


@settings(max_examples=5, suppress_health_check=[HealthCheck.function_scoped_fixture])  # 15: the twin at the end
@given(
    gaps=st.tuples(st.integers(0, 30_000), st.integers(0, 30_000), st.integers(0, 2)),
    steps=st.lists(_STEPS, min_size=1, max_size=4),
)
def test_any_sequence_is_refused_unchanged_or_loads_back(base, tmp_path_factory, gaps, steps):
    gm = run_gmtool
    folder = tmp_path_factory.mktemp("seq") / "c"
    shutil.copytree(base, folder)
    bc_gap, rp_gap, scouts_gap = gaps
    _set(folder, "alice", bc=LIMIT - bc_gap, rp=LIMIT - rp_gap, scouts=PLAYER_RANGES["scouts"][1] - scouts_gap)
    c = ("-c", str(folder))
    for kind, what, n in steps:
        if kind == "grant":
            args: tuple[str, ...] = ("grant", *c, "--player", "alice", what, str(n), "--reason", "x")
        elif kind == "scout":
            args = ("ship", "add", *c, "--player", "alice", "--class", "scout")
        elif kind in ("start", "end"):
            args = ("turn", kind, *c)
        else:
            turn = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))["turn"]
            orders = folder.parent / "orders.toml"
            orders.write_text(f'turn = {turn}\n[alice]\ngrant = [{{ {what} = {n}, reason = "x" }}]\n', encoding="utf-8")
            args = ("turn", "run", str(orders), *c)
        before = snapshot(folder)
        res = gm(*args)
        assert res.exit_code in (0, 1), (args, res.exit_code, res.stdout, res.stderr)
        if res.exit_code == 1:  # an orders file lists each problem, then how many
            # any refusal (a limit, or a turn not started) — the invariant is that it changed nothing
            assert_error(res, "error: ", one_line=kind != "run")
            assert all(line.startswith("error: ") for line in res.stderr.splitlines()), res.stderr
            assert snapshot(folder) == before, args
        loaded = _state(folder)  # whatever happened, the campaign loads
        alice = loaded.player("alice")
        assert alice.bc <= LIMIT and alice.rp <= LIMIT


def test_a_new_campaign_the_loader_would_refuse_is_not_created(gm, tmp_path):
    # --seed takes any whole number; campaign.toml keeps a 64-bit one
    folder = tmp_path / "c"
    res = gm("campaign", "new", str(folder), "--player", "alice", "--player", "bob", "--seed", str(2**70))
    assert_error(res, "campaign.toml not written: seed: 1180591620717411303424 is out of range")
    assert not folder.exists()


# ------------------------------------------------------------------ the long runs (pytest -m slow)

test_any_sequence_is_refused_unchanged_or_loads_back_long = slow_twin(
    test_any_sequence_is_refused_unchanged_or_loads_back, 15
)
