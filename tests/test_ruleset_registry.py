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

from gmtool.errors import RuleRefused
from gmtool.rules import registry
from gmtool.rules.base import Ruleset
from helpers import assert_error, ok, ok_json, run_entry_point, snapshot

pytestmark = pytest.mark.usefixtures("isolated")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def cairn(monkeypatch):
    """Cairn (tests/cairn/), the test's third ruleset, plugged in by its registry line."""
    from cairn.ruleset import CAIRN

    monkeypatch.setitem(registry.RULESETS, "cairn", CAIRN)
    return CAIRN


def test_the_registry_lists_orion_and_venus_each_answering_the_protocol():
    assert registry.names() == ["orion", "venus"]
    for name, ruleset in registry.RULESETS.items():
        assert ruleset.name == name
        assert "roll" not in ruleset.forum_commands  # the house's, answered by the resolver
        assert all(
            callable(getattr(ruleset, m))
            for m in ("new_campaign", "created_report", "status_report", "end_player_turn", "table_turn", "quest_label")
        )
    orion, venus = registry.RULESETS["orion"], registry.RULESETS["venus"]
    assert (orion.player_turns, orion.maps, venus.player_turns, venus.maps) == (False, True, True, False)
    from gmtool.forum.order_commands import ORDER_COMMANDS

    assert set(orion.forum_commands) == {"explore", "check", "vote", "treaty", "sign", "refuse", "end"}
    assert orion.room_orders == set(ORDER_COMMANDS) - {"explore"}  # !explore acts at once
    assert (set(venus.forum_commands), venus.room_orders) == ({"move", "navigate"}, set())
    assert (orion.commands, venus.commands) == ((), (("venus", "gmtool.cli.venus"),))
    assert [s.name for s in orion.table_turn().end_steps][:2] == ["the turn can end", "the leaders' news delivered"]
    with pytest.raises(RuleRefused, match="each player ends their own turn"):
        venus.table_turn()  # venus's turns are a player's
    from cairn.ruleset import CAIRN

    checked: Ruleset = CAIRN  # the test's ruleset is one too (mypy checks the shipped ones)
    assert checked.name == "cairn"


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


def test_a_campaign_file_naming_an_unknown_ruleset_is_a_clear_error(gm, new_campaign, cairn):
    camp = new_campaign("c", players=["ann", "bob"], ruleset="cairn")
    registry.RULESETS.pop("cairn")
    assert_error(
        gm("status", "-c", str(camp)),
        "campaign c plays the ruleset 'cairn', which this gmtool does not know (it plays: orion, venus)",
    )


def test_a_third_ruleset_plays_through_the_same_commands(gm, new_campaign, tmp_path, cairn):
    camp = tmp_path / "c"
    out = ok(gm("campaign", "new", str(camp), "--ruleset", "cairn", "--player", "ann", "--player", "bob"))
    assert out.startswith("cairn campaign c in ")
    written = (camp / "campaign.toml").read_text(encoding="utf-8")
    assert 'ruleset = "cairn"' in written
    # its own state, in the file where its declarations put it
    assert "[cairn]\npot = 0\ntarget = 12\n" in written and written.count("stones = 10") == 2

    status = ok_json(gm("status", "-c", str(camp), "--format", "json"))
    assert (status["turn"], status["pot"], status["stones"]) == (1, 0, {"ann": 10, "bob": 10})
    assert ok(gm("status", "-c", str(camp), "-p", "bob")).startswith("cairn turn 1")
    # its state is checked as the file is read: a value its declaration refuses is one line
    bad = new_campaign("bad", players=["ann", "bob"], ruleset="cairn")
    (bad / "campaign.toml").write_text(
        (bad / "campaign.toml").read_text(encoding="utf-8").replace("target = 12", "target = 0"), encoding="utf-8"
    )
    res = gm("status", "-c", str(bad))
    assert res.exit_code == 1 and "target" in res.stderr and "Traceback" not in res.stderr

    # the forum: its own thread command answered, another ruleset's refused naming its own
    thread = tmp_path / "t.txt"
    thread.write_text("=== ann #11 ===\n!roll d6\n!pot\n!explore 1,0\n", encoding="utf-8")
    data = ok_json(gm("post", "resolve", str(thread), "-c", str(camp), "--format", "json"))
    first, pot, explore = data["posts"][0]["commands"]
    assert (first["status"], pot["status"]) == ("ok", "ok")
    assert (explore["status"], explore["reason"]) == (
        "refused",
        "!explore is not a command of cairn (commands: !pot, !roll, !table)",
    )

    # its orders, posted in the leaders' rooms: collected there, played at the turn's end
    for leader, post, gifts in (("ann", "21", (3, 2)), ("bob", "22", (4,))):
        room = tmp_path / f"room-{leader}.txt"
        room.write_text(f"=== {leader} #{post} ===\n" + "".join(f"!give {n}\n" for n in gifts), encoding="utf-8")
        data = ok_json(gm("post", "resolve", str(room), "-c", str(camp), "--room", leader, "--format", "json"))
        orders = [c["order"] for p in data["posts"] for c in p["commands"]]
        assert orders == [{"kind": "give", "value": n} for n in gifts]
    collected = ok(gm("turn", "orders", "-c", str(camp)))
    assert "[ann]" in collected and "give = [" in collected and "[bob]" in collected

    # its turn, a list of steps: the gifts into the pot, the house's die, a full pot wins
    assert ok(gm("turn", "start", "-c", str(camp))).startswith("cairn turn 1 starts: the pot holds 0")
    ok(gm("turn", "run", "--from-posts", "-c", str(camp), "--dice", "5"))
    public = (camp / "reports" / "turn-01" / "public.txt").read_text(encoding="utf-8")
    assert public.startswith("cairn turn 1 ends: the pot holds 14\n" + "=" * 35 + "\n\n- ann gave 5\n- bob gave 4\n")
    ann = (camp / "reports" / "turn-01" / "ann.txt").read_text(encoding="utf-8")
    assert ann.startswith("ann holds 5 stones\n")
    status = ok_json(gm("status", "-c", str(camp), "--format", "json"))
    assert (status["turn"], status["pot"], status["stones"]) == (1, 14, {"ann": 5, "bob": 6})
    assert '[cairn]\npot = 14\ntarget = 12\nwinner = "ann"\n' in (camp / "campaign.toml").read_text(encoding="utf-8")
    # the game is over: the house's guard, in the ruleset's words
    before = snapshot(camp)
    assert_error(gm("turn", "end", "-c", str(camp)), "the game is over: ann won on turn 1 (pot)")
    assert snapshot(camp) == before
    assert (camp / "history").is_dir()  # a snapshot was kept, as for any turn end

    # no maps: the ruleset says so
    from gmtool.campaign.store import CampaignStore
    from gmtool.maps import draw_turn_maps

    assert draw_turn_maps(CampaignStore(camp).load(), None, "en", 1) == {}

    # what the turn waits for: nothing of orion's (no orders file, no votes)
    assert "ann" not in ok(gm("post", "pending", "-c", str(camp)))


def test_a_third_rulesets_room_reply_flags_its_own_problem_on_its_command_in_its_own_words(
    gm, new_campaign, tmp_path, cairn
):
    """Cairn's problems carry what the Ruleset protocol asks (line, leader, text): the room's
    confirmation puts each under the command that gave it, and its rule line names cairn's
    commands that act at once, no orion command and no ballot."""
    camp = new_campaign("c", players=["ann", "bob"], ruleset="cairn")
    room = tmp_path / "room-ann.txt"
    room.write_text("=== ann #21 ===\n!give 3\n!give 30\n", encoding="utf-8")
    out = ok(gm("post", "resolve", str(room), "-c", str(camp), "--room", "ann"))
    assert (
        "- give 3 stones — post #21, command 1\n"
        "- give 30 stones — post #21, command 2\n"
        "- ⚠ problem: ann: holds 7 stones, gives 30\n"
    ) in out
    assert out.rstrip().endswith(
        "The rule: your latest post holding orders replaces all your earlier orders for the turn; "
        "commands that act at once (!pot, !roll, !table) stand as first published."
    )


def test_the_third_rulesets_folder_touches_no_module_of_gmtool():
    """Cairn plugs in by the registry's line alone: nothing under gmtool/ names it."""
    found = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "gmtool").rglob("*.py"))
        if "cairn" in path.read_text(encoding="utf-8").lower()
    ]
    assert found == []


def test_the_game_over_guard_words_it_as_the_ruleset_says(gm, new_campaign, cairn):
    camp = new_campaign("c", players=["ann", "bob"], ruleset="cairn")
    from gmtool.campaign.store import CampaignStore

    store = CampaignStore(camp)
    state = store.load()
    state.turn_state.victory = {"kind": "net_worth", "leader": "ann", "turn": 1}
    store.save(state)
    before = snapshot(camp)
    # cairn counts turns, as orion does: the game-over words are the ruleset's
    assert_error(gm("turn", "end", "-c", str(camp)), "the game is over: ann won on turn 1 (net_worth)")
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
    # the package tells the stored state where the rulesets are (gmtool/campaign/games.py, a
    # list's holder): nothing else of the stored state is loaded
    told = {"gmtool.campaign", "gmtool.campaign.games"}
    assert told <= set(loaded)
    assert not [
        m for m in loaded if m.startswith(("gmtool.report", "gmtool.campaign", "gmtool.rolltables")) and m not in told
    ]
    assert "gmtool.rules.orion.turns" not in loaded and "gmtool.rules.venus.play" not in loaded


# ---------------------------------------------------------------- maps, command groups, the table's turn


def test_map_and_reach_ask_the_ruleset_whether_it_has_maps(gm, new_campaign, cairn, monkeypatch):
    camp = new_campaign("c", players=["ann", "bob"], ruleset="cairn")
    before = snapshot(camp)
    for args in (("map", "-c", str(camp)), ("reach", "-c", str(camp), "--player", "ann")):
        assert_error(gm(*args), "c plays cairn, which has no galaxy map: `map` and `reach` are for rulesets with maps")
        assert_error(gm(*args, "--lang", "ru"), "кампания c идёт по правилам cairn, а в них нет карты галактики")
    assert snapshot(camp) == before
    # the same ruleset saying it has maps is let through (to its galaxy: here, none at all)
    monkeypatch.setattr(cairn, "maps", True)
    res = gm("map", "-c", str(camp), "--format", "plain")
    assert "no galaxy map" not in res.stdout + res.stderr
    # orion's campaigns keep their maps
    orion = new_campaign("o", players=["ann", "bob"], seed=3)
    assert ok(gm("map", "-c", str(orion), "--format", "plain"))


def test_a_ruleset_names_its_own_command_groups_loaded_only_when_asked(capsys, cairn):
    from gmtool.cli import COMMANDS, all_commands

    assert "venus" not in COMMANDS and "cairn" not in COMMANDS  # the rulesets' groups are theirs
    known = all_commands()
    assert (known["venus"], known["cairn"]) == ("gmtool.cli.venus", "cairn.cli")
    assert list(known)[-2:] == ["venus", "cairn"]  # after the CLI's own, in the registry's order
    code, out, _ = run_entry_point(capsys, "cairn", "hello", "ann")
    assert (code, out) == (0, "hello from cairn, ann\n")
    code, out, _ = run_entry_point(capsys, "--help")
    assert code == 0 and "cairn" in out and "venus" in out


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

    def __getattr__(self, name):
        self.calls.append(name)
        return getattr(self.inner, name)


def test_the_whole_tables_turn_is_the_rulesets_table_turn(gm, new_campaign, monkeypatch):
    calls: list[str] = []
    orion = registry.RULESETS["orion"]
    inner = orion.table_turn()
    monkeypatch.setattr(type(orion), "table_turn", lambda self: Recorded(inner, calls))
    camp = new_campaign("c", players=["ann", "bob"], seed=3)
    ok(gm("turn", "start", "-c", str(camp)))
    # its steps played, its posts built (once in each language the campaign speaks)
    assert list(dict.fromkeys(calls)) == ["rules", "start_steps", "starting", "start_posts", "start_map"]
    calls.clear()
    ok(gm("turn", "end", "-c", str(camp)))
    assert list(dict.fromkeys(calls)) == ["rules", "end_steps", "ending", "end_posts"]
    assert ok_json(gm("status", "-c", str(camp), "--format", "json"))["turn"] == 2
