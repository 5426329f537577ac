"""Reports for agents in a campaign: hiring, an ability used, who learns what."""

from __future__ import annotations

from typing import Any

from gmtool.report.council import check_line
from gmtool.report.i18n import tr
from gmtool.report.model import Facts, Heading, Items, Paragraph, Report, Text, bold, text
from gmtool.rolltables.model import pick


def notice_text(message: dict[str, Any], lang: str) -> str:
    """A private notice in the reader's language."""
    kind = message.get("kind", "")
    key = f"notice_{kind}"
    fields = {k: v for k, v in message.items() if k not in ("kind", "turn")}
    if kind == "agent_learned":  # what a mission revealed: "BC 16, orders 0"
        fields["learned"] = learned_text(fields.get("learned", {}), lang)
    try:
        body = tr(key, lang, **fields)
    except KeyError:
        body = f"{kind}: {fields}"
    return f"{tr('turn', lang)} {message.get('turn', '?')}: {body}"


def learned_text(learned: dict[str, Any], lang: str) -> str:
    parts = []
    for key, value in learned.items():
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value) or tr("none", lang)
        parts.append(f"{tr('learned_' + key, lang)} {value}")
    return "; ".join(parts)


def hire_report(agent: Any, specialities: list[str], lang: str) -> Report:
    facts = [
        (tr("agent", lang), [bold(agent.name)]),
        (tr("owner", lang), text(agent.owner)),
        (tr("specialities", lang), text(", ".join(specialities))),
    ]
    data = {
        "agent": agent.name,
        "owner": agent.owner,
        "specialities": agent.specialities,
        "hired_turn": agent.hired_turn,
    }
    return Report(text(tr("agent_hired", lang)), [Facts(facts)], data)


def use_report(result: Any, lang: str, source_info: dict[str, Any], viewer: str | None = None) -> Report:
    """An agent's mission. For the moderator (``viewer`` None) the news it sends each leader,
    to pass on; in ``viewer``'s own room only the news for that leader (the others' reach
    them in their reports)."""
    from gmtool.report.dice import source_text

    ability = pick(result.ability.label, lang)
    title = f"{result.agent.name} ({result.agent.owner}): {ability}"
    if result.target is not None:
        title += f" → {result.target.name}"
    facts: list[tuple[str, Text]] = [(tr("outcome", lang), [bold(pick(result.check.outcome.label, lang))])]
    if result.ability.text:
        facts.append((tr("ability", lang), text(pick(result.ability.text, lang))))
    if result.check.outcome.text:
        facts.append((tr("consequence", lang), text(pick(result.check.outcome.text, lang))))
    if result.learned:
        facts.append((tr("learned", lang), [bold(learned_text(result.learned, lang))]))
    if result.paid_order:
        facts.append((tr("paid", lang), text(tr("one_order", lang))))
    if result.check.natural is not None:
        facts.append((tr("dice_source", lang), source_text(source_info, lang)))
    blocks: list = [Paragraph(check_line(result.check, lang)), Facts(facts)]
    if viewer is not None:
        own = [notice_text(msg, lang) for who, msg in result.notices if who == viewer]
        if own:
            blocks += [Heading(text(tr("your_notices", lang))), Items([text(line) for line in own])]
    elif result.notices:
        blocks.append(Heading(text(tr("private_notices", lang))))
        blocks.append(Items([text(f"{who}: {notice_text(msg, lang)}") for who, msg in result.notices]))
    data = result.to_data()
    data["source"] = source_info
    if viewer is not None:
        data["notices"] = [n for n in data.get("notices", []) if n.get("to") == viewer]
    return Report(text(title), blocks, data)
