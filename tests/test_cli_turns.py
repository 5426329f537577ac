"""The turn engine through the CLI: turn start | end | undo and the record-keeping
commands colonize, assign, activate, fleet, quest complete, event play, deck.

docs/rules-orion.md A2, A3, A6, A8, A11, A12. Every refusal must exit 1 with one `error:` line and
leave campaign.toml (and the journal, and the reports) byte-identical."""

from __future__ import annotations

import json
import re
import tomllib
from functools import partial
from pathlib import Path

import pytest
import tomli_w

from gmtool.rolltables.model import pick
from helpers import assert_error, ok, shipped_library, without_deadlines
from helpers import snapshot as files

assert_error = partial(assert_error, quiet=True)  # a refused turn command prints nothing

# quests judged by the moderator (conftest.py): these tests count BC, RP and orders, and the
# quest a turn draws follows the campaign's secret (a fixed one in the tests); camp: a new
# campaign of alice, bob and carol (seed 3, plain)
pytestmark = [
    pytest.mark.usefixtures("isolated", "moderator_judges"),
    pytest.mark.camp(players=["alice", "bob", "carol"], seed=3, fmt="plain"),
]

PLAYERS = ["alice", "bob", "carol"]
EXT = {"plain": "txt", "bbcode": "bbcode", "markdown": "md", "json": "json"}

LIB = shipped_library()
EVENTS = LIB.get("events", "orion")
BILLS = LIB.get("bills", "orion")
EVENT_CARDS = [r.id for r in EVENTS.rows]
EVENT_DECK = [r.id for r in EVENTS.rows for _ in range(int(r.values["copies"]))]  # 12 cards × 5 (A11)
ONES = ",".join(["1"] * (len(EVENT_DECK) - 1))  # a Fisher–Yates of the deck: d60, d59, … d2


# ============================================================== helpers


def refused(gm, folder: Path, *args: str, fragments: tuple[str, ...]) -> None:
    """The command exits 1 with one error line that carries ``fragments`` and writes nothing."""
    before = files(folder)
    res = gm(*args)
    assert_error(res, *fragments)
    assert files(folder) == before


def new(new_campaign, fmt: str = "plain", name: str = "c") -> Path:
    return new_campaign(name, players=PLAYERS, seed=3, fmt=fmt)


def state(folder: Path) -> dict:
    return tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))


def player(folder: Path, name: str) -> dict:
    return next(p for p in state(folder)["player"] if p["name"] == name)


def system(folder: Path, hex_: str) -> dict | None:
    return next((s for s in state(folder).get("system", []) if s["hex"] == hex_), None)


def edit(folder: Path, change) -> None:
    """Edit campaign.toml as a moderator would (a valid TOML file afterwards)."""
    data = state(folder)
    change(data)
    (folder / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")


def set_turn(folder: Path, turn: int) -> None:
    def change(data):
        data["turn"] = turn
        data["stage"] = 1 if turn <= 6 else 2 if turn <= 12 else 3

    edit(folder, change)


def grant(folder: Path, name: str, **values) -> None:
    def change(data):
        p = next(p for p in data["player"] if p["name"] == name)
        p.update(values)

    edit(folder, change)


def neighbours(hex_: str) -> list[str]:
    q, r = (int(x) for x in hex_.split(","))
    return [f"{q + dq},{r + dr}" for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))]


def free_neighbour(folder: Path, name: str) -> str:
    taken = {s["hex"] for s in state(folder).get("system", [])}
    return next(h for h in neighbours(player(folder, name)["homeworld"]) if h not in taken and h != "0,0")


def explore_planet(gm, folder: Path, name: str) -> str:
    """An ordinary planet next to the leader's homeworld (exploration 6, type 5, size 5)."""
    hex_ = free_neighbour(folder, name)
    ok(gm("explore", "-c", str(folder), "--player", name, "--hex", hex_, "--dice", "6,5,5"))
    assert system(folder, hex_)["discovery"] == "planet"
    return hex_


def colony(gm, folder: Path, name: str) -> str:
    hex_ = explore_planet(gm, folder, name)
    ok(gm("colonize", "-c", str(folder), "--player", name, "--hex", hex_))
    return hex_


def seen(hex_: str, home: str) -> str:
    """A hex as a leader sees it in stage 1: relative to its homeworld (closed rooms)."""
    (q, r), (hq, hr) = (map(int, hex_.split(",")), map(int, home.split(",")))
    return f"{q - hq},{r - hr}"


def mentions(text: str, hex_: str) -> bool:
    return re.search(rf"(?<![\d-]){re.escape(hex_)}(?!\d)", text) is not None


def report(folder: Path, turn: int, name: str, fmt: str = "plain") -> str:
    return (folder / "reports" / f"turn-{turn:02d}" / f"{name}.{EXT[fmt]}").read_text(encoding="utf-8")


def journal(folder: Path) -> list[dict]:
    return tomllib.loads((folder / "journal.toml").read_text(encoding="utf-8")).get("roll", [])


def walk_keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in walk_keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in walk_keys(v)}
    return set()


# ============================================================== turn start / end, reports


def test_turn_start_and_end_write_the_reports(gm, camp):
    out = ok(gm("turn", "start", "-c", str(camp)))
    turn1 = camp / "reports" / "turn-01"
    # each leader's start report: its status, its reach and its orders template
    assert sorted(p.name for p in turn1.iterdir()) == [
        "start-alice.txt",
        "start-bob.txt",
        "start-carol.txt",
        "start-public.txt",
    ]
    assert out == (turn1 / "start-public.txt").read_text(encoding="utf-8")
    assert "Turn 1" in out and "alice → bob → carol" in out
    assert state(camp)["turn_state"]["started"] == 1
    out = ok(gm("turn", "end", "-c", str(camp)))
    assert sorted(p.name for p in turn1.iterdir()) == [
        "alice.txt",
        "bob.txt",
        "carol.txt",
        "chart-public.png",
        "map-alice.png",
        "map-bob.png",
        "map-carol.png",
        "map-public.png",
        "public.txt",
        "start-alice.txt",
        "start-bob.txt",
        "start-carol.txt",
        "start-public.txt",
    ]
    assert out == (turn1 / "public.txt").read_text(encoding="utf-8")
    data = state(camp)
    assert data["turn"] == 2 and data["stage"] == 1
    for p in data["player"]:
        assert p["bc"] == 16  # the worked example: 4 + 12
    assert {s["planet"]["population"] for s in data["system"] if s.get("homeworld_of")} == {4}
    assert (camp / "history" / "turn-01" / "campaign.toml").is_file()


def test_public_report_hides_and_private_reports_show_only_their_own(gm, camp, moderator_judges):
    # (the turn's random quest is the moderator's: a met one would add its reward to the figures)
    ok(gm("turn", "start", "-c", str(camp)))
    homes = {p: player(camp, p)["homeworld"] for p in PLAYERS}
    bob_colony = colony(gm, camp, "bob")
    ok(gm("assign", "-c", str(camp), "--player", "alice", "--hex", homes["alice"], "--scientists", "1"))
    ok(gm("turn", "end", "-c", str(camp)))
    public = report(camp, 1, "public")
    for label in ("BC", "RP", "Orders", "Workers", "Scientists"):
        assert label not in public, public
    for hex_ in [*homes.values(), bob_colony]:
        assert not mentions(public, hex_)
    # alice: 2 workers × 4 = 8 BC, 1 scientist × 4 = 4 RP; bob: 12 + 1 (inactive colony); carol: 12
    numbers = {
        "alice": ("BC: 12 (+8 from production)", "RP: 4 (+4 from production)"),
        "bob": ("BC: 17 (+13 from production)", "RP: 0 (+0 from production)"),
        "carol": ("BC: 16 (+12 from production)", "RP: 0 (+0 from production)"),
    }
    own_hexes = {"alice": [homes["alice"]], "bob": [homes["bob"], bob_colony], "carol": [homes["carol"]]}
    for name in PLAYERS:
        text = report(camp, 1, name)
        for fragment in numbers[name]:
            assert fragment in text, text
        assert "Orders: 0 (+0 per turn)" in text
        for other in PLAYERS:
            if other != name:
                assert other not in text
                assert numbers[other][0] not in text
        for hex_ in own_hexes[name]:  # in the leader's own frame (closed rooms, stage 1)
            assert mentions(text, seen(hex_, homes[name]))


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "json"])
def test_report_files_follow_the_campaign_format(gm, new_campaign, fmt):
    camp = new(new_campaign, fmt)
    start = ok(gm("turn", "start", "-c", str(camp)))
    end = ok(gm("turn", "end", "-c", str(camp)))
    where = camp / "reports" / "turn-01"
    ext = EXT[fmt]
    assert sorted(p.name for p in where.iterdir()) == sorted(
        [f"start-public.{ext}", f"public.{ext}", "map-public.png", "chart-public.png"]
        + [f"{p}.{ext}" for p in PLAYERS]
        + [f"start-{p}.{ext}" for p in PLAYERS]
        + [f"map-{p}.png" for p in PLAYERS]
    )
    assert start == (where / f"start-public.{ext}").read_text(encoding="utf-8")
    assert end == (where / f"public.{ext}").read_text(encoding="utf-8")
    if fmt == "json":
        public = json.loads(end)
        assert public["turn"] == 1 and public["next_turn"] == 2
        assert not walk_keys(public) & {"bc", "rp", "orders", "production", "hand", "planets", "ballots"}
        for name in PLAYERS:
            private = json.loads((where / f"{name}.json").read_text(encoding="utf-8"))
            assert private["leader"] == name
            assert private["bc"] == 16 and private["rp"] == 0 and private["orders"] == 0
            assert [p["owner"] for p in private["planets"]] == [name]
            assert private["planets"][0]["hex"] == "0,0"  # stage 1: in the leader's frame (closed rooms)
    elif fmt == "bbcode":
        assert "[b]" in end or "[b]" in start
    else:
        assert "#" in end or "**" in end


def test_format_option_overrides_the_campaign_for_the_report_files(gm, camp):
    ok(gm("turn", "start", "-c", str(camp), "--format", "json"))
    assert (camp / "reports" / "turn-01" / "start-public.json").is_file()


def test_end_before_start_and_start_twice_are_refused(gm, camp):
    refused(gm, camp, "turn", "end", "-c", str(camp), fragments=("turn start",))
    assert not (camp / "reports").exists() and not (camp / "history").exists()
    ok(gm("turn", "start", "-c", str(camp)))
    refused(gm, camp, "turn", "start", "-c", str(camp), fragments=("already started",))
    ok(gm("turn", "end", "-c", str(camp)))
    refused(gm, camp, "turn", "end", "-c", str(camp), fragments=("turn start",))


def test_turn_7_token_die_is_journaled_and_names_the_chair(gm, camp):
    set_turn(camp, 7)
    before = len(journal(camp))
    out = ok(gm("turn", "start", "-c", str(camp)))
    rolls = journal(camp)[before:]
    token = rolls[0]
    assert token["die"] == 3 and token["turn"] == 7 and token["source"] == "stream"
    holder = PLAYERS[token["face"] - 1]
    data = state(camp)
    assert data["turn_state"]["token"] == holder and data["council"]["chair"] == holder
    assert holder in out and data["stage"] == 2
    order = PLAYERS[PLAYERS.index(holder) :] + PLAYERS[: PLAYERS.index(holder)]
    assert " → ".join(order) in out  # odd turn: clockwise from the chair
    # the chair alone gets the two bills, in its private start report; the rooms open: the
    # public start post comes with the galaxy's map
    files_ = sorted(p.name for p in (camp / "reports" / "turn-07").iterdir())
    assert files_ == sorted(["start-public.txt", "start-map-public.png"] + [f"start-{p}.txt" for p in PLAYERS])
    options = data["council"]["vote"]["options"]
    chair_text = report(camp, 7, f"start-{holder}")
    others = [report(camp, 7, name) for name in ("start-public", *(f"start-{p}" for p in PLAYERS if p != holder))]
    for bill in options:
        label = pick(BILLS.row(bill).label, "en")
        assert label in chair_text and not any(label in other for other in others)
    ok(gm("turn", "end", "-c", str(camp)))
    nxt = PLAYERS[(PLAYERS.index(holder) + 1) % 3]
    assert state(camp)["turn_state"]["token"] == nxt
    out = ok(gm("turn", "start", "-c", str(camp)))
    rest = [p for p in PLAYERS if p != nxt]
    ccw = [nxt] + list(reversed(PLAYERS[PLAYERS.index(nxt) + 1 :] + PLAYERS[: PLAYERS.index(nxt)]))
    assert " → ".join(ccw) in out and sorted(rest) == sorted(ccw[1:])  # even turn


# ============================================================== undo


def test_undo_restores_the_state_before_turn_end(gm, camp):
    ok(gm("turn", "start", "-c", str(camp)))
    before = (camp / "campaign.toml").read_bytes()
    ok(gm("turn", "end", "-c", str(camp)))
    after_end = (camp / "campaign.toml").read_bytes()
    journal_before = (camp / "journal.toml").read_bytes()
    out = ok(gm("turn", "undo", "-c", str(camp)))
    assert "Turn 1 undone" in out
    # the state before the turn end, but for the share its deadline fixed: that stays (docs/verify.md)
    assert without_deadlines((camp / "campaign.toml").read_bytes()) == without_deadlines(before)
    assert state(camp)["verification"]["shares"] == {"1": ""}
    assert (camp / "journal.toml").read_bytes() == journal_before
    voided = tomllib.loads((camp / "voided.toml").read_text(encoding="utf-8"))["void"]
    assert len(voided) == 1 and voided[0]["turn"] == 1
    assert not (camp / "reports" / "turn-01" / "public.txt").exists()
    ok(gm("verify", "-c", str(camp)))
    # the turn is re-run: no dice at this turn end, so the same result
    ok(gm("turn", "end", "-c", str(camp)))
    assert (camp / "campaign.toml").read_bytes() == after_end
    assert (camp / "reports" / "turn-01" / "public.txt").is_file()


def test_undo_voids_the_rolls_made_since_and_keeps_the_journal(gm, camp):
    set_turn(camp, 7)
    ok(gm("turn", "start", "-c", str(camp)))
    before_end = (camp / "campaign.toml").read_bytes()
    ok(gm("turn", "end", "-c", str(camp)))
    first = len(journal(camp)) + 1
    ok(gm("turn", "start", "-c", str(camp)))  # turn 8: the event cards dealt
    ok(gm("roll", "2d6", "-c", str(camp), "--for", "weather"))
    rolls = journal(camp)
    assert rolls[first - 1]["turn"] == 8 and "turn 8 start" in rolls[first - 1]["purpose"]
    last = rolls[-1]["id"]
    assert last > first and "weather" in rolls[-1]["purpose"]
    journal_bytes = (camp / "journal.toml").read_bytes()
    ok(gm("turn", "undo", "-c", str(camp)))
    assert without_deadlines((camp / "campaign.toml").read_bytes()) == without_deadlines(before_end)
    assert (camp / "journal.toml").read_bytes() == journal_bytes  # nothing removed
    data = state(camp)
    assert data["turn"] == 7 and "hand" not in player(camp, "alice")
    (void,) = tomllib.loads((camp / "voided.toml").read_text(encoding="utf-8"))["void"]
    assert (void["turn"], void["from"], void["to"]) == (7, first, last)
    ok(gm("verify", "-c", str(camp)))


def test_a_turn_whose_end_revealed_a_key_is_not_undone(gm, camp):
    """Turn 6's end reveals the keys of the setup and stage 1 (docs/verify.md): played again
    with them, anyone could compute its dice before they are rolled."""
    set_turn(camp, 6)
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    kept = files(camp)
    refused(gm, camp, "turn", "undo", "-c", str(camp), fragments=("turn 6 is not undone", "setup, stage1"))
    assert files(camp) == kept


def test_undo_after_a_turn_end_without_rolls_says_so(gm, camp):
    set_turn(camp, 7)
    ok(gm("turn", "start", "-c", str(camp)))  # the token die is rolled here …
    token = state(camp)["turn_state"]["token"]
    before = (camp / "campaign.toml").read_bytes()
    ok(gm("turn", "end", "-c", str(camp)))
    ok(gm("turn", "undo", "-c", str(camp)))
    # … before the snapshot: it still stands and is not voided
    assert without_deadlines((camp / "campaign.toml").read_bytes()) == without_deadlines(before)
    assert state(camp)["turn_state"]["token"] == token
    (void,) = tomllib.loads((camp / "voided.toml").read_text(encoding="utf-8"))["void"]
    assert void["turn"] == 7 and "from" not in void
    ok(gm("verify", "-c", str(camp)))


def test_second_undo_undoes_the_turn_before(gm, camp):
    ok(gm("turn", "start", "-c", str(camp)))
    before_1 = (camp / "campaign.toml").read_bytes()
    ok(gm("turn", "end", "-c", str(camp)))
    ok(gm("turn", "start", "-c", str(camp)))
    before_2 = (camp / "campaign.toml").read_bytes()
    ok(gm("turn", "end", "-c", str(camp)))
    assert state(camp)["turn"] == 3
    ok(gm("turn", "undo", "-c", str(camp)))
    assert without_deadlines((camp / "campaign.toml").read_bytes()) == without_deadlines(before_2)
    ok(gm("turn", "undo", "-c", str(camp)))
    assert without_deadlines((camp / "campaign.toml").read_bytes()) == without_deadlines(before_1)
    assert state(camp)["verification"]["shares"] == {"1": "", "2": ""}  # fixed once: never taken back
    voided = tomllib.loads((camp / "voided.toml").read_text(encoding="utf-8"))["void"]
    assert [v["turn"] for v in voided] == [2, 1]
    refused(gm, camp, "turn", "undo", "-c", str(camp), fragments=("nothing to undo",))
    ok(gm("verify", "-c", str(camp)))


def test_undo_without_a_snapshot_is_refused(gm, camp):
    refused(gm, camp, "turn", "undo", "-c", str(camp), fragments=("nothing to undo",))
    ok(gm("turn", "start", "-c", str(camp)))
    refused(gm, camp, "turn", "undo", "-c", str(camp), fragments=("nothing to undo",))
    assert not (camp / "voided.toml").exists()


def test_undo_leaves_no_report_of_a_voided_turn_start(gm, camp):
    """After `turn undo` the turn-8 start (its chair, its event cards) never happened: its
    reports must not stay in reports/turn-08 beside the state that no longer has them."""
    set_turn(camp, 7)
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    ok(gm("turn", "start", "-c", str(camp)))
    assert (camp / "reports" / "turn-08" / "start-public.txt").is_file()
    ok(gm("turn", "undo", "-c", str(camp)))
    assert not (camp / "reports" / "turn-08").exists() or not any((camp / "reports" / "turn-08").iterdir())


# ============================================================== the Council at turn end


def _turn_7_with_a_tie(gm, camp) -> tuple[str, str, str]:
    """Turn 7: the chair abstains, the others 1 planet + 3 BC each: 2 yes, 2 no."""
    set_turn(camp, 7)
    ok(gm("turn", "start", "-c", str(camp)))
    chair = state(camp)["council"]["chair"]
    yes, no = [p for p in PLAYERS if p != chair]
    ok(gm("council", "propose", "-c", str(camp), "--pick", "1"))
    c = ("-c", str(camp))
    ok(gm("council", "vote", *c, "--player", chair, "abstain"))
    ok(gm("council", "vote", *c, "--player", yes, "yes", "--bribe", "3"))
    ok(gm("council", "vote", *c, "--player", no, "no", "--bribe", "3"))
    return chair, yes, no


def test_tie_with_the_chair_abstaining_needs_the_chairs_decision(gm, camp):
    chair, yes, no = _turn_7_with_a_tie(gm, camp)
    refused(gm, camp, "turn", "end", "-c", str(camp), fragments=("chair",))
    assert not (camp / "history").exists()
    out = json.loads(ok(gm("turn", "end", "-c", str(camp), "--chair-decision", "no", "--format", "json")))
    council = out["council"]
    assert (council["yes"], council["no"], council["tie"], council["passed"]) == (2, 2, True, False)
    assert council["chair"] == chair
    assert not walk_keys(out) & {"ballots", "bribe_bc", "production", "bc"}
    assert yes not in json.dumps(council) and no not in json.dumps(council)
    # bribes are paid whatever the outcome: 4 + 12 − 3
    assert player(camp, yes)["bc"] == player(camp, no)["bc"] == 13
    assert player(camp, chair)["bc"] == 16
    public = (camp / "reports" / "turn-07" / "public.json").read_text(encoding="utf-8")
    assert json.loads(public) == out
    for name in (yes, no):
        private = json.loads((camp / "reports" / "turn-07" / f"{name}.json").read_text(encoding="utf-8"))
        assert private["bc"] == 13


# ============================================================== colonize, assign, activate


def test_colonize(gm, camp):
    grant(camp, "bob", scouts=2)  # two hexes this turn: two scouts (A4)
    hex_ = explore_planet(gm, camp, "bob")
    out = ok(gm("colonize", "-c", str(camp), "--player", "bob", "--hex", hex_))
    assert "bob colonised" in out
    s = system(camp, hex_)
    assert s["owner"] == "bob" and s["planet"]["population"] == 1
    assert player(camp, "bob")["colony_ships"] == 0
    refused(gm, camp, "colonize", "-c", str(camp), "--player", "alice", "--hex", hex_, fragments=("already",))
    other = explore_planet(gm, camp, "bob")
    refused(gm, camp, "colonize", "-c", str(camp), "--player", "bob", "--hex", other, fragments=("colony ship",))
    refused(
        gm,
        camp,
        "colonize",
        "-c",
        str(camp),
        "--player",
        "alice",
        "--hex",
        free_neighbour(camp, "alice"),
        fragments=("not been explored",),
    )
    refused(gm, camp, "colonize", "-c", str(camp), "--player", "zed", "--hex", other, fragments=("zed",))
    refused(
        gm,
        camp,
        "colonize",
        "-c",
        str(camp),
        "--player",
        "bob",
        "--hex",
        "x,y",
        fragments=("hex 'x,y' is not of the form Q,R",),
    )


def test_assign(gm, camp):
    home = player(camp, "carol")["homeworld"]
    out = ok(gm("assign", "-c", str(camp), "--player", "carol", "--hex", home, "--workers", "1", "--scientists", "2"))
    assert "1 worker, 2 scientists" in out
    assert system(camp, home)["planet"]["scientists"] == 2
    ok(gm("assign", "-c", str(camp), "--player", "carol", "--hex", home, "--workers", "3"))
    assert system(camp, home)["planet"].get("scientists", 0) == 0
    refused(
        gm,
        camp,
        "assign",
        "-c",
        str(camp),
        "--player",
        "carol",
        "--hex",
        home,
        "--workers",
        "2",
        "--scientists",
        "2",
        fragments=("do not fit",),
    )
    refused(
        gm,
        camp,
        "assign",
        "-c",
        str(camp),
        "--player",
        "alice",
        "--hex",
        home,
        "--scientists",
        "1",
        fragments=(f"{home} is not alice's",),
    )
    ok(gm("assign", "-c", str(camp), "--player", "carol", "--hex", home, "--scientists", "3"))
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    carol = player(camp, "carol")
    assert (carol["bc"], carol["rp"]) == (4, 12)  # 3 scientists × 4 RP, no worker


def test_activate(gm, camp):
    ok(gm("turn", "start", "-c", str(camp)))
    hex_ = colony(gm, camp, "alice")
    refused(gm, camp, "activate", "-c", str(camp), "--player", "alice", "--hex", hex_, fragments=("2 orders",))
    grant(camp, "alice", orders=3)
    out = ok(gm("activate", "-c", str(camp), "--player", "alice", "--hex", hex_))
    assert "2 orders paid, 1 order left" in out
    assert system(camp, hex_)["planet"]["active_turn"] == 1
    refused(gm, camp, "activate", "-c", str(camp), "--player", "alice", "--hex", hex_, fragments=("already active",))
    refused(
        gm,
        camp,
        "activate",
        "-c",
        str(camp),
        "--player",
        "alice",
        "--hex",
        player(camp, "alice")["homeworld"],
        fragments=("homeworld",),
    )
    refused(
        gm, camp, "activate", "-c", str(camp), "--player", "bob", "--hex", hex_, fragments=(f"{hex_} is not bob's",)
    )
    ok(gm("turn", "end", "-c", str(camp)))
    # the colony (terran, 1 worker × 4 PP) was active: 4 BC, not 1; the homeworld 12
    alice = player(camp, "alice")
    assert alice["bc"] == 4 + 12 + 4 and alice["orders"] == 1
    text = report(camp, 1, "alice")
    assert mentions(text, seen(hex_, player(camp, "alice")["homeworld"]))


def test_activate_with_an_orbital_base_costs_1(gm, camp):
    hex_ = colony(gm, camp, "alice")

    def change(data):
        s = next(s for s in data["system"] if s["hex"] == hex_)
        s["planet"]["base"] = "star-base"
        next(p for p in data["player"] if p["name"] == "alice")["orders"] = 1

    edit(camp, change)
    out = ok(gm("activate", "-c", str(camp), "--player", "alice", "--hex", hex_))
    assert "1 order paid, 0 orders left" in out


# ============================================================== fleet (A8)


def test_fleet_plus_one_costs_an_order_once_a_turn(gm, camp):
    refused(gm, camp, "fleet", "-c", str(camp), "--player", "bob", "+1", fragments=("order",))
    grant(camp, "bob", orders=2)
    out = ok(gm("fleet", "-c", str(camp), "--player", "bob", "+1"))
    assert "fleet 2 (max 2), 1 order" in out
    refused(gm, camp, "fleet", "-c", str(camp), "--player", "bob", "+1", fragments=("already",))
    refused(
        gm, camp, "fleet", "-c", str(camp), "--player", "bob", "+2", fragments=("the change is +1 or -1, not '+2'",)
    )
    refused(
        gm, camp, "fleet", "-c", str(camp), "--player", "bob", "two", fragments=("the change is +1 or -1, not 'two'",)
    )
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    refused(gm, camp, "fleet", "-c", str(camp), "--player", "bob", "+1", fragments=("maximum",))


def test_fleet_minus_one_gives_an_order(gm, camp):
    out = ok(gm("fleet", "-c", str(camp), "--player", "carol", "--", "-1"))
    assert "fleet 0 (max 2), 1 order" in out
    refused(gm, camp, "fleet", "-c", str(camp), "--player", "carol", "--", "-1", fragments=("already",))


def test_fleet_minus_one_as_documented(gm, camp):
    """`gmtool fleet --player P -1` — the form the help text gives ("+1 or -1")."""
    out = ok(gm("fleet", "-c", str(camp), "--player", "carol", "-1"))
    assert "fleet 0 (max 2), 1 order" in out


# ============================================================== quests, events, decks (A11)


def test_quest_complete(gm, camp, moderator_judges):
    refused(gm, camp, "quest", "complete", "-c", str(camp), "--player", "alice", fragments=("no quest",))
    ok(gm("turn", "start", "-c", str(camp)))
    quest = state(camp)["turn_state"]["quests"][0]
    reward = LIB.get("quests-stage1", "orion").row(quest).values["reward"]
    before = player(camp, "alice")
    out = ok(gm("quest", "complete", "-c", str(camp), "--player", "alice"))
    assert f"alice completed {LIB.get('quests-stage1', 'orion').row(quest).label['en']}: " in out
    after = player(camp, "alice")
    for effect in reward:
        what, amount = effect.split(":")
        if what in ("bc", "orders", "rp"):
            assert after.get(what, 0) == before.get(what, 0) + int(amount)
    refused(gm, camp, "quest", "complete", "-c", str(camp), "--player", "alice", fragments=("already",))
    refused(
        gm, camp, "quest", "complete", "-c", str(camp), "--player", "bob", "--quest", "nope", fragments=("not open",)
    )
    ok(gm("quest", "complete", "-c", str(camp), "--player", "bob", "--quest", quest))
    ok(gm("turn", "end", "-c", str(camp)))
    public = report(camp, 1, "public")
    assert "alice, bob" in public


@pytest.fixture
def turn8(gm, camp) -> tuple[Path, str]:
    """Turn 8 (stage 2) with a colony for bob: he is dealt one event card."""
    set_turn(camp, 8)
    bob_colony = colony(gm, camp, "bob")
    ok(gm("turn", "start", "-c", str(camp)))
    return camp, bob_colony


def test_event_cards_are_dealt_secretly(gm, turn8):
    camp, _ = turn8
    (card,) = player(camp, "bob")["hand"]
    assert all(not player(camp, p).get("hand") for p in ("alice", "carol"))
    label = pick(EVENTS.row(card).label, "en")
    where = camp / "reports" / "turn-08"
    assert label in report(camp, 8, "start-bob")
    for path in where.iterdir():
        if path.name != "start-bob.txt":
            assert label not in path.read_text(encoding="utf-8"), path.name
    ok(gm("turn", "end", "-c", str(camp)))
    assert label in report(camp, 8, "bob")
    for name in ("public", "alice", "carol"):
        assert label not in report(camp, 8, name)


def test_json_start_reports_keep_the_cards_secret(gm, camp):
    set_turn(camp, 8)
    colony(gm, camp, "bob")
    public = json.loads(ok(gm("turn", "start", "-c", str(camp), "--format", "json")))
    (card,) = player(camp, "bob")["hand"]
    where = camp / "reports" / "turn-08"
    assert json.loads((where / "start-public.json").read_text(encoding="utf-8")) == public
    assert "events_dealt" not in public and "bills_drawn" not in public
    assert card not in json.dumps(public)
    private = json.loads((where / "start-bob.json").read_text(encoding="utf-8"))
    assert private["leader"] == "bob" and private["events"] == [card]
    for path in where.glob("start-*.json"):
        if path.name not in ("start-bob.json", "start-public.json"):
            assert card not in path.read_text(encoding="utf-8")


def test_event_play(gm, turn8):
    camp, _ = turn8
    (card,) = player(camp, "bob")["hand"]
    choices = sorted(int(k.split("_")[1]) for k in EVENTS.row(card).values if k.startswith("choice_"))
    if choices[-1] < 3:  # a choice the card does not offer (the Ancient archive offers all three)
        args = ("--player", "bob", card, "--choice", "3")
        refused(gm, camp, "event", "play", "-c", str(camp), *args, fragments=("choice",))
    else:  # no card has a fourth: the option itself stops at 3
        assert gm("event", "play", "-c", str(camp), "--player", "bob", card, "--choice", "4").exit_code == 2
    refused(gm, camp, "event", "play", "-c", str(camp), "--player", "alice", card, fragments=("holds no card",))
    refused(gm, camp, "event", "play", "-c", str(camp), "--player", "bob", "no-such-card", fragments=("holds no card",))
    before = player(camp, "bob")
    out = ok(gm("event", "play", "-c", str(camp), "--player", "bob", card, "--choice", str(choices[-1])))
    assert f"bob played {EVENTS.row(card).label['en']} (choice" in out
    after = player(camp, "bob")
    assert after.get("hand", []) == []
    for effect in EVENTS.row(card).values[f"choice_{choices[-1]}"]:
        what, amount = effect.split(":")
        if what in ("bc", "orders", "rp"):
            assert after.get(what, 0) == max(0, before.get(what, 0) + int(amount))
    assert state(camp)["decks"]["events"]["discard"] == [card]
    out = ok(gm("deck", "show", "-c", str(camp), "events"))
    assert f"discard pile (1): {card}" in out
    refused(gm, camp, "event", "play", "-c", str(camp), "--player", "bob", card, fragments=("holds no card",))


def test_deck_commands(gm, camp):
    refused(gm, camp, "deck", "show", "-c", str(camp), "events", fragments=("no deck",))
    refused(gm, camp, "deck", "shuffle", "-c", str(camp), "events", fragments=("no deck",))
    refused(gm, camp, "deck", "discard", "-c", str(camp), "events", "windfall", fragments=("no deck",))
    refused(gm, camp, "deck", "draw", "-c", str(camp), "no-such-deck", fragments=("no table 'no-such-deck'",))
    n = len(journal(camp))
    out = ok(gm("deck", "draw", "-c", str(camp), "events", "-n", "2"))
    drawn = out.strip().split(": ", 1)[1].split(", ")
    assert len(drawn) == 2 and set(drawn) <= set(EVENT_CARDS)
    assert len(journal(camp)) == n + len(EVENT_DECK) - 1  # shuffled with journaled dice
    pile = state(camp)["decks"]["events"]
    assert len(pile["draw"]) == 58 and sorted(pile["draw"] + drawn) == sorted(EVENT_DECK)
    assert "events: 58 to draw; discard pile (0)" in ok(gm("deck", "show", "-c", str(camp), "events"))
    ok(gm("deck", "discard", "-c", str(camp), "events", drawn[0]))
    assert f"discard pile (1): {drawn[0]}" in ok(gm("deck", "show", "-c", str(camp), "events"))
    out = ok(gm("deck", "shuffle", "-c", str(camp), "events"))
    assert "59 cards to draw" in out
    pile = state(camp)["decks"]["events"]
    assert sorted(pile["draw"] + [drawn[1]]) == sorted(EVENT_DECK) and pile.get("discard", []) == []
    for _ in range(2):
        ok(gm("deck", "draw", "-c", str(camp), "events", "-n", "20"))  # 19 left
    refused(gm, camp, "deck", "draw", "-c", str(camp), "events", "-n", "20", fragments=("empty",))
    ok(gm("verify", "-c", str(camp)))


def test_deck_draw_with_manual_dice(gm, camp):
    # Fisher–Yates of the 60 cards (12 × 5 copies, in the table's order): d60, d59, … d2 — all 1s
    # swap each card with the first, leaving the deck turned by one: its second card first, the
    # second copy of mineral-boom
    out = ok(gm("deck", "draw", "-c", str(camp), "events", "--dice", ONES))
    assert out.strip() == "drawn from events: mineral-boom"
    refused(gm, camp, "deck", "shuffle", "-c", str(camp), "events", "--dice", "1", fragments=("--dice",))


@pytest.mark.parametrize(
    "card, fragment",
    [
        ("no-such-card", "events has no card 'no-such-card'"),
        ("windfall", "windfall is not out of the deck (it is in the draw pile)"),
    ],
    ids=["no-such-card", "windfall"],
)
def test_deck_discard_refuses_a_card_that_is_not_out_of_the_deck(gm, camp, card, fragment):
    """A11: draw without replacement — a card unknown to the table, or still in the draw
    pile, cannot go to the discard pile (it would be dealt twice, or be unplayable)."""
    ok(gm("deck", "draw", "-c", str(camp), "events", "--dice", ONES))  # mineral-boom drawn
    assert state(camp)["decks"]["events"]["draw"].count("windfall") == 5  # every copy in the draw pile
    refused(gm, camp, "deck", "discard", "-c", str(camp), "events", card, fragments=(fragment,))


def test_a_turn_end_that_fails_writes_nothing(gm, camp):
    """A card the events table does not know in a hand (hand-edited, or via `deck discard`):
    `turn end` refuses it by name and leaves the campaign as it was."""
    ok(gm("turn", "start", "-c", str(camp)))
    grant(camp, "bob", hand=["no-such-card"])
    before = files(camp)
    res = gm("turn", "end", "-c", str(camp))
    assert_error(res, "no row with id 'no-such-card'")
    assert files(camp) == before


# ============================================================== the end of the game


def test_territorial_victory_and_nothing_after(gm, camp):
    set_turn(camp, 18)
    colony(gm, camp, "carol")  # carol: 2 planets, the others 1
    ok(gm("turn", "start", "-c", str(camp)))
    out = ok(gm("turn", "end", "-c", str(camp)))
    assert "carol" in out and "18" in out
    v = state(camp)["turn_state"]["victory"]
    assert (v["kind"], v["leader"], v["decided_by"], v["turn"]) == ("territorial", "carol", "planets", 18)
    assert state(camp)["turn"] == 18
    home = player(camp, "alice")["homeworld"]
    c = ("-c", str(camp))
    for args in [
        ("turn", "start", *c),
        ("turn", "end", *c),
        ("assign", *c, "--player", "alice", "--hex", home, "--workers", "1"),
        ("fleet", *c, "--player", "alice", "+1"),
        ("quest", "complete", *c, "--player", "alice"),
        ("colonize", *c, "--player", "alice", "--hex", home),
        ("deck", "draw", *c, "events"),
    ]:
        refused(gm, camp, *args, fragments=("over",))
    # the turn's end revealed stage 3's key (the game is over): it is not played again with it
    refused(gm, camp, "turn", "undo", "-c", str(camp), fragments=("turn 18 is not undone", "stage3"))
    assert state(camp)["turn_state"]["victory"]["leader"] == "carol"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_event_play_by_the_cards_name(gm, turn8, lang):
    """A moderator may name the card as the players do: "Эпидемия" is the card plague."""
    camp, _ = turn8
    (card,) = player(camp, "bob")["hand"]
    name = EVENTS.row(card).label[lang].upper()  # any case, either language
    ok(gm("event", "play", "-c", str(camp), "--player", "bob", name, "--choice", "1"))
    assert player(camp, "bob").get("hand", []) == []
    assert state(camp)["decks"]["events"]["discard"] == [card]


# ===================================================== victory only at the turn end


def test_an_emperor_elected_mid_turn_wins_at_the_turn_end(gm, camp):
    """A3/A12: the victory is checked at the end of the turn; the turn still gets its
    production and its reports, and status shows the victory afterwards."""
    c = ("-c", str(camp))
    set_turn(camp, 13)
    ok(gm("turn", "start", *c))
    ok(gm("council", "elect", *c, "--player", "alice", "--candidate", "alice"))
    ok(gm("council", "elect", *c, "--player", "bob", "--candidate", "alice"))
    ok(gm("council", "tally", *c, "--election"))  # 2 of 3 votes: alice is Emperor
    assert state(camp)["council"]["emperor"] == "alice"
    assert "victory" not in state(camp).get("turn_state", {})
    assert "Victory" not in ok(gm("status", *c))  # not yet: the turn goes on
    # the game is not over mid-turn, but nobody is elected twice
    refused(
        gm,
        camp,
        "council",
        "elect",
        *c,
        "--player",
        "carol",
        "--candidate",
        "carol",
        fragments=("already elected alice",),
    )
    bc_before = player(camp, "alice")["bc"]
    out = ok(gm("turn", "end", *c))
    assert "Winner: alice — diplomatic victory (Emperor)" in out
    assert player(camp, "alice")["bc"] > bc_before  # turn 13 had its production
    assert (camp / "reports" / "turn-13" / "public.txt").is_file()
    assert (camp / "reports" / "turn-13" / "alice.txt").is_file()
    v = state(camp)["turn_state"]["victory"]
    assert (v["kind"], v["leader"], v["turn"]) == ("diplomatic", "alice", 13)
    assert "Winner: alice — diplomatic victory (Emperor)" in ok(gm("status", *c))
    assert json.loads(ok(gm("status", *c, "--format", "json")))["victory"]["kind"] == "diplomatic"
    refused(gm, camp, "turn", "start", *c, fragments=("over",))


# ===================================================== the Council in the public post


def test_a_tally_made_during_the_turn_is_in_the_public_post(gm, camp):
    c = ("-c", str(camp))
    set_turn(camp, 7)
    ok(gm("turn", "start", *c))
    ok(gm("council", "propose", *c, "--pick", "1"))
    for name in PLAYERS:
        ok(gm("council", "vote", *c, "--player", name, "yes" if name == "alice" else "no", "--bribe", "3"))
    ok(gm("council", "tally", *c))  # mid-turn: 1 + 1 yes, 2 + 2 no
    out = ok(gm("turn", "end", *c))
    public = (camp / "reports" / "turn-07" / "public.txt").read_text(encoding="utf-8")
    assert out == public
    assert "Council vote: Yes 2, No 4 → rejected" in public, public
    assert "bribe" not in public.lower()  # ballots stay secret (A9)


def test_an_election_tallied_during_the_turn_is_in_the_public_post(gm, camp):
    c = ("-c", str(camp))
    set_turn(camp, 14)
    ok(gm("turn", "start", *c))
    ok(gm("council", "elect", *c, "--player", "alice", "--candidate", "bob"))
    ok(gm("council", "tally", *c, "--election"))  # 1 of 3 votes: nobody
    public = ok(gm("turn", "end", *c))
    assert "Emperor: nobody elected" in public, public


# ===================================================== renames reach the turn's news


def test_a_rename_reaches_every_name_in_the_turns_news(gm, camp):
    c = ("-c", str(camp))
    ok(gm("turn", "start", *c))
    home = player(camp, "carol")["homeworld"]
    ok(gm("blockade", *c, "--hex", home, "--by", "bob"))
    ok(gm("player", "rename", *c, "--player", "carol", "--to", "Карина"))
    ok(gm("turn", "end", *c))
    mine = (camp / "reports" / "turn-01" / "Карина.txt").read_text(encoding="utf-8")
    assert "bob's fleet blockades 0,0 (Карина)" in mine, mine  # stage 1: its own frame
    assert "carol" not in mine.replace("carol is now called", "")
    assert "(carol)" not in (camp / "reports" / "turn-01" / "bob.txt").read_text(encoding="utf-8")


def test_a_replacement_keeps_the_roster_history(gm, camp):
    c = ("-c", str(camp))
    ok(gm("turn", "start", *c))
    ok(gm("player", "add", *c, "--player", "dave"))
    ok(gm("player", "drop", *c, "--player", "dave", "--keep"))
    ok(gm("player", "replace", *c, "--player", "dave", "--by", "эрик"))
    public = ok(gm("turn", "end", *c))
    assert "dave joins the game" in public and "эрик takes over the empire of dave" in public, public
    assert "эрик joins the game" not in public


# ===================================================== movement order before turn 7


def test_movement_order_is_the_seating_order_until_the_token_then_alternates(gm, camp):
    """docs/rules-orion.md A3 decision: no chair before turn 7, the seating order every turn;
    from turn 7 the chair first, clockwise on odd turns, counter-clockwise on even."""
    c = ("-c", str(camp))
    assert "alice → bob → carol" in ok(gm("turn", "start", *c))
    assert "Movement order: alice → bob → carol" in ok(gm("turn", "end", *c))  # turn 2 is next
    set_turn(camp, 7)
    ok(gm("turn", "start", *c))
    chair = state(camp)["turn_state"]["token"]
    seats = PLAYERS[PLAYERS.index(chair) :] + PLAYERS[: PLAYERS.index(chair)]
    after = seats[1:] + seats[:1]  # the token passes clockwise
    out = ok(gm("turn", "end", *c))  # turn 8: counter-clockwise
    assert "Movement order: " + " → ".join([after[0]] + after[:0:-1]) in out, out
