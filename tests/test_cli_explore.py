"""`gmtool explore`, `gmtool world planet` and `gmtool odds explore | table` through the CLI,
checked against docs/rules-orion.md A4–A5 and the pinned JSON shape of docs/commands.md."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from helpers import FORMATS, LANGS, assert_error, ok, ok_json

pytestmark = pytest.mark.usefixtures("isolated")

GOLDEN = Path(__file__).parent / "golden"
TEXT_FORMATS = ["plain", "bbcode", "markdown"]

# Stage 1: hostile planet (4), negative event 5 → ⌈5/2⌉ = 3 make_poor, type 6+2-3 = 5 steppe, size 10 huge.
HOSTILE_POOR = ("explore", "--stage", "1", "--dice", "4,5,6,10")
# Stage 2: favorable planet (8), positive event 7 treasure (+24 BC), type 4-2 = 2 terran, size 9 large.
TREASURE = ("explore", "--stage", "2", "--dice", "8,7,4,9")
# Stage 3: poor planet (5), negative event 8 monster_natives, monster 3 crystal (great),
# type 2-3 = -1 terran, size 4 medium.
MONSTER_NATIVES = ("explore", "--stage", "3", "--dice", "5,8,3,2,4")
FULL_NEIGHBOURHOOD = "planets=4,terran=1,colonisable=3,unexplored=2"
POOR_NEIGHBOURHOOD = "planets=1,terran=0,colonisable=1,unexplored=3"

CONTRACT_KEYS = {"stage", "discovery", "planet", "events", "monster", "rolls"}
CONTRACT_PLANET_KEYS = {"type", "size", "max_population", "production", "properties"}
EXCLUSIVE = ["discovery", "type", "size", "event", "monster"]  # "property" is not exclusive


_MARKUP = re.compile(r"\[/?(?:b|i|u|s|list|\*|code|size(?:=\d+)?)\]|\*\*|`")


def lines_of(out: str) -> list[str]:
    """The report's lines with bbcode/markdown markup and list bullets removed."""
    out = _MARKUP.sub("", out)
    return [re.sub(r"^(?:- |### )", "", line).strip() for line in out.splitlines()]


def fractions_of(category: dict) -> dict[str, Fraction]:
    out = {}
    for key, cell in category.items():
        frac = Fraction(cell["fraction"])
        assert cell["p"] == pytest.approx(float(frac), abs=1e-9)
        out[key] = frac
    return out


# --------------------------------------------------------------------------------------------
# gmtool explore: the JSON contract


@pytest.mark.parametrize("lang", LANGS)
def test_explore_json_has_the_contract_shape_and_values(gm, lang):
    data = ok_json(gm(*HOSTILE_POOR, "--format", "json", "--lang", lang))
    assert set(data) >= CONTRACT_KEYS
    assert data["stage"] == 1
    assert data["discovery"] == "planet"
    planet = data["planet"]
    assert set(planet) >= CONTRACT_PLANET_KEYS
    assert {k: planet[k] for k in CONTRACT_PLANET_KEYS} == {
        "type": "steppe",
        "size": "huge",
        "max_population": 4,
        "production": 3,
        "properties": ["hostile", "poor"],
    }
    # events[].roll is after the stage-1 halving; exactly the pinned keys
    assert data["events"] == [{"kind": "negative", "roll": 3, "id": "make_poor", "ignored": False}]
    assert data["monster"] is None
    # rolls[].value is the raw face, in the order rolled
    assert data["rolls"] == [
        {"table": "orion/exploration", "value": 4},
        {"table": "orion/negative-events", "value": 5},
        {"table": "orion/world-type", "value": 6},
        {"table": "orion/world-size", "value": 10},
    ]
    # extra keys (welcome) agree with docs/rules-orion.md A5
    assert planet["pp_per_worker"] == 2 and planet["rp_per_scientist"] == 3 and planet["growth"] == 0
    assert data["rerolls"] == [] and data["gains"] == {}
    assert data["source"] == {"kind": "fixed", "faces": [4, 5, 6, 10]}


def test_explore_json_is_the_same_in_both_languages(gm):
    en = ok(gm(*HOSTILE_POOR, "--format", "json", "--lang", "en"))
    ru = ok(gm(*HOSTILE_POOR, "--format", "json", "--lang", "ru"))
    assert en == ru


def test_explore_json_treasure_stage_2_is_not_halved(gm):
    data = ok_json(gm(*TREASURE, "--format", "json"))
    assert data["stage"] == 2 and data["discovery"] == "planet"
    assert {k: data["planet"][k] for k in CONTRACT_PLANET_KEYS} == {
        "type": "terran",
        "size": "large",
        "max_population": 5,
        "production": 4,
        "properties": ["favorable"],
    }
    assert data["events"] == [{"kind": "positive", "roll": 7, "id": "treasure", "ignored": False}]
    assert data["gains"] == {"bc": 24}
    assert data["monster"] is None
    assert [r["value"] for r in data["rolls"]] == [8, 7, 4, 9]


def test_explore_json_great_monster_guarding_natives(gm):
    data = ok_json(gm(*MONSTER_NATIVES, "--format", "json"))
    assert data["stage"] == 3
    assert data["events"] == [{"kind": "negative", "roll": 8, "id": "monster_natives", "ignored": False}]
    assert data["monster"]["kind"] == "crystal" and data["monster"]["great"] is True
    assert data["monster"]["guards"] == "natives"
    assert data["monster"]["gains_when_destroyed"] == {"colonists": 2}
    assert data["gains"] == {}  # nothing gained until the monster dies
    assert {k: data["planet"][k] for k in CONTRACT_PLANET_KEYS} == {
        "type": "terran",
        "size": "medium",
        "max_population": 3,
        "production": 4,
        "properties": ["poor"],
    }
    assert data["rolls"] == [
        {"table": "orion/exploration", "value": 5},
        {"table": "orion/negative-events", "value": 8},
        {"table": "orion/monster-kind", "value": 3},
        {"table": "orion/world-type", "value": 2},
        {"table": "orion/world-size", "value": 4},
    ]


def test_explore_json_ignored_event(gm):
    # hostile planet; stage-1 event 3 → ⌈3/2⌉ = 2 make_hostile: already hostile, so ignored
    data = ok_json(gm("explore", "--dice", "4,3,5,5", "--format", "json"))
    assert data["events"] == [{"kind": "negative", "roll": 2, "id": "make_hostile", "ignored": True}]
    assert data["planet"]["properties"] == ["hostile"]
    assert data["planet"]["type"] == "barren"  # 5+2 = 7


@pytest.mark.parametrize("dice, discovery", [("1", "empty"), ("2", "asteroids")])
def test_explore_json_without_planet(gm, dice, discovery):
    data = ok_json(gm("explore", "--dice", dice, "--format", "json"))
    assert data["discovery"] == discovery
    assert data["planet"] is None and data["events"] == [] and data["monster"] is None
    assert data["rolls"] == [{"table": "orion/exploration", "value": int(dice)}]


def test_explore_seed_is_reproducible(gm):
    first = ok(gm("explore", "--stage", "3", "--seed", "5", "--format", "json"))
    assert first == ok(gm("explore", "--stage", "3", "--seed", "5", "--format", "json"))
    assert json.loads(first)["source"] == {"kind": "random", "seed": 5}


# --------------------------------------------------------------------------------------------
# gmtool explore: the reports a player reads

EXPECTED_LINES = {
    "en": [
        "Exploration, stage 1",
        "Exploration: d10 = 4 → 4: Planet with a hostile environment, plus a negative event",
        "Negative event: d10 = 5, ⌈5/2⌉ = 3 (stage 1) → 3: The planet is mineral-poor",
        "World type: d10 = 6, +2 (hostile environment), -3 (mineral-poor) = 5 → 5: Steppe or tundra",
        "World size: d10 = 10 → 10: Huge",
        "Planet: Steppe or tundra, huge",
        "Properties: hostile, poor",
        "Max population: 4 (Huge 5, hostile -1)",
        "Production: 3",
        "PP per worker: 2 (3 poor -1)",
        "RP per scientist: 3",
        "Growth per turn: 0",
        "Negative event: The planet is mineral-poor",
        "Dice: given (--dice): 4,5,6,10",
    ],
    "ru": [
        "Исследование, этап 1",
        "Исследование системы: d10 = 4 → 4: Планета с неблагоприятной средой (НОС), плюс негативное событие",
        "Негативное событие: d10 = 5, ⌈5/2⌉ = 3 (этап 1) → 3: Планета бедна минералами",
        "Тип мира: d10 = 6, +2 (НОС), -3 (БМ) = 5 → 5: Степь или тундра",
        "Размер мира: d10 = 10 → 10: Огромный",
        "Мир: Степь или тундра, огромный",
        "Свойства: НОС, БМ",
        "Макс. население: 4 (Огромный 5, НОС -1)",
        "Производство: 3",
        "ОП на рабочего: 2 (3 БМ -1)",
        "ОИ на учёного: 3",
        "Прирост за ход: 0",
        "Негативное событие: Планета бедна минералами",
        "Кубики: заданы вручную: 4,5,6,10",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fmt", TEXT_FORMATS)
def test_explore_report_every_format_and_language(gm, fmt, lang):
    out = ok(gm(*HOSTILE_POOR, "--format", fmt, "--lang", lang))
    lines = lines_of(out)
    for expected in EXPECTED_LINES[lang]:
        assert expected in lines, f"{expected!r} not in\n{out}"
    # the rolls come in dice order
    positions = [lines.index(line) for line in EXPECTED_LINES[lang][1:5]]
    assert positions == sorted(positions)
    if fmt == "plain":
        assert "[b]" not in out and "**" not in out
        assert out.startswith(EXPECTED_LINES[lang][0] + "\n" + "=" * len(EXPECTED_LINES[lang][0]) + "\n")
    elif fmt == "bbcode":
        assert out.startswith(f"[size=150][b]{EXPECTED_LINES[lang][0]}[/b][/size]\n")
        assert "[list]" in out and "[/list]" in out and "**" not in out
        assert out.count("[b]") == out.count("[/b]")
    else:
        assert out.startswith(f"### {EXPECTED_LINES[lang][0]}\n")
        assert "[b]" not in out
    if lang == "ru":
        for english in ("PP", "RP", "BC", "Planet", "hostile", "poor", "stage"):
            assert english not in out


@pytest.mark.parametrize("fmt", TEXT_FORMATS)
def test_explore_report_bold_numbers(gm, fmt):
    out = ok(gm(*HOSTILE_POOR, "--format", fmt))
    bold = {"plain": "{}", "bbcode": "[b]{}[/b]", "markdown": "**{}**"}[fmt]
    assert bold.format("4") + " (Huge 5, hostile -1)" in out
    assert bold.format("2") + " (3 poor -1)" in out


@pytest.mark.parametrize(
    "lang, gains, text",
    [
        ("en", "Gains: BC: 24", "Treasure — Riches of colossal worth: +24 BC in stage 2, +36 BC in stage 3."),
        ("ru", "Получено: ВС: 24", "Клад — Ценности колоссальной стоимости: +24 ВС на 2-м этапе, +36 ВС на 3-м."),
    ],
)
def test_explore_treasure_report(gm, lang, gains, text):
    out = ok(gm(*TREASURE, "--lang", lang))
    lines = lines_of(out)
    assert gains in lines
    assert any(line.endswith(text) for line in lines), out
    assert "⌈" not in out  # stage 2: no halving
    if lang == "ru":
        assert "BC" not in out
        assert "Положительное событие: d10 = 7 → 7: Клад" in lines
        assert "Тип мира: d10 = 4, -2 (БОС) = 2 → ≤2: Земной" in lines
        assert "Макс. население: 5 (Большой 4, БОС +1)" in lines
    else:
        assert "Positive event: d10 = 7 → 7: Treasure" in lines
        assert "World type: d10 = 4, -2 (favorable environment) = 2 → ≤2: Terran" in lines
        assert "Max population: 5 (Large 4, favorable +1)" in lines


def test_explore_monster_report(gm):
    lines = lines_of(ok(gm(*MONSTER_NATIVES)))
    assert "Space monster: d10 = 3 → 3–4: Space crystal" in lines
    assert "World type: d10 = 2, -3 (mineral-poor) = -1 → ≤2: Terran" in lines
    monster = next(line for line in lines if line.startswith("Monster: "))
    assert monster.startswith("Monster: Great space crystal; guards: Natives (Colonists: 2)")
    assert "only once the monster is destroyed" in monster


def test_explore_golden_bbcode_russian(gm):
    out = ok(gm(*TREASURE, "--format", "bbcode", "--lang", "ru"))
    assert out == (GOLDEN / "explore-stage2-treasure-ru.bbcode").read_text(encoding="utf-8")


def test_explore_golden_markdown_monster(gm):
    out = ok(gm(*MONSTER_NATIVES, "--format", "markdown"))
    assert out == (GOLDEN / "explore-stage3-monster-natives.markdown").read_text(encoding="utf-8")


# --------------------------------------------------------------------------------------------
# Homeworld neighbourhood (docs/rules-orion.md A4.4–A4.5)


@pytest.mark.parametrize("fmt", TEXT_FORMATS)
@pytest.mark.parametrize(
    "lang, word, lines",
    [
        (
            "en",
            "rerolled",
            [
                "Exploration: d10 = 7 → 6–7: Ordinary planet — rerolled: the homeworld already has 4 planets "
                "next to it (the rule of 2–4 planets)",
                "Exploration: d10 = 9 → 9: Mineral-rich planet, plus a positive event — rerolled: the homeworld "
                "already has 4 planets next to it (the rule of 2–4 planets)",
                "Exploration: d10 = 1 → 1: Space is empty",
                "Found: Space is empty",
            ],
        ),
        (
            "ru",
            "переброс",
            [
                "Исследование системы: d10 = 1 → 1: Космос пуст",
                "Найдено: Космос пуст",
                "До разведки рядом с Родным миром: планет: 4 (земных: 1, доступных для колонизации: 3), неисследованных: 2",
            ],
        ),
    ],
)
def test_near_homeworld_with_4_planets_rerolls_planets(gm, fmt, lang, word, lines):
    out = ok(gm("explore", "--near-homeworld", FULL_NEIGHBOURHOOD, "--dice", "7,9,1", "--format", fmt, "--lang", lang))
    assert out.count(word) == 2
    got = [re.sub(r"\[/?i\]|\*", "", line) for line in lines_of(out)]
    for line in lines:
        assert line in got, f"{line!r} not in\n{out}"


def test_near_homeworld_rerolls_in_json(gm):
    data = ok_json(gm("explore", "--near-homeworld", FULL_NEIGHBOURHOOD, "--dice", "7,9,1", "--format", "json"))
    assert data["discovery"] == "empty" and data["planet"] is None and data["events"] == []
    assert data["rerolls"] == [{"face": 7, "row": "ordinary"}, {"face": 9, "row": "rich"}]
    assert data["reroll_reason"] == "homeworld_has_max_planets"
    assert data["rolls"] == [{"table": "orion/exploration", "value": v} for v in (7, 9, 1)]
    assert data["near_homeworld"] == {"planets": 4, "terran": 1, "colonisable": 3, "unexplored": 2}


def test_near_homeworld_needing_planets_rerolls_empty_space(gm):
    args = ("explore", "--near-homeworld", "planets=1,terran=0,colonisable=0,unexplored=1", "--dice", "1,2,6,5,5")
    data = ok_json(gm(*args, "--format", "json"))
    assert data["rerolls"] == [{"face": 1, "row": "empty"}, {"face": 2, "row": "asteroids"}]
    assert data["reroll_reason"] == "homeworld_needs_planets"
    assert data["discovery"] == "planet" and data["planet"]["type"] == "terran"  # 5-4-2
    out = ok(gm(*args))
    assert out.count("rerolled: the homeworld needs at least 2 planets next to it") == 2


def test_near_homeworld_reroll_in_stage_1_without_enough_dice(gm):
    assert_error(
        gm("explore", "--near-homeworld", FULL_NEIGHBOURHOOD, "--dice", "7,9"), "--dice: too few faces", quiet=True
    )


@pytest.mark.parametrize(
    "lang, line",
    [
        (
            "en",
            "World type: d10 = 5, -4 (no terran planet next to the homeworld yet), -2 (fewer than 3 "
            "colonisable planets next to the homeworld) = -1 → ≤2: Terran",
        ),
        (
            "ru",
            "Тип мира: d10 = 5, -4 (рядом с Родным миром ещё нет планеты земного типа), -2 (рядом с "
            "Родным миром меньше трёх планет, доступных для колонизации) = -1 → ≤2: Земной",
        ),
    ],
)
def test_near_homeworld_type_modifiers(gm, lang, line):
    args = ("explore", "--near-homeworld", POOR_NEIGHBOURHOOD, "--dice", "6,5,5")
    assert line in lines_of(ok(gm(*args, "--lang", lang)))
    data = ok_json(gm(*args, "--format", "json", "--lang", lang))
    assert data["planet"]["type"] == "terran" and data["planet"]["size"] == "medium"
    assert data["rerolls"] == []
    assert data["rolls"] == [
        {"table": "orion/exploration", "value": 6},
        {"table": "orion/world-type", "value": 5},
        {"table": "orion/world-size", "value": 5},
    ]


@pytest.mark.parametrize(
    "near, total, world",
    [
        ("planets=1,terran=1,colonisable=1,unexplored=3", 3, "ocean"),  # only -2
        ("planets=3,terran=0,colonisable=3,unexplored=3", 1, "terran"),  # only -4
        ("planets=3,terran=1,colonisable=3,unexplored=3", 5, "steppe"),  # neither
    ],
)
def test_near_homeworld_modifiers_apply_separately(gm, near, total, world):
    data = ok_json(gm("explore", "--near-homeworld", near, "--dice", "6,5,5", "--format", "json"))
    assert data["planet"]["type"] == world
    lines = lines_of(ok(gm("explore", "--near-homeworld", near, "--dice", "6,5,5")))
    type_line = next(line for line in lines if line.startswith("World type: d10 = 5"))
    assert type_line.split(" → ")[0].endswith(f" = {total}" if total != 5 else "d10 = 5"), type_line


def test_near_homeworld_english_plural(gm):
    out = ok(gm("explore", "--near-homeworld", POOR_NEIGHBOURHOOD, "--dice", "6,5,5"))
    assert "Next to the homeworld before this exploration:" in out
    assert "1 planets" not in out, out  # "1 planet", not "1 planets"


# --------------------------------------------------------------------------------------------
# Errors: exit 1, one `error:` line, nothing on stdout; usage errors exit 2


@pytest.mark.parametrize(
    "args, fragments",
    [
        (["--dice", "4"], ["error: --dice: too few faces", "roll 2 (event, d10)"]),
        (["--dice", "1,5"], ["error: --dice: 1 face left over (5)"]),
        (["--dice", "4,5,6,10,3"], ["error: --dice: 1 face left over (3)"]),
        (["--dice", "11"], ["error: --dice: face 11 is out of range 1–10 for roll 1 (exploration, d10)"]),
        (["--dice", "0"], ["error: --dice: face 0 is out of range 1–10"]),
        (["--dice", "4,5,11,10"], ["face 11 is out of range 1–10 for roll 3 (world type, d10)"]),
        (["--dice", "a,b"], ["error: --dice: 'a'", "not a whole number"]),
        (["--dice", "4,,5"], ["error: --dice: value 2 is empty"]),
        (["--near-homeworld", "planets=9"], ["error: near-homeworld: missing terran, colonisable, unexplored"]),
        (
            ["--near-homeworld", "planets=9,terran=0,colonisable=0,unexplored=1"],
            ["error: near-homeworld: planets (9) + unexplored (1) is more than the 6 neighbours"],
        ),
        (["--near-homeworld", "planets=1,terran=0"], ["error: near-homeworld: missing colonisable, unexplored"]),
        (["--near-homeworld", "junk"], ["error: near-homeworld: 'junk' is not one of planets=N"]),
        (["--near-homeworld", POOR_NEIGHBOURHOOD + ",moons=2"], ["error: near-homeworld: 'moons=2'"]),
        (
            ["--near-homeworld", "planets=x,terran=0,colonisable=1,unexplored=3"],
            ["error: near-homeworld: planets='x' is not a small whole number"],
        ),
        (["--near-homeworld", "planets=-1,terran=0,colonisable=0,unexplored=1"], ["error: near-homeworld: planets="]),
        (
            ["--near-homeworld", "planets=2,terran=0,colonisable=1,unexplored=3,planets=2"],
            ["error: near-homeworld: planets given twice"],
        ),
        (["--near-homeworld", "planets=2,terran=2,colonisable=1,unexplored=3"], ["terran ≤ colonisable"]),
        (["--near-homeworld", "planets=1,terran=0,colonisable=2,unexplored=3"], ["colonisable ≤ planets"]),
        (["--near-homeworld", "planets=1,terran=0,colonisable=1,unexplored=0"], ["unexplored", "at least 1"]),
    ],
)
def test_explore_errors(gm, args, fragments):
    assert_error(gm("explore", *args), *fragments, quiet=True)


@pytest.mark.parametrize("fmt", FORMATS)
def test_explore_errors_write_nothing_in_any_format(gm, fmt):
    assert_error(gm("explore", "--dice", "4", "--format", fmt), "--dice", quiet=True)


@pytest.mark.parametrize(
    "args", [["--stage", "4"], ["--stage", "0"], ["--stage", "x"], ["--format", "html"], ["--lang", "de"], ["--nope"]]
)
def test_explore_usage_errors_exit_2(gm, args):
    res = gm("explore", *args)
    assert res.exit_code == 2
    assert res.stdout == ""


# --------------------------------------------------------------------------------------------
# gmtool world planet


def test_world_planet_hostile_json(gm):
    data = ok_json(
        gm("world", "planet", "--property", "hostile", "--stage", "2", "--dice", "3,6,10", "--format", "json")
    )
    assert data["stage"] == 2 and data["discovery"] == "planet"
    # stage 2: face 3 is the event itself, not halved → make_poor
    assert data["events"] == [{"kind": "negative", "roll": 3, "id": "make_poor", "ignored": False}]
    assert {k: data["planet"][k] for k in CONTRACT_PLANET_KEYS} == {
        "type": "steppe",
        "size": "huge",
        "max_population": 4,
        "production": 3,
        "properties": ["hostile", "poor"],
    }
    assert data["rolls"] == [
        {"table": "orion/negative-events", "value": 3},
        {"table": "orion/world-type", "value": 6},
        {"table": "orion/world-size", "value": 10},
    ]
    assert data["monster"] is None


def test_world_planet_hostile_plain(gm):
    out = ok(gm("world", "planet", "--property", "hostile", "--stage", "2", "--dice", "3,6,10"))
    lines = lines_of(out)
    assert lines[0] == "Planet made by special rules, stage 2"
    assert "Negative event: d10 = 3 → 3: The planet is mineral-poor" in lines
    assert "World type: d10 = 6, +2 (hostile environment), -3 (mineral-poor) = 5 → 5: Steppe or tundra" in lines
    assert "World size: d10 = 10 → 10: Huge" in lines
    assert "Max population: 4 (Huge 5, hostile -1)" in lines
    assert "PP per worker: 2 (3 poor -1)" in lines
    assert "⌈" not in out
    assert not any(line.startswith("Exploration:") for line in lines)  # no exploration roll


def test_world_planet_stage_1_event_is_halved(gm):
    data = ok_json(gm("world", "planet", "--property", "hostile", "--dice", "6,6,10", "--format", "json"))
    assert data["events"][0]["roll"] == 3 and data["events"][0]["id"] == "make_poor"
    assert data["rolls"][0] == {"table": "orion/negative-events", "value": 6}


def test_world_planet_event_none(gm):
    data = ok_json(
        gm("world", "planet", "--property", "hostile", "--event", "none", "--dice", "6,10", "--format", "json")
    )
    assert data["events"] == []
    assert {k: data["planet"][k] for k in CONTRACT_PLANET_KEYS} == {
        "type": "barren",
        "size": "huge",
        "max_population": 4,
        "production": 2,
        "properties": ["hostile"],
    }
    assert [r["table"] for r in data["rolls"]] == ["orion/world-type", "orion/world-size"]
    # with no event roll, the third face is left over
    assert_error(
        gm("world", "planet", "--property", "hostile", "--event", "none", "--dice", "3,6,10"), "left over", quiet=True
    )


def test_world_planet_event_positive(gm):
    data = ok_json(gm("world", "planet", "--event", "positive", "--stage", "2", "--dice", "7,5,5", "--format", "json"))
    assert data["events"] == [{"kind": "positive", "roll": 7, "id": "treasure", "ignored": False}]
    assert data["gains"] == {"bc": 24}
    assert data["planet"]["properties"] == []


def test_world_planet_forced_type_and_size_needs_no_dice(gm):
    args = ("world", "planet", "--type", "terran", "--size", "huge")
    first = ok(gm(*args))
    assert first == ok(gm(*args))  # no dice: the same report every time
    lines = lines_of(first)
    assert "Planet: Terran (given), huge (given)" in lines
    assert "Max population: 5" in lines and "Production: 4" in lines
    assert "PP per worker: 4" in lines and "RP per scientist: 4" in lines
    data = ok_json(gm(*args, "--format", "json"))
    assert data["rolls"] == [] and data["events"] == []
    assert {k: data["planet"][k] for k in CONTRACT_PLANET_KEYS} == {
        "type": "terran",
        "size": "huge",
        "max_population": 5,
        "production": 4,
        "properties": [],
    }
    assert_error(gm(*args, "--dice", "3"), "left over", quiet=True)


@pytest.mark.parametrize(
    "props, pp, rp, pop",
    [
        (["poor", "gravity"], 0, 0, 3),  # inferno production 1: PP max(0, 1-1-1), RP max(0, 1-1)
        (["rich", "artifacts"], 2, 3, 3),  # PP 1+1, RP 1+2
        (["hostile", "favorable"], 1, 1, 3),  # max population 3-1+1
    ],
)
def test_world_planet_property_arithmetic(gm, props, pp, rp, pop):
    args = ["world", "planet", "--type", "inferno", "--size", "medium", "--event", "none", "--format", "json"]
    for p in props:
        args += ["--property", p]
    planet = ok_json(gm(*args))["planet"]
    assert planet["production"] == 1
    assert (planet["pp_per_worker"], planet["rp_per_scientist"], planet["max_population"]) == (pp, rp, pop)


def test_world_planet_hostile_tiny_keeps_max_population_1(gm):
    planet = ok_json(
        gm(
            "world",
            "planet",
            "--property",
            "hostile",
            "--event",
            "none",
            "--type",
            "ocean",
            "--size",
            "tiny",
            "--format",
            "json",
        )
    )["planet"]
    assert planet["max_population"] == 1


@pytest.mark.parametrize(
    "args, fragments",
    [
        (["--property", "shiny"], ["'shiny'", "unknown planet property"]),
        (["--property", "hostile", "--property", "sparkly", "--dice", "1,1,1"], ["'sparkly'"]),
        (["--type", "swamp"], ["unknown world type 'swamp'"]),
        (["--size", "enormous"], ["unknown world size 'enormous'"]),
        (["--event", "weird"], ["unknown event kind 'weird'"]),
    ],
)
def test_world_planet_errors(gm, args, fragments):
    assert_error(gm("world", "planet", *args), *fragments, quiet=True)


# --------------------------------------------------------------------------------------------
# gmtool odds


def _independent_stage_1_odds() -> tuple[Counter, Counter]:
    """World type and property odds of stage 1, enumerated from docs/rules-orion.md A4 directly."""
    explo = {
        1: ("empty", [], None),
        2: ("asteroids", [], None),
        3: ("planet", ["gravity"], None),
        4: ("planet", ["hostile"], "neg"),
        5: ("planet", ["poor"], "neg"),
        6: ("planet", [], None),
        7: ("planet", [], None),
        8: ("planet", ["favorable"], "pos"),
        9: ("planet", ["rich"], "pos"),
        10: ("planet", ["artifacts"], None),
    }
    adds = {"neg": {2: "hostile", 3: "poor", 4: "gravity"}, "pos": {2: "favorable", 3: "rich", 4: "artifacts"}}
    mods = {"hostile": 2, "favorable": -2, "rich": 3, "poor": -3}

    def world(t: int) -> str:
        return (
            "terran"
            if t <= 2
            else "ocean"
            if t <= 4
            else "steppe"
            if t == 5
            else "toxic"
            if t == 6
            else "barren"
            if t <= 8
            else "inferno"
        )

    types: Counter = Counter()
    props: Counter = Counter()
    for face in range(1, 11):
        discovery, base, event = explo[face]
        for ev in [None] if event is None else [math.ceil(f / 2) for f in range(1, 11)]:
            p = Fraction(1, 10) * (Fraction(1, 10) if ev else 1)
            have = set(base) | ({adds[event][ev]} if ev in adds.get(event, {}) else set())
            if discovery != "planet":
                types["none"] += p
                continue
            for prop in have:
                props[prop] += p
            for t in range(1, 11):
                types[world(t + sum(mods.get(x, 0) for x in have))] += p / 10
    return types, props


def test_odds_explore_stage_1_exact(gm):
    data = ok_json(gm("odds", "explore", "--stage", "1", "--format", "json"))
    assert data["stage"] == 1 and data["near_homeworld"] is None and data["simulated"] is None
    exact = {cat: fractions_of(cells) for cat, cells in data["exact"].items()}
    assert exact["discovery"] == {"empty": Fraction(1, 10), "asteroids": Fraction(1, 10), "planet": Fraction(4, 5)}
    assert exact["monster"] == {"none": Fraction(1)}
    for cat in EXCLUSIVE:
        assert sum(exact[cat].values()) == 1, cat
    types, props = _independent_stage_1_odds()
    assert exact["type"] == dict(types)
    assert exact["property"] == dict(props)
    assert exact["size"]["none"] == Fraction(1, 5)
    assert exact["size"]["medium"] == Fraction(4, 5) * Fraction(4, 10)
    # stage 1 halving: no event beyond 5, each reachable one 2/10 · 2/10
    assert exact["event"]["none"] == Fraction(3, 5)
    assert set(exact["event"]) == {
        "none",
        "fleet_lost",
        "make_hostile",
        "make_poor",
        "make_gravity",
        "contamination",
        "technology",
        "make_favorable",
        "make_rich",
        "make_artifacts",
        "rare_elements",
    }
    assert all(v == Fraction(1, 25) for k, v in exact["event"].items() if k != "none")


def test_odds_explore_stage_3_monsters_and_natives(gm):
    data = ok_json(gm("odds", "explore", "--stage", "3", "--format", "json"))
    exact = {cat: fractions_of(cells) for cat, cells in data["exact"].items()}
    for cat in EXCLUSIVE:
        assert sum(exact[cat].values()) == 1, cat
    assert exact["monster"] == {
        "none": Fraction(9, 10),
        "serpent": Fraction(1, 50),
        "crystal": Fraction(1, 50),
        "amoeba": Fraction(1, 50),
        "hydra": Fraction(1, 50),
        "dragon": Fraction(1, 50),
    }
    # natives (positive 8) and monster_natives (negative 8) raise a tiny planet to small
    assert exact["size"]["tiny"] == Fraction(19, 250) and exact["size"]["small"] == Fraction(41, 250)


def test_odds_explore_near_homeworld(gm):
    full = ok_json(gm("odds", "explore", "--near-homeworld", FULL_NEIGHBOURHOOD, "--format", "json"))
    assert {k: Fraction(v["fraction"]) for k, v in full["exact"]["discovery"].items()} == {
        "empty": Fraction(1, 2),
        "asteroids": Fraction(1, 2),
    }
    assert full["near_homeworld"] == {"planets": 4, "terran": 1, "colonisable": 3, "unexplored": 2}
    needy = ok_json(
        gm("odds", "explore", "--near-homeworld", "planets=1,terran=0,colonisable=1,unexplored=1", "--format", "json")
    )
    assert {k: Fraction(v["fraction"]) for k, v in needy["exact"]["discovery"].items()} == {"planet": Fraction(1)}
    assert sum(Fraction(v["fraction"]) for v in needy["exact"]["type"].values()) == 1


def test_odds_explore_simulation_is_reproducible(gm):
    args = ("odds", "explore", "--stage", "3", "--simulate", "2000", "--seed", "1")
    first = ok_json(gm(*args, "--format", "json"))
    assert first == ok_json(gm(*args, "--format", "json"))
    sim = first["simulated"]
    assert sim["runs"] == 2000 and sim["seed"] == 1
    freq = sim["frequencies"]
    assert set(freq) == set(first["exact"])
    for cat in EXCLUSIVE:
        assert sum(freq[cat].values()) == pytest.approx(1.0)
        assert set(freq[cat]) <= set(first["exact"][cat])
    for cat, cells in freq.items():
        for key, f in cells.items():
            assert (f * 2000) == pytest.approx(round(f * 2000))  # counts out of 2000
            p = first["exact"][cat][key]["p"]
            assert abs(f - p) <= 5 * math.sqrt(p * (1 - p) / 2000) + 1e-9, (cat, key, f, p)
    plain = ok(gm(*args))
    assert plain == ok(gm(*args))
    assert "Simulated chains: 2000 (seed 1)" in plain and "Simulated" in plain and "Std. errors" in plain


@pytest.mark.parametrize("fmt", FORMATS)
def test_odds_explore_every_format(gm, fmt):
    out = ok(gm("odds", "explore", "--stage", "1", "--format", fmt))
    if fmt == "json":
        assert json.loads(out)["exact"]["discovery"]["planet"]["fraction"] == "4/5"
        return
    title = "Odds: exploration, stage 1"
    assert title in out
    for label in ("Discovery", "World type", "World size", "Planet has the property", "Event", "Monster"):
        assert label in out
    if fmt == "plain":
        assert re.search(r"^Planet +4/5 +80\.00%$", out, re.M)
        assert re.search(r"^no monster +1/1 +100\.00%$", out, re.M)
    elif fmt == "bbcode":
        assert out.startswith(f"[size=150][b]{title}[/b][/size]")
        assert (
            "[b]Discovery[/b]" in out and out.count("[code]") == out.count("[/code]") >= 6
        )  # a long table: several boxes
        assert re.search(r"^Planet +4/5 +80\.00%", out, re.M)
    else:
        assert out.startswith(f"### {title}")
        assert "**Discovery**" in out
        assert re.search(r"^\| Planet +\| +4/5 \| 80\.00% \|$", out, re.M)


def test_odds_explore_russian_labels(gm):
    out = ok(gm("odds", "explore", "--stage", "3", "--lang", "ru", "--simulate", "50", "--seed", "2"))
    for label in (
        "Вероятности: исследование, этап 3",
        "Этап: 3",
        "Симуляций: 50 (seed 2)",
        "Находка",
        "Тип мира",
        "Размер мира",
        "Планета имеет свойство",
        "Событие",
        "Чудовище",
        "Результат",
        "Точно",
        "нет планеты",
        "нет события",
        "нет чудовища",
        "Космос пуст",
        "Земной",
        "Неблагоприятная окружающая среда (НОС)",
        "Бедная минералами (БМ)",
        "Космический дракон",
    ):
        # a long label may wrap onto the next line of its row where the table narrows to fit
        assert label in out or re.search(r"\s+(?:\S*\s+)*?".join(map(re.escape, label.split())), out), label
    for english in ("Discovery", "Exact", "no planet", "Terran", "Space dragon"):
        assert english not in out


WORLD_TYPE_MINUS_4 = {
    "terran": Fraction(3, 5),
    "ocean": Fraction(1, 5),
    "steppe": Fraction(1, 10),
    "toxic": Fraction(1, 10),
}


@pytest.mark.parametrize("fmt", FORMATS)
def test_odds_table_world_type_every_format(gm, fmt):
    out = ok(gm("odds", "table", "orion/world-type", "--modifier", "-4", "--format", fmt))
    if fmt == "json":
        data = json.loads(out)
        assert fractions_of(data["exact"]["row"]) == WORLD_TYPE_MINUS_4
        assert data["table"] == "orion/world-type" and data["modifiers"] == [{"value": -4}]
        assert data["simulated"] is None
        return
    rows = [
        ("≤2: Terran", "3/5", "60.00%"),
        ("3–4: Ocean or tropical", "1/5", "20.00%"),
        ("5: Steppe or tundra", "1/10", "10.00%"),
        ("6: Toxic or airless", "1/10", "10.00%"),
    ]
    for label, frac, pct in rows:
        sep = r" +\| +" if fmt == "markdown" else r" +"
        assert re.search(re.escape(label) + sep + re.escape(frac) + sep + re.escape(pct), out), (label, out)
    assert "Barren" not in out and "Inferno" not in out
    assert "Odds: World type (orion/world-type)" in out
    assert re.search(r"Modifiers:(?:\[/b\]|\*\*)? \\?-4", out)


def test_odds_table_world_type_russian(gm):
    out = ok(gm("odds", "table", "orion/world-type", "--modifier", "-4", "--lang", "ru"))
    for text in ("Вероятности: Тип мира (orion/world-type)", "Кубик: d10", "Модификаторы: -4", "Результат", "Точно"):
        assert text in out
    assert re.search(r"≤2: Земной +3/5 +60\.00%", out)
    assert re.search(r"3–4: Океанический или тропический +1/5 +20\.00%", out)


def test_odds_table_named_modifier_and_simulation(gm):
    args = ("odds", "table", "orion/world-type", "-m", "rich", "--simulate", "500", "--seed", "7", "--format", "json")
    data = ok_json(gm(*args))
    exact = fractions_of(data["exact"]["row"])
    # d10+3 is 4–13: terran cannot happen and is not listed
    assert exact == {
        "ocean": Fraction(1, 10),
        "steppe": Fraction(1, 10),
        "toxic": Fraction(1, 10),
        "barren": Fraction(1, 5),
        "inferno": Fraction(1, 2),
    }
    assert data["modifiers"] == [{"value": 3, "id": "rich"}]
    assert data["simulated"]["runs"] == 500 and data == ok_json(gm(*args))


@pytest.mark.parametrize(
    "args, fragments",
    [
        (["explore", "--near-homeworld", "junk"], ["near-homeworld"]),
        (["table", "orion/nope"], ["no table 'orion/nope'"]),
        (["table", "orion/world-type", "-m", "spicy"], ["no modifier named 'spicy'"]),
    ],
)
def test_odds_errors(gm, args, fragments):
    assert_error(gm("odds", *args), *fragments, quiet=True)


def test_odds_usage_errors(gm):
    assert gm("odds", "explore", "--stage", "4").exit_code == 2
    assert gm("odds", "explore", "--simulate", "-1").exit_code == 2


# --------------------------------------------------------------------------------------------
# Markdown notes in italics must render as italics (CommonMark), not as stray asterisks


def _commonmark(source: str) -> str:
    markdown_it = pytest.importorskip("markdown_it")
    return markdown_it.MarkdownIt("commonmark").render(source)


@pytest.mark.parametrize(
    "args",
    [
        ("explore", "--near-homeworld", FULL_NEIGHBOURHOOD, "--dice", "7,9,1"),  # rerolled note
        ("explore", "--dice", "4,3,5,5"),  # ignored note
    ],
)
def test_markdown_italic_notes_render(gm, args):
    html = _commonmark(ok(gm(*args, "--format", "markdown")))
    assert "*" not in html, html
    assert "<em>" in html


def test_markdown_reports_render_without_stray_markup(gm):
    for args in (HOSTILE_POOR, TREASURE, MONSTER_NATIVES):
        html = _commonmark(ok(gm(*args, "--format", "markdown")))
        assert "*" not in html and "<strong>" in html
