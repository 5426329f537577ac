"""Bribes are checked against the BC a leader holds at the tally, after production (docs/rules-orion.md
A9, wave 3), and a paid bribe is a line of the leader's private report («подкуп: −6 ВС»), never
of the public post or of another leader's report.

The example: carol holds 4 BC when she casts her ballot with a 6 BC bribe in turn 7; production
gives her more before the Council votes, so the bribe stands and is paid."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gmtool.dice.sources import RandomSource
from gmtool.errors import RuleRefused
from gmtool.rules.orion import council_campaign
from gmtool.rules.orion.turns import Rules, end_turn, start_turn
from helpers import assert_error, ok, shipped_library, snapshot, stored_campaign

RULES = Rules(shipped_library())
LEADERS = ("alice", "bob", "carol")

pytestmark = pytest.mark.camp(name="camp", players=LEADERS, seed=1)

BILL = "arms-limit"  # bills.toml: a law whose effect changes no BC (no_fleet_raise)


def _turn_7(tmp_path: Path):
    _, c = stored_campaign(tmp_path, 2, 7)
    c.game.token = "alice"
    start_turn(c, RULES, RandomSource(1))
    c.game.council.vote = {"turn": 7, "options": [BILL], "bill": BILL, "ballots": {}}
    return c


def test_a_bribe_beyond_the_bc_held_when_cast_is_paid_from_the_bc_after_production(tmp_path):
    c = _turn_7(tmp_path)
    carol = c.player("carol")
    carol.bc = 4
    council_campaign.cast(c, carol, "no", 6)  # 4 BC now: taken, checked at the tally
    council_campaign.cast(c, c.player("alice"), "yes")
    out = end_turn(c, RULES, RandomSource(2))
    income = out.production.totals["carol"]["bc"]
    assert income >= 2  # her homeworld's unspent PP (production.toml pp_to_bc)
    assert carol.bc == 4 + income - 6
    # carol: 1 planet + 6 // 3 = 3 votes against alice's 1
    assert (out.council.tally.yes, out.council.tally.no, out.council.tally.passed) == (1, 3, False)
    paid = [e for e in out.log if e["kind"] == "bribe_paid"]
    assert paid == [
        {"turn": 7, "kind": "bribe_paid", "leader": "carol", "public": False, "bc": 6, "changes": [{"bc": -6}]}
    ]


def test_a_bribe_beyond_the_bc_held_at_the_tally_is_refused_naming_the_rule(tmp_path):
    c = _turn_7(tmp_path)
    carol = c.player("carol")
    carol.bc = 4
    council_campaign.cast(c, carol, "no", 300)
    with pytest.raises(RuleRefused) as refused:
        end_turn(c, RULES, RandomSource(2))
    en, ru = refused.value.for_moderator("en"), refused.value.for_moderator("ru")
    assert re.search(r"carol: a bribe of 300 BC is more than the \d+ BC the leader has at the tally", en), en
    assert "docs/rules-orion.md A9" in en and "docs/rules-orion.md A9" in ru  # the moderator's line names it
    assert "docs/" not in refused.value.text("ru")  # a player's room does not
    assert "при подсчёте голосов" in ru, ru
    # still refused when cast: a bribe that is no whole multiple of 3 BC
    with pytest.raises(RuleRefused):
        council_campaign.cast(c, carol, "no", 4)


def _set_stage(folder: Path, stage: int, turn: int) -> None:
    path = folder / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^turn = \d+$", f"turn = {turn}", text, count=1)
    text = re.sub(r"(?m)^stage = \d+$", f"stage = {stage}", text, count=1)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def camp(gm, camp):
    """The new 3-leader campaign (the module's camp marker) at turn 7, carol holding 4 BC, a bill
    before the Council."""
    from gmtool.campaign.store import CampaignStore

    folder = camp
    _set_stage(folder, 2, 7)
    ok(gm("turn", "start", "-c", str(folder)))
    store = CampaignStore(folder)
    state = store.load()
    state.player("carol").bc = 4
    state.game.council.vote = {"turn": 7, "options": [BILL], "bill": BILL, "ballots": {}}
    store.save(state)
    return folder


def test_the_bribe_is_a_line_of_the_leaders_report_only(gm, camp, tmp_path):
    orders = tmp_path / "turn-07.toml"
    orders.write_text('turn = 7\n[carol]\nvote = { choice = "no", bribe = 6 }\n', encoding="utf-8")
    public = ok(gm("turn", "run", str(orders), "-c", str(camp)))
    reports = camp / "reports" / "turn-07"
    carol = (reports / "carol.txt").read_text(encoding="utf-8")
    assert "- bribe: −6 BC" in carol, carol
    ru = ok(gm("turn", "show", "-c", str(camp), "--turn", "7", "--player", "carol", "--lang", "ru"))
    assert "подкуп: −6 ВС" in ru, ru
    for other in ("alice", "bob"):
        assert "bribe:" not in (reports / f"{other}.txt").read_text(encoding="utf-8")
    assert "bribe:" not in public


def test_a_bribe_too_big_at_the_tally_refuses_the_turn_end_and_writes_nothing(gm, camp):
    ok(gm("council", "vote", "-c", str(camp), "--player", "carol", "no", "--bribe", "300"))
    before = snapshot(camp)
    assert_error(gm("turn", "end", "-c", str(camp)), "a bribe of 300 BC is more than the")
    assert snapshot(camp) == before
