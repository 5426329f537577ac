"""The table loader's validation, roll specs, and moderators' own tables."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from gmtool.dice.sources import FixedSource
from gmtool.errors import TableError
from gmtool.rolltables import TableLibrary, load_table, roll_table, shipped_tables_dir
from gmtool.rolltables.library import ENV_TABLES
from gmtool.rolltables.loader import parse_roll
from helpers import shipped_library

SHIPPED = len(shipped_library().ids())

HEAD = 'die = "d10"\ntitle = { en = "Test", ru = "Тест" }\n'


@pytest.fixture(autouse=True)
def _no_env_tables(monkeypatch):
    monkeypatch.delenv(ENV_TABLES, raising=False)


def write(tmp_path: Path, text: str, name: str = "test", ruleset: str = "custom") -> Path:
    folder = tmp_path / ruleset
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def row(roll, row_id: str, extra: str = "") -> str:
    spec = roll if isinstance(roll, int) else f'"{roll}"'
    return f'[[row]]\nroll = {spec}\nid = "{row_id}"\nlabel = {{ en = "{row_id}", ru = "ряд" }}\n{extra}\n'


def rows(*specs) -> str:
    return "".join(row(spec, f"r{i}") for i, spec in enumerate(specs, start=1))


def load_error(path: Path) -> str:
    with pytest.raises(TableError) as info:
        load_table(path)
    message = str(info.value)
    assert path.name in message  # every message names the file
    return message


# --------------------------------------------------------------------------- good tables


def test_minimal_table_loads(tmp_path):
    path = write(tmp_path, HEAD + rows("1-5", "6-10"))
    table = load_table(path)
    assert table.id == "custom/test"
    assert table.ruleset == "custom"
    assert table.sides == 10
    assert [(r.low, r.high) for r in table.rows] == [(1, 5), (6, 10)]
    assert table.title == {"en": "Test", "ru": "Тест"}


def test_ruleset_argument_overrides_folder_name(tmp_path):
    table = load_table(write(tmp_path, HEAD + rows("1-10")), "other")
    assert table.id == "other/test"


@pytest.mark.parametrize(
    "specs, expected",
    [
        (["<=2", "3-4", "5-8", ">=9"], [(None, 2), (3, 4), (5, 8), (9, None)]),
        (["<=2", "3–4", "5-8", "9+"], [(None, 2), (3, 4), (5, 8), (9, None)]),
        (["≤2", "3 - 4", "5—8", "≥9"], [(None, 2), (3, 4), (5, 8), (9, None)]),
        ([1, "2", "3-10"], [(1, 1), (2, 2), (3, 10)]),
        ([">=9", "1-8"], [(9, None), (1, 8)]),  # rows need not be in order
    ],
)
def test_open_ended_and_range_rows(tmp_path, specs, expected):
    table = load_table(write(tmp_path, HEAD + rows(*specs)))
    assert [(r.low, r.high) for r in table.rows] == expected


def test_open_ended_rows_catch_modified_totals(tmp_path):
    table = load_table(write(tmp_path, HEAD + rows("<=2", "3–4", "5-8", "9+")))
    assert table.lookup(-5).id == "r1"
    assert table.lookup(2).id == "r1"
    assert table.lookup(3).id == table.lookup(4).id == "r2"
    assert table.lookup(9).id == table.lookup(25).id == "r4"
    assert [r.range_text() for r in table.rows] == ["≤2", "3–4", "5–8", "≥9"]


def test_per_stage_and_per_language_values_accepted(tmp_path):
    text = (
        HEAD
        + textwrap.dedent("""\
        [columns]
        bc = { en = "BC", ru = "ВС" }
        ship = { en = "Ship", ru = "Корабль" }
        great = { en = "Great form", ru = "Великая форма" }
        tags = { en = "Tags", ru = "Метки" }
        """)
        + row(
            "1-10",
            "only",
            "values = { bc = { stage2 = 24, stage3 = 36 }, "
            'ship = { stage2 = "dreadnought", stage3 = "titan" }, '
            'great = { en = "Great serpent", ru = "Великий змей" }, '
            'tags = ["a", "b", 3] }',
        )
    )
    table = load_table(write(tmp_path, text))
    only = table.row("only")
    assert only.value("bc", 2) == 24
    assert only.value("bc", 3) == 36
    assert only.value("bc", 1) is None
    assert only.value("bc") is None
    assert only.value("ship", 3) == "titan"
    assert only.value("great") == {"en": "Great serpent", "ru": "Великий змей"}
    assert only.value("great", 2) == {"en": "Great serpent", "ru": "Великий змей"}
    assert only.value("tags") == ["a", "b", 3]


def test_column_with_table_reference_accepted(tmp_path):
    text = (
        HEAD
        + textwrap.dedent("""\
        [columns]
        properties = { en = "Properties", ru = "Свойства", table = "planet-properties" }
        kind = { en = "Kind", ru = "Вид", table = "orion/monster-kind", in_roll_report = false }
        """)
        + row("1-10", "only", 'values = { properties = ["hostile"], kind = "hydra" }')
    )
    table = load_table(write(tmp_path, text))
    assert table.columns["properties"].table == "planet-properties"
    assert table.columns["properties"].in_roll_report is True
    assert table.columns["properties"].label == {"en": "Properties", "ru": "Свойства"}
    assert table.columns["kind"].table == "orion/monster-kind"
    assert table.columns["kind"].in_roll_report is False


def test_reference_table_without_die(tmp_path):
    text = 'title = { en = "Ref", ru = "Справка" }\n[[row]]\nid = "a"\nlabel = { en = "A", ru = "А" }\n'
    table = load_table(write(tmp_path, text))
    assert table.sides is None
    with pytest.raises(TableError, match="no die"):
        roll_table(table, FixedSource([1]))


def test_more_languages_than_en_and_ru_accepted(tmp_path):
    text = (
        'die = "d6"\ntitle = { en = "T", ru = "Т", de = "T" }\n'
        '[[row]]\nroll = "1-6"\nid = "a"\nlabel = { en = "A", ru = "А", de = "A" }\n'
    )
    assert load_table(write(tmp_path, text)).title["de"] == "T"


def test_modifiers_and_divide(tmp_path):
    text = (
        HEAD
        + 'divide = { by = 2, round = "down", stages = [1, 2] }\n'
        + textwrap.dedent("""\
        [[modifier]]
        id = "windy"
        value = -1
        label = { en = "windy", ru = "ветрено" }
        when = { weather = "wind" }
        """)
        + rows("<=2", "3-10")
    )
    table = load_table(write(tmp_path, text))
    assert table.modifier("windy").value == -1
    assert table.modifier("windy").when == {"weather": "wind"}
    assert (table.divide.by, table.divide.round_up, table.divide.stages) == (2, False, (1, 2))
    result = roll_table(table, FixedSource([5]), stage=2)
    assert (result.face, result.adjusted, result.row.id) == (5, 2, "r1")


# --------------------------------------------------------------------------- coverage


def test_overlap(tmp_path):
    path = write(tmp_path, HEAD + rows("1-3", "3-6", "7-10"))
    message = load_error(path)
    assert "row 2: ranges 1–3 and 3–6 overlap" in message
    assert message.endswith("custom/test.toml: row 2: ranges 1–3 and 3–6 overlap")


def test_overlap_reports_the_later_row(tmp_path):
    message = load_error(write(tmp_path, HEAD + rows("5-10", "1-5")))
    assert re.search(r"row 2: ranges 5–10 and 1–5 overlap", message), message


def test_overlap_of_open_ended_rows(tmp_path):
    message = load_error(write(tmp_path, HEAD + rows("<=2", "<=3", "4-10")))
    assert "row 2: ranges ≤2 and ≤3 overlap" in message


def test_overlap_open_high(tmp_path):
    message = load_error(write(tmp_path, HEAD + rows("1-8", ">=8")))
    assert "row 2: ranges 1–8 and ≥8 overlap" in message


def test_gap(tmp_path):
    message = load_error(write(tmp_path, HEAD + rows("1-3", "6-10")))
    assert "row 2: faces 4–5 are in no row" in message
    assert "gap before 6–10" in message


def test_gap_of_one_face(tmp_path):
    message = load_error(write(tmp_path, HEAD + rows("1-3", "5-10")))
    assert "row 2:" in message and "4" in message and "in no row" in message


def test_missing_first_faces(tmp_path):
    message = load_error(write(tmp_path, HEAD + rows("3-10")))
    assert "row 1: faces 1–2 are in no row" in message


def test_missing_face_1(tmp_path):
    message = load_error(write(tmp_path, HEAD + rows("2-10")))
    assert "row 1: face 1 is in no row" in message


def test_missing_last_faces(tmp_path):
    message = load_error(write(tmp_path, HEAD + rows("1-5", "6-8")))
    assert "row 2: faces 9–10 are in no row (the die is d10)" in message


def test_missing_last_face(tmp_path):
    message = load_error(write(tmp_path, HEAD + rows("1-5", "6-9")))
    assert "row 2:" in message and "10" in message and "in no row (the die is d10)" in message


# --------------------------------------------------------------------------- keys and labels


def test_unknown_table_key(tmp_path):
    message = load_error(write(tmp_path, HEAD + 'colour = "red"\n' + rows("1-10")))
    assert "unknown key 'colour'" in message
    assert "known:" in message and "row" in message


def test_unknown_row_key(tmp_path):
    message = load_error(write(tmp_path, HEAD + rows("1-5") + row("6-10", "b", "value = { x = 1 }")))
    assert "row 2: unknown key 'value'" in message


def test_missing_ru_label_on_row(tmp_path):
    text = HEAD + rows("1-5") + '[[row]]\nroll = "6-10"\nid = "b"\nlabel = { en = "B" }\n'
    message = load_error(write(tmp_path, text))
    assert "row 2: label: missing 'ru' label" in message


def test_missing_ru_label_on_title(tmp_path):
    message = load_error(write(tmp_path, 'die = "d10"\ntitle = { en = "T" }\n' + rows("1-10")))
    assert "title: missing 'ru' label" in message


def test_missing_title(tmp_path):
    message = load_error(write(tmp_path, 'die = "d10"\n' + rows("1-10")))
    assert "title is missing" in message


def test_missing_label(tmp_path):
    message = load_error(write(tmp_path, HEAD + '[[row]]\nroll = "1-10"\nid = "a"\n'))
    assert "row 1: label is missing" in message


def test_empty_label(tmp_path):
    text = HEAD + '[[row]]\nroll = "1-10"\nid = "a"\nlabel = { en = "A", ru = " " }\n'
    assert "label 'ru' must be non-empty text" in load_error(write(tmp_path, text))


def test_missing_ru_on_column(tmp_path):
    text = HEAD + '[columns]\nbc = { en = "BC" }\n' + rows("1-10")
    assert "column 'bc': missing 'ru' label" in load_error(write(tmp_path, text))


# --------------------------------------------------------------------------- rolls, ids, values


@pytest.mark.parametrize("spec", ["a-b", "4-3", "1..3", "+9", "", "<2", "3-4-5"])
def test_bad_roll_spec(tmp_path, spec):
    message = load_error(write(tmp_path, HEAD + row(spec, "a")))
    assert f"row 1: roll {spec!r} is not a face or range" in message


def test_bad_roll_type(tmp_path):
    message = load_error(write(tmp_path, HEAD + '[[row]]\nroll = 1.5\nid = "a"\nlabel = { en = "A", ru = "А" }\n'))
    assert "row 1: roll 1.5 is not a face or range" in message


def test_missing_roll(tmp_path):
    message = load_error(write(tmp_path, HEAD + '[[row]]\nid = "a"\nlabel = { en = "A", ru = "А" }\n'))
    assert "row 1: missing roll" in message


def test_roll_without_die(tmp_path):
    text = 'title = { en = "T", ru = "Т" }\n' + row("1-10", "a")
    assert "row 1: roll given but the table has no die" in load_error(write(tmp_path, text))


@pytest.mark.parametrize("die", ['"10"', '"d0"', '"2d6"', "10", '"d"'])
def test_bad_die(tmp_path, die):
    text = f'die = {die}\ntitle = {{ en = "T", ru = "Т" }}\n' + row("1-10", "a")
    assert "die" in load_error(write(tmp_path, text))


def test_percentile_die(tmp_path):
    text = 'die = "d%"\ntitle = { en = "T", ru = "Т" }\n' + rows("1-50", "51-100")
    assert load_table(write(tmp_path, text)).sides == 100


def test_duplicate_ids(tmp_path):
    text = HEAD + row("1-5", "same") + row("6-10", "same")
    assert "row 2: id 'same' is already used by row 1" in load_error(write(tmp_path, text))


@pytest.mark.parametrize("bad_id", ["Upper", "has space", "-lead", ""])
def test_bad_row_id(tmp_path, bad_id):
    text = HEAD + row("1-10", bad_id)
    assert "row 1: id must be lower-case" in load_error(write(tmp_path, text))


def test_value_without_column(tmp_path):
    text = HEAD + row("1-10", "a", "values = { bc = 8 }")
    message = load_error(write(tmp_path, text))
    assert "row 1: value 'bc' has no column; declare it under [columns]" in message


@pytest.mark.parametrize("value", ["1.5", '{ stage2 = 1, en = "x" }', "{}", "[[1]]", "{ sometime = 3 }", "[true]"])
def test_bad_value_shape(tmp_path, value):
    text = HEAD + '[columns]\nbc = { en = "BC", ru = "ВС" }\n' + row("1-10", "a", f"values = {{ bc = {value} }}")
    assert "row 1: value 'bc' must be a number, text" in load_error(write(tmp_path, text))


def test_bad_column_table_reference(tmp_path):
    text = HEAD + '[columns]\nx = { en = "X", ru = "Х", table = "Not A Table" }\n' + rows("1-10")
    assert "column 'x': table must name a table" in load_error(write(tmp_path, text))


def test_bad_next(tmp_path):
    text = HEAD + row("1-10", "a", 'next = "Bad Name"')
    assert "row 1: next must name tables" in load_error(write(tmp_path, text))


def test_next_string_or_list(tmp_path):
    text = HEAD + row("1-5", "a", 'next = "world-size"') + row("6-10", "b", 'next = ["world-size", "orion/world-type"]')
    table = load_table(write(tmp_path, text))
    assert table.row("a").next == ("world-size",)
    assert table.row("b").next == ("world-size", "orion/world-type")


def test_no_rows(tmp_path):
    assert "no rows" in load_error(write(tmp_path, HEAD))


def test_duplicate_modifier_ids(tmp_path):
    mod = '[[modifier]]\nid = "m"\nvalue = 1\nlabel = { en = "m", ru = "м" }\n'
    assert "two modifiers share an id" in load_error(write(tmp_path, HEAD + rows("1-10") + mod + mod))


def test_modifier_value_must_be_whole(tmp_path):
    mod = '[[modifier]]\nid = "m"\nvalue = 1.5\nlabel = { en = "m", ru = "м" }\n'
    assert "modifier 1 (m): value must be a whole number" in load_error(write(tmp_path, HEAD + rows("1-10") + mod))


def test_divide_needs_a_die(tmp_path):
    text = 'title = { en = "T", ru = "Т" }\ndivide = { by = 2 }\n[[row]]\nid = "a"\nlabel = { en = "A", ru = "А" }\n'
    assert "divide needs a die" in load_error(write(tmp_path, text))


def test_bad_table_name(tmp_path):
    message = load_error(write(tmp_path, HEAD + rows("1-10"), name="Bad Name"))
    assert "table and ruleset names must be lower-case" in message


# --------------------------------------------------------------------------- file level


def test_toml_syntax_error_has_line(tmp_path):
    text = HEAD + rows("1-10") + "broken line without equals\n"
    message = load_error(write(tmp_path, text))
    line = text.splitlines().index("broken line without equals") + 1
    assert re.search(rf"line {line}, column \d+: ", message), message


def test_toml_syntax_error_on_line_2(tmp_path):
    message = load_error(write(tmp_path, 'die = "d10"\ntitle = { en = "T", ru = \n'))
    assert re.search(r": line 2, column \d+: ", message), message


def test_non_utf8_file(tmp_path):
    folder = tmp_path / "custom"
    folder.mkdir()
    path = folder / "latin.toml"
    path.write_bytes((HEAD.replace("Тест", "Test") + row("1-10", "a")).encode("utf-8") + "# café\n".encode("latin-1"))
    message = load_error(path)
    assert "not UTF-8 text (byte" in message


def test_missing_file(tmp_path):
    path = tmp_path / "custom" / "nothing.toml"
    message = load_error(path)
    assert "cannot read" in message


# --------------------------------------------------------------------------- parse_roll


@pytest.mark.parametrize(
    "spec, expected",
    [
        (5, (5, 5)),
        (0, (0, 0)),
        (-3, (-3, -3)),
        ("5", (5, 5)),
        (" 7 ", (7, 7)),
        ("3-4", (3, 4)),
        ("3–4", (3, 4)),  # en dash
        ("3—4", (3, 4)),  # em dash
        ("3 - 4", (3, 4)),
        ("4-4", (4, 4)),
        ("-3-1", (-3, 1)),
        ("-5--2", (-5, -2)),
        ("<=2", (None, 2)),
        ("<= 2", (None, 2)),
        ("≤2", (None, 2)),
        ("<=-1", (None, -1)),
        (">=9", (9, None)),
        ("≥9", (9, None)),
        ("9+", (9, None)),
        ("9 +", (9, None)),
        ("10-100", (10, 100)),
    ],
)
def test_parse_roll(spec, expected):
    assert parse_roll(spec) == expected


@pytest.mark.parametrize(
    "spec", [True, False, 1.0, None, [1, 2], "", "x", "4-3", "<2", ">9", "+9", "1..3", "3-4-5", "=5", "5-", "-"]
)
def test_parse_roll_rejects(spec):
    with pytest.raises(ValueError):
        parse_roll(spec)


# --------------------------------------------------------------------------- moderator tables

WEATHER = HEAD.replace('"Test"', '"Weather"').replace('"Тест"', '"Погода"') + row("1-5", "calm") + row("6-10", "storm")


def test_moderator_table_found_and_rolled(tmp_path):
    write(tmp_path, WEATHER, name="weather", ruleset="mycampaign")
    library = TableLibrary([shipped_tables_dir(), tmp_path])
    assert "mycampaign/weather" in library.ids()
    assert "orion/world-type" in library.ids()
    assert library.resolve("weather") == "mycampaign/weather"
    table = library.get("weather")
    assert table.id == "mycampaign/weather"
    source = FixedSource([7])
    result = roll_table(table, source, library=library)
    assert result.row.id == "storm"
    assert source.remaining == []
    tables, errors = library.check_all()
    assert errors == []
    assert len(tables) == SHIPPED + 1


def test_moderator_table_overrides_shipped_table(tmp_path):
    text = (
        'die = "d6"\ntitle = { en = "House world size", ru = "Размер мира (домашний)" }\n'
        '[columns]\nmax_population = { en = "Max population", ru = "Макс. население" }\n'
        + row("1-3", "small", "values = { max_population = 2 }")
        + row("4-6", "large", "values = { max_population = 4 }")
    )
    path = write(tmp_path, text, name="world-size", ruleset="orion")
    library = TableLibrary([shipped_tables_dir(), tmp_path])
    assert library.files["orion/world-size"] == path
    table = library.get("orion/world-size")
    assert table.sides == 6
    assert [r.id for r in table.rows] == ["small", "large"]
    # the shipped tables that were not overridden are still there
    assert library.files["orion/world-type"].parent.parent == shipped_tables_dir()
    # and nested rolls use the override too
    assert roll_table(library.get("world-size"), FixedSource([6])).row.id == "large"
    _, errors = library.check_all()
    assert errors == []


def test_moderator_next_table_in_own_ruleset(tmp_path):
    write(tmp_path, HEAD + row("1-10", "go", 'next = "weather"'), name="start", ruleset="mycampaign")
    write(tmp_path, WEATHER, name="weather", ruleset="mycampaign")
    library = TableLibrary([shipped_tables_dir(), tmp_path])
    source = FixedSource([3, 9])
    result = roll_table(library.get("mycampaign/start"), source, library=library)
    assert [r.row.id for r in result.all_rolls()] == ["go", "storm"]
    assert source.remaining == []


def test_missing_next_table_reported_by_check_all(tmp_path):
    write(tmp_path, HEAD + row("1-10", "go", 'next = "no-such-table"'), name="start", ruleset="mycampaign")
    library = TableLibrary([shipped_tables_dir(), tmp_path])
    tables, errors = library.check_all()
    assert len(errors) == 1
    assert "mycampaign/start" in errors[0]
    assert "no-such-table" in errors[0]
    assert "mycampaign/start" not in {t.id for t in tables}
    assert len(tables) == SHIPPED  # the shipped ones are still fine
    with pytest.raises(TableError, match="no-such-table"):
        roll_table(library.get("mycampaign/start"), FixedSource([1]), library=library)


def test_broken_moderator_table_reported_by_check_all(tmp_path):
    write(tmp_path, HEAD + rows("1-3", "6-10"), name="gappy", ruleset="mycampaign")
    tables, errors = TableLibrary([shipped_tables_dir(), tmp_path]).check_all()
    assert len(errors) == 1
    assert "gappy.toml" in errors[0] and "faces 4–5 are in no row" in errors[0]
    assert len(tables) == SHIPPED


def test_missing_tables_folder(tmp_path):
    with pytest.raises(TableError, match="does not exist"):
        TableLibrary([tmp_path / "nope"]).ids()


def test_env_var_adds_folder(tmp_path, monkeypatch):
    write(tmp_path, WEATHER, name="weather", ruleset="mycampaign")
    monkeypatch.setenv(ENV_TABLES, str(tmp_path))
    assert "mycampaign/weather" in TableLibrary.default().ids()


def test_same_name_in_two_rulesets_is_ambiguous(tmp_path):
    write(tmp_path, WEATHER, name="weather", ruleset="one")
    write(tmp_path, WEATHER, name="weather", ruleset="two")
    library = TableLibrary([tmp_path])
    with pytest.raises(TableError, match="several rulesets"):
        library.resolve("weather")
    assert library.resolve("weather", "two") == "two/weather"


def test_a_shipped_table_is_read_from_its_compiled_copy_only_while_the_copy_is_of_its_bytes(tmp_path, monkeypatch):
    import gmtool.rolltables.library as library

    shipped, own = tmp_path / "shipped", tmp_path / "campaign" / "tables"
    monkeypatch.setattr(library, "_SHIPPED", [shipped])
    path = write(shipped, HEAD + row("1-10", "calm"))
    assert library.is_shipped(path)

    def load_table(path):  # as a command's library finds and loads it: shipped, so compiled
        return TableLibrary([shipped]).get(f"{path.parent.name}/{path.stem}")

    assert [r.id for r in load_table(path).rows] == ["calm"]
    (compiled,) = (path.parent / "__pycache__").iterdir()
    assert [r.id for r in load_table(path).rows] == ["calm"]
    path.write_text(HEAD + row("1-10", "wild"), encoding="utf-8")  # a moderator's edit, of the same size: read anew
    assert [r.id for r in load_table(path).rows] == ["wild"]
    path.write_text(HEAD + "[[row]\n", encoding="utf-8")  # a broken edit is still named with its line
    with pytest.raises(TableError, match=r"test\.toml: line 3, column 6"):
        load_table(path)
    compiled.write_bytes(b"\x00garbage")  # a damaged copy is ignored and made again
    path.write_text(HEAD + row("1-10", "calm"), encoding="utf-8")
    assert [r.id for r in load_table(path).rows] == [r.id for r in load_table(path).rows] == ["calm"]
    # a campaign's own table is parsed anew each time: nothing is written into the campaign's folder
    mine = write(own, HEAD + row("1-10", "mine"))
    assert [r.id for r in TableLibrary([shipped, own]).get("custom/test").rows] == ["mine"]
    assert sorted(p.name for p in mine.parent.iterdir()) == ["test.toml"]
