"""A post's outcome, once published, stands — with the two exceptions the docs name.

* Only public posts after the last resolved one (in its thread) are new: a post older than
  one already resolved is refused, once, and the refusal is kept like any result.
* `turn undo` voids the forum results recorded since the state it goes back to (a
  ``[[void]]`` record appended to forum.toml): their commands are resolved again, with
  new dice, the reply says so, and that second result is the one read back from then on.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from gmtool.campaign import forumfile, history
from gmtool.campaign.hexes import Hex
from gmtool.campaign.store import CampaignStore
from gmtool.errors import CampaignError
from gmtool.forum.resolve import order_of
from gmtool.rules.orion.frames import from_view
from helpers import journal_rolls, ok, resolve_post, snapshot

pytestmark = [pytest.mark.usefixtures("isolated"), pytest.mark.camp(example="whole")]


resolve = resolve_post


def statuses(data: dict) -> dict[str, list[str]]:
    return {p["post_id"]: [c["status"] for c in p["commands"]] for p in data["posts"]}


def write(camp: Path, name: str, text: str) -> Path:
    path = camp / name
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ an older post id seen later


def test_post_ids_order_within_their_thread():
    assert order_of("1190") == ("", 1190)
    assert order_of("t12-5") == ("t12-", 5) and order_of("t12-10")[1] > order_of("t12-9")[1]
    assert order_of("t13-1")[0] != order_of("t12-9")[0]  # another Discourse topic: not compared
    assert order_of("junk") is None


def test_an_older_post_seen_later_is_refused_once_and_the_refusal_stands(gm, camp):
    resolve(gm, camp, write(camp, "t1.txt", "=== bob #60 ===\n!roll d6 first\n"))
    thread = write(
        camp,
        "t2.txt",
        "=== bob #60 ===\n!roll d6 first\n=== alice #50 ===\n!roll d6 late\n!roll d4\n"
        "=== carol #61 ===\n!roll d6 next\n",
    )
    rolls = len(journal_rolls(camp))
    data = json.loads(resolve(gm, camp, thread, fmt="json"))
    assert statuses(data) == {"60": ["ok"], "50": ["refused", "refused"], "61": ["ok"]}
    late = data["posts"][1]["commands"][0]
    assert "post #50 is older than post #60, already resolved" in late["reason"]
    assert len(journal_rolls(camp)) == rolls + 1  # carol's d6 only
    reply = resolve(gm, camp, thread)
    assert resolve(gm, camp, thread) == reply and len(journal_rolls(camp)) == rolls + 1
    assert "пост #50 старше уже обработанного поста #60" in resolve(gm, camp, thread, "--lang", "ru")
    # the refusal is kept: stored under its key, the post closed
    records = forumfile.read(camp / "forum.toml")
    assert records.commands["50:1"]["status"] == "refused" and "50" in records.posts


def test_only_a_thread_of_its_own_is_compared_and_private_messages_are_not(gm, camp):
    resolve(gm, camp, "-", "--author", "bob", "--post-id", "t12-9", input="!roll d6\n")
    other = json.loads(resolve(gm, camp, "-", "--author", "bob", "--post-id", "t13-2", input="!roll d6\n", fmt="json"))
    assert statuses(other) == {"t13-2": ["ok"]}
    older = json.loads(resolve(gm, camp, "-", "--author", "bob", "--post-id", "t12-3", input="!roll d6\n", fmt="json"))
    assert statuses(older) == {"t12-3": ["refused"]}
    resolve(gm, camp, "-", "--author", "bob", "--post-id", "700", "--private", input="!roll d6\n")
    private = json.loads(
        resolve(
            gm,
            camp,
            "-",
            "--author",
            "alice",
            "--post-id",
            "650",
            "--private",
            "--include-private",
            input="!roll d6\n",
            fmt="json",
        )
    )
    assert statuses(private) == {"650": ["ok"]}


# ------------------------------------------------------------------ turn undo after a forum !explore

EXPLORE = "=== bob #3001 ===\n!explore 1,-1\n!roll d10 morale\n"


def explored(camp: Path) -> bool:
    state = CampaignStore(camp).load()
    system = state.game.system(from_view(state, "bob", Hex(1, -1)))
    return system is not None and system.explored_by == "bob"


def next_turn(gm, camp: Path) -> None:
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    ok(gm("turn", "start", "-c", str(camp)))


def roll_ids(data: dict) -> list[list[int]]:
    return [c["roll_ids"] for p in data["posts"] for c in p["commands"]]


def test_turn_undo_reopens_the_forum_results_of_the_undone_turn(gm, camp):
    next_turn(gm, camp)
    thread = write(camp, "t.txt", EXPLORE)
    first = json.loads(resolve(gm, camp, thread, fmt="json"))
    assert statuses(first) == {"3001": ["ok", "ok"]} and explored(camp)
    undone = ok(gm("turn", "undo", "-c", str(camp)))
    assert "2 forum results voided in forum.toml: the next `post resolve` runs their commands again" in undone
    assert not explored(camp)
    second = json.loads(resolve(gm, camp, thread, fmt="json"))
    assert statuses(second) == {"3001": ["ok", "ok"]} and explored(camp)
    assert [c["redone"] for c in second["posts"][0]["commands"]] == [True, True]
    assert min(second_ids[0] for second_ids in roll_ids(second)) > max(ids[-1] for ids in roll_ids(first))
    reply = resolve(gm, camp, thread)
    assert reply.count("its earlier result was undone by the moderator; resolved again") == 2
    assert "прежний результат отменён ведущим; команда выполнена заново" in resolve(gm, camp, thread, "--lang", "ru")
    rolls = len(journal_rolls(camp))
    third = json.loads(resolve(gm, camp, thread, fmt="json"))
    assert third == second and resolve(gm, camp, thread) == reply and len(journal_rolls(camp)) == rolls
    assert "checks out" in ok(gm("verify", "-c", str(camp)))
    # forum.toml is appended to, never rewritten: the first results and the void are in it
    text = (camp / "forum.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert [c["key"] for c in data["command"]] == ["3001:1", "3001:2", "3001:1", "3001:2"]
    assert data["void"] == [{"turn": 1, "reason": "turn 1 undone", "before": 2, "keys": ["3001:1", "3001:2"]}]


def test_results_before_the_undone_turn_end_stand(gm, camp):
    """A command resolved before `turn end` is in the state undo goes back to: it stands."""
    ok(gm("turn", "start", "-c", str(camp)))
    thread = write(camp, "t.txt", EXPLORE)
    first = resolve(gm, camp, thread)
    ok(gm("turn", "end", "-c", str(camp)))
    ok(gm("turn", "undo", "-c", str(camp)))
    assert explored(camp) and resolve(gm, camp, thread) == first
    assert "void" not in tomllib.loads((camp / "forum.toml").read_text(encoding="utf-8"))


def test_a_snapshot_kept_before_it_counted_forum_results_goes_by_their_dice(gm, camp):
    next_turn(gm, camp)
    thread = write(camp, "t.txt", EXPLORE)
    resolve(gm, camp, thread)
    (meta,) = (camp / "history").glob("turn-*/meta.toml")
    meta.write_text(
        "\n".join(
            line for line in meta.read_text(encoding="utf-8").splitlines() if not line.startswith("forum_commands")
        )
        + "\n",
        encoding="utf-8",
    )
    ok(gm("turn", "undo", "-c", str(camp)))
    data = json.loads(resolve(gm, camp, thread, fmt="json"))
    assert [c["redone"] for c in data["posts"][0]["commands"]] == [True, True] and explored(camp)


def test_an_undo_that_cannot_write_the_state_leaves_forum_toml_as_it_was(gm, camp, monkeypatch):
    next_turn(gm, camp)
    resolve(gm, camp, write(camp, "t.txt", EXPLORE))
    before = snapshot(camp)
    store = CampaignStore(camp)
    real = history.atomic_write

    def failing(path, data):
        if path == store.state_path:
            raise CampaignError(key="campaign.cannot_write", where=str(path), reason="disk full")
        real(path, data)

    monkeypatch.setattr(history, "atomic_write", failing)
    with pytest.raises(CampaignError):
        history.undo(store)
    after = snapshot(camp)
    assert after["forum.toml"] == before["forum.toml"]
    assert (after.get("voided.toml") or b"") == (before.get("voided.toml") or b"")  # the void taken back


def test_a_reopened_result_is_decided_for_the_roster_the_undo_went_back_to(gm, camp):
    """erin replaced bob after the kept state and explored from the forum; undone, the
    replacement is undone too, and her post is decided again: she is no leader now."""
    next_turn(gm, camp)
    ok(gm("player", "replace", "-c", str(camp), "--player", "bob", "--by", "erin"))
    thread = write(camp, "t.txt", "=== erin #3001 ===\n!roll d10 morale\n")
    assert statuses(json.loads(resolve(gm, camp, thread, fmt="json"))) == {"3001": ["ok"]}
    ok(gm("turn", "undo", "-c", str(camp)))
    data = json.loads(resolve(gm, camp, thread, fmt="json"))
    (command,) = data["posts"][0]["commands"]
    assert (command["status"], command["redone"]) == ("refused", True)
    assert "erin is not a leader" in command["reason"]
