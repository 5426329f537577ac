"""``gmtool agent check``: agent checks (docs/rules-orion.md A10)."""

from __future__ import annotations

from typing import Annotated, List, Optional

import typer

from gmtool.cli.common import (
    CampaignOpt,
    DiceChoice,
    DiceOpt,
    FormatOpt,
    LangOpt,
    Output,
    SeedOpt,
    TablesOpt,
    library,
    require_campaign,
    user_text,
)
from gmtool.errors import InputError
from gmtool.locale import t as tr

app = typer.Typer(
    help="Agent checks: d10 + modifiers against a difficulty (docs/rules-orion.md A10).", no_args_is_help=True
)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="agent")


@app.command("check")
def check_command(
    difficulty: Annotated[
        str, typer.Option("--difficulty", "-d", help="A number, or 'automatic' (no roll).", show_default=False)
    ],
    modifier: Annotated[
        Optional[List[int]], typer.Option("--modifier", "-m", help="A modifier. Repeatable.", show_default=False)
    ] = None,
    espionage: Annotated[
        bool,
        typer.Option("--espionage", help="An espionage ability: add own Secret Operations, subtract the target's."),
    ] = False,
    own_ops: Annotated[
        Optional[int], typer.Option("--own-ops", help="Own Secret Operations level.", show_default=False)
    ] = None,
    target_ops: Annotated[
        Optional[int], typer.Option("--target-ops", help="The target's Secret Operations level.", show_default=False)
    ] = None,
    counter: Annotated[int, typer.Option("--counter", help="Counter-espionage bonus (+) or penalty (-).")] = 0,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
) -> None:
    """Resolve an agent check: critical success (natural 10 or margin ≥ 4), success (margin ≥ 0),
    failure, critical failure (natural 1 or margin ≤ −4); the natural die wins.

    \b
    Examples:
      gmtool agent check --difficulty 6 --modifier 1
      gmtool agent check --difficulty 7 --espionage --own-ops 3 --target-ops 1 --dice 5 --format json
      gmtool agent check --difficulty automatic --lang ru
    """
    from gmtool.report.council import agent_check_report
    from gmtool.rules.orion.agents import (
        OUTCOMES_TABLE,
        CheckModifier,
        agent_check,
        espionage_modifiers,
        parse_difficulty,
    )

    out = Output(format, lang)
    level = parse_difficulty(difficulty)
    if (own_ops is not None or target_ops is not None or counter) and not espionage:
        raise InputError(key="cli.espionage_only")
    mods = [CheckModifier(m, "modifier") for m in modifier or []]
    if espionage:
        mods += espionage_modifiers(own_ops or 0, target_ops or 0, counter)
    choice = DiceChoice(dice, seed)
    check = agent_check(library(tables).get(OUTCOMES_TABLE, "orion"), choice.source, level, mods)
    choice.finish()
    out.emit(agent_check_report(check, out.lang, choice.info))


@app.command("hire")
def hire_command(
    player: Annotated[str, typer.Option("--player", "-p", help="The hiring leader.", show_default=False)],
    name: Annotated[str, typer.Option("--name", help="The agent's name.", show_default=False)],
    speciality: Annotated[
        List[str],
        typer.Option(
            "--speciality",
            "-s",
            help="One or two specialities (tables/orion/agent-specialities.toml).",
            show_default=False,
        ),
    ],
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Hire an agent with one or two specialities (up to the leader's agent limit).

    \b
    Example:
      gmtool agent hire -c DIR --player bob --name "Kess" --speciality spy --speciality saboteur
    """
    from gmtool.app.agents import hire_agent
    from gmtool.report.agents import hire_report
    from gmtool.rolltables.model import pick

    done = hire_agent(require_campaign(campaign), player, user_text(name), list(speciality), tables)
    out, specs, agent = Output(format, lang, done.state), done.rules, done.result
    out.emit(hire_report(agent, [pick(specs.row(s).label, out.lang) for s in agent.specialities], out.lang))


@app.command("use")
def use_command(
    agent: Annotated[str, typer.Argument(help="The agent's name.", show_default=False)],
    ability: Annotated[str, typer.Argument(help="An ability id (tables/orion/agents.toml).", show_default=False)],
    target: Annotated[
        Optional[str], typer.Option("--target", "-t", help="The target leader.", show_default=False)
    ] = None,
    frame: Annotated[
        Optional[str],
        typer.Option(
            "--frame",
            help="On a critical success in a covert operation, the leader the target will blame.",
            show_default=False,
        ),
    ] = None,
    counter: Annotated[
        int, typer.Option("--counter", help="A further counter-espionage bonus (+) or penalty (-).")
    ] = 0,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
) -> None:
    """Activate one ability of an agent (once per agent per turn; a paid one costs 1 order).

    The target's leader learns what the outcome says: an agent of unknown race on a
    failure, the sender on a critical failure, a framed race on a critical success.

    \b
    Examples:
      gmtool agent use -c DIR Kess steal-tech --target alice
      gmtool agent use -c DIR Kess sabotage --target alice --frame carol --dice 10
    """
    from gmtool.app.agents import use_agent
    from gmtool.report.agents import use_report

    done = use_agent(require_campaign(campaign), agent, ability, target, frame, counter, tables, dice)
    out, state, result, choice = Output(format, lang, done.state), done.state, done.result, done.dice
    from gmtool.report.dice_block import with_dice  # scheme 2: what checking these dice needs

    out.emit(with_dice(use_report(result, out.lang, choice.info), choice.entries, out.lang, names=state.seat_names()))


@app.command("move")
def move_command(
    agent: Annotated[str, typer.Argument(help="The agent's name.", show_default=False)],
    blockaded_by: Annotated[
        str, typer.Option("--blockaded-by", help="The blockading leader (docs/rules-orion.md A7).", show_default=False)
    ],
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
) -> None:
    """Move an agent in or out of a blockaded system: an espionage check against the
    blockader's counter-espionage; a critical failure means the agent is captured.

    \b
    Example:
      gmtool agent move -c DIR Kess --blockaded-by alice
    """
    from gmtool.app.agents import move_agent
    from gmtool.report.agents import use_report

    done = move_agent(require_campaign(campaign), agent, blockaded_by, tables, dice)
    out, state, result, choice = Output(format, lang, done.state), done.state, done.result, done.dice
    from gmtool.report.dice_block import with_dice  # scheme 2: what checking these dice needs

    out.emit(with_dice(use_report(result, out.lang, choice.info), choice.entries, out.lang, names=state.seat_names()))


@app.command("set")
def set_command(
    player: Annotated[str, typer.Option("--player", "-p", help="The leader.", show_default=False)],
    limit: Annotated[
        Optional[int], typer.Option("--limit", min=0, max=20, help="How many agents it may keep.", show_default=False)
    ] = None,
    ops: Annotated[
        Optional[int], typer.Option("--ops", min=0, max=20, help="Its Secret Operations level.", show_default=False)
    ] = None,
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Set a leader's agent limit or Secret Operations level (from its research).

    \b
    Example:
      gmtool agent set -c DIR --player bob --limit 1 --ops 2
    """
    from gmtool.app.agents import set_agents

    done = set_agents(require_campaign(campaign), player, limit, ops)
    out, leader = Output(format, lang, done.state), done.result
    out.reply(
        tr("reply.agent_set", out.lang, leader=leader.name, limit=leader.agent_limit, ops=leader.secret_ops),
        {"leader": leader.name, "agent_limit": leader.agent_limit, "secret_ops": leader.secret_ops},
    )
