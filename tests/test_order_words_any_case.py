"""Room commands read names in any case and number (issue 35 §5: `!построить звёздную базу`,
`колонизатора`): each Russian word is read by the morphology dictionary (pymorphy3,
gmtool/locale/lemmas.py) into its dictionary forms, an exact name first, and words that could
name two rows are refused naming both — never a guess."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gmtool.errors import InputError
from gmtool.forum.order_commands import parse_order
from gmtool.locale.lemmas import same_name
from helpers import example_copy, ok, write_text
from test_order_commands import LIB, home, read, stage1, stage3


@pytest.mark.parametrize(
    ("line", "item"),
    [
        ("!построить звёздную базу", "star_base"),
        ("!построить звездную базу", "star_base"),
        ("!построить колонизатора", "colony_ship"),
        ("!построить колонизационного корабля", "colony_ship"),
        ("!построить фрегаты", "frigate"),
        ("!построить Крейсеров", "cruiser"),
        ("!построить боевую станцию", "battle_station"),
        ("!построить звёздного форта", "star_fortress"),
        ("!построить робошахту", "robo_mine"),
        ("!построить автофабрику", "auto_factory"),
    ],
)
def test_a_ship_base_or_building_in_any_case_and_number(line, item):
    c = stage1()
    assert read(c, line).value == {"hex": home(c), "item": item}
    assert read(c, line + " на 0,1").value == {"hex": home(c, 0, 1), "item": item}


def test_the_other_readers_take_any_case_too():
    c = stage1()
    assert read(c, "!построить фрегата орудие,орудие").value == {
        "hex": home(c),
        "item": "frigate",
        "modules": ["gun", "gun"],
    }
    assert read(c, "!разобрать звёздную базу").value == {"item": "star_base"}
    assert read(c, "!нанять Шелест шпиона, диверсанта").value == {"name": "Шелест", "specialities": ["spy", "saboteur"]}
    c = stage3()
    assert read(c, "!задание великую библиотеку").value == "great-library"
    assert read(c, "!законопроект акта о свободной торговле").value == "free-trade"
    assert read(c, "!миссия Kess лоббирования").value == {"agent": "Kess", "ability": "lobby"}
    assert read(c, "!изучить контролируемую токсичную среду").value == "controlled_toxic_environment"


def test_words_that_name_no_row_in_any_form_are_still_refused_naming_the_rows():
    with pytest.raises(InputError) as caught:
        read(stage1(), "!построить звёздную станцию")
    assert caught.value.text("ru").startswith(
        "!построить: звёздную станцию — неизвестное имя (корабль, база или постройка; известны: Разведчик"
    )


class _Library:
    """The shipped tables with one of them replaced."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def get(self, name: str, ruleset: str | None = None) -> Any:
        return self.table if name == self.table.name else LIB.get(name, ruleset)

    def __getattr__(self, name: str) -> Any:
        return getattr(LIB, name)


def test_an_exact_name_comes_first_and_two_rows_one_form_could_name_are_refused_naming_both():
    costs = LIB.get("costs", "orion")
    rows = tuple(
        dataclasses.replace(row, aliases=("звёздные базы",)) if row.id == "star_fortress" else row for row in costs.rows
    )
    library = _Library(dataclasses.replace(costs, rows=rows))
    c = stage1()
    exact = parse_order(c, library, "alice", "build", "звёздные базы")  # the alias, as written
    assert exact.value == {"hex": home(c), "item": "star_fortress"}
    assert parse_order(c, library, "alice", "build", "Звёздная база").value["item"] == "star_base"
    with pytest.raises(InputError) as caught:
        parse_order(c, library, "alice", "build", "звёздной базы")  # either one's form
    assert caught.value.text("en") == (
        "!build: звёздной базы could name any of Star base, Star fortress: write the one you mean by its name"
    )
    assert caught.value.text("ru") == (
        "!построить: звёздной базы — неоднозначно (подходят: Звёздная база, Звёздный форт); "
        "напишите нужное название полностью"
    )


@pytest.mark.parametrize(
    ("written", "name", "same"),
    [
        ("звёздную базу", "Звёздная база", True),
        ("колонизатора", "колонизатор", True),
        ("фрегаты", "Фрегат", True),
        ("звёздную базу", "Звёздный форт", False),
        ("базу", "Звёздная база", False),  # as many words as the name
        ("frigates", "Frigate", True),  # English: either number, by the obvious rules
        ("colony ships", "Colony ship", True),
        ("batteries", "Battery", True),
        ("classes", "Class", True),
        ("star bases", "Star base", True),
        ("frigates", "Фрегат", False),  # never across alphabets (nor is the dictionary loaded)
        ("frigate", "Frigates", True),
        ("frigatess", "Frigate", False),
        ("cruisers", "Frigate", False),
    ],
)
def test_same_name_word_by_word(written, name, same):
    assert same_name(written, name) is same


@pytest.mark.parametrize(
    ("line", "item"),
    [
        ("!build scouts", "scout"),
        ("!build colony ships", "colony_ship"),
        ("!build Colony Ships", "colony_ship"),
        ("!build frigates", "frigate"),
        ("!build star bases", "star_base"),
        ("!build robo-mines", "robo_mine"),
        ("!build auto-labs", "auto_lab"),
    ],
)
def test_an_item_in_english_in_either_number(line, item):
    c = stage1()
    assert read(c, line).value == {"hex": home(c), "item": item}
    assert read(c, line + " at 0,1").value == {"hex": home(c, 0, 1), "item": item}


def test_english_plurals_in_the_other_readers_and_unknown_words_still_refused():
    c = stage1()
    assert read(c, "!build frigates gun,gun").value == {"hex": home(c), "item": "frigate", "modules": ["gun", "gun"]}
    assert read(c, "!scrap scouts").value == {"item": "scout"}
    with pytest.raises(InputError) as caught:
        read(c, "!build star stations")
    assert caught.value.text("en").startswith("!build: star stations is no ship, base or building (known: Scout,")


def test_an_english_plural_does_not_load_the_dictionary():
    code = (
        "import sys\n"
        "from test_order_commands import read, stage1\n"
        "read(stage1(), '!build colony ships')\n"
        "print('pymorphy3' in sys.modules)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).parent, check=True
    )
    assert run.stdout.split() == ["False"]


def test_the_cli_does_not_load_the_dictionary_and_an_exact_name_does_not_either():
    code = (
        "import sys\n"
        "from test_order_commands import read, stage1\n"
        "read(stage1(), '!построить Звёздная база')\n"
        "print('pymorphy3' in sys.modules)\n"
        "read(stage1(), '!построить звёздную базу')\n"
        "print('pymorphy3' in sys.modules)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).parent, check=True
    )
    assert run.stdout.split() == ["False", "True"]


def test_a_room_post_in_inflected_russian_is_confirmed_as_the_orders_it_names(gm, tmp_path):
    camp = example_copy(tmp_path, fresh=True)
    room = write_text(tmp_path, "room.txt", "=== alice #901 ===\n!построить колонизатора\n!построить звёздную базу\n")
    out = ok(gm("post", "resolve", str(room), "-c", str(camp), "--room", "alice", "--lang", "ru"))
    assert "- построить: Колонизационный корабль в системе 0,0 → заказана постройка" in out
    assert "- построить: Звёздная база в системе 0,0 → " in out
    assert "неизвестное имя" not in out


def test_a_room_post_with_english_plurals_is_confirmed_as_the_orders_it_names(gm, tmp_path):
    camp = example_copy(tmp_path, fresh=True)
    room = write_text(tmp_path, "room.txt", "=== alice #901 ===\n!build colony ships\n!build scouts\n")
    out = ok(gm("post", "resolve", str(room), "-c", str(camp), "--room", "alice"))
    assert "- build colony ship at 0,0 → build ordered: Colony ship at 0,0 (12 PP)" in out, out
    assert "- build scout at 0,0 → build ordered: Scout at 0,0 (6 PP)" in out, out
    assert "not a known name" not in out
