"""Where ``gmtool site build`` may write: never inside a campaign folder, nor in a folder that
holds one.  The site is made to be published whole (docs/site.md: ``zip -r``, ``rsync``), and
a campaign folder holds its dice secret (``secret.key``): a site written beside it, or above
it, would publish it.
"""

from __future__ import annotations

import os
from pathlib import Path

from gmtool.campaign.store import CAMPAIGN_FILE, SECRET_FILE
from gmtool.errors import InputError

MARKS = (CAMPAIGN_FILE, SECRET_FILE)  # what makes a folder a campaign's


def _campaign_at(folder: Path) -> bool:
    return any((folder / mark).exists() for mark in MARKS)


def check_output(out: Path, campaign: Path) -> None:
    """Refuse ``out`` as the site's folder when it is a campaign folder or inside one, or
    holds one (``campaign``, the one built, or any other below it): the error names both."""
    target = Path(os.path.abspath(out)).resolve()
    home = Path(os.path.abspath(campaign)).resolve()
    if target == home or _campaign_at(target):
        raise InputError(key="campaign.site_is_campaign", out=str(out))
    for folder in target.parents:
        if folder == home or _campaign_at(folder):
            shown = campaign if folder == home else folder
            raise InputError(key="campaign.site_inside", out=str(out), campaign=str(shown))
    if target in home.parents:
        raise InputError(key="campaign.site_holds", out=str(out), campaign=str(campaign))
    if not target.is_dir():
        return
    for root, dirs, files in os.walk(target):  # links are not walked into, but `zip -r` follows them
        links = [name for name in dirs if os.path.islink(os.path.join(root, name))]
        if any(mark in files for mark in MARKS) or any(_campaign_at(Path(root, name).resolve()) for name in links):
            found = Path(out) / os.path.relpath(root, target)
            raise InputError(key="campaign.site_holds", out=str(out), campaign=str(found))
        dirs.sort()
