"""Issue 35 §6–§8 (docs/rules-orion.md A4.2, A9, A10, A11, A13.1): a contamination's post says
which loss happened; research spends the RP made in the same turn; the chair decides a tie
of a "fewest planets" law; quests whose condition gmtool can see are judged by it, a claim
of a quest the moderator judges waits for the moderator; the shipped event deck serves ten
leaders.

Expected values are written from the shipped tables (named in each test) and
docs/rules-orion.md, with fixed dice, not read back from the code under test."""

from __future__ import annotations

import pytest

from gmtool.report.exploration import exploration_report
from gmtool.report.render import render
from gmtool.rolltables.roller import DiceRoller
from gmtool.rules.orion.campaign_explore import explore_hex
from gmtool.rules.orion.exploration import OrionTables
from gmtool.dice.sources import FixedSource
from helpers import make_campaign, shipped_library

LIB = shipped_library()
TABLES = OrionTables(LIB)


# ------------------------------------------------------------------ §6 contamination (A4.2)


def _contaminated(orders: int, lang: str) -> tuple[str, dict, int, int]:
    """alice explores next to her homeworld with 4 (hostile, negative event), 9 (⌈9/2⌉ = 5,
    contamination), 7 (type), 5 (size): the post's "Losses" line, its JSON, her orders and
    her homeworld's colonists after it."""
    c = make_campaign()
    alice = c.player("alice")
    alice.orders = orders
    hex_ = alice.homeworld.neighbours()[0]
    source = FixedSource([4, 9, 7, 5])
    result = explore_hex(c, TABLES, alice, hex_, DiceRoller(source))
    source.finish()
    report = exploration_report(result, TABLES, lang, {"kind": "fixed"}, LIB.find_row, str(hex_), "alice")
    lines = [line for line in render(report, "plain").splitlines() if line.startswith(("Losses", "Потери"))]
    home = c.homeworld(alice).planet
    assert home is not None
    return "\n".join(lines), report.data, alice.orders, home.population


@pytest.mark.parametrize(
    "orders, lang, line, taken, left, colonists",
    [
        (2, "en", "Losses: 1 order", {"lose_orders": 1}, 1, 3),
        (1, "en", "Losses: 1 order", {"lose_orders": 1}, 0, 3),
        (0, "en", "Losses: 1 colonist on the homeworld (no orders were left)", {"lose_colonists_if_no_orders": 1}, 0, 2),
        (2, "ru", "Потери: 1 ордер", {"lose_orders": 1}, 1, 3),
        (0, "ru", "Потери: 1 колонист в Родном мире (ордеров не было)", {"lose_colonists_if_no_orders": 1}, 0, 2),
    ],
)
def test_a_contaminations_losses_line_says_which_loss_happened(orders, lang, line, taken, left, colonists):
    told, data, orders_after, population = _contaminated(orders, lang)
    assert told == line
    assert data["taken"] == taken
    assert (orders_after, population) == (left, colonists)  # the example homeworld starts with 3


def test_outside_a_campaign_the_losses_line_still_gives_the_rule():
    from gmtool.rules.orion.exploration import explore

    source = FixedSource([4, 9, 7, 5])
    result = explore(DiceRoller(source), TABLES, 1, None)
    report = exploration_report(result, TABLES, "ru", {"kind": "fixed"}, LIB.find_row)
    text = render(report, "plain")
    assert "Потери: 1 ордер; если ордеров нет — 1 колонист в Родном мире" in text
    assert "taken" not in report.data
