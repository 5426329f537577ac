"""Properties and statistics of the exploration chain (docs/rules-orion.md A4, A5).

* hypothesis: invariants over any stage, neighbourhood and seed, and a reference model
  of A4/A5 written from docs/rules-orion.md that must agree with ``explore()`` on any dice;
* exact odds: every exclusive category sums to 1, with values worked out by hand and
  by brute force over every face sequence;
* simulation: 200,000 seeded chains agree with the exact odds within 4 standard errors.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.dice.sources import FixedSource, RandomSource
from gmtool.errors import DiceError
from gmtool.rolltables.roller import DiceRoller
from gmtool.rules.orion.exploration import explore
from gmtool.rules.orion.neighbourhood import Neighbourhood
from gmtool.rules.orion.odds import CATEGORIES, EXCLUSIVE, NONE, exact_odds, features, simulate
from helpers import slow_twin
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

# A few examples each in the fast run; their twins at the end draw 200 under `pytest -m slow`.
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ------------------------------------------------------------------ docs/rules-orion.md, by hand

GUARDS = {6: "derelict", 7: "treasure", 8: "natives", 9: "lost_colony", 10: "artifact_world"}
EXPLORATION = {
    1: ("empty", None, None),
    2: ("asteroids", None, None),
    3: ("planet", "gravity", None),
    4: ("planet", "hostile", "negative"),
    5: ("planet", "poor", "negative"),
    6: ("planet", None, None),
    7: ("planet", None, None),
    8: ("planet", "favorable", "positive"),
    9: ("planet", "rich", "positive"),
    10: ("planet", "artifacts", None),
}
TYPES = set(PRODUCTION)
SIZES = {"tiny", "small", "medium", "large", "huge"}
# Events stage 1 can never reach (positive/negative rows 6–10).
STAGE1_UNREACHABLE = {NEGATIVE[i] for i in range(6, 11)} | {POSITIVE[i] for i in range(6, 11)}


def reference_chain(faces: list[int], stage: int, near: Neighbourhood | None) -> tuple[dict, int]:
    """docs/rules-orion.md A4/A5 played by hand on ``faces``: (the expected to_data() parts, dice used)."""
    dice = iter(faces)
    used = 0

    def die() -> int:
        nonlocal used
        used += 1
        return next(dice)

    face = die()
    rerolls = []
    if near is not None and near.planets >= 4:
        while face >= 3:
            rerolls.append(face)
            face = die()
    elif near is not None and near.planets + near.unexplored <= 2:
        while face <= 2:
            rerolls.append(face)
            face = die()
    discovery, prop, kind = EXPLORATION[face]
    props = [prop] if prop else []
    events, gains, monster = [], {}, None
    type_fixed = natives = False
    if kind:
        e = die()
        roll = math.ceil(e / 2) if stage == 1 else e
        event_id = (NEGATIVE if kind == "negative" else POSITIVE)[roll]
        ignored = False
        shaping = event_id
        if event_id in ADDS:
            if ADDS[event_id] in props:
                ignored = True
            else:
                props.append(ADDS[event_id])
        if kind == "negative" and roll >= 6:
            m = die()
            guards = GUARDS[roll]
            monster = {
                "kind": MONSTER[m],
                "great": stage == 3,
                "guards": guards,
                "gains_when_destroyed": expected_gains(guards, stage),
            }
            shaping = guards
        else:
            gains = expected_gains(event_id, stage)
        type_fixed = shaping == "lost_colony"
        natives = shaping == "natives"
        events.append({"kind": kind, "roll": roll, "id": event_id, "ignored": ignored})
    planet = None
    if discovery == "planet":
        if type_fixed:
            type_ = "terran"
        else:
            total = die() + sum(TYPE_MOD.get(p, 0) for p in props)
            if near is not None and near.terran == 0:
                total -= 4
            if near is not None and near.colonisable < 3:
                total -= 2
            type_ = world_type(total)
        size, base = SIZE[die()]
        rolled = size
        if natives and size == "tiny":
            size, base = "small", 2
        has = props.count
        max_pop = base + has("favorable") - has("hostile")
        max_pop = max(1, max_pop)
        prod = PRODUCTION[type_]
        planet = {
            "type": type_,
            "size": size,
            "max_population": max_pop,
            "production": prod,
            "properties": sorted(props),
            "pp_per_worker": max(0, prod + has("rich") - has("poor") - has("gravity")),
            "rp_per_scientist": max(0, prod - has("gravity")) + 2 * has("artifacts"),
            "growth": 0 if has("hostile") else 2 if has("favorable") else 1,
        }
        if type_fixed:
            planet["type_fixed_by"] = "lost_colony"
        if rolled != size:
            planet["size_rolled"] = rolled
            planet["size_raised_by"] = "natives"
    expected = {
        "stage": stage,
        "discovery": discovery,
        "planet": planet,
        "events": events,
        "monster": monster,
        "gains": gains,
        "rerolls_faces": rerolls,
    }
    return expected, used


# ------------------------------------------------------------------ strategies


@st.composite
def neighbourhoods(draw) -> Neighbourhood:
    unexplored = draw(st.integers(1, 6))
    planets = draw(st.integers(0, 6 - unexplored))
    colonisable = draw(st.integers(0, planets))
    terran = draw(st.integers(0, colonisable))
    return Neighbourhood(planets=planets, terran=terran, colonisable=colonisable, unexplored=unexplored)


stages = st.integers(1, 3)
nears = st.none() | neighbourhoods()
seeds = st.integers(0, 2**64)

# ------------------------------------------------------------------ invariants


@SETTINGS
@given(stage=stages, near=nears, seed=seeds)
def test_invariants_for_any_chain(stage, near, seed):
    roller = DiceRoller(RandomSource(seed))
    for _ in range(20):
        result = explore(roller, TABLES, stage, near)
        data = result.to_data()
        assert data["discovery"] in {"empty", "asteroids", "planet"}
        assert (result.planet is None) == (data["discovery"] != "planet")
        if near is not None and near.planets >= 4:
            assert result.planet is None
        if near is not None and near.planets + near.unexplored <= 2:
            assert result.planet is not None
        if stage == 1:
            assert result.monster is None and data["monster"] is None
            assert not {e["id"] for e in data["events"]} & STAGE1_UNREACHABLE
            assert all(1 <= e["roll"] <= 5 for e in data["events"])
        assert len(data["events"]) <= 1
        if result.monster is not None:
            assert result.monster.great is (stage == 3)
        planet = data["planet"]
        if planet is None:
            continue
        assert isinstance(planet["type"], str) and planet["type"] in TYPES
        assert isinstance(planet["size"], str) and planet["size"] in SIZES
        assert planet["max_population"] >= 1
        assert planet["pp_per_worker"] >= 0 and planet["rp_per_scientist"] >= 0
        assert planet["properties"] == sorted(set(planet["properties"]))
        assert result.planet.properties == sorted(set(result.planet.properties))
        assert planet["production"] == PRODUCTION[planet["type"]]
        # Every die rolled is in the trail, in order, once.
        assert len(data["rolls"]) == len(result.rolls)


@SETTINGS
@given(stage=stages, near=nears, faces=st.lists(st.integers(1, 10), min_size=40, max_size=40))
def test_explore_agrees_with_a_reference_model_of_the_rules(stage, near, faces):
    src = FixedSource(faces)
    try:
        result = explore(DiceRoller(src), TABLES, stage, near)
    except DiceError:
        # Only possible when 40 faces run out in A4.5 rerolls; the model must agree.
        with pytest.raises(StopIteration):
            reference_chain(faces, stage, near)
        return
    expected, used = reference_chain(faces, stage, near)
    data = result.to_data()
    assert src.used == used, "dice order / number of dice"
    assert [r["value"] for r in data["rolls"]] == faces[:used]
    assert [r["face"] for r in data["rerolls"]] == expected.pop("rerolls_faces")
    for key, value in expected.items():
        assert data[key] == value, key


# ------------------------------------------------------------------ exact odds

NEIGHBOURHOODS = [
    None,
    Neighbourhood(planets=4, terran=1, colonisable=3, unexplored=2),
    Neighbourhood(planets=0, terran=0, colonisable=0, unexplored=2),
    Neighbourhood(planets=1, terran=0, colonisable=1, unexplored=1),
    Neighbourhood(planets=2, terran=1, colonisable=1, unexplored=3),
    Neighbourhood(planets=3, terran=1, colonisable=3, unexplored=1),
]
_ODDS: dict = {}


def odds(stage: int, near: Neighbourhood | None = None):
    key = (stage, near)
    if key not in _ODDS:
        _ODDS[key] = exact_odds(TABLES, stage, near)
    return _ODDS[key]


@pytest.mark.parametrize(
    "near",
    NEIGHBOURHOODS,
    ids=lambda n: "none" if n is None else f"p{n.planets}t{n.terran}c{n.colonisable}u{n.unexplored}",
)
@pytest.mark.parametrize("stage", [1, 2, 3])
def test_exclusive_categories_sum_to_one(stage, near):
    o = odds(stage, near)
    for category in EXCLUSIVE:
        assert sum(o[category].values()) == Fraction(1), category
        assert all(p > 0 for p in o[category].values()), category
    if stage == 1:
        assert o["monster"] == {NONE: Fraction(1)}
        assert not set(o["event"]) & STAGE1_UNREACHABLE
    # "none" type/size exactly when no planet.
    assert o["type"].get(NONE, 0) == o["size"].get(NONE, 0) == 1 - o["discovery"].get("planet", 0)
    assert set(o["type"]) <= TYPES | {NONE}
    assert set(o["size"]) <= SIZES | {NONE}


def test_stage1_hand_values():
    o = odds(1)
    assert o["discovery"] == {"empty": Fraction(1, 10), "asteroids": Fraction(1, 10), "planet": Fraction(4, 5)}
    # Exploration 4 or 5 (2/10), then faces 5, 6 → 3 (2/10).
    assert o["event"]["make_poor"] == Fraction(1, 25)
    for event_id in (NEGATIVE[i] for i in range(1, 6)):
        assert o["event"][event_id] == Fraction(1, 25)
    for event_id in (POSITIVE[i] for i in range(1, 6)):
        assert o["event"][event_id] == Fraction(1, 25)
    assert o["event"][NONE] == Fraction(3, 5)
    # No natives in stage 1: size is the bare d10 on any planet.
    assert o["size"]["tiny"] == Fraction(4, 5) * Fraction(1, 10)
    assert o["size"]["huge"] == Fraction(4, 5) * Fraction(1, 10)
    assert o["size"]["medium"] == Fraction(4, 5) * Fraction(4, 10)


@pytest.mark.parametrize("stage", [2, 3])
def test_stage_2_3_hand_values(stage):
    o = odds(stage)
    # P(terran), without a neighbourhood, by hand (A4.1–A4.4):
    #  rows 3,6,7,10: no modifier, d10 ≤ 2                          → 4 · 2/10
    #  row 4 hostile +2: make_poor → d10 ≤ 3; lost colony (neg 9)   → 3/100 + 10/100
    #  row 5 poor −3: d10 ≤ 5, make_hostile d10 ≤ 3, neg 9 terran   → (8·5 + 3 + 10)/100
    #  row 8 favorable −2: d10 ≤ 4, make_rich d10 ≤ 1, pos 9 terran → (8·4 + 1 + 10)/100
    #  row 9 rich +3: never, make_favorable d10 ≤ 1, pos 9 terran   → (1 + 10)/100
    by_row = 4 * Fraction(2, 10) + Fraction(13, 100) + Fraction(53, 100) + Fraction(43, 100) + Fraction(11, 100)
    assert o["type"]["terran"] == Fraction(1, 10) * by_row == Fraction(1, 5)
    # Tiny: any planet without natives (pos 8 after rows 8/9, neg 8 after rows 4/5).
    assert o["size"]["tiny"] == (Fraction(8, 10) - 2 * Fraction(2, 10) * Fraction(1, 10)) / 10
    # Every event id is 2/10 · 1/10; monsters 1/10 in all, each kind 2/10 of that.
    for event_id in [*NEGATIVE.values(), *POSITIVE.values()]:
        assert o["event"][event_id] == Fraction(1, 50)
    assert o["monster"][NONE] == Fraction(9, 10)
    for kind in set(MONSTER.values()):
        assert o["monster"][kind] == Fraction(1, 50)


def test_neighbourhood_hand_values():
    full = odds(2, NEIGHBOURHOODS[1])  # 4 planets: rerolled to empty / asteroids
    assert full["discovery"] == {"empty": Fraction(1, 2), "asteroids": Fraction(1, 2)}
    assert full["type"] == {NONE: Fraction(1)} and full["event"] == {NONE: Fraction(1)}
    needy = odds(2, NEIGHBOURHOODS[2])  # 0 + 2 ≤ 2: always a planet; −4 and −2
    assert needy["discovery"] == {"planet": Fraction(1)}
    # P(terran) by hand: exploration 3–10 equally likely (1/8 each), type total d10 − 6 + …
    #  rows 3,6,7,10: d10 ≤ 8                                              → 4 · 8/10
    #  row 4 hostile (−4): d10 ≤ 6; make_poor d10 ≤ 9; neg 9 lost colony   → (8·6 + 9 + 10)/100
    #  row 5 poor (−9): always; make_hostile (−7) d10 ≤ 9                   → (9·10 + 9)/100
    #  row 8 favorable (−8): always; make_rich (−5) d10 ≤ 7                 → (9·10 + 7)/100
    #  row 9 rich (−3): d10 ≤ 5; make_favorable (−5) d10 ≤ 7; pos 9 terran  → (8·5 + 7 + 10)/100
    by_row = 4 * Fraction(8, 10) + Fraction(67, 100) + Fraction(99, 100) + Fraction(97, 100) + Fraction(57, 100)
    assert needy["type"]["terran"] == Fraction(1, 8) * by_row == Fraction(4, 5)
    for stage in (1, 3):
        assert odds(stage, NEIGHBOURHOODS[3])["discovery"] == {"planet": Fraction(1)}
        assert odds(stage, NEIGHBOURHOODS[1])["discovery"] == {"empty": Fraction(1, 2), "asteroids": Fraction(1, 2)}
    # Neither A4.5 rule: the plain exploration table.
    assert odds(2, NEIGHBOURHOODS[4])["discovery"] == odds(2)["discovery"]


def _brute_force(stage: int) -> dict[str, dict[str, Fraction]]:
    """Exact odds by trying every face sequence with FixedSource (no neighbourhood)."""
    out: dict[str, dict[str, Fraction]] = {c: {} for c in CATEGORIES}
    stack: list[list[int]] = [[]]
    while stack:
        prefix = stack.pop()
        try:
            result = explore(DiceRoller(FixedSource(prefix)), TABLES, stage)
        except DiceError as err:
            assert "too few faces" in str(err)
            stack.extend(prefix + [f] for f in range(1, 11))
            continue
        p = Fraction(1, 10 ** len(prefix))
        for category, value in features(result):
            out[category][value] = out[category].get(value, Fraction(0)) + p
    return out


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_exact_odds_match_brute_force_over_every_face(stage):
    expected = _brute_force(stage)
    got = odds(stage)
    for category in CATEGORIES:
        assert got[category] == expected[category], category


# ------------------------------------------------------------------ simulation

RUNS = 200_000  # under -m slow; the fast run simulates a tenth as many, with bounds as wide as that allows


@pytest.mark.parametrize("stage", [3, 1])
@pytest.mark.parametrize("runs", [RUNS // 10, pytest.param(RUNS, marks=pytest.mark.slow)])
def test_simulation_agrees_with_exact_odds(stage, runs):
    exact = odds(stage)
    counts = simulate(TABLES, stage, None, runs, seed=1)
    for category in CATEGORIES:
        # Nothing impossible happens.
        assert set(counts[category]) <= set(exact[category]), category
        if category in EXCLUSIVE:
            assert sum(counts[category].values()) == runs
        for value, p in exact[category].items():
            if p == 0:
                continue
            pf = float(p)
            se = math.sqrt(pf * (1 - pf) / runs)
            freq = counts[category][value] / runs
            assert abs(freq - pf) <= 4 * se + 1e-12, (category, value, freq, pf, se)


# ------------------------------------------------------------------ the long runs (pytest -m slow)

test_invariants_for_any_chain_long = slow_twin(test_invariants_for_any_chain, 200)
test_explore_agrees_with_a_reference_model_of_the_rules_long = slow_twin(
    test_explore_agrees_with_a_reference_model_of_the_rules, 200
)
