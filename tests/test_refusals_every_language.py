"""A refused forum command is stored as its message — the catalog key and its parameters —
not as words in two languages, so a reply read back is written in whatever language it is
asked in.  forum.toml files that stored words (`reason`, `reason_ru`) read back as before
(tests/test_forum_refusals.py holds such a file and its replies)."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from gmtool.campaign.hexes import Hex
from gmtool.errors import RuleRefused, TableError
from gmtool.locale import LANGS, Label, Msg, msg_from_data, msg_to_data
from helpers import assert_error, ok, snapshot

pytestmark = [pytest.mark.usefixtures("isolated"), pytest.mark.camp(example="fresh")]

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parent / "campaigns" / "example"
LEGACY = HERE / "golden" / "legacy_refusals"
REFUSAL = re.compile(r" — (refused|отклонено): ")


def refusal_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if REFUSAL.search(line)]


def commands(folder: Path) -> list[dict]:
    return tomllib.loads((folder / "forum.toml").read_text(encoding="utf-8"))["command"]


def test_a_message_round_trips_with_nested_messages_lists_and_values():
    msg = Msg("error.orion.stage1_reach_from", hex=Hex(99, 99), n=198, leader="alice", home="0,0")
    data = msg_to_data(msg)
    assert data == {
        "key": "error.orion.stage1_reach_from",
        "params": {"hex": "99,99", "n": 198, "leader": "alice", "home": "0,0"},
    }
    back = msg_from_data(json.loads(json.dumps(data)))
    assert [back.text(lang) for lang in LANGS] == [msg.text(lang) for lang in LANGS]

    nested = Msg("error.settings.bad_name", problem=Msg("forum.refusal.unknown_command", word="warp"))
    data = msg_to_data(nested)
    assert data["params"]["problem"] == {"key": "forum.refusal.unknown_command", "params": {"word": "warp"}}
    assert msg_from_data(data).text("ru") == nested.text("ru")

    listed = Msg("error.tables.ambiguous", name="x", rulesets=["orion", "venus"])
    assert msg_to_data(listed)["params"]["rulesets"] == ["orion", "venus"]
    assert msg_from_data(msg_to_data(listed)).text("en") == listed.text("en")


def test_words_already_fixed_are_kept_in_every_language():
    assert msg_to_data(Label({"en": "Terran", "ru": "Земной"})) == {"labels": {"en": "Terran", "ru": "Земной"}}

    class Worked(Msg):  # a message that works out its own words (names.py's problems)
        def text(self, lang: str) -> str:
            return {"en": "too long", "ru": "слишком длинное"}[lang]

    assert msg_to_data(Worked("names.bad")) == {"labels": {"en": "too long", "ru": "слишком длинное"}}
    inner = RuleRefused(key="orion.not_yours", hex="1,0", leader="bob")
    data = msg_to_data(Msg("forum.refusal.unknown_command", word=inner))
    assert data["params"]["word"] == {"labels": {lang: inner.text(lang) for lang in LANGS}}


def test_a_domain_error_as_a_message():
    keyed = TableError(key="tables.unknown", name="no/such")
    assert keyed.msg() == Msg("error.tables.unknown", name="no/such")
    assert [keyed.msg().text(lang) for lang in LANGS] == [keyed.text(lang) for lang in LANGS]
    plain = RuleRefused("the moderator said no")
    assert msg_to_data(plain.msg()) == {"labels": {"en": "the moderator said no"}}
    assert plain.msg().text("ru") == "the moderator said no"
    odd = RuleRefused(key="tables.unknown", name="line\nbreak")  # as the one-line error writes it
    assert odd.msg().text("en") == odd.text("en")


@pytest.mark.parametrize(
    "bad",
    [
        {"key": "forum.refusal.no_such_key", "params": {}},  # no catalog has it
        {"key": "forum.refusal.unknown_command", "params": {}},  # its words need {word}
        {"key": "forum.refusal.unknown_command"},  # no params
        {"labels": {}},
        ["forum.refusal.unknown_command"],
        "unknown command",
    ],
)
def test_what_is_not_a_stored_message_is_refused(bad):
    with pytest.raises(ValueError):
        msg_from_data(bad)


@pytest.mark.parametrize("first, then", [("en", "ru"), ("ru", "en")])
def test_a_stored_refusal_is_written_in_the_language_asked_later(gm, camp, tmp_path, first, then):
    """Resolved in one language, read back in the other: the same words a fresh resolution
    in that language gives."""
    fresh = tmp_path / "fresh"
    shutil.copytree(camp, fresh)
    thread = str(LEGACY / "thread.txt")
    ok(gm("post", "resolve", thread, "-c", str(camp), "--lang", first))
    stored = snapshot(camp)
    again = ok(gm("post", "resolve", thread, "-c", str(camp), "--lang", then))
    assert snapshot(camp) == stored  # read back: nothing rolled, nothing written
    assert refusal_lines(again) == refusal_lines(ok(gm("post", "resolve", thread, "-c", str(fresh), "--lang", then)))
    assert len(refusal_lines(again)) == 32


def test_forum_toml_keeps_keys_and_parameters_not_words(gm, camp):
    ok(gm("post", "resolve", str(LEGACY / "thread.txt"), "-c", str(camp), "--lang", "ru"))
    refused = [c for c in commands(camp) if c["status"] == "refused"]
    assert len(refused) == 32
    for record in refused:
        assert "reason" not in record and "reason_ru" not in record
        data = json.loads(record["refusal"])
        assert set(data) == {"key", "params"}, data  # every refusal of this thread has a key
        words = msg_from_data(data)
        assert words.text("ru") not in record["refusal"] and words.text("en") not in record["refusal"]
    first = json.loads(refused[0]["refusal"])
    assert first == {"key": "forum.refusal.unknown_command", "params": {"word": "teleport"}}
    assert all(c.get("refusal") is None for c in commands(camp) if c["status"] == "ok")


def test_old_words_read_back_in_their_languages(gm, camp):
    shutil.copy(LEGACY / "forum.toml", camp / "forum.toml")
    out = ok(gm("post", "resolve", str(LEGACY / "thread.txt"), "-c", str(camp), "--lang", "ru", "--format", "json"))
    first = json.loads(out)["posts"][0]["commands"][0]
    assert (first["status"], first["reason"]) == ("refused", "unknown command !teleport")  # JSON: English
    plain = ok(gm("post", "resolve", str(LEGACY / "thread.txt"), "-c", str(camp), "--lang", "ru"))
    assert "!teleport 1,1 — отклонено: неизвестная команда !teleport" in plain


def test_a_damaged_stored_refusal_is_a_one_line_error_and_nothing_is_written(gm, camp):
    ok(gm("post", "resolve", str(LEGACY / "thread.txt"), "-c", str(camp)))
    path = camp / "forum.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("forum.refusal.unknown_command", "forum.refusal.nope", 1),
        encoding="utf-8",
    )
    before = snapshot(camp)
    assert_error(
        gm("post", "resolve", str(LEGACY / "thread.txt"), "-c", str(camp)),
        "forum.toml: the stored result of 2001:1 (—) is damaged",
    )
    assert snapshot(camp) == before
    res = gm("campaign", "validate", "-c", str(camp))
    assert res.exit_code == 1 and "the stored result of 2001:1 (—) is damaged" in res.stdout + res.stderr
