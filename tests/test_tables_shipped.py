"""Every row of every shipped orion table, pinned with fixed dice against docs/rules-orion.md.

The expected values below are copied from docs/rules-orion.md A4.1–A4.6 and A5, not from the
TOML files, so a mistake in a table shows up here as a failing test.
"""

from __future__ import annotations

import re

import pytest

from gmtool.dice.sources import FixedSource
from gmtool.errors import TableError
from gmtool.rolltables import (
    load_table,
    modifier_from_text,
    roll_table,
    shipped_tables_dir,
)

ORION_IDS = [
    "orion/agent-outcomes",
    "orion/agent-specialities",
    "orion/agents",
    "orion/bills",
    "orion/buildings",
    "orion/costs",
    "orion/events",
    "orion/exploration",
    "orion/guardian",
    "orion/modules",
    "orion/monster-kind",
    "orion/negative-events",
    "orion/planet-properties",
    "orion/positive-events",
    "orion/production",
    "orion/quests-common",
    "orion/quests-stage1",
    "orion/records",
    "orion/ships",
    "orion/start",
    "orion/technologies",
    "orion/world-size",
    "orion/world-type",
]


def shipped(name: str):
    return load_table(shipped_tables_dir() / "orion" / f"{name}.toml")


def roll_once(table, face, **kw):
    source = FixedSource([face])
    result = roll_table(table, source, library=None, **kw)
    assert source.remaining == []
    return result


# --------------------------------------------------------------------------- A4.1

# d10 → (row id, discovery, properties, event, next table)
EXPLORATION = {
    1: ("empty", "empty", [], None, ()),
    2: ("asteroids", "asteroids", [], None, ()),
    3: ("gravity", "planet", ["gravity"], None, ()),
    4: ("hostile", "planet", ["hostile"], "negative", ("negative-events",)),
    5: ("poor", "planet", ["poor"], "negative", ("negative-events",)),
    6: ("ordinary", "planet", [], None, ()),
    7: ("ordinary", "planet", [], None, ()),
    8: ("favorable", "planet", ["favorable"], "positive", ("positive-events",)),
    9: ("rich", "planet", ["rich"], "positive", ("positive-events",)),
    10: ("artifacts", "planet", ["artifacts"], None, ()),
}


@pytest.mark.parametrize("face", sorted(EXPLORATION))
def test_exploration_row(face):
    row_id, discovery, properties, event, nxt = EXPLORATION[face]
    table = shipped("exploration")
    result = roll_once(table, face)
    assert result.face == result.adjusted == result.total == face
    assert result.row.id == row_id
    assert result.row.value("discovery") == discovery
    assert list(result.row.value("properties", default=[])) == properties
    assert result.row.value("event") == event
    assert result.row.next == nxt
    assert result.nested == []  # library=None: no nested rolls


def test_exploration_shape():
    table = shipped("exploration")
    assert table.sides == 10
    assert table.divide is None
    assert [r.id for r in table.rows] == [
        "empty",
        "asteroids",
        "gravity",
        "hostile",
        "poor",
        "ordinary",
        "favorable",
        "rich",
        "artifacts",
    ]


def test_exploration_properties_name_planet_properties_rows():
    exploration, props = shipped("exploration"), shipped("planet-properties")
    prop_ids = {r.id for r in props.rows}
    for row in exploration.rows:
        for prop in row.value("properties", default=[]):
            assert prop in prop_ids, (row.id, prop)


# --------------------------------------------------------------------------- A4.2

NEGATIVE = {
    1: "fleet_lost",
    2: "make_hostile",
    3: "make_poor",
    4: "make_gravity",
    5: "contamination",
    6: "monster_derelict",
    7: "monster_treasure",
    8: "monster_natives",
    9: "monster_lost_colony",
    10: "monster_artifact_world",
}


@pytest.mark.parametrize("face", sorted(NEGATIVE))
def test_negative_event_row_without_stage(face):
    result = roll_once(shipped("negative-events"), face)
    assert result.row.id == NEGATIVE[face]
    assert result.face == result.adjusted == result.total == face
    assert not result.divided


@pytest.mark.parametrize("stage", [2, 3])
@pytest.mark.parametrize("face", sorted(NEGATIVE))
def test_negative_event_stages_2_and_3_not_halved(face, stage):
    result = roll_once(shipped("negative-events"), face, stage=stage)
    assert result.row.id == NEGATIVE[face]
    assert result.adjusted == result.total == face
    assert not result.divided
    assert result.stage == stage


@pytest.mark.parametrize("face", range(1, 11))
def test_negative_event_stage_1_halved_rounding_up(face):
    expected = (face + 1) // 2  # ceil(d10/2)
    result = roll_once(shipped("negative-events"), face, stage=1)
    assert result.face == face
    assert result.adjusted == result.total == expected
    assert result.row.id == NEGATIVE[expected]
    assert result.divided == (face != expected)


@pytest.mark.parametrize(
    "face, adjusted, row_id",
    [
        (10, 5, "contamination"),
        (1, 1, "fleet_lost"),
        (6, 3, "make_poor"),
        (9, 5, "contamination"),
        (2, 1, "fleet_lost"),
    ],
)
def test_negative_event_stage_1_examples(face, adjusted, row_id):
    result = roll_once(shipped("negative-events"), face, stage=1)
    assert (result.face, result.adjusted, result.total, result.row.id) == (face, adjusted, adjusted, row_id)
    data = result.to_data()
    assert data["face"] == face
    assert data["total"] == adjusted
    if face != adjusted:
        assert data["divided"] == adjusted
    else:
        assert "divided" not in data


def test_negative_event_values():
    table = shipped("negative-events")
    assert table.row("fleet_lost").value("ship_lost") is True
    assert table.row("make_hostile").value("add_property") == "hostile"
    assert table.row("make_poor").value("add_property") == "poor"
    assert table.row("make_gravity").value("add_property") == "gravity"
    contamination = table.row("contamination")
    assert contamination.value("lose_orders") == 1
    assert contamination.value("lose_colonists_if_no_orders") == 1
    # monster rows: guard positive events 6–10 and roll the monster kind next (A4 step 3)
    guards = {
        "monster_derelict": "derelict",
        "monster_treasure": "treasure",
        "monster_natives": "natives",
        "monster_lost_colony": "lost_colony",
        "monster_artifact_world": "artifact_world",
    }
    for row_id, guarded in guards.items():
        row = table.row(row_id)
        # ordinary in stage 2, great in stage 3 (docs/rules-orion.md A4.3)
        assert row.value("monster", 2) == "ordinary"
        assert row.value("monster", 3) == "great"
        assert row.value("guards") == guarded
        assert row.next == ("monster-kind",)
    for row_id in ("fleet_lost", "make_hostile", "make_poor", "make_gravity", "contamination"):
        assert table.row(row_id).next == ()
        assert not table.row(row_id).value("monster")


def test_negative_monsters_guard_the_positive_events_of_the_same_number():
    negative, positive = shipped("negative-events"), shipped("positive-events")
    for face in range(6, 11):
        assert negative.lookup(face).value("guards") == positive.lookup(face).id


def test_negative_events_divide_spec():
    table = shipped("negative-events")
    assert table.divide is not None
    assert (table.divide.by, table.divide.round_up, table.divide.stages) == (2, True, (1,))


# --------------------------------------------------------------------------- A4.3

POSITIVE = {
    1: "technology",
    2: "make_favorable",
    3: "make_rich",
    4: "make_artifacts",
    5: "rare_elements",
    6: "derelict",
    7: "treasure",
    8: "natives",
    9: "lost_colony",
    10: "artifact_world",
}


@pytest.mark.parametrize("face", sorted(POSITIVE))
def test_positive_event_row_without_stage(face):
    result = roll_once(shipped("positive-events"), face)
    assert result.row.id == POSITIVE[face]
    assert result.face == result.adjusted == result.total == face


@pytest.mark.parametrize("stage", [2, 3])
@pytest.mark.parametrize("face", sorted(POSITIVE))
def test_positive_event_stages_2_and_3_not_halved(face, stage):
    result = roll_once(shipped("positive-events"), face, stage=stage)
    assert result.row.id == POSITIVE[face]
    assert result.adjusted == result.total == face
    assert not result.divided


@pytest.mark.parametrize("face", range(1, 11))
def test_positive_event_stage_1_halved_rounding_up(face):
    expected = (face + 1) // 2
    result = roll_once(shipped("positive-events"), face, stage=1)
    assert result.face == face
    assert result.adjusted == result.total == expected
    assert result.row.id == POSITIVE[expected]


def test_positive_event_values():
    table = shipped("positive-events")
    assert table.row("technology").value("technologies") == 2
    assert table.row("make_favorable").value("add_property") == "favorable"
    assert table.row("make_rich").value("add_property") == "rich"
    assert table.row("make_artifacts").value("add_property") == "artifacts"
    assert table.row("rare_elements").value("bc") == 8
    assert table.row("rare_elements").value("bc", 1) == 8  # not per stage

    derelict = table.row("derelict")
    assert derelict.value("ship", 2) == "dreadnought"
    assert derelict.value("ship", 3) == "titan"
    assert derelict.value("ship", 1) is None
    assert derelict.value("ship") is None

    treasure = table.row("treasure")
    assert treasure.value("bc", 2) == 24
    assert treasure.value("bc", 3) == 36
    assert treasure.value("bc", 1) is None
    assert treasure.value("bc") is None

    natives = table.row("natives")
    assert natives.value("colonists") == 2
    assert natives.value("min_size") == "small"

    lost_colony = table.row("lost_colony")
    assert lost_colony.value("type") == "terran"
    assert sorted(lost_colony.value("buildings")) == ["auto_factory", "auto_lab", "robo_mine"]

    assert table.row("artifact_world").value("science_level") == 3
    for row in table.rows:  # positive events lead to no further table
        assert row.next == ()


def test_positive_event_references_name_existing_rows():
    table = shipped("positive-events")
    assert table.row("natives").value("min_size") in {r.id for r in shipped("world-size").rows}
    assert table.row("lost_colony").value("type") in {r.id for r in shipped("world-type").rows}
    props = {r.id for r in shipped("planet-properties").rows}
    for t in (table, shipped("negative-events")):
        for row in t.rows:
            if "add_property" in row.values:
                assert row.value("add_property") in props


def test_positive_events_divide_spec():
    table = shipped("positive-events")
    assert (table.divide.by, table.divide.round_up, table.divide.stages) == (2, True, (1,))


# --------------------------------------------------------------------------- A4.4 type

TYPE_BY_TOTAL = {  # docs/rules-orion.md A4.4: total → (type id, production)
    2: ("terran", 4),
    3: ("ocean", 3),
    4: ("ocean", 3),
    5: ("steppe", 3),
    6: ("toxic", 2),
    7: ("barren", 2),
    8: ("barren", 2),
    9: ("inferno", 1),
}
PRODUCTION = {"terran": 4, "ocean": 3, "steppe": 3, "toxic": 2, "barren": 2, "inferno": 1}
COLONISABLE = {"terran", "ocean", "steppe"}  # docs/rules-orion.md A4.4, the −2 modifier


def expected_type(total: int) -> str:
    if total <= 2:
        return "terran"
    if total >= 9:
        return "inferno"
    return TYPE_BY_TOTAL[total][0]


@pytest.mark.parametrize("face", range(1, 11))
def test_world_type_no_modifier(face):
    result = roll_once(shipped("world-type"), face)
    assert result.total == face
    assert result.modifiers == []
    assert result.row.id == expected_type(face)
    assert result.row.value("production") == PRODUCTION[expected_type(face)]


@pytest.mark.parametrize("total", sorted(TYPE_BY_TOTAL))
def test_world_type_boundaries(total):
    type_id, production = TYPE_BY_TOTAL[total]
    table = shipped("world-type")
    # reach the same total from several faces, with a bare-number modifier
    for face in range(1, 11):
        mod = total - face
        mods = [modifier_from_text(table, f"{mod:+d}")] if mod else []
        result = roll_once(table, face, modifiers=mods)
        assert result.total == total
        assert result.row.id == type_id
        assert result.row.value("production") == production


def test_world_type_open_low_end():
    table = shipped("world-type")
    mods = [
        modifier_from_text(table, "no-terran-near-homeworld"),
        modifier_from_text(table, "few-colonisable-near-homeworld"),
        modifier_from_text(table, "+2"),
        modifier_from_text(table, "poor"),
    ]  # −4 −2 +2 −3 = −7
    assert sum(m.value for m in mods) == -7
    result = roll_once(table, 1, modifiers=mods)
    assert result.face == 1
    assert result.total == -6
    assert result.row.id == "terran"
    assert result.row.value("production") == 4


def test_world_type_open_high_end():
    table = shipped("world-type")
    result = roll_once(table, 10, modifiers=[modifier_from_text(table, "rich")])
    assert result.total == 13
    assert result.row.id == "inferno"
    assert result.row.value("production") == 1


@pytest.mark.parametrize("total", [-20, -1, 0, 1, 2, 9, 10, 13, 20, 30])
def test_world_type_open_ends_catch_everything(total):
    assert shipped("world-type").lookup(total).id == expected_type(total)


@pytest.mark.parametrize(
    "name, value",
    [
        ("hostile", 2),
        ("favorable", -2),
        ("rich", 3),
        ("poor", -3),
        ("no-terran-near-homeworld", -4),
        ("few-colonisable-near-homeworld", -2),
    ],
)
def test_world_type_named_modifiers(name, value):
    table = shipped("world-type")
    mod = modifier_from_text(table, name)
    assert mod.value == value
    assert mod.id == name
    assert mod.label["en"] and mod.label["ru"]
    assert mod.to_data() == {"value": value, "id": name}


@pytest.mark.parametrize("text, value", [("-4", -4), ("+2", 2), ("3", 3), (" -2 ", -2), ("−4", -4), ("0", 0)])
def test_world_type_numeric_modifiers(text, value):
    mod = modifier_from_text(shipped("world-type"), text)
    assert mod.value == value
    assert mod.id is None
    assert mod.to_data() == {"value": value}


def test_world_type_unknown_modifier_is_a_table_error():
    with pytest.raises(TableError, match="no modifier named 'swampy'"):
        modifier_from_text(shipped("world-type"), "swampy")


def test_world_type_modifier_set_is_exactly_the_rules():
    table = shipped("world-type")
    assert {m.id: m.value for m in table.modifiers} == {
        "hostile": 2,
        "favorable": -2,
        "rich": 3,
        "poor": -3,
        "no-terran-near-homeworld": -4,
        "few-colonisable-near-homeworld": -2,
    }


def test_world_type_colonisable():
    table = shipped("world-type")
    assert [r.id for r in table.rows] == ["terran", "ocean", "steppe", "toxic", "barren", "inferno"]
    for row in table.rows:
        assert row.value("production") == PRODUCTION[row.id]
        assert row.value("colonisable") is (row.id in COLONISABLE)


def test_world_type_modifiers_with_modifier_data():
    table = shipped("world-type")
    result = roll_once(table, 4, modifiers=[modifier_from_text(table, "hostile")])
    assert result.total == 6 and result.row.id == "toxic"
    assert result.to_data()["modifiers"] == [{"value": 2, "id": "hostile"}]


# --------------------------------------------------------------------------- A4.4 size

SIZE = {
    1: ("tiny", 1),
    2: ("small", 2),
    3: ("small", 2),
    4: ("medium", 3),
    5: ("medium", 3),
    6: ("medium", 3),
    7: ("medium", 3),
    8: ("large", 4),
    9: ("large", 4),
    10: ("huge", 5),
}


@pytest.mark.parametrize("face", sorted(SIZE))
def test_world_size(face):
    size_id, max_pop = SIZE[face]
    result = roll_once(shipped("world-size"), face)
    assert result.row.id == size_id
    assert result.row.value("max_population") == max_pop


# --------------------------------------------------------------------------- A4.6

MONSTER = {
    1: "serpent",
    2: "serpent",
    3: "crystal",
    4: "crystal",
    5: "amoeba",
    6: "amoeba",
    7: "hydra",
    8: "hydra",
    9: "dragon",
    10: "dragon",
}


@pytest.mark.parametrize("face", sorted(MONSTER))
def test_monster_kind(face):
    result = roll_once(shipped("monster-kind"), face)
    assert result.row.id == MONSTER[face]


@pytest.mark.parametrize("face", [1, 6, 10])
@pytest.mark.parametrize("stage", [None, 1, 2, 3])
def test_monster_kind_not_divided_in_any_stage(face, stage):
    result = roll_once(shipped("monster-kind"), face, stage=stage)
    assert result.adjusted == face and result.row.id == MONSTER[face]


def test_monster_kind_great_forms():
    table = shipped("monster-kind")
    for row in table.rows:
        great = row.value("great")
        assert set(great) >= {"en", "ru"}
        assert row.label["en"].lower() in great["en"].lower()
        assert great["en"].startswith("Great")


# --------------------------------------------------------------------------- A5

PROPERTIES = {  # docs/rules-orion.md A5
    "favorable": {"max_population": 1, "growth": 2},
    "hostile": {"max_population": -1, "min_max_population": 1, "growth": 0},
    "poor": {"pp_per_worker": -1},
    "rich": {"pp_per_worker": 1},
    "gravity": {"pp_per_worker": -1, "rp_per_scientist": -1},
    "artifacts": {"rp_bonus_per_scientist": 2},
}
SHORT_RU = {"favorable": "БОС", "hostile": "НОС", "poor": "БМ", "rich": "ЗМ", "gravity": "НГ", "artifacts": "АРТ"}


def test_planet_properties_rows():
    table = shipped("planet-properties")
    assert table.sides is None
    assert [r.id for r in table.rows] == list(PROPERTIES)
    for row in table.rows:
        assert row.values == PROPERTIES[row.id], row.id
        assert row.low is None and row.high is None


def test_planet_properties_russian_abbreviations():
    table = shipped("planet-properties")
    for row in table.rows:
        assert row.short.get("ru") == SHORT_RU[row.id]


def test_planet_properties_cannot_be_rolled():
    source = FixedSource([1])
    with pytest.raises(TableError, match="no die"):
        roll_table(shipped("planet-properties"), source, library=None)
    assert source.remaining == [1]  # no die was consumed


# --------------------------------------------------------------------------- labels

CYRILLIC = re.compile(r"[\u0400-\u04FF]")


@pytest.mark.parametrize("table_id", ORION_IDS)
def test_every_table_and_row_has_en_and_ru_labels(table_id, shipped_tables):
    table = shipped_tables.get(table_id)
    for labels, what in [(table.title, "title")] + [(r.label, f"row {r.id}") for r in table.rows]:
        assert labels.get("en", "").strip(), (table_id, what)
        assert labels.get("ru", "").strip(), (table_id, what)
        assert CYRILLIC.search(labels["ru"]), (table_id, what, labels["ru"])
        assert not CYRILLIC.search(labels["en"]), (table_id, what, labels["en"])
    for name, col in table.columns.items():
        assert col.label.get("en") and CYRILLIC.search(col.label.get("ru", "")), (table_id, name)
    for mod in table.modifiers:
        assert mod.label.get("en") and CYRILLIC.search(mod.label.get("ru", "")), (table_id, mod.id)


@pytest.mark.parametrize("table_id", ORION_IDS)
def test_column_table_references_resolve(table_id, shipped_tables):
    library = shipped_tables
    table = library.get(table_id)
    for name, col in table.columns.items():
        if col.table:
            ref = library.get(col.table, table.ruleset)
            assert ref.ruleset == "orion", (table_id, name)


# --------------------------------------------------------------------------- nesting


def test_nested_hostile_then_negative_event_halved_in_stage_1(shipped_tables):
    library = shipped_tables
    source = FixedSource([4, 6])
    result = roll_table(library.get("orion/exploration"), source, stage=1, library=library)
    assert source.remaining == []
    assert result.row.id == "hostile"
    assert len(result.nested) == 1
    event = result.nested[0]
    assert event.table.id == "orion/negative-events"
    assert (event.face, event.adjusted, event.total) == (6, 3, 3)
    assert event.row.id == "make_poor"
    assert event.stage == 1
    assert event.nested == []
    assert [r.row.id for r in result.all_rolls()] == ["hostile", "make_poor"]
    assert source.labels == ["orion/exploration", "orion/negative-events"]


def test_nested_poor_then_monster_then_kind_in_stage_3(shipped_tables):
    library = shipped_tables
    source = FixedSource([5, 10, 3])
    result = roll_table(library.get("orion/exploration"), source, stage=3, library=library)
    assert source.remaining == []
    assert [(r.table.id, r.face, r.total, r.row.id) for r in result.all_rolls()] == [
        ("orion/exploration", 5, 5, "poor"),
        ("orion/negative-events", 10, 10, "monster_artifact_world"),
        ("orion/monster-kind", 3, 3, "crystal"),
    ]
    data = result.to_data()
    assert data["next"][0]["next"][0]["row"] == "crystal"


def test_nested_positive_event_in_stage_2(shipped_tables):
    library = shipped_tables
    source = FixedSource([9, 7])
    result = roll_table(library.get("orion/exploration"), source, stage=2, library=library)
    assert source.remaining == []
    assert [r.row.id for r in result.all_rolls()] == ["rich", "treasure"]
    assert result.nested[0].row.value("bc", 2) == 24


@pytest.mark.parametrize("face", [1, 2, 3, 6, 7, 10])
def test_nested_no_event_consumes_one_die(face, shipped_tables):
    library = shipped_tables
    source = FixedSource([face, 5])
    result = roll_table(library.get("orion/exploration"), source, stage=2, library=library)
    assert result.nested == []
    assert source.remaining == [5]


def test_nested_runs_out_of_dice_is_a_dice_error(shipped_tables):
    from gmtool.errors import DiceError

    library = shipped_tables
    with pytest.raises(DiceError, match="too few faces"):
        roll_table(library.get("orion/exploration"), FixedSource([4]), stage=2, library=library)


# --------------------------------------------------------------------------- library


def test_check_all_shipped_tables(shipped_tables):
    tables, errors = shipped_tables.check_all()
    assert errors == []
    assert sorted(t.id for t in tables if t.ruleset == "orion") == ORION_IDS
    assert {t.id for t in tables if t.ruleset == "venus"} == {
        "venus/board",
        "venus/encounter-tokens",
        "venus/first-contact",
        "venus/races",
        "venus/rules",
        "venus/ships",
    }


def test_library_ids_and_resolve(shipped_tables):
    library = shipped_tables
    assert library.ids("orion") == ORION_IDS
    assert library.resolve("world-type") == "orion/world-type"
    assert library.find_row("world-size", "orion", "huge").value("max_population") == 5
    assert library.find_row("world-size", "orion", "gigantic") is None
