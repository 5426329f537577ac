"""What a roll was for, in words of the site's language (gmtool/site/rolls.py): the site's
turn pages and dice page say «Разведка Глафиры (сообщение #1023): событие», never the
journal's English ``post #1023.1 (Глафира) !explore: event``; the exact label a scheme-2
face is derived from stays, byte for byte, beside the words."""

from __future__ import annotations

import re
import shutil
import tomllib

import pytest

from dice_sites import build, page_json
from gmtool.app.session import campaign_library
from gmtool.site.rolls import roll_words, table_titles
from helpers import EXAMPLE, as_scheme_1, ok

# every purpose gmtool writes (gmtool/forum/resolve.py, gmtool/cli/*.py, app/session.py)
PURPOSES = [
    ("post #1023.1 (Глафира) !explore: event", "Разведка Глафиры (сообщение #1023): событие"),
    ("post #1023.1 (Глафира) !explore: world type", "Разведка Глафиры (сообщение #1023): тип мира"),
    ("post #1023.2 (Глафира) !roll: 2d6+1: die 2", "Бросок Глафиры (сообщение #1023): 2d6+1, кубик 2"),
    ("post #7.1 (alice) !table: orion/world-size", "Бросок по таблице: alice (сообщение #7): Размер мира"),
    ("post #7.2 (Илья) !check: agent check", "Проверка агента Ильи (сообщение #7): проверка агента"),
    ("post #7.3 (Илья) !vote: die 1", "Илья: !vote (сообщение #7): кубик 1"),
    ("room Никита post #55.1 (Никита) !explore: monster", "Разведка Никиты (комната Никиты, сообщение #55): чудовище"),
    ("private message #9.1 (Илья) !roll: d100: die 1", "Бросок Ильи (личное сообщение #9): d100, кубик 1"),
    ("turn 3 orders: exploration, reroll 2", "Приказы хода 3: исследование, переброс 2"),
    (
        "turn 7 start: shuffle bills",
        "Начало хода 7: перемешивание колоды «Законопроекты Галактического совета (пример)»",
    ),
    ("turn 7 start: first-turn token", "Начало хода 7: жетон первого хода"),
    ("turn 8 end: technology award, technology 2", "Конец хода 8: награда технологией, технология 2"),
    ("explore 1,-2 (Глафира): world size", "Разведка Глафиры: гекс 1,-2: размер мира"),
    ("colonize 2,0 (Илья): event", "Колонизация гекса 2,0: Илья: событие"),
    ("agent Kess (Глафира): sabotage: agent check", "Агент Kess Глафиры: sabotage: проверка агента"),
    (
        "council: bills deck: shuffle bills",
        "Колода законопроектов Совета: перемешивание колоды «Законопроекты Галактического совета (пример)»",
    ),
    ("deck events: shuffle events", "Колода: Карты событий (пример): перемешивание колоды «Карты событий (пример)»"),
    ("table world-type: world-type", "Таблица: Тип мира: Тип мира"),
    ("roll for погода: d10: die 1", "Бросок ведущего: погода: d10, кубик 1"),
    ("roll: die 1", "Бросок ведущего: кубик 1"),
    ("player add Фёкла: homeworld placement", "Новый лидер Фёкла: место Родного мира"),
    ("venus move (ann): ann: speed die 2", "Движение лидера ann: ann: кубик скорости 2"),
    ("setup: race for ann", "Подготовка игры: раса лидера ann"),
]


@pytest.fixture(scope="module")
def titles():
    return table_titles(campaign_library(EXAMPLE), "ru")


@pytest.mark.parametrize(("purpose", "words"), PURPOSES, ids=[p for p, _ in PURPOSES])
def test_every_purpose_gmtool_writes_reads_in_russian_words(titles, purpose, words):
    assert roll_words(purpose, "ru", titles) == words


def test_in_english_the_words_are_english_and_text_gmtool_did_not_write_stays_as_it_is(titles):
    en = table_titles(campaign_library(EXAMPLE), "en")
    assert (
        roll_words("post #1023.1 (Глафира) !explore: event", "en", en) == "Exploration by Глафира (post #1023): event"
    )
    assert roll_words("roll for <b>x</b>: d6: die 1", "ru", titles) == "Бросок ведущего: <b>x</b>: d6, кубик 1"
    assert roll_words("something else", "ru", titles) == "something else"


# the journal's English words, none of which may reach a Russian reader
ENGLISH = ("post #", "turn ", "orders", "start", "end", "explor", "event", "world", "die ", "reroll", "shuffle", "roll")


def test_every_roll_of_a_played_russian_game_is_said_in_russian_on_the_site(gm, tmp_path):
    """The example campaign in Russian (as a campaign of dice scheme 1), three turns and its thread (rolls, a table, an
    exploration's dice), its secret revealed: every roll on the dice page, and every die on
    the turn pages, is said in Russian words; the exact purpose stays in the page's data."""
    folder = tmp_path / "game"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "forum.toml"))
    as_scheme_1(folder)  # every roll public once the secret is revealed, its label its purpose
    ok(gm("campaign", "set", "-c", str(folder), "lang", "ru"))
    for turn in (1, 2, 3):
        ok(gm("turn", "run", str(folder / "orders" / f"turn-{turn:02d}.toml"), "-c", str(folder)))
        if turn == 2:
            ok(gm("post", "resolve", str(folder / "thread.txt"), "-c", str(folder)))
    ok(gm("campaign", "reveal", "-c", str(folder)))
    journal = tomllib.loads((folder / "journal.toml").read_text(encoding="utf-8"))["roll"]
    site = tmp_path / "site"
    ok(gm("site", "build", "-c", str(folder), "-o", str(site)))
    dice = (site / "dice.html").read_text(encoding="utf-8")
    words = re.findall(r'<span class="for">([^<]*)</span>', dice)
    assert len(words) == len(journal)
    for said in words:
        assert not [word for word in ENGLISH if word in said], said
    assert [r["label"] for r in page_json(dice)["rolls"]] == [r["purpose"] for r in journal]
    assert "docs/verify.md" not in dice and '<a href="verify.js"><code>verify.js</code></a>' in dice
    turn = (site / "turn-03.html").read_text(encoding="utf-8")  # the thread was resolved in turn 3
    assert "<b>Бросок лидера bob (сообщение #1001)</b>: <code>!roll 2d10+1 boarding action</code>" in turn
    assert re.search(r"<li>#\d+ 2d10\+1, кубик 1: d10 = <b>\d+</b></li>", turn)
    assert "<h3>Размер мира</h3>" in turn  # alice's !table reply, as the thread showed it in Russian
    assert "post #" not in turn


def test_the_scheme_2_dice_page_shows_words_and_the_exact_label_it_checks(gm, new_campaign, tmp_path):
    folder = new_campaign("c", players=["Глафира", "Илья", "Никита"], lang="ru")
    thread = tmp_path / "t.txt"
    thread.write_text("=== Глафира #1023 ===\n!разведка 1,0\n!бросок 2d6 абордаж\n", encoding="utf-8")
    ok(gm("post", "resolve", str(thread), "-c", str(folder)))
    text = build(folder, tmp_path / "site", "ru").read_text(encoding="utf-8")
    cell = re.search(r'<td class="label"><span class="for">([^<]*)</span><code class="exact">([^<]*)</code>', text)
    # an exploration is labelled as the exploration it is, however given (docs/verify.md): in the
    # public thread too, with its salt, which the reply printed
    exact = r"turn 1 · Глафира · explore 1,0 · exploration · salt [0-9a-f]{16}"
    assert cell[1] == "Разведка Глафиры (сообщение #1023): исследование"
    assert re.fullmatch(exact, cell[2]), cell[2]
    assert page_json(text)["rolls"][0]["label"] == cell[2]
