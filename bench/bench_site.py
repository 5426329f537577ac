"""The campaign's site (`gmtool site build`) of the orion game benchmark's campaign: 10
leaders, 18 turns played from orders files (bench_orion_game.py builds it), then the site built
twice as a whole process — the second build must write the same bytes.

    python bench/bench_site.py [--campaign DIR]   (DIR: a campaign already played, e.g. one
                                                   kept by `bench_orion_game.py --keep DIR`)

Goal (issue 27): the site builds in under 5 s. Timing goals live here, never in tests.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from common import as_installed, timed


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def main() -> None:
    as_installed()
    with tempfile.TemporaryDirectory() as tmp:
        if "--campaign" in sys.argv:
            camp = Path(sys.argv[sys.argv.index("--campaign") + 1])
        else:
            camp = Path(tmp) / "ten"
            here = Path(__file__).resolve().parent
            subprocess.run(
                [
                    sys.executable,
                    str(
                        here / "bench_orion_game.py",
                    ),
                    "--keep",
                    str(camp),
                ],
                check=True,
            )
        sites = []
        for n in (1, 2):
            out = Path(tmp) / f"site-{n}"
            wall, cpu, _ = timed([sys.executable, "-m", "gmtool", "site", "build", "-c", str(camp), "-o", str(out)])
            sites.append(files(out))
            print(f"site build {n}: {wall:.2f} s   (CPU {cpu:.2f} s)   {len(sites[-1])} files")
        print("rebuild: the same bytes" if sites[0] == sites[1] else "rebuild: DIFFERENT bytes")


if __name__ == "__main__":
    main()
