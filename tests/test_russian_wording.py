"""One word per thing, and headers that mean what follows (issue 25 §1): «подкуп», never
«взятка»; dice written `d10` in both languages; a negative event's losses under their own
header; the neighbourhood an exploration read said to be the one before it; an activation
that says what it cost."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from gmtool.locale import catalog, t
from helpers import ok

ROOT = Path(__file__).resolve().parent.parent
TABLES = sorted((ROOT / "tables").rglob("*.toml"))


def _strings(value, lang: str):
    """Every text of ``lang`` in a table file: ``{en = …, ru = …}`` labels and plain strings."""
    if isinstance(value, dict):
        if lang in value and isinstance(value[lang], str):
            yield value[lang]
        for k, v in value.items():
            if k not in ("en", "ru"):
                yield from _strings(v, lang)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v, lang)


def texts(lang: str) -> list[str]:
    out: list[str] = []
    for value in catalog(lang).values():
        out += list(value.values()) if isinstance(value, dict) else [value]
    for path in TABLES:
        out += list(_strings(tomllib.loads(path.read_text(encoding="utf-8")), lang))
    return out


def test_a_bribe_is_podkup_never_vzyatka():
    found = [s for s in texts("ru") if re.search(r"взятк", s, re.I)]
    assert found == []
    assert t("done_bribe", "ru", bc=270) == "подкуп 270 ВС"
    assert any("подкуп" in s for s in texts("ru"))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_dice_are_written_d10_in_every_text(lang):
    russian_dice = [s for s in texts(lang) if re.search(r"\d*[кд]\d+\b", s)]
    assert russian_dice == []
    assert any(re.search(r"\bd10\b", s) for s in texts(lang))


def test_the_world_type_table_says_d10_in_russian():
    data = tomllib.loads((ROOT / "tables/orion/world-type.toml").read_text(encoding="utf-8"))
    assert data["description"]["ru"].startswith("d10 с модификаторами")


# ================================================================ headers, with fixed dice
# 4: a hostile planet and a negative event; 5: contamination (1 order, else 1 colonist);
# then the world's type and size.


@pytest.mark.usefixtures("isolated")
def test_a_negative_events_losses_have_their_own_header_ru(gm):
    out = ok(gm("explore", "--stage", "2", "--dice", "4,5,5,5", "--lang", "ru", "--format", "plain"))
    assert "Потери: 1 ордер; если ордеров нет — 1 колонист в Родном мире" in out.splitlines()
    assert "Получено" not in out


@pytest.mark.usefixtures("isolated")
def test_a_negative_events_losses_have_their_own_header_en(gm):
    out = ok(gm("explore", "--stage", "2", "--dice", "4,5,5,5", "--lang", "en", "--format", "plain"))
    assert "Losses: 1 order; if no orders are left, 1 colonist on the homeworld instead" in out.splitlines()
    assert "Gains" not in out


@pytest.mark.usefixtures("isolated")
def test_a_lost_ship_is_a_loss_and_treasure_a_gain(gm):
    out = ok(gm("explore", "--stage", "2", "--dice", "4,1,5,5", "--lang", "ru", "--format", "plain"))
    assert "Потери: корабль-исследователь" in out.splitlines()
    out = ok(gm("explore", "--stage", "2", "--dice", "9,10,5,5", "--lang", "ru", "--format", "plain"))
    assert "Потери" not in out


@pytest.mark.usefixtures("isolated")
@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "ru",
            "До разведки рядом с Родным миром: планет: 0 (земных: 0, доступных для колонизации: 0), неисследованных: 3",
        ),
        ("en", "Next to the homeworld before this exploration: planets: 0 (terran: 0, colonisable: 0), unexplored: 3"),
    ],
)
def test_the_neighbourhood_is_said_to_be_the_one_before_the_roll(gm, lang, line):
    near = "planets=0,terran=0,colonisable=0,unexplored=3"
    out = ok(gm("explore", "--stage", "2", "--dice", "4,5,5,5", "--near-homeworld", near, "--lang", lang))
    assert line in out.splitlines()


@pytest.mark.parametrize(
    ("lang", "n", "line"),
    [
        ("ru", 1, "активирована колония 1,0 (−1 ордер)"),
        ("ru", 2, "активирована колония 1,0 (−2 ордера)"),
        ("ru", 5, "активирована колония 1,0 (−5 ордеров)"),
        ("en", 1, "activated 1,0 (−1 order)"),
        ("en", 2, "activated 1,0 (−2 orders)"),
    ],
)
def test_an_activation_says_its_cost_in_orders(lang, n, line):
    from gmtool.rules.orion.order_kinds import KINDS

    kind = KINDS["activate"]
    assert kind.line is not None
    assert kind.line({"hex": "1,0", "orders_paid": n}, t("order_activate", lang), lang, lambda *a: "") == line


def test_a_bill_not_put_reads_as_one_fact():
    assert t("no_bill", "ru") == "не вынесен — председатель не выбрал ни одного (оба ушли под низ колоды)"
