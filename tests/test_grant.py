"""`gmtool grant`: BC and RP the moderator gives or takes for what the rules leave to the
campaign (a passed bill, an event card's text, a trade), by command or in an orders file,
told in the leader's report (and the public post with --public); refusals change nothing."""

from __future__ import annotations

import pytest

from helpers import assert_error, ok, ok_json, snapshot


@pytest.fixture
def camp(gm, camp):
    """The shared new campaign (tests/conftest.py), its first turn started."""
    folder = camp
    ok(gm("turn", "start", "-c", str(folder)))
    return folder


def leader(gm, camp, name: str) -> dict:
    data = ok_json(gm("status", "-c", str(camp), "--format", "json", "--player", name))
    return next(p for p in data["players"] if p["name"] == name)


def test_a_bill_s_rp_and_a_fine_reach_the_right_reports(gm, camp):
    assert (
        ok(gm("grant", "-c", str(camp), "--player", "bob", "--rp", "5", "--reason", "Research Pact", "--public"))
        == "bob: +5 RP (Research Pact)\n"
    )
    assert (
        ok(gm("grant", "-c", str(camp), "--player", "alice", "--bc", "-3", "--reason", "fine"))
        == "alice: -3 BC (fine)\n"
    )
    assert leader(gm, camp, "bob")["rp"] == 5 and leader(gm, camp, "alice")["bc"] == 1
    ok(gm("turn", "end", "-c", str(camp)))
    reports = camp / "reports" / "turn-01"
    assert "- bob: +5 RP (Research Pact)" in (reports / "bob.txt").read_text("utf-8")
    assert "- alice: -3 BC (fine)" in (reports / "alice.txt").read_text("utf-8")
    public = (reports / "public.txt").read_text("utf-8")
    assert "Research Pact" in public and "fine" not in public
    assert "Research Pact" not in (reports / "carol.txt").read_text("utf-8")


def test_in_russian(gm, camp):
    assert (
        ok(
            gm(
                "grant",
                "-c",
                str(camp),
                "--player",
                "bob",
                "--bc",
                "2",
                "--reason",
                "Акт о свободной торговле",
                "--lang",
                "ru",
            )
        )
        == "bob: +2 ВС (Акт о свободной торговле)\n"
    )


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("--player", "alice", "--reason", "x"), "a grant needs BC or RP"),
        (("--player", "alice", "--bc", "3", "--reason", " "), "a grant needs its reason"),
        (("--player", "alice", "--bc", "-5", "--reason", "fine"), "alice has 4 BC: -5 would leave it below 0"),
        (("--player", "alice", "--rp", "-1", "--reason", "fine"), "alice has 0 RP: -1 would leave it below 0"),
        (("--player", "alice", "--bc", "10001", "--reason", "x"), "10001 BC is more than one record may give"),
        (("--player", "dave", "--bc", "1", "--reason", "x"), "dave"),
        (("--player", "alice", "--bc", "1", "--reason", "x" * 201), "too long (at most 200)"),
        (("--player", "alice", "--bc", "1", "--reason", "\x01\x1b"), "a grant needs its reason"),
    ],
)
def test_refusals_change_nothing(gm, camp, args, fragment):
    before = snapshot(camp)
    assert_error(gm("grant", "-c", str(camp), *args), fragment)
    assert snapshot(camp) == before


def test_in_an_orders_file(gm, camp, tmp_path):
    orders = tmp_path / "turn-01.toml"
    orders.write_text(
        'turn = 1\n[bob]\ngrant = { rp = 5, reason = "Research Pact", public = true }\n'
        '[alice]\ngrant = { bc = -30, reason = "fine" }\n',
        encoding="utf-8",
    )
    before = snapshot(camp)
    assert_error(
        gm("turn", "run", str(orders), "-c", str(camp)), "alice has 4 BC: -30 would leave it below 0", one_line=False
    )
    assert snapshot(camp) == before
    orders.write_text('turn = 1\n[bob]\ngrant = { rp = 5, reason = "secret deal", public = "no" }\n', encoding="utf-8")
    assert_error(gm("turn", "run", str(orders), "-c", str(camp)), "public must be true or false", one_line=False)
    assert snapshot(camp) == before
    orders.write_text(
        'turn = 1\n[bob]\ngrant = [{ rp = 5, reason = "Research Pact", public = true },\n'
        '         { bc = 2, reason = "a scout sold to alice" }]\n',
        encoding="utf-8",
    )
    out = ok(gm("turn", "run", str(orders), "-c", str(camp)))
    assert "bob: +5 RP (Research Pact)" in out and "scout sold" not in out  # the second one is private
    bob = leader(gm, camp, "bob")
    assert bob["rp"] == 5 and "bob: +2 BC (a scout sold to alice)" in (
        camp / "reports" / "turn-01" / "bob.txt"
    ).read_text("utf-8")


def test_an_effect_the_limits_cut_is_told_not_dropped(orion_game):
    """An event card's "+1 colonist" on a full homeworld, or "-5 BC" from a leader with 2."""
    from gmtool.report.records import changes_text
    from gmtool.rules.orion.effects import apply_effects

    campaign, _ = orion_game
    alice = campaign.player("alice")
    campaign.game.home_planet(alice).population = campaign.game.home_planet(alice).max_population
    alice.bc = 2
    changes = apply_effects(campaign, alice, ["colonists:+1", "bc:-5"])
    assert alice.bc == 0
    assert changes_text(changes, "en") == (
        "+1 colonist on the homeworld: not added, the homeworld is at its "
        "maximum population; -5 BC: only -2 taken, no more left"
    )
    assert "не добавлено" in changes_text(changes, "ru")
    campaign.game.home_planet(alice).population = 1
    changes = apply_effects(campaign, alice, ["colonists:-1", "orders:-1"])
    assert changes_text(changes, "en") == (
        "-1 colonist on the homeworld: not taken, the homeworld keeps its last "
        "colonist; -1 order: nothing taken, none left"
    )


def test_event_cards_that_run_out_are_said(orion_game):
    """Turn 8 deals 2 event cards to each leader with 2 colonies; a deck of 3 serves alice
    and half of bob: the turn's log says who got fewer (issue found playing a 4-leader game)."""
    from gmtool.campaign.decks import Deck
    from gmtool.campaign.hexes import Hex
    from gmtool.dice.sources import FixedSource
    from gmtool.report.records import entries_for, entry_text
    from gmtool.rules.orion.state import PlanetState, System
    from gmtool.rules.orion.turns import start_turn

    campaign, rules = orion_game
    taken = {s.hex for s in campaign.game.systems}
    free = [
        Hex(q, r)
        for q in range(-3, 4)
        for r in range(-3, 4)
        if Hex(q, r) not in taken and Hex(q, r) != campaign.game.orion
    ]
    for leader in ("alice", "bob", "carol"):
        for _ in range(2):
            campaign.game.systems.append(
                System(
                    hex=free.pop(),
                    discovery="planet",
                    owner=leader,
                    explored_by=leader,
                    explored_turn=1,
                    planet=PlanetState(type="terran", size="medium", max_population=3, production=2, population=1),
                )
            )
    campaign.turn, campaign.stage = 8, 2
    campaign.game.token = "alice"
    from gmtool.campaign.decks import cards_of

    cards = cards_of(rules.events)  # every copy of every card (A11)
    campaign.game.decks["events"] = Deck(draw=cards[:3], discard=[])
    campaign.players[2].hand = cards[3:]  # the other cards are held: 3 are left to deal
    start_turn(campaign, rules, FixedSource([1] * 50))
    held = len(cards) - 3
    hands = {p.name: len(p.hand) - (held if p.name == "carol" else 0) for p in campaign.players}
    assert sum(hands.values()) == 3
    [short] = [e for e in campaign.turn_state.log if e["kind"] == "events_short"]
    assert set(short["leaders"]) == {n for n, k in hands.items() if k < 2}
    assert entry_text(short, "en").startswith("the event cards ran out: ")
    # said to the moderator (`turn start` on stderr, tests/test_card_deals.py), never in a post (A11, wave 3)
    assert short not in entries_for(campaign.turn_state.log, None)
