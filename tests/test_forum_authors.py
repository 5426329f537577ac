"""Who a post speaks for.

A forum name is a leader's when it is the leader's name after NFC, without regard to case
(campaign/names.py, the campaign's one rule) and does not change when cleaned up: a
look-alike (a bidi override, an NBSP, an ideographic space, a DEL) is refused with the
reason, and never acts as the leader it looks like.  The leader a post spoke for is kept
when the post is closed: a leader who replaces another speaks from later posts only.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import forum_pages as fp
from gmtool.campaign.hexes import Hex
from gmtool.campaign.names import cleaned, lookalike, name_key, shown
from gmtool.campaign.store import CampaignStore
from gmtool.forum.resolve import Resolver
from gmtool.rules.orion.frames import from_view
from helpers import journal_rolls, ok, resolve_post

pytestmark = [pytest.mark.usefixtures("isolated"), pytest.mark.camp(example="whole")]

LOOKALIKES = {"bidi override": "bo\u202eb", "NBSP": "bob\u00a0", "ideographic space": "\u3000bob", "DEL": "bob\x7f"}
EXPLORE = "!explore 1,-1"  # a hex bob's scout can reach on turn 1 of the example
ANDREY = "Андрей"
ANDREY_NFD = unicodedata.normalize("NFD", ANDREY)  # й written as и + U+0306


resolve = resolve_post


def explored_by(camp: Path, q: int, r: int, frame: str = "bob") -> str | None:
    """Who explored hex Q,R of ``frame``'s leader's view (bob's homeworld is its 0,0)."""
    state = CampaignStore(camp).load()
    system = state.game.system(from_view(state, frame, Hex(q, r)))
    return system.explored_by if system is not None else None


# ------------------------------------------------------------------ the rule


@pytest.mark.parametrize("name", LOOKALIKES.values(), ids=LOOKALIKES.keys())
def test_a_lookalike_changes_when_cleaned_up(name):
    assert lookalike(name) and cleaned(name) == "bob"
    assert "\\u" in shown(name) and shown(name) != "bob"


def test_plain_names_and_nfd_are_not_lookalikes():
    for name in ("bob", "Red Baron", ANDREY, ANDREY_NFD, "эрик"):
        assert not lookalike(name) and shown(name) == name
    assert ANDREY_NFD != ANDREY and name_key(ANDREY_NFD) == name_key(ANDREY) == name_key("АНДРЕЙ")


# ------------------------------------------------------------------ look-alikes in every source


def thread_file(camp: Path, author: str) -> Path:
    path = camp / "lookalike.txt"
    path.write_text(f"=== {author} #2001 ===\n{EXPLORE}\n!roll d10\n", encoding="utf-8")
    return path


def phpbb_page(camp: Path, author: str) -> Path:
    path = camp / "lookalike.html"
    path.write_text(fp.phpbb_page([fp.P(2001, author, [EXPLORE, "!roll d10"])]), encoding="utf-8")
    return path


def phpbb_feed(camp: Path, author: str) -> Path:
    path = camp / "lookalike.xml"
    path.write_text(fp.phpbb_atom([fp.P(2001, author, [EXPLORE, "!roll d10"])]), encoding="utf-8")
    return path


def discourse_topic(camp: Path, author: str) -> Path:
    path = camp / "lookalike.json"
    path.write_text(fp.discourse_json([fp.P(2001, author, [EXPLORE, "!roll d10"])]), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "source", [thread_file, phpbb_page, phpbb_feed, discourse_topic], ids=["thread", "page", "feed", "discourse"]
)
@pytest.mark.parametrize("name", LOOKALIKES.values(), ids=LOOKALIKES.keys())
def test_a_lookalike_of_bob_never_acts_as_bob(gm, camp, source, name):
    thread = source(camp, name)
    rolls = len(journal_rolls(camp))
    data = json.loads(resolve(gm, camp, thread, fmt="json"))
    (post,) = data["posts"]
    assert post["author"] == name  # as the forum wrote it
    assert [c["status"] for c in post["commands"]] == ["refused", "refused"]
    assert all("changes when cleaned up" in c["reason"] for c in post["commands"])
    assert len(journal_rolls(camp)) == rolls and explored_by(camp, 1, -1) is None
    reply = resolve(gm, camp, thread)
    assert f"{shown(name)} #{'t12-1' if source is discourse_topic else 2001}" in reply and "\\u" in reply
    assert "меняется при очистке" in resolve(gm, camp, thread, "--lang", "ru")
    # the refusal stands, and bob's scout is still bob's to send
    bob = camp / "bob.txt"
    bob.write_text(f"=== bob #2002 ===\n{EXPLORE}\n", encoding="utf-8")
    assert json.loads(resolve(gm, camp, bob, fmt="json"))["posts"][0]["commands"][0]["status"] == "ok"
    assert explored_by(camp, 1, -1) == "bob"
    assert json.loads(resolve(gm, camp, thread, fmt="json"))["posts"] == data["posts"]


def test_a_leaders_name_in_another_case_is_the_leader(gm, camp):
    path = camp / "t.txt"
    path.write_text(f"=== BOB #2001 ===\n{EXPLORE}\n", encoding="utf-8")
    assert json.loads(resolve(gm, camp, path, fmt="json"))["posts"][0]["commands"][0]["status"] == "ok"
    assert explored_by(camp, 1, -1) == "bob"


def test_an_nfd_name_is_the_same_leader_after_nfc(gm, camp):
    ok(gm("player", "rename", "-c", str(camp), "--player", "bob", "--to", ANDREY))
    path = camp / "t.txt"
    path.write_text(f"=== {ANDREY_NFD} #2001 ===\n{EXPLORE}\n", encoding="utf-8")
    data = json.loads(resolve(gm, camp, path, fmt="json"))
    assert data["posts"][0]["commands"][0]["status"] == "ok"
    assert explored_by(camp, 1, -1, ANDREY) == ANDREY
    assert any(f"({ANDREY}) !explore" in r["purpose"] for r in journal_rolls(camp))


# ------------------------------------------------------------------ a player replaced between two resolutions


def test_a_post_made_before_a_replacement_stands_as_first_published(gm, camp):
    """erin posts before she replaces bob: refused; resolved again after `player replace`,
    the same post is refused again (one post, one outcome) and rolls nothing; her post made
    after the replacement is hers."""
    early = camp / "early.txt"
    early.write_text(f"=== erin #2001 ===\n{EXPLORE}\n!roll d10\n", encoding="utf-8")
    first = resolve(gm, camp, early)
    assert first.count("erin is not a leader of this campaign") == 2
    ok(gm("player", "replace", "-c", str(camp), "--player", "bob", "--by", "erin"))
    rolls = len(journal_rolls(camp))
    assert resolve(gm, camp, early) == first
    assert len(journal_rolls(camp)) == rolls and explored_by(camp, 1, -1) is None
    later = camp / "later.txt"
    later.write_text(early.read_text(encoding="utf-8") + f"=== erin #2002 ===\n{EXPLORE}\n", encoding="utf-8")
    data = json.loads(resolve(gm, camp, later, fmt="json"))
    assert [c["status"] for p in data["posts"] for c in p["commands"]] == ["refused", "refused", "ok"]
    assert explored_by(camp, 1, -1, "erin") == "erin"


def test_a_lookalike_given_with_author_on_stdin_is_refused_too(gm, camp):
    data = json.loads(resolve(gm, camp, "-", "--author", "bob\u00a0", "--post-id", "2001", fmt="json", input=EXPLORE))
    assert data["posts"][0]["commands"][0]["status"] == "refused" and explored_by(camp, 1, -1) is None


ODD = st.sampled_from(
    [
        "\u202e",
        "\u202d",
        "\u2066",
        "\u200b",
        "\u200d",
        "\u2060",
        "\ufeff",
        "\u00ad",
        "\x7f",
        "\x00",
        "\x1b",
        "\u00a0",
        "\u2007",
        "\u202f",
        "\u3000",
        "\u2028",
        "\u2029",
        "\ufb01",
    ]
)


@given(st.sampled_from(["bob", "alice", ANDREY, "эрик", "Red Baron"]), ODD, st.integers(0, 12))
def test_any_odd_character_anywhere_makes_a_lookalike_no_leader(name, odd, at):
    forged = name[:at] + odd + name[at:]
    resolver = Resolver.__new__(Resolver)
    resolver.leaders = {name_key(name): name}
    assert lookalike(forged) and resolver.leader_of(forged) == ""
    assert resolver.leader_of(name) == resolver.leader_of(name.upper()) == name
