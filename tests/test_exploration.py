"""The exploration chain (docs/rules-orion.md A4.1–A4.6, A5) pinned with fixed dice.

Every test feeds ``explore()`` (or ``special_planet()`` / ``make_planet()``) an exact
list of faces and then checks that no face is left over, so each test also pins the
binding dice order: exploration (rerolls first) → event (halved, rounding up, in
stage 1) → monster kind → world type (d10 + modifiers) → size.

Expected values are written from docs/rules-orion.md, not read from tables/orion/*.toml.
"""

from __future__ import annotations

import math

import pytest

from gmtool.dice.sources import FixedSource
from gmtool.errors import DiceError, InputError
from gmtool.rolltables.roller import DiceRoller
from gmtool.rules.orion.exploration import (
    TOO_FEW_PLANETS,
    TOO_MANY_PLANETS,
    explore,
    make_planet,
    special_planet,
)
from gmtool.rules.orion.neighbourhood import Neighbourhood
from orion_by_hand import (
    ADDS,
    MONSTER,
    NEGATIVE,
    POSITIVE,
    PRODUCTION,
    SIZE,
    TABLES,
    TYPE_MOD,
    expected_gains,
    world_type,
)

# ------------------------------------------------------------------ docs/rules-orion.md, by hand

# A4.2 / A4.3: event roll → id.
# Events that add a property (A4.2/A4.3).
# Exploration faces with an event (A4.1): face → (property, event kind).
EVENT_ROWS = {
    4: ("hostile", "negative"),
    5: ("poor", "negative"),
    8: ("favorable", "positive"),
    9: ("rich", "positive"),
}
# A4.6: monster kind d10.
# A4.4 size d10 → (size id, base max population).
# A4.4 world-type modifiers.
T_EXPLORATION = "orion/exploration"
T_NEGATIVE = "orion/negative-events"
T_POSITIVE = "orion/positive-events"
T_MONSTER = "orion/monster-kind"
T_TYPE = "orion/world-type"
T_SIZE = "orion/world-size"


def halved(face: int) -> int:
    return math.ceil(face / 2)


# ------------------------------------------------------------------ helpers


def run(faces, stage=1, near=None):
    """Explore with exactly these faces; every face must be used."""
    src = FixedSource(faces)
    result = explore(DiceRoller(src), TABLES, stage, near)
    assert src.remaining == [], f"faces left over: {src.remaining}"
    return result, result.to_data()


def run_special(faces, stage=1, **kw):
    src = FixedSource(faces)
    result = special_planet(DiceRoller(src), TABLES, stage, **kw)
    assert src.remaining == [], f"faces left over: {src.remaining}"
    return result, result.to_data()


def run_make_planet(faces, properties, near=None, **kw):
    src = FixedSource(faces)
    planet = make_planet(DiceRoller(src), TABLES, properties, near, **kw)
    assert src.remaining == [], f"faces left over: {src.remaining}"
    return planet


def tables_of(data) -> list[str]:
    return [r["table"] for r in data["rolls"]]


def faces_of(data) -> list[int]:
    return [r["value"] for r in data["rolls"]]


# ------------------------------------------------------------------ the binding example


def test_rules_example_stage1_hostile_poor_steppe_huge():
    result, data = run([4, 5, 6, 10], stage=1)
    assert data["stage"] == 1
    assert data["discovery"] == "planet"
    assert data["events"] == [{"kind": "negative", "roll": 3, "id": "make_poor", "ignored": False}]
    assert data["monster"] is None
    assert data["gains"] == {}
    planet = data["planet"]
    assert planet["properties"] == ["hostile", "poor"]
    assert result.planet.type_roll.total == 6 + 2 - 3 == 5
    assert planet["type"] == "steppe"
    assert planet["size"] == "huge"
    assert planet["max_population"] == 4  # huge 5, hostile −1
    assert planet["production"] == 3
    assert planet["pp_per_worker"] == 2  # 3 − 1 (poor)
    assert planet["rp_per_scientist"] == 3
    assert planet["growth"] == 0  # hostile never grows
    assert data["rolls"] == [
        {"table": "orion/exploration", "value": 4},
        {"table": "orion/negative-events", "value": 5},
        {"table": "orion/world-type", "value": 6},
        {"table": "orion/world-size", "value": 10},
    ]
    assert data["rerolls"] == []
    assert data["reroll_reason"] is None
    assert data["near_homeworld"] is None


# ------------------------------------------------------------------ A4.1 each result


@pytest.mark.parametrize("stage", [1, 2, 3])
@pytest.mark.parametrize("face,discovery", [(1, "empty"), (2, "asteroids")])
def test_no_planet_results_roll_nothing_more(face, discovery, stage):
    result, data = run([face], stage=stage)
    assert data["discovery"] == discovery
    assert data["planet"] is None and result.planet is None
    assert data["events"] == [] and data["monster"] is None and data["gains"] == {}
    assert data["rolls"] == [{"table": T_EXPLORATION, "value": face}]


# face, type face, size face → properties, type, size, max pop, pp, rp, growth
@pytest.mark.parametrize(
    "faces,props,type_,size,max_pop,pp,rp,growth",
    [
        ([3, 5, 5], ["gravity"], "steppe", "medium", 3, 2, 2, 1),
        ([3, 9, 1], ["gravity"], "inferno", "tiny", 1, 0, 0, 1),
        ([6, 1, 4], [], "terran", "medium", 3, 4, 4, 1),
        ([7, 2, 8], [], "terran", "large", 4, 4, 4, 1),
        ([6, 3, 10], [], "ocean", "huge", 5, 3, 3, 1),
        ([7, 6, 2], [], "toxic", "small", 2, 2, 2, 1),
        ([10, 7, 2], ["artifacts"], "barren", "small", 2, 2, 4, 1),
        ([10, 10, 9], ["artifacts"], "inferno", "large", 4, 1, 3, 1),
    ],
)
def test_planet_results_without_event(faces, props, type_, size, max_pop, pp, rp, growth):
    result, data = run(faces, stage=1)
    assert data["discovery"] == "planet"
    assert data["events"] == [] and data["monster"] is None and data["gains"] == {}
    assert data["planet"] == {
        "type": type_,
        "size": size,
        "max_population": max_pop,
        "production": PRODUCTION[type_],
        "properties": props,
        "pp_per_worker": pp,
        "rp_per_scientist": rp,
        "growth": growth,
    }
    assert result.exploration.face == faces[0]
    assert result.planet.type_roll.modifiers == []
    assert tables_of(data) == [T_EXPLORATION, T_TYPE, T_SIZE]
    assert faces_of(data) == faces


@pytest.mark.parametrize(
    "face,row",
    [
        (1, "empty"),
        (2, "asteroids"),
        (3, "gravity"),
        (4, "hostile"),
        (5, "poor"),
        (6, "ordinary"),
        (7, "ordinary"),
        (8, "favorable"),
        (9, "rich"),
        (10, "artifacts"),
    ],
)
def test_each_exploration_face_reads_its_row(face, row):
    faces = [face]
    if face in EVENT_ROWS:
        faces.append(1)  # event: fleet_lost / technology — neither changes the planet
    if face >= 3:
        faces += [5, 5]  # type, size
    result, data = run(faces, stage=2)
    assert result.exploration.row.id == row
    assert data["discovery"] == {1: "empty", 2: "asteroids"}.get(face, "planet")
    if face >= 3:
        expected_props = {
            3: ["gravity"],
            4: ["hostile"],
            5: ["poor"],
            8: ["favorable"],
            9: ["rich"],
            10: ["artifacts"],
        }.get(face, [])
        assert data["planet"]["properties"] == expected_props
        total = 5 + sum(TYPE_MOD.get(p, 0) for p in expected_props)
        assert result.planet.type_roll.total == total
        assert data["planet"]["type"] == world_type(total)
    if face in EVENT_ROWS:
        assert data["events"][0]["kind"] == EVENT_ROWS[face][1]


# ------------------------------------------------------------------ A4.2/A4.3 events


@pytest.mark.parametrize("explore_face", [4, 5, 8, 9])
@pytest.mark.parametrize("event_face", range(1, 11))
def test_stage1_events_are_halved_rounding_up(explore_face, event_face):
    prop, kind = EVENT_ROWS[explore_face]
    roll = halved(event_face)
    event_id = (NEGATIVE if kind == "negative" else POSITIVE)[roll]
    result, data = run([explore_face, event_face, 5, 5], stage=1)
    ignored = ADDS.get(event_id) == prop
    assert data["events"] == [{"kind": kind, "roll": roll, "id": event_id, "ignored": ignored}]
    assert result.events[0].roll.face == event_face
    assert data["monster"] is None
    props = sorted({prop, ADDS.get(event_id, prop)})
    assert data["planet"]["properties"] == props
    assert data["gains"] == expected_gains(event_id, 1)
    # Stage 1 never reaches event 6–10, so no lost colony: the type is always rolled.
    assert tables_of(data) == [T_EXPLORATION, T_NEGATIVE if kind == "negative" else T_POSITIVE, T_TYPE, T_SIZE]
    assert faces_of(data) == [explore_face, event_face, 5, 5]
    assert result.planet.type_roll.total == 5 + sum(TYPE_MOD.get(p, 0) for p in props)


@pytest.mark.parametrize("stage", [2, 3])
@pytest.mark.parametrize("explore_face", [4, 5])
@pytest.mark.parametrize("event_face", range(1, 6))
def test_negative_events_1_to_5_in_stages_2_and_3(stage, explore_face, event_face):
    prop, _ = EVENT_ROWS[explore_face]
    event_id = NEGATIVE[event_face]
    result, data = run([explore_face, event_face, 4, 6], stage=stage)
    ignored = ADDS.get(event_id) == prop
    assert data["events"] == [{"kind": "negative", "roll": event_face, "id": event_id, "ignored": ignored}]
    assert data["monster"] is None
    assert data["gains"] == expected_gains(event_id, stage)
    props = sorted({prop, ADDS.get(event_id, prop)})
    assert data["planet"]["properties"] == props
    assert data["planet"]["size"] == "medium"
    assert tables_of(data) == [T_EXPLORATION, T_NEGATIVE, T_TYPE, T_SIZE]


@pytest.mark.parametrize("stage", [2, 3])
@pytest.mark.parametrize("explore_face", [8, 9])
@pytest.mark.parametrize("event_face", [1, 2, 3, 4, 5, 6, 7, 10])
def test_positive_events_in_stages_2_and_3(stage, explore_face, event_face):
    prop, _ = EVENT_ROWS[explore_face]
    event_id = POSITIVE[event_face]
    result, data = run([explore_face, event_face, 4, 6], stage=stage)
    ignored = ADDS.get(event_id) == prop
    assert data["events"] == [{"kind": "positive", "roll": event_face, "id": event_id, "ignored": ignored}]
    assert data["monster"] is None
    assert data["gains"] == expected_gains(event_id, stage)
    props = sorted({prop, ADDS.get(event_id, prop)})
    assert data["planet"]["properties"] == props
    assert tables_of(data) == [T_EXPLORATION, T_POSITIVE, T_TYPE, T_SIZE]
    assert result.planet.type_roll.total == 4 + sum(TYPE_MOD.get(p, 0) for p in props)


@pytest.mark.parametrize("stage,ship,bc", [(2, "dreadnought", 24), (3, "titan", 36)])
def test_stage_dependent_gains(stage, ship, bc):
    _, data = run([8, 6, 5, 5], stage=stage)
    assert data["events"][0]["id"] == "derelict"
    assert data["gains"] == {"ship": ship}
    _, data = run([9, 7, 5, 5], stage=stage)
    assert data["events"][0]["id"] == "treasure"
    assert data["gains"] == {"bc": bc}
    _, data = run([8, 5, 5, 5], stage=stage)
    assert data["gains"] == {"bc": 8}


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_contamination_loses_an_order(stage):
    event_face = 9 if stage == 1 else 5
    _, data = run([5, event_face, 5, 5], stage=stage)
    assert data["events"][0]["id"] == "contamination"
    assert data["gains"] == {"lose_orders": 1, "lose_colonists_if_no_orders": 1}
    assert data["planet"]["properties"] == ["poor"]


@pytest.mark.parametrize("stage", [1, 2, 3])
@pytest.mark.parametrize("explore_face", [4, 5])
def test_fleet_lost_still_generates_the_planet(stage, explore_face):
    result, data = run([explore_face, 1, 7, 3], stage=stage)
    assert data["events"][0]["id"] == "fleet_lost"
    assert data["gains"] == {"ship_lost": True}
    assert data["discovery"] == "planet"
    assert data["planet"] is not None
    assert data["planet"]["size"] == "small"
    assert data["planet"]["properties"] == [EVENT_ROWS[explore_face][0]]
    assert tables_of(data) == [T_EXPLORATION, T_NEGATIVE, T_TYPE, T_SIZE]


# ------------------------------------------------------------------ A4.6 monsters

GUARDS = {6: "derelict", 7: "treasure", 8: "natives", 9: "lost_colony", 10: "artifact_world"}


@pytest.mark.parametrize("stage", [2, 3])
@pytest.mark.parametrize("explore_face", [4, 5])
@pytest.mark.parametrize("event_face", [6, 7, 8, 10])
@pytest.mark.parametrize("monster_face", range(1, 11))
def test_monsters(stage, explore_face, event_face, monster_face):
    prop, _ = EVENT_ROWS[explore_face]
    result, data = run([explore_face, event_face, monster_face, 5, 4], stage=stage)
    guards = GUARDS[event_face]
    assert data["events"] == [{"kind": "negative", "roll": event_face, "id": NEGATIVE[event_face], "ignored": False}]
    assert data["monster"] == {
        "kind": MONSTER[monster_face],
        "great": stage == 3,
        "guards": guards,
        "gains_when_destroyed": expected_gains(guards, stage),
    }
    # The guarded bonus is gained only once the monster is destroyed.
    assert data["gains"] == {}
    assert result.monster.great is (stage == 3)
    assert result.monster.guards.id == guards
    assert data["discovery"] == "planet"
    assert data["planet"]["properties"] == [prop]
    assert data["planet"]["size"] == "medium"
    assert result.planet.type_roll.total == 5 + TYPE_MOD[prop]
    assert tables_of(data) == [T_EXPLORATION, T_NEGATIVE, T_MONSTER, T_TYPE, T_SIZE]
    assert faces_of(data) == [explore_face, event_face, monster_face, 5, 4]


@pytest.mark.parametrize("stage", [2, 3])
@pytest.mark.parametrize("explore_face", [4, 5])
@pytest.mark.parametrize("monster_face", [1, 4, 10])
def test_monster_guarding_lost_colony_has_no_type_roll(stage, explore_face, monster_face):
    prop, _ = EVENT_ROWS[explore_face]
    result, data = run([explore_face, 9, monster_face, 8], stage=stage)
    assert data["monster"] == {
        "kind": MONSTER[monster_face],
        "great": stage == 3,
        "guards": "lost_colony",
        "gains_when_destroyed": {"buildings": ["auto_lab", "auto_factory", "robo_mine"]},
    }
    assert data["gains"] == {}
    planet = data["planet"]
    assert planet["type"] == "terran"
    assert planet["type_fixed_by"] == "lost_colony"
    assert planet["production"] == 4
    assert planet["size"] == "large"
    assert planet["properties"] == [prop]
    assert result.planet.type_roll is None
    assert tables_of(data) == [T_EXPLORATION, T_NEGATIVE, T_MONSTER, T_SIZE]


# ------------------------------------------------------------------ ignored duplicates


@pytest.mark.parametrize(
    "stage,explore_face,event_face",
    [
        (1, 4, 3),
        (1, 4, 4),
        (2, 4, 2),
        (3, 4, 2),  # hostile + make_hostile
        (1, 5, 5),
        (1, 5, 6),
        (2, 5, 3),
        (3, 5, 3),  # poor + make_poor
        (1, 8, 3),
        (1, 8, 4),
        (2, 8, 2),
        (3, 8, 2),  # favorable + make_favorable
        (1, 9, 5),
        (1, 9, 6),
        (2, 9, 3),
        (3, 9, 3),  # rich + make_rich
    ],
)
def test_event_giving_a_property_the_planet_has_is_ignored(stage, explore_face, event_face):
    prop, kind = EVENT_ROWS[explore_face]
    result, data = run([explore_face, event_face, 6, 4], stage=stage)
    roll = halved(event_face) if stage == 1 else event_face
    event_id = (NEGATIVE if kind == "negative" else POSITIVE)[roll]
    assert ADDS[event_id] == prop
    assert data["events"] == [{"kind": kind, "roll": roll, "id": event_id, "ignored": True}]
    assert data["planet"]["properties"] == [prop]
    assert result.planet.properties == [prop]
    # The type roll still follows, with the property's modifier counted once.
    assert [m.value for m in result.planet.type_roll.modifiers] == [TYPE_MOD[prop]]
    assert result.planet.type_roll.total == 6 + TYPE_MOD[prop]
    assert data["planet"]["type"] == world_type(6 + TYPE_MOD[prop])
    assert tables_of(data)[-2:] == [T_TYPE, T_SIZE]


# ------------------------------------------------------------------ A4.4 type modifiers

# Neighbourhoods that give exactly the named near-homeworld modifiers.
NEAR_NONE = Neighbourhood(planets=3, terran=1, colonisable=3, unexplored=1)
NEAR_M4 = Neighbourhood(planets=3, terran=0, colonisable=3, unexplored=2)  # −4 only
NEAR_M2 = Neighbourhood(planets=2, terran=1, colonisable=2, unexplored=2)  # −2 only
NEAR_M6 = Neighbourhood(planets=1, terran=0, colonisable=1, unexplored=3)  # −4 and −2


@pytest.mark.parametrize("type_face", range(1, 11))
@pytest.mark.parametrize(
    "explore_face,event_face,prop",
    [
        (4, 9, "hostile"),  # stage 1: 9 → 5 contamination, no property
        (5, 10, "poor"),  # 10 → 5 contamination
        (8, 1, "favorable"),  # 1 → 1 technology
        (9, 2, "rich"),  # 2 → 1 technology
    ],
)
def test_each_property_modifier_alone(explore_face, event_face, prop, type_face):
    result, data = run([explore_face, event_face, type_face, 5], stage=1)
    assert data["planet"]["properties"] == [prop]
    total = type_face + TYPE_MOD[prop]
    roll = result.planet.type_roll
    assert roll.face == type_face
    assert roll.total == total
    assert [m.value for m in roll.modifiers] == [TYPE_MOD[prop]]
    assert data["planet"]["type"] == world_type(total)
    assert data["planet"]["production"] == PRODUCTION[world_type(total)]


@pytest.mark.parametrize("type_face", range(1, 11))
@pytest.mark.parametrize("near,mod", [(NEAR_NONE, 0), (NEAR_M4, -4), (NEAR_M2, -2), (NEAR_M6, -6), (None, 0)])
def test_near_homeworld_modifiers(near, mod, type_face):
    result, data = run([6, type_face, 5], stage=2, near=near)
    roll = result.planet.type_roll
    assert roll.total == type_face + mod
    assert sum(m.value for m in roll.modifiers) == mod
    assert data["planet"]["type"] == world_type(type_face + mod)
    assert data["near_homeworld"] == (near.to_data() if near else None)
    assert data["rerolls"] == []


def test_near_homeworld_modifier_values_are_the_rules():
    assert sorted(m.value for m in run([7, 5, 5], near=NEAR_M6)[0].planet.type_roll.modifiers) == [-4, -2]
    assert [m.value for m in run([7, 5, 5], near=NEAR_M4)[0].planet.type_roll.modifiers] == [-4]
    assert [m.value for m in run([7, 5, 5], near=NEAR_M2)[0].planet.type_roll.modifiers] == [-2]
    assert run([7, 5, 5], near=NEAR_NONE)[0].planet.type_roll.modifiers == []


# The six modifiers as (properties, neighbourhood) contributions.
MODIFIERS = {
    "hostile": (["hostile"], None, 2),
    "favorable": (["favorable"], None, -2),
    "rich": (["rich"], None, 3),
    "poor": (["poor"], None, -3),
    "no_terran": ([], "m4", -4),
    "few_colonisable": ([], "m2", -2),
}
PAIRS = [(a, b) for i, a in enumerate(MODIFIERS) for b in list(MODIFIERS)[i + 1 :]]


@pytest.mark.parametrize("a,b", PAIRS)
def test_every_pair_of_type_modifiers_with_make_planet(a, b):
    props = MODIFIERS[a][0] + MODIFIERS[b][0]
    nears = {MODIFIERS[a][1], MODIFIERS[b][1]} - {None}
    near = {
        frozenset(): None,
        frozenset({"m4"}): NEAR_M4,
        frozenset({"m2"}): NEAR_M2,
        frozenset({"m4", "m2"}): NEAR_M6,
    }[frozenset(nears)]
    mod = MODIFIERS[a][2] + MODIFIERS[b][2]
    for face in range(1, 11):
        planet = run_make_planet([face, 5], props, near)
        assert planet.type_roll.total == face + mod, (a, b, face)
        assert sorted(m.value for m in planet.type_roll.modifiers) == sorted([MODIFIERS[a][2], MODIFIERS[b][2]])
        assert planet.type == world_type(face + mod), (a, b, face)
        assert planet.production == PRODUCTION[planet.type]


@pytest.mark.parametrize("type_face", range(1, 11))
@pytest.mark.parametrize(
    "faces,near,stage,props,mod",
    [
        ([4, 5], None, 1, ["hostile", "poor"], -1),  # hostile + make_poor (5 → 3)
        ([5, 3], None, 1, ["hostile", "poor"], -1),  # poor + make_hostile (3 → 2)
        ([8, 5], None, 1, ["favorable", "rich"], 1),  # favorable + make_rich (5 → 3)
        ([9, 2], None, 2, ["favorable", "rich"], 1),  # rich + make_favorable
        ([4, 5], NEAR_M4, 2, ["hostile"], -2),  # hostile (+ contamination) and −4
        ([9, 1], NEAR_M2, 3, ["rich"], 1),  # rich (+ technology) and −2
        ([6], NEAR_M6, 3, [], -6),  # −4 and −2 together
        ([5, 4], NEAR_M6, 2, ["gravity", "poor"], -9),  # poor + make_gravity, −4, −2
    ],
)
def test_combined_modifiers_through_explore(faces, near, stage, props, mod, type_face):
    result, data = run(faces + [type_face, 10], stage=stage, near=near)
    assert data["planet"]["properties"] == props
    assert result.planet.type_roll.total == type_face + mod
    assert data["planet"]["type"] == world_type(type_face + mod)


def test_open_ended_type_totals():
    # ≤2 is terran however low; ≥9 is inferno however high.
    assert run([6, 1, 5], near=NEAR_M6)[0].planet.type_roll.total == -5
    assert run([6, 1, 5], near=NEAR_M6)[1]["planet"]["type"] == "terran"
    planet = run_make_planet([1, 5], ["poor", "favorable"], NEAR_M6)
    assert planet.type_roll.total == 1 - 3 - 2 - 6 and planet.type == "terran"
    planet = run_make_planet([10, 5], ["rich", "hostile"])
    assert planet.type_roll.total == 15 and planet.type == "inferno"
    assert run([9, 1, 10, 5])[1]["planet"]["type"] == "inferno"  # 10 + 3
    assert run([9, 1, 6, 5])[1]["planet"]["type"] == "inferno"  # 6 + 3 = 9
    assert run([9, 1, 5, 5])[1]["planet"]["type"] == "barren"  # 5 + 3 = 8


# ------------------------------------------------------------------ natives, lost colony


@pytest.mark.parametrize("stage", [2, 3])
def test_natives_raise_a_tiny_planet_to_small(stage):
    result, data = run([9, 8, 3, 1], stage=stage)
    assert data["events"][0]["id"] == "natives"
    assert data["gains"] == {"colonists": 2}
    planet = data["planet"]
    assert planet["size"] == "small"
    assert planet["size_rolled"] == "tiny"
    assert planet["size_raised_by"] == "natives"
    assert planet["max_population"] == 2
    assert planet["properties"] == ["rich"]
    assert result.planet.size_roll.face == 1
    assert tables_of(data) == [T_EXPLORATION, T_POSITIVE, T_TYPE, T_SIZE]


@pytest.mark.parametrize("size_face", range(2, 11))
def test_natives_leave_a_bigger_planet_alone(size_face):
    _, data = run([9, 8, 3, size_face], stage=2)
    planet = data["planet"]
    assert planet["size"] == SIZE[size_face][0]
    assert planet["max_population"] == SIZE[size_face][1]
    assert "size_rolled" not in planet and "size_raised_by" not in planet


def test_natives_on_a_favorable_planet():
    _, data = run([8, 8, 3, 1], stage=3)
    assert data["planet"]["size"] == "small"
    assert data["planet"]["max_population"] == 3  # small 2, favorable +1


@pytest.mark.parametrize("stage", [2, 3])
@pytest.mark.parametrize("explore_face,max_pop", [(4, 1), (5, 2)])
def test_guarded_natives_also_make_the_planet_at_least_small(stage, explore_face, max_pop):
    result, data = run([explore_face, 8, 7, 5, 1], stage=stage)
    assert data["monster"] == {
        "kind": "hydra",
        "great": stage == 3,
        "guards": "natives",
        "gains_when_destroyed": {"colonists": 2},
    }
    assert data["gains"] == {}
    planet = data["planet"]
    assert planet["size"] == "small"
    assert planet["size_rolled"] == "tiny"
    assert planet["size_raised_by"] == "natives"
    assert planet["max_population"] == max_pop  # hostile small: 2 − 1
    assert tables_of(data) == [T_EXPLORATION, T_NEGATIVE, T_MONSTER, T_TYPE, T_SIZE]


@pytest.mark.parametrize("stage", [2, 3])
@pytest.mark.parametrize("explore_face,prop", [(8, "favorable"), (9, "rich")])
def test_lost_colony_is_terran_without_a_type_roll(stage, explore_face, prop):
    result, data = run([explore_face, 9, 4], stage=stage)  # one die fewer: no type roll
    assert data["events"][0]["id"] == "lost_colony"
    assert data["gains"] == {"buildings": ["auto_lab", "auto_factory", "robo_mine"]}
    planet = data["planet"]
    assert planet["type"] == "terran"
    assert planet["type_fixed_by"] == "lost_colony"
    assert planet["production"] == 4
    assert planet["size"] == "medium"
    assert planet["properties"] == [prop]
    assert "forced" not in planet
    assert result.planet.type_roll is None
    assert tables_of(data) == [T_EXPLORATION, T_POSITIVE, T_SIZE]
    assert faces_of(data) == [explore_face, 9, 4]


def test_lost_colony_with_a_high_modifier_is_still_terran():
    # rich would add +3; the type is fixed, not rolled.
    _, data = run([9, 9, 10], stage=3, near=NEAR_NONE)
    assert data["planet"]["type"] == "terran"
    assert data["planet"]["pp_per_worker"] == 5  # 4 + 1 (rich)


# ------------------------------------------------------------------ A5 numbers


def test_favorable_max_population_and_growth():
    _, data = run([8, 1, 5, 5], stage=1)  # favorable, technology; 5−2=3 ocean; medium
    planet = data["planet"]
    assert planet["properties"] == ["favorable"]
    assert planet["max_population"] == 4
    assert planet["growth"] == 2
    assert planet["type"] == "ocean"


@pytest.mark.parametrize("size_face,max_pop", [(1, 1), (2, 1), (4, 2), (8, 3), (10, 4)])
def test_hostile_max_population_never_below_one(size_face, max_pop):
    _, data = run([4, 9, 5, size_face], stage=1)  # hostile, contamination
    planet = data["planet"]
    assert planet["properties"] == ["hostile"]
    assert planet["max_population"] == max_pop
    assert planet["growth"] == 0


def test_hostile_and_favorable_growth_is_the_lower():
    planet = run_make_planet([5, 5], ["hostile", "favorable"])
    assert planet.growth == 0
    assert planet.max_population == 3  # medium 3 + 1 − 1


def test_base_growth_is_one():
    assert run([6, 5, 5])[1]["planet"]["growth"] == 1


def test_rich_adds_a_pp_per_worker():
    _, data = run([9, 1, 1, 5], stage=1)  # rich, technology; 1+3=4 ocean (3)
    planet = data["planet"]
    assert planet["type"] == "ocean"
    assert planet["pp_per_worker"] == 4
    assert planet["rp_per_scientist"] == 3


def test_poor_takes_a_pp_per_worker():
    _, data = run([5, 9, 8, 5], stage=1)  # poor, contamination; 8−3=5 steppe (3)
    assert data["planet"]["type"] == "steppe"
    assert data["planet"]["pp_per_worker"] == 2
    assert data["planet"]["rp_per_scientist"] == 3


def test_poor_inferno_is_zero_not_negative():
    _, data = run([4, 5, 10, 5], stage=1)  # hostile + make_poor: 10+2−3 = 9 inferno
    planet = data["planet"]
    assert planet["type"] == "inferno"
    assert planet["properties"] == ["hostile", "poor"]
    assert planet["pp_per_worker"] == 0
    assert planet["rp_per_scientist"] == 1


def test_gravity_takes_pp_and_rp():
    _, data = run([3, 7, 5])  # barren (2)
    assert data["planet"]["pp_per_worker"] == 1
    assert data["planet"]["rp_per_scientist"] == 1
    _, data = run([3, 10, 5])  # inferno (1)
    assert data["planet"]["pp_per_worker"] == 0
    assert data["planet"]["rp_per_scientist"] == 0


def test_gravity_and_poor_on_inferno_floor_at_zero():
    planet = run_make_planet([5], ["gravity", "poor"], type_id="inferno")
    assert planet.pp_per_worker == 0  # 1 − 1 − 1 → 0
    assert planet.rp_per_scientist == 0
    _, data = run([5, 7, 10, 5], stage=1)  # poor + make_gravity: 10 − 3 = 7 barren (2)
    assert data["planet"]["properties"] == ["gravity", "poor"]
    assert data["planet"]["pp_per_worker"] == 0  # 2 − 1 − 1
    assert data["planet"]["rp_per_scientist"] == 1


def test_artifacts_add_two_rp_after_the_floor():
    planet = run_make_planet([9, 5], ["gravity", "artifacts"])
    assert planet.type == "inferno"
    assert planet.pp_per_worker == 0
    assert planet.rp_per_scientist == 2
    planet = run_make_planet([5], ["gravity", "artifacts", "poor"], type_id="inferno")
    assert planet.rp_per_scientist == 2
    assert planet.pp_per_worker == 0


def test_artifacts_through_events():
    _, data = run([8, 7, 9, 5], stage=1)  # favorable + make_artifacts: 9−2 = 7 barren
    planet = data["planet"]
    assert planet["properties"] == ["artifacts", "favorable"]
    assert planet["type"] == "barren"
    assert planet["rp_per_scientist"] == 4
    assert planet["pp_per_worker"] == 2


# ------------------------------------------------------------------ A4.5 rerolls


def test_homeworld_with_four_planets_rerolls_planets():
    near = Neighbourhood(planets=4, terran=1, colonisable=3, unexplored=2)
    result, data = run([7, 9, 1], stage=2, near=near)
    assert data["discovery"] == "empty"
    assert data["planet"] is None
    assert data["rerolls"] == [{"face": 7, "row": "ordinary"}, {"face": 9, "row": "rich"}]
    assert data["reroll_reason"] == TOO_MANY_PLANETS == "homeworld_has_max_planets"
    assert data["rolls"] == [
        {"table": T_EXPLORATION, "value": 7},
        {"table": T_EXPLORATION, "value": 9},
        {"table": T_EXPLORATION, "value": 1},
    ]
    assert data["events"] == []
    assert data["near_homeworld"] == {"planets": 4, "terran": 1, "colonisable": 3, "unexplored": 2}


def test_homeworld_with_four_planets_every_planet_face_rerolled():
    near = Neighbourhood(planets=4, terran=0, colonisable=0, unexplored=1)
    _, data = run([3, 4, 5, 6, 7, 8, 9, 10, 2], stage=1, near=near)
    assert data["discovery"] == "asteroids"
    assert [r["face"] for r in data["rerolls"]] == [3, 4, 5, 6, 7, 8, 9, 10]


@pytest.mark.parametrize("face,discovery", [(1, "empty"), (2, "asteroids")])
def test_homeworld_with_four_planets_no_reroll_needed(face, discovery):
    near = Neighbourhood(planets=4, terran=1, colonisable=3, unexplored=2)
    _, data = run([face], near=near)
    assert data["discovery"] == discovery
    assert data["rerolls"] == [] and data["reroll_reason"] is None


@pytest.mark.parametrize(
    "near",
    [
        Neighbourhood(planets=0, terran=0, colonisable=0, unexplored=2),
        Neighbourhood(planets=1, terran=0, colonisable=0, unexplored=1),
        Neighbourhood(planets=1, terran=1, colonisable=1, unexplored=1),
    ],
)
def test_homeworld_needing_planets_rerolls_empty_space(near):
    result, data = run([1, 2, 6, 9, 5], stage=2, near=near)
    assert data["discovery"] == "planet"
    assert data["rerolls"] == [{"face": 1, "row": "empty"}, {"face": 2, "row": "asteroids"}]
    assert data["reroll_reason"] == TOO_FEW_PLANETS == "homeworld_needs_planets"
    assert tables_of(data) == [T_EXPLORATION] * 3 + [T_TYPE, T_SIZE]
    assert faces_of(data) == [1, 2, 6, 9, 5]
    mod = (-4 if near.terran == 0 else 0) + (-2 if near.colonisable < 3 else 0)
    assert result.planet.type_roll.total == 9 + mod
    assert data["planet"]["type"] == world_type(9 + mod)


@pytest.mark.parametrize(
    "near",
    [
        Neighbourhood(planets=0, terran=0, colonisable=0, unexplored=3),
        Neighbourhood(planets=1, terran=0, colonisable=1, unexplored=2),
        Neighbourhood(planets=2, terran=1, colonisable=1, unexplored=1),
        Neighbourhood(planets=3, terran=1, colonisable=3, unexplored=3),
        None,
    ],
)
@pytest.mark.parametrize("face,discovery", [(1, "empty"), (2, "asteroids")])
def test_neither_rule_rolls_once(near, face, discovery):
    _, data = run([face], stage=3, near=near)
    assert data["discovery"] == discovery
    assert data["rerolls"] == [] and data["reroll_reason"] is None
    assert data["rolls"] == [{"table": T_EXPLORATION, "value": face}]


def test_neither_rule_a_planet_is_kept():
    near = Neighbourhood(planets=3, terran=1, colonisable=3, unexplored=1)
    _, data = run([10, 5, 5], near=near)
    assert data["discovery"] == "planet" and data["rerolls"] == []


# ------------------------------------------------------------------ special_planet


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_special_hostile_auto_rolls_a_negative_event(stage):
    event_face = 9 if stage == 1 else 5  # contamination
    result, data = run_special([event_face, 6, 4], stage=stage, properties=["hostile"])
    assert result.exploration is None
    assert data["discovery"] == "planet"
    assert data["events"] == [{"kind": "negative", "roll": 5, "id": "contamination", "ignored": False}]
    assert data["planet"]["properties"] == ["hostile"]
    assert result.planet.type_roll.total == 8
    assert data["planet"]["type"] == "barren"
    assert tables_of(data) == [T_NEGATIVE, T_TYPE, T_SIZE]
    assert data["rerolls"] == [] and data["reroll_reason"] is None


def test_special_favorable_auto_rolls_a_positive_event():
    _, data = run_special([7, 6, 4], stage=3, properties=["favorable"])
    assert data["events"] == [{"kind": "positive", "roll": 7, "id": "treasure", "ignored": False}]
    assert data["gains"] == {"bc": 36}
    assert tables_of(data) == [T_POSITIVE, T_TYPE, T_SIZE]


def test_special_auto_without_an_event_row_rolls_none():
    _, data = run_special([6, 4], stage=2, properties=["gravity"])
    assert data["events"] == []
    _, data = run_special([6, 4], stage=2, properties=[])
    assert data["events"] == []
    assert data["planet"]["type"] == "toxic"


def test_special_event_none_rolls_no_event():
    result, data = run_special([6, 4], stage=2, properties=["hostile"], event=None)
    assert data["events"] == []
    assert data["planet"]["properties"] == ["hostile"]
    assert result.planet.type_roll.total == 8
    assert tables_of(data) == [T_TYPE, T_SIZE]


def test_special_event_kind_given():
    _, data = run_special([2, 6, 4], stage=2, properties=[], event="negative")
    assert data["events"] == [{"kind": "negative", "roll": 2, "id": "make_hostile", "ignored": False}]
    assert data["planet"]["properties"] == ["hostile"]
    _, data = run_special([9, 4], stage=2, properties=["poor"], event="positive")
    assert data["events"][0]["id"] == "lost_colony"
    assert data["planet"]["type"] == "terran"


def test_special_forced_type_and_size_skip_their_rolls():
    result, data = run_special([8], stage=2, properties=[], event=None, size_id="tiny")
    assert data["planet"]["size"] == "tiny"
    assert data["planet"]["forced"] == ["size"]
    assert result.planet.type_roll.total == 8 and data["planet"]["type"] == "barren"
    assert tables_of(data) == [T_TYPE]

    result, data = run_special([3], stage=2, properties=[], event=None, type_id="ocean")
    assert data["planet"]["type"] == "ocean"
    assert data["planet"]["forced"] == ["type"]
    assert data["planet"]["size"] == "small"
    assert tables_of(data) == [T_SIZE]

    _, data = run_special([], stage=2, properties=["rich"], event=None, type_id="terran", size_id="huge")
    assert data["planet"]["forced"] == ["type", "size"]
    assert data["planet"]["max_population"] == 5
    assert data["planet"]["pp_per_worker"] == 5
    assert data["rolls"] == []


def test_special_properties_are_deduplicated():
    _, data = run_special([5, 5], stage=2, properties=["hostile", "hostile"], event=None)
    assert data["planet"]["properties"] == ["hostile"]


@pytest.mark.parametrize(
    "kw",
    [
        {"properties": ["shiny"]},
        {"properties": ["hostile", "volcanic"]},
        {"type_id": "jungle"},
        {"size_id": "enormous"},
        {"event": "weird"},
        {"event": "auto", "properties": ["HOSTILE"]},
    ],
)
def test_special_unknown_values_raise_input_error(kw):
    src = FixedSource([5, 5, 5, 5])
    with pytest.raises(InputError):
        special_planet(DiceRoller(src), TABLES, 2, **kw)
    assert src.used == 0  # refused before any die is rolled


def test_special_planet_stage_must_be_1_to_3():
    with pytest.raises(InputError):
        special_planet(DiceRoller(FixedSource([5, 5])), TABLES, 4)


# ------------------------------------------------------------------ Neighbourhood


def test_neighbourhood_parse():
    near = Neighbourhood.parse("planets=1,terran=0,colonisable=1,unexplored=3")
    assert near == Neighbourhood(planets=1, terran=0, colonisable=1, unexplored=3)
    assert near.to_data() == {"planets": 1, "terran": 0, "colonisable": 1, "unexplored": 3}
    assert Neighbourhood.parse(" unexplored = 2 , planets=0,terran=0,colonisable=0 ") == Neighbourhood(0, 0, 0, 2)


@pytest.mark.parametrize(
    "text",
    [
        "planets=1,terran=0,colonisable=1",  # missing unexplored
        "",  # everything missing
        "planets=1,terran=0,colonisable=1,unexplored=3,moons=2",  # unknown field
        "planets=1,terran=0,colonisable=1,unexplored",  # no value
        "planets=1,planets=1,terran=0,colonisable=1,unexplored=3",  # twice
        "planets=x,terran=0,colonisable=1,unexplored=3",  # not a number
        "planets=-1,terran=0,colonisable=0,unexplored=3",  # negative
        "planets=2,terran=2,colonisable=1,unexplored=3",  # terran > colonisable
        "planets=1,terran=0,colonisable=2,unexplored=3",  # colonisable > planets
        "planets=4,terran=0,colonisable=0,unexplored=3",  # 7 > 6 neighbours
        "planets=6,terran=0,colonisable=0,unexplored=1",  # 7 > 6 neighbours
        "planets=1,terran=0,colonisable=1,unexplored=0",  # this hex counts
    ],
)
def test_neighbourhood_parse_errors(text):
    with pytest.raises(InputError):
        Neighbourhood.parse(text)


def test_neighbourhood_constructor_errors():
    with pytest.raises(InputError):
        Neighbourhood(planets=1, terran=0, colonisable=1, unexplored=0)
    with pytest.raises(InputError):
        Neighbourhood(planets=3, terran=0, colonisable=0, unexplored=4)
    with pytest.raises(InputError):
        Neighbourhood(planets=2, terran=2, colonisable=1, unexplored=1)


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    "faces,stage,name",
    [
        ([], 1, "exploration"),
        ([4], 1, "event"),
        ([4, 5], 1, "world type"),
        ([4, 5, 6], 1, "world size"),
        ([3], 2, "world type"),
        ([4, 6], 2, "monster"),
        ([4, 6, 1], 3, "world type"),
        ([8, 9], 2, "world size"),  # lost colony: no type roll, size is next
    ],
)
def test_too_few_faces_names_the_roll(faces, stage, name):
    with pytest.raises(DiceError, match="too few faces") as info:
        explore(DiceRoller(FixedSource(faces)), TABLES, stage)
    assert name in str(info.value)


def test_too_few_faces_on_a_reroll_names_it():
    near = Neighbourhood(planets=4, terran=0, colonisable=0, unexplored=1)
    with pytest.raises(DiceError, match="reroll"):
        explore(DiceRoller(FixedSource([5, 6])), TABLES, 1, near)


def test_face_out_of_range():
    with pytest.raises(DiceError, match="out of range"):
        explore(DiceRoller(FixedSource([11])), TABLES, 1)
    with pytest.raises(DiceError, match="out of range"):
        explore(DiceRoller(FixedSource([6, 0, 5])), TABLES, 1)


@pytest.mark.parametrize("stage", [0, 4, -1])
def test_stage_outside_1_to_3_raises(stage):
    src = FixedSource([6, 5, 5])
    with pytest.raises(InputError):
        explore(DiceRoller(src), TABLES, stage)
    assert src.used == 0
