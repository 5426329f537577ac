"""Campaign commands through the CLI (docs/commands.md "Campaigns", "Everywhere"):
campaign new | commitment | validate | reveal, status, explore -c, roll -c, verify.

Every refusal must exit 1 with one `error:` line and leave the campaign's files
byte-identical."""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from pathlib import Path

import pytest

from gmtool.campaign.hexes import Hex
from helpers import CYRILLIC, assert_error, journal_rolls, ok, ok_json, snapshot, status
from reach_paths import give_scouts, open_path_in

pytestmark = [
    pytest.mark.usefixtures("isolated"),
    # camp: a three-leader campaign with the campaign-wide defaults ru + bbcode
    pytest.mark.camp(players=["alice", "bob", "carol"], lang="ru", fmt="bbcode", seed=3),
]

CONTRACT_EXPLORE_KEYS = {"stage", "discovery", "planet", "events", "monster", "rolls"}
CONTRACT_PLANET_KEYS = {"type", "size", "max_population", "production", "properties"}


def secret_hex(folder: Path) -> str:
    return (folder / "secret.key").read_text().strip()


def homeworld(gm, folder: Path, name: str) -> tuple[int, int]:
    players = {p["name"]: p for p in status(gm, folder)["players"]}
    q, r = players[name]["homeworld"].split(",")
    return int(q), int(r)


def neighbours(q: int, r: int) -> list[str]:
    return [f"{q + dq},{r + dr}" for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))]


def set_stage(folder: Path, stage: int) -> None:
    path = folder / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    assert "\nstage = 1\n" in text
    path.write_text(text.replace("\nstage = 1\n", f"\nstage = {stage}\n"), encoding="utf-8")


# ====================================================================== campaign new


def test_new_creates_the_folder(gm, camp):
    names = {p.name for p in camp.iterdir()}
    assert {"campaign.toml", "journal.toml", "secret.key", ".gitignore"} <= names
    state = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))
    assert state["schema_version"] == 1
    assert tomllib.loads((camp / "journal.toml").read_text(encoding="utf-8")).get("roll", []) == []
    assert (camp / "secret.key").stat().st_mode & 0o777 == 0o600
    assert "secret.key" in (camp / ".gitignore").read_text().splitlines()
    assert len(bytes.fromhex(secret_hex(camp))) >= 16


@pytest.mark.parametrize("fmt", ["plain", "bbcode", "markdown", "json"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_new_report_never_shows_the_secret(gm, tmp_path, fmt, lang):
    folder = tmp_path / f"c-{fmt}-{lang}"
    res = gm("campaign", "new", str(folder), "--player", "alice", "--player", "bob", "--format", fmt, "--lang", lang)
    out = ok(res)
    secret = secret_hex(folder)
    assert secret.lower() not in out.lower() and secret.upper() not in out
    assert hashlib.sha256(bytes.fromhex(secret)).hexdigest() in out  # the commitment is shown
    if fmt == "json":
        json.loads(out)


def test_new_report_in_the_chosen_language_and_format(gm, tmp_path):
    res = gm(
        "campaign",
        "new",
        str(tmp_path / "c"),
        "--player",
        "alice",
        "--player",
        "bob",
        "--lang",
        "ru",
        "--format",
        "bbcode",
    )
    out = ok(res)
    assert "[b]" in out and CYRILLIC.search(out)


def test_later_commands_default_to_the_campaigns_lang_and_format(gm, camp):
    out = ok(gm("status", "-c", str(camp)))
    assert "[b]" in out and CYRILLIC.search(out)
    out = ok(gm("campaign", "commitment", "-c", str(camp)))
    assert "[b]" in out and CYRILLIC.search(out)
    out = ok(gm("roll", "d10", "-c", str(camp)))
    assert "[b]" in out and CYRILLIC.search(out)
    q, r = homeworld(gm, camp, "bob")
    out = ok(gm("explore", "-c", str(camp), "--player", "bob", "--hex", neighbours(q, r)[0]))
    assert "[b]" in out and CYRILLIC.search(out)
    # an explicit option wins
    out = ok(gm("status", "-c", str(camp), "--format", "plain", "--lang", "en"))
    assert "[b]" not in out and not CYRILLIC.search(out.replace("Орион", ""))


@pytest.mark.parametrize(
    "players, fragment",
    [
        (["alice"], "a campaign needs 2 to 10 players, not 1"),
        (["alice", "alice"], "player 'alice' is given twice"),
        (["alice", ""], "player name '' must be 1–40 printable characters"),
        ([f"p{i}" for i in range(11)], "a campaign needs 2 to 10 players, not 11"),
    ],
    ids=["one", "twice", "empty-name", "eleven"],
)
def test_new_refuses_bad_player_lists(gm, tmp_path, players, fragment):
    args = [a for p in players for a in ("--player", p)]
    res = gm("campaign", "new", str(tmp_path / "c"), *args)
    assert_error(res, fragment)
    assert not (tmp_path / "c").exists()


def test_new_refuses_an_existing_campaign(gm, camp):
    before = snapshot(camp)
    res = gm("campaign", "new", str(camp), "--player", "x", "--player", "y")
    assert_error(res, "already")
    assert snapshot(camp) == before


def test_new_in_a_folder_with_a_stray_secret_changes_nothing(gm, tmp_path):
    # A folder that holds an old secret.key but no campaign.toml: the command must refuse
    # cleanly (one error line, no internal error) and write nothing.
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "secret.key").write_text("ab" * 32 + "\n")
    before = snapshot(folder)
    res = gm("campaign", "new", str(folder), "--player", "alice", "--player", "bob")
    assert_error(res, "old/secret.key already exists: start the campaign in an empty folder")
    assert snapshot(folder) == before


def test_commitment(gm, camp):
    expected = hashlib.sha256(bytes.fromhex(secret_hex(camp))).hexdigest()
    data = ok_json(gm("campaign", "commitment", "-c", str(camp), "--format", "json"))
    assert data["commitment"] == expected
    assert expected in ok(gm("campaign", "commitment", "-c", str(camp), "--format", "plain"))
    assert secret_hex(camp) not in ok(gm("campaign", "commitment", "-c", str(camp)))


# ============================================================================ status


def test_status_moderator_view(gm, camp):
    data = status(gm, camp)
    assert data["turn"] == 1 and data["stage"] == 1
    assert [p["name"] for p in data["players"]] == ["alice", "bob", "carol"]
    for p in data["players"]:
        assert {"name", "bc", "orders", "homeworld"} <= set(p)
        assert p["bc"] == 4 and p["orders"] == 0
        assert re.fullmatch(r"-?\d+,-?\d+", p["homeworld"])
    by_hex = {s["hex"]: s for s in data["systems"]}
    for s in data["systems"]:
        assert {"hex", "discovery", "planet", "owner", "explored_by"} <= set(s)
    for p in data["players"]:
        home = by_hex[p["homeworld"]]  # homeworlds are systems too
        assert home["owner"] == p["name"] and home["discovery"] == "planet"
        planet = home["planet"]
        assert CONTRACT_PLANET_KEYS | {"population"} <= set(planet)
        assert (planet["type"], planet["size"], planet["max_population"], planet["population"]) == (
            "terran",
            "large",
            4,
            3,
        )
    homes = [tuple(map(int, p["homeworld"].split(","))) for p in data["players"]]

    def dist(a, b):
        dq, dr = a[0] - b[0], a[1] - b[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    for i, a in enumerate(homes):
        assert dist(a, (0, 0)) >= 3
        assert all(dist(a, b) >= 3 for b in homes[i + 1 :])


def test_status_player_view_stage1(gm, camp):
    bob = homeworld(gm, camp, "bob")
    ok(gm("explore", "-c", str(camp), "--player", "alice", "--hex", neighbours(*homeworld(gm, camp, "alice"))[0]))
    data = status(gm, camp, "--player", "bob")
    assert [p["name"] for p in data["players"]] == ["bob"]
    # closed rooms: bob's own frame (its homeworld is 0,0), no galaxy radius, no Orion
    assert [s["hex"] for s in data["systems"]] == ["0,0"]
    assert data["players"][0]["homeworld"] == "0,0" and data["frame"] == "homeworld"
    assert data["radius"] is None and data["orion"] is None
    assert "alice" not in json.dumps(data) and "carol" not in json.dumps(data)
    assert all(s["discovery"] != "orion" for s in data["systems"])
    assert bob  # the moderator's view keeps the absolute hex


def test_status_player_view_stage2(gm, camp):
    alice = homeworld(gm, camp, "alice")
    ok(gm("explore", "-c", str(camp), "--player", "alice", "--hex", neighbours(*alice)[0]))
    set_stage(camp, 2)
    data = status(gm, camp, "--player", "bob")
    assert [p["name"] for p in data["players"]] == ["alice", "bob", "carol"]
    for p in data["players"]:
        if p["name"] != "bob":
            assert not {"bc", "orders", "fleet_size", "fleet_max", "awards"} & set(p)
    hexes = {s["hex"] for s in data["systems"]}
    assert neighbours(*alice)[0] in hexes
    assert {p["homeworld"] for p in data["players"]} <= hexes


def test_status_unknown_player(gm, camp):
    assert_error(gm("status", "-c", str(camp), "--player", "zed"), "zed")


# =========================================================================== explore


def test_explore_in_a_campaign(gm, camp):
    q, r = homeworld(gm, camp, "bob")
    target = neighbours(q, r)[2]
    data = ok_json(gm("explore", "-c", str(camp), "--player", "bob", "--hex", target, "--format", "json"))
    assert data["hex"] == target
    assert CONTRACT_EXPLORE_KEYS <= set(data)
    assert data["stage"] == 1
    assert data["discovery"] in ("empty", "asteroids", "planet")
    if data["planet"] is not None:
        assert CONTRACT_PLANET_KEYS <= set(data["planet"])
    rolls = journal_rolls(camp)
    chain, award = rolls[: len(data["rolls"])], rolls[len(data["rolls"]) :]
    assert [e["face"] for e in chain] == [r_["value"] for r_ in data["rolls"]]
    assert [e["id"] for e in rolls] == list(range(1, len(rolls) + 1))
    assert all(e["source"] == "stream" and e["die"] == 10 for e in chain)
    # after the chain, only a "technology award" event's dice (one die over the technologies)
    assert all("technology award" in e["label"] for e in award)
    assert bool(award) == bool(data.get("technologies"))
    system = {s["hex"]: s for s in status(gm, camp)["systems"]}[target]
    assert system["explored_by"] == "bob" and system["discovery"] == data["discovery"]


def test_an_explorations_technology_dice_are_in_its_trail(gm, camp):
    """Unknown technologies (A4.3): the dice that pick the technologies are shown like the
    chain's — one line each, its die over the technologies the leader may get, its face, what
    it picked — in the post (either language), the JSON and the journal, in that order."""
    q, r = homeworld(gm, camp, "bob")
    target = neighbours(q, r)[2]
    # exploration 9 (a planet and a positive event), event 2 → 1 (Unknown technologies),
    # type 1, size 3, then a face 1 for each technology die (valid over any number of them)
    args = ("explore", "-c", str(camp), "--player", "bob", "--hex", target, "--dice", "9,2,1,3,1,1")
    data = ok_json(gm(*args, "--format", "json"))
    techs = data["technologies"]
    assert len(techs) == 2
    assert [(t["value"], t["technology"]) for t in data["technology_rolls"]] == [(1, techs[0]), (1, techs[1])]
    rolls = journal_rolls(camp)
    assert [(e["die"], e["face"]) for e in rolls[-2:]] == [(t["die"], 1) for t in data["technology_rolls"]]
    assert all("technology award" in e["label"] for e in rolls[-2:])
    assert data["rolls"] == [{"table": t, "value": v} for t, v in zip(CHAIN, (9, 2, 1, 3))]


CHAIN = ("orion/exploration", "orion/positive-events", "orion/world-type", "orion/world-size")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_explorations_technology_dice_are_in_its_post(gm, camp, lang):
    q, r = homeworld(gm, camp, "bob")
    target = neighbours(q, r)[2]
    args = ("explore", "-c", str(camp), "--player", "bob", "--hex", target, "--dice", "9,2,1,3,1,1")
    post = ok(gm(*args, "--format", "bbcode", "--lang", lang))
    lines = re.findall(
        r"\[\*\]\[b\](Technology rolled|Выпавшая технология)\[/b\]: d(\d+) = 1 → \[b\]([^[]+)\[/b\]", post
    )
    assert len(lines) == 2
    techs = [p for p in (r for r in journal_rolls(camp)) if "technology award" in p["label"]]
    assert [int(n) for _, n, _ in lines] == [e["die"] for e in techs]
    assert all(name.strip() and name in post.split("[/list]", 1)[1] for _, _, name in lines)  # and in the result


@pytest.mark.parametrize(
    "case",
    [
        "already explored",
        "off map",
        "too far",
        "unknown player",
        "bad hex",
        "bad hex words",
        "dice out of range",
        "too few dice",
        "dice left over",
        "dice not numbers",
    ],
)
def test_explore_refusals_change_nothing(gm, camp, case):
    q, r = homeworld(gm, camp, "bob")
    near = neighbours(q, r)[0]
    ok(gm("explore", "-c", str(camp), "--player", "bob", "--hex", neighbours(q, r)[1]))  # some history
    # bob's one scout has explored this turn; the dice cases are alice's, whose scout has not,
    # so that they reach the dice (bob's would be refused for the scout before any roll)
    aq, ar = homeworld(gm, camp, "alice")
    free = neighbours(aq, ar)[0]
    args, fragment = {
        "already explored": (
            ("--player", "bob", "--hex", neighbours(q, r)[1]),
            f"гекс {neighbours(q, r)[1]} уже исследован (bob, ход 1)",
        ),
        # in stage 1 reach is checked before the map's edge (closed rooms): a hex off the
        # map is refused as out of the homeworld's reach
        "off map": (
            ("--player", "bob", "--hex", "40,0"),
            f"40,0 в {Hex(40, 0).distance(Hex(q, r))} гексах от Родного мира лидера bob",
        ),
        "too far": (("--player", "bob", "--hex", f"{q + 2},{r}"), f"{q + 2},{r} в 2 гексах от Родного мира лидера bob"),
        "unknown player": (("--player", "zed", "--hex", near), "неизвестный лидер «zed»"),
        "bad hex": (("--player", "bob", "--hex", "3;1"), "гекс «3;1» записан не как Q,R"),
        "bad hex words": (("--player", "bob", "--hex", "north"), "гекс «north» записан не как Q,R"),
        "dice out of range": (("--player", "alice", "--hex", free, "--dice", "11"), "грань 11 вне диапазона 1–10"),
        "too few dice": (("--player", "alice", "--hex", free, "--dice", "6"), "--dice: не хватает граней"),
        "dice left over": (("--player", "alice", "--hex", free, "--dice", "1,1"), "--dice: лишняя 1 грань"),
        "dice not numbers": (
            ("--player", "alice", "--hex", free, "--dice", "x"),
            "--dice: «x» (значение 1) — не целое",
        ),
    }[case]
    before = snapshot(camp)
    res = gm("explore", "-c", str(camp), *args)
    assert_error(res, fragment)
    assert res.stdout == ""
    assert snapshot(camp) == before


def test_explore_with_manual_dice_is_journaled_as_manual(gm, camp):
    q, r = homeworld(gm, camp, "bob")
    target = neighbours(q, r)[0]
    data = ok_json(
        gm("explore", "-c", str(camp), "--player", "bob", "--hex", target, "--dice", "6,7,5", "--format", "json")
    )
    assert data["discovery"] == "planet"
    assert data["planet"]["type"] == "terran"  # 7 − 4 − 2 next to the homeworld (A4.4)
    assert data["planet"]["size"] == "medium"
    rolls = journal_rolls(camp)
    assert [(e["id"], e["face"], e["source"], e["die"]) for e in rolls] == [
        (1, 6, "manual", 10),
        (2, 7, "manual", 10),
        (3, 5, "manual", 10),
    ]
    ok(gm("verify", "-c", str(camp)))


def test_explore_homeworld_rule_from_the_map(gm, camp):
    # Four planets next to bob's homeworld: a fifth neighbour rerolls planet results.
    q, r = homeworld(gm, camp, "bob")
    ring = neighbours(q, r)
    give_scouts(camp, "bob", 5)  # one hex per scout a turn (A4)
    for h in ring[:4]:
        ok(gm("explore", "-c", str(camp), "--player", "bob", "--hex", h, "--dice", "6,9,5"))
    data = ok_json(
        gm("explore", "-c", str(camp), "--player", "bob", "--hex", ring[4], "--dice", "3,7,1", "--format", "json")
    )
    assert data["discovery"] == "empty"
    assert [x["value"] for x in data["rolls"]] == [3, 7, 1]


def test_explore_stage2_orion(gm, camp):
    set_stage(camp, 2)
    assert_error(gm("explore", "-c", str(camp), "--player", "bob", "--hex", "0,0"), "0,0", "bob")  # out of reach
    open_path_in(camp, "bob", "0,0")  # explored space up to Orion (A4 reach)
    before = snapshot(camp)
    assert_error(
        gm("explore", "-c", str(camp), "--player", "bob", "--hex", "0,0", "--dice", "1"),
        "при исследовании Ориона кубики не бросаются: уберите --dice",
    )
    assert snapshot(camp) == before
    data = ok_json(gm("explore", "-c", str(camp), "--player", "bob", "--hex", "0,0", "--format", "json"))
    assert data["hex"] == "0,0"
    assert journal_rolls(camp) == []
    orion = {s["hex"]: s for s in status(gm, camp)["systems"]}["0,0"]
    assert orion["explored_by"] == "bob"


def test_explore_orion_json_has_the_contract_keys(gm, camp):
    set_stage(camp, 2)
    open_path_in(camp, "bob", "0,0")
    data = ok_json(gm("explore", "-c", str(camp), "--player", "bob", "--hex", "0,0", "--format", "json"))
    assert CONTRACT_EXPLORE_KEYS <= set(data), sorted(CONTRACT_EXPLORE_KEYS - set(data))


def test_stage1_refusal_does_not_reveal_other_leaders(gm, camp):
    # Closed rooms (docs/rules-orion.md A2): asking for a hex out of bob's reach must not tell him
    # who explored it or where another leader's homeworld is.
    alice = homeworld(gm, camp, "alice")
    res = gm("explore", "-c", str(camp), "--player", "bob", "--hex", f"{alice[0]},{alice[1]}")
    assert_error(res, "на 1-м этапе корабли не удаляются от Родного мира больше чем на 1 гекс")
    assert "alice" not in res.stderr


# ============================================================================== roll


def test_roll_in_a_campaign_is_journaled(gm, camp):
    out = ok(gm("roll", "2d10", "-c", str(camp), "--for", "bob: boarding action", "--lang", "en", "--format", "plain"))
    assert "#1–#2" in out
    rolls = journal_rolls(camp)
    assert [e["id"] for e in rolls] == [1, 2]
    assert all(e["source"] == "stream" and e["die"] == 10 for e in rolls)
    assert all("bob: boarding action" in e["purpose"] for e in rolls)
    assert f"[{rolls[0]['face']}, {rolls[1]['face']}]" in out
    out = ok(gm("roll", "d6", "-c", str(camp), "--format", "json"))
    assert json.loads(out)["source"]["roll_ids"] == [3, 3]
    ok(gm("verify", "-c", str(camp)))


def test_roll_json_dice_match_the_journal(gm, camp):
    data = ok_json(gm("roll", "3d10+2", "-c", str(camp), "--format", "json"))
    rolls = journal_rolls(camp)
    assert data["dice"] == [e["face"] for e in rolls]
    assert data["total"] == sum(data["dice"]) + 2


def test_roll_manual_dice_in_a_campaign(gm, camp):
    ok(gm("roll", "2d10", "-c", str(camp), "--dice", "3,9"))
    assert [(e["face"], e["source"]) for e in journal_rolls(camp)] == [(3, "manual"), (9, "manual")]


@pytest.mark.parametrize(
    "dice, fragment",
    [
        ("11", "грань 11 вне диапазона 1–10"),
        ("3", "не хватает граней"),
        ("3,4,5", "лишняя 1 грань (5)"),
        ("0,1", "грань 0 вне диапазона 1–10"),
        ("a,b", "«a» (значение 1) — не целое число"),
    ],
    ids=["11", "3", "3,4,5", "0,1", "a,b"],
)
def test_roll_wrong_dice_in_a_campaign_changes_nothing(gm, camp, dice, fragment):
    before = snapshot(camp)
    assert_error(gm("roll", "2d10", "-c", str(camp), "--dice", dice), "--dice: ", fragment)
    assert snapshot(camp) == before


def test_roll_bad_expression_in_a_campaign_changes_nothing(gm, camp):
    before = snapshot(camp)
    assert_error(gm("roll", "2d", "-c", str(camp)), "ожидалось число граней после «d»")
    assert snapshot(camp) == before


def test_roll_finds_the_campaign_in_the_environment(gm, camp, monkeypatch):
    monkeypatch.setenv("GMTOOL_CAMPAIGN", str(camp))
    ok(gm("roll", "d10"))
    assert len(journal_rolls(camp)) == 1
    ok(gm("status", "--format", "json"))


def test_roll_finds_the_campaign_in_the_current_folder(gm, camp, monkeypatch):
    monkeypatch.chdir(camp)
    ok(gm("roll", "d10"))
    ok(gm("roll", "d10"))
    assert [e["id"] for e in journal_rolls(camp)] == [1, 2]
    assert ok_json(gm("status", "--format", "json"))["turn"] == 1


def test_option_wins_over_environment(gm, new_campaign, camp, monkeypatch):
    other = new_campaign("other", players=["x", "y"])
    monkeypatch.setenv("GMTOOL_CAMPAIGN", str(other))
    ok(gm("roll", "d10", "-c", str(camp)))
    assert len(journal_rolls(camp)) == 1 and journal_rolls(other) == []


def test_roll_without_a_campaign_writes_nothing(gm, tmp_path):
    before = sorted(p.name for p in tmp_path.iterdir())
    data = ok_json(gm("roll", "2d10", "--format", "json", "--for", "nothing"))
    assert len(data["dice"]) == 2
    ok(gm("roll", "d6", "--seed", "4"))
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_commands_that_need_a_campaign_say_so(gm):
    for args in (
        ("status",),
        ("verify",),
        ("campaign", "commitment"),
        ("campaign", "validate"),
        ("campaign", "reveal"),
    ):
        assert_error(gm(*args), "campaign")


def test_roll_purpose_with_undecodable_argument(gm, camp):
    # A --for text with bytes that were not UTF-8 on the command line (surrogate escapes):
    # the roll is made and journaled, each undecodable byte written as U+FFFD, so the
    # journal stays valid UTF-8 TOML
    ok(gm("roll", "d10", "-c", str(camp), "--for", "bob \udcff\udcfe"))
    assert [e["purpose"] for e in journal_rolls(camp)] == ["roll for bob \ufffd\ufffd: d10: die 1"]


# ==================================================================== verify / validate


def _tamper_first_stream_face(camp: Path) -> int:
    path = camp / "journal.toml"
    text = path.read_text(encoding="utf-8")
    entry = next(e for e in journal_rolls(camp) if e["source"] == "stream" and e["id"] > 1)
    block = f"id = {entry['id']}\n"
    i = text.index(block)
    j = text.index(f"face = {entry['face']}\n", i)
    new_face = entry["face"] % entry["die"] + 1
    text = text[:j] + f"face = {new_face}\n" + text[j + len(f"face = {entry['face']}\n") :]
    path.write_text(text, encoding="utf-8")
    return entry["id"]


def test_verify_ok_and_tampered(gm, camp):
    ok(gm("roll", "4d10", "-c", str(camp), "--for", "a"))
    ok(gm("roll", "d6", "-c", str(camp), "--dice", "2"))
    ok(gm("verify", "-c", str(camp)))
    data = ok_json(gm("verify", "-c", str(camp), "--format", "json"))
    assert data["ok"] is True
    bad = _tamper_first_stream_face(camp)
    res = gm("verify", "-c", str(camp))
    assert_error(res, f"бросок №{bad}")  # the campaign speaks Russian
    res = gm("verify", "-c", str(camp), "--format", "json")
    assert res.exit_code == 1
    assert json.loads(res.stdout)["bad_ids"] == [bad]


def test_verify_gap_in_ids(gm, camp):
    ok(gm("roll", "3d10", "-c", str(camp)))
    path = camp / "journal.toml"
    path.write_text(path.read_text().replace("id = 2\n", "id = 7\n"), encoding="utf-8")
    res = gm("verify", "-c", str(camp))
    assert_error(res, "бросок №")


def test_validate(gm, camp):
    ok(gm("roll", "2d10", "-c", str(camp)))
    ok(gm("campaign", "validate", "-c", str(camp)))
    data = ok_json(gm("campaign", "validate", "-c", str(camp), "--format", "json"))
    assert data["ok"] is True and data["rolls"] == 2


def test_torn_journal_then_repair(gm, camp):
    ok(gm("roll", "2d10", "-c", str(camp)))
    clean = (camp / "journal.toml").read_bytes()
    with open(camp / "journal.toml", "ab") as fh:
        fh.write(b'[[roll]]\nid = 3\nturn = 1\npurpose = "roll: 2d10: di')
    torn = snapshot(camp)
    res = gm("roll", "d10", "-c", str(camp))
    assert_error(res, "--repair")
    assert snapshot(camp) == torn
    q, r = homeworld(gm, camp, "bob")
    assert_error(
        gm("explore", "-c", str(camp), "--player", "bob", "--hex", neighbours(q, r)[0]),
        "journal.toml кончается незаконченной записью",
        "--repair",
    )
    assert snapshot(camp) == torn
    res = gm("campaign", "validate", "-c", str(camp))
    assert_error(res, "journal.toml: последняя запись не закончена", "--repair")
    assert snapshot(camp) == torn
    ok(gm("campaign", "validate", "-c", str(camp), "--repair"))
    assert (camp / "journal.toml").read_bytes() == clean
    ok(gm("campaign", "validate", "-c", str(camp)))
    ok(gm("verify", "-c", str(camp)))
    ok(gm("roll", "d10", "-c", str(camp)))
    assert [e["id"] for e in journal_rolls(camp)] == [1, 2, 3]


@pytest.mark.parametrize("torn", [b"[", b"[[ro", b"[[roll]]", b'[[roll]]\nid = 3\nturn = 1\npurpose = "\xd0'])
def test_repair_keeps_every_complete_entry(gm, camp, torn):
    ok(gm("roll", "2d10", "-c", str(camp), "--for", "бросок"))
    clean = (camp / "journal.toml").read_bytes()
    with open(camp / "journal.toml", "ab") as fh:
        fh.write(torn)
    assert_error(gm("roll", "d10", "-c", str(camp)), "journal.toml кончается незаконченной записью", "--repair")
    ok(gm("campaign", "validate", "-c", str(camp), "--repair"))
    assert (camp / "journal.toml").read_bytes() == clean
    ok(gm("verify", "-c", str(camp)))


def test_reveal_then_verify(gm, camp):
    ok(gm("roll", "3d10", "-c", str(camp)))
    secret = secret_hex(camp)
    data = ok_json(gm("campaign", "reveal", "-c", str(camp), "--format", "json"))
    assert data["secret"] == secret
    assert secret in ok(gm("campaign", "reveal", "-c", str(camp), "--format", "plain"))  # again: same secret
    state = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))
    assert state["verification"]["revealed_secret"] == secret
    ok(gm("verify", "-c", str(camp)))
    ok(gm("verify", "-c", str(camp), "--secret", secret))
    # anyone without secret.key can verify now
    (camp / "secret.key").unlink()
    data = ok_json(gm("verify", "-c", str(camp), "--format", "json"))
    assert data["ok"] and data["stream"] == 3
    res = gm("verify", "-c", str(camp), "--secret", "00" * 32, "--lang", "en", "--format", "plain")
    assert res.exit_code == 1
    assert res.stderr.startswith("error: ") and res.stderr.count("\n") == 1
    assert "commitment" in res.stdout + res.stderr
    assert_error(gm("verify", "-c", str(camp), "--secret", "xyz"), "--secret")


def test_after_reveal_stream_rolls_are_refused(gm, camp):
    ok(gm("campaign", "reveal", "-c", str(camp)))
    before = snapshot(camp)
    assert_error(gm("roll", "d10", "-c", str(camp)), "раскрыт")  # the campaign speaks Russian
    q, r = homeworld(gm, camp, "bob")
    assert_error(
        gm("explore", "-c", str(camp), "--player", "bob", "--hex", neighbours(q, r)[0]), "секрет кампании уже раскрыт"
    )
    assert snapshot(camp) == before


def test_verify_before_reveal_uses_secret_key(gm, camp):
    ok(gm("roll", "d10", "-c", str(camp)))
    (camp / "secret.key").unlink()
    assert_error(gm("verify", "-c", str(camp)), "--secret")


# ========================================================================= malformed


def test_malformed_campaign_toml_syntax(gm, camp):
    path = camp / "campaign.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    n = next(i for i, line in enumerate(lines) if line.startswith("turn = "))
    lines[n] = "turn = = 1"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for args in (("status",), ("roll", "d10"), ("verify",), ("campaign", "validate")):
        before = snapshot(camp)
        res = gm(*args, "-c", str(camp))
        assert_error(res, "campaign.toml", f"line {n + 1}")
        assert snapshot(camp) == before


@pytest.mark.parametrize(
    "old,new,fragment",
    [
        ("bc = 4", 'bc = "x"', "player 1: bc"),
        ("\nturn = 1\n", '\nturn = "one"\n', "turn"),
        ("\nstage = 1\n", '\nstage = 1\nweather = "fine"\n', "weather"),
    ],
)
def test_malformed_campaign_toml_types(gm, camp, old, new, fragment):
    path = camp / "campaign.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    res = gm("status", "-c", str(camp))
    assert_error(res, "campaign.toml", fragment)


# ------------------------------------------------------------------ --radius


def test_a_larger_galaxy_is_asked_for_with_radius(gm, tmp_path):
    folder = tmp_path / "big"
    players = [arg for i in range(10) for arg in ("--player", f"leader{i}")]
    res = gm("campaign", "new", str(folder), *players, "--radius", "10", "--seed", "3")
    assert res.exit_code == 0, res.stderr
    data = json.loads(gm("status", "-c", str(folder), "--format", "json").stdout)
    assert data["radius"] == 10
    assert len(data["players"]) == 10
    homes = [Hex.parse(p["homeworld"]) for p in data["players"]]
    assert all(h.distance(Hex(0, 0)) <= 9 for h in homes)  # their neighbours on the map


@pytest.mark.parametrize(("players", "radius"), [(10, 6), (3, 21), (3, 0)])
def test_a_radius_out_of_range_is_refused_and_nothing_is_made(gm, tmp_path, players, radius):
    folder = tmp_path / "c"
    names = [arg for i in range(players) for arg in ("--player", f"p{i}")]
    res = gm("campaign", "new", str(folder), *names, "--radius", str(radius))
    assert res.exit_code == 1
    assert res.stderr.startswith("error: --radius") and "\n" not in res.stderr.strip()
    assert not folder.exists()


def test_radius_is_refused_for_venus(gm, tmp_path):
    res = gm(
        "campaign",
        "new",
        str(tmp_path / "v"),
        "--ruleset",
        "venus",
        "--player",
        "ann",
        "--player",
        "ben",
        "--radius",
        "8",
    )
    assert res.exit_code == 1 and "--radius" in res.stderr
    assert not (tmp_path / "v").exists()
