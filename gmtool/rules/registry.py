"""Every ruleset gmtool plays, by name: the one list the house asks (pre-commit's
``all_languages``).  A third ruleset is a folder ``gmtool/rules/<name>/`` answering
:class:`gmtool.rules.base.Ruleset` in its ``ruleset.py``, and one line here."""

from __future__ import annotations

from typing import Any

from gmtool.errors import CampaignError, InputError
from gmtool.rules.base import Ruleset
from gmtool.rules.orion.ruleset import ORION
from gmtool.rules.venus.ruleset import VENUS

RULESETS: dict[str, Ruleset] = {
    "orion": ORION,
    "venus": VENUS,
}


def names() -> list[str]:
    return list(RULESETS)


def ruleset_named(name: str) -> Ruleset:
    """The ruleset ``name`` (``campaign new --ruleset``): an unknown one is refused naming the known."""
    try:
        return RULESETS[name]
    except KeyError:
        raise InputError(key="cli.unknown_ruleset", ruleset=name, known=", ".join(RULESETS)) from None


def ruleset_of(campaign: Any) -> Ruleset:
    """The ruleset a campaign plays (campaign.toml's ``ruleset``)."""
    try:
        return RULESETS[campaign.ruleset]
    except KeyError:
        raise CampaignError(
            key="campaign.unknown_ruleset", name=campaign.name, ruleset=campaign.ruleset, known=", ".join(RULESETS)
        ) from None
