"""Bills and laws carried out by gmtool (docs/rules-orion.md A9 "What a bill does", A3 the chair's
choice): each example bill of tables/orion/bills.toml over three turns, a moderator's own bills
in a campaign's tables folder, what a law forbids refused (`fleet`, `turn check`), a law never
dealt again, repeal, the chair's choice from the command line, an orders file and a room.

Expected values are worked out from the rows named in each test (tables/orion/bills.toml, or
the campaign's own table written here), not read back from the code under test."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gmtool.dice.sources import FixedSource, RandomSource
from gmtool.errors import DiceError, RuleRefused
from gmtool.report.render import render
from gmtool.report.turns import end_private, end_public
from gmtool.rules.orion import council_campaign
from gmtool.rules.orion.planets import change_fleet
from gmtool.rules.orion.turns import Rules, end_turn, start_turn
from helpers import assert_error, ok, ok_json, shipped_library, snapshot, stored_campaign

RULES = Rules(shipped_library())
LEADERS = ("alice", "bob", "carol")


# ------------------------------------------------------------------ a game at turn 7, by library


def game(tmp_path: Path):
    """The 3-leader test campaign at turn 7 (stage 2), alice holding the first-turn token: every
    leader has its homeworld only (1 planet each)."""
    _, c = stored_campaign(tmp_path, 2, 7)
    c.game.token = "alice"
    return c


def start(c, seed: int = 1):
    return start_turn(c, RULES, RandomSource(seed))


def put_to_vote(c, bill: str, target: str | None = None, vote: str = "yes") -> None:
    """The chair puts ``bill`` to the vote (what it drew is replaced by it); everyone votes."""
    c.game.council.vote = {"turn": c.turn, "options": [bill], "bill": bill, "ballots": {}}
    if target:
        c.game.council.vote["target"] = target
    for p in c.players:
        council_campaign.cast(c, p, vote)


def end(c, seed: int = 2):
    """The turn's end; (the outcome, BC and RP of each leader beyond production)."""
    before = {p.name: (p.bc, p.rp) for p in c.players}
    out = end_turn(c, RULES, RandomSource(seed))
    extra = {}
    for p in c.players:
        made = out.production.totals[p.name]
        extra[p.name] = (p.bc - before[p.name][0] - made["bc"], p.rp - before[p.name][1] - made["rp"])
    return out, extra


def public_text(out, lang: str = "en") -> str:
    label = _label(lang)
    return render(end_public(out, RULES.bills, RULES.quests(out.stage), lang, label), "plain", lang)


def _label(lang: str):
    from gmtool.rolltables.model import pick

    def label(table: str, row_id: str, **_: object) -> str:
        row = shipped_library().get(table, "orion").find(row_id)
        return pick(row.label, lang) if row is not None else row_id

    return label


# ------------------------------------------------------------------ every example bill, three turns


def test_free_trade_act_gives_every_leader_2_bc_at_each_turn_end_while_it_stands(tmp_path):
    """bills.toml row `free-trade`: law, effects ["bc:+2"], to every leader."""
    c = game(tmp_path)
    start(c)
    put_to_vote(c, "free-trade")
    seen = []
    for turn in (7, 8, 9):
        out, extra = end(c)
        assert extra == dict.fromkeys(LEADERS, (2, 0)), turn
        seen.append(public_text(out))
        if turn < 9:
            start(c, turn)
            assert "free-trade" not in c.game.council.vote["options"]  # a law in force is not dealt again
    assert c.game.council.laws == [{"id": "free-trade", "turn": 7}]
    for text in seen:
        assert "Free Trade Act (law): +2 BC to each of 3 leaders" in text, text
    ru = public_text(out, "ru")
    assert "Акт о свободной торговле (закон): +2 ВС каждому из 3 лидеров" in ru, ru


def test_arms_limitation_treaty_refuses_raising_the_fleet_while_it_stands(tmp_path):
    """bills.toml row `arms-limit`: law, effects ["no_fleet_raise"] — the fleet may still shrink."""
    c = game(tmp_path)
    start(c)
    put_to_vote(c, "arms-limit")
    out, extra = end(c)
    assert extra == dict.fromkeys(LEADERS, (0, 0))
    assert "Arms Limitation Treaty (law): in force from now on: the fleet size may not be raised" in public_text(out)
    for turn in (8, 9, 10):
        start(c, turn)
        bob = c.player("bob")
        bob.orders = 5
        with pytest.raises(RuleRefused) as refused:
            change_fleet(c, bob, 1, RULES.production, RULES.bills)
        assert refused.value.for_moderator("en") == (
            "bob may not raise its fleet size: the law «Arms Limitation Treaty» of the Galactic Council "
            "forbids it (laws: docs/rules-orion.md A9)"
        )
        assert "docs/" not in refused.value.text("en")  # the rule's file is the moderator's
        assert "Договор об ограничении вооружений" in refused.value.text("ru")
        assert (bob.fleet_size, bob.orders) == (1, 5)
        out, _ = end(c)
        # listed at every turn end while it stands, with what it does
        assert "Arms Limitation Treaty (law): in force: the fleet size may not be raised" in public_text(out)
        assert "Договор об ограничении вооружений (закон): действует: размер флота нельзя увеличивать" in (
            public_text(out, "ru")
        )
    assert change_fleet(c, c.player("bob"), -1, RULES.production, RULES.bills) == 0


def test_relief_fund_goes_once_to_the_leader_with_the_fewest_planets(tmp_path):
    """bills.toml row `relief-fund`: one-off, effects ["bc:+6"], to fewest_planets. carol and alice
    hold a colony each, bob only its homeworld: bob gets 6 BC in the turn it passes, never again."""
    from helpers import put

    c = game(tmp_path)
    for i, who in enumerate(("alice", "carol")):
        s = put(c, _far_hex(c, i), by=who)
        s.owner, s.planet.population = who, 1
    start(c)
    put_to_vote(c, "relief-fund")
    out, extra = end(c)
    assert extra == {"alice": (0, 0), "bob": (6, 0), "carol": (0, 0)}
    assert "Relief Fund (one-off bill): +6 BC to bob" in public_text(out)
    for turn in (8, 9):
        start(c, turn)
        _, extra = end(c)
        assert extra == dict.fromkeys(LEADERS, (0, 0)), turn


def test_relief_fund_on_a_tie_goes_to_the_chairs_pick_and_the_post_says_the_choice(tmp_path):
    """bills.toml row `relief-fund` with every leader at 1 planet: the chair (alice) decides (A3)."""
    c = game(tmp_path)
    start(c)
    put_to_vote(c, "relief-fund")
    council_campaign.propose(c, RULES.bills, FixedSource([]), target="carol")
    out, extra = end(c)
    assert extra == {"alice": (0, 0), "bob": (0, 0), "carol": (6, 0)}
    text = public_text(out)
    assert (
        "Relief Fund (one-off bill): alice, bob, carol tied for the fewest planets; the chair, alice, chose; "
        "+6 BC to carol"
    ) in text, text


def _relief_tie_without(c, colonist: str) -> None:
    """``colonist`` holds a colony: the other two tie for the fewest planets."""
    from helpers import put

    s = put(c, _far_hex(c, 0), by=colonist)
    s.owner, s.planet.population = colonist, 1


def test_a_tie_the_chair_named_none_of_goes_round_the_seating_and_never_stops_the_turn(tmp_path):
    """The chair (alice) named bob for Relief Fund; at the turn's end bob holds a colony and
    alice and carol tie: the turn does not wait — the first of them after the chair in the
    seating (carol: alice, bob, carol round from alice) gets it, and the post says why (A9,
    wave 4)."""
    c = game(tmp_path)
    start(c)
    put_to_vote(c, "relief-fund", target="bob")
    _relief_tie_without(c, "bob")
    out, extra = end(c)
    assert extra == {"alice": (0, 0), "bob": (0, 0), "carol": (6, 0)}
    assert (
        "Relief Fund (one-off bill): alice, carol tied for the fewest planets; the chair, alice, named bob, not "
        "among them; carol gets it, the first of them after the chair in the seating; +6 BC to carol"
    ) in public_text(out), public_text(out)
    assert (
        "председатель (alice) назвал: bob, но их нет среди равных; получает carol: первый из них после "
        "председателя по порядку мест"
    ) in public_text(out, "ru")


def test_the_chairs_later_picks_and_its_word_at_the_turns_end_decide_a_tie(tmp_path):
    """`!bill 1 bob alice` (bob first, then alice): bob is out of the tie, alice gets it; the
    moderator's `--chair-choice carol` (the chair's word at the turn's end) comes first; a word
    naming no leader is refused before anything changes; a chair who named nobody: the seating."""
    c = game(tmp_path)
    start(c)
    put_to_vote(c, "relief-fund")
    council_campaign.propose(c, RULES.bills, FixedSource([]), target="bob", then=["alice"])
    assert c.game.council.vote["then"] == ["alice"]
    _relief_tie_without(c, "bob")
    with pytest.raises(RuleRefused) as refused:
        end_turn(c, RULES, RandomSource(2), chair_choice="zed")
    assert refused.value.text("en") == "--chair-choice zed: not a leader of this game (alice, bob, carol)"
    assert c.turn == 7 and c.game.council.vote is not None
    before = {p.name: p.bc for p in c.players}
    out = end_turn(c, RULES, RandomSource(2), chair_choice="carol")
    assert c.player("carol").bc - before["carol"] - out.production.totals["carol"]["bc"] == 6
    assert "alice, carol tied for the fewest planets; the chair, alice, chose; +6 BC to carol" in public_text(out)

    c = game(tmp_path / "again")
    start(c)
    put_to_vote(c, "relief-fund")
    council_campaign.propose(c, RULES.bills, FixedSource([]), target="bob", then=["alice"])
    _relief_tie_without(c, "bob")
    out, extra = end(c)
    assert extra == {"alice": (6, 0), "bob": (0, 0), "carol": (0, 0)}
    assert "alice, carol tied for the fewest planets; the chair, alice, chose; +6 BC to alice" in public_text(out)

    c = game(tmp_path / "nobody")
    start(c)
    put_to_vote(c, "relief-fund")
    out, extra = end(c)  # the three tie, the chair named none: bob sits after alice
    assert extra == {"alice": (0, 0), "bob": (6, 0), "carol": (0, 0)}
    assert (
        "alice, bob, carol tied for the fewest planets; the chair, alice, named none of them; bob gets it, the first "
        "of them after the chair in the seating; +6 BC to bob"
    ) in public_text(out)


def test_research_pact_gives_every_leader_5_rp_once(tmp_path):
    """bills.toml row `research-pact`: one-off, effects ["rp:+5"], to every leader."""
    c = game(tmp_path)
    start(c)
    put_to_vote(c, "research-pact")
    out, extra = end(c)
    assert extra == dict.fromkeys(LEADERS, (0, 5))
    assert "Research Pact (one-off bill): +5 RP to each of 3 leaders" in public_text(out)
    assert "Научный пакт (разовый законопроект): +5 ОИ каждому из 3 лидеров" in public_text(out, "ru")
    for turn in (8, 9):
        start(c, turn)
        _, extra = end(c)
        assert extra == dict.fromkeys(LEADERS, (0, 0)), turn


def test_embargo_stops_the_named_leader_turning_pp_into_bc_next_turn_only(tmp_path):
    """bills.toml row `embargo`: one-off, effects ["no_pp_to_bc"], to chair_choice — bob, named by
    the chair: in turn 8 bob's homeworld makes PP but no BC; turns 7 and 9 as usual."""
    c = game(tmp_path)
    start(c)
    put_to_vote(c, "embargo", target="bob")
    out, _ = end(c)
    assert (
        "Embargo (one-off bill): the chair, alice, chose; holds for bob in turn 8: PP are not turned into BC"
        in public_text(out)
    )
    made = {}
    for turn in (8, 9):
        start(c, turn)
        out, _ = end(c)
        bob = [p for p in out.production.planets if p.owner == "bob" and p.active]
        alice = [p for p in out.production.planets if p.owner == "alice" and p.active]
        made[turn] = (bob[0].pp, bob[0].bc, alice[0].bc)
        if turn == 8:
            report = render(
                end_private(out, c.player("bob"), [], RULES.events, "en", label=_label("en")), "plain", "en"
            )
            assert "Embargo: your PP were not turned into BC this turn" in report
    assert made[8][0] > 0 and made[8][1] == 0 and made[8][2] > 0
    assert made[9][1] == made[9][0]  # 1 BC per unspent PP again (production.toml pp_to_bc)
    assert c.game.council.bans == []


def test_open_borders_lets_an_agent_cross_a_blockade_without_a_check(tmp_path):
    """bills.toml row `open-borders`: law, effects ["agents_cross_blockades"]: no die is rolled
    (an empty FixedSource would refuse one), the crossing succeeds."""
    from gmtool.rules.orion.agents_campaign import blockade_move
    from gmtool.rules.orion.state import Agent

    lib = shipped_library()
    c = game(tmp_path)
    c.game.agents.append(Agent(name="Kess", owner="bob", specialities=["spy"]))
    start(c)
    put_to_vote(c, "open-borders")
    end(c)
    agent = c.game.agent("Kess")
    for turn in (8, 9, 10):
        result = blockade_move(
            c,
            agent,
            c.player("alice"),
            lib.get("agents", "orion"),
            lib.get("agent-outcomes", "orion"),
            FixedSource([]),
            bills=RULES.bills,
        )
        assert result.check.outcome.id == "success" and result.check.natural is None, turn
    with pytest.raises(DiceError):  # without the bills table (no law read) the check rolls a die
        blockade_move(
            c, agent, c.player("alice"), lib.get("agents", "orion"), lib.get("agent-outcomes", "orion"), FixedSource([])
        )


def _far_hex(c, i: int):
    from gmtool.campaign.hexes import Hex

    taken = {s.hex for s in c.game.systems}
    free = [Hex(q, -q - 3 - i) for q in range(-6, 7) if Hex(q, -q - 3 - i) not in taken]
    return free[i]


# ------------------------------------------------------------------ the deck: never a law in force


def test_a_law_in_force_is_never_dealt_and_the_chair_never_gets_only_laws(tmp_path):
    """Turns 8–17 after free-trade and arms-limit passed: neither is drawn again, and every draw
    holds two bills that are not laws in force (the deck has four more)."""
    c = game(tmp_path)
    start(c)
    put_to_vote(c, "free-trade")
    end(c)
    start(c, 8)
    put_to_vote(c, "arms-limit")
    end(c)
    for turn in range(9, 18):
        c.stage = 2
        start(c, turn)
        options = c.game.council.vote["options"]
        assert len(options) == 2 and not {"free-trade", "arms-limit"} & set(options), (turn, options)
        end(c)


# ------------------------------------------------------------------ the command line


def _set_stage(folder: Path, stage: int, turn: int) -> None:
    path = folder / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^turn = \d+$", f"turn = {turn}", text, count=1)
    text = re.sub(r"(?m)^stage = \d+$", f"stage = {stage}", text, count=1)
    path.write_text(text, encoding="utf-8")


def _cli_game(new_campaign, bills: str | None = None) -> Path:
    """A new 3-leader campaign at turn 7 (stage 2); ``bills``: the campaign's own bills table
    (tables/orion/bills.toml in its folder)."""
    folder = new_campaign("camp", players=LEADERS, seed=1)
    _set_stage(folder, 2, 7)
    if bills is not None:
        (folder / "tables" / "orion").mkdir(parents=True, exist_ok=True)
        (folder / "tables" / "orion" / "bills.toml").write_text(bills, encoding="utf-8")
    return folder


def _orders(tmp_path: Path, turn: int, body: str) -> Path:
    path = tmp_path / f"turn-{turn:02d}.toml"
    path.write_text(f"turn = {turn}\n{body}", encoding="utf-8")
    return path


ONE_BILL = """title = {{ en = "Bills", ru = "Законопроекты" }}
[columns]
law = {{ en = "Law", ru = "Закон" }}
effects = {{ en = "Effects", ru = "Действие" }}
to = {{ en = "To", ru = "Кому" }}
repeals = {{ en = "Repeals", ru = "Отменяет" }}
{rows}
"""


def _row(id_: str, en: str, ru: str, values: str) -> str:
    return (
        f'[[row]]\nid = "{id_}"\nlabel = {{ en = "{en}", ru = "{ru}" }}\n'
        f'text = {{ en = "{en}.", ru = "{ru}." }}\nvalues = {{ {values} }}\n'
    )


def _chair(camp: Path) -> str:
    from gmtool.campaign.store import CampaignStore

    return str(CampaignStore(camp).load().game.council.chair)


def _body(camp: Path, bill: str) -> str:
    """The chair picks ``bill`` (an orders file's value); alice and bob vote yes (2 of 3 votes)."""
    chair = _chair(camp)
    voters = {"alice": 'vote = { choice = "yes" }\n', "bob": 'vote = { choice = "yes" }\n', chair: ""}
    voters[chair] += f"bill = {bill}\n"
    return "".join(f"[{name}]\n{text}" for name, text in voters.items())


def _vote_on(camp: Path, bill: str) -> None:
    """The chair's two bills are ``bill`` and another (test setup: which two the seed draws is
    not what these tests are about)."""
    from gmtool.campaign.store import CampaignStore

    store = CampaignStore(camp)
    state = store.load()
    vote = state.game.council.vote
    others = [b for b in vote["options"] if b != bill]
    vote["options"] = [bill, others[0]]
    store.save(state)


def test_turn_check_refuses_a_fleet_raise_a_law_forbids_naming_the_law(gm, new_campaign, tmp_path):
    """bills.toml row `arms-limit` passed in turn 7: `fleet = 1` in turn 8's orders is refused by
    `turn check` (file:line, the law named), in English and Russian; `fleet = -1` passes."""
    camp = _cli_game(new_campaign)
    ok(gm("turn", "start", "-c", str(camp)))
    _vote_on(camp, "arms-limit")
    ok(gm("turn", "run", str(_orders(tmp_path, 7, _body(camp, '"arms-limit"'))), "-c", str(camp)))
    eight = _orders(tmp_path, 8, "[bob]\nfleet = 1\n")
    before = snapshot(camp)
    for lang, words in (
        ("en", "bob may not raise its fleet size: the law «Arms Limitation Treaty» of the Galactic Council forbids it"),
        (
            "ru",
            "bob не может увеличить размер флота: это запрещает закон Галактического совета «Договор об ограничении",
        ),
    ):
        res = gm("turn", "check", str(eight), "-c", str(camp), "--lang", lang)
        out = res.stdout + res.stderr
        assert res.exit_code == 1 and words in out, out
        assert f"{eight.name}:3 (bob): " in out, out
    assert snapshot(camp) == before
    assert_error(gm("fleet", "-c", str(camp), "--player", "bob", "+1"), "the law «Arms Limitation Treaty»")
    ok(gm("turn", "check", str(_orders(tmp_path, 8, "[bob]\nfleet = -1\n")), "-c", str(camp)))


def test_a_moderators_own_bills_run_with_no_python_change(gm, new_campaign, tmp_path):
    """The campaign's own tables/orion/bills.toml: `tariff` (law, −1 BC to every leader each turn
    end), `free-ports` (repeals tariff, +1 order to every leader), `pension` (one-off, +3 RP to the
    fewest planets), `festival` (text only). Tariff passes in turn 7 and acts at turns 7 and 8;
    free-ports passes in turn 9 and ends it (no −1 BC at turn 9); the festival's post says the
    moderator applies it."""
    rows = "\n".join(
        [
            _row("tariff", "Tariff", "Пошлина", 'law = true, effects = ["bc:-1"]'),
            _row(
                "free-ports", "Free Ports", "Вольные порты", 'law = false, effects = ["orders:+1"], repeals = "tariff"'
            ),
            _row("pension", "Pension", "Пенсия", 'law = false, effects = ["rp:+3"], to = "fewest_planets"'),
            _row("festival", "Festival", "Празднество", 'law = false, effects = ["text"]'),
        ]
    )
    camp = _cli_game(new_campaign, ONE_BILL.format(rows=rows))
    import tomllib

    def state() -> dict:
        return tomllib.loads((camp / "campaign.toml").read_text("utf-8"))

    def run(turn: int, bill: str | None) -> dict:
        ok(gm("turn", "start", "-c", str(camp)))
        body = ""
        if bill is not None:
            _vote_on(camp, bill)
            body = _body(camp, f'"{bill}"')
        before = {p["name"]: p["bc"] for p in state()["player"]}
        public = ok_json(gm("turn", "run", str(_orders(tmp_path, turn, body)), "-c", str(camp), "--format", "json"))
        after = {p["name"]: p["bc"] for p in state()["player"]}
        private = {
            name: json.loads((camp / "reports" / f"turn-{turn:02d}" / f"{name}.json").read_text("utf-8"))
            for name in before
        }
        made = {name: private[name]["income"]["bc"] for name in before}
        return {"public": public, "extra": {n: after[n] - before[n] - made[n] for n in before}}

    seven = run(7, "tariff")
    assert seven["extra"] == dict.fromkeys(LEADERS, -1)
    eight = run(8, None)
    assert eight["extra"] == dict.fromkeys(LEADERS, -1)
    text = ok(gm("turn", "show", "-c", str(camp), "--turn", "8"))
    assert "Tariff (law): -1 BC to each of 3 leaders" in text, text
    orders_before = {p["name"]: p["orders"] for p in state()["player"]}
    nine = run(9, "free-ports")
    assert nine["extra"] == dict.fromkeys(LEADERS, 0)  # repealed before the turn end
    assert state()["council"].get("laws", []) == []
    assert {p["name"]: p["orders"] - orders_before[p["name"]] for p in state()["player"]} == dict.fromkeys(LEADERS, 1)
    text = ok(gm("turn", "show", "-c", str(camp), "--turn", "9"))
    assert "Free Ports (one-off bill): repeals «Tariff»; +1 order to each of 3 leaders" in text, text
    ru = ok(gm("turn", "show", "-c", str(camp), "--turn", "9", "--lang", "ru"))
    assert "Вольные порты (разовый законопроект): отменяет «Пошлина»" in ru, ru


def test_a_text_only_bill_is_said_to_be_the_moderators_naming_it(gm, new_campaign, tmp_path):
    """A campaign's own bill `festival` (effects ["text"]): nothing changes; the public post says
    the moderator applies it, naming the bill, in both languages."""
    rows = "\n".join(
        [
            _row("festival", "Festival", "Празднество", 'law = false, effects = ["text"]'),
            _row("census", "Census", "Перепись", 'law = false, effects = ["text"]'),
        ]
    )
    camp = _cli_game(new_campaign, ONE_BILL.format(rows=rows))
    ok(gm("turn", "start", "-c", str(camp)))
    en = ok(gm("turn", "run", str(_orders(tmp_path, 7, _body(camp, '"festival"'))), "-c", str(camp)))
    assert "Festival (one-off bill): the moderator applies it (its text)" in en, en
    ru = ok(gm("turn", "show", "-c", str(camp), "--turn", "7", "--lang", "ru"))
    assert "Празднество (разовый законопроект): применяет ведущий (по тексту законопроекта)" in ru, ru


def test_the_chairs_choice_from_an_orders_file_a_command_and_a_room(gm, new_campaign, tmp_path):
    """bills.toml row `embargo` (to chair_choice): without a leader named the turn end asks the
    chair (refused, nothing written); `bill = { pick = N, target = "carol" }` names carol and the
    public post says so; `!bill N carol` in a room reads as the same order."""
    from gmtool.campaign.store import CampaignStore
    from gmtool.forum.order_commands import parse_order
    from gmtool.rolltables.library import TableLibrary

    rows = "\n".join(
        [
            _row("embargo", "Embargo", "Эмбарго", 'law = false, effects = ["no_pp_to_bc"], to = "chair_choice"'),
            _row("census", "Census", "Перепись", 'law = false, effects = ["text"]'),
        ]
    )
    camp = _cli_game(new_campaign, ONE_BILL.format(rows=rows))
    ok(gm("turn", "start", "-c", str(camp)))
    import tomllib

    options = tomllib.loads((camp / "campaign.toml").read_text("utf-8"))["council"]["vote"]["options"]
    n = options.index("embargo") + 1
    chair = _chair(camp)
    before = snapshot(camp)
    assert_error(
        gm("turn", "run", str(_orders(tmp_path, 7, _body(camp, '"embargo"'))), "-c", str(camp)),
        f"Embargo goes to the leader the chair names, and the chair ({chair}) has named none",
    )
    assert snapshot(camp) == before
    # the room command reads the same order
    store = CampaignStore(camp)
    lib = TableLibrary([Path(__file__).resolve().parent.parent / "tables", camp / "tables"])
    posted = parse_order(store.load(), lib, chair, "bill", f"{n} carol")
    assert (posted.kind, posted.value) == ("bill", {"pick": n, "target": "carol"})
    body = _body(camp, f'{{ pick = {n}, target = "carol" }}')
    out = ok(gm("turn", "run", str(_orders(tmp_path, 7, body)), "-c", str(camp)))
    assert f"Embargo (one-off bill): the chair, {chair}, chose; holds for carol in turn 8" in out, out
    bans = tomllib.loads((camp / "campaign.toml").read_text("utf-8"))["council"]["bans"]
    assert bans == [{"bill": "embargo", "rule": "no_pp_to_bc", "leader": "carol", "turn": 8}]


def test_council_propose_target_names_the_leader_and_refuses_a_stranger(gm, new_campaign):
    camp = _cli_game(new_campaign)
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("council", "propose", "-c", str(camp), "--pick", "1"))
    assert_error(gm("council", "propose", "-c", str(camp), "--target", "zed"), "zed")
    data = ok_json(gm("council", "propose", "-c", str(camp), "--target", "bob", "--format", "json"))
    assert data["target"] == "bob"
    assert "Named by the chair: bob" in ok(gm("council", "propose", "-c", str(camp), "--target", "bob"))


def test_a_moderators_bill_with_an_unknown_effect_is_told_when_the_bills_are_drawn(gm, new_campaign):
    """A campaign's own bill `levy` with effects ["gold:+2"]: `turn start` refuses, naming the
    effect and the vocabulary, and writes nothing."""
    rows = "\n".join(
        [
            _row("levy", "Levy", "Сбор", 'law = true, effects = ["gold:+2"]'),
            _row("census", "Census", "Перепись", 'law = false, effects = ["text"]'),
        ]
    )
    camp = _cli_game(new_campaign, ONE_BILL.format(rows=rows))
    before = snapshot(camp)
    assert_error(gm("turn", "start", "-c", str(camp)), "effect 'gold:+2' is not like", "no_fleet_raise")
    assert_error(gm("turn", "start", "-c", str(camp), "--lang", "ru"), "эффект «gold:+2»", "словарь эффектов")
    assert snapshot(camp) == before


def test_the_room_confirms_the_chairs_choice_in_words(tmp_path):
    from gmtool.forum.order_commands import PostedOrder, order_words

    c = game(tmp_path)
    lib = shipped_library()
    assert order_words(c, lib, "alice", PostedOrder("bill", {"pick": 1, "target": "carol"}), "en") == (
        "put bill 1 of the two drawn to the vote — name carol for the bill"
    )
    assert (
        order_words(c, lib, "alice", PostedOrder("bill", {"target": "carol"}), "ru")
        == "назвать для законопроекта: carol"
    )


def test_the_chairs_start_report_asks_for_a_leader_when_a_drawn_bill_needs_one(tmp_path):
    """bills.toml rows `embargo` (to chair_choice) and `research-pact` (every leader) drawn: the
    chair's private start report says how to name the leader; with `free-trade` and
    `research-pact` it does not."""
    from gmtool.report.turns import start_private

    c = game(tmp_path)
    out = start(c)
    out.chair, out.bills_drawn = "alice", ["embargo", "research-pact"]
    en = render(start_private(out, "alice", RULES.events, RULES.bills, "en"), "plain", "en")
    assert "name the leader with the pick: !bill 1 LEADER" in en, en
    ru = render(start_private(out, "alice", RULES.events, RULES.bills, "ru"), "plain", "ru")
    assert "!законопроект 1 ЛИДЕР" in ru, ru
    out.bills_drawn = ["free-trade", "research-pact"]
    assert "!bill 1 LEADER" not in render(start_private(out, "alice", RULES.events, RULES.bills, "en"), "plain", "en")
