"""The turn's log in words: what each leader learns privately and what the public post
says (explorations, colonies, battles the moderator recorded, awards, quests …).

Every entry of ``turn_state.log`` (gmtool/rules/orion/common.py ``note``) becomes one
line in the reader's language; nothing here prints a Python value. ``label`` is the
campaign's (table, id) → label function (rule labels come from tables/)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

Label = Callable[..., str]


def w(key: str, lang: str, **fields: Any) -> str:
    from gmtool.locale import has, t

    if has("change." + key):  # a counted piece: a plural message of the catalogs
        return t("change." + key, lang, **fields)
    return t("log." + key, lang, **fields)  # [log] in gmtool/locale/<lang>.toml


def _plain_label(table: str, row_id: str, **_: Any) -> str:
    return str(row_id).replace("_", " ")


def ship_name(ship: str, label: Label) -> str:
    return label("costs", ship)


def award_text(award: dict[str, Any], lang: str, label: Label | None = None) -> str:
    """An award of the "still to hand out" list in words."""
    from gmtool.rules.orion.common import award_kind

    label = label or _plain_label
    kind, value = award_kind(award)
    ident = award.get("id", "?")
    if kind == "technologies":
        text = w("award_technologies", lang, n=value, id=ident)
    elif kind == "science_level":
        text = w("award_science_level", lang, n=value, id=ident)
    elif kind == "ship":
        text = w("award_ship", lang, ship=ship_name(str(value), label), id=ident)
    elif kind == "agent_mission" and isinstance(value, dict):  # an agent's done mission to apply by hand
        target = f" → {value['target']}" if value.get("target") else ""
        text = w(
            "award_agent_mission",
            lang,
            agent=value.get("agent", "?"),
            ability=label("agents", value.get("ability", "?")) + target,
            id=ident,
        )
    else:
        text = w("award_other", lang, what=f"{kind.replace('_', ' ')} {value}", id=ident)
    return text + (f", {award['hex']}" if award.get("hex") else "")


def changes_text(
    changes: list[dict[str, Any]] | None, lang: str, label: Label | None = None, cause_told: bool = False
) -> str:
    """``cause_told``: the line names the event already (``Заражение — −1 колонист в Родном мире``)."""
    label = label or _plain_label
    parts: list[str] = []
    for change in changes or []:
        for key, value in change.items():
            if key in ("player",):
                continue
            if key == "colonists" and "colony" in change:
                continue  # natives: the colonists live on that planet, told with "colony" below
            if key in ("bc", "rp", "orders", "colonists", "homeworld_colonists") and isinstance(value, int):
                if value and "cut" not in change:
                    told = cause_told and key == "homeworld_colonists"
                    parts.append(w(key + "_told" if told else key, lang, n=value))
            elif key == "ship_lost":
                parts.append(w("ship_lost_piece", lang, ship=ship_name(value, label)))
            elif key == "ship_gained" and change.get("modules"):  # found fitted: a derelict (A4.3)
                parts.append(
                    w(
                        "ship_fitted_piece",
                        lang,
                        ship=ship_name(value, label),
                        modules=modules_text(change["modules"], label),
                    )
                )
            elif key == "ship_gained":
                parts.append(w("ship_gained_piece", lang, ship=ship_name(value, label)))
            elif key == "colony":
                parts.append(w("colony", lang, n=change.get("colonists", 2), hex=value))
            elif key == "buildings":
                parts.append(w("buildings", lang, names=", ".join(label("buildings", b) for b in value)))
            elif key == "cut" and isinstance(value, dict):
                what, wanted, got = value["what"], value["wanted"], value["got"]
                limit = ("cut_full" if wanted > 0 else "cut_home") if what == "colonists" else "cut_zero"
                parts.append(w(f"{limit}_{'part' if got else 'none'}", lang, change=w(what, lang, n=wanted), got=got))
            elif key == "artifact_world":
                parts.append(w("artifact_world", lang))
            elif key == "technologies" and value:  # rolled for the leader (A4.3)
                parts.append(w("with_techs", lang, names=", ".join(label("technologies", t) for t in value)))
            elif key == "fleet_max" and isinstance(value, int) and value:
                parts.append(w("fleet_max", lang, n=value))
            elif key == "award":
                parts.append(award_text(value, lang, label))
    return "; ".join(parts) or w("nothing", lang)


def modules_text(modules: list[str], label: Label) -> str:
    """A warship's modules in words: ``ARS, Gun ×4`` (short labels, guns counted)."""
    counts: dict[str, int] = {}
    for m in modules:
        counts[m] = counts.get(m, 0) + 1
    return ", ".join(label("modules", m, short=True) + (f" ×{n}" if n > 1 else "") for m, n in counts.items())


def warship_lines(warships: list[dict[str, Any]], lang: str, label: Label) -> list[str]:
    """Each warship in a line: ``Frigate 1 — Gun ×2, Bombs`` (A8a; ``status`` and a private
    report list them so, numbered within their class as `ship refit --number` names them)."""
    from gmtool.report.i18n import tr

    return [
        f"{ship_name(s['class'], label)} {s['number']} — "
        + (modules_text(s["modules"], label) if s["modules"] else tr("no_modules", lang))
        for s in warships
    ]


def _found(result: dict[str, Any], label: Label) -> str:
    planet = result.get("planet")
    found = (
        f"{label('world-type', planet['type'])}, {label('world-size', planet['size']).lower()}"
        if planet
        else label("discovery", result.get("discovery", ""))
    )
    if planet and planet.get("properties"):
        found += " (" + ", ".join(label("planet-properties", p, short=True) for p in planet["properties"]) + ")"
    extra = [
        label("negative-events" if e["kind"] == "negative" else "positive-events", e["id"])
        for e in result.get("events", [])
        if not e.get("ignored")
    ]
    if result.get("monster"):
        extra.append(label("monster-kind", result["monster"]["kind"], great=result["monster"]["great"]))
    return found + (f"; {'; '.join(extra)}" if extra else "")


def bill_effect_text(entry: dict[str, Any], lang: str, label: Label) -> str:
    """What a bill or a law did (docs/rules-orion.md A9), in words: ``+2 BC to each of 5
    leaders``; the tie and the chair's choice said; a text-only bill said to be the moderator's."""
    parts: list[str] = []
    if entry.get("repealed"):
        parts.append(w("repealed_law", lang, law=label("bills", entry["repealed"])))
    rules = ", ".join(w("rule_" + r, lang) for r in entry.get("rules", []))
    if entry["kind"] == "bill_enacted" and entry.get("law"):
        parts.append(w("in_force", lang) + (f": {rules}" if rules else ""))
    elif entry["kind"] == "law_applied" and rules:
        parts.append(w("standing", lang, rules=rules))
    if entry.get("tied"):
        parts.append(w("tie_of", lang, tied=", ".join(entry["tied"])))
    if entry.get("chosen_by"):
        parts.append(w("chosen_by", lang, chair=entry["chosen_by"]))
    if entry.get("kept_by"):  # a law's tie: the leader who had it keeps it (A9, wave 4)
        parts.append(w("kept_by", lang, leader=entry["kept_by"]))
    if entry.get("seated_after"):  # the chair named none of the tied: the seating after it decided
        chair, named = entry["seated_after"], entry.get("passed_over") or []
        said = (
            w("passed_over", lang, chair=chair, named=", ".join(named)) if named else w("named_none", lang, chair=chair)
        )
        parts += [said, w("seated_after", lang, leader=", ".join(entry.get("leaders", [])))]
    changes: dict[str, list[dict[str, Any]]] = entry.get("changes") or {}
    told = {leader: changes_text(c, lang, label) for leader, c in changes.items()}
    if len(told) > 1 and len(set(told.values())) == 1:
        parts.append(w("to_each", lang, changes=next(iter(told.values())), n=len(told)))
    else:
        parts += [w("to_one", lang, changes=text, leader=leader) for leader, text in told.items()]
    if entry.get("for_turn") is not None:
        leaders = ", ".join(entry.get("leaders", []))
        parts.append(w("rules_for_turn", lang, turn=entry["for_turn"], leaders=leaders) + f": {rules}")
    if entry.get("text"):
        parts.append(w("moderator_applies", lang))
    return "; ".join(parts) or "—"


# ------------------------------------------------------------------ one line per kind of event

LineText = Callable[[dict[str, Any], str, Label], str]
"""A kind's line: (the entry — its hexes already in the reader's frame, ``leader`` "" when it
names none —, the reader's language, the label function) → the line."""


@dataclass(frozen=True)
class LogLine:
    """How one kind of event of the turn's log is told: ``text`` its line; ``closed`` its line
    when the public post of stage 1 tells it without its place (closed rooms, A2; by default
    the catalog's ``log.KIND_closed``); ``text`` None for a kind no report tells in a line (the
    Council's tallies: the public post's Council facts say them).  A kind's keys and their
    types are declared once in its ruleset's schema (gmtool/rules/orion/state.py
    ``LOG_KINDS``), its line once here: a new kind is its schema record, its line and its
    catalog words."""

    kind: str
    text: LineText | None
    closed: LineText | None = None
    moderators: tuple[str, ...] = ()  # keys a leader's copy leaves out (the moderator's own words)
    told_by_another: Callable[[dict[str, Any]], bool] | None = None  # an entry another one of the log tells


LINES: dict[str, LogLine] = {}  # kind → its line: exactly one each


def log_line(line: LogLine) -> LogLine:
    """Register ``line``, the one line of its kind (a second line for a kind is refused)."""
    if line.kind in LINES:
        raise ValueError(f"the log kind {line.kind!r} has its line already")
    LINES[line.kind] = line
    return line


def told_as(*kinds: str, **how: Any) -> Callable[[LineText], LineText]:
    """The decorated function is the line of each of ``kinds`` (``how``: the rest of each
    one's :class:`LogLine`)."""

    def register(fn: LineText) -> LineText:
        for kind in kinds:
            log_line(LogLine(kind, fn, **how))
        return fn

    return register


def _as_catalog_says(e: dict[str, Any], lang: str, label: Label) -> str:
    """The catalog's ``log.KIND`` with the entry's own fields."""
    return w(e["kind"], lang, **e)


def _closed_as_catalog_says(e: dict[str, Any], lang: str, label: Label) -> str:
    return w(e["kind"] + "_closed", lang, **e)


for _kind in (
    "explored_orion",
    "blockaded_production",
    "events_short",
    "bc_given",
    "victory_research",
    "all_sciences",
    "player_joined",
    "player_replaced",
    "player_renamed",
):
    log_line(LogLine(_kind, _as_catalog_says))
for _kind in ("council_tally", "election_tally"):  # the public post's Council facts tell them
    log_line(LogLine(_kind, None))


def entry_text(entry: dict[str, Any], lang: str, label: Label | None = None, hexes: Callable[[str], str] = str) -> str:
    """One log entry in a line: its kind's line (:data:`LINES`). ``hexes`` writes a hex as
    the reader sees it (a leader's frame in stage 1, gmtool/rules/orion/frames.py)."""
    from gmtool.rules.orion.frames import rewrite

    label = label or _plain_label
    entry = rewrite(entry, hexes)  # every hex in it, an award's or a colony's in its changes too
    f: dict[str, Any] = dict(entry)
    f.setdefault("leader", "")
    # a kind this gmtool no longer declares (an older campaign's) is told in its catalog words
    line = LINES.get(f["kind"]) or LogLine(f["kind"], _as_catalog_says)
    if line.text is None:
        raise ValueError(f"the log kind {f['kind']!r} is not told in a line")
    if entry.get("closed") and "hex" not in entry:  # public in stage 1: told without its place
        return (line.closed or _closed_as_catalog_says)(f, lang, label)
    return line.text(f, lang, label)


@told_as("explored")
def _explored(e: dict[str, Any], lang: str, label: Label) -> str:
    found = _found(e.get("result", {}), label)
    text = w(
        "explored", lang, leader=e["leader"], hex=e["hex"], ship=ship_name(e.get("ship", "scout"), label), found=found
    )
    gained = [c for c in e.get("changes", []) if c]
    return text + (f" — {changes_text(gained, lang, label, cause_told=True)}" if gained else "")


@told_as("monster_slain")
def _monster_slain(e: dict[str, Any], lang: str, label: Label) -> str:
    monster = label("monster-kind", e["monster"], great=e.get("great", False))
    text = w("monster_slain", lang, leader=e["leader"], monster=monster.lower(), hex=e["hex"])
    text += f": {changes_text(e.get('changes'), lang, label)}"
    if e.get("research_rp"):
        text += "; " + w("research_rp", lang, rp=e["research_rp"])
    return text


@told_as("orion_damaged")
def _orion_damaged(e: dict[str, Any], lang: str, label: Label) -> str:
    return w("orion_destroyed" if e.get("destroyed") else "orion_damaged", lang, **e)


def _captured_closed(e: dict[str, Any], lang: str, label: Label) -> str:
    return w("captured_home_closed" if e.get("homeworld_of") == e.get("owner") else "captured_closed", lang, **e)


@told_as("captured", closed=_captured_closed)
def _captured(e: dict[str, Any], lang: str, label: Label) -> str:
    return w("captured_home" if e.get("homeworld_of") == e.get("owner") else "captured", lang, **e)


@told_as("colonised", told_by_another=lambda e: bool(e.get("override")))  # its override entry tells it
def _colonised(e: dict[str, Any], lang: str, label: Label) -> str:
    return w("colonised_orion" if e.get("orion") else "colonised", lang, **e)


@told_as("turn_started")  # `turn run` started the turn: no start post was written
def _turn_started(e: dict[str, Any], lang: str, label: Label) -> str:
    text = w(
        "turn_started" if e.get("chair") else "turn_started_order", lang, chair=e.get("chair"), order=e.get("order", "")
    )
    if e.get("token"):
        text += "; " + w("token_dealt", lang, leader=e["token"])
    return text


@told_as("bill_enacted", "law_applied")
def _bill(e: dict[str, Any], lang: str, label: Label) -> str:
    what = bill_effect_text(e, lang, label)
    law = w("law_kind" if e.get("law") else "one_off_kind", lang)
    return w(e["kind"], lang, bill=label("bills", e["bill"]), law=law, what=what)


@told_as("law_forbade")
def _law_forbade(e: dict[str, Any], lang: str, label: Label) -> str:
    return w("law_forbade", lang, bill=label("bills", e["bill"]))


@told_as("bribe_paid")
def _bribe_paid(e: dict[str, Any], lang: str, label: Label) -> str:
    return w("bribe_paid", lang, bc=e["bc"])


@told_as("granted")
def _granted(e: dict[str, Any], lang: str, label: Label) -> str:
    changes = changes_text(e.get("changes"), lang, label)
    return w("granted", lang, leader=e["leader"], changes=changes, reason=e.get("reason", ""))


@told_as("ship_refitted")
def _ship_refitted(e: dict[str, Any], lang: str, label: Label) -> str:
    ship = ship_name(e["ship"], label) + (f" {e['number']}" if e.get("number", 1) > 1 else "")
    modules = modules_text(e["modules"], label)
    return w("ship_refitted", lang, leader=e["leader"], ship=ship, hex=e["hex"], modules=modules)


@told_as("modules_improved")
def _modules_improved(e: dict[str, Any], lang: str, label: Label) -> str:
    return w("modules_improved", lang, leader=e["leader"], modules=modules_text(e["modules"], label))


@told_as("ship_gained", "ship_lost")
def _ship_changed(e: dict[str, Any], lang: str, label: Label) -> str:
    text = w(e["kind"], lang, leader=e["leader"], ship=ship_name(e["ship"], label))
    return text + (f" ({w('reason', lang, reason=e['reason'])})" if e.get("reason") else "")


@told_as("award_due", "award_given")
@told_as("award_dropped", moderators=("reason",))  # why: the moderator's output only (A13, wave 3)
def _award(e: dict[str, Any], lang: str, label: Label) -> str:
    kind = e["kind"]
    text = w(
        "award_dropped_quiet" if kind == "award_dropped" and "reason" not in e else kind,
        lang,
        leader=e["leader"],
        award=award_text(e["award"], lang, label),
        reason=e.get("reason", ""),
    )
    if e.get("technologies"):
        text += f" ({w('with_techs', lang, names=', '.join(label('technologies', t) for t in e['technologies']))})"
    return text


@told_as("researched", "tech_awarded")  # a technology bought, or rolled (A13.1, A4.3)
def _researched(e: dict[str, Any], lang: str, label: Label) -> str:
    kind = e["kind"]
    names = ", ".join(label("technologies", t) for t in e.get("technologies") or [e.get("tech", "")])
    if kind == "tech_awarded" and e.get("reason") == "artifact_world":
        kind = "tech_awarded_artifact"
    text = w(kind, lang, leader=e["leader"], tech=names, names=names, cost=e.get("cost", 0), hex=e.get("hex"))
    return text + (f"; {w('fleet_max', lang, n=e['fleet_max'])}" if e.get("fleet_max") else "")


@told_as("research_failed")  # research ordered, not settled after production (A13.1, wave 4)
def _research_failed(e: dict[str, Any], lang: str, label: Label) -> str:
    reason = str(e.get("reason", ""))
    tech = e.get("tech", "")
    why = w(
        f"research_failed_{reason}",
        lang,
        have=e.get("have", 0),
        cost=e.get("cost", 0),
        needed=label("technologies", str(e.get("needed", ""))),
        missing=", ".join(label("technologies", t) for t in e.get("missing", [])),
    )
    if tech in ("all_sciences", "victory"):
        return w(f"research_failed_{tech}", lang, leader=e["leader"], why=why)
    return w("research_failed", lang, leader=e["leader"], tech=label("technologies", tech), why=why)


@told_as("agent_check")  # A10 (wave 3): the owner's report tells its agent's check
def _agent_check(e: dict[str, Any], lang: str, label: Label) -> str:
    return w(
        "agent_check_target" if e.get("target") else "agent_check",
        lang,
        leader=e["leader"],
        agent=e["agent"],
        ability=label("agents", e["ability"]),
        target=e.get("target", ""),
        outcome=label("agent-outcomes", e["outcome"]).lower(),
    )


@told_as("agent_hired")  # A10: a leader's own hire, with the places its agent limit leaves
def _agent_hired(e: dict[str, Any], lang: str, label: Label) -> str:
    specialities = ", ".join(label("agent-specialities", s) for s in e.get("specialities", []))
    return w(
        "agent_hired",
        lang,
        leader=e["leader"],
        agent=e["agent"],
        specialities=specialities,
        n=e["n"],
        limit=e["limit"],
    )


@told_as("treaty_signed", "treaty_refused", "treaty_ended", "treaty_broken")  # A6, treaties
def _treaty(e: dict[str, Any], lang: str, label: Label) -> str:
    from gmtool.locale import t

    visibility = t("treaty_public_word" if e.get("treaty_public") else "treaty_secret_word", lang)
    return w(
        e["kind"],
        lang,
        leader=e["leader"],
        treaty=e["treaty"],
        parties=", ".join(e.get("leaders", [])),
        text=e.get("text", ""),
        visibility=visibility,
    )


@told_as("quest_announced")
def _quest_announced(e: dict[str, Any], lang: str, label: Label) -> str:
    return w("quest_announced", lang, quest=label(e.get("table", ""), e["quest"]))


@told_as("quest_done")
def _quest_done(e: dict[str, Any], lang: str, label: Label) -> str:
    return w(
        "quest_done_judged" if e.get("judged") else "quest_done",  # gmtool judged its condition (A11)
        lang,
        leader=e["leader"],
        quest=label(e.get("table", ""), e["quest"]),
        changes=changes_text(e.get("changes"), lang, label),
    )


@told_as("quest_claimed")  # a claim the moderator judges: it waits for the moderator's word (A11)
def _quest_claimed(e: dict[str, Any], lang: str, label: Label) -> str:
    return w("quest_claimed", lang, leader=e["leader"], quest=label(e.get("table", ""), e["quest"]))


@told_as("events_dealt")
def _events_dealt(e: dict[str, Any], lang: str, label: Label) -> str:
    return w("events_dealt", lang, leader=e["leader"], cards=", ".join(label("events", c) for c in e["cards"]))


@told_as("event_played")
def _event_played(e: dict[str, Any], lang: str, label: Label) -> str:
    return w(
        "event_played",
        lang,
        leader=e["leader"],
        card=label("events", e["card"]),
        choice=e["choice"],
        changes=changes_text(e.get("changes"), lang, label),
    )


@told_as("colonise_override")
def _colonise_override(e: dict[str, Any], lang: str, label: Label) -> str:
    kind = label("world-type", e["type"])
    return w("colonise_override", lang, leader=e["leader"], hex=e["hex"], type=kind, reason=e["reason"])


@told_as("player_left")
def _player_left(e: dict[str, Any], lang: str, label: Label) -> str:
    return w("player_left_kept" if e.get("kept") else "player_left", lang, **e)


@told_as("blockade")
def _blockade(e: dict[str, Any], lang: str, label: Label) -> str:
    text = w("blockade", lang, **e)  # A6 (wave 3): the blockade ends an activation
    return text + ("; " + w("blockade_deactivated", lang) if e.get("deactivated") else "")


@told_as("blockade_lifted")
def _blockade_lifted(e: dict[str, Any], lang: str, label: Label) -> str:
    return w("blockade_lifted", lang, **{**e, "owner": e.get("owner") or "—"})


def entries_for(log: list[dict[str, Any]], leader: str | None) -> list[dict[str, Any]]:
    """The entries a leader's private report tells (its own, and those naming it), or with
    ``leader`` None the public ones."""
    log = [e for e in log if not _told_by_another(e)]
    if leader is None:
        return [placeless(e) for e in log if e.get("public")]
    return [e for e in log if e.get("leader") == leader or leader in e.get("leaders", [])]


def dropped_dues(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``award_due`` entries of ``entries`` (in the log's order) that a later
    ``award_dropped`` of the same leader and award undid: a leader's report does not list an
    award the moderator dropped as still to hand out (A13, wave 3)."""
    undone: list[dict[str, Any]] = []
    for i, entry in enumerate(entries):
        if entry["kind"] != "award_dropped":
            continue
        key = (entry.get("leader"), entry["award"].get("id"))
        for due in reversed(entries[:i]):
            same = (due.get("leader"), due.get("award", {}).get("id")) == key
            if due["kind"] == "award_due" and same and not any(due is u for u in undone):
                undone.append(due)
                break
    return undone


def leader_copy(entry: Any) -> Any:
    """An entry as a leader reads it: without its kind's moderator's keys (the moderator's
    reason for dropping an award stays in the moderator's output, A13, wave 3)."""
    line = LINES.get(str(entry.get("kind"))) if isinstance(entry, dict) else None
    if line is None or not any(k in entry for k in line.moderators):
        return entry
    return {k: v for k, v in entry.items() if k not in line.moderators}


def _told_by_another(entry: dict[str, Any]) -> bool:
    line = LINES.get(str(entry.get("kind")))
    return line is not None and line.told_by_another is not None and line.told_by_another(entry)


# What a public entry of stage 1 may not tell: where it happened, and what lies there.
PLACE_KEYS = ("hex", "type")


def placeless(entry: dict[str, Any]) -> dict[str, Any]:
    """A public entry as everyone reads it.  In stage 1 (an entry marked ``closed``, closed
    rooms, docs/rules-orion.md A2) without its hex and what lies there: a leader must not learn where
    anything is from the public post (docs/orion-records.md)."""
    if not entry.get("closed"):
        return entry
    return {k: v for k, v in entry.items() if k not in PLACE_KEYS}
