"""The treaties a report lists (docs/rules-orion.md A6, treaties): each in force or proposed,
with its parties, whether it is public and the leaders' own text — escaped with every span
by the report's format, as any player's text is."""

from __future__ import annotations

from typing import Any

from gmtool.report.i18n import tr
from gmtool.report.model import Block, Heading, Items, text


def treaty_line(one: dict[str, Any], lang: str) -> str:
    """``1 (alice, bob; public): «…»``, a proposal with whom it awaits, a treaty whose end some
    parties confirmed with who did."""
    fields = {
        "n": one["id"],
        "parties": ", ".join(one["parties"]),
        "visibility": tr("treaty_public_word" if one["public"] else "treaty_secret_word", lang),
        "text": one["text"],
    }
    if one["status"] == "proposed":
        waiting = [p for p in one["parties"] if p not in one["confirmed"]]
        return tr("treaty_line_proposed", lang, waiting=", ".join(waiting), **fields)
    if one.get("ending"):
        return tr("treaty_line_ending", lang, ending=", ".join(one["ending"]), **fields)
    return tr("treaty_line", lang, **fields)


def treaty_blocks(treaties: list[dict[str, Any]], lang: str) -> list[Block]:
    """A ``Treaties`` heading and a line for each (nothing when there are none)."""
    if not treaties:
        return []
    return [Heading(text(tr("treaties", lang))), Items([text(treaty_line(one, lang)) for one in treaties])]
