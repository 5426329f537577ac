"""What the moderator may do about an error — an option, a gmtool command, the rule section it
cites — is the error's hint (``hint.<key>`` in the catalogs): the moderator's own `error:`
line and `turn check` add it, a player's post never does (issue 36 §4)."""

from __future__ import annotations

from gmtool.errors import RuleRefused
from gmtool.locale import t
from gmtool.report.agents import use_report
from gmtool.report.render import render
from gmtool.rules.orion.orders import Problem


def _not_colonisable() -> RuleRefused:
    return RuleRefused(key="orion.not_colonisable", hex="1,0", type="Бесплодный", allowed="Земной")


def test_a_refusal_a_player_reads_holds_no_option_the_moderator_types():
    refused = _not_colonisable()
    player = "1,0 — мир типа «Бесплодный»: без разрешающей технологии колонизировать можно только такие миры: Земной"
    assert refused.text("ru") == player
    assert refused.for_moderator("ru") == player + ' (ведущий может указать --override "ПРИЧИНА")'
    assert str(refused).endswith('(the moderator may pass --override "REASON")')  # logs and tests: the whole line


def test_a_problem_of_the_orders_names_the_orders_files_key_only_to_the_moderator():
    problem = Problem(3, "Мирослава", _not_colonisable(), "colonize")
    assert problem.text("ru", moderator=False).startswith("колонизация: 1,0 — мир типа «Бесплодный»")
    assert "--override" not in problem.text("ru", moderator=False)
    moderator = problem.text("ru")
    assert moderator.startswith("колонизация (colonize): 1,0") and moderator.endswith('--override "ПРИЧИНА")')
    research = Problem(4, "Мирослава", RuleRefused(key="records.not_all_sciences", leader="Мирослава"), "research")
    assert research.text("ru", moderator=False) == "исследования: Мирослава ещё не изучила все науки"
    assert research.text("ru") == (
        "исследования (research): Мирослава ещё не изучила все науки (проверка: `gmtool research --all-sciences`)"
    )


def test_the_moderators_error_line_adds_the_hint(gm, new_campaign):
    folder = new_campaign("c", players=["Мирослава", "Мадлен"], seed=1, lang="ru")
    res = gm("research", "-c", str(folder), "--player", "Мирослава", "--victory")
    assert res.exit_code == 1
    assert res.stderr.startswith("error: ") and "`gmtool research --all-sciences`" in res.stderr, res.stderr


def test_public_refusals_and_the_chairs_report_cite_no_rule_section_nor_orders_file():
    behind = t("error.reach.behind_unexplored", "ru", hex="2,1", leader="Мирослава")
    assert "A4" not in behind and behind.endswith("ждёт следующего хода")
    for lang in ("en", "ru"):
        assert "bill =" not in t("choice_hint", lang) and "target" not in t("choice_hint", lang)
        assert "gmtool" not in t("commitment_how", lang) and "README" not in t("commitment_how", lang)
    assert "назовите лидера вместе с выбором: !законопроект 1 ЛИДЕР. " in t("choice_hint", "ru")
    assert t("choice_hint", "ru").endswith("получит первый из них после вас по порядку мест.")
    assert "«Броски»" in t("commitment_how", "ru")


def test_an_agents_room_reply_tells_its_own_news_only(tmp_path):
    """«Личные новости — каждую строку только этому лидеру» was the moderator's instruction,
    printed in the leader's own room above the news of the other leaders: a room's `!check`
    reply tells the leader its own news only; the moderator's `agent use` lists them all."""
    from gmtool.dice.sources import FixedSource
    from gmtool.rules.orion import agents_campaign
    from helpers import shipped_library, stored_campaign

    lib = shipped_library()
    camp = stored_campaign(tmp_path)[1]
    camp.player("alice").agent_limit = 1
    specialities = {r.id for r in lib.get("agent-specialities", "orion").rows}
    agents_campaign.hire(camp, camp.player("alice"), "Kess", ["spy"], specialities)
    result = agents_campaign.use(
        camp,
        camp.game.agent("Kess"),
        "steal-tech",
        lib.get("agents", "orion"),
        lib.get("agent-outcomes", "orion"),
        FixedSource([1]),  # a critical failure: the agent is lost, bob learns who sent it
        camp.player("bob"),
    )
    room = render(use_report(result, "ru", {"kind": "stream"}, "alice"), "plain")
    assert "Новости для вас\n---------------\n\n- Ход 1: ваш агент Kess погиб или покинул службу\n" in room, room
    assert "Личные новости" not in room and "bob" not in room.split("Новости для вас")[1]
    assert use_report(result, "ru", {"kind": "stream"}, "alice").data["notices"] == [
        {"to": "alice", "turn": 1, "kind": "agent_lost", "agent": "Kess"}
    ]
    moderator = render(use_report(result, "ru", {"kind": "stream"}), "plain")
    assert "Личные новости — каждую строку только этому лидеру" in moderator
    assert "- bob: Ход 1: пойман вражеский агент: его направил alice" in moderator


def test_campaign_set_answers_the_moderator_in_words_and_plain_text(gm, new_campaign):
    """«[b]moderators: Хронист (было по умолчанию)[/b]» was half English and BBCode, in the
    moderator's own terminal: a setting's reply is plain text (unless --format asks) and names
    the setting in the campaign's language."""
    folder = new_campaign("c", players=["Мирослава", "Мадлен"], seed=1, lang="ru")
    c = ("-c", str(folder))
    assert gm("campaign", "set", *c, "format", "bbcode").stdout == "формат: bbcode (было: plain)\n"
    assert gm("campaign", "set", *c, "moderators", "Хронист").stdout == "ведущие: Хронист (было: по умолчанию)\n"
    assert gm("campaign", "set", *c, "moderators", "Хронист").stdout == "ведущие: уже Хронист\n"
    (folder / "room.txt").touch()
    said = gm("campaign", "room", *c, "--player", "Мирослава", "room.txt").stdout
    assert said == "комната Мирославы: room.txt (было: по умолчанию)\n"
    assert gm("campaign", "set", *c, "lang", "en").stdout == "lang: en (was ru)\n"
    posted = gm("campaign", "set", *c, "lang", "en", "--format", "bbcode").stdout
    assert posted.startswith("[size=150][b]lang is already en[/b][/size]")


def test_a_rules_table_names_every_row_in_words_in_each_of_its_parts(gm):
    """`table show orion/agents` split its wide table in two, the second part led by the ids
    alone (gather-intel, deep-cover): the label now leads every part, the id beside it."""
    out = gm("table", "show", "orion/agents", "--lang", "ru").stdout
    parts = [p for p in out.split("\n\n") if p.startswith("Результат")]
    assert len(parts) >= 2 and all("\nСбор сведений " in p for p in parts), out
    assert "\nСбор сведений       gather-intel" in parts[0]
