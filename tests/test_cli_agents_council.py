"""Agents and the Galactic Council through the CLI (docs/rules-orion.md A7, A9, A10; docs/commands.md
"agent check", "council tally", "Everywhere", "Campaigns").

Every refusal must exit 1 with one `error:` line and leave the campaign's files
byte-identical; public council posts never put a leader's name next to a vote."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gmtool.campaign.store import CampaignStore
from helpers import CYRILLIC, FORMATS, LANGS, assert_error, journal_rolls, ok, ok_json, snapshot
from test_cli_turns import grant, player, set_turn

pytestmark = [
    pytest.mark.usefixtures("isolated"),
    pytest.mark.camp(name="camp", players=["alice", "bob", "carol"], seed=1),
]

CONTRACT_CHECK_KEYS = {"natural", "total", "difficulty", "margin", "outcome"}
CONTRACT_BILL_KEYS = {"yes", "no", "passed", "tie", "decided_by_chair"}
CONTRACT_ELECTION_KEYS = {"totals", "total_votes", "needed", "elected"}
OUTCOME_LABELS = {
    "critical_success": ("Critical success", "Критический успех"),
    "success": ("Success", "Успех"),
    "failure": ("Failure", "Провал"),
    "critical_failure": ("Critical failure", "Критический провал"),
}


def refused(gm, folder: Path, *args: str, fragments: tuple[str, ...] = (), usage: bool = False) -> None:
    """The command exits 1 with one error line that carries ``fragments`` (2 for a usage
    error) and writes nothing."""
    before = snapshot(folder)
    res = gm(*args)
    if usage:
        assert res.exit_code == 2, (res.exit_code, res.stdout, res.stderr)
        assert all(f in res.stderr for f in fragments), res.stderr
    else:
        assert_error(res, *fragments)
    assert res.stdout == "", res.stdout
    assert snapshot(folder) == before, args


def state_of(folder: Path):
    return CampaignStore(folder).load()


def edit(folder: Path, change) -> None:
    store = CampaignStore(folder)
    state = store.load()
    change(state)
    store.save(state)


def set_stage_by_hand(folder: Path, stage: int, turn: int) -> None:
    """What a moderator does in an editor: the top-level `turn` and `stage` lines."""
    path = folder / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    text, n1 = re.subn(r"(?m)^turn = \d+$", f"turn = {turn}", text, count=1)
    text, n2 = re.subn(r"(?m)^stage = \d+$", f"stage = {stage}", text, count=1)
    assert n1 == n2 == 1
    path.write_text(text, encoding="utf-8")


# ================================================================ agent check


def test_agent_check_contract_example(gm):
    data = ok_json(
        gm(
            "agent",
            "check",
            "--difficulty",
            "7",
            "--espionage",
            "--own-ops",
            "3",
            "--target-ops",
            "1",
            "--dice",
            "5",
            "--format",
            "json",
        )
    )
    assert CONTRACT_CHECK_KEYS <= set(data)
    assert (data["natural"], data["total"], data["difficulty"], data["margin"], data["outcome"]) == (
        5,
        7,
        7,
        0,
        "success",
    )


def test_agent_check_automatic_rolls_nothing(gm):
    data = ok_json(gm("agent", "check", "--difficulty", "automatic", "--format", "json"))
    assert data["natural"] is None and data["total"] is None and data["margin"] is None
    assert data["difficulty"] == "automatic" and data["outcome"] == "success"
    # a die given to a check that rolls none is left over: an error
    assert_error(
        gm("agent", "check", "--difficulty", "automatic", "--dice", "5"),
        "1 face left over (5): the rolls used only 0 of 1",
    )


@pytest.mark.parametrize(
    "args, natural, total, margin, outcome",
    [
        (("--difficulty", "7", "--modifier", "-2", "--dice", "5"), 5, 3, -4, "critical_failure"),
        (("--difficulty", "7", "--modifier", "-2", "--dice", "6"), 6, 4, -3, "failure"),
        (("--difficulty", "7", "--modifier", "2", "--dice", "5"), 5, 7, 0, "success"),
        (("--difficulty", "7", "--modifier", "2", "--dice", "8"), 8, 10, 3, "success"),
        (("--difficulty", "7", "--modifier", "1", "--modifier", "1", "--dice", "9"), 9, 11, 4, "critical_success"),
        (("--difficulty", "-20", "--dice", "1"), 1, 1, 21, "critical_failure"),
        (("--difficulty", "30", "--dice", "10"), 10, 10, -20, "critical_success"),
        (
            (
                "--difficulty",
                "6",
                "--espionage",
                "--own-ops",
                "1",
                "--target-ops",
                "2",
                "--counter",
                "-1",
                "--dice",
                "7",
            ),
            7,
            5,
            -1,
            "failure",
        ),
    ],
)
def test_agent_check_outcomes(gm, args, natural, total, margin, outcome):
    data = ok_json(gm("agent", "check", *args, "--format", "json"))
    assert (data["natural"], data["total"], data["margin"], data["outcome"]) == (natural, total, margin, outcome)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "face, outcome", [(10, "critical_success"), (6, "success"), (4, "failure"), (1, "critical_failure")]
)
def test_agent_check_every_format_and_language(gm, fmt, lang, face, outcome):
    out = ok(gm("agent", "check", "--difficulty", "6", "--dice", str(face), "--format", fmt, "--lang", lang))
    if fmt == "json":
        data = json.loads(out)
        assert data["outcome"] == outcome and data["natural"] == face
        return
    label = OUTCOME_LABELS[outcome][0 if lang == "en" else 1]
    assert label in out, out
    assert str(face) in out
    if lang == "ru":
        assert CYRILLIC.search(out)
        assert OUTCOME_LABELS[outcome][0] not in out
    else:
        assert not CYRILLIC.search(out), out
    if fmt == "bbcode":
        assert "[b]" in out
    if fmt == "markdown":
        assert "**" in out


def test_agent_check_russian_labels(gm):
    out = ok(gm("agent", "check", "--difficulty", "7", "--dice", "10", "--lang", "ru"))
    assert "Критический успех" in out
    out = ok(gm("agent", "check", "--difficulty", "automatic", "--lang", "ru"))
    assert "Успех" in out


@pytest.mark.parametrize(
    "difficulty, fragment",
    [
        ("hard", "difficulty must be a whole number or 'automatic', not 'hard'"),
        ("7.5", "difficulty must be a whole number or 'automatic', not '7.5'"),
        ("", "difficulty must be a whole number or 'automatic', not ''"),
        ("101", "difficulty 101 is out of range (-100..100)"),
        ("seven", "difficulty must be a whole number or 'automatic', not 'seven'"),
    ],
    ids=["hard", "7.5", "empty", "101", "seven"],
)
def test_agent_check_bad_difficulty_exits_1(gm, difficulty, fragment):
    res = gm("agent", "check", "--difficulty", difficulty, "--dice", "5")
    assert_error(res, fragment)
    assert res.stdout == ""


def test_agent_check_espionage_options_need_espionage(gm):
    assert_error(
        gm("agent", "check", "--difficulty", "7", "--own-ops", "3", "--dice", "5"),
        "--own-ops, --target-ops and --counter belong to --espionage checks",
    )
    assert_error(
        gm("agent", "check", "--difficulty", "7", "--target-ops", "1", "--dice", "5"),
        "--own-ops, --target-ops and --counter belong to --espionage checks",
    )
    assert_error(
        gm("agent", "check", "--difficulty", "7", "--counter", "-1", "--dice", "5"),
        "--own-ops, --target-ops and --counter belong to --espionage checks",
    )


def test_agent_check_bad_dice_exit_1(gm):
    assert_error(gm("agent", "check", "--difficulty", "7", "--dice", "11"), "face 11 is out of range 1–10")
    assert_error(gm("agent", "check", "--difficulty", "7", "--dice", "0"), "face 0 is out of range 1–10")
    assert_error(
        gm("agent", "check", "--difficulty", "7", "--dice", "5,5"), "1 face left over (5): the rolls used only 1 of 2"
    )


def test_agent_check_seed_is_reproducible(gm):
    a = ok_json(gm("agent", "check", "--difficulty", "6", "--seed", "42", "--format", "json"))
    b = ok_json(gm("agent", "check", "--difficulty", "6", "--seed", "42", "--format", "json"))
    assert a["natural"] == b["natural"] and 1 <= a["natural"] <= 10


# ============================================================ council tally FILE


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def ballot(leader: str, vote: str | None, planets: int, bribe: int = 0, key: str = "vote") -> str:
    out = f'[[ballot]]\nleader = "{leader}"\n'
    if vote is not None:
        out += f'{key} = "{vote}"\n'
    return out + f"planets = {planets}\nbribe_bc = {bribe}\n"


VOTERS = ("Alkari", "Bulrathi", "Darlok", "Klackon")


def bill_file(tmp_path: Path, name: str = "ballots.toml", chair: str = "Alkari", extra: str = "") -> Path:
    # Alkari yes 3+2, Bulrathi no 2, Darlok no 1+1, Klackon abstain 4 → yes 5, no 4, abstain 4
    return write(
        tmp_path,
        name,
        f'chair = "{chair}"\n{extra}'
        + ballot("Alkari", "yes", 3, 6)
        + ballot("Bulrathi", "no", 2)
        + ballot("Darlok", "no", 1, 3)
        + ballot("Klackon", "abstain", 4),
    )


def test_tally_bill_file_json(gm, tmp_path):
    data = ok_json(gm("council", "tally", str(bill_file(tmp_path)), "--format", "json"))
    assert CONTRACT_BILL_KEYS <= set(data)
    assert (data["yes"], data["no"], data["passed"], data["tie"], data["decided_by_chair"]) == (
        5,
        4,
        True,
        False,
        False,
    )
    assert "ballots" not in data


def test_tally_bill_file_rejected(gm, tmp_path):
    path = write(tmp_path, "b.toml", 'chair = "alice"\n' + ballot("alice", "yes", 3) + ballot("bob", "no", 1, 9))
    data = ok_json(gm("council", "tally", str(path), "--format", "json"))
    assert (data["yes"], data["no"], data["passed"], data["tie"]) == (3, 4, False, False)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("lang", LANGS)
def test_tally_bill_public_output_names_nobody(gm, tmp_path, fmt, lang):
    out = ok(gm("council", "tally", str(bill_file(tmp_path)), "--format", fmt, "--lang", lang))
    if fmt == "json":
        data = json.loads(out)
        assert "ballots" not in data
        data.pop("chair", None)  # the chair is a public office, not a ballot
        out = json.dumps(data)
    for name in VOTERS:
        assert name not in out, (name, out)
    if fmt != "json":
        assert "5" in out and "4" in out
        assert ("passed" in out) if lang == "en" else ("принят" in out)


@pytest.mark.parametrize("fmt", FORMATS)
def test_tally_bill_private_lists_every_ballot(gm, tmp_path, fmt):
    out = ok(gm("council", "tally", str(bill_file(tmp_path)), "--private", "--format", fmt))
    if fmt == "json":
        data = json.loads(out)
        got = {(b["leader"], b["vote"], b["planets"], b["bribe_bc"], b["votes"]) for b in data["ballots"]}
        assert got == {
            ("Alkari", "yes", 3, 6, 5),
            ("Bulrathi", "no", 2, 0, 2),
            ("Darlok", "no", 1, 3, 2),
            ("Klackon", "abstain", 4, 0, 4),
        }
        return
    for name, vote in zip(VOTERS, ("yes", "no", "no", "abstain")):
        line = next(l for l in out.splitlines() if name in l)
        assert vote in line, line


def test_tally_tie_with_the_chair_abstaining_needs_the_chairs_decision(gm, tmp_path):
    text = (
        'chair = "Klackon"\n'
        + ballot("Alkari", "yes", 2)
        + ballot("Bulrathi", "no", 2)
        + ballot("Klackon", "abstain", 5)
    )
    path = write(tmp_path, "tie.toml", text)
    res = gm("council", "tally", str(path), "--format", "json")
    assert_error(res, "a tie (2–2) and the chair Klackon did not vote yes or no")
    assert res.stdout == ""
    data = ok_json(gm("council", "tally", str(path), "--chair-decision", "yes", "--format", "json"))
    assert (data["yes"], data["no"], data["tie"], data["decided_by_chair"], data["passed"]) == (2, 2, True, True, True)
    data = ok_json(gm("council", "tally", str(path), "--chair-decision", "no", "--format", "json"))
    assert data["passed"] is False and data["decided_by_chair"] is True
    # the decision may be in the file too
    path2 = write(tmp_path, "tie2.toml", 'chair_decision = "yes"\n' + text)
    assert ok_json(gm("council", "tally", str(path2), "--format", "json"))["passed"] is True
    assert_error(gm("council", "tally", str(path), "--chair-decision", "maybe"), "--chair-decision must be yes or no")


@pytest.mark.parametrize("chair_vote, passed", [("yes", True), ("no", False)])
def test_tally_tie_decided_by_the_chairs_own_vote(gm, tmp_path, chair_vote, passed):
    other = "no" if chair_vote == "yes" else "yes"
    path = write(
        tmp_path,
        "t.toml",
        'chair = "Alkari"\n'
        + ballot("Alkari", chair_vote, 2)
        + ballot("Bulrathi", other, 1)
        + ballot("Darlok", other, 1),
    )
    data = ok_json(gm("council", "tally", str(path), "--format", "json"))
    assert (data["tie"], data["decided_by_chair"], data["passed"]) == (True, True, passed)
    for fmt in ("plain", "bbcode", "markdown"):
        out = ok(gm("council", "tally", str(path), "--format", fmt))
        assert "Bulrathi" not in out and "Darlok" not in out
        # the chair is named as the chair deciding the tie, on that line only
        lines = [l for l in out.splitlines() if "Alkari" in l]
        assert len(lines) == 1 and "chair" in lines[0], out


def test_tally_election_file_json(gm, tmp_path):
    # Alkari 4 (3 + 1 bribe), Bulrathi 3; Darlok abstains with 5: the whole Council is 12 → needed 7 (A9)
    path = write(
        tmp_path,
        "e.toml",
        'chair = "Alkari"\n'
        + ballot("Alkari", "Alkari", 1, 3, key="candidate")
        + ballot("Bulrathi", "Bulrathi", 3, key="candidate")
        + ballot("Klackon", "Alkari", 2, key="candidate")
        + ballot("Darlok", None, 5),
    )
    data = ok_json(gm("council", "tally", str(path), "--election", "--format", "json"))
    assert CONTRACT_ELECTION_KEYS <= set(data)
    assert data["totals"] == {"Alkari": 4, "Bulrathi": 3}
    assert (data["total_votes"], data["needed"], data["elected"]) == (12, 7, None)
    assert "ballots" not in data


def test_tally_election_even_half_elects_nobody(gm, tmp_path):
    path = write(tmp_path, "e.toml", 'chair = "a"\n' + ballot("a", "a", 4) + ballot("b", "b", 4))
    data = ok_json(gm("council", "tally", str(path), "--election", "--format", "json"))
    assert (data["total_votes"], data["needed"], data["elected"]) == (8, 5, None)


@pytest.mark.parametrize("fmt", FORMATS)
def test_tally_election_public_output_hides_who_voted_for_whom(gm, tmp_path, fmt):
    # voters who are not candidates must not be named in the public post
    path = write(
        tmp_path,
        "e.toml",
        'chair = "Darlok"\n'
        + ballot("Darlok", "Alkari", 2, key="candidate")
        + ballot("Klackon", "Bulrathi", 1, key="candidate"),
    )
    out = ok(gm("council", "tally", str(path), "--election", "--format", fmt))
    assert "Darlok" not in out and "Klackon" not in out
    private = ok(gm("council", "tally", str(path), "--election", "--private", "--format", fmt))
    assert "Darlok" in private and "Klackon" in private


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="empty-no-chair"),
        pytest.param(ballot("alice", "yes", 1), id="no-chair"),
        pytest.param('chair = "alice"\n' + ballot("alice", "yes", 1, 4), id="bribe-4"),
        pytest.param('chair = "alice"\n' + ballot("alice", "yes", 1) + ballot("alice", "no", 1), id="two-ballots"),
        pytest.param('chair = "alice"\n' + ballot("alice", "maybe", 1), id="vote-maybe"),
        pytest.param('chair = "alice"\n' + ballot("alice", "yes", -1), id="negative-planets"),
        pytest.param(
            'chair = "alice"\n[[ballot]]\nleader = "alice"\nvote = "yes"\nplanets = "three"\n', id="planets-text"
        ),
        pytest.param('chair = "alice"\n[[ballot]\n', id="not-toml"),
    ],
)
def test_tally_bad_file_exits_1_naming_the_file(gm, tmp_path, text):
    path = write(tmp_path, "bad-ballots.toml", text)
    res = gm("council", "tally", str(path), "--format", "json")
    assert_error(res, "bad-ballots.toml")
    assert res.stdout == ""


def test_tally_missing_file_exits_1(gm, tmp_path):
    res = gm("council", "tally", str(tmp_path / "nope.toml"))
    assert_error(res, "nope.toml")


def test_tally_without_file_or_campaign_exits_1(gm):
    assert_error(gm("council", "tally"), "give a ballots file, or a campaign with -c DIR")


# ========================================================== agents in a campaign


def test_agent_flow_hire_use_and_refusals(gm, camp):
    c = ("-c", str(camp))
    refused(
        gm,
        camp,
        "agent",
        "hire",
        *c,
        "--player",
        "alice",
        "--name",
        "Kess",
        "--speciality",
        "spy",
        fragments=("alice may keep 0 agents and has 0",),
    )
    ok(gm("agent", "set", *c, "--player", "alice", "--limit", "1", "--ops", "2"))
    st = state_of(camp)
    assert (st.player("alice").agent_limit, st.player("alice").secret_ops) == (1, 2)
    refused(
        gm,
        camp,
        "agent",
        "hire",
        *c,
        "--player",
        "alice",
        "--name",
        "Kess",
        usage=True,
        fragments=("Missing option '--speciality'",),
    )  # no speciality
    refused(
        gm,
        camp,
        "agent",
        "hire",
        *c,
        "--player",
        "alice",
        "--name",
        "Kess",
        "-s",
        "spy",
        "-s",
        "saboteur",
        "-s",
        "diplomat",
        fragments=("an agent has one or two specialities",),
    )
    refused(
        gm,
        camp,
        "agent",
        "hire",
        *c,
        "--player",
        "alice",
        "--name",
        "Kess",
        "-s",
        "ninja",
        fragments=("unknown speciality 'ninja'",),
    )
    refused(
        gm,
        camp,
        "agent",
        "hire",
        *c,
        "--player",
        "zed",
        "--name",
        "Kess",
        "-s",
        "spy",
        fragments=("unknown player 'zed'",),
    )
    data = ok_json(
        gm(
            "agent",
            "hire",
            *c,
            "--player",
            "alice",
            "--name",
            "Kess",
            "-s",
            "spy",
            "-s",
            "saboteur",
            "--format",
            "json",
        )
    )
    assert data["agent"] == "Kess" and data["owner"] == "alice" and data["specialities"] == ["spy", "saboteur"]
    refused(
        gm,
        camp,
        "agent",
        "hire",
        *c,
        "--player",
        "alice",
        "--name",
        "Vorn",
        "-s",
        "spy",
        fragments=("alice may keep 1 agent and has 1",),
    )  # limit 1

    # refusals before any roll: outside specialities, no target, own leader, paid with 0 orders, unknown
    refused(
        gm,
        camp,
        "agent",
        "use",
        *c,
        "Kess",
        "hunt",
        "--target",
        "bob",
        "--dice",
        "5",
        fragments=("Kess (spy, saboteur) has no ability hunt",),
    )
    refused(
        gm,
        camp,
        "agent",
        "use",
        *c,
        "Kess",
        "steal-tech",
        "--dice",
        "5",
        fragments=("steal-tech needs a target: the leader it is used on",),
    )
    refused(
        gm,
        camp,
        "agent",
        "use",
        *c,
        "Kess",
        "steal-tech",
        "--target",
        "alice",
        "--dice",
        "5",
        fragments=("an agent does not act against its own leader",),
    )
    refused(
        gm,
        camp,
        "agent",
        "use",
        *c,
        "Kess",
        "deep-cover",
        "--target",
        "bob",
        "--dice",
        "5",
        fragments=("deep-cover is a paid ability and alice has no orders",),
    )
    refused(
        gm,
        camp,
        "agent",
        "use",
        *c,
        "Kess",
        "teleport",
        "--target",
        "bob",
        "--dice",
        "5",
        fragments=("unknown ability 'teleport'",),
    )
    refused(
        gm,
        camp,
        "agent",
        "use",
        *c,
        "Nobody",
        "steal-tech",
        "--target",
        "bob",
        "--dice",
        "5",
        fragments=("unknown agent 'Nobody'",),
    )
    # bad dice: nothing written, not even the journal
    refused(
        gm,
        camp,
        "agent",
        "use",
        *c,
        "Kess",
        "steal-tech",
        "--target",
        "bob",
        "--dice",
        "11",
        fragments=("face 11 is out of range 1–10",),
    )
    refused(
        gm,
        camp,
        "agent",
        "use",
        *c,
        "Kess",
        "steal-tech",
        "--target",
        "bob",
        "--dice",
        "4,4",
        fragments=("1 face left over (4): the rolls used only 1 of 2",),
    )

    # 4 + 2 (own ops) − 0 = 6 against 7: a failure; bob learns an unknown agent is active
    data = ok_json(gm("agent", "use", *c, "Kess", "steal-tech", "--target", "bob", "--dice", "4", "--format", "json"))
    assert (data["natural"], data["total"], data["difficulty"], data["margin"], data["outcome"]) == (
        4,
        6,
        7,
        -1,
        "failure",
    )
    assert [(n["to"], n["kind"]) for n in data["notices"]] == [("bob", "agent_detected")]
    rolls = journal_rolls(camp)
    assert [(r["die"], r["face"], r["source"]) for r in rolls] == [(10, 4, "manual")]
    st = state_of(camp)
    assert st.player("bob").inbox == [{"turn": 1, "kind": "agent_detected"}]
    assert st.game.agent("Kess").used_turn == 1

    # one activation per agent per turn
    refused(
        gm,
        camp,
        "agent",
        "use",
        *c,
        "Kess",
        "sabotage",
        "--target",
        "bob",
        "--dice",
        "9",
        fragments=("Kess was already activated this turn",),
    )

    out = ok(gm("status", *c, "--player", "bob"))
    assert "an agent of an unknown race is active against you" in out
    assert "alice" not in out and "Kess" not in out
    out = ok(gm("status", *c, "--player", "bob", "--lang", "ru"))
    assert "против вас действует агент неизвестной расы" in out
    assert "agent_detected" not in ok(gm("status", *c, "--player", "carol", "--format", "json"))

    # next turn: a critical failure loses the agent and names the sender to bob
    edit(camp, lambda s: setattr(s, "turn", 2))
    data = ok_json(gm("agent", "use", *c, "Kess", "sabotage", "--target", "bob", "--dice", "1", "--format", "json"))
    assert data["outcome"] == "critical_failure" and data["agent_lost"] is True
    st = state_of(camp)
    assert st.game.agents == []
    assert st.player("alice").inbox == [{"turn": 2, "kind": "agent_lost", "agent": "Kess"}]
    assert st.player("bob").inbox[-1] == {"turn": 2, "kind": "agent_caught", "sent_by": "alice"}

    out = ok(gm("status", *c, "--player", "alice"))
    assert "your agent Kess died or left your service" in out
    out = ok(gm("status", *c, "--player", "alice", "--lang", "ru"))
    assert "ваш агент Kess погиб или покинул службу" in out
    for fmt in ("bbcode", "markdown"):
        assert "Kess" in ok(gm("status", *c, "--player", "alice", "--format", fmt))
    view = ok_json(gm("status", *c, "--player", "alice", "--format", "json"))
    alice = next(p for p in view["players"] if p["name"] == "alice")
    assert alice["inbox"] == [{"turn": 2, "kind": "agent_lost", "agent": "Kess"}]
    out = ok(gm("status", *c, "--player", "bob"))
    assert "an enemy agent was caught: it was sent by alice" in out
    assert "пойман вражеский агент: его направил alice" in ok(gm("status", *c, "--player", "bob", "--lang", "ru"))
    assert ok(gm("verify", *c))


def test_agent_paid_ability_costs_an_order(gm, camp):
    c = ("-c", str(camp))
    ok(gm("agent", "set", *c, "--player", "alice", "--limit", "1"))
    ok(gm("agent", "hire", *c, "--player", "alice", "--name", "Kess", "-s", "spy"))
    refused(gm, camp, "agent", "use", *c, "Kess", "deep-cover", "--target", "bob", "--dice", "9", fragments=("order",))
    edit(camp, lambda s: setattr(s.player("alice"), "orders", 2))
    data = ok_json(gm("agent", "use", *c, "Kess", "deep-cover", "--target", "bob", "--dice", "6", "--format", "json"))
    assert data["paid_order"] is True and data["outcome"] == "success"  # 6 against 5
    st = state_of(camp)
    assert st.player("alice").orders == 1
    assert st.player("alice").awards == []  # deep cover reveals: no award
    assert st.player("alice").inbox[-1]["learned"] == {"hand": [], "agents": []}


def test_agent_critical_success_frames_a_third_leader(gm, camp):
    c = ("-c", str(camp))
    ok(gm("agent", "set", *c, "--player", "alice", "--limit", "1"))
    ok(gm("agent", "hire", *c, "--player", "alice", "--name", "Kess", "-s", "saboteur"))
    refused(
        gm,
        camp,
        "agent",
        "use",
        *c,
        "Kess",
        "sabotage",
        "--target",
        "bob",
        "--frame",
        "bob",
        "--dice",
        "10",
        fragments=("--frame names a third leader",),
    )
    ok(gm("agent", "use", *c, "Kess", "sabotage", "--target", "bob", "--frame", "carol", "--dice", "10"))
    st = state_of(camp)
    assert st.player("bob").inbox == [{"turn": 1, "kind": "agent_blamed", "blamed": "carol"}]
    out = ok(gm("status", *c, "--player", "bob"))
    assert "the traces lead to carol" in out and "alice" not in out
    assert "следы ведут к лидеру carol" in ok(gm("status", *c, "--player", "bob", "--lang", "ru"))


def test_agent_vigilance_and_secret_ops_in_the_cli(gm, camp):
    c = ("-c", str(camp))
    ok(gm("agent", "set", *c, "--player", "alice", "--limit", "1", "--ops", "3"))
    ok(gm("agent", "set", *c, "--player", "bob", "--limit", "1", "--ops", "1"))
    ok(gm("agent", "hire", *c, "--player", "bob", "--name", "Watcher", "-s", "counter-spy"))
    ok(gm("agent", "hire", *c, "--player", "alice", "--name", "Kess", "-s", "spy"))
    data = ok_json(gm("agent", "use", *c, "Kess", "steal-tech", "--target", "bob", "--dice", "5", "--format", "json"))
    # 5 + 3 − 1 − 1 (vigilance) = 6 against 7
    assert sorted(m["value"] for m in data["modifiers"]) == [-1, -1, 3]
    assert (data["total"], data["margin"], data["outcome"]) == (6, -1, "failure")


def test_agent_blockade_move_capture(gm, camp):
    c = ("-c", str(camp))
    ok(gm("agent", "set", *c, "--player", "bob", "--limit", "1"))
    ok(gm("agent", "hire", *c, "--player", "bob", "--name", "Kess", "-s", "spy"))
    refused(
        gm,
        camp,
        "agent",
        "move",
        *c,
        "Kess",
        "--blockaded-by",
        "bob",
        "--dice",
        "5",
        fragments=("a leader does not blockade its own agent",),
    )
    data = ok_json(gm("agent", "move", *c, "Kess", "--blockaded-by", "alice", "--dice", "1", "--format", "json"))
    assert data["outcome"] == "critical_failure" and data["agent_lost"] is True
    st = state_of(camp)
    assert st.game.agents == []
    assert st.player("alice").inbox == [{"turn": 1, "kind": "agent_caught", "sent_by": "bob"}]


# ========================================================= council in a campaign


def test_council_flow_end_to_end(gm, camp):
    c = ("-c", str(camp))
    # stage 1: no Council
    refused(gm, camp, "council", "propose", *c, "--chair", "alice", fragments=("stage 1",))
    refused(
        gm,
        camp,
        "council",
        "vote",
        *c,
        "--player",
        "alice",
        "yes",
        fragments=("the Galactic Council does not sit in stage 1",),
    )
    set_stage_by_hand(camp, 2, 7)
    st = state_of(camp)
    assert (st.stage, st.turn) == (2, 7)
    refused(gm, camp, "council", "propose", *c, fragments=("the Council has no chair yet",))  # no chair yet
    refused(
        gm, camp, "council", "vote", *c, "--player", "alice", "yes", fragments=("no bill is before the Council",)
    )  # no bill yet
    refused(gm, camp, "council", "propose", *c, "--chair", "zed", fragments=("unknown player 'zed'",))

    # Fisher–Yates with d6=1, d5=2, d4=2, d3=1, d2=2 → relief-fund, research-pact, open-borders, …
    data = ok_json(gm("council", "propose", *c, "--chair", "alice", "--dice", "1,2,2,1,2", "--format", "json"))
    assert data["chair"] == "alice" and data["options"] == ["relief-fund", "research-pact"]
    assert data["bill"] is None
    rolls = journal_rolls(camp)
    assert [(r["die"], r["face"], r["source"]) for r in rolls] == [
        (6, 1, "manual"),
        (5, 2, "manual"),
        (4, 2, "manual"),
        (3, 1, "manual"),
        (2, 2, "manual"),
    ]
    assert [r["id"] for r in rolls] == [1, 2, 3, 4, 5]
    refused(gm, camp, "council", "propose", *c, "--pick", "3", fragments=("--pick must be 1 to 2",))
    refused(
        gm, camp, "council", "vote", *c, "--player", "alice", "yes", fragments=("no bill is before the Council",)
    )  # not picked yet
    data = ok_json(gm("council", "propose", *c, "--pick", "2", "--format", "json"))
    assert data["bill"] == "research-pact"
    assert len(journal_rolls(camp)) == 5  # the pick rolls nothing
    st = state_of(camp)
    assert st.game.decks["bills"].draw == ["open-borders", "embargo", "arms-limit", "free-trade", "relief-fund"]
    refused(
        gm,
        camp,
        "council",
        "propose",
        *c,
        "--pick",
        "1",
        fragments=("bill 'research-pact' is already before the Council this turn",),
    )  # already before the Council

    # votes: secret, changeable; bribes checked against the BC held at the tally (A9, wave 3),
    # so a bribe beyond the 4 BC carol has now is taken (changed below before the tally)
    ok(gm("council", "vote", *c, "--player", "carol", "no", "--bribe", "6"))
    refused(
        gm,
        camp,
        "council",
        "vote",
        *c,
        "--player",
        "carol",
        "no",
        "--bribe",
        "4",
        fragments=("bribes are paid in whole multiples of 3 BC",),
    )
    refused(
        gm,
        camp,
        "council",
        "vote",
        *c,
        "--player",
        "carol",
        "perhaps",
        fragments=("a vote is yes, no or abstain, not 'perhaps'",),
    )
    edit(camp, lambda s: setattr(s.player("carol"), "bc", 10))
    ok(gm("council", "vote", *c, "--player", "alice", "no"))
    ok(gm("council", "vote", *c, "--player", "alice", "yes"))  # changed
    data = ok_json(gm("council", "vote", *c, "--player", "carol", "no", "--bribe", "6", "--format", "json"))
    assert data["votes"] == 3 and data["bribe_bc"] == 6
    st = state_of(camp)
    assert st.player("carol").bc == 10
    assert st.game.council.vote["ballots"] == {
        "alice": {"vote": "yes", "bribe_bc": 0},
        "carol": {"vote": "no", "bribe_bc": 6},
    }
    # status (moderator or leader) shows no ballot
    for args in ((), ("--player", "bob")):
        view = ok_json(gm("status", *c, *args, "--format", "json"))
        assert "ballots" not in json.dumps(view)

    # the public post: yes 1, no 3; rejected; no leader named (not even bob, who has not voted: A9)
    before = state_of(camp)
    out = ok(gm("council", "tally", *c))
    assert "Yes: 1" in out and "No: 3" in out
    assert "Have not voted" not in out
    assert "rejected" in out
    assert "alice" not in out and "carol" not in out and "bob" not in out
    st = state_of(camp)
    assert st.player("carol").bc == before.player("carol").bc - 6 == 4
    assert st.player("alice").bc == before.player("alice").bc
    assert st.game.council.vote is None and st.game.council.laws == []
    assert st.game.decks["bills"].discard == ["research-pact"]

    # the same tally again, privately and publicly in every format: nothing paid twice, nothing written
    frozen = snapshot(camp)
    out = ok(gm("council", "tally", *c, "--private"))
    for name, vote in (("alice", "yes"), ("carol", "no")):
        line = next(l for l in out.splitlines() if l.startswith(name))
        assert vote in line, line
    assert re.search(r"carol\s+no\s+1\s+6\s+3", out), out
    assert "Have not voted: bob" in out  # the moderator's post only
    data = ok_json(gm("council", "tally", *c, "--private", "--format", "json"))
    assert {(b["leader"], b["vote"], b["bribe_bc"]) for b in data["ballots"]} == {
        ("alice", "yes", 0),
        ("carol", "no", 6),
    }
    assert data["not_voted"] == ["bob"]
    for fmt in FORMATS:
        for lang in LANGS:
            out = ok(gm("council", "tally", *c, "--format", fmt, "--lang", lang))
            if fmt == "json":
                data = json.loads(out)
                assert CONTRACT_BILL_KEYS <= set(data) and "ballots" not in data
                assert (data["yes"], data["no"], data["passed"]) == (1, 3, False)
                assert "not_voted" not in data
                data.pop("chair", None)  # the chair is a public office
                out = json.dumps(data)
            assert "alice" not in out and "carol" not in out and "bob" not in out, (fmt, lang, out)
            if lang == "ru" and fmt != "json":
                assert "Не проголосовали" not in out and "отклонён" in out
    assert snapshot(camp) == frozen
    assert state_of(camp).player("carol").bc == 4

    # turn 8: open-borders (a law) passes and shows in status
    set_stage_by_hand(camp, 2, 8)
    data = ok_json(gm("council", "propose", *c, "--format", "json"))
    assert data["options"] == ["open-borders", "embargo"]
    ok(gm("council", "propose", *c, "--pick", "1"))
    for p in ("alice", "bob"):
        ok(gm("council", "vote", *c, "--player", p, "yes"))
    ok(gm("council", "vote", *c, "--player", "carol", "abstain"))
    data = ok_json(gm("council", "tally", *c, "--format", "json"))
    assert (data["yes"], data["no"], data["abstain"], data["passed"]) == (2, 0, 1, True)
    st = state_of(camp)
    assert st.game.council.laws == [{"id": "open-borders", "turn": 8}]
    out = ok(gm("status", *c))
    assert "Laws in force: Open Borders" in out
    assert "Открытые границы" in ok(gm("status", *c, "--lang", "ru"))
    assert "Open Borders" in ok(gm("status", *c, "--player", "carol"))
    assert ok_json(gm("status", *c, "--format", "json"))["council"]["laws"] == [{"id": "open-borders", "turn": 8}]
    refused(gm, camp, "council", "repeal", *c, "free-trade", fragments=("'free-trade' is not a law in force",))
    ok(gm("council", "repeal", *c, "open-borders"))
    assert state_of(camp).game.council.laws == []
    assert "Open Borders" not in ok(gm("status", *c))
    assert ok(gm("verify", *c))


def test_council_propose_journals_a_verifiable_shuffle(gm, camp):
    c = ("-c", str(camp))
    set_stage_by_hand(camp, 2, 7)
    data = ok_json(gm("council", "propose", *c, "--chair", "bob", "--format", "json"))
    assert len(data["options"]) == 2 and len(set(data["options"])) == 2
    rolls = journal_rolls(camp)
    assert [r["die"] for r in rolls] == [6, 5, 4, 3, 2]
    assert all(r["source"] == "stream" for r in rolls)
    ok(gm("verify", *c))
    st = state_of(camp)
    assert sorted(st.game.decks["bills"].draw + data["options"]) == sorted(
        ["free-trade", "arms-limit", "relief-fund", "research-pact", "embargo", "open-borders"]
    )


def test_council_tally_tie_with_the_chair_abstaining(gm, camp):
    c = ("-c", str(camp))
    set_stage_by_hand(camp, 2, 7)
    ok(gm("council", "propose", *c, "--chair", "alice", "--dice", "6,5,4,3,2", "--pick", "1"))  # free-trade
    edit(camp, lambda s: setattr(s.player("bob"), "bc", 3))
    ok(gm("council", "vote", *c, "--player", "alice", "abstain"))
    ok(gm("council", "vote", *c, "--player", "bob", "yes", "--bribe", "3"))
    ok(gm("council", "vote", *c, "--player", "carol", "no", "--bribe", "3"))
    refused(gm, camp, "council", "tally", *c, fragments=("chair",))
    refused(
        gm, camp, "council", "tally", *c, "--chair-decision", "maybe", fragments=("--chair-decision must be yes or no",)
    )
    data = ok_json(gm("council", "tally", *c, "--chair-decision", "yes", "--format", "json"))
    assert (data["yes"], data["no"], data["tie"], data["decided_by_chair"], data["passed"]) == (2, 2, True, True, True)
    st = state_of(camp)
    assert (st.player("bob").bc, st.player("carol").bc) == (0, 1)
    assert st.game.council.laws == [{"id": "free-trade", "turn": 7}]


def test_council_bribe_beyond_bc_at_tally_time_refuses_the_tally(gm, camp):
    c = ("-c", str(camp))
    set_stage_by_hand(camp, 2, 7)
    ok(gm("council", "propose", *c, "--chair", "alice", "--dice", "6,5,4,3,2", "--pick", "1"))
    ok(gm("council", "vote", *c, "--player", "carol", "no", "--bribe", "3"))
    ok(gm("council", "vote", *c, "--player", "alice", "yes"))
    edit(camp, lambda s: setattr(s.player("carol"), "bc", 0))  # spent elsewhere meanwhile
    refused(gm, camp, "council", "tally", *c, fragments=("a bribe of 3 BC is more than the 0 BC the leader has",))


def test_council_election_in_stage_3(gm, camp):
    c = ("-c", str(camp))
    set_stage_by_hand(camp, 2, 12)
    refused(gm, camp, "council", "elect", *c, "--player", "alice", "--candidate", "alice", fragments=("stage 3",))
    set_stage_by_hand(camp, 3, 13)
    edit(camp, lambda s: setattr(s.player("carol"), "bc", 9))
    ok(gm("council", "elect", *c, "--player", "alice", "--candidate", "alice"))
    ok(gm("council", "elect", *c, "--player", "bob", "--candidate", "carol"))
    ok(gm("council", "elect", *c, "--player", "bob", "--candidate", "alice"))  # changed
    # beyond the 9 BC carol has, taken until the tally (A9, wave 3): changed below
    ok(gm("council", "elect", *c, "--player", "carol", "--candidate", "carol", "--bribe", "12"))
    refused(
        gm, camp, "council", "elect", *c, "--player", "carol", "--candidate", "zed", fragments=("unknown player 'zed'",)
    )
    ok(gm("council", "elect", *c, "--player", "carol", "--candidate", "carol", "--bribe", "3"))
    # alice 2, carol 1 + 1 → 4 cast, needed 3: nobody
    data = ok_json(gm("council", "tally", *c, "--election", "--format", "json"))
    assert CONTRACT_ELECTION_KEYS <= set(data) and "ballots" not in data
    assert data["totals"] == {"alice": 2, "carol": 2}
    assert (data["total_votes"], data["needed"], data["elected"]) == (4, 3, None)
    assert state_of(camp).player("carol").bc == 6
    assert state_of(camp).game.council.emperor is None

    set_stage_by_hand(camp, 3, 14)
    for voter in ("alice", "bob", "carol"):
        ok(gm("council", "elect", *c, "--player", voter, "--candidate", "bob"))
    out = ok(gm("council", "tally", *c, "--election"))
    assert "Emperor" in out and "bob" in out
    st = state_of(camp)
    assert st.game.council.emperor == "bob"
    assert st.game.council.victory["kind"] == "diplomatic" and st.game.council.victory["leader"] == "bob"
    view = ok_json(gm("status", *c, "--format", "json"))
    assert view["council"]["emperor"] == "bob"
    assert "Emperor: bob" in ok(gm("status", *c))


def test_an_election_without_a_winner_can_be_posted_again_privately(gm, camp):
    c = ("-c", str(camp))
    set_stage_by_hand(camp, 3, 13)
    ok(gm("council", "elect", *c, "--player", "alice", "--candidate", "alice"))
    ok(gm("council", "elect", *c, "--player", "bob", "--candidate", "carol"))
    ok(gm("council", "elect", *c, "--player", "carol"))  # abstains
    public = ok(gm("council", "tally", *c, "--election"))
    assert "Have not voted" not in public and "bob" not in public  # totals only (A9)
    frozen = snapshot(camp)
    data = ok_json(gm("council", "tally", *c, "--election", "--private", "--format", "json"))
    assert {b["leader"] for b in data["ballots"]} == {"alice", "bob", "carol"}
    assert (data["total_votes"], data["needed"], data["elected"]) == (3, 2, None)  # carol abstains: still counted
    assert snapshot(camp) == frozen


def test_the_deciding_election_can_still_be_posted_after_the_victory(gm, camp):
    """The tally that elects the Emperor ends the game; the moderator still has to post the
    private list of ballots (and may repost the public one) — read-only, nothing changes."""
    c = ("-c", str(camp))
    set_stage_by_hand(camp, 3, 13)
    for voter in ("alice", "bob", "carol"):
        ok(gm("council", "elect", *c, "--player", voter, "--candidate", "bob"))
    ok(gm("council", "tally", *c, "--election"))
    assert state_of(camp).game.council.emperor == "bob"
    frozen = snapshot(camp)
    data = ok_json(gm("council", "tally", *c, "--election", "--private", "--format", "json"))
    assert {b["leader"] for b in data["ballots"]} == {"alice", "bob", "carol"}
    assert data["elected"] == "bob"
    assert snapshot(camp) == frozen


def test_council_vote_left_open_over_a_turn_does_not_block_the_council(gm, camp):
    """A9: every turn of stages 2–3 a bill is put to the vote. A bill picked in turn 8 and
    not tallied before the turn moved on must not leave the Council stuck: in turn 9 either
    the open bill can be tallied or a new one proposed."""
    c = ("-c", str(camp))
    set_stage_by_hand(camp, 2, 8)
    ok(gm("council", "propose", *c, "--chair", "alice", "--dice", "6,5,4,3,2", "--pick", "1"))
    ok(gm("council", "vote", *c, "--player", "alice", "yes"))
    set_stage_by_hand(camp, 2, 9)
    tally = gm("council", "tally", *c)
    propose = gm("council", "propose", *c)
    assert tally.exit_code == 0 or propose.exit_code == 0, (tally.stderr, propose.stderr)


# ===================================================== an agent's mission is no award


def _spy(gm, camp) -> tuple[str, ...]:
    c = ("-c", str(camp))
    ok(gm("agent", "set", *c, "--player", "alice", "--limit", "1"))
    ok(gm("agent", "hire", *c, "--player", "alice", "--name", "Kess", "-s", "spy"))
    grant(camp, "bob", bc=16, orders=2)
    return c


def test_gather_intel_tells_the_target_bc_and_orders_and_files_no_award(gm, camp):
    c = _spy(gm, camp)
    out = ok(gm("agent", "use", *c, "Kess", "gather-intel", "--target", "bob"))
    assert "BC 16; orders 2" in out, out
    alice = player(camp, "alice")
    assert alice.get("awards", []) == []
    assert [m["kind"] for m in alice["inbox"]] == ["agent_learned"]
    assert alice["inbox"][0]["learned"] == {"bc": 16, "orders": 2}
    assert "your agent Kess learned of bob: BC 16; orders 2" in ok(gm("status", *c, "--player", "alice"))
    ru = ok(gm("status", *c, "--player", "alice", "--lang", "ru"))
    assert "ВС 16; ордера 2" in ru and "выдача ?" not in ru


def test_an_effect_for_the_moderator_is_an_award_told_once(gm, camp):
    c = _spy(gm, camp)
    grant(camp, "alice", orders=1)
    ok(gm("agent", "use", *c, "Kess", "deep-cover", "--target", "bob", "--dice", "10"))
    assert player(camp, "alice").get("awards", []) == []  # deep cover reveals: no award either
    ok(gm("turn", "start", *c))
    ok(gm("turn", "end", *c))
    ok(gm("agent", "use", *c, "Kess", "steal-tech", "--target", "bob", "--dice", "10"))
    award = player(camp, "alice")["awards"][0]
    assert (award["id"], award["kind"]) == (1, "agent_mission")
    status_text = ok(gm("status", *c))
    assert "the mission of agent Kess: Steal technology → bob (award 1)" in status_text, status_text
    out = ok(gm("award", "apply", *c, "--player", "alice", "1"))
    assert out.count("Steal technology") == 1, out
    assert player(camp, "alice").get("awards", []) == []


# ===================================================== smaller points


def test_the_election_report_names_the_whole_council_not_the_votes_cast(gm, camp):
    c = ("-c", str(camp))
    set_turn(camp, 13)
    ok(gm("turn", "start", *c))
    ok(gm("council", "elect", *c, "--player", "alice", "--candidate", "bob"))
    out = ok(gm("council", "tally", *c, "--election"))  # 1 vote cast, 3 in the Council
    assert "Votes in the whole Council: 3" in out and "Votes cast" not in out, out
