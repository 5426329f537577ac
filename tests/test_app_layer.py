"""The application layer (issue 34, "Layers you can see"): every campaign command's work —
open, lock, dice, the rule, commit, what to say back — is one call of a gmtool/app module,
usable with no command line; the commands only parse, call and render."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import gmtool.app
import gmtool.cli
from gmtool.app import agents, cards, records, turns
from gmtool.campaign.store import CampaignStore
from gmtool.errors import GmError
from helpers import journal_rolls
from session_helpers import PlainEnglish, new_folder

APP = Path(gmtool.app.__file__).parent
CLI = Path(gmtool.cli.__file__).parent


@pytest.fixture
def folder(tmp_path) -> Path:
    return new_folder(tmp_path)


def _names(path: Path) -> set[str]:
    """Every name and attribute a module uses."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return (
        {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        | {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        | {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    )


def test_no_command_opens_locks_or_commits_a_campaign_itself():
    found = {
        path.name: sorted(_names(path) & {"open_session", "open_campaign", "locked", "commit", "Session", "save"})
        for path in sorted(CLI.glob("*.py"))
    }
    assert {name: used for name, used in found.items() if used} == {}


def test_no_command_loads_or_writes_a_campaign_itself():
    """Even a read-only command (status, map, turn show, verify, turn orders -o) makes one
    call of the application layer: no CLI module reads the stored state (the store, the
    folder's loaders) or writes a file."""
    stored = ("gmtool.campaign.store", "gmtool.campaign.folder", "gmtool.campaign.files", "gmtool.campaign.model")
    found = {}
    for path in sorted(CLI.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
            a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
        }
        names = _names(path) & {"CampaignStore", "load_campaign", "campaign_from_dict", "atomic_write", "write_bytes"}
        used = sorted(names | {m for m in modules if m and m.startswith(stored)})
        if used:
            found[path.name] = used
    assert found == {}


def test_the_application_layer_never_prints_and_imports_no_command_line():
    for path in sorted(APP.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        assert "print" not in calls, path.name
        assert not _names(path) & {"stdout", "stderr", "echo"}, path.name
    modules = ", ".join(f"gmtool.app.{p.stem}" for p in sorted(APP.glob("*.py")) if p.stem != "__init__")
    code = f"import sys, {modules}; print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_turn_is_started_by_one_call_with_the_front_ends_renderer(folder):
    done = turns.start_turn(folder, PlainEnglish)
    assert done.state.turn == 1 and done.folder == folder
    written = (folder / "reports" / "turn-01" / "start-public.txt").read_text(encoding="utf-8")
    assert written == done.posts.rendered["public"] == done.out.render(done.posts.public)
    assert written.startswith("Turn 1 begins")


def test_one_call_commits_what_it_did(folder):
    done = agents.set_agents(folder, "bob", 1, 2)
    assert (done.result.name, done.result.agent_limit, done.result.secret_ops) == ("bob", 1, 2)
    again = CampaignStore(folder).load().player("bob")
    assert (again.agent_limit, again.secret_ops) == (1, 2)


def test_a_call_with_dice_journals_them_and_hands_them_back(folder):
    before = len(journal_rolls(folder))
    done = cards.draw_cards(folder, "events", 2)
    assert len(done.result) == 2 and done.dice.info["kind"] == "stream" and done.dice.entries
    assert len(journal_rolls(folder)) == before + len(done.dice.entries)
    assert CampaignStore(folder).load().last_roll_id == done.dice.entries[-1].id


def test_a_refused_call_writes_nothing(folder):
    state_file = folder / "campaign.toml"
    before = state_file.read_bytes()
    with pytest.raises(GmError):
        records.rename_player(folder, "nobody", "erin")
    with pytest.raises(GmError):
        agents.set_agents(folder, "nobody", 1, None)
    assert state_file.read_bytes() == before


def test_the_package_hands_the_stored_state_the_rulesets_without_loading_one():
    """The stored state imports no ruleset (lint-imports holds it): the package, as it is
    imported, tells it where the rulesets' list is, and no ruleset is loaded until a
    campaign is read."""
    code = (
        "import sys, pathlib, gmtool.app; "
        "before = sorted(m for m in sys.modules if m.startswith('gmtool.rules')); "
        "from gmtool.campaign.store import CampaignStore; "
        "state = CampaignStore(pathlib.Path(sys.argv[1])).load(); "
        "print(before, type(state.game).__name__)"
    )
    assert _reads_the_example_in_a_fresh_python(code) == "[] OrionState"


def test_a_script_that_goes_straight_to_the_stored_state_reads_a_campaign():
    """A script that imports the store alone (no layer above it) reads the example as a
    command does: the package told the store where the rulesets are."""
    code = (
        "import sys, pathlib\n"
        "from gmtool.campaign.store import CampaignStore\n"
        "state = CampaignStore(pathlib.Path(sys.argv[1])).load()\n"
        "print(type(state.game).__name__, 'gmtool.app' in sys.modules)"
    )
    assert _reads_the_example_in_a_fresh_python(code) == "OrionState False"


def _reads_the_example_in_a_fresh_python(code: str) -> str:
    """What ``code`` prints, run by a new Python with the shipped example's folder as argv[1]."""
    example = Path(__file__).parent.parent / "campaigns" / "example"
    out = subprocess.run([sys.executable, "-c", code, str(example)], capture_output=True, text=True, check=True)
    return out.stdout.strip()
