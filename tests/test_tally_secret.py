"""A public tally gives totals only (docs/rules-orion.md A9, wave 3): never who voted or who did not.

With public planet counts, "Have not voted: c" lets the players work out each ballot.  So
two games that differ only in WHO cast the ballots (same totals) must give byte-identical
public outputs — `council tally` in every format and language, the public post of the
turn and its JSON, `post pending` — while the moderator's `council tally --private` still
names every ballot and who has not voted."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from helpers import FORMATS, LANGS, ok, ok_json

pytestmark = pytest.mark.usefixtures("isolated")

LEADERS = ("alice", "bob", "carol")


def _set_stage(folder: Path, stage: int, turn: int) -> None:
    """What a moderator does in an editor: the top-level `turn` and `stage` lines."""
    path = folder / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^turn = \d+$", f"turn = {turn}", text, count=1)
    text = re.sub(r"(?m)^stage = \d+$", f"stage = {stage}", text, count=1)
    path.write_text(text, encoding="utf-8")


def _bill_game(gm, new_campaign, tmp_path: Path, name: str, voters: dict[str, str]) -> Path:
    """Turn 7 started, a bill put to the vote (one prepared game, copied: the same secret, the
    same dice); ``voters`` cast ballots (every leader has one planet, its homeworld: a ballot is
    1 vote)."""
    base = tmp_path / "base-bill"
    if not base.exists():
        new_campaign(base.name, players=LEADERS, seed=1)
        _set_stage(base, 2, 7)
        ok(gm("turn", "start", "-c", str(base)))
        # the chair names a leader, in case the bill needs one (A3: the Embargo, a tie)
        ok(gm("council", "propose", "-c", str(base), "--pick", "1", "--target", "bob"))
    folder = tmp_path / name
    shutil.copytree(base, folder)
    for leader, vote in voters.items():
        ok(gm("council", "vote", "-c", str(folder), "--player", leader, vote))
    return folder


def _election_game(gm, new_campaign, tmp_path: Path, name: str, voters: dict[str, str]) -> Path:
    base = tmp_path / "base-election"
    if not base.exists():
        new_campaign(base.name, players=LEADERS, seed=1)
        _set_stage(base, 3, 13)
    folder = tmp_path / name
    shutil.copytree(base, folder)
    for leader, candidate in voters.items():
        ok(gm("council", "elect", "-c", str(folder), "--player", leader, "--candidate", candidate))
    return folder


def _all_outputs(gm, folder: Path, *args: str) -> dict[tuple[str, str], str]:
    return {
        (fmt, lang): ok(gm(*args, "-c", str(folder), "--format", fmt, "--lang", lang))
        for fmt in FORMATS
        for lang in LANGS
    }


def _voters_named(out: str, fmt: str, names=("bob", "carol")) -> list[str]:
    if fmt == "json":  # the chair (alice) is a public office, not a ballot
        data = json.loads(out)
        data.pop("chair", None)
        out = json.dumps(data, ensure_ascii=False)
    return [name for name in names if name in out]


def test_the_public_bill_tally_is_the_same_whoever_voted(gm, new_campaign, tmp_path):
    # bob voted yes and carol did not — or carol voted yes and bob did not: yes 1, no 0
    a = _bill_game(gm, new_campaign, tmp_path, "a", {"bob": "yes"})
    b = _bill_game(gm, new_campaign, tmp_path, "b", {"carol": "yes"})
    first = ok(gm("council", "tally", "-c", str(a), "--format", "json"))
    assert first == ok(gm("council", "tally", "-c", str(b), "--format", "json"))
    data = json.loads(first)
    assert (data["yes"], data["no"], data["passed"]) == (1, 0, True)
    assert "not_voted" not in data and "ballots" not in data
    # the same tally posted again, in every format and language: the same bytes in both games
    outs_a, outs_b = _all_outputs(gm, a, "council", "tally"), _all_outputs(gm, b, "council", "tally")
    assert outs_a == outs_b
    for (fmt, lang), out in outs_a.items():
        assert _voters_named(out, fmt) == [], (fmt, lang, out)
        assert "Have not voted" not in out and "Не проголосовали" not in out, (fmt, lang, out)


def test_an_abstention_and_silence_are_one_public_total(gm, new_campaign, tmp_path):
    # carol abstained — or carol did not vote: with the planet counts public, an abstentions
    # total without the silent leaders' votes would tell how many (and so who) did not vote
    a = _bill_game(gm, new_campaign, tmp_path, "a", {"bob": "yes", "carol": "abstain"})
    b = _bill_game(gm, new_campaign, tmp_path, "b", {"bob": "yes"})
    for folder in (a, b):
        ok(gm("council", "tally", "-c", str(folder)))
    outs_a = _all_outputs(gm, a, "council", "tally")
    assert outs_a == _all_outputs(gm, b, "council", "tally")
    assert "Abstained or did not vote: 2" in outs_a[("plain", "en")]
    assert "Воздержались или не голосовали: 2" in outs_a[("plain", "ru")]
    assert json.loads(outs_a[("json", "en")])["abstain"] == 2
    # the moderator's post keeps them apart
    for folder, abstain, silent in ((a, 1, 1), (b, 0, 2)):
        data = ok_json(gm("council", "tally", "-c", str(folder), "--private", "--format", "json"))
        assert (data["abstain"], data["silent"]) == (abstain, silent)
        assert f"Abstained: {abstain}" in ok(gm("council", "tally", "-c", str(folder), "--private"))


def test_the_moderators_private_tally_names_who_has_not_voted(gm, new_campaign, tmp_path):
    a = _bill_game(gm, new_campaign, tmp_path, "a", {"bob": "yes"})
    ok(gm("council", "tally", "-c", str(a)))
    out = ok(gm("council", "tally", "-c", str(a), "--private"))
    assert "Have not voted: alice, carol" in out
    assert re.search(r"bob\s+yes\s+1\s+0\s+1", out), out
    assert "Не проголосовали: alice, carol" in ok(gm("council", "tally", "-c", str(a), "--private", "--lang", "ru"))
    data = ok_json(gm("council", "tally", "-c", str(a), "--private", "--format", "json"))
    assert data["not_voted"] == ["alice", "carol"]
    assert [(b["leader"], b["vote"]) for b in data["ballots"]] == [("bob", "yes")]


def test_the_public_election_tally_is_the_same_whoever_voted(gm, new_campaign, tmp_path):
    a = _election_game(gm, new_campaign, tmp_path, "a", {"alice": "carol"})
    b = _election_game(gm, new_campaign, tmp_path, "b", {"bob": "carol"})
    first = ok(gm("council", "tally", "-c", str(a), "--election", "--format", "json"))
    assert first == ok(gm("council", "tally", "-c", str(b), "--election", "--format", "json"))
    data = json.loads(first)
    assert data["totals"] == {"carol": 1} and data["total_votes"] == 3 and data["elected"] is None
    assert "not_voted" not in data and "ballots" not in data
    outs_a = _all_outputs(gm, a, "council", "tally", "--election")
    assert outs_a == _all_outputs(gm, b, "council", "tally", "--election")
    for (fmt, lang), out in outs_a.items():
        assert "alice" not in out and "bob" not in out, (fmt, lang, out)
    private = ok_json(gm("council", "tally", "-c", str(a), "--election", "--private", "--format", "json"))
    assert private["not_voted"] == ["bob", "carol"]


def test_the_public_turn_post_and_its_json_are_the_same_whoever_voted(gm, new_campaign, tmp_path):
    a = _bill_game(gm, new_campaign, tmp_path, "a", {"bob": "yes"})
    b = _bill_game(gm, new_campaign, tmp_path, "b", {"carol": "yes"})
    for folder in (a, b):
        ok(gm("turn", "end", "-c", str(folder), "--format", "json"))
    public_a = (a / "reports" / "turn-07" / "public.json").read_text(encoding="utf-8")
    assert public_a == (b / "reports" / "turn-07" / "public.json").read_text(encoding="utf-8")
    council = json.loads(public_a)["council"]
    assert council["bill"] and (council["yes"], council["no"]) == (1, 0)
    assert "not_voted" not in council and "ballots" not in council
    # the tally was made by `turn end`; the moderator's post of it still names who did not vote
    private = ok_json(gm("council", "tally", "-c", str(a), "--private", "--format", "json"))
    assert private["not_voted"] == ["alice", "carol"]


def test_a_tally_made_earlier_in_the_turn_stays_secret_in_the_turn_post(gm, new_campaign, tmp_path):
    a = _bill_game(gm, new_campaign, tmp_path, "a", {"bob": "yes"})
    b = _bill_game(gm, new_campaign, tmp_path, "b", {"carol": "yes"})
    outs = {}
    for folder in (a, b):
        ok(gm("council", "tally", "-c", str(folder)))
        outs[folder.name] = ok(gm("turn", "end", "-c", str(folder), "--format", "json"))
    assert outs["a"] == outs["b"]
    council = json.loads(outs["a"])["council"]
    assert (council["yes"], council["no"]) == (1, 0)
    assert "not_voted" not in council and "ballots" not in council
    assert (a / "reports" / "turn-07" / "public.json").read_bytes() == (
        b / "reports" / "turn-07" / "public.json"
    ).read_bytes()


def test_post_pending_never_says_who_has_voted(gm, new_campaign, tmp_path):
    games = {"none": {}, "a": {"bob": "yes"}, "b": {"carol": "no"}, "all": dict.fromkeys(LEADERS, "yes")}
    outs = {
        name: _all_outputs(gm, _bill_game(gm, new_campaign, tmp_path, name, voters), "post", "pending")
        for name, voters in games.items()
    }
    assert outs["none"] == outs["a"] == outs["b"] == outs["all"]
    data = json.loads(outs["a"][("json", "en")])
    assert data["ballots_open"] == ["vote"]
    assert all(item["kind"] not in ("vote", "election") for leader in data["leaders"] for item in leader["waiting"])
    assert "The Council votes on a bill this turn" in outs["a"][("plain", "en")]
    assert "Совет голосует по законопроекту" in outs["a"][("plain", "ru")]


def test_post_pending_says_an_election_is_open_naming_nobody(gm, new_campaign, tmp_path):
    none = _election_game(gm, new_campaign, tmp_path, "none", {})
    one = _election_game(gm, new_campaign, tmp_path, "one", {"alice": "bob"})
    assert _all_outputs(gm, none, "post", "pending") == _all_outputs(gm, one, "post", "pending")
    data = ok_json(gm("post", "pending", "-c", str(one), "--format", "json"))
    assert data["ballots_open"] == ["election"]
    out = ok(gm("post", "pending", "-c", str(one)))
    assert "The Council elects an Emperor this turn" in out
    assert "Nothing is waiting" not in out  # the Council still waits for its ballots


def test_the_moderators_copy_of_post_pending_names_the_ballots_not_cast(gm, new_campaign, tmp_path):
    folder = _bill_game(gm, new_campaign, tmp_path, "a", {"bob": "yes"})
    out = ok(gm("post", "pending", "-c", str(folder), "--include-private"))
    assert out.startswith("Waiting for — turn 7 (moderator only: orders left, quests, ballots)\n")
    assert "alice\n-----\n\n- council vote not cast\n" in out
    assert "bob\n---\n\n- quest open" in out
    assert "carol\n-----\n\n- council vote not cast\n" in out
    data = ok_json(gm("post", "pending", "-c", str(folder), "--include-private", "--format", "json"))
    kinds = {leader["name"]: [item["kind"] for item in leader["waiting"]] for leader in data["leaders"]}
    assert ["vote" in kinds[name] for name in LEADERS] == [True, False, True], kinds
    ru = ok(gm("post", "pending", "-c", str(folder), "--include-private", "--lang", "ru"))
    assert "(только для ведущего: ордера, задания, голоса)" in ru and "- голос в совете не подан\n" in ru
