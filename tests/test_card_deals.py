"""Event cards (docs/rules-orion.md A11, wave 3): a deal the deck cannot meet is said at once to
the moderator (on `turn start`'s stderr, never in a post), naming who got fewer; `deck deal`
deals the rest once the moderator has added cards to the campaign's own events table; cards
added to that table enter the deck; `status` shows a leader's hand, and each private report
shows its cards with their choices."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from gmtool.campaign import decks
from gmtool.campaign.decks import Deck
from gmtool.campaign.hexes import Hex
from gmtool.campaign.model import Campaign
from gmtool.dice.sources import RandomSource
from gmtool.rules.orion.state import OrionState, PlanetState, System
from helpers import assert_error, ok, run_gmtool, snapshot

PLAYERS = ("alice", "bob", "carol")

CARD = """
[[row]]
id = "{id}"
label = {{ en = "{en}", ru = "{ru}" }}
values = {{ choice_1 = ["bc:+{n}"], choice_2 = ["rp:+{n}"] }}
"""
HEAD = """
title = { en = "Our event cards", ru = "Наши карты событий" }

[columns]
choice_1 = { en = "Choice 1", ru = "Вариант 1" }
choice_2 = { en = "Choice 2", ru = "Вариант 2" }
"""
FIRST = [
    ("gold-rush", "Gold rush", "Золотая лихорадка", 2),
    ("comet", "Comet", "Комета", 3),
    ("fair", "Fair", "Ярмарка", 1),
]
MORE = [("envoy", "Envoy", "Посланник", 4), ("relic", "Relic", "Реликвия", 5), ("storm", "Storm", "Буря", 6)]


def events_table(folder: Path, cards) -> None:
    own = folder / "tables" / "orion"
    own.mkdir(parents=True, exist_ok=True)
    body = HEAD + "".join(CARD.format(id=i, en=en, ru=ru, n=n) for i, en, ru, n in cards)
    (own / "events.toml").write_text(body, encoding="utf-8")


def free_hex(c: Campaign) -> Hex:
    for q in range(-9, 10):
        for r in range(-9, 10):
            h = Hex(q, r)
            if c.game.system(h) is None and h != c.game.orion:
                return h
    raise AssertionError("no free hex")


def turn_8(new_campaign, cards=FIRST) -> Path:
    """A campaign at the start of turn 8 (2 cards each), every leader with 2 colonies, and the
    moderator's own events table of ``cards`` (3: short of the 6 the deal owes)."""
    from gmtool.campaign.store import CampaignStore

    folder = new_campaign("camp", players=PLAYERS, seed=3)
    store = CampaignStore(folder)
    state = store.load()
    state.turn, state.stage = 8, 2
    state.game.token = "alice"
    state.game.council.chair = "alice"
    for leader in PLAYERS:
        for _ in range(2):
            state.game.systems.append(
                System(
                    hex=free_hex(state),
                    discovery="planet",
                    owner=leader,
                    explored_by=leader,
                    explored_turn=1,
                    planet=PlanetState(type="ocean", size="medium", max_population=3, production=3, population=1),
                )
            )
    with store.locked():
        store.save(state)
    events_table(folder, cards)
    return folder


def state(folder: Path) -> dict:
    return tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))


def hands(folder: Path) -> dict[str, list[str]]:
    return {p["name"]: p.get("hand", []) for p in state(folder)["player"]}


def test_a_short_deal_is_said_to_the_moderator_and_dealt_later(new_campaign):
    """3 cards for 6 slots (start.toml event_deal_cards: 2 at turn 8): `turn start` warns the
    moderator on stderr, naming who got fewer — never in the post; `deck deal` is refused,
    writing nothing, until cards are added; then it deals what is owed."""
    folder = turn_8(new_campaign)
    c = ("-c", str(folder))
    res = run_gmtool("turn", "start", *c, "--lang", "en")
    assert res.exit_code == 0, res.stderr
    got = hands(folder)
    assert sum(len(h) for h in got.values()) == 3
    short = sorted(n for n, h in got.items() if len(h) < 2)
    assert short and res.stderr.startswith("warning: event cards ran short (A11, event cards): ")
    for leader in short:
        assert f"{leader} got {len(got[leader])} of 2" in res.stderr
    assert "gmtool deck deal --player" in res.stderr
    posts = (folder / "reports" / "turn-08").glob("start-*")
    assert not any("ran short" in p.read_text(encoding="utf-8") for p in posts)
    assert "ran short" not in res.stdout and "ran out" not in res.stdout
    owed = {p["name"]: p.get("cards_owed", 0) for p in state(folder)["player"]}
    assert owed == {n: 2 - len(h) for n, h in got.items()}

    # nothing added yet: refused, naming the rule, and nothing is written
    who = short[0]
    before = snapshot(folder)
    assert_error(run_gmtool("deck", "deal", *c, "--player", who), "A11, event cards", "add cards")
    assert snapshot(folder) == before

    # the moderator adds three cards to the campaign's events table, then deals the rest
    events_table(folder, FIRST + MORE)
    for leader in short:
        out = ok(run_gmtool("deck", "deal", *c, "--player", leader, "--lang", "en"))
        assert f"dealt to {leader}: " in out and "(still owed: 0)" in out
    final = hands(folder)
    assert all(len(h) == 2 for h in final.values())
    assert sorted(card for h in final.values() for card in h) == sorted(i for i, *_ in FIRST + MORE)
    assert all(p.get("cards_owed", 0) == 0 for p in state(folder)["player"])
    assert_error(run_gmtool("deck", "deal", *c, "--player", short[0]), "no event cards are owed")


def test_deck_deal_in_russian_and_with_a_count(new_campaign):
    """`deck deal --count N` deals N more; its reply and refusal read in Russian."""
    folder = turn_8(new_campaign, FIRST + MORE)
    c = ("-c", str(folder))
    ok(run_gmtool("turn", "start", *c))
    res = run_gmtool("deck", "deal", *c, "--player", "bob", "--lang", "ru")
    assert_error(res, "лидеру bob карты событий не положены (A11, карты событий)")
    res = run_gmtool("deck", "deal", *c, "--player", "bob", "--count", "1", "--lang", "ru")
    assert_error(res, "в колоде их 0", "A11, карты событий")
    events_table(folder, FIRST + MORE + [("spare", "Spare", "Запасная", 1)])
    out = ok(run_gmtool("deck", "deal", *c, "--player", "bob", "--count", "1", "--lang", "ru"))
    assert "в колоду вошли новые карты таблицы событий: Запасная" in out
    assert "лидеру bob сданы: Запасная (ещё положено: 0)" in out
    assert len(hands(folder)["bob"]) == 3


def test_cards_added_to_the_campaigns_table_enter_the_deck():
    """The deck was built once, at its first use: a card added to the table since was never
    dealt.  Now a card that is in no pile and no hand is shuffled into the draw pile."""
    c = Campaign.__new__(Campaign)
    c.game = OrionState(radius=4, decks={"events": Deck(draw=["a"], discard=["b"])})
    pile = decks.deck(c.game, "events", ["a", "b", "c", "d", "e"], RandomSource(1), held=["c"])
    assert sorted(pile.draw) == ["a", "d", "e"] and pile.discard == ["b"]
    again = decks.deck(c.game, "events", ["a", "b", "c", "d", "e"], RandomSource(1), held=["c"])
    assert sorted(again.draw) == ["a", "d", "e"]  # nothing twice


def test_status_shows_the_hand_and_the_private_reports_the_choices(new_campaign):
    """`status --player P` shows P's event cards (only P's); the moderator's status every
    leader's; the private start and end reports list each card with its choices."""
    folder = turn_8(new_campaign, FIRST + MORE)
    c = ("-c", str(folder))
    ok(run_gmtool("turn", "start", *c))
    held = hands(folder)
    labels = {i: en for i, en, _, _ in FIRST + MORE}
    for leader in PLAYERS:
        out = ok(run_gmtool("status", *c, "--player", leader, "--lang", "en"))
        assert "Event cards in hand" in out
        for card in held[leader]:
            assert labels[card] in out
        for other in PLAYERS:
            if other != leader:
                assert not any(labels[card] in out for card in held[other] if card not in held[leader])
        data = json.loads(ok(run_gmtool("status", *c, "--player", leader, "--format", "json")))
        [me] = [p for p in data["players"] if p["name"] == leader]
        assert me["hand"] == held[leader]
        assert all("hand" not in p for p in data["players"] if p["name"] != leader)
    everyone = ok(run_gmtool("status", *c, "--lang", "en"))
    for leader in PLAYERS:
        assert f"{leader}: " + ", ".join(labels[card] for card in held[leader]) in everyone
    values = {i: n for i, _, _, n in FIRST + MORE}
    for leader in PLAYERS:
        start = (folder / "reports" / "turn-08" / f"start-{leader}.txt").read_text(encoding="utf-8")
        for card in held[leader]:
            n = values[card]
            assert f"{labels[card]} (choices: 1: +{n} BC; 2: +{n} RP)" in start, start
    ok(run_gmtool("turn", "end", *c, "--lang", "ru"))
    ru = {i: r for i, _, r, _ in FIRST + MORE}
    for leader in PLAYERS:
        end = (folder / "reports" / "turn-08" / f"{leader}.txt").read_text(encoding="utf-8")
        assert "Ваши карты событий" in end
        for card in held[leader]:
            n = values[card]
            assert f"{ru[card]} (варианты: 1: +{n} ВС; 2: +{n} ОИ)" in end, end


@pytest.mark.parametrize("lang, words", [("en", "choices: 1: +6 BC; 2: +4 RP"), ("ru", "варианты: 1: +6 ВС; 2: +4 ОИ")])
def test_a_shipped_cards_choices_in_words(lang, words):
    """tables/orion/events.toml row mineral-boom: choice_1 bc:+6, choice_2 rp:+4."""
    from gmtool.report.turns import card_choices
    from helpers import shipped_library

    row = shipped_library().get("events", "orion").row("mineral-boom")
    assert card_choices(row, lang) == words


def test_turn_run_says_what_a_short_deal_still_owes(new_campaign, tmp_path):
    """`turn run` starts the turn when needed: the moderator hears of the short deal there
    too (stderr), with the cards each leader is still owed."""
    folder = turn_8(new_campaign)
    orders = tmp_path / "turn-08.toml"
    orders.write_text("turn = 8\n[alice]\n", encoding="utf-8")
    res = run_gmtool("turn", "run", str(orders), "-c", str(folder), "--lang", "en")
    assert res.exit_code == 0, res.stderr
    owed = {p["name"]: p.get("cards_owed", 0) for p in state(folder)["player"]}
    assert sum(owed.values()) == 3
    said = ", ".join(f"{n}: {k}" for n, k in owed.items() if k).replace(", ", "; ")
    assert res.stderr.split("\n", 1)[1] == (  # after the note of the maps to attach, before the work page's
        f"warning: event cards still owed (A11, event cards): {said}. Deal them once cards are added to the "
        "events table: gmtool deck deal --player LEADER\n"
        f"note: every post to make, in order, with its copy button: {folder / 'reports' / 'posts.html'}\n"
    )
    assert "owed" not in res.stdout
