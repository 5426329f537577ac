"""The resolver's own refusals come from the catalogs (``forum.refusal.*``), and a thread
resolved before they did reads back with the very same reply.

tests/golden/legacy_refusals/ holds a thread with every kind of stored refusal (unknown
command, another ruleset's command, a public vote, too long, too many, the rules' own
refusals), the forum.toml the resolver wrote for it before the catalogs held these words,
and the refusal lines of its replies then, in English and Russian."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gmtool.forum.posts import Post, parse_commands
from gmtool.forum.resolve import refused
from gmtool.locale import Msg
from helpers import ok

pytestmark = [pytest.mark.usefixtures("isolated"), pytest.mark.camp(example="fresh")]

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parent / "campaigns" / "example"
LEGACY = HERE / "golden" / "legacy_refusals"
REFUSAL = re.compile(r" — (refused|отклонено): ")


def refusal_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if REFUSAL.search(line)]


def expected(lang: str) -> list[str]:
    return (LEGACY / f"refusals-{lang}.txt").read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_refusals_stored_before_read_back_the_same(gm, camp, lang):
    shutil.copy(LEGACY / "forum.toml", camp / "forum.toml")
    stored = (camp / "forum.toml").read_bytes()
    journal = (camp / "journal.toml").read_bytes()
    out = ok(gm("post", "resolve", str(LEGACY / "thread.txt"), "-c", str(camp), "--lang", lang))
    assert refusal_lines(out) == expected(lang)
    # read back, not decided again: nothing rolled, nothing added
    assert (camp / "forum.toml").read_bytes() == stored
    assert (camp / "journal.toml").read_bytes() == journal


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_fresh_resolution_words_them_as_before(gm, camp, lang):
    out = ok(gm("post", "resolve", str(LEGACY / "thread.txt"), "-c", str(camp), "--lang", lang))
    lines = refusal_lines(out)
    old = expected(lang)
    # the same words, but the Russian count of commands not run, which only English had, and
    # the Russian distance in hexes
    assert len(lines) == len(old)
    for new, before in zip(lines, old):
        if before.startswith("!… (3 more commands)") and lang == "ru":
            assert new == before + ": 3 не выполнены"
        elif " гекс. от " in before:  # the distance now counted in words («в 198 гексах от»)
            assert new == before.replace(" гекс. от ", " гексах от ")
        elif "!table, !vote)" in before:  # the treaty commands came (docs/forum-commands.md, treaties)
            assert new == before.replace(
                "!check, !explore, !roll, !table, !vote",
                "!check, !end, !explore, !refuse, !roll, !sign, !table, !treaty, !vote",
            )
        elif "gmtool table list" in before:  # a player's refusal cites no tool command (closed rooms)
            assert new == before.replace(
                "; `gmtool table list` shows them all", ": the list of tables names every one there is"
            ).replace("; все таблицы показывает `gmtool table list`", ": все таблицы перечислены в их списке")
        else:
            assert new == before
    # and what is stored now is read back the same
    again = ok(gm("post", "resolve", str(LEGACY / "thread.txt"), "-c", str(camp), "--lang", lang))
    assert refusal_lines(again) == lines


def test_refused_takes_both_languages_from_the_catalogs():
    post = Post("zed", "7", False, "!warp", 1)
    [command] = parse_commands("!warp")
    outcome = refused(post, command, Msg("forum.refusal.unknown_command", word="warp"), transient=True)
    assert outcome.why == Msg("forum.refusal.unknown_command", word="warp")  # kept as its key: any language
    assert (outcome.reason, outcome.reason_in("ru")) == ("unknown command !warp", "неизвестная команда !warp")
    assert outcome.reason_in("ru") == "неизвестная команда !warp" and outcome.reason_in("en") == outcome.reason
    assert outcome.transient and outcome.status == "refused"


def test_a_stored_refusal_without_russian_words_falls_back_to_english(gm, camp):
    """Before the catalogs, a rule's error without a key was stored in English only."""
    text = (LEGACY / "forum.toml").read_text(encoding="utf-8")
    text = text.replace('reason_ru = "неизвестная команда !teleport"\n', "")
    (camp / "forum.toml").write_text(text, encoding="utf-8")
    out = ok(gm("post", "resolve", str(LEGACY / "thread.txt"), "-c", str(camp), "--lang", "ru"))
    assert "!teleport 1,1 — отклонено: unknown command !teleport" in out
