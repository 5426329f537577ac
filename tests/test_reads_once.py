"""A turn from the rooms reads each of the campaign's files once (issue 34, §6): `post collect`
and `turn run --from-posts` each parse campaign.toml once — the state read to find the pages
is the one the session takes under the lock while the file is unchanged — and forum.toml
once, however many steps of the turn ask for its records."""

from __future__ import annotations

from pathlib import Path

import pytest

import gmtool.campaign.forumfile
import gmtool.campaign.store
from helpers import ok


@pytest.fixture
def rooms(gm, new_campaign) -> Path:
    """alice and bob, each with a room (a thread file), a public thread; turn 1 started and
    an order posted in each room."""
    folder = new_campaign("rooms", players=["alice", "bob"], seed=3)
    c = ("-c", str(folder))
    for name in ("alice", "bob"):
        (folder / f"room-{name}.txt").write_text(f"=== {name} #1 ===\n!build scout\n\n", encoding="utf-8")
        ok(gm("campaign", "room", *c, "--player", name, f"room-{name}.txt"))
    (folder / "public.txt").touch()
    ok(gm("campaign", "set", *c, "thread", "public.txt"))
    ok(gm("campaign", "set", *c, "moderators", "moderator"))
    ok(gm("turn", "start", *c))
    return folder


@pytest.fixture
def parses(monkeypatch):
    """The files parsed, by name, as the test's commands run."""
    seen: list[str] = []
    read_toml, read_forum = gmtool.campaign.store.read_toml, gmtool.campaign.forumfile.read

    def counted_toml(path, *args, **kwargs):
        seen.append(Path(path).name)
        return read_toml(path, *args, **kwargs)

    def counted_forum(path, *args, **kwargs):
        seen.append(Path(path).name)
        return read_forum(path, *args, **kwargs)

    monkeypatch.setattr(gmtool.campaign.store, "read_toml", counted_toml)
    monkeypatch.setattr(gmtool.campaign.forumfile, "read", counted_forum)
    return seen


def test_post_collect_parses_the_campaign_once(gm, rooms, parses):
    ok(gm("post", "collect", "-c", str(rooms)))
    assert parses.count("campaign.toml") == 1


def test_a_turn_from_the_rooms_parses_the_campaign_once_and_its_forum_records_once(gm, rooms, parses):
    ok(gm("post", "collect", "-c", str(rooms)))
    parses.clear()
    ok(gm("turn", "run", "--from-posts", "-c", str(rooms)))
    played = (rooms / "orders" / "turn-01.toml").read_text(encoding="utf-8")
    assert played.count("scout") == 2  # each room's order, played and kept
    assert parses.count("campaign.toml") == 1
    assert parses.count("forum.toml") == 1  # the deadline, the claims, the orders, the snapshot
