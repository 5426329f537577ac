"""``gmtool order KIND``: the moderator gives one order of the turn now, of any kind the
registry holds (gmtool/rules/orion/order_kinds.py ``ORDER_KINDS``, and a kind registered at
run time): its value read from the words by the kind's own keys and types, played by the
handler an orders file and a room post reach, committed, and answered with the line the
leader's report will give it."""

from __future__ import annotations

from typing import Annotated, Any, List, Optional

import typer

from gmtool.cli.common import CampaignOpt, DiceOpt, FormatOpt, LangOpt, Output, TablesOpt, require_campaign


def register(root: typer.Typer) -> None:
    root.command("order", context_settings={"ignore_unknown_options": True})(order_command)


def order_command(
    kind: Annotated[str, typer.Argument(help="The kind of order, as an orders file names it (colonize, assign …).")],
    player: Annotated[str, typer.Option("--player", "-p", help="The leader who gives it.", show_default=False)],
    value: Annotated[
        Optional[List[str]],
        typer.Argument(
            help="Its value: a plain value (2,-3; 9; a name) or KEY=VALUE words for its keys (hex=1,-3 workers=2).",
            show_default=False,
        ),
    ] = None,
    dice: DiceOpt = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Give one order of the turn now, of any kind an orders file takes (docs/turns.md, "Batch
    turns"), as the leader gives it: checked and played by the same rule, committed, and told
    in the words of the leader's report. A refusal writes nothing.

    \b
    Examples:
      gmtool order -c DIR colonize --player bob 3,-1
      gmtool order -c DIR assign --player bob hex=3,-1 workers=1 scientists=1
      gmtool order -c DIR build --player bob hex=3,-1 item=frigate modules=gun,gun,ars
    """
    from gmtool.app.session import give_orders
    from gmtool.errors import InputError
    from gmtool.report.done import done_lines
    from gmtool.report.labels import rule_labels
    from gmtool.rules.orion.order_kinds import KINDS

    record = KINDS.get(kind)
    if record is None:
        raise InputError(key="orders.unknown_kind", kind=kind, orders=list(KINDS))
    folder = require_campaign(campaign)
    given = give_orders(folder, [(player, kind, record.from_words(list(value or [])))], dice, tables)
    out = Output(format, lang, given.state)
    label = rule_labels(given.rules.library, out.lang)
    lines = [line for item in given.done for line in done_lines(item, item["leader"], out.lang, label)]
    data: dict[str, Any] = {
        "orders": [{k: item[k] for k in ("leader", "order", "value", "result")} for item in given.done]
    }
    if given.dice is not None and given.dice.info.get("roll_ids"):
        data["dice"] = given.dice.info
    out.reply("; ".join(lines), data)
