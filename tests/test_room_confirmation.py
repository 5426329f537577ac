"""A room's confirmation never guesses, and a ballot for the bill and one for the Emperor are
two ballots (issue 35 §2, §4): what dice decide is said to be rolled at the turn, never shown
from the check's own dice; a build production cannot pay is flagged with what is missing; a
cost is named in what it is paid with; a reply of new things only names the posts read for
the first time and tells an edit once; both ballots are kept, echoed and counted."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gmtool.campaign import forumfile
from gmtool.forum.rooms import collected_orders
from helpers import ok, resolve_post, write_text

pytestmark = pytest.mark.camp(example="fresh")


def set_leader(camp: Path, leader: str, **values: int) -> None:
    """Change a leader's numbers in campaign.toml (``rp = 20``)."""
    path = camp / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index(f'name = "{leader}"')
    end = text.find("[[player]]", start)
    end = len(text) if end < 0 else end
    part = text[start:end]
    for key, value in values.items():
        part = re.sub(rf"(?m)^{key} = \d+$", f"{key} = {value}", part, count=1)
    path.write_text(text[:start] + part + text[end:], encoding="utf-8")


def room(gm, camp, source, *extra: str, leader: str = "alice", lang: str = "en", fmt: str = "plain"):
    out = resolve_post(gm, camp, source, "--room", leader, "--lang", lang, *extra, fmt=fmt)
    return json.loads(out) if fmt == "json" else out


def test_a_build_production_cannot_pay_is_flagged_with_what_is_missing(gm, tmp_path, camp):
    """Turn 1 of the issue: `!построить колонизатор` with 4 PP and 4 BC against 12."""
    src = write_text(
        tmp_path, "room.txt", "=== alice #11 ===\n!назначить 0,0 рабочие 1 учёные 1\n!построить колонизатор\n"
    )
    text = room(gm, camp, src, lang="ru")
    assert (
        "- построить: Колонизационный корабль в системе 0,0 → заказана постройка: Колонизационный корабль в системе 0,0 "
        "(12 ОП); стоит 12 ОП — пост #11, команда 2\n"
        "- ⚠ при производстве не будет построено: стоит 12 ОП, планета даст 4 ОП, у вас будет 4 ВС — не хватает 4 ВС\n"
    ) in text
    english = room(gm, camp, src)
    assert (
        "⚠ will not be built at production: it costs 12 PP, its planet will make 4 PP and you will have 4 BC" in english
    )
    [assign, build] = room(gm, camp, src, fmt="json")["orders"]
    assert "unpaid" not in assign
    assert build["unpaid"] == {
        "reason": "not enough PP and BC",
        "cost": 12,
        "short": 4,
        "had": {"pp": 4, "bc": 4},
    }
    # with all its colonists at work, the planet pays it: no flag
    src = write_text(tmp_path, "room2.txt", "=== alice #12 ===\n!построить колонизатор\n")
    assert "⚠" not in room(gm, camp, src, lang="ru")


def test_research_costs_rp_not_pp(gm, tmp_path, camp):
    set_leader(camp, "alice", rp=20)
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!изучить hq_computers\n")
    [research] = room(gm, camp, src, fmt="json")["orders"]
    assert research["costs"] == {"rp": 15}
    text = room(gm, camp, src, lang="ru")
    assert "стоит 15 ОИ — пост #11, команда 1" in text and "ОП" not in text.split("Ваши приказы")[1]


def test_an_agents_mission_is_confirmed_without_its_outcome(gm, tmp_path, camp):
    """Turn 10 of the issue: `!миссия Шелест deep-cover Святозар` was confirmed `— успех`."""
    set_leader(camp, "alice", orders=2)
    ok(gm("agent", "set", "-c", str(camp), "--player", "alice", "--limit", "1"))
    ok(gm("agent", "hire", "-c", str(camp), "--player", "alice", "--name", "Шелест", "-s", "spy"))
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!миссия Шелест deep-cover bob\n")
    text = room(gm, camp, src, lang="ru")
    assert (
        "- агент Шелест: Глубокое внедрение против лидера bob → исход решат кости при розыгрыше хода; стоит 1 ордер "
        "— пост #11, команда 1\n"
    ) in text
    for outcome in ("успех", "провал", "критическ"):
        assert outcome not in text.lower()
    [mission] = room(gm, camp, src, fmt="json")["orders"]
    assert mission["rolled"] is True and mission["costs"] == {"orders": 1}
    assert "its outcome is rolled when the turn is played; costs 1 order" in room(gm, camp, src)


def test_a_reply_of_new_things_names_only_the_posts_read_for_the_first_time(gm, tmp_path, camp):
    body = "".join(f"=== alice #{n} ===\n!roll d6\n\n" for n in range(11, 15))
    src = write_text(tmp_path, "room.txt", body)
    assert "Posts read: #11 alice, #12 alice, #13 alice, #14 alice" in room(gm, camp, src, "--new")
    src = write_text(tmp_path, "room.txt", body + "=== alice #15 ===\n!roll d8\n")
    assert room(gm, camp, src, "--new", fmt="json")["read"] == [{"post_id": "15", "author": "alice", "private": True}]
    src = write_text(tmp_path, "room.txt", body + "=== alice #15 ===\n!roll d8\n\n=== alice #16 ===\n!roll d4\n")
    text = room(gm, camp, src, "--new")
    assert "Posts read: #16 alice\n" in text and "#15" not in text
    # the whole reply (no --new) still names every post it read
    assert "Posts read: #11 alice, #12 alice, #13 alice, #14 alice, #15 alice, #16 alice" in room(gm, camp, src)


def test_an_edit_is_told_once_in_replies_of_new_things(gm, tmp_path, camp):
    """Turns 7–13 of the issue: an edited post's refusal was printed again in every reply."""
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!colonize 1,0\n")
    room(gm, camp, src, "--new")
    src = write_text(tmp_path, "room.txt", "=== alice #11 ===\n!colonize 1,0\n!activate 0,0\n")
    first = room(gm, camp, src, "--new")
    assert "!activate 0,0 — refused: added after the post was resolved" in first
    src = write_text(tmp_path, "room.txt", src.read_text() + "=== alice #12 ===\n!roll d6\n")
    later = room(gm, camp, src, "--new")
    assert "!roll d6" in later and "added after" not in later
    assert room(gm, camp, src, "--new").startswith("Results\n=======\n\nNo new command")
    # edited again: a new edit, told once more
    src = write_text(tmp_path, "room.txt", src.read_text().replace("!activate 0,0", "!activate 1,0"))
    assert "!activate 1,0 — refused: added after the post was resolved" in room(gm, camp, src, "--new")
    # the whole reply tells every edit, every time
    assert "added after the post was resolved" in room(gm, camp, src)


# ------------------------------------------------------------------ two ballots


@pytest.fixture
def council(camp):
    """The example campaign at turn 13 (stage 3), started: a bill drawn for the chair, the
    Emperor's election open."""
    path = camp / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\nturn = 1\n", "\nturn = 13\n", 1).replace("\nstage = 1\n", "\nstage = 3\n", 1))
    from helpers import run_gmtool as gm

    start = json.loads(ok(gm("turn", "start", "-c", str(camp), "--format", "json")))
    return camp, start["chair"]


def test_a_bill_ballot_and_an_emperor_ballot_are_two_ballots(gm, tmp_path, council):
    """Turn 13 of the issue: `!голос за` and `!избрать Ярослав подкуп 9` in one post."""
    camp, chair = council
    voter = next(name for name in ("alice", "bob", "carol") if name != chair)
    rooms = {}
    rooms[chair] = write_text(tmp_path, "chair.txt", f"=== {chair} #21 ===\n!bill 1\n!vote yes\n!elect {voter}\n")
    room(gm, camp, rooms[chair], leader=chair)
    body = f"=== {voter} #22 ===\n!голос за\n!избрать {chair} подкуп 3\n"
    rooms[voter] = write_text(tmp_path, "voter.txt", body)
    text = room(gm, camp, rooms[voter], leader=voter, lang="ru")
    assert (
        f"- Голос в Совете: за — пост #22, команда 1\n- Голос за Императора: {chair} (подкуп 3 ВС = +1 голос) — "
        "пост #22, команда 2\n"
    ) in text
    assert "⚠" not in text
    # a later post with the bill's ballot alone changes that ballot, and keeps the Emperor's
    rooms[voter] = write_text(tmp_path, "voter.txt", body + f"\n=== {voter} #23 ===\n!голос против\n")
    data = room(gm, camp, rooms[voter], leader=voter, fmt="json")
    assert [(b["kind"], b.get("choice"), b.get("candidate"), b["post_id"]) for b in data["ballots"]] == [
        ("vote", "no", None, "23"),
        ("election", None, chair, "22"),
    ]
    standing = collected_orders(forumfile.read(camp / "forum.toml"), 13)[voter]
    assert [b.kind for b in standing.ballots] == ["vote", "election"]
    # both are in the orders file the rooms make, and both are counted at the turn's end
    orders = ok(gm("turn", "orders", "-c", str(camp), "--player", voter))
    assert 'vote = { choice = "no" }  # post #23, command 1' in orders
    assert f'election = {{ candidate = "{chair}", bribe = 3 }}  # post #22, command 2' in orders
    public = json.loads(ok(gm("turn", "run", "--from-posts", "-c", str(camp), "--format", "json")))
    assert public["council"]["yes"] >= 1 and public["council"]["no"] >= 1  # the chair's yes, the voter's no
    assert public["election"]["totals"].get(chair, 0) >= 2  # the voter's planet and bribe
    assert public["election"]["totals"].get(voter, 0) >= 1  # the chair's ballot
    # a leader who gave ballots only has not missed the turn's orders
    assert [m["leader"] for m in public.get("missed", [])] == [
        name for name in ("alice", "bob", "carol") if name not in (chair, voter)
    ]
