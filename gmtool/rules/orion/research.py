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

from gmtool.errors import InputError, RuleRefused
from gmtool.locale import Label
from gmtool.rules.orion.common import Logged, ensure_not_over, note
from gmtool.rules.orion.state import OrionCampaign, OrionPlayer
from gmtool.rules.orion.technology import level_of, line_of, tech_level
from gmtool.struct import ReadByKey

# the line whose level is a leader's Secret Operations level in the agents' checks (A10)
COVERT_LINE = "covert_operations"


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


def gain(player: OrionPlayer, technologies: Any, tech: str) -> int:
    """Give ``player`` the technology ``tech`` and apply its effects as the row gives them;
    returns how much the fleet maximum rose (A8)."""
    if tech not in player.technologies:
        player.technologies.append(tech)
    row = technologies.find(tech) if technologies is not None else None
    raised = _int(row.values.get("fleet_max")) if row is not None else 0
    player.fleet_max += raised
    return raised


ALL_SCIENCES = "all_sciences"  # a research order: every science is checked (A12)
VICTORY = "victory"  # a research order: the RP left go toward the technology victory (A12)


@dataclass(slots=True)
class ResearchOrdered(ReadByKey):
    """Research ordered this turn, settled at the turn's end after production, from the RP
    banked and the RP just made (A13.1, wave 4): ``tech`` a technology id, ``all_sciences`` or
    ``victory``; its ``cost`` (0: nothing to pay); the RP it may draw on — ``banked`` now,
    ``made`` this turn as the leader's planets work now, ``committed`` to research ordered
    before it."""

    leader: str
    tech: str
    cost: int
    banked: int
    made: int
    committed: int = 0
    after: list[str] = field(default_factory=list)  # all_sciences: the technologies it waits for

    @property
    def available(self) -> int:
        return self.banked + self.made - self.committed

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "leader": self.leader,
            "ordered": self.tech,
            "cost": self.cost,
            "banked": self.banked,
            "made": self.made,
        }
        if self.committed:
            out["committed"] = self.committed
        if self.after:
            out["after"] = list(self.after)
        return out


def _ordered_techs(player: OrionPlayer) -> list[str]:
    return [t for t in player.research if t not in (ALL_SCIENCES, VICTORY)]


def _committed(player: OrionPlayer, technologies: Any) -> int:
    """The RP the technologies ordered this turn will cost."""
    rows = [technologies.find(t) for t in _ordered_techs(player)] if technologies is not None else []
    return sum(cost_of(r) for r in rows if r is not None)


def _made(campaign: OrionCampaign, rules: Any, player: OrionPlayer) -> int:
    """The RP ``player`` makes this turn as its planets work now (0 without the rules)."""
    if rules is None or getattr(rules, "orion", None) is None:
        return 0
    from gmtool.rules.orion.production import expected_rp

    return expected_rp(campaign, rules.orion, getattr(rules, "costs", None), player)


def research(
    campaign: OrionCampaign, player: OrionPlayer, technologies: Any, name: str, rules: Any = None
) -> ResearchOrdered:
    """Order a technology (docs/rules-orion.md A13.1, wave 4): settled at this turn's end after
    production, paid from the RP banked and the RP the turn makes («можно сразу потратить»),
    its effects from then. Refused now when the leader holds it or has ordered it, lacks the
    level below (held or ordered before it), or will not have the RP: the RP banked and made
    this turn as its planets work now (the turn's ``rules``: the production tables), less the
    research ordered before it."""
    ensure_not_over(campaign)
    row = named_tech(technologies, name)
    tech = Label(row.label)
    if row.id in player.technologies:
        raise RuleRefused(key="records.has_tech", leader=player.name, tech=tech)
    if row.id in player.research:
        raise RuleRefused(key="records.research_ordered", leader=player.name, tech=tech)
    cost = cost_of(row)
    if cost <= 0:
        raise RuleRefused(key="records.research_no_cost", tech=tech)
    before = needed_before(technologies, row)
    held = player.technologies + _ordered_techs(player)  # the levels ordered before it count
    if before is not None and not may_learn(held, technologies, row):
        raise RuleRefused(key="records.research_needs", leader=player.name, tech=tech, needed=Label(before.label))
    out = ResearchOrdered(
        player.name, row.id, cost, player.rp, _made(campaign, rules, player), _committed(player, technologies)
    )
    if out.available < cost:
        raise RuleRefused(
            key="records.research_rp_turn" if out.committed else "records.research_rp",
            leader=player.name,
            tech=tech,
            cost=cost,
            have=out.available,
            banked=out.banked,
            made=out.made,
            committed=out.committed,
        )
    player.research.append(row.id)
    return out


def order_all_sciences(
    campaign: OrionCampaign, player: OrionPlayer, technologies: Any, rules: Any = None
) -> ResearchOrdered | None:
    """Every science researched, where the last of them are ordered this turn (A12, A13.1):
    checked at the turn's end after them — None when nothing is missing now (the caller marks
    it at once); refused, naming what is neither held nor ordered."""
    ensure_not_over(campaign)
    missing = missing_sciences(player, technologies)
    if not missing:
        return None
    ordered = set(_ordered_techs(player))
    unordered = [r for r in missing if r.id not in ordered]
    if unordered:
        raise RuleRefused(
            key="records.all_sciences_missing", leader=player.name, missing=[Label(r.label) for r in unordered]
        )
    if ALL_SCIENCES not in player.research:
        player.research.append(ALL_SCIENCES)
    return ResearchOrdered(
        player.name,
        ALL_SCIENCES,
        0,
        player.rp,
        _made(campaign, rules, player),
        _committed(player, technologies),
        [r.id for r in missing],
    )


def order_victory(campaign: OrionCampaign, player: OrionPlayer, rules: Any) -> ResearchOrdered:
    """The RP left at this turn's end, after production and the research ordered, go toward
    the technology victory (A12: 180 RP, banked or new, after every science): refused before
    every science is researched (or checked this turn after the last ones ordered), once the
    RP are spent, or with no RP to spend."""
    ensure_not_over(campaign)
    if not player.all_sciences and ALL_SCIENCES not in player.research:
        raise RuleRefused(key="records.not_all_sciences", leader=player.name)
    need = int(rules.costs.rule("tech_victory_rp"))
    if player.tech_rp >= need:
        raise RuleRefused(key="records.rp_spent", leader=player.name, need=need)
    technologies = getattr(rules, "technologies", None)
    out = ResearchOrdered(
        player.name, VICTORY, 0, player.rp, _made(campaign, rules, player), _committed(player, technologies)
    )
    if out.available <= 0:
        raise RuleRefused(key="records.no_rp", leader=player.name, spent=player.tech_rp, need=need)
    if VICTORY not in player.research:
        player.research.append(VICTORY)
    return out


def settle_research(campaign: OrionCampaign, rules: Any) -> None:
    """At the turn's end, after production (A13.1, wave 4): every leader's research ordered this
    turn, in order, paid from its RP — banked and just made. Each technology researched is
    noted (``researched``: its effects apply from now); one that cannot be paid, or lacks the
    level below, is not (``research_failed``, saying why); then every science is checked
    (``all_sciences``) and the RP left go toward the technology victory (``victory_research``)."""
    technologies = rules.technologies
    for player in campaign.players:
        for order in list(player.research):
            if order == ALL_SCIENCES:
                _settle_all_sciences(campaign, player, technologies)
            elif order == VICTORY:
                _settle_victory(campaign, player, rules)
            else:
                _settle_tech(campaign, player, rules, order)
        player.research = []


def _settle_tech(campaign: OrionCampaign, player: OrionPlayer, rules: Any, tech: str) -> None:
    technologies = rules.technologies
    row = technologies.find(tech) if technologies is not None else None
    if row is None:  # a row the moderator removed since
        note(campaign, "research_failed", player.name, tech=tech, reason="unknown")
        return
    if row.id in player.technologies:  # handed out or rolled since it was ordered
        note(campaign, "research_failed", player.name, tech=row.id, reason="held")
        return
    before = needed_before(technologies, row)
    if before is not None and not may_learn(player.technologies, technologies, row):
        note(campaign, "research_failed", player.name, tech=row.id, reason="needs", needed=before.id)
        return
    cost = cost_of(row)
    if player.rp < cost:
        note(campaign, "research_failed", player.name, tech=row.id, reason="rp", have=player.rp, cost=cost)
        return
    player.rp -= cost
    note_modules_improved(campaign, rules, player, [row.id])
    raised = gain(player, technologies, row.id)
    note(campaign, "researched", player.name, tech=row.id, cost=cost, fleet_max=raised or None)


def _settle_all_sciences(campaign: OrionCampaign, player: OrionPlayer, technologies: Any) -> None:
    missing = missing_sciences(player, technologies)
    if missing:
        note(
            campaign,
            "research_failed",
            player.name,
            tech=ALL_SCIENCES,
            reason="missing",
            missing=[r.id for r in missing],
        )
        return
    if not player.all_sciences:
        player.all_sciences = True
        note(campaign, "all_sciences", player.name, public=True)


def _settle_victory(campaign: OrionCampaign, player: OrionPlayer, rules: Any) -> None:
    need = int(rules.costs.rule("tech_victory_rp"))
    if not player.all_sciences:
        note(campaign, "research_failed", player.name, tech=VICTORY, reason="not_all_sciences")
        return
    spend = min(player.rp, need - player.tech_rp)
    if spend <= 0:
        note(campaign, "research_failed", player.name, tech=VICTORY, reason="none")
        return
    player.rp -= spend
    player.tech_rp += spend
    note(
        campaign,
        "victory_research",
        player.name,
        public=player.tech_rp >= need,
        spent=spend,
        total=player.tech_rp,
        need=need,
    )


def missing_sciences(player: OrionPlayer, technologies: Any) -> list[Any]:
    """The technologies a leader lacks for "every science researched" (A12): the top level
    of every line of every science in the table."""
    tops: dict[str, Any] = {}
    for row in technologies.rows if technologies is not None else ():
        line = line_of(row)
        if line not in tops or level_of(row) > level_of(tops[line]):
            tops[line] = row
    return [row for line, row in tops.items() if tech_level(player.technologies, technologies, line) < level_of(row)]


def secret_ops_level(player: OrionPlayer, technologies: Any) -> int:
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
    player: OrionPlayer, technologies: Any, source: Any, n: int, label: str, dice: list[TechDie] | None = None
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


def roll_level(player: OrionPlayer, technologies: Any, source: Any, level: int, label: str) -> list[str]:
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
    campaign: OrionCampaign,
    player: OrionPlayer,
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


def note_modules_improved(campaign: OrionCampaign, rules: Any, player: OrionPlayer, new_tech: list[str]) -> list[str]:
    """Before ``player`` gets ``new_tech``: the fitted modules it improves (A8a: automatically,
    in the turn it is researched), noted in the turn's log for the leader's report."""
    from gmtool.rules.orion.fitting import improved_modules

    modules = getattr(rules, "modules", None)
    fresh = [t for t in new_tech if t not in player.technologies]
    improved = improved_modules(player, fresh, rules.technologies, modules) if modules is not None and fresh else []
    if improved:
        note(campaign, "modules_improved", player.name, modules=improved)
    return improved
