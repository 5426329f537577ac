"""The maps' own words, en + ru (rule names — planet types, properties, monsters — come
from the rule tables through :func:`table_labels`)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

LABELS: dict[str, dict[str, str]] = {
    "map_of": {"en": "Galaxy map: {who}", "ru": "Карта галактики: {who}"},
    "map_moderator": {"en": "Galaxy map (moderator)", "ru": "Карта галактики (ведущий)"},
    "map_public": {"en": "Galaxy map (public)", "ru": "Карта галактики (общая)"},
    "turn_stage": {"en": "{campaign} · turn {turn} · stage {stage}",
                   "ru": "{campaign} · ход {turn} · этап {stage}"},
    "frame_home": {"en": "0,0 = your homeworld (closed rooms until turn 7)",
                   "ru": "0,0 — ваш Родной мир (закрытые комнаты до 7-го хода)"},
    "closed": {"en": "Closed rooms: the galaxy map opens on turn 7.",
               "ru": "Закрытые комнаты: карта галактики откроется на 7-м ходу."},
    "legend": {"en": "Legend", "ru": "Легенда"},
    "unexplored": {"en": "unexplored", "ru": "не исследовано"},
    "empty": {"en": "empty space", "ru": "пустой космос"},
    "asteroids": {"en": "asteroid field", "ru": "астероидное поле"},
    "orion": {"en": "Orion", "ru": "Орион"},
    "guardian": {"en": "Guardian of Orion", "ru": "Страж Ориона"},
    "homeworld": {"en": "homeworld", "ru": "Родной мир"},
    "monster": {"en": "monster", "ru": "чудовище"},
    "great_monster": {"en": "great monster", "ru": "великое чудовище"},
    "blockade": {"en": "blockade", "ru": "блокада"},
    "reach": {"en": "in reach this turn", "ru": "доступно в этот ход"},
    "owners": {"en": "Leaders (ring colour)", "ru": "Лидеры (цвет кольца)"},
    "planets": {"en": "Planets (colour = type, disc = size)", "ru": "Планеты (цвет — тип, диск — размер)"},
    "marks": {"en": "Properties", "ru": "Свойства"},
    "symbols": {"en": "Symbols", "ru": "Обозначения"},
    "rows": {"en": "Each row: r, then the q of its first hex; q grows by 1 to the right.",
             "ru": "Каждая строка: r, затем q её первой системы; вправо q растёт на 1."},
    "planet_list": {"en": "Planets", "ru": "Планеты"},
    "text_legend": {"en": "Legend", "ru": "Легенда"},
    "owner_digit": {"en": "digit: the owner", "ru": "цифра: владелец"},
    "attach": {"en": "Map: {file} (attach the file to the post)",
               "ru": "Карта: {file} (приложите файл к сообщению)"},
    # reach
    "reach_title": {"en": "Reach of {player}, turn {turn}", "ru": "Досягаемость: {player}, ход {turn}"},
    "in_reach": {"en": "Can explore this turn", "ru": "Можно исследовать в этот ход"},
    "out_of_reach": {"en": "Out of reach", "ru": "Вне досягаемости"},
    "why_explored": {"en": "already explored (turn {turn})", "ru": "уже исследовано (ход {turn})"},
    "why_too_far": {"en": "every hex farther than 1 from the homeworld: in stage 1 no ship goes farther (A2)",
                    "ru": "всё дальше 1 гекса от Родного мира: на 1-м этапе корабли дальше не летают (A2)"},
    "why_behind": {"en": "{n} unexplored hexes lie behind unexplored space: a move ends in the first "
                         "unexplored hex it enters (A4)",
                   "ru": "{n} неисследованных гексов за неисследованным космосом: движение кончается в "
                         "первом неисследованном гексе (A4)"},
    "movable": {"en": "{n} explored hexes can be reached through explored space",
                "ru": "{n} исследованных гексов достижимы через исследованный космос"},
    "nothing": {"en": "nothing", "ru": "ничего"},
}

# Planet properties as one-letter marks (the legend names them from the rule table).
PROPERTY_MARKS = {"favorable": "F", "hostile": "H", "rich": "R", "poor": "P", "gravity": "G", "artifacts": "A"}


def label(key: str, lang: str, **values: Any) -> str:
    entry = LABELS[key]
    return entry.get(lang, entry["en"]).format(**values)


def table_labels(lang: str, campaign_dir: Path | None = None) -> Callable[[str, str], str]:
    """(table, row id) → the row's label, from the shipped
    tables and the campaign's own tables/ folder; the id itself when there is no row."""
    from gmtool.rolltables.library import TableLibrary
    from gmtool.rolltables.model import pick

    own = campaign_dir / "tables" if campaign_dir is not None else None
    lib = TableLibrary.default([own] if own is not None and own.is_dir() else [])

    def lookup(table: str, row_id: str) -> str:
        try:
            row = lib.find_row(table, "orion", row_id)
        except Exception:   # a table missing from a custom set: show the id
            row = None
        if row is None:
            return row_id
        return pick(row.label, lang)

    return lookup
