"""What a quest asks, as data (docs/rules-orion.md A11, wave 3): a quest row's ``condition``
column lists its conditions, each ``"kind"`` or ``"kind:N"`` (``"found:natives|artifacts"``);
all must hold.  A row with none, or with ``"moderator"``, is judged by the moderator.

The kinds (the one vocabulary a campaign's own quest rows use):

* ``homeworld_full`` — the homeworld at its maximum population;
* ``colonies:N`` — N colonies controlled (the homeworld not counted);
* ``planets:N`` — N planets controlled (the homeworld counted);
* ``explored:N`` — N systems explored by the leader in all (the homeworld not counted);
* ``explored_turn:N`` — N systems explored by the leader this turn;
* ``explored_near_home:N`` — N systems next to the homeworld explored by the leader;
* ``colonised_turn:N`` — N planets colonised this turn;
* ``monsters_slain:N`` — N space monsters slain by the leader this turn;
* ``scientists:N`` — N colonists at work as scientists;
* ``bc:N`` — N BC held (judged at the turn end, after production);
* ``fleet_full`` — the fleet at its maximum size;
* ``rp_spent:N`` — N RP spent this turn on research and toward the technology victory (the
  research is settled at the turn's end, after production: A13.1);
* ``found:A|B`` — a system the leader explored where event A or B happened, or whose planet
  has property A or B.

Pure: reads the campaign and the turn's log, changes nothing."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from gmtool.errors import TableError
from gmtool.locale import Label, Msg
from gmtool.rules.orion.state import OrionCampaign, OrionPlayer

MODERATOR = "moderator"
_COND = re.compile(r"^\s*([a-z_]+)\s*(?::\s*([A-Za-z0-9_|\-]+))?\s*$")


@dataclass(slots=True)
class Condition:
    """One condition of a quest row: its ``kind`` and its argument (a number, or names)."""

    kind: str
    arg: str | None = None

    @property
    def n(self) -> int:
        return int(self.arg or 1)


@dataclass(slots=True)
class Judged:
    """One condition judged for a leader: ``have`` of ``need`` (``met`` when have ≥ need)."""

    kind: str
    have: int
    need: int
    arg: str | None = None

    @property
    def met(self) -> bool:
        return self.have >= self.need

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "have": self.have, "need": self.need}
        if self.arg is not None and not self.arg.isdigit():
            out["arg"] = self.arg
        return out


def _mine(campaign: OrionCampaign, leader: str) -> list[Any]:
    return [s for s in campaign.game.systems if s.owner == leader and s.planet is not None]


def _explored(campaign: OrionCampaign, leader: str) -> list[Any]:
    return [s for s in campaign.game.systems if s.explored_by == leader and s.homeworld_of != leader]


def _logged(campaign: OrionCampaign, leader: str, kind: str) -> int:
    return sum(
        1
        for e in campaign.turn_state.log
        if e.get("kind") == kind and e.get("leader") == leader and e.get("turn", campaign.turn) == campaign.turn
    )


def _rp_spent(c: OrionCampaign, p: OrionPlayer, cond: Condition) -> tuple[int, int]:
    """RP spent this turn: the technologies researched and the RP put toward the technology
    victory, as the turn's log tells them (settled at the turn's end, A13.1)."""
    spent = 0
    for e in c.turn_state.log:
        if e.get("leader") != p.name or e.get("turn", c.turn) != c.turn:
            continue
        if e.get("kind") == "researched":
            spent += int(e.get("cost", 0))
        elif e.get("kind") == "victory_research":
            spent += int(e.get("spent", 0))
    return spent, cond.n


def _homeworld_full(c: OrionCampaign, p: OrionPlayer, _: Condition) -> tuple[int, int]:
    home = next((s for s in c.game.systems if s.homeworld_of == p.name and s.owner == p.name and s.planet), None)
    if home is None or home.planet is None:
        return 0, 1
    return home.planet.population, home.planet.max_population


def _found(c: OrionCampaign, p: OrionPlayer, cond: Condition) -> tuple[int, int]:
    wanted = set((cond.arg or "").split("|"))
    hits = [
        s
        for s in _explored(c, p.name)
        if wanted & set(s.events) or (s.planet is not None and wanted & set(s.planet.properties))
    ]
    return min(len(hits), 1), 1


def _near_home(c: OrionCampaign, p: OrionPlayer, cond: Condition) -> tuple[int, int]:
    home = p.homeworld
    near = [s for s in _explored(c, p.name) if home is not None and s.hex.distance(home) == 1]
    return len(near), cond.n


# kind → (campaign, leader, condition) → (have, need)
JUDGES: dict[str, Callable[[OrionCampaign, OrionPlayer, Condition], tuple[int, int]]] = {
    "homeworld_full": _homeworld_full,
    "colonies": lambda c, p, k: (sum(1 for s in _mine(c, p.name) if s.homeworld_of is None), k.n),
    "planets": lambda c, p, k: (len(_mine(c, p.name)), k.n),
    "explored": lambda c, p, k: (len(_explored(c, p.name)), k.n),
    "explored_turn": lambda c, p, k: (
        sum(1 for s in _explored(c, p.name) if s.explored_turn == c.turn),
        k.n,
    ),
    "explored_near_home": _near_home,
    "colonised_turn": lambda c, p, k: (_logged(c, p.name, "colonised"), k.n),
    "monsters_slain": lambda c, p, k: (_logged(c, p.name, "monster_slain"), k.n),
    "scientists": lambda c, p, k: (sum(s.planet.scientists for s in _mine(c, p.name)), k.n),
    "bc": lambda c, p, k: (p.bc, k.n),
    "fleet_full": lambda c, p, k: (p.fleet_size, p.fleet_max),
    "rp_spent": _rp_spent,
    "found": _found,
}
NAMED = frozenset({"found"})  # kinds whose argument is names, not a number


def parse_condition(text: str) -> Condition:
    """``"colonies:2"`` → Condition("colonies", "2"); an unknown kind or a bad number is the
    table's error, naming the condition and the kinds there are."""
    m = _COND.match(str(text))
    kind = m.group(1) if m else ""
    arg = m.group(2) if m else None
    if not m or (kind not in JUDGES and kind != MODERATOR):
        raise TableError(key="orion.bad_condition", condition=text, known=sorted([*JUDGES, MODERATOR]))
    if arg is not None and kind not in NAMED and not arg.isdigit():
        raise TableError(key="orion.bad_condition", condition=text, known=sorted([*JUDGES, MODERATOR]))
    if kind in NAMED and not arg:
        raise TableError(key="orion.bad_condition", condition=text, known=sorted([*JUDGES, MODERATOR]))
    return Condition(kind, arg)


def conditions(row: Any) -> list[Condition] | None:
    """A quest row's conditions, or None when the moderator judges it (no ``condition``, or
    ``"moderator"`` among them)."""
    raw = row.values.get("condition")
    if raw is None:
        return None
    found = [parse_condition(c) for c in ([raw] if isinstance(raw, str) else list(raw))]
    if not found or any(c.kind == MODERATOR for c in found):
        return None
    return found


def judge(campaign: OrionCampaign, player: OrionPlayer, row: Any) -> list[Judged] | None:
    """Each condition of the quest ``row`` for ``player`` (None: the moderator judges it)."""
    conds = conditions(row)
    if conds is None:
        return None
    out = []
    for cond in conds:
        have, need = JUDGES[cond.kind](campaign, player, cond)
        out.append(Judged(cond.kind, have, need, cond.arg))
    return out


def met(judged: list[Judged] | None) -> bool:
    return judged is not None and all(j.met for j in judged)


def say(j: Judged, library: Any) -> Msg:
    """One judged condition in words (``colonies: 1 of 2``), in the reader's language."""
    what: list[Msg] = []
    if j.kind in NAMED:
        for name in (j.arg or "").split("|"):
            row = None
            for table in ("planet-properties", "positive-events"):
                try:
                    row = library.find_row(table, "orion", name)
                except Exception:  # a table missing from a campaign's own set: the id
                    row = None
                if row is not None:
                    break
            what.append(Label(row.label) if row is not None else Label(name))
    return Msg(f"quest_condition.{j.kind}", have=j.have, need=j.need, what=what)
