"""The campaign model's TOML round trip (gmtool/campaign/model.py): lossless for any campaign.

Expected values are written from docs/rules-orion.md, docs/commands.md and the docstrings, not read
back from the code under test.
"""

from __future__ import annotations

import tomllib

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.campaign.hexes import Hex
from gmtool.campaign.model import FORMATS, LANGS, Campaign, campaign_from_dict, campaign_to_dict
from gmtool.errors import CampaignError
from gmtool.rules.orion.campaign_explore import apply_exploration, neighbourhood_of
from gmtool.rules.orion.exploration import OrionTables, explore
from gmtool.rules.orion.state import Monster, OrionPlayer, OrionState, PlanetState, System
from helpers import SECRET, make_campaign, roller, shipped_library, slow_twin

TABLES = OrionTables(shipped_library())


_text = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12)
_maybe_text = st.none() | _text
_small = st.integers(0, 10_000)  # within the ranges checked on load
_hexes = st.builds(Hex, st.integers(-1000, 1000), st.integers(-1000, 1000))
_strings = st.lists(_text, max_size=4)

_planets = st.builds(
    PlanetState,
    type=_text,
    size=_text,
    properties=_strings,
    max_population=_small,
    production=st.integers(-10_000, 10_000),
    population=_small,
    buildings=_strings,
)
_monsters = st.builds(Monster, kind=_text, great=st.booleans(), guards=_maybe_text)
_systems = st.builds(
    System,
    hex=_hexes,
    discovery=_text,
    planet=st.none() | _planets,
    owner=_maybe_text,
    explored_by=_maybe_text,
    explored_turn=st.none() | _small,
    homeworld_of=_maybe_text,
    monster=st.none() | _monsters,
    guardian=st.booleans(),
    events=_strings,
    name=st.just("") | _text,
)
# an award's keys are the schema's (gmtool/campaign/model.py AWARD); its value is any TOML value
_awards = st.lists(
    st.fixed_dictionaries(
        {"id": _small, "turn": _small, "kind": _text, "value": _small | _text | st.lists(_text, max_size=3)},
        optional={"hex": _text, "reason": _text},
    ),
    max_size=3,
)
_players = st.builds(
    OrionPlayer,
    name=_text,
    homeworld=_hexes,
    bc=_small,
    orders=_small,
    fleet_size=st.integers(0, 100),
    fleet_max=st.integers(0, 100),
    feudal=st.booleans(),
    scouts=_small,
    colony_ships=_small,
    race=st.just("") | _text,
    awards=_awards,
)
_orion = st.builds(
    OrionState,
    radius=st.integers(1, 50),
    systems=st.lists(_systems, max_size=8),
    orion=_hexes,
    orders_per_turn=_small,
)
_campaigns = st.builds(
    Campaign,
    name=_text,
    commitment=_text,
    players=st.lists(_players, max_size=9),
    game=_orion,
    ruleset=st.just("orion"),  # the state is orion's: its ruleset reads it
    lang=st.sampled_from(LANGS),
    format=st.sampled_from(FORMATS),
    turn=st.integers(1, 10_000),
    stage=st.integers(1, 3),
    seed=st.none() | st.integers(-(2**63), 2**63 - 1),
    revealed_secret=_maybe_text,
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # 100: the twin below
@given(_campaigns)
def test_toml_round_trip_is_lossless(campaign):
    text = tomli_w.dumps(campaign_to_dict(campaign))
    back = campaign_from_dict(tomllib.loads(text), CampaignError)
    assert back == campaign


def test_round_trip_of_a_real_campaign_after_play():
    c = make_campaign()
    alice = c.players[0]
    target = alice.homeworld.neighbours()[0]
    r, src = roller(8, 1, 7, 5)  # favorable planet, positive 1 → technology
    apply_exploration(c, alice, target, explore(r, TABLES, 1, neighbourhood_of(c, target, TABLES)))
    c.revealed_secret = SECRET.hex()
    back = campaign_from_dict(tomllib.loads(tomli_w.dumps(campaign_to_dict(c))), CampaignError)
    assert back == c


# ------------------------------------------------------------------ the long runs (pytest -m slow)

test_toml_round_trip_is_lossless_long = slow_twin(test_toml_round_trip_is_lossless, 100)
