"""The Galactic Council in a campaign (`gmtool council propose | tally | choose | repeal`,
docs/rules-orion.md A9): each opens the campaign, plays the rule, commits — one call.  (A
leader's ballot is an order: `council vote|elect` give it through session.give_orders.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.app.done import Done
from gmtool.app.session import open_session
from gmtool.struct import Struct


def propose_bills(
    folder: Path,
    pick: int | None = None,
    chair: str | None = None,
    target: str | None = None,
    tables: list[Path] | None = None,
    faces: str | None = None,
) -> Done:
    """The chair draws two bills (journaled dice), ``pick`` puts one to the vote, ``target``
    names the leader it goes to: ``rules`` is the bills' table, ``result`` the vote."""
    from gmtool.rules.orion.council_campaign import propose

    with open_session(folder) as session:
        state = session.state
        bills = session.library(tables).get("bills", "orion")
        choice = session.dice("council: bills deck", faces)
        named = state.player(target).name if target else None
        vote = propose(state, bills, choice.source, pick, state.player(chair) if chair else None, named)
        choice.finish()
        session.commit(choice)
        return Done(state, bills, vote, choice)


class Tally(Struct):
    """A council tally: the state after it, the bills' table, the tally (a BillTally or an
    ElectionTally), the bill's id ("" for an election) and who did not vote."""

    __slots__ = ("state", "bills", "result", "bill", "not_voted")

    def __init__(self, state: Any, bills: Any, result: Any, bill: str, not_voted: list[str]) -> None:
        self.state = state
        self.bills = bills
        self.result = result
        self.bill = bill
        self.not_voted = not_voted


def tally_votes(
    folder: Path, election: bool, chair_decision: str | None = None, tables: list[Path] | None = None
) -> Tally:
    """The open vote (a bill's, or with ``election`` the Emperor's) tallied once — bribes paid,
    a passed law recorded, committed; with none open, the last tally again, rebuilt from what
    the campaign recorded (nothing written: a game over can still post it)."""
    from gmtool.rules.orion.council_campaign import tally, tally_emperor
    from gmtool.rules.orion.turns import ensure_not_over

    with open_session(folder, changes=False) as session:
        state = session.state
        bills = session.library(tables).get("bills", "orion")
        council = state.game.council
        open_vote = council.election if election else council.vote
        if open_vote is not None and (open_vote.get("turn") == state.turn if election else open_vote.get("bill")):
            ensure_not_over(state)  # a new tally changes the game; re-posting the last one does not
            result: Any
            bill_id = ""
            if election:
                result, not_voted = tally_emperor(state)
            else:
                result, bill_id, not_voted = tally(state, bills, chair_decision)
            session.commit()
            return Tally(state, bills, result, bill_id, not_voted)
        result, last_bill, not_voted = session.last_tally(election)
        return Tally(state, bills, result, last_bill or "", not_voted)


def choose_law(folder: Path, law: str, target: str, tables: list[Path] | None = None) -> Done:
    """The chair names ``target`` as the leader a law in force goes to, among the tied:
    ``rules`` is the bills' table, ``result`` the LawChoice."""
    from gmtool.rules.orion.laws import choose

    with open_session(folder) as session:
        state = session.state
        bills = session.library(tables).get("bills", "orion")
        chosen = choose(state, bills, law, state.player(target).name)
        session.commit()
        return Done(state, bills, chosen)


def repeal_law(folder: Path, law: str) -> Done:
    """A law in force repealed; ``result``: the law removed."""
    from gmtool.rules.orion.council_campaign import repeal

    with open_session(folder) as session:
        removed = repeal(session.state, law)
        session.commit()
        return Done(session.state, None, removed)
