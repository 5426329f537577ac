"""``gmtool council tally``: count a Galactic Council vote (RULES.md A9)."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from gmtool.cli.common import FormatOpt, LangOpt, Output, handles_errors

app = typer.Typer(help="The Galactic Council: count bills and elections (RULES.md A9).", no_args_is_help=True)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="council")


@app.command("tally")
@handles_errors
def tally_command(
    ballots: Annotated[Path, typer.Argument(help="A ballots file (CONTRACT.md format).", show_default=False)],
    election: Annotated[bool, typer.Option("--election", help="An Emperor's election (candidate = \"NAME\").")] = False,
    private: Annotated[bool, typer.Option("--private", help="The moderator's post: every ballot with its bribe "
                                          "(never post it publicly).")] = False,
    chair_decision: Annotated[Optional[str], typer.Option("--chair-decision", help="yes|no: the chair's decision "
                                                          "on a tie when the chair abstained.",
                                                          show_default=False)] = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Count the votes: planets + 1 per 3 BC of bribes; ties go to the chair. The public post
    shows totals only; --private shows every ballot.

    \b
    Examples:
      gmtool council tally ballots.toml --format bbcode
      gmtool council tally ballots.toml --private --lang ru
      gmtool council tally election.toml --election
    """
    from gmtool.errors import InputError
    from gmtool.report.council import bill_report, election_report
    from gmtool.rules.orion.council import ballots_from_dict, tally_bill, tally_election
    from gmtool.tomlfile import display_path, read_toml

    out = Output(format, lang)
    data = read_toml(ballots, InputError)
    where = display_path(ballots)
    chair, items, decision = ballots_from_dict(data, election, lambda msg: InputError(f"{where}: {msg}"))
    if chair_decision is not None:
        if chair_decision not in ("yes", "no"):
            raise InputError("--chair-decision must be yes or no")
        decision = chair_decision
    if election:
        out.emit(election_report(tally_election(items), out.lang, private))
    else:
        out.emit(bill_report(tally_bill(items, chair, decision), out.lang, private=private))
