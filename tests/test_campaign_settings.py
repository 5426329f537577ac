"""`gmtool campaign set KEY VALUE`: a campaign's settings changed by a command, never by
editing campaign.toml; a refused value changes nothing."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gmtool.forum.engines import dialect_names
from helpers import assert_error, ok, ok_json, snapshot

pytestmark = pytest.mark.camp(example="whole", name="example")

ROOT = Path(__file__).resolve().parent.parent


def settings(folder: Path) -> dict:
    return tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))


def test_dialect_set_then_dropped(gm, camp):
    assert ok(gm("campaign", "set", "-c", str(camp), "dialect", "xenforo")).startswith(
        "dialect: xenforo (was the default)"
    )
    assert settings(camp)["dialect"] == "xenforo"
    # the campaign's dialect is what `--format bbcode` now writes: XenForo sizes run 1–7
    post = ok(gm("campaign", "commitment", "-c", str(camp), "--format", "bbcode"))
    assert "[size=5]" in post and "[size=150]" not in post
    assert ok(gm("campaign", "set", "-c", str(camp), "dialect", "default")).startswith(
        "dialect: the default (was xenforo)"
    )
    assert "dialect" not in settings(camp)


def test_post_limit_and_language_and_format(gm, camp):
    ok(gm("campaign", "set", "-c", str(camp), "post-limit", "5000"))
    assert settings(camp)["post_limit"] == 5000
    reply = ok_json(gm("campaign", "set", "-c", str(camp), "lang", "RU", "--format", "json"))
    assert (reply["setting"], reply["old"], reply["new"]) == ("lang", "en", "ru")
    ok(gm("campaign", "set", "-c", str(camp), "format", "bbcode"))
    assert (settings(camp)["lang"], settings(camp)["format"]) == ("ru", "bbcode")
    assert ok(gm("status", "-c", str(camp))).startswith("[size=150][b]Состояние кампании example")


def test_the_same_value_again_writes_nothing(gm, camp):
    ok(gm("campaign", "set", "-c", str(camp), "lang", "ru"))
    before = snapshot(camp)
    assert ok(gm("campaign", "set", "-c", str(camp), "lang", "ru")).startswith("язык: уже ru")
    assert snapshot(camp) == before


def test_the_name_is_checked_like_a_leader_s(gm, camp):
    ok(gm("campaign", "set", "-c", str(camp), "name", "Андромеда"))
    assert settings(camp)["name"] == "Андромеда"
    assert ok(gm("status", "-c", str(camp))).startswith("Status of Андромеда")


@pytest.mark.parametrize(
    "args, fragment",
    [
        (
            ("dialect", "nope"),
            f"unknown BBCode dialect 'nope' (dialects: {', '.join(dialect_names())})",
        ),
        (("post-limit", "100"), "post-limit must be a whole number from 500 to 1000000"),
        (("post-limit", "many"), "not 'many'"),
        (("lang", "de"), "lang cannot be 'de': use one of en, ru"),
        (("format", "html"), "format cannot be 'html'"),
        (
            ("profile", "Dungeon Master"),
            "profile cannot be 'dungeon master': use one of dungeonmaster, mybb, mybbru, phpbb, punbb, smf, ucoz, "
            "vbulletin, xenforo",
        ),
        (
            ("colour", "red"),
            "no campaign setting 'colour' (settings: name, lang, format, dialect, post-limit, turn-length, missed-orders, replace-after, explore-range, activation, thread, profile, moderators)",
        ),
        (("name", "a\u202eb"), "the campaign's name: 'a\\\\u202eb' holds an invisible or control character (U+202E)"),
        (("name", ""), "the campaign's name: a name cannot be empty"),
    ],
)
def test_refused_values_change_nothing(gm, camp, args, fragment):
    before = snapshot(camp)
    assert_error(gm("campaign", "set", "-c", str(camp), *args), fragment)
    assert snapshot(camp) == before


def test_a_refusal_in_russian(gm, camp):
    assert_error(
        gm("campaign", "set", "-c", str(camp), "colour", "red", "--lang", "ru"), "настройки кампании 'colour' нет"
    )
