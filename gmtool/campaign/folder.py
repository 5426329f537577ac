"""What a campaign's folder holds beside its state, read without a session: the tables it
plays with (the shipped ones, GMTOOL_TABLES, its own tables/ folder), the report models of
its turns' posts (reports/models/, for `turn show` and the site), and the campaign itself
read without its lock (to check it, not to change it).  Light: on every command's start-up
path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

# the report models of a turn's posts (``turn show``): reports/models/turn-NN[-start].json
MODELS_FOLDER = "models"
MODELS_VERSION = 1


def models_path(folder: Path, turn: int, start: bool = False) -> Path:
    """Where the report models of a turn's end posts (or, ``start``, its start posts) are kept."""
    return folder / "reports" / MODELS_FOLDER / f"turn-{turn:02d}{'-start' if start else ''}.json"


def table_library(tables: list[Path] | None) -> Any:
    """The table library: shipped tables, GMTOOL_TABLES, then the ``tables`` folders."""
    from gmtool.rolltables.library import TableLibrary

    return TableLibrary.default(tables or [])


def campaign_library(folder: Path, tables: list[Path] | None = None) -> Any:
    """Shipped tables, GMTOOL_TABLES, ``tables``, then the campaign's own tables/ folder."""
    own = folder / "tables"
    return table_library(list(tables or []) + ([own] if own.is_dir() else []))


def load_campaign(folder: Path) -> Any:
    """The campaign in ``folder``, read without taking its lock (to check it, not to change it)."""
    from gmtool.campaign.store import CampaignStore

    return CampaignStore(folder).load()
