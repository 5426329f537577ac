"""The registry of orders (gmtool/rules/orion/order_kinds.py): every kind of order an orders
file gives is one record — its phase, the value and keys it takes, its handler, its report
line, its forum command — and the parser, the sorter, `turn check`, the reports and the docs
read it. An unknown key, a missing key or a value of the wrong type is a problem naming the
file, the line and the leader, for every kind (issue 22 §2)."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from gmtool.campaign.model import campaign_to_dict
from gmtool.campaign.store import CampaignStore
from gmtool.dice.sources import FixedSource
from gmtool.locale import has
from gmtool.rules.orion.order_kinds import KINDS, ORDER_KINDS, PHASES, OrderKind
from gmtool.rules.orion.orders import KEYS, Order, apply_orders, parse_orders, sort_orders
from gmtool.rules.orion.turns import Rules
from helpers import snapshot

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "campaigns" / "example"
# a value of the wrong type for each type a value or key may have
WRONG = {"int": '"x"', "text": "5", "hex": "5", "bool": '"yes"', "texts": "[1]", "true": "7"}
KEYED = [k for k in ORDER_KINDS if k.keys]


def _value(kind: OrderKind):
    """The kind's example as parsed, one order of it (the first of a list)."""
    value = tomllib.loads(f"v = {kind.example}")["v"]
    return value[0] if isinstance(value, list) and not kind.single else value


class Raw(str):
    """TOML written as is."""


def _table(kind: OrderKind) -> dict:
    """A table the kind takes: its example's, with every key it must have."""
    value = _value(kind)
    table = dict(value) if isinstance(value, dict) else {}
    for spec in kind.keys:
        if spec.required and spec.name not in table:
            table[spec.name] = {"int": 1, "bool": True, "texts": []}.get(spec.type, "1,-3")
    return table


def _toml(value) -> str:
    """A value back in TOML (inline)."""
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


@pytest.fixture
def example():
    from gmtool.rolltables import TableLibrary

    return CampaignStore(EXAMPLE).load(), Rules(TableLibrary.default())


def _refused(example, line: str):
    """Parse and apply ``line`` as alice's one order (line 3 of the file): (problems, the
    campaign before, after)."""
    state, rules = example
    text = f"turn = 1\n[alice]\n{line}\n"
    before = campaign_to_dict(state)
    orders, problems = parse_orders(tomllib.loads(text), text, state)
    more, done = apply_orders(state, rules, FixedSource([]), orders)
    assert done == []
    return problems + more, before, campaign_to_dict(state)


# ------------------------------------------------------------------ one record per kind


def test_every_kind_is_registered_once_in_the_rules_order():
    names = [k.name for k in ORDER_KINDS]
    assert len(names) == len(set(names)) == len(KINDS)
    assert list(KEYS) == names
    phases = [PHASES.index(k.phase) for k in ORDER_KINDS]
    assert phases == sorted(phases)  # the list is in the turn's order
    # docs/rules-orion.md A2–A3: a leader joins first; the movement phase (moves, the battles'
    # records, colonies, then cards, quests, agents); production (research spends RP there); the Council;
    # leaves, take-overs and renames last
    by_phase = {p.name: [k.name for k in ORDER_KINDS if k.phase is p] for p in PHASES}
    assert by_phase == {
        "join": ["player_add"],
        "movement": [
            "fleet",
            "explore",
            "slay",
            "orion_damage",
            "capture",
            "blockade",
            "lift",
            "ship_add",
            "ship_lose",
            "award",
            "colonize",
            "events",
            "quests",
            "claims",
            "hire",
            "agents",
            "grant",
        ],
        "before production": [
            "assign",
            "activate",
            "research",
            "scrap",
            "refit",
            "build",
            "transfer",
            "treaty",
            "treaty_end",
            "treaty_break",
        ],
        "council": ["bill", "law_choice", "vote", "election"],
        "roster": ["player_drop", "player_replace", "player_rename"],
    }


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_kind_is_named_in_every_language(lang):
    for kind in ORDER_KINDS:
        assert has(f"error.orders.key.{kind.name}", lang), kind.name
        if kind.what:
            assert has(f"error.orders.what.{kind.what}", lang), kind.name


def test_a_kind_whose_value_can_be_wrong_says_what_it_takes():
    for kind in ORDER_KINDS:
        if kind.plain == "any" and not kind.keys:
            continue  # its handler checks the value
        assert kind.what or kind.wrong, kind.name


@pytest.mark.parametrize("kind", ORDER_KINDS, ids=lambda k: k.name)
def test_each_kinds_example_parses_and_checks(example, kind):
    state, _ = example
    text = f"turn = 1\n[alice]\n{kind.name} = {kind.example}\n"
    orders, problems = parse_orders(tomllib.loads(text), text, state)
    assert problems == []
    written = tomllib.loads(f"v = {kind.example}")["v"]
    expected = written if isinstance(written, list) and not kind.single else [written]
    assert [(o.kind, o.value, o.line) for o in orders] == [(kind.name, v, 3) for v in expected]
    for order in orders:
        kind.check(order.value)  # no error


def test_orders_sort_by_phase_then_leader_then_kind():
    # every kind, for carol then alice (the file's order), movement order alice → carol
    orders = [
        Order(leader, k.name, None, i)
        for i, (leader, k) in enumerate([(leader, k) for leader in ("carol", "alice") for k in reversed(ORDER_KINDS)])
    ]
    ranked = sort_orders(orders, ["alice", "carol"])
    expected = []
    for phase in PHASES:
        kinds = [k.name for k in ORDER_KINDS if k.phase is phase]
        leaders = ("alice", "carol") if phase.by_leader else ("carol", "alice")
        for leader in leaders:
            mine = [o for o in orders if o.leader == leader and o.kind in kinds]  # the file's order
            if phase.by_kind:
                mine.sort(key=lambda o: kinds.index(o.kind))
            expected += mine
    assert ranked == expected
    assert ranked[0].kind == "player_add" and ranked[0].leader == "carol"  # a join: the file's order
    assert [o.kind for o in ranked if o.leader == "alice" and o.kind in ("bill", "vote", "election")] == [
        "election",
        "vote",
        "bill",
    ]  # the Council: the file's order


# ------------------------------------------------------------------ what each kind takes


@pytest.mark.parametrize("kind", KEYED, ids=lambda k: k.name)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_unknown_key_is_refused_with_file_line_naming_the_keys_it_takes(example, kind, lang):
    value = {**_table(kind), "bogus": 1}
    problems, before, after = _refused(example, f"{kind.name} = {_toml(value)}")
    assert [(p.line, p.leader, p.kind) for p in problems] == [(3, "alice", kind.name)]
    text = problems[0].text(lang)
    assert "bogus" in text and all(k.name in text for k in kind.keys), text
    assert after == before  # its handler never ran


@pytest.mark.parametrize("kind, key", [(k, key) for k in KEYED for key in k.keys], ids=lambda x: getattr(x, "name", ""))
def test_a_key_of_the_wrong_type_is_refused_with_file_line(example, kind, key):
    line = f"{kind.name} = {_toml({**_table(kind), key.name: Raw(WRONG[key.type])})}"
    problems, before, after = _refused(example, line)
    assert [(p.line, p.leader, p.kind) for p in problems] == [(3, "alice", kind.name)], (line, problems)
    for lang in ("en", "ru"):
        assert problems[0].render("o.toml", lang).startswith("o.toml:3 (alice): ")
    assert after == before


@pytest.mark.parametrize("kind", [k for k in ORDER_KINDS if k.plain != "any"], ids=lambda k: k.name)
def test_a_plain_value_of_the_wrong_type_is_refused_with_file_line(example, kind):
    wrong = WRONG[kind.plain] if kind.plain else "5"  # a table only: a number is wrong
    problems, before, after = _refused(example, f"{kind.name} = {wrong}")
    assert [(p.line, p.leader, p.kind) for p in problems] == [(3, "alice", kind.name)], problems
    assert after == before


@pytest.mark.parametrize(
    "kind, key", [(k, key) for k in KEYED for key in k.keys if key.required], ids=lambda x: getattr(x, "name", "")
)
def test_a_missing_key_is_refused_naming_it(example, kind, key):
    value = {k: v for k, v in _table(kind).items() if k != key.name}
    problems, _, _ = _refused(example, f"{kind.name} = {_toml(value) if value else '{}'}")
    assert [(p.line, p.kind) for p in problems] == [(3, kind.name)]
    assert key.name in problems[0].text("en") and key.name in problems[0].text("ru")


def test_turn_check_names_the_file_line_and_key_of_a_typo_in_every_kind(gm, tmp_path):
    """One file, one typo a line: `turn check` lists each with its file:line, and writes nothing."""
    import shutil

    camp = tmp_path / "c"
    shutil.copytree(EXAMPLE, camp)
    lines = ["turn = 1", "[alice]"]
    for kind in KEYED:
        value = {**_table(kind), "bogus": 1}
        lines.append(f"{kind.name} = {_toml(value)}")
    (tmp_path / "o.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    files = snapshot(camp)
    res = gm("turn", "check", str(tmp_path / "o.toml"), "-c", str(camp))
    assert res.exit_code == 1
    errors = res.stderr.splitlines()
    assert len(errors) == len(KEYED) + 1 and errors[-1].endswith("nothing was applied")
    for number, (kind, error) in enumerate(zip(KEYED, errors), start=3):
        assert error.startswith(f"error: {tmp_path / 'o.toml'}:{number} (alice): {kind.name}: "), error
        assert "bogus" in error
    assert snapshot(camp) == files


def test_the_typo_of_the_issue_is_one_clear_line(gm, tmp_path):
    import shutil

    camp = tmp_path / "c"
    shutil.copytree(EXAMPLE, camp)
    (tmp_path / "o.toml").write_text('turn = 1\n[alice]\nassign = [{ hex = "0,0", worker = 2 }]\n', encoding="utf-8")
    res = gm("turn", "check", str(tmp_path / "o.toml"), "-c", str(camp))
    assert res.exit_code == 1
    assert res.stderr.splitlines()[0] == (
        f"error: {tmp_path / 'o.toml'}:3 (alice): assign: unknown key 'worker' (its keys: hex, workers, scientists)"
    )
    res = gm("turn", "check", str(tmp_path / "o.toml"), "-c", str(camp), "--lang", "ru")
    assert res.stderr.splitlines()[0] == (
        f"error: {tmp_path / 'o.toml'}:3 (alice): распределение колонистов (assign): "
        "неизвестный ключ «worker» (ключи этого приказа: hex, workers, scientists)"
    )


# ------------------------------------------------------------------ reports, docs, the forum


def _label(table: str, row: str, **_) -> str:
    return f"<{table}:{row}>"


# a result as each kind's handler returns it → its line in a leader's report (worked by hand)
LINES = {
    "assign": ({"hex": "1,-3", "workers": 2, "scientists": 1}, "colonists assigned at 1,-3: 2 workers, 1 scientist"),
    "activate": ({"hex": "2,-3", "orders_paid": 1}, "activated 2,-3 (−1 order)"),
    "build": ({"hex": "1,-3", "item": "frigate", "cost": 12}, "build ordered: <costs:frigate> at 1,-3 (12 PP)"),
    "scrap": ({"item": "frigate", "refund": 4}, "scrapped: <costs:frigate> (+4 BC at the next production)"),
    "vote": ({"vote": "no", "bribe": 3}, "ballot cast: no (bribe 3 BC)"),
    "election": ({"candidate": None, "bribe": 0}, "ballot for Emperor cast: abstain"),
    "bill": ({"bill": "free-trade"}, "bill put to the vote: <bills:free-trade>"),
    "research": (
        {"leader": "alice", "ordered": "hq_computers", "cost": 15, "banked": 10, "made": 8},
        "research ordered: <technologies:hq_computers> (15 RP, at the turn's end after production)",
    ),
    "claims": (
        {"quest": "trade-route", "leader": "alice", "claimed": True, "confirmed": True, "table": "quests-common"},
        "quest claimed: <quests-common:trade-route> (the moderator confirmed it)",
    ),
    "law_choice": (
        {"law": "aid", "leader": "carol", "tied": ["alice", "carol"], "chair": "bob", "turn": 8},
        "leader named for a law: <bills:aid> — carol",
    ),
    "agents": (
        {"agent": "Kess", "ability": "steal-tech", "outcome": "success"},
        "agent: Kess, <agents:steal-tech>: <agent-outcomes:success>",
    ),
}


def test_each_kinds_report_line():
    from gmtool.report.done import done_line as _done_line

    assert {k.name for k in ORDER_KINDS if k.line is not None} == set(LINES)
    for name, (result, line) in LINES.items():
        assert _done_line({"order": name, "result": result}, "en", _label) == line
        assert _done_line({"order": name, "result": result}, "ru", _label)  # in Russian too
    # a hex is written in the leader's frame (closed rooms)
    result, _ = LINES["assign"]
    assert _done_line({"order": "assign", "result": result}, "en", _label, lambda h: f"[{h}]").startswith(
        "colonists assigned at [1,-3]: "
    )


def test_docs_table_of_orders_is_made_from_the_registry():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import docs as docs_tool
    finally:
        sys.path.remove(str(ROOT / "tools"))
    page = (ROOT / "docs" / "turns.md").read_text(encoding="utf-8")
    table = docs_tool.order_kinds_markdown()
    assert table in page, "docs/turns.md's table of orders is stale: run `python tools/docs.py`"
    for kind in ORDER_KINDS:
        assert f"| `{kind.name}` |" in table
    assert "| `explore` | movement | a hex or { **hex**, ship }; a list of them |" in table
    assert "`!explore`, `!разведка`, `!исследовать`" in table


def test_a_kinds_room_commands_are_forum_commands_in_every_language():
    from gmtool.forum.order_commands import ORDER_COMMANDS
    from gmtool.forum.posts import command_name

    posts = {k.name: k.post for k in ORDER_KINDS if k.post}
    assert posts == {
        "fleet": "fleet",
        "colonize": "colonize",
        "events": "event",
        "claims": "quest",
        "hire": "hire",
        "agents": "mission",
        "assign": "assign",
        "activate": "activate",
        "research": "research",
        "scrap": "scrap",
        "refit": "refit",
        "build": "build",
        "transfer": "give",
        "treaty_break": "break",
        "bill": "bill",
        "vote": "vote",
        "election": "elect",
    }
    assert {k.name: k.at_once for k in ORDER_KINDS if k.at_once} == {
        "explore": "explore",
        "agents": "check",
        "treaty": "treaty",
        "treaty_end": "end",
    }
    assert dict(ORDER_COMMANDS) == {post: kind for kind, post in posts.items()}  # the records' own
    for kind in ORDER_KINDS:
        assert (kind.post is None) == (kind.read is None), kind.name  # a room command has its reader
        for post in filter(None, (kind.post, kind.at_once)):
            assert command_name(post) == post
            assert has(f"forum.command.{post}", "en") and has(f"forum.command.{post}", "ru")
            assert has(f"forum.usage.{post}", "en") or post == kind.at_once
