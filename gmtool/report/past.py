"""A past turn's post as its report model was kept (reports/models/turn-NN[-start].json,
written by the session): read back for `turn show` and the site, in any language it was
built in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.campaign.folder import MODELS_VERSION, models_path
from gmtool.struct import Struct


class PastPost(Struct):
    """One post of a past turn, as its report model was kept: rendered again by ``turn show``;
    ``lang``: the language of this model, ``used``: the one it was posted in at the time."""

    __slots__ = ("report", "lang", "used")

    def __init__(self, report: Any, lang: str, used: str) -> None:
        self.report = report
        self.lang = lang
        self.used = used


def past_post(
    folder: Path, turn: int, player: str | None = None, lang: str | None = None, start: bool = False
) -> PastPost:
    """The report model of a past turn's post (its end report, or its start report with
    ``start``): the public one, or ``player``'s; in ``lang``, else as it was posted."""
    import json

    from gmtool.errors import CampaignError
    from gmtool.tomlfile import display_path

    path = models_path(folder, turn, start)
    try:
        raw = json.loads(path.read_bytes())
    except FileNotFoundError:
        raise CampaignError(key="campaign.no_turn_models", turn=turn, where=display_path(path)) from None
    except (OSError, ValueError) as exc:
        raise CampaignError(key="campaign.bad_turn_models", where=display_path(path), reason=str(exc)[:200]) from None
    if not isinstance(raw, dict) or raw.get("version") != MODELS_VERSION:
        raise CampaignError(key="campaign.bad_turn_models", where=display_path(path), reason="version")
    try:
        return _post_of(raw, turn, player, lang)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:  # a file of the wrong shape
        raise CampaignError(
            key="campaign.bad_turn_models", where=display_path(path), reason=f"{type(exc).__name__}: {exc}"[:200]
        ) from None


def _post_of(raw: dict[str, Any], turn: int, player: str | None, lang: str | None) -> PastPost:
    from gmtool.campaign.names import name_key
    from gmtool.errors import CampaignError
    from gmtool.report.model import report_from_dict

    langs, used = raw["langs"], raw["used"]
    key = "public"
    if player is not None:
        wanted = name_key(player)
        key = next((k for k in used if k != "public" and name_key(k) == wanted), "")
        if not key:
            names = ", ".join(k for k in used if k != "public") or "—"
            raise CampaignError(key="campaign.no_turn_post", player=player, turn=turn, names=names)
    was = str(used[key])
    chosen = lang if lang is not None and lang in langs else was
    models = langs[chosen]
    model = models["public"] if key == "public" else models["private"][key]
    return PastPost(report_from_dict(model), chosen, was)
