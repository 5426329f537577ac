"""Labels of gmtool's own words — now kept in the message catalogs
``gmtool/locale/<lang>.toml`` (rule labels live in tables/).

``tr`` stays as the reports' short name for :func:`gmtool.locale.t`.  ``LABELS`` is kept
for code not yet moved to the catalogs: an entry here (``{"key": {"en": …, "ru": …}}``)
is served by ``tr`` when the catalogs lack the key; a test asks that it move to the
catalogs.
"""
from __future__ import annotations

from gmtool.locale import Msg, catalog, plural_category, t

LABELS: dict[str, dict[str, str]] = {}

__all__ = ["LABELS", "Msg", "plural_category", "t", "tr"]


def tr(key: str, lang: str, **fields: object) -> str:
    if key not in catalog("en") and key in LABELS:
        labels = LABELS[key]
        text = labels.get(lang) or labels["en"]
        return text.format(**fields) if fields else text
    return t(key, lang, **fields)
