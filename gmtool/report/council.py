"""Reports for agent checks and council tallies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.report.i18n import tr
from gmtool.report.model import Facts, Heading, Paragraph, Report, Span, TableBlock, Text, bold, raw, text
from gmtool.report.tables import signed
from gmtool.rolltables.model import pick

if TYPE_CHECKING:  # named for the annotations only: `gmtool status` does not load the Council's rules
    from gmtool.rules.orion.agents import AgentCheck
    from gmtool.rules.orion.council import BillTally, ElectionTally
    from gmtool.rules.orion.council_campaign import BillsDrawn

_MOD_KEYS = {"modifier": "mod_plain", "own_ops": "own_ops", "target_ops": "target_ops", "counter": "counter_esp"}


def check_line(check: AgentCheck, lang: str) -> Text:
    margin = check.margin
    if margin is None:  # no die: an automatic success
        return [bold(tr("automatic", lang)), Span(" → "), bold(pick(check.outcome.label, lang))]
    out: Text = [raw(f"d10 = {check.natural}")]
    for m in check.modifiers:
        out += [raw(f", {signed(m.value)}"), Span(f" ({m.note or tr(_MOD_KEYS[m.kind], lang)})")]
    if check.modifiers:
        out.append(raw(f" = {check.total}"))
    out += [
        Span(f" {tr('vs_difficulty', lang)} {check.difficulty}"),
        raw(f", {tr('margin', lang)} {signed(margin)}"),
        Span(" → "),
        bold(pick(check.outcome.label, lang)),
    ]
    if check.decided_by_natural:
        out.append(Span(f" ({tr('natural_wins', lang, n=check.natural)})", "i"))
    return out


def agent_check_report(check: AgentCheck, lang: str, source_info: dict[str, Any], title: str | None = None) -> Report:
    from gmtool.report.dice import source_text

    facts: list[tuple[str, Text]] = [(tr("outcome", lang), [bold(pick(check.outcome.label, lang))])]
    if check.outcome.text:
        facts.append((tr("consequence", lang), text(pick(check.outcome.text, lang))))
    if check.natural is not None:
        facts.append((tr("dice_source", lang), source_text(source_info, lang)))
    data = check.to_data()
    data["source"] = source_info
    return Report(text(title or tr("agent_check", lang)), [Paragraph(check_line(check, lang)), Facts(facts)], data)


def bill_report(
    tally: BillTally, lang: str, bill: str | None = None, private: bool = False, not_voted: list[str] | None = None
) -> Report:
    """The tally of a bill: the public post gives the totals only (docs/rules-orion.md A9); the
    moderator's ``private`` post adds every ballot and ``not_voted`` (who has not voted)."""
    not_voted = not_voted if private else None  # with public planet counts it would tell each ballot
    result = tr("passed" if tally.passed else "rejected", lang)
    facts: list[tuple[str, Text]] = []
    if bill:
        facts.append((tr("bill", lang), text(bill)))
    # public: abstentions and silence in one total, under one label whether anyone was silent
    # or not, so it never tells that someone did not vote (A9); private: apart, with the names
    abstained = (
        (tr("abstain_votes", lang), text(str(tally.abstain)))
        if private
        else (tr("abstain_or_silent_votes", lang), text(str(tally.abstain_or_silent)))
    )
    facts += [
        (tr("yes_votes", lang), text(str(tally.yes))),
        (tr("no_votes", lang), text(str(tally.no))),
        abstained,
        (tr("needed_bill", lang), text(str(tally.no + 1))),
    ]
    if not_voted is not None:
        facts.append((tr("not_voted", lang), text(", ".join(not_voted) or tr("none", lang))))
    facts.append((tr("result", lang), [bold(result)]))
    if tally.tie:
        facts.append((tr("tie", lang), text(tr("chair_decided", lang, chair=tally.chair))))
    blocks: list = [Facts(facts)]
    if private:
        blocks += [Heading(text(tr("ballots", lang))), _ballot_table(tally.ballots, lang, bill=True)]
    title = tr("council_vote_private" if private else "council_vote", lang)
    data = tally.to_data(secret=not private)
    if bill:
        data["bill"] = bill
    if not_voted is not None:
        data["not_voted"] = not_voted
    return Report(text(title), blocks, data)


def election_report(
    tally: ElectionTally, lang: str, private: bool = False, not_voted: list[str] | None = None
) -> Report:
    """As :func:`bill_report`: who has not voted only in the moderator's ``private`` post."""
    not_voted = not_voted if private else None
    rows = [[name, str(n)] for name, n in tally.totals.items()]
    facts: list[tuple[str, Text]] = [
        (tr("total_votes", lang), text(str(tally.total_votes))),
        (tr("needed", lang), text(str(tally.needed))),
    ]
    if not_voted is not None:
        facts.append((tr("not_voted", lang), text(", ".join(not_voted) or tr("none", lang))))
    facts.append((tr("emperor", lang), [bold(tally.elected or tr("nobody_elected", lang))]))
    blocks: list = [TableBlock([tr("candidate", lang), tr("votes", lang)], rows, ["left", "right"]), Facts(facts)]
    if private:
        blocks += [Heading(text(tr("ballots", lang))), _ballot_table(tally.ballots, lang)]
    data = tally.to_data(secret=not private)
    if not_voted is not None:
        data["not_voted"] = not_voted
    return Report(text(tr("election_private" if private else "election", lang)), blocks, data)


def _ballot_table(ballots: list, lang: str, bill: bool = False) -> TableBlock:
    """A bill's ballots say yes/no/abstain in the reader's language; an election's name a candidate."""

    def shown(vote: str | None) -> str:
        if bill and vote in ("yes", "no", "abstain"):
            return tr(f"vote.{vote}", lang)
        return vote or tr("abstain", lang)

    rows = [[b.leader, shown(b.vote), str(b.planets), str(b.bribe_bc), str(b.votes)] for b in ballots]
    return TableBlock(
        [tr(k, lang) for k in ("leader", "ballot", "planets", "bribe", "votes")],
        rows,
        ["left", "left", "right", "right", "right"],
    )


def _bill_facts(bill_id: str, bills: Any, lang: str) -> list[tuple[str, Text]]:
    row = bills.row(bill_id)
    kind = tr("law_yes" if row.values.get("law") else "law_no", lang)
    out: list[tuple[str, Text]] = [(tr("bill", lang), [bold(pick(row.label, lang)), Span(f" ({kind})")])]
    if row.text:
        out.append((tr("effect", lang), text(pick(row.text, lang))))
    return out


def propose_report(vote: BillsDrawn, bills: Any, chair: str | None, lang: str) -> Report:
    blocks: list = [Facts([(tr("chair", lang), text(chair or "—"))])]
    data = {"turn": vote.turn, "chair": chair, "options": vote.options, "bill": vote.bill}
    if vote.bill:
        blocks.append(Heading(text(tr("bill_on_vote", lang))))
        blocks.append(Facts(_bill_facts(vote.bill, bills, lang)))
        if vote.target:
            blocks.append(Facts([(tr("chair_target", lang), text(vote.target))]))
            data["target"] = vote.target
    else:
        blocks.append(Heading(text(tr("bills_drawn", lang))))
        for i, bill_id in enumerate(vote.options, start=1):
            facts = _bill_facts(bill_id, bills, lang)
            facts[0] = (f"{i}", facts[0][1])
            blocks.append(Facts(facts))
        blocks.append(Paragraph(text(tr("pick_hint", lang))))
    return Report(text(tr("council_vote", lang)), blocks, data)


def ballot_report(
    voter: str, bill_id: str | None, bills: Any, vote: str, bribe: int, planets: int, lang: str
) -> Report:
    facts: list[tuple[str, Text]] = []
    if bill_id and bills is not None:
        facts += _bill_facts(bill_id, bills, lang)
    shown = tr(f"vote.{vote}", lang) if vote in ("yes", "no", "abstain") else vote
    facts += [
        (tr("ballot", lang), [bold(shown)]),
        (tr("planets", lang), text(str(planets))),
        (tr("bribe", lang), text(str(bribe))),
        (tr("votes", lang), text(str(planets + bribe // 3))),
    ]
    data = {
        "leader": voter,
        "bill": bill_id,
        "vote": vote,
        "bribe_bc": bribe,
        "planets": planets,
        "votes": planets + bribe // 3,
    }
    return Report(text(f"{voter}: {tr('your_vote', lang)}"), [Facts(facts)], data)
