"""A turn played from an orders file tells each thing once in a leader's private report
(review of issue 12): what an order did is told with the order, "This turn" tells the rest."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from helpers import ok

ROOT = Path(__file__).resolve().parent.parent


def _example(tmp_path: Path) -> Path:
    folder = tmp_path / "example"
    shutil.copytree(ROOT / "campaigns" / "example", folder)
    return folder


def _section(out: str, leader: str, lang: str) -> str:
    """A leader's report in a dry run's output (each post follows a line naming its recipient)."""
    mark = "----- private report for " if lang == "en" else "----- личный отчёт: "
    return re.split(r"^----- .* -----$", out.split(f"{mark}{leader} -----\n")[1], flags=re.M)[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_orders_file_turn_tells_each_exploration_and_colony_once(gm, tmp_path, lang):
    folder = _example(tmp_path)
    out = ok(gm("turn", "run", str(folder / "orders" / "turn-01.toml"), "-c", str(folder), "--dry-run", "--lang", lang))
    carol = _section(out, "carol", lang)
    explored, colonised, quest = (
        ("carol explored 1,-1", "carol colonised 0,1", "carol completed the quest")
        if lang == "en"
        else ("carol исследует 1,-1", "carol колонизирует 0,1", "carol выполняет задание")
    )
    for line in (explored, colonised, quest):
        assert carol.count(line) == 1, (line, carol)
    orders_heading = "Your orders this turn" if lang == "en" else "Ваши приказы в этот ход"
    this_turn = "This turn" if lang == "en" else "В этом ходу"
    assert orders_heading in carol
    assert this_turn not in carol  # everything carol's report tells came from its own orders
    # the orders the log does not tell keep their own line, in the order of the file's rules
    bob = _section(out, "bob", lang)
    items = [line for line in bob.splitlines() if line.startswith("- ")]
    assert [i.split(" (")[0] for i in items[:3]] == (
        ["- bob explored -1,0", "- bob colonised 1,0", "- build ordered: Scout at 0,0"]
        if lang == "en"
        else ["- bob исследует -1,0", "- bob колонизирует 1,0", "- заказана постройка: Разведчик в системе 0,0"]
    )


def test_what_another_leader_did_to_you_stays_under_this_turn(gm, tmp_path):
    """A record in bob's table that concerns alice (a capture of her colony) is told with
    bob's orders, and under "This turn" in alice's report — once in each."""
    folder = _example(tmp_path)
    ok(gm("turn", "run", str(folder / "orders" / "turn-01.toml"), "-c", str(folder)))
    ok(gm("turn", "run", str(folder / "orders" / "turn-02.toml"), "-c", str(folder)))  # alice colonises 2,-3
    (tmp_path / "o.toml").write_text('turn = 3\n[bob]\ncapture = ["2,-3"]\n', encoding="utf-8")
    out = ok(gm("turn", "run", str(tmp_path / "o.toml"), "-c", str(folder), "--dry-run", "--format", "json"))
    data = json.loads(out)
    bob, alice = data["private"]["bob"], data["private"]["alice"]
    assert [d["order"] for d in bob["orders_done"]] == ["capture"]
    # told with bob's order, not again (his log may tell a quest gmtool judged him to meet)
    assert [e["kind"] for e in bob["log"] if e["kind"] != "quest_done"] == []
    # alice learns it under "This turn"
    assert [e["kind"] for e in alice["log"] if e["kind"] != "quest_done"] == ["captured"]
