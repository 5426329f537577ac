"""One record per kind of order, one handler, three fronts (issue 34 §2): a kind registered at
run time — one record (gmtool/rules/orion/order_kinds.py ``register``) and its words in the
catalogs, no other code — is given by the moderator's command (`gmtool order`), by an orders
file (`turn check|run FILE`) and by a room post (`!survey`, collected, confirmed and played at
the deadline), and every front reaches the same handler with the same value and tells its
result with the record's line."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gmtool.campaign.hexes import Hex
from gmtool.locale import catalog, words
from gmtool.rules.orion.order_kinds import KINDS, MOVEMENT, Act, OrderKind, key, need, register
from gmtool.rules.orion.order_words import CommandWords
from helpers import example_copy, ok, player_of, resolve_post, write_text

# the kind's words, as a catalog holds them (the only thing besides its record)
WORDS = {
    "en": {
        "forum.command.survey": "survey",
        "forum.usage.survey": "!survey Q,R [BC]",
        "forum.order.survey": "survey {hex}",
        "order_survey": "surveyed",
        "error.orders.key.survey": "survey",
    },
    "ru": {
        "forum.command.survey": "обзор",
        "forum.usage.survey": "!обзор Q,R [ВС]",
        "forum.order.survey": "обзор системы {hex}",
        "order_survey": "обзор",
        "error.orders.key.survey": "обзор",
    },
}


@pytest.fixture
def survey(monkeypatch):
    """A kind of order of the test's own: a leader surveys a hex and is paid BC for it. Every
    call of its handler is noted: (the leader, the value it was given)."""
    calls: list[tuple[str, Any]] = []

    def handler(a: Act) -> Any:
        value = a.value if isinstance(a.value, dict) else {"hex": a.value}
        hex_, bc = Hex.parse(value["hex"]), value.get("bc", 1)
        a.leader().bc += bc
        calls.append((a.leader_name, a.value))
        return {"hex": str(hex_), "bc": bc}

    def read(r: CommandWords) -> tuple[str, Any]:
        if not r.words:
            raise r.missing("hex")
        value: dict[str, Any] = {"hex": r.hex(r.words[0])}
        if len(r.words) > 1:
            value["bc"] = r.number(r.words[1])
        return "survey", value

    record = OrderKind(
        "survey",
        MOVEMENT,
        handler,
        "hex",
        (need("hex", "hex"), key("bc", "int")),
        what="hex",
        line=lambda r, name, lang, label: f"{name} {r['hex']}: +{r['bc']} BC",
        post="survey",
        read=read,
        say=lambda v, w: w.say("survey", hex=w.hex(v["hex"] if isinstance(v, dict) else v)),
        example='["2,-3"]',
    )
    for lang, found in WORDS.items():
        for name, text in found.items():
            monkeypatch.setitem(catalog(lang), name, text)
    words.cache_clear()
    unregister = register(record)
    yield calls
    unregister()
    monkeypatch.undo()
    words.cache_clear()


def bc_of(camp, leader: str) -> int:
    return player_of(camp, leader)["bc"]


def test_a_kind_registered_at_run_time_is_played_from_all_three_fronts(gm, tmp_path, survey):
    camp = example_copy(tmp_path, rooms=True)
    assert KINDS["survey"].handler is not None
    from gmtool.forum.order_commands import ORDER_COMMANDS

    assert ORDER_COMMANDS["survey"] == "survey"

    # 1. the moderator's command, generated from the record's keys and types
    before = bc_of(camp, "alice")
    assert (
        ok(gm("order", "survey", "-c", str(camp), "--player", "alice", "hex=2,-3", "bc=2")) == "surveyed 2,-3: +2 BC\n"
    )
    assert survey[-1] == ("alice", {"hex": "2,-3", "bc": 2})
    assert bc_of(camp, "alice") == before + 2
    data = json.loads(ok(gm("order", "survey", "-c", str(camp), "--player", "alice", "3,-3", "--format", "json")))
    assert data["orders"] == [
        {"leader": "alice", "order": "survey", "value": "3,-3", "result": {"hex": "3,-3", "bc": 1}}
    ]
    assert survey[-1] == ("alice", "3,-3")

    # 2. an orders file: checked by its record's keys, played by the same handler, told with its line
    orders = write_text(tmp_path, "o.toml", 'turn = 1\n[bob]\nsurvey = [{ hex = "-2,2", bc = 3 }]\n')
    assert ok(gm("turn", "check", str(orders), "-c", str(camp))).startswith("ok: ")
    bad = write_text(tmp_path, "bad.toml", 'turn = 1\n[bob]\nsurvey = [{ hex = "-2,2", bc = "lots" }]\n')
    res = gm("turn", "check", str(bad), "-c", str(camp))
    assert res.exit_code == 1 and f"{bad}:3 (bob): survey: " in res.stderr
    out = ok(gm("turn", "run", str(orders), "-c", str(camp), "--dry-run"))
    assert survey[-1] == ("bob", {"hex": "-2,2", "bc": 3})
    bobs = out.split("----- private report for bob -----")[1].split("----- private report")[0]
    assert "- surveyed 1,0: +3 BC" in bobs  # bob's frame: his homeworld -3,2 is 0,0

    # 3. a room post: read by the record's reader, confirmed in its words, played at the deadline
    room = write_text(tmp_path, "room-carol.txt", "=== carol #31 ===\n!обзор 1,0 4\n")
    reply = resolve_post(gm, camp, room, "--room", "carol")
    assert "- survey 1,0 → surveyed 1,0: +4 BC — post #31, command 1" in reply  # carol's frame
    calls = len(survey)
    assert ok(gm("turn", "orders", "-c", str(camp))).endswith(
        '[carol]\nsurvey = [\n    { hex = "4,-1", bc = 4 },  # post #31, command 1\n]\n'
    )
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert survey[calls:][-1] == ("carol", {"hex": "4,-1", "bc": 4})
    report = (camp / "reports" / "turn-01" / "carol.txt").read_text(encoding="utf-8")
    assert "- surveyed 1,0: +4 BC" in report


# the moderator's named commands (docs/commands.md), each with the order it gives
NAMED = [
    (["colonize", "--player", "bob", "--hex", "3,-1"], ("bob", "colonize", "3,-1")),
    (
        ["assign", "--player", "bob", "--hex", "3,-1", "--workers", "1"],
        ("bob", "assign", {"hex": "3,-1", "workers": 1}),
    ),
    (["activate", "--player", "bob", "--hex", "3,-1"], ("bob", "activate", "3,-1")),
    (["fleet", "--player", "bob", "+1"], ("bob", "fleet", 1)),
    (
        ["build", "--player", "bob", "--hex", "3,-1", "frigate", "--modules", "gun,ars"],
        ("bob", "build", {"hex": "3,-1", "item": "frigate", "modules": ["gun", "ars"]}),
    ),
    (["scrap", "--player", "bob", "frigate"], ("bob", "scrap", {"item": "frigate"})),
    (["research", "--player", "bob", "--tech", "hq_computers"], ("bob", "research", "hq_computers")),
    (["monster", "slain", "--hex", "3,-1", "--by", "bob"], ("bob", "slay", {"hex": "3,-1", "research_ship": False})),
    (["orion", "damage", "--by", "bob", "--points", "9"], ("bob", "orion_damage", 9)),
    (["blockade", "--hex", "3,-1", "--by", "bob"], ("bob", "blockade", "3,-1")),
    (["blockade", "--hex", "3,-1", "--by", "bob", "--lift"], ("bob", "lift", "3,-1")),
    (["planet", "capture", "--hex", "3,-1", "--by", "bob"], ("bob", "capture", "3,-1")),
    (["ship", "add", "--player", "bob", "--class", "frigate"], ("bob", "ship_add", {"class": "frigate", "reason": ""})),
    (["ship", "lose", "--player", "bob", "--class", "scout"], ("bob", "ship_lose", {"class": "scout", "reason": ""})),
    (
        ["ship", "refit", "--player", "bob", "--ship", "frigate", "--hex", "3,-1", "--modules", "gun,gun"],
        ("bob", "refit", {"ship": "frigate", "hex": "3,-1", "modules": ["gun", "gun"]}),
    ),
    (
        ["grant", "--player", "bob", "--bc", "2", "--reason", "a trade"],
        ("bob", "grant", {"bc": 2, "rp": 0, "reason": "a trade", "public": False}),
    ),
    (["award", "apply", "--player", "bob", "1", "--drop", "no"], ("bob", "award", {"id": 1, "tech": [], "drop": "no"})),
    (["council", "vote", "--player", "bob", "yes", "--bribe", "3"], ("bob", "vote", {"choice": "yes", "bribe": 3})),
    (
        ["council", "elect", "--player", "bob", "--candidate", "carol"],
        ("bob", "election", {"bribe": 0, "candidate": "carol"}),
    ),
]


@pytest.mark.parametrize(("words", "given"), NAMED, ids=[" ".join(w[:2]) for w, _ in NAMED])
def test_the_moderators_named_commands_reach_the_kinds_handler(gm, tmp_path, monkeypatch, words, given):
    """`gmtool colonize`, `gmtool monster slain`, `gmtool council vote` … give an order of their
    kind: its record's handler (the one an orders file and a room post reach) is what plays it."""
    from dataclasses import replace

    from gmtool.errors import RuleRefused

    leader, kind, value = given
    reached: list[tuple[str, Any]] = []

    def handler(a: Act) -> Any:
        reached.append((a.leader_name, a.value))
        raise RuleRefused(key="orders.bill_not_chair", leader=a.leader_name, chair="the spy")

    monkeypatch.setitem(KINDS, kind, replace(KINDS[kind], handler=handler))
    camp = example_copy(tmp_path, fresh=True)
    res = gm(*words, "-c", str(camp))
    assert res.exit_code == 1 and "the spy" in res.stderr, res.stderr
    assert reached == [(leader, value)]


def test_once_the_secret_is_revealed_an_order_that_rolls_nothing_is_still_given(gm, tmp_path):
    """After `campaign reveal` the stream is spent: `gmtool order` (and the named commands)
    still give an order that rolls no die, and one that would roll is refused, writing nothing."""
    from helpers import snapshot

    camp = example_copy(tmp_path, fresh=True)
    ok(gm("campaign", "reveal", "-c", str(camp)))
    assert ok(gm("order", "grant", "-c", str(camp), "--player", "bob", "bc=2", "reason=a trade")) == (
        "bob: +2 BC (a trade)\n"
    )
    assert ok(gm("assign", "-c", str(camp), "--player", "alice", "--hex", "1,-3", "--workers", "2")).startswith(
        "1,-3: "
    )
    before = snapshot(camp)
    res = gm("order", "explore", "-c", str(camp), "--player", "bob", "-4,2")
    assert res.exit_code == 1
    assert res.stderr == (
        "error: the campaign's secret was revealed: its stream is spent, so no more rolls can be made from it\n"
    )
    assert snapshot(camp) == before


def test_the_moderators_words_are_read_by_the_kinds_keys_and_types(gm, tmp_path):
    """`gmtool order` reads a plain value or KEY=VALUE words by the record's keys; a word it
    cannot place, a key of the wrong type and an unknown kind are one-line errors."""
    camp = example_copy(tmp_path, fresh=True)
    c = ("-c", str(camp))
    assert ok(gm("order", "assign", *c, "--player", "alice", "hex=1,-3", "workers=1", "scientists=1")) == (
        "colonists assigned at 1,-3: 1 worker, 1 scientist\n"
    )
    res = gm("order", "assign", *c, "--player", "alice", "hex=1,-3", "workers=x")
    assert (res.exit_code, res.stderr) == (1, "error: workers must be a whole number, not 'x'\n")
    res = gm("order", "assign", *c, "--player", "alice", "1,-3")
    assert (res.exit_code, res.stderr) == (
        1,
        "error: assign: 1,-3 is not understood: give a value or KEY=VALUE words (its keys: hex, workers, scientists)\n",
    )
    res = gm("order", "bogus", *c, "--player", "alice", "1")
    assert res.exit_code == 1 and res.stderr.startswith("error: unknown order 'bogus' (orders: player_add, fleet, ")
    res = gm("order", "fleet", *c, "--player", "alice", "+1", "-l", "ru")
    assert res.exit_code == 1 and res.stderr.count("\n") == 1 and res.stderr.startswith("error: ")
