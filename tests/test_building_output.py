"""What buildings make (docs/rules-orion.md A6): each building's output is data in
tables/orion/costs.toml (example content: Auto-lab +2 RP, Auto-factory +2 PP a turn,
Robo-mine +1 PP per worker), applied in the production phase — on an inactive planet its PP
become BC at once — and shown in the private report's planet table."""

from __future__ import annotations

import pytest

from gmtool.campaign.hexes import Hex
from gmtool.campaign.store import CampaignStore
from gmtool.dice.sources import RandomSource
from gmtool.rolltables import TableLibrary
from gmtool.rolltables.library import shipped_tables_dir
from gmtool.rules.orion.production import produce
from gmtool.rules.orion.setup import new_campaign
from gmtool.rules.orion.state import PlanetState, System
from gmtool.rules.orion.turns import Rules
from tests.helpers import example_copy, ok


@pytest.fixture
def game(shipped_tables):
    c = new_campaign("t", ["alice", "bob"], RandomSource(1), shipped_tables, "0" * 64)
    return c, Rules(shipped_tables)


def colony(c, owner="alice", population=3, buildings=(), active=False):
    hex_ = Hex(0, 4)
    planet = PlanetState(type="terran", size="medium", max_population=6, production=3, population=population)
    planet.buildings = list(buildings)
    if active:
        planet.active_turn = c.turn
    system = System(hex=hex_, discovery="planet", planet=planet, owner=owner)
    c.game.systems.append(system)
    return system


def output(out, system):
    return next(p for p in out.planets if p.hex == str(system.hex))


def test_an_active_planets_buildings_add_their_pp_and_rp(game):
    c, rules = game
    hw = c.game.homeworld(c.player("alice"))
    before = produce(c, rules.orion, rules.production, rules.costs)
    plain = output(before, hw)
    hw.planet.buildings = ["auto_factory", "auto_lab", "robo_mine"]
    hw.planet.population -= plain.growth  # the same planet again, before its growth
    after = produce(c, rules.orion, rules.production, rules.costs)
    made = output(after, hw)
    workers = made.workers
    assert made.buildings == {"pp": 2 + workers, "rp": 2}  # +2 PP, +1 PP per worker, +2 RP
    assert made.pp == plain.pp + 2 + workers and made.rp == plain.rp + 2
    assert made.bc == plain.bc + 2 + workers  # unspent PP become BC
    assert made.to_data()["buildings"] == {"pp": 2 + workers, "rp": 2}


def test_an_inactive_planet_turns_its_buildings_pp_into_bc_at_once(game):
    c, rules = game
    system = colony(c, buildings=["auto_factory", "auto_lab", "robo_mine"])
    out = produce(c, rules.orion, rules.production, rules.costs)
    made = output(out, system)
    assert made.active is False
    # 1 BC per colonist, +2 PP of the Auto-factory as BC; no one works, so no PP per worker;
    # the Auto-lab's RP stay RP
    assert (made.pp, made.rp, made.bc) == (0, 2, 3 + 2)
    assert made.buildings == {"pp": 2, "rp": 2}


def test_a_blockaded_planets_buildings_make_no_rp(game):
    c, rules = game
    system = colony(c, buildings=["auto_lab"], active=True)
    system.planet.blockaded = True
    made = output(produce(c, rules.orion, rules.production, rules.costs), system)
    assert made.rp == 0 and made.bc == 0


def test_a_planet_without_buildings_says_nothing_of_them(game):
    c, rules = game
    hw = c.game.homeworld(c.player("alice"))
    made = output(produce(c, rules.orion, rules.production, rules.costs), hw)
    assert made.buildings == {} and "buildings" not in made.to_data()


def test_a_campaigns_own_building_runs_with_no_python_change(tmp_path):
    own = tmp_path / "tables" / "orion"
    own.mkdir(parents=True)
    shipped = (shipped_tables_dir() / "orion" / "costs.toml").read_text(encoding="utf-8")
    cut = shipped.index("# How `table show`")
    own.joinpath("costs.toml").write_text(
        shipped[:cut] + '[[row]]\nid = "bank"\nlabel = { en = "Bank", ru = "Банк" }\n'
        'values = { cost = 5, kind = "building", bc_per_colonist = 2, rp_per_scientist = 1 }\n\n' + shipped[cut:],
        encoding="utf-8",
    )
    lib = TableLibrary([shipped_tables_dir(), tmp_path / "tables"])
    c = new_campaign("t", ["alice", "bob"], RandomSource(1), lib, "0" * 64)
    rules = Rules(lib)
    system = colony(c, population=3, buildings=["bank"], active=True)
    system.planet.scientists = 1
    made = output(produce(c, rules.orion, rules.production, rules.costs), system)
    assert made.buildings == {"rp": 1, "bc": 6}
    assert made.rp == 3 + 1 and made.bc == 2 * 3 + 6  # 2 workers × 3 PP as BC, +6 BC


def test_the_private_report_shows_what_buildings_made(gm, tmp_path):
    camp = example_copy(tmp_path, fresh=True)
    store = CampaignStore(camp)
    state = store.load()
    state.game.system(Hex.parse("1,-3")).planet.buildings = ["auto_factory"]
    store.save(state)
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    alice = (camp / "reports" / "turn-01" / "alice.txt").read_text(encoding="utf-8")
    header = next(line for line in alice.splitlines() if line.startswith("Hex"))
    assert header.split()[-1] == "Buildings"
    row = next(line for line in alice.splitlines() if line.startswith("0,0"))
    assert row.endswith("+2 PP")
    bob = (camp / "reports" / "turn-01" / "bob.txt").read_text(encoding="utf-8")
    assert "Buildings" not in next(line for line in bob.splitlines() if line.startswith("Hex"))
    ok(gm("turn", "show", "-c", str(camp), "--turn", "1", "--player", "alice", "--lang", "ru"))
