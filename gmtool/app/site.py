"""`gmtool site build`: the campaign's static site built and written — one call."""

from __future__ import annotations

from pathlib import Path

from gmtool.app.session import load_campaign


def build_site(folder: Path, out: Path, lang: str | None = None, base_url: str | None = None) -> tuple[int, str]:
    """The site of the campaign in ``folder`` built (in ``lang``, else the campaign's) and
    written into ``out`` — never beside or above a campaign's secret: (the files written,
    the language of the reply)."""
    from gmtool.site.build import build_site as build
    from gmtool.site.build import write_site
    from gmtool.site.output import check_output

    check_output(out, folder)  # never beside (or above) a campaign's secret.key
    files = build(folder, lang, base_url)
    write_site(files, out)
    return len(files), lang if lang is not None else load_campaign(folder).lang
