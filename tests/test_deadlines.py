"""`gmtool turn deadline`, the reminder of `post pending`, the turn's length, and the
missed-orders policy of `turn run --from-posts` (`campaign set missed-orders|replace-after`).

The current time comes from ``GMTOOL_NOW`` (read by the CLI only)."""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path

import pytest

from gmtool.report.deadlines import time_left
from tests.helpers import assert_error, ok, ok_json, snapshot
from tests.test_turn_from_posts import TURN_1, post_orders

pytestmark = pytest.mark.camp(example="rooms")

NOW = "2026-12-01T09:00"  # UTC: 12:00 in Moscow


@pytest.fixture
def camp(camp, monkeypatch) -> Path:
    """The example without its orders files (the module's camp marker), at ``NOW``."""
    monkeypatch.setenv("GMTOOL_NOW", NOW)
    return camp


def state(camp: Path) -> dict:
    return tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))


# ------------------------------------------------------------------ turn deadline


def test_turn_deadline_keeps_an_aware_time_in_its_zone(gm, camp):
    out = ok(gm("turn", "deadline", "-c", str(camp), "--at", "2026-12-03 20:00", "--tz", "Europe/Moscow"))
    assert out == "turn 1: orders are due by 2026-12-03 20:00 (Europe/Moscow), in 2 days 8 hours\n"
    settings = state(camp)["settings"]
    assert settings["deadline"] == dt.datetime(2026, 12, 3, 17, 0, tzinfo=dt.UTC)
    assert settings["deadline"].utcoffset() == dt.timedelta(hours=3)
    assert settings["deadline_zone"] == "Europe/Moscow"
    assert "deadline = 2026-12-03T20:00:00+03:00" in (camp / "campaign.toml").read_text(encoding="utf-8").replace(
        " 20:00", "T20:00"
    )
    # without --tz: the zone given last; in Russian, Russian plurals
    ru = ok(gm("turn", "deadline", "-c", str(camp), "--at", "2026-12-02 10:00", "--lang", "ru"))
    assert ru == "ход 1: приказы принимаются до 2026-12-02 10:00 (Europe/Moscow), осталось 22 часа\n"
    data = ok_json(gm("turn", "deadline", "-c", str(camp), "--at", "2026-12-02 10:00", "--format", "json"))
    assert {k: data[k] for k in ("turn", "deadline", "zone")} == {
        "turn": 1,
        "deadline": "2026-12-02T10:00:00+03:00",
        "zone": "Europe/Moscow",
    }
    assert ok(gm("turn", "deadline", "-c", str(camp), "--clear")) == "turn 1 has no deadline now\n"
    assert "deadline" not in state(camp)["settings"]


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("--at", "2026-13-03 20:00"), "is not a date and time like"),
        (("--at", "tomorrow"), "YYYY-MM-DD HH:MM"),
        (("--at", "2026-12-03 20:00", "--tz", "Mars/Olympus"), "Mars/Olympus is not a time zone"),
        ((), "--at"),
        (("--at", "2026-12-03 20:00", "--clear"), "--clear"),
    ],
)
def test_a_bad_deadline_is_one_line_and_changes_nothing(gm, camp, args, fragment):
    before = snapshot(camp)
    assert_error(gm("turn", "deadline", "-c", str(camp), *args), fragment)
    assert snapshot(camp) == before


@pytest.mark.parametrize(
    "minutes, en, ru",
    [
        (2 * 1440 + 5 * 60, "2 days 5 hours", "2 дня 5 часов"),
        (1440, "1 day", "1 день"),
        (5 * 1440 + 60, "5 days 1 hour", "5 дней 1 час"),
        (21 * 60 + 30, "21 hours 30 minutes", "21 час 30 минут"),
        (3 * 60, "3 hours", "3 часа"),
        (1, "1 minute", "1 минута"),
        (0, "the deadline has passed", "срок истёк"),
        (-90, "the deadline has passed", "срок истёк"),
    ],
)
def test_the_time_left_in_words_in_both_languages(minutes, en, ru):
    now = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)
    due = now + dt.timedelta(minutes=minutes)
    assert time_left(due, now, "en") == en
    assert time_left(due, now, "ru") == ru


def test_a_bad_gmtool_now_is_one_line(gm, camp, monkeypatch):
    monkeypatch.setenv("GMTOOL_NOW", "noon")
    assert_error(gm("post", "pending", "-c", str(camp)), "GMTOOL_NOW=noon")


# ------------------------------------------------------------------ post pending


def test_pending_names_who_has_not_posted_orders_and_the_time_left(gm, camp):
    ok(gm("turn", "deadline", "-c", str(camp), "--at", "2026-12-03 14:00", "--tz", "Europe/Moscow"))
    post_orders(camp, 1, TURN_1[:1])  # alice has posted her orders in her room
    out = ok(gm("post", "pending", "-c", str(camp)))
    assert "Orders for turn 1 are due by: 2026-12-03 14:00 (Europe/Moscow) — 2 days 2 hours left" in out
    assert "alice\n-----" not in out
    assert "bob\n---\n\n- no orders posted yet" in out
    assert "carol\n-----\n\n- no orders posted yet" in out
    for moderator_only in ("orders/", ".toml", "gmtool", "post #", "0,-2"):
        assert moderator_only not in out
    ru = ok(gm("post", "pending", "-c", str(camp), "--lang", "ru"))
    assert "Приказы на ход 1 принимаются до: 2026-12-03 14:00 (Europe/Moscow) — осталось 2 дня 2 часа" in ru
    assert "приказы ещё не присланы" in ru
    data = ok_json(gm("post", "pending", "-c", str(camp), "--format", "json"))
    missing = {x["name"] for x in data["leaders"] if any(w["kind"] == "orders_missing" for w in x["waiting"])}
    assert missing == {"bob", "carol"}
    assert data["deadline"] == {"at": "2026-12-03T14:00:00+03:00", "zone": "Europe/Moscow", "left_minutes": 3000}
    assert all("file" not in w for x in data["leaders"] for w in x["waiting"])
    # a table in the turn's orders file counts too, as before
    (camp / "orders").mkdir()
    (camp / "orders" / "turn-01.toml").write_text('turn = 1\n[bob]\nexplore = ["-4,2"]\n', encoding="utf-8")
    data = ok_json(gm("post", "pending", "-c", str(camp), "--format", "json"))
    missing = {x["name"] for x in data["leaders"] if any(w["kind"] == "orders_missing" for w in x["waiting"])}
    assert missing == {"carol"}


def test_pending_after_the_deadline_says_it_has_passed(gm, camp, monkeypatch):
    ok(gm("turn", "deadline", "-c", str(camp), "--at", "2026-12-01 11:30", "--tz", "Europe/Moscow"))
    assert "(Europe/Moscow) — the deadline has passed" in ok(gm("post", "pending", "-c", str(camp)))


# ------------------------------------------------------------------ the turn's length


def test_the_public_post_names_the_next_deadline_a_turn_length_later(gm, camp):
    ok(gm("turn", "deadline", "-c", str(camp), "--at", "2026-12-03 20:00", "--tz", "Europe/Moscow"))
    ok(gm("campaign", "set", "-c", str(camp), "turn-length", "2d"))
    assert state(camp)["settings"]["turn_length"] == 48
    post_orders(camp, 1, TURN_1)
    out = ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert "Orders for turn 2 are due by: 2026-12-05 20:00 (Europe/Moscow)\n" in out
    public = (camp / "reports" / "turn-01" / "public.txt").read_text(encoding="utf-8")
    assert "Orders for turn 2 are due by: 2026-12-05 20:00 (Europe/Moscow)" in public
    assert state(camp)["settings"]["deadline"] == dt.datetime(2026, 12, 5, 17, 0, tzinfo=dt.UTC)
    ru = ok(gm("turn", "show", "-c", str(camp), "--turn", "1", "--lang", "ru"))
    assert "Приказы на ход 2 принимаются до: 2026-12-05 20:00 (Europe/Moscow)" in ru
    # `turn deadline` overrides; the start post names it; `turn end` moves it on as well
    ok(gm("turn", "deadline", "-c", str(camp), "--at", "2026-12-06 12:00"))
    assert "Orders for turn 2 are due by: 2026-12-06 12:00 (Europe/Moscow)" in ok(gm("turn", "start", "-c", str(camp)))
    out = ok(gm("turn", "end", "-c", str(camp)))
    assert "Orders for turn 3 are due by: 2026-12-08 12:00 (Europe/Moscow)" in out
    # `turn undo` takes the deadline back with the turn
    ok(gm("turn", "undo", "-c", str(camp)))
    assert state(camp)["settings"]["deadline"] == dt.datetime(2026, 12, 6, 9, 0, tzinfo=dt.UTC)


def test_without_a_turn_length_the_next_turn_has_no_deadline(gm, camp):
    ok(gm("turn", "deadline", "-c", str(camp), "--at", "2026-12-03 20:00"))
    post_orders(camp, 1, TURN_1)
    out = ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert "due by" not in out
    assert "deadline" not in state(camp)["settings"]
    assert state(camp)["settings"]["deadline_zone"] == "UTC"


@pytest.mark.parametrize("value", ["0", "2w", "10001", "h"])
def test_a_bad_turn_length_is_refused(gm, camp, value):
    assert_error(gm("campaign", "set", "-c", str(camp), "turn-length", value), "turn-length is hours")


# ------------------------------------------------------------------ missed orders

HOME = {"alice": "1,-3", "bob": "-3,2"}


def _others(turn: int, post: int) -> list:
    """alice's and bob's orders for a turn: their homeworld's colonists all at work."""
    return [
        (leader, str(post + i), [("assign", {"hex": hex_, "scientists": 0})])
        for i, (leader, hex_) in enumerate(HOME.items())
    ]


def _player(camp: Path, name: str) -> dict:
    return next(p for p in state(camp)["player"] if p["name"] == name)


def test_the_keep_policy_over_three_missed_turns_marks_the_leader_for_replacement(gm, camp, moderator_judges):
    text = (camp / "campaign.toml").read_text(encoding="utf-8")
    (camp / "campaign.toml").write_text(text.replace("orders_per_turn = 0", "orders_per_turn = 4"), encoding="utf-8")
    ok(gm("campaign", "set", "-c", str(camp), "missed-orders", "keep"))
    ok(gm("campaign", "set", "-c", str(camp), "activation", "per-turn"))  # activated for a turn (A6)
    post_orders(camp, 1, TURN_1)
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    post_orders(camp, 2, [*_others(2, 20), ("carol", "29", [("activate", "3,0")])])
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert _player(camp, "carol").get("missed", 0) == 0

    for turn, post in ((3, 30), (4, 40), (5, 50)):  # carol posts nothing three turns running
        post_orders(camp, turn, _others(turn, post))
        orders_before = _player(camp, "carol")["orders"]
        out = ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
        missed = turn - 2
        kept = tomllib.loads((camp / "orders" / f"turn-{turn:02d}.toml").read_text(encoding="utf-8"))
        assert kept["carol"] == {"assign": [{"hex": "3,-1", "scientists": 1}], "activate": ["3,0"]}
        assert "# missed orders: kept from the state" in (camp / "orders" / f"turn-{turn:02d}.toml").read_text(
            encoding="utf-8"
        )
        line = f"- carol posted no orders for turn {turn}"
        line += f" ({missed} turns in a row)" if missed > 1 else ""
        line += ": kept the colonists as assigned, 1 colony active again"
        line += "; marked for replacement after 3 turns without orders" if missed == 3 else ""
        assert line + "\n" in out, out
        assert "3,0" not in out.split("Missed orders")[1]  # no hex in the public post
        assert _player(camp, "carol")["missed"] == missed
        assert _player(camp, "carol")["orders"] == orders_before - 2 + 4  # the activation paid, production's orders
        colony = next(s for s in state(camp)["system"] if s["hex"] == "3,0")
        assert colony["planet"]["active_turn"] == turn
        pending = ok(gm("post", "pending", "-c", str(camp)))
        if missed == 2:
            assert "At risk of replacement" in pending
            assert (
                "carol: 2 turns in a row without orders — one more and the leader is marked for replacement" in pending
            )
        if missed == 3:
            assert "carol: 3 turns in a row without orders — marked for replacement" in pending
        if missed == 1:
            assert "At risk" not in pending

    ru = ok(gm("turn", "show", "-c", str(camp), "--turn", "5", "--lang", "ru"))
    assert (
        "- carol: приказов на ход 5 нет (3 хода подряд): оставлено: распределение колонистов, 1 колония снова активна;"
        " лидер отмечен к замене: 3 хода без приказов\n" in ru
    )
    data = ok_json(gm("turn", "show", "-c", str(camp), "--turn", "5", "--format", "json"))
    assert data["missed"] == [
        {"leader": "carol", "turns": 3, "policy": "keep", "activated": 1, "dropped": 0, "marked": True}
    ]
    # posting again clears the count
    post_orders(camp, 6, [*_others(6, 60), ("carol", "69", [("assign", {"hex": "3,-1", "scientists": 0})])])
    out = ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert "Missed orders" not in out
    assert "missed" not in _player(camp, "carol")


def test_the_nothing_policy_applies_nothing_and_counts_the_missed_turn(gm, camp):
    post_orders(camp, 1, TURN_1[:1] + TURN_1[2:])  # bob posts nothing
    out = ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert "Missed orders\n-------------\n\n- bob posted no orders for turn 1: nothing was applied\n" in out
    assert "bob" not in tomllib.loads((camp / "orders" / "turn-01.toml").read_text(encoding="utf-8"))
    assert _player(camp, "bob")["missed"] == 1


def test_a_kept_activation_the_leader_cannot_pay_is_dropped_and_said(gm, camp, moderator_judges):
    text = (camp / "campaign.toml").read_text(encoding="utf-8")
    (camp / "campaign.toml").write_text(text.replace("orders_per_turn = 0", "orders_per_turn = 1"), encoding="utf-8")
    ok(gm("campaign", "set", "-c", str(camp), "missed-orders", "keep"))
    ok(gm("campaign", "set", "-c", str(camp), "activation", "per-turn"))  # activated for a turn (A6)
    post_orders(camp, 1, TURN_1)
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    post_orders(camp, 2, [*_others(2, 20), ("carol", "29", [("activate", "3,0")])])
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert _player(camp, "carol")["orders"] == 1  # an activation costs 2
    post_orders(camp, 3, _others(3, 30))
    out = ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert (
        "- carol posted no orders for turn 3: kept the colonists as assigned; 1 activation could not be paid\n" in out
    )
    kept = tomllib.loads((camp / "orders" / "turn-03.toml").read_text(encoding="utf-8"))
    assert kept["carol"] == {"assign": [{"hex": "3,-1", "scientists": 1}]}


def test_check_from_posts_applies_the_policy_too_and_writes_nothing(gm, camp):
    ok(gm("campaign", "set", "-c", str(camp), "missed-orders", "keep"))
    post_orders(camp, 1, TURN_1[:2])
    before = snapshot(camp)
    assert ok(gm("turn", "check", "--from-posts", "-c", str(camp))).startswith("ok:")
    assert snapshot(camp) == before


@pytest.mark.parametrize(
    "setting, value, fragment",
    [("missed-orders", "pass", "missed-orders cannot be 'pass'"), ("replace-after", "0", "replace-after must be")],
)
def test_bad_missed_orders_settings_are_refused(gm, camp, setting, value, fragment):
    assert_error(gm("campaign", "set", "-c", str(camp), setting, value), fragment)


def test_once_leaders_post_in_rooms_pending_names_who_has_not_posted_this_turn(gm, camp):
    post_orders(camp, 1, TURN_1)
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))  # turn 2: no deadline, nothing posted yet
    post_orders(camp, 2, [("bob", "21", [("explore", "-2,1")])])
    data = ok_json(gm("post", "pending", "-c", str(camp), "--format", "json"))
    missing = {x["name"] for x in data["leaders"] if any(w["kind"] == "orders_missing" for w in x["waiting"])}
    assert missing == {"alice", "carol"}


def test_keep_leaves_a_colony_activated_once_active_without_paying_again(gm, camp, moderator_judges):
    """A6 (wave 3): a colony activated once stays active, so `keep` has nothing to activate
    again: the missed leader's orders are kept, not spent."""
    text = (camp / "campaign.toml").read_text(encoding="utf-8")
    (camp / "campaign.toml").write_text(text.replace("orders_per_turn = 0", "orders_per_turn = 1"), encoding="utf-8")
    ok(gm("campaign", "set", "-c", str(camp), "missed-orders", "keep"))
    post_orders(camp, 1, TURN_1)
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    post_orders(camp, 2, [*_others(2, 20), ("carol", "29", [("activate", "3,0")])])
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    orders = _player(camp, "carol")["orders"]
    post_orders(camp, 3, _others(3, 40))  # carol misses turn 3
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert _player(camp, "carol")["orders"] == orders + 1  # the turn's order, none spent
