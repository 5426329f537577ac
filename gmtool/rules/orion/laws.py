"""Bills and laws carried out (docs/rules-orion.md A9, "What a bill does"): a one-off bill acts
in the turn it passes, a law at every turn end while it stands, a law forbids what it says,
a bill may repeal a law. What each bill does is data — its row of the bills table:

* ``effects``: the effects vocabulary (:mod:`gmtool.rules.orion.effects`, shared with event
  cards and quest rewards);
* ``to``: whom they go to — ``every`` leader (the default), the leader the chair names
  (``chair_choice``), or the leader with the ``fewest_planets`` (a tie is the chair's to decide
  when the bill passes, a law's as a one-off bill's, A9 wave 4; at a later turn end of a law
  the rule is applied again: on a tie the leader who has it keeps it if it is among the tied,
  else the chair of that turn names one — :func:`choose`). The chair names its pick ahead
  (several, in its order: the first among the tied gets it); where it named none of the tied
  the turn does not wait: the first of them after the chair in the seating gets it
  (:func:`pick_tied`);
* ``repeals``: the id of the law it repeals when it passes.

Nothing here prints or reads files; the tables come from the caller."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmtool.campaign import decks
from gmtool.errors import RuleRefused
from gmtool.locale import Label
from gmtool.rolltables.model import Row, Table
from gmtool.rules.orion.common import note, planets_of
from gmtool.rules.orion.effects import TARGETS, apply_effects, is_text_only, parse_effect, rules_of
from gmtool.rules.orion.state import BanEntry, OrionCampaign
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
    kept_by: str | None = None  # a law's tie: the leader who had it is among the tied and keeps it
    turn: int | None = None  # a one-off rule: the turn it holds
    seated_after: str | None = None  # a tie the chair named none of: the seating after this chair decided
    passed_over: list[str] = field(default_factory=list)  # the leaders the chair named, none of them tied

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
        if self.kept_by:
            out["kept_by"] = self.kept_by
        if self.seated_after:
            out["seated_after"] = self.seated_after
        if self.passed_over:
            out["passed_over"] = self.passed_over
        if self.turn is not None:
            out["for_turn"] = self.turn
        return out


def laws_in_force(campaign: OrionCampaign) -> list[str]:
    return [law["id"] for law in campaign.game.council.laws]


def dealable(campaign: OrionCampaign, bills: Table) -> list[str]:
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


def _fewest(campaign: OrionCampaign) -> list[str]:
    counts = {p.name: planets_of(campaign, p.name) for p in campaign.players}
    least = min(counts.values(), default=0)
    return [name for name, n in counts.items() if n == least]


def check_choice(campaign: OrionCampaign, row: Row, target: str | None) -> None:
    """Refuse a chair's choice that names no leader of the campaign."""
    if target is not None and target not in {p.name for p in campaign.players}:
        raise RuleRefused(
            key="council.choice_unknown",
            bill=Label(row.label),
            leader=target,
            leaders=[p.name for p in campaign.players],
        )


@dataclass(slots=True)
class Recipients:
    """Whom a bill goes to (A3, A9): ``leaders``; ``tied``: the leaders tied for the fewest
    planets; ``by_chair``: the chair's choice decided; ``seated_after``: the chair named none
    of the tied, and the first of them after this chair in the seating got it;
    ``passed_over``: the leaders the chair named, none of them among the tied."""

    leaders: list[str]
    tied: list[str] = field(default_factory=list)
    by_chair: bool = False
    seated_after: str | None = None
    passed_over: list[str] = field(default_factory=list)


def _named(chosen: str | list[str] | None) -> list[str]:
    """The leaders the chair named, in its order, each once."""
    names = [chosen] if isinstance(chosen, str) else list(chosen or [])
    return list(dict.fromkeys(n for n in names if n))


def pick_tied(campaign: OrionCampaign, tied: list[str], chosen: str | list[str] | None) -> Recipients:
    """The leader of ``tied`` a bill or a law goes to (A9, wave 4): the first leader the chair
    named (``chosen``, its order) who is among them; where it named none of them the turn does
    not wait on the chair: the first of them after the chair in the seating (the order the
    chair passes round) gets it, and the result says whom the chair named."""
    named = _named(chosen)
    for leader in named:
        if leader in tied:
            return Recipients([leader], tied, by_chair=True)
    seats = [p.name for p in campaign.players]
    chair = campaign.game.council.chair
    start = seats.index(chair) + 1 if chair in seats else 0
    first = next(n for n in seats[start:] + seats[:start] if n in tied)
    return Recipients([first], tied, seated_after=chair or "—", passed_over=named)


def recipients(campaign: OrionCampaign, row: Row, chosen: str | list[str] | None) -> Recipients:
    """Whom a bill goes to when it passes, a law's first turn as a one-off bill's (A9, wave 4);
    ``chosen``: the leaders the chair named, in its order (the moderator's word at the turn's
    end first). Refused, asking for the chair's choice, where the bill goes to the leader the
    chair names and it has named none (A3); a tie for the fewest planets never waits
    (:func:`pick_tied`)."""
    to = target_of(row)
    chair = campaign.game.council.chair or "—"
    if to == "every":
        return Recipients([p.name for p in campaign.players])
    named = _named(chosen)
    for leader in named:
        check_choice(campaign, row, leader)
    if to == "chair_choice":
        if not named:
            raise RuleRefused(key="council.choice_needed", bill=Label(row.label), chair=chair)
        return Recipients([named[0]], by_chair=True)
    tied = _fewest(campaign)
    if len(tied) <= 1:
        return Recipients(tied)
    return pick_tied(campaign, tied, named)


def check_word(campaign: OrionCampaign, word: str | None) -> None:
    """Refuse the chair's word given at the turn's end (`--chair-choice`) where it names no
    leader of the campaign, or there is no chair (stage 1)."""
    if word is None:
        return
    if campaign.stage == 1 or not campaign.game.council.chair:
        raise RuleRefused(key="council.no_chair")
    if word not in {p.name for p in campaign.players}:
        raise RuleRefused(key="council.word_unknown", leader=word, leaders=[p.name for p in campaign.players])


def goes_to_one(row: Row) -> bool:
    """Whether a bill with effects goes to one leader the chair may have to name: the leader
    the chair names, or the leader with the fewest planets (A3, A9)."""
    return target_of(row) in ("chair_choice", "fewest_planets") and bool(effects_of(row))


@dataclass(slots=True)
class Holder:
    """Who a law "to the leader with the fewest planets" goes to at a turn end after the one it
    passed (A9, wave 4): ``leader``; ``tied``: the leaders tied for the fewest planets (empty:
    one alone has them); ``kept``: the leader who had it is among them and keeps it; ``chosen``:
    the chair of this turn named it; ``seated_after``/``passed_over``: the chair named none of
    the tied (:func:`pick_tied`)."""

    leader: str
    tied: list[str] = field(default_factory=list)
    kept: bool = False
    chosen: bool = False
    seated_after: str | None = None
    passed_over: list[str] = field(default_factory=list)


def _this_turns_choice(campaign: OrionCampaign, entry: Any) -> str | None:
    return entry.get("choice") if entry.get("choice_turn") == campaign.turn else None


def holder_now(campaign: OrionCampaign, row: Row, entry: Any, word: str | None = None) -> Holder:
    """The rule of a "fewest planets" law applied again at this turn end (A9, wave 4): the
    leader alone with the fewest planets; on a tie the leader who has it, if among the tied;
    otherwise the leader the chair of this turn named — ``word``, its word the moderator gives
    at the turn's end, else its choice during the turn (:func:`choose`) — and where it named
    none of them, the first of them after the chair in the seating (:func:`pick_tied`)."""
    tied = _fewest(campaign)
    if len(tied) <= 1:
        return Holder(tied[0] if tied else "")
    holder = entry.get("holder")
    if holder in tied:
        return Holder(holder, tied, kept=True)
    picked = pick_tied(campaign, tied, [n for n in (word, _this_turns_choice(campaign, entry)) if n])
    return Holder(
        picked.leaders[0],
        tied,
        chosen=picked.by_chair,
        seated_after=picked.seated_after,
        passed_over=picked.passed_over,
    )


def _due_again(campaign: OrionCampaign, row: Row | None, entry: Any) -> bool:
    """Whether a law's "fewest planets" rule is applied again at this turn end: a law that goes
    to the leader with the fewest planets, passed on an earlier turn (in the turn it passes the
    chair's choice at the vote stands)."""
    if row is None or target_of(row) != "fewest_planets" or not effects_of(row):
        return False
    return entry["turn"] != campaign.turn or not entry.get("holder")


def choices_needed(campaign: OrionCampaign, bills: Table) -> list[tuple[Row, list[str]]]:
    """The laws in force whose tie the chair of this turn is asked to decide before the turn's
    end, as things stand now (A9, wave 4): each with the tied leaders (`post pending` names
    them; unanswered, the seating decides at the turn's end)."""
    out = []
    for entry in campaign.game.council.laws:
        row = bills.find(entry["id"])
        if row is None or not _due_again(campaign, row, entry):
            continue
        tied = _fewest(campaign)
        if len(tied) > 1 and entry.get("holder") not in tied and _this_turns_choice(campaign, entry) not in tied:
            out.append((row, tied))
    return out


@dataclass(slots=True)
class LawChoice(ReadByKey):
    """The chair's choice, for this turn's end, of the leader a "fewest planets" law goes to
    (A9, wave 4): the law, the leader named, the tied leaders, the chair."""

    law: str
    leader: str
    tied: list[str]
    chair: str
    turn: int

    def to_data(self) -> dict[str, Any]:
        return {"law": self.law, "leader": self.leader, "tied": self.tied, "chair": self.chair, "turn": self.turn}


def choose(campaign: OrionCampaign, bills: Table, law: str, leader: str) -> LawChoice:
    """The chair names ``leader`` for the law ``law`` (id or label, either language) at this
    turn's end, where the leaders with the fewest planets tie and the one who had it is not
    among them (A9, wave 4). Refused, saying why, when the law is not in force, does not go to
    the leader with the fewest planets, needs no choice now, or ``leader`` is not among the
    tied."""
    chair = campaign.game.council.chair
    if campaign.stage == 1 or not chair:
        raise RuleRefused(key="council.no_chair")
    row = bills.named(law)
    entry = next((e for e in campaign.game.council.laws if row is not None and e["id"] == row.id), None)
    if row is None or entry is None:
        raise RuleRefused(key="council.not_a_law", law=law, known=laws_in_force(campaign))
    check_choice(campaign, row, leader)
    if target_of(row) != "fewest_planets" or not effects_of(row):
        raise RuleRefused(key="council.law_no_choice", law=Label(row.label))
    tied = _fewest(campaign)
    if not _due_again(campaign, row, entry):  # passed this turn: the vote's choice stands
        raise RuleRefused(key="council.law_chosen_at_vote", law=Label(row.label), leader=entry.get("holder", "—"))
    if len(tied) <= 1:
        raise RuleRefused(key="council.law_alone", law=Label(row.label), leader=tied[0] if tied else "—")
    if entry.get("holder") in tied:
        raise RuleRefused(key="council.law_kept", law=Label(row.label), leader=entry.get("holder"), tied=tied)
    if leader not in tied:
        raise RuleRefused(key="council.law_not_tied", law=Label(row.label), leader=leader, tied=tied)
    entry["choice"], entry["choice_turn"] = leader, campaign.turn
    return LawChoice(row.id, leader, tied, chair, campaign.turn)


def _apply(campaign: OrionCampaign, row: Row, out: BillEffect) -> None:
    effects = effects_of(row)
    seated = {p.name for p in campaign.players}
    out.leaders = [leader for leader in out.leaders if leader in seated]  # one named may have left since
    for leader in out.leaders:
        changed = apply_effects(campaign, campaign.player(leader), effects)
        if changed:
            out.changes[leader] = changed
    out.rules = rules_of(effects)
    out.text = is_text_only(effects)


def _to(out: BillEffect, campaign: OrionCampaign, got: Recipients) -> None:
    out.leaders, out.tied, out.seated_after, out.passed_over = got.leaders, got.tied, got.seated_after, got.passed_over
    out.chosen_by = campaign.game.council.chair if got.by_chair else None


def enact(campaign: OrionCampaign, bills: Table, bill_id: str, chosen: str | list[str] | None) -> BillEffect:
    """A bill that passed (A9): a law enters into force (it acts at the turn end, with the
    others); a one-off bill acts now — its resources at once, its rules for the next turn; a
    bill that repeals a law ends it. Logged for the public post."""
    row = bills.row(bill_id)
    law = bool(row.values.get("law"))
    out = BillEffect(row.id, law)
    repeals = row.values.get("repeals")
    if repeals:
        for entry in list(campaign.game.council.laws):
            if entry["id"] == repeals:
                campaign.game.council.laws.remove(entry)
                out.repealed = str(repeals)
                decks.to_bottom(campaign.game, BILLS_DECK, str(repeals))  # dealt again once repealed
    effects = effects_of(row)
    if law:
        if all(entry["id"] != row.id for entry in campaign.game.council.laws):
            entry_new: Any = {"id": row.id, "turn": campaign.turn}
            if goes_to_one(row):  # the chair's choice stands, as for a one-off bill (A9, wave 4)
                _to(out, campaign, recipients(campaign, row, chosen))
                if out.leaders:
                    entry_new["leader" if target_of(row) == "chair_choice" else "holder"] = out.leaders[0]
            campaign.game.council.laws.append(entry_new)
        out.rules = rules_of(effects)
        out.text = is_text_only(effects)
    elif effects:
        _to(out, campaign, recipients(campaign, row, chosen))
        _apply(campaign, row, out)
        if out.rules:  # a one-off rule holds the next turn (A9: "next turn")
            out.turn = campaign.turn + 1
            for leader in out.leaders:
                for rule in out.rules:
                    ban: BanEntry = {"bill": row.id, "rule": rule, "leader": leader, "turn": out.turn}
                    campaign.game.council.bans.append(ban)
    note(campaign, "bill_enacted", public=True, **out.to_data())
    return out


def apply_laws(campaign: OrionCampaign, bills: Table, word: str | None = None) -> list[BillEffect]:
    """Every law in force acts at the turn end (A9), in the order they passed; each is logged
    for the public post with what it did. Bans of an earlier turn are dropped. ``word``: the
    chair's word the moderator gives at the turn's end, for a law's tie (:func:`holder_now`)."""
    campaign.game.council.bans = [b for b in campaign.game.council.bans if b["turn"] > campaign.turn]
    done = []
    for entry in campaign.game.council.laws:
        row = bills.find(entry["id"])
        if row is None:  # a law whose row the moderator removed: nothing to carry out
            continue
        out = BillEffect(row.id, True)
        if _due_again(campaign, row, entry):  # the rule applied again (A9, wave 4)
            held = holder_now(campaign, row, entry, word)
            entry["holder"] = held.leader
            out.leaders, out.tied = [held.leader] if held.leader else [], held.tied
            out.kept_by = held.leader if held.kept else None
            out.chosen_by = campaign.game.council.chair if held.chosen else None
            out.seated_after, out.passed_over = held.seated_after, held.passed_over
        elif target_of(row) == "fewest_planets" and entry.get("holder"):  # passed this turn
            out.leaders = [str(entry["holder"])]
        elif any(parse_effect(e)[0] in ("bc", "rp", "orders", "colonists") for e in effects_of(row)):
            leader = entry.get("leader")
            out.leaders = [leader] if leader else [p.name for p in campaign.players]
        entry.pop("choice", None)  # the chair's choice is this turn's
        entry.pop("choice_turn", None)
        _apply(campaign, row, out)
        told = entry["turn"] == campaign.turn and not out.changes  # passed now: its line says it already
        if (out.changes or out.text or out.rules) and not told:  # the public post lists each law, what it did
            note(campaign, "law_applied", public=True, **out.to_data())
        done.append(out)
    return done


def forbidding(campaign: OrionCampaign, bills: Table | None, rule: str, leader: str) -> Row | None:
    """The bill whose rule ``rule`` holds for ``leader`` now (a law in force, or a one-off
    bill's rule for this turn), or None."""
    if bills is None:
        return None
    for entry in campaign.game.council.laws:
        row = bills.find(entry["id"])
        if row is None or rule not in rules_of(effects_of(row)):
            continue
        if (entry.get("leader") or entry.get("holder")) in (None, leader):  # to one leader, or to all
            return row
    for ban in campaign.game.council.bans:
        if ban["rule"] == rule and ban["leader"] == leader and ban["turn"] == campaign.turn:
            return bills.find(ban["bill"])
    return None


def refuse_if_forbidden(campaign: OrionCampaign, bills: Table | None, rule: str, leader: str) -> None:
    """Refuse, naming the bill, what a law (or a one-off bill for this turn) forbids (A9)."""
    row = forbidding(campaign, bills, rule, leader)
    if row is not None:
        raise RuleRefused(key=f"council.forbids_{rule}", bill=Label(row.label), leader=leader)
