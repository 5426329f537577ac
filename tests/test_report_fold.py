"""A long list of private detail folds into a spoiler where the BBCode dialect has one
(tables/forums/*.toml ``spoiler``); everywhere else it is the same list as before."""

from __future__ import annotations

import pytest

from gmtool.report.model import Heading, Items, Report, report_from_dict, report_to_dict, text
from gmtool.report.render import FOLD_ITEMS, render, render_posts


def report(n: int, fold: str | None = "This turn") -> Report:
    return Report(
        text("bob: Turn 3: results"),
        [Heading(text("This turn")), Items([text(f"line {i} [b]x[/b]") for i in range(n)], fold)],
    )


def test_a_long_foldable_list_is_a_spoiler_in_xenforo():
    out = render(report(FOLD_ITEMS), "bbcode", "xenforo")
    assert f'[b]This turn[/b]\n\n[spoiler="This turn ({FOLD_ITEMS})"]\n[list]\n[*]line 0 [\u200bb]x[\u200b/b]\n' in out
    assert out.endswith("[/list]\n[/spoiler]\n")


@pytest.mark.parametrize(
    "fmt, dialect, n, fold",
    [
        ("bbcode", "phpbb", FOLD_ITEMS, "This turn"),  # no stock spoiler BBCode
        ("bbcode", "mybb", FOLD_ITEMS, "This turn"),
        ("bbcode", "xenforo", FOLD_ITEMS - 1, "This turn"),  # short: not folded
        ("bbcode", "xenforo", FOLD_ITEMS, None),  # not a list of private detail
        ("markdown", None, FOLD_ITEMS, "This turn"),
        ("plain", None, FOLD_ITEMS, "This turn"),
    ],
)
def test_elsewhere_the_list_is_not_folded(fmt, dialect, n, fold):
    out = render(report(n, fold), fmt, dialect)
    assert "spoiler" not in out
    assert out == render(report(n, None), fmt, dialect)


def test_a_fold_title_cannot_break_the_tag():
    out = render(Report(text("t"), [Items([text("x")] * FOLD_ITEMS, 'a "b" [/spoiler] c')]), "bbcode", "xenforo")
    assert "[spoiler=\"a 'b' (/spoiler) c (8)\"]\n" in out
    assert out.count("[/spoiler]") == 1


def test_a_spoiler_split_between_posts_is_folded_again_in_each():
    posts = render_posts(report(200), "bbcode", "xenforo", limit=1000)
    assert len(posts) > 2
    for post in posts[1:]:
        body = post.split("\n\n", 1)[1]  # after the part mark
        assert body.startswith('[spoiler="This turn (200)"]\n') and body.endswith("\n[/spoiler]\n")
        assert len(post) <= 1000


def test_the_fold_is_kept_with_a_stored_report():
    kept = report_from_dict(report_to_dict(report(FOLD_ITEMS)))
    assert kept == report(FOLD_ITEMS)
    assert report_from_dict(report_to_dict(report(2, None))).blocks[1].fold is None


def test_a_private_report_marks_its_long_lists(tmp_path, gm, new_campaign, monkeypatch):
    from helpers import ok

    monkeypatch.chdir(tmp_path)
    new_campaign("c", players=["alice", "bob"], seed=7)  # ./c
    (tmp_path / "o.toml").write_text(
        "turn = 1\n[alice]\nship_add = [" + ", ".join(['"frigate"'] * 9) + "]\n", encoding="utf-8"
    )
    out = ok(gm("turn", "run", "o.toml", "-c", "c", "--dry-run", "--format", "bbcode", "--dialect", "xenforo"))
    alice = out.split("----- private report for alice -----")[1].split("----- private report for bob")[0]
    assert '[b]Your orders this turn[/b]\n\n[spoiler="Your orders this turn (9)"]\n[list]\n' in alice
    public = out.split("----- private report for alice -----")[0]
    assert "[spoiler" not in public  # the public post folds nothing
