"""gmtool.app.session: the campaign as a library — opened with its lock, journaled dice,
commit or roll back, a turn started, ended and undone, the last tally rebuilt, the journal
verified — with no command line in sight (a front end brings only a renderer)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gmtool.app import session as session_module
from gmtool.app.session import Session, open_session, past_post, undo_turn, verify_campaign
from gmtool.errors import CampaignError, RuleRefused
from gmtool.report.render import render
from helpers import SECRET, journal_rolls
from session_helpers import PlainEnglish, new_folder


@pytest.fixture
def folder(tmp_path) -> Path:
    return new_folder(tmp_path)


def test_the_library_imports_no_command_line():
    code = (
        "import sys, gmtool.app.session; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_library_never_prints():
    tree = ast.parse(Path(session_module.__file__).read_text(encoding="utf-8"))
    calls = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert "print" not in calls
    names = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not names & {"stdout", "stderr", "echo"}


def test_a_session_for_another_ruleset_is_refused(folder):
    with pytest.raises(RuleRefused) as info:
        with open_session(folder, ruleset="venus"):
            pass
    assert info.value.key == "wrong_ruleset"


def test_a_session_holds_the_lock_while_open(folder):
    with open_session(folder) as session:
        assert (folder / ".lock").exists()
        assert session.state.turn == 1 and session.folder == folder


def test_start_and_end_a_turn_through_the_library(folder):
    with open_session(folder) as session:
        posts = session.start_turn(session.rules(), PlainEnglish(session.state))
    assert posts.turn == 1
    written = (folder / "reports" / "turn-01" / "start-public.txt").read_text(encoding="utf-8")
    assert written == posts.rendered["public"] and written.startswith("Turn 1 begins")
    rolled = len(journal_rolls(folder))
    assert rolled > 0 and all(r["turn"] == 1 for r in journal_rolls(folder))

    with open_session(folder) as session:
        posts = session.end_turn(session.rules(), PlainEnglish(session.state))
    assert posts.turn == 1 and set(posts.rendered) == {"public", "alice", "bob", "carol"}
    where = folder / "reports" / "turn-01"
    for name, body in posts.rendered.items():
        assert (where / f"{name}.txt").read_text(encoding="utf-8") == body
    assert {p.name for p in where.glob("map-*.png")} == {f"map-{n}.png" for n in posts.rendered}
    assert (folder / "history" / "turn-01" / "campaign.toml").exists()
    models = json.loads((folder / "reports" / "models" / "turn-01.json").read_text(encoding="utf-8"))
    assert sorted(models["langs"]) == ["en", "ru"]
    assert models["used"] == {"public": "en", "alice": "en", "bob": "en", "carol": "en"}
    # the kept model renders to the post written
    post = past_post(folder, 1, "bob")
    assert (post.lang, post.used) == ("en", "en")
    assert render(post.report, "plain") == posts.rendered["bob"]
    # and the turn goes back: its reports and models with it
    undone, state = undo_turn(folder)
    assert (undone.turn, state.turn) == (1, 1)
    assert not (folder / "reports" / "models" / "turn-01.json").exists()
    assert (folder / "reports" / "models" / "turn-01-start.json").exists()
    with pytest.raises(CampaignError) as info:
        past_post(folder, 1)
    assert info.value.key == "campaign.no_turn_models"


def test_a_failed_commit_takes_back_the_journal(folder, monkeypatch):
    journal = (folder / "journal.toml").read_bytes()
    state_before = (folder / "campaign.toml").read_bytes()
    with open_session(folder) as session:

        def full_disk(state, checked=False):
            raise CampaignError(key="campaign.disk_full")

        monkeypatch.setattr(session.store, "save", full_disk)
        with pytest.raises(CampaignError):
            session.start_turn(session.rules(), PlainEnglish(session.state))
    assert (folder / "journal.toml").read_bytes() == journal
    assert (folder / "campaign.toml").read_bytes() == state_before
    assert not (folder / "reports").exists()


def test_journaled_dice_get_the_next_ids(folder):
    with open_session(folder) as session:
        first = session.store.next_roll_id()
        dice = session.dice("a test", "4,2")
        assert (dice.source.roll(6, "x"), dice.source.roll(6, "y")) == (4, 2)
        dice.finish()
        assert [e.id for e in dice.entries] == [first, first + 1] and dice.first_id == first
        session.commit(dice)
    rolls = journal_rolls(folder)
    assert [r["id"] for r in rolls[-2:]] == [first, first + 1]
    assert [r["purpose"] for r in rolls[-2:]] == ["a test: x", "a test: y"]


def test_no_tally_to_rebuild_is_refused(folder):
    with open_session(folder, changes=False) as session:
        with pytest.raises(RuleRefused) as info:
            session.last_tally(election=False)
    assert info.value.key == "cli.nothing_to_tally"


def test_a_recorded_tally_is_rebuilt(folder):
    with open_session(folder) as session:
        session.state.game.council.last_tally = {
            "kind": "bill",
            "bill": "free-trade",
            "yes": 3,
            "no": 1,
            "abstain": 0,
            "passed": True,
            "tie": False,
            "decided_by_chair": False,
            "chair": "alice",
            "not_voted": ["carol"],
            "ballots": [
                {"leader": "alice", "vote": "yes", "planets": 3, "bribe_bc": 0},
                {"leader": "bob", "vote": "no", "planets": 1, "bribe_bc": 0},
            ],
        }
        tally, bill, not_voted = Session(session.store, session.state).last_tally(election=False)
    assert (tally.yes, tally.no, tally.passed, bill, not_voted) == (3, 1, True, "free-trade", ["carol"])
    assert [b.leader for b in tally.ballots] == ["alice", "bob"]


def test_verify_through_the_library(folder):
    with open_session(folder) as session:
        session.start_turn(session.rules(), PlainEnglish(session.state))
    state = session_module.load_campaign(folder)
    checked = verify_campaign(folder, state, "en")
    assert checked.result.ok and checked.origin == "secret.key"
    assert checked.result.checked == len(journal_rolls(folder))
    # the start post's mark, and each leader's start report's (never the work page's copies)
    assert len(checked.marks) == 4 and checked.check is not None
    assert sorted(Path(m[0]).name for m in checked.marks) == [
        "start-alice.txt",
        "start-bob.txt",
        "start-carol.txt",
        "start-public.txt",
    ]
    wrong = verify_campaign(folder, state, "en", secret=(b"\x01" * 32).hex())
    assert not wrong.result.ok and wrong.check is None
    assert verify_campaign(folder, state, "en", secret=SECRET.hex()).result.ok
