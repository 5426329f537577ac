"""The application layer: the session (gmtool.app.session) that every front end calls — it
opens a campaign with its lock, plays a step of the game, commits, and writes the posts.
It sits on top of the house (docs/architecture.md: the layers, checked by ``lint-imports``),
and so it is the one that tells the stored state where the rulesets are: the stored state
reads every ruleset's campaigns but imports none (gmtool/campaign/games.py)."""

from __future__ import annotations

from typing import Any, Mapping

from gmtool.campaign.games import find_rulesets_with


def _rulesets() -> Mapping[str, Any]:
    from gmtool.rules.registry import RULESETS  # the plug-ins' list: looking at it loads no rules

    return RULESETS


find_rulesets_with(_rulesets)
