"""Report builders are pure (issue 34 §6): a turn's posts are built from its result once per
language, each build reading the same result and orders and changing nothing of them, so a
second language costs a second build, not a deep copy (gmtool/app/session.py
``_in_every_lang``)."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

import gmtool.app.session as session
from helpers import example_copy, ok

pytestmark = pytest.mark.usefixtures("isolated")

ROOT = Path(__file__).resolve().parent.parent


def _watching(monkeypatch) -> list[tuple[str, str]]:
    """Every build of a turn's posts, checked: its result and orders after it equal (and pickle
    to the same bytes as) a copy taken before.  Returns (the result's type, the language) of
    each build seen."""
    seen: list[tuple[str, str]] = []
    real = session._in_every_lang

    def in_every_lang(build, state, result, done, out, langs):
        def checked(res, done_, lang, ls):
            assert res is result and done_ is done  # every language reads the same result, no copy
            before, frozen = copy.deepcopy((res, done_)), pickle.dumps((res, done_))
            posts = build(res, done_, lang, ls)
            assert (res, done_) == before, f"a build in {lang} changed its result"
            assert pickle.dumps((res, done_)) == frozen, f"a build in {lang} changed its result"
            seen.append((type(res).__name__, lang))
            return posts

        return real(checked, state, result, done, out, langs)

    monkeypatch.setattr(session, "_in_every_lang", in_every_lang)
    return seen


def test_a_full_turn_of_the_example_builds_its_posts_in_both_languages_leaving_its_result_as_it_was(
    gm, tmp_path, monkeypatch
):
    camp = example_copy(tmp_path)
    ok(gm("player", "lang", "-c", str(camp), "--player", "bob", "--to", "ru"))  # one leader reads Russian
    seen = _watching(monkeypatch)
    ok(gm("turn", "run", str(ROOT / "campaigns" / "example" / "orders" / "turn-01.toml"), "-c", str(camp)))
    ok(gm("turn", "start", "-c", str(camp)))
    # the end's posts as written (English, bob's in Russian), then whole in each language;
    # the next turn's start the same way
    assert seen == [
        ("TurnEnd", "en"),
        ("TurnEnd", "en"),
        ("TurnEnd", "ru"),
        ("TurnStart", "en"),
        ("TurnStart", "en"),
        ("TurnStart", "ru"),
    ]


@pytest.mark.slow
def test_every_turn_of_the_example_game_builds_its_posts_leaving_its_result_as_it_was(gm, tmp_path, monkeypatch):
    """The whole example game (nine turns of orders: explorations, colonies, the Council, the
    moderator's records, awards …), each turn's posts built in both languages."""
    camp = example_copy(tmp_path, fresh=True)
    ok(gm("player", "lang", "-c", str(camp), "--player", "carol", "--to", "ru"))
    seen = _watching(monkeypatch)
    orders = sorted((ROOT / "campaigns" / "example" / "orders").glob("turn-*.toml"))
    for one in orders:
        ok(gm("turn", "run", str(one), "-c", str(camp)))
    assert seen == [("TurnEnd", lang) for _ in orders for lang in ("en", "en", "ru")]
