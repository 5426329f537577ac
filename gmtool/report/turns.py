"""Reports of the turn engine: the public post and one private report per leader."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable

from gmtool.report.agents import notice_text
from gmtool.report.done import done_line, entries_told
from gmtool.report.i18n import tr
from gmtool.report.model import Block, Facts, Heading, Items, Paragraph, Report, TableBlock, Text, bold, text
from gmtool.report.records import (
    award_text,
    dropped_dues,
    entries_for,
    entry_text,
    leader_copy,
    modules_text,
    w,
)
from gmtool.report.words import build_reason
from gmtool.report.words import victory_facts as _victory_facts
from gmtool.rolltables.model import pick
from gmtool.rules.orion.order_kinds import KINDS

if TYPE_CHECKING:
    from gmtool.rules.orion.turns import TurnEnd, TurnStart

Label = Callable[[str, str], str]  # (table, row id) → label
_HEX = re.compile(r"-?\d{1,4},-?\d{1,4}")
# What a tally knows that only the moderator may see (docs/rules-orion.md A9): each ballot, and who
# has not voted (with public planet counts that tells each ballot).
SECRET_TALLY_KEYS = ("ballots", "not_voted")


def _card(table: Any, card: str, lang: str) -> Text:
    row = table.row(card)
    return [bold(pick(row.label, lang))] + (text(f" — {pick(row.text, lang)}") if row.text else [])


def card_choices(row: Any, lang: str, label: Label | None = None) -> str:
    """An event card's choices in words (``choices: 1: +6 BC; 2: +4 RP``): what playing it
    with each ``--choice`` does (A11)."""
    from gmtool.errors import GmError
    from gmtool.report.records import changes_text
    from gmtool.rules.orion.effects import parse_effect

    parts = []
    n = 1
    while f"choice_{n}" in row.values:
        words = []
        for effect in row.values[f"choice_{n}"]:
            try:
                what, amount = parse_effect(effect)
                words.append(changes_text([{what: amount}], lang, label))
            except GmError:  # an effect these words do not know: as the table writes it
                words.append(str(effect))
        parts.append(f"{n}: {', '.join(w for w in words if w) or '—'}")
        n += 1
    return tr("card_choices", lang, choices="; ".join(parts)) if parts else ""


def _hand_card(table: Any, card: str, lang: str, label: Label | None = None) -> Text:
    """A card in a leader's hand: its name, its text and its choices."""
    row = table.row(card)
    choices = card_choices(row, lang, label)
    return _card(table, card, lang) + (text(f" ({choices})") if choices else [])


def quest_lines(checks: list[Any], lang: str, label: Label) -> list[Text]:
    """A leader's open quests as the turn end judged them (A11, wave 3): met (and what it
    gave), not met (and why), judged by the moderator, or completed on an earlier turn."""
    lines = []
    for check in checks:
        quest = label(check.table, check.quest)
        if check.status == "met":
            from gmtool.report.records import changes_text

            line = tr("quest_status.met", lang, quest=quest, changes=changes_text(check.changes, lang, label) or "—")
        elif check.status == "unmet":
            line = tr("quest_status.unmet", lang, quest=quest, reasons=check.reasons)
        else:
            line = tr(f"quest_status.{check.status}", lang, quest=quest)
        lines.append(text(line))
    return lines


def _precedence_facts(out: TurnEnd, lang: str) -> list[tuple[str, Text]]:
    """The other victories that held at this turn end, and why the first won (A12, wave 3)."""
    if not out.victory or not out.victories_also:
        return []
    also = "; ".join(
        f"{v.leader or ', '.join(v.tied) or '—'}: {tr('victory_' + v.kind, lang)}" for v in out.victories_also
    )
    why = tr(
        "victory_precedence",
        lang,
        winner=tr("victory_" + out.victory.kind, lang),
        others=", ".join(tr("victory_" + v.kind, lang) for v in out.victories_also),
    )
    return [(tr("victories_also", lang), text(also)), (tr("victory_why", lang), text(why))]


def start_public(out: TurnStart, quests: Any, lang: str, label: Label | None = None) -> Report:
    """The start post; with the public news recorded before the start (``out.log``)."""
    facts: list[tuple[str, Text]] = [(tr("stage", lang).capitalize(), text(str(out.stage)))]
    earlier = entries_for(out.log, None)
    tail: list[Block] = (
        [Heading(text(w("so_far", lang))), Items([text(entry_text(e, lang, label)) for e in earlier])]
        if earlier
        else []
    )
    data = out.to_data()
    if "log" in data:
        data["log"] = earlier  # the JSON tells only the public ones
    if out.victory:
        facts += _victory_facts(out.victory.to_data(), lang)
        return Report(text(tr("turn_start_title", lang, n=out.turn)), [Facts(facts)] + tail, data)
    if out.token_dealt:
        facts.append((tr("token", lang), [bold(out.token_dealt)]))
    if out.chair:
        facts.append((tr("chair", lang), text(out.chair)))
    facts.append((tr("movement_order", lang), text(" → ".join(out.movement_order))))
    if out.quest:
        facts.append((tr("quest", lang), _card(quests, out.quest, lang)))
    if out.events_dealt is not None:
        facts.append((tr("events_dealt", lang), text(tr("events_dealt_text", lang))))
    if out.bills_drawn:
        facts.append((tr("bills_drawn", lang), text(tr("bills_for_chair", lang))))
    data = {k: v for k, v in data.items() if k not in ("events_dealt", "bills_drawn")}
    return Report(text(tr("turn_start_title", lang, n=out.turn)), [Facts(facts)] + tail, data)


def start_private(
    out: TurnStart,
    leader: str,
    events: Any,
    bills: Any,
    lang: str,
    status: Report | None = None,
    reach: Report | None = None,
    template: list[str] | None = None,
    home: str | None = None,
) -> Report | None:
    """A leader's private start report, one post for its room: when the rooms open (``home``,
    its homeworld's hex in the galaxy's coordinates) the news of its new frame, the event
    cards dealt to it, the chair's two bills, its ``status`` (what ``status --player`` shows),
    its ``reach`` (what ``reach --player`` shows) and its orders ``template`` for the turn.
    None when it holds nothing."""
    blocks: list = []
    if home is not None:
        blocks.append(Paragraph(text(tr("rooms_open", lang, home=home))))
    cards = (out.events_dealt or {}).get(leader)
    if cards:
        blocks += [Heading(text(tr("your_events", lang))), Items([_hand_card(events, c, lang) for c in cards])]
    if out.bills_drawn and out.chair == leader:
        blocks += [
            Heading(text(tr("bills_drawn", lang))),
            Items([_card(bills, b, lang) for b in out.bills_drawn]),
            Paragraph(text(tr("pick_hint", lang))),
        ]
        if any(bills.row(b).values.get("to") in ("chair_choice", "fewest_planets") for b in out.bills_drawn):
            blocks.append(Paragraph(text(tr("choice_hint", lang))))  # the chair's choice (A3)
    if status is not None:  # its first block (turn, stage, whose view) is the title's
        blocks += status.blocks[1:] if status.blocks and isinstance(status.blocks[0], Facts) else status.blocks
    if reach is not None:
        blocks += reach.blocks
    if template:
        blocks += template_blocks(template, out.turn, lang)
    if not blocks:
        return None
    data: dict[str, Any] = {
        "leader": leader,
        "events": cards or [],
        "bills": out.bills_drawn if out.chair == leader else None,
    }
    if home is not None:
        data["homeworld"] = home
    if status is not None:
        data["status"] = status.data
    if reach is not None:
        data["reach"] = reach.data
    if template:
        data["orders_template"] = template
    return Report(text(f"{leader}: {tr('turn_start_title', lang, n=out.turn)}"), blocks, data)


def end_public(
    out: TurnEnd,
    bills: Any,
    quests: Any,
    lang: str,
    label: Label | None = None,
    treaties: list[dict[str, Any]] | None = None,
) -> Report:
    """The public post: the Council, the Guardian, what every leader may know of the turn
    (the turn's public log), the public treaties in force, the standings toward the
    territorial victory."""
    facts: list[tuple[str, Text]] = []
    council = out.council
    if council is not None and not council.bill:
        facts.append((tr("bill", lang), text(tr("no_bill", lang))))
    if council is not None and council.bill and council.tally is not None:
        tally = council.tally
        result = tr("passed" if tally.passed else "rejected", lang)
        facts.append((tr("bill", lang), _card(bills, council.bill, lang)))
        facts.append(
            (
                tr("council_result", lang),
                text(tr("council_count", lang, yes=tally.yes, no=tally.no, result=result)),
            )
        )
        if tally.tie:
            facts.append((tr("tie", lang), text(tr("chair_decided", lang, chair=tally.chair))))
    if out.election is not None:
        facts.append((tr("emperor", lang), text(out.election.elected or tr("nobody_elected", lang))))
    for quest, leaders in out.quests_completed.items():
        facts.append(
            (tr("quest_done", lang), [bold(pick(quests.row(quest).label, lang))] + text(f" — {', '.join(leaders)}"))
        )
    guardian = out.guardian
    if guardian is not None:
        state = (
            w("guardian_alive", lang, toughness=guardian.toughness, full=guardian.full)
            if guardian.alive
            else w("guardian_dead", lang)
        )
        regained = out.guardian_regained
        gain = regained.toughness - regained.before if regained is not None else 0
        if guardian.alive and gain > 0:  # the battle's line (this turn's log) shows it before this
            state += " " + w("guardian_regained", lang, n=gain)
        facts.append((w("guardian", lang), text(state)))
    news = [text(entry_text(e, lang, label)) for e in entries_for(out.log, None)]
    tail: list = []
    if news:
        tail += [Heading(text(w("this_turn", lang))), Items(news)]
    if treaties:  # A6, treaties: the public ones in force
        from gmtool.report.treaties import treaty_blocks

        tail += treaty_blocks(treaties, lang)
    if out.standings and not out.victory:
        tail += [
            Heading(text(w("standings", lang))),
            TableBlock(
                [tr("leader", lang), tr("planets", lang), w("homeworlds", lang)],
                [[s.leader, str(s.planet_count), str(s.homeworlds)] for s in out.standings],
            ),
        ]
    if out.victory:
        facts += _victory_facts(out.victory.to_data(), lang) + _precedence_facts(out, lang)
        ranked = out.victory.standings
        blocks: list = [Facts(facts)] + tail
        if ranked:
            blocks.append(
                TableBlock(
                    [tr(k, lang) for k in ("leader", "planets", "population", "bc")],
                    [[s.leader, str(s.planets), str(s.population), str(s.bc)] for s in ranked],
                )
            )
        return Report(text(tr("turn_end_title", lang, n=out.turn)), blocks, _public_data(out))
    facts.append((tr("next_turn", lang), text(f"{out.next_turn} ({tr('stage', lang)} {out.next_stage})")))
    facts.append((tr("movement_order", lang), text(" → ".join(out.next_order))))
    return Report(text(tr("turn_end_title", lang, n=out.turn)), [Facts(facts)] + tail, _public_data(out))


def _public_data(out: TurnEnd) -> dict[str, Any]:
    data = {k: v for k, v in out.to_data().items() if k != "production"}
    data["log"] = entries_for(out.log, None)
    for key in ("council", "election"):  # totals only: never who voted or who did not (A9)
        if key in data:
            data[key] = {k: v for k, v in data[key].items() if k not in SECRET_TALLY_KEYS}
    return data


def _leader_item(item: dict[str, Any]) -> dict[str, Any]:
    """An order of the file as its leader's report gives it: a dropped award's reason left out."""
    if "result" not in item and "log" not in item:
        return item
    out = dict(item)
    if "result" in out:
        out["result"] = leader_copy(out["result"])
    if "log" in out:
        out["log"] = [leader_copy(e) for e in out["log"]]
    return out


def _hex_result(item: dict[str, Any], hexes: Callable[[str], str]) -> dict[str, Any]:
    """An order whose result is a bare hex (a colony founded) with it in the leader's frame."""

    kind = KINDS.get(str(item.get("order")))
    if kind is not None and kind.plain == "hex" and isinstance(item.get("result"), str):
        return {**item, "result": hexes(item["result"])}
    return item


def dropped_lines(
    dropped: list[tuple[Any, Any]], stage: int, lang: str, label: Callable[..., str], hexes: Callable[[str], str]
) -> tuple[list[str], list[dict[str, Any]]]:
    """A leader's orders the deadline dropped: each in its words, why (in words only: no
    moderator's hint) and where it was given; and the same as JSON data."""
    from dataclasses import replace

    from gmtool.report.room import problem_text
    from gmtool.rules.orion.order_words import Wording
    from gmtool.rules.orion.turns import QUESTS

    wording = Wording(lang, hexes, label, QUESTS.get(stage, QUESTS[1]))
    lines, data = [], []
    for order, problem in dropped:
        kind = KINDS.get(order.kind)
        said = kind.words(order.value, wording) if kind is not None else f"{order.kind} {order.value}"
        reason = problem_text(replace(problem, kind=""), lang, hexes)  # the order's words name it already
        place = tr("room_from", lang, post=order.post_id, index=order.index) if order.post_id else order.place(lang)
        lines.append(tr("order_dropped", lang, order=said, reason=reason, place=place))
        value = order.value
        if isinstance(value, str) and _HEX.fullmatch(value):  # a bare hex (a dict's is rewritten with the rest)
            value = hexes(value)
        data.append(
            {"kind": order.kind, "value": value, "post_id": order.post_id, "index": order.index, "reason": reason}
        )
    return lines, data


def template_blocks(template: list[str], turn: int, lang: str) -> list[Block]:
    """The orders template as plain lines, one paragraph each: never in a code box or a
    list (quoted and code text is never read as commands; a list's bullet is no ``!``).
    In Markdown, "--" and "..." are escaped from the typographer like any text."""
    return [
        Heading(text(tr("orders_template", lang, n=turn))),
        Paragraph(text(tr("orders_template_note", lang))),
        *[Paragraph(text(line)) for line in template],
    ]


def without_template(report: Report, lang: str) -> Report:
    """``report`` without the orders template :func:`template_blocks` wrote into it (the
    report itself when it holds none): for the moderator's work page, where the leader's
    next start report, which holds the template again, joins it in one post."""
    template = report.data.get("orders_template") if isinstance(report.data, dict) else None
    if not template:
        return report
    note = text(tr("orders_template_note", lang))
    blocks = report.blocks
    for i in range(len(blocks) - 1):
        after = blocks[i + 1]
        if isinstance(blocks[i], Heading) and isinstance(after, Paragraph) and after.text == note:
            return Report(report.title, blocks[:i] + blocks[i + 2 + len(template) :], report.data)
    return report


def ships_data(player: Any) -> dict[str, Any]:
    """A leader's ships as its report's JSON gives them (A8, A8a)."""
    from gmtool.rules.orion.fitting import data_of

    return {
        "scouts": player.scouts,
        "colony_ships": player.colony_ships,
        "fleet_size": player.fleet_size,
        "fleet_max": player.fleet_max,
        "warships": data_of(player),
    }


def ships_blocks(player: Any, lang: str, label: Callable[..., str]) -> list[Block]:
    """A leader's ships in its private report: scouts, colony ships, the fleet size
    ``current (max)`` (A8) and each warship with its modules (A8a)."""
    from gmtool.report.records import warship_lines

    ships = ships_data(player)
    blocks: list[Block] = [
        Heading(text(tr("ships_heading", lang))),
        Facts(
            [
                (tr("scouts", lang), text(str(ships["scouts"]))),
                (tr("colony_ships", lang), text(str(ships["colony_ships"]))),
                (tr("fleet", lang), text(tr("fleet_size_max", lang, size=ships["fleet_size"], max=ships["fleet_max"]))),
            ]
        ),
    ]
    lines = warship_lines(ships["warships"], lang, label)
    if lines:
        blocks.append(Items([text(line) for line in lines]))
    return blocks


def end_private(
    out: TurnEnd,
    player: Any,
    inbox: list[dict[str, Any]],
    events: Any,
    lang: str,
    done: list[dict[str, Any]] | None = None,
    label: Callable[..., str] | None = None,
    hexes: Callable[[str], str] = str,
    template: list[str] | None = None,
    dropped: list[tuple[Any, Any]] | None = None,
    treaties: list[dict[str, Any]] | None = None,
) -> Report:
    """A leader's private report: everything that happened to it this turn, whichever way
    it was entered (the turn's log), its production, its cards, news and awards due.
    ``hexes`` writes a hex in the leader's frame (closed rooms before turn 7); ``template``:
    the orders template that ends it (gmtool/forum/order_commands.py ``orders_template``);
    ``dropped``: its orders the deadline dropped, each (the order as its room gave it, the
    problem), told first with why; ``treaties``: those it may see, in force and proposed
    (its own, and the public ones)."""
    label = label or (lambda table, row_id, **_: row_id)
    prod = out.production
    rows = [
        [
            hexes(p.hex),
            tr("yes" if p.active else "no", lang),
            str(p.workers),
            str(p.scientists),
            str(p.pp),
            str(p.rp),
            str(p.bc),
            f"+{p.growth}",
        ]
        for p in prod.planets
        if p.owner == player.name
    ]
    totals = prod.totals.get(player.name, {"bc": 0, "rp": 0, "orders": 0})
    facts: list[tuple[str, Text]] = [
        (tr("bc", lang), text(f"{player.bc} (+{totals['bc']} {tr('from_production', lang)})")),
        (tr("rp", lang), text(f"{player.rp} (+{totals['rp']} {tr('from_production', lang)})")),
        (tr("orders", lang), text(f"{player.orders} (+{totals['orders']} {tr('per_turn', lang)})")),
    ]
    headers = [tr(k, lang) for k in ("hex_col", "active", "workers", "scientists", "pp", "rp", "bc", "growth_col")]
    made = [p.buildings for p in prod.planets if p.owner == player.name]
    if any(made):  # what its buildings made, included in PP, RP and BC (A6)
        headers.append(tr("buildings_col", lang))
        for row, got in zip(rows, made):
            row.append(", ".join(f"+{n} {tr(k, lang)}" for k, n in got.items()) or "—")
    blocks: list = [TableBlock(headers, rows), Facts(facts), *ships_blocks(player, lang, label)]
    builds = [b for b in prod.builds if b.get("leader") == player.name]
    if builds:
        blocks += [
            Heading(text(tr("builds", lang))),
            Items(
                [
                    text(
                        f"{label('costs', b['item'])}"
                        + (f" ({modules_text(b['modules'], label)})" if b.get("modules") else "")
                        + f" ({hexes(b['hex'])}): "
                        + (
                            f"{tr('built', lang)} ({b['cost']} = "
                            f"{b['from_pp']} {tr('pp', lang)} + {b['from_bc']} "
                            f"{tr('bc', lang)})"
                            if b["built"]
                            else f"{tr('not_built', lang)} ({build_reason(b['reason'], lang)})"
                        )
                    )
                    for b in builds
                ]
            ),
        ]
    checks = out.quest_checks.get(player.name)
    if checks:  # the turn's quests, and whether this leader met them (A11, wave 3)
        blocks += [Heading(text(tr("your_quests", lang))), Items(quest_lines(checks, lang, label))]
    if player.hand:
        blocks += [
            Heading(text(tr("your_events", lang))),
            Items([_hand_card(events, c, lang, label) for c in player.hand]),
        ]
    if inbox:
        blocks += [Heading(text(tr("inbox", lang))), Items([text(notice_text(m, lang)) for m in inbox])]
    mine = [d for d in done or [] if d["leader"] == player.name]
    # an award the moderator dropped is not also told as still to hand out (A13, wave 3)
    undone = dropped_dues(entries_for(out.log, player.name))
    # what an order of the file wrote into the turn's log (a record, an exploration, a colony,
    # a quest …) is told once, with the order; "This turn" tells the rest
    told = [[e for e in entries_told(d, player.name) if not any(e is u for u in undone)] for d in mine]
    shown = [e for entries in told for e in entries] + undone
    happened = [e for e in entries_for(out.log, player.name) if not any(e is s for s in shown)]
    if happened:
        blocks = [
            Heading(text(w("this_turn", lang))),
            Items([text(entry_text(leader_copy(e), lang, label, hexes)) for e in happened], w("this_turn", lang)),
        ] + blocks
    if player.awards:
        blocks += [
            Heading(text(w("awards_open", lang))),
            Items(
                [
                    text(award_text({**a, "hex": hexes(a["hex"]) if a.get("hex") else None}, lang, label))
                    for a in player.awards
                ]
            ),
        ]
    if mine:
        blocks = [
            Heading(text(tr("orders_done", lang))),
            Items(
                [
                    text(line)
                    for d, entries in zip(mine, told)
                    for line in (
                        [entry_text(leader_copy(e), lang, label, hexes) for e in entries]
                        if entries
                        else [done_line(d, lang, label, hexes)]
                    )
                ],
                tr("orders_done", lang),
            ),
        ] + blocks
    if dropped:
        lines, gone = dropped_lines(dropped, out.stage, lang, label, hexes)
        blocks = [
            Heading(text(tr("orders_dropped", lang))),
            Paragraph(text(tr("orders_dropped_note", lang))),
            Items([text(line) for line in lines], tr("orders_dropped", lang)),
        ] + blocks
    if treaties:
        from gmtool.report.treaties import treaty_blocks

        blocks += treaty_blocks(treaties, lang)
    if template:
        blocks += template_blocks(template, out.turn + 1, lang)
    data = {
        "leader": player.name,
        "orders_done": [_leader_item(_hex_result(d, hexes)) for d in mine],
        "builds": builds,
        "turn": out.turn,
        "planets": [p.to_data() for p in prod.planets if p.owner == player.name],
        "bc": player.bc,
        "rp": player.rp,
        "orders": player.orders,
        "income": totals,
        "hand": player.hand,
        **({"quests": [c.to_data() for c in checks]} if checks else {}),
        "inbox": inbox,
        "log": [leader_copy(e) for e in happened],
        "awards": player.awards,
        "ships": ships_data(player),
        **({"orders_template": template} if template else {}),
        **({"dropped": gone} if dropped else {}),
        **({"treaties": treaties} if treaties else {}),
    }
    from gmtool.rules.orion.frames import rewrite

    data = rewrite(data, hexes)  # the JSON in the leader's frame too (closed rooms)
    return Report(text(f"{player.name}: {tr('turn_end_title', lang, n=out.turn)}"), blocks, data)
