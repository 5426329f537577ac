"""What a Russian-speaking moderator reads after a whole game: the exact Russian (and the
English where the same message changed) of the reports, refusals and maps he found wrong."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tomli_w

from helpers import ok, ok_json

pytestmark = pytest.mark.usefixtures("isolated")


def new_ru(gm, tmp_path: Path, *players: str, name: str = "r1") -> Path:
    folder = tmp_path / name
    ok(gm("campaign", "new", str(folder), *[a for p in players for a in ("--player", p)],
          "--lang", "ru", "--seed", "5", "--format", "plain"))
    return folder


def edit(folder: Path, change) -> None:
    path = folder / "campaign.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")


# ------------------------------------------------------------------ post pending

def test_pending_leaves_out_a_stage_1_quest_the_leader_has_done(gm, tmp_path):
    camp = new_ru(gm, tmp_path, "Борис", "Анна")
    c = ("-c", str(camp))
    ok(gm("turn", "start", *c))
    ok(gm("quest", "complete", *c, "--player", "Борис"))
    ok(gm("turn", "end", *c))
    out = ok(gm("post", "pending", *c))
    assert "Борис\n-----\n" not in out and "Готовы: Борис" in out
    assert "- не выполнено задание «Мозговой центр»" in out
    assert "квест" not in out
    data = ok_json(gm("post", "pending", *c, "--format", "json"))
    assert [leader["waiting"] for leader in data["leaders"] if leader["name"] == "Борис"] == [[]]


@pytest.mark.parametrize(("n", "ru", "en"), [
    (1, "1 ордер не использован", "1 order not used yet"),
    (3, "3 ордера не использованы", "3 orders not used yet"),
    (5, "5 ордеров не использовано", "5 orders not used yet"),
])
def test_pending_counts_unused_orders_in_the_glossarys_word(gm, tmp_path, n, ru, en):
    camp = new_ru(gm, tmp_path, "Борис", "Анна")
    edit(camp, lambda d: d["player"][0].update(orders=n))
    assert f"- {ru}\n" in ok(gm("post", "pending", "-c", str(camp)))
    assert f"- {en}\n" in ok(gm("post", "pending", "-c", str(camp), "--lang", "en"))


def test_pending_lists_nothing_once_the_game_is_over(gm, tmp_path):
    camp = new_ru(gm, tmp_path, "Борис", "Анна")
    c = ("-c", str(camp))
    ok(gm("turn", "start", *c))
    edit(camp, lambda d: d["player"][1].update(orders=2))
    edit(camp, lambda d: d["turn_state"].update(victory={"kind": "orion", "leader": "Борис", "turn": 1}))
    out = ok(gm("post", "pending", *c))
    assert out.split("\n\n")[:2] == ["Ждём — ход 1\n============", "Игра окончена."]
    assert "- " not in out and "Готовы" not in out
    data = ok_json(gm("post", "pending", *c, "--format", "json"))
    assert all(leader["waiting"] == [] for leader in data["leaders"])
