"""A 10-leader orion campaign (one leader per example race) played for 18 turns from
orders files, each `gmtool turn run` a whole process: explorations, colonisations,
builds every turn; from turn 8 the chair's bill and every leader's vote, from turn 13 the
Emperor's election too. Prints each turn's wall time and the total.

    python bench/bench_orion_game.py [--turns 18] [--keep DIR]   (DIR: keep the campaign there)

Goal (issue 12): the 18 turns in under 10 s of total whole-process time, and each turn
about as fast as the first (flat from turn 1 to 18). Timing goals live here, never in tests.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from common import as_installed, timed

RACES = ["alkari", "bulrathi", "darlok", "human", "klackon", "meklar", "mrrshan", "psilon", "sakkra", "silicoid"]


def gm(*args: str) -> str:
    return timed([sys.executable, "-m", "gmtool", *args])[2]


def hexes_near(home: str, radius_ring: int = 1) -> list[str]:
    q, r = map(int, home.split(","))
    return [f"{q + dq},{r + dr}" for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))]


def chair_of(turn: int, state: dict) -> str | None:
    """Who chairs turn ``turn``: from turn 8 the first-turn token passes clockwise (seating
    order) at each turn end; turn 7's holder is dealt by a die, so turn 7 votes no bill."""
    names = [p["name"] for p in state["players"]]
    last = (state.get("council") or {}).get("chair")
    if turn < 8 or last not in names:
        return None
    return names[(names.index(last) + 1) % len(names)]


def orders_for(turn: int, state: dict) -> str:
    lines = [f"turn = {turn}"]
    chair = chair_of(turn, state)
    explored = {s["hex"] for s in state["systems"] if s["explored_by"]}
    for p in state["players"]:
        name = p["name"]
        body = []
        free = [h for h in hexes_near(p["homeworld"]) if h not in explored]
        if free and p["scouts"] > 0:
            body.append(f'explore = ["{free[0]}"]')
            explored.add(free[0])
        mine = [
            s
            for s in state["systems"]
            if s["explored_by"] == name
            and not s["owner"]
            and s["planet"]
            and s["planet"]["type"] in ("terran", "ocean", "steppe")
            and not s["monster"]
        ]
        if mine and p["colony_ships"] > 0:
            body.append(f'colonize = ["{mine[0]["hex"]}"]')
        if p["scouts"] == 0:
            body.append(f'build = [{{ hex = "{p["homeworld"]}", item = "scout" }}]')
        elif p["colony_ships"] == 0:
            body.append(f'build = [{{ hex = "{p["homeworld"]}", item = "colony_ship" }}]')
        if chair == name:  # the Council (stages 2–3): the chair puts a bill to the vote …
            body.append("bill = 1")
        if chair:  # … and every leader votes on it
            body.append(f'vote = {{ choice = "{"yes" if len(name) % 2 else "no"}" }}')
        if turn >= 13:
            body.append('election = { candidate = "nobody-yet" }'.replace('"nobody-yet"', '"' + name + '"'))
        if body:
            lines.append(f"[{name}]")
            lines += body
    return "\n".join(lines) + "\n"


def main() -> None:
    as_installed()
    turns = int(sys.argv[sys.argv.index("--turns") + 1]) if "--turns" in sys.argv else 18
    keep = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
    with tempfile.TemporaryDirectory() as tmp:
        camp = Path(keep) if keep else Path(tmp) / "ten"
        args = ["campaign", "new", str(camp), "--seed", "1", "--radius", "10"]
        for race in RACES:
            args += ["--player", race]
        gm(*args)
        times: list[float] = []
        cpus: list[float] = []  # CPU time of the turn's processes: less noisy on a busy machine
        for turn in range(1, turns + 1):
            state = json.loads(gm("status", "-c", str(camp), "--format", "json"))
            if state.get("council", {}).get("victory"):
                break
            orders = Path(tmp) / f"turn-{turn:02d}.toml"
            orders.write_text(orders_for(turn, state), encoding="utf-8")
            wall, cpu, out = timed([sys.executable, "-m", "gmtool", "turn", "run", str(orders), "-c", str(camp)])
            times.append(wall)
            cpus.append(cpu)
            print(f"turn {turn:2d}: {times[-1] * 1000:7.1f} ms   (CPU {cpus[-1] * 1000:6.1f} ms)")
            if "Victory:" in out:
                print("  (victory)")
                break
        print(
            f"total turn run time: {sum(times):.2f} s over {len(times)} turns "
            f"(first {times[0] * 1000:.0f} ms, last {times[-1] * 1000:.0f} ms); CPU {sum(cpus):.2f} s"
        )


if __name__ == "__main__":
    main()
