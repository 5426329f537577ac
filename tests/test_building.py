"""Build orders, scrapping, fleet upkeep and the technology victory (docs/rules-orion.md A6, A8, A12)."""

from __future__ import annotations

import pytest

from gmtool.campaign.hexes import Hex
from gmtool.dice.sources import FixedSource, RandomSource
from gmtool.errors import RuleRefused
from gmtool.rules.orion.building import order_build, scrap, upkeep_limit
from gmtool.rules.orion.production import produce
from gmtool.rules.orion.setup import new_campaign
from gmtool.rules.orion.state import PlanetState, System
from gmtool.rules.orion.turns import Rules, end_turn, start_turn


@pytest.fixture
def game(shipped_tables):
    lib = shipped_tables
    c = new_campaign("t", ["alice", "bob"], RandomSource(1), lib, "0" * 64)
    return c, Rules(lib)


def home(c, name="alice"):
    p = c.player(name)
    return p, c.game.homeworld(p)


def test_a_frigate_is_paid_from_the_homeworld_pp_and_the_rest_becomes_bc(game):
    c, rules = game
    alice, hw = home(c)
    order_build(c, alice, hw.hex, "frigate", rules.costs)  # 8 PP of the 12 the homeworld makes
    produce(c, rules.orion, rules.production, rules.costs)
    assert alice.ships == {"frigate": 1}
    assert alice.bc == 4 + (12 - 8)
    assert alice.builds == []


def test_a_build_beyond_the_planets_pp_takes_the_leaders_bc(game):
    c, rules = game
    alice, hw = home(c)
    order_build(c, alice, hw.hex, "star_base", rules.costs)  # 10 PP
    order_build(c, alice, hw.hex, "auto_lab", rules.costs)  # 10 PP: 2 from PP, 8 from BC
    alice.bc = 8
    out = produce(c, rules.orion, rules.production, rules.costs)
    assert hw.planet.base == "star_base" and "auto_lab" in hw.planet.buildings
    assert alice.bc == 0
    assert [b["built"] for b in out.builds] == [True, True]


def test_a_build_that_cannot_be_paid_is_not_built(game):
    c, rules = game
    alice, hw = home(c)
    hw.planet.base = "star_fortress"
    order_build(c, alice, hw.hex, "titan", rules.costs)  # 50 PP: 12 PP + 4 BC is not enough
    out = produce(c, rules.orion, rules.production, rules.costs)
    assert alice.ships == {}
    assert out.builds[0]["built"] is False and out.builds[0]["reason"] == "not enough PP and BC"
    assert alice.bc == 4 + 12  # the PP still became BC


def test_ships_that_need_a_base(game):
    c, rules = game
    alice, hw = home(c)
    with pytest.raises(RuleRefused, match="needs one of these bases"):
        order_build(c, alice, hw.hex, "cruiser", rules.costs)
    hw.planet.base = "star_base"
    order_build(c, alice, hw.hex, "cruiser", rules.costs)
    with pytest.raises(RuleRefused, match="Battle station, Star fortress"):
        order_build(c, alice, hw.hex, "dreadnought", rules.costs)


def test_fleet_upkeep_one_combat_ship_per_planet_plus_base_supply(game):
    c, rules = game
    alice, hw = home(c)
    assert upkeep_limit(c, alice, rules.costs) == 1
    order_build(c, alice, hw.hex, "frigate", rules.costs)
    with pytest.raises(RuleRefused, match="fleet upkeep"):
        order_build(c, alice, hw.hex, "frigate", rules.costs)
    hw.planet.base = "battle_station"  # +1 fleet supply
    assert upkeep_limit(c, alice, rules.costs) == 2
    order_build(c, alice, hw.hex, "frigate", rules.costs)


def test_no_builds_under_blockade_and_none_on_an_inactive_colony(game):
    c, rules = game
    alice, hw = home(c)
    colony = System(
        hex=Hex(hw.hex.q + 1, hw.hex.r),
        discovery="planet",
        owner="alice",
        explored_by="alice",
        planet=PlanetState(type="ocean", size="medium", max_population=3, production=3, population=2),
    )
    c.game.systems.append(colony)
    order_build(c, alice, colony.hex, "auto_factory", rules.costs)
    out = produce(c, rules.orion, rules.production, rules.costs)
    assert out.builds == [
        {"item": "auto_factory", "hex": str(colony.hex), "leader": "alice", "built": False, "reason": "not active"}
    ]
    hw.planet.blockaded = True
    with pytest.raises(RuleRefused, match="blockade"):
        order_build(c, alice, hw.hex, "frigate", rules.costs)


@pytest.mark.parametrize(
    "item, cost, refund",
    [("frigate", 8, 4), ("titan", 50, 25), ("star_fortress", 35, 18), ("scout", 6, 3), ("colony_ship", 12, 6)],
)
def test_scrap_refunds_half_the_cost_rounded_up_at_the_next_production(game, item, cost, refund):
    c, rules = game
    alice, hw = home(c)
    if item in ("frigate", "titan"):
        alice.ships[item] = 1
    if item == "star_fortress":
        hw.planet.base = item
    assert scrap(c, alice, item, rules.costs, hw.hex) == refund
    before = alice.bc
    produce(c, rules.orion, rules.production, rules.costs)
    assert alice.bc == before + 12 + refund
    with pytest.raises(RuleRefused):
        scrap(c, alice, item, rules.costs, hw.hex)  # nothing left to scrap


def test_rebuilding_a_base_credits_half_the_old_one(game):
    c, rules = game
    alice, hw = home(c)
    hw.planet.base = "star_base"  # cost 10 → 5 back
    alice.bc = 20
    order_build(c, alice, hw.hex, "battle_station", rules.costs)  # 20 PP: 12 PP + 8 BC
    produce(c, rules.orion, rules.production, rules.costs)
    assert hw.planet.base == "battle_station"
    assert alice.bc == 20 - 8 + 5  # the old base's half, credited at once


def test_technology_victory_after_every_science_and_180_rp(game):
    """A12: after every science 180 RP (banked or new) go toward the victory, settled at the turn's
    end after production (A13.1, wave 4): the RP made in that turn count at once."""
    from gmtool.rules.orion.research import order_victory

    c, rules = game
    alice, hw = home(c)
    alice.all_sciences = True
    alice.rp = 150  # banked before the last science
    hw.planet.population, hw.planet.scientists = 4, 4  # 4 × 4 RP = 16 a turn
    start_turn(c, rules, RandomSource(1))
    order_victory(c, alice, rules)
    assert (alice.rp, alice.tech_rp, alice.research) == (150, 0, ["victory"])  # nothing spent before the turn end
    out = end_turn(c, rules, FixedSource([])).to_data()
    assert "victory" not in out and (alice.rp, alice.tech_rp) == (0, 166)  # 150 banked + 16 made
    start_turn(c, rules, RandomSource(1))
    out = end_turn(c, rules, FixedSource([])).to_data()
    assert alice.rp == 16 and alice.tech_rp == 166  # RP are banked, not spent by themselves
    order_victory(c, alice, rules)  # 14 more of 16 + 16: 180 spent
    start_turn(c, rules, RandomSource(1))
    out = end_turn(c, rules, FixedSource([])).to_data()
    assert (alice.rp, alice.tech_rp) == (18, 180)
    assert out["victory"] == {"kind": "technology", "leader": "alice", "turn": 3}


def test_build_and_scrap_through_the_cli(gm, new_campaign):
    folder = new_campaign("c", players=["alice", "bob"], seed=1)
    from gmtool.campaign.store import CampaignStore

    state = CampaignStore(folder).load()
    hw = str(state.player("alice").homeworld)
    res = gm("build", "-c", str(folder), "--player", "alice", "--hex", hw, "frigate")
    assert res.exit_code == 0 and "alice: Frigate ordered at " in res.stdout  # the label of tables/orion/costs.toml
    res = gm("build", "-c", str(folder), "--player", "alice", "--hex", hw, "frigate")
    assert res.exit_code == 1 and res.stderr.startswith("error: fleet upkeep")
    assert gm("turn", "start", "-c", str(folder)).exit_code == 0
    assert gm("turn", "end", "-c", str(folder)).exit_code == 0
    report = (folder / "reports" / "turn-01" / "alice.txt").read_text(encoding="utf-8")
    assert "Frigate (0,0)" in report and "built (8 = 8 PP + 0 BC)" in report  # alice's frame: homeworld 0,0
    assert CampaignStore(folder).load().player("alice").ships == {"frigate": 1}
    res = gm("scrap", "-c", str(folder), "--player", "alice", "frigate")
    assert res.exit_code == 0 and "4 BC at the next production" in res.stdout


def test_base_rebuild_credit_counts_when_the_new_base_is_paid(orion_game):
    """16 PP with a star base (10) pay for a battle station (20): 20 − 5 = 15 ≤ 16."""
    c, rules = orion_game
    alice = c.player("alice")
    hw = c.game.homeworld(alice)
    hw.planet.population, hw.planet.scientists, hw.planet.base = 4, 0, "star_base"  # 4 workers × 4 = 16 PP
    alice.bc = 0
    order_build(c, alice, hw.hex, "battle_station", rules.costs)
    out = produce(c, rules.orion, rules.production, rules.costs)
    built = out.builds[0]
    assert built["built"] is True and (built["from_pp"], built["from_bc"], built["credit"]) == (15, 0, 5)
    assert hw.planet.base == "battle_station"
    assert alice.bc == 1 and alice.scrap_refund == 0  # the 1 PP left; nothing refunded afterwards
