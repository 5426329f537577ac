"""Agent checks (docs/rules-orion.md A10): d10 + modifiers against a difficulty.

The thresholds and the outcome texts live in ``tables/orion/agent-outcomes.toml``; this
module applies them: the natural die first (a natural 10 always a critical success, a
natural 1 always a critical failure), then the margin.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from gmtool.dice.sources import DiceSource
from gmtool.errors import InputError
from gmtool.rolltables.model import Row, Table

AUTOMATIC = "automatic"
OUTCOMES_TABLE = "agent-outcomes"


@dataclass(frozen=True, slots=True)
class CheckModifier:
    value: int
    kind: str  # "modifier" | "own_ops" | "target_ops" | "counter"
    note: str = ""

    def to_data(self) -> dict[str, Any]:
        return {"value": self.value, "kind": self.kind, **({"note": self.note} if self.note else {})}


@dataclass(slots=True)
class AgentCheck:
    difficulty: int | str
    outcome: Row
    natural: int | None = None
    modifiers: list[CheckModifier] = field(default_factory=list)
    decided_by_natural: bool = False

    @property
    def total(self) -> int | None:
        return None if self.natural is None else self.natural + sum(m.value for m in self.modifiers)

    @property
    def margin(self) -> int | None:
        return None if self.total is None else self.total - int(self.difficulty)

    def to_data(self) -> dict[str, Any]:
        return {
            "natural": self.natural,
            "total": self.total,
            "difficulty": self.difficulty,
            "margin": self.margin,
            "outcome": self.outcome.id,
            "modifiers": [m.to_data() for m in self.modifiers],
            "decided_by_natural": self.decided_by_natural,
            "consequences": dict(self.outcome.values),
        }


def parse_difficulty(text: str) -> int | str:
    cleaned = text.strip().lower()
    if cleaned in (AUTOMATIC, "auto", "автоматически"):
        return AUTOMATIC
    try:
        value = int(cleaned)
    except ValueError:
        raise InputError(key="agents.difficulty_not_number", text=text) from None
    if not -100 <= value <= 100:
        raise InputError(key="agents.difficulty_range", value=value)
    return value


def espionage_modifiers(own_ops: int, target_ops: int, counter: int = 0) -> list[CheckModifier]:
    """+ own Secret Operations level − the target's; a counter-espionage bonus or penalty."""
    mods = [CheckModifier(own_ops, "own_ops"), CheckModifier(-target_ops, "target_ops")]
    if counter:
        mods.append(CheckModifier(counter, "counter"))
    return mods


def agent_check(
    outcomes: Table,
    source: DiceSource,
    difficulty: int | str,
    modifiers: Sequence[CheckModifier] = (),
    label: str = "agent check",
) -> AgentCheck:
    """Resolve one check; ``outcomes`` is the agent-outcomes table."""
    if difficulty == AUTOMATIC:
        return AgentCheck(AUTOMATIC, outcomes.row("success"), None, list(modifiers))
    sides = int(outcomes.rule("die"))
    crit = int(outcomes.rule("critical_margin"))
    natural = source.roll(sides, label)
    check = AgentCheck(int(difficulty), outcomes.row("success"), natural, list(modifiers))
    margin = natural + sum(m.value for m in modifiers) - int(difficulty)  # check.margin, known to be set
    if natural == int(outcomes.rule("natural_critical_success")):
        outcome, check.decided_by_natural = "critical_success", margin < crit
    elif natural == int(outcomes.rule("natural_critical_failure")):
        outcome, check.decided_by_natural = "critical_failure", margin > -crit
    elif margin >= crit:
        outcome = "critical_success"
    elif margin >= 0:
        outcome = "success"
    elif margin <= -crit:
        outcome = "critical_failure"
    else:
        outcome = "failure"
    check.outcome = outcomes.row(outcome)
    return check
