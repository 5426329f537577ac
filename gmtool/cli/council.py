"""``gmtool council propose | vote | tally | elect | choose | repeal`` (docs/rules-orion.md A9)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from gmtool.cli.common import (
    CampaignOpt,
    DiceOpt,
    FormatOpt,
    LangOpt,
    Output,
    TablesOpt,
    campaign_dir,
    require_campaign,
)
from gmtool.errors import InputError
from gmtool.locale import t as tr

app = typer.Typer(
    help="The Galactic Council: bills, secret ballots, tallies, the Emperor (docs/rules-orion.md A9).",
    no_args_is_help=True,
)

PlayerOpt = Annotated[str, typer.Option("--player", "-p", help="The voting leader.", show_default=False)]
BribeOpt = Annotated[
    int,
    typer.Option("--bribe", min=0, help="BC spent on bribes: 1 vote per 3 BC, paid at the tally whatever the outcome."),
]


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="council")


@app.command("propose")
def propose_command(
    pick: Annotated[
        Optional[int], typer.Option("--pick", help="The chair's choice: 1 or 2.", show_default=False)
    ] = None,
    chair: Annotated[
        Optional[str], typer.Option("--chair", help="Name the chair (the first-turn token holder).", show_default=False)
    ] = None,
    target: Annotated[
        Optional[str],
        typer.Option(
            "--target",
            help="The leader the chair names for the bill, where it fits several (the Embargo's leader, "
            "a tie for the fewest planets).",
            show_default=False,
        ),
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
) -> None:
    """The chair draws 2 bills (shown to the chair); --pick puts one to the vote, the other
    goes to the bottom of the deck; --target names the leader the bill goes to where it
    fits several (also once the bill is picked). Not in stage 1.

    \b
    Examples:
      gmtool council propose -c DIR
      gmtool council propose -c DIR --pick 2
      gmtool council propose -c DIR --pick 1 --target bob
    """
    from gmtool.app.council import propose_bills
    from gmtool.report.council import propose_report

    done = propose_bills(require_campaign(campaign), pick, chair, target, tables, dice)
    out = Output(format, lang, done.state)
    out.emit(propose_report(done.result, done.rules, done.state.game.council.chair, out.lang))


@app.command("vote")
def vote_command(
    choice: Annotated[str, typer.Argument(help="yes, no or abstain.", show_default=False)],
    player: PlayerOpt,
    bribe: BribeOpt = 0,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Cast (or change) a leader's secret ballot on the bill before the Council.

    \b
    Example:
      gmtool council vote -c DIR --player carol no --bribe 6
    """
    from gmtool.app.session import give_orders
    from gmtool.report.council import ballot_report
    from gmtool.rules.orion.common import planets_of

    value = {"choice": choice.lower(), "bribe": bribe}
    given = give_orders(require_campaign(campaign), [(player, "vote", value)], tables=tables)
    state = given.state
    out = Output(format, lang, state)
    voter = state.player(player)
    bill = state.game.council.vote["bill"] if state.game.council.vote else None
    out.emit(
        ballot_report(
            voter.name,
            bill,
            given.rules.bills,
            given.result["vote"],
            bribe,
            planets_of(state, voter.name),
            out.lang,
        )
    )


@app.command("elect")
def elect_command(
    player: PlayerOpt,
    candidate: Annotated[
        Optional[str], typer.Option("--candidate", help="The leader voted for (none: abstain).", show_default=False)
    ] = None,
    bribe: BribeOpt = 0,
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Cast (or change) a ballot for Emperor — stage 3 only.

    \b
    Example:
      gmtool council elect -c DIR --player alice --candidate bob --bribe 3
    """
    from gmtool.app.session import give_orders
    from gmtool.report.council import ballot_report
    from gmtool.rules.orion.common import planets_of

    value: dict[str, Any] = {"bribe": bribe, **({"candidate": candidate} if candidate else {})}
    given = give_orders(require_campaign(campaign), [(player, "election", value)])
    state = given.state
    out = Output(format, lang, state)
    voter = state.player(player)
    out.emit(
        ballot_report(voter.name, None, None, candidate or "abstain", bribe, planets_of(state, voter.name), out.lang)
    )


@app.command("tally")
def tally_command(
    ballots: Annotated[
        Optional[Path],
        typer.Argument(
            help="A ballots file (docs/file-formats.md); none: the campaign's open vote.", show_default=False
        ),
    ] = None,
    election: Annotated[bool, typer.Option("--election", help="An Emperor's election.")] = False,
    private: Annotated[
        bool,
        typer.Option(
            "--private",
            help="The moderator's post: every ballot with its bribe, and who has not voted (never post it publicly).",
        ),
    ] = False,
    chair_decision: Annotated[
        Optional[str],
        typer.Option(
            "--chair-decision",
            help="yes|no: the chair's decision on a tie when the chair abstained.",
            show_default=False,
        ),
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Count the votes: planets + 1 per 3 BC of bribes; ties go to the chair. The public post
    shows the totals and the result only; --private shows every ballot and who has not voted.

    In a campaign the tally is made once (bribes paid, a passed law recorded); run it again
    with --private for the moderator's post of the same tally.

    \b
    Examples:
      gmtool council tally -c DIR --format bbcode
      gmtool council tally -c DIR --private
      gmtool council tally ballots.toml --lang ru
      gmtool council tally election.toml --election
    """
    from gmtool.report.council import bill_report, election_report
    from gmtool.rules.orion.council import bill_vote

    chair_decision = bill_vote(chair_decision)
    if chair_decision is not None and chair_decision not in ("yes", "no"):
        raise InputError(key="cli.chair_decision")
    if ballots is not None:
        from gmtool.errors import GmError
        from gmtool.rules.orion.council import ballots_from_dict, tally_bill, tally_election
        from gmtool.tomlfile import display_path, read_toml

        out = Output(format, lang)
        where = display_path(ballots)
        chair, items, decision = ballots_from_dict(
            read_toml(ballots, InputError),
            election,
            lambda msg: InputError(key="council.in_file", where=where, reason=msg),
        )
        decision = chair_decision or decision
        try:
            report = (
                election_report(tally_election(items), out.lang, private)
                if election
                else bill_report(tally_bill(items, chair, decision), out.lang, private=private)
            )
        except GmError as exc:
            from gmtool.locale import Msg

            inner = Msg("error." + exc.key, **exc.params) if exc.key else str(exc)
            raise type(exc)(key="council.in_file", where=where, reason=inner) from None
        out.emit(report)
        return
    if campaign_dir(campaign) is None:
        raise InputError(key="cli.ballots_or_campaign")

    from gmtool.app.council import tally_votes
    from gmtool.rolltables.model import pick
    from gmtool.rules.orion.council import ElectionTally

    done = tally_votes(require_campaign(campaign), election, chair_decision, tables)
    out, result, not_voted = Output(format, lang, done.state), done.result, done.not_voted
    if isinstance(result, ElectionTally):
        out.emit(election_report(result, out.lang, private, not_voted))
    else:
        bill = done.bills.row(done.bill)
        out.emit(bill_report(result, out.lang, pick(bill.label, out.lang), private, not_voted))


@app.command("choose")
def choose_command(
    law: Annotated[
        str, typer.Option("--law", help="A law in force, by id or label (tables/orion/bills.toml).", show_default=False)
    ],
    target: Annotated[
        str, typer.Option("--target", help="The leader the chair names: one of the tied.", show_default=False)
    ],
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """The chair names the leader a law in force goes to at this turn's end, where it goes to
    the leader with the fewest planets, several tie and the leader who had it is not among
    them (docs/rules-orion.md A9). Named by nobody, the first of the tied after the chair in
    the seating gets it.

    \b
    Example:
      gmtool council choose -c DIR --law relief-law --target bob
    """
    from gmtool.app.council import choose_law
    from gmtool.rolltables.model import pick

    done = choose_law(require_campaign(campaign), law, target, tables)
    out, bills, chosen = Output(format, lang, done.state), done.rules, done.result
    text = tr(
        "reply.law_chosen",
        out.lang,
        chair=chosen.chair,
        leader=chosen.leader,
        law=pick(bills.row(chosen.law).label, out.lang),
        tied=", ".join(chosen.tied),
    )
    out.reply(text, chosen.to_data())


@app.command("repeal")
def repeal_command(
    law: Annotated[str, typer.Argument(help="The id of a law in force.", show_default=False)],
    campaign: CampaignOpt = None,
) -> None:
    """Repeal a law (by the special action that repeals it).

    \b
    Example:
      gmtool council repeal -c DIR free-trade
    """
    from gmtool.app.council import repeal_law

    done = repeal_law(require_campaign(campaign), law)
    typer.echo(tr("reply.repealed", done.state.lang, law=done.result.id, turn=done.result.turn))
