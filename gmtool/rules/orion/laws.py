"""Bills and laws carried out (docs/rules-orion.md A9, "What a bill does"): a one-off bill acts
in the turn it passes, a law at every turn end while it stands, a law forbids what it says,
a bill may repeal a law. What each bill does is data — its row of the bills table:

* ``effects``: the effects vocabulary (:mod:`gmtool.rules.orion.effects`, shared with event
  cards and quest rewards);
* ``to``: whom they go to — ``every`` leader (the default), the leader the chair names
  (``chair_choice``), or the leader with the ``fewest_planets`` (a tie is the chair's to decide
  when the bill passes, A3; at a later turn end of a law, every tied leader gets it);
* ``repeals``: the id of the law it repeals when it passes.

Nothing here prints or reads files; the tables come from the caller."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmtool.campaign import decks
from gmtool.campaign.model import BanEntry, Campaign
from gmtool.errors import RuleRefused
from gmtool.locale import Label
from gmtool.rolltables.model import Row, Table
from gmtool.rules.orion.common import note
from gmtool.rules.orion.effects import TARGETS, apply_effects, is_text_only, parse_effect, rules_of
from gmtool.struct import ReadByKey

BILLS_DECK = "bills"  # as council_campaign.BILLS_DECK (which imports this module)


def effects_of(row: Row) -> list[str]:
    return [str(e) for e in row.values.get("effects", [])]


def target_of(row: Row) -> str:
    to = str(row.values.get("to") or "every")
    if to not in TARGETS:
        from gmtool.errors import TableError

        raise TableError(key="orion.bad_bill_target", bill=row.id, to=to, targets=list(TARGETS))
    return to


def check_bills(bills: Table) -> None:
    """Every bill's effects, target and repeal read (a moderator's typo is told when the bills
    are drawn, not at the turn end): TableError naming the effect or the bill."""
    ids = {row.id for row in bills.rows}
    for row in bills.rows:
        for effect in effects_of(row):
            parse_effect(effect)
        target_of(row)
        repeals = row.values.get("repeals")
        if repeals is not None and repeals not in ids:
            from gmtool.errors import TableError

            raise TableError(key="orion.bad_bill_repeals", bill=row.id, repeals=repeals, bills=sorted(ids))


def needs_choice(row: Row) -> bool:
    """Whether the chair names a leader for it before it can act (``to = "chair_choice"``)."""
    return target_of(row) == "chair_choice" and bool(effects_of(row))


@dataclass(slots=True)
class BillEffect(ReadByKey):
    """What a bill or a law did this turn (A9): to whom, what changed for each, the rules it
    set, whether the moderator applies it (``text``), the law it repealed, and how the leaders
    were chosen — ``tied`` (the fewest planets), ``chosen_by`` (the chair)."""

    bill: str
    law: bool
    leaders: list[str] = field(default_factory=list)
    changes: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)
    text: bool = False
    repealed: str | None = None
    tied: list[str] = field(default_factory=list)
    chosen_by: str | None = None
    turn: int | None = None  # a one-off rule: the turn it holds

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"bill": self.bill, "law": self.law, "leaders": self.leaders}
        if self.changes:
            out["changes"] = self.changes
        if self.rules:
            out["rules"] = self.rules
        if self.text:
            out["text"] = True
        if self.repealed:
            out["repealed"] = self.repealed
        if self.tied:
            out["tied"] = self.tied
        if self.chosen_by:
            out["chosen_by"] = self.chosen_by
        if self.turn is not None:
            out["for_turn"] = self.turn
        return out


def laws_in_force(campaign: Campaign) -> list[str]:
    return [law["id"] for law in campaign.council.laws]


def dealable(campaign: Campaign, bills: Table) -> list[str]:
    """The bills that may be dealt (A9): never a law in force, nor a bill repealing a law that
    is not in force."""
    force = set(laws_in_force(campaign))
    out = []
    for row in bills.rows:
        repeals = row.values.get("repeals")
        if row.id in force or (repeals and repeals not in force):
            continue
        out.append(row.id)
    return out


def _fewest(campaign: Campaign) -> list[str]:
    from gmtool.rules.orion.council_campaign import planets_of

    counts = {p.name: planets_of(campaign, p.name) for p in campaign.players}
    least = min(counts.values(), default=0)
    return [name for name, n in counts.items() if n == least]


def check_choice(campaign: Campaign, row: Row, target: str | None) -> None:
    """Refuse a chair's choice that names no leader of the campaign."""
    if target is not None and target not in {p.name for p in campaign.players}:
        raise RuleRefused(
            key="council.choice_unknown",
            bill=Label(row.label),
            leader=target,
            leaders=[p.name for p in campaign.players],
        )


def recipients(campaign: Campaign, row: Row, chosen: str | None, at_pass: bool) -> tuple[list[str], list[str], bool]:
    """(the leaders it goes to, the tied leaders, whether the chair's choice decided) — refused,
    asking for the chair's choice, where it fits several and the chair has not named one (A3)."""
    to = target_of(row)
    chair = campaign.council.chair or "—"
    if to == "every":
        return [p.name for p in campaign.players], [], False
    if to == "chair_choice":
        if chosen is None:
            raise RuleRefused(key="council.choice_needed", bill=Label(row.label), chair=chair)
        check_choice(campaign, row, chosen)
        return [chosen], [], True
    tied = _fewest(campaign)
    if len(tied) == 1:
        return tied, [], False
    if not at_pass:  # a law at a later turn end: every tied leader (the post says the tie)
        return tied, tied, False
    if chosen is None or chosen not in tied:
        raise RuleRefused(key="council.choice_tied", bill=Label(row.label), chair=chair, tied=tied)
    return [chosen], tied, True


def _apply(campaign: Campaign, row: Row, out: BillEffect) -> None:
    effects = effects_of(row)
    seated = {p.name for p in campaign.players}
    out.leaders = [leader for leader in out.leaders if leader in seated]  # one named may have left since
    for leader in out.leaders:
        changed = apply_effects(campaign, campaign.player(leader), effects)
        if changed:
            out.changes[leader] = changed
    out.rules = rules_of(effects)
    out.text = is_text_only(effects)


def enact(campaign: Campaign, bills: Table, bill_id: str, chosen: str | None) -> BillEffect:
    """A bill that passed (A9): a law enters into force (it acts at the turn end, with the
    others); a one-off bill acts now — its resources at once, its rules for the next turn; a
    bill that repeals a law ends it. Logged for the public post."""
    row = bills.row(bill_id)
    law = bool(row.values.get("law"))
    out = BillEffect(row.id, law)
    repeals = row.values.get("repeals")
    if repeals:
        for entry in list(campaign.council.laws):
            if entry["id"] == repeals:
                campaign.council.laws.remove(entry)
                out.repealed = str(repeals)
                decks.to_bottom(campaign, BILLS_DECK, str(repeals))  # dealt again once repealed
    effects = effects_of(row)
    if law:
        if all(entry["id"] != row.id for entry in campaign.council.laws):
            entry_new: Any = {"id": row.id, "turn": campaign.turn}
            if target_of(row) == "chair_choice" and effects:
                out.leaders, _, _ = recipients(campaign, row, chosen, True)
                entry_new["leader"] = out.leaders[0]
                out.chosen_by = campaign.council.chair
            campaign.council.laws.append(entry_new)
        out.rules = rules_of(effects)
        out.text = is_text_only(effects)
    elif effects:
        out.leaders, out.tied, by_chair = recipients(campaign, row, chosen, True)
        out.chosen_by = campaign.council.chair if by_chair else None
        _apply(campaign, row, out)
        if out.rules:  # a one-off rule holds the next turn (A9: "next turn")
            out.turn = campaign.turn + 1
            for leader in out.leaders:
                for rule in out.rules:
                    ban: BanEntry = {"bill": row.id, "rule": rule, "leader": leader, "turn": out.turn}
                    campaign.council.bans.append(ban)
    note(campaign, "bill_enacted", public=True, **out.to_data())
    return out


def apply_laws(campaign: Campaign, bills: Table) -> list[BillEffect]:
    """Every law in force acts at the turn end (A9), in the order they passed; each is logged
    for the public post with what it did. Bans of an earlier turn are dropped."""
    campaign.council.bans = [b for b in campaign.council.bans if b["turn"] > campaign.turn]
    done = []
    for entry in campaign.council.laws:
        row = bills.find(entry["id"])
        if row is None:  # a law whose row the moderator removed: nothing to carry out
            continue
        out = BillEffect(row.id, True)
        if any(parse_effect(e)[0] in ("bc", "rp", "orders", "colonists") for e in effects_of(row)):
            leader = entry.get("leader")
            out.leaders, out.tied, _ = (
                ([leader], [], False) if leader else recipients(campaign, row, None, at_pass=False)
            )
        _apply(campaign, row, out)
        told = entry["turn"] == campaign.turn and not out.changes  # passed now: its line says it already
        if (out.changes or out.text or out.rules) and not told:  # the public post lists each law, what it did
            note(campaign, "law_applied", public=True, **out.to_data())
        done.append(out)
    return done


def forbidding(campaign: Campaign, bills: Table | None, rule: str, leader: str) -> Row | None:
    """The bill whose rule ``rule`` holds for ``leader`` now (a law in force, or a one-off
    bill's rule for this turn), or None."""
    if bills is None:
        return None
    for entry in campaign.council.laws:
        row = bills.find(entry["id"])
        if row is None or rule not in rules_of(effects_of(row)):
            continue
        if entry.get("leader") in (None, leader):
            return row
    for ban in campaign.council.bans:
        if ban["rule"] == rule and ban["leader"] == leader and ban["turn"] == campaign.turn:
            return bills.find(ban["bill"])
    return None


def refuse_if_forbidden(campaign: Campaign, bills: Table | None, rule: str, leader: str) -> None:
    """Refuse, naming the bill, what a law (or a one-off bill for this turn) forbids (A9)."""
    row = forbidding(campaign, bills, rule, leader)
    if row is not None:
        raise RuleRefused(key=f"council.forbids_{rule}", bill=Label(row.label), leader=leader)
