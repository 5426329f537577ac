"""The tests' dice secrets (tests/conftest.py, FixedSecrets): a failing test replays with the
same dice, a property test's secret is part of its hypothesis example, and a real campaign
still draws a fresh random secret."""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from conftest import TEST_SECRETS
from helpers import ok, run_gmtool, snapshot


def new(folder: Path) -> str:
    ok(run_gmtool("campaign", "new", str(folder), "-p", "alice", "-p", "bob", "--seed", "3"))
    return (folder / "secret.key").read_text(encoding="ascii").strip()


def fixed(k: int) -> str:
    return hashlib.sha256(f"gmtool test secret {k}".encode()).hexdigest()


def test_each_campaign_of_a_test_has_its_own_fixed_secret(tmp_path):
    assert [new(tmp_path / "one"), new(tmp_path / "two")] == [fixed(0), fixed(1)]


def test_another_test_counts_its_secrets_afresh(tmp_path):
    assert new(tmp_path / "c") == fixed(0)


def test_a_test_can_name_its_secret(tmp_path, dice_secret):
    dice_secret(bytes(range(32)))
    assert new(tmp_path / "one") == new(tmp_path / "two") == bytes(range(32)).hex()


def test_a_real_campaign_draws_a_random_secret(tmp_path, random_secrets):
    one, two = new(tmp_path / "one"), new(tmp_path / "two")
    assert len(one) == len(two) == 64 and one != two
    assert not {one, two} & {fixed(k) for k in range(4)}


@settings(max_examples=3, database=None)
@given(n=st.integers(0, 5))
@example(n=-1)  # an explicit example has nothing to draw from: the test's fixed secrets
def test_a_property_tests_campaign_takes_its_secret_from_hypothesis(tmp_path_factory, n):
    # drawn from the example's own data, so the example's blob or database entry replays it
    secret = new(tmp_path_factory.mktemp("p"))
    if n == -1:
        assert secret == fixed(0)
    else:
        assert len(secret) == 64 and secret not in {fixed(k) for k in range(8)}


def test_a_derandomised_property_draws_the_same_secrets_on_every_run(tmp_path_factory):
    def run() -> list[str]:
        seen: list[str] = []

        @settings(derandomize=True, database=None, max_examples=3)
        @given(n=st.integers(0, 5))
        def prop(n):
            seen.append(new(tmp_path_factory.mktemp("d")))

        prop()
        return seen

    first = run()
    assert first == run() and len(set(first)) > 1


def test_ci_runs_hypothesis_derandomised_printing_the_replay_blob():
    from hypothesis import settings as profiles

    ci = profiles.get_profile("ci")
    assert ci.derandomize and ci.print_blob and ci.deadline is None
    run = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "pytest --hypothesis-profile=ci" in run and "pytest -m slow --hypothesis-profile=ci" in run


def test_a_shared_new_campaign_is_what_campaign_new_makes_first(new_campaign, tmp_path_factory):
    args = ("-p", "alice", "-p", "bob", "--seed", "3")
    copied = new_campaign("c", *args)
    TEST_SECRETS.drawn = 0  # as a test whose first campaign is made by campaign new
    made = tmp_path_factory.mktemp("made") / "c"
    ok(run_gmtool("campaign", "new", str(made), *args))
    assert snapshot(copied) == snapshot(made)
    assert (copied / "secret.key").stat().st_mode & 0o777 == 0o600
    # a second campaign of the test has the test's second secret
    assert new(copied.parent / "second") == fixed(1) and new_campaign("d", *args).name == "d"


def test_new_campaigns_keywords_are_campaign_news_options(new_campaign, tmp_path_factory):
    copied = new_campaign("c", players=["Борис", "ann"], seed=3, lang="ru", fmt="bbcode", radius=5)
    TEST_SECRETS.drawn = 0
    made = tmp_path_factory.mktemp("made") / "c"
    options = ("-p", "Борис", "-p", "ann", "--format", "bbcode", "--radius", "5", "--lang", "ru", "--seed", "3")
    ok(run_gmtool("campaign", "new", str(made), *options))
    assert snapshot(copied) == snapshot(made)


def secret_of(folder: Path) -> str:
    return (folder / "secret.key").read_text(encoding="ascii").strip()


def test_a_shared_new_campaign_keeps_a_named_secret(new_campaign, dice_secret):
    dice_secret(bytes(range(32)))
    assert secret_of(new_campaign("c", players=["alice", "bob"], seed=3)) == bytes(range(32)).hex()


def test_a_shared_new_campaign_keeps_the_real_draw(new_campaign, random_secrets):
    one = secret_of(new_campaign("one", players=["alice", "bob"], seed=3))
    two = secret_of(new_campaign("two", players=["alice", "bob"], seed=3))
    assert len(one) == len(two) == 64 and one != two
    assert not {one, two} & {fixed(k) for k in range(4)}


def test_camp_is_the_new_campaign_of_alice_bob_and_carol_unless_marked(camp):
    assert camp.name == "c" and secret_of(camp) == fixed(0)
    players = [p["name"] for p in tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))["player"]]
    assert players == ["alice", "bob", "carol"]


@pytest.mark.camp(name="r", players=["ann", "bob"], lang="ru", seed=5)
def test_a_camp_marker_names_the_new_campaigns_shape(camp):
    state = tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8"))
    assert (camp.name, state["lang"], state["seed"], [p["name"] for p in state["player"]]) == (
        "r",
        "ru",
        5,
        ["ann", "bob"],
    )
    assert secret_of(camp) == fixed(0)


@pytest.mark.parametrize("example", ["whole", "fresh", "rooms"])
def test_a_camp_marker_asks_for_a_copy_of_the_example(request, example, tmp_path):
    request.applymarker(pytest.mark.camp(example=example))
    camp = request.getfixturevalue("camp")
    assert camp == tmp_path / "camp" and (camp / "campaign.toml").is_file()
    assert (camp / "orders").is_dir() == (example != "rooms")
