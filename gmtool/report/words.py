"""Small phrases shared by reports and command replies: counted nouns and resource
changes, written by the catalogs' plural rules (``gmtool.locale``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.locale import t
from gmtool.report.i18n import tr
from gmtool.report.model import Text, bold, text

# a resource an effect changes → its counted message in the catalogs
_COUNTED = {"bc": "n_bc", "rp": "n_rp", "orders": "n_orders", "colonists": "n_colonists"}
# a reason a build was not made (rules/orion) → its message
BUILD_REASONS = {
    "not active": "build_reason.not_active",
    "blockade": "build_reason.blockade",
    "not enough PP and BC": "build_reason.short",
}


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def change(kind: str, n: int, lang: str) -> str:
    """``+1 ордер``, ``−2 ВС``; an unknown resource reads ``kind +n``."""
    key = _COUNTED.get(kind)
    if key is None:
        from gmtool.locale import has

        return t("change." + kind, lang, n=n) if has("change." + kind) else f"{kind} {signed(n)}"
    text = t(key, lang, n=abs(n))
    return ("+" if n > 0 else "−" if n < 0 else "") + text


def build_reason(reason: str, lang: str) -> str:
    key = BUILD_REASONS.get(reason)
    return t(key, lang) if key else reason


def victory_facts(v: Mapping[str, Any], lang: str) -> list[tuple[str, Text]]:
    """The game's last line: who won, then how («Winner: carol — victory by colonising
    Orion») — never a line that could be read as Orion winning (the turn's end post, and
    ``gmtool status`` once the game is over, which so need not import the turn posts)."""
    who = v.get("leader") or ", ".join(v.get("tied", [])) or "—"
    label = "winners" if not v.get("leader") and len(v.get("tied", [])) > 1 else "winner"
    return [(tr(label, lang), [bold(who)] + text(f" — {tr('victory_' + v['kind'], lang)}"))]
