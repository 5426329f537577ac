"""Merchant of Venus, Classic game (docs/rules-venus.md, ruleset ``venus``): the library.

Setup (credits, races, the first player, First Contact cards and encounter tokens, every
die consumed), the speed roll (declare the heading first, the ship's speed number, the
navigation die), movement costs, landing, skipping, the net-worth victory at the end of
one's own turn and the round counter — with fixed dice from FixedSource.
"""

from __future__ import annotations

import pytest

from gmtool.dice.sources import FixedSource, RandomSource
from gmtool.errors import GmError, InputError, RuleRefused
from gmtool.rules.venus.play import (
    end_player_turn,
    find_space,
    land,
    landings_of,
    move,
    movement_cost,
    navigate,
    set_worth,
    skip,
)
from gmtool.rules.venus.setup import new_venus, parse_players
from helpers import RecordingSource

RACES = ("humans", "eeepeeep", "whynoms", "qossuth")


@pytest.fixture
def lib(shipped_tables):
    return shipped_tables


def rows(lib, table: str) -> list:
    return list(lib.get(table, "venus").rows)


def systems(lib) -> list[str]:
    return [r.id for r in rows(lib, "board") if r.values.get("kind") == "system"]


def encounter_spaces(lib) -> list[str]:
    return [r.id for r in rows(lib, "board") if r.values.get("kind") == "encounter"]


def setup_faces(lib, random_races: int, first: int) -> list[int]:
    """Faces for a setup: 1 per race left to chance, the first player's die, then the
    First Contact cards' and the encounter tokens' shuffles (one die per position but the
    last, d(n) … d2); all ones is a valid face for every die."""
    cards = len(rows(lib, "first-contact"))
    tokens = len(rows(lib, "encounter-tokens"))
    return [1] * random_races + [first] + [1] * (cards - 1) + [1] * (tokens - 1)


def game(lib, specs: list[str], first: int = 1, random_races: int | None = None):
    """A new game with fixed dice; returns (campaign, the spent FixedSource)."""
    if random_races is None:
        random_races = sum(1 for s in specs if ":" not in s)
    src = FixedSource(setup_faces(lib, random_races, first))
    campaign = new_venus("test", specs, lib, "0" * 64, "en", "plain", src)
    assert src.remaining == [], "setup must consume exactly its dice"
    return campaign, src


# ================================================================ the tables


def test_tables_hold_what_part_b_names(lib):
    rules = lib.get("rules", "venus")
    assert int(rules.rule("credits_per_player")) == 20
    assert int(rules.rule("speed_die")) == 6
    assert int(rules.rule("grey_line_cost")) == 1
    assert int(rules.rule("green_line_cost")) == 2
    assert int(rules.rule("net_worth_to_win")) == 2000
    assert rules.rule("start_space") == "galactic-base"
    assert rules.rule("start_ship") == "scout"
    assert {r.id for r in rows(lib, "races")} == set(RACES)
    ships = {r.id: r for r in rows(lib, "ships")}
    assert "scout" in ships and int(ships["scout"].values["speed"]) >= 1
    kinds = {r.id: r.values.get("kind") for r in rows(lib, "board")}
    assert kinds["galactic-base"] == "base"
    assert kinds["nebula-habitat"] == "system" and kinds["asteroid-system"] == "system"
    assert len(rows(lib, "first-contact")) >= len(systems(lib))
    assert len(rows(lib, "encounter-tokens")) >= len(encounter_spaces(lib))


# ================================================================ setup


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_credits_races_ships_cards_tokens(lib, n):
    names = ["ann", "ben", "cat", "dan"][:n]
    campaign, src = game(lib, names)
    v = campaign.game
    assert campaign.ruleset == "venus"
    assert [p.name for p in campaign.players] == names
    assert list(v.merchants) == names
    for name in names:
        m = v.merchants[name]
        assert m.credits == 20 * n
        assert m.ship == "scout"
        assert m.position == "galactic-base"
        assert m.net_worth == 0
    races = [p.race for p in campaign.players]
    assert len(set(races)) == n and set(races) <= set(RACES)
    # one First Contact card, face down, on every system; distinct cards from the deck
    assert sorted(v.first_contact) == sorted(systems(lib))
    cards = list(v.first_contact.values())
    assert len(set(cards)) == len(cards)
    assert set(cards) <= {r.id for r in rows(lib, "first-contact")}
    assert v.revealed == []
    # one encounter token on every encounter space (none on systems or the base)
    assert sorted(v.encounters) == sorted(encounter_spaces(lib))
    tokens = list(v.encounters.values())
    assert len(set(tokens)) == len(tokens)
    assert set(tokens) <= {r.id for r in rows(lib, "encounter-tokens")}
    # the first player, whose turn it is, in the movement phase of round 1
    assert v.first_player == names[0] and v.current == names[0]
    assert v.phase == "movement" and not v.moved and v.heading is None
    assert v.winner is None
    assert campaign.turn == 1
    # every die of the setup is a race, the first player or a shuffle
    assert all(("race" in label or "first player" in label or "shuffle" in label) for label in src.labels)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_first_player_is_picked_by_a_die_of_the_player_count(lib, n):
    names = ["ann", "ben", "cat", "dan"][:n]
    for face in range(1, n + 1):
        campaign, src = game(lib, names, first=face)
        assert campaign.game.first_player == names[face - 1]
        assert campaign.game.current == names[face - 1]
        index = src.labels.index(next(label for label in src.labels if "first player" in label))
        assert src.faces[index] == face
    # a face above the number of players does not fit the die
    faces = setup_faces(lib, n, n + 1)
    with pytest.raises(GmError):
        new_venus("test", names, lib, "0" * 64, "en", "plain", FixedSource(faces))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_dice_are_consumed_exactly(lib, n):
    names = ["ann", "ben", "cat", "dan"][:n]
    faces = setup_faces(lib, n, 1)
    # one face too few: refused by the dice; one too many: left over
    with pytest.raises(GmError):
        new_venus("test", names, lib, "0" * 64, "en", "plain", FixedSource(faces[:-1]))
    src = FixedSource(faces + [1])
    new_venus("test", names, lib, "0" * 64, "en", "plain", src)
    assert src.remaining == [1]
    # all races chosen: no race die at all
    chosen = [f"{name}:{race}" for name, race in zip(names, RACES)]
    campaign, src = game(lib, chosen)
    assert len(src.faces) == len(faces) - n
    assert [p.race for p in campaign.players] == list(RACES[:n])


def test_setup_with_random_source_consumes_the_same_number_of_dice(lib):
    for n in (2, 3, 4):
        src = RecordingSource(RandomSource(n))
        new_venus("test", ["ann", "ben", "cat", "dan"][:n], lib, "0" * 64, "en", "plain", src)
        assert src.drawn == len(setup_faces(lib, n, 1))


def test_races_never_taken_twice_over_many_seeds(lib):
    specs_list = [
        ["ann", "ben"],
        ["ann", "ben", "cat"],
        ["ann", "ben", "cat", "dan"],
        ["ann:humans", "ben"],
        ["ann", "ben:qossuth", "cat"],
        ["ann:whynoms", "ben", "cat:eeepeeep", "dan"],
        ["ann", "ben", "cat", "dan:humans"],
        ["ann:qossuth", "ben:humans", "cat", "dan"],
    ]
    for specs in specs_list:
        seen: set[tuple[str, ...]] = set()
        for seed in range(60):
            campaign = new_venus("test", specs, lib, "0" * 64, "en", "plain", RandomSource(seed))
            races = [p.race for p in campaign.players]
            assert len(set(races)) == len(races), (specs, seed, races)
            assert set(races) <= set(RACES)
            for spec, race in zip(specs, races):
                if ":" in spec:
                    assert race == spec.split(":")[1], (specs, seed, races)  # a chosen race is kept
            first = campaign.game.first_player
            assert first in [p.name for p in campaign.players]
            assert sorted(campaign.game.first_contact) == sorted(systems(lib))
            assert len(set(campaign.game.first_contact.values())) == len(systems(lib))
            assert len(set(campaign.game.encounters.values())) == len(encounter_spaces(lib))
            seen.add(tuple(races))
        if sum(":" not in s for s in specs) >= 2:
            assert len(seen) > 1, f"{specs}: races are never shuffled"


def test_random_setup_deals_different_cards_and_first_players(lib):
    firsts, deals = set(), set()
    for seed in range(60):
        campaign = new_venus("test", ["ann", "ben", "cat"], lib, "0" * 64, "en", "plain", RandomSource(seed))
        firsts.add(campaign.game.first_player)
        deals.add(tuple(campaign.game.first_contact.values()))
    assert firsts == {"ann", "ben", "cat"}
    assert len(deals) > 10


def test_chosen_race_is_kept_and_random_races_come_from_the_rest(lib):
    campaign, _ = game(lib, ["ann:humans", "ben:QOSSUTH", "cat"])
    races = {p.name: p.race for p in campaign.players}
    assert races["ann"] == "humans" and races["ben"] == "qossuth"
    assert races["cat"] in {"eeepeeep", "whynoms"}
    # a chosen race later in the list is not handed out at random to an earlier player
    for face in (1, 2, 3):
        faces = [face] + setup_faces(lib, 0, 1)
        campaign = new_venus("test", ["ann", "ben:humans"], lib, "0" * 64, "en", "plain", FixedSource(faces))
        assert campaign.players[0].race != "humans"
        assert campaign.players[1].race == "humans"


def test_parse_players(lib):
    races = set(RACES)
    assert parse_players(["ann", "ben:Humans", " cat : qossuth "], races) == [
        ("ann", None),
        ("ben", "humans"),
        ("cat", "qossuth"),
    ]
    assert parse_players(["ann:"], races) == [("ann", None)]
    with pytest.raises(InputError, match="twice"):
        parse_players(["ann:humans", "ben:humans"], races)
    with pytest.raises(InputError, match="twice"):
        parse_players(["ann", "ann"], races)
    with pytest.raises(InputError, match="unknown race"):
        parse_players(["ann:klingons"], races)
    with pytest.raises(InputError):
        parse_players([":humans"], races)


def test_race_chosen_twice_is_refused(lib):
    with pytest.raises(InputError, match="twice"):
        new_venus("test", ["ann:humans", "ben:humans"], lib, "0" * 64, "en", "plain", FixedSource([]))
    with pytest.raises(InputError, match="twice"):
        new_venus("test", ["ann:whynoms", "ben", "cat:Whynoms"], lib, "0" * 64, "en", "plain", FixedSource([]))


@pytest.mark.parametrize("names", [["ann"], ["ann", "ben", "cat", "dan", "eve"], []])
def test_one_or_five_players_refused_without_a_die(lib, names):
    src = FixedSource([1] * 40)
    with pytest.raises(InputError, match="2 to 4 players"):
        new_venus("test", names, lib, "0" * 64, "en", "plain", src)
    assert src.used == 0


# ================================================================ movement: the speed roll


def test_scout_rolls_its_speed_number_of_d6(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    number = int(lib.get("ships", "venus").row("scout").values["speed"])
    src = FixedSource([4] * number)
    roll = move(campaign, lib, "ann", "Nebula Habitat", src)
    assert roll.dice == [4] * number
    assert roll.movement_value == 4 * number
    assert roll.heading == "Nebula Habitat"
    assert src.remaining == []
    assert all(label.startswith("ann: speed die") for label in src.labels)
    data = roll.to_data()
    assert data["movement_value"] == 4 * number and data["dice"] == [4] * number
    assert data["navigation_die"] is None and data["navigation_index"] is None
    v = campaign.game
    assert v.moved and v.heading == "Nebula Habitat" and v.phase == "movement"


def test_speed_dice_are_d6(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    with pytest.raises(GmError):
        move(campaign, lib, "ann", "Nebula Habitat", FixedSource([7]))
    assert not campaign.game.moved
    roll = move(campaign, lib, "ann", "Nebula Habitat", FixedSource([6]))
    assert roll.movement_value == 6


def test_movement_value_is_the_sum_and_navigation_die(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    campaign.game.merchants["ann"].ship = "clipper"  # speed number 2 (example content)
    number = int(lib.get("ships", "venus").row("clipper").values["speed"])
    assert number == 2
    src = FixedSource([3, 5])
    roll = move(campaign, lib, "ann", "System 1", src)
    assert roll.dice == [3, 5] and roll.movement_value == 8
    assert roll.navigation is None
    roll = navigate(campaign, lib, "ann", 5)  # after the roll: the die showing 5
    assert roll.navigation == 2 and roll.movement_value == 8
    data = roll.to_data()
    assert data["navigation_die"] == 5 and data["navigation_index"] == 2 and data["movement_value"] == 8


@pytest.mark.parametrize("ship,faces", [("scout", [4]), ("clipper", [2, 6]), ("freighter", [6, 1, 3])])
def test_the_number_of_speed_dice_is_the_speed_number(lib, ship, faces):
    """Issue 17: as many speed dice as the ship's speed number — nothing else."""
    campaign, _ = game(lib, ["ann", "ben"])
    campaign.game.merchants["ann"].ship = ship
    assert int(lib.get("ships", "venus").row(ship).values["speed"]) == len(faces)
    src = FixedSource(faces + [5])
    roll = move(campaign, lib, "ann", "System 2", src)
    assert roll.dice == faces and roll.movement_value == sum(faces)
    assert src.remaining == [5] and campaign.game.speed_dice == faces


@pytest.mark.parametrize("speed", [1, 2])
def test_freighter_cannot_roll_fewer_dice(lib, speed):
    """Issue 17: `--speed 1` on a speed-3 freighter is refused; no die is rolled."""
    campaign, _ = game(lib, ["ann", "ben"])
    campaign.game.merchants["ann"].ship = "freighter"  # speed number 3
    src = FixedSource([6, 6, 6])
    with pytest.raises(RuleRefused, match="speed number is 3"):
        move(campaign, lib, "ann", "System 2", src, speed=speed)
    assert src.used == 0
    v = campaign.game
    assert not v.moved and v.heading is None and v.speed_dice == []
    roll = move(campaign, lib, "ann", "System 2", src, speed=3)  # stating the right number is fine
    assert roll.dice == [6, 6, 6]


def test_too_few_faces_for_the_speed_number_roll_nothing(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    campaign.game.merchants["ann"].ship = "freighter"
    with pytest.raises(GmError):
        move(campaign, lib, "ann", "System 2", FixedSource([6]))
    v = campaign.game
    assert not v.moved and v.heading is None and v.speed_dice == []


@pytest.mark.parametrize("speed", [0, 2, 5, -1])
def test_speed_above_the_speed_number_refused_without_a_die(lib, speed):
    campaign, _ = game(lib, ["ann", "ben"])
    src = FixedSource([1] * 6)
    with pytest.raises(GmError, match="speed number"):
        move(campaign, lib, "ann", "Nebula Habitat", src, speed=speed)
    assert src.used == 0
    assert not campaign.game.moved and campaign.game.heading is None
    move(campaign, lib, "ann", "Nebula Habitat", FixedSource([1]), speed=1)


# ---------------------------------------------------------------- the navigation die (issue 17)


def _nav_state(v) -> tuple:
    return (v.phase, v.moved, v.heading, list(v.speed_dice), v.navigation)


def test_navigation_before_the_roll_refused(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    before = _nav_state(campaign.game)
    with pytest.raises(RuleRefused, match="roll the speed dice first"):
        navigate(campaign, lib, "ann", 3)
    with pytest.raises(RuleRefused, match="roll the speed dice first"):
        navigate(campaign, lib, "ann")
    assert _nav_state(campaign.game) == before


def test_navigation_is_assigned_after_the_roll_by_face(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    campaign.game.merchants["ann"].ship = "freighter"
    move(campaign, lib, "ann", "Nebula Habitat", FixedSource([2, 5, 2]))
    v = campaign.game
    assert v.speed_dice == [2, 5, 2] and v.navigation is None
    # a face no die shows, or no face with dice that differ: refused, nothing changes
    before = _nav_state(v)
    with pytest.raises(RuleRefused, match=r"no speed die shows 4 \(rolled: 2, 5, 2\)"):
        navigate(campaign, lib, "ann", 4)
    with pytest.raises(InputError, match="name the die"):
        navigate(campaign, lib, "ann")
    with pytest.raises(RuleRefused, match="turn"):
        navigate(campaign, lib, "ben", 5)
    assert _nav_state(v) == before
    roll = navigate(campaign, lib, "ann", 2)
    assert roll.navigation == 1 and roll.to_data()["navigation_die"] == 2
    assert roll.movement_value == 9 and v.navigation == 1
    # once a turn
    with pytest.raises(RuleRefused, match="already assigned"):
        navigate(campaign, lib, "ann", 5)
    assert v.navigation == 1


def test_navigation_with_one_die_needs_no_face(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    move(campaign, lib, "ann", "Nebula Habitat", FixedSource([3]))
    roll = navigate(campaign, lib, "ann")
    assert roll.navigation == 1 and roll.to_data()["navigation_die"] == 3


def test_navigation_after_landing_refused_and_cleared_at_turn_end(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    move(campaign, lib, "ann", "Nebula Habitat", FixedSource([3]))
    land(campaign, lib, "ann", "nebula-habitat", "spaceport")
    with pytest.raises(RuleRefused, match="past the movement phase"):
        navigate(campaign, lib, "ann", 3)
    assert campaign.game.navigation is None
    end_player_turn(campaign, lib, "ann")
    v = campaign.game
    assert v.speed_dice == [] and v.navigation is None and not v.moved


def test_navigation_survives_a_save_and_load(lib):
    from gmtool.campaign.model import campaign_from_dict, campaign_to_dict

    campaign, _ = game(lib, ["ann", "ben"])
    campaign.game.merchants["ann"].ship = "clipper"
    move(campaign, lib, "ann", "System 1", FixedSource([1, 6]))
    navigate(campaign, lib, "ann", 6)
    again = campaign_from_dict(campaign_to_dict(campaign), ValueError)
    assert again.game.speed_dice == [1, 6] and again.game.navigation == 2
    with pytest.raises(RuleRefused, match="already assigned"):
        navigate(again, lib, "ann", 1)


@pytest.mark.parametrize("heading", [None, "", "   ", "\t\n"])
def test_move_without_heading_refused_and_rolls_nothing(lib, heading):
    campaign, _ = game(lib, ["ann", "ben"])
    src = FixedSource([4])
    with pytest.raises(RuleRefused, match="heading"):
        move(campaign, lib, "ann", heading, src)
    assert src.used == 0 and src.labels == []
    v = campaign.game
    assert not v.moved and v.heading is None and v.phase == "movement"
    # declared now: the roll is made
    roll = move(campaign, lib, "ann", "Nebula Habitat", src)
    assert roll.dice == [4] and src.remaining == []


def test_heading_is_trimmed_and_bounded(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    roll = move(campaign, lib, "ann", "  " + "x" * 200 + "  ", FixedSource([2]))
    assert roll.heading == "x" * 80
    assert campaign.game.heading == "x" * 80


def test_second_move_in_a_turn_refused(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    move(campaign, lib, "ann", "Nebula Habitat", FixedSource([4]))
    src = FixedSource([5])
    with pytest.raises(RuleRefused, match="already"):
        move(campaign, lib, "ann", "Asteroid System", src)
    assert src.used == 0
    assert campaign.game.heading == "Nebula Habitat"


def test_move_out_of_turn_refused(lib):
    campaign, _ = game(lib, ["ann", "ben", "cat"], first=2)
    assert campaign.game.current == "ben"
    for who in ("ann", "cat"):
        src = FixedSource([4])
        with pytest.raises(RuleRefused, match="turn"):
            move(campaign, lib, who, "Nebula Habitat", src)
        assert src.used == 0
    src = FixedSource([4])
    with pytest.raises(InputError, match="unknown player"):
        move(campaign, lib, "zed", "Nebula Habitat", src)
    assert src.used == 0
    assert not campaign.game.moved
    move(campaign, lib, "ben", "Nebula Habitat", FixedSource([4]))


def test_move_after_landing_or_skipping_refused(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    move(campaign, lib, "ann", "Galactic Base", FixedSource([1]))
    land(campaign, lib, "ann", "galactic-base", "spaceport")
    with pytest.raises(RuleRefused):
        move(campaign, lib, "ann", "Nebula Habitat", FixedSource([4]))
    campaign, _ = game(lib, ["ann", "ben"])
    skip(campaign, "ann", in_port=False)
    src = FixedSource([4])
    with pytest.raises(RuleRefused):
        move(campaign, lib, "ann", "Nebula Habitat", src)
    assert src.used == 0


# ================================================================ movement costs


def test_movement_costs(lib):
    rules = lib.get("rules", "venus")
    assert movement_cost(1, 0, rules) == 1
    assert movement_cost(0, 1, rules) == 2
    assert movement_cost(4, 2, rules) == 8
    assert movement_cost(0, 0, rules) == 0
    assert movement_cost(3, 0, rules) == 3
    assert movement_cost(0, 5, rules) == 10
    for grey, green in ((-1, 0), (0, -1), (-3, -2)):
        with pytest.raises(InputError):
            movement_cost(grey, green, rules)


# ================================================================ landing and skipping


@pytest.mark.parametrize("kind", ["city", "spaceport"])
def test_landing_in_a_city_or_spaceport_reveals_the_first_contact_card(lib, kind):
    campaign, _ = game(lib, ["ann", "ben"])
    v = campaign.game
    card = v.first_contact["nebula-habitat"]
    move(campaign, lib, "ann", "Nebula Habitat", FixedSource([4]))
    out = land(campaign, lib, "ann", "nebula-habitat", kind)
    assert out["first_contact"] == card
    assert out["next"] == "operations"
    assert v.revealed == ["nebula-habitat"]
    assert v.phase == "operations"
    assert v.merchants["ann"].position == "nebula-habitat"
    # only that system's card is face up
    assert all(s not in v.revealed for s in v.first_contact if s != "nebula-habitat")
    # a second landing there (next turn, another player) turns nothing more
    end_player_turn(campaign, lib, "ann")
    move(campaign, lib, "ben", "Nebula Habitat", FixedSource([3]))
    out = land(campaign, lib, "ben", "nebula-habitat", kind)
    assert "first_contact" not in out and v.revealed == ["nebula-habitat"]
    assert v.phase == "operations"


def test_landing_on_an_asteroid_ends_the_turn(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    v = campaign.game
    move(campaign, lib, "ann", "Asteroid System", FixedSource([2]))
    out = land(campaign, lib, "ann", "asteroid-system", "asteroid")
    assert out["next"] == "turn over"
    assert "first_contact" not in out
    assert v.revealed == []
    assert v.phase not in ("movement", "first_contact", "operations")
    assert v.merchants["ann"].position == "asteroid-system"
    with pytest.raises(RuleRefused):
        land(campaign, lib, "ann", "nebula-habitat", "city")


def test_landing_on_the_galactic_base_reveals_nothing(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    move(campaign, lib, "ann", "Galactic Base", FixedSource([2]))
    out = land(campaign, lib, "ann", "galactic-base", "spaceport")
    assert out["next"] == "operations" and "first_contact" not in out
    assert campaign.game.revealed == []


@pytest.mark.parametrize(
    "space,kind",
    [
        ("nowhere", "city"),
        ("nebula-habitat", "moon"),
        ("", "city"),
        ("nebula-habitat", ""),
        ("Nebula Habitatt", "spaceport"),
    ],
)
def test_landing_on_unknown_space_or_kind_refused(lib, space, kind):
    campaign, _ = game(lib, ["ann", "ben"])
    move(campaign, lib, "ann", "Nebula Habitat", FixedSource([4]))
    before = (campaign.game.phase, list(campaign.game.revealed), campaign.game.merchants["ann"].position)
    with pytest.raises(InputError):
        land(campaign, lib, "ann", space, kind)
    after = (campaign.game.phase, list(campaign.game.revealed), campaign.game.merchants["ann"].position)
    assert after == before


def test_landing_out_of_turn_refused(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    with pytest.raises(RuleRefused):
        land(campaign, lib, "ben", "nebula-habitat", "city")
    assert campaign.game.revealed == [] and campaign.game.merchants["ben"].position == "galactic-base"


# ---------------------------------------------------------------- landing after the move (issue 17)


def _land_state(v) -> tuple:
    return (v.phase, list(v.revealed), {n: m.position for n, m in v.merchants.items()})


@pytest.mark.parametrize(
    "space,kind", [("galactic-base", "spaceport"), ("nebula-habitat", "city"), ("asteroid-system", "asteroid")]
)
def test_landing_on_a_fresh_game_is_refused(lib, space, kind):
    """Landing comes after Declare Heading → Set Speed → Move."""
    campaign, _ = game(lib, ["ann", "ben"])
    before = _land_state(campaign.game)
    with pytest.raises(RuleRefused, match="Declare Heading → Set Speed → Move"):
        land(campaign, lib, "ann", space, kind)
    assert _land_state(campaign.game) == before
    move(campaign, lib, "ann", "there", FixedSource([3]))
    assert land(campaign, lib, "ann", space, kind)["space"] == space


@pytest.mark.parametrize(
    "space,kind,fragment",
    [
        ("galactic-base", "asteroid", "Neutral Spaceport"),  # the base acts as a Neutral Spaceport
        ("galactic-base", "city", "Neutral Spaceport"),
        ("encounter-1", "city", "encounter space"),  # an encounter space has no city
        ("encounter-2", "spaceport", "encounter space"),
        ("encounter-3", None, "encounter space"),
        ("nebula-habitat", "asteroid", "city and spaceport"),  # the board table says what each space is
    ],
)
def test_landing_kind_must_fit_the_space(lib, space, kind, fragment):
    campaign, _ = game(lib, ["ann", "ben"])
    move(campaign, lib, "ann", "somewhere", FixedSource([5]))
    before = _land_state(campaign.game)
    with pytest.raises(RuleRefused, match=fragment):
        land(campaign, lib, "ann", space, kind)
    assert _land_state(campaign.game) == before and campaign.game.phase == "movement"


def test_landing_kind_may_be_left_out_where_the_space_offers_one(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    move(campaign, lib, "ann", "Galactic Base", FixedSource([5]))
    with pytest.raises(InputError, match="city or spaceport"):
        land(campaign, lib, "ann", "nebula-habitat")
    out = land(campaign, lib, "ann", "galactic-base")
    assert out["kind"] == "spaceport" and out["next"] == "operations"


def test_every_board_space_says_where_a_ship_may_land(lib):
    for row in rows(lib, "board"):
        lands = landings_of(row)
        assert set(lands) <= {"city", "spaceport", "asteroid"}
        kind = row.values["kind"]
        if kind == "base":
            assert lands == ["spaceport"]
        elif kind == "encounter":
            assert lands == []
        else:
            assert lands
    # a moderator's board without the column: the kind decides
    from gmtool.rolltables.model import Row

    bare = lambda kind: Row(1, None, None, "x", {"en": "X"}, {}, {"kind": kind}, (), {})  # noqa: E731
    assert landings_of(bare("base")) == ["spaceport"] and landings_of(bare("encounter")) == []
    assert landings_of(bare("system")) == ["city", "spaceport", "asteroid"]


@pytest.mark.parametrize("name", ["nowhere", "Nebula Habitatt", "", "system-9"])
def test_unknown_space_refused_with_the_valid_ids(lib, name):
    campaign, _ = game(lib, ["ann", "ben"])
    move(campaign, lib, "ann", "somewhere", FixedSource([5]))
    before = _land_state(campaign.game)
    with pytest.raises(InputError) as info:
        land(campaign, lib, "ann", name, "city")
    message = str(info.value)
    assert f"unknown space {name!r}" in message
    for row in rows(lib, "board"):
        assert row.id in message
    assert _land_state(campaign.game) == before


@pytest.mark.parametrize(
    "name,space",
    [
        ("Nebula Habitat", "nebula-habitat"),
        ("nebula  habitat", "nebula-habitat"),
        ("NEBULA-HABITAT", "nebula-habitat"),
        ("Поселение в туманности", "nebula-habitat"),
        ("галактическая база", "galactic-base"),
        ("System 1", "system-1"),
    ],
)
def test_a_space_may_be_named_by_its_label(lib, name, space):
    assert find_space(lib, name).id == space
    campaign, _ = game(lib, ["ann", "ben"])
    move(campaign, lib, "ann", name, FixedSource([5]))
    out = land(campaign, lib, "ann", name, "spaceport")
    assert out["space"] == space and campaign.game.merchants["ann"].position == space


# ---------------------------------------------------------------- setup step 1 and example content (issue 17)

REMOVED_PASSENGERS = (
    "diva",
    "ambassador",
    "caterer",
    "politician",
    "invader",
    "примадонн",
    "посол",
    "поставщик провизии",
    "политик",
    "захватчик",
)


def test_no_first_contact_card_offers_a_removed_passenger(lib):
    """Setup step 1 removes the Diva (and the other Fame/Infamy passengers) from the Classic game."""
    for row in rows(lib, "first-contact"):
        words = [row.id] + list(row.label.values()) + list((row.text or {}).values())
        for word in words:
            assert not any(p in word.casefold() for p in REMOVED_PASSENGERS), (row.id, word)
    assert "diva-tour" not in {r.id for r in rows(lib, "first-contact")}


def test_every_speed_number_is_labelled_example_content(lib):
    ships = lib.get("ships", "venus")
    assert "example" in ships.columns["speed"].label["en"] and "пример" in ships.columns["speed"].label["ru"]
    assert "Scout" in ships.description["en"] and "Разведчик" in ships.description["ru"]
    for row in ships.rows:
        assert "example" in row.label["en"] and "пример" in row.label["ru"], row.id


def test_skip_movement(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    out = skip(campaign, "ann", in_port=True)
    assert out["next"] == "operations" and campaign.game.phase == "operations"
    with pytest.raises(RuleRefused):
        skip(campaign, "ann", in_port=True)
    campaign, _ = game(lib, ["ann", "ben"])
    out = skip(campaign, "ann", in_port=False)
    assert out["next"] != "operations"
    assert campaign.game.phase not in ("movement", "first_contact", "operations")
    # not after rolling, not out of turn
    campaign, _ = game(lib, ["ann", "ben"])
    with pytest.raises(RuleRefused):
        skip(campaign, "ben", in_port=True)
    move(campaign, lib, "ann", "Nebula Habitat", FixedSource([1]))
    with pytest.raises(RuleRefused):
        skip(campaign, "ann", in_port=True)


# ================================================================ net worth, victory, rounds


def test_set_worth(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    assert set_worth(campaign, "ben", 1234) == 1234  # any player's worth, in or out of turn
    assert campaign.game.merchants["ben"].net_worth == 1234
    with pytest.raises(InputError):
        set_worth(campaign, "ann", -1)
    with pytest.raises(InputError):
        set_worth(campaign, "zed", 10)
    assert campaign.game.merchants["ann"].net_worth == 0


def test_1999_is_no_victory_and_the_turn_passes_clockwise(lib):
    campaign, _ = game(lib, ["ann", "ben", "cat"], first=2)
    v = campaign.game
    set_worth(campaign, "ben", 1999)
    move(campaign, lib, "ben", "Nebula Habitat", FixedSource([3]))
    out = end_player_turn(campaign, lib, "ben")
    assert out.get("winner") is None and v.winner is None
    assert out["next_player"] == "cat" and v.current == "cat"
    assert out["net_worth"] == 1999 and out["threshold"] == 2000
    assert v.phase == "movement" and not v.moved and v.heading is None
    assert campaign.turn == 1 and out["round"] == 1
    end_player_turn(campaign, lib, "cat")
    assert v.current == "ann" and campaign.turn == 1  # wraps round the table
    out = end_player_turn(campaign, lib, "ann")
    assert v.current == "ben" and campaign.turn == 2 and out["round"] == 2  # back to the first player


def test_end_turn_out_of_turn_refused(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    with pytest.raises(RuleRefused):
        end_player_turn(campaign, lib, "ben")
    with pytest.raises(InputError):
        end_player_turn(campaign, lib, "zed")
    assert campaign.game.current == "ann" and campaign.turn == 1


def test_worth_of_another_player_is_checked_at_the_end_of_their_own_turn(lib):
    campaign, _ = game(lib, ["ann", "ben"])
    set_worth(campaign, "ben", 5000)
    out = end_player_turn(campaign, lib, "ann")
    assert campaign.game.winner is None and out["next_player"] == "ben"
    out = end_player_turn(campaign, lib, "ben")
    assert out["winner"] == "ben" and campaign.game.winner == "ben"


@pytest.mark.parametrize("worth", [2000, 2001, 10**6])
def test_2000_wins_and_everything_after_is_refused(lib, worth):
    campaign, _ = game(lib, ["ann", "ben", "cat"])
    set_worth(campaign, "ann", worth)
    out = end_player_turn(campaign, lib, "ann")
    assert out["winner"] == "ann" and campaign.game.winner == "ann"
    assert out["net_worth"] == worth
    assert "next_player" not in out
    assert campaign.game.current == "ann" and campaign.turn == 1
    assert campaign.victory and campaign.victory.get("leader") == "ann"
    src = FixedSource([4])
    for action in (
        lambda: move(campaign, lib, "ann", "Nebula Habitat", src),
        lambda: move(campaign, lib, "ben", "Nebula Habitat", src),
        lambda: land(campaign, lib, "ann", "nebula-habitat", "city"),
        lambda: skip(campaign, "ann", True),
        lambda: set_worth(campaign, "ben", 3000),
        lambda: end_player_turn(campaign, lib, "ann"),
        lambda: end_player_turn(campaign, lib, "ben"),
    ):
        with pytest.raises(RuleRefused, match="over"):
            action()
    assert src.used == 0
    assert campaign.game.revealed == [] and campaign.game.merchants["ben"].net_worth == 0


def test_orion_campaign_is_refused_by_venus_actions(lib):
    from gmtool.campaign.model import Campaign
    from gmtool.rules.orion.state import OrionState

    orion = Campaign(name="o", commitment="0" * 64, game=OrionState(radius=3))
    with pytest.raises(RuleRefused):
        move(orion, lib, "ann", "x", FixedSource([1]))
    with pytest.raises(RuleRefused):
        end_player_turn(orion, lib, "ann")


# ================================================================ a short game


def test_scripted_game_to_a_winner(lib):
    # setup: ann and ben choose; cat is dealt a race; ben goes first
    faces = setup_faces(lib, 1, 2)
    campaign = new_venus(
        "venus", ["ann:humans", "ben:qossuth", "cat"], lib, "0" * 64, "en", "plain", FixedSource(faces)
    )
    v = campaign.game
    assert v.first_player == "ben"
    assert {p.race for p in campaign.players} == {"humans", "qossuth", campaign.players[2].race}
    assert campaign.players[2].race in {"eeepeeep", "whynoms"}
    assert all(m.credits == 60 for m in v.merchants.values())

    # round 1 — ben: to the Nebula Habitat, lands in its spaceport
    roll = move(campaign, lib, "ben", "Nebula Habitat", FixedSource([5]))
    assert roll.movement_value == 5
    assert movement_cost(3, 1, lib.get("rules", "venus")) == 5
    out = land(campaign, lib, "ben", "nebula-habitat", "spaceport")
    assert out["first_contact"] == v.first_contact["nebula-habitat"]
    set_worth(campaign, "ben", 400)
    assert end_player_turn(campaign, lib, "ben")["next_player"] == "cat"
    # cat: stays in port
    skip(campaign, "cat", in_port=True)
    set_worth(campaign, "cat", 150)
    assert end_player_turn(campaign, lib, "cat")["next_player"] == "ann"
    # ann: an asteroid ends her turn
    move(campaign, lib, "ann", "Asteroid System", FixedSource([2]))
    assert land(campaign, lib, "ann", "asteroid-system", "asteroid")["next"] == "turn over"
    out = end_player_turn(campaign, lib, "ann")
    assert out["next_player"] == "ben" and out["round"] == 2 and campaign.turn == 2

    # round 2 — ben reaches 1999: not yet
    move(campaign, lib, "ben", "System 1", FixedSource([6]))
    land(campaign, lib, "ben", "system-1", "city")
    assert v.revealed == ["nebula-habitat", "system-1"]
    set_worth(campaign, "ben", 1999)
    assert end_player_turn(campaign, lib, "ben")["next_player"] == "cat"
    skip(campaign, "cat", in_port=False)
    end_player_turn(campaign, lib, "cat")
    end_player_turn(campaign, lib, "ann")
    assert campaign.turn == 3 and v.current == "ben"

    # round 3 — ben: 2000 at the end of his own turn wins
    move(campaign, lib, "ben", "Galactic Base", FixedSource([1]))
    land(campaign, lib, "ben", "galactic-base", "spaceport")
    set_worth(campaign, "ben", 2000)
    out = end_player_turn(campaign, lib, "ben")
    assert out["winner"] == "ben" and v.winner == "ben"
    with pytest.raises(RuleRefused):
        move(campaign, lib, "cat", "Nebula Habitat", FixedSource([1]))
    with pytest.raises(RuleRefused):
        end_player_turn(campaign, lib, "cat")
