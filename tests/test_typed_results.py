"""Results that cross modules are typed records (docs/architecture.md): the turn engine's
start and end of a turn, and production.  Each record's ``to_data()`` is exactly the dict
the reports' JSON has always been built from: checked against the JSON reports the CLI
writes for turn 1 of campaigns/example."""

from __future__ import annotations

import json
import shutil
import typing
from pathlib import Path
from typing import Any

import pytest

from gmtool.report.records import entries_for
from gmtool.rules.orion import building, turns
from gmtool.rules.orion.building import BuildOrdered
from gmtool.rules.orion.council import ElectionTally
from gmtool.rules.orion.council_campaign import BillOutcome, ElectionOutcome
from gmtool.rules.orion.production import PlanetOutput, Production
from gmtool.rules.orion.records import GuardianRegained, GuardianState
from gmtool.rules.orion.turns import EventPlayed, QuestCompleted, Standing, TurnEnd, TurnStart
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
    start, end, quest, build = turns.start_turn, turns.end_turn, turns.complete_quest, building.order_build

    def keep_start(*args: Any, **kwargs: Any) -> TurnStart:
        kept["start"] = start(*args, **kwargs)
        return kept["start"]

    def keep_end(*args: Any, **kwargs: Any) -> TurnEnd:
        kept["end"] = end(*args, **kwargs)
        return kept["end"]

    def keep_build(*args: Any, **kwargs: Any) -> BuildOrdered:
        kept.setdefault("builds", []).append(build(*args, **kwargs))
        return kept["builds"][-1]

    def keep_quest(*args: Any, **kwargs: Any) -> QuestCompleted:
        kept.setdefault("quests", []).append(quest(*args, **kwargs))
        return kept["quests"][-1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(turns, "complete_quest", keep_quest)
        mp.setattr(building, "order_build", keep_build)
        mp.setattr(turns, "start_turn", keep_start)
        mp.setattr(turns, "end_turn", keep_end)
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
    assert list(report(folder, "public")) == list(public)
    assert report(folder, "public") == public
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
    [done] = [d for d in report(folder, "carol")["orders_done"] if d["order"] == "quests"]
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
