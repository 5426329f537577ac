"""campaign.toml declared once (gmtool/campaign/model.py and each ruleset's state.py: the fields
and their records, read and written by gmtool/campaign/schema.py): a field of the wrong shape, an unknown key or a missing
one is a one-line ``error:`` naming the file, the table and the field — never a crash later;
ships may carry modules; the docs' table of fields is the schema's (docs/file-formats.md)."""

from __future__ import annotations

import copy
import shutil
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.campaign.model import campaign_from_dict, campaign_to_dict, documented_records
from gmtool.errors import CampaignError
from helpers import assert_error, ok, run_gmtool, slow_twin

pytestmark = pytest.mark.usefixtures("isolated")
ROOT = Path(__file__).resolve().parent.parent

AWARD = {"id": 1, "turn": 1, "kind": "technologies", "value": 2, "hex": "1,0", "reason": "exploration"}
NEWS = {"turn": 1, "kind": "agent_caught", "sent_by": "bob"}
GRANT = {
    "turn": 1,
    "kind": "granted",
    "leader": "alice",
    "public": False,
    "changes": [{"bc": 1, "rp": 0}],
    "reason": "a gift",
}


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    """A campaign after `turn start`, with an award, private news and a logged grant."""
    folder = tmp_path_factory.mktemp("schema") / "c"
    ok(run_gmtool("campaign", "new", str(folder), "-p", "alice", "-p", "bob", "-p", "carol", "--seed", "3"))
    ok(run_gmtool("turn", "start", "-c", str(folder)))
    data = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    alice = data["player"][0]
    alice["awards"], alice["inbox"], alice["ships"] = [AWARD], [NEWS], {"frigate": 1}
    data["turn_state"].setdefault("log", []).append(GRANT)
    (folder / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    ok(run_gmtool("campaign", "validate", "-c", str(folder)))
    return folder


@pytest.fixture(scope="module", params=["orion", "council", "venus"])
def mutated_base(request, base, tmp_path_factory) -> Path:
    """The orion base; one in stage 2 with a bill put to the vote, a ballot, a law and an agent;
    a Merchant of Venus campaign."""
    if request.param == "orion":
        return base
    folder = tmp_path_factory.mktemp("schema") / "c"
    if request.param == "venus":
        ok(
            run_gmtool(
                "campaign",
                "new",
                str(folder),
                "--ruleset",
                "venus",
                "--player",
                "ann:humans",
                "--player",
                "ben",
                "--seed",
                "4",
            )
        )
        return folder
    ok(run_gmtool("campaign", "new", str(folder), "-p", "alice", "-p", "bob", "-p", "carol", "--seed", "3"))
    _edit(
        folder,
        lambda d: d.update(
            turn=7,
            stage=2,
            council={"chair": "alice", "laws": [{"id": "free-trade", "turn": 3}]},
            agent=[{"name": "Kess", "owner": "alice", "specialities": ["espionage"], "hired_turn": 2}],
        ),
    )
    ok(run_gmtool("turn", "start", "-c", str(folder)))

    def vote(d):
        v = d["council"]["vote"]
        v["bill"], v["ballots"] = v["options"][0], {"alice": {"vote": "yes", "bribe_bc": 0}}

    _edit(folder, vote)
    ok(run_gmtool("campaign", "validate", "-c", str(folder)))
    return folder


def _copy(base: Path, tmp: Path) -> Path:
    folder = tmp / "c"
    shutil.copytree(base, folder)
    return folder


def _edit(folder: Path, change) -> None:
    path = folder / "campaign.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")


# ------------------------------------------------------------------ the shapes the brief names


@pytest.mark.parametrize("command", [("status",), ("campaign", "validate"), ("turn", "end")])
def test_awards_of_the_wrong_shape_are_named_not_a_crash(base, tmp_path, command):
    folder = _copy(base, tmp_path)
    _edit(folder, lambda d: d["player"][0].__setitem__("awards", ["x"]))
    res = run_gmtool(*command, "-c", str(folder))
    assert_error(res, "campaign.toml", "player 1: awards 1 must be a table, not 'x'")


@pytest.mark.parametrize(
    "table, entry, key, message",
    [
        ("awards", AWARD, "kind", "player 1: awards 1: kind must be text, not 5"),
        ("inbox", NEWS, "turn", "player 1: inbox 1: turn must be a whole number, not 'one'"),
    ],
)
def test_a_wrong_type_inside_an_entry_names_the_entry_and_the_key(base, tmp_path, table, entry, key, message):
    folder = _copy(base, tmp_path)
    _edit(folder, lambda d: d["player"][0].__setitem__(table, [{**entry, key: 5 if key == "kind" else "one"}]))
    assert_error(run_gmtool("status", "-c", str(folder)), message)


def test_an_unknown_key_in_an_award_is_refused_by_name(base, tmp_path):
    folder = _copy(base, tmp_path)
    _edit(folder, lambda d: d["player"][0].__setitem__("awards", [{**AWARD, "vaule": 3}]))
    assert_error(run_gmtool("campaign", "validate", "-c", str(folder)), "player 1: awards 1: vaule: unknown key")


def test_a_vote_ballot_without_its_vote_is_named(base, tmp_path):
    folder = _copy(base, tmp_path)
    _edit(
        folder,
        lambda d: d.setdefault("council", {}).__setitem__(
            "vote", {"turn": 1, "options": ["b1", "b2"], "bill": "b1", "ballots": {"alice": {"bribe_bc": 0}}}
        ),
    )
    assert_error(run_gmtool("status", "-c", str(folder)), "council: vote: ballots: alice: vote is missing")


def test_a_log_entry_keeps_its_kinds_own_data_but_checks_the_common_keys(base, tmp_path):
    folder = _copy(base, tmp_path)
    _edit(folder, lambda d: d["turn_state"]["log"].append({"turn": 1, "kind": "granted", "public": "yes"}))
    assert_error(run_gmtool("status", "-c", str(folder)), "turn_state: log ", ": public must be true or false")


def test_completions_of_the_wrong_shape_are_named(base, tmp_path):
    folder = _copy(base, tmp_path)
    _edit(folder, lambda d: d["turn_state"].__setitem__("completions", {"q1": 3}))
    assert_error(run_gmtool("status", "-c", str(folder)), "turn_state: completions: q1 must be a list")


# ------------------------------------------------------------------ ships with modules (issue 24)


def test_a_ship_class_with_modules_loads_and_saves_unchanged(base, tmp_path):
    folder = _copy(base, tmp_path)
    ships = {"frigate": 1, "raider": {"count": 2, "modules": ["laser", "shield"]}}
    _edit(folder, lambda d: d["player"][0].__setitem__("ships", ships))
    data = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    campaign = campaign_from_dict(data, CampaignError)
    alice = campaign.players[0]
    assert dict(alice.ships) == {"frigate": 1, "raider": 2}  # the rules read counts
    assert alice.ships.modules == {"raider": ["laser", "shield"]}
    assert campaign_to_dict(campaign)["player"][0]["ships"] == ships
    ok(run_gmtool("grant", "-c", str(folder), "--player", "alice", "--bc", "1", "--reason", "x"))  # a save
    saved = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    assert saved["player"][0]["ships"] == ships


def test_a_ship_entry_with_an_unknown_key_is_refused(base, tmp_path):
    folder = _copy(base, tmp_path)
    _edit(folder, lambda d: d["player"][0].__setitem__("ships", {"raider": {"count": 1, "modlues": []}}))
    assert_error(run_gmtool("status", "-c", str(folder)), "player 1: ships: raider: modlues: unknown key")


# ------------------------------------------------------------------ any mutation: loads or one line

# values of every TOML type: a mutation puts one of another type than the field's (a value of
# the right type naming no leader, card or hex is the rules' to refuse, not the schema's)
_VALUES = [5, -1, "x", True, 1.5, [1], ["x"], {"a": 1}, [{"a": 1}]]


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


def _at(data, path):
    for key in path:
        data = data[key]
    return data


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)  # 60: the twin below
@given(st.data())
def test_any_mutation_of_a_valid_campaign_loads_or_names_the_field(mutated_base, tmp_path_factory, data):
    base = mutated_base
    doc = tomllib.loads((base / "campaign.toml").read_text(encoding="utf-8"))
    path = data.draw(st.sampled_from(sorted((p for p in _paths(doc) if p), key=str)))
    mutation = data.draw(st.sampled_from(["type", "extra", "delete"]))
    doc = copy.deepcopy(doc)
    parent = _at(doc, path[:-1])
    named = [k for k in path if isinstance(k, str)]
    if mutation == "extra" and isinstance(_at(doc, path), dict):
        _at(doc, path)["zzz_extra"] = 1
        named.append("zzz_extra")
    elif mutation == "delete" and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        was = parent[path[-1]]
        parent[path[-1]] = data.draw(st.sampled_from([v for v in _VALUES if type(v) is not type(was)]))
    work = tmp_path_factory.mktemp("m") / "c"
    shutil.copytree(base, work)
    (work / "campaign.toml").write_text(tomli_w.dumps(doc), encoding="utf-8")
    command = data.draw(st.sampled_from([("status",), ("campaign", "validate"), ("turn", "end")]))
    res = run_gmtool(*command, "-c", str(work))
    assert "internal error" not in res.stderr and "Traceback" not in res.stderr + res.stdout, res.stderr
    if res.exit_code == 0:
        return
    assert res.exit_code == 1, (res.exit_code, res.stderr)
    assert res.stderr.startswith("error: ") and res.stderr.count("\n") == 1, res.stderr
    if "campaign.toml" in res.stderr and named:  # a refusal of the file names the field
        assert any(name in res.stderr for name in named), (path, mutation, res.stderr)


# ------------------------------------------------------------------ the docs' table is the schema's


def test_the_field_reference_in_file_formats_is_the_schemas():
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import docs
    finally:
        sys.path.remove(str(ROOT / "tools"))
    text = (ROOT / "docs" / "file-formats.md").read_text(encoding="utf-8")
    assert docs.schema_markdown() in text
    for record in (r for top in documented_records() for r in top.records()):
        assert f"#### {record.title}" in text


# ------------------------------------------------------------------ valid campaigns: unchanged


def test_the_example_campaign_is_written_back_byte_for_byte():
    raw = (ROOT / "campaigns" / "example" / "campaign.toml").read_text(encoding="utf-8")
    assert tomli_w.dumps(campaign_to_dict(campaign_from_dict(tomllib.loads(raw), CampaignError))) == raw


_ids = st.text("abcdefghijklmnopqrstuvwxyz-", min_size=1, max_size=8)


@settings(max_examples=100, deadline=None)
@given(counts=st.dictionaries(_ids, st.integers(0, 10_000), max_size=4), data=st.data())
def test_ships_with_and_without_modules_round_trip(counts, data):
    from gmtool.rules.orion.state import OrionPlayer, ShipCounts

    modules = {cls: data.draw(st.lists(_ids, max_size=3)) for cls in counts if data.draw(st.booleans())}
    doc = {"schema_version": 1, "name": "c", "galaxy": {"radius": 2}, "verification": {"commitment": "x"}}
    campaign = campaign_from_dict(doc, CampaignError)
    campaign.players.append(OrionPlayer(name="alice", ships=ShipCounts(counts, modules)))
    back = campaign_from_dict(tomllib.loads(tomli_w.dumps(campaign_to_dict(campaign))), CampaignError)
    assert dict(back.players[0].ships) == counts and back.players[0].ships.modules == modules


# ------------------------------------------------------------------ the long runs (pytest -m slow)

test_any_mutation_of_a_valid_campaign_loads_or_names_the_field_long = slow_twin(
    test_any_mutation_of_a_valid_campaign_loads_or_names_the_field, 60
)
