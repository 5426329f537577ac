"""Private messages and public posts are keyed apart in forum.toml.

phpBB numbers private messages and posts separately, so a real game sees private message
1190 and public post #1190.  A stored result is keyed by (source, post id, index): a public
reply never reads a private message's result, and neither post blocks the other.  A
forum.toml written before (no source in its records) reads as it was: a record is a private
message's when only a private post record closes its post.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from gmtool.campaign import forumfile
from gmtool.campaign.store import CampaignStore
from helpers import ok

pytestmark = pytest.mark.usefixtures("isolated")

EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"


@pytest.fixture
def council(gm, tmp_path) -> Path:
    """The example campaign in stage 2, a bill before the Council."""
    camp = tmp_path / "camp"
    shutil.copytree(EXAMPLE, camp, ignore=shutil.ignore_patterns(".lock"))
    path = camp / "campaign.toml"
    text, n = re.subn(r"(?m)^stage = \d+$", "stage = 2", path.read_text(encoding="utf-8"), count=1)
    assert n == 1
    path.write_text(text, encoding="utf-8")
    ok(gm("council", "propose", "-c", str(camp), "--chair", "alice"))
    ok(gm("council", "propose", "-c", str(camp), "--pick", "1"))
    return camp


def resolve(gm, camp: Path, *args: str, input: str | None = None, fmt: str = "plain") -> str:
    return ok(gm("post", "resolve", *args, "-c", str(camp), "--format", fmt, input=input))


def bob_votes_in_private_1190(gm, camp: Path) -> None:
    resolve(gm, camp, "-", "--author", "bob", "--post-id", "1190", "--private", input="!vote yes bribe 3\n")
    assert CampaignStore(camp).load().game.council.vote["ballots"]["bob"] == {"vote": "yes", "bribe_bc": 3}


def test_a_public_post_with_a_private_messages_id_is_its_own_post(gm, council):
    bob_votes_in_private_1190(gm, council)
    thread = council / "thread-1190.txt"
    thread.write_text("=== alice #1190 ===\nMy turn.\n!roll d6 morale\n", encoding="utf-8")
    reply = resolve(gm, council, str(thread))
    # alice's own command ran; nothing of bob's private message is in the public reply
    assert "d6 = [" in reply and "morale" in reply
    for leak in ("vote", "bribe", "resolved as", "bob", "edited"):
        assert leak not in reply
    data = json.loads(resolve(gm, council, str(thread), fmt="json"))
    (command,) = data["posts"][0]["commands"]
    assert (command["status"], command["key"], command["edited"]) == ("ok", "1190:1", False)
    assert resolve(gm, council, str(thread)) == reply  # read back, rolls nothing
    records = forumfile.read(council / "forum.toml")
    assert set(records.commands) == {"private:1190:1", "1190:1"}
    assert set(records.posts) == {"private:1190", "1190"}
    assert records.commands["private:1190:1"]["author"] == "bob"
    assert records.commands["1190:1"]["author"] == "alice"


def test_a_private_message_with_a_public_posts_id_is_its_own_message(gm, council):
    thread = council / "thread-1190.txt"
    thread.write_text("=== alice #1190 ===\n!roll d6 morale\n", encoding="utf-8")
    public = resolve(gm, council, str(thread))
    bob_votes_in_private_1190(gm, council)  # not taken for alice's post #1190
    mine = json.loads(
        resolve(
            gm,
            council,
            "-",
            "--author",
            "bob",
            "--post-id",
            "1190",
            "--private",
            "--include-private",
            input="!vote yes bribe 3\n",
            fmt="json",
        )
    )
    (command,) = mine["posts"][0]["commands"]
    assert (command["status"], command["key"], command["edited"]) == ("ok", "private:1190:1", False)
    assert resolve(gm, council, str(thread)) == public


def test_a_forum_toml_written_before_keys_had_a_source_reads_as_it_was(gm, council):
    """An earlier gmtool stored bob's private 1190 as key "1190:1", closed by a private post
    record: it reads as the private message's; alice's public #1190 is a post of its own."""
    bob_votes_in_private_1190(gm, council)
    path = council / "forum.toml"
    text = path.read_text(encoding="utf-8")
    old = text.replace('key = "private:1190:1"', 'key = "1190:1"').replace("private = true\nindex", "index")
    assert old != text and "private:" not in old
    path.write_text(old, encoding="utf-8")
    records = forumfile.read(path)
    assert set(records.commands) == {"private:1190:1"} and set(records.posts) == {"private:1190"}
    thread = council / "thread-1190.txt"
    thread.write_text("=== alice #1190 ===\n!roll d6 morale\n", encoding="utf-8")
    reply = resolve(gm, council, str(thread))
    assert "d6 = [" in reply and "vote" not in reply and "resolved as" not in reply
    # a record of a public post written before (no source, no post record) is a public one
    path.write_text(
        forumfile.HEADER + '\n[[command]]\nkey = "77:1"\npost_id = "77"\nindex = 1\nauthor = "bob"\n'
        'command = "!roll d6"\nstatus = "ok"\nreason = ""\nroll_ids = [5, 5]\nreports = "{}"\n',
        encoding="utf-8",
    )
    assert set(forumfile.read(path).commands) == {"77:1"}
