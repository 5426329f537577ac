"""A leader's private report in that leader's own language (issue 15): `gmtool player lang`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import assert_error, ok, snapshot

ROOT = Path(__file__).resolve().parent.parent
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)

pytestmark = [pytest.mark.usefixtures("isolated"), pytest.mark.camp(example="whole", name="example")]


def test_a_leader_reads_its_private_report_in_its_own_language(gm, camp):
    ok(gm("player", "lang", "-c", str(camp), "--player", "bob", "--to", "ru"))
    ok(gm("turn", "run", str(ROOT / "campaigns" / "example" / "orders" / "turn-01.toml"), "-c", str(camp)))
    reports = camp / "reports" / "turn-01"
    bob = (reports / "bob.txt").read_text(encoding="utf-8")
    assert bob.startswith("bob: Итоги хода 1")
    assert "журнал #" in bob and "Карта — во вложении" in bob
    for other in ("public.txt", "alice.txt", "carol.txt"):  # the campaign's language: English
        text = (reports / other).read_text(encoding="utf-8")
        assert not CYRILLIC.search(text), other
    # and back to the campaign's language
    ok(gm("player", "lang", "-c", str(camp), "--player", "bob", "--to", ""))
    ok(gm("turn", "run", str(ROOT / "campaigns" / "example" / "orders" / "turn-02.toml"), "-c", str(camp)))
    assert not CYRILLIC.search((camp / "reports" / "turn-02" / "bob.txt").read_text(encoding="utf-8"))


def test_a_language_gmtool_does_not_speak_is_refused_and_nothing_changes(gm, camp):
    before = snapshot(camp)
    assert_error(gm("player", "lang", "-c", str(camp), "--player", "bob", "--to", "de"), "de")
    assert_error(gm("player", "lang", "-c", str(camp), "--player", "zed", "--to", "ru"), "zed")
    assert snapshot(camp) == before
