"""The dice page's verifier in a real headless Chromium: 10,000 public rolls checked.

Goal (issue 27): the browser's verifier checks 10,000 rolls in under 2 s.  The time is
the page's own (``performance.now()`` around verify.js's checks, read back through the
driver): from the revealed keys to every roll marked ✓ or ✗.  Both schemes: scheme 1
(the secret revealed, ids 1…N) and scheme 2 (four parts, every key revealed).  Needs
Debian's chromium and chromium-driver (tests/browser.py).

    python bench/bench_site_dice.py [ROLLS] [RUNS]

:func:`check_ms` is what the site's bench/bench_site.py can call on a built dice.html.
"""

from __future__ import annotations

import hashlib
import html
import statistics
import sys
import tempfile
from pathlib import Path

import tomli_w

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser import start  # noqa: E402  (tests/browser.py: the driver's set-up)
from gmtool.campaign.stream import PARTS, derive_face, derive_face_v2, part_key  # noqa: E402
from gmtool.site.dice_page import dice_files  # noqa: E402

GOAL = 2.0
SECRET = bytes(range(32))


def page(title: str, body: str) -> str:
    return f'<!doctype html><html><head><meta charset="utf-8"><title>{html.escape(title)}</title></head><body>{body}</body></html>'


def campaign(folder: Path, rolls: int, scheme: int) -> Path:
    """A campaign folder holding what the dice page reads: ``rolls`` true stream rolls."""
    folder.mkdir(parents=True)
    verification: dict = {"commitment": hashlib.sha256(SECRET).hexdigest(), "revealed_secret": SECRET.hex()}
    entries = []
    for n in range(1, rolls + 1):
        die = (6, 10, 100, 7)[n % 4]
        entry = {"id": n, "turn": 1 + n // 500, "die": die, "source": "stream"}
        if scheme == 1:
            entry |= {"purpose": f"explore {n % 9},-{n % 7} (leader{n % 10}): world type", "face": 0}
            entry["face"] = derive_face(SECRET, n, die)
        else:
            part, label = PARTS[n * 4 // (rolls + 1)], f"turn {1 + n // 500} · leader{n % 10} · explore {n}"
            face = derive_face_v2(part_key(SECRET, part), label, "5f3a9c", die, 1)
            entry |= {"purpose": label, "label": label, "index": 1, "part": part, "share": "5f3a9c"}
            entry |= {"face": face, "private": False}
        entries.append(entry)
    if scheme == 2:
        verification |= {
            "scheme": 2,
            "part_commitments": {p: hashlib.sha256(part_key(SECRET, p)).hexdigest() for p in PARTS},
            "revealed_parts": {p: part_key(SECRET, p).hex() for p in PARTS},
        }
    (folder / "campaign.toml").write_text(tomli_w.dumps({"verification": verification}), encoding="utf-8")
    (folder / "journal.toml").write_text(tomli_w.dumps({"roll": entries}), encoding="utf-8")
    return folder


def check_ms(chrome, dice_html: Path) -> tuple[float, dict]:
    """Open a built dice.html and wait for its checks: (milliseconds, the verdicts' counts)."""
    chrome.load(dice_html)
    # only the time and the counts cross back: 10,000 verdicts are a large reply for the driver
    # (and the page's script may not have started yet when the same page is loaded again)
    got = chrome.run(
        "while (!window.gmtoolDone) await new Promise((r) => setTimeout(r, 10));"
        "const done = await window.gmtoolDone; return {ms: done.ms, counts: done.counts}"
    )
    return got["ms"], got["counts"]


def main() -> None:
    rolls = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    failed = False
    with tempfile.TemporaryDirectory() as tmp, start() as chrome:
        for scheme in (1, 2):
            folder = campaign(Path(tmp) / f"v{scheme}", rolls, scheme)
            site = Path(tmp) / f"site-v{scheme}"
            site.mkdir()
            for name, text in dice_files(folder, "en", page).items():
                (site / name).write_text(text, encoding="utf-8")
            times = []
            for _ in range(runs):
                ms, counts = check_ms(chrome, site / "dice.html")
                if counts["ok"] != rolls:
                    sys.exit(f"scheme {scheme}: {counts} — not every roll checked out")
                times.append(ms / 1000)
            median = statistics.median(times)
            failed |= median >= GOAL
            print(
                f"scheme {scheme}: {rolls} rolls checked in the browser: median {median:.3f} s "
                f"(min {min(times):.3f}, max {max(times):.3f}; goal < {GOAL} s)"
            )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
