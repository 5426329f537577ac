"""Formats, languages and post limits are listed once, in gmtool/formats.py, and every
place that offers or checks one reads that list: the CLI's --format/--lang choices, the
renderers, the message catalogs, the campaign file, `campaign set` and --post-limit."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from gmtool import formats
from helpers import assert_error, ok, run_entry_point

ROOT = Path(__file__).resolve().parent.parent
GMTOOL = ROOT / "gmtool"


def test_the_lists():
    assert formats.FORMATS == ("plain", "bbcode", "markdown", "discord", "json")
    assert formats.LANGS == ("en", "ru")
    assert (formats.DEFAULT_FORMAT, formats.DEFAULT_LANG, formats.DEFAULT_DIALECT) == ("plain", "en", "phpbb")
    assert formats.POST_LIMITS == (500, 1_000_000)
    assert set(formats.EXTENSIONS) == set(formats.FORMATS)


def test_the_cli_choices_are_built_from_them():
    from gmtool.cli.common import Format, Lang
    from gmtool.cli.map import MapFormat

    assert [f.value for f in Format] == list(formats.FORMATS)
    assert [lang.value for lang in Lang] == list(formats.LANGS)
    assert [f.value for f in MapFormat] == ["png", "svg", "plain", "bbcode", "markdown", "discord", "json"]
    assert Format("bbcode") == "bbcode" and Lang("ru").value == "ru"


def test_every_format_has_its_renderer_and_every_language_its_catalog():
    from gmtool.locale import catalog
    from gmtool.report.render import _RENDERERS

    assert set(_RENDERERS) == set(formats.FORMATS)
    assert sorted(p.stem for p in (GMTOOL / "locale").glob("*.toml")) == sorted(formats.LANGS)
    for lang in formats.LANGS:
        assert catalog(lang)["none"]


def test_no_other_module_lists_them_again():
    """A tuple of the formats or of the languages is written only in gmtool/formats.py."""
    lists = re.compile(r'\(\s*"en",\s*"ru"\s*\)|\(\s*"plain",\s*"bbcode"|"plain":\s*"txt"|POST_LIMITS\s*=')
    found = [
        str(p.relative_to(ROOT))
        for p in sorted(GMTOOL.rglob("*.py"))
        if p.name != "formats.py" and lists.search(p.read_text(encoding="utf-8"))
    ]
    assert found == []


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at its top or inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
    }


def test_the_settings_hold_no_list_of_their_own():
    """A setting's choices and range are its field's (campaign/model.py, a ruleset's state.py,
    which read gmtool.formats): campaign/settings.py reads the declarations and names no list
    of values; gmtool.formats imports nothing of gmtool."""
    for path in ("campaign/model.py", "rules/orion/state.py"):
        text = (GMTOOL / path).read_text(encoding="utf-8")
        assert "from gmtool.formats import" in text
    assert "gmtool.formats" not in imported(GMTOOL / "campaign/settings.py")
    assert "gmtool.campaign.settings" not in imported(GMTOOL / "formats.py")
    tree = ast.parse((GMTOOL / "formats.py").read_text(encoding="utf-8"))
    imports = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert [getattr(n, "module", None) for n in imports] == ["__future__"]


@pytest.mark.usefixtures("isolated")
def test_a_setting_outside_the_lists_is_refused_naming_them(gm, new_campaign, capsys):
    camp = new_campaign("c", players=["ann", "bob"], seed=1)
    assert_error(
        gm("campaign", "set", "-c", str(camp), "format", "html"),
        "format cannot be 'html': use one of plain, bbcode, markdown, discord, json",
    )
    assert_error(gm("campaign", "set", "-c", str(camp), "lang", "de"), "lang cannot be 'de': use one of en, ru")
    assert_error(
        gm("campaign", "set", "-c", str(camp), "post-limit", "499"),
        "post-limit must be a whole number from 500 to 1000000",
    )
    ok(gm("campaign", "set", "-c", str(camp), "post-limit", "500"))

    code, _, err = run_entry_point(capsys, "roll", "1d6", "--format", "bbcode", "--post-limit", "499")
    assert code == 2 and "--post-limit" in err and "500" in err
    code, _, err = run_entry_point(capsys, "roll", "1d6", "--format", "html")
    assert code == 2 and all(f in err for f in formats.FORMATS)
