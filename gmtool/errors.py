"""Domain errors.

Every error a user can cause is a :class:`GmError`; the CLI prints its message as
``error: <message>`` and exits 1.  Anything else escaping the core is a bug.

A player's post writes an error's :meth:`GmError.text`; the moderator's own output (the
``error:`` line, `turn check`) adds :meth:`GmError.hint`, what the moderator may do about it
(``--override "REASON"``, a gmtool command) — words a player is never shown.

An error is raised either with a plain English message (``RuleRefused("…")``, still
accepted) or, better, with a key of the message catalogs and its parameters
(``RuleRefused(key="agents.unknown", name="Kess", known=[…])``): then the error boundary
and the forum replies write it in the reader's language (:meth:`GmError.text`), while
``str(error)`` stays English for logs and tests.
"""

from __future__ import annotations

from typing import Any


class GmError(Exception):
    """Base class for every error a user can cause (bad input, a refused rule)."""

    def __init__(self, message: str = "", *, key: str | None = None, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(message or key or "")

    def text(self, lang: str = "en") -> str:
        """The message in ``lang``: from the catalogs if the error has a key."""
        if self.key is None:
            return super().__str__()
        from gmtool.locale import t

        return t("error." + self.key, lang, **{k: _one_line(v) for k, v in self.params.items()})

    def hint(self, lang: str = "en") -> str:
        """What the moderator may do about it (``hint.<key>`` of the catalogs: a command, an
        option, an orders file's key), "" when there is none. Only the moderator's own output
        adds it (the ``error:`` line, `turn check`); a player's post never does."""
        from gmtool.locale import has, t

        if self.key is None or not has("hint." + self.key, lang):
            return ""
        return t("hint." + self.key, lang, **{k: _one_line(v) for k, v in self.params.items()})

    def for_moderator(self, lang: str = "en") -> str:
        """:meth:`text` with the moderator's :meth:`hint` after it, in brackets."""
        hint = self.hint(lang)
        return f"{self.text(lang)} ({hint})" if hint else self.text(lang)

    def __str__(self) -> str:
        return self.for_moderator("en")

    def msg(self) -> Any:
        """The error as a message (:class:`gmtool.locale.Msg`) to keep and write later in
        any language; an error without a key keeps its English words."""
        from gmtool.locale import Label, Msg

        if self.key is None:
            return Label({"en": super().__str__()})
        return Msg("error." + self.key, **{k: _one_line(v) for k, v in self.params.items()})


def _one_line(value: Any) -> Any:
    """Text a user gave, shown on the one line of an error: control characters escaped."""
    if isinstance(value, str) and any(c < " " or c == "\x7f" for c in value):
        return repr(value)[1:-1]
    return value


class DiceError(GmError):
    """A dice expression is malformed, too large, or fixed dice do not fit it."""


class StreamUnavailable(DiceError):
    """The campaign's stream cannot roll now (its secret is missing, revealed or wrong): a
    fault of the moderator's setup, not an answer to the command."""


class TableError(GmError):
    """A rule table is malformed, unknown, or cannot answer a roll."""


class CampaignError(GmError):
    """A campaign folder is missing, malformed or inconsistent."""


class InputError(GmError):
    """A value given on the command line or in a file is not valid."""


class RuleRefused(GmError):
    """The rules forbid what was asked."""
