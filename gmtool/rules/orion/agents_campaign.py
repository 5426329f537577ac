"""Agents in a campaign (docs/rules-orion.md A7, A10): hiring, one activation per agent per turn,
paid abilities, espionage against the target's Secret Operations and counter-espionage,
and who learns what."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmtool.campaign.names import same_name
from gmtool.dice.sources import DiceSource
from gmtool.errors import InputError, RuleRefused
from gmtool.rolltables.model import Row, Table
from gmtool.rules.orion.agents import AUTOMATIC, AgentCheck, CheckModifier, agent_check, espionage_modifiers
from gmtool.rules.orion.common import add_award, note
from gmtool.rules.orion.research import secret_ops_level
from gmtool.rules.orion.state import Agent, InboxEntry, OrionCampaign, OrionPlayer

ABILITIES_TABLE = "agents"
SPECIALITIES_TABLE = "agent-specialities"


@dataclass
class AgentUse:
    agent: Agent
    ability: Row
    target: OrionPlayer | None
    check: AgentCheck
    paid_order: bool = False
    framed: str | None = None
    lost: bool = False
    learned: dict[str, Any] = field(default_factory=dict)  # what a done mission revealed of the target
    notices: list[tuple[str, InboxEntry]] = field(default_factory=list)  # (leader, message)

    def to_data(self) -> dict[str, Any]:
        return {
            "agent": self.agent.name,
            "owner": self.agent.owner,
            "ability": self.ability.id,
            "target": self.target.name if self.target else None,
            "paid_order": self.paid_order,
            "framed": self.framed,
            "agent_lost": self.lost,
            "learned": self.learned or None,
            **self.check.to_data(),
            "notices": [{"to": who, **msg} for who, msg in self.notices],
        }


def hire(campaign: OrionCampaign, owner: OrionPlayer, name: str, specialities: list[str], known: set[str]) -> Agent:
    name = name.strip()
    if not name or len(name) > 40 or any(ch < " " for ch in name):
        raise InputError(key="agents.bad_name", name=name)
    if any(same_name(a.name, name) for a in campaign.game.agents):
        raise RuleRefused(key="agents.name_taken", name=name)
    if any(same_name(p.name, name) for p in campaign.players):  # a mission's target names leaders
        raise RuleRefused(key="agents.leaders_name", name=name)
    if not 1 <= len(specialities) <= 2:
        raise RuleRefused(key="agents.one_or_two")
    for spec in specialities:
        if spec not in known:
            raise InputError(key="agents.unknown_speciality", spec=spec, known=sorted(known))
    if len(set(specialities)) != len(specialities):
        raise InputError(key="agents.same_twice")
    own = [a for a in campaign.game.agents if a.owner == owner.name]
    if len(own) >= owner.agent_limit:
        raise RuleRefused(key="agents.limit", leader=owner.name, n=owner.agent_limit, has=len(own))
    agent = Agent(name=name, owner=owner.name, specialities=list(specialities), hired_turn=campaign.turn)
    campaign.game.agents.append(agent)
    return agent


def hire_ordered(
    campaign: OrionCampaign, owner: OrionPlayer, name: str, specialities: list[str], table: Table
) -> Agent:
    """A leader's own hire (the room's ``!hire``, an orders file's ``hire``; A10): specialities
    by id or label in any language, refused past the leader's agent limit in words a player
    reads; one entry of the turn's log tells the leader's report the agent and the places its
    limit leaves."""
    wanted = [_speciality(table, s) for s in specialities]
    own = [a for a in campaign.game.agents if a.owner == owner.name]
    if len(own) >= owner.agent_limit and 1 <= len(wanted) <= 2:
        raise RuleRefused(key="agents.limit_reached", leader=owner.name, n=owner.agent_limit, has=len(own))
    agent = hire(campaign, owner, name, wanted, {r.id for r in table.rows})
    note(
        campaign,
        "agent_hired",
        owner.name,
        agent=agent.name,
        specialities=list(agent.specialities),
        n=len(own) + 1,
        limit=owner.agent_limit,
    )
    return agent


def _speciality(table: Table, written: str) -> str:
    row = table.named(written)
    return str(row.id) if row is not None else written


def _counter_penalty(campaign: OrionCampaign, target: OrionPlayer, abilities: Table) -> list[CheckModifier]:
    """Automatic counter-espionage abilities of the target's agents."""
    mods = []
    for agent in campaign.game.agents:
        if agent.owner != target.name:
            continue
        for row in abilities.rows:
            bonus = row.values.get("counter_bonus")
            if bonus and row.values.get("speciality") in agent.specialities and row.values.get("kind") == "automatic":
                mods.append(CheckModifier(-int(bonus), "counter", f"{agent.name}: {row.id}"))
    return mods


def use(
    campaign: OrionCampaign,
    agent: Agent,
    ability_id: str,
    abilities: Table,
    outcomes: Table,
    source: DiceSource,
    target: OrionPlayer | None = None,
    frame: OrionPlayer | None = None,
    extra_counter: int = 0,
    technologies: Table | None = None,
) -> AgentUse:
    """``technologies``: the table whose Covert Operations line gives each leader's Secret
    Operations level (A10; the moderator's `agent set --ops` when higher)."""
    owner = campaign.player(agent.owner)
    try:
        ability = abilities.row(ability_id)
    except Exception:
        known = ", ".join(r.id for r in abilities.rows if r.values.get("speciality") in agent.specialities)
        raise InputError(key="agents.unknown_ability", ability=ability_id, agent=agent.name, known=known) from None
    if ability.values.get("speciality") not in agent.specialities:
        raise RuleRefused(
            key="agents.not_his_ability",
            agent=agent.name,
            specialities=list(agent.specialities),
            ability=ability.id,
            speciality=ability.values.get("speciality"),
        )
    if agent.used_turn == campaign.turn:
        raise RuleRefused(key="agents.already_used", agent=agent.name)
    if ability.values.get("target") and target is None:
        raise InputError(key="agents.needs_target", ability=ability.id)
    if target is not None and target.name == owner.name:
        raise RuleRefused(key="agents.own_leader")
    paid = ability.values.get("kind") == "paid"
    if paid and owner.orders < 1:
        raise RuleRefused(key="agents.no_orders", ability=ability.id, leader=owner.name)
    if frame is not None and (frame.name == owner.name or (target and frame.name == target.name)):
        raise InputError(key="agents.frame")
    difficulty = ability.values.get("difficulty", AUTOMATIC)
    mods: list[CheckModifier] = []
    if ability.values.get("espionage") and target is not None:
        ops = secret_ops_level(owner, technologies), secret_ops_level(target, technologies)
        mods = espionage_modifiers(*ops, extra_counter)
        mods += _counter_penalty(campaign, target, abilities)
    check = agent_check(
        outcomes,
        source,
        difficulty if difficulty == AUTOMATIC else int(difficulty),
        mods,
        f"{agent.name}: {ability.id}",
    )
    result = AgentUse(agent, ability, target, check, paid_order=paid)
    if paid:
        owner.orders -= 1
    agent.used_turn = campaign.turn
    # the check in the owner's turn report (A10, wave 3): the leader learns its agent's outcome
    note(
        campaign,
        "agent_check",
        owner.name,
        agent=agent.name,
        ability=ability.id,
        target=target.name if target is not None else None,
        outcome=check.outcome.id,
    )
    _consequences(campaign, result, owner, frame)
    return result


def _consequences(campaign: OrionCampaign, result: AgentUse, owner: OrionPlayer, frame: OrionPlayer | None) -> None:
    outcome = result.check.outcome
    covert = bool(result.ability.values.get("covert"))
    target = result.target
    turn = campaign.turn
    if outcome.values.get("agent_lost"):
        campaign.game.agents.remove(result.agent)
        result.lost = True
        result.notices.append((owner.name, {"turn": turn, "kind": "agent_lost", "agent": result.agent.name}))
    learns = outcome.values.get("target_learns")
    if target is not None and covert and learns == "unknown_race":
        result.notices.append((target.name, {"turn": turn, "kind": "agent_detected"}))
    elif target is not None and learns == "race":
        result.notices.append((target.name, {"turn": turn, "kind": "agent_caught", "sent_by": owner.name}))
    if outcome.values.get("may_frame") and covert and frame is not None and target is not None:
        result.framed = frame.name
        result.notices.append((target.name, {"turn": turn, "kind": "agent_blamed", "blamed": frame.name}))
    if outcome.values.get("mission") == "done":
        reveals = list(result.ability.values.get("reveals", []))
        if reveals and target is not None:
            # what the ability tells is read off the campaign: the owner learns it at once
            result.learned = {key: _revealed(campaign, target, key) for key in reveals}
            result.notices.append(
                (
                    owner.name,
                    {
                        "turn": turn,
                        "kind": "agent_learned",
                        "agent": result.agent.name,
                        "target": target.name,
                        "learned": dict(result.learned),
                    },
                )
            )
        else:  # an effect of campaign content: the moderator hands it out (an award to apply)
            value: dict[str, Any] = {"agent": result.agent.name, "ability": result.ability.id}
            if target is not None:
                value["target"] = target.name
            if outcome.id == "critical_success":
                value["critical"] = True
            add_award(campaign, owner, "agent_mission", value, None, "agent")
    for who, message in result.notices:
        campaign.player(who).inbox.append(message)


def _revealed(campaign: OrionCampaign, target: OrionPlayer, key: str) -> Any:
    if key == "hand":
        return list(target.hand)
    if key == "agents":
        return [a.name for a in campaign.game.agents if a.owner == target.name]
    if key in ("bc", "orders", "rp", "secret_ops"):
        return getattr(target, key)
    raise InputError(key="agents.bad_reveals", key_=key)


def blockade_move(
    campaign: OrionCampaign,
    agent: Agent,
    blockader: OrionPlayer,
    abilities: Table,
    outcomes: Table,
    source: DiceSource,
    technologies: Table | None = None,
    bills: Table | None = None,
) -> AgentUse:
    """Moving an agent in or out of a blockaded system (docs/rules-orion.md A7): an espionage check
    against the blockader's counter-espionage; a critical failure means captured. Where a law
    lets agents cross blockades (A9, ``agents_cross_blockades``), it crosses without a check."""
    from gmtool.rules.orion.laws import forbidding

    owner = campaign.player(agent.owner)
    if blockader.name == owner.name:
        raise RuleRefused(key="agents.own_blockade")
    ops = secret_ops_level(owner, technologies), secret_ops_level(blockader, technologies)
    mods = espionage_modifiers(*ops) + _counter_penalty(campaign, blockader, abilities)
    free = forbidding(campaign, bills, "agents_cross_blockades", owner.name) is not None
    difficulty = AUTOMATIC if free else int(abilities.rule("blockade_difficulty"))
    check = agent_check(outcomes, source, difficulty, mods, f"{agent.name}: blockade")
    move = Row(0, None, None, "blockade-move", {"en": "Move through a blockade", "ru": "Проход через блокаду"})
    result = AgentUse(agent, move, blockader, check)
    if check.outcome.values.get("agent_lost"):
        campaign.game.agents.remove(agent)
        result.lost = True
        result.notices.append((blockader.name, {"turn": campaign.turn, "kind": "agent_caught", "sent_by": owner.name}))
        result.notices.append((owner.name, {"turn": campaign.turn, "kind": "agent_lost", "agent": agent.name}))
    for who, message in result.notices:
        campaign.player(who).inbox.append(message)
    return result
