"""Research: technologies bought with RP, rolled as an exploration's award, and what they
give (docs/rules-orion.md A13.1, A4.3, A8, A10, A12).

Everything a technology is and does is a row of the technologies table
(tables/orion/technologies.toml, or a campaign's own): its ``science``, its ``line`` and
``level`` (gmtool/rules/orion/technology.py), its ``cost`` in RP, and its effects as columns —
``colonise`` (world types, read by planets.colonisable_by), ``fleet_max`` (the fleet
maximum it raises, applied when the technology is gained). The ``covert_operations`` line's
level is the leader's Secret Operations level in the agents' checks, and the ship modules
read their lines' levels (A8a). No row is named here: a moderator's own rows run as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmtool.campaign.model import Campaign, Player
from gmtool.errors import InputError, RuleRefused
from gmtool.locale import Label
from gmtool.rules.orion.common import Logged, ensure_not_over, note
from gmtool.rules.orion.technology import level_of, line_of, tech_level

# the line whose level is a leader's Secret Operations level in the agents' checks (A10)
COVERT_LINE = "covert_operations"


@dataclass(slots=True)
class Researched(Logged):
    """A technology bought with RP: what it cost, what is left, and what it raised."""

    leader: str
    tech: str
    cost: int
    rp: int  # RP left in the bank
    fleet_max: int = 0  # how much the fleet maximum rose


@dataclass(slots=True)
class TechAwarded(Logged):
    """Technologies rolled for a leader (an exploration's "technology" event, an artifact
    world colonised): which, and how much the fleet maximum rose."""

    leader: str
    technologies: list[str] = field(default_factory=list)
    fleet_max: int = 0


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def cost_of(row: Any) -> int:
    """The RP a technology costs (0: it is only awarded, never researched)."""
    return _int(row.values.get("cost"))


def named_tech(technologies: Any, name: str) -> Any:
    """The technologies row a user names (id, label in any language, alias), or refused."""
    row = technologies.named(name) if technologies is not None else None
    if row is None:
        known = sorted(r.id for r in technologies.rows) if technologies is not None else []
        raise InputError(key="records.unknown_tech", tech=name, known=known)
    return row


def needed_before(technologies: Any, row: Any) -> Any | None:
    """The row a technology needs first: the level below it in its line that the table has
    (the highest level lower than its own), or None (a first level)."""
    line, level = line_of(row), level_of(row)
    below = [r for r in technologies.rows if line_of(r) == line and level_of(r) < level]
    return max(below, key=level_of) if below else None


def may_learn(owned: list[str], technologies: Any, row: Any) -> bool:
    """Whether a leader owning ``owned`` may get ``row`` in order: not owned yet, and the
    level below held."""
    if row.id in owned:
        return False
    before = needed_before(technologies, row)
    return before is None or tech_level(owned, technologies, line_of(row)) >= level_of(before)


def gain(player: Player, technologies: Any, tech: str) -> int:
    """Give ``player`` the technology ``tech`` and apply its effects as the row gives them;
    returns how much the fleet maximum rose (A8)."""
    if tech not in player.technologies:
        player.technologies.append(tech)
    row = technologies.find(tech) if technologies is not None else None
    raised = _int(row.values.get("fleet_max")) if row is not None else 0
    player.fleet_max += raised
    return raised


def research(campaign: Campaign, player: Player, technologies: Any, name: str, rules: Any = None) -> Researched:
    """Buy a technology with banked RP (production phase): it needs the level below in its
    line, and the RP its row costs (docs/rules-orion.md A13.1).  With the turn's ``rules``
    (their modules table), the fitted modules it improves are noted for the leader's report
    (A8a: they improve by themselves)."""
    ensure_not_over(campaign)
    row = named_tech(technologies, name)
    tech = Label(row.label)
    if row.id in player.technologies:
        raise RuleRefused(key="records.has_tech", leader=player.name, tech=tech)
    cost = cost_of(row)
    if cost <= 0:
        raise RuleRefused(key="records.research_no_cost", tech=tech)
    before = needed_before(technologies, row)
    if before is not None and not may_learn(player.technologies, technologies, row):
        raise RuleRefused(key="records.research_needs", leader=player.name, tech=tech, needed=Label(before.label))
    if player.rp < cost:
        raise RuleRefused(key="records.research_rp", leader=player.name, tech=tech, cost=cost, have=player.rp)
    player.rp -= cost
    if rules is not None:
        from gmtool.rules.orion.records import note_modules_improved

        note_modules_improved(campaign, rules, player, [row.id])
    raised = gain(player, technologies, row.id)
    entry = note(campaign, "researched", player.name, tech=row.id, cost=cost, fleet_max=raised or None)
    return Researched(player.name, row.id, cost, player.rp, raised, entry=entry)


def missing_sciences(player: Player, technologies: Any) -> list[Any]:
    """The technologies a leader lacks for "every science researched" (A12): the top level
    of every line of every science in the table."""
    tops: dict[str, Any] = {}
    for row in technologies.rows if technologies is not None else ():
        line = line_of(row)
        if line not in tops or level_of(row) > level_of(tops[line]):
            tops[line] = row
    return [row for line, row in tops.items() if tech_level(player.technologies, technologies, line) < level_of(row)]


def secret_ops_level(player: Player, technologies: Any) -> int:
    """A leader's Secret Operations level in the agents' checks (A10): its Covert
    Operations level, or the level the moderator set (`gmtool agent set --ops`) if higher."""
    return max(player.secret_ops, tech_level(player.technologies, technologies, COVERT_LINE))


# ------------------------------------------------------------------ rolled awards (A4.3)


@dataclass(frozen=True, slots=True)
class TechDie:
    """One die of a technology roll: over how many technologies it was rolled, its face,
    and the technology it picked (the report shows each, as it shows a table's dice)."""

    sides: int
    face: int
    tech: str


def _pick(rows: list[Any], source: Any, label: str, dice: list[TechDie] | None = None) -> Any:
    face = source.roll(len(rows), label)
    row = rows[face - 1]
    if dice is not None:
        dice.append(TechDie(len(rows), face, row.id))
    return row


def roll_technologies(
    player: Player, technologies: Any, source: Any, n: int, label: str, dice: list[TechDie] | None = None
) -> list[str]:
    """The "technology" event (A4.3): ``n`` random technologies of sciences the leader knows
    (one die over those it may get, one after another); if it cannot get ``n`` of them, its
    lowest-level unknown science — a random technology of the lowest level any unknown
    science offers — and 1 more random technology of that science. The technologies are not
    given here (:func:`gain`); each die is added to ``dice``."""
    if technologies is None:
        return []
    owned = list(player.technologies)
    rows = list(technologies.rows)
    science = {r.id: r.values.get("science") for r in rows}
    known = {science[t] for t in owned if t in science}

    def open_(of: set[Any] | None = None, unknown: bool = False) -> list[Any]:
        found = [r for r in rows if may_learn(owned, technologies, r)]
        if unknown:
            return [r for r in found if science[r.id] not in known]
        return [r for r in found if of is None or science[r.id] in of]

    picks: list[str] = []
    if len(open_(known)) >= n:
        for i in range(n):
            row = _pick(open_(known), source, f"{label}, technology {i + 1}", dice)
            picks.append(row.id)
            owned.append(row.id)
        return picks
    fresh = open_(unknown=True)
    if not fresh:  # every science known: what the known ones still offer
        while len(picks) < n and open_(known):
            row = _pick(open_(known), source, f"{label}, technology {len(picks) + 1}", dice)
            picks.append(row.id)
            owned.append(row.id)
        return picks
    lowest = min(level_of(r) for r in fresh)
    first = _pick([r for r in fresh if level_of(r) == lowest], source, f"{label}, science", dice)
    picks.append(first.id)
    owned.append(first.id)
    more = open_({science[first.id]})
    if more:
        picks.append(_pick(more, source, f"{label}, technology of the science", dice).id)
    return picks


def roll_level(player: Player, technologies: Any, source: Any, level: int, label: str) -> list[str]:
    """The artifact world (A4.3): a random technology of level ``level`` the leader does not
    hold — of the next level up if it holds every one of that level —, given outright
    (the levels below are not needed). [] when there is none."""
    if technologies is None:
        return []
    unowned = [r for r in technologies.rows if r.id not in player.technologies and level_of(r) >= level]
    if not unowned:
        return []
    lowest = min(level_of(r) for r in unowned)
    return [_pick([r for r in unowned if level_of(r) == lowest], source, label).id]


def award(
    campaign: Campaign,
    player: Player,
    technologies: Any,
    picks: list[str],
    reason: str,
    hex_: str | None = None,
) -> TechAwarded:
    """Give the rolled technologies and write them in the leader's log."""
    raised = sum(gain(player, technologies, tech) for tech in picks)
    entry = note(
        campaign,
        "tech_awarded",
        player.name,
        technologies=list(picks),
        reason=reason,
        hex=hex_,
        fleet_max=raised or None,
    )
    return TechAwarded(player.name, list(picks), raised, entry=entry)
