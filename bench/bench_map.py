"""`gmtool map` wall time on the largest galaxy: radius 10 (331 hexes), 10 leaders, every
hex explored (planets of every type, size and property, monsters, blockades).

Goal (issue 14): the moderator's radius-10 PNG in under 1 s whole-process.

    python bench/bench_map.py
"""

from __future__ import annotations

import random
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import tomli_w
from common import gmtool_path

from gmtool.campaign.hexes import Hex, within
from gmtool.campaign.model import Campaign, campaign_to_dict
from gmtool.rules.orion.state import Monster, OrionPlayer, OrionState, PlanetState, System

TYPES = ("terran", "ocean", "steppe", "toxic", "barren", "inferno")
SIZES = ("tiny", "small", "medium", "large", "huge")
PROPS = ("favorable", "hostile", "rich", "poor", "gravity", "artifacts")
HOMES = [
    Hex(3, -7),
    Hex(7, -3),
    Hex(7, 1),
    Hex(3, 5),
    Hex(-3, 7),
    Hex(-7, 3),
    Hex(-7, -1),
    Hex(-3, -5),
    Hex(0, -5),
    Hex(0, 6),
]


def big_campaign(radius: int = 10) -> Campaign:
    rng = random.Random(14)  # a bench's own data, not a game's dice
    players = [OrionPlayer(name=f"leader{i + 1}", homeworld=h) for i, h in enumerate(HOMES)]
    systems = [System(hex=Hex(0, 0), discovery="orion", name="Orion", guardian=True, explored_by="leader1")]
    owner_of = {p.homeworld: p.name for p in players}
    for h in within(radius):
        if h == Hex(0, 0):
            continue
        kind = "planet" if h in owner_of else rng.choice(("empty", "asteroids", "planet", "planet"))
        s = System(hex=h, discovery=kind, explored_by=rng.choice(players).name, explored_turn=rng.randint(1, 9))
        if kind == "planet":
            s.planet = PlanetState(
                rng.choice(TYPES),
                rng.choice(SIZES),
                sorted(rng.sample(PROPS, rng.randint(0, 2))),
                max_population=3,
                production=3,
                blockaded=rng.random() < 0.05,
            )
            if h in owner_of:
                s.owner = s.homeworld_of = s.explored_by = owner_of[h]
            elif rng.random() < 0.3:
                s.owner = rng.choice(players).name
            if rng.random() < 0.1:
                s.monster = Monster("hydra", great=rng.random() < 0.5, guards="treasure")
        systems.append(s)
    return Campaign(
        name="bench",
        commitment="0" * 64,
        players=players,
        game=OrionState(radius=radius, systems=systems),
        turn=9,
        stage=2,
    )


def wall(args: list[str], runs: int = 7) -> tuple[float, float, float]:
    """Best and median wall time, and the median CPU time (user + system) of the child —
    the CPU figure does not grow when other processes share the machine."""
    times, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(times), statistics.median(times), statistics.median(cpu)


def main() -> None:
    gm = gmtool_path()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "campaign.toml").write_text(tomli_w.dumps(campaign_to_dict(big_campaign())))
        for label, extra in (
            ("moderator PNG", ["-o", str(folder / "m.png")]),
            ("moderator SVG", ["-o", str(folder / "m.svg")]),
            ("leader PNG   ", ["--player", "leader3", "-o", str(folder / "l.png")]),
            ("text bbcode  ", ["--format", "bbcode"]),
        ):
            best, median, cpu = wall([gm, "map", "-c", str(folder), *extra])
            print(
                f"gmtool map, radius 10 (331 hexes), {label}: wall best {best:.3f} s, median {median:.3f} s;"
                f" CPU {cpu:.3f} s" + ("  (goal < 1 s)" if "PNG" in label else "")
            )
        best, median, cpu = wall([gm, "--help"])
        print(
            f"for scale, gmtool --help:                      wall best {best:.3f} s, median {median:.3f} s;"
            f" CPU {cpu:.3f} s"
        )
        from PIL import Image

        print("PNG size:", Image.open(folder / "m.png").size)


if __name__ == "__main__":
    main()
