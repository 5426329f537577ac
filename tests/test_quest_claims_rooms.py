"""A leader's quest claim posted in its room (issue 35 audit, G4 and G5): a quest gmtool judges
itself needs no claim — the confirmation says gmtool checks it at the turn's end, with the
turn's ordered research, and the report never both refuses the claim and gives the reward; a
claim of a quest the moderator judges reaches the moderator (`post pending --include-private`
with the `gmtool quest complete` command that settles it, a note from `turn run
--from-posts`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gmtool.campaign.store import CampaignStore
from helpers import ok

LEADERS = ("Ярослав", "Глафира", "Илья", "Мирон")


@pytest.fixture
def game(gm, new_campaign) -> Path:
    """The auditor's game: four Russian leaders, BBCode, rooms as plain thread files, at turn 8
    of stage 2 (campaign.toml edited as a moderator does), started."""
    folder = new_campaign("qp-g", players=LEADERS, lang="ru", fmt="bbcode", seed=5)
    c = ("-c", str(folder))
    for name in LEADERS:
        (folder / f"room-{name}.txt").touch()
        ok(gm("campaign", "room", *c, "--player", name, f"room-{name}.txt"))
    (folder / "public.txt").touch()
    ok(gm("campaign", "set", *c, "thread", "public.txt"))
    ok(gm("campaign", "set", *c, "moderators", "Мастер"))
    path = folder / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\nturn = 1\n", "\nturn = 8\n", 1).replace("\nstage = 1\n", "\nstage = 2\n", 1))
    ok(gm("turn", "start", *c))
    return folder


def open_quest(folder: Path, quest: str, **rp: int) -> None:
    store = CampaignStore(folder)
    state = store.load()
    state.game.quests = [quest]
    for leader, value in rp.items():
        state.player(leader).rp = value
    store.save(state)


def post(folder: Path, leader: str, number: int, body: str) -> None:
    with (folder / f"room-{leader}.txt").open("a", encoding="utf-8") as f:
        f.write(f"=== {leader} #{number} ===\n{body}\n\n")


def test_a_claim_of_great_library_waits_for_the_turns_end_and_is_met_by_the_research(gm, game):
    """Turn 8, great-library (spend 20 RP in one turn), Ярослав with 20 RP orders research of
    20 RP and claims the quest in the same post: no error; the turn's end judges it met."""
    open_quest(game, "great-library", Ярослав=20)
    post(game, "Ярослав", 11, "!изучить контролируемую токсичную среда\n!задание")
    ok(gm("post", "collect", "-c", str(game)))
    room = (game / "reports" / "turn-08" / "room-Ярослав.bbcode").read_text("utf-8")
    assert (
        "[*][b]выполнить задание «Великая библиотека»[/b] → задание «Великая библиотека»: заявка не нужна — gmtool "
        "проверит его сам в конце хода, с учётом приказов этого хода (и исследований, заказанных в этот ход) "
        "[i]— пост #11, команда 2[/i]\n"
    ) in room
    assert "ошибка" not in room
    ok(gm("turn", "check", "--from-posts", "-c", str(game)))
    ok(gm("turn", "run", "--from-posts", "-c", str(game)))
    report = (game / "reports" / "turn-08" / "Ярослав.bbcode").read_text("utf-8")
    assert "Ярослав выполняет задание «Великая библиотека» (проверено автоматически): +6 ОИ" in report
    assert "невыполненные приказы" not in report and "не выполнено" not in report
    assert re.search(r"задание «Великая библиотека»: заявка не нужна — gmtool проверит его сам в конце хода", report)
    store = CampaignStore(game)
    assert store.load().player("Ярослав").quests_done == ["great-library"]


def test_an_unmet_claim_of_a_judged_quest_is_not_a_failed_order(gm, game):
    """No research ordered: the claim is not refused either; the turn's end judges the quest
    unmet and says how far — once, as the quest's status, never as a dropped order."""
    open_quest(game, "great-library", Ярослав=20)
    post(game, "Ярослав", 11, "!задание Великая библиотека")
    ok(gm("post", "collect", "-c", str(game)))
    assert "ошибка" not in (game / "reports" / "turn-08" / "room-Ярослав.bbcode").read_text("utf-8")
    ok(gm("turn", "run", "--from-posts", "-c", str(game)))
    report = (game / "reports" / "turn-08" / "Ярослав.bbcode").read_text("utf-8")
    assert "невыполненные приказы" not in report and "выполняет задание" not in report
    assert report.count("0 из 20") == 1
    assert (
        "[*]Великая библиотека: не выполнено — ОИ, потраченные на исследования в этот ход (в его конце, после "
        "производства): 0 из 20\n"
    ) in report


def test_a_claim_of_trade_route_reaches_the_moderator_with_the_command_that_settles_it(gm, game):
    """Turn 8, trade-route (the moderator judges it): Илья's bare `!задание` waits for the
    moderator's word, and the moderator is told — `post pending --include-private` in place of
    "quest not completed", `turn check` and `turn run --from-posts` on stderr; the public copy
    says nothing of it."""
    open_quest(game, "trade-route")
    post(game, "Илья", 11, "!задание")
    c = ("-c", str(game))
    ok(gm("post", "collect", *c))
    command = "`gmtool quest complete --player 'Илья' --quest trade-route`"
    pending = ok(gm("post", "pending", *c, "--include-private", "--format", "plain"))
    assert (
        "Илья\n----\n\n"
        f"- заявляет о выполнении задания «Торговый путь» (пост #11) — его проверяет ведущий: подтверждает {command}\n"
    ) in pending
    assert pending.count("не выполнено задание «Торговый путь»") == 3  # the three others
    data = json.loads(ok(gm("post", "pending", *c, "--include-private", "--format", "json")))
    [ilya] = [leader for leader in data["leaders"] if leader["name"] == "Илья"]
    assert ilya["waiting"] == [
        {
            "kind": "request_quest_claim",
            "quest": "trade-route",
            "post": "11",
            "command": command.strip("`"),
            "label": "Торговый путь",
        }
    ]
    assert "Торговый путь" not in ok(gm("post", "pending", *c, "--format", "plain"))
    checked = gm("turn", "check", "--from-posts", *c)
    assert checked.exit_code == 0
    assert (
        "note: Илья заявляет о выполнении задания «Торговый путь» (пост #11): его проверяет ведущий, и подтверждения "
        f"нет — {command} подтверждает его до `turn run`, иначе заявка ничего не даст\n"
    ) in checked.stderr
    ran = gm("turn", "run", "--from-posts", *c)
    assert ran.exit_code == 0
    assert (
        "note: Илья заявил о выполнении задания «Торговый путь» (пост #11), а ведущий его не подтвердил: заявка ничего "
        f"не дала, и отчёт лидера так и говорит ({command} подтверждает заявку до `turn run`)\n"
    ) in ran.stderr
    report = (game / "reports" / "turn-08" / "Илья.bbcode").read_text("utf-8")
    assert "Торговый путь: заявлено; ведущий не подтвердил выполнение в этот ход" in report


def test_a_claim_the_moderator_confirmed_is_settled(gm, game):
    """The moderator runs the command pending named: the claim is no longer waited for and
    nothing is noted; the turn gives the reward once."""
    open_quest(game, "trade-route")
    post(game, "Илья", 11, "!задание Торговый путь")
    c = ("-c", str(game))
    ok(gm("post", "collect", *c))
    ok(gm("quest", "complete", *c, "--player", "Илья", "--quest", "trade-route"))
    data = json.loads(ok(gm("post", "pending", *c, "--include-private", "--format", "json")))
    [ilya] = [leader for leader in data["leaders"] if leader["name"] == "Илья"]
    assert ilya["waiting"] == [{"kind": "orders_left", "n": 1}]  # the reward's order; no claim, no quest
    assert "note: Илья" not in gm("turn", "check", "--from-posts", *c).stderr
    ran = gm("turn", "run", "--from-posts", *c)
    assert ran.exit_code == 0 and "Торговый путь" not in ran.stderr
    report = (game / "reports" / "turn-08" / "Илья.bbcode").read_text("utf-8")
    assert "заявлено задание: Торговый путь (ведущий подтвердил выполнение)" in report


def test_a_claim_of_a_quest_gmtool_judges_is_no_request(gm, game):
    """great-library is gmtool's to judge: its claim is no request for the moderator."""
    open_quest(game, "great-library", Ярослав=20)
    post(game, "Ярослав", 11, "!задание")
    c = ("-c", str(game))
    ok(gm("post", "collect", *c))
    assert "quest complete" not in ok(gm("post", "pending", *c, "--include-private", "--format", "plain"))
    assert "note:" not in gm("turn", "check", "--from-posts", *c).stderr
