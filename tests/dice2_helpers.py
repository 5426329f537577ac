"""Shared pieces of the dice scheme 2 tests (tests/test_dice_v2.py, test_dice_share.py,
test_part_keys.py): a scheme-2 campaign, its leaders' neighbouring hexes, its journal."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

from gmtool.campaign import journal

NEIGHBOURS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def new_game(new_campaign, folder: Path) -> Path:
    """A new campaign of alice, bob and carol (seed 5) in ``folder``, made by the tests'
    ``new_campaign`` fixture (a module-scoped fixture passes ``helpers.campaign_new_by(gm)``)."""
    return new_campaign(folder.name, players=["alice", "bob", "carol"], seed=5, parent=folder.parent)


def scheme_1_game(new_campaign, folder: Path) -> Path:
    """A campaign as gmtool made them before dice scheme 2: no scheme, no part commitments."""
    new_game(new_campaign, folder)
    path = folder / "campaign.toml"
    text = re.sub(r"(?m)^scheme = 2\n", "", path.read_text(encoding="utf-8"))
    text = re.sub(r"\n\[verification\.part_commitments\]\n(?:\w+ = \"[0-9a-f]+\"\n)+", "\n", text)
    path.write_text(text, encoding="utf-8")
    assert "scheme" not in state(folder)["verification"]
    return folder


def state(folder: Path) -> dict:
    return tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))


def next_to(folder: Path, leader: str, n: int = 0) -> str:
    """The ``n``-th hex next to ``leader``'s homeworld that is not Orion's."""
    home = next(p["homeworld"] for p in state(folder)["player"] if p["name"] == leader)
    q, r = (int(x) for x in home.split(","))
    hexes = [f"{q + dq},{r + dr}" for dq, dr in NEIGHBOURS if (q + dq, r + dr) != (0, 0)]
    return hexes[n]


def orders(folder: Path, turn: int, **explore: str) -> Path:
    path = folder.parent / f"{folder.name}-orders-{turn}.toml"
    text = f"turn = {turn}\n" + "".join(f'[{who}]\nexplore = ["{at}"]\n' for who, at in explore.items())
    path.write_text(text, encoding="utf-8")
    return path


def entries(folder: Path) -> list:
    found, tail, problems = journal.read_all(folder / "journal.toml")
    assert not tail and not problems
    return found


def copy(folder: Path, name: str) -> Path:
    other = folder.parent / name
    shutil.copytree(folder, other, ignore=shutil.ignore_patterns(".lock"))
    return other


def rolls_of(folder: Path, prefix: str) -> list[tuple[str, int, int, int]]:
    """(label, index, die, face) of every journaled die whose label starts with ``prefix``."""
    return [(e.label, e.index, e.die, e.face) for e in entries(folder) if e.label.startswith(prefix)]


def secret_of(folder: Path) -> bytes:
    return bytes.fromhex((folder / "secret.key").read_text(encoding="ascii").strip())
