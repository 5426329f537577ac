"""The "Dice" block of a post showing scheme-2 rolls (docs/verify.md): what a player needs to
re-check each face with the part key alone — the part and the share on a header line, then one
line a label with its dice (``turn 3 · alice · explore 1,-2 · exploration: d10 #1=7``).

The block is a code box: its text is laid out by gmtool and copied exactly, so that
``gmtool verify --key`` and the checker of docs/verify.md read it back from the post."""

from __future__ import annotations

import re
from typing import Any, Iterable

HEADER = re.compile(r"gmtool-v2 (setup|stage[1-3]) share ([0-9a-f]{64}|-)")
LINE = re.compile(r"((?:turn \d+|setup) · .+?): (d\d+ #\d+=\d+(?:, d\d+ #\d+=\d+)*)\s*$")
DIE = re.compile(r"d(\d+) #(\d+)=(\d+)")
KEY = re.compile(r"gmtool-v2 key (setup|stage[1-3]) ([0-9a-f]{64})")


def dice_lines(entries: Iterable[Any]) -> list[str]:
    """The block's lines for ``entries`` (journal entries of scheme 2), in roll order."""
    lines: list[str] = []
    at: tuple[str, str] | None = None
    last_label = None
    for e in entries:
        if not getattr(e, "part", "") or e.source != "stream":
            continue
        if (e.part, e.share) != at:
            at = (e.part, e.share)
            lines.append(f"gmtool-v2 {e.part} share {e.share or '-'}")
            last_label = None
        die = f"d{e.die} #{e.index}={e.face}"
        if e.label == last_label:
            lines[-1] += f", {die}"
        else:
            lines.append(f"{e.label}: {die}")
            last_label = e.label
    return lines


def key_lines(revealed: dict[str, str]) -> list[str]:
    """A revealed part key, as the block prints it."""
    return [f"gmtool-v2 key {part} {key}" for part, key in revealed.items()]


def with_dice(
    report: Any, entries: Iterable[Any], lang: str, extra: list[str] | None = None, notes: list[str] | None = None
) -> Any:
    """``report`` with a Dice block at its end: ``notes`` (the share, a key revealed) in words,
    then ``extra`` lines and the dice (the same report when there is nothing to show)."""
    from gmtool.report.i18n import tr
    from gmtool.report.model import CodeBlock, Paragraph, Report, Span

    lines = (extra or []) + dice_lines(entries)
    if not (lines or notes) or not hasattr(report, "blocks"):
        return report
    data = dict(report.data) if isinstance(report.data, dict) else report.data
    if isinstance(data, dict):
        data["dice_v2"] = lines
    blocks = [*report.blocks, Paragraph([Span(tr("dice_block.title", lang), "b")])]
    blocks += [Paragraph([Span(note)]) for note in notes or []]
    if lines:
        blocks.append(CodeBlock(lines))
    return Report(report.title, blocks, data)


def public_dice(
    report: Any,
    state: Any,
    turn: int,
    entries: list[Any],
    lang: str,
    revealed: dict[str, str] | None = None,
    end: bool = True,
) -> Any:
    """A turn's public post with its Dice block: at the turn's end, the turn's players' share
    and the posts it came from (or that none was posted, or no thread read); the share the
    dice rolled during the turn took (the previous turn's: docs/verify.md); the part keys
    revealed this turn, the moderator's free rolls of the turn and the turn's public rolls."""
    from gmtool.report.i18n import tr

    v2 = getattr(state, "scheme", 1) == 2 and turn >= getattr(state, "scheme_from", 0)
    if not v2 or (not end and not any(getattr(e, "part", "") for e in entries)):
        return report
    notes = []
    key = str(turn)
    if not end:
        pass  # the turn's own share is fixed at its deadline
    elif key in state.shares and state.shares[key]:
        posts = ", ".join(state.share_posts.get(key, []))
        notes.append(tr("dice_block.share", lang, turn=turn, share=state.shares[key], posts=posts))
    elif key in state.shares and any(":" not in k for k in state.deadline_posts.get(key, [])):
        notes.append(tr("dice_block.no_seed", lang, turn=turn))
    elif key in state.shares:
        notes.append(tr("dice_block.no_thread", lang, turn=turn))
    else:
        notes.append(tr("dice_block.no_share", lang, turn=turn))
    shown = [e for e in entries if not e.private]
    opening = state.shares.get(str(turn - 1), "")
    if opening and any(e.share == opening for e in entries):
        notes.append(tr("dice_block.opening", lang, turn=turn, before=turn - 1, share=opening))
    elif not end and entries:
        notes.append(tr("dice_block.opening_none", lang, turn=turn))
    revealed = revealed or {}
    if revealed:
        notes.append(tr("dice_block.revealed", lang, parts=", ".join(revealed)))
    return with_dice(report, shown, lang, key_lines(revealed), notes)


def private_dice(report: Any, leader: str, entries: list[Any], lang: str) -> Any:
    """A leader's post with the Dice block of its own rolls (salted labels included)."""
    return with_dice(report, [e for e in entries if e.owner == leader], lang)


def parse_published(text: str) -> list[tuple[str, str, str, int, int, int]]:
    """Every (part, share, label, sides, index, face) a published text's Dice blocks show."""
    out = []
    part, share = "", ""
    for line in text.splitlines():
        head = HEADER.search(line)
        if head:
            part, share = head.group(1), "" if head.group(2) == "-" else head.group(2)
            continue
        m = LINE.search(line)
        if m and part:
            for d in DIE.finditer(m.group(2)):
                out.append((part, share, m.group(1), int(d.group(1)), int(d.group(2)), int(d.group(3))))
    return out


def published_keys(text: str) -> dict[str, str]:
    """The part keys a public post revealed."""
    return {m.group(1): m.group(2) for m in KEY.finditer(text)}


COMMITTED = re.compile(r"\b(setup|stage[1-3])\W{1,12}([0-9a-f]{64})\b")


def published_commitments(text: str) -> dict[str, str]:
    """The part commitments an opening post printed (`campaign commitment`: ``stage1: HEX``)."""
    return {
        m.group(1): m.group(2)
        for m in COMMITTED.finditer(text)
        if "gmtool-v2 key" not in text[max(0, m.start() - 14) : m.start()]
    }
