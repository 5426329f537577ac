"""Results that cross modules are typed records (docs/architecture.md): the turn engine's
start and end of a turn, and production.  Each record's ``to_data()`` is exactly the dict
the reports' JSON has always been built from: checked against the JSON reports the CLI
writes for turn 1 of campaigns/example.  The moderator's records, the roster's changes, the
Council, victories and Merchant of Venus turns give typed records too, whose ``to_data()`` is
the turn-log entry or the JSON they always gave; the entries a campaign keeps as tables
(awards, inbox, build orders, laws, the open vote and election, the victory) are typed for the type checker, dicts at
run time."""

from __future__ import annotations

import json
import shutil
import typing
from pathlib import Path
from typing import Any

import pytest

from gmtool.report.records import entries_for
from gmtool.rules import base
from gmtool.rules.orion import building, turns
from gmtool.rules.orion.building import BuildOrdered
from gmtool.rules.orion.council import ElectionTally
from gmtool.rules.orion.council_campaign import BillOutcome, ElectionOutcome
from gmtool.rules.orion.laws import LawChoice
from gmtool.rules.orion.production import PlanetOutput, Production
from gmtool.rules.orion.records import (
    AllSciences,
    AwardApplied,
    BlockadeChanged,
    Granted,
    GuardianRegained,
    GuardianState,
    MonsterSlain,
    OrionDamaged,
    PlanetCaptured,
    ShipChanged,
)
from gmtool.rules.orion.research import ResearchOrdered
from gmtool.rules.orion.roster import PlayerLeft, PlayerRenamed
from gmtool.rules.orion.turns import (
    EventPlayed,
    QuestClaimed,
    QuestCompleted,
    Ranked,
    Standing,
    TurnEnd,
    TurnStart,
    Victory,
)
from gmtool.rules.venus.play import Landed, PlayerTurnEnd, Skipped
from helpers import ok
from helpers import run_gmtool as gm

EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"
ADDED = ("map", "journal")  # what the CLI adds to a post's data (its map, the journal's seal)


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False))


def report(folder: Path, name: str) -> dict[str, Any]:
    data = json.loads((folder / "reports" / "turn-01" / f"{name}.json").read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k not in ADDED}


@pytest.fixture(scope="module")
def played(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, TurnStart, TurnEnd, Any, Any, list[QuestCompleted], list[BuildOrdered]]:
    """Turn 1 of the example game, its start posted on its own, both in JSON: (the campaign,
    the start's record, the end's record, their ``to_data()`` as given to the session, the
    quests completed and the builds ordered by the orders file)."""
    folder = tmp_path_factory.mktemp("typed") / "game"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "forum.toml", "reports", "history"))
    (folder / "secret.key").chmod(0o600)
    kept: dict[str, Any] = {}
    played_by, quest, build = base.play, turns.complete_quest, building.order_build

    def keep_turn(steps: Any, turn: Any) -> Any:  # the session plays the ruleset's steps
        result = played_by(steps, turn)
        kept["start" if steps is turns.START_STEPS else "end"] = result
        return result

    def keep_build(*args: Any, **kwargs: Any) -> BuildOrdered:
        kept.setdefault("builds", []).append(build(*args, **kwargs))
        return kept["builds"][-1]

    def keep_quest(*args: Any, **kwargs: Any) -> QuestCompleted:
        kept.setdefault("quests", []).append(quest(*args, **kwargs))
        return kept["quests"][-1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(turns, "complete_quest", keep_quest)
        mp.setattr(building, "order_build", keep_build)
        mp.setattr(base, "play", keep_turn)
        ok(gm("turn", "start", "-c", str(folder), "--format", "json"))
        # the records as they were given, before anything later could change them
        kept["start_data"] = as_json(kept["start"].to_data())
        ok(gm("turn", "run", str(folder / "orders" / "turn-01.toml"), "-c", str(folder), "--format", "json"))
        kept["end_data"] = as_json(kept["end"].to_data())
    return folder, kept["start"], kept["end"], kept["start_data"], kept["end_data"], kept["quests"], kept["builds"]


def test_the_turn_start_record_gives_the_start_posts_data(played):
    folder, record, _, data, _, _, _ = played
    assert isinstance(record, TurnStart)
    assert (record.turn, record.stage, record.chair, record.quest) == (1, 1, None, "new-frontier")
    assert record.movement_order == ["alice", "bob", "carol"]
    assert record.victory is None and record.events_dealt is None and record.bills_drawn is None
    # keys and values, in their order: what `turn start --format json` wrote
    public = {k: v for k, v in data.items() if k not in ("events_dealt", "bills_drawn")}
    assert list(report(folder, "start-public")) == list(public)
    assert report(folder, "start-public") == public
    # undecided keys stay out of the JSON, as they always did
    assert "token_dealt" not in data and "victory" not in data and "log" not in data


def test_the_turn_end_record_gives_the_public_posts_data(played):
    folder, _, record, _, data, _, _ = played
    assert isinstance(record, TurnEnd)
    assert (record.turn, record.stage, record.next_turn, record.next_stage) == (1, 1, 2, 1)
    assert record.victory is None and record.council is None and record.election is None
    public = {k: v for k, v in data.items() if k != "production"}
    public["log"] = as_json(entries_for(record.log, None))
    shown = report(folder, "public")
    # the post adds its Dice block (dice scheme 2: docs/verify.md), which is no part of the record
    assert isinstance(shown.pop("dice_v2"), list)
    assert list(shown) == list(public)
    assert shown == public
    assert data["next_order"] == record.next_order
    assert all(isinstance(s, Standing) for s in record.standings)
    assert data["standings"] == [as_json(s.to_data()) for s in record.standings]
    assert [s.leader for s in record.standings] == [s["leader"] for s in report(folder, "public")["standings"]]
    assert list(data["standings"][0]) == ["leader", "planet_count", "population", "homeworlds"]


def test_production_is_a_typed_record_read_by_the_private_reports(played):
    folder, _, record, _, data, _, _ = played
    prod = record.production
    assert isinstance(prod, Production) and prod.planets
    assert all(isinstance(p, PlanetOutput) for p in prod.planets)
    assert data["production"] == as_json(prod.to_data())
    assert list(data["production"]) == ["planets", "totals", "builds"]
    for leader in ("alice", "bob", "carol"):
        private = report(folder, leader)
        mine = [p for p in data["production"]["planets"] if p["owner"] == leader]
        assert mine, leader
        # the private JSON names hexes in the leader's own frame (closed rooms): all else equal
        assert [{**p, "hex": None} for p in private["planets"]] == [{**p, "hex": None} for p in mine]
        assert private["income"] == data["production"]["totals"][leader]
        assert private["turn"] == record.turn == 1


def test_the_guardian_is_a_typed_record_in_the_public_posts_data(played):
    folder, _, record, _, data, _, _ = played
    assert isinstance(record.guardian, GuardianState)
    assert (record.guardian.alive, record.guardian.toughness, record.guardian.full) == (True, 17, 17)
    assert report(folder, "public")["guardian"] == data["guardian"] == {"alive": True, "toughness": 17, "full": 17}
    assert record.guardian_regained is None and "guardian_regained" not in data  # never hurt: nothing regained
    # destroyed: who holds Orion is told too; a regeneration tells before, after and the full toughness
    assert GuardianState(False, 0, 17, "bob").to_data() == {"alive": False, "toughness": 0, "full": 17, "owner": "bob"}
    assert GuardianRegained(12, 15, 17).to_data() == {"before": 12, "toughness": 15, "full": 17}


@pytest.mark.parametrize(
    "cls",
    [
        TurnStart,
        TurnEnd,
        Production,
        PlanetOutput,
        GuardianState,
        GuardianRegained,
        Standing,
        QuestCompleted,
        EventPlayed,
        BuildOrdered,
        MonsterSlain,
        OrionDamaged,
        BlockadeChanged,
        PlanetCaptured,
        Granted,
        ShipChanged,
        AwardApplied,
        AllSciences,
        ResearchOrdered,
        QuestClaimed,
        LawChoice,
        PlayerLeft,
        PlayerRenamed,
        BillOutcome,
        ElectionOutcome,
        Victory,
        Ranked,
        Landed,
        Skipped,
        PlayerTurnEnd,
    ],
)
def test_every_field_of_a_record_is_typed(cls):
    hints = typing.get_type_hints(cls)
    fields = list(cls.__dataclass_fields__)
    assert fields and set(fields) <= set(hints)
    assert all(hints[f] is not Any for f in fields)


def test_the_end_record_tells_a_tally_made_earlier_after_the_election_as_before():
    """A council tally made earlier in the turn and an election at its end: the election
    was told first (the order of the post's JSON keys stays what it was)."""
    election = ElectionOutcome(ElectionTally({}, 0, 1, None))
    record = TurnEnd(1, 2, Production(), council=BillOutcome("b"), election=election, council_told_late=True)
    assert list(record.to_data())[:4] == ["turn", "stage", "production", "election"]
    assert list(TurnEnd(1, 2, Production(), council=BillOutcome("b"), election=election).to_data())[3] == "council"


def test_a_completed_quest_is_a_typed_record_told_in_the_leaders_orders_done(played):
    folder, *_, quests, _ = played
    [record] = quests
    assert isinstance(record, QuestCompleted)
    assert (record.quest, record.leader, record.changes) == ("new-frontier", "carol", [{"orders": 1}])
    [done] = [d for d in report(folder, "carol")["orders_done"] if d["order"] == "claims"]  # her !quest
    assert done["result"] == {**as_json(record.to_data()), "table": "quests-stage1"}
    assert list(done["result"]) == ["quest", "leader", "changes", "table"]


def test_a_played_event_gives_the_keys_it_always_gave():
    record = EventPlayed("refugees", 2, "bob", [{"orders": 1}])
    assert record.to_data() == {"card": "refugees", "choice": 2, "leader": "bob", "changes": [{"orders": 1}]}
    assert list(record.to_data()) == ["card", "choice", "leader", "changes"]


def test_a_build_order_is_a_typed_record_told_in_the_leaders_orders_done(played):
    folder, *_, builds = played
    assert [(b.item, b.hex) for b in builds] == [("scout", "1,-3"), ("scout", "-3,2")]
    assert all(isinstance(b, BuildOrdered) and isinstance(b.cost, int) for b in builds)
    done = [
        d["result"]
        for leader in ("alice", "bob", "carol")
        for d in report(folder, leader)["orders_done"]
        if d["order"] == "build"
    ]
    # the hex as the leader sees it (closed rooms); the rest as the record gives it
    assert [{**r, "hex": None} for r in done] == [{**as_json(b.to_data()), "hex": None} for b in builds]
    assert all(list(r) == ["item", "hex", "cost"] for r in done)


# ------------------------------------------------------------ the moderator's records, the roster


def test_each_record_of_the_moderator_is_typed_and_gives_the_log_entry_it_wrote(orion_game):
    """Every record returns its typed fields, and as ``to_data()`` the very entry it appended
    to the turn's log (so the log, the reports and an order's result keep their bytes)."""
    from gmtool.rules.orion import records
    from gmtool.rules.orion.common import add_award
    from gmtool.rules.orion.state import Monster
    from helpers import free_hex, put

    c, rules = orion_game
    alice, bob, carol = (c.player(n) for n in ("alice", "bob", "carol"))
    home = str(carol.home())
    log = c.turn_state.log

    def logged(record: Any, cls: type) -> Any:
        assert isinstance(record, cls)
        assert record.to_data() is log[-1]
        assert record["kind"] == log[-1]["kind"] and record.get("nothing") is None and "kind" in record
        return record

    lair = put(c, free_hex(c), by="alice")
    lair.monster = Monster("dragon", great=True)
    slain = logged(records.slay_monster(c, rules, lair.hex, alice, research_ship=True), MonsterSlain)
    assert (slain.leader, slain.hex, slain.monster, slain.great, slain.guards) == (
        "alice",
        str(lair.hex),
        "dragon",
        True,
        None,
    )
    assert slain.research_rp == 24 and slain.changes == [] and log[-1]["research_rp"] == 24

    hurt = logged(records.damage_orion(c, rules, bob, 5), OrionDamaged)
    assert (hurt.points, hurt.before, hurt.toughness, hurt.full, hurt.destroyed) == (5, 17, 12, 17, False)

    set_ = logged(records.set_blockade(c, carol.home(), bob), BlockadeChanged)
    assert (set_.leader, set_.hex, set_.owner, set_.lifted) == ("bob", home, "carol", False)
    lifted = logged(records.lift_blockade(c, carol.home()), BlockadeChanged)
    assert (lifted.leader, lifted.owner, lifted.lifted) == ("bob", "carol", True)

    taken = logged(records.capture_planet(c, carol.home(), bob), PlanetCaptured)
    assert (taken.leader, taken.hex, taken.owner, taken.homeworld_of) == ("bob", home, "carol", "carol")
    assert taken.population == c.game.system(carol.home()).planet.population and isinstance(taken.buildings, list)

    given = logged(records.grant(c, alice, bc=4, rp=10, reason="a trade"), Granted)
    assert (given.bc, given.rp, given.reason, given.public) == (4, 10, "a trade", False)

    won = logged(records.ship_gained(c, rules, alice, "frigate", "a gift"), ShipChanged)
    lost = logged(records.ship_lost(c, rules, alice, "frigate"), ShipChanged)
    assert (won.ship, won.gained, won.reason, lost.gained, lost.reason) == ("frigate", True, "a gift", False, "")

    award = add_award(c, alice, "technologies", 2, "1,1", "exploration")
    assert list(award) == ["id", "turn", "kind", "value", "hex", "reason"]  # the order it is written in
    dropped = logged(records.apply_award(c, rules, alice, award["id"], drop="replaced by 10 BC"), AwardApplied)
    assert (dropped.dropped, dropped.reason, dropped.award) == (True, "replaced by 10 BC", award)
    assert alice.awards == []

    flag = logged(records.all_sciences(c, alice), AllSciences)
    assert flag.leader == "alice" and alice.all_sciences
    from gmtool.rules.orion.research import order_victory

    ordered = order_victory(c, alice, rules)  # settled at the turn's end: no log entry yet (A13.1)
    assert isinstance(ordered, ResearchOrdered) and alice.research == ["victory"]
    assert (ordered.tech, ordered.cost, ordered.banked) == ("victory", 0, alice.rp) and ordered.available > 0


def test_a_change_of_leaders_is_a_typed_record_giving_its_log_entry(orion_game):
    from gmtool.rules.orion import roster

    c, _ = orion_game
    renamed = roster.rename_player(c, c.player("carol"), "Carolina")
    assert isinstance(renamed, PlayerRenamed) and renamed.to_data() is c.turn_state.log[-1]
    assert (renamed.leader, renamed.old, renamed.replaced) == ("Carolina", "carol", False)
    left = roster.drop_player(c, c.player("Carolina"), keep=True)
    assert isinstance(left, PlayerLeft) and left.to_data() is c.turn_state.log[-1]
    assert (left.leader, left.kept, left.planets) == ("Carolina", True, 1)
    assert left.to_data() == {
        "turn": 1,
        "kind": "player_left",
        "leader": "Carolina",
        "public": True,
        "kept": True,
        "planets": 1,
    }


# ------------------------------------------------------------------------------ the Council


def _council_at(turn: int, chair: str) -> Any:
    from helpers import make_campaign

    c = make_campaign()
    c.turn, c.stage = turn, 2 if turn < 13 else 3
    c.game.token = c.game.council.chair = chair
    return c


def test_the_council_gives_typed_records_and_keeps_its_open_vote_as_it_was(orion_game):
    from gmtool.dice.sources import FixedSource
    from gmtool.rules.orion import council_campaign as cc

    _, rules = orion_game
    c = _council_at(7, "alice")
    drawn = cc.propose(c, rules.bills, FixedSource([6, 5, 4, 3, 2]))
    assert isinstance(drawn, cc.BillsDrawn)
    assert (drawn.turn, drawn.options, drawn.bill) == (7, ["free-trade", "arms-limit"], None)
    assert drawn.to_data() == {"turn": 7, "options": ["free-trade", "arms-limit"]} and drawn.get("bill") is None
    picked = cc.propose(c, rules.bills, FixedSource([]), pick=1)
    assert picked.bill == picked["bill"] == "free-trade"
    ballot = cc.cast(c, c.player("bob"), "Нет", 3)
    assert ballot == cc.BallotCast("bob", "free-trade", "no", 3)
    # the campaign keeps the open vote as the dict it always was, in the file's order
    vote = c.game.council.vote
    assert type(vote) is dict and list(vote) == ["turn", "options", "ballots", "bill"]
    assert vote["ballots"] == {"bob": {"vote": "no", "bribe_bc": 3}}
    c.game.council.laws.append({"id": "free-trade", "turn": 5})
    law = cc.repeal(c, "free-trade")
    assert law == cc.Law("free-trade", 5) and law["id"] == "free-trade" and c.game.council.laws == []

    c3 = _council_at(13, "alice")
    vote3 = cc.elect(c3, c3.player("alice"), c3.player("bob"), 3)
    abstain = cc.elect(c3, c3.player("bob"), None)
    assert vote3 == cc.EmperorBallot("alice", "bob", 3) and abstain == cc.EmperorBallot("bob", None, 0)
    assert c3.game.council.election == {
        "turn": 13,
        "ballots": {"alice": {"bribe_bc": 3, "candidate": "bob"}, "bob": {"bribe_bc": 0}},
    }


def test_a_tally_made_earlier_is_told_at_the_turn_end_as_the_tally_made_then(orion_game):
    """``council tally`` during the turn, then the turn's end: the outcome rebuilt from the log
    gives the same keys, in the same order, as the outcome of a tally made at the end."""
    from gmtool.dice.sources import FixedSource
    from gmtool.rules.orion import council_campaign as cc

    _, rules = orion_game
    outcomes = []
    for _ in range(2):
        c = _council_at(7, "alice")
        cc.propose(c, rules.bills, FixedSource([6, 5, 4, 3, 2]), pick=1)
        cc.cast(c, c.player("bob"), "yes", 3)
        cc.cast(c, c.player("carol"), "no")
        result, bill, not_voted = cc.tally(c, rules.bills)
        tallied = [e for e in c.turn_state.log if e["kind"] == "council_tally"][-1]
        outcomes.append((BillOutcome(bill, result, not_voted), tallied))
    (direct, entry), _ = outcomes
    rebuilt = BillOutcome.from_log(entry)
    assert rebuilt.to_data() == direct.to_data() and list(rebuilt.to_data()) == list(direct.to_data())
    assert list(direct.to_data())[:2] == ["bill", "not_voted"] and direct.not_voted == ["alice"]
    assert BillOutcome(None).to_data() == {"bill": None}

    c3 = _council_at(13, "alice")
    cc.elect(c3, c3.player("alice"), c3.player("alice"))
    election, not_voted = cc.tally_emperor(c3)
    direct_e = ElectionOutcome(election, not_voted)
    rebuilt_e = ElectionOutcome.from_log(c3.turn_state.log[-1])
    assert rebuilt_e.to_data() == direct_e.to_data() and list(rebuilt_e.to_data()) == list(direct_e.to_data())
    assert rebuilt_e.elected == direct_e.elected == direct_e["elected"]


# ------------------------------------------------------------------------------ victories


def test_a_victory_is_a_typed_record_kept_in_the_campaign_as_its_data(orion_game):
    from gmtool.dice.sources import RandomSource
    from gmtool.rules.orion import turns as t
    from helpers import make_campaign

    _, rules = orion_game
    c = make_campaign()
    c.turn, c.stage = rules.last_turn, 3
    c.game.token = c.game.council.chair = "alice"
    t.start_turn(c, rules, RandomSource(3))
    end = t.end_turn(c, rules, RandomSource(3))
    won = end.victory
    assert isinstance(won, Victory) and won.kind == "territorial" and won.turn == rules.last_turn
    assert all(isinstance(r, Ranked) for r in won.standings or [])
    assert list(won.to_data()) == ["kind", "leader", "tied", "decided_by", "turn", "standings"]
    assert c.victory == won.to_data() == end.to_data()["victory"]
    assert list(won.to_data()["standings"][0]) == ["leader", "planets", "population", "bc"]
    assert Victory.from_data(won.to_data()) == won

    # the Emperor's victory is kept as the Council wrote it
    e = make_campaign()
    e.turn, e.stage = 14, 3
    e.game.token = e.game.council.chair = "bob"
    t.start_turn(e, rules, RandomSource(4))
    e.game.council.victory = {"kind": "diplomatic", "leader": "bob", "turn": 14}
    emperor = t.end_turn(e, rules, RandomSource(4)).victory
    assert emperor == Victory("diplomatic", "bob", 14) and e.turn_state.victory is e.game.council.victory
    assert emperor.to_data() == {"kind": "diplomatic", "leader": "bob", "turn": 14}
    assert t.check_orion(e) is None


# ------------------------------------------------------------------------------ Merchant of Venus


def test_venus_turns_give_the_keys_they_always_gave():
    assert list(Landed("ann", "nebula-habitat", "city", "operations", "card-1").to_data()) == [
        "player",
        "space",
        "kind",
        "first_contact",
        "next",
    ]
    assert Landed("ann", "belt", "asteroid", "turn over").to_data() == {
        "player": "ann",
        "space": "belt",
        "kind": "asteroid",
        "next": "turn over",
    }
    assert Skipped("ann", "done").to_data() == {"player": "ann", "next": "done"}
    won = PlayerTurnEnd("ann", 2000, 2000, winner="ann")
    assert won.to_data() == {"player": "ann", "net_worth": 2000, "threshold": 2000, "winner": "ann"}
    assert "next_player" not in won and won.get("winner") == "ann"
    on = PlayerTurnEnd("ann", 10, 2000, next_player="ben", round=2)
    assert list(on.to_data()) == ["player", "net_worth", "threshold", "next_player", "round"]


# ------------------------------------------------------------------------------ kept entries


@pytest.mark.parametrize(
    "entry, record",
    [
        ("AwardEntry", "AWARD"),
        ("InboxEntry", "INBOX"),
        ("LawEntry", "LAW"),
        ("VoteEntry", "VOTE"),
        ("BillBallotEntry", "BILL_BALLOT"),
        ("ElectionEntry", "ELECTION"),
        ("ElectionBallotEntry", "ELECTION_BALLOT"),
        ("BuildEntry", "BUILD"),
        ("VictoryEntry", "VICTORY"),
    ],
)
def test_each_kept_entry_is_typed_with_the_keys_of_its_schema_record(entry, record):
    """The TypedDicts the rules read entries by are the schema's records (one list of keys;
    the required ones required — but an award, whose older shape has no ``kind``)."""
    from gmtool.campaign import model
    from gmtool.rules.orion import state

    home = model if entry == "VictoryEntry" else state  # the victory is every ruleset's; the rest orion's
    td, rec = getattr(home, entry), getattr(home, record)
    assert set(td.__annotations__) == {k.name for k in rec.keys}
    if entry != "AwardEntry":
        # (read from the hints: Python 3.11's __required_keys__ misses NotRequired in postponed annotations)
        hints = typing.get_type_hints(td, include_extras=True)
        optional = {k for k, h in hints.items() if typing.get_origin(h) is typing.NotRequired or not td.__total__}
        assert set(hints) - optional == {k.name for k in rec.keys if rec.default_of(k) is model.REQUIRED}
    hints = typing.get_type_hints(state.OrionPlayer)
    assert hints["awards"] == list[state.AwardEntry] and hints["inbox"] == list[state.InboxEntry]
    council = typing.get_type_hints(state.Council)
    assert council["vote"] == state.VoteEntry | None and council["laws"] == list[state.LawEntry]
