"""gmtool's own words, for the reports: ``tr`` is the reports' short name for
:func:`gmtool.locale.t` (the message catalogs ``gmtool/locale/<lang>.toml``; rule labels
live in tables/)."""

from __future__ import annotations

from gmtool.locale import Msg, plural_category, t

tr = t

__all__ = ["Msg", "plural_category", "t", "tr"]
