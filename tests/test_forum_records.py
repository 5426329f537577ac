"""forum.toml as written: every record a ``[[command]]``/``[[post]]`` table (never the
inline array tomli_w makes of a lone short table, which a later ``[[post]]`` cannot
extend), long stored reports as literal strings that read back exactly."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from gmtool.campaign import forumfile
from gmtool.forum.resolve import stored_json
from helpers import ok, snapshot

ROOT = Path(__file__).resolve().parent.parent

text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300)


@given(
    st.dictionaries(st.sampled_from(["key", "author", "command", "reason", "reports"]), text, min_size=1),
    st.lists(st.integers(0, 10**6), max_size=4),
)
def test_a_record_reads_back_as_written(record, ids):
    record = {**record, "roll_ids": ids}
    written = forumfile._table("command", record)
    assert written.startswith("[[command]]\n")
    assert tomllib.loads(written)["command"] == [record]


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | text,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
        max_leaves=20,
    )
)
def test_stored_json_is_a_literal_string_that_decodes_to_the_value(value):
    raw = stored_json({"en": value, "pad": "x" * forumfile.LITERAL_FROM})
    assert forumfile._literal_ok(raw)
    written = forumfile._table("command", {"key": "1:1", "reports": raw})
    assert "reports = '" in written
    assert json.loads(tomllib.loads(written)["command"][0]["reports"])["en"] == value


def test_a_short_lone_post_record_is_still_a_table(tmp_path):
    path = tmp_path / "forum.toml"
    forumfile.append(path, [], [{"post_id": "900", "author": "alice", "private": False, "commands": []}])
    forumfile.append(path, [], [{"post_id": "901", "author": "bob", "private": False, "commands": ["!roll d6"]}])
    assert "post = [" not in path.read_text("utf-8")
    assert sorted(forumfile.read(path).posts) == ["900", "901"]


def thread(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


def test_a_thread_whose_first_posts_hold_no_command_resolves_on(gm, tmp_path):
    """The first run closes a chat post only; the next run's [[post]] must not break forum.toml."""
    camp = tmp_path / "camp"
    shutil.copytree(ROOT / "campaigns" / "example", camp)
    first = thread(tmp_path, "t1.txt", "=== alice #900 ===\nhello, all\n")
    more = thread(tmp_path, "t2.txt", "=== alice #900 ===\nhello, all\n=== bob #901 ===\n!roll d6 for luck\n")
    ok(gm("post", "resolve", str(first), "-c", str(camp)))
    reply = ok(gm("post", "resolve", str(more), "-c", str(camp)))
    assert "d6 = [" in reply
    again = ok(gm("post", "resolve", str(more), "-c", str(camp)))
    assert again == reply


def test_an_earlier_inline_post_array_is_rewritten_before_appending(gm, tmp_path):
    camp = tmp_path / "camp"
    shutil.copytree(ROOT / "campaigns" / "example", camp)
    # what an earlier gmtool wrote after a first run that closed one command-less post
    (camp / "forum.toml").write_text(
        forumfile.HEADER
        + '\npost = [\n    { post_id = "900", author = "alice", private = false, commands = [] },\n]\n',
        encoding="utf-8",
    )
    more = thread(tmp_path, "t2.txt", "=== alice #900 ===\nhello, all\n=== bob #901 ===\n!roll d6 for luck\n")
    reply = ok(gm("post", "resolve", str(more), "-c", str(camp)))
    assert "d6 = [" in reply
    records = forumfile.read(camp / "forum.toml")
    assert not records.inline and sorted(records.posts) == ["900", "901"]
    before = snapshot(camp)
    assert ok(gm("post", "resolve", str(more), "-c", str(camp))) == reply
    assert snapshot(camp) == before


def test_a_damaged_stored_result_is_one_line_and_nothing_is_written(gm, tmp_path):
    camp = tmp_path / "camp"
    shutil.copytree(ROOT / "campaigns" / "example", camp)
    first = thread(tmp_path, "t1.txt", "=== alice #900 ===\n!roll d6\n")
    ok(gm("post", "resolve", str(first), "-c", str(camp)))
    forum = camp / "forum.toml"
    text = forum.read_text("utf-8")
    start = text.index("reports = '")
    end = text.index("\n", start)
    forum.write_text(text[:start] + """reports = '{"en":{"title":5},"ru":{"title":5}}'""" + text[end:], "utf-8")
    more = thread(tmp_path, "t2.txt", "=== alice #900 ===\n!roll d6\n=== bob #901 ===\n!roll d20\n")
    before = snapshot(camp)
    from helpers import assert_error

    assert_error(
        gm("post", "resolve", str(more), "-c", str(camp)), "forum.toml: the stored result of 900:1 (en) is damaged"
    )
    assert snapshot(camp) == before
    res = gm("campaign", "validate", "-c", str(camp))
    assert res.exit_code == 1 and "the stored result of 900:1" in res.stdout + res.stderr


def test_a_file_an_earlier_gmtool_already_broke_is_read_and_mended(gm, tmp_path):
    """An inline `post = [...]` followed by a `[[post]]` (the old writer's bug) does not parse
    as one TOML document; its records are read piece by piece and the file rewritten."""
    camp = tmp_path / "camp"
    shutil.copytree(ROOT / "campaigns" / "example", camp)
    (camp / "forum.toml").write_text(
        forumfile.HEADER + '\npost = [\n    { post_id = "900", author = "alice", private = false, commands = [] },\n]\n'
        '\n[[post]]\npost_id = "901"\nauthor = "bob"\nprivate = false\ncommands = []\n',
        encoding="utf-8",
    )
    more = thread(tmp_path, "t.txt", "=== alice #900 ===\nhi\n=== bob #901 ===\nhi\n=== carol #902 ===\n!roll d6\n")
    assert "d6 = [" in ok(gm("post", "resolve", str(more), "-c", str(camp)))
    records = forumfile.read(camp / "forum.toml")
    assert not records.inline and sorted(records.posts) == ["900", "901", "902"]


def test_profile_check_speaks_the_reader_s_language(gm):
    page = str(ROOT / "campaigns" / "example" / "forum-pages" / "topic-page-1.html")
    out = ok(gm("post", "profile", "check", page, "--lang", "ru"))
    assert out.startswith("topic-page-1.html: 4 поста\n") and "Движок: phpbb" in out and "Первая строка" in out
    assert ok(gm("post", "profile", "check", page)).startswith("topic-page-1.html: 4 posts\n")
