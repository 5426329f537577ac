"""The rulesets a campaign.toml may name, as the stored state knows them: told from above.

The stored state reads and writes a campaign of any ruleset (each declares its state's
schema: ``state_schema()``) but imports none of them — the rulesets sit above it.  The
package tells it where their list is as it is imported (gmtool/__init__.py hands it
gmtool.rules.registry's ``RULESETS``, looked at on first use: starting a command loads no
ruleset), so every front end and every script knows the same rulesets.  The list itself is
handed over each time, never a copy: a ruleset added to it (a test's) is known here at
once.  Light: on every command's start-up path."""

from __future__ import annotations

from typing import Any, Callable, Mapping

_FIND: list[Callable[[], Mapping[str, Any]]] = []


def find_rulesets_with(find: Callable[[], Mapping[str, Any]]) -> None:
    """Where the rulesets' list is (``find()`` hands it over): told once, by the package."""
    _FIND[:] = [find]


def rulesets() -> Mapping[str, Any]:
    """Every ruleset a campaign may name, by name (each answers gmtool.rules.base.Ruleset)."""
    if not _FIND:
        raise RuntimeError("the stored state knows no ruleset: gmtool/__init__.py tells it where they are")
    return _FIND[0]()
