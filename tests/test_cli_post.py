"""``gmtool post resolve`` on copies of campaigns/example (never on the example itself).

One reply post for a thread: grouped by post, each result with its journal ids; refusals
(non-leaders, unknown commands, limits, bad dice) are lines of the reply, never a crash;
player text is escaped for the format; resolving again rolls nothing and prints the same
bytes; an edited command is flagged and its first result stands; a vote is accepted only
from a private post and the reply never says which way it went.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest

from gmtool.campaign import journal
from gmtool.campaign.store import CampaignStore
from helpers import FORMATS, assert_error, ok, snapshot

pytestmark = [pytest.mark.usefixtures("isolated"), pytest.mark.camp(example="whole")]

EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"
ZWSP = "\u200b"
# Every tag gmtool itself writes in BBCode; any other tag in a reply came from a player.
OWN_BBCODE = {
    "[b]",
    "[/b]",
    "[i]",
    "[/i]",
    "[color=#808080]",
    "[/color]",
    "[size=150]",
    "[/size]",
    "[list]",
    "[/list]",
    "[*]",
    "[code]",
    "[/code]",
}


@pytest.fixture
def camp(camp) -> Path:
    """The whole example (the module's camp marker)."""
    assert not (camp / "forum.toml").exists(), "campaigns/example must not hold resolved commands"
    return camp


# ================================================================ helpers


def last_id(folder: Path) -> int:
    last, clean = journal.read_tail(folder / "journal.toml")
    assert clean
    return last


def resolve(gm, camp: Path, thread: str | Path, *extra: str, fmt: str = "plain", input: str | bytes | None = None):
    return gm("post", "resolve", str(thread), "-c", str(camp), "--format", fmt, *extra, input=input)


def resolve_json(gm, camp: Path, thread: str | Path, *extra: str, input=None) -> dict:
    return json.loads(ok(resolve(gm, camp, thread, *extra, fmt="json", input=input)))


def commands_by_author(data: dict) -> dict[str, list[dict]]:
    return {p["author"]: p["commands"] for p in data["posts"]}


def write_thread(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def verify_ok(gm, camp: Path) -> None:
    out = ok(gm("verify", "-c", str(camp)))
    assert "checks out" in out


def set_stage(camp: Path, stage: int) -> None:
    path = camp / "campaign.toml"
    text, n = re.subn(r"(?m)^stage = \d+$", f"stage = {stage}", path.read_text(encoding="utf-8"), count=1)
    assert n == 1
    path.write_text(text, encoding="utf-8")


# ================================================================ the example thread


def test_example_thread_reply(gm, camp):
    thread = camp / "thread.txt"
    first = last_id(camp) + 1
    data = resolve_json(gm, camp, thread, "--moderator", "moderator")

    # grouped by post, in thread order; the moderator's post has no command
    assert [(p["author"], p["post_id"]) for p in data["posts"]] == [
        ("bob", "1001"),
        ("alice", "1002"),
        ("carol", "1003"),
        ("mallory", "1004"),
    ]
    by = commands_by_author(data)

    [boarding] = by["bob"]
    assert (boarding["key"], boarding["status"], boarding["edited"]) == ("1001:1", "ok", False)
    assert boarding["roll_ids"] == [first, first + 1]  # 2d10+1: two dice
    assert boarding["result"]["total"] == sum(boarding["result"]["dice"]) + 1

    # alice quoted bob's command: it does not run again
    assert [c["command"] for c in by["alice"]] == ["!table orion/world-size", "!бросок 3d6 морской бой"]
    assert [c["status"] for c in by["alice"]] == ["ok", "ok"]
    assert by["alice"][0]["roll_ids"] == [first + 2, first + 2]
    assert by["alice"][1]["roll_ids"] == [first + 3, first + 5]
    assert by["alice"][1]["result"]["comment"] == "морской бой"

    stats, teleport = by["carol"]
    assert stats["status"] == "ok" and stats["roll_ids"] == [first + 6, first + 9]
    assert teleport["status"] == "refused" and "unknown command" in teleport["reason"]
    assert teleport["roll_ids"] == []

    [d100] = by["mallory"]
    assert d100["status"] == "refused" and "mallory" in d100["reason"] and "not a leader" in d100["reason"]
    assert d100["roll_ids"] == []

    assert last_id(camp) == first + 9  # 2 + 1 + 3 + 4 dice, nothing else
    entries, _, _ = journal.read_all(camp / "journal.toml")
    assert [e.id for e in entries] == list(range(1, first + 10))
    assert all("post #" in e.purpose for e in entries[first - 1 :])

    # the plain reply (read back) shows the same, with the roll ids as #N–#M
    out = ok(resolve(gm, camp, thread, "--moderator", "moderator"))
    positions = [
        out.index(f"{who} #{pid}")
        for who, pid in (("bob", "1001"), ("alice", "1002"), ("carol", "1003"), ("mallory", "1004"))
    ]
    assert positions == sorted(positions)
    assert "moderator #1000" not in out
    assert f"#{first}–#{first + 1}" in out and f"#{first + 2}" in out
    assert f"#{first + 3}–#{first + 5}" in out and f"#{first + 6}–#{first + 9}" in out
    assert out.count("!roll 2d10+1 boarding action") == 1  # bob's, not alice's quote
    assert "refused" in out[positions[3] :] and "unknown command !teleport" in out
    assert out.index("!teleport") > positions[2]
    verify_ok(gm, camp)


def test_without_the_moderator_option_the_moderator_cannot_roll(gm, camp):
    thread = write_thread(camp, "mod.txt", "=== moderator #1 ===\n!roll d6\n!table orion/world-size\n")
    data = resolve_json(gm, camp, thread)
    assert [c["status"] for c in data["posts"][0]["commands"]] == ["refused", "refused"]

    thread = write_thread(camp, "mod2.txt", "=== moderator #2 ===\n!roll d6\n!table orion/world-size\n")
    data = resolve_json(gm, camp, thread, "--moderator", "moderator")
    roll, table = data["posts"][0]["commands"]
    assert roll["status"] == "ok"
    assert table["status"] == "refused", "the moderator may only !roll"


def test_refused_commands_roll_nothing(gm, camp):
    before = last_id(camp)
    thread = write_thread(
        camp,
        "t.txt",
        "=== alice #1 ===\n!roll 1000d2!>=1\n!roll 1d1!\n!table nope/none\n"
        "!explore 4,4\n!check Kess steal-tech bob\n!roll\n!table\n",
    )
    data = resolve_json(gm, camp, thread)
    cmds = data["posts"][0]["commands"]
    assert [c["status"] for c in cmds] == ["refused"] * 7
    assert all(c["reason"] and c["roll_ids"] == [] for c in cmds)
    assert last_id(camp) == before
    verify_ok(gm, camp)


# ================================================================ escaping

HOSTILE_THREAD = (
    "=== [/quote][b]Mallory[/b] #h1 ===\n"
    "!roll d6 [b]bold[/b]\n"
    "=== carol #h2 ===\n"
    "!roll d6 [url=http://evil.example]click[/url] [/QUOTE ] [ /quote] **md** _u_ `code` <b>x</b> @everyone # head\n"
    "!table [url=http://evil.example]\n"
    "!roll [b]d6\n"
)


def own_tags_only(out: str) -> None:
    tags = set(re.findall(r"\[/?[A-Za-z*][^\]\n]*\]", out))
    assert tags <= OWN_BBCODE, tags - OWN_BBCODE


def test_bbcode_reply_breaks_every_player_tag(gm, camp):
    out = ok(resolve(gm, camp, camp / "thread.txt", "--moderator", "moderator", fmt="bbcode"))
    own_tags_only(out)
    assert "[b]stats[/b]" not in out
    assert f"[{ZWSP}b]stats[{ZWSP}/b]" in out

    hostile = write_thread(camp, "hostile.txt", HOSTILE_THREAD)
    out = ok(resolve(gm, camp, hostile, fmt="bbcode"))
    own_tags_only(out)
    assert "[url=" not in out and "[/quote" not in out.lower() and "[ /quote" not in out
    assert f"[{ZWSP}/quote][{ZWSP}b]Mallory[{ZWSP}/b]" in out  # the author, in the heading and reason
    assert f"[{ZWSP}url=http://evil.example]click[{ZWSP}/url]" in out
    assert f"[{ZWSP}/QUOTE ]" in out and f"[{ZWSP} /quote]" in out
    assert f"'[{ZWSP}url=http://evil.example]'" in out  # inside a refusal reason too
    assert f"[{ZWSP}b]bold[{ZWSP}/b]" in out


def test_markdown_reply_escapes_player_text(gm, camp):
    hostile = write_thread(camp, "hostile.txt", HOSTILE_THREAD)
    out = ok(resolve(gm, camp, hostile, fmt="markdown"))
    assert "\\[/quote\\]\\[b\\]Mallory\\[/b\\]" in out
    assert "\\[url=http://evil.example\\]click\\[/url\\]" in out
    assert "\\*\\*md\\*\\*" in out and "\\_u\\_" in out and "\\`code\\`" in out
    assert "\\<b\\>x\\</b\\>" in out
    assert "@everyone" not in out and f"@{ZWSP}everyone" in out
    for raw in (r"\*\*md", r"<b>", r"\[url=", r"\[/quote\]", r"`code"):
        assert not re.search(r"(?<!\\)" + raw, out), raw  # only ever with a backslash before


def test_control_and_bidi_characters_do_not_reach_the_reply(gm, camp):
    thread = write_thread(camp, "ctl.txt", "=== alice #1 ===\n!roll d6 a\x1b[31mred\u202eevil\x07bell\n")
    for fmt in ("plain", "bbcode", "markdown"):
        out = ok(resolve(gm, camp, thread, fmt=fmt))
        assert not re.search("[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]", out), repr(out)


# ================================================================ idempotence


@pytest.mark.parametrize("fmt", FORMATS)
def test_resolving_twice_prints_the_same_bytes_and_rolls_nothing(gm, camp, fmt):
    thread = camp / "thread.txt"
    first = ok(resolve(gm, camp, thread, "--moderator", "moderator", fmt=fmt))
    after_first = snapshot(camp)
    assert "forum.toml" in after_first
    second = ok(resolve(gm, camp, thread, "--moderator", "moderator", fmt=fmt))
    assert second == first
    assert snapshot(camp) == after_first  # journal.toml, forum.toml, campaign.toml untouched
    third = ok(resolve(gm, camp, thread, "--moderator", "moderator", fmt=fmt))
    assert third == first
    verify_ok(gm, camp)


@pytest.mark.parametrize("fmt", ("plain", "bbcode", "markdown"))
def test_read_back_in_russian_equals_a_first_resolution_in_russian(gm, camp, tmp_path, fmt):
    other = tmp_path / "other"
    shutil.copytree(camp, other)
    ok(resolve(gm, camp, camp / "thread.txt", "--moderator", "moderator"))  # English first
    read_back = ok(resolve(gm, camp, camp / "thread.txt", "--moderator", "moderator", "--lang", "ru", fmt=fmt))
    fresh = ok(resolve(gm, other, other / "thread.txt", "--moderator", "moderator", "--lang", "ru", fmt=fmt))
    assert read_back == fresh
    assert "Результаты" in fresh
    assert (camp / "journal.toml").read_bytes() == (other / "journal.toml").read_bytes()


def test_a_new_post_in_the_thread_resolves_only_the_new_commands(gm, camp):
    thread = camp / "thread.txt"
    data1 = resolve_json(gm, camp, thread, "--moderator", "moderator")
    last = last_id(camp)
    with thread.open("a", encoding="utf-8") as fh:
        fh.write("\n=== bob #1005 ===\n!roll d20 new\n")
    data2 = resolve_json(gm, camp, thread, "--moderator", "moderator")

    def results(data):  # "original" is left out: the JSON idempotence test covers it
        return [[{k: v for k, v in c.items() if k != "original"} for c in p["commands"]] for p in data["posts"]]

    assert results(data2)[:-1] == results(data1)
    [new] = data2["posts"][-1]["commands"]
    assert new["status"] == "ok" and new["roll_ids"] == [last + 1, last + 1]
    assert last_id(camp) == last + 1
    verify_ok(gm, camp)


# ================================================================ edited posts


def test_an_edited_command_is_flagged_and_its_first_result_stands(gm, camp):
    thread = camp / "thread.txt"
    data = resolve_json(gm, camp, thread, "--moderator", "moderator")
    [before] = commands_by_author(data)["bob"]
    files = snapshot(camp)

    text = thread.read_text(encoding="utf-8")
    edited = text.replace("!roll 2d10+1 boarding action\n\n", "!roll 2d10+9 boarding action\n\n", 1)
    assert edited != text
    thread.write_text(edited, encoding="utf-8")

    data = resolve_json(gm, camp, thread, "--moderator", "moderator")
    [after] = commands_by_author(data)["bob"]
    assert after["edited"] is True
    assert after["command"] == "!roll 2d10+9 boarding action"
    assert after["original"] == "!roll 2d10+1 boarding action"
    assert after["roll_ids"] == before["roll_ids"]
    assert after["result"] == before["result"]  # no reroll
    assert after["result"]["total"] == sum(after["result"]["dice"]) + 1  # still +1, not +9

    out = ok(resolve(gm, camp, thread, "--moderator", "moderator"))
    assert "edited" in out and "!roll 2d10+1 boarding action" in out
    others = [c for a, cs in commands_by_author(data).items() if a != "bob" for c in cs]
    assert not any(c["edited"] for c in others)
    files_now = snapshot(camp)
    files_now.pop("thread.txt"), files.pop("thread.txt")
    told = files_now.pop("forum.toml")
    assert files_now == {k: v for k, v in files.items() if k != "forum.toml"}  # nothing rolled
    # forum.toml notes only that the edit was told (a reply of new things tells it once)
    assert told.startswith(files["forum.toml"])
    assert told[len(files["forum.toml"]) :].decode().count("seen_edit = [") == 1
    ok(resolve(gm, camp, thread, "--moderator", "moderator"))
    assert (camp / "forum.toml").read_bytes() == told  # told once: nothing more

    ru = ok(resolve(gm, camp, thread, "--moderator", "moderator", "--lang", "ru"))
    assert "отредактирован" in ru


def test_an_edited_refusal_stays_refused(gm, camp):
    thread = camp / "thread.txt"
    resolve_json(gm, camp, thread, "--moderator", "moderator")
    last = last_id(camp)
    thread.write_text(thread.read_text(encoding="utf-8").replace("!teleport 1,1", "!roll 1,1 → d6"), encoding="utf-8")
    data = resolve_json(gm, camp, thread, "--moderator", "moderator")
    _, cmd = commands_by_author(data)["carol"]
    assert cmd["edited"] is True and cmd["status"] == "refused" and cmd["original"] == "!teleport 1,1"
    assert last_id(camp) == last


# ================================================================ one post on stdin


def test_a_single_post_on_stdin(gm, camp):
    body = "Boarding!\n[quote=alice]!roll d100[/quote]\n!бросок 2d6 абордаж\n!r d8\n"
    first = last_id(camp) + 1
    data = resolve_json(gm, camp, "-", "--author", "bob", "--post-id", "1187", input=body)
    [post] = data["posts"]
    assert (post["author"], post["post_id"], post["private"]) == ("bob", "1187", False)
    assert [(c["key"], c["status"]) for c in post["commands"]] == [("1187:1", "ok"), ("1187:2", "ok")]
    assert post["commands"][0]["roll_ids"] == [first, first + 1]
    assert post["commands"][1]["roll_ids"] == [first + 2, first + 2]

    out1 = ok(resolve(gm, camp, "-", "--author", "bob", "--post-id", "1187", input=body))
    files = snapshot(camp)
    out2 = ok(resolve(gm, camp, "-", "--author", "bob", "--post-id", "1187", input=body))
    assert out1 == out2 and "bob #1187" in out1
    assert snapshot(camp) == files
    verify_ok(gm, camp)


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("--author", "bob"), "--post-id"),
        (("--post-id", "5"), "--author"),
        (("--author", "bob", "--post-id", "a b"), "--post-id"),
        (("--author", "bob", "--post-id", "x" * 41), "--post-id"),
        (("--author", "bob", "--post-id", "[b]"), "--post-id"),
    ],
)
def test_a_stdin_post_needs_an_author_and_a_good_id(gm, camp, args, fragment):
    files = snapshot(camp)
    assert_error(resolve(gm, camp, "-", *args, input="!roll d6\n"), fragment)
    assert snapshot(camp) == files


def test_binary_junk_on_stdin(gm, camp):
    junk = random.Random(7).randbytes(20_000) + b"\n!roll d6\n\xff\xfe!roll d4\n"
    res = resolve(gm, camp, "-", "--author", "alice", "--post-id", "junk", input=junk)
    ok(res)
    verify_ok(gm, camp)


# ================================================================ votes


@pytest.fixture
def council(gm, camp) -> Path:
    """Stage 2 with alice in the chair and a bill before the Council."""
    set_stage(camp, 2)
    ok(gm("council", "propose", "-c", str(camp), "--chair", "alice"))
    ok(gm("council", "propose", "-c", str(camp), "--pick", "1"))
    assert CampaignStore(camp).load().game.council.vote["bill"]
    return camp


PUBLIC_VOTE = "=== bob #3001 ===\n!vote abstain\n"
# a private-message export (resolved with --private): every post in it is private
VOTES = "=== alice #3002 ===\n!vote yes\n=== carol #3003 ===\n!голос против подкуп 3\n"


def test_a_vote_counts_only_from_a_private_post(gm, council):
    data = resolve_json(gm, council, write_thread(council, "thread.txt", PUBLIC_VOTE))
    bob = commands_by_author(data)["bob"][0]
    assert bob["status"] == "refused" and "private" in bob["reason"]
    data = resolve_json(gm, council, write_thread(council, "pm.txt", VOTES), "--private")
    by = commands_by_author(data)
    assert by["alice"][0]["status"] == "received" and by["carol"][0]["status"] == "received"
    assert [p["private"] for p in data["posts"]] == [True, True]
    ballots = CampaignStore(council).load().game.council.vote["ballots"]
    assert ballots == {"alice": {"vote": "yes", "bribe_bc": 0}, "carol": {"vote": "no", "bribe_bc": 3}}
    data = resolve_json(gm, council, council / "pm.txt", "--private", "--include-private")
    assert [c[0]["status"] for c in commands_by_author(data).values()] == ["ok", "ok"]
    verify_ok(gm, council)


def test_a_russian_ballot_counts_and_a_bad_one_is_refused_in_russian(gm, council):
    thread = write_thread(
        council,
        "ru.txt",
        "=== alice #4001 ===\n!голос нет\n"
        "=== bob #4002 ===\n!голос Да подкуп 3\n"
        "=== carol #4003 ===\n!голос воздержусь\n",
    )
    data = resolve_json(gm, council, thread, "--private", "--include-private")
    assert [c[0]["status"] for c in commands_by_author(data).values()] == ["ok", "ok", "ok"]
    ballots = CampaignStore(council).load().game.council.vote["ballots"]
    assert {k: v["vote"] for k, v in ballots.items()} == {"alice": "no", "bob": "yes", "carol": "abstain"}
    thread = write_thread(
        council, "bad.txt", "=== alice #4004 ===\n!голос может быть\n=== bob #4005 ===\n!голос да подкуп много\n"
    )
    out = ok(resolve(gm, council, thread, "--private", "--include-private", "--lang", "ru"))
    assert "отклонено: голос — «да», «нет» или «воздерживаюсь», а не «может»" in out
    assert "отклонено: подкуп «много» — не целое число ВС" in out
    out = ok(resolve(gm, council, thread, "--private", "--include-private", "--lang", "en"))
    assert "a vote is yes, no or abstain, not 'может'" in out


def test_a_vote_on_stdin_needs_private(gm, council):
    data = resolve_json(gm, council, "-", "--author", "alice", "--post-id", "9", input="!vote yes\n")
    assert data["posts"][0]["commands"][0]["status"] == "refused"
    data = resolve_json(
        gm, council, "-", "--author", "alice", "--post-id", "10", "--private", "--include-private", input="!vote yes\n"
    )
    assert data["posts"][0]["commands"][0]["status"] == "ok"
    assert CampaignStore(council).load().game.council.vote["ballots"]["alice"]["vote"] == "yes"


def test_a_vote_in_stage_1_is_refused(gm, camp):
    thread = write_thread(camp, "v.txt", "=== alice #1 ===\n!vote yes\n")
    data = resolve_json(gm, camp, thread, "--private", "--include-private")
    assert data["posts"][0]["commands"][0]["status"] == "refused"


SECRET_WORDS = re.compile(r"(?i)\b(yes|no|за|против|подкуп|bribe|vote|голос)\b")


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_public_reply_never_says_how_a_private_vote_went(gm, council, fmt):
    thread = write_thread(council, "votes.txt", VOTES)
    for lang in ("en", "ru", "en"):  # first resolution, then read back
        out = ok(resolve(gm, council, thread, "--private", "--lang", lang, fmt=fmt))
        assert "alice" in out and "carol" in out
        assert not SECRET_WORDS.search(out), out
        assert "roll_ids" not in out


def test_an_edited_private_vote_does_not_reveal_the_original_choice(gm, council):
    thread = write_thread(council, "votes.txt", VOTES)
    ok(resolve(gm, council, thread, "--private"))
    thread.write_text(VOTES.replace("!vote yes", "!vote abstain"), encoding="utf-8")
    out = ok(resolve(gm, council, thread, "--private"))
    assert not SECRET_WORDS.search(out), out
    out = ok(resolve(gm, council, thread, "--private", "--include-private"))
    assert "edited" in out


# ================================================================ hostile threads


def test_a_hostile_thread_is_refused_line_by_line_never_a_traceback(gm, camp):
    rng = random.Random(2024)
    parts = [
        b"junk before the first header \xff\xfe\x00\n",
        b"=== alice #1 ===\n" + "".join(f"!roll d6 n{i}\n" for i in range(10_000)).encode(),
        b"=== bob #2 ===\n!roll 100000000d10\n!roll 1d10\n!roll " + b"9" * 290 + b"d10\n",
        b"=== carol #3 ===\n" + rng.randbytes(5000) + b"\n!roll d20\n",
        b"=== carol #4 ===\n!roll d6 " + b"x" * 400 + b"\n",
    ]
    thread = write_thread(camp, "big.txt", b"".join(parts))
    before = last_id(camp)
    res = resolve(gm, camp, thread, fmt="json")
    data = json.loads(ok(res))
    by_id = {p["post_id"]: p["commands"] for p in data["posts"]}
    alice = by_id["1"]
    assert len(alice) == 21  # 20 commands and one refusal counting the rest
    assert [c["status"] for c in alice[:20]] == ["ok"] * 20
    assert alice[20]["status"] == "refused" and "more than 20" in alice[20]["reason"] and "9980" in alice[20]["reason"]
    huge, small, long_number = by_id["2"]
    assert huge["status"] == "refused" and "too many dice" in huge["reason"]
    assert small["status"] == "ok"
    assert long_number["status"] == "refused"
    assert by_id["3"][-1]["command"] == "!roll d20" and by_id["3"][-1]["status"] == "ok"
    assert by_id["4"][0]["status"] == "refused" and "longer than 300" in by_id["4"][0]["reason"]
    rolled = last_id(camp) - before
    assert rolled == sum(c["roll_ids"][1] - c["roll_ids"][0] + 1 for cs in by_id.values() for c in cs if c["roll_ids"])

    for fmt in ("plain", "bbcode", "markdown"):
        files = snapshot(camp)
        out = ok(resolve(gm, camp, thread, fmt=fmt))
        assert snapshot(camp) == files
        assert out.count("more than 20 commands") == 1
    verify_ok(gm, camp)


def test_a_thread_of_only_junk_is_an_error_not_a_crash(gm, camp):
    files = snapshot(camp)
    junk = write_thread(camp, "junk.bin", random.Random(1).randbytes(3000).replace(b"=", b"-"))
    files = snapshot(camp)
    assert_error(resolve(gm, camp, junk), "no post headers")
    assert snapshot(camp) == files


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("=== alice #1 ===\n!roll d6\n=== bob #1 ===\n!roll d6\n", "appears twice"),
        ("!roll d6\n", "no post headers"),
    ],
)
def test_a_bad_thread_writes_nothing(gm, camp, text, fragment):
    thread = write_thread(camp, "bad.txt", text)
    files = snapshot(camp)
    assert_error(resolve(gm, camp, thread), fragment)
    assert snapshot(camp) == files


def test_a_missing_thread_file_or_campaign(gm, camp, tmp_path):
    files = snapshot(camp)
    assert_error(resolve(gm, camp, camp / "nope.txt"), "nope.txt")
    assert_error(resolve(gm, camp, camp), "cannot read")
    assert_error(
        gm("post", "resolve", str(camp / "thread.txt"), "-c", str(tmp_path / "none")),
        "none is not a campaign (no campaign.toml)",
    )
    assert snapshot(camp) == files


def test_verify_passes_after_several_resolutions(gm, camp):
    ok(resolve(gm, camp, camp / "thread.txt", "--moderator", "moderator"))
    ok(resolve(gm, camp, "-", "--author", "carol", "--post-id", "x1", input="!roll 3d10!\n!table orion/world-type\n"))
    ok(resolve(gm, camp, "-", "--author", "bob", "--post-id", "x2", input="!explore -4,3\n"))
    ok(resolve(gm, camp, camp / "thread.txt", "--moderator", "moderator"))
    verify_ok(gm, camp)
    ok(gm("campaign", "validate", "-c", str(camp)))
