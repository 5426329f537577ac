"""The decisions of wave 3 this part implements, each from the rule it comes from:

* Merchant of Venus, B3 Movement (docs/rules-venus.md): the kind of landing is recorded, and
  ``venus skip --in-port`` is refused where no port is;
* colony activation, A6 (docs/rules-orion.md): an activated colony stays active until it is
  blockaded or changes hands; ``activation = per-turn`` keeps the earlier reading;
* exploration reach, A4 (stages 2–3): from the leader's own planets and the hexes it explored
  itself, never through another leader's explorations;
* victory precedence, A12: Orion, conquest, technology, diplomatic, territorial, said in the post;
* A10 agent checks in the leader's turn report; A13 awards dropped by the moderator.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from helpers import assert_error, ok, snapshot, status

pytestmark = pytest.mark.usefixtures("isolated")


# ================================================================ Merchant of Venus, B3


def _venus(gm, new_campaign) -> tuple[Path, str, str]:
    """A two-player game (ann, ben): (folder, the first player, the other)."""
    folder = new_campaign("venus", players=["ann", "ben"], ruleset="venus")
    first = status(gm, folder)["current"]
    return folder, first, "ben" if first == "ann" else "ann"


def _merchant(folder: Path, name: str) -> dict:
    return tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))["venus"]["merchants"][name]


def _round(gm, folder: Path, first: str, other: str) -> None:
    """``first`` ends its turn, ``other`` skips and ends its own: ``first`` plays again."""
    ok(gm("turn", "end", "-c", str(folder), "--player", first))
    ok(gm("venus", "skip", "-c", str(folder), "--player", other))
    ok(gm("turn", "end", "-c", str(folder), "--player", other))


def test_venus_every_ship_starts_landed_at_the_galactic_base_spaceport(gm, new_campaign):
    """B1: all ships start on the Galactic Base, which acts as a Neutral Spaceport
    (tables/venus/board.toml row galactic-base, lands = ["spaceport"])."""
    folder, first, other = _venus(gm, new_campaign)
    assert _merchant(folder, first)["landing"] == "spaceport"
    players = {p["name"]: p for p in status(gm, folder)["players"]}
    assert players[first]["landing"] == "spaceport" and players[first]["position"] == "galactic-base"
    # skipping in port from the start is the operations phase
    data = json.loads(ok(gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port", "--format", "json")))
    assert data["next"] == "operations"


def test_venus_skip_in_port_refused_after_an_asteroid_landing(gm, new_campaign):
    """B3: an asteroid landing ends the turn, and the ship is in no surface city or spaceport —
    the next turn's ``skip --in-port`` is refused naming the rule (it was accepted before
    wave 3); board row asteroid-system, lands = ["asteroid", "spaceport"]."""
    folder, first, other = _venus(gm, new_campaign)
    ok(gm("venus", "move", "-c", str(folder), "--player", first, "--heading", "Asteroid System", "--dice", "2"))
    ok(gm("venus", "land", "-c", str(folder), "--player", first, "--at", "asteroid-system", "--kind", "asteroid"))
    assert _merchant(folder, first)["landing"] == "asteroid"
    _round(gm, folder, first, other)
    before = snapshot(folder)
    assert_error(
        gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port"),
        "landed on the asteroid at Asteroid System",
        "B3",
        "skip without --in-port",
    )
    assert snapshot(folder) == before
    ru = gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port", "--lang", "ru")
    assert_error(ru, "сел на астероид", "B3")
    assert snapshot(folder) == before
    # without --in-port the skip ends the turn, as B3 says
    data = json.loads(ok(gm("venus", "skip", "-c", str(folder), "--player", first, "--format", "json")))
    assert data["next"] == "done"


def test_venus_skip_in_port_after_a_spaceport_landing(gm, new_campaign):
    """B3: a ship that landed on the spaceport of the Asteroid System is in port next turn."""
    folder, first, other = _venus(gm, new_campaign)
    ok(gm("venus", "move", "-c", str(folder), "--player", first, "--heading", "Asteroid System", "--dice", "2"))
    ok(gm("venus", "land", "-c", str(folder), "--player", first, "--at", "asteroid-system", "--kind", "spaceport"))
    assert _merchant(folder, first)["landing"] == "spaceport"
    _round(gm, folder, first, other)
    data = json.loads(ok(gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port", "--format", "json")))
    assert data["next"] == "operations"


def test_venus_a_move_that_ends_without_landing_leaves_the_ship_in_space(gm, new_campaign):
    """B3: movement ends on landing or when every point is spent — a move that spent its
    points without landing leaves the ship in space: no port to skip in."""
    folder, first, other = _venus(gm, new_campaign)
    ok(gm("venus", "move", "-c", str(folder), "--player", first, "--heading", "Nebula Habitat", "--dice", "3"))
    _round(gm, folder, first, other)
    assert _merchant(folder, first)["landing"] == "space"
    players = {p["name"]: p for p in status(gm, folder)["players"]}
    assert players[first]["landing"] == "space"
    # the position cell: "in space" (wrapped onto two lines of its row where the table narrows)
    assert re.search(r"\bin\s(?:[^\n]*\n[^\n]*?\s)?space\b", ok(gm("status", "-c", str(folder))))
    assert_error(gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port"), "in space", "B3")


def _older_file(folder: Path, player: str, position: str) -> None:
    """As a campaign written before landings were recorded: no ``landing`` key, ``player`` at
    ``position`` (the moderator's record of where the ship is)."""
    path = folder / "campaign.toml"
    body = path.read_text(encoding="utf-8").replace('landing = "spaceport"\n', "")
    head = f"[venus.merchants.{player}]\n"
    at = body.index(head)
    end = body.index("\n\n", at) if "\n\n" in body[at:] else len(body)
    section = re.sub(r'position = "[^"]*"', f'position = "{position}"', body[at:end])
    path.write_text(body[:at] + section + body[end:], encoding="utf-8")


def test_venus_an_older_file_is_judged_by_the_space(gm, new_campaign):
    """A campaign written before landings were recorded (no ``landing`` key): ``--in-port`` is
    refused at a space with no city or spaceport (board row encounter-1: an encounter space)
    and accepted where the space offers one (nebula-habitat: city and spaceport)."""
    folder, first, other = _venus(gm, new_campaign)
    _older_file(folder, first, "encounter-1")
    before = snapshot(folder)
    assert_error(gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port"), "no surface city", "B3")
    assert snapshot(folder) == before
    _older_file(folder, first, "nebula-habitat")
    ok(gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port"))


# ================================================================ reach, A4 (stages 2–3)


def _chain(c, leader: str, owner_of_path: str, length: int):
    """A straight line out of ``leader``'s homeworld: ``length`` hexes explored by
    ``owner_of_path`` (empty space, or what setup put there), and the unexplored hex after
    them, ``length + 1`` from the homeworld."""
    from gmtool.campaign.hexes import Hex
    from gmtool.rules.orion.state import System

    home = c.player(leader).homeworld
    homes = {p.homeworld for p in c.players}
    for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
        line = [Hex(home.q + k * dq, home.r + k * dr) for k in range(1, length + 2)]
        if (
            all(c.game.on_map(h) and h != c.game.orion and h not in homes for h in line)
            and c.game.system(line[-1]) is None
        ):
            break
    else:
        raise AssertionError("no straight line out of the homeworld")
    for here in line[:-1]:
        system = c.game.system(here)
        if system is None:
            system = System(hex=here, discovery="empty")
            c.game.systems.append(system)
        system.explored_by, system.explored_turn = owner_of_path, c.turn
    return line[:-1], [line[-1]]


def test_reach_never_goes_through_another_leaders_explorations(tmp_path):
    """A4 (wave 3): a ship reached 8 hexes from home on turn 7 along other leaders' explored
    space. From stage 2, alice explores only next to her planets or to hexes she explored
    herself: the hexes beyond bob's explorations are out of her reach, in bob's."""
    from gmtool.rules.orion.reach import frontier, in_reach
    from helpers import stored_campaign

    store, c = stored_campaign(tmp_path, stage=2, turn=7)
    alice, bob = c.player("alice"), c.player("bob")
    laid, beyond = _chain(c, "alice", "bob", 3)
    assert beyond, "the map leaves room beyond the chain"
    for h in beyond:
        assert h.distance(alice.homeworld) >= 3
        assert not in_reach(c, alice, h)  # through bob's explorations: no (it was yes before wave 3)
        assert in_reach(c, bob, h)  # next to a hex bob explored himself
        assert h not in frontier(c, alice) and h in frontier(c, bob)
    # the hexes next to the first of bob's hexes but not to alice's planets: not alice's either
    second_ring = [
        n
        for n in laid[0].neighbours()
        if c.game.on_map(n) and c.game.system(n) is None and n.distance(alice.homeworld) == 2
    ]
    assert second_ring
    for h in second_ring:
        assert not in_reach(c, alice, h)
    # once alice explores the first hex herself, its neighbours are hers to explore
    c.game.system(laid[0]).explored_by = "alice"
    for h in second_ring:
        assert in_reach(c, alice, h)
    assert not any(in_reach(c, alice, h) for h in beyond)


def test_reach_refusal_names_the_rule_in_both_languages_and_writes_nothing(gm, tmp_path):
    """``explore`` refuses a hex beyond another leader's explorations, naming A4, in English and
    Russian, and the campaign stays as it was."""
    from helpers import stored_campaign

    store, c = stored_campaign(tmp_path, stage=2, turn=7)
    c.turn_state.started = 7
    laid, beyond = _chain(c, "alice", "bob", 3)
    store.save(c)
    folder = store.folder
    target = str(beyond[0])
    before = snapshot(folder)
    args = ("explore", "-c", str(folder), "--player", "alice", "--hex", target, "--dice", "1")
    assert_error(
        gm(*args), f"{target} is out of alice's reach", "explored itself", "another leader's explorations", "A4"
    )
    assert_error(gm(*args, "--lang", "ru"), "вне досягаемости", "исследования других лидеров", "A4")
    assert snapshot(folder) == before
    reach = json.loads(ok(gm("reach", "-c", str(folder), "--player", "alice", "--format", "json")))
    assert target not in reach["in_reach"]
    reach_bob = json.loads(ok(gm("reach", "-c", str(folder), "--player", "bob", "--format", "json")))
    assert target in reach_bob["in_reach"]


# ================================================================ victory precedence, A12


def _end_with(turn: int, setup):
    """Turn ``turn`` of a fresh three-leader game (alice holds the token), ``setup`` applied
    after the start, then the turn's end: (campaign, TurnEnd)."""
    from gmtool.dice.sources import RandomSource
    from gmtool.rules.orion.turns import end_turn, start_turn
    from helpers import make_campaign
    from test_turns import RULES, at_turn

    c = at_turn(make_campaign(), turn, "alice")
    start_turn(c, RULES, RandomSource(1))
    setup(c)
    return c, end_turn(c, RULES, RandomSource(1))


def _public(out, lang: str) -> str:
    from gmtool.report.render import render
    from gmtool.report.turns import end_public
    from test_turns import RULES

    return render(end_public(out, RULES.bills, RULES.quests(out.stage), lang), "plain")


def _technology(c, leader: str) -> None:
    """``leader`` researched every science and spent the 180 RP (tables/orion/costs.toml
    ``tech_victory_rp``): the technology victory holds at this turn end."""
    from test_turns import RULES

    player = c.player(leader)
    player.all_sciences, player.tech_rp = True, int(RULES.costs.rule("tech_victory_rp"))


def test_technology_comes_before_an_emperor_elected_the_same_turn():
    """A12 (wave 3): Orion, conquest, technology, diplomatic, territorial. On turn 14 bob is
    elected Emperor (every ballot) and alice's technology victory holds too: alice wins, and
    the public post names bob's diplomatic victory and why it did not end the game — never
    «Император: bob» above «Победа: alice» without a word."""
    from gmtool.rules.orion import council_campaign

    def setup(c):
        _technology(c, "alice")
        for voter in ("alice", "bob", "carol"):
            council_campaign.elect(c, c.player(voter), c.player("bob"))

    c, out = _end_with(14, setup)
    assert out.election is not None and out.election.elected == "bob"
    assert (out.victory.kind, out.victory.leader) == ("technology", "alice")
    assert [(v.kind, v.leader) for v in out.victories_also] == [("diplomatic", "bob")]
    assert c.turn_state.victory == {"kind": "technology", "leader": "alice", "turn": 14}
    data = out.to_data()
    assert data["victory"]["kind"] == "technology"
    assert data["victories_also"] == [{"kind": "diplomatic", "leader": "bob", "turn": 14}]
    en = _public(out, "en")
    assert "Winner: alice — technology victory" in en
    assert "Also held: bob: diplomatic victory (Emperor)" in en
    assert "the technology victory comes first" in en and "victory precedence" in en
    assert en.index("Emperor: bob") < en.index("Winner: alice") < en.index("Also held") < en.index("victory precedence")
    ru = _public(out, "ru")
    assert "Победитель: alice — технологическая победа" in ru
    assert "Также выполнено: bob: дипломатическая победа (Император)" in ru
    assert "первой идёт технологическая победа" in ru and "очерёдности побед" in ru


def test_orion_first_and_territorial_named_on_the_last_turn():
    """A12: on turn 18 (tables/orion/start.toml: the last turn) bob colonises Orion; the
    territorial count holds too — Orion wins, the territorial victory is named as held."""
    from gmtool.rules.orion.planets import colonize

    def setup(c):
        orion = c.game.system(c.game.orion)
        orion.explored_by, orion.guardian = "bob", False
        colonize(c, c.player("bob"), c.game.orion)

    c, out = _end_with(18, setup)
    assert (out.victory.kind, out.victory.leader) == ("orion", "bob")
    assert [v.kind for v in out.victories_also] == ["territorial"]
    assert "Also held" in _public(out, "en") and "территориальная победа" in _public(out, "ru")


def test_conquest_comes_before_technology_but_alone_waits_for_the_start():
    """A12: a conquest held at a turn end beside another victory takes its place in the order
    (before technology); alone, it is declared at the next turn's start, as A12 says."""
    from gmtool.dice.sources import RandomSource
    from gmtool.rules.orion.turns import start_turn
    from test_turns import RULES

    def conquer(c):
        for name in ("bob", "carol"):
            c.game.homeworld(c.player(name)).owner = "alice"

    c, out = _end_with(10, lambda c: (conquer(c), _technology(c, "bob")))
    assert (out.victory.kind, out.victory.leader) == ("conquest", "alice")
    assert [(v.kind, v.leader) for v in out.victories_also] == [("technology", "bob")]
    c, out = _end_with(10, conquer)
    assert out.victory is None and not out.victories_also and c.turn == 11
    begun = start_turn(c, RULES, RandomSource(1))
    assert begun.victory is not None and (begun.victory.kind, begun.victory.leader) == ("conquest", "alice")


def test_a_single_victory_says_nothing_more():
    """One victory alone: no "also held" line, and the post's JSON has no key for it."""
    from gmtool.rules.orion import council_campaign

    def setup(c):
        for voter in ("alice", "bob", "carol"):
            council_campaign.elect(c, c.player(voter), c.player("bob"))

    c, out = _end_with(14, setup)
    assert out.victory.kind == "diplomatic" and out.victories_also == []
    assert "victories_also" not in out.to_data() and "Also held" not in _public(out, "en")


# ================================================================ colony activation, A6


def _colony_game(activation: str | None = None):
    """A fresh game (alice's colony of 2 colonists next to nothing, 6 orders), its rules."""
    from helpers import make_campaign
    from test_turns import RULES, add_planet

    c = make_campaign()
    if activation is not None:
        c.game.activation = activation
    colony = add_planet(c, "alice", pop=2, max_pop=3)
    c.player("alice").orders = 6
    return c, colony, RULES


def _active(c, colony, rules) -> bool:
    from gmtool.rules.orion.production import produce
    from test_turns import output_of

    return output_of(produce(c, rules.orion, rules.production), colony)["active"]


def test_an_activated_colony_stays_active_until_blockaded():
    """A6 (wave 3): activation is an act, not a rent — 2 orders once
    (tables/orion/production.toml ``activation_orders``), then active turn after turn; a
    blockade deactivates it; under blockade it is activated again for 2
    (``activation_orders_blockaded``), and stays active when the blockade is lifted."""
    from gmtool.errors import RuleRefused
    from gmtool.rules.orion.production import activate
    from gmtool.rules.orion.records import lift_blockade, set_blockade

    c, colony, rules = _colony_game()
    assert c.game.activation == "persistent"  # a new campaign's reading
    alice = c.player("alice")
    assert activate(c, colony, rules.production) == 2 and alice.orders == 4
    for turn in (2, 3, 4):
        c.turn = turn
        assert _active(c, colony, rules)
        with pytest.raises(
            RuleRefused, match=r"already active: an activated colony stays active .*the activation rule"
        ):
            activate(c, colony, rules.production)
    assert alice.orders == 4  # never paid again
    changed = set_blockade(c, colony.hex, c.player("bob"))
    assert changed.entry["deactivated"] is True
    from gmtool.report.records import entry_text

    assert "no longer active" in entry_text(changed.entry, "en") and "activation under blockade" in entry_text(
        changed.entry, "en"
    )
    assert "больше не активна" in entry_text(changed.entry, "ru")
    assert not _active(c, colony, rules)
    assert activate(c, colony, rules.production) == 2 and alice.orders == 2  # under blockade: 2
    lift_blockade(c, colony.hex)
    c.turn = 5
    assert _active(c, colony, rules)


def test_a_captured_colony_is_inactive_for_its_new_owner():
    """A6 (wave 3): an activated colony stays active until it changes hands."""
    from gmtool.rules.orion.production import activate
    from gmtool.rules.orion.records import capture_planet

    c, colony, rules = _colony_game()
    activate(c, colony, rules.production)
    capture_planet(c, colony.hex, c.player("bob"))
    assert colony.owner == "bob" and not _active(c, colony, rules)


def test_per_turn_keeps_the_earlier_reading():
    """``activation = per-turn``: active for the turn it is activated (and a blockade does not
    undo a turn's activation), as before wave 3."""
    from gmtool.rules.orion.production import activate
    from gmtool.rules.orion.records import set_blockade

    c, colony, rules = _colony_game("per-turn")
    activate(c, colony, rules.production)
    set_blockade(c, colony.hex, c.player("bob"))
    assert _active(c, colony, rules)
    c.turn += 1
    assert not _active(c, colony, rules)


def test_activation_through_the_cli_and_campaign_set(gm, new_campaign, tmp_path):
    """``campaign set activation`` (through the schema's key): a new campaign is persistent;
    per-turn is kept; a bad value is refused in one line and writes nothing. A campaign file
    without the key (written before wave 3) reads per-turn, so its old marks wake nothing,
    and switching it to persistent keeps a colony activated earlier inactive."""
    from gmtool.campaign.store import CampaignStore
    from helpers import SECRET, make_campaign
    from test_turns import add_planet

    folder = new_campaign("c", players=["alice", "bob", "carol"])
    body = (folder / "campaign.toml").read_text(encoding="utf-8")
    assert 'activation = "persistent"' in body
    before = snapshot(folder)
    assert_error(gm("campaign", "set", "-c", str(folder), "activation", "weekly"), "activation", "per-turn")
    assert snapshot(folder) == before
    data = json.loads(ok(gm("campaign", "set", "-c", str(folder), "activation", "per-turn", "--format", "json")))
    assert (data["old"], data["new"]) == ("persistent", "per-turn")
    # an older file: no key; a colony activated on turn 3, now turn 5
    c = make_campaign()
    colony = add_planet(c, "alice", pop=2, max_pop=3)
    colony.planet.active_turn, c.turn = 3, 5
    old = tmp_path / "old"
    CampaignStore(old).create(c, SECRET)
    path = old / "campaign.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('activation = "persistent"\n', ""), encoding="utf-8")
    loaded = CampaignStore(old).load()
    assert loaded.game.activation == "per-turn"
    from gmtool.rules.orion.production import is_active

    assert not is_active(loaded, loaded.game.system(colony.hex))
    ok(gm("campaign", "set", "-c", str(old), "activation", "persistent"))
    again = CampaignStore(old).load()
    assert again.game.activation == "persistent" and again.game.system(colony.hex).planet.active_turn is None
    assert not is_active(again, again.game.system(colony.hex))


def test_the_orders_template_offers_activation_only_for_inactive_colonies():
    """A6 (wave 3): the orders template (gmtool/forum/order_commands.py) pre-fills ``!activate``
    for a colony that is not active — not for one that stays active."""
    from gmtool.forum.order_commands import activatable
    from gmtool.rules.orion.production import activate
    from helpers import shipped_library

    c, colony, rules = _colony_game()
    assert [s.hex for s in activatable(c, shipped_library(), "alice")] == [colony.hex]
    activate(c, colony, rules.production)
    c.turn += 1
    assert activatable(c, shipped_library(), "alice") == []


# ================================================================ agent checks (A10) and dropped awards (A13)


def _agent_turn(gm, new_campaign, lang: str = "en") -> tuple[Path, str]:
    """alice's saboteur Kess succeeds critically at sabotage against bob (tables/orion/agents.toml
    row sabotage: difficulty 7; a natural 10), a mission the moderator hands out — and drops it
    with a reason; then the turn ends. (folder, the moderator's reply to the drop)."""
    folder = new_campaign("camp", players=["alice", "bob", "carol"], seed=1)
    c = ("-c", str(folder))
    ok(gm("campaign", "set", *c, "lang", lang))
    ok(gm("turn", "start", *c))
    ok(gm("agent", "set", *c, "--player", "alice", "--limit", "1"))
    ok(gm("agent", "hire", *c, "--player", "alice", "--name", "Kess", "-s", "saboteur"))
    data = json.loads(
        ok(gm("agent", "use", *c, "Kess", "sabotage", "--target", "bob", "--dice", "10", "--format", "json"))
    )
    assert data["outcome"] == "critical_success"
    awards = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))["player"][0]["awards"]
    assert [a["kind"] for a in awards] == ["agent_mission"]
    reply = ok(
        gm("award", "apply", *c, "--player", "alice", str(awards[0]["id"]), "--drop", "SECRET-REASON: paid as 10 BC")
    )
    ok(gm("turn", "end", *c))
    return folder, reply


def test_a_successful_agent_check_is_in_the_leaders_turn_report(gm, new_campaign):
    """A10: the check made with ``agent use`` during the turn appears in its owner's turn
    report, with the ability and the outcome (agent-outcomes row critical_success) — and not in
    the target's report or the public post."""
    folder, _ = _agent_turn(gm, new_campaign)
    reports = folder / "reports" / "turn-01"
    alice = (reports / "alice.txt").read_text(encoding="utf-8")
    assert "alice's agent Kess: Sabotage against bob — critical success" in alice
    assert "Kess" not in (reports / "public.txt").read_text(encoding="utf-8")
    assert "Sabotage against" not in (reports / "bob.txt").read_text(encoding="utf-8")


def test_a_dropped_award_is_not_still_due_and_its_reason_stays_with_the_moderator(gm, new_campaign):
    """A13: the moderator dropped the mission's award — the leader's report says it was dropped,
    never lists it as still to hand out, and never shows the moderator's reason, which the
    moderator's own reply to ``award apply --drop`` keeps."""
    folder, reply = _agent_turn(gm, new_campaign)
    assert "SECRET-REASON" in reply
    reports = folder / "reports" / "turn-01"
    alice = (reports / "alice.txt").read_text(encoding="utf-8")
    assert "dropped by the moderator" in alice
    assert "still to hand out" not in alice.lower()
    for name in ("alice", "bob", "carol", "public"):
        assert "SECRET-REASON" not in (reports / f"{name}.txt").read_text(encoding="utf-8"), name
    data = json.loads(ok(gm("turn", "show", "-c", str(folder), "--turn", "1", "--player", "alice", "--format", "json")))
    assert "SECRET-REASON" not in json.dumps(data)
    assert not any(e["kind"] == "award_due" for e in data["log"])


def test_the_agent_check_and_the_drop_in_russian(gm, new_campaign):
    """The same turn in a Russian campaign: the check and the drop in the leader's language."""
    folder, _ = _agent_turn(gm, new_campaign, "ru")
    alice = (folder / "reports" / "turn-01" / "alice.txt").read_text(encoding="utf-8")
    assert "агент Kess лидера alice" in alice and "против лидера bob" in alice
    assert "так решил ведущий" in alice and "SECRET-REASON" not in alice


def test_a_campaign_may_widen_the_reach(gm, tmp_path):
    """A4 (wave 3): ``explore_range`` (default 1) — with 2, the hex two past alice's own
    exploration is in her reach; never through bob's explorations still."""
    from helpers import stored_campaign

    store, c = stored_campaign(tmp_path, stage=2, turn=7)
    c.turn_state.started = 7
    laid, beyond = _chain(c, "alice", "alice", 3)  # alice explored the line herself
    far = beyond[0]
    store.save(c)
    folder = store.folder
    reach = json.loads(ok(gm("reach", "-c", str(folder), "--player", "alice", "--format", "json")))
    assert str(far) in reach["in_reach"]
    two_past = [
        h for h in far.neighbours() if h.distance(laid[-1]) == 2 and c.game.on_map(h) and c.game.system(h) is None
    ]
    assert two_past and not any(str(h) in reach["in_reach"] for h in two_past)
    ok(gm("campaign", "set", "-c", str(folder), "explore-range", "2"))
    assert "explore_range = 2" in (folder / "campaign.toml").read_text(encoding="utf-8")
    reach = json.loads(ok(gm("reach", "-c", str(folder), "--player", "alice", "--format", "json")))
    assert all(str(h) in reach["in_reach"] for h in two_past)
    assert_error(gm("campaign", "set", "-c", str(folder), "explore-range", "0"), "explore-range", "1 to 10")


# ================================================================ a moderator's own tables


SHIPPED = Path(__file__).resolve().parent.parent / "tables"


def _own_table(folder: Path, ruleset: str, name: str, extra: str) -> None:
    """The campaign's own ``tables/<ruleset>/<name>.toml``: the shipped table plus ``extra`` rows."""
    path = folder / "tables" / ruleset / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text((SHIPPED / ruleset / f"{name}.toml").read_text(encoding="utf-8") + extra, encoding="utf-8")


def test_venus_a_moderators_own_board_space_runs_with_no_python_change(gm, new_campaign):
    """B3 with a campaign's own board row (an ice moon: an asteroid landing only): the
    landing is recorded from the row, and ``skip --in-port`` is refused there, by its label."""
    folder, first, other = _venus(gm, new_campaign)
    _own_table(
        folder,
        "venus",
        "board",
        '\n[[row]]\nid = "ice-moon"\nlabel = { en = "Ice Moon", ru = "Ледяная луна" }\n'
        'values = { kind = "system", lands = ["asteroid"] }\n',
    )
    ok(gm("venus", "move", "-c", str(folder), "--player", first, "--heading", "Ice Moon", "--dice", "2"))
    ok(gm("venus", "land", "-c", str(folder), "--player", first, "--at", "Ice Moon"))
    assert _merchant(folder, first)["landing"] == "asteroid"
    _round(gm, folder, first, other)
    assert_error(gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port"), "asteroid at Ice Moon", "B3")
    assert_error(gm("venus", "skip", "-c", str(folder), "--player", first, "--in-port", "--lang", "ru"), "Ледяная луна")


def test_a_moderators_own_agent_ability_is_told_by_its_label(gm, new_campaign):
    """A10 with a campaign's own ability row (a saboteur's network hack, difficulty 5): the
    check is a line of its owner's turn report, by the row's label."""
    folder = new_campaign("camp", players=["alice", "bob", "carol"], seed=1)
    _own_table(
        folder,
        "orion",
        "agents",
        '\n[[row]]\nid = "network-hack"\nlabel = { en = "Network hack", ru = "Взлом сети" }\n'
        'values = { speciality = "saboteur", kind = "repeatable", difficulty = 5, target = true }\n',
    )
    c = ("-c", str(folder))
    ok(gm("turn", "start", *c))
    ok(gm("agent", "set", *c, "--player", "alice", "--limit", "1"))
    ok(gm("agent", "hire", *c, "--player", "alice", "--name", "Kess", "-s", "saboteur"))
    ok(gm("agent", "use", *c, "Kess", "network-hack", "--target", "bob", "--dice", "6"))  # 6 ≥ 5: success
    ok(gm("turn", "end", *c))
    alice = (folder / "reports" / "turn-01" / "alice.txt").read_text(encoding="utf-8")
    assert "alice's agent Kess: Network hack against bob — success" in alice
