"""Each kind of event of the turn's log is declared once (its keys and their types: the orion
schema's ``LOG_KINDS``) and told by exactly one line (gmtool/report/records.py ``LINES``), so
a new kind is one schema record and one line — issue 34 §6, "log entries typed, one formatter
per kind"."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from gmtool.campaign.store import CampaignStore
from gmtool.report import records
from gmtool.report.records import LINES, LogLine, entry_text, log_line
from gmtool.rules.orion.common import note
from gmtool.rules.orion.state import LOG_KINDS, ORION_STATE
from helpers import example_copy, ok

ROOT = Path(__file__).resolve().parent.parent
WRITERS = ("note", "_treaty_note")  # rules/orion/common.py note, and diplomacy's for a treaty


def _noted_kinds() -> dict[str, str]:
    """Every kind a module of gmtool writes into the turn's log (the kind named in a call of
    ``note``), with where: read from the source, so a kind added without its record shows."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "gmtool").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) in WRITERS and len(node.args) > 1):
                continue
            kind = node.args[1]
            named = [kind.body, kind.orelse] if isinstance(kind, ast.IfExp) else [kind]
            for one in named:
                if isinstance(one, ast.Constant) and isinstance(one.value, str):
                    found[one.value] = f"{path.relative_to(ROOT)}:{node.lineno}"
    return found


def test_every_kind_a_rule_writes_is_declared_with_its_keys_and_told_by_exactly_one_line():
    noted = _noted_kinds()
    assert len(noted) > 40  # the scan sees the rules' calls
    assert {k: where for k, where in noted.items() if k not in LOG_KINDS} == {}
    # the schema the loader checks is made from the same declarations
    assert set(ORION_STATE.log_kinds) == set(LOG_KINDS)
    # every declared kind has its line, and the registry holds no line of an unknown kind
    assert sorted(LINES) == sorted(LOG_KINDS)
    for kind, line in LINES.items():
        assert line.kind == kind
    # the Council's tallies alone are told by no line (the public post's Council facts say them)
    assert sorted(k for k, line in LINES.items() if line.text is None) == ["council_tally", "election_tally"]


def test_a_second_line_for_a_kind_is_refused_and_the_first_stays():
    first = LINES["explored"]
    with pytest.raises(ValueError, match="explored"):
        log_line(LogLine("explored", lambda e, lang, label: "again"))
    assert LINES["explored"] is first


def test_a_kind_no_line_tells_is_refused_rather_than_printed():
    with pytest.raises(ValueError, match="council_tally"):
        entry_text({"turn": 3, "kind": "council_tally", "bill": "relief_fund", "yes": 1, "no": 0, "abstain": 0}, "en")


def test_an_entry_of_a_kind_gmtool_no_longer_declares_is_still_told_in_its_catalog_words(monkeypatch):
    monkeypatch.setattr(records, "LINES", {k: v for k, v in LINES.items() if k != "player_joined"})
    assert entry_text({"turn": 2, "kind": "player_joined", "leader": "dave"}, "en") == "dave joins the game"


@pytest.mark.usefixtures("isolated")
def test_a_kind_registered_here_alone_is_kept_in_the_campaign_and_told_in_the_turns_reports(gm, tmp_path, monkeypatch):
    """A new kind of event, declared and given its line in this test and nowhere else: a rule
    notes it, campaign.toml keeps it (its keys checked as they are read back), and the turn's
    reports tell it — the public post without its place (stage 1, closed rooms), the leader's
    own report with it."""
    from gmtool.campaign.model import log_records
    from gmtool.campaign.schema import HexText, Int, Key

    keys = [Key("hex", HexText(as_text=True)), Key("tails", Int(1, 9))]
    monkeypatch.setitem(ORION_STATE.log_kinds, "comet_seen", log_records({"comet_seen": keys})["comet_seen"])
    monkeypatch.setattr(records, "LINES", dict(LINES))  # this test's registrations end with it
    log_line(
        LogLine(
            "comet_seen",
            lambda e, lang, label: f"{e['leader']} saw a comet at {e['hex']} ({e['tails']} tails)",
            closed=lambda e, lang, label: f"{e['leader']} saw a comet ({e['tails']} tails)",
        )
    )

    camp = example_copy(tmp_path)
    store = CampaignStore(camp)
    with store.locked():
        state = store.load()
        note(state, "comet_seen", "alice", public=True, hex="1,-3", tails=3)  # at its homeworld
        store.save(state)
    text = (camp / "campaign.toml").read_text(encoding="utf-8")
    assert 'kind = "comet_seen"' in text and "tails = 3" in text
    with store.locked():
        (entry,) = [e for e in store.load().turn_state.log if e["kind"] == "comet_seen"]
    assert entry == {
        "turn": 1,
        "kind": "comet_seen",
        "leader": "alice",
        "public": True,
        "hex": "1,-3",
        "tails": 3,
        "closed": True,  # public in stage 1: the public post tells it without its place
    }
    # the loader checks the new kind's keys too
    (camp / "campaign.toml").write_text(text.replace("tails = 3", "tails = 30"), encoding="utf-8")
    res = gm("status", "-c", str(camp))
    assert res.exit_code == 1 and "tails" in res.stderr
    (camp / "campaign.toml").write_text(text, encoding="utf-8")

    ok(gm("turn", "run", str(ROOT / "campaigns" / "example" / "orders" / "turn-01.toml"), "-c", str(camp)))
    reports = camp / "reports" / "turn-01"
    public = (reports / "public.txt").read_text(encoding="utf-8")
    assert "alice saw a comet (3 tails)" in public and "saw a comet at" not in public
    # its homeworld, in its own frame (stage 1)
    assert "alice saw a comet at 0,0 (3 tails)" in (reports / "alice.txt").read_text(encoding="utf-8")
    assert "comet" not in (reports / "bob.txt").read_text(encoding="utf-8")


def test_a_kinds_line_says_what_a_leaders_copy_leaves_out_and_which_entries_another_tells():
    from gmtool.report.records import entries_for, leader_copy

    dropped = {"turn": 4, "kind": "award_dropped", "leader": "bob", "award": {"id": 2, "kind": "ship"}, "reason": "x"}
    assert leader_copy(dropped) == {k: v for k, v in dropped.items() if k != "reason"}
    given = {**dropped, "kind": "award_given"}
    assert leader_copy(given) is given
    colonised = {"turn": 4, "kind": "colonised", "leader": "bob", "hex": "1,1", "type": "barren", "public": True}
    overridden = {**colonised, "override": "the moderator said so"}
    assert entries_for([colonised, overridden], "bob") == [colonised]
    assert entries_for([colonised, overridden], None) == [colonised]


def test_a_rule_cannot_write_a_kind_the_schema_does_not_declare():
    from helpers import make_campaign

    campaign = make_campaign()
    with pytest.raises(ValueError, match="comet_seen"):
        note(campaign, "comet_seen", "alice", tails=3)
    assert campaign.turn_state.log == []
