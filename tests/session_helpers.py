"""What the session and application-layer tests share: the smallest renderer a front end
brings, and a new three-leader campaign on disk."""

from __future__ import annotations

from pathlib import Path

from gmtool.app.session import with_journal_mark
from gmtool.campaign.store import CampaignStore
from gmtool.report.render import render
from helpers import SECRET, make_campaign


class PlainEnglish:
    """The smallest renderer a front end can bring: plain text, English, the journal mark."""

    format = "plain"
    lang = "en"

    def __init__(self, state) -> None:
        self.state = state

    def render(self, report, lang=None):
        return render(with_journal_mark(report, self.state, lang or self.lang), self.format)


def new_folder(tmp_path: Path) -> Path:
    """A new three-leader campaign on disk, committed to helpers.SECRET."""
    store = CampaignStore(tmp_path / "camp")
    store.create(make_campaign(seed=1), SECRET)
    return store.folder
