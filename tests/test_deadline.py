"""A turn's deadline (dice scheme 2, docs/verify.md, gmtool/campaign/deadline.py): no face
depends on when the moderator acts. A roll posted during a turn takes the share fixed at the
previous deadline, whatever the order of `post resolve`, `post collect`, `turn share` and
`turn run`; every post the deadline read must be resolved in the turn, and a post after it
waits for the next turn — its seed too. `turn run` fixes the share from the campaign's
thread itself, and no moderator's post or pasted reply of gmtool's ever counts as a seed."""

from __future__ import annotations

import itertools
import re
import shutil
from pathlib import Path

from dice2_helpers import entries, new_game, next_to, orders, state
from gmtool.campaign.stream import share_of
from helpers import assert_error, ok, resolve_post, write_text

ROLL = "=== alice #101 ===\n!seed apple\n\n=== bob #102 ===\nfor luck:\n!roll 2d1000 luck\n"
NO_ORDERS = "turn = 1\n"


def game_with_thread(gm, new_campaign, tmp_path: Path, text: str = ROLL, name: str = "g") -> Path:
    game = new_game(new_campaign, tmp_path / name)
    write_text(game, "thread.txt", text)
    ok(gm("campaign", "set", "-c", str(game), "thread", "thread.txt"))
    return game


def faces_of(game: Path, label: str) -> list[tuple[str, str, int]]:
    return [(e.label, e.share, e.face) for e in entries(game) if label in e.label]


def run_turn(gm, game: Path, turn: int = 1):
    plan = write_text(game.parent, f"{game.name}-orders-{turn}.toml", f"turn = {turn}\n")
    return gm("turn", "run", "-c", str(game), str(plan))


STEPS = {
    "resolve": lambda gm, g: ok(gm("post", "resolve", str(g / "thread.txt"), "-c", str(g))),
    "collect": lambda gm, g: ok(gm("post", "collect", "-c", str(g))),
    "share": lambda gm, g: gm("turn", "share", "-c", str(g)),
    "run": lambda gm, g: run_turn(gm, g),
}


def test_a_public_roll_before_the_deadline_has_one_face_whatever_the_order_of_the_moderators_commands(
    gm, new_campaign, tmp_path
):
    """Issue 33 §3: a public `!roll` posted before the deadline got one face when resolved
    before `turn share` and another after it. Now every order gives the same face — a step
    that would fix the share while the roll is unresolved is refused until it is resolved."""
    base = game_with_thread(gm, new_campaign, tmp_path, name="base")
    seen = set()
    for n, order in enumerate(itertools.permutations(["resolve", "share", "run"])):
        for first in ("resolve", "collect"):
            game = tmp_path / f"g{n}-{first}"
            shutil.copytree(base, game)
            for step in order:
                STEPS[first if step == "resolve" else step](gm, game)
            if state(game)["turn"] == 1:  # the turn was refused while the roll was unresolved
                ok(run_turn(gm, game))
            seen.add(tuple(faces_of(game, "post #102.1")))
    assert len(seen) == 1
    (rolled,) = seen
    assert [(label, share) for label, share, _ in rolled] == [("turn 1 · bob · post #102.1 !roll · 2d1000", "")] * 2


def test_the_deadline_refuses_while_a_roll_it_read_is_unresolved(gm, new_campaign, tmp_path):
    game = game_with_thread(gm, new_campaign, tmp_path)
    before = (game / "campaign.toml").read_bytes()
    expected = (
        "turn 1's deadline: these posts hold rolls not resolved yet, and their dice belong to turn 1: #102 bob; "
        "resolve them first (gmtool post collect, or post resolve), then fix the share"
    )
    assert_error(gm("turn", "share", "-c", str(game)), expected)
    assert_error(run_turn(gm, game), expected)
    assert (game / "campaign.toml").read_bytes() == before  # a failing command writes nothing
    ok(gm("post", "resolve", str(game / "thread.txt"), "-c", str(game)))
    ok(run_turn(gm, game))


def test_a_roll_posted_after_the_deadline_waits_for_the_next_turn_and_has_one_face(gm, new_campaign, tmp_path):
    game = game_with_thread(gm, new_campaign, tmp_path)
    ok(gm("post", "resolve", str(game / "thread.txt"), "-c", str(game)))
    out = ok(gm("turn", "share", "-c", str(game)))
    share = state(game)["verification"]["shares"]["1"]
    assert out == (
        f"turn 1's players' share: {share} (from posts #101 alice); "
        "the public thread read to post #102: later posts count for turn 2\n"
    )
    with (game / "thread.txt").open("a", encoding="utf-8") as fh:
        fh.write("\n=== carol #103 ===\n!roll 2d1000 late\n")
    later = tmp_path / "later"
    shutil.copytree(game, later)
    reply = resolve_post(gm, game, game / "thread.txt")
    assert (
        "!roll 2d1000 late — refused: posted after turn 1's deadline: rolled once turn 1 is played, "
        "as a roll of turn 2" in reply
    )
    assert not faces_of(game, "post #103")
    for folder in (game, later):  # resolved in between or not, once the turn is played: the same dice
        ok(run_turn(gm, folder))
        ok(gm("post", "resolve", str(folder / "thread.txt"), "-c", str(folder)))
    rolled = faces_of(game, "post #103.1")
    assert rolled == faces_of(later, "post #103.1")
    assert [(label, used) for label, used, _ in rolled] == [("turn 2 · carol · post #103.1 !roll · 2d1000", share)] * 2


def test_a_seed_after_the_share_was_fixed_is_told_it_goes_into_the_next_turns_dice(gm, new_campaign, tmp_path):
    """Issue 33 §3: it was told it went into this turn's dice."""
    game = game_with_thread(gm, new_campaign, tmp_path, "=== alice #101 ===\n!seed apple\n")
    assert "alice's seed «apple» goes into the players' share of turn 1's dice (post #101)" in resolve_post(
        gm, game, game / "thread.txt"
    )
    ok(gm("turn", "share", "-c", str(game)))
    with (game / "thread.txt").open("a", encoding="utf-8") as fh:
        fh.write("\n=== bob #104 ===\n!seed late\n")
    reply = resolve_post(gm, game, game / "thread.txt")
    assert "bob's seed «late» goes into the players' share of turn 2's dice (post #104)" in reply
    assert "alice's seed «apple» goes into the players' share of turn 1's dice (post #101)" in reply
    ok(run_turn(gm, game))
    ok(run_turn(gm, game, 2))
    shares = state(game)["verification"]
    assert shares["share_posts"] == {"1": ["#101 alice"], "2": ["#104 bob"]}
    assert shares["shares"]["2"] == share_of(2, [("104", "bob", "late")])


def test_turn_run_fixes_the_share_from_the_campaigns_thread_itself(gm, new_campaign, tmp_path):
    """Issue 35 §3: no `turn share` step; the public post names the seeds' posts."""
    game = game_with_thread(
        gm, new_campaign, tmp_path, "=== alice #101 ===\n!seed apple\n\n=== dave #102 ===\n!зерно груша\n"
    )
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 1, alice=next_to(game, "alice")))))
    share = share_of(1, [("101", "alice", "apple"), ("102", "dave", "груша")])
    assert state(game)["verification"]["shares"] == {"1": share}
    public = (game / "reports" / "turn-01" / "public.txt").read_text(encoding="utf-8")
    assert f"Players' share of turn 1: {share} (from the seeds of posts #101 alice, #102 dave)" in public
    explored = [e for e in entries(game) if e.label.startswith("turn 1 · alice · explore")]
    assert explored and {e.share for e in explored} == {share}
    assert {e.share for e in entries(game) if e.label.startswith("turn 1 · start")} == {""}


def test_turn_run_from_posts_fixes_the_share_with_no_turn_share_step(gm, new_campaign, tmp_path):
    """Issue 35 §3: `turn share` was needed every turn, and asked for the thread the campaign
    knows; the README and docs/whole-game.md play turns without it."""
    game = game_with_thread(gm, new_campaign, tmp_path, "=== alice #101 ===\n!seed apple\n")
    public = ok(gm("turn", "run", "--from-posts", "-c", str(game)))
    share = share_of(1, [("101", "alice", "apple")])
    assert f"Players' share of turn 1: {share} (from the seeds of posts #101 alice)" in public
    assert state(game)["verification"]["shares"] == {"1": share}
    assert state(game)["verification"]["deadline_posts"] == {"1": ["101"]}


def test_without_a_thread_the_turn_takes_no_share_and_its_post_says_so(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    ok(run_turn(gm, game))
    assert state(game)["verification"]["shares"] == {"1": ""}
    public = (game / "reports" / "turn-01" / "public.txt").read_text(encoding="utf-8")
    assert "Players' share of turn 1: none (no public thread was read)" in public
    assert_error(gm("turn", "share", "-c", str(game)), "which public thread?")


def test_an_empty_public_thread_was_read_and_its_post_says_no_seed_was_posted(gm, new_campaign, tmp_path):
    """The campaign's thread, read at the deadline with no post yet: no seed was posted (not
    "no public thread was read", which a player would take for the moderator's slip)."""
    game = game_with_thread(gm, new_campaign, tmp_path, "")
    public = ok(gm("turn", "run", "--from-posts", "-c", str(game)))
    assert "Players' share of turn 1: no seed was posted this turn" in public
    assert "no public thread was read" not in public


MODERATOR_ECHO = """=== alice #101 ===
!зерно яблоко

=== Хронист #102 ===
Результаты: #101
alice #101
!зерно яблоко
зерно «яблоко» от участника alice входит во вклад игроков в броски хода 1 (пост #101)
журнал #3 · 0123456789ab

=== Летописец #103 ===
Results: #101
!seed apple
journal #3 · 0123456789ab

=== Архивариус #105 ===
Результаты: #101
!зерно яблоко
Прочитаны посты: #101 alice
"""


def test_the_moderators_posts_and_gmtools_pasted_replies_never_count_as_seeds(gm, new_campaign, tmp_path):
    """Issue 35 §3: on DungeonMaster.ru the site strips markup, so the `!зерно …` a reply
    echoes begins a line again; every public post credited the moderator with a seed."""
    game = game_with_thread(gm, new_campaign, tmp_path, MODERATOR_ECHO)
    ok(gm("campaign", "set", "-c", str(game), "moderators", "Хронист"))
    reply = resolve_post(gm, game, game / "thread.txt")
    assert "зерно «яблоко» от участника alice" in resolve_post(gm, game, game / "thread.txt", "--lang", "ru")
    assert "alice's seed «яблоко» goes into the players' share of turn 1's dice (post #101)" in reply
    assert reply.count("seed «") == 1  # the moderator's echo and the pasted replies are no one's seeds
    ok(run_turn(gm, game))
    verification = state(game)["verification"]
    assert verification["share_posts"] == {"1": ["#101 alice"]}
    assert verification["shares"]["1"] == share_of(1, [("101", "alice", "яблоко")])
    # turn 2: the moderator's echo is the only `!зерно` of the thread — no seed was posted
    with (game / "thread.txt").open("a", encoding="utf-8") as fh:
        fh.write("\n=== Хронист #106 ===\nРезультаты хода 1\n!зерно яблоко\n")
    ok(run_turn(gm, game, 2))
    public = (game / "reports" / "turn-02" / "public.txt").read_text(encoding="utf-8")
    assert "Players' share of turn 2: no seed was posted this turn" in public
    assert state(game)["verification"]["shares"]["2"] == ""


def test_dice_rolled_during_a_turn_take_the_share_fixed_before_it(gm, new_campaign, tmp_path):
    """The opening share: turn 2's start and its free rolls take turn 1's share, rolled
    before or after turn 2's share was fixed; turn 2's orders and end take turn 2's."""
    game = game_with_thread(gm, new_campaign, tmp_path, "=== alice #101 ===\n!seed apple\n")
    ok(run_turn(gm, game))
    one = state(game)["verification"]["shares"]["1"]
    with (game / "thread.txt").open("a", encoding="utf-8") as fh:
        fh.write("\n=== bob #105 ===\n!seed pear\n")
    ok(gm("turn", "start", "-c", str(game)))
    ok(gm("roll", "d1000", "-c", str(game), "--for", "before"))
    ok(gm("turn", "share", "-c", str(game)))
    ok(gm("roll", "d1000", "-c", str(game), "--for", "after"))
    ok(gm("turn", "run", "-c", str(game), str(orders(game, 2, bob=next_to(game, "bob")))))
    two = state(game)["verification"]["shares"]["2"]
    assert one and two and one != two
    turn2 = [e for e in entries(game) if e.turn == 2]
    during = [e for e in turn2 if re.match(r"turn 2 · (start|moderator)", e.label)]
    assert during and {e.share for e in during} == {one}
    assert {e.share for e in turn2 if e.label.startswith("turn 2 · bob · explore")} == {two}
    public = (game / "reports" / "turn-02" / "public.txt").read_text(encoding="utf-8")
    assert f"Dice rolled during turn 2, before its deadline, take the players' share of turn 1: {one}" in public
    ok(gm("verify", "-c", str(game)))
