"""Rulesets are plug-ins: each answers the Ruleset protocol (gmtool/rules/base.py) and is
one line of the registry (gmtool/rules/registry.py).  A tiny third ruleset, defined here
and registered for the test only, is started, shown, played turn by turn and answered on
the forum through the same commands as orion and venus — no edit anywhere else.  And no
module outside gmtool/rules/ tells rulesets apart by comparing a name to a string."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gmtool.campaign.model import Campaign, Player
from gmtool.errors import RuleRefused
from gmtool.report.model import Items, Report, text
from gmtool.rules import registry
from gmtool.rules.base import NewCampaign, Ruleset
from helpers import assert_error, ok, ok_json, run_entry_point, snapshot

pytestmark = pytest.mark.usefixtures("isolated")

ROOT = Path(__file__).resolve().parent.parent


class Tiny:
    """A ruleset with no tables: players take turns in seating order; the forum may roll."""

    name = "tiny"
    forum_commands = frozenset({"roll"})
    player_turns = True
    maps = False
    game_over_keys = ("game_over_won_round", "game_over_tied_round")
    commands = (("tiny", "test_ruleset_registry"),)  # `gmtool tiny …`: register() below

    def table_turn(self):
        raise NotImplementedError("tiny's turns are a player's")

    def new_campaign(self, request: NewCampaign):
        state = Campaign(
            name=request.name,
            radius=0,
            commitment=request.commitment,
            ruleset=self.name,
            lang=request.lang,
            format=request.format,
        )
        state.players = [Player(name=n, scouts=0, colony_ships=0) for n in request.players]
        return state, []

    def created_report(self, state, library, where, lang):
        return Report(text(f"tiny campaign {state.name} in {where}"), [], {"tiny": "created"})

    def status_report(self, state, library, player, lang):
        return Report(
            text(f"tiny turn {state.turn}"),
            [Items([text(p.name) for p in state.players])],
            {"ruleset": state.ruleset, "turn": state.turn, "viewer": player},
        )

    def end_player_turn(self, state, library, player, lang):
        state.turn += 1
        return Report(text(f"{player} ends tiny turn {state.turn - 1}"), [], {"ended": player, "turn": state.turn})

    def quest_label(self, state, library, lang):
        return str


def register(app):
    """Tiny's own command group (``Tiny.commands``): ``gmtool tiny hello``."""
    import typer

    group = typer.Typer(help="The tiny ruleset's own commands.")

    @group.command("hello")
    def hello(name: str) -> None:
        """Greet a tiny player."""
        typer.echo(f"hello from tiny, {name}")

    app.add_typer(group, name="tiny")


@pytest.fixture
def tiny(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, "tiny", Tiny())


def test_the_registry_lists_orion_and_venus_each_answering_the_protocol():
    assert registry.names() == ["orion", "venus"]
    for name, ruleset in registry.RULESETS.items():
        assert ruleset.name == name
        assert "roll" in ruleset.forum_commands
        assert all(
            callable(getattr(ruleset, m))
            for m in ("new_campaign", "created_report", "status_report", "end_player_turn", "table_turn", "quest_label")
        )
    orion, venus = registry.RULESETS["orion"], registry.RULESETS["venus"]
    assert (orion.player_turns, orion.maps, venus.player_turns, venus.maps) == (False, True, True, False)
    from gmtool.forum.order_commands import ORDER_COMMANDS

    assert orion.forum_commands == {"roll", "explore", "table", "check", "vote", *ORDER_COMMANDS}
    assert venus.forum_commands == {"roll", "table", "move", "navigate"}
    assert (orion.commands, venus.commands) == ((), (("venus", "gmtool.cli.venus"),))
    assert callable(orion.table_turn().end)  # the whole table's turn is orion's
    with pytest.raises(RuleRefused, match="each player ends their own turn"):
        venus.table_turn()  # venus's turns are a player's
    checked: Ruleset = Tiny()  # the test's ruleset is one too (mypy checks the shipped ones)
    assert checked.name == "tiny"


def test_an_unknown_ruleset_is_refused_naming_the_known_ones(gm, tmp_path):
    assert_error(
        gm("campaign", "new", str(tmp_path / "c"), "--ruleset", "chess", "--player", "a", "--player", "b"),
        "unknown ruleset 'chess' (this gmtool plays: orion, venus)",
        quiet=True,
    )
    assert not (tmp_path / "c").exists()
    res = gm(
        "campaign", "new", str(tmp_path / "c"), "--ruleset", "chess", "--player", "a", "--player", "b", "--lang", "ru"
    )
    assert_error(res, "неизвестные правила «chess» (gmtool знает: orion, venus)")


def test_a_campaign_file_naming_an_unknown_ruleset_is_a_clear_error(gm, tmp_path, tiny):
    camp = tmp_path / "c"
    ok(gm("campaign", "new", str(camp), "--ruleset", "tiny", "--player", "ann", "--player", "bob"))
    registry.RULESETS.pop("tiny")
    assert_error(
        gm("status", "-c", str(camp)),
        "campaign c plays the ruleset 'tiny', which this gmtool does not know (it plays: orion, venus)",
    )


def test_a_third_ruleset_plays_through_the_same_commands(gm, tmp_path, tiny):
    camp = tmp_path / "c"
    out = ok(gm("campaign", "new", str(camp), "--ruleset", "tiny", "--player", "ann", "--player", "bob"))
    assert out.startswith("tiny campaign c in ")
    assert 'ruleset = "tiny"' in (camp / "campaign.toml").read_text(encoding="utf-8")

    assert ok_json(gm("status", "-c", str(camp), "--format", "json")) == {"ruleset": "tiny", "turn": 1, "viewer": None}
    assert ok(gm("status", "-c", str(camp), "-p", "bob")).startswith("tiny turn 1")

    # `turn end` asks the ruleset: its turns are a player's, so --player is needed
    before = snapshot(camp)
    assert_error(gm("turn", "end", "-c", str(camp)), "name the player whose turn ends")
    assert snapshot(camp) == before
    assert ok_json(gm("turn", "end", "-c", str(camp), "-p", "ann", "--format", "json")) == {"ended": "ann", "turn": 2}
    assert ok_json(gm("status", "-c", str(camp), "--format", "json"))["turn"] == 2
    ok(gm("turn", "undo", "-c", str(camp)))  # a snapshot was kept, as for any turn end
    assert ok_json(gm("status", "-c", str(camp), "--format", "json"))["turn"] == 1

    # no maps: the ruleset says so
    from gmtool.campaign.store import CampaignStore
    from gmtool.maps import draw_turn_maps

    assert draw_turn_maps(CampaignStore(camp).load(), None, "en", 1) == {}

    # the forum: its commands are answered, another ruleset's are refused naming its own
    thread = tmp_path / "t.txt"
    thread.write_text("=== ann #11 ===\n!roll d6\n!explore 1,0\n", encoding="utf-8")
    data = ok_json(gm("post", "resolve", str(thread), "-c", str(camp), "--format", "json"))
    first, second = data["posts"][0]["commands"]
    assert first["status"] == "ok"
    assert (second["status"], second["reason"]) == ("refused", "!explore is not a command of tiny (commands: !roll)")

    # what the turn waits for: nothing of orion's (no orders file, no votes)
    assert "ann" not in ok(gm("post", "pending", "-c", str(camp)))


def test_the_game_over_guard_words_it_as_the_ruleset_says(gm, tmp_path, tiny):
    camp = tmp_path / "c"
    ok(gm("campaign", "new", str(camp), "--ruleset", "tiny", "--player", "ann", "--player", "bob"))
    from gmtool.campaign.store import CampaignStore

    store = CampaignStore(camp)
    state = store.load()
    state.turn_state.victory = {"kind": "net_worth", "leader": "ann", "turn": 1}
    store.save(state)
    before = snapshot(camp)
    # tiny counts rounds, as venus does: the game-over words are the ruleset's
    assert_error(gm("turn", "end", "-c", str(camp), "-p", "bob"), "the game is over: ann won in round 1")
    assert snapshot(camp) == before


COMPARISON = re.compile(r"""ruleset\s*(==|!=|\bin\b|\bnot in\b)\s*[("'{\[]|["']\s*(==|!=)\s*[\w.]*ruleset\b""")


def test_no_module_outside_rules_compares_a_ruleset_name_to_a_literal():
    found = []
    for path in sorted((ROOT / "gmtool").rglob("*.py")):
        rel = path.relative_to(ROOT / "gmtool")
        if rel.parts[0] == "rules":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if COMPARISON.search(line):
                found.append(f"{rel}:{number}: {line.strip()}")
    assert found == []
    # the pattern does find what it is meant to
    assert COMPARISON.search('if state.ruleset == "venus":') and COMPARISON.search("if campaign.ruleset != 'orion':")


def test_looking_a_ruleset_up_loads_no_rules_nor_reports():
    code = (
        "import sys; from gmtool.rules.registry import RULESETS; "
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('gmtool'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", "import json; " + code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    loaded = json.loads(out)
    assert not [m for m in loaded if m.startswith(("gmtool.report", "gmtool.campaign", "gmtool.rolltables"))]
    assert "gmtool.rules.orion.turns" not in loaded and "gmtool.rules.venus.play" not in loaded


# ---------------------------------------------------------------- maps, command groups, the table's turn


def test_map_and_reach_ask_the_ruleset_whether_it_has_maps(gm, tmp_path, tiny):
    camp = tmp_path / "c"
    ok(gm("campaign", "new", str(camp), "--ruleset", "tiny", "--player", "ann", "--player", "bob"))
    before = snapshot(camp)
    for args in (("map", "-c", str(camp)), ("reach", "-c", str(camp), "--player", "ann")):
        assert_error(gm(*args), "c plays tiny, which has no galaxy map: `map` and `reach` are for rulesets with maps")
        assert_error(gm(*args, "--lang", "ru"), "кампания c идёт по правилам tiny, а в них нет карты галактики")
    assert snapshot(camp) == before
    # the same ruleset saying it has maps is let through (to its galaxy: here, none at all)
    registry.RULESETS["tiny"].maps = True
    res = gm("map", "-c", str(camp), "--format", "plain")
    assert "no galaxy map" not in res.stdout + res.stderr
    # orion's campaigns keep their maps
    orion = tmp_path / "o"
    ok(gm("campaign", "new", str(orion), "--player", "ann", "--player", "bob", "--seed", "3"))
    assert ok(gm("map", "-c", str(orion), "--format", "plain"))


def test_a_ruleset_names_its_own_command_groups_loaded_only_when_asked(capsys, tiny):
    from gmtool.cli import COMMANDS, all_commands

    assert "venus" not in COMMANDS and "tiny" not in COMMANDS  # the rulesets' groups are theirs
    known = all_commands()
    assert (known["venus"], known["tiny"]) == ("gmtool.cli.venus", "test_ruleset_registry")
    assert list(known)[-2:] == ["venus", "tiny"]  # after the CLI's own, in the registry's order
    code, out, _ = run_entry_point(capsys, "tiny", "hello", "ann")
    assert (code, out) == (0, "hello from tiny, ann\n")
    code, out, _ = run_entry_point(capsys, "--help")
    assert code == 0 and "tiny" in out and "venus" in out


def test_gmtool_roll_does_not_look_at_the_rulesets():
    code = (
        "import sys; from gmtool.cli import build_app, _requested; build_app(_requested(['roll', 'd6'])); "
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('gmtool'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", "import json; " + code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    loaded = json.loads(out)
    assert "gmtool.cli.roll" in loaded
    assert not [m for m in loaded if m.startswith(("gmtool.rules.registry", "gmtool.cli.venus"))]


class Recorded:
    """Orion's whole-table turn, noting each time the session asks it."""

    def __init__(self, inner, calls):
        self.inner = inner
        self.calls = calls

    def rules(self, library):
        self.calls.append("rules")
        return self.inner.rules(library)

    def start(self, campaign, rules, source):
        self.calls.append("start")
        return self.inner.start(campaign, rules, source)

    def end(self, campaign, rules, source, chair_decision):
        self.calls.append("end")
        return self.inner.end(campaign, rules, source, chair_decision)


def test_the_whole_tables_turn_is_the_rulesets_table_turn(gm, tmp_path, monkeypatch):
    calls: list[str] = []
    orion = registry.RULESETS["orion"]
    inner = orion.table_turn()
    monkeypatch.setattr(type(orion), "table_turn", lambda self: Recorded(inner, calls))
    camp = tmp_path / "c"
    ok(gm("campaign", "new", str(camp), "--player", "ann", "--player", "bob", "--seed", "3"))
    ok(gm("turn", "start", "-c", str(camp)))
    assert calls == ["rules", "start"]
    ok(gm("turn", "end", "-c", str(camp)))
    assert calls == ["rules", "start", "rules", "end"]
    assert ok_json(gm("status", "-c", str(camp), "--format", "json"))["turn"] == 2
