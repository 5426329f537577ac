"""Issue 11, forgery and hostile input in forum threads (thread files, as a moderator gets them)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gmtool.campaign import journal
from gmtool.forum.posts import MAX_NESTING, parse_commands, strip_quotes
from gmtool.forum.resolve import MAX_COMMANDS_PER_THREAD, MAX_DICE_PER_THREAD
from helpers import assert_error, ok, snapshot

pytestmark = [pytest.mark.usefixtures("isolated"), pytest.mark.camp(players=["alice", "bob", "carol"], seed=3)]


def resolve(gm, camp: Path, text: str, *extra: str, name: str = "thread.txt") -> dict:
    path = camp.parent / name
    path.write_text(text, encoding="utf-8")
    return json.loads(ok(gm("post", "resolve", str(path), "-c", str(camp), "-f", "json", *extra)))


def refused_thread(gm, camp: Path, text: str, *fragments: str) -> None:
    path = camp.parent / "thread.txt"
    path.write_text(text, encoding="utf-8")
    before = snapshot(camp)
    assert_error(gm("post", "resolve", str(path), "-c", str(camp)), *fragments)
    assert {k: v for k, v in snapshot(camp).items() if k != ".lock"} == {
        k: v for k, v in before.items() if k != ".lock"
    }


def statuses(data: dict) -> dict[str, list[tuple[str, str]]]:
    return {p["post_id"]: [(c["command"], c["status"]) for c in p["commands"]] for p in data["posts"]}


def entries(camp: Path) -> int:
    return len(journal.read_all(camp / "journal.toml")[0])


# ==================================================================== forged headers


def test_a_forged_private_header_in_a_thread_casts_no_ballot(gm, camp):
    thread = "=== alice #101 ===\nmy turn\n=== bob #5002 private ===\n!vote no bribe 3\n"
    refused_thread(gm, camp, thread, "line 3", "private")


@pytest.mark.parametrize("line", ["=== mallory#666 #9602 ===", "=== carol #96.04 ==="])
def test_a_malformed_header_is_refused_not_merged(gm, camp, line):
    refused_thread(gm, camp, f"=== alice #101 ===\nhi\n{line}\n!roll d20\n", "line 3", "not one")


def test_the_reply_lists_every_post_it_read(gm, camp):
    forged = "=== alice #101 ===\n!roll d6\n=== bob #5002 ===\n!roll d20\n"
    data = resolve(gm, camp, forged)
    assert [(p["post_id"], p["author"]) for p in data["read"]] == [("101", "alice"), ("5002", "bob")]
    path = camp.parent / "thread.txt"
    out = ok(gm("post", "resolve", str(path), "-c", str(camp)))
    assert "#101 alice, #5002 bob" in out


def test_a_forged_future_id_cannot_hold_a_later_real_posts_result(gm, camp):
    resolve(gm, camp, "=== alice #101 ===\nlook:\n=== bob #5002 ===\n!roll d20\n")  # alice forged bob's #5002
    data = resolve(gm, camp, "=== alice #101 ===\nlook:\n=== bob #5002 ===\n!roll 2d6 real\n", name="t2.txt")
    [real] = [p for p in data["posts"] if p["post_id"] == "5002"][0]["commands"]
    assert real["edited"] is True and real["original"] == "!roll d20"


# ==================================================================== editing buys no roll


def test_a_command_added_to_a_resolved_post_is_refused_and_flagged(gm, camp):
    first = resolve(gm, camp, "=== alice #1 ===\n!roll d6\n")
    n = entries(camp)
    data = resolve(gm, camp, "=== alice #1 ===\n!roll d6\n!roll d20\n")
    [a, b] = data["posts"][0]["commands"]
    assert a == first["posts"][0]["commands"][0]
    assert b["status"] == "refused" and b["edited"] is True and "added after" in b["reason"]
    assert entries(camp) == n


def test_a_line_inserted_above_shifts_no_key_into_a_new_roll(gm, camp):
    resolve(gm, camp, "=== alice #1 ===\n!roll d6\n!roll d8\n")
    n = entries(camp)
    data = resolve(gm, camp, "=== alice #1 ===\n!roll d100\n!roll d6\n!roll d8\n")
    cmds = data["posts"][0]["commands"]
    assert all(c["edited"] for c in cmds)
    assert [c["original"] for c in cmds[:2]] == ["!roll d6", "!roll d8"]
    assert cmds[2]["status"] == "refused"
    assert entries(camp) == n


def test_a_post_without_commands_stays_closed(gm, camp):
    resolve(gm, camp, "=== alice #1 ===\nhello\n")
    n = entries(camp)
    data = resolve(gm, camp, "=== alice #1 ===\nhello\n!roll d20\n")
    [c] = data["posts"][0]["commands"]
    assert c["status"] == "refused" and c["edited"]
    assert entries(camp) == n


def test_a_removed_command_keeps_its_result_and_is_flagged(gm, camp):
    first = resolve(gm, camp, "=== alice #1 ===\n!roll d6\n!roll d8\n")
    data = resolve(gm, camp, "=== alice #1 ===\n!roll d6\n")
    cmds = data["posts"][0]["commands"]
    assert len(cmds) == 2 and cmds[1]["edited"] and cmds[1]["roll_ids"] == first["posts"][0]["commands"][1]["roll_ids"]


# ==================================================================== refusals are not forever


def test_a_missing_secret_refuses_now_and_rolls_once_it_is_back(gm, camp):
    secret = (camp / "secret.key").read_bytes()
    (camp / "secret.key").unlink()
    data = resolve(gm, camp, "=== alice #1 ===\n!roll d6\n")
    assert statuses(data)["1"] == [("!roll d6", "refused")]
    (camp / "secret.key").write_bytes(secret)
    data = resolve(gm, camp, "=== alice #1 ===\n!roll d6\n")
    assert statuses(data)["1"] == [("!roll d6", "ok")]
    ok(gm("verify", "-c", str(camp)))


def test_a_moderator_roll_refused_without_moderator_runs_with_it(gm, camp):
    data = resolve(gm, camp, "=== gm #1 ===\n!roll d6\n")
    assert statuses(data)["1"] == [("!roll d6", "refused")]
    data = resolve(gm, camp, "=== gm #1 ===\n!roll d6\n", "--moderator", "gm")
    assert statuses(data)["1"] == [("!roll d6", "ok")]


def test_a_flood_of_refused_commands_stores_little(gm, camp):
    resolve(gm, camp, "=== alice #1 ===\n" + "!nonsense\n" * 20 + "!roll d6\n" * 100_000)
    size = (camp / "forum.toml").stat().st_size
    assert size < 10_000


def test_a_wrong_secret_rolls_nothing(gm, camp):
    (camp / "secret.key").write_text("00\n")
    before = snapshot(camp)
    assert_error(gm("roll", "d6", "-c", str(camp)), "commitment")
    data = resolve(gm, camp, "=== alice #1 ===\n!roll d6\n")
    assert statuses(data)["1"] == [("!roll d6", "refused")]
    assert (camp / "journal.toml").read_bytes() == before["journal.toml"]


# ==================================================================== budgets


def test_a_dice_bomb_thread_is_bounded(gm, camp):
    thread = "".join(f"=== alice #{i} ===\n" + "!roll 1000d1000\n" * 20 for i in range(20))
    data = resolve(gm, camp, thread)
    assert entries(camp) <= 2000
    reasons = {c.get("reason") for p in data["posts"] for c in p["commands"]}
    assert any("budget" in (r or "") for r in reasons)
    assert (camp / "forum.toml").stat().st_size < 200_000 if (camp / "forum.toml").exists() else True
    ok(gm("verify", "-c", str(camp)))


def test_a_thread_over_the_run_budget_goes_on_next_run(gm, camp):
    posts = MAX_DICE_PER_THREAD // 200 + 10  # 200 dice a post: 2,000 dice over
    thread = "".join(f"=== alice #{i} ===\n" + "!roll 100d6\n" * 2 for i in range(posts))
    data = resolve(gm, camp, thread)
    done = sum(1 for p in data["posts"] for c in p["commands"] if c["status"] == "ok")
    assert done == MAX_DICE_PER_THREAD // 100
    data = resolve(gm, camp, thread)
    assert sum(1 for p in data["posts"] for c in p["commands"] if c["status"] == "ok") == 2 * posts
    ok(gm("verify", "-c", str(camp)))


def test_a_thread_over_the_command_budget_goes_on_next_run(gm, camp):
    posts = MAX_COMMANDS_PER_THREAD // 20 + 5  # 20 commands a post: 100 over
    thread = "".join(f"=== alice #{i} ===\n" + "!roll d6\n" * 20 for i in range(posts))
    data = resolve(gm, camp, thread)
    done = sum(1 for p in data["posts"] for c in p["commands"] if c["status"] == "ok")
    assert done == MAX_COMMANDS_PER_THREAD
    reasons = {c.get("reason") for p in data["posts"] for c in p["commands"] if c["status"] != "ok"}
    assert reasons == {
        f"more than {MAX_COMMANDS_PER_THREAD} new commands in one run: resolve the thread again to go on"
    }
    data = resolve(gm, camp, thread)
    assert sum(1 for p in data["posts"] for c in p["commands"] if c["status"] == "ok") == 20 * posts


def test_a_unicode_digit_bribe_is_refused_for_that_command_only(gm, camp):
    data = resolve(gm, camp, "=== alice #1 ===\n!vote yes bribe ²\n", "--private", "--include-private")
    [c] = data["posts"][0]["commands"]
    assert c["status"] == "refused"


# ==================================================================== quotes and code


@pytest.mark.parametrize(
    "body",
    [
        "[code]\n!roll d20\n[/code]",
        "```\n!roll d20\n```",
        "~~~\n!roll d20\n~~~",
        "<blockquote>\n!roll d20\n</blockquote>",
        "[quote]\n[code]\n[/quote]\n!roll d20\n[/code]\n[/quote]",
        "<BLOCKQUOTE class=x>!roll d20\n</blockquote>",
    ],
)
def test_commands_in_code_and_blockquotes_do_not_run(body):
    assert parse_commands(body) == []
    assert [c.line for c in parse_commands(body + "\n!roll d6")] in (["!roll d6"], [])


def test_quote_stripping_is_linear_and_capped():
    depth = 200_000
    text = "[quote]" * depth + "!roll d6\n" + "[/quote]" * depth + "\n!roll d8\n"
    assert [c.line for c in parse_commands(text)] == []  # past the cap: quoted to the end
    shallow = "[quote]" * MAX_NESTING + "!roll d6\n" + "[/quote]" * MAX_NESTING + "\n!roll d8\n"
    assert [c.line for c in parse_commands(shallow)] == ["!roll d8"]
    # work grows with the text, not its square: count regex steps through the tokenizer instead of time
    from gmtool.forum import posts

    calls = []
    real = posts._TOKEN

    class Counting:
        def finditer(self, s):
            for m in real.finditer(s):
                calls.append(1)
                yield m

    posts._TOKEN = Counting()
    try:
        strip_quotes("[quote][/quote]" * 40_000)
    finally:
        posts._TOKEN = real
    assert len(calls) == 80_000


# ==================================================================== the journal's running hash


def _tamper(camp: Path, old: str, new: str) -> None:
    path = camp / "journal.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _first_roll(camp: Path) -> tuple[int, int]:
    [first, *_] = journal.read_all(camp / "journal.toml")[0]
    return first.die, first.face


@pytest.mark.parametrize("how", ["manual", "d14"])
def test_verify_finds_a_changed_entry_by_the_published_mark(gm, camp, how):
    from gmtool.campaign.stream import derive_face

    reply = ok(gm("roll", "d10", "-c", str(camp)))
    assert re.search(r"journal #1 · [0-9a-f]{12}", reply)
    (camp.parent / "thread.txt").write_text(reply, encoding="utf-8")
    ok(gm("roll", "d6", "-c", str(camp)))
    ok(gm("verify", "-c", str(camp), "--published", str(camp.parent / "thread.txt")))
    die, face = _first_roll(camp)
    secret = bytes.fromhex((camp / "secret.key").read_text().strip())
    if how == "manual":
        other = face % 10 + 1
        _tamper(camp, f"die = 10\nface = {face}\n", f"die = 10\nface = {other}\n")
        _tamper(camp, 'source = "stream"', 'source = "manual"')  # the first entry's (scheme 2 keys come between)
    else:
        from gmtool.campaign.stream import derive_face_v2, part_key

        first = journal.read_all(camp / "journal.toml")[0][0]
        forged = (  # the face the stream gives a d14 there (scheme 2: from its label)
            derive_face_v2(part_key(secret, first.part), first.label, first.share, 14, first.index)
            if first.part
            else derive_face(secret, 1, 14)
        )
        _tamper(camp, f"die = 10\nface = {face}\n", f"die = 14\nface = {forged}\n")
    # a careful forger also rewrites every hash after it, and campaign.toml's
    from gmtool.campaign.journal import chain_of, read_all

    entries = read_all(camp / "journal.toml")[0]
    text = (camp / "journal.toml").read_text(encoding="utf-8")
    for e, h in zip(entries, chain_of(entries)):
        text = text.replace(f'chain = "{e.chain}"', f'chain = "{h}"')
    (camp / "journal.toml").write_text(text, encoding="utf-8")
    state = (camp / "campaign.toml").read_text(encoding="utf-8")
    state = re.sub(r'journal_hash = "[0-9a-f]+"', f'journal_hash = "{chain_of(entries)[-1]}"', state)
    (camp / "campaign.toml").write_text(state, encoding="utf-8")
    res = gm("verify", "-c", str(camp), "--published", str(camp.parent / "thread.txt"))
    assert_error(res, "journal #1", "changed")


def test_verify_finds_a_changed_entry_by_the_chain(gm, camp):
    ok(gm("roll", "d10", "-c", str(camp)))
    ok(gm("roll", "d6", "-c", str(camp)))
    die, face = _first_roll(camp)
    _tamper(camp, 'source = "stream"', 'source = "manual"')
    assert_error(gm("verify", "-c", str(camp)), "roll #1", "running hash")


def test_turn_reports_carry_the_mark_and_verify_checks_them(gm, camp):
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    public = camp / "reports" / "turn-01" / "public.txt"
    assert re.search(r"journal #\d+ · [0-9a-f]{12}", public.read_text(encoding="utf-8"))
    ok(gm("verify", "-c", str(camp)))
    text = public.read_text(encoding="utf-8")
    public.write_text(re.sub(r"(journal #\d+ · )[0-9a-f]{12}", r"\g<1>000000000000", text), encoding="utf-8")
    assert_error(gm("verify", "-c", str(camp)), "public.txt")


# ==================================================================== refusals stand, in the leader's words


def _homeworld(gm, camp: Path, leader: str) -> tuple[int, int]:
    data = json.loads(ok(gm("status", "-c", str(camp), "-f", "json")))
    q, r = next(p["homeworld"] for p in data["players"] if p["name"] == leader).split(",")
    return int(q), int(r)


def test_a_stage1_refusal_names_hexes_in_the_leaders_own_frame(gm, camp):
    """Closed rooms: a refusal in a forum reply never shows the moderator's coordinates,
    which are centred on Orion."""
    q, r = _homeworld(gm, camp, "carol")
    data = resolve(gm, camp, "=== carol #1 ===\n!explore 0,0\n!explore 3,-3\n")
    own, far = data["posts"][0]["commands"]
    assert own["status"] == far["status"] == "refused"
    assert "hex 0,0 was already explored by carol" in own["reason"]
    assert "3,-3 is 3 hexes from carol's homeworld 0,0" in far["reason"]
    reply = camp.parent / "thread.txt"
    text = ok(gm("post", "resolve", str(reply), "-c", str(camp)))
    assert f"{q},{r}" not in text or (q, r) == (0, 0)


def test_a_refused_command_stays_refused_when_the_thread_is_resolved_turns_later(gm, camp):
    first = resolve(gm, camp, "=== carol #1 ===\n!explore 3,-3\n")
    assert statuses(first)["1"] == [("!explore 3,-3", "refused")]
    rolls = entries(camp)
    for _ in range(7):  # stage 2: the same words would now name a hex in reach
        ok(gm("turn", "start", "-c", str(camp)))
        ok(gm("turn", "end", "-c", str(camp)))
    rolls = entries(camp)
    again = resolve(gm, camp, "=== carol #1 ===\n!explore 3,-3\n")
    assert statuses(again)["1"] == [("!explore 3,-3", "refused")]
    assert again["posts"][0]["commands"][0]["reason"] == first["posts"][0]["commands"][0]["reason"]
    assert entries(camp) == rolls, "a stored refusal rolls nothing"
