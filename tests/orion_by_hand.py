"""docs/rules-orion.md A4–A5 written out by hand, for the exploration tests to check the tables and
the code against (never read from tables/)."""

from __future__ import annotations

from gmtool.rules.orion.exploration import OrionTables
from helpers import shipped_library

TABLES = OrionTables(shipped_library())


NEGATIVE = {
    1: "fleet_lost",
    2: "make_hostile",
    3: "make_poor",
    4: "make_gravity",
    5: "contamination",
    6: "monster_derelict",
    7: "monster_treasure",
    8: "monster_natives",
    9: "monster_lost_colony",
    10: "monster_artifact_world",
}


POSITIVE = {
    1: "technology",
    2: "make_favorable",
    3: "make_rich",
    4: "make_artifacts",
    5: "rare_elements",
    6: "derelict",
    7: "treasure",
    8: "natives",
    9: "lost_colony",
    10: "artifact_world",
}


ADDS = {
    "make_hostile": "hostile",
    "make_poor": "poor",
    "make_gravity": "gravity",
    "make_favorable": "favorable",
    "make_rich": "rich",
    "make_artifacts": "artifacts",
}


MONSTER = {
    1: "serpent",
    2: "serpent",
    3: "crystal",
    4: "crystal",
    5: "amoeba",
    6: "amoeba",
    7: "hydra",
    8: "hydra",
    9: "dragon",
    10: "dragon",
}


SIZE = {
    1: ("tiny", 1),
    2: ("small", 2),
    3: ("small", 2),
    4: ("medium", 3),
    5: ("medium", 3),
    6: ("medium", 3),
    7: ("medium", 3),
    8: ("large", 4),
    9: ("large", 4),
    10: ("huge", 5),
}


TYPE_MOD = {"hostile": 2, "favorable": -2, "rich": 3, "poor": -3}


PRODUCTION = {"terran": 4, "ocean": 3, "steppe": 3, "toxic": 2, "barren": 2, "inferno": 1}


def world_type(total: int) -> str:
    """A4.4: the type for a modified total (open-ended at both ends)."""
    if total <= 2:
        return "terran"
    if total <= 4:
        return "ocean"
    if total == 5:
        return "steppe"
    if total == 6:
        return "toxic"
    if total <= 8:
        return "barren"
    return "inferno"


def expected_gains(event_id: str, stage: int) -> dict:
    """A5: what an event gives the leader (at once, or once its monster is destroyed);
    derelicts and treasure come only in stages 2 and 3."""
    return {
        "fleet_lost": {"ship_lost": True},
        "contamination": {"lose_orders": 1, "lose_colonists_if_no_orders": 1},
        "technology": {"technologies": 2},
        "rare_elements": {"bc": 8},
        "derelict": {"ship": {2: "dreadnought", 3: "titan"}[stage]} if stage > 1 else {},
        "treasure": {"bc": {2: 24, 3: 36}[stage]} if stage > 1 else {},
        "natives": {"colonists": 2},
        "lost_colony": {"buildings": ["auto_lab", "auto_factory", "robo_mine"]},
        "artifact_world": {"science_level": 3},
    }.get(event_id, {})
