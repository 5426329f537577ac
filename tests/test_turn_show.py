"""``gmtool turn show``: a past turn's posts rendered again from the report models kept with
the turn (reports/models/turn-NN.json) — the same bytes as the report files written at the
time for the same options, and in any other format, dialect or language."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from helpers import CYRILLIC, assert_error, ok, ok_json
from helpers import run_gmtool as gm

EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"
ORDERS = sorted((EXAMPLE / "orders").glob("turn-*.toml"))
LEADERS = ("alice", "bob", "carol")
EXTENSIONS = {"plain": "txt", "bbcode": "bbcode", "markdown": "md", "discord": "discord.md", "json": "json"}

# the options each turn of the example game is played with (turn → options)
PLAYED = {
    1: ("--format", "bbcode"),
    2: ("--format", "markdown", "--lang", "ru"),
    3: ("--format", "plain"),
    4: ("--format", "bbcode", "--dialect", "xenforo"),
    5: ("--format", "json"),
    6: ("--format", "discord"),
    7: ("--format", "bbcode", "--lang", "ru", "--post-limit", "1500"),
    8: ("--format", "plain", "--lang", "ru"),
    9: ("--format", "markdown"),
}


def options(turn: int) -> tuple[str, ...]:
    return PLAYED[turn]


def fmt(turn: int) -> str:
    opts = options(turn)
    return opts[opts.index("--format") + 1]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The example game played to its end, each turn with its own options; bob reads his
    private reports in Russian from turn 3 on; turn 8 opens with its own start post."""
    folder = tmp_path_factory.mktemp("show") / "game"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "forum.toml", "reports", "history"))
    (folder / "secret.key").chmod(0o600)
    camp = str(folder)
    for n, path in enumerate(ORDERS, start=1):
        if n == 3:
            ok(gm("player", "lang", "-c", camp, "--player", "bob", "--to", "ru"))
        if n == 8:
            ok(gm("turn", "start", "-c", camp, "--format", "bbcode"))
        ok(gm("turn", "run", str(folder / "orders" / path.name), "-c", camp, *options(n)))
    return folder


@pytest.mark.parametrize("turn", sorted(PLAYED))
def test_show_with_the_options_of_the_time_is_the_report_written_then(played, turn):
    where = played / "reports" / f"turn-{turn:02d}"
    ext = EXTENSIONS[fmt(turn)]
    shown = ok(gm("turn", "show", "-c", str(played), "--turn", str(turn), *options(turn)))
    assert shown == (where / f"public.{ext}").read_text(encoding="utf-8")
    for leader in LEADERS:
        private = ok(
            gm(
                "turn",
                "show",
                "-c",
                str(played),
                "--turn",
                str(turn),
                "--player",
                leader,
                *[o for o in options(turn) if o not in ("--lang", "ru")],
            )
        )
        assert private == (where / f"{leader}.{ext}").read_text(encoding="utf-8"), leader


def test_a_leader_s_post_is_shown_in_the_language_it_was_posted_in(played):
    shown = ok(gm("turn", "show", "-c", str(played), "--turn", "3", "--player", "bob", "--format", "plain"))
    assert CYRILLIC.search(shown)
    assert shown == (played / "reports" / "turn-03" / "bob.txt").read_text(encoding="utf-8")
    alice = ok(gm("turn", "show", "-c", str(played), "--turn", "3", "--player", "alice", "--format", "plain"))
    assert not CYRILLIC.search(alice)


def test_the_start_post_is_shown_again(played):
    shown = ok(gm("turn", "show", "-c", str(played), "--turn", "8", "--start", "--format", "bbcode"))
    assert shown == (played / "reports" / "turn-08" / "start-public.bbcode").read_text(encoding="utf-8")


def test_a_past_turn_renders_in_another_format_and_language(played):
    english = ok(gm("turn", "show", "-c", str(played), "--turn", "2", "--lang", "en", "--format", "plain"))
    assert english.startswith("Turn 2") and not CYRILLIC.search(english)
    russian = ok(gm("turn", "show", "-c", str(played), "--turn", "1", "--lang", "ru", "--format", "markdown"))
    assert CYRILLIC.search(russian) and russian.startswith("#")
    data = ok_json(gm("turn", "show", "-c", str(played), "--turn", "1", "--format", "json"))
    assert data["turn"] == 1 and data["journal"]["last_id"] > 0
    xenforo = ok(gm("turn", "show", "-c", str(played), "--turn", "1", "--format", "bbcode", "--dialect", "xenforo"))
    assert xenforo.startswith("[size=5][b]")


def test_the_same_post_in_every_language_carries_the_same_journal_mark(played):
    en = ok_json(gm("turn", "show", "-c", str(played), "--turn", "4", "--format", "json", "--lang", "en"))
    ru = ok_json(gm("turn", "show", "-c", str(played), "--turn", "4", "--format", "json", "--lang", "ru"))
    assert en["journal"] == ru["journal"]


def test_showing_writes_nothing(played):
    from helpers import snapshot

    before = snapshot(played)
    ok(gm("turn", "show", "-c", str(played), "--turn", "5", "--player", "carol"))
    assert snapshot(played) == before


def test_a_turn_without_posts_is_a_clear_error(played):
    res = gm("turn", "show", "-c", str(played), "--turn", "12")
    assert_error(res, "turn 12 has no posts to show", quiet=True)
    res = gm("turn", "show", "-c", str(played), "--turn", "2", "--start")
    assert_error(res, "turn 2 has no posts to show", quiet=True)


def test_an_unknown_leader_is_refused_naming_the_posts(played):
    res = gm("turn", "show", "-c", str(played), "--turn", "1", "--player", "zed")
    assert_error(res, "turn 1 has no post for 'zed' (posts for: alice, bob, carol)", quiet=True)
    res = gm("turn", "show", "-c", str(played), "--turn", "1", "--player", "zed", "--lang", "ru")
    assert_error(res, "в ходе 1 нет сообщения для «zed»", quiet=True)


def test_a_damaged_models_file_is_a_clear_error(tmp_path, played):
    folder = tmp_path / "g"
    shutil.copytree(played, folder)
    (folder / "reports" / "models" / "turn-01.json").write_text("{not json", encoding="utf-8")
    assert_error(gm("turn", "show", "-c", str(folder), "--turn", "1"), "turn-01.json: damaged", quiet=True)
    # JSON of the wrong shape: the same clear error, never an internal one
    (folder / "reports" / "models" / "turn-01.json").write_text(
        json.dumps({"version": 1, "langs": {"en": {"public": {"title": [["x"]]}}}, "used": {"public": "en"}}),
        encoding="utf-8",
    )
    assert_error(gm("turn", "show", "-c", str(folder), "--turn", "1"), "turn-01.json: damaged (ValueError", quiet=True)
    (folder / "reports" / "models" / "turn-01.json").write_text(
        '{"version": 1, "langs": [], "used": {}}', encoding="utf-8"
    )
    assert_error(gm("turn", "show", "-c", str(folder), "--turn", "1"), "turn-01.json: damaged (KeyError", quiet=True)


def test_turn_undo_takes_the_models_of_the_undone_turn_with_it(tmp_path):
    folder = tmp_path / "g"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "forum.toml", "reports", "history"))
    for path in ORDERS[:2]:
        ok(gm("turn", "run", str(folder / "orders" / path.name), "-c", str(folder)))
    ok(gm("turn", "undo", "-c", str(folder)))
    assert not (folder / "reports" / "models" / "turn-02.json").exists()
    assert_error(gm("turn", "show", "-c", str(folder), "--turn", "2"), "turn 2 has no posts to show")
    assert ok(gm("turn", "show", "-c", str(folder), "--turn", "1", "--format", "bbcode"))
    # run again, the turn has its posts again
    ok(gm("turn", "run", str(folder / "orders" / ORDERS[1].name), "-c", str(folder), "--format", "plain"))
    assert ok(gm("turn", "show", "-c", str(folder), "--turn", "2", "--format", "plain")) == (
        folder / "reports" / "turn-02" / "public.txt"
    ).read_text(encoding="utf-8")


def test_the_last_turn_of_the_game_is_not_undone_and_keeps_its_posts(tmp_path, played):
    """Its end revealed stage 2's key (docs/verify.md): it is not played again."""
    folder = tmp_path / "g"
    shutil.copytree(played, folder)
    assert_error(gm("turn", "undo", "-c", str(folder)), "turn 9 is not undone", "stage2")
    assert (folder / "reports" / "models" / "turn-09.json").exists()
    assert ok(gm("turn", "show", "-c", str(folder), "--turn", "9", "--format", "plain"))
