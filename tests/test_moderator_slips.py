"""A moderator's slips cost nothing, and names compare by case, not by folding (issue 33).

* Names compare after NFC and case only (campaign/names.py ``name_key``): the forum accounts
  ``weiss`` and ``WEISS`` are not the leader ``Weiß``; a leader's or moderator's name that
  NFKC would change (``ﬁona``) is refused where it is given, naming the character, and
  named in one line where a hand edit put it.
* ``site build -o`` never writes into, or above, a campaign folder (its ``secret.key``).
* Every room is one leader's, and never the public thread.
* A deadline the calendar cannot move on is refused in one line, given or hand-set.
* ``player drop`` leaves a campaign ``campaign validate`` passes.
* ``post pending``'s public post says who has not posted and the time left — nothing of a
  leader's state (orders left, open quests): that is the moderator's copy.
"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest
import tomli_w

from gmtool.campaign.names import name_key
from helpers import assert_error, example_copy, journal_rolls, ok, ok_json, resolve_post, snapshot

pytestmark = pytest.mark.usefixtures("isolated")

FIONA_EN = (
    "player name 'ﬁona' holds 'ﬁ' (U+FB01), which NFKC writes as 'fi': such a name cannot be told from the plain "
    "one; write 'fi'"
)
FIONA_RU = (
    "имя лидера: в 'ﬁona' есть 'ﬁ' (U+FB01), который NFKC записывает как 'fi': такое имя не отличить от обычного; "
    "напишите 'fi'"
)


def new(new_campaign, folder: Path, *players: str, lang: str = "en") -> Path:
    return new_campaign(folder.name, players=players, seed=3, lang=lang, fmt="plain", parent=folder.parent)


def edit(folder: Path, change) -> None:
    path = folder / "campaign.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")


def unchanged(folder: Path) -> dict[str, bytes]:
    return {k: v for k, v in snapshot(folder).items() if k != ".lock"}


# ------------------------------------------------------------------ names: NFC and case only


def test_names_compare_after_nfc_and_case_only():
    assert name_key("Bob") == name_key("BOB") == name_key("bob")
    assert name_key("WEIẞ") == name_key("Weiß")  # the capital sharp s is the letter's case
    assert name_key("weiss") != name_key("Weiß") and name_key("WEISS") != name_key("Weiß")
    assert name_key("fiona") != name_key("ﬁona")
    assert name_key("ΌΣΟΣ") == name_key("όσος") == name_key("όσοσ")  # one letter for one
    assert name_key("Андрей") == name_key("АНДРЕ\u0418\u0306")  # NFC: й typed as и + breve


def test_forum_accounts_that_fold_to_a_leaders_name_do_not_act_as_the_leader(gm, new_campaign, tmp_path):
    """weiss and WEISS acted as the leader Weiß (his roll); now they are no leader, and only
    the leader's own name in another case (WEIẞ) is his."""
    camp = new(new_campaign, tmp_path / "c", "Weiß", "bob", "carol")
    thread = camp / "t.txt"
    thread.write_text(
        "=== weiss #2001 ===\n!roll d10\n\n=== WEISS #2002 ===\n!roll d6\n\n=== WEIẞ #2003 ===\n!roll d4\n",
        encoding="utf-8",
    )
    data = json.loads(resolve_post(gm, camp, thread, fmt="json"))
    statuses = [(p["author"], [c["status"] for c in p["commands"]]) for p in data["posts"]]
    assert statuses == [("weiss", ["refused"]), ("WEISS", ["refused"]), ("WEIẞ", ["ok"])]
    assert [r["purpose"] for r in journal_rolls(camp)] == ["post #2003.1 (Weiß) !roll: d4: die 1"]
    reply = resolve_post(gm, camp, thread)
    assert "!roll d10 — refused: weiss is not a leader of this campaign or the moderator\n" in reply
    assert "!roll d6 — refused: WEISS is not a leader of this campaign or the moderator\n" in reply
    ru = resolve_post(gm, camp, thread, "--lang", "ru")
    assert "!roll d10 — отклонено: weiss — не лидер этой кампании и не ведущий\n" in ru


@pytest.mark.parametrize(("lang", "message"), [("en", FIONA_EN), ("ru", FIONA_RU)])
def test_campaign_new_refuses_a_leader_name_nfkc_changes_naming_the_character(gm, tmp_path, lang, message):
    res = gm("campaign", "new", str(tmp_path / "c"), "-p", "ﬁona", "-p", "bob", "-p", "carol", "--lang", lang)
    assert_error(res, message)
    assert res.stderr == f"error: {message}\n"
    assert not (tmp_path / "c").exists()


@pytest.mark.parametrize(
    ("args", "en", "ru"),
    [
        (
            ("player", "add", "--player", "Ｂｏｂ"),
            "player name 'Ｂｏｂ' holds 'Ｂ' (U+FF22), which NFKC writes as 'B': such a name cannot be told from "
            "the plain one; write 'B'",
            "имя лидера: в 'Ｂｏｂ' есть 'Ｂ' (U+FF22), который NFKC записывает как 'B'",
        ),
        (("player", "rename", "--player", "bob", "--to", "ﬁona"), FIONA_EN, FIONA_RU),
        (
            ("player", "replace", "--player", "bob", "--by", "dave²"),
            "player name 'dave²' holds '²' (U+00B2), which NFKC writes as '2': such a name cannot be told from "
            "the plain one; write '2'",
            "имя лидера: в 'dave²' есть '²' (U+00B2), который NFKC записывает как '2'",
        ),
    ],
    ids=["add", "rename", "replace"],
)
def test_player_add_rename_and_replace_refuse_a_name_nfkc_changes(gm, tmp_path, args, en, ru):
    camp = example_copy(tmp_path)
    before = unchanged(camp)
    res = gm(*args[:2], "-c", str(camp), *args[2:])
    assert_error(res, en)
    assert res.stderr == f"error: {en}\n"
    assert_error(gm(*args[:2], "-c", str(camp), *args[2:], "--lang", "ru"), ru)
    assert unchanged(camp) == before


def test_campaign_set_moderators_refuses_a_name_nfkc_changes(gm, tmp_path):
    camp = example_copy(tmp_path)
    before = unchanged(camp)
    res = gm("campaign", "set", "-c", str(camp), "moderators", "gm, ﬁona")
    en = FIONA_EN.replace("player name", "moderator name")
    assert_error(res, en)
    assert res.stderr == f"error: {en}\n"
    ru = FIONA_RU.replace("имя лидера", "имя ведущего")
    assert gm("campaign", "set", "-c", str(camp), "moderators", "gm, ﬁona", "--lang", "ru").stderr == f"error: {ru}\n"
    assert unchanged(camp) == before
    ok(gm("campaign", "set", "-c", str(camp), "moderators", "gm, fiona"))


@pytest.mark.parametrize("command", [("post", "resolve", "thread.txt"), ("verify", "--published", "thread.txt")])
def test_a_moderator_name_nfkc_changes_is_refused_on_the_command_line_too(gm, tmp_path, command):
    """`--moderator ﬁona` could never match a forum author (ﬁona's posts are look-alikes)."""
    camp = example_copy(tmp_path)
    os.chdir(camp)
    before = unchanged(camp)
    res = gm(*command, "-c", ".", "--moderator", "ﬁona")
    assert res.stderr == "error: " + FIONA_EN.replace("player name", "moderator name") + "\n"
    assert unchanged(camp) == before


def test_a_hand_set_leader_name_nfkc_changes_is_named_in_one_line(gm, tmp_path):
    """The leader ﬁona was accepted before: validate names the character, a command that
    would save refuses in the same line (fiona does not play her), `player rename` mends it."""
    camp = example_copy(tmp_path)
    path = camp / "campaign.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('"carol"', '"ﬁona"'), encoding="utf-8")
    res = gm("campaign", "validate", "-c", str(camp))
    assert_error(res, f"1 problem: {FIONA_EN}")
    assert f"- {FIONA_EN}\n" in res.stdout
    assert f"- {FIONA_RU}\n" in gm("campaign", "validate", "-c", str(camp), "--lang", "ru").stdout
    thread = camp / "t.txt"
    thread.write_text("=== fiona #2001 ===\n!roll d6\n", encoding="utf-8")
    before = unchanged(camp)
    res = gm("post", "resolve", str(thread), "-c", str(camp))
    assert res.stderr == f"error: {FIONA_EN}\n" and unchanged(camp) == before
    assert_error(gm("roll", "d6", "-c", str(camp)), FIONA_EN)
    ok(gm("player", "rename", "-c", str(camp), "--player", "ﬁona", "--to", "fiona"))
    assert "No problems found." in ok(gm("campaign", "validate", "-c", str(camp)))


def test_a_hand_set_moderator_name_nfkc_changes_is_named_by_validate(gm, tmp_path):
    camp = example_copy(tmp_path)
    edit(camp, lambda d: d.setdefault("forum", {}).update(moderators=["gm", "ﬁona"]))
    en = FIONA_EN.replace("player name", "moderator name")
    assert_error(gm("campaign", "validate", "-c", str(camp)), f"1 problem: {en}")
    assert_error(gm("roll", "d6", "-c", str(camp)), en)


# ------------------------------------------------------------------ site build -o: never beside secret.key


SITE_REFUSALS = {
    "the campaign": (
        "camp",
        "the site cannot go into camp: it is the campaign folder, and its secret.key would be published with it; "
        "write the site outside the campaign",
        "сайт нельзя писать в camp: это папка кампании, и вместе с сайтом был бы опубликован её secret.key; пишите "
        "сайт вне кампании",
    ),
    "inside it": (
        "camp/site",
        "the site cannot go into camp/site: it is inside the campaign folder camp, and its secret.key would be "
        "published with it; write the site outside the campaign",
        "сайт нельзя писать в camp/site: эта папка внутри папки кампании camp, и вместе с сайтом был бы опубликован "
        "её secret.key; пишите сайт вне кампании",
    ),
    "holding it": (
        ".",
        "the site cannot go into .: it holds the campaign folder camp, and its secret.key would be published with "
        "it; write the site into a folder of its own",
        "сайт нельзя писать в .: в этой папке лежит папка кампании camp, и вместе с сайтом был бы опубликован её "
        "secret.key; пишите сайт в отдельную папку",
    ),
}


@pytest.mark.parametrize(("out", "en", "ru"), SITE_REFUSALS.values(), ids=SITE_REFUSALS.keys())
def test_site_build_refuses_an_output_folder_in_or_holding_the_campaign(gm, tmp_path, out, en, ru):
    camp = example_copy(tmp_path)
    before = snapshot(tmp_path)
    res = gm("site", "build", "-c", "camp", "-o", out)
    assert_error(res, en)
    assert res.stderr == f"error: {en}\n"
    assert gm("site", "build", "-c", "camp", "-o", out, "--lang", "ru").stderr == f"error: {ru}\n"
    assert snapshot(tmp_path) == before and not (camp / "index.html").exists()


def test_site_build_refuses_a_folder_holding_another_campaign_and_takes_one_of_its_own(gm, tmp_path):
    example_copy(tmp_path)
    other = tmp_path / "games" / "old"
    other.mkdir(parents=True)
    (other / "secret.key").write_bytes(b"\x00" * 32)
    res = gm("site", "build", "-c", "camp", "-o", "games")
    assert_error(res, "it holds the campaign folder games/old")
    assert not (tmp_path / "games" / "index.html").exists()
    assert "files written: open site/index.html" in ok(gm("site", "build", "-c", "camp", "-o", "site"))


# ------------------------------------------------------------------ rooms: one leader's, never the thread


THREAD_EN = (
    "error: the room of carol cannot be the public thread ({source}): its posts would be read twice, in public and "
    "in private\n"
)
THREAD_RU = (
    "error: комната лидера carol не может быть общей темой ({source}): её посты читались бы дважды — открыто и в "
    "комнате\n"
)
SHARED_EN = "error: bob and carol cannot share one room ({source}): a room is one leader's\n"
SHARED_RU = (
    "error: у лидера bob и лидера carol не может быть одной комнаты на двоих ({source}): комната — одного лидера\n"
)


def test_a_place_is_one_however_it_is_written(tmp_path):
    from gmtool.forum.places import place_key

    camp = tmp_path / "camp"
    camp.mkdir()
    (camp / "room.txt").write_text("=== carol #1 ===\n", encoding="utf-8")
    os.link(camp / "room.txt", tmp_path / "linked.txt")
    same = ["room.txt", "./room.txt", str(camp / "room.txt"), str(tmp_path / "linked.txt")]
    assert len({place_key(spec, camp) for spec in same}) == 1
    assert place_key("other.txt", camp) != place_key("room.txt", camp)
    page = "https://forum.example/viewtopic.php?t=12&f=3"
    for spec in ("HTTP://Forum.Example:80/viewtopic.php?f=3&t=12#p99", "https://forum.example/viewtopic.php?f=3&t=12"):
        assert place_key(spec, camp) == place_key(page, camp)
    assert place_key("https://forum.example/t/slug/12/", camp) == place_key("https://forum.example/t/slug/12", camp)
    assert place_key("https://forum.example/viewtopic.php?t=13&f=3", camp) != place_key(page, camp)


@pytest.fixture
def rooms(gm, tmp_path) -> Path:
    """The example with its public thread set and carol's room."""
    camp = example_copy(tmp_path, fresh=True)
    (camp / "room-carol.txt").write_text("=== carol #3001 ===\n!roll d6\n", encoding="utf-8")
    ok(gm("campaign", "set", "-c", str(camp), "thread", "thread.txt"))
    ok(gm("campaign", "room", "-c", str(camp), "--player", "carol", "room-carol.txt"))
    return camp


@pytest.mark.parametrize("source", ["thread.txt", "./thread.txt", "ABSOLUTE"])
def test_campaign_room_refuses_the_public_thread(gm, rooms, source):
    source = str(rooms / "thread.txt") if source == "ABSOLUTE" else source
    before = unchanged(rooms)
    res = gm("campaign", "room", "-c", str(rooms), "--player", "carol", source)
    assert_error(res, "cannot be the public thread")
    assert res.stderr == THREAD_EN.format(source=source)
    ru = gm("campaign", "room", "-c", str(rooms), "--player", "carol", source, "--lang", "ru")
    assert ru.stderr == THREAD_RU.format(source=source)
    assert unchanged(rooms) == before


def test_campaign_room_refuses_the_public_threads_address_written_otherwise(gm, rooms):
    ok(gm("campaign", "set", "-c", str(rooms), "thread", "https://forum.example/viewtopic.php?t=12&f=3"))
    source = "HTTPS://Forum.Example/viewtopic.php?f=3&t=12#p1234"
    res = gm("campaign", "room", "-c", str(rooms), "--player", "carol", source)
    assert res.stderr == THREAD_EN.format(source=source)
    ok(gm("campaign", "room", "-c", str(rooms), "--player", "carol", "https://forum.example/viewtopic.php?t=13"))


def test_campaign_room_refuses_another_leaders_room(gm, rooms):
    before = unchanged(rooms)
    res = gm("campaign", "room", "-c", str(rooms), "--player", "bob", "room-carol.txt")
    assert res.stderr == "error: bob and carol cannot share one room (room-carol.txt): a room is one leader's\n"
    ru = gm("campaign", "room", "-c", str(rooms), "--player", "bob", str(rooms / "room-carol.txt"), "--lang", "ru")
    assert ru.stderr == SHARED_RU.format(source=rooms / "room-carol.txt")
    assert unchanged(rooms) == before
    # carol's own room set again, and bob's of its own, are fine
    ok(gm("campaign", "room", "-c", str(rooms), "--player", "carol", "./room-carol.txt"))
    ok(gm("campaign", "room", "-c", str(rooms), "--player", "bob", "room-bob.txt"))


def test_campaign_set_thread_refuses_a_leaders_room(gm, rooms):
    before = unchanged(rooms)
    res = gm("campaign", "set", "-c", str(rooms), "thread", "room-carol.txt")
    assert res.stderr == THREAD_EN.format(source="room-carol.txt")
    assert unchanged(rooms) == before


def test_post_resolve_reads_a_room_as_its_leaders_only(gm, rooms):
    """The same slip by hand: the public thread read as carol's room, carol's room as the
    public thread or as bob's."""
    os.chdir(rooms)
    before = unchanged(rooms)
    res = gm("post", "resolve", "thread.txt", "-c", ".", "--room", "carol")
    assert res.stderr == THREAD_EN.format(source="thread.txt")
    res = gm("post", "resolve", "room-carol.txt", "-c", ".")
    assert res.stderr == (
        "error: room-carol.txt is the room of carol: read it as that room (--room carol), never as the public thread\n"
    )
    res = gm("post", "resolve", "room-carol.txt", "-c", ".", "--room", "bob")
    assert res.stderr == SHARED_EN.format(source="room-carol.txt")
    assert unchanged(rooms) == before
    ok(gm("post", "resolve", "room-carol.txt", "-c", ".", "--room", "carol"))


def test_hand_set_rooms_on_the_thread_or_shared_are_named_in_one_line(gm, rooms):
    """carol's public !roll got two faces (public 4, room 1) and a room confirmation was
    written for the public thread: now validate lists both slips, post collect refuses."""
    edit(rooms, lambda d: d["forum"]["rooms"].update(carol="thread.txt", bob="room-carol.txt", alice="room-carol.txt"))
    res = gm("campaign", "validate", "-c", str(rooms))
    assert_error(res, "2 problems: the room of carol cannot be the public thread (thread.txt)")
    assert "- the room of carol cannot be the public thread (thread.txt): its posts would be read twice" in res.stdout
    assert "- alice and bob cannot share one room (room-carol.txt): a room is one leader's\n" in res.stdout
    ru = gm("campaign", "validate", "-c", str(rooms), "--lang", "ru").stdout
    assert "- у лидера alice и лидера bob не может быть одной комнаты на двоих (room-carol.txt)" in ru
    before = unchanged(rooms)
    rolls = len(journal_rolls(rooms))
    res = gm("post", "collect", "-c", str(rooms))
    assert res.stderr == THREAD_EN.format(source="thread.txt")
    assert gm("post", "collect", "-c", str(rooms), "--lang", "ru").stderr == THREAD_RU.format(source="thread.txt")
    assert unchanged(rooms) == before and len(journal_rolls(rooms)) == rolls
    # mended: carol's room its own, alice's forgotten — one face for each !roll
    ok(gm("campaign", "room", "-c", str(rooms), "--player", "carol", "room-carol-2.txt"))
    ok(gm("campaign", "room", "-c", str(rooms), "--player", "alice", "--remove"))
    (rooms / "room-carol-2.txt").write_text("=== carol #3002 ===\n!roll d8\n", encoding="utf-8")
    assert "No problems found." in ok(gm("campaign", "validate", "-c", str(rooms)))


# ------------------------------------------------------------------ deadlines the calendar cannot move on


@pytest.mark.parametrize(("at", "zone"), [("9999-12-31 23:59", "UTC"), ("0001-01-01 00:00", "Europe/Moscow")])
def test_turn_deadline_refuses_a_time_that_cannot_be_computed(gm, new_campaign, tmp_path, at, zone):
    camp = new(new_campaign, tmp_path / "c", "alice", "bob", "carol")
    before = unchanged(camp)
    res = gm("turn", "deadline", "-c", str(camp), "--at", at, "--tz", zone)
    assert res.stderr == f"error: the deadline {at} is out of range: give one from 2000-01-01 to 2999-12-31\n"
    ru = gm("turn", "deadline", "-c", str(camp), "--at", at, "--tz", zone, "--lang", "ru")
    assert ru.stderr == f"error: срок {at} вне допустимых пределов: укажите срок с 2000-01-01 по 2999-12-31\n"
    assert unchanged(camp) == before
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    ok(gm("post", "pending", "-c", str(camp)))
    ok(gm("site", "build", "-c", str(camp), "-o", str(tmp_path / "site")))


def test_a_turn_end_whose_next_deadline_would_be_out_of_range_is_refused(gm, new_campaign, tmp_path, moderator_judges):
    camp = new(new_campaign, tmp_path / "c", "alice", "bob", "carol")
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "deadline", "-c", str(camp), "--at", "2999-12-31 12:00"))
    ok(gm("campaign", "set", "-c", str(camp), "turn-length", "2d"))
    before = unchanged(camp)
    res = gm("turn", "end", "-c", str(camp))
    assert res.stderr == (
        "error: the next turn's deadline would be 3000-01-02 12:00, after 2999-12-31: set an earlier deadline for "
        "this turn, or none (turn deadline --clear)\n"
    )
    assert unchanged(camp) == before
    ok(gm("turn", "deadline", "-c", str(camp), "--clear"))
    ok(gm("turn", "end", "-c", str(camp)))


def test_a_hand_set_deadline_out_of_range_is_named_in_one_line(gm, new_campaign, tmp_path):
    """Each command that reads it said `internal error: OverflowError`; now each names the
    file, the key and the range."""
    import datetime as dt

    camp = new(new_campaign, tmp_path / "c", "alice", "bob", "carol")
    moscow = dt.timezone(dt.timedelta(hours=3))
    edit(camp, lambda d: d["settings"].update(deadline=dt.datetime(9999, 12, 31, 23, 59, tzinfo=moscow)))
    message = (
        "c/campaign.toml: settings: deadline: 9999-12-31T23:59:00+03:00 is out of range (2000-01-01 to 2999-12-31)"
    )
    for args in (
        ("campaign", "validate"),
        ("turn", "run", "--from-posts"),
        ("post", "pending"),
        ("site", "build", "-o", str(tmp_path / "site")),
    ):
        res = gm(*args, "-c", str(camp))
        assert_error(res, message)
    ru = gm("post", "pending", "-c", str(camp), "--lang", "ru")
    assert_error(
        ru, "settings: deadline: 9999-12-31T23:59:00+03:00 вне допустимых пределов (от 2000-01-01 до 2999-12-31)"
    )


# ------------------------------------------------------------------ player drop leaves a valid campaign


def test_validate_passes_after_player_drop_and_after_the_name_joins_again(gm, tmp_path):
    camp = example_copy(tmp_path)
    ok(gm("campaign", "room", "-c", str(camp), "--player", "carol", "room-carol.txt"))
    home = next(
        s for s in tomllib.loads((camp / "campaign.toml").read_text())["system"] if s.get("homeworld_of") == "carol"
    )
    ok(gm("player", "drop", "-c", str(camp), "--player", "carol"))
    assert "No problems found." in ok(gm("campaign", "validate", "-c", str(camp)))
    data = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))
    assert data["former_leaders"] == ["carol"] and "rooms" not in data.get("forum", {})
    was = next(s for s in data["system"] if s["hex"] == home["hex"])
    assert (was.get("owner"), was["explored_by"], was["homeworld_of"]) == (None, "carol", "carol")
    assert was["planet"]["population"] > 0  # neutral, its colonists kept
    ok(gm("player", "add", "-c", str(camp), "--player", "carol"))
    assert "No problems found." in ok(gm("campaign", "validate", "-c", str(camp)))
    assert "Проблем не найдено." in ok(gm("campaign", "validate", "-c", str(camp), "--lang", "ru"))


def test_validate_still_names_an_explorer_who_never_was_a_leader(gm, tmp_path):
    camp = example_copy(tmp_path)
    ok(gm("player", "drop", "-c", str(camp), "--player", "carol"))

    def misspell(d):
        system = next(s for s in d["system"] if s.get("explored_by") == "bob")
        system["explored_by"] = "crol"

    edit(camp, misspell)
    assert_error(gm("campaign", "validate", "-c", str(camp)), "explored_by 'crol' is not a player")


def test_a_renamed_leaders_room_follows_the_new_name(gm, tmp_path):
    camp = example_copy(tmp_path)
    ok(gm("campaign", "room", "-c", str(camp), "--player", "bob", "room-bob.txt"))
    ok(gm("player", "rename", "-c", str(camp), "--player", "bob", "--to", "robert"))
    data = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))
    assert data["forum"]["rooms"] == {"robert": "room-bob.txt"}


# ------------------------------------------------------------------ post pending: no leader's state in public


@pytest.fixture
def frugal(gm, new_campaign, tmp_path, monkeypatch, moderator_judges) -> Path:
    """Василиса has 2 orders left and «Бережливость» (end the turn with ≥ 20 BC) open: she
    holds fewer; the turn has a deadline."""
    camp = new(new_campaign, tmp_path / "c", "Василиса", "Борис", lang="ru")
    ok(gm("turn", "start", "-c", str(camp)))

    def set_up(d):
        d["turn_state"]["quests"] = ["frugal"]
        d["player"][0].update(orders=2, bc=5)
        d["player"][1].update(orders=0)

    edit(camp, set_up)
    monkeypatch.setenv("GMTOOL_NOW", "2026-12-01T09:00")
    ok(gm("turn", "deadline", "-c", str(camp), "--at", "2026-12-03 20:00", "--tz", "Europe/Moscow"))
    monkeypatch.setenv("GMTOOL_NOW", "2026-12-02T18:00")
    return camp


def test_the_public_pending_post_says_who_has_not_posted_and_nothing_of_their_state(gm, frugal):
    out = ok(gm("post", "pending", "-c", str(frugal)))
    body = out.rsplit("\n\nжурнал #", 1)[0]
    assert body == (
        "Ждём — ход 1\n"
        "============\n\n"
        "Приказы на ход 1 принимаются до: 2026-12-03 20:00 (Europe/Moscow) — осталось 23 часа\n\n"
        "Василиса\n--------\n\n- приказы ещё не присланы\n\n"
        "Борис\n-----\n\n- приказы ещё не присланы"
    )
    en = ok(gm("post", "pending", "-c", str(frugal), "--lang", "en"))
    assert "Василиса\n--------\n\n- no orders posted yet\n\nБорис" in en
    assert "order not used" not in en and "orders not used" not in en and "Frugal" not in en
    data = ok_json(gm("post", "pending", "-c", str(frugal), "--format", "json"))
    assert [[w["kind"] for w in leader["waiting"]] for leader in data["leaders"]] == [["orders_missing"]] * 2


def test_the_moderators_pending_copy_keeps_orders_left_and_open_quests(gm, frugal):
    out = ok(gm("post", "pending", "-c", str(frugal), "--include-private"))
    assert out.startswith("Ждём — ход 1 (только для ведущего: ордера, задания, голоса)\n")
    assert (
        "Василиса\n--------\n\n- приказы ещё не присланы\n- 2 ордера не использованы\n"
        "- не выполнено задание «Бережливость»\n" in out
    )
    assert "Борис\n-----\n\n- приказы ещё не присланы\n- не выполнено задание «Бережливость»\n\n" in out
    en = ok(gm("post", "pending", "-c", str(frugal), "--include-private", "--lang", "en"))
    assert en.startswith("Waiting for — turn 1 (moderator only: orders left, quests, ballots)\n")
    assert "- 2 orders not used yet\n- quest open: Frugal rule\n" in en


def test_pending_before_anyone_can_be_known_to_have_posted_awaits_every_leader(gm, new_campaign, tmp_path):
    """No room, no orders file, no deadline: gmtool cannot know who has posted; the public
    post neither lists anyone's state nor says that nobody is waited for."""
    camp = new(new_campaign, tmp_path / "c", "alice", "bob", "carol")
    ok(gm("turn", "start", "-c", str(camp)))
    out = ok(gm("post", "pending", "-c", str(camp)))
    assert out.split("\n\njournal #")[0] == (
        "Waiting for — turn 1\n====================\n\nOrders for turn 1 are awaited from every leader."
    )
    ru = ok(gm("post", "pending", "-c", str(camp), "--lang", "ru"))
    assert ru.split("\n\nжурнал #")[0] == "Ждём — ход 1\n============\n\nЖдём приказов на ход 1 от всех лидеров."
    data = ok_json(gm("post", "pending", "-c", str(camp), "--format", "json"))
    assert data["orders_known"] is False and data["ready"] == []
