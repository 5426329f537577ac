"""Reports for ``gmtool roll``: the expression, every die, the total."""

from __future__ import annotations

from typing import Any

from gmtool.dice.tree import DiceResult, DiceTerm, Die, GroupTerm, NegTerm, NumTerm, OpTerm, Term
from gmtool.report.i18n import tr
from gmtool.report.model import Facts, Paragraph, Report, Span, Text, bold, literal_text, raw, text


def die_spans(dice: list[Die]) -> Text:
    """``[6, 5, 3, ~~1~~]``: dropped dice struck through, exploded marked ``!``,
    successes in bold."""
    out: Text = [raw("[")]
    for i, die in enumerate(dice):
        if i:
            out.append(raw(", "))
        face = f"{die.face}!" if die.exploded else str(die.face)
        style = "s" if not die.kept else ("b" if die.success else None)
        out.append(raw(face, style))
    out.append(raw("]"))
    return out


def term_spans(term: Term) -> Text:
    if isinstance(term, DiceTerm):
        return die_spans(term.dice)
    if isinstance(term, NumTerm):
        return [raw(str(term.value))]
    if isinstance(term, OpTerm):
        return term_spans(term.left) + [raw(f" {term.op} ")] + term_spans(term.right)
    if isinstance(term, NegTerm):
        return [raw("-")] + term_spans(term.operand)
    assert isinstance(term, GroupTerm)
    return [raw("(")] + term_spans(term.inner) + [raw(")")]


def trail_spans(result: DiceResult, lang: str) -> Text:
    """``4d6kh3 = [6, 5, 3, ~~1~~] = 14``."""
    spans = [Span(result.expression), raw(" = ")] + term_spans(result.term)
    spans += [raw(" = "), bold(str(result.total))]
    if result.counts_successes:
        spans.append(Span(" " + tr("successes_word", lang, n=result.total)))
    return spans


def roll_ids_text(ids: list[int] | None) -> str:
    """``#41–#44`` (or ``#41``) — the journal ids a player can look up."""
    if not ids:
        return ""
    return f"#{ids[0]}" if ids[0] == ids[-1] else f"#{ids[0]}–#{ids[-1]}"


def source_text(source_info: dict[str, Any], lang: str) -> Text:
    ids = roll_ids_text(source_info.get("roll_ids"))
    if source_info.get("kind") == "stream":
        return text(f"{tr('stream', lang)} {ids}".strip())
    if source_info.get("kind") == "manual":
        faces = ",".join(str(f) for f in source_info.get("faces", []))
        return literal_text(f"{tr('fixed', lang)}: {faces}" + (f", {tr('journaled', lang)} {ids}" if ids else ""))
    if source_info.get("kind") == "fixed":
        faces = ",".join(str(f) for f in source_info.get("faces", []))
        return literal_text(f"{tr('fixed', lang)}: {faces}")
    seed = source_info.get("seed")
    return text(tr("random", lang) + (f" ({tr('seed', lang)} {seed})" if seed is not None else ""))


def roll_report(result: DiceResult, lang: str, source_info: dict[str, Any]) -> Report:
    title = text(f"{tr('roll', lang)}: ", Span(result.expression))
    facts: list[tuple[str, Text]] = []
    if result.comment:
        facts.append((tr("comment", lang), text(result.comment)))
    facts.append((tr("dice_source", lang), source_text(source_info, lang)))
    data = result.to_data()
    data["source"] = source_info
    return Report(title, [Paragraph(trail_spans(result, lang)), Facts(facts)], data)
