"""What a Russian-speaking moderator reads after a whole game: the exact Russian (and the
English where the same message changed) of the reports, refusals and maps he found wrong."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tomli_w

from helpers import ok, ok_json

pytestmark = pytest.mark.usefixtures("isolated")


def new_ru(new_campaign, *players: str, name: str = "r1") -> Path:
    return new_campaign(name, players=players, lang="ru", seed=5, fmt="plain")


def open_quest(folder: Path) -> tuple[str, str, str]:
    """The latest stage-1 quest announced: its id and its Russian and English labels."""
    from helpers import shipped_library

    quest = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))["turn_state"]["quests"][-1]
    row = shipped_library().find_row("quests-stage1", "orion", quest)
    assert row is not None
    return quest, row.label["ru"], row.label["en"]


def edit(folder: Path, change) -> None:
    path = folder / "campaign.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")


# ------------------------------------------------------------------ post pending


def test_pending_leaves_out_a_stage_1_quest_the_leader_has_done(gm, new_campaign, moderator_judges):
    camp = new_ru(new_campaign, "Борис", "Анна")
    c = ("-c", str(camp))
    ok(gm("turn", "start", *c))
    ok(gm("quest", "complete", *c, "--player", "Борис"))
    _, label, _ = open_quest(camp)
    ok(gm("turn", "end", *c))
    edit(camp, lambda d: d["player"][0].update(orders=0))  # some quests reward an order
    out = ok(gm("post", "pending", *c, "--include-private"))
    assert "Борис\n-----\n" not in out and "Готовы: Борис" in out
    assert f"Анна\n----\n\n- не выполнено задание «{label}»\n" in out
    assert "квест" not in out
    assert label not in ok(gm("post", "pending", *c))  # a leader's quests are its own
    data = ok_json(gm("post", "pending", *c, "--format", "json", "--include-private"))
    assert [leader["waiting"] for leader in data["leaders"] if leader["name"] == "Борис"] == [[]]


@pytest.mark.parametrize(
    ("n", "ru", "en"),
    [
        (1, "1 ордер не использован", "1 order not used yet"),
        (3, "3 ордера не использованы", "3 orders not used yet"),
        (5, "5 ордеров не использовано", "5 orders not used yet"),
    ],
)
def test_pending_counts_unused_orders_in_the_glossarys_word(gm, new_campaign, n, ru, en):
    """In the moderator's copy: the public one says nothing of a leader's orders."""
    camp = new_ru(new_campaign, "Борис", "Анна")
    edit(camp, lambda d: d["player"][0].update(orders=n))
    assert f"- {ru}\n" in ok(gm("post", "pending", "-c", str(camp), "--include-private"))
    assert f"- {en}\n" in ok(gm("post", "pending", "-c", str(camp), "--lang", "en", "--include-private"))
    assert "ордер" not in ok(gm("post", "pending", "-c", str(camp)))


def test_pending_lists_nothing_once_the_game_is_over(gm, new_campaign):
    camp = new_ru(new_campaign, "Борис", "Анна")
    c = ("-c", str(camp))
    ok(gm("turn", "start", *c))
    edit(camp, lambda d: d["player"][1].update(orders=2))
    edit(camp, lambda d: d["turn_state"].update(victory={"kind": "orion", "leader": "Борис", "turn": 1}))
    out = ok(gm("post", "pending", *c))
    assert out.split("\n\n")[:2] == ["Ждём — ход 1\n============", "Игра окончена."]
    assert "- " not in out and "Готовы" not in out
    data = ok_json(gm("post", "pending", *c, "--format", "json"))
    assert {leader["name"]: leader["waiting"] for leader in data["leaders"]} == {"Борис": [], "Анна": []}


# ------------------------------------------------------------------ no English in Russian


def test_the_private_ballots_table_says_the_vote_in_russian():
    from gmtool.report.council import bill_report
    from gmtool.report.render import render
    from gmtool.rules.orion.council import Ballot, BillTally

    ballots = [Ballot("Борис", "yes", 3), Ballot("Анна", "no", 2, 3), Ballot("Глеб", "abstain", 1)]
    tally = BillTally(3, 3, 1, False, True, False, "Борис", ballots)
    out = render(bill_report(tally, "ru", private=True), "plain")
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (["Борис"], ["Анна"], ["Глеб"])]
    assert [row[:2] for row in rows] == [["Борис", "за"], ["Анна", "против"], ["Глеб", "воздержаться"]]
    en = render(bill_report(tally, "en", private=True), "plain")
    rows = [line.split() for line in en.splitlines() if line.split()[:1] in (["Борис"], ["Анна"], ["Глеб"])]
    assert [row[:2] for row in rows] == [["Борис", "yes"], ["Анна", "no"], ["Глеб", "abstain"]]


@pytest.mark.parametrize(
    ("vote", "ru", "en"),
    [
        ("abstain", "голос: воздержаться", "ballot cast: abstain"),
        ("yes", "голос: за", "ballot cast: yes"),
        ("no", "голос: против", "ballot cast: no"),
    ],
)
def test_a_leaders_own_ballot_line_is_neutral(vote, ru, en):
    from gmtool.report.done import done_line as _done_line

    item = {"order": "vote", "result": {"vote": vote, "bribe": 0}}
    assert _done_line(item, "ru", lambda table, row_id, **_: row_id) == ru
    assert _done_line(item, "en", lambda table, row_id, **_: row_id) == en


def ru_game(gm, new_campaign) -> tuple[Path, tuple[str, str]]:
    camp = new_ru(new_campaign, "Борис", "Анна")
    c = ("-c", str(camp))
    ok(gm("turn", "start", *c))
    return camp, c


def test_ship_classes_are_named_by_their_labels(gm, new_campaign):
    from helpers import assert_error

    camp, c = ru_game(gm, new_campaign)
    res = gm("explore", *c, "--player", "Борис", "--hex", "1,0", "--ship", "звездолёт")
    assert_error(
        res,
        "error: «звездолёт» — не вид корабля (корабли: Разведчик, Колонизационный корабль, "
        "Фрегат, Крейсер, Дредноут, Титан)",
    )
    res = gm("explore", *c, "--player", "Борис", "--hex", "1,0", "--ship", "starship", "--lang", "en")
    assert_error(
        res, "error: 'starship' is no kind of ship (ships: Scout, Colony ship, Frigate, Cruiser, Dreadnought, Titan)"
    )
    home = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))["player"][0]["homeworld"]
    q, r = (int(v) for v in home.split(","))
    res = gm("explore", *c, "--player", "Борис", "--hex", f"{q + 1},{r}", "--ship", "frigate")
    assert_error(res, "error: у Бориса нет корабля «Фрегат», чтобы войти в гекс")
    res = gm("explore", *c, "--player", "Борис", "--hex", f"{q + 1},{r}", "--ship", "frigate", "--lang", "en")
    assert_error(res, "error: Борис has no frigate to move into the hex")


def test_ships_moved_names_the_class_by_its_label():
    from gmtool.errors import RuleRefused
    from gmtool.locale import Label

    err = RuleRefused(key="reach.ships_moved", n=3, leader="Борис", ship=Label({"en": "frigate", "ru": "Фрегат"}))
    assert err.text("ru").startswith("все 3 корабля «Фрегат» Бориса уже исследовали гексы в этот ход")
    assert err.text("en").startswith("all 3 of Борис's ships of kind frigate have already explored")


def test_a_quest_done_is_told_by_its_label_without_a_gender(gm, new_campaign, moderator_judges):
    from helpers import assert_error

    camp, c = ru_game(gm, new_campaign)
    ok(gm("quest", "complete", *c, "--player", "Борис"))
    quest, ru, en = open_quest(camp)
    res = gm("quest", "complete", *c, "--player", "Борис")
    assert_error(res, f"error: Борис: задание «{ru}» уже выполнено")
    res = gm("quest", "complete", *c, "--player", "Борис", "--lang", "en")
    assert_error(res, f"error: Борис has already completed '{en}'")
    ok(gm("turn", "end", *c))
    ok(gm("turn", "start", *c))
    res = gm("quest", "complete", *c, "--player", "Борис", "--quest", quest)
    assert_error(res, f"error: Борис: задание «{ru}» уже выполнено")


def test_the_maps_mark_properties_and_world_types_in_russian(gm, new_campaign):
    from gmtool.maps.labels import mark_of, table_labels

    ru, en = table_labels("ru"), table_labels("en")
    props = ["favorable", "hostile", "rich", "poor", "gravity", "artifacts"]
    assert [mark_of(ru, "planet-properties", p) for p in props] == ["БОС", "НОС", "ЗМ", "БМ", "НГ", "АРТ"]
    assert [mark_of(en, "planet-properties", p) for p in props] == ["F", "H", "R", "P", "G", "A"]
    types = ["terran", "ocean", "steppe", "toxic", "barren", "inferno"]
    assert [mark_of(ru, "world-type", t) for t in types] == ["Ж", "М", "С", "Т", "П", "Р"]  # none reads as a digit
    assert [mark_of(en, "world-type", t) for t in types] == ["T", "O", "S", "X", "B", "I"]
    camp = new_ru(new_campaign, "Борис", "Анна")
    out = ok(gm("map", "-c", str(camp), "--format", "plain"))
    legend = out.split("Легенда\n-------\n\n")[1].split("\n\n")[0].splitlines()
    assert "- Ж Земной" in legend and "- Р Раскалённый или радиоактивный" in legend
    assert "- Ω Страж Ориона" in legend and "- ч чудовище" in legend and "- Ч великое чудовище" in legend
    assert "Ж1*" in out  # Борис's homeworld: a terran planet


def test_the_svg_map_marks_properties_with_the_reports_short_forms(gm, new_campaign, tmp_path):
    camp = new_ru(new_campaign, "Борис", "Анна")
    svg = tmp_path / "m.svg"
    ok(gm("map", "-c", str(camp), "-o", str(svg)))
    text = svg.read_text(encoding="utf-8")
    for short, name in [("БОС", "Благоприятная окружающая среда"), ("АРТ", "Артефакты"), ("Ч+", "великое чудовище")]:
        assert f">{short}</text>" in text and f">{name}</text>" in text


# ------------------------------------------------------------------ names stand in the nominative


@pytest.mark.parametrize(
    ("entry", "ru"),
    [
        (
            {"kind": "orion_damaged", "leader": "Борис", "points": 9, "toughness": 8, "full": 17},
            "Флот Бориса наносит Стражу Ориона 9 урона: стойкость 8 из 17",
        ),
        (
            {"kind": "orion_damaged", "leader": "Борис", "destroyed": True, "points": 9, "toughness": 0, "full": 17},
            "Флот Бориса уничтожает Стража Ориона: Орион можно колонизировать",
        ),
        (
            {"kind": "blockade", "leader": "Глеб", "hex": "3,-2", "owner": "Анна"},
            "Флот Глеба блокирует 3,-2 (Анна)",
        ),
        (
            {"kind": "captured", "leader": "Борис", "hex": "4,-1", "owner": "Анна", "population": 2},
            "Борис захватывает 4,-1 у Анны (население 2)",
        ),
        (
            {
                "kind": "captured",
                "leader": "Борис",
                "hex": "3,-1",
                "owner": "Анна",
                "homeworld_of": "Анна",
                "population": 4,
            },
            "Борис захватывает Родной мир Анны (3,-1)",
        ),
        (
            {"kind": "monster_slain", "leader": "Дарья", "hex": "-3,0", "monster": "space-dragon", "changes": []},
            "Дарья уничтожает чудовище: space-dragon (-3,0): ",
        ),
        ({"kind": "all_sciences", "leader": "Анна"}, "Анна: все науки изучены"),
        ({"kind": "quest_announced", "quest": "trade-route", "table": "quests-common"}, "Задание хода: «trade-route»"),
    ],
)
def test_log_lines_put_a_name_after_a_noun_in_the_nominative(entry, ru):
    from gmtool.report.records import entry_text

    assert entry_text({"turn": 8, **entry}, "ru").startswith(ru)


def test_the_dry_run_private_divider_names_the_leader_after_a_colon():
    from gmtool.locale import t

    assert t("reply.dry_private", "ru", name="Борис") == "----- личный отчёт: Борис -----"


def test_an_orders_problem_names_the_leader_once_and_the_key_in_russian():
    from gmtool.errors import RuleRefused
    from gmtool.rules.orion.orders import Problem

    reason = RuleRefused(key="council.bribe_multiple", who="Глеб: ", per=3, bribe=7)
    problem = Problem(18, "Глеб", reason, "vote")
    assert (
        problem.render("o.toml", "ru")
        == "o.toml:18 (Глеб): голос (vote): подкуп платится кратно 3 ВС (1 голос за 3 ВС), а не 7"
    )
    assert (
        problem.render("o.toml", "en")
        == "o.toml:18 (Глеб): vote: bribes are paid in whole multiples of 3 BC (1 vote per 3 BC), not 7"
    )


# ------------------------------------------------------------------ plurals and phrasing


@pytest.mark.parametrize(
    ("key", "n", "ru", "en"),
    [
        (
            "map.why_behind",
            32,
            "32 неисследованных гекса вне досягаемости",
            "32 unexplored hexes lie out of reach",
        ),
        ("map.why_behind", 21, "21 неисследованный гекс вне досягаемости", "21 unexplored hexes lie out of reach"),
        ("map.why_behind", 5, "5 неисследованных гексов вне досягаемости", "5 unexplored hexes lie out of reach"),
        ("map.movable", 1, "1 гекс, от которого исследуют", "1 hex to explore from"),
    ],
)
def test_hexes_are_counted_in_plural_forms(key, n, ru, en):
    from gmtool.locale import t

    assert t(key, "ru", n=n).startswith(ru)
    assert t(key, "en", n=n).startswith(en)


@pytest.mark.parametrize(("n", "ru"), [(1, "в 1 гексе от"), (4, "в 4 гексах от"), (10, "в 10 гексах от")])
def test_the_stage_1_reach_says_how_far_in_words(n, ru):
    from gmtool.errors import RuleRefused

    err = RuleRefused(key="orion.stage1_reach_from", hex="1,0", n=n, leader="Борис", home="0,-3")
    assert f"1,0 {ru} Родного мира Бориса (0,-3)" in err.text("ru")
    assert f"1,0 is {n} hex{'es' if n != 1 else ''} from Борис's homeworld 0,-3" in err.text("en")


def test_the_end_of_the_game_and_an_undone_turn_read_naturally():
    from gmtool.locale import t

    assert t("error.game_over_won", "ru", who="Борис", turn=9, victory="победа Ориона").startswith(
        "игра окончена: Борис побеждает на 9-м ходу (победа Ориона)"
    )
    assert t("reply.undone", "ru", turn=8, span="x").startswith("Ход 8 отменён:")


def test_the_council_result_line_is_lower_case_in_russian():
    from gmtool.report.render import render
    from gmtool.report.turns import end_public
    from gmtool.rules.orion.council import BillTally
    from gmtool.rules.orion.council_campaign import BillOutcome
    from gmtool.rules.orion.production import Production
    from gmtool.rules.orion.turns import TurnEnd
    from helpers import shipped_library

    lib = shipped_library()
    bills, quests = lib.get("bills", "orion"), lib.get("quests-common", "orion")
    bill = bills.rows[0].id
    out = TurnEnd(
        turn=8,
        stage=2,
        production=Production(),
        council=BillOutcome(bill, BillTally(10, 2, 0, True, False, False, "Борис")),
        next_turn=9,
        next_stage=2,
        next_order=["Борис", "Анна"],
    )
    assert "Голосование совета: за 10, против 2 → принят" in render(end_public(out, bills, quests, "ru"), "plain")
    assert "Council vote: Yes 10, No 2 → passed" in render(end_public(out, bills, quests, "en"), "plain")


def test_a_dice_syntax_error_names_the_place_once(gm):
    from helpers import assert_error

    assert_error(gm("roll", "2d", "--lang", "ru"), "error: ожидалось число граней после «d»: «2d», в конце")
    assert_error(gm("roll", "2d+", "--lang", "ru"), "error: ожидалось число граней после «d»: «2d+», позиция 3")


def test_contamination_is_said_once_in_the_exploration_line():
    from gmtool.report.records import entry_text

    entry = {
        "kind": "explored",
        "turn": 1,
        "leader": "Борис",
        "hex": "0,1",
        "ship": "scout",
        "result": {
            "discovery": "planet",
            "planet": {"type": "terran", "size": "medium", "properties": ["poor"]},
            "events": [{"kind": "negative", "id": "contamination"}],
        },
        "changes": [{"player": "Борис", "homeworld_colonists": -1}],
    }
    assert entry_text(entry, "ru").endswith("; contamination — -1 колонист в Родном мире")
    assert entry_text(entry, "en").endswith("; contamination — -1 colonist on the homeworld")


def test_shipped_labels_keep_to_the_glossary():
    from gmtool.locale import t
    from helpers import shipped_library

    lib = shipped_library()
    assert lib.find_row("exploration", "orion", "asteroids").label["ru"] == "Астероидное поле"
    labels = [r.label["ru"] for name in ("negative-events", "positive-events") for r in lib.get(name, "orion").rows]
    assert "Планета бедна минералами" in labels and not [x for x in labels if "будет" in x]
    assert t("movement_order", "ru") == "Порядок движения"
    assert t("law_yes", "ru") == "закон, действует постоянно"
