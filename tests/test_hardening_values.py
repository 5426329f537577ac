"""Issue 11: every value of campaign.toml and journal.toml is range-checked on load
(``file: key: reason``), and leaders' names can neither spoof nor collide."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.campaign.model import campaign_from_dict
from gmtool.campaign.names import names_problems
from gmtool.campaign.verify import validate_state
from gmtool.errors import CampaignError
from helpers import assert_error, ok, run_gmtool, shipped_library, slow_twin, snapshot

pytestmark = pytest.mark.usefixtures("isolated")


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("v") / "c"
    res = run_gmtool("campaign", "new", str(folder), "-p", "alice", "-p", "bob", "-p", "carol", "--seed", "3")
    assert res.exit_code == 0
    return tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))


def _int_paths(data, prefix=()):
    """Every whole-number field of a campaign dict, as a key path."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _int_paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _int_paths(v, prefix + (i,))
    elif isinstance(data, int) and not isinstance(data, bool):
        yield prefix


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)  # 300: the twin below
@given(st.data())
def test_every_whole_number_is_range_checked_on_load(base, data):
    import copy

    paths = sorted(_int_paths(base), key=str)
    path = data.draw(st.sampled_from(paths))
    value = data.draw(
        st.integers()
        | st.integers(-(2**70), 2**70)
        | st.floats(allow_nan=False)
        | st.sampled_from([10**20, -4, 0, 1e29, 2**63 - 1])
    )
    doc = copy.deepcopy(base)
    _set(doc, path, value)
    try:
        campaign = campaign_from_dict(tomllib.loads(tomli_w.dumps(doc)), lambda m: CampaignError(f"campaign.toml: {m}"))
    except CampaignError as exc:
        message = str(exc)
        assert message.startswith("campaign.toml: ") and "\n" not in message
        assert str(path[-1]) in message  # names the key
        assert len(message) < 300
        return
    # what loads is within bounds everywhere: checks and a round trip do not crash
    validate_state(campaign, shipped_library())
    assert 1 <= campaign.turn <= 10_000 and 1 <= campaign.stage <= 3
    assert all(0 <= p.bc <= 10**9 for p in campaign.players)


def new(new_campaign, folder: Path) -> Path:
    return new_campaign(folder.name, players=["alice", "bob", "carol"], seed=3, parent=folder.parent)


@pytest.mark.parametrize(
    "old, new_, key",
    [
        ("\nturn = 1\n", "\nturn = -4\n", "turn"),
        ("\nturn = 1\n", "\nturn = 100000000000000000000\n", "turn"),
        ("\nbc = 4\n", "\nbc = 1e29\n", "bc"),
        ("\nbc = 4\n", "\nbc = 99999999999\n", "bc"),
        ("\nstage = 1\n", "\nstage = 7\n", "stage"),
    ],
)
def test_out_of_range_state_is_refused_naming_the_key(gm, new_campaign, tmp_path, old, new_, key):
    camp = new(new_campaign, tmp_path / "c")
    path = camp / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new_, 1), encoding="utf-8")
    before = snapshot(camp)
    for command in (("campaign", "validate"), ("turn", "start"), ("status",)):
        assert_error(gm(*command, "-c", str(camp)), "campaign.toml", key)
    assert {k: v for k, v in snapshot(camp).items() if k != ".lock"} == before


@pytest.mark.parametrize(
    "die, face, fragment",
    [
        ("10", "99", "face 99 is not on a d10"),
        ("0", "1", "die = 0"),
        ("99999999999999999999999", "1", "is not a die"),
        ("14", "1", None),  # a face the d14 could give but the die was a d10: verify finds it
    ],
)
def test_journal_values_are_range_checked(gm, new_campaign, tmp_path, die, face, fragment):
    camp = new(new_campaign, tmp_path / "c")
    ok(gm("roll", "d10", "-c", str(camp)))
    ok(gm("roll", "d6", "-c", str(camp)))
    journal = camp / "journal.toml"
    text = journal.read_text(encoding="utf-8")
    text = re.sub(r"die = 10\nface = \d+", f"die = {die}\nface = {face}", text, count=1)
    journal.write_text(text, encoding="utf-8")
    if fragment:
        assert_error(gm("campaign", "validate", "-c", str(camp)), fragment)
    res = gm("verify", "-c", str(camp))  # terminates, and names roll #1
    assert_error(res, "roll #1")


# ====================================================================== names


@pytest.mark.parametrize(
    "names, fragment",
    [
        (["alice", "public"], "report files"),
        (["alice", "start-x"], "report files"),
        (["a/b", "a_b"], "share one report file"),
        (["Bob", "bob"], "differ only in case"),
        (["ali\u202eecb", "bob"], "U+202E"),
        (["al\u200dice", "bob"], "U+200D"),
        (["al\tice", "bob"], "player name"),
    ],
)
def test_bad_names_are_refused_at_campaign_new(gm, tmp_path, names, fragment):
    args = [a for n in names for a in ("--player", n)] + ["--player", "zed"]
    assert_error(gm("campaign", "new", str(tmp_path / "c"), *args, "--seed", "3"), fragment)
    assert not (tmp_path / "c").exists()


def test_a_hand_edited_spoofing_name_is_found_and_nothing_is_written(gm, new_campaign, tmp_path):
    camp = new(new_campaign, tmp_path / "c")
    path = camp / "campaign.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('name = "bob"', 'name = "Alice"', 1), encoding="utf-8")
    assert_error(gm("campaign", "validate", "-c", str(camp)), "differ only in case")
    before = snapshot(camp)
    assert_error(gm("roll", "d6", "-c", str(camp)), "differ only in case")
    assert {k: v for k, v in snapshot(camp).items() if k != ".lock"} == before


def test_good_names_pass():
    assert names_problems(["alice", "Боб", "carol-2", "d_e", "Zoë"]) == []


# ------------------------------------------------------------------ the long runs (pytest -m slow)

test_every_whole_number_is_range_checked_on_load_long = slow_twin(test_every_whole_number_is_range_checked_on_load, 300)
