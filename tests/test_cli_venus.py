"""The ``venus`` ruleset through the CLI (docs/rules-venus.md), on campaigns made in tmp_path.

``campaign new --ruleset venus``; status (credits, races, face-down cards kept face down
in every format); ``venus move`` (heading first, fixed dice, every format and language;
a refused move writes nothing); ``venus cost``; ``venus worth`` and ``turn end --player``
(the 2000-credit victory, the next player, later commands refused); ``turn undo``; forum
``!move`` and ``!roll``; the journal and ``verify``.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from gmtool.rolltables.library import TableLibrary
from helpers import (
    CYRILLIC,
    FORMATS,
    LANGS,
    assert_error,
    journal_rolls,
    ok,
    run_gmtool,
    shipped_library,
    snapshot,
    status,
)

pytestmark = pytest.mark.usefixtures("isolated")

THREE = ("ann", "ben", "cat")


# ================================================================ helpers


def make_game(folder: Path, specs: tuple[str, ...], first: str) -> None:
    """``campaign new --ruleset venus`` until ``first`` is the first player (the setup's dice
    come from a fresh secret each time)."""
    args = ["campaign", "new", str(folder), "--ruleset", "venus"]
    for spec in specs:
        args += ["--player", spec]
    for _ in range(200):
        if folder.exists():
            shutil.rmtree(folder)
        ok(run_gmtool(*args))
        data = json.loads(ok(run_gmtool("status", "-c", str(folder), "--format", "json")))
        if data["first_player"] == first:
            return
    raise AssertionError(f"{first} never came out as the first player")


@pytest.fixture(scope="module")
def templates(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("venus-templates")
    out = {"three": base / "three", "two": base / "two"}
    make_game(out["three"], THREE, "ann")
    make_game(out["two"], ("ann:humans", "ben:qossuth"), "ann")
    return out


@pytest.fixture
def camp(tmp_path, templates) -> Path:
    """ann, ben, cat (races at random); ann is the first player."""
    folder = tmp_path / "venus"
    shutil.copytree(templates["three"], folder, ignore=shutil.ignore_patterns(".lock"))
    return folder


@pytest.fixture
def duo(tmp_path, templates) -> Path:
    """ann (Humans) and ben (Qossuth); ann is the first player."""
    folder = tmp_path / "duo"
    shutil.copytree(templates["two"], folder, ignore=shutil.ignore_patterns(".lock"))
    return folder


def move(
    gm, camp: Path, player: str = "ann", *extra: str, heading: str | None = "Nebula Habitat", dice: str | None = "4"
):
    args = ["venus", "move", "-c", str(camp), "--player", player]
    if heading is not None:
        args += ["--heading", heading]
    if dice is not None:
        args += ["--dice", dice]
    return gm(*args, *extra)


def navigate(gm, camp: Path, player: str = "ann", *extra: str):
    return gm("venus", "navigate", "-c", str(camp), "--player", player, *extra)


def land(gm, camp: Path, player: str = "ann", *extra: str):
    return gm("venus", "land", "-c", str(camp), "--player", player, *extra)


def set_ship(camp: Path, player: str, ship: str) -> None:
    """Give ``player`` another ship class (the moderator's hand edit: buying ships is not modelled)."""
    path = camp / "campaign.toml"
    body = path.read_text(encoding="utf-8")
    head = f"[venus.merchants.{player}]\n"
    at = body.index(head)
    end = body.index("\n\n", at) if "\n\n" in body[at:] else len(body)
    section = re.sub(r'ship = "[^"]*"', f'ship = "{ship}"', body[at:end])
    path.write_text(body[:at] + section + body[end:], encoding="utf-8")


def card_words(lib: TableLibrary, card: str) -> list[str]:
    row = next(r for r in lib.get("first-contact", "venus").rows if r.id == card)
    words = [card]
    for value in (row.label, row.text):
        if isinstance(value, dict):
            words += [v for v in value.values() if v]
        elif value:
            words.append(str(value))
    return words


# ================================================================ campaign new


def test_new_three_players(gm, tmp_path, shipped_tables):
    folder = tmp_path / "v3"
    out = ok(
        gm(
            "campaign",
            "new",
            str(folder),
            "--ruleset",
            "venus",
            "--player",
            "ann",
            "--player",
            "ben",
            "--player",
            "cat",
        )
    )
    assert "v3" in out
    for name in ("campaign.toml", "journal.toml", "secret.key"):
        assert (folder / name).is_file()
    data = status(gm, folder)
    assert data["ruleset"] == "venus"
    assert data["turn"] == 1
    assert data["winner"] is None
    assert data["first_player"] in THREE and data["current"] == data["first_player"]
    assert data["phase"] == "movement"
    assert [p["name"] for p in data["players"]] == list(THREE)
    races = [p["race"] for p in data["players"]]
    assert len(set(races)) == 3 and set(races) <= {"humans", "eeepeeep", "whynoms", "qossuth"}
    for p in data["players"]:
        assert {"name", "race", "credits", "bc", "orders", "homeworld"} <= set(p)
        assert p["credits"] == 60
        assert p["ship"] == "scout" and p["position"] == "galactic-base"
    lib = shipped_tables
    systems = [r.id for r in lib.get("board", "venus").rows if r.values.get("kind") == "system"]
    encounters = [r.id for r in lib.get("board", "venus").rows if r.values.get("kind") == "encounter"]
    assert sorted(s["system"] for s in data["systems"]) == sorted(systems)
    assert all(s["first_contact"] is None for s in data["systems"])
    assert data["encounters"] == len(encounters)
    # the setup's rolls are journaled: 3 races, the first player, the two shuffles
    rolls = journal_rolls(folder)
    cards = len(lib.get("first-contact", "venus").rows)
    tokens = len(lib.get("encounter-tokens", "venus").rows)
    assert len(rolls) == 3 + 1 + (cards - 1) + (tokens - 1)
    assert [r["id"] for r in rolls] == list(range(1, len(rolls) + 1))
    assert all(r["source"] == "stream" and r["purpose"].startswith("setup") for r in rolls)
    assert sum("race" in r["purpose"] for r in rolls) == 3
    assert sum("first player" in r["purpose"] for r in rolls) == 1
    first = next(r for r in rolls if "first player" in r["purpose"])
    assert first["die"] == 3 and data["first_player"] == THREE[first["face"] - 1]
    verified = json.loads(ok(gm("verify", "-c", str(folder), "--format", "json")))
    assert verified["ok"] is True and verified["checked"] == len(rolls) and verified["stream"] == len(rolls)
    ok(gm("campaign", "validate", "-c", str(folder)))


def test_new_with_chosen_races(gm, tmp_path):
    folder = tmp_path / "v2"
    ok(gm("campaign", "new", str(folder), "--ruleset", "venus", "--player", "ann:humans", "--player", "ben:qossuth"))
    data = status(gm, folder)
    assert {p["name"]: p["race"] for p in data["players"]} == {"ann": "humans", "ben": "qossuth"}
    assert all(p["credits"] == 40 and p["bc"] == 40 for p in data["players"])
    rolls = journal_rolls(folder)
    assert not any("race" in r["purpose"] for r in rolls)  # nobody left to chance
    assert sum("first player" in r["purpose"] for r in rolls) == 1
    ok(gm("verify", "-c", str(folder)))


@pytest.mark.parametrize("n", [2, 4])
def test_new_two_and_four_players(gm, tmp_path, n):
    folder = tmp_path / f"v{n}"
    args = ["campaign", "new", str(folder), "--ruleset", "venus"]
    for name in ("ann", "ben", "cat", "dan")[:n]:
        args += ["--player", name]
    ok(gm(*args))
    data = status(gm, folder)
    assert len(data["players"]) == n
    assert all(p["credits"] == 20 * n for p in data["players"])
    assert len({p["race"] for p in data["players"]}) == n


@pytest.mark.parametrize(
    "players,fragment",
    [
        (["ann"], "2 to 4"),
        (["ann", "ben", "cat", "dan", "eve"], "2 to 4"),
        (["ann:humans", "ben:humans"], "twice"),
        (["ann:humans", "ben", "cat:HUMANS"], "twice"),
        (["ann:klingons", "ben"], "klingons"),
        (["ann", "ann"], "twice"),
    ],
)
def test_new_refused_creates_nothing(gm, tmp_path, players, fragment):
    folder = tmp_path / "bad"
    args = ["campaign", "new", str(folder), "--ruleset", "venus"]
    for p in players:
        args += ["--player", p]
    assert_error(gm(*args), fragment)
    assert not folder.exists() or not any(folder.iterdir())


def test_unknown_ruleset_refused(gm, tmp_path):
    assert_error(
        gm("campaign", "new", str(tmp_path / "x"), "--ruleset", "mars", "--player", "a", "--player", "b"), "mars"
    )
    assert not (tmp_path / "x" / "campaign.toml").exists()


# ================================================================ status: face down stays face down


def hidden_words(camp: Path) -> tuple[list[str], list[str]]:
    """(words of every face-down First Contact card, words of every face-down token)."""
    import tomllib

    lib = shipped_library()
    venus = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))["venus"]
    revealed = set(venus.get("revealed", []))
    cards = [
        w for system, card in venus["first_contact"].items() if system not in revealed for w in card_words(lib, card)
    ]
    tokens = []
    for token in venus["encounters"].values():
        row = next(r for r in lib.get("encounter-tokens", "venus").rows if r.id == token)
        tokens += [token] + list(row.label.values() if isinstance(row.label, dict) else [row.label])
    # a face-up card may legitimately contain a hidden word ("trader" in "Friendly traders")
    shown = [w for system in revealed for w in card_words(lib, venus["first_contact"][system])]
    keep = [w for w in cards + tokens if not any(w in s for s in shown)]
    return [w for w in cards if w in keep], [w for w in tokens if w in keep]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("lang", LANGS)
def test_status_never_shows_face_down_cards(gm, camp, fmt, lang):
    cards, tokens = hidden_words(camp)
    assert cards and tokens
    for extra in ((), ("--player", "ann"), ("--player", "ben")):
        out = ok(gm("status", "-c", str(camp), "--format", fmt, "--lang", lang, *extra))
        for word in cards + tokens:
            assert word not in out, (word, extra)
    if fmt == "json":
        data = json.loads(out)
        assert all(s["first_contact"] is None for s in data["systems"])


@pytest.mark.parametrize("fmt", FORMATS)
def test_landing_turns_one_card_face_up(gm, camp, fmt, shipped_tables):
    import tomllib

    card = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))["venus"]["first_contact"][
        "nebula-habitat"
    ]
    ok(move(gm, camp))
    landed = ok(
        gm(
            "venus",
            "land",
            "-c",
            str(camp),
            "--player",
            "ann",
            "--at",
            "nebula-habitat",
            "--kind",
            "spaceport",
            "--format",
            fmt,
        )
    )
    lib = shipped_tables
    row = next(r for r in lib.get("first-contact", "venus").rows if r.id == card)
    assert (card if fmt == "json" else row.label["en"]) in landed
    cards, tokens = hidden_words(camp)
    assert card not in cards
    for lang in LANGS:
        out = ok(gm("status", "-c", str(camp), "--format", fmt, "--lang", lang))
        assert row.label[lang] in out or card in out
        for word in cards + tokens:
            assert word not in out, word
    data = status(gm, camp)
    shown = {s["system"]: s["first_contact"] for s in data["systems"]}
    assert shown.pop("nebula-habitat") == card
    assert set(shown.values()) == {None}
    assert data["phase"] == "operations"
    assert next(p for p in data["players"] if p["name"] == "ann")["position"] == "nebula-habitat"


def test_new_report_shows_no_face_down_card(gm, tmp_path):
    for fmt in FORMATS:
        folder = tmp_path / f"n-{fmt}"
        out = ok(
            gm(
                "campaign",
                "new",
                str(folder),
                "--ruleset",
                "venus",
                "--player",
                "ann",
                "--player",
                "ben",
                "--format",
                fmt,
            )
        )
        cards, tokens = hidden_words(folder)
        for word in cards + tokens:
            assert word not in out, (fmt, word)


# ================================================================ venus move


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("lang", LANGS)
def test_move_every_format_and_language(gm, camp, fmt, lang):
    before = len(journal_rolls(camp))
    out = ok(move(gm, camp, "ann", "--format", fmt, "--lang", lang))
    rolls = journal_rolls(camp)
    assert len(rolls) == before + 1
    last = rolls[-1]
    assert last["die"] == 6 and last["face"] == 4 and last["source"] == "manual" and last["id"] == before + 1
    if fmt == "json":
        data = json.loads(out)
        assert data["player"] == "ann" and data["heading"] == "Nebula Habitat"
        assert data["dice"] == [4] and data["movement_value"] == 4
        assert data["navigation_die"] is None
        assert data["source"]["kind"] == "manual" and data["source"]["roll_ids"] == [before + 1, before + 1]
    else:
        assert "Nebula Habitat" in out and "ann" in out
        assert "4" in out and f"#{before + 1}" in out.replace("\\#", "#")
        assert bool(CYRILLIC.search(out)) == (lang == "ru")
    data = status(gm, camp)
    assert data["current"] == "ann" and data["phase"] == "movement"
    ok(gm("verify", "-c", str(camp)))


def test_move_from_the_stream_is_journaled_and_verifies(gm, camp):
    before = len(journal_rolls(camp))
    data = json.loads(ok(move(gm, camp, "ann", "--format", "json", dice=None)))
    assert len(data["dice"]) == 1 and 1 <= data["dice"][0] <= 6
    assert data["movement_value"] == data["dice"][0]
    rolls = journal_rolls(camp)
    assert len(rolls) == before + 1 and rolls[-1]["source"] == "stream" and rolls[-1]["die"] == 6
    assert rolls[-1]["face"] == data["dice"][0]
    assert data["source"]["roll_ids"] == [before + 1, before + 1]
    verified = json.loads(ok(gm("verify", "-c", str(camp), "--format", "json")))
    assert verified["ok"] and verified["checked"] == before + 1


def test_move_then_navigation_die(gm, camp):
    data = json.loads(ok(move(gm, camp, "ann", "--format", "json", dice="5")))
    assert data["navigation_die"] is None and data["navigation_index"] is None
    data = json.loads(ok(navigate(gm, camp, "ann", "--die", "5", "--format", "json")))
    assert data["navigation_die"] == 5 and data["navigation_index"] == 1 and data["movement_value"] == 5


@pytest.mark.parametrize(
    "extra,heading,dice,fragment",
    [
        # no heading: the heading rule
        ((), None, "4", "declare your heading and destination before rolling the speed dice"),
        ((), "", "4", "declare your heading and destination before rolling the speed dice"),
        ((), "   ", "4", "declare your heading and destination before rolling the speed dice"),
        # more dice than the scout's speed number
        (("--speed", "2"), "Nebula Habitat", "4,4", "the scout's speed number is 1: it rolls 1 speed die, not 2"),
        # the navigation die is set aside after the roll, by `venus navigate`, never by `move`
        (("--navigate", "2"), "Nebula Habitat", "4", "the navigation die is assigned after the roll"),
        ((), "Nebula Habitat", "7", "face 7 is out of range 1–6"),  # not a d6 face
        ((), "Nebula Habitat", "4,4", "1 face left over (4)"),  # a face left over
        ((), "Nebula Habitat", "0", "face 0 is out of range 1–6"),
    ],
    ids=["no-heading", "empty-heading", "blank-heading", "speed-2", "navigate", "face-7", "left-over", "face-0"],
)
def test_refused_move_writes_nothing(gm, camp, extra, heading, dice, fragment):
    before = snapshot(camp)
    res = move(gm, camp, "ann", *extra, heading=heading, dice=dice)
    assert_error(res, fragment)
    assert res.stdout == ""
    assert snapshot(camp) == before


def test_move_without_heading_names_the_rule(gm, camp):
    before = snapshot(camp)
    assert_error(move(gm, camp, "ann", heading=None), "heading")
    assert_error(move(gm, camp, "ann", heading=None, dice=None), "heading")
    assert snapshot(camp) == before
    ok(move(gm, camp, "ann"))  # declared: the roll goes ahead


def test_second_move_and_out_of_turn_refused(gm, camp):
    before = snapshot(camp)
    for player in ("ben", "cat"):
        assert_error(move(gm, camp, player), "turn")
    assert_error(move(gm, camp, "zed"), "zed")
    assert snapshot(camp) == before
    ok(move(gm, camp, "ann"))
    after = snapshot(camp)
    assert_error(move(gm, camp, "ann", heading="Asteroid System", dice="3"), "already")
    assert_error(move(gm, camp, "ann", heading="Asteroid System", dice=None), "already")
    assert snapshot(camp) == after


def test_skip_and_land_refusals_write_nothing(gm, camp):
    before = snapshot(camp)
    # before its move a ship lands nowhere; a kind of landing there is not is refused first
    assert_error(
        land(gm, camp, "ann", "--at", "nebula-habitat", "--kind", "city"),
        "a ship lands at the end of its move: declare the heading and roll the speed dice first",
    )
    assert_error(
        land(gm, camp, "ann", "--at", "nebula-habitat", "--kind", "moon"),
        "a ship lands on a city, a spaceport or an asteroid, not 'moon'",
    )
    assert_error(
        gm("venus", "land", "-c", str(camp), "--player", "ben", "--at", "nebula-habitat", "--kind", "city"),
        "it is ann's turn, not ben's",
    )
    assert_error(gm("venus", "skip", "-c", str(camp), "--player", "cat", "--in-port"), "it is ann's turn, not cat's")
    assert snapshot(camp) == before
    ok(gm("venus", "skip", "-c", str(camp), "--player", "ann", "--in-port"))
    assert status(gm, camp)["phase"] == "operations"
    after = snapshot(camp)
    assert_error(move(gm, camp, "ann"), "ann is past the movement phase (operations)")
    assert_error(gm("venus", "skip", "-c", str(camp), "--player", "ann"), "ann can no longer skip the movement phase")
    assert snapshot(camp) == after


def test_landing_on_an_unknown_space_is_refused_and_writes_nothing(gm, camp):
    ok(move(gm, camp, "ann"))
    before = snapshot(camp)
    assert_error(land(gm, camp, "ann", "--at", "nowhere", "--kind", "city"), "unknown space 'nowhere'")
    assert snapshot(camp) == before


def test_asteroid_landing_ends_the_turn(gm, camp):
    ok(move(gm, camp, "ann", heading="Asteroid System", dice="2"))
    out = json.loads(
        ok(
            gm(
                "venus",
                "land",
                "-c",
                str(camp),
                "--player",
                "ann",
                "--at",
                "asteroid-system",
                "--kind",
                "asteroid",
                "--format",
                "json",
            )
        )
    )
    assert out["next"] == "turn over" and "first_contact" not in out
    data = status(gm, camp)
    assert all(s["first_contact"] is None for s in data["systems"])


# ================================================================ venus cost


def test_cost(gm):
    out = ok(gm("venus", "cost", "--grey", "4", "--green", "2"))
    assert "8" in out
    data = json.loads(ok(gm("venus", "cost", "--grey", "4", "--green", "2", "--format", "json")))
    assert data["movement_points"] == 8 and data["grey"] == 4 and data["green"] == 2
    assert json.loads(ok(gm("venus", "cost", "--format", "json")))["movement_points"] == 0
    assert json.loads(ok(gm("venus", "cost", "--grey", "3", "--format", "json")))["movement_points"] == 3
    assert json.loads(ok(gm("venus", "cost", "--green", "3", "--format", "json")))["movement_points"] == 6
    for fmt in FORMATS[:3]:
        for lang in LANGS:
            assert "8" in ok(gm("venus", "cost", "--grey", "4", "--green", "2", "--format", fmt, "--lang", lang))
    for args in (("--grey", "-1"), ("--green", "-2")):
        res = gm("venus", "cost", *args)
        assert res.exit_code != 0 and "Traceback" not in res.stdout + res.stderr


# ================================================================ net worth, turn end, victory


def test_1999_then_turn_end_passes_to_the_next_player(gm, camp):
    ok(gm("venus", "worth", "-c", str(camp), "--player", "ann", "--set", "1999"))
    assert next(p for p in status(gm, camp)["players"] if p["name"] == "ann")["net_worth"] == 1999
    ok(move(gm, camp, "ann"))
    data = json.loads(ok(gm("turn", "end", "-c", str(camp), "--player", "ann", "--format", "json")))
    assert data.get("winner") is None
    assert data["next_player"] == "ben" and data["net_worth"] == 1999 and data["threshold"] == 2000
    st = status(gm, camp)
    assert st["current"] == "ben" and st["winner"] is None and st["phase"] == "movement" and st["turn"] == 1
    # clockwise: ben, cat, then back to ann — a new round
    ok(gm("turn", "end", "-c", str(camp), "--player", "ben"))
    assert status(gm, camp)["current"] == "cat"
    out = ok(gm("turn", "end", "-c", str(camp), "--player", "cat"))
    assert "ann" in out
    st = status(gm, camp)
    assert st["current"] == "ann" and st["turn"] == 2
    ok(move(gm, camp, "ann", dice="6"))  # a new turn: ann may roll again


def test_turn_end_refusals_write_nothing(gm, camp):
    before = snapshot(camp)
    assert_error(gm("turn", "end", "-c", str(camp)), "--player")
    assert_error(gm("turn", "end", "-c", str(camp), "--player", "ben"), "turn")
    assert_error(gm("turn", "end", "-c", str(camp), "--player", "zed"), "zed")
    assert_error(gm("venus", "worth", "-c", str(camp), "--player", "zed", "--set", "5"), "zed")
    assert gm("venus", "worth", "-c", str(camp), "--player", "ann", "--set", "-5").exit_code != 0
    assert snapshot(camp) == before


@pytest.mark.parametrize("fmt", FORMATS)
def test_2000_wins_and_later_commands_are_refused(gm, camp, fmt):
    ok(gm("venus", "worth", "-c", str(camp), "--player", "ann", "--set", "2000"))
    out = ok(gm("turn", "end", "-c", str(camp), "--player", "ann", "--format", fmt))
    if fmt == "json":
        data = json.loads(out)
        assert data["winner"] == "ann" and "next_player" not in data
    else:
        assert "ann" in out and "2000" in out
    st = status(gm, camp)
    assert st["winner"] == "ann"
    plain = ok(gm("status", "-c", str(camp)))
    assert "ann" in plain
    before = snapshot(camp)
    for args in (
        ("venus", "move", "--player", "ann", "--heading", "Nebula Habitat", "--dice", "4"),
        ("venus", "move", "--player", "ben", "--heading", "Nebula Habitat", "--dice", "4"),
        ("venus", "move", "--player", "ben", "--heading", "Nebula Habitat"),
        ("venus", "land", "--player", "ann", "--at", "nebula-habitat", "--kind", "city"),
        ("venus", "skip", "--player", "ben", "--in-port"),
        ("venus", "worth", "--player", "ben", "--set", "5000"),
        ("turn", "end", "--player", "ann"),
        ("turn", "end", "--player", "ben"),
    ):
        assert_error(gm(*args, "-c", str(camp)), "over")
    assert snapshot(camp) == before
    ok(gm("verify", "-c", str(camp)))


def test_turn_undo_restores_the_state(gm, camp):
    ok(gm("venus", "worth", "-c", str(camp), "--player", "ann", "--set", "1999"))
    ok(move(gm, camp, "ann"))
    state_before = (camp / "campaign.toml").read_bytes()
    journal_before = (camp / "journal.toml").read_bytes()
    ok(gm("turn", "end", "-c", str(camp), "--player", "ann"))
    assert status(gm, camp)["current"] == "ben"
    out = ok(gm("turn", "undo", "-c", str(camp)))
    assert "undone" in out
    assert (camp / "campaign.toml").read_bytes() == state_before
    assert (camp / "journal.toml").read_bytes() == journal_before  # the journal is never rewound
    st = status(gm, camp)
    assert st["current"] == "ann" and st["phase"] == "movement"
    assert_error(move(gm, camp, "ann"), "already")  # ann's roll stands
    # the turn can be ended again
    data = json.loads(ok(gm("turn", "end", "-c", str(camp), "--player", "ann", "--format", "json")))
    assert data["next_player"] == "ben"
    ok(gm("verify", "-c", str(camp)))


def test_turn_undo_of_a_winning_turn_end(gm, camp):
    ok(gm("venus", "worth", "-c", str(camp), "--player", "ann", "--set", "2500"))
    state_before = (camp / "campaign.toml").read_bytes()
    ok(gm("turn", "end", "-c", str(camp), "--player", "ann"))
    assert status(gm, camp)["winner"] == "ann"
    ok(gm("turn", "undo", "-c", str(camp)))
    assert (camp / "campaign.toml").read_bytes() == state_before
    assert status(gm, camp)["winner"] is None
    ok(gm("venus", "worth", "-c", str(camp), "--player", "ann", "--set", "100"))
    assert (
        json.loads(ok(gm("turn", "end", "-c", str(camp), "--player", "ann", "--format", "json")))["next_player"]
        == "ben"
    )


def test_turn_undo_voids_rolls_made_after_the_turn_end(gm, camp):
    ok(gm("turn", "end", "-c", str(camp), "--player", "ann"))
    n = len(journal_rolls(camp))
    ok(move(gm, camp, "ben", dice=None))
    ok(gm("turn", "undo", "-c", str(camp)))
    voided = (camp / "voided.toml").read_text(encoding="utf-8")
    assert f"from = {n + 1}" in voided and f"to = {n + 1}" in voided
    st = status(gm, camp)
    assert st["current"] == "ann"


def test_turn_undo_twice_within_a_round(gm, camp):
    """Two player turns ended in the same round: each `turn undo` goes back one `turn end`.
    (Each venus turn end keeps its snapshot under history/turn-NN of the round, so a second
    end in the same round must not overwrite the first one's snapshot.)"""
    ok(gm("venus", "worth", "-c", str(camp), "--player", "ann", "--set", "10"))
    before_ann = (camp / "campaign.toml").read_bytes()
    ok(gm("turn", "end", "-c", str(camp), "--player", "ann"))
    ok(gm("venus", "worth", "-c", str(camp), "--player", "ben", "--set", "20"))
    before_ben = (camp / "campaign.toml").read_bytes()
    ok(gm("turn", "end", "-c", str(camp), "--player", "ben"))
    assert status(gm, camp)["current"] == "cat"
    ok(gm("turn", "undo", "-c", str(camp)))
    assert (camp / "campaign.toml").read_bytes() == before_ben
    ok(gm("turn", "undo", "-c", str(camp)))
    assert (camp / "campaign.toml").read_bytes() == before_ann
    assert status(gm, camp)["current"] == "ann"


def test_orion_commands_refused_on_a_venus_campaign(gm, camp):
    before = snapshot(camp)
    assert_error(gm("turn", "start", "-c", str(camp)), "venus")
    assert snapshot(camp) == before


def test_venus_commands_refused_on_an_orion_campaign(gm, new_campaign):
    folder = new_campaign("orion", players=["alice", "bob"], seed=3)
    before = snapshot(folder)
    assert_error(
        gm("venus", "move", "-c", str(folder), "--player", "alice", "--heading", "x", "--dice", "4"),
        "this command belongs to venus",
    )
    assert_error(
        gm("venus", "worth", "-c", str(folder), "--player", "alice", "--set", "10"), "this command belongs to venus"
    )
    assert_error(
        gm("venus", "land", "-c", str(folder), "--player", "alice", "--at", "nebula-habitat", "--kind", "city"),
        "this command belongs to venus",
    )
    assert snapshot(folder) == before


# ================================================================ forum


def write_thread(path: Path, *posts: tuple[str, str, str]) -> Path:
    path.write_text("".join(f"=== {author} #{pid} ===\n{body}\n" for author, pid, body in posts), encoding="utf-8")
    return path


def resolve(gm, camp: Path, thread: Path, fmt: str = "plain", *extra: str):
    return gm("post", "resolve", str(thread), "-c", str(camp), "--format", fmt, *extra)


def test_forum_move_resolves_once(gm, camp, tmp_path):
    thread = write_thread(tmp_path / "thread.txt", ("ann", "101", "Off I go.\n!move Nebula Habitat"))
    n = len(journal_rolls(camp))
    first = ok(resolve(gm, camp, thread))
    assert "Nebula Habitat" in first and f"#{n + 1}" in first
    rolls = journal_rolls(camp)
    assert len(rolls) == n + 1 and rolls[-1]["die"] == 6 and rolls[-1]["source"] == "stream"
    assert "!move" in rolls[-1]["purpose"] and "ann" in rolls[-1]["purpose"]
    state = snapshot(camp)
    # again: byte-identical, nothing rolled, nothing written
    assert ok(resolve(gm, camp, thread)) == first
    assert snapshot(camp) == state
    answer = ok(resolve(gm, camp, thread, "json"))
    data = json.loads(answer)
    command = data["posts"][0]["commands"][0]
    assert command["status"] == "ok" and command["roll_ids"] == [n + 1, n + 1]
    result = command["result"]
    assert result["dice"] == [rolls[-1]["face"]] and result["movement_value"] == rolls[-1]["face"]
    assert result["heading"] == "Nebula Habitat" and result["source"]["roll_ids"] == [n + 1, n + 1]
    assert ok(resolve(gm, camp, thread, "json")) == answer  # again: the same answer
    for fmt in ("bbcode", "markdown"):
        for lang in LANGS:
            out = ok(resolve(gm, camp, thread, fmt, "--lang", lang))
            assert str(n + 1) in out
    assert snapshot(camp) == state
    # the move counts: ann has rolled
    st = status(gm, camp)
    assert st["current"] == "ann"
    assert_error(move(gm, camp, "ann"), "already")
    ok(gm("verify", "-c", str(camp)))


def test_forum_move_refusals_roll_nothing(gm, camp, tmp_path):
    thread = write_thread(
        tmp_path / "thread.txt",
        ("ann", "1", "!move"),  # no heading
        ("ben", "2", "!move Asteroid System"),  # not ben's turn
        ("zed", "3", "!move Nebula Habitat"),  # not a player
        ("ann", "4", "!explore 1,0"),
    )  # not a venus command
    n = len(journal_rolls(camp))
    data = json.loads(ok(resolve(gm, camp, thread, "json")))
    commands = [c for p in data["posts"] for c in p["commands"]]
    assert [c["status"] for c in commands] == ["refused"] * 4
    assert "heading" in commands[0]["reason"]
    assert all(c["roll_ids"] == [] for c in commands)
    assert len(journal_rolls(camp)) == n
    st = status(gm, camp)
    assert st["current"] == "ann"
    ok(move(gm, camp, "ann"))  # ann's refused !move did not spend her roll


def test_forum_move_later_in_the_thread(gm, camp, tmp_path):
    thread = write_thread(tmp_path / "thread.txt", ("ann", "1", "!move Nebula Habitat"), ("ann", "2", "!move again"))
    data = json.loads(ok(resolve(gm, camp, thread, "json")))
    statuses = [c["status"] for p in data["posts"] for c in p["commands"]]
    assert statuses == ["ok", "refused"]


def test_forum_roll_in_a_venus_campaign(gm, camp, tmp_path):
    thread = write_thread(tmp_path / "thread.txt", ("ben", "7", "!roll 2d6 for luck"))
    n = len(journal_rolls(camp))
    first = ok(resolve(gm, camp, thread))
    rolls = journal_rolls(camp)
    assert len(rolls) == n + 2 and all(r["die"] == 6 for r in rolls[-2:])
    data = json.loads(ok(resolve(gm, camp, thread, "json")))
    command = data["posts"][0]["commands"][0]
    assert command["status"] == "ok" and command["roll_ids"] == [n + 1, n + 2]
    assert str(sum(r["face"] for r in rolls[-2:])) in first
    assert ok(resolve(gm, camp, thread)) == first
    assert len(journal_rolls(camp)) == n + 2
    ok(gm("verify", "-c", str(camp)))


def test_two_player_game_through_the_cli(gm, duo):
    st = status(gm, duo)
    assert {p["name"]: p["race"] for p in st["players"]} == {"ann": "humans", "ben": "qossuth"}
    assert st["current"] == "ann"
    ok(move(gm, duo, "ann", dice="3"))
    ok(gm("venus", "land", "-c", str(duo), "--player", "ann", "--at", "system-1", "--kind", "city"))
    ok(gm("venus", "worth", "-c", str(duo), "--player", "ann", "--set", "800"))
    assert (
        json.loads(ok(gm("turn", "end", "-c", str(duo), "--player", "ann", "--format", "json")))["next_player"] == "ben"
    )
    ok(gm("venus", "skip", "-c", str(duo), "--player", "ben"))
    out = json.loads(ok(gm("turn", "end", "-c", str(duo), "--player", "ben", "--format", "json")))
    assert out["next_player"] == "ann" and out["round"] == 2
    ok(move(gm, duo, "ann", dice="1"))
    ok(gm("venus", "worth", "-c", str(duo), "--player", "ann", "--set", "2000"))
    out = json.loads(ok(gm("turn", "end", "-c", str(duo), "--player", "ann", "--format", "json")))
    assert out["winner"] == "ann"
    st = status(gm, duo)
    assert st["winner"] == "ann" and st["turn"] == 2
    assert [s["system"] for s in st["systems"] if s["first_contact"]] == ["system-1"]
    ok(gm("verify", "-c", str(duo)))


# ================================================================ issue 17: the turn as page 2 says it


def test_speed_dice_are_the_ships_speed_number(gm, camp):
    """A speed-3 freighter rolls three dice: `--speed 1 --dice 6` is refused and writes nothing."""
    set_ship(camp, "ann", "freighter")
    before = snapshot(camp)
    assert_error(move(gm, camp, "ann", "--speed", "1", dice="6"), "speed number is 3", quiet=True)
    assert_error(move(gm, camp, "ann", "--speed", "1", dice=None), "speed number is 3", quiet=True)
    assert_error(move(gm, camp, "ann", dice="6"), "--dice", quiet=True)  # one face for three dice
    assert snapshot(camp) == before
    n = len(journal_rolls(camp))
    data = json.loads(ok(move(gm, camp, "ann", "--format", "json", dice="6,1,2")))
    assert data["dice"] == [6, 1, 2] and data["movement_value"] == 9
    assert [r["face"] for r in journal_rolls(camp)[n:]] == [6, 1, 2]


def test_navigation_is_a_step_after_the_roll(gm, camp):
    set_ship(camp, "ann", "clipper")  # speed number 2 (example)
    before = snapshot(camp)
    assert_error(navigate(gm, camp, "ann", "--die", "5"), "roll the speed dice first", quiet=True)
    # naming the die before the roll is refused, with the way to do it
    assert_error(move(gm, camp, "ann", "--navigate", "1", dice="3,5"), "venus navigate", quiet=True)
    assert snapshot(camp) == before
    ok(move(gm, camp, "ann", dice="3,5"))
    rolled = snapshot(camp)
    assert_error(navigate(gm, camp, "ann", "--die", "4"), "no speed die shows 4 (rolled: 3, 5)", quiet=True)
    assert_error(navigate(gm, camp, "ann"), "name the die", quiet=True)
    assert_error(navigate(gm, camp, "ben", "--die", "5"), "turn", quiet=True)
    assert snapshot(camp) == rolled
    data = json.loads(ok(navigate(gm, camp, "ann", "--die", "5", "--format", "json")))
    assert data["navigation_die"] == 5 and data["navigation_index"] == 2 and data["dice"] == [3, 5]
    st = status(gm, camp)
    assert st["speed_dice"] == [3, 5] and st["navigation_index"] == 2
    assigned = snapshot(camp)
    assert_error(navigate(gm, camp, "ann", "--die", "3"), "already assigned", quiet=True)
    assert snapshot(camp) == assigned
    # a later move is still a second roll
    assert_error(move(gm, camp, "ann", dice="1,1"), "already", quiet=True)
    assert snapshot(camp) == assigned


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("lang", LANGS)
def test_navigation_report_every_format_and_language(gm, camp, fmt, lang):
    ok(move(gm, camp, "ann", dice="6"))
    out = ok(navigate(gm, camp, "ann", "--format", fmt, "--lang", lang))  # one die: no face needed
    if fmt == "json":
        assert json.loads(out)["navigation_die"] == 6
    else:
        assert "6" in out and "ann" in out
        assert bool(CYRILLIC.search(out)) == (lang == "ru")


@pytest.mark.parametrize(
    "at,kind",
    [
        ("galactic-base", "spaceport"),
        ("nebula-habitat", "city"),
        ("asteroid-system", "asteroid"),
        ("galactic-base", None),
    ],
)
def test_no_landing_before_heading_and_roll(gm, camp, at, kind):
    before = snapshot(camp)
    args = ("--at", at) + (("--kind", kind) if kind else ())
    assert_error(land(gm, camp, "ann", *args), "Declare Heading → Set Speed → Move", quiet=True)
    assert snapshot(camp) == before
    ok(move(gm, camp, "ann", dice="2"))
    assert json.loads(ok(land(gm, camp, "ann", *args, "--format", "json")))["space"] == at


@pytest.mark.parametrize(
    "at,kind,fragment",
    [
        ("galactic-base", "asteroid", "Neutral Spaceport"),
        ("galactic-base", "city", "Neutral Spaceport"),
        ("Galactic Base", "asteroid", "Neutral Spaceport"),
        ("encounter-1", "city", "encounter space"),
        ("encounter-4", "spaceport", "encounter space"),
        ("nebula-habitat", "asteroid", "city and spaceport"),
    ],
)
def test_landing_kind_must_fit_the_space(gm, camp, at, kind, fragment):
    ok(move(gm, camp, "ann", dice="2"))
    before = snapshot(camp)
    assert_error(land(gm, camp, "ann", "--at", at, "--kind", kind), fragment, quiet=True)
    assert snapshot(camp) == before
    assert status(gm, camp)["phase"] == "movement"


def test_unknown_space_lists_the_valid_ids_and_labels_work(gm, camp, shipped_tables):
    lib = shipped_tables
    ok(move(gm, camp, "ann", dice="2"))
    before = snapshot(camp)
    res = land(gm, camp, "ann", "--at", "Nebula Habitatt", "--kind", "city")
    assert_error(res, "unknown space 'Nebula Habitatt'", quiet=True)
    for row in lib.get("board", "venus").rows:
        assert row.id in res.stderr
    assert snapshot(camp) == before
    data = json.loads(ok(land(gm, camp, "ann", "--at", "Nebula Habitat", "--kind", "spaceport", "--format", "json")))
    assert data["space"] == "nebula-habitat"
    assert next(p for p in status(gm, camp)["players"] if p["name"] == "ann")["position"] == "nebula-habitat"


def test_russian_label_names_a_space(gm, camp):
    ok(move(gm, camp, "ann", dice="2"))
    data = json.loads(ok(land(gm, camp, "ann", "--at", "Галактическая База", "--format", "json")))
    assert data["space"] == "galactic-base" and data["kind"] == "spaceport"


def test_no_first_contact_card_offers_a_diva(gm):
    data = json.loads(ok(gm("table", "show", "venus/first-contact", "--format", "json")))
    for lang in LANGS:
        out = ok(gm("table", "show", "venus/first-contact", "--lang", lang)).casefold()
        assert "diva" not in out and "примадонн" not in out
    assert "diva-tour" not in {r["id"] for r in data["rows"]}


@pytest.mark.parametrize("lang,word", [("en", "example"), ("ru", "пример")])
def test_scout_speed_is_labelled_example_content(gm, lang, word):
    out = ok(gm("table", "show", "venus/ships", "--lang", lang))
    scout = next(line for line in out.splitlines() if " scout " in line)
    assert word in scout
    assert word in out.split("\n\n")[1].casefold()  # the table's description
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "Scout" in readme and "example" in readme


# ---------------------------------------------------------------- the same in forum posts


def _navigate_thread(path: Path, k: int, *more: tuple[int, str, str]) -> Path:
    """The navigation thread with post ids ``k1``, ``k2`` … (the move is post ``k2``)."""
    posts = [
        ("ann", 1, "!navigate 3"),  # before the roll
        ("ann", 2, "!move Nebula Habitat"),
        ("ann", 3, "!navigate seven"),  # not a face
        ("ann", 4, "!navigate 7"),  # no die shows 7
        ("ben", 5, "!навигация 2"),  # not ben's turn
        ("ann", 6, "!navigate"),  # rolled two dice: name one
        *more,
    ]
    return write_thread(path, *[(who, f"{k}{i}", line) for who, i, line in posts])


def _ids_whose_move_dice_differ(gm, camp: Path, tmp_path: Path) -> int:
    """A ``k`` for :func:`_navigate_thread` whose move rolls two different faces, so that a
    bare `!navigate` is ambiguous whatever the secret. Faces follow what is rolled (the
    post's id is in its label), so each ``k`` is tried on a scratch copy of the campaign."""
    for k in range(1, 100):
        scratch = tmp_path / f"scratch-{k}"
        shutil.copytree(camp, scratch, ignore=shutil.ignore_patterns(".lock"))
        thread = _navigate_thread(tmp_path / f"scratch-{k}.txt", k)
        data = json.loads(ok(resolve(gm, scratch, thread, "json")))
        dice = data["posts"][1]["commands"][0]["result"]["dice"]
        if dice[0] != dice[1]:
            return k
    raise AssertionError("no post ids gave two different faces")


def test_forum_navigate_after_move(gm, camp, tmp_path):
    set_ship(camp, "ann", "clipper")
    k = _ids_whose_move_dice_differ(gm, camp, tmp_path)
    thread = _navigate_thread(tmp_path / "thread.txt", k)
    data = json.loads(ok(resolve(gm, camp, thread, "json")))
    commands = [c for p in data["posts"] for c in p["commands"]]
    assert [c["status"] for c in commands] == ["refused", "ok", "refused", "refused", "refused", "refused"]
    assert "roll the speed dice first" in commands[0]["reason"]
    assert "face" in commands[2]["reason"] and "no speed die shows 7" in commands[3]["reason"]
    dice = commands[1]["result"]["dice"]
    assert len(dice) == 2  # the clipper's speed number
    state = (camp / "campaign.toml").read_bytes()
    # the Russian alias assigns the die; a second assignment is refused
    more = _navigate_thread(
        tmp_path / "thread.txt", k, ("ann", 7, f"!навигация {dice[1]}"), ("ann", 8, f"!navigate {dice[0]}")
    )
    data = json.loads(ok(resolve(gm, camp, more, "json")))
    commands = [c for p in data["posts"] for c in p["commands"]]
    assert [c["status"] for c in commands[-2:]] == ["ok", "refused"]
    assert commands[-2]["result"]["navigation_die"] == dice[1]
    assert "already assigned" in commands[-1]["reason"]
    assert (camp / "campaign.toml").read_bytes() != state
    st = status(gm, camp)
    assert st["speed_dice"] == dice and dice[st["navigation_index"] - 1] == dice[1]
    ru = ok(resolve(gm, camp, more, "bbcode", "--lang", "ru"))
    assert "навигац" in ru.casefold()
    ok(gm("verify", "-c", str(camp)))


def test_forum_refused_navigate_changes_no_state(gm, camp, tmp_path):
    ok(move(gm, camp, "ann", dice="4"))
    state = (camp / "campaign.toml").read_bytes()
    journal = (camp / "journal.toml").read_bytes()
    thread = write_thread(
        tmp_path / "thread.txt", ("ann", "1", "!navigate 5"), ("ann", "2", "!navigate x"), ("cat", "3", "!навигация 4")
    )
    data = json.loads(ok(resolve(gm, camp, thread, "json")))
    assert [c["status"] for p in data["posts"] for c in p["commands"]] == ["refused"] * 3
    assert (camp / "campaign.toml").read_bytes() == state
    assert (camp / "journal.toml").read_bytes() == journal


def test_forum_move_rolls_the_ships_speed_number(gm, camp, tmp_path):
    set_ship(camp, "ann", "freighter")
    thread = write_thread(tmp_path / "thread.txt", ("ann", "1", "!move System 2"))
    n = len(journal_rolls(camp))
    data = json.loads(ok(resolve(gm, camp, thread, "json")))
    result = data["posts"][0]["commands"][0]["result"]
    assert len(result["dice"]) == 3 and len(journal_rolls(camp)) == n + 3
