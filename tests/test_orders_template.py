"""A leader's private turn report ends with an orders template (issue 23 §3): the commands it
may give next turn, pre-filled where the state suggests (its colonists' assignment on each
planet, the colonies its orders can activate), hints for the others, in its language and
frame, as plain lines (never a code box: code is never read as commands). Posted back
unchanged, the template gives the orders the state already holds."""

from __future__ import annotations

import pytest

from gmtool.campaign.store import CampaignStore
from gmtool.forum.order_commands import activatable, orders_template, parse_order
from gmtool.forum.posts import parse_commands
from gmtool.report.model import Report, text
from gmtool.report.render import render
from gmtool.report.turns import template_blocks
from gmtool.rules.orion.frames import to_view
from gmtool.rules.orion.order_kinds import KINDS
from helpers import CYRILLIC, EXAMPLE, example_copy, ok, shipped_library

LIB = shipped_library()


def posted_back(state, leader: str, body: str) -> dict[str, list]:
    """The orders the commands of ``body`` give (as a room reads them), by kind."""
    out: dict[str, list] = {}
    for command in parse_commands(body):
        order = parse_order(state, LIB, leader, command.name, command.args)
        KINDS[order.kind].check(order.value)
        out.setdefault(order.kind, []).append(order.value)
    return out


def expected(state, leader: str) -> dict[str, list]:
    """What the state suggests: each planet's assignment as it stands, and the colonies
    its orders can activate."""
    assign = [
        {"hex": str(s.hex), "workers": s.planet.population - s.planet.scientists, "scientists": s.planet.scientists}
        for s in state.game.systems
        if s.owner == leader and s.planet is not None and s.planet.population > 0
    ]
    activate = [str(s.hex) for s in activatable(state, LIB, leader)]
    return {"assign": assign, **({"activate": activate} if activate else {})}


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The example campaign after its first two turns (bob holds a colony)."""
    from helpers import run_gmtool

    camp = example_copy(tmp_path_factory.mktemp("template"))
    for n in (1, 2):
        ok(run_gmtool("turn", "run", "-c", str(camp), str(EXAMPLE / "orders" / f"turn-0{n}.toml")))
    return camp


def test_the_private_report_ends_with_the_template_and_posted_back_it_gives_the_same_orders(played):
    state = CampaignStore(played).load()
    assert state.turn == 3
    for player in state.players:
        report = (played / "reports" / "turn-02" / f"{player.name}.txt").read_text(encoding="utf-8")
        assert "Your orders for turn 3" in report
        tail = report.split("Your orders for turn 3", 1)[1]
        assert posted_back(state, player.name, tail) == expected(state, player.name)
        assert posted_back(state, player.name, report) == expected(state, player.name)  # the whole report pasted
        home = to_view(state, player.name, player.homeworld)
        assert str(home) == "0,0"  # stage 1: the leader's own frame
        assert "!assign 0,0 workers " in tail


def test_a_colony_is_activated_when_its_orders_pay_and_a_hint_otherwise(played):
    state = CampaignStore(played).load()
    bob = state.player("bob")
    colonies = [s for s in state.game.systems if s.owner == "bob" and s.homeworld_of is None]
    assert colonies, "the example's bob colonises in turn 1"
    hex_ = str(to_view(state, "bob", colonies[0].hex))
    bob.orders = 0
    lines = orders_template(state, LIB, "bob", "en")
    assert f"# !activate {hex_}" in lines and f"!activate {hex_}" not in lines
    bob.orders = 5
    lines = orders_template(state, LIB, "bob", "en")
    assert f"!activate {hex_}" in lines
    assert posted_back(state, "bob", "\n".join(lines))["activate"] == [str(colonies[0].hex)]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("fmt", ["plain", "bbcode", "markdown"])
def test_rendered_in_every_format_and_language_the_template_round_trips(played, lang, fmt):
    state = CampaignStore(played).load()
    state.player("bob").orders = 5
    colony = next(s for s in state.game.systems if s.owner == "bob" and s.homeworld_of is None)
    colony.planet.scientists = min(1, colony.planet.population)
    for player in state.players:
        lines = orders_template(state, LIB, player.name, lang)
        post = render(Report(text("report"), template_blocks(lines, state.turn, lang)), fmt)
        assert "[code]" not in post and "```" not in post  # plain lines, never a code box
        assert posted_back(state, player.name, post) == expected(state, player.name)
        commands = [line for line in lines if line.startswith("!")]
        assert all(bool(CYRILLIC.search(line.split()[0])) == (lang == "ru") for line in commands)
        hints = [line for line in lines if not line.startswith("!")]
        assert hints and all(line.startswith("# !") for line in hints)
    assert "!активировать" in render(
        Report(text("r"), template_blocks(orders_template(state, LIB, "bob", "ru"), 3, "ru")), fmt
    )


def test_the_template_names_what_the_leader_may_do(played):
    state = CampaignStore(played).load()
    alice = state.player("alice")
    alice.hand = ["refugees"]
    lines = orders_template(state, LIB, "alice", "ru")
    assert "# !событие КАРТА [выбор N]" in lines and "# !построить ЧТО [МОДУЛЬ,МОДУЛЬ…] [Q,R]" in lines
    assert not any("голос" in line for line in lines)  # no Council in stage 1
    state.stage, state.turn = 3, 13
    lines = orders_template(state, LIB, "alice", "en")
    assert "# !vote yes|no|abstain [bribe N]" in lines and "# !elect LEADER|abstain [bribe N]" in lines


def test_no_template_after_the_game_is_over():
    from gmtool.rules.orion.posts import _template
    from gmtool.rules.orion.turns import Rules

    state = CampaignStore(EXAMPLE).load()
    rules = Rules(LIB)
    assert _template(state, rules, state.player("alice"), "en")
    state.turn_state.victory = {"kind": "diplomatic", "leader": "alice", "turn": state.turn}
    assert _template(state, rules, state.player("alice"), "en") is None


def test_the_templates_posted_back_make_an_orders_file_turn_check_accepts(gm, played, tmp_path):
    from gmtool.forum.rooms import CollectedOrder, LeaderOrders, orders_toml

    state = CampaignStore(played).load()
    collected = {}
    for player in state.players:
        lang = "ru" if player.name == "carol" else "en"
        body = "\n".join(orders_template(state, LIB, player.name, lang))
        orders = []
        for command in parse_commands(body):
            order = parse_order(state, LIB, player.name, command.name, command.args)
            orders.append(CollectedOrder(order.kind, order.value, "501", command.index))
        collected[player.name] = LeaderOrders(player.name, orders, [], "501")
    orders_file = tmp_path / "from-templates.toml"
    orders_file.write_text(orders_toml(state.turn, collected), encoding="utf-8")
    out = ok(gm("turn", "check", "-c", str(played), str(orders_file)))
    assert "error" not in out
