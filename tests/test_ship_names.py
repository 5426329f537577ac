"""Ships named as a player names them: by id, or by the label in either language —
`!разведка 1,0 Разведчик`, `--class фрегат`, `ship = "Колонизационный корабль"`."""

from __future__ import annotations

import pytest

from helpers import assert_error, ok, snapshot

pytestmark = pytest.mark.camp(name="r1", players=["Борис", "Анна"], lang="ru", seed=5)


def test_a_forum_exploration_with_a_russian_ship_name(gm, camp):
    reply = ok(
        gm(
            "post",
            "resolve",
            "-",
            "-c",
            str(camp),
            "--author",
            "Анна",
            "--post-id",
            "9",
            input="!разведка 0,-1 разведчик\n",
        )
    )
    assert "Анна: Исследование, этап 1" in reply and "отклонено" not in reply


@pytest.mark.parametrize("name", ["фрегат", "Фрегат", "frigate", "FRIGATE"])
def test_ship_add_by_label_or_id(gm, camp, name):
    ok(gm("ship", "add", "-c", str(camp), "--player", "Борис", "--class", name))
    assert "фрегат" in ok(gm("status", "-c", str(camp), "--player", "Борис")).lower()


def test_an_unknown_ship_lists_the_ships_in_the_reader_s_language(gm, camp):
    before = snapshot(camp)
    assert_error(
        gm("ship", "add", "-c", str(camp), "--player", "Борис", "--class", "звездолёт"),
        "«звездолёт» — не вид корабля (корабли: Разведчик, Колонизационный корабль, Фрегат",
    )
    assert_error(
        gm("explore", "-c", str(camp), "--player", "Борис", "--hex", "0,-1", "--ship", "starship", "--lang", "en"),
        "'starship' is no kind of ship (ships: Scout, Colony ship, Frigate",
    )
    assert snapshot(camp) == before


def test_an_orders_file_names_the_ship_by_its_label(gm, camp, tmp_path):
    orders = tmp_path / "turn-01.toml"
    orders.write_text('turn = 1\n["Анна"]\nexplore = [{ hex = "4,-1", ship = "Разведчик" }]\n', encoding="utf-8")
    assert "Анна" in ok(gm("turn", "run", str(orders), "-c", str(camp)))
