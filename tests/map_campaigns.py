"""Small hand-made campaigns for the map tests (built in memory, no dice)."""

from __future__ import annotations

from gmtool.campaign.hexes import Hex
from gmtool.campaign.model import Campaign
from gmtool.rules.orion.state import Monster, OrionPlayer, OrionState, PlanetState, System


def home(name: str, at: Hex, population: int = 3) -> System:
    return System(
        hex=at,
        discovery="planet",
        owner=name,
        explored_by=name,
        explored_turn=0,
        homeworld_of=name,
        planet=PlanetState("terran", "large", max_population=4, production=4, population=population),
    )


def sample(
    stage: int = 1, radius: int = 4, alice_home: Hex = Hex(1, -3), bob_home: Hex = Hex(-3, 2), orion: Hex = Hex(0, 0)
) -> Campaign:
    """alice and bob; alice explored an ocean world and an asteroid field, bob an empty hex,
    a barren world with a monster, and colonised an inferno world (blockaded).
    Bob's systems are given relative to his homeworld so the galaxy can be moved around."""
    b = bob_home
    a = alice_home
    systems = [
        home("alice", a),
        home("bob", b),
        System(hex=orion, discovery="orion", name="Orion", guardian=True),
        System(
            hex=Hex(a.q + 1, a.r),
            discovery="planet",
            explored_by="alice",
            explored_turn=1,
            planet=PlanetState("ocean", "medium", ["rich"], max_population=3, production=3),
        ),
        System(hex=Hex(a.q, a.r + 1), discovery="asteroids", explored_by="alice", explored_turn=1),
        System(hex=Hex(b.q, b.r + 1), discovery="empty", explored_by="bob", explored_turn=1),
        System(
            hex=Hex(b.q + 1, b.r - 1),
            discovery="planet",
            explored_by="bob",
            explored_turn=2,
            planet=PlanetState("barren", "huge", max_population=5, production=2),
            monster=Monster("serpent", great=False, guards="treasure"),
        ),
        System(
            hex=Hex(b.q + 1, b.r),
            discovery="planet",
            explored_by="bob",
            explored_turn=2,
            owner="bob",
            planet=PlanetState(
                "inferno", "small", ["hostile", "poor"], max_population=1, production=5, population=1, blockaded=True
            ),
        ),
    ]
    return Campaign(
        name="andromeda",
        commitment="0" * 64,
        players=[OrionPlayer(name="alice", homeworld=a), OrionPlayer(name="bob", homeworld=b)],
        game=OrionState(radius=radius, orion=orion, systems=systems),
        turn=3 if stage == 1 else 7,
        stage=stage,
    )
