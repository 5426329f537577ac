"""Every kind of order a player gives is a post command, in both languages (issue 23 §1):
`parse_order` reads one command's words into exactly the value an orders file writes for it
(the kind's `check` passes), names by id, label or alias in either language, every hex
from the leader's own frame in stage 1; a word it cannot read is one line naming the word;
`order_words` says the order back in the leader's language and frame."""

from __future__ import annotations

import pytest

from gmtool.campaign.hexes import Hex
from gmtool.errors import InputError, TableError
from gmtool.forum.order_commands import BALLOT_KINDS, ORDER_COMMANDS, PostedOrder, order_words, parse_order
from gmtool.forum.posts import command_name, parse_commands
from gmtool.rules.orion.agents_campaign import hire
from gmtool.rules.orion.order_kinds import KINDS
from gmtool.rules.registry import RULESETS
from helpers import CYRILLIC, example_copy, make_campaign, resolve_post, shipped_library, write_text

LIB = shipped_library()


def stage1():
    """Turn 1 of a 3-leader game: alice holds the event card «Refugees», a quest is open."""
    c = make_campaign()
    c.player("alice").hand = ["refugees"]
    c.game.quests = ["first-survey"]
    return c


def stage3(bill: bool = True):
    """Turn 13: a bill put to the vote (unless ``bill`` is False), the Emperor's election
    open, alice's agent Kess a diplomat and a saboteur."""
    c = make_campaign()
    c.stage, c.turn = 3, 13
    c.game.quests = ["great-library"]
    if bill:
        c.game.council.vote = {"turn": 13, "options": ["free-trade", "embargo"], "bill": "free-trade", "ballots": {}}
    c.player("alice").agent_limit = 1
    hire(c, c.player("alice"), "Kess", ["diplomat", "saboteur"], {"spy", "saboteur", "counter-spy", "diplomat"})
    return c


def home(c, dq: int = 0, dr: int = 0, leader: str = "alice") -> str:
    """A hex ``dq,dr`` away from ``leader``'s homeworld, in the moderator's coordinates."""
    h = c.player(leader).homeworld
    return str(Hex(h.q + dq, h.r + dr))


def read(c, line: str, leader: str = "alice") -> PostedOrder:
    """``line`` as a room post holds it: its command found by the thread parser, then read."""
    [command] = parse_commands(line)
    assert command.name in ORDER_COMMANDS, line
    order = parse_order(c, LIB, leader, command.name, command.args)
    KINDS[order.kind].check(order.value)  # exactly what an orders file takes
    return order


# (stage, line, kind, value): `value` a function of the campaign (hexes are absolute)
CASES = [
    (1, "!colonize 1,0", "colonize", lambda c: home(c, 1, 0)),
    (1, "!colonise -1,1", "colonize", lambda c: home(c, -1, 1)),
    (1, "!колонизировать 0,-1", "colonize", lambda c: home(c, 0, -1)),
    (1, "!колонизация 1, −1", "colonize", lambda c: home(c, 1, -1)),
    (1, "!assign 0,0 workers 2 scientists 1", "assign", lambda c: {"hex": home(c), "workers": 2, "scientists": 1}),
    (1, "!assign 0,0 2/1", "assign", lambda c: {"hex": home(c), "workers": 2, "scientists": 1}),
    (1, "!assign 0,0 scientists 3", "assign", lambda c: {"hex": home(c), "scientists": 3}),
    (1, "!назначить 0,0 рабочие 2 учёные 1", "assign", lambda c: {"hex": home(c), "workers": 2, "scientists": 1}),
    (1, "!распределить 0,0 2 рабочих 1 ученый", "assign", lambda c: {"hex": home(c), "workers": 2, "scientists": 1}),
    (1, "!activate 1,0", "activate", lambda c: home(c, 1, 0)),
    (1, "!активировать 1,0", "activate", lambda c: home(c, 1, 0)),
    (1, "!build frigate", "build", lambda c: {"hex": home(c), "item": "frigate"}),
    (1, "!build star base at 1,0", "build", lambda c: {"hex": home(c, 1, 0), "item": "star_base"}),
    (1, "!построить колонизатор", "build", lambda c: {"hex": home(c), "item": "colony_ship"}),
    (1, "!постройка Звёздная база на 1,0", "build", lambda c: {"hex": home(c, 1, 0), "item": "star_base"}),
    (1, "!scrap scout", "scrap", lambda c: {"item": "scout"}),
    (1, "!scrap auto-lab 1,0", "scrap", lambda c: {"item": "auto_lab", "hex": home(c, 1, 0)}),
    (1, "!разобрать фрегат", "scrap", lambda c: {"item": "frigate"}),
    (1, "!списать автолаб на 1,0", "scrap", lambda c: {"item": "auto_lab", "hex": home(c, 1, 0)}),
    (
        1,
        "!refit frigate 2 gun,gun,ars",
        "refit",
        lambda c: {"ship": "frigate", "number": 2, "hex": home(c), "modules": ["gun", "gun", "ars"]},
    ),
    (
        1,
        "!refit Frigate gun, ars at 1,0",
        "refit",
        lambda c: {"ship": "frigate", "hex": home(c, 1, 0), "modules": ["gun", "ars"]},
    ),
    (
        1,
        "!переоснастить фрегат 2 орудие,АСР,СПЩ",
        "refit",
        lambda c: {"ship": "frigate", "number": 2, "hex": home(c), "modules": ["gun", "ars", "srs"]},
    ),
    (
        1,
        "!переоснастить Фрегат орудие 1,0",
        "refit",
        lambda c: {"ship": "frigate", "hex": home(c, 1, 0), "modules": ["gun"]},
    ),
    (1, "!give bob 10", "transfer", lambda c: {"to": "bob", "bc": 10}),
    (1, "!pay 3 BC to Carol", "transfer", lambda c: {"to": "carol", "bc": 3}),
    (1, "!передать bob 2 ВС", "transfer", lambda c: {"to": "bob", "bc": 2}),
    (1, "!заплатить 5 лидеру carol", "transfer", lambda c: {"to": "carol", "bc": 5}),
    (1, "!break 3", "treaty_break", lambda c: 3),
    (1, "!break #12", "treaty_break", lambda c: 12),
    (1, "!разорвать № 3", "treaty_break", lambda c: 3),
    (1, "!Расторгнуть 4", "treaty_break", lambda c: 4),
    (1, "!break treaty 5", "treaty_break", lambda c: 5),
    (1, "!разорвать договор 6", "treaty_break", lambda c: 6),
    (1, "!разорвать договора № 7", "treaty_break", lambda c: 7),
    (1, "!hire Kess spy saboteur", "hire", lambda c: {"name": "Kess", "specialities": ["spy", "saboteur"]}),
    (1, "!recruit Old Tom counter-spy", "hire", lambda c: {"name": "Old Tom", "specialities": ["counter-spy"]}),
    (1, "!нанять Шелест шпион, Диверсант", "hire", lambda c: {"name": "Шелест", "specialities": ["spy", "saboteur"]}),
    (1, "!наём «Серый» дипломат", "hire", lambda c: {"name": "Серый", "specialities": ["diplomat"]}),
    (1, "!fleet +1", "fleet", lambda c: 1),
    (1, "!fleet -1", "fleet", lambda c: -1),
    (1, "!флот +1", "fleet", lambda c: 1),
    (1, "!флот −1", "fleet", lambda c: -1),
    (1, "!research victory", "research", lambda c: "victory"),
    (1, "!research all sciences", "research", lambda c: "all_sciences"),
    (1, "!изучить победа", "research", lambda c: "victory"),
    (1, "!изучение все науки", "research", lambda c: "all_sciences"),
    (1, "!event refugees choice 2", "events", lambda c: {"card": "refugees", "choice": 2}),
    (1, "!card Refugees", "events", lambda c: {"card": "refugees"}),
    (1, "!событие Беженцы выбор 2", "events", lambda c: {"card": "refugees", "choice": 2}),
    (1, "!карта беженцы 1", "events", lambda c: {"card": "refugees", "choice": 1}),
    (1, "!quest first-survey", "claims", lambda c: "first-survey"),
    (1, "!quest", "claims", lambda c: "first-survey"),
    (1, "!задание Первая разведка", "claims", lambda c: "first-survey"),
    (1, "!квест", "claims", lambda c: "first-survey"),
    (3, "!bill 2", "bill", lambda c: 2),
    (3, "!bill Embargo", "bill", lambda c: "embargo"),
    (3, "!законопроект Эмбарго", "bill", lambda c: "embargo"),
    (3, "!законопроект 1", "bill", lambda c: 1),
    (3, "!vote yes bribe 6", "vote", lambda c: {"choice": "yes", "bribe": 6}),
    (3, "!vote abstain", "vote", lambda c: {"choice": "abstain"}),
    (3, "!голос за подкуп 3", "vote", lambda c: {"choice": "yes", "bribe": 3}),
    (3, "!голос против", "vote", lambda c: {"choice": "no"}),
    (3, "!голос воздержаться", "vote", lambda c: {"choice": "abstain"}),
    (3, "!голос воздерживаюсь", "vote", lambda c: {"choice": "abstain"}),
    (3, "!vote bob bribe 6", "election", lambda c: {"candidate": "bob", "bribe": 6}),
    (3, "!голос Bob подкуп 6", "election", lambda c: {"candidate": "bob", "bribe": 6}),
    (3, "!elect carol", "election", lambda c: {"candidate": "carol"}),
    (3, "!elect abstain bribe 3", "election", lambda c: {"bribe": 3}),
    (3, "!избрать carol подкуп 3", "election", lambda c: {"candidate": "carol", "bribe": 3}),
    (3, "!выборы воздержаться", "election", lambda c: {}),
    (3, "!mission Kess lobby", "agents", lambda c: {"agent": "Kess", "ability": "lobby"}),
    (
        3,
        "!mission kess assassinate bob frame carol",
        "agents",
        lambda c: {"agent": "Kess", "ability": "assassinate", "target": "bob", "frame": "carol"},
    ),
    (3, "!миссия Kess Лоббирование", "agents", lambda c: {"agent": "Kess", "ability": "lobby"}),
    (
        3,
        "!операция Kess Устранение bob подставить carol",
        "agents",
        lambda c: {"agent": "Kess", "ability": "assassinate", "target": "bob", "frame": "carol"},
    ),
]


@pytest.mark.parametrize(("stage", "line", "kind", "value"), CASES, ids=[c[1] for c in CASES])
def test_each_order_kind_in_each_language_is_read_into_its_exact_value(stage, line, kind, value):
    c = stage1() if stage == 1 else stage3()
    order = read(c, line)
    assert (order.kind, order.value) == (kind, value(c))


@pytest.mark.parametrize(
    ("line", "kind", "value"),
    [
        ("!избрать Глафиру подкуп 3", "election", {"candidate": "Глафира", "bribe": 3}),
        ("!избрать Илью", "election", {"candidate": "Илья"}),
        ("!голос Ильи", "election", {"candidate": "Илья"}),
        ("!голос Глафире подкуп 2", "election", {"candidate": "Глафира", "bribe": 2}),
        ("!миссия Kess Устранение Глафиры", "agents", {"agent": "Kess", "ability": "assassinate", "target": "Глафира"}),
        (
            "!операция Kess Устранение Глафиру подставить Илью",
            "agents",
            {"agent": "Kess", "ability": "assassinate", "target": "Глафира", "frame": "Илья"},
        ),
        ("!передать Илье 2", "transfer", {"to": "Илья", "bc": 2}),
    ],
)
def test_a_russian_leaders_name_is_read_in_any_case_in_every_command_that_names_one(line, kind, value):
    """Issue 35 §5 (audit G2): a ballot, a mission's target and its frame name a leader in
    the case the sentence asks (`!избрать Глафиру`), as `!передать Ярославу` does."""
    c = stage3()
    c.player("bob").name, c.player("carol").name = "Глафира", "Илья"
    order = read(c, line)
    assert (order.kind, order.value) == (kind, value)


def test_every_order_command_has_cases_in_english_and_in_russian():
    covered = {(command_name(line[1:].split()[0]), bool(CYRILLIC.search(line.split()[0]))) for _, line, _, _ in CASES}
    for name in ORDER_COMMANDS:
        assert (name, False) in covered and (name, True) in covered, name
    assert {kind for _, _, kind, _ in CASES} == {*ORDER_COMMANDS.values(), "election"}
    assert BALLOT_KINDS <= {kind for _, _, kind, _ in CASES}


def test_order_commands_are_orion_thread_commands_with_words_in_every_language():
    assert set(ORDER_COMMANDS) == RULESETS["orion"].room_orders  # each collected in a room
    for name in ORDER_COMMANDS:
        assert command_name(name) == name


@pytest.mark.parametrize(
    ("words", "item"),
    [
        ("frigate", "frigate"),
        ("Frigate", "frigate"),
        ("ФРЕГАТ", "frigate"),
        ("colony_ship", "colony_ship"),
        ("colony ship", "colony_ship"),
        ("Colony  Ship", "colony_ship"),
        ("колонизационный корабль", "colony_ship"),
        ("колонизатор", "colony_ship"),
        ("Колонизатор", "colony_ship"),
        ("colonizer", "colony_ship"),
        ("звездная база", "star_base"),  # ё written or not
        ("Звёздная база", "star_base"),
        ("robo_mine", "robo_mine"),
        ("Робошахта", "robo_mine"),
    ],
)
def test_ships_and_buildings_by_id_label_or_alias_in_either_language(words, item):
    c = stage1()
    assert read(c, f"!build {words}").value == {"hex": home(c), "item": item}
    assert read(c, f"!построить {words} на 0,1").value == {"hex": home(c, 0, 1), "item": item}


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("!event plague", {"card": "plague"}),
        ("!event Эпидемия choice 2", {"card": "plague", "choice": 2}),
        ("!событие Brain drain", {"card": "brain-drain"}),
        ("!event brain-drain 1", {"card": "brain-drain", "choice": 1}),
        ("!quest Great library", "great-library"),  # stage 3: the common quests
        ("!задание великая библиотека", "great-library"),
        ("!bill free trade act", "free-trade"),
        ("!законопроект Акт о свободной торговле", "free-trade"),
        ("!mission Kess Lobby the Council", {"agent": "Kess", "ability": "lobby"}),
        ("!миссия KESS лоббирование", {"agent": "Kess", "ability": "lobby"}),
    ],
)
def test_cards_quests_bills_and_abilities_by_id_or_label_in_either_language(line, value):
    c = stage3()
    assert read(c, line).value == value


def test_a_stage1_hex_is_in_the_leaders_own_frame():
    c = stage1()
    alice, bob = c.player("alice").homeworld, c.player("bob").homeworld
    assert alice != bob
    assert read(c, "!colonize 0,0").value == str(alice)
    assert read(c, "!colonize 0,0", "bob").value == str(bob)
    assert read(c, "!colonize 2,-1").value == str(Hex(alice.q + 2, alice.r - 1))
    assert read(c, "!build frigate 1,-1", "bob").value == {"hex": str(Hex(bob.q + 1, bob.r - 1)), "item": "frigate"}
    # and said back in the same frame
    order = read(c, "!colonize 2,-1")
    assert order_words(c, LIB, "alice", order, "en") == "colonise 2,-1"
    # from stage 2 everyone writes the moderator's coordinates
    c.stage, c.turn = 2, 7
    assert read(c, "!colonize 2,-1").value == "2,-1"
    assert read(c, "!build frigate", "bob").value == {"hex": str(bob), "item": "frigate"}


MALFORMED = [
    ("!colonize", "en", "!colonize: a hex is missing; write !colonize Q,R"),
    ("!колонизировать", "ru", "!колонизировать: не указано: гекс; пишите !колонизировать Q,R"),
    ("!colonize east", "en", "east: write a hex as Q,R (e.g. 1,-2)"),
    ("!colonize 1,0 2,0", "en", "!colonize: 2,0 is not understood here; write !colonize Q,R"),
    ("!assign 0,0 many", "en", "!assign: many is not understood here; write !assign Q,R workers N scientists N"),
    ("!назначить 0,0 много", "ru", "!назначить: много — здесь непонятно; пишите !назначить Q,R рабочие N учёные N"),
    ("!assign 0,0", "en", "!assign: the number of workers or scientists is missing"),
    ("!assign 0,0 workers two", "en", "!assign: two is not a whole number"),
    ("!assign 0,0 1 2 3", "en", "!assign: 3 is not understood here"),
    ("!build laser", "en", "!build: laser is no ship, base or building (known: Scout, Colony ship, Frigate"),
    ("!построить лазер", "ru", "!построить: лазер — неизвестное имя (корабль, база или постройка; известны: Разведчик"),
    ("!build", "en", "!build: ship, base or building is missing; write !build ITEM [MODULE,MODULE…] [Q,R]"),
    ("!give bob", "en", "!give: the number of BC is missing; write !give LEADER N"),
    ("!break", "en", "!break: the treaty's number is missing; write !break N"),
    ("!break peace", "en", "!break: peace is not understood here; write !break N"),
    ("!разорвать", "ru", "!разорвать: не указано: номер договора; пишите !разорвать N"),
    ("!hire Kess", "en", "!hire: agent speciality is missing; write !hire NAME SPECIALITY [SPECIALITY]"),
    ("!hire Kess pilot", "en", "!hire: pilot is no agent speciality (known: Spy, Saboteur, Counter-spy, Diplomat)"),
    ("!нанять шпион", "ru", "!нанять: не указано: имя агента; пишите !нанять ИМЯ СПЕЦИАЛЬНОСТЬ [СПЕЦИАЛЬНОСТЬ]"),
    ("!give 5", "en", "!give: leader is missing; write !give LEADER N"),
    ("!give zed 5", "en", "!give: zed is no leader (known: alice, bob, carol)"),
    ("!give alice 5", "en", "!give: alice is you: name the leader you give BC to"),
    ("!передать bob -5", "ru", "!передать: -5: передать можно только положительное число ВС"),
    ("!передать bob 0", "ru", "!передать: 0: передать можно только положительное число ВС"),
    ("!refit scout 1 gun", "en", "!refit: scout is no warship (known: Frigate, Cruiser, Dreadnought, Titan)"),
    (
        "!refit frigate 2",
        "en",
        "!refit: a list of its new modules is missing; write !refit SHIP [NUMBER] MODULE,MODULE…",
    ),
    (
        "!переоснастить 2 орудие",
        "ru",
        "!переоснастить: не указано: военный корабль; пишите !переоснастить КОРАБЛЬ [НОМЕР]",
    ),
    ("!fleet +2", "en", "!fleet: +2: the fleet size changes by +1 or -1 a turn"),
    ("!флот много", "ru", "!флот: много: размер флота меняется на +1 или -1 за ход"),
    ("!research warp drive", "en", "!research: warp drive is no thing to research"),
    ("!event meteor", "en", "!event: meteor is no event card (known: Mineral boom"),
    ("!event refugees choice x", "en", "!event: refugees choice x is no event card"),
    ("!quest nothing-here", "en", "!quest: nothing-here is no quest"),
    ("!vote maybe", "en", "!vote: maybe is no ballot: write yes, no or abstain, or a leader's name"),
    ("!голос может быть", "ru", "!голос: может быть — не голос: пишите за, против или воздержаться"),
    ("!vote yes bribe lots", "en", "!vote: lots is not a whole number; write !vote yes|no|abstain [bribe N]"),
    ("!vote yes bribe 3 please", "en", "!vote: please is not understood here"),
    ("!elect dave", "en", "!elect: dave is no leader (known: alice, bob, carol)"),
    ("!mission Kess", "en", "!mission: an agent and its ability is missing"),
    (
        "!mission Kess sabotage bob",
        "en",
        "!mission: Sabotage is not a paid mission (it acts at once): use !check Kess sabotage",
    ),
    (
        "!миссия Kess Диверсия bob",
        "ru",
        "!миссия: Диверсия — не платная миссия (действует сразу): пишите !проверка Kess sabotage",
    ),
    (
        "!mission Kess spy-on-everyone",
        "en",
        "!mission: spy-on-everyone is no agent's ability (known: Stir unrest, Sabotage",
    ),
    ("!mission Zed lobby", "en", "unknown agent"),
]


@pytest.mark.parametrize(("line", "lang", "fragment"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_command_it_cannot_read_is_refused_in_one_line_naming_the_word(line, lang, fragment):
    c = stage3()
    with pytest.raises(InputError) as caught:
        read(c, line)
    message = caught.value.text(lang)
    assert fragment in message and "\n" not in message


def test_an_unknown_order_and_a_missing_quest_are_refused():
    c = stage1()
    with pytest.raises(InputError) as caught:
        parse_order(c, LIB, "alice", "roll", "2d6")
    assert caught.value.text("en") == "!roll is not a turn order"
    c.game.quests = []
    with pytest.raises(InputError) as caught:
        read(c, "!quest")
    assert caught.value.text("ru") == "!задание: в этот ход нет открытого задания"


def test_a_ballot_by_name_is_an_election_only_while_one_is_open():
    c = stage1()
    c.stage, c.turn = 2, 8  # a bill, no election before stage 3
    c.game.council.vote = {"turn": 8, "options": ["free-trade", "embargo"], "bill": "free-trade", "ballots": {}}
    assert read(c, "!голос воздержаться") == PostedOrder("vote", {"choice": "abstain"})
    with pytest.raises(InputError):
        read(c, "!vote bob")
    no_bill = stage3(bill=False)  # stage 3, the election open and no bill: abstaining is the election's
    assert read(no_bill, "!голос воздержаться") == PostedOrder("election", {})
    assert read(no_bill, "!vote bob") == PostedOrder("election", {"candidate": "bob"})
    no_bill.game.council.emperor = "carol"  # elected: the election is closed
    with pytest.raises(InputError):
        read(no_bill, "!vote bob")


@pytest.mark.parametrize(
    ("line", "en", "ru"),
    [
        ("!colonize 1,0", "colonise 1,0", "колонизировать 1,0"),
        ("!assign 0,0 2 1", "colonists at 0,0: 2 workers, 1 scientist", "колонисты в системе 0,0: 2 рабочих, 1 учёный"),
        ("!activate 1,0", "activate the colony at 1,0", "активировать колонию в системе 1,0"),
        ("!build frigate 1,-1", "build frigate at 1,-1", "построить: Фрегат в системе 1,-1"),
        ("!scrap scout", "scrap scout", "разобрать: Разведчик"),
        (
            "!refit frigate 2 gun,ars",
            "refit frigate no. 2 at 0,0: Gun, Automatic repair system",
            "переоснастить: Фрегат № 2 в системе 0,0 — Орудие, Автоматическая система ремонта",
        ),
        ("!refit frigate gun 1,0", "refit frigate at 1,0: Gun", "переоснастить: Фрегат в системе 1,0 — Орудие"),
        ("!give bob 10", "give 10 BC to bob", "передать 10 ВС лидеру bob"),
        ("!break 3", "break treaty 3 alone", "разорвать договор 3 в одностороннем порядке"),
        ("!hire Kess spy,saboteur", "hire the agent Kess (Spy, Saboteur)", "нанять агента Kess (Шпион, Диверсант)"),
        ("!fleet -1", "lower the fleet size by 1", "уменьшить размер флота на 1"),
        ("!event refugees 2", "play the event card «Refugees», choice 2", "сыграть карту события «Беженцы», выбор 2"),
        ("!quest", "claim the quest «First survey»", "выполнить задание «Первая разведка»"),
    ],
)
def test_an_order_in_words_in_the_leaders_language_and_frame(line, en, ru):
    c = stage1()
    order = read(c, line)
    assert order_words(c, LIB, "alice", order, "en") == en
    assert order_words(c, LIB, "alice", order, "ru") == ru


@pytest.mark.parametrize(
    ("line", "en", "ru"),
    [
        ("!bill Embargo", "put the bill «Embargo» to the vote", "вынести на голосование законопроект «Эмбарго»"),
        (
            "!vote yes bribe 6",
            "ballot on the bill: yes; bribe 6 BC = +2 votes",
            "голос по законопроекту: за; подкуп 6 ВС = +2 голоса",
        ),
        ("!голос воздержаться", "ballot on the bill: abstain", "голос по законопроекту: воздержаться"),
        (
            "!elect bob bribe 3",
            "ballot for Emperor: bob; bribe 3 BC = +1 vote",
            "голос за Императора: bob; подкуп 3 ВС = +1 голос",
        ),
        ("!elect abstain", "ballot for Emperor: abstain", "голос за Императора: воздержаться"),
        (
            "!mission Kess assassinate bob frame carol",
            "agent Kess: Assassinate against bob, framing carol",
            "агент Kess: Устранение против лидера bob, подставив лидера carol",
        ),
        (
            "!research victory",
            "put the RP left at the turn's end toward the technology victory (after every science)",
            None,
        ),
    ],
)
def test_ballots_and_missions_in_words(line, en, ru):
    c = stage3()
    order = read(c, line)
    assert order_words(c, LIB, "alice", order, "en") == en
    if ru is not None:
        assert order_words(c, LIB, "alice", order, "ru") == ru


def test_a_turn_order_in_the_public_thread_is_refused_pointing_to_the_room(gm, tmp_path):
    camp = example_copy(tmp_path)
    thread = write_text(tmp_path, "thread.txt", "=== alice #901 ===\n!build frigate\n!построить фрегат\n")
    out = resolve_post(gm, camp, thread)
    assert out.count("is a turn order: give it in your room") == 2, out
    ru = resolve_post(gm, camp, thread, "--lang", "ru")
    assert "!построить — приказ на ход: отдавайте его в своей комнате" in ru


def test_a_rows_aliases_must_be_lists_of_names_by_language(tmp_path):
    from gmtool.rolltables.loader import load_table

    body = '[[row]]\nid = "a"\nlabel = {{ en = "A", ru = "А" }}\naliases = {}\n'
    good = tmp_path / "good.toml"
    good.write_text(
        'title = { en = "T", ru = "Т" }\n' + body.format('{ ru = ["бэ"] }').replace("{{", "{").replace("}}", "}")
    )
    assert load_table(good, "test").named("Бэ").id == "a"
    for wrong in ('["x"]', '{ ru = "x" }', '{ de = ["x"] }', '{ ru = [""] }'):
        bad = tmp_path / "bad.toml"
        bad.write_text('title = { en = "T", ru = "Т" }\n' + body.format(wrong).replace("{{", "{").replace("}}", "}"))
        with pytest.raises(TableError):
            load_table(bad, "test")


@pytest.mark.parametrize(("line", "lang", "fragment"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_every_refusal_reads_in_english_and_in_russian(line, lang, fragment):
    c = stage3()
    with pytest.raises(InputError) as caught:
        read(c, line)
    english, russian = caught.value.text("en"), caught.value.text("ru")
    assert english != russian and CYRILLIC.search(russian) and "\n" not in english + russian
