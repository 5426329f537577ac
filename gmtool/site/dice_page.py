"""The site's ``dice.html``: every public roll with its label and faces, checked in the browser.

The interface the site builder calls (pinned; the page's content grows behind it)::

    dice_files(folder, lang, page) -> {file name: text}

``folder`` is the campaign folder, ``lang`` the site's language, and ``page(title, body)``
wraps an HTML body in the site's page template (head, navigation, style), returning the
whole document.  The result maps each file of the dice page (``dice.html`` and the
verifier's script) to its text; the builder writes them beside the other pages.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

PageTemplate = Callable[[str, str], str]


def dice_files(folder: Path, lang: str, page: PageTemplate) -> dict[str, str]:
    """The files of the dice page for the campaign in ``folder``."""
    del folder  # the list of public rolls comes with the verifier
    title = "Броски" if lang == "ru" else "Dice"
    return {"dice.html": page(title, f"<h1>{title}</h1>")}
