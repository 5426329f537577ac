"""`gmtool table list | show | roll | check` through the CLI, in every format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import FORMATS

GOLDEN = Path(__file__).parent / "golden"


def test_list_names_every_shipped_table(gm):
    res = gm("table", "list")
    assert res.exit_code == 0
    for table_id in [
        "orion/exploration",
        "orion/negative-events",
        "orion/positive-events",
        "orion/world-type",
        "orion/world-size",
        "orion/monster-kind",
        "orion/planet-properties",
    ]:
        assert table_id in res.stdout


@pytest.mark.parametrize("fmt", FORMATS)
def test_list_every_format(gm, fmt):
    res = gm("table", "list", "--format", fmt, "--lang", "ru")
    assert res.exit_code == 0
    if fmt == "json":
        data = json.loads(res.stdout)
        assert {t["id"] for t in data["tables"]} >= {"orion/world-type"}
        assert data["errors"] == []
    else:
        assert "Размер мира" in res.stdout


def test_show_world_size_in_russian(gm):
    res = gm("table", "show", "orion/world-size", "--lang", "ru")
    assert res.exit_code == 0
    assert "Размер мира (orion/world-size)" in res.stdout
    assert "Макс. население" in res.stdout
    for label in ["Крохотный", "Малый", "Средний", "Большой", "Огромный"]:
        assert label in res.stdout
    assert "4–7" in res.stdout


@pytest.mark.parametrize("fmt", FORMATS)
def test_show_every_format(gm, fmt):
    res = gm("table", "show", "world-type", "--format", fmt)
    assert res.exit_code == 0
    if fmt == "json":
        data = json.loads(res.stdout)
        assert data["id"] == "orion/world-type"
        assert data["rows"][0] == {
            "roll": "≤2",
            "low": None,
            "high": 2,
            "id": "terran",
            "label": {"en": "Terran", "ru": "Земной"},
            "values": {"production": 4, "colonisable": True},
        }
    elif fmt == "bbcode":
        assert "[code]" in res.stdout and "[/code]" in res.stdout
    elif fmt == "markdown":
        assert "| ≤2 " in res.stdout


def test_show_resolves_property_ids_to_russian_abbreviations(gm):
    out = gm("table", "show", "orion/exploration", "--lang", "ru").stdout
    assert "НОС" in out and "БМ" in out and "ЗМ" in out


def test_roll_world_type_markdown_golden(gm):
    res = gm("table", "roll", "orion/world-type", "--modifier", "-4", "--dice", "5", "--format", "markdown")
    assert res.exit_code == 0
    assert res.stdout == (GOLDEN / "table-roll-world-type.markdown").read_text(encoding="utf-8")


def test_roll_open_ended_rows(gm):
    low = json.loads(
        gm("table", "roll", "orion/world-type", "--dice", "1", "-m", "-4", "-m", "-3", "--format", "json").stdout
    )
    assert low["total"] == -6 and low["row"] == "terran"
    high = json.loads(gm("table", "roll", "orion/world-type", "--dice", "10", "-m", "rich", "--format", "json").stdout)
    assert high["total"] == 13 and high["row"] == "inferno"
    assert high["modifiers"] == [{"value": 3, "id": "rich"}]


def test_roll_named_modifiers_in_the_report(gm):
    out = gm("table", "roll", "orion/world-type", "--dice", "6", "-m", "hostile", "-m", "poor").stdout
    assert "d10 = 6, +2 (hostile environment), -3 (mineral-poor) = 5 → 5: Steppe or tundra" in out


def test_roll_exploration_follows_next_tables_with_stage_halving(gm):
    data = json.loads(
        gm("table", "roll", "orion/exploration", "--stage", "1", "--dice", "4,6", "--format", "json").stdout
    )
    assert data["row"] == "hostile"
    event = data["next"][0]
    assert event["table"] == "orion/negative-events"
    assert event["face"] == 6 and event["divided"] == 3 and event["row"] == "make_poor"


def test_roll_exploration_bbcode_russian(gm):
    res = gm(
        "table", "roll", "orion/exploration", "--stage", "3", "--dice", "5,10,3", "--format", "bbcode", "--lang", "ru"
    )
    assert res.exit_code == 0
    out = res.stdout
    assert "[b]Исследование системы[/b]: d10 = 5 → 5:" in out
    assert "[b]Свойства:[/b] БМ" in out
    assert "Космический кристалл" in out and "Великий космический кристалл" in out


def test_roll_no_next(gm):
    data = json.loads(gm("table", "roll", "orion/exploration", "--dice", "4", "--no-next", "--format", "json").stdout)
    assert "next" not in data


@pytest.mark.parametrize(
    "args, message",
    [
        (["roll", "orion/nope"], "error: no table 'orion/nope': the list of tables names every one there is"),
        (["roll", "orion/world-type", "-m", "spicy"], "error: orion/world-type: no modifier named 'spicy'"),
        (
            ["roll", "orion/world-size", "--dice", "10", "-m", "+1"],
            "error: orion/world-size: total 11 matches no row (rows cover 1–10)",
        ),
        (["roll", "orion/planet-properties"], "error: orion/planet-properties is a reference table"),
        (["roll", "orion/exploration", "--dice", "4"], "error: --dice: too few faces: roll 2"),
        (["roll", "orion/world-size", "--dice", "0"], "error: --dice: face 0 is out of range 1–10"),
    ],
)
def test_table_errors(gm, args, message):
    res = gm("table", *args)
    assert res.exit_code == 1
    assert res.stderr.startswith(message), res.stderr
    assert res.stdout == ""


def test_moderator_table_dropped_into_a_folder(gm, tmp_path):
    folder = tmp_path / "orion"
    folder.mkdir()
    (folder / "loot.toml").write_text(
        'die = "d6"\ntitle = { en = "Loot", ru = "Добыча" }\n'
        '[[row]]\nroll = "1-3"\nid = "nothing"\nlabel = { en = "Nothing", ru = "Ничего" }\n'
        '[[row]]\nroll = "4-6"\nid = "gold"\nlabel = { en = "Gold", ru = "Золото" }\n',
        encoding="utf-8",
    )
    res = gm("table", "roll", "orion/loot", "--tables", str(tmp_path), "--dice", "5", "--lang", "ru")
    assert res.exit_code == 0 and "Золото" in res.stdout
    assert "orion/loot" in gm("table", "list", "--tables", str(tmp_path)).stdout


def test_check_reports_a_broken_table_with_file_and_row(gm, tmp_path):
    folder = tmp_path / "orion"
    folder.mkdir()
    bad = folder / "broken.toml"
    bad.write_text(
        'die = "d10"\ntitle = { en = "B", ru = "Б" }\n'
        '[[row]]\nroll = "1-6"\nid = "a"\nlabel = { en = "A", ru = "А" }\n'
        '[[row]]\nroll = "6-10"\nid = "b"\nlabel = { en = "B", ru = "Б" }\n',
        encoding="utf-8",
    )
    res = gm("table", "check", str(bad))
    assert res.exit_code == 1
    assert res.stderr.startswith("error: ") and "broken.toml: row 2: ranges 1–6 and 6–10 overlap" in res.stderr
    listed = gm("table", "list", "--tables", str(tmp_path))
    assert listed.exit_code == 1 and "broken.toml: row 2" in listed.stderr
    assert "orion/world-type" in listed.stdout  # the good tables are still listed


def test_check_all_shipped_tables(gm):
    res = gm("table", "check")
    assert res.exit_code == 0
    from gmtool.rolltables import TableLibrary, shipped_tables_dir

    assert res.stdout.count("ok: ") == len(TableLibrary([shipped_tables_dir()]).ids())
