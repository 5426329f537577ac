"""The language sweep: what the converted commands print and refuse, in every text format,
holds no Latin words under --lang ru (outside an allow-list of ids, notation and names)
and no Cyrillic under --lang en."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from helpers import shipped_library

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ("plain", "bbcode", "markdown")

# Latin that stays Latin in a Russian report: notation, units, names, option and file names
ALLOWED = {"error", "gmtool", "sha", "hmac", "readme", "python", "toml", "key", "json", "alice", "bob", "carol",
           "example", "hex", "kh", "kl", "dh", "dl", "espionage", "yes", "no", "abstain", "automatic", "orion",
           "venus", "own", "ops", "target", "counter", "chair", "decision", "secret", "campaign", "dir",
           "limit", "player", "validate", "repair", "reveal", "commitment", "verify", "pick", "propose", "council",
           "frame", "dice", "lang", "format", "seed", "ru", "en", "set", "agent"}
MARKUP = re.compile(r"\[/?[a-z*]+(=[^\]]*)?\]|https?://\S+|--[a-z][a-z-]*|\b\d*d(\d+|%)\b|[a-z_]+(/[a-z0-9_-]+)+"
                    r"|\b[a-z0-9]+(?:[-_][a-z0-9]+)+\b|\(orion/[^)]*\)|`[^`]*`|#\d+")


def ids() -> set[str]:
    """Row, modifier and table ids of the shipped tables: ids a user types."""
    lib = shipped_library()
    out: set[str] = set()
    for tid in lib.files:
        table = lib.get(tid)
        out |= {tid, table.name} | {r.id for r in table.rows} | {m.id for m in table.modifiers}
    return {i.lower() for i in out}


IDS = ids()


def latin_words(text: str, typed: set[str] = frozenset()) -> list[str]:
    """Latin words outside the allow-list, the ids and what the user ``typed``."""
    text = MARKUP.sub(" ", text.replace("\\_", "_").replace("\\-", "-"))
    allowed = ALLOWED | IDS | {w.lower() for w in typed}
    return sorted({w for w in re.findall(r"[A-Za-z]{2,}", text) if w.lower() not in allowed})


def cyrillic_words(text: str) -> list[str]:
    return sorted(set(re.findall(r"[А-Яа-яЁё]{2,}", text)))


@pytest.fixture(scope="module")
def campaign(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("sweep") / "example"
    shutil.copytree(ROOT / "campaigns" / "example", folder)
    return folder


@pytest.fixture(scope="module")
def ballots(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("ballots") / "ballots.toml"
    path.write_text('chair = "alice"\n[[ballot]]\nleader = "alice"\nvote = "yes"\nplanets = 3\nbribe_bc = 6\n'
                    '[[ballot]]\nleader = "bob"\nvote = "no"\nplanets = 2\n', encoding="utf-8")
    return path


def outputs(campaign: Path, ballots: Path) -> list[list[str]]:
    tables = sorted(shipped_library().files)
    c = ["-c", str(campaign)]
    return ([["roll", "2d10+3", "--seed", "1"], ["roll", "6d10>=7", "--dice", "7,2,9,10,1,8", "--for", "абордаж"],
             ["roll", "4d6kh3", "--dice", "6,1,5,3"], ["roll", "d10>=5", "--dice", "6"],
             ["table", "list"], ["table", "roll", "orion/world-type", "--seed", "3"],
             ["table", "roll", "orion/exploration", "--dice", "8,3", "--stage", "2"],
             ["odds", "table", "orion/world-type"], ["odds", "explore", "--stage", "2"],
             ["world", "planet", "--seed", "4"],
             ["agent", "check", "--difficulty", "6", "--dice", "5"],
             ["agent", "check", "--difficulty", "7", "--espionage", "--own-ops", "3", "--target-ops", "1", "--dice", "10"],
             ["council", "tally", str(ballots)],
             ["status", *c], ["verify", *c]]
            + [["explore", "--stage", str(stage), "--seed", str(seed)] for stage in (1, 2, 3) for seed in range(6)]
            + [["table", "show", t] for t in tables])


REFUSALS = [["roll", "2000d10"], ["roll", "d10+"], ["roll", "d10", "--dice", "11"], ["roll", "2d10", "--dice", "3,4,5"],
            ["roll", "d10", "--dice", "x"], ["roll", "3d6kh4"], ["roll", "d10000"], ["roll", ""],
            ["explore", "--dice", "3,11"], ["explore", "--player", "bob"], ["table", "show", "nothing"],
            ["table", "roll", "orion/ships"], ["agent", "check", "--difficulty", "hard"],
            ["agent", "check", "--difficulty", "6", "--own-ops", "1"],
            ["agent", "check", "--difficulty", "500"]]


@pytest.mark.parametrize("fmt", FORMATS)
def test_russian_output_has_no_english(gm, campaign, ballots, fmt):
    bad = {}
    for args in outputs(campaign, ballots):
        res = gm(*args, "--lang", "ru", "--format", fmt)
        assert res.exit_code == 0, (args, res.output)
        words = latin_words(res.stdout)
        if words:
            bad[" ".join(args)] = words
    assert not bad, bad


@pytest.mark.parametrize("fmt", FORMATS)
def test_english_output_has_no_russian(gm, campaign, ballots, fmt):
    bad = {}
    for args in outputs(campaign, ballots):
        res = gm(*args, "--lang", "en", "--format", fmt)
        assert res.exit_code == 0, (args, res.output)
        words = [w for w in cyrillic_words(res.stdout) if not any(w in a for a in args)]   # a player's text
        if words:
            bad[" ".join(args)] = words
    assert not bad, bad


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_refusals_are_in_the_asked_language(gm, lang):
    for args in REFUSALS:
        res = gm(*args, "--lang", lang)
        assert res.exit_code == 1, (args, res.output)
        assert res.stderr.startswith("error: ") and res.stderr.count("\n") == 1, (args, res.stderr)
        typed = {w for a in args for w in re.findall(r"[A-Za-z]{2,}", a)}
        found = latin_words(res.stderr, typed) if lang == "ru" else cyrillic_words(res.stderr)
        assert not found, (args, res.stderr, found)


def test_a_campaigns_language_chooses_the_language_of_its_errors(gm, tmp_path):
    folder = tmp_path / "c"
    assert gm("campaign", "new", str(folder), "--player", "alice", "--player", "bob", "--lang", "ru",
              "--seed", "1").exit_code == 0
    res = gm("agent", "use", "-c", str(folder), "Kess", "spy")
    assert res.exit_code == 1
    res = gm("council", "propose", "-c", str(folder))
    assert res.stderr == "error: на 1-м этапе (ходы 1–6) Галактический совет не собирается\n"
    res = gm("council", "propose", "-c", str(folder), "--lang", "en")
    assert res.stderr == "error: the Galactic Council does not sit in stage 1 (turns 1–6)\n"
