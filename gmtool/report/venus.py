"""Reports for Merchant of Venus: the table, a speed roll, a landing, a turn's end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.report.i18n import tr
from gmtool.report.model import Facts, Heading, Paragraph, Report, TableBlock, Text, bold, raw, text
from gmtool.rolltables.model import pick

if TYPE_CHECKING:
    from gmtool.rules.venus.play import Landed, PlayerTurnEnd


def _label(library: Any, table: str, row_id: str, lang: str) -> str:
    row = library.find_row(table, "venus", row_id)
    return pick(row.label, lang) if row else row_id


def venus_status_report(state: Any, library: Any, lang: str, created: str | None = None) -> Report:
    v = state.game
    rows = []
    players = []
    for p in state.players:
        m = v.merchants[p.name]
        rows.append(
            [
                p.name + (" ◀" if p.name == v.current else ""),
                _label(library, "races", p.race, lang),
                str(m.credits),
                _label(library, "ships", m.ship, lang),
                _label(library, "board", m.position, lang)
                + (f" ({tr('landing_' + m.landing, lang)})" if m.landing else ""),
                str(m.net_worth),
            ]
        )
        players.append(
            {
                "name": p.name,
                "race": p.race,
                "credits": m.credits,
                "ship": m.ship,
                "position": m.position,
                "landing": m.landing or None,
                "net_worth": m.net_worth,
                "bc": m.credits,
                "orders": 0,
                "homeworld": None,
            }
        )
    board = []
    for space, card in v.first_contact.items():
        shown = space in v.revealed
        board.append(
            [
                _label(library, "board", space, lang),
                _label(library, "first-contact", card, lang) if shown else tr("face_down", lang),
            ]
        )
    facts = [
        (tr("round", lang), text(str(state.turn))),
        (tr("first_player", lang), text(v.first_player)),
        (tr("current_player", lang), [bold(v.current)]),
        (tr("phase", lang), text(tr("phase_" + v.phase, lang))),
    ]
    if v.speed_dice:
        nav = f" · {tr('navigation_die', lang)}: {v.speed_dice[v.navigation - 1]}" if v.navigation else ""
        facts.append((tr("speed_dice", lang), text(", ".join(str(d) for d in v.speed_dice) + nav)))
    if v.winner:
        facts.append((tr("victory", lang), [bold(v.winner)]))
    if created:
        facts.insert(0, (tr("folder", lang), text(created)))
        facts.append((tr("commitment", lang), text(state.commitment)))
    blocks: list = [
        Facts(facts),
        TableBlock([tr(k, lang) for k in ("player", "race", "credits", "ship", "position", "net_worth")], rows),
        Heading(text(tr("first_contact_cards", lang))),
        TableBlock([tr("system", lang), tr("card", lang)], board),
        Paragraph(text(tr("encounters_face_down", lang, n=len(v.encounters)))),
    ]
    data = {
        "campaign": state.name,
        "ruleset": "venus",
        "turn": state.turn,
        "stage": None,
        "first_player": v.first_player,
        "current": v.current,
        "phase": v.phase,
        "winner": v.winner,
        "heading": v.heading,
        "speed_dice": list(v.speed_dice),
        "navigation_index": v.navigation,
        "players": players,
        "systems": [
            {
                "hex": None,
                "system": space,
                "discovery": "system",
                "planet": None,
                "owner": None,
                "explored_by": None,
                "first_contact": card if space in v.revealed else None,
            }
            for space, card in v.first_contact.items()
        ],
        "encounters": len(v.encounters),
    }
    title = tr("campaign_created", lang, name=state.name) if created else tr("status_title", lang, name=state.name)
    return Report(text(title), blocks, data)


def speed_report(roll: Any, library: Any, lang: str, source_info: dict[str, Any], ship: str) -> Report:
    from gmtool.dice.tree import Die
    from gmtool.report.dice import die_spans, source_text

    dice = [Die(roll.sides, f) for f in roll.dice]
    line: Text = [bold(tr("speed_dice", lang)), raw(": ")] + die_spans(dice) + [raw(f" = {roll.movement_value}")]
    facts: list = [
        (tr("heading", lang), text(roll.heading)),
        (tr("ship", lang), text(_label(library, "ships", ship, lang))),
        (tr("movement_value", lang), [bold(str(roll.movement_value))]),
    ]
    if roll.navigation:
        facts.append((tr("navigation_die", lang), text(f"{roll.dice[roll.navigation - 1]} (#{roll.navigation})")))
    facts.append((tr("dice_source", lang), source_text(source_info, lang)))
    data = roll.to_data()
    data["source"] = source_info
    blocks: list = [Paragraph(line), Facts(facts)]
    if not roll.navigation:
        blocks.append(Paragraph(text(tr("venus_navigation_hint", lang))))
    return Report(text(f"{roll.player}: {tr('movement_phase', lang)}"), blocks, data)


def navigation_report(roll: Any, library: Any, lang: str, ship: str) -> Report:
    """The navigation die assigned after the speed roll (no die is rolled)."""
    from gmtool.dice.tree import Die
    from gmtool.report.dice import die_spans

    dice = [Die(roll.sides, f) for f in roll.dice]
    line: Text = [bold(tr("speed_dice", lang)), raw(": ")] + die_spans(dice) + [raw(f" = {roll.movement_value}")]
    facts: list = [
        (tr("navigation_die", lang), [bold(str(roll.dice[roll.navigation - 1]))] + text(f" (#{roll.navigation})")),
        (tr("heading", lang), text(roll.heading)),
        (tr("ship", lang), text(_label(library, "ships", ship, lang))),
        (tr("movement_value", lang), text(str(roll.movement_value))),
    ]
    return Report(
        text(f"{roll.player}: {tr('venus_navigation_title', lang)}"), [Paragraph(line), Facts(facts)], roll.to_data()
    )


def landing_report(result: Landed, library: Any, lang: str) -> Report:
    facts: list = [
        (
            tr("landed_on", lang),
            text(f"{_label(library, 'board', result.space, lang)} ({tr('landing_' + result.kind, lang)})"),
        )
    ]
    if result.first_contact:
        row = library.find_row("first-contact", "venus", result.first_contact)
        facts.append(
            (
                tr("first_contact", lang),
                [bold(pick(row.label, lang))] + (text(f" — {pick(row.text, lang)}") if row and row.text else []),
            )
        )
    facts.append((tr("next_step", lang), text(tr("next_" + result.next.replace(" ", "_"), lang))))
    return Report(text(f"{result.player}: {tr('landing', lang)}"), [Facts(facts)], result.to_data())


def venus_end_report(result: PlayerTurnEnd, lang: str) -> Report:
    facts: list = [(tr("net_worth", lang), text(f"{result.net_worth} / {result.threshold}"))]
    if result.winner:
        facts.append((tr("victory", lang), [bold(tr("venus_winner", lang, name=result.winner))]))
    else:
        facts.append((tr("next_player", lang), [bold(str(result.next_player))]))
        facts.append((tr("round", lang), text(str(result.round))))
    return Report(text(f"{result.player}: {tr('turn_over', lang)}"), [Facts(facts)], result.to_data())
