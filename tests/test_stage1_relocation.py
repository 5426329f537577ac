"""Closed rooms as a property (docs/rules-orion.md A2 decision; docs/orion-records.md "Closed rooms"):
every output a leader can see in stage 1 — its forum replies and refusals (public and
private), its turn reports, its map, `status --player`, `reach --player`, `post pending`
and the public posts — is byte-identical when the campaign is relocated (Orion, the edge
and the other homeworlds elsewhere), as long as what each leader explored is the same.

The games are built in tests/stage1_games.py: one secret and the same roll ids in both
placements, so the same faces fall in the same order."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gmtool.campaign.hexes import Hex
from stage1_games import DIRECTIONS, PLAYERS, SECRET, Step, placement, play

# The leaks the issue found, played in one game: an exploration's technologies (8, then
# event 1 → ⌈1/2⌉ = 1; then A4 step 6: die 1 of bob's level-1 technologies, toxic environment,
# die 1 of biology's open ones, barren environment — docs/rules-orion.md A4.3), a barren world (9 rich, event 9 → ⌈9/2⌉ = 5 rare elements, type 10 + 3 − 6
# = 7) colonised by the moderator's override, refusals and a private message.
KNOWN = [
    Step("explore", "bob", (1, 0), "8,1,5,5,1,1"),
    Step("explore", "carol", (0, 1), "9,9,10,5"),
    Step("colonize", "carol", (0, 1), "the <b>ancients</b> left a dome"),
    Step("post", "alice", (0, 1), "!explore 0,1"),
    Step("post", "bob", (2, 0), "!explore 2,0", True),
    Step("post", "bob", (0, 0), "!explore 0,0"),
    Step("post", "carol", (0, 0), "!table no/such"),
    Step("end"),
    Step("post", "bob", (1, 0), "!explore 1,0"),
    Step("quest", "alice"),
    Step("award", "bob"),
    Step("orders", "alice", (1, -1), "explore"),
    Step("orders", "alice", (1, -1), "override"),
]
FAR = placement(6, Hex(2, -2), 7)
NEAR = placement(4, Hex(0, 0), 11)

# ------------------------------------------------------------------ strategies

placements = st.builds(
    placement,
    radius=st.integers(4, 6),
    orion=st.builds(Hex, st.integers(-3, 3), st.integers(-3, 3)),
    seed=st.integers(0, 10_000),
)
leaders = st.sampled_from(PLAYERS)
near = st.sampled_from(DIRECTIONS)
# a hex a leader may name: a neighbour of its homeworld, its homeworld, or too far
anywhere = st.one_of(near, st.just((0, 0)), st.sampled_from([(2, 0), (-2, 1), (0, 3), (1, 1)]))
# --dice chains for the moderator's explorations: technologies (8, event 1 → ceil(1/2) = 1, two
# picks), contamination (4, event 9 → 5), an ordinary planet, an empty hex; or the campaign's stream
faces = st.sampled_from(["", "", "8,1,5,5,1,1", "9,2,3,8", "4,9,9,4", "7,9,5", "1", "10,1,3"])
# the campaign's dice secret: the stream's faces, part of the example (a failure prints it)
secrets = st.binary(min_size=32, max_size=32)


def forum_text(rel: tuple[int, int], kind: str) -> str:
    return {
        "explore": f"!explore {rel[0]},{rel[1]}",
        "explore_ship": f"!explore {rel[0]},{rel[1]} colony",
        "roll": "!roll 2d10 for luck",
        "table": "!table orion/exploration",
        "vote": "!vote yes",
        "bad_table": "!table no/such",
        "bad_hex": "!explore north",
        "check": "!check Kess spy bob",
    }[kind]


steps = st.one_of(
    st.builds(Step, kind=st.just("explore"), leader=leaders, rel=anywhere, text=faces),
    st.builds(
        Step,
        kind=st.just("colonize"),
        leader=leaders,
        rel=near,
        text=st.sampled_from(["", "", "the <b>ancients</b> left a dome"]),
    ),
    st.builds(Step, kind=st.just("quest"), leader=leaders),
    st.builds(Step, kind=st.just("grant"), leader=leaders),
    st.builds(Step, kind=st.just("award"), leader=leaders, text=st.sampled_from(["", "drop"])),
    st.builds(
        lambda leader, rel, kind, private: Step("post", leader, rel, forum_text(rel, kind), private),
        leaders,
        anywhere,
        st.sampled_from(
            ["explore", "explore", "explore", "explore_ship", "roll", "table", "vote", "bad_table", "bad_hex", "check"]
        ),
        st.booleans(),
    ),
    st.builds(
        Step,
        kind=st.just("orders"),
        leader=leaders,
        rel=anywhere,
        text=st.sampled_from(["explore", "explore", "colonize", "override", "assign", "build", "grant"]),
    ),
    st.just(Step("end")),
)


def assert_same(one, two) -> None:
    assert one.moderator == two.moderator
    assert set(one.outputs) == set(two.outputs)
    for who in one.outputs:
        assert len(one.outputs[who]) == len(two.outputs[who])
        for a, b in zip(one.outputs[who], two.outputs[who]):
            assert a == b, f"{who} sees a difference:\n{a}\n=====\n{b}"


def relocated(tmp_path_factory, game, first, second, fmt="plain", lang="en", secret=SECRET):
    """The same game played in two placements, with one dice secret."""
    one = play(tmp_path_factory.mktemp("one"), first, game, fmt, lang, secret)
    two = play(tmp_path_factory.mktemp("two"), second, game, fmt, lang, secret)
    return one, two


# ------------------------------------------------------------------ the property


# The fast run keeps the two known games and one drawn game; `pytest -m slow` draws many
# more, and longer (below).
@settings(
    max_examples=1, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow], deadline=None
)
@given(
    first=placements,
    second=placements,
    game=st.lists(steps, min_size=3, max_size=12),
    fmt=st.sampled_from(["plain", "json", "bbcode"]),
    lang=st.sampled_from(["en", "ru"]),
    secret=secrets,
)
@example(first=FAR, second=NEAR, game=KNOWN, fmt="plain", lang="ru", secret=SECRET)
@example(first=NEAR, second=FAR, game=KNOWN, fmt="json", lang="en", secret=SECRET)
def test_every_output_a_leader_sees_in_stage1_is_the_same_wherever_the_galaxy_lies(
    tmp_path_factory, first, second, game, fmt, lang, secret
):
    one, two = relocated(tmp_path_factory, game, first, second, fmt, lang, secret)
    assert_same(one, two)


@pytest.mark.slow
@settings(
    max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow], deadline=None
)
@given(
    first=placements,
    second=placements,
    game=st.lists(steps, min_size=4, max_size=40),
    fmt=st.sampled_from(["plain", "json", "bbcode", "markdown"]),
    lang=st.sampled_from(["en", "ru"]),
    secret=secrets,
)
def test_every_output_a_leader_sees_in_stage1_is_the_same_wherever_the_galaxy_lies_long(
    tmp_path_factory, first, second, game, fmt, lang, secret
):
    one, two = relocated(tmp_path_factory, game, first, second, fmt, lang, secret)
    assert_same(one, two)


@pytest.mark.slow
@settings(
    max_examples=12, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow], deadline=None
)
@given(
    first=placements,
    second=placements,
    game=st.lists(steps, min_size=3, max_size=12),
    fmt=st.sampled_from(["plain", "json", "bbcode"]),
    lang=st.sampled_from(["en", "ru"]),
    secret=secrets,
)
def test_every_output_a_leader_sees_in_stage1_is_the_same_wherever_the_galaxy_lies_short(
    tmp_path_factory, first, second, game, fmt, lang, secret
):
    """The short games the fast run used to draw 15 of (it keeps 1, and the known two)."""
    one, two = relocated(tmp_path_factory, game, first, second, fmt, lang, secret)
    assert_same(one, two)


# ------------------------------------------------------------------ the leaks the issue found


@pytest.fixture(scope="module")
def known(tmp_path_factory):
    return {lang: play(tmp_path_factory.mktemp(lang), FAR, KNOWN, "plain", lang) for lang in ("en", "ru")}


def seen_by(seen, who: str, what: str) -> str:
    return "\n".join(o for o in seen.outputs[who] if o.startswith(f"--- {what}"))


def test_an_explorations_technologies_in_a_private_report_are_in_the_leaders_frame(known):
    home = FAR.home("bob")
    absolute = f"{home.q + 1},{home.r}"
    report = seen_by(known["ru"], "bob", "bob.txt")
    # the award at "-4,4", now bob's "1,0"; its technologies rolled (A4.3, wave 3)
    assert "1,0" in report and "технологии: Контролируемая токсичная среда, Контролируемая пустынная среда" in report
    assert absolute not in report
    english = seen_by(known["en"], "bob", "bob.txt")
    assert "technologies: Controlled toxic environment, Controlled barren environment" in english


def test_the_public_post_of_stage1_tells_an_override_without_its_place_or_world_type(known):
    home = FAR.home("carol")
    public = seen_by(known["ru"], "public", "public.txt")
    line = (
        "carol колонизирует мир, который правила колонизировать не позволяют, по решению ведущего: "
        "the <b>ancients</b> left a dome"
    )
    assert line in public
    assert "Бесплодный" not in public and f"{home.q},{home.r + 1}" not in public
    # …while carol's own report tells where, in her frame
    assert "carol колонизирует 0,1, мир типа «Бесплодный или пустынный», по решению ведущего" in seen_by(
        known["ru"], "carol", "carol.txt"
    )


RULE_ID = re.compile(r"\(A\d+(\.\d+)?\)|`gmtool|gmtool [a-z]+ ")


def test_nothing_a_leader_reads_cites_a_rule_id_or_a_tool_command(known):
    for seen in known.values():
        for who, outputs in seen.outputs.items():
            for output in outputs:
                assert not RULE_ID.search(output), (who, output)
    replies = seen_by(known["en"], "bob", "post resolve")
    assert (
        "in stage 1 no ship goes farther than 1 hex from its homeworld: 2,0 is 2 hexes from bob's "
        "homeworld 0,0" in replies
    )


def test_a_player_reachable_refusal_says_it_in_words():
    from gmtool.locale import t

    for lang in ("en", "ru"):
        for key, fields in [
            ("error.orion.orion_no_dice", {}),
            ("error.tables.unknown", {"name": "x"}),
            ("error.tables.reference", {"table": "x"}),
            ("error.council.no_bill_pick", {}),
            ("error.council.already_counted", {}),
            ("error.agents.needs_target", {"ability": "spy"}),
            ("error.reach.behind_unexplored", {"hex": "1,0", "leader": "bob"}),
            ("error.reach.ships_moved", {"n": 1, "leader": "bob", "ship": "scout"}),
            ("map.why_too_far", {}),
            ("map.why_behind", {"n": 2}),
        ]:
            said = t(key, lang, **fields)
            assert not RULE_ID.search(said) and "--" not in said, (key, lang, said)
    assert (
        t("error.orion.orion_no_dice", "ru")
        == "при исследовании Ориона кубики не бросаются: его исследует ведущий и сообщает, что там ждёт"
    )


def test_a_public_entry_of_stage1_is_told_without_its_place_and_the_leaders_own_report_gives_it():
    from gmtool.report.records import entries_for, entry_text
    from gmtool.rules.orion.common import note
    from gmtool.rules.orion.frames import hex_writer
    from helpers import make_campaign

    c = make_campaign()
    bob = c.player("bob").homeworld
    carol = c.player("carol")
    at = str(Hex(carol.homeworld.q, carol.homeworld.r))
    note(c, "captured", "bob", public=True, hex=at, owner="carol", homeworld_of="carol", population=3)
    note(c, "monster_slain", "bob", public=True, hex=at, monster="serpent")
    public = entries_for(c.turn_state.log, None)
    assert all("hex" not in e for e in public)
    assert [entry_text(e, "en") for e in public] == ["bob captured carol's homeworld", "bob destroyed a space monster"]
    assert entry_text(public[0], "ru") == "bob захватывает Родной мир лидера carol"
    own = entries_for(c.turn_state.log, "bob")[0]
    there = f"{carol.homeworld.q - bob.q},{carol.homeworld.r - bob.r}"
    assert entry_text(own, "en", hexes=hex_writer(c, "bob")) == f"bob captured carol's homeworld {there}"
    c.stage = 2  # the rooms open: the public post tells where
    note(c, "captured", "bob", public=True, hex=at, owner="carol", homeworld_of="carol", population=3)
    assert entry_text(entries_for(c.turn_state.log, None)[-1], "en") == f"bob captured carol's homeworld {at}"


def test_a_hex_off_the_map_is_refused_to_a_leader_without_the_galaxys_size_or_centre():
    from gmtool.errors import RuleRefused
    from gmtool.rules.orion.campaign_explore import check_explorable
    from helpers import make_campaign

    c = make_campaign()
    bob = c.player("bob")
    bob.homeworld = Hex(c.game.orion.q + c.game.radius, c.game.orion.r)  # a homeworld the moderator put on the rim
    outside = Hex(bob.homeworld.q + 1, bob.homeworld.r)
    assert not c.game.on_map(outside)
    with pytest.raises(RuleRefused) as leader:
        check_explorable(c, bob, outside, leaders_words=True)
    assert leader.value.text("en") == "hex 1,0 is off the map"
    assert leader.value.text("ru") == "гекс 1,0 за пределами карты"
    with pytest.raises(RuleRefused) as moderator:  # the moderator's words keep the radius and the centre
        check_explorable(c, bob, outside)
    assert f"radius {c.game.radius} around {c.game.orion}" in moderator.value.text("en")
