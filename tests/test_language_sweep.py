"""The language sweep: what the converted commands print and refuse, in every text format,
holds no Latin words under --lang ru (outside an allow-list of ids, notation and names)
and no Cyrillic under --lang en."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gmtool.forum.engines import engine_files
from gmtool.rules.orion.quest_conditions import JUDGES, MODERATOR
from helpers import shipped_library

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ("plain", "bbcode", "markdown")

# Latin that stays Latin in a Russian report: notation, units, names, option and file names
ALLOWED = {
    "error",
    "gmtool",
    "sha",
    "hmac",
    "readme",
    "python",
    "toml",
    "key",
    "json",
    "alice",
    "bob",
    "carol",
    "example",
    "hex",
    "kh",
    "kl",
    "dh",
    "dl",
    "espionage",
    "yes",
    "no",
    "abstain",
    "automatic",
    "orion",
    "venus",
    "own",
    "ops",
    "target",
    "counter",
    "chair",
    "decision",
    "secret",
    "campaign",
    "dir",
    "limit",
    "player",
    "validate",
    "repair",
    "reveal",
    "commitment",
    "verify",
    "pick",
    "propose",
    "council",
    "frame",
    "dice",
    "lang",
    "format",
    "seed",
    "ru",
    "en",
    "set",
    "agent",
}
MARKUP = re.compile(
    r"\b[\w-]+\.(?:png|toml|txt|json|md|bbcode)\b|\[/?[a-z*]+(=[^\]]*)?\]|https?://\S+|--[a-z][a-z-]*|\b\d*d(\d+|%)\b|[a-z_]+(/[a-z0-9_-]+)+"
    r"|\b[a-z0-9]+(?:[-_][a-z0-9]+)+\b|\(orion/[^)]*\)|`[^`]*`|#\d+|· [0-9a-f]{12}\b"
)


def ids() -> set[str]:
    """Row, modifier and table ids of the shipped tables: ids a user types."""
    lib = shipped_library()
    out: set[str] = set()
    for tid in lib.files:
        table = lib.get(tid)
        out |= {tid, table.name} | {r.id for r in table.rows} | {m.id for m in table.modifiers}
    return {i.lower() for i in out}


IDS = ids()
# a quest's condition words (tables/orion/quests-*.toml, docs/rules-orion.md A11): notation the
# moderator types in a table, like "bc:+3"
CONDITIONS = {*JUDGES, MODERATOR}


def latin_words(text: str, typed: set[str] = frozenset()) -> list[str]:
    """Latin words outside the allow-list, the ids and what the user ``typed``."""
    text = MARKUP.sub(" ", text.replace("\\_", "_").replace("\\-", "-"))
    allowed = ALLOWED | IDS | CONDITIONS | {w.lower() for w in typed}
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
    path.write_text(
        'chair = "alice"\n[[ballot]]\nleader = "alice"\nvote = "yes"\nplanets = 3\nbribe_bc = 6\n'
        '[[ballot]]\nleader = "bob"\nvote = "no"\nplanets = 2\n',
        encoding="utf-8",
    )
    return path


def outputs(campaign: Path, ballots: Path) -> list[list[str]]:
    tables = sorted(shipped_library().files)
    c = ["-c", str(campaign)]
    return (
        [
            ["roll", "2d10+3", "--seed", "1"],
            ["roll", "6d10>=7", "--dice", "7,2,9,10,1,8", "--for", "абордаж"],
            ["roll", "4d6kh3", "--dice", "6,1,5,3"],
            ["roll", "d10>=5", "--dice", "6"],
            ["table", "list"],
            ["table", "roll", "orion/world-type", "--seed", "3"],
            ["table", "roll", "orion/exploration", "--dice", "8,3", "--stage", "2"],
            ["odds", "table", "orion/world-type"],
            ["odds", "explore", "--stage", "2"],
            ["world", "planet", "--seed", "4"],
            ["agent", "check", "--difficulty", "6", "--dice", "5"],
            [
                "agent",
                "check",
                "--difficulty",
                "7",
                "--espionage",
                "--own-ops",
                "3",
                "--target-ops",
                "1",
                "--dice",
                "10",
            ],
            ["council", "tally", str(ballots)],
            ["status", *c],
            ["verify", *c],
        ]
        + [["explore", "--stage", str(stage), "--seed", str(seed)] for stage in (1, 2, 3) for seed in range(6)]
        + [["table", "show", t] for t in tables]
    )


REFUSALS = [
    ["roll", "2000d10"],
    ["roll", "d10+"],
    ["roll", "d10", "--dice", "11"],
    ["roll", "2d10", "--dice", "3,4,5"],
    ["roll", "d10", "--dice", "x"],
    ["roll", "3d6kh4"],
    ["roll", "d10000"],
    ["roll", ""],
    ["explore", "--dice", "3,11"],
    ["explore", "--player", "bob"],
    ["table", "show", "nothing"],
    ["table", "roll", "orion/ships"],
    ["agent", "check", "--difficulty", "hard"],
    ["agent", "check", "--difficulty", "6", "--own-ops", "1"],
    ["agent", "check", "--difficulty", "500"],
]


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
        words = [w for w in cyrillic_words(res.stdout) if not any(w in a for a in args)]  # a player's text
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


def test_a_campaigns_language_chooses_the_language_of_its_errors(gm, new_campaign):
    folder = new_campaign("c", players=["alice", "bob"], lang="ru", seed=1)
    res = gm("agent", "use", "-c", str(folder), "Kess", "spy")
    assert res.exit_code == 1
    res = gm("council", "propose", "-c", str(folder))
    assert res.stderr == "error: на 1-м этапе (ходы 1–6) Галактический совет не собирается\n"
    res = gm("council", "propose", "-c", str(folder), "--lang", "en")
    assert res.stderr == "error: the Galactic Council does not sit in stage 1 (turns 1–6)\n"


# ------------------------------------------------------------------ a played turn, reply by reply


def _neighbour(folder: Path, leader: str) -> str:
    import tomllib

    data = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    home = next(p for p in data["player"] if p["name"] == leader)["homeworld"]
    taken = {s["hex"] for s in data.get("system", [])}
    q, r = (int(x) for x in home.split(","))
    return next(
        h
        for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
        if (h := f"{q + dq},{r + dr}") not in taken and h != "0,0"
    )


def _give_card(folder: Path, leader: str, card: str) -> None:
    import tomllib

    import tomli_w

    data = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    next(p for p in data["player"] if p["name"] == leader)["hand"] = [card]
    (folder / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")


def played_turn(
    gm, new_campaign, folder: Path, lang: str, fmt: str
) -> tuple[list[tuple[list[str], str]], list[tuple[list[str], str]]]:
    """A turn played command by command in ``lang``/``fmt``: (what each command printed,
    what each refused command wrote on stderr)."""
    c, opts = ["-c", str(folder)], ["--lang", lang]
    said: list[tuple[list[str], str]] = []
    refused: list[tuple[list[str], str]] = []

    def run(*args: str, fails: bool = False, formats: bool = True) -> None:
        argv = [*args, *c, *opts, *(["--format", fmt] if formats else [])]
        res = gm(*argv)
        if fails:
            assert res.exit_code == 1 and res.stderr.startswith("error: "), (argv, res.output)
            refused.append((argv, res.stderr))
        else:
            assert res.exit_code == 0, (argv, res.output)
            said.append((argv, res.stdout))

    new_campaign(folder.name, players=["alice", "bob"], seed=3, parent=folder.parent)
    hex_ = _neighbour(folder, "alice")
    run("explore", "--player", "alice", "--hex", hex_, "--dice", "6,5,5")
    run("colonize", "--player", "alice", "--hex", hex_)
    run("colonize", "--player", "bob", "--hex", hex_, fails=True, formats=False)
    run("colonize", "--player", "bob", "--hex", "9,9", fails=True, formats=False)
    run("assign", "--player", "alice", "--hex", hex_, "--scientists", "1")
    run("assign", "--player", "alice", "--hex", hex_, "--scientists", "5", fails=True, formats=False)
    run("agent", "set", "--player", "bob", "--limit", "2", "--ops", "1")
    run("agent", "set", "--player", "nobody", "--limit", "2", fails=True, formats=False)
    run("agent", "hire", "--player", "bob", "--name", "Kess", "--speciality", "spy")
    run("quest", "complete", "--player", "alice", fails=True, formats=False)
    run("turn", "undo", fails=True, formats=False)
    run("turn", "start")
    run("quest", "complete", "--player", "alice")
    run("quest", "complete", "--player", "alice", fails=True, formats=False)
    assert gm("deck", "draw", "events", *c).exit_code == 0  # the events deck exists from turn 8 on
    _give_card(folder, "bob", "mineral-boom")
    run("event", "play", "--player", "bob", "mineral-boom", "--choice", "2")
    run("event", "play", "--player", "bob", "mineral-boom", fails=True, formats=False)
    run("status")
    run("turn", "end")
    run("turn", "undo")
    return said, refused


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_turn_played_in_russian_reads_russian(gm, new_campaign, tmp_path, fmt, moderator_judges):
    said, refused = played_turn(gm, new_campaign, tmp_path / "c", "ru", fmt)
    bad = {" ".join(a[:3]): w for a, out in said if (w := latin_words(out, {"Kess"}))}
    bad |= {
        " ".join(a[:3]): (err, w) for a, err in refused if (w := latin_words(err, {w for x in a for w in x.split()}))
    }
    for report in sorted((tmp_path / "c" / "history").rglob("reports/*")) if fmt == "plain" else []:
        if report.suffix == ".txt" and (w := latin_words(report.read_text(encoding="utf-8"), {"Kess"})):
            bad[report.name] = w
    assert not bad, bad


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_turn_played_in_english_has_no_russian(gm, new_campaign, tmp_path, fmt, moderator_judges):
    said, refused = played_turn(gm, new_campaign, tmp_path / "c", "en", fmt)
    bad = {" ".join(a[:3]): w for a, out in said + refused if (w := cyrillic_words(out))}
    assert not bad, bad


def test_a_ballot_an_agent_and_orion_are_named_in_russian(gm, new_campaign, tmp_path):
    folder = tmp_path / "c"
    c = ["-c", str(folder)]
    new_campaign("c", players=["alice", "bob"], seed=3, lang="ru")
    path = folder / "campaign.toml"
    path.write_text(
        re.sub(r"(?m)^stage = \d+$", "stage = 2", path.read_text(encoding="utf-8"), count=1), encoding="utf-8"
    )
    assert gm("council", "propose", *c, "--chair", "alice").exit_code == 0
    assert gm("council", "propose", *c, "--pick", "1").exit_code == 0
    out = gm("council", "vote", *c, "--player", "bob", "нет").stdout
    assert "Голос: против" in out and not latin_words(out)
    out = gm("council", "vote", *c, "--player", "alice", "воздерживаюсь", "--lang", "en").stdout
    assert "Vote: abstain" in out
    assert gm("agent", "set", *c, "--player", "bob", "--limit", "1").exit_code == 0
    assert gm("agent", "hire", *c, "--player", "bob", "--name", "Kess", "--speciality", "spy").exit_code == 0
    out = gm("status", *c).stdout
    assert "Шпион" in out and " spy" not in out

    from gmtool.campaign.hexes import Hex
    from gmtool.report.exploration import orion_report
    from gmtool.report.render import render
    from gmtool.rolltables.library import TableLibrary
    from gmtool.rules.orion.state import System

    guardian = TableLibrary.default([]).get("guardian", "orion")
    report = orion_report(System(hex=Hex(0, 0), discovery="orion"), "alice", "ru", guardian, 2)
    assert "Найдено: Орион" in render(report, "plain")


def test_a_finished_game_says_who_won_in_the_asked_language(gm, new_campaign):
    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    path = folder / "campaign.toml"
    path.write_text(
        path.read_text(encoding="utf-8") + '\n[turn_state.victory]\nkind = "orion"\nleader = "alice"\nturn = 9\n',
        encoding="utf-8",
    )
    res = gm("turn", "start", "-c", str(folder), "--lang", "ru")
    assert (
        res.stderr
        == "error: игра окончена: alice побеждает на 9-м ходу (победа колонизацией Ориона); больше ничего изменить нельзя\n"
    )
    res = gm("turn", "start", "-c", str(folder), "--lang", "en")
    assert (
        res.stderr
        == "error: the game is over: alice won on turn 9 (victory by colonising Orion); nothing more can change\n"
    )


def test_a_bad_ballots_file_is_refused_in_the_asked_language(gm, tmp_path):
    path = tmp_path / "ballots.toml"
    path.write_text('chair = "alice"\n[[ballot]]\nleader = "alice"\nvote = "может"\nplanets = 3\n', encoding="utf-8")
    res = gm("council", "tally", str(path), "--lang", "ru")
    assert res.exit_code == 1 and "голос по законопроекту — «да», «нет» или «воздерживаюсь»" in res.stderr
    path.write_text('[[ballot]]\nleader = "alice"\nvote = "yes"\n', encoding="utf-8")
    res = gm("council", "tally", str(path), "--lang", "ru")
    assert res.exit_code == 1 and "нет строки chair" in res.stderr, res.stderr
    res = gm("council", "tally", str(path), "--lang", "en")
    assert res.stderr.endswith('ballots.toml: chair = "NAME" is missing\n'), res.stderr


# ------------------------------------------------------------------ Merchant of Venus, reply by reply

VENUS_TYPED = {
    "city",
    "spaceport",
    "asteroid",
    "kind",
    "die",
    "heading",
    "venus",
    "move",
    "navigate",
    "player",
    "nowhere",
    "ann",
    "ben",
    "ok",
    "nebula",
    "habitat",
}  # the heading as declared


def venus_turn(
    gm, new_campaign, folder: Path, lang: str, fmt: str
) -> tuple[list[tuple[list[str], str]], list[tuple[list[str], str]]]:
    """A Merchant of Venus turn played command by command, with the refusals a player meets."""
    import tomllib

    c, opts = ["-c", str(folder)], ["--lang", lang]
    said: list[tuple[list[str], str]] = []
    refused: list[tuple[list[str], str]] = []

    def run(*args: str, fails: bool = False) -> None:
        argv = [*args, *c, *opts, *([] if fails else ["--format", fmt])]
        res = gm(*argv)
        if fails:
            assert res.exit_code == 1 and res.stderr.startswith("error: ") and res.stderr.count("\n") == 1, (
                argv,
                res.output,
            )
            refused.append((argv, res.stderr))
        else:
            assert res.exit_code == 0, (argv, res.output)
            said.append((argv, res.stdout))

    new_campaign(folder.name, players=["ann", "ben"], ruleset="venus", seed=1, parent=folder.parent)
    first = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))["venus"]["current"]
    other = "ben" if first == "ann" else "ann"
    p = ["--player", first]
    run("venus", "move", "--player", other, "--heading", "Nebula Habitat", fails=True)  # not your turn
    run("venus", "move", "--player", "nobody", "--heading", "Nebula Habitat", fails=True)
    run("venus", "move", *p, fails=True)  # no heading declared
    run("venus", "move", *p, "--heading", "Nebula Habitat", "--navigate", "3", fails=True)
    run("venus", "navigate", *p, fails=True)  # roll first
    run("venus", "land", *p, "--at", "nebula-habitat", fails=True)  # move first
    run("venus", "move", *p, "--heading", "Nebula Habitat", "--speed", "3", "--dice", "4", fails=True)
    run("venus", "move", *p, "--heading", "Nebula Habitat", "--dice", "4")
    run("venus", "move", *p, "--heading", "Nebula Habitat", "--dice", "4", fails=True)  # rolled already
    run("venus", "navigate", *p, "--die", "6", fails=True)  # no die shows 6
    run("venus", "navigate", *p)
    run("venus", "navigate", *p, fails=True)  # assigned already
    run("venus", "land", *p, "--at", "nowhere", fails=True)
    run("venus", "land", *p, "--at", "galactic-base", "--kind", "city", fails=True)
    run("venus", "land", *p, "--at", "encounter-1", fails=True)
    run("venus", "land", *p, "--at", "asteroid-system", fails=True)  # which landing?
    run("venus", "land", *p, "--at", "nebula-habitat", "--kind", "volcano", fails=True)
    run("venus", "land", *p, "--at", "Nebula Habitat", "--kind", "spaceport")
    run("venus", "skip", *p, fails=True)
    run("venus", "land", *p, "--at", "nebula-habitat", "--kind", "spaceport", fails=True)  # movement is over
    run("venus", "worth", *p, "--set", "1500")
    run("status")
    return said, refused


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_venus_turn_in_russian_reads_russian(gm, new_campaign, tmp_path, fmt):
    said, refused = venus_turn(gm, new_campaign, tmp_path / "v", "ru", fmt)
    bad = {
        " ".join(a[:2]): w
        for a, out in said
        if (w := latin_words(out, VENUS_TYPED | {w for x in a for w in re.findall(r"[A-Za-z]{2,}", x)}))
    }
    bad |= {
        " ".join(a[:5]): (err, w)
        for a, err in refused
        if (w := latin_words(err, VENUS_TYPED | {w for x in a for w in re.findall(r"[A-Za-z]{2,}", x)}))
    }
    assert not bad, bad
    assert len(refused) == 17


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_venus_turn_in_english_has_no_russian(gm, new_campaign, tmp_path, fmt):
    said, refused = venus_turn(gm, new_campaign, tmp_path / "v", "en", fmt)
    bad = {" ".join(a[:5]): w for a, out in said + refused if (w := cyrillic_words(out))}
    assert not bad, bad


def test_a_venus_refusal_names_the_space_by_its_label(gm, new_campaign, tmp_path):
    _, refused = venus_turn(gm, new_campaign, tmp_path / "v", "ru", "plain")
    errors = [err for _, err in refused]
    assert any(
        "на клетке «Галактическая База» нельзя сесть (наземный город): там есть только spaceport" in e for e in errors
    ), errors
    assert any(
        "уточните посадку на клетке «Система Астероида» (--kind): asteroid или spaceport" in e for e in errors
    ), errors


# ------------------------------------------------------------------ one-line replies and campaign refusals


def orion_steps(gm, new_campaign, folder: Path, lang: str) -> list[tuple[list[str], str]]:
    """One-line replies and refusals of an orion campaign in ``lang``: (argv, what it wrote)."""
    import tomllib

    c = ["-c", str(folder)]
    new_campaign(folder.name, players=["alice", "bob"], seed=3, parent=folder.parent)
    home = next(
        p
        for p in tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))["player"]
        if p["name"] == "alice"
    )["homeworld"]
    steps: list[tuple[list[str], bool]] = [
        (["build", "--player", "alice", "--hex", home, "auto_lab"], True),
        (["build", "--player", "alice", "--hex", home, "auto_lab"], False),  # already there
        (["build", "--player", "alice", "--hex", home, "dreadnought"], False),  # needs a base
        (["build", "--player", "bob", "--hex", home, "frigate"], False),  # not bob's
        (["scrap", "--player", "alice", "star_base", "--hex", home], False),  # has none
        (["scrap", "--player", "alice", "battle_station"], False),  # needs --hex
        (["research", "--player", "alice", "--all-sciences"], False),  # gmtool checks it: sciences missing
        (["research", "--player", "alice", "--tech", "hq_computers"], False),  # no RP banked
        (["deck", "draw", "events"], True),
        (["deck", "show", "events"], True),
        (["deck", "shuffle", "events"], True),
        (["explore", "--stage", "2", "--near-homeworld", "planets=9,terran=0,colonisable=0,unexplored=1"], False),
        (["explore", "--stage", "2", "--near-homeworld", "planets=1"], False),
        (["campaign", "new", str(folder.parent / "x"), "--ruleset", "chess", "--player", "a", "--player", "b"], False),
        (["campaign", "new", str(folder.parent / "y"), "--player", "a"], False),
        (["status", "-c", str(folder.parent / "nothing")], False),
    ]
    out = []
    for args, works in steps:
        argv = [*args, *([] if args[0] in ("explore", "campaign") or "-c" in args else c), "--lang", lang]
        res = gm(*argv)
        assert res.exit_code == (0 if works else 1), (argv, res.output)
        out.append((argv, res.stdout if works else res.stderr))
    return out


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_orion_replies_and_refusals_in_the_asked_language(gm, new_campaign, tmp_path, lang):
    typed = {"alice", "bob", "ok", "planets", "terran", "colonisable", "unexplored"}  # --near-homeworld's fields
    for argv, text in orion_steps(gm, new_campaign, tmp_path / "c", lang):
        typed_here = typed | {w for a in argv for w in re.findall(r"[A-Za-z]{2,}", a)}
        found = latin_words(text, typed_here) if lang == "ru" else cyrillic_words(text)
        assert not found, (argv, text, found)


def test_refusals_name_items_by_their_label(gm, new_campaign, tmp_path):
    said = {
        " ".join(a[:2] + a[5:6]): text for a, text in orion_steps(gm, new_campaign, tmp_path / "c", "ru")
    }  # the last of a key: its refusal
    assert "Дредноут: в системе" in said["build --player dreadnought"]
    assert (
        "dreadnought" not in said["build --player dreadnought"]
        and "star_fortress" not in said["build --player dreadnought"]
    )
    assert "уже есть Авто-лаб" in said["build --player auto_lab"]


# ------------------------------------------------------------------ activate and fleet


def _set_orders(folder: Path, leader: str, orders: int) -> None:
    import tomllib

    import tomli_w

    data = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    next(p for p in data["player"] if p["name"] == leader)["orders"] = orders
    (folder / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("lang", ("ru", "en"))
def test_activate_and_fleet_reply_in_the_asked_language(gm, new_campaign, lang, fmt):
    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    c = ["-c", str(folder), "--lang", lang]
    hex_ = _neighbour(folder, "alice")
    assert gm("explore", *c, "--player", "alice", "--hex", hex_, "--dice", "6,5,5").exit_code == 0
    assert gm("colonize", *c, "--player", "alice", "--hex", hex_).exit_code == 0
    assert gm("turn", "start", *c).exit_code == 0
    _set_orders(folder, "alice", 3)
    _set_orders(folder, "bob", 1)
    texts = []
    for args, works in (
        (["activate", "--player", "alice", "--hex", hex_], True),
        (["activate", "--player", "alice", "--hex", hex_], False),  # 1 order left
        (["fleet", "--player", "bob", "+1"], True),
        (["fleet", "--player", "bob", "+1"], False),  # once a turn
        (["fleet", "--player", "alice", "2"], False),
    ):
        res = gm(*args, *c, "--format", fmt)
        assert res.exit_code == (0 if works else 1), (args, res.output)
        texts.append(res.stdout if works else res.stderr)
    first = texts[0]
    assert ("активна в ход" in first) if lang == "ru" else ("is active for turn" in first), first
    for text in texts:
        found = latin_words(text, {"alice", "bob"}) if lang == "ru" else cyrillic_words(text)
        assert not found, (text, found)


# ------------------------------------------------------------------ an orders file's problems

BAD_ORDERS = (
    'turn = {turn}\ncarol = 3\n[alice]\nfleet = "x"\nflyto = 1\nassign = 5\nevents = {{ card = "x", choice = "a" }}\n'
    '[bob]\nresearch = "nope"\nplayer_rename = 5\nplayer_add = 7\n[dave]\nexplore = "1,1"\n'
)


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_an_orders_files_problems_are_in_the_asked_language(gm, new_campaign, tmp_path, lang):
    from gmtool.rules.orion.orders import KEYS

    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    typed = {
        w
        for text in (BAD_ORDERS, " ".join(KEYS), "victory race keep tech true")
        for w in re.findall(r"[A-Za-z]{2,}", text)
    }
    for turn in (1, 4, None):
        path = tmp_path / "orders.toml"
        path.write_text(
            BAD_ORDERS.format(turn=turn) if turn else BAD_ORDERS.format(turn=0).split("\n", 1)[1], encoding="utf-8"
        )
        res = gm("turn", "check", str(path), "-c", str(folder), "--lang", lang)
        assert res.exit_code == 1 and res.stderr.count("\n") >= 8, res.stderr
        for line in res.stderr.splitlines():
            assert line.startswith("error: "), line
            found = latin_words(line, typed) if lang == "ru" else cyrillic_words(line)
            assert not found, (line, found)
    assert ("нужно целое число" in res.stderr) if lang == "ru" else ("must be a whole number" in res.stderr)


# ------------------------------------------------------------------ leaders' names and `campaign validate`


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_name_problems_are_in_the_asked_language(gm, tmp_path, lang):
    for names in (
        ["alice", "Alice"],
        ["alice", " b"],
        ["alice", "alice"],
        ["alice", "public"],
        ["a b", "a_b"],
        ["alice", "x\u202ey"],
        ["alice", "x" * 50],
    ):
        res = gm("campaign", "new", str(tmp_path / "c"), *[a for n in names for a in ("--player", n)], "--lang", lang)
        assert res.exit_code == 1 and res.stderr.count("\n") == 1, (names, res.output)
        typed = {w for n in names for w in re.findall(r"[A-Za-z]{2,}", n)} | {"ey"}  # x\u202ey, escaped
        found = latin_words(res.stderr, typed) if lang == "ru" else cyrillic_words(res.stderr)
        assert not found, (names, res.stderr, found)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("lang", ("ru", "en"))
def test_campaign_validate_lists_problems_in_the_asked_language(gm, new_campaign, lang, fmt):
    import tomllib

    import tomli_w

    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    data = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    data["player"][1]["fleet_size"] = 3
    data["system"][0]["owner"] = "zed"
    data["player"].append(dict(data["player"][1]))
    (folder / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    res = gm("campaign", "validate", "-c", str(folder), "--lang", lang, "--format", fmt)
    assert res.exit_code == 1
    for text in (res.stdout, res.stderr):
        found = latin_words(text, {"zed", "owner"}) if lang == "ru" else cyrillic_words(text)
        assert not found, (text, found)
    assert ("указан дважды" in res.stdout) if lang == "ru" else ("appears twice" in res.stdout), res.stdout


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_a_damaged_forum_file_is_reported_in_the_asked_language(gm, new_campaign, lang):
    from gmtool.campaign import forumfile
    from gmtool.errors import CampaignError

    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    forum = folder / "forum.toml"
    texts = []
    for content in (b"\xff\xfe", b'[[post]]\nid = "1"\n[[post\n'):
        forum.write_bytes(content)
        with pytest.raises(CampaignError) as caught:
            forumfile.read(forum)
        texts.append(caught.value.text(lang).split("; ", 1)[-1])  # the TOML parser's words stay English
    forum.write_bytes(b'[[post]\nx = 1\n[[post]]\nid = "1"\n')
    with pytest.raises(CampaignError) as caught:
        forumfile.repair(forum)
    texts.append(caught.value.text(lang).split(" (")[0])  # the parser's own words stay English
    res = gm("campaign", "validate", "-c", str(folder), "--lang", lang)
    texts.append(res.stdout.split(" (")[0])
    forum.write_bytes(b'[[post]]\nid = "1"\n[[post]]\nid = "2')
    (folder / "secret.key").unlink()
    res = gm("campaign", "validate", "-c", str(folder), "--lang", lang)
    texts.append(res.stdout)
    assert res.exit_code == 1 and len(res.stdout.splitlines()) >= 6, res.stdout
    for text in texts:
        found = (
            latin_words(text, {"validate", "repair", "forum", "journal", "secret", "utf"})
            if lang == "ru"
            else cyrillic_words(text)
        )
        assert not found, (text, found)


# ------------------------------------------------------------------ reading a thread from a forum (127.0.0.1 only)


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_forum_fetch_errors_are_in_the_asked_language(gm, new_campaign, lang):
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from gmtool.errors import InputError
    from gmtool.forum.sources import Options, read_thread

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            body = b"<html><body>" + b"x" * 3000 + b"</body></html>"
            self.send_response(403 if self.path == "/private" else 200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    try:
        texts = [
            gm("post", "resolve", f"{base}/private", "-c", str(folder), "--lang", lang).stderr,
            gm("post", "resolve", f"{base}/page", "-c", str(folder), "--lang", lang).stderr,
        ]
        with pytest.raises(InputError) as caught:
            read_thread([f"{base}/big"], Options(max_bytes=1000))
        texts.append(caught.value.text(lang))
    finally:
        server.shutdown()
        server.server_close()
    texts.append(gm("post", "resolve", f"{base}/gone", "-c", str(folder), "--lang", lang).stderr)
    assert ("форум отказал" in texts[0]) if lang == "ru" else ("the forum refused" in texts[0]), texts
    for text in texts:
        found = (
            latin_words(
                text.split(": ", 2)[-1],
                {"http", "profile", "toml", "forbidden", "mybb", "phpbb", "vbulletin", "xenforo", *engine_files()},
            )
            if lang == "ru"
            else cyrillic_words(text)
        )
        assert not found, (text, found)


# ------------------------------------------------------------------ `verify` findings


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_verify_findings_are_in_the_asked_language(gm, new_campaign, tmp_path, lang):
    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    assert gm("turn", "start", "-c", str(folder)).exit_code == 0
    journal = folder / "journal.toml"
    text = journal.read_text(encoding="utf-8")
    journal.write_text(
        text.replace("face = 5", "face = 99", 1)
        .replace("turn = 1", "turn = 5000", 1)
        .replace('source = "stream"', 'source = "x"', 1),
        encoding="utf-8",
    )
    post = tmp_path / "post.txt"
    post.write_text("journal #2 · 000000000000\njournal #900 · 000000000000\n", encoding="utf-8")
    res = gm("verify", "-c", str(folder), "--published", str(post), "--lang", lang)
    assert res.exit_code == 1
    out = res.stdout + res.stderr
    assert ("изменили после публикации" in out) if lang == "ru" else ("changed after it was published" in out), out
    out = re.sub(r"\b[0-9a-f]{12}\b", "", out)  # the hashes
    found = latin_words(out, {"toml", "die", "turn", "face", "txt"}) if lang == "ru" else cyrillic_words(out)
    assert not found, (out, found)
    res = gm("campaign", "validate", "-c", str(folder), "--lang", lang)
    found = latin_words(res.stdout, {"turn"}) if lang == "ru" else cyrillic_words(res.stdout)
    assert res.exit_code == 1 and not found, (res.stdout, found)


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_unreadable_files_and_a_damaged_journal_are_reported_in_the_asked_language(gm, new_campaign, tmp_path, lang):
    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    assert gm("turn", "start", "-c", str(folder)).exit_code == 0
    orders = tmp_path / "orders.toml"
    orders.write_bytes(b"turn = 1\n\xff\n")
    texts = [
        gm("turn", "check", str(orders), "-c", str(folder), "--lang", lang).stderr,
        gm("turn", "check", str(tmp_path / "none.toml"), "-c", str(folder), "--lang", lang).stderr,
    ]
    journal = folder / "journal.toml"
    text = journal.read_text(encoding="utf-8")
    journal.write_text("stray text\n" + text.replace("die = 6", "die = [", 1), encoding="utf-8")
    texts.append(gm("campaign", "validate", "-c", str(folder), "--lang", lang).stdout)
    assert ("повреждена" in texts[-1]) if lang == "ru" else ("is malformed" in texts[-1]), texts[-1]
    for text in texts:
        found = (
            latin_words(text.split(": ", 1)[-1], {"utf", "roll", "such", "file", "or", "directory"})
            if lang == "ru"
            else cyrillic_words(text)
        )
        assert not found, (text, found)


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_thread_files_that_cannot_be_read_are_refused_in_the_asked_language(gm, new_campaign, tmp_path, lang):
    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    files = {
        "a.txt": "hello\nworld\n",
        "b.json": '{"post_stream": {"posts": [5]}}',
        "c.json": '{"a": 1}',
        "d.json": '{"post_stream": {"posts": [{"post_number": 1}]}}',
        "e.json": '{"post_stream": {"posts": [{"post_number": 1, "username": "bob"}]}}',
    }
    typed = {"post", "stream", "posts", "number", "username", "cooked", "html", "discourse", "json", "txt"}
    for name, content in files.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
        res = gm("post", "resolve", str(tmp_path / name), "-c", str(folder), "--lang", lang)
        assert res.exit_code == 1 and res.stderr.count("\n") == 1, (name, res.output)
        found = latin_words(res.stderr, typed) if lang == "ru" else cyrillic_words(res.stderr)
        assert not found, (name, res.stderr, found)


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_forum_profiles_are_refused_in_the_asked_language(gm, new_campaign, tmp_path, lang):
    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    page = tmp_path / "page.html"
    page.write_text("<html><body><p>x</p></body></html>", encoding="utf-8")
    (tmp_path / "p.toml").write_text('[profile]\nid = "a"\nauthor = "b"\nwhat = 1\n', encoding="utf-8")
    (tmp_path / "q.toml").write_text('[profile]\nid = "a"\n', encoding="utf-8")
    (tmp_path / "r.toml").write_text('[profile]\nid = "a"\nauthor = "b"\npost = 5\n', encoding="utf-8")
    (tmp_path / "s.toml").write_text('[dialect]\nname = "s"\n', encoding="utf-8")
    typed = {
        "nosuch",
        "none",
        "what",
        "author",
        "body",
        "detect",
        "drop",
        "edited",
        "id",
        "label",
        "name",
        "next",
        "post",
        "skip",
        "mybb",
        "phpbb",
        "vbulletin",
        "xenforo",
        *engine_files(),
        "profile",
        "toml",
        "html",
    }
    for spec in ("nosuch", str(tmp_path / "none.toml"), *(str(tmp_path / f"{n}.toml") for n in "pqrs"), None):
        args = ["post", "resolve", str(page), "-c", str(folder), "--lang", lang, *(["--profile", spec] if spec else [])]
        res = gm(*args)
        assert res.exit_code == 1 and res.stderr.count("\n") == 1, (args, res.output)
        found = latin_words(res.stderr, typed) if lang == "ru" else cyrillic_words(res.stderr)
        assert not found, (spec, res.stderr, found)


# ------------------------------------------------------------------ the moderator's records and the roster


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_records_and_roster_refusals_are_in_the_asked_language(gm, new_campaign, lang):
    import tomllib

    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    home = next(
        p
        for p in tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))["player"]
        if p["name"] == "alice"
    )["homeworld"]
    empty = _neighbour(folder, "alice")
    refusals = [
        ["monster", "slain", "--hex", empty, "--by", "bob"],  # not explored
        ["monster", "slain", "--hex", home, "--by", "bob"],  # no monster
        ["orion", "damage", "--by", "bob", "--points", "0"],
        ["blockade", "--hex", home],
        ["blockade", "--hex", home, "--by", "alice"],  # its own planet
        ["blockade", "--hex", home, "--lift"],
        ["planet", "capture", "--hex", home, "--by", "alice"],  # already alice's
        ["ship", "add", "--player", "bob", "--class", "boat"],
        ["ship", "lose", "--player", "bob", "--class", "titan"],
        ["award", "apply", "--player", "bob", "1"],
        ["player", "add", "--player", "alice"],
        ["player", "add", "--player", "x\ty"],
        ["player", "drop", "--player", "bob"],  # two leaders at least
        ["research", "--player", "bob", "--victory"],
    ]
    for args in refusals:
        res = gm(*args, "-c", str(folder), "--lang", lang)
        assert res.exit_code == 1 and res.stderr.startswith("error: ") and res.stderr.count("\n") == 1, (
            args,
            res.output,
        )
        typed = {w for a in args for w in re.findall(r"[A-Za-z]{2,}", a)} | {"all", "sciences", "ty"}  # x\ty, escaped
        found = latin_words(res.stderr, typed) if lang == "ru" else cyrillic_words(res.stderr)
        assert not found, (args, res.stderr, found)


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_a_campaign_file_that_is_a_link_is_refused_in_the_asked_language(gm, new_campaign, lang):
    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    journal = folder / "journal.toml"
    (folder / "j2.toml").write_bytes(journal.read_bytes())
    journal.unlink()
    journal.symlink_to("j2.toml")
    res = gm("turn", "start", "-c", str(folder), "--lang", lang)
    assert res.exit_code == 1 and res.stderr.startswith("error: ") and res.stderr.count("\n") == 1, res.output
    assert ("символическая ссылка" in res.stderr) if lang == "ru" else ("symbolic link" in res.stderr), res.stderr
    found = latin_words(res.stderr, {"journal"}) if lang == "ru" else cyrillic_words(res.stderr)
    assert not found, (res.stderr, found)


# ------------------------------------------------------------------ a table author's mistakes

BAD_TABLES = [
    'die = "d6"\ntitle = { en = "L", ru = "Д" }\n[[row]]\nroll = "1-3"\nid = "a"\nlabel = { en = "A", ru = "А" }\n'
    '[[row]]\nroll = "5-6"\nid = "b"\nlabel = { en = "B", ru = "Б" }\n',  # a gap
    'die = "d6"\ntitle = { en = "L", ru = "Д" }\n[[row]]\nroll = "1-4"\nid = "a"\nlabel = { en = "A", ru = "А" }\n'
    '[[row]]\nroll = "3-6"\nid = "b"\nlabel = { en = "B", ru = "Б" }\n',  # an overlap
    'die = "d6"\ntitle = { en = "L", ru = "Д" }\n[[row]]\nroll = "2-6"\nid = "a"\nlabel = { en = "A", ru = "А" }\n',
    'die = "d6"\ntitle = { en = "L", ru = "Д" }\n[[row]]\nroll = "1-6"\nid = "a"\nlabel = { en = "A" }\n',
    'die = "x"\ntitle = { en = "L", ru = "Д" }\n',
    'die = "d6"\ntitle = { en = "L", ru = "Д" }\n',
    'die = "d6"\ntitle = { en = "L", ru = "Д" }\nwhat = 1\n',
    'die = "d6"\ntitle = { en = "L", ru = "Д" }\n[[row]]\nroll = "1-6"\nid = "a"\nlabel = { en = "A", ru = "А" }\n'
    "values = { q = 1 }\n",
    'die = "d6"\ntitle = { en = "L", ru = "Д" }\ndivide = { by = 0 }\n[[row]]\nroll = "1-6"\nid = "a"\n'
    'label = { en = "A", ru = "А" }\n',
    'title = { en = "L", ru = "Д" }\n[rules]\nx = { a = 1 }\n',
]


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_table_check_writes_a_table_authors_mistakes_in_the_asked_language(gm, tmp_path, lang):
    typed = {
        "die",
        "roll",
        "row",
        "label",
        "values",
        "rules",
        "divide",
        "by",
        "what",
        "id",
        "columns",
        "next",
        "text",
        "short",
        "en",
        "ru",
        "stage",
        "modifier",
        "title",
        "description",
        "toml",
        "orion",
        "up",
        "down",
        "labels",
    }
    for i, text in enumerate(BAD_TABLES):
        path = tmp_path / "orion" / f"t{i}.toml"
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        res = gm("table", "check", str(path), "--lang", lang)
        assert res.exit_code == 1 and res.stderr.startswith("error: ") and res.stderr.count("\n") == 1, (
            text,
            res.output,
        )
        found = latin_words(res.stderr, typed) if lang == "ru" else cyrillic_words(res.stderr)
        assert not found, (text, res.stderr, found)
