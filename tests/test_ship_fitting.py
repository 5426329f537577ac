"""Warships fitted with modules (docs/rules-orion.md A8a): building a fitted warship by command,
orders file and room command, every fitting refusal, refitting, fleet upkeep, the ship list of
`status` and of a private report, the derelict's fitting (A4.3) and a blockade that stops ships
and bases but not buildings (A7).

Technologies come from a test-local technologies table (the lines combat_ship_modules,
research and construction of tables/orion/technologies.toml's pinned shape), so the tests do
not depend on the example tree's rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool.campaign.hexes import Hex
from gmtool.campaign.store import CampaignStore
from gmtool.dice.sources import RandomSource
from gmtool.errors import InputError, RuleRefused
from gmtool.forum.order_commands import parse_order
from gmtool.rolltables import TableLibrary
from gmtool.rolltables.library import shipped_tables_dir
from gmtool.rules.orion.building import order_build
from gmtool.rules.orion.campaign_explore import apply_gain
from gmtool.rules.orion.fitting import check_fitting, derelict_modules, read_modules
from gmtool.rules.orion.order_kinds import KINDS
from gmtool.rules.orion.production import produce
from gmtool.rules.orion.setup import new_campaign
from gmtool.rules.orion.state import System
from gmtool.rules.orion.turns import Rules
from tests.helpers import assert_error, ok, ok_json, status

pytestmark = pytest.mark.camp(example="fresh")

# a test-local technologies table: each line at the levels the seed names (A8a)
TECHS = """
title = { en = "Technologies (test)", ru = "Технологии (тест)" }
[columns]
science = { en = "Science", ru = "Наука" }
line = { en = "Line", ru = "Линия" }
level = { en = "Level", ru = "Уровень" }
""" + "".join(
    f'[[row]]\nid = "{line}_{n}"\nlabel = {{ en = "{line} {n}", ru = "{line} {n}" }}\n'
    f'values = {{ science = "{science}", line = "{line}", level = {n} }}\n'
    for line, science, top in (
        ("combat_ship_modules", "engineering", 5),
        ("research", "electronics", 1),
        ("construction", "engineering", 5),
    )
    for n in range(1, top + 1)
)


def write_techs(folder: Path) -> Path:
    (folder / "orion").mkdir(parents=True, exist_ok=True)
    (folder / "orion" / "technologies.toml").write_text(TECHS, encoding="utf-8")
    return folder


@pytest.fixture
def game(tmp_path):
    lib = TableLibrary([shipped_tables_dir(), write_techs(tmp_path / "tables")])
    c = new_campaign("t", ["alice", "bob"], RandomSource(1), lib, "0" * 64)
    return c, Rules(lib)


def fit(game, item, modules, techs=()):
    c, rules = game
    alice = c.player("alice")
    alice.technologies = list(techs)
    check_fitting(
        alice,
        rules.costs.row(item),
        read_modules(rules.modules, modules),
        rules.modules,
        rules.technologies,
        rules.costs,
    )


# ------------------------------------------------------------------ every refusal (A8a)

REFUSALS = [
    # (class, modules, technologies held, refusal key, words of it) — frigate: size 3 (costs.toml)
    ("frigate", "gun,gun,gun,gun", (), "orion.fit_too_many", "at most 3 of Gun"),
    ("frigate", "gun,gun,bombs,bombs", (), "orion.fit_once", "Bombs is given 2 times"),
    ("frigate", "gun,gun,gun,bombs", (), "orion.fit_slots", "has 3 slots; these modules take 4"),
    ("frigate", "qrg,stealth", ("combat_ship_modules_5",), "orion.fit_slots", "take 4"),
    ("frigate", "ars,irs", ("combat_ship_modules_3",), "orion.fit_excludes", "Automatic repair system"),
    ("frigate", "srs,qrg", ("combat_ship_modules_4",), "orion.fit_excludes", "Quantum shield regenerator"),
    ("frigate", "gun,ars", (), "orion.fit_technology", "Combat Ship Modules at level 1; alice holds level 0"),
    ("frigate", "irs", ("combat_ship_modules_2",), "orion.fit_technology", "at level 3; alice holds level 2"),
    ("frigate", "stealth", ("combat_ship_modules_4",), "orion.fit_technology", "at level 5"),
    ("frigate", "research", (), "orion.fit_technology", "Research at level 1"),
    ("frigate", "hard_shield", ("construction_4",), "orion.fit_technology", "Construction at level 5"),
    ("scout", "gun", (), "orion.fit_not_warship", "not a scout"),
    ("star_base", "gun", (), "orion.fit_not_warship", "Orbital bases"[:0] or "fitted with modules"),
]


@pytest.mark.parametrize(
    ("item", "modules", "techs", "key", "words"), REFUSALS, ids=[r[3] + ":" + r[1] for r in REFUSALS]
)
def test_every_fitting_refusal_names_the_rule_in_both_languages(game, item, modules, techs, key, words):
    with pytest.raises(RuleRefused) as caught:
        fit(game, item, modules, techs)
    assert caught.value.key == key
    en, ru = caught.value.text("en"), caught.value.text("ru")
    assert words in en and "fitting out ships:" in en
    assert "оснащение кораблей:" in ru and "\n" not in en + ru


def test_the_seeds_fittings_that_are_allowed(game):
    fit(game, "frigate", "gun,gun,gun")  # guns up to the size, no technology
    fit(game, "frigate", "gun,gun,bombs")  # bombs need no technology (the seed names none)
    fit(game, "frigate", "gun,gun,ars", ("combat_ship_modules_1",))
    fit(game, "frigate", "irs,srs,gun", ("combat_ship_modules_3",))  # a higher level allows the lower
    fit(game, "dreadnought", "qrg,stealth,research", ("combat_ship_modules_5", "research_1"))
    fit(game, "frigate", "hard_shield,gun", ("construction_5",))


def test_an_unknown_module_is_refused_with_the_list(game):
    with pytest.raises(InputError) as caught:
        fit(game, "frigate", "laser")
    assert "'laser' is no ship module" in caught.value.text("en") and "Bombs" in caught.value.text("en")
    assert "«laser» — не модуль корабля" in caught.value.text("ru")


def test_modules_are_named_by_id_label_or_short_name_in_either_language(game):
    _, rules = game
    assert read_modules(rules.modules, "Орудие, АСР,ARS, improved repair system") == ["gun", "ars", "ars", "irs"]


# ------------------------------------------------------------------ built fitted, three ways


def test_a_fitted_frigate_is_built_with_its_modules(game):
    c, rules = game
    alice = c.player("alice")
    alice.technologies = ["combat_ship_modules_1"]
    hw = c.game.homeworld(alice)
    ordered = order_build(
        c, alice, hw.hex, "frigate", rules.costs, ["gun", "gun", "ars"], rules.modules, rules.technologies
    )
    assert ordered.to_data() == {"item": "frigate", "hex": str(hw.hex), "cost": 8, "modules": ["gun", "gun", "ars"]}
    produce(c, rules.orion, rules.production, rules.costs, rules.modules)
    assert alice.ships == {"frigate": 1} and alice.ships.fitted == {"frigate": [["gun", "gun", "ars"]]}


@pytest.fixture
def camp(camp):
    """The fresh example (the module's camp marker) with the campaign's own techs."""
    write_techs(camp / "tables")
    return camp


def give_tech(folder: Path, *techs: str) -> None:
    store = CampaignStore(folder)
    state = store.load()
    state.player("alice").technologies = list(techs)
    store.save(state)


def test_build_command_with_modules_keeps_them_through_the_file(gm, camp):
    give_tech(camp, "combat_ship_modules_1")
    out = ok(gm("build", "-c", str(camp), "--player", "alice", "--hex", "1,-3", "frigate", "--modules", "gun,gun,ars"))
    assert "Frigate (Gun, Gun, Automatic repair system) ordered at 1,-3" in out
    assert CampaignStore(camp).load().player("alice").builds == [
        {"item": "frigate", "hex": "1,-3", "modules": ["gun", "gun", "ars"]}
    ]
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    alice = CampaignStore(camp).load().player("alice")
    assert alice.ships.fitted == {"frigate": [["gun", "gun", "ars"]]}
    text = (camp / "campaign.toml").read_text(encoding="utf-8")
    assert "[player.ships.frigate]" in text and '"ars"' in text


def test_build_command_refuses_a_fitting_and_writes_nothing(gm, camp):
    before = (camp / "campaign.toml").read_bytes()
    res = gm(
        "build",
        "-c",
        str(camp),
        "--player",
        "alice",
        "--hex",
        "1,-3",
        "frigate",
        "--modules",
        "gun,ars",
        "--lang",
        "ru",
    )
    assert_error(res, "оснащение кораблей:", "Боевые корабельные модули")
    assert (camp / "campaign.toml").read_bytes() == before


def test_an_orders_file_builds_a_fitted_warship(gm, camp, tmp_path):
    give_tech(camp, "combat_ship_modules_1")
    orders = tmp_path / "turn-01.toml"
    orders.write_text(
        'turn = 1\n[alice]\nbuild = [{ hex = "1,-3", item = "frigate", modules = ["gun", "gun", "ars"] }]\n',
        encoding="utf-8",
    )
    ok(gm("turn", "check", str(orders), "-c", str(camp)))
    ok(gm("turn", "run", str(orders), "-c", str(camp)))
    assert CampaignStore(camp).load().player("alice").ships.fitted == {"frigate": [["gun", "gun", "ars"]]}


def test_an_orders_file_with_a_refused_fitting_names_its_line(gm, camp, tmp_path):
    orders = tmp_path / "turn-01.toml"
    orders.write_text('turn = 1\n[alice]\nbuild = [{ hex = "1,-3", item = "frigate", modules = ["ars", "irs"] }]\n')
    res = gm("turn", "check", str(orders), "-c", str(camp))
    assert res.exit_code == 1 and "turn-01.toml:3" in res.stderr and "fitting out ships:" in res.stderr


@pytest.mark.parametrize(
    ("args", "value"),
    [
        ("frigate gun,gun,ars", {"hex": "1,-3", "item": "frigate", "modules": ["gun", "gun", "ars"]}),
        ("frigate gun, gun, ars at 0,0", {"hex": "1,-3", "item": "frigate", "modules": ["gun", "gun", "ars"]}),
        ("фрегат орудие,орудие,АСР", {"hex": "1,-3", "item": "frigate", "modules": ["gun", "gun", "ars"]}),
        ("frigate", {"hex": "1,-3", "item": "frigate"}),
        ("colony ship", {"hex": "1,-3", "item": "colony_ship"}),
    ],
)
def test_the_room_command_reads_a_warships_modules(camp, args, value):
    state = CampaignStore(camp).load()
    lib = Rules(TableLibrary([shipped_tables_dir(), camp / "tables"])).library
    posted = parse_order(state, lib, "alice", "build", args)  # stage 1: alice's frame, home 0,0
    assert posted.kind == "build" and posted.value == value
    KINDS["build"].check(posted.value)  # the value an orders file writes


def test_the_room_command_refuses_an_unknown_module(camp):
    state = CampaignStore(camp).load()
    lib = TableLibrary([shipped_tables_dir()])
    with pytest.raises(InputError) as caught:
        parse_order(state, lib, "alice", "build", "frigate gun,laser")
    assert "'laser' is no ship module" in caught.value.text("en")


# ------------------------------------------------------------------ refit


def test_refit_at_the_leaders_planet_changes_the_modules_at_once(gm, camp):
    ok(gm("ship", "add", "-c", str(camp), "--player", "alice", "--class", "frigate"))
    data = ok_json(
        gm(
            "ship",
            "refit",
            "-c",
            str(camp),
            "--player",
            "alice",
            "--ship",
            "Фрегат",
            "--hex",
            "1,-3",
            "--modules",
            "gun,gun,bombs",
            "--format",
            "json",
        )
    )
    assert data["kind"] == "ship_refitted" and data["modules"] == ["gun", "gun", "bombs"]
    assert CampaignStore(camp).load().player("alice").ships.fitted == {"frigate": [["gun", "gun", "bombs"]]}
    out = ok(
        gm(
            "ship",
            "refit",
            "-c",
            str(camp),
            "--player",
            "alice",
            "--ship",
            "frigate",
            "--hex",
            "1,-3",
            "--modules",
            "gun",
            "--lang",
            "ru",
        )
    )
    assert "alice переоснащает корабль Фрегат в системе 1,-3: Орудие" in out


def test_refit_refusals(gm, camp):
    ok(gm("ship", "add", "-c", str(camp), "--player", "alice", "--class", "cruiser"))
    ok(gm("ship", "add", "-c", str(camp), "--player", "alice", "--class", "frigate"))
    ok(gm("ship", "add", "-c", str(camp), "--player", "alice", "--class", "frigate"))
    base = ("ship", "refit", "-c", str(camp), "--player", "alice")
    # a cruiser needs its base where it is refitted
    assert_error(gm(*base, "--ship", "cruiser", "--hex", "1,-3", "--modules", "gun"), "refitting ships:", "Star base")
    # only at a planet the leader controls
    assert_error(gm(*base, "--ship", "cruiser", "--hex", "-3,2", "--modules", "gun"), "-3,2 is not alice's")
    # two frigates: which one
    assert_error(gm(*base, "--ship", "frigate", "--hex", "1,-3", "--modules", "gun"), "has 2 of frigate", "1 to 2")
    # the new fitting is checked as a build's
    assert_error(
        gm(*base, "--ship", "frigate", "--number", "2", "--hex", "1,-3", "--modules", "ars"), "fitting out ships"
    )
    ok(gm(*base, "--ship", "frigate", "--number", "2", "--hex", "1,-3", "--modules", "bombs"))
    assert CampaignStore(camp).load().player("alice").ships.fitted == {"frigate": [[], ["bombs"]]}


def test_refit_with_a_base_for_a_cruiser(game):
    from gmtool.rules.orion.fitting import refit

    c, rules = game
    alice = c.player("alice")
    hw = c.game.homeworld(alice)
    hw.planet.base = "star_base"
    alice.ships["cruiser"] = 1
    done = refit(c, alice, "cruiser", None, hw.hex, ["gun"] * 4, rules.costs, rules.modules, rules.technologies)
    assert done.number == 1 and alice.ships.fitted["cruiser"] == [["gun"] * 4]


def test_researching_a_higher_level_improves_fitted_modules_and_the_report_says_so(game):
    from gmtool.rules.orion.research import note_modules_improved

    c, rules = game
    alice = c.player("alice")
    alice.technologies = ["combat_ship_modules_1"]
    from gmtool.rules.orion.fleet import add_ship

    add_ship(alice, "frigate", modules=["ars", "gun"])
    assert note_modules_improved(c, rules, alice, ["combat_ship_modules_2"]) == ["ars"]
    assert note_modules_improved(c, rules, alice, ["research_1"]) == []  # no fitted module of that line
    entry = [e for e in c.turn_state.log if e["kind"] == "modules_improved"]
    assert [e["modules"] for e in entry] == [["ars"]]
    from gmtool.report.records import entry_text

    assert entry_text(entry[0], "en") == "alice's fitted modules improve with research: ars"


# ------------------------------------------------------------------ upkeep (A8a)


def test_build_past_the_fleet_upkeep_is_refused_with_the_count(gm, camp):
    ok(gm("build", "-c", str(camp), "--player", "alice", "--hex", "1,-3", "frigate", "--modules", "gun,gun,gun"))
    res = gm("build", "-c", str(camp), "--player", "alice", "--hex", "1,-3", "frigate", "--modules", "gun")
    assert_error(res, "fleet upkeep: alice can keep 1 combat ship", "has or has ordered 1")
    res = gm("build", "-c", str(camp), "--player", "alice", "--hex", "1,-3", "frigate", "--lang", "ru")
    assert_error(res, "содержание флота: alice может держать 1 боевой корабль")
    ok(gm("build", "-c", str(camp), "--player", "alice", "--hex", "1,-3", "scout"))  # support ships do not count


def test_a_battle_station_supplies_one_more_ship(game):
    from gmtool.rules.orion.building import upkeep_limit

    c, rules = game
    alice = c.player("alice")
    c.game.homeworld(alice).planet.base = "battle_station"
    assert upkeep_limit(c, alice, rules.costs) == 2


# ------------------------------------------------------------------ ship lists


def test_status_lists_each_warship_with_its_modules(gm, camp):
    ok(gm("ship", "add", "-c", str(camp), "--player", "alice", "--class", "frigate"))
    ok(
        gm(
            "ship",
            "refit",
            "-c",
            str(camp),
            "--player",
            "alice",
            "--ship",
            "frigate",
            "--hex",
            "1,-3",
            "--modules",
            "gun,gun,bombs",
        )
    )
    ok(gm("ship", "add", "-c", str(camp), "--player", "alice", "--class", "frigate"))
    data = status(gm, camp, "--player", "alice")
    alice = data["players"][0]
    assert alice["warships"] == [
        {"class": "frigate", "number": 1, "modules": ["gun", "gun", "bombs"]},
        {"class": "frigate", "number": 2, "modules": []},
    ]
    text = ok(gm("status", "-c", str(camp), "--player", "alice"))
    assert "Frigate 1 — Gun ×2, Bombs" in text and "Frigate 2 — no modules recorded" in text
    ru = ok(gm("status", "-c", str(camp), "--lang", "ru"))
    assert "alice: Фрегат 1 — Орудие ×2, Бомбы" in ru


def test_the_private_report_lists_the_leaders_ships(gm, camp):
    give_tech(camp, "combat_ship_modules_1")
    ok(gm("build", "-c", str(camp), "--player", "alice", "--hex", "1,-3", "frigate", "--modules", "gun,gun,ars"))
    ok(gm("build", "-c", str(camp), "--player", "bob", "--hex", "-3,2", "scout"))
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp), "--lang", "ru"))
    alice = (camp / "reports" / "turn-01" / "alice.txt").read_text(encoding="utf-8")
    assert "Ваши корабли" in alice and "Разведчики: 1" in alice and "Флот: 1 (максимум 2)" in alice
    assert "Фрегат 1 — Орудие ×2, АСР" in alice
    assert "Фрегат (Орудие ×2, АСР) (0,0): постройка завершена" in alice
    bob = (camp / "reports" / "turn-01" / "bob.txt").read_text(encoding="utf-8")
    assert "Разведчик (0,0): постройка завершена" in bob and "Разведчики: 2" in bob
    models = json.loads((camp / "reports" / "models" / "turn-01.json").read_text(encoding="utf-8"))
    assert "frigate" in json.dumps(models)


# ------------------------------------------------------------------ the derelict (A4.3)


@pytest.mark.parametrize(("ship", "guns"), [("dreadnought", 4), ("titan", 5)])
def test_the_derelict_comes_with_the_repair_system_and_size_minus_one_guns(game, ship, guns):
    c, rules = game
    alice = c.player("alice")
    assert derelict_modules(rules.costs.row(ship), rules.modules) == ["ars"] + ["gun"] * guns
    system = System(hex=Hex(0, 5), discovery="planet")
    changes = apply_gain(c, alice, system, "ship", ship, "scout", 0, library=rules.library)
    assert changes == [{"player": "alice", "ship_gained": ship, "modules": ["ars"] + ["gun"] * guns}]
    assert alice.ships.fitted == {ship: [["ars"] + ["gun"] * guns]}
    from gmtool.report.records import changes_text

    assert (
        changes_text(changes, "en", rules_label(rules))
        == f"a {ship.capitalize()} joins the fleet, fitted: ARS, Gun ×{guns}"
    )


def rules_label(rules):
    from gmtool.report.labels import rule_labels

    return rule_labels(rules.library, "en")


# ------------------------------------------------------------------ blockade (A7)


def test_a_blockade_stops_ships_and_bases_but_not_buildings(game):
    c, rules = game
    alice = c.player("alice")
    hw = c.game.homeworld(alice)
    hw.planet.blockaded = True
    with pytest.raises(RuleRefused) as caught:
        order_build(c, alice, hw.hex, "frigate", rules.costs)
    assert caught.value.key == "orion.build_blockade"
    with pytest.raises(RuleRefused):
        order_build(c, alice, hw.hex, "star_base", rules.costs)
    order_build(c, alice, hw.hex, "auto_lab", rules.costs)  # allowed (A7 names ships and bases)
    out = produce(c, rules.orion, rules.production, rules.costs, rules.modules)
    assert "auto_lab" in hw.planet.buildings and out.builds[0]["built"] is True


def test_under_blockade_a_building_is_paid_from_the_planets_pp_only(game):
    c, rules = game
    alice = c.player("alice")
    hw = c.game.homeworld(alice)
    hw.planet.blockaded = True
    hw.planet.population = 1  # too few PP for 10; BC may not become PP there (A7)
    hw.planet.scientists = 0
    alice.bc = 50
    order_build(c, alice, hw.hex, "auto_lab", rules.costs)
    out = produce(c, rules.orion, rules.production, rules.costs, rules.modules)
    assert out.builds[0]["built"] is False and out.builds[0]["reason"] == "blockade"
    assert "auto_lab" not in hw.planet.buildings


def test_a_blockaded_building_by_command(gm, camp):
    store = CampaignStore(camp)
    state = store.load()
    state.game.system(Hex.parse("1,-3")).planet.blockaded = True
    store.save(state)
    ok(gm("build", "-c", str(camp), "--player", "alice", "--hex", "1,-3", "auto_lab"))
    assert_error(
        gm("build", "-c", str(camp), "--player", "alice", "--hex", "1,-3", "frigate"),
        "under blockade",
        "(the blockade rule)",
    )


# ------------------------------------------------------------------ a moderator's own modules


def test_a_campaigns_own_module_row_runs_with_no_python_change(gm, camp):
    own = camp / "tables" / "orion"
    shipped = (shipped_tables_dir() / "orion" / "modules.toml").read_text(encoding="utf-8")
    own.joinpath("modules.toml").write_text(
        shipped + '\n[[row]]\nid = "laser"\nlabel = { en = "Laser", ru = "Лазер" }\n'
        'values = { slots = 2, technology = "combat_ship_modules", level = 2, excludes = ["bombs"], cost = 3 }\n',
        encoding="utf-8",
    )
    base = ("build", "-c", str(camp), "--player", "alice", "--hex", "1,-3", "frigate", "--modules")
    assert_error(gm(*base, "laser"), "Laser needs Combat Ship Modules at level 2")
    give_tech(camp, "combat_ship_modules_2")
    assert_error(gm(*base, "laser,bombs"), "Laser cannot be fitted together with Bombs")
    out = ok(gm(*base, "Лазер,gun", "--format", "json"))
    assert json.loads(out)["cost"] == 8 + 3  # the module's cost joins the ship's


def test_a_blockade_needs_bombs_where_gmtool_knows_the_fleet(gm, camp):
    base = ("blockade", "-c", str(camp), "--hex", "1,-3", "--by", "bob")
    ok(gm("ship", "add", "-c", str(camp), "--player", "bob", "--class", "frigate"))
    ok(
        gm(
            "ship",
            "refit",
            "-c",
            str(camp),
            "--player",
            "bob",
            "--ship",
            "frigate",
            "--hex",
            "-3,2",
            "--modules",
            "gun",
        )
    )
    before = (camp / "campaign.toml").read_bytes()
    assert_error(gm(*base), "blockade (A7): every warship of bob is recorded with its modules and none carries bombs")
    assert_error(gm(*base, "--lang", "ru"), "блокада (A7)")
    assert (camp / "campaign.toml").read_bytes() == before
    ok(
        gm(
            "ship",
            "refit",
            "-c",
            str(camp),
            "--player",
            "bob",
            "--ship",
            "frigate",
            "--hex",
            "-3,2",
            "--modules",
            "gun,bombs",
        )
    )
    ok(gm(*base))
    assert CampaignStore(camp).load().game.system(Hex.parse("1,-3")).planet.blockaded_by == "bob"


def test_a_blockade_by_a_leader_whose_modules_gmtool_does_not_know_stays_the_moderators(gm, camp):
    ok(gm("ship", "add", "-c", str(camp), "--player", "bob", "--class", "frigate"))  # no modules recorded
    ok(gm("blockade", "-c", str(camp), "--hex", "1,-3", "--by", "bob"))


def test_a_technology_researched_with_rp_improves_fitted_modules_too():
    """A8a: modules improve with research whichever way the level comes — bought with RP
    (`research --tech`, an orders file's or a room's research) as well as handed out."""
    from gmtool.rules.orion.fleet import add_ship
    from gmtool.rules.orion.research import research, settle_research

    lib = TableLibrary([shipped_tables_dir()])  # the shipped technologies and their costs
    c, rules = new_campaign("t", ["alice", "bob"], RandomSource(1), lib, "0" * 64), Rules(lib)
    alice = c.player("alice")
    alice.technologies = ["combat_ship_modules_1"]
    alice.rp = 500
    add_ship(alice, "frigate", modules=["ars", "gun"])
    research(c, alice, rules.technologies, "combat_ship_modules_2", rules)
    settle_research(c, rules)  # after production (A13.1, wave 4)
    assert [e["modules"] for e in c.turn_state.log if e["kind"] == "modules_improved"] == [["ars"]]
    assert "combat_ship_modules_2" in alice.technologies
