"""Errors of an orders file a moderator can act on (review of issue 12): a leader's name
TOML needs in quotes, and an order refused because of an earlier order's outcome in the
same file (a contamination, a lost ship)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from helpers import assert_error, ok, snapshot

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def example(gm, tmp_path) -> Path:
    """The example campaign with turn 1 started (alice: homeworld 1,-3 with 2 colonists, 0 orders)."""
    folder = tmp_path / "example"
    shutil.copytree(ROOT / "campaigns" / "example", folder)
    ok(gm("turn", "start", "-c", str(folder)))
    return folder


def _orders(tmp_path: Path, body: str) -> str:
    path = tmp_path / "orders.toml"
    path.write_text(body, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "lang, fragment",
    [
        (
            "en",
            "orders.toml:3: a name in letters other than A–Z, digits, _ and - must be in quotes in TOML: "
            'write ["Борис"], not [Борис]',
        ),
        (
            "ru",
            'orders.toml:3: имя не из латинских букв, цифр, _ и - в TOML пишется в кавычках: ["Борис"], а не [Борис]',
        ),
    ],
)
def test_an_unquoted_cyrillic_leader_table_says_to_quote_it(gm, example, tmp_path, lang, fragment):
    orders = _orders(tmp_path, 'turn = 1\n\n[Борис]\nexplore = ["0,-2"]\n')
    files = snapshot(example)
    for command in ("check", "run"):
        assert_error(gm("turn", command, orders, "-c", str(example), "--lang", lang), fragment)
    assert snapshot(example) == files


def test_a_dotted_header_or_a_key_gets_each_name_quoted(gm, example, tmp_path):
    res = gm("turn", "check", _orders(tmp_path, "turn = 1\n[orders.Борис]\nexplore = 1\n"), "-c", str(example))
    assert_error(res, "orders.toml:2:", 'write [orders."Борис"], not [orders.Борис]')
    res = gm("turn", "check", _orders(tmp_path, 'turn = 1\nБорис = { explore = ["0,-2"] }\n'), "-c", str(example))
    assert_error(res, "orders.toml:2:", 'write "Борис", not Борис')
    # another syntax error before the name is the parser's, with its line
    res = gm("turn", "check", _orders(tmp_path, "turn = = 1\n[Борис]\n"), "-c", str(example))
    assert_error(res, "orders.toml: line 1")
    # quoted, the name is read (and is simply not a leader of this campaign)
    res = gm("turn", "check", _orders(tmp_path, 'turn = 1\n["Борис"]\nexplore = ["0,-2"]\n'), "-c", str(example))
    assert_error(res, "'Борис' is not a leader", one_line=False)


# exploration 4 (hostile planet, negative event) → negative event 9 (halved in stage 1: 5,
# contamination) → world type 1 → size 5; alice has no orders, so her homeworld loses a colonist
CONTAMINATION = "4,9,1,5"
SCOUT_LOST = "4,1,1,5"  # negative event 1 (halved: 1): the exploring fleet vanished


@pytest.mark.parametrize(
    "lang, fragment",
    [
        (
            "en",
            "orders.toml:5 (alice): assign: 1,-3 has 1 colonist: 2 workers and 0 scientists do not fit — the "
            "order at line 4 (explore 0,-2) came first: -1 colonist on the homeworld (contamination)",
        ),
        (
            "ru",
            "orders.toml:5 (alice): распределение колонистов (assign): в системе 1,-3 1 колонист: рабочих 2 и учёных 0 не помещается — "
            "раньше выполнен приказ из строки 4 (explore 0,-2): -1 колонист в Родном мире (заражение)",
        ),
    ],
)
def test_an_order_made_impossible_by_an_earlier_contamination_names_it(gm, example, tmp_path, lang, fragment):
    orders = _orders(tmp_path, 'turn = 1\n\n[alice]\nexplore = ["0,-2"]\nassign = [{ hex = "1,-3", workers = 2 }]\n')
    files = snapshot(example)
    res = gm("turn", "run", orders, "-c", str(example), "--dice", CONTAMINATION, "--lang", lang)
    assert_error(res, fragment, one_line=False)
    assert res.stderr.splitlines()[-1].endswith(
        "orders.toml; nothing was applied" if lang == "en" else "orders.toml; ничего не применено"
    )
    assert snapshot(example) == files  # all or nothing
    # other dice, no contamination: the same file is played
    ok(gm("turn", "run", orders, "-c", str(example), "--dice", "6,1,5"))


def test_a_second_exploration_after_the_scout_was_lost_names_the_first(gm, example, tmp_path):
    orders = _orders(tmp_path, 'turn = 1\n[alice]\nexplore = ["0,-2", "1,-4"]\n')
    res = gm("turn", "run", orders, "-c", str(example), "--dice", SCOUT_LOST)
    assert_error(
        res,
        "orders.toml:3 (alice): explore: alice has no scout to move into the hex — the order at "
        "line 3 (explore 0,-2) came first: the Scout was lost",
        one_line=False,
    )


def test_a_refusal_that_no_earlier_order_caused_is_told_alone(gm, example, tmp_path):
    """The scout was lost, but the second hex is refused for another reason: no 'came first'."""
    orders = _orders(tmp_path, 'turn = 1\n[alice]\nexplore = ["0,-2"]\nassign = [{ hex = "1,-3", workers = 9 }]\n')
    res = gm("turn", "run", orders, "-c", str(example), "--dice", SCOUT_LOST)
    assert_error(
        res,
        "orders.toml:4 (alice): assign: 1,-3 has 2 colonists: 9 workers and 0 scientists do not fit\n",
        one_line=False,
    )
    assert "came first" not in res.stderr
