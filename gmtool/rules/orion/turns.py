"""The turn engine (docs/rules-orion.md A2, A3, A11, A12): turn start, turn end, the schedule,
the first-turn token, movement order, quests and event cards, victory."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gmtool.campaign import decks
from gmtool.campaign.model import RankedEntry, VictoryEntry
from gmtool.dice.sources import DiceSource
from gmtool.errors import RuleRefused
from gmtool.locale import Label
from gmtool.rolltables.library import TableLibrary
from gmtool.rolltables.model import Table
from gmtool.rules.base import STOP, Step, play
from gmtool.rules.orion.common import ensure_not_over, note, planets_of  # noqa: F401  (ensure_not_over: re-exported)
from gmtool.rules.orion.council_campaign import (
    BILLS_DECK,
    BillOutcome,
    ElectionOutcome,
    propose,
    ready,
    tally,
    tally_emperor,
)
from gmtool.rules.orion.effects import apply_effects
from gmtool.rules.orion.exploration import OrionTables
from gmtool.rules.orion.laws import apply_laws, check_word, forbidding
from gmtool.rules.orion.production import Production, produce
from gmtool.rules.orion.quest_conditions import Judged, judge, met, say
from gmtool.rules.orion.records import GuardianRegained, GuardianState, guardian_state, regenerate_guardian
from gmtool.rules.orion.research import settle_research
from gmtool.rules.orion.state import OrionCampaign, OrionPlayer
from gmtool.struct import ReadByKey

QUESTS = {1: "quests-stage1", 2: "quests-common", 3: "quests-common"}
EVENTS = "events"


class Rules:
    """The tables the turn engine reads."""

    def __init__(self, library: TableLibrary) -> None:
        self.library = library
        self.orion = OrionTables(library)
        self.start = library.get("start", "orion")
        self.production = library.get("production", "orion")
        self.bills = library.get("bills", "orion")
        self.events = library.get(EVENTS, "orion")
        self.costs = library.get("costs", "orion")
        self.technologies = library.get("technologies", "orion")
        self.modules = library.get("modules", "orion")  # warships' modules (A8a)
        self.guardian = library.get("guardian", "orion")

    def quests(self, stage: int) -> Table:
        return self.library.get(QUESTS[stage], "orion")

    @property
    def last_turn(self) -> int:
        return int(self.start.rule("turns"))

    def stage_of(self, turn: int) -> int:
        starts = [int(t) for t in self.start.rule("stage_starts")]
        return max(i + 1 for i, first in enumerate(starts) if turn >= first)


@dataclass(slots=True)
class Standing:
    """One leader's line of the standings toward the territorial victory (A12)."""

    leader: str
    planet_count: int
    population: int
    homeworlds: int

    def to_data(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "planet_count": self.planet_count,
            "population": self.population,
            "homeworlds": self.homeworlds,
        }


@dataclass(slots=True)
class Ranked:
    """One leader's line of the territorial count that decided the game (A12)."""

    leader: str
    planets: int
    population: int
    bc: int

    def to_data(self) -> RankedEntry:
        return {"leader": self.leader, "planets": self.planets, "population": self.population, "bc": self.bc}


@dataclass(slots=True)
class Victory(ReadByKey):
    """How the game was won (A12): ``kind`` conquest, orion, technology, diplomatic or
    territorial, by ``leader`` in ``turn``; the territorial count also tells who tied (no
    leader then), what decided it and the ranking."""

    kind: str
    leader: str | None
    turn: int
    tied: list[str] = field(default_factory=list)
    decided_by: str | None = None
    standings: list[Ranked] | None = None  # the territorial count only

    def to_data(self) -> VictoryEntry:
        """The victory as the campaign keeps it (``turn_state.victory``) and the posts tell it."""
        if self.standings is None:
            return {"kind": self.kind, "leader": self.leader, "turn": self.turn}
        return {
            "kind": self.kind,
            "leader": self.leader,
            "tied": self.tied,
            "decided_by": self.decided_by,
            "turn": self.turn,
            "standings": [s.to_data() for s in self.standings],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Victory:
        """A victory as the campaign keeps it (the Council's Emperor, ``council.victory``)."""
        ranked = data.get("standings")
        return cls(
            str(data["kind"]),
            data.get("leader"),
            int(data["turn"]),
            list(data.get("tied", [])),
            data.get("decided_by"),
            [Ranked(r["leader"], r["planets"], r["population"], r["bc"]) for r in ranked] if ranked else None,
        )


@dataclass(slots=True)
class TurnStart:
    """What the start of a turn decided (A2, A3, A9, A11): read by the start post and the
    orders file; :meth:`to_data` is the post's JSON (keys only when they were decided)."""

    turn: int
    stage: int
    log: list[dict[str, Any]] = field(default_factory=list)  # recorded before the start
    victory: Victory | None = None  # a conquest at the start: nothing else is decided
    token_dealt: str | None = None
    chair: str | None = None
    movement_order: list[str] = field(default_factory=list)
    quest: str | None = None
    events_dealt: dict[str, list[str]] | None = None  # None: no deal this turn
    bills_drawn: list[str] | None = None  # None: no bill drawn

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"turn": self.turn, "stage": self.stage}
        if self.log:
            out["log"] = self.log
        if self.victory:
            out["victory"] = self.victory.to_data()
            return out
        if self.token_dealt is not None:
            out["token_dealt"] = self.token_dealt
        out["chair"] = self.chair
        out["movement_order"] = self.movement_order
        out["quest"] = self.quest
        if self.events_dealt is not None:
            out["events_dealt"] = self.events_dealt
        if self.bills_drawn is not None:
            out["bills_drawn"] = self.bills_drawn
        return out


@dataclass(slots=True)
class QuestCheck:
    """One open quest as the turn end judged it for one leader (A11, wave 3): ``status``
    ``met`` (completed this turn: by gmtool, ``judged``, or claimed), ``unmet`` (with the
    conditions' ``judged`` figures and ``reasons`` in words), ``moderator`` (the moderator
    judges it), ``claimed`` (the leader claimed it and the moderator did not confirm it this
    turn, wave 4) or ``done_before`` (a stage-1 quest completed on an earlier turn)."""

    quest: str
    table: str
    status: str
    judged: list[Judged] | None = None
    reasons: list[Any] = field(default_factory=list)  # Msg: each unmet condition in words
    changes: list[dict[str, Any]] = field(default_factory=list)

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"quest": self.quest, "status": self.status}
        if self.judged is not None:
            out["conditions"] = [j.to_data() for j in self.judged]
        if self.changes:
            out["changes"] = self.changes
        return out


@dataclass(slots=True)
class TurnEnd:
    """What the end of a turn did (A5–A7, A9, A11, A12): read by the end posts;
    :meth:`to_data` is the posts' JSON (keys only when they happened)."""

    turn: int
    stage: int
    production: Production
    council: BillOutcome | None = None
    election: ElectionOutcome | None = None
    quests_completed: dict[str, list[str]] = field(default_factory=dict)
    quests_discarded: list[str] = field(default_factory=list)
    token_next: str | None = None
    guardian_regained: GuardianRegained | None = None
    guardian: GuardianState | None = None
    standings: list[Standing] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    victory: Victory | None = None  # the game is over: no next turn
    victories_also: list[Victory] = field(default_factory=list)  # held too, after it in A12's order
    next_turn: int | None = None
    next_stage: int | None = None
    next_order: list[str] = field(default_factory=list)
    council_told_late: bool = False  # the council's tally was made before, told after the election
    # each leader's open quests as the turn end judged them (its private report; not public data)
    quest_checks: dict[str, list[QuestCheck]] = field(default_factory=dict)
    news: dict[str, list[Any]] = field(default_factory=dict)  # each leader's inbox, delivered (not public data)

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"turn": self.turn, "stage": self.stage, "production": self.production.to_data()}
        tallies = [("council", self.council), ("election", self.election)]
        for key, told in reversed(tallies) if self.council_told_late else tallies:
            if told is not None:
                out[key] = told.to_data()
        out["quests_completed"] = self.quests_completed
        out["quests_discarded"] = self.quests_discarded
        if self.token_next is not None:
            out["token_next"] = self.token_next
        if self.guardian_regained is not None:
            out["guardian_regained"] = self.guardian_regained.to_data()
        if self.guardian is not None:
            out["guardian"] = self.guardian.to_data()
        out["standings"] = [s.to_data() for s in self.standings]
        out["log"] = self.log
        if self.victory:
            out["victory"] = self.victory.to_data()
            if self.victories_also:
                out["victories_also"] = [v.to_data() for v in self.victories_also]
            return out
        out["next_turn"] = self.next_turn
        out["next_stage"] = self.next_stage
        out["next_order"] = self.next_order
        return out


def seating_from(campaign: OrionCampaign, first: str, clockwise: bool) -> list[str]:
    names = [p.name for p in campaign.players]
    i = names.index(first)
    order = names[i:] + names[:i]
    return order if clockwise else [order[0]] + list(reversed(order[1:]))


def movement_order(campaign: OrionCampaign) -> list[str]:
    """The chair first, then clockwise on odd turns, counter-clockwise on even (A3)."""
    token = campaign.game.token
    if token is None:
        return [p.name for p in campaign.players]
    return seating_from(campaign, token, campaign.turn % 2 == 1)


def colonies(campaign: OrionCampaign, leader: str) -> int:
    """Controlled colonised planets, the homeworld not counted (A11)."""
    return sum(
        1 for s in campaign.game.systems if s.owner == leader and s.planet is not None and s.homeworld_of is None
    )


def population(campaign: OrionCampaign, leader: str) -> int:
    return sum(s.planet.population for s in campaign.game.systems if s.owner == leader and s.planet is not None)


def check_conquest(campaign: OrionCampaign) -> Victory | None:
    """At the start of a turn: its own homeworld and at least two others (A12)."""
    homes = {s.homeworld_of: s.owner for s in campaign.game.systems if s.homeworld_of}
    for player in campaign.players:
        if (
            homes.get(player.name) == player.name
            and sum(1 for leader, owner in homes.items() if leader != player.name and owner == player.name) >= 2
        ):
            return Victory("conquest", player.name, campaign.turn)
    return None


def check_orion(campaign: OrionCampaign) -> Victory | None:
    orion = campaign.game.system(campaign.game.orion)
    if orion is not None and orion.owner:
        return Victory("orion", orion.owner, campaign.turn)
    return None


def check_technology(campaign: OrionCampaign, rules: "Rules") -> Victory | None:
    """All sciences researched, then 180 RP more (A12): RP made since count as spent."""
    need = int(rules.costs.rule("tech_victory_rp"))
    for player in campaign.players:
        if player.all_sciences and player.tech_rp >= need:
            return Victory("technology", player.name, campaign.turn)
    return None


def territorial_key(campaign: OrionCampaign, p: OrionPlayer) -> tuple[int, int, int]:
    """The territorial count (A12): planets, then population, then BC break ties."""
    return (planets_of(campaign, p.name), population(campaign, p.name), p.bc)


def check_territorial(campaign: OrionCampaign) -> Victory:
    """End of the last turn: most planets; ties by population, then BC (A12)."""

    def key(p: OrionPlayer) -> tuple[int, int, int]:
        return territorial_key(campaign, p)

    ranked = sorted(campaign.players, key=key, reverse=True)
    best = ranked[0]
    tied = [p.name for p in ranked if key(p) == key(best)]
    decided = "planets"
    if len(ranked) > 1:
        second = key(ranked[1])
        if second[0] == key(best)[0]:
            decided = "population" if second[1] != key(best)[1] else "bc"
    return Victory(
        "territorial",
        best.name if len(tied) == 1 else None,
        campaign.turn,
        tied if len(tied) > 1 else [],
        decided,
        [Ranked(p.name, key(p)[0], key(p)[1], p.bc) for p in ranked],
    )


def standings(campaign: OrionCampaign) -> list[Standing]:
    """Planets, population and homeworlds of every leader, in the order of the territorial
    count (A12: the same key as the verdict; seating order between equals)."""
    ranked = sorted(campaign.players, key=lambda p: territorial_key(campaign, p), reverse=True)
    return [
        Standing(
            p.name,
            planets_of(campaign, p.name),
            population(campaign, p.name),
            sum(1 for s in campaign.game.systems if s.homeworld_of and s.owner == p.name),
        )
        for p in ranked
    ]


# A12 (wave 3): when several victories hold at the same turn end, the first of this order wins
PRECEDENCE = ("orion", "conquest", "technology", "diplomatic", "territorial")


def victories_held(campaign: OrionCampaign, rules: Rules, emperor: Victory | None) -> list[Victory]:
    """Every victory that holds at this turn end, in the order of A12 (wave 3): Orion, conquest,
    technology, diplomatic, territorial; the first wins, the post names the others.  A conquest
    alone is declared at the next turn's start (A12: "at the start of a turn"); held beside
    another victory it takes its place in the order.  Empty: the game goes on."""
    held = {
        "orion": check_orion(campaign),
        "conquest": check_conquest(campaign),
        "technology": check_technology(campaign, rules),
        "diplomatic": emperor,
        "territorial": check_territorial(campaign) if campaign.turn >= rules.last_turn else None,
    }
    found = [v for kind in PRECEDENCE if (v := held[kind]) is not None]
    if [v.kind for v in found] == ["conquest"]:
        return []
    return found


@dataclass
class Starting:
    """A turn's start as its steps (:data:`START_STEPS`) play it: the campaign, the turn's
    tables, its dice, and what the start decides (``out``, made by the first step)."""

    campaign: OrionCampaign
    rules: Rules
    source: DiceSource
    out: TurnStart | None = None

    @property
    def result(self) -> TurnStart:
        assert self.out is not None, "the first step makes the result"
        return self.out


def _can_start(s: Starting) -> None:
    """Refused once the game is over or the turn has started; the stage of the turn."""
    campaign = s.campaign
    ensure_not_over(campaign)
    if campaign.turn_state.started == campaign.turn:
        raise RuleRefused(key="orion.turn_started", turn=campaign.turn)
    campaign.stage = s.rules.stage_of(campaign.turn)
    # what was recorded before the start (a record, a leader joining …), for the start post
    s.out = TurnStart(campaign.turn, campaign.stage, list(campaign.turn_state.log))


def _conquest(s: Starting) -> str | None:
    """A conquest is declared at the start of a turn (A12): nothing else is decided."""
    campaign = s.campaign
    victory = check_conquest(campaign)
    if not victory:
        return None
    campaign.turn_state.victory = victory.to_data()
    s.result.victory = victory
    campaign.turn_state.started = campaign.turn
    return STOP


def _deal_token(s: Starting) -> None:
    """The first-turn token, from the turn the start table names (A3)."""
    campaign, game = s.campaign, s.campaign.game
    if campaign.turn >= int(s.rules.start.rule("token_turn")) and game.token is None:
        names = [p.name for p in campaign.players]
        game.token = names[s.source.roll(len(names), "first-turn token") - 1]
        s.result.token_dealt = game.token


def _seat_chair(s: Starting) -> None:
    """The token's holder chairs the Council; the movement order (A3)."""
    campaign, game = s.campaign, s.campaign.game
    if game.token is not None:
        game.council.chair = game.token
    s.result.chair = game.council.chair if campaign.stage > 1 else None
    s.result.movement_order = movement_order(campaign)


def _announce_quest(s: Starting) -> None:
    """The quest of the turn, announced to all (A11); none when every quest of the deck is
    already open."""
    campaign = s.campaign
    quests = s.rules.quests(campaign.stage)
    name = quests.name
    pile = decks.deck(campaign.game, name, [r.id for r in quests.rows], s.source, list(campaign.game.quests))
    if pile.draw or pile.discard:
        quest = decks.draw(campaign.game, name, 1, s.source)[0]
        campaign.game.quests.append(quest)
        s.result.quest = quest
        note(campaign, "quest_announced", public=True, quest=quest, table=name)


def _deal_events(s: Starting) -> None:
    """Event cards, dealt secretly in the turns the start table names (A11): never more than a
    leader's colonies, nor than the cards left; what a short deal owes is said to the moderator."""
    campaign, rules = s.campaign, s.rules
    deal_turns = [int(t) for t in rules.start.rule("event_deal_turns")]
    if campaign.turn not in deal_turns:
        return
    count = [int(c) for c in rules.start.rule("event_deal_cards")][deal_turns.index(campaign.turn)]
    pile = decks.deck(campaign.game, EVENTS, decks.cards_of(rules.events), s.source, held_cards(campaign))
    dealt: dict[str, list[str]] = {}
    got: dict[str, int] = {}
    owed: dict[str, int] = {}
    for player in campaign.players:
        # never more than the colonies, nor than the cards left (the rest are in hands)
        due = min(count, colonies(campaign, player.name))
        n = min(due, len(pile.draw) + len(pile.discard))
        if n:
            cards = decks.draw(campaign.game, EVENTS, n, s.source)
            player.hand += cards
            dealt[player.name] = cards
        if n < due:
            got[player.name], owed[player.name] = n, due
            player.cards_owed = due - n  # `deck deal` deals them once the moderator adds cards
    s.result.events_dealt = dealt
    if owed:  # said at once to the moderator (its output, never a post: A11, wave 3)
        note(campaign, "events_short", leaders=list(owed), got=got, due=owed)


def _draw_bills(s: Starting) -> None:
    """The chair draws two bills (A9), from stage 2."""
    campaign = s.campaign
    council = campaign.game.council
    if campaign.stage > 1 and council.chair and council.vote is None:
        s.result.bills_drawn = propose(campaign, s.rules.bills, s.source).options


def _begin(s: Starting) -> None:
    s.campaign.turn_state.started = s.campaign.turn


# The start of a turn (A2, A3, A9, A11, A12), in order; `turn start` plays it (eressea's laws.c).
START_STEPS = (
    Step("the turn can start", _can_start),
    Step("a conquest ends the game", _conquest),
    Step("the first-turn token", _deal_token),
    Step("the chair and the movement order", _seat_chair),
    Step("the quest of the turn", _announce_quest),
    Step("event cards", _deal_events),
    Step("the chair's bills", _draw_bills),
    Step("the turn has begun", _begin),
)


def start_turn(campaign: OrionCampaign, rules: Rules, source: DiceSource) -> TurnStart:
    """`turn start`: :data:`START_STEPS` played on ``campaign``."""
    return play(START_STEPS, Starting(campaign, rules, source))


def held_cards(campaign: OrionCampaign) -> list[str]:
    """The event cards out of the deck: in the leaders' hands."""
    return [card for p in campaign.players for card in p.hand]


@dataclass(slots=True)
class CardsDealt:
    """Event cards the moderator dealt to a leader a short deal left owed (A11, wave 3)."""

    leader: str
    cards: list[str]
    owed: int  # still owed after this deal
    added: list[str] = field(default_factory=list)  # cards of the table that entered the deck now

    def to_data(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": self.cards, "owed": self.owed, "added": self.added}


def deal_cards(
    campaign: OrionCampaign, rules: Rules, player: OrionPlayer, source: DiceSource, count: int | None = None
) -> CardsDealt:
    """`deck deal`: deal ``player`` the event cards a short deal owes it (or ``count``),
    once the moderator has added cards to the events table; refused, dealing nothing, when
    nothing is owed or the deck still cannot meet it (A11)."""
    ensure_not_over(campaign)
    want = player.cards_owed if count is None else count
    if want <= 0:
        raise RuleRefused(key="orion.no_cards_owed", leader=player.name)
    cards = decks.cards_of(rules.events)  # each card as many times as its copies (A11)
    added = decks.added(campaign.game, EVENTS, cards, held_cards(campaign))
    pile = decks.deck(campaign.game, EVENTS, cards, source, held_cards(campaign))
    left = len(pile.draw) + len(pile.discard)
    if left < want:
        raise RuleRefused(key="orion.deck_short", leader=player.name, n=want, left=left, table=rules.events.name)
    dealt = decks.draw(campaign.game, EVENTS, want, source)
    player.hand += dealt
    player.cards_owed = max(0, player.cards_owed - want)
    note(campaign, "events_dealt", player.name, cards=dealt)
    return CardsDealt(player.name, dealt, player.cards_owed, added)


def quest_done(campaign: OrionCampaign, player: OrionPlayer, quest_id: str) -> str:
    """Why ``player`` cannot complete the open quest ``quest_id`` again (an error key), or
    "": a stage-1 quest stays open for the turns after, but each leader fulfils it once,
    and no quest twice in a turn (A11)."""
    if campaign.stage == 1 and quest_id in player.quests_done:
        return "orion.quest_done"
    if player.name in campaign.game.completions.get(quest_id, []):
        return "orion.quest_done_turn"
    return ""


@dataclass(slots=True)
class QuestCompleted:
    """A leader completed an open quest and got its reward (A11): ``changes`` as applied."""

    quest: str
    leader: str
    changes: list[dict[str, Any]]

    def to_data(self) -> dict[str, Any]:
        return {"quest": self.quest, "leader": self.leader, "changes": self.changes}


@dataclass(slots=True)
class EventPlayed:
    """A leader played an event card from its hand with one of its choices (A11)."""

    card: str
    choice: int
    leader: str
    changes: list[dict[str, Any]]

    def to_data(self) -> dict[str, Any]:
        return {"card": self.card, "choice": self.choice, "leader": self.leader, "changes": self.changes}


@dataclass(slots=True)
class QuestClaimed:
    """A leader's claim of an open quest the moderator judges (A11, wave 4): it waits for the
    moderator's word (`gmtool quest complete`); ``confirmed``: the moderator's word came first.
    ``judged``: a quest gmtool judges itself, not met yet when claimed — no claim is needed, the
    turn's end judges it with this turn's orders played (:func:`judge_quests`)."""

    quest: str
    leader: str
    confirmed: bool = False
    judged: bool = False

    def to_data(self) -> dict[str, Any]:
        out = {"quest": self.quest, "leader": self.leader, "claimed": True, "confirmed": self.confirmed}
        return out | {"judged": True} if self.judged else out


def _open_quest(campaign: OrionCampaign, rules: Rules, quest_id: str | None) -> tuple[Table, Any]:
    """The quests table of the stage and the open quest named (by id or label, in either
    language; the latest announced when none is named), or refused."""
    if not campaign.game.quests:
        raise RuleRefused(key="orion.no_quest")
    table = rules.quests(campaign.stage)
    named = table.named(quest_id) if quest_id else None  # by id or by label, in either language
    quest_id = named.id if named is not None else (quest_id or campaign.game.quests[-1])
    if quest_id not in campaign.game.quests:
        raise RuleRefused(key="orion.quest_not_open", quest=quest_id, open=list(campaign.game.quests))
    return table, table.row(quest_id)


def claimed(campaign: OrionCampaign, player: OrionPlayer, quest: str) -> bool:
    """Whether ``player`` claimed the open quest ``quest`` this turn (its claim waits for the
    moderator's word, A11 wave 4): the turn's log says so."""
    return any(
        e.get("kind") == "quest_claimed" and e.get("leader") == player.name and e.get("quest") == quest
        for e in campaign.turn_state.log
    )


def claim_quest(
    campaign: OrionCampaign, rules: Rules, player: OrionPlayer, quest_id: str | None = None
) -> QuestClaimed | QuestCompleted:
    """A leader's own claim (the room's `!quest`, an orders file's `claims`, A11 wave 4): a quest
    whose condition gmtool judges is completed when met; not met yet, the claim is not needed
    and refuses nothing: the turn's end judges it after this turn's orders (research ordered
    this turn counts, A13.1), and the leader's report tells the judgement, never a failed claim;
    a quest the moderator judges is not completed by the claim: it waits for the moderator's
    word (`gmtool quest complete`, an orders file's `quests`), and the leader's report says so.
    A claim of a quest the moderator has already confirmed for the leader this turn changes
    nothing."""
    ensure_not_over(campaign)
    table, row = _open_quest(campaign, rules, quest_id)
    if player.name in campaign.game.completions.get(row.id, []):
        return QuestClaimed(row.id, player.name, confirmed=True)
    judged = judge(campaign, player, row)
    if judged is not None and met(judged):
        return complete_quest(campaign, rules, player, row.id)
    done = quest_done(campaign, player, row.id)
    if done:
        raise RuleRefused(key=done, leader=player.name, quest=Label(row.label))
    if judged is not None:  # gmtool judges it at the turn's end (judge_quests): nothing to wait for
        return QuestClaimed(row.id, player.name, judged=True)
    if not claimed(campaign, player, row.id):
        note(campaign, "quest_claimed", player.name, quest=row.id, table=table.name)
    return QuestClaimed(row.id, player.name)


def complete_quest(
    campaign: OrionCampaign, rules: Rules, player: OrionPlayer, quest_id: str | None = None
) -> QuestCompleted:
    """The moderator's word that ``player`` completed an open quest (`gmtool quest complete`, an
    orders file's `quests`): its reward given; a quest whose condition is data is refused
    when not met (A11)."""
    ensure_not_over(campaign)
    table, row = _open_quest(campaign, rules, quest_id)
    quest_id = row.id
    done = quest_done(campaign, player, quest_id)
    if done:
        raise RuleRefused(key=done, leader=player.name, quest=Label(row.label))
    judged = judge(campaign, player, row)
    if judged is not None and not met(judged):  # the condition is data: gmtool judges it
        reasons = [say(j, rules.library) for j in judged if not j.met]
        raise RuleRefused(key="orion.quest_unmet", leader=player.name, quest=Label(row.label), reasons=reasons)
    return _complete(campaign, table, player, row)


def _complete(
    campaign: OrionCampaign, table: Table, player: OrionPlayer, row: Any, judged: bool = False
) -> QuestCompleted:
    """Give ``player`` the quest ``row``'s reward and mark it done (A11)."""
    changes = apply_effects(campaign, player, list(row.values.get("reward", [])))
    campaign.game.completions.setdefault(row.id, []).append(player.name)
    player.quests_done.append(row.id)
    note(campaign, "quest_done", player.name, quest=row.id, table=table.name, changes=changes, judged=judged or None)
    return QuestCompleted(row.id, player.name, changes)


def judge_quests(campaign: OrionCampaign, rules: Rules) -> dict[str, list[QuestCheck]]:
    """At the turn end: every open quest whose condition is data, for every leader who has not
    completed it, judged — met, it is completed with its reward, as a claim would (A11, wave 3).
    Returns each leader's open quests as judged (its private report says them)."""
    table = rules.quests(campaign.stage)
    checks: dict[str, list[QuestCheck]] = {}
    for player in campaign.players:
        if player.vacant:
            continue
        mine = checks.setdefault(player.name, [])
        for quest in list(campaign.game.quests):
            row = table.find(quest)
            if row is None:  # a quest the campaign's table no longer has: the moderator's
                mine.append(QuestCheck(quest, table.name, "moderator"))
                continue
            if player.name in campaign.game.completions.get(quest, []):
                changes = [
                    c
                    for e in campaign.turn_state.log
                    if e.get("kind") == "quest_done" and e.get("leader") == player.name and e.get("quest") == quest
                    for c in e.get("changes", [])
                ]
                mine.append(QuestCheck(quest, table.name, "met", changes=changes))
                continue
            if quest_done(campaign, player, quest):
                mine.append(QuestCheck(quest, table.name, "done_before"))
                continue
            judged = judge(campaign, player, row)
            if judged is None:  # a claim the moderator did not confirm this turn is told so (A11, wave 4)
                mine.append(
                    QuestCheck(quest, table.name, "claimed" if claimed(campaign, player, quest) else "moderator")
                )
            elif met(judged):
                done = _complete(campaign, table, player, row, judged=True)
                mine.append(QuestCheck(quest, table.name, "met", judged, changes=done.changes))
            else:
                reasons = [say(j, rules.library) for j in judged if not j.met]
                mine.append(QuestCheck(quest, table.name, "unmet", judged, reasons))
    return checks


def quest_met(campaign: OrionCampaign, library: TableLibrary, player: OrionPlayer, quest: str) -> bool:
    """Whether ``player`` meets the open quest ``quest`` now by its condition as data (a
    quest the moderator judges is never met here): `post pending` leaves it out."""
    row = library.find_row(QUESTS.get(campaign.stage, QUESTS[1]), "orion", quest)
    return row is not None and met(judge(campaign, player, row))


def play_event(campaign: OrionCampaign, rules: Rules, player: OrionPlayer, card: str, choice: int = 1) -> EventPlayed:
    """``card`` by its id or its name in either language ("Эпидемия": the same card)."""
    ensure_not_over(campaign)
    named = rules.events.named(card)
    card = named.id if named is not None else card
    if card not in player.hand:
        raise RuleRefused(key="orion.no_card", leader=player.name, card=card)
    row = rules.events.row(card)
    effects = row.values.get(f"choice_{choice}")
    if effects is None:
        offered = [k.split("_")[1] for k in row.values if k.startswith("choice_")]
        raise RuleRefused(key="orion.bad_choice", card=card, offered=offered, choice=choice)
    changes = apply_effects(campaign, player, list(effects))
    player.hand.remove(card)
    decks.discard(campaign.game, EVENTS, card)
    note(campaign, "event_played", player.name, card=card, choice=choice, changes=changes)
    return EventPlayed(card, choice, player.name, changes)


def _no_pp_to_bc(campaign: OrionCampaign, rules: Rules) -> frozenset[str]:
    """The leaders a bill forbids to turn PP into BC this turn (A9), each told why."""
    out = set()
    for player in campaign.players:
        row = forbidding(campaign, rules.bills, "no_pp_to_bc", player.name)
        if row is not None:
            out.add(player.name)
            note(campaign, "law_forbade", player.name, bill=row.id, rule="no_pp_to_bc")
    return frozenset(out)


@dataclass
class Ending:
    """A turn's end as its steps (:data:`END_STEPS`) play it: the campaign, the turn's tables,
    its dice, the chair's decision, what the steps hand on, and what the end did (``out``,
    made by production)."""

    campaign: OrionCampaign
    rules: Rules
    source: DiceSource
    chair_decision: str | None = None
    chair_choice: str | None = None  # the chair's word at the turn's end: the leader a bill or law goes to
    turn: int = 0
    stage: int = 0
    news: dict[str, list[Any]] = field(default_factory=dict)  # each leader's inbox, delivered
    no_pp_to_bc: frozenset[str] = frozenset()
    earlier: list[dict[str, Any]] = field(default_factory=list)  # tallies made during the turn
    out: TurnEnd | None = None

    @property
    def result(self) -> TurnEnd:
        assert self.out is not None, "production makes the result"
        return self.out


def _can_end(e: Ending) -> None:
    """Refused before anything changes: the game over, the turn not started, a tie or a
    choice the chair must decide (a bill put to the vote, a law's tie: A9, wave 4)."""
    campaign = e.campaign
    ensure_not_over(campaign)
    if campaign.turn_state.started != campaign.turn:
        raise RuleRefused(key="orion.turn_not_started", turn=campaign.turn)
    e.turn, e.stage = campaign.turn, campaign.stage
    check_word(campaign, e.chair_choice)
    vote = campaign.game.council.vote
    if campaign.stage > 1 and vote is not None and vote.get("bill"):
        ready(campaign, e.rules.bills, e.chair_decision, e.chair_choice)


def _deliver_news(e: Ending) -> None:
    """Each leader's private news (its inbox) goes into its report of this turn's end."""
    e.news = {p.name: list(p.inbox) for p in e.campaign.players}
    for p in e.campaign.players:
        p.inbox = []


def _forbid_conversions(e: Ending) -> None:
    """The leaders a bill forbids to turn PP into BC this turn (A9)."""
    e.no_pp_to_bc = _no_pp_to_bc(e.campaign, e.rules)


def _produce(e: Ending) -> None:
    """Production (A5, A6)."""
    rules = e.rules
    made = produce(e.campaign, rules.orion, rules.production, rules.costs, rules.modules, e.no_pp_to_bc)
    e.out = TurnEnd(e.turn, e.stage, made, news=e.news)


def _research(e: Ending) -> None:
    """Research ordered this turn, paid from the RP banked and just made (A13.1, wave 4)."""
    settle_research(e.campaign, e.rules)


def _tell_blockades(e: Ending) -> None:
    """A blockaded planet that produced is told to both leaders (A7), in production's order."""
    campaign = e.campaign
    produced = {made.hex for made in e.result.production.planets}
    for system in campaign.game.systems:
        planet = system.planet
        if planet is not None and planet.blockaded and str(system.hex) in produced:
            note(
                campaign,
                "blockaded_production",
                system.owner,
                hex=str(system.hex),
                by=planet.blockaded_by,
                leaders=[system.owner, planet.blockaded_by],
            )


def _note_earlier_tallies(e: Ending) -> None:
    """The Council's tallies made earlier in the turn (`gmtool council tally`), for the post."""
    log, turn = e.campaign.turn_state.log, e.campaign.turn
    e.earlier = [x for x in log if x["kind"] in ("council_tally", "election_tally") and x.get("turn") == turn]


def _tally_vote(e: Ending) -> None:
    """The bill put to the vote is tallied (stages 2–3); bills drawn and not put to the vote go
    back under the deck."""
    campaign = e.campaign
    vote = campaign.game.council.vote
    if campaign.stage > 1 and vote is not None:
        if vote.get("bill"):
            result, bill, not_voted = tally(campaign, e.rules.bills, e.chair_decision, e.chair_choice)
            e.result.council = BillOutcome(bill, result, not_voted)
        else:
            for option in vote["options"]:
                decks.to_bottom(campaign.game, BILLS_DECK, option)
            campaign.game.council.vote = None
            e.result.council = BillOutcome(None)


def _tally_election(e: Ending) -> None:
    """The Emperor's election of this turn is tallied (stage 3)."""
    campaign = e.campaign
    election = campaign.game.council.election
    if election is not None and election.get("turn") == campaign.turn:
        tallied, not_voted = tally_emperor(campaign)
        e.result.election = ElectionOutcome(tallied, not_voted)


def _tell_earlier_tallies(e: Ending) -> None:
    """Tallies made earlier in the turn go into the public post too (A9)."""
    out = e.result

    def made_earlier(kind: str) -> dict[str, Any] | None:
        made = [x for x in e.earlier if x["kind"] == kind]
        return made[-1] if made else None

    if out.council is None and (entry := made_earlier("council_tally")) is not None:
        out.council = BillOutcome.from_log(entry)
        out.council_told_late = out.election is not None
    if out.election is None and (entry := made_earlier("election_tally")) is not None:
        out.election = ElectionOutcome.from_log(entry)


def _apply_laws(e: Ending) -> None:
    """Every law in force acts at the turn end (A9)."""
    apply_laws(e.campaign, e.rules.bills, e.chair_choice)


def _judge_quests(e: Ending) -> None:
    """Quests whose condition is data are judged by gmtool (A11, wave 3)."""
    e.result.quest_checks = judge_quests(e.campaign, e.rules)


def _close_quests(e: Ending) -> None:
    """Completed quests leave (from stage 2; every stage-1 quest at its last turn) for the
    quests' discard pile; the turn's completions are told and cleared (A11)."""
    campaign, game, out = e.campaign, e.campaign.game, e.result
    name = e.rules.quests(campaign.stage).name
    last_of_stage_1 = campaign.stage == 1 and e.rules.stage_of(campaign.turn + 1) > 1
    done = [q for q in game.quests if game.completions.get(q)]
    discard = list(game.quests) if last_of_stage_1 else (done if campaign.stage > 1 else [])
    for quest in discard:
        game.quests.remove(quest)
        decks.discard(game, name, quest)
    out.quests_completed = {q: list(game.completions.get(q, [])) for q in game.completions}
    out.quests_discarded = discard
    game.completions = {}


def _pass_token(e: Ending) -> None:
    """The token passes clockwise (A3)."""
    campaign, game = e.campaign, e.campaign.game
    if game.token is not None:
        names = [p.name for p in campaign.players]
        game.token = names[(names.index(game.token) + 1) % len(names)]
        e.result.token_next = game.token


def _guardian(e: Ending) -> None:
    """The Guardian of Orion regains its toughness; its state, for the post (A4.6)."""
    e.result.guardian_regained = regenerate_guardian(e.campaign, e.rules)
    e.result.guardian = guardian_state(e.campaign, e.rules)


def _standings(e: Ending) -> None:
    e.result.standings = standings(e.campaign)


def _close_log(e: Ending) -> None:
    """What happened this turn goes to the reports; the log starts again."""
    ts = e.campaign.turn_state
    e.result.log = list(ts.log)
    ts.log = []


def _victory(e: Ending) -> str | None:
    """The victories that hold, in A12's order (wave 3): the first wins and the game ends."""
    campaign, out = e.campaign, e.result
    council = campaign.game.council
    emperor = Victory.from_data(council.victory) if council.victory else None
    held = victories_held(campaign, e.rules, emperor)
    if not held:
        return None
    victory, out.victories_also = held[0], held[1:]
    # the Emperor's victory is kept as the Council wrote it
    campaign.turn_state.victory = council.victory if victory is emperor else victory.to_data()
    out.victory = victory
    return STOP


def _next_turn(e: Ending) -> None:
    """The next turn, its stage and movement order; every ship may move again (A4: one
    explored hex per ship a turn)."""
    campaign, out = e.campaign, e.result
    campaign.turn += 1
    campaign.stage = e.rules.stage_of(campaign.turn)
    for player in campaign.players:
        player.moved, player.moved_turn = {}, None
    out.next_turn = campaign.turn
    out.next_stage = campaign.stage
    out.next_order = movement_order(campaign)


# The end of a turn (A5–A7, A9, A11–A13), in order; `turn end` and `turn run` play it.
END_STEPS = (
    Step("the turn can end", _can_end),
    Step("the leaders' news delivered", _deliver_news),
    Step("laws that forbid turning PP into BC", _forbid_conversions),
    Step("production", _produce),
    Step("research", _research),
    Step("blockaded production told", _tell_blockades),
    Step("tallies made earlier in the turn", _note_earlier_tallies),
    Step("the Council's vote", _tally_vote),
    Step("the Emperor's election", _tally_election),
    Step("earlier tallies told", _tell_earlier_tallies),
    Step("laws in force", _apply_laws),
    Step("quests judged", _judge_quests),
    Step("quests closed", _close_quests),
    Step("the token passes", _pass_token),
    Step("the Guardian of Orion", _guardian),
    Step("standings", _standings),
    Step("the turn's log", _close_log),
    Step("victory", _victory),
    Step("the next turn", _next_turn),
)


def end_turn(
    campaign: OrionCampaign,
    rules: Rules,
    source: DiceSource,
    chair_decision: str | None = None,
    chair_choice: str | None = None,
) -> TurnEnd:
    """`turn end`: :data:`END_STEPS` played on ``campaign``."""
    return play(END_STEPS, Ending(campaign, rules, source, chair_decision, chair_choice))
