"""Russian names declined and agreed with (issue 25 §1): a catalog placeholder says its case
(``{leader:gen}``), a fallback for a name that cannot be declined (``{leader:gen|лидера
{leader}}``) and a word agreeing with the leader's gender (``{leader:g:направил|направила}``);
the gender is guessed from the name unless ``gmtool player set --gender`` says it; pytrovich
is loaded only when such a message is written."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest

import gmtool.locale as locale
from gmtool.locale import names, t
from helpers import assert_error, ok, ok_json

# name → gender the rules guess, then nom, gen, dat, acc, ins, pre — worked out by hand
TABLE = {
    "Борис": ("m", "Борис", "Бориса", "Борису", "Бориса", "Борисом", "Борисе"),
    "Анна": ("f", "Анна", "Анны", "Анне", "Анну", "Анной", "Анне"),
    "Глафира": ("f", "Глафира", "Глафиры", "Глафире", "Глафиру", "Глафирой", "Глафире"),
    "Илья": ("m", "Илья", "Ильи", "Илье", "Илью", "Ильёй", "Илье"),
    "Никита": ("m", "Никита", "Никиты", "Никите", "Никиту", "Никитой", "Никите"),
    "Любовь": ("f", "Любовь", "Любови", "Любови", "Любовь", "Любовью", "Любови"),
    "Игорь": ("m", "Игорь", "Игоря", "Игорю", "Игоря", "Игорем", "Игоре"),
    "Мария": ("f", "Мария", "Марии", "Марии", "Марию", "Марией", "Марии"),
    "Пётр": ("m", "Пётр", "Петра", "Петру", "Петра", "Петром", "Петре"),
    "Ольга": ("f", "Ольга", "Ольги", "Ольге", "Ольгу", "Ольгой", "Ольге"),
    "Джон": ("m", "Джон", "Джона", "Джону", "Джона", "Джоном", "Джоне"),
    "Мэри": ("f", "Мэри", "Мэри", "Мэри", "Мэри", "Мэри", "Мэри"),  # not declined in Russian
    "Жан": ("m", "Жан", "Жана", "Жану", "Жана", "Жаном", "Жане"),
}


@pytest.fixture
def message(monkeypatch):
    """Add a Russian message to the catalog for one test: ``message("x", "…")``."""

    def add(key: str, text: str) -> str:
        monkeypatch.setitem(locale.catalog("ru"), key, text)
        return key

    names.know_genders(None)
    yield add
    names.know_genders(None)


@pytest.mark.parametrize("name", list(TABLE))
def test_six_cases_of_a_name_through_the_catalog_notation(name, message):
    gender, *cases = TABLE[name]
    key = message("test.cases", " / ".join("{who:" + c + "}" for c in names.CASES))
    assert t(key, "ru", who=name).split(" / ") == cases
    assert names.guess_gender(name) == gender
    key = message("test.verb", "{who} {who:g:направил|направила}")
    assert t(key, "ru", who=name) == f"{name} {'направила' if gender == 'f' else 'направил'}"


@pytest.mark.parametrize("name", list(TABLE))
def test_real_messages_agree_with_the_name(name):
    gender, _nom, gen, dat, *_ = TABLE[name]
    names.know_genders(None)
    caught = t("notice_agent_caught", "ru", sent_by=name)
    assert caught == f"пойман вражеский агент: его {'направила' if gender == 'f' else 'направил'} {name}"
    assert t("error.orion.fleet_max", "ru", leader=name, max=2) == f"флот {gen} уже максимального размера (2)"
    assert t("error.orion.no_colony_ship", "ru", leader=name) == f"у {gen} нет колонизационного корабля"
    assert t("log.token_dealt", "ru", leader=name) == f"Жетон первого хода достался {dat}"


def test_glafira_sent_the_agent_boris_has_a_fleet_anna_has_no_ship():
    """The three sentences of the issue, word for word."""
    assert t("notice_agent_caught", "ru", sent_by="Глафира") == "пойман вражеский агент: его направила Глафира"
    assert t("log.orion_damaged", "ru", leader="Борис", points=9, toughness=8, full=17).startswith(
        "Флот Бориса наносит Стражу Ориона 9 урона"
    )
    assert t("error.orion.no_ship", "ru", leader="Анна", ship="Разведчик") == "у Анны нет корабля «Разведчик»"


@pytest.mark.parametrize("name", ["alice", "bob_the_great", "Kess 2"])
def test_an_undeclinable_name_stays_nominative_with_the_fallback_words(name, message):
    assert names.decline(name, "gen") is None
    assert t("error.orion.fleet_max", "ru", leader=name, max=2) == f"флот лидера {name} уже максимального размера (2)"
    assert t("error.orion.no_colony_ship", "ru", leader=name) == f"у лидера {name} нет колонизационного корабля"
    assert t("log.token_dealt", "ru", leader=name) == f"Жетон первого хода достался лидеру {name}"
    assert t("notice_agent_caught", "ru", sent_by=name) == f"пойман вражеский агент: его направил {name}"
    key = message("test.bare", "у {who:gen}")  # no fallback: the name as it is
    assert t(key, "ru", who=name) == f"у {name}"


def test_the_english_catalog_writes_names_as_they_are():
    assert t("error.orion.fleet_max", "en", leader="Глафира", max=2) == "Глафира's fleet is at its maximum 2"


def test_the_roster_gender_overrides_the_guess(message):
    key = message("test.both", "{who:g:он|она}: {who:ins}")
    assert t(key, "ru", who="Саша") == "он: Сашей"  # both: masculine until told
    names.know_genders(lambda name: {"Саша": "f", "Никита": "f"}.get(name, ""))
    assert t(key, "ru", who="Саша") == "она: Сашей"
    assert t(key, "ru", who="Никита") == "она: Никитой"
    assert t(key, "ru", who="Борис") == "он: Борисом"  # not set: guessed


def test_other_format_specs_still_work(message):
    key = message("test.spec", "{n:+d} {leader:gen}")
    assert t(key, "ru", n=3, leader="Ольга") == "+3 Ольги"
    assert t("error.agents.limit", "ru", leader="Анна", n=1, has=2).startswith("Анна может держать 1 агента, а у неё 2")


# ================================================================ the roster and the CLI


@pytest.fixture
def game(new_campaign, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("GMTOOL_CAMPAIGN", "GMTOOL_TABLES", "GMTOOL_DEBUG"):
        monkeypatch.delenv(name, raising=False)
    folder = new_campaign("g", players=["Саша", "Борис", "Глафира"], seed=1)
    yield folder
    names.know_genders(None)


def _players(folder) -> dict[str, dict]:
    data = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    return {p["name"]: p for p in data["player"]}


def test_player_set_gender_is_kept_and_used_in_messages(gm, game):
    assert all("gender" not in p for p in _players(game).values())  # guessed: not written
    out = ok(gm("player", "set", "-c", str(game), "--player", "Саша", "--gender", "f", "--lang", "ru"))
    assert out.strip() == "Саша: отчёты пишут о ней в женском роде"
    assert _players(game)["Саша"]["gender"] == "f"
    assert "gender" not in _players(game)["Борис"]
    from gmtool.campaign.store import CampaignStore

    CampaignStore(game).load()  # a loaded campaign tells the messages its leaders' genders
    assert t("notice_agent_caught", "ru", sent_by="Саша") == "пойман вражеский агент: его направила Саша"
    assert t("notice_agent_caught", "ru", sent_by="Глафира") == "пойман вражеский агент: его направила Глафира"
    data = ok_json(gm("player", "set", "-c", str(game), "--player", "Саша", "--gender", "", "--format", "json"))
    assert data["gender"] == "m" and data["set"] == ""
    assert "gender" not in _players(game)["Саша"]


def test_a_refused_player_set_writes_nothing(gm, game):
    before = (game / "campaign.toml").read_bytes()
    assert_error(
        gm("player", "set", "-c", str(game), "--player", "Саша", "--gender", "x", "--lang", "ru"), "пол лидера"
    )
    assert_error(gm("player", "set", "-c", str(game), "--player", "nobody", "--gender", "f"), "nobody")
    assert (game / "campaign.toml").read_bytes() == before


def test_a_gender_the_file_cannot_hold_is_refused_on_load(gm, game):
    path = game / "campaign.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('name = "Саша"\n', 'name = "Саша"\ngender = "x"\n', 1))
    assert_error(gm("status", "-c", str(game)), "gender")


def test_a_replacement_leader_is_guessed_again(gm, game):
    ok(gm("player", "set", "-c", str(game), "--player", "Борис", "--gender", "m"))
    ok(gm("player", "drop", "-c", str(game), "--player", "Борис", "--keep"))
    ok(gm("player", "replace", "-c", str(game), "--player", "Борис", "--by", "Ольга"))
    assert "gender" not in _players(game)["Ольга"]


# ================================================================ loaded only when needed


def test_roll_and_the_cli_do_not_load_the_declension_libraries():
    code = (
        "import sys; import gmtool.cli; from gmtool.cli import build_app; from gmtool.cli.usage import run\n"
        "try:\n    run(build_app(), ['roll', '2d10', '--seed', '1'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in ('pytrovich', 'pymorphy3') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "[]"
    code = "import sys; from gmtool.locale import t; t('stage_n', 'ru', n=2); print('pytrovich' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"
    code = (
        "import sys; from gmtool.locale import t; t('notice_agent_caught', 'ru', sent_by='Анна'); "
        "print('pymorphy3' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "True"


# ================================================================ real forum names (issue 36 §2)

# Names and nicknames as players on Russian forums give them — one, two and three words, male
# and female, Cyrillic and Latin — with the gender the dictionary reads and the five cases
# (gen, dat, acc, ins, pre) a Russian writes, worked out by hand. ``None``: the name cannot
# be declined for sure, so a message writes its fallback («комната лидера Зергус»).
FORUM = {
    # a nickname of common words: an adjective agrees with its noun
    "Звёздный Лис": ("m", "Звёздного Лиса", "Звёздному Лису", "Звёздного Лиса", "Звёздным Лисом", "Звёздном Лисе"),
    "Звездный Лис": ("m", "Звездного Лиса", "Звездному Лису", "Звездного Лиса", "Звездным Лисом", "Звездном Лисе"),
    "Тёмная Лиса": ("f", "Тёмной Лисы", "Тёмной Лисе", "Тёмную Лису", "Тёмной Лисой", "Тёмной Лисе"),
    "Серый Волк": ("m", "Серого Волка", "Серому Волку", "Серого Волка", "Серым Волком", "Сером Волке"),
    "Снежная Королева": (
        "f",
        "Снежной Королевы",
        "Снежной Королеве",
        "Снежную Королеву",
        "Снежной Королевой",
        "Снежной Королеве",
    ),
    "Железный Дровосек": (
        "m",
        "Железного Дровосека",
        "Железному Дровосеку",
        "Железного Дровосека",
        "Железным Дровосеком",
        "Железном Дровосеке",
    ),
    "Синее Око": ("m", "Синего Ока", "Синему Оку", "Синее Око", "Синим Оком", "Синем Оке"),
    "звёздный лис": ("m", "звёздного лиса", "звёздному лису", "звёздного лиса", "звёздным лисом", "звёздном лисе"),
    # a noun with its genitive: only the noun is declined
    "Повелитель Тьмы": (
        "m",
        "Повелителя Тьмы",
        "Повелителю Тьмы",
        "Повелителя Тьмы",
        "Повелителем Тьмы",
        "Повелителе Тьмы",
    ),
    "Властелин Колец": (
        "m",
        "Властелина Колец",
        "Властелину Колец",
        "Властелина Колец",
        "Властелином Колец",
        "Властелине Колец",
    ),
    # one word: a noun, an adjective
    "Хронист": ("m", "Хрониста", "Хронисту", "Хрониста", "Хронистом", "Хронисте"),
    "Ведьмак": ("m", "Ведьмака", "Ведьмаку", "Ведьмака", "Ведьмаком", "Ведьмаке"),
    "Ёжик": ("m", "Ёжика", "Ёжику", "Ёжика", "Ёжиком", "Ёжике"),
    "Лиса": ("f", "Лисы", "Лисе", "Лису", "Лисой", "Лисе"),
    "Тень": ("f", "Тени", "Тени", "Тень", "Тенью", "Тени"),
    "Рыжая": ("f", "Рыжей", "Рыжей", "Рыжую", "Рыжей", "Рыжей"),
    "ВОЛК": ("m", "ВОЛКА", "ВОЛКУ", "ВОЛКА", "ВОЛКОМ", "ВОЛКЕ"),
    # a person's name: a first name, with a patronymic (declined as one), a surname
    "Мирослава": ("f", "Мирославы", "Мирославе", "Мирославу", "Мирославой", "Мирославе"),
    "Антонина Петровна": (
        "f",
        "Антонины Петровны",
        "Антонине Петровне",
        "Антонину Петровну",
        "Антониной Петровной",
        "Антонине Петровне",
    ),
    "Сергей Мирославович": (
        "m",
        "Сергея Мирославовича",
        "Сергею Мирославовичу",
        "Сергея Мирославовича",
        "Сергеем Мирославовичем",
        "Сергее Мирославовиче",
    ),
    "Пётр Ильич Чайковский": (
        "m",
        "Петра Ильича Чайковского",
        "Петру Ильичу Чайковскому",
        "Петра Ильича Чайковского",
        "Петром Ильичом Чайковским",
        "Петре Ильиче Чайковском",
    ),
    "Иван Петров": ("m", "Ивана Петрова", "Ивану Петрову", "Ивана Петрова", "Иваном Петровым", "Иване Петрове"),
    "Петрова Анна Ивановна": (
        "f",
        "Петровой Анны Ивановны",
        "Петровой Анне Ивановне",
        "Петрову Анну Ивановну",
        "Петровой Анной Ивановной",
        "Петровой Анне Ивановне",
    ),
    "Анна Черных": ("f", "Анны Черных", "Анне Черных", "Анну Черных", "Анной Черных", "Анне Черных"),
    "Иван Грозный": ("m", "Ивана Грозного", "Ивану Грозному", "Ивана Грозного", "Иваном Грозным", "Иване Грозном"),
    "Гермиона": ("f", "Гермионы", "Гермионе", "Гермиону", "Гермионой", "Гермионе"),
    "Шерлок": ("m", "Шерлока", "Шерлоку", "Шерлока", "Шерлоком", "Шерлоке"),
    # a name Russian does not decline: feminine, as it is
    "Мадлен": ("f", "Мадлен", "Мадлен", "Мадлен", "Мадлен", "Мадлен"),
    "Мэри": ("f", "Мэри", "Мэри", "Мэри", "Мэри", "Мэри"),
    # not sure: a word no dictionary knows, a hyphenated name, words that do not agree, Latin
    "Зергус": ("m", None, None, None, None, None),
    "Гендальф Серый": ("m", None, None, None, None, None),
    "Дейенерис": ("m", None, None, None, None, None),
    "Кэт": ("m", None, None, None, None, None),  # only a place name in the dictionary
    "Анна-Мария": ("m", None, None, None, None, None),
    "Кот Учёный": ("m", None, None, None, None, None),
    "Комиссар Рекс": ("m", None, None, None, None, None),
    "Нео": ("m", None, None, None, None, None),
    "Лис_77": ("m", None, None, None, None, None),
    "DarkLord": ("m", None, None, None, None, None),
    "carol": ("m", None, None, None, None, None),
    "Kess 2": ("m", None, None, None, None, None),
}


@pytest.mark.parametrize("name", list(FORUM))
def test_a_forum_name_is_declined_as_the_words_it_is_made_of(name):
    names.know_genders(None)
    gender, *cases = FORUM[name]
    assert names.guess_gender(name) == gender
    assert [names.decline(name, case) for case in ("gen", "dat", "acc", "ins", "pre")] == cases
    assert names.decline(name, "nom") == (name if cases[0] is not None else None)


@pytest.mark.parametrize("name", list(FORUM))
def test_a_room_is_titled_with_the_name_declined_or_the_words_that_cannot_be_wrong(name):
    names.know_genders(None)
    gen = FORUM[name][1]
    title = t("room_title", "ru", leader=name, turn=3)
    assert title == (f"Комната {gen}: ход 3" if gen is not None else f"Комната лидера {name}: ход 3")


def test_the_issues_names_read_as_a_russian_writes_them():
    """Issue 36 §2, word for word: «Комната Звёздного Лиса», «Родного мира Звёздного Лиса»,
    «Комната Антонины Петровны», «Комната Мадлен» (not «Мадлена»)."""
    names.know_genders(None)
    assert t("room_title", "ru", leader="Звёздный Лис", turn=1) == "Комната Звёздного Лиса: ход 1"
    missing = t("error.campaign.homeworld_missing", "ru", name="Звёздный Лис", hex="1,2")
    assert missing == "Родного мира Звёздного Лиса (1,2) нет среди систем"
    assert t("room_title", "ru", leader="Антонина Петровна", turn=1) == "Комната Антонины Петровны: ход 1"
    assert t("room_title", "ru", leader="Мадлен", turn=1) == "Комната Мадлен: ход 1"
    assert t("notice_agent_caught", "ru", sent_by="Мадлен") == "пойман вражеский агент: его направила Мадлен"
    assert t("notice_agent_caught", "ru", sent_by="Тёмная Лиса") == "пойман вражеский агент: его направила Тёмная Лиса"


def test_the_roster_gender_declines_a_persons_name_but_not_a_nickname(message):
    """A woman's nickname «Звёздный Лис» is still «Звёздного Лиса», and her verbs feminine;
    a first name follows the person («Никитой» either way, a woman's «Борис» stays)."""
    names.know_genders(lambda name: {"Звёздный Лис": "f", "Борис": "f"}.get(name, ""))
    key = message("test.nick", "{who:gen} {who:g:ушёл|ушла}")
    assert t(key, "ru", who="Звёздный Лис") == "Звёздного Лиса ушла"
    assert t(key, "ru", who="Борис") == "Борис ушла"
