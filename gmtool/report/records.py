"""The turn's log in words: what each leader learns privately and what the public post
says (explorations, colonies, battles the moderator recorded, awards, quests …).

Every entry of ``turn_state.log`` (gmtool/rules/orion/common.py ``note``) becomes one
line in the reader's language; nothing here prints a Python value. ``label`` is the
campaign's (table, id) → label function (rule labels come from tables/)."""

from __future__ import annotations

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


def entry_text(entry: dict[str, Any], lang: str, label: Label | None = None, hexes: Callable[[str], str] = str) -> str:
    """One log entry in a line. ``hexes`` writes a hex as the reader sees it (a leader's
    frame in stage 1, gmtool/rules/orion/frames.py)."""
    from gmtool.rules.orion.frames import rewrite

    label = label or _plain_label
    entry = rewrite(entry, hexes)  # every hex in it, an award's or a colony's in its changes too
    kind = entry["kind"]
    f: dict[str, Any] = dict(entry)
    f.setdefault("leader", "")
    if entry.get("closed") and "hex" not in entry:  # public in stage 1: told without its place
        if kind == "captured" and entry.get("homeworld_of") == entry.get("owner"):
            kind = "captured_home"
        return w(kind + "_closed", lang, **f)
    if kind == "explored":
        found = _found(entry.get("result", {}), label)
        text = w(
            kind, lang, leader=f["leader"], hex=f["hex"], ship=ship_name(entry.get("ship", "scout"), label), found=found
        )
        gained = [c for c in entry.get("changes", []) if c]
        return text + (f" — {changes_text(gained, lang, label, cause_told=True)}" if gained else "")
    if kind == "monster_slain":
        monster = label("monster-kind", entry["monster"], great=entry.get("great", False))
        text = w(kind, lang, leader=f["leader"], monster=monster.lower(), hex=f["hex"])
        text += f": {changes_text(entry.get('changes'), lang, label)}"
        if entry.get("research_rp"):
            text += "; " + w("research_rp", lang, rp=entry["research_rp"])
        return text
    if kind == "orion_damaged":
        return w("orion_destroyed" if entry.get("destroyed") else kind, lang, **f)
    if kind == "captured":
        return w("captured_home" if entry.get("homeworld_of") == entry.get("owner") else kind, lang, **f)
    if kind == "colonised" and entry.get("orion"):
        return w("colonised_orion", lang, **f)
    if kind == "turn_started":  # `turn run` started the turn: no start post was written
        text = w(
            kind if entry.get("chair") else "turn_started_order",
            lang,
            chair=entry.get("chair"),
            order=entry.get("order", ""),
        )
        if entry.get("token"):
            text += "; " + w("token_dealt", lang, leader=entry["token"])
        return text
    if kind in ("bill_enacted", "law_applied"):
        what = bill_effect_text(entry, lang, label)
        law = w("law_kind" if entry.get("law") else "one_off_kind", lang)
        return w(kind, lang, bill=label("bills", entry["bill"]), law=law, what=what)
    if kind == "law_forbade":
        return w(kind, lang, bill=label("bills", entry["bill"]))
    if kind == "bribe_paid":
        return w(kind, lang, bc=entry["bc"])
    if kind == "granted":
        return w(
            kind,
            lang,
            leader=f["leader"],
            changes=changes_text(entry.get("changes"), lang, label),
            reason=entry.get("reason", ""),
        )
    if kind == "ship_refitted":
        ship = ship_name(entry["ship"], label) + (f" {entry['number']}" if entry.get("number", 1) > 1 else "")
        return w(kind, lang, leader=f["leader"], ship=ship, hex=f["hex"], modules=modules_text(entry["modules"], label))
    if kind == "modules_improved":
        return w(kind, lang, leader=f["leader"], modules=modules_text(entry["modules"], label))
    if kind in ("ship_gained", "ship_lost"):
        text = w(kind, lang, leader=f["leader"], ship=ship_name(entry["ship"], label))
        return text + (f" ({w('reason', lang, reason=entry['reason'])})" if entry.get("reason") else "")
    if kind in ("award_due", "award_given", "award_dropped"):
        text = w(
            "award_dropped_quiet" if kind == "award_dropped" and "reason" not in entry else kind,
            lang,
            leader=f["leader"],
            award=award_text(entry["award"], lang, label),
            reason=entry.get("reason", ""),
        )
        if entry.get("technologies"):
            text += (
                f" ({w('with_techs', lang, names=', '.join(label('technologies', t) for t in entry['technologies']))})"
            )
        return text
    if kind in ("researched", "tech_awarded"):  # a technology bought, or rolled (A13.1, A4.3)
        names = ", ".join(label("technologies", t) for t in entry.get("technologies") or [entry.get("tech", "")])
        if kind == "tech_awarded" and entry.get("reason") == "artifact_world":
            kind = "tech_awarded_artifact"
        text = w(kind, lang, leader=f["leader"], tech=names, names=names, cost=entry.get("cost", 0), hex=f.get("hex"))
        return text + (f"; {w('fleet_max', lang, n=entry['fleet_max'])}" if entry.get("fleet_max") else "")
    if kind == "research_failed":  # research ordered, not settled after production (A13.1, wave 4)
        reason = str(entry.get("reason", ""))
        tech = entry.get("tech", "")
        why = w(
            f"research_failed_{reason}",
            lang,
            have=entry.get("have", 0),
            cost=entry.get("cost", 0),
            needed=label("technologies", str(entry.get("needed", ""))),
            missing=", ".join(label("technologies", t) for t in entry.get("missing", [])),
        )
        if tech in ("all_sciences", "victory"):
            return w(f"research_failed_{tech}", lang, leader=f["leader"], why=why)
        return w(kind, lang, leader=f["leader"], tech=label("technologies", tech), why=why)
    if kind == "agent_check":  # A10 (wave 3): the owner's report tells its agent's check
        return w(
            "agent_check_target" if entry.get("target") else kind,
            lang,
            leader=f["leader"],
            agent=entry["agent"],
            ability=label("agents", entry["ability"]),
            target=entry.get("target", ""),
            outcome=label("agent-outcomes", entry["outcome"]).lower(),
        )
    if kind == "agent_hired":  # A10: a leader's own hire, with the places its agent limit leaves
        specialities = ", ".join(label("agent-specialities", s) for s in entry.get("specialities", []))
        return w(
            kind,
            lang,
            leader=f["leader"],
            agent=entry["agent"],
            specialities=specialities,
            n=entry["n"],
            limit=entry["limit"],
        )
    if kind in ("treaty_signed", "treaty_refused", "treaty_ended", "treaty_broken"):  # A6, treaties
        from gmtool.locale import t

        visibility = t("treaty_public_word" if entry.get("treaty_public") else "treaty_secret_word", lang)
        return w(
            kind,
            lang,
            leader=f["leader"],
            treaty=entry["treaty"],
            parties=", ".join(entry.get("leaders", [])),
            text=entry.get("text", ""),
            visibility=visibility,
        )
    if kind == "quest_announced":
        return w(kind, lang, quest=label(entry.get("table", ""), entry["quest"]))
    if kind == "quest_done":
        return w(
            "quest_done_judged" if entry.get("judged") else kind,  # gmtool judged its condition (A11)
            lang,
            leader=f["leader"],
            quest=label(entry.get("table", ""), entry["quest"]),
            changes=changes_text(entry.get("changes"), lang, label),
        )
    if kind == "quest_claimed":  # a claim the moderator judges: it waits for the moderator's word (A11)
        return w(kind, lang, leader=f["leader"], quest=label(entry.get("table", ""), entry["quest"]))
    if kind == "events_dealt":
        return w(kind, lang, leader=f["leader"], cards=", ".join(label("events", c) for c in entry["cards"]))
    if kind == "event_played":
        return w(
            kind,
            lang,
            leader=f["leader"],
            card=label("events", entry["card"]),
            choice=entry["choice"],
            changes=changes_text(entry.get("changes"), lang, label),
        )
    if kind == "colonise_override":
        return w(
            kind,
            lang,
            leader=f["leader"],
            hex=f["hex"],
            type=label("world-type", entry["type"]),
            reason=entry["reason"],
        )
    if kind == "player_left" and entry.get("kept"):
        return w("player_left_kept", lang, **f)
    if kind == "blockade" and entry.get("deactivated"):  # A6 (wave 3): the blockade ends an activation
        return w(kind, lang, **f) + "; " + w("blockade_deactivated", lang)
    if kind == "blockade_lifted" and not f.get("owner"):
        f["owner"] = "—"
    return w(kind, lang, **f)


def entries_for(log: list[dict[str, Any]], leader: str | None) -> list[dict[str, Any]]:
    """The entries a leader's private report tells (its own, and those naming it), or with
    ``leader`` None the public ones."""
    log = [e for e in log if not (e.get("kind") == "colonised" and e.get("override"))]  # its override entry tells it
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
    """An entry as a leader reads it: the moderator's reason for dropping an award stays in
    the moderator's output (A13, wave 3)."""
    if isinstance(entry, dict) and entry.get("kind") == "award_dropped" and "reason" in entry:
        return {k: v for k, v in entry.items() if k != "reason"}
    return entry


# What a public entry of stage 1 may not tell: where it happened, and what lies there.
PLACE_KEYS = ("hex", "type")


def placeless(entry: dict[str, Any]) -> dict[str, Any]:
    """A public entry as everyone reads it.  In stage 1 (an entry marked ``closed``, closed
    rooms, docs/rules-orion.md A2) without its hex and what lies there: a leader must not learn where
    anything is from the public post (docs/orion-records.md)."""
    if not entry.get("closed"):
        return entry
    return {k: v for k, v in entry.items() if k not in PLACE_KEYS}
