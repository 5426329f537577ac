"""Labels of gmtool's own words (rule labels live in tables/)."""
from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "roll": {"en": "Roll", "ru": "Бросок"},
    "total": {"en": "Total", "ru": "Итого"},
    "successes": {"en": "successes", "ru": "успехов"},
    "comment": {"en": "For", "ru": "Для"},
    "dice_source": {"en": "Dice", "ru": "Кости"},
    "random": {"en": "random", "ru": "случайные"},
    "seed": {"en": "seed", "ru": "зерно"},
    "fixed": {"en": "given (--dice)", "ru": "заданные (--dice)"},
    "tables": {"en": "Rule tables", "ru": "Таблицы правил"},
    "id": {"en": "Id", "ru": "Id"},
    "ruleset": {"en": "Ruleset", "ru": "Правила"},
    "die": {"en": "Die", "ru": "Кость"},
    "title": {"en": "Title", "ru": "Название"},
    "rows": {"en": "Rows", "ru": "Строк"},
    "roll_col": {"en": "Roll", "ru": "Бросок"},
    "result": {"en": "Result", "ru": "Результат"},
    "effect": {"en": "Effect", "ru": "Эффект"},
    "next": {"en": "Then", "ru": "Затем"},
    "modifiers": {"en": "Modifiers", "ru": "Модификаторы"},
    "modifier": {"en": "Modifier", "ru": "Модификатор"},
    "value": {"en": "Value", "ru": "Значение"},
    "values": {"en": "Values", "ru": "Значения"},
    "stage": {"en": "stage", "ru": "этап"},
    "reference": {"en": "reference table, not rolled", "ru": "справочная таблица, без броска"},
    "yes": {"en": "yes", "ru": "да"},
    "no": {"en": "no", "ru": "нет"},
    "source": {"en": "File", "ru": "Файл"},
}


def tr(key: str, lang: str) -> str:
    labels = LABELS[key]
    return labels.get(lang) or labels["en"]
