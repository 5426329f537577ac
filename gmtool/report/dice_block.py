"""The "Dice" block of a post showing scheme-2 rolls (docs/verify.md): what a player needs to
re-check each face with the part key alone — the part and the share on a header line, then one
line a label with its dice (``turn 3 · alice · explore 1,-2 · exploration: d10 #1=7``).

The block is a code box: its text is laid out by gmtool and copied exactly, so that
``gmtool verify --key`` and the checker of docs/verify.md read it back from the post."""

from __future__ import annotations

import functools
import re
from typing import Any, Iterable, Iterator

from gmtool.lazy_re import lazy

HEADER = lazy(r"gmtool-v2 (setup|stage[1-3]) share ([0-9a-f]{64}|-)")
LINE = lazy(r"((?:turn \d+|setup) · .+?): (d\d+ #\d+=\d+(?:, d\d+ #\d+=\d+)*)\s*$")
DIE = lazy(r"d(\d+) #(\d+)=(\d+)")
KEY = lazy(r"gmtool-v2 key (setup|stage[1-3]) ([0-9a-f]{64})")


def _rolls(entries: Iterable[Any]) -> Iterator[list[Any]]:
    """The stream's dice of ``entries`` (scheme 2) in runs, in roll order: each run the
    consecutive dice of one roll — one label, one part, one share."""
    run: list[Any] = []
    for e in entries:
        if not getattr(e, "part", "") or e.source != "stream":
            continue
        if run and (e.label, e.part, e.share) != (run[-1].label, run[-1].part, run[-1].share):
            yield run
            run = []
        run.append(e)
    if run:
        yield run


def dice_lines(entries: Iterable[Any]) -> list[str]:
    """The block's lines for ``entries`` (journal entries of scheme 2), in roll order."""
    lines: list[str] = []
    at: tuple[str, str] | None = None
    for roll in _rolls(entries):
        first = roll[0]
        if (first.part, first.share) != at:
            at = (first.part, first.share)
            lines.append(f"gmtool-v2 {first.part} share {first.share or '-'}")
        lines.append(f"{first.label}: " + ", ".join(f"d{e.die} #{e.index}={e.face}" for e in roll))
    return lines


def key_lines(revealed: dict[str, str]) -> list[str]:
    """A revealed part key, as the block prints it."""
    return [f"gmtool-v2 key {part} {key}" for part, key in revealed.items()]


def with_dice(
    report: Any,
    entries: Iterable[Any],
    lang: str,
    extra: list[str] | None = None,
    notes: list[str] | None = None,
    names: dict[str, str] | None = None,
) -> Any:
    """``report`` with a Dice block at its end: ``notes`` (the share, a key revealed) in words,
    then ``extra`` lines and the dice (the same report when there is nothing to show). The
    lines are the checker's, byte for byte, so they stay in English; a post in another
    language lists each roll in its own words above them (:func:`readings`), a leader by its
    current name where the label names its seat (``names``: Campaign.seat_names)."""
    from gmtool.report.i18n import tr
    from gmtool.report.model import CodeBlock, Items, Paragraph, Report, Span, text

    entries = list(entries)
    lines = (extra or []) + dice_lines(entries)
    if not (lines or notes) or not hasattr(report, "blocks"):
        return report
    data = dict(report.data) if isinstance(report.data, dict) else report.data
    if isinstance(data, dict):
        data["dice_v2"] = lines
    blocks = [*report.blocks, Paragraph([Span(tr("dice_block.title", lang), "b")])]
    blocks += [Paragraph([Span(note)]) for note in notes or []]
    said = readings(entries, lang, names) if lang != "en" else []
    if said:
        blocks += [Items([text(line) for line in said]), Paragraph([Span(tr("dice_block.as_is", lang), "i")])]
    if lines:
        blocks.append(CodeBlock(lines))
    return Report(report.title, blocks, data)


# ---------------------------------------------------------------- a label in the reader's words

SALT = lazy(r" · salt [0-9a-f]{16}$")
_POSTED = lazy(r"^(?:(?P<room>room) .+ post|(?P<private>private message)|post) #(?P<post>\S+) !(?P<command>\w+)$")
_TURN = lazy(r"^turn (\d+)$")
_AGENT = lazy(r"^agent (?P<agent>.+) (?P<ability>\S+)$")
_AGENT_CHECK = lazy(r"^(?P<agent>.+): (?P<ability>[a-z][a-z0-9-]*)$")  # gmtool.rules.orion.agents_campaign
_SHUFFLE = lazy(r"^shuffle (?P<deck>.+?)(?: \((?P<why>new cards|reshuffle)\))?$")
_REROLL = lazy(r"^(?P<what>.+), reroll (?P<n>\d+)$")


def readings(entries: Iterable[Any], lang: str, names: dict[str, str] | None = None) -> list[str]:
    """Each line of a Dice block's dice in ``lang``'s words, in the block's order: what was
    rolled, for whom (by its current name: ``names`` maps a seat the label names to it), and
    its faces («ход 3 · Мирослава · комната, пост #55.1, !разведка · исследование: d10 = 7»).
    Not the checker's lines — those stay as :func:`dice_lines` prints them — and never in their
    shape (no ``#index=face``), so no checker reads one."""
    return [
        f"{label_reading(roll[0].label, lang, names)}: " + ", ".join(f"d{e.die} = {e.face}" for e in roll)
        for roll in _rolls(entries)
    ]


def label_reading(label: str, lang: str, names: dict[str, str] | None = None) -> str:
    """A scheme-2 label (docs/verify.md) in ``lang``'s words: ``turn 3 · alice · room alice
    post #55.1 !explore · exploration · salt …`` → «ход 3 · alice · комната, пост #55.1,
    !разведка · исследование». The salt is left out; the seat the label names after its turn
    is said as the leader's current name (``names``: seat → name, for the leaders renamed
    since they joined); a part it cannot read (the moderator's own text) is kept as it is."""
    names = names or {}
    parts = SALT.sub("", label).split(" · ")
    said = [_segment(part, lang, names) for part in parts]
    if len(parts) > 1 and _TURN.match(parts[0]) and parts[1] in names:
        said[1] = names[parts[1]]
    return " · ".join(said)


def _segment(part: str, lang: str, names: dict[str, str] | None = None) -> str:
    from gmtool.dice.sources import roll_label
    from gmtool.locale import Msg, has
    from gmtool.report.i18n import tr

    if m := _TURN.match(part):
        return tr("dice_block.turn", lang, n=int(m[1]))
    if part in ("setup", "start", "end", "moderator"):
        return tr(f"dice_block.{part}", lang)
    if m := _POSTED.match(part):
        where = "room" if m["room"] else "private" if m["private"] else "thread"
        return tr(f"dice_block.posted_{where}", lang, post=m["post"], command=_command(m["command"], lang))
    if m := _REROLL.match(part):  # a table's roll again (gmtool.rolltables.roller): what it rolls again
        return tr("dice_block.reroll", lang, what=_segment(m["what"], lang, names), n=int(m["n"]))
    if m := _SHUFFLE.match(part):
        key = "dice_block.shuffle" + ("_" + m["why"].replace(" ", "_") if m["why"] else "")
        return tr(key, lang, deck=_table_title(m["deck"], lang))
    if (m := _AGENT.match(part) or _AGENT_CHECK.match(part)) and _is_ability(m["ability"]):
        return tr("dice_block.agent", lang, agent=m["agent"], ability=_ability(m["ability"], lang))
    kind, _, value = part.partition(" ")
    if value and has(f"error.orders.key.{kind}"):
        return _order(kind, value, lang, names or {})
    said = roll_label(part)
    if isinstance(said, Msg):
        return said.text(lang)
    return _table_title(part, lang) if re.fullmatch(r"[a-z][a-z0-9/_-]*", part) else part


def _ability(ability: str, lang: str) -> str:
    """An agent's ability (an id of tables/orion/agents), or its move through a blockade."""
    from gmtool.report.i18n import tr

    return tr("dice_block.agent_blockade", lang) if ability == "blockade" else _row_label("agents", ability, lang)


def _is_ability(ability: str) -> bool:
    """An agent's ability the label names (not a moderator's own text with a colon in it)."""
    table = _shipped("agents")
    return ability == "blockade" or (table is not None and table.find(ability) is not None)


_PAIR = lazy(r"(\w+)=(\S+)")


def _order(kind: str, value: str, lang: str, names: dict[str, str]) -> str:
    """An order of a label (``agents ability=steal-tech agent=Kess target=alice``, as
    gmtool.rules.orion.orders writes its value) in words: the tables' labels for its ids, a
    leader by its current name; what it cannot read stays as it is."""
    from gmtool.locale import t
    from gmtool.report.i18n import tr

    pairs = dict(_PAIR.findall(value)) if _PAIR.fullmatch(value.split(" ")[0]) else {}
    word = tr(f"error.orders.key.{kind}", lang)
    if kind == "agents" and "agent" in pairs and "ability" in pairs:
        ability, target = _row_label("agents", pairs["ability"], lang), pairs.get("target")
        if target:
            line = t(
                "forum.order.mission_target",
                lang,
                agent=pairs["agent"],
                ability=ability,
                target=names.get(target, target),
            )
        else:
            line = t("forum.order.mission", lang, agent=pairs["agent"], ability=ability)
        frame = pairs.get("frame")
        return t("forum.order.frame", lang, text=line, leader=names.get(frame, frame)) if frame else line
    if kind == "events" and "card" in pairs:
        return t(
            "forum.order.event", lang, card=_row_label("events", pairs["card"], lang), choice=pairs.get("choice", 1)
        )
    if kind in ("quests", "claims") and not pairs:
        quest = next(
            (q for q in (_row_label(n, value, lang) for n in ("quests-stage1", "quests-common")) if q != value), value
        )
        return f"{word} {quest}"
    if kind in ("explore", "slay", "colonize") and "hex" in pairs:
        ship = pairs.get("ship")
        return f"{word} {pairs['hex']}" + (f", {_row_label('costs', ship, lang)}" if ship else "")
    return f"{word} {value}"


def _command(name: str, lang: str) -> str:
    """A forum command as a post in ``lang`` writes it (``explore`` → «!разведка»)."""
    from gmtool.locale import command_label

    return "!" + command_label(name).text(lang)


def _table_title(name: str, lang: str) -> str:
    from gmtool.rolltables.model import pick

    table = _shipped(name)
    return pick(table.title, lang) if table is not None else name


def _row_label(table_name: str, row_id: str, lang: str) -> str:
    from gmtool.rolltables.model import pick

    table = _shipped(table_name)
    row = next((r for r in table.rows if r.id == row_id), None) if table is not None else None
    return pick(row.label, lang) if row is not None else row_id


@functools.lru_cache(maxsize=64)
def _shipped(name: str) -> Any:
    """A shipped orion table by its name, or None (a label names a table of the rules)."""
    from gmtool.rolltables.library import TableLibrary

    try:
        return TableLibrary.default().get(name, "orion")
    except Exception:  # not a table of the shipped rules: the name stays as it is
        return None


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
    elif key in state.shares and (
        getattr(state, "forum_thread", None) or any(":" not in k for k in state.deadline_posts.get(key, []))
    ):  # the public thread was read at the deadline (the campaign's, or one holding posts)
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
        named = ", ".join(f"{tr('dice_block.part_' + part, lang)} ({part})" for part in revealed)
        notes.append(tr("dice_block.revealed", lang, parts=named))
    return with_dice(report, shown, lang, key_lines(revealed), notes, _names(state))


def private_dice(report: Any, leader: str, entries: list[Any], lang: str, state: Any = None) -> Any:
    """A leader's post with the Dice block of its own rolls (salted labels included)."""
    return with_dice(report, [e for e in entries if e.owner == leader], lang, names=_names(state))


def _names(state: Any) -> dict[str, str]:
    """The campaign's seats renamed since (seat → name), for a Dice block's words."""
    seat_names = getattr(state, "seat_names", None)
    return seat_names() if seat_names is not None else {}


# what a code box adds to a label's text so that nothing in it ends the box early
# (gmtool.report.render: BBCodeRenderer.code, _fence_cell), and the text it stands for
DEFUSED = (("[\u200b/code", "[/code"), ("`\u200b``", "```"))
_BOX_OPEN = lazy(r"^\[code\]")
_BOX_CLOSE = lazy(r"\[/code\]$")


def published_line(line: str) -> str:
    """A Dice block's line as gmtool wrote it, from the line a post shows: the code box's
    own ``[code]`` and ``[/code]`` at its ends, and the zero-width space that defused a
    label's ``[/code`` or ` ``` `, taken out (site/verify.js ``publishedLine`` does the same)."""
    line = _BOX_CLOSE.sub("", _BOX_OPEN.sub("", line.strip())).strip()
    for shown, written in DEFUSED:
        line = line.replace(shown, written)
    return line


def parse_published(text: str) -> list[tuple[str, str, str, int, int, int]]:
    """Every (part, share, label, sides, index, face) a published text's Dice blocks show
    (each line read by :func:`published_line`)."""
    out = []
    part, share = "", ""
    for line in map(published_line, text.splitlines()):
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


COMMITTED = lazy(r"\b(setup|stage[1-3])\W{1,12}([0-9a-f]{64})\b")


def published_commitments(text: str) -> dict[str, str]:
    """The part commitments an opening post printed (`campaign commitment`: ``stage1: HEX``)."""
    return {
        m.group(1): m.group(2)
        for m in COMMITTED.finditer(text)
        if "gmtool-v2 key" not in text[max(0, m.start() - 14) : m.start()]
    }
