"""Whole-process wall time of `gmtool post resolve` on a saved 40-page phpBB thread.

Goal (issue 13): a saved 40-page phpBB thread of 1,000 posts and 2,000 commands is read
and resolved in under 3 s, whole process — the first resolution (every command rolled,
journaled, recorded in forum.toml) and the second (every result read back).

The pages are written like prosilver's viewtopic pages (tests/forum_pages.py) into a
folder and given in order: `gmtool post resolve page-01.html … page-40.html -c DIR`.
Each run uses a fresh copy of campaigns/example (outside the timing).

    python bench/bench_forum_page.py [RUNS] [PAGES] [POSTS_PER_PAGE]
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from common import gmtool_path, resolve_and_read_back

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import forum_pages as fp  # noqa: E402
from gmtool.forum.resolve import MAX_COMMANDS_PER_THREAD  # noqa: E402

EXAMPLE = ROOT / "campaigns" / "example"
GOAL = 3.0
DICE = ["d10", "2d10+1", "3d6", "4d6kh3", "d100", "d20-2", "2d6!", "5d10>=7", "d%", "6d6dl2"]


def thread_pages(pages: int, per_page: int) -> list[str]:
    authors = ["alice", "bob", "carol"]
    posts = []
    n = 0
    for i in range(pages * per_page):
        body = [f"Flavour text of post {i}, with a line of colour."]
        if i % 10 == 5:
            body.append(("quote", authors[(i + 1) % 3], [f"!roll d100 quoted {i}"]))
        for _ in range(2):
            body.append("!table orion/world-size" if n % 7 == 3 else f"!roll {DICE[n % len(DICE)]} attack {n}")
            n += 1
        posts.append(fp.P(50_000 + i, authors[i % 3], body, edited=i % 50 == 7))
    return [
        fp.phpbb_page(posts[p * per_page : (p + 1) * per_page], p + 1, pages, per_page=per_page, total=len(posts))
        for p in range(pages)
    ]


def main(runs: int = 5, pages: int = 40, per_page: int = 25) -> None:
    gmtool = gmtool_path()
    with tempfile.TemporaryDirectory(prefix="bench-page-") as tmp:
        root = Path(tmp)
        files = []
        size = 0
        for number, page in enumerate(thread_pages(pages, per_page), start=1):
            path = root / f"page-{number:02d}.html"
            path.write_text(page, encoding="utf-8")
            files.append(str(path))
            size += path.stat().st_size
        print(
            f"thread: {pages} pages, {pages * per_page} posts, {pages * per_page * 2} commands, "
            f"{size / 1e6:.1f} MB of HTML"
        )
        firsts, seconds = [], []
        cpus: list[tuple[float, float]] = []
        for i in range(runs):
            camp = root / f"run-{i}"
            shutil.copytree(EXAMPLE, camp, ignore=shutil.ignore_patterns(".lock", "forum.toml", "reports", "history"))
            cmd = [gmtool, "post", "resolve", *files, "-c", str(camp)]
            done = resolve_and_read_back(cmd)
            t1, t2, passes, out1 = done.first, done.again, done.passes, done.reply
            cpus.append((done.first_cpu, done.again_cpu))
            if i == 0:
                print(
                    f"first resolution: {passes} run(s) of `post resolve` (at most {MAX_COMMANDS_PER_THREAD:,} new "
                    "commands a run)"
                )
            firsts.append(t1)
            seconds.append(t2)
            if i == 0:
                ok = out1.count("Dice: campaign stream")
                print(f"reply: {len(out1.encode()) / 1e3:.0f} kB, {ok} results with journal ids")
            shutil.rmtree(camp)
    print(
        f"CPU time of the gmtool processes (user + sys): first median "
        f"{statistics.median(c[0] for c in cpus):.3f} s, second median {statistics.median(c[1] for c in cpus):.3f} s "
        "(wall time above it is waiting for a busy CPU)"
    )
    for name, times in (("first resolution ", firsts), ("second resolution", seconds)):
        verdict = "ok" if max(times) < GOAL else "OVER"
        print(
            f"{name}  median {statistics.median(times):.3f} s  (min {min(times):.3f}, max {max(times):.3f}; "
            f"goal < {GOAL:.1f} s: {verdict}; {len(times)} runs)"
        )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:4]))
