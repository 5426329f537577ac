"""A leader's agents in a campaign (`gmtool agent hire | use | move | set`, docs/rules-orion.md
A10): each opens the campaign, plays the rule with its journaled dice, commits — one call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.app.done import Done
from gmtool.app.session import Session, open_session


def hire_agent(folder: Path, player: str, name: str, specialities: list[str], tables: list[Path] | None = None) -> Done:
    """``player`` hires the agent ``name`` with one or two specialities (up to its agent limit):
    ``rules`` is the specialities' table, ``result`` the agent."""
    from gmtool.rules.orion.agents_campaign import SPECIALITIES_TABLE, hire

    with open_session(folder) as session:
        state = session.state
        specs = session.library(tables).get(SPECIALITIES_TABLE, "orion")
        agent = hire(state, state.player(player), name, specialities, {r.id for r in specs.rows})
        session.commit()
        return Done(state, specs, agent)


def _agent_dice(session: Session, found: Any, what: str, faces: str | None) -> Any:
    """The journaled dice of an agent's check; scheme 2: the check's label."""
    state = session.state
    choice = session.dice(f"agent {found.name} ({found.owner}): {what}", faces)
    if getattr(choice.source, "scheme2", None) is not None:
        choice.source.set_context(f"{state.seat(found.owner)} · agent {found.name} {what}", found.owner)
    return choice


def use_agent(
    folder: Path,
    agent: str,
    ability: str,
    target: str | None = None,
    frame: str | None = None,
    counter: int = 0,
    tables: list[Path] | None = None,
    faces: str | None = None,
) -> Done:
    """An agent's ability used (against ``target``, framing ``frame`` on a critical success)."""
    from gmtool.rules.orion.agents import OUTCOMES_TABLE
    from gmtool.rules.orion.agents_campaign import ABILITIES_TABLE, use

    with open_session(folder) as session:
        state = session.state
        lib = session.library(tables)
        found = state.game.agent(agent)
        choice = _agent_dice(session, found, ability, faces)
        result = use(
            state,
            found,
            ability,
            lib.get(ABILITIES_TABLE, "orion"),
            lib.get(OUTCOMES_TABLE, "orion"),
            choice.source,
            state.player(target) if target else None,
            state.player(frame) if frame else None,
            counter,
            technologies=lib.get("technologies", "orion"),
        )
        choice.finish()
        session.commit(choice)
        return Done(state, lib, result, choice)


def move_agent(
    folder: Path, agent: str, blockaded_by: str, tables: list[Path] | None = None, faces: str | None = None
) -> Done:
    """An agent moved in or out of a system ``blockaded_by`` a leader: an espionage check."""
    from gmtool.rules.orion.agents import OUTCOMES_TABLE
    from gmtool.rules.orion.agents_campaign import ABILITIES_TABLE, blockade_move

    with open_session(folder) as session:
        state = session.state
        lib = session.library(tables)
        found = state.game.agent(agent)
        choice = _agent_dice(session, found, "blockade", faces)
        result = blockade_move(
            state,
            found,
            state.player(blockaded_by),
            lib.get(ABILITIES_TABLE, "orion"),
            lib.get(OUTCOMES_TABLE, "orion"),
            choice.source,
            lib.get("technologies", "orion"),
            lib.get("bills", "orion"),
        )
        choice.finish()
        session.commit(choice)
        return Done(state, lib, result, choice)


def set_agents(folder: Path, player: str, limit: int | None, ops: int | None) -> Done:
    """A leader's agent limit or Secret Operations level set; ``result``: the leader."""
    with open_session(folder) as session:
        state = session.state
        leader = state.player(player)
        if limit is not None:
            leader.agent_limit = limit
        if ops is not None:
            leader.secret_ops = ops
        session.commit()
        return Done(state, None, leader)
