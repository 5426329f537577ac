"""The turn's log in words: what each leader learns privately and what the public post
says (explorations, colonies, battles the moderator recorded, awards, quests …).

Every entry of ``turn_state.log`` (gmtool/rules/orion/common.py ``note``) becomes one
line in the reader's language; nothing here prints a Python value. ``label`` is the
campaign's (table, id) → label function (rule labels come from tables/)."""
from __future__ import annotations

from typing import Any, Callable

Label = Callable[..., str]

_W: dict[str, dict[str, str]] = {
    "explored": {"en": "{leader} explored {hex} ({ship}): {found}", "ru": "{leader} исследует {hex} ({ship}): {found}"},
    "explored_orion": {"en": "{leader} reached Orion ({hex}): the Guardian of Orion waits there",
                       "ru": "{leader} достигает Ориона ({hex}): там ждёт Страж Ориона"},
    "colonised": {"en": "{leader} colonised {hex}", "ru": "{leader} колонизирует {hex}"},
    "colonise_override": {"en": "{leader} colonised {hex}, a world of type {type}, by the moderator's decision: {reason}",
                          "ru": "{leader} колонизирует {hex}, мир типа «{type}», по решению ведущего: {reason}"},
    "award_due": {"en": "still to hand out to {leader}: {award}", "ru": "ещё выдать ({leader}): {award}"},
    "award_given": {"en": "{leader} received {award}", "ru": "{leader} получает: {award}"},
    "award_dropped": {"en": "{award} for {leader} is dropped: {reason}", "ru": "{award} ({leader}) не выдаётся: {reason}"},
    "quest_announced": {"en": "Quest of the turn: {quest}", "ru": "Задание хода: {quest}"},
    "quest_done": {"en": "{leader} completed the quest {quest}: {changes}", "ru": "{leader} выполняет задание {quest}: {changes}"},
    "event_played": {"en": "{leader} played the event card {card} (choice {choice}): {changes}",
                     "ru": "{leader} разыгрывает карту события {card} (вариант {choice}): {changes}"},
    "monster_slain": {"en": "{leader} destroyed the {monster} at {hex}", "ru": "{leader} уничтожает: {monster} ({hex})"},
    "orion_damaged": {"en": "{leader}'s fleet dealt {points} damage to the Guardian of Orion: toughness {toughness} of {full}",
                      "ru": "флот {leader} наносит Стражу Ориона {points} урона: стойкость {toughness} из {full}"},
    "orion_destroyed": {"en": "{leader}'s fleet destroyed the Guardian of Orion: Orion can be colonised",
                        "ru": "флот {leader} уничтожает Стража Ориона: Орион можно колонизировать"},
    "blockade": {"en": "{leader}'s fleet blockades {hex} ({owner})", "ru": "флот {leader} блокирует {hex} ({owner})"},
    "blockade_lifted": {"en": "the blockade of {hex} ({owner}) is lifted", "ru": "блокада {hex} ({owner}) снята"},
    "blockaded_production": {"en": "{hex} ({leader}) produced under blockade by {by}: no taxes, no RP, no growth",
                             "ru": "{hex} ({leader}) производит под блокадой ({by}): без налогов, ОИ и роста"},
    "captured": {"en": "{leader} captured {hex} from {owner} (population {population})",
                 "ru": "{leader} захватывает {hex} у {owner} (население {population})"},
    "captured_home": {"en": "{leader} captured {owner}'s homeworld {hex}", "ru": "{leader} захватывает Родной мир {owner} ({hex})"},
    "ship_gained": {"en": "{leader} gained: {ship}", "ru": "{leader} получает корабль: {ship}"},
    "ship_lost": {"en": "{leader} lost: {ship}", "ru": "{leader} теряет корабль: {ship}"},
    "victory_research": {"en": "{leader} spent {spent} RP toward the technology victory ({total} of {need})",
                         "ru": "{leader} тратит {spent} ОИ на технологическую победу ({total} из {need})"},
    "all_sciences": {"en": "{leader} has researched every science", "ru": "{leader} изучил все науки"},
    "player_joined": {"en": "{leader} joins the game", "ru": "{leader} вступает в игру"},
    "player_left": {"en": "{leader} leaves the game: its planets become neutral",
                    "ru": "{leader} покидает игру: его планеты становятся нейтральными"},
    "player_left_kept": {"en": "{leader} leaves the game: its empire waits for a new leader",
                         "ru": "{leader} покидает игру: его империя ждёт нового лидера"},
    "player_replaced": {"en": "{leader} takes over the empire of {old}", "ru": "{leader} принимает империю {old}"},
    "player_renamed": {"en": "{old} is now called {leader}", "ru": "{old} теперь зовётся {leader}"},
    # pieces
    "research_rp": {"en": "+{rp} RP (research ship)", "ru": "+{rp} ОИ (исследовательский корабль)"},
    "bc": {"en": "{n:+d} BC", "ru": "{n:+d} ВС"},
    "rp": {"en": "{n:+d} RP", "ru": "{n:+d} ОИ"},
    "orders": {"en": "{n:+d} order(s)", "ru": "{n:+d} ордер(а)"},
    "colonists": {"en": "{n:+d} colonist(s) on the homeworld", "ru": "{n:+d} колонист(а) в Родном мире"},
    "homeworld_colonists": {"en": "{n:+d} colonist(s) on the homeworld (contamination)",
                            "ru": "{n:+d} колонист(а) в Родном мире (заражение)"},
    "ship_lost_piece": {"en": "the {ship} was lost", "ru": "корабль потерян: {ship}"},
    "ship_gained_piece": {"en": "a {ship} joins the fleet", "ru": "к флоту присоединяется: {ship}"},
    "colony": {"en": "{n} colonists and control of {hex}", "ru": "{n} колониста и контроль над {hex}"},
    "buildings": {"en": "buildings: {names}", "ru": "постройки: {names}"},
    "artifact_world": {"en": "an artifact world: a level-3 science for whoever colonises it",
                       "ru": "планета с артефактами: наука 3-го уровня тому, кто её колонизирует"},
    "award_technologies": {"en": "{n} technologies (award {id})", "ru": "технологии: {n} (выдача {id})"},
    "award_science_level": {"en": "a random science of level {n} (award {id})",
                            "ru": "случайная наука {n}-го уровня (выдача {id})"},
    "award_ship": {"en": "a {ship} (award {id})", "ru": "корабль: {ship} (выдача {id})"},
    "award_other": {"en": "{what} (award {id})", "ru": "{what} (выдача {id})"},
    "award_agent_mission": {"en": "the mission of agent {agent}: {ability} (award {id})",
                            "ru": "задание агента {agent}: {ability} (выдача {id})"},
    "with_techs": {"en": "technologies: {names}", "ru": "технологии: {names}"},
    "nothing": {"en": "nothing more", "ru": "ничего больше"},
    "reason": {"en": "reason: {reason}", "ru": "причина: {reason}"},
    "guardian": {"en": "Guardian of Orion", "ru": "Страж Ориона"},
    "guardian_alive": {"en": "toughness {toughness} of {full}", "ru": "стойкость {toughness} из {full}"},
    "guardian_dead": {"en": "destroyed", "ru": "уничтожен"},
    "this_turn": {"en": "This turn", "ru": "В этом ходу"},
    "standings": {"en": "Standings (planets toward the territorial victory)",
                  "ru": "Положение (планеты для территориальной победы)"},
    "homeworlds": {"en": "Homeworlds", "ru": "Родные миры"},
    "awards_open": {"en": "Still to hand out", "ru": "Ещё выдать"},
}


def w(key: str, lang: str, **fields: Any) -> str:
    labels = _W[key]
    return (labels.get(lang) or labels["en"]).format(**fields)


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
    elif kind == "agent_mission" and isinstance(value, dict):   # an agent's done mission to apply by hand
        target = f" → {value['target']}" if value.get("target") else ""
        text = w("award_agent_mission", lang, agent=value.get("agent", "?"),
                 ability=label("agents", value.get("ability", "?")) + target, id=ident)
    else:
        text = w("award_other", lang, what=f"{kind.replace('_', ' ')} {value}", id=ident)
    return text + (f", {award['hex']}" if award.get("hex") else "")


def changes_text(changes: list[dict[str, Any]] | None, lang: str, label: Label | None = None) -> str:
    label = label or _plain_label
    parts: list[str] = []
    for change in changes or []:
        for key, value in change.items():
            if key in ("player",):
                continue
            if key == "colonists" and "colony" in change:
                continue   # natives: the colonists live on that planet, told with "colony" below
            if key in ("bc", "rp", "orders", "colonists", "homeworld_colonists") and isinstance(value, int):
                if value:
                    parts.append(w(key, lang, n=value))
            elif key == "ship_lost":
                parts.append(w("ship_lost_piece", lang, ship=ship_name(value, label)))
            elif key == "ship_gained":
                parts.append(w("ship_gained_piece", lang, ship=ship_name(value, label)))
            elif key == "colony":
                parts.append(w("colony", lang, n=change.get("colonists", 2), hex=value))
            elif key == "buildings":
                parts.append(w("buildings", lang, names=", ".join(label("buildings", b) for b in value)))
            elif key == "artifact_world":
                parts.append(w("artifact_world", lang))
            elif key == "award":
                parts.append(award_text(value, lang, label))
    return "; ".join(parts) or w("nothing", lang)


def _found(result: dict[str, Any], label: Label) -> str:
    planet = result.get("planet")
    found = (f"{label('world-type', planet['type'])}, {label('world-size', planet['size']).lower()}"
             if planet else label("discovery", result.get("discovery", "")))
    if planet and planet.get("properties"):
        found += " (" + ", ".join(label("planet-properties", p, short=True) for p in planet["properties"]) + ")"
    extra = [label("negative-events" if e["kind"] == "negative" else "positive-events", e["id"])
             for e in result.get("events", []) if not e.get("ignored")]
    if result.get("monster"):
        extra.append(label("monster-kind", result["monster"]["kind"], great=result["monster"]["great"]))
    return found + (f"; {'; '.join(extra)}" if extra else "")


def entry_text(entry: dict[str, Any], lang: str, label: Label | None = None, hexes: Callable[[str], str] = str) -> str:
    """One log entry in a line. ``hexes`` writes a hex as the reader sees it (a leader's
    frame in stage 1, gmtool/campaign/frames.py)."""
    label = label or _plain_label
    kind = entry["kind"]
    f: dict[str, Any] = dict(entry)
    f.setdefault("leader", "")
    if "hex" in f:
        f["hex"] = hexes(f["hex"])
    if kind == "explored":
        found = _found(entry.get("result", {}), label)
        text = w(kind, lang, leader=f["leader"], hex=f["hex"], ship=ship_name(entry.get("ship", "scout"), label),
                 found=found)
        gained = [c for c in entry.get("changes", []) if c]
        return text + (f" — {changes_text(gained, lang, label)}" if gained else "")
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
    if kind in ("ship_gained", "ship_lost"):
        text = w(kind, lang, leader=f["leader"], ship=ship_name(entry["ship"], label))
        return text + (f" ({w('reason', lang, reason=entry['reason'])})" if entry.get("reason") else "")
    if kind in ("award_due", "award_given", "award_dropped"):
        text = w(kind, lang, leader=f["leader"], award=award_text(entry["award"], lang, label),
                 reason=entry.get("reason", ""))
        if entry.get("technologies"):
            text += f" ({w('with_techs', lang, names=', '.join(label('technologies', t) for t in entry['technologies']))})"
        return text
    if kind == "quest_announced":
        return w(kind, lang, quest=label(entry.get("table", ""), entry["quest"]))
    if kind == "quest_done":
        return w(kind, lang, leader=f["leader"], quest=label(entry.get("table", ""), entry["quest"]),
                 changes=changes_text(entry.get("changes"), lang, label))
    if kind == "event_played":
        return w(kind, lang, leader=f["leader"], card=label("events", entry["card"]), choice=entry["choice"],
                 changes=changes_text(entry.get("changes"), lang, label))
    if kind == "colonise_override":
        return w(kind, lang, leader=f["leader"], hex=f["hex"], type=label("world-type", entry["type"]),
                 reason=entry["reason"])
    if kind == "player_left" and entry.get("kept"):
        return w("player_left_kept", lang, **f)
    if kind == "blockade_lifted" and not f.get("owner"):
        f["owner"] = "—"
    return w(kind, lang, **f)


def entries_for(log: list[dict[str, Any]], leader: str | None) -> list[dict[str, Any]]:
    """The entries a leader's private report tells (its own, and those naming it), or with
    ``leader`` None the public ones."""
    if leader is None:
        return [e for e in log if e.get("public")]
    return [e for e in log if e.get("leader") == leader or leader in e.get("leaders", [])]
