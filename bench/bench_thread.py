"""Whole-process wall time of `gmtool post resolve THREAD -c DIR` on a big campaign.

Goal (issue): a thread of 500 posts with 1,000 commands resolves in under 2 s, whole
process, on a campaign whose journal holds 20,000 entries — the first resolution (every
command rolled, journaled and recorded in forum.toml) and the second (every result read
back from forum.toml, nothing rolled).

The campaign is a copy of campaigns/example with 20,000 valid stream entries appended to
its journal (faces derived from its secret.key, ids continuing after the last one), so
`gmtool verify` passes on it.  The thread: alice, bob and carol in turn, two commands a
post — mostly !roll with varied dice, some !table.  Each run uses a fresh copy of the
big campaign (the copy is outside the timing).

    python bench/bench_thread.py [RUNS] [ENTRIES] [POSTS]
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import fill_journal, gmtool_path, resolve_and_read_back

EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"
GOAL = 2.0
DICE = ["d10", "2d10+1", "3d6", "4d6kh3", "d100", "d20-2", "2d6!", "5d10>=7", "d%", "6d6dl2", "d8*2", "10d10kh3"]
TABLES = ["orion/world-size", "orion/world-type", "orion/exploration", "orion/positive-events", "orion/monster-kind"]


def thread_text(posts: int) -> str:
    authors = ["alice", "bob", "carol"]
    out = ["Turn 1 thread (benchmark)\n"]
    n = 0
    for i in range(posts):
        out.append(f"=== {authors[i % 3]} #{10_000 + i} ===\nSome flavour text, post {i}.\n")
        for _ in range(2):
            if n % 7 == 3:
                out.append(f"!table {TABLES[n % len(TABLES)]}\n")
            else:
                alias = "бросок" if n % 11 == 0 else "roll"
                out.append(f"!{alias} {DICE[n % len(DICE)]} attack {n}\n")
            n += 1
    return "".join(out)


def main(runs: int = 5, entries: int = 20_000, posts: int = 500) -> None:
    gmtool = gmtool_path()
    with tempfile.TemporaryDirectory(prefix="bench-thread-") as tmp:
        root = Path(tmp)
        template = root / "template"
        shutil.copytree(EXAMPLE, template, ignore=shutil.ignore_patterns(".lock", "forum.toml", "reports", "history"))
        start = time.perf_counter()
        fill_journal(template, entries)
        built = time.perf_counter() - start
        thread = root / "thread.txt"
        thread.write_text(thread_text(posts), encoding="utf-8")
        commands = sum(1 for line in thread.read_text(encoding="utf-8").splitlines() if line.startswith("!"))
        size = (template / "journal.toml").stat().st_size
        print(
            f"campaign: {entries} appended journal entries ({size / 1e6:.1f} MB, written in {built:.2f} s); "
            f"thread: {posts} posts, {commands} commands"
        )
        verify = subprocess.run([gmtool, "verify", "-c", str(template)], capture_output=True, text=True)
        if verify.returncode != 0:
            sys.exit(f"gmtool verify fails on the big campaign: {verify.stderr.strip()}")

        firsts, seconds = [], []
        for i in range(runs):
            camp = root / f"run-{i}"
            shutil.copytree(template, camp)
            cmd = [gmtool, "post", "resolve", str(thread), "-c", str(camp)]
            done = resolve_and_read_back(cmd)
            t1, t2, passes, out1 = done.first, done.again, done.passes, done.reply
            if i == 0:
                print(f"first resolution: {passes} runs of `post resolve`")
            firsts.append(t1)
            seconds.append(t2)
            if i == 0:
                refused = out1.count("— refused")
                rolled = subprocess.run([gmtool, "verify", "-c", str(camp)], capture_output=True, text=True)
                if rolled.returncode != 0:
                    sys.exit(f"gmtool verify fails after the resolution: {rolled.stderr.strip()}")
                forum = (camp / "forum.toml").stat().st_size
                print(
                    f"reply: {len(out1.encode()) / 1e3:.0f} kB, {refused} refused; forum.toml {forum / 1e6:.1f} MB; "
                    f"verify ok"
                )
            shutil.rmtree(camp)

    for name, times in (("first resolution ", firsts), ("second resolution", seconds)):
        med = statistics.median(times)
        verdict = "ok" if max(times) < GOAL else "OVER"
        print(
            f"{name}  median {med:.3f} s  (min {min(times):.3f}, max {max(times):.3f}; goal < {GOAL:.1f} s: "
            f"{verdict}; {len(times)} runs)"
        )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:4]))
