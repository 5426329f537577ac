"""What a status shows, and to whom.

Who sees a field is its declaration's (``shown``: the moderator, the leader it belongs to,
everyone — gmtool/campaign/schema.py): :func:`fields_view` gives what an audience sees of a
declared object, :func:`settings_view` the campaign's settings (what `campaign set`
changes) an audience sees.  A leader's own figures are its own and the moderator's; another
leader sees its name, race and homeworld.  A ruleset's fog of war is its own (orion's:
gmtool/rules/orion/views.py).
"""

from __future__ import annotations

from typing import Any

from gmtool.campaign.model import Campaign, record_of
from gmtool.campaign.schema import AUDIENCES, Record


def fields_view(record: Record, obj: Any, audience: str) -> dict[str, Any]:
    """The declared fields of ``obj`` that ``audience`` sees, by their names in the file, as
    a status shows them (JSON); text left empty is not shown."""
    out: dict[str, Any] = {}
    for k in record.keys:
        if k.shown is None or audience not in AUDIENCES[k.shown]:
            continue
        value = record.get(obj, k)
        if value != "":
            out[k.name] = k.check.view(value)
    return out


def settings_view(campaign: Campaign, audience: str) -> dict[str, Any]:
    """The campaign's settings (its ruleset's included) that ``audience`` sees, by their
    `campaign set` words."""
    record = record_of(campaign)
    return {
        k.setting.word: k.check.view(record.get(campaign, k))
        for k in record.keys
        if k.setting is not None and k.shown is not None and audience in AUDIENCES[k.shown]
    }
