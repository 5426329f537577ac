"""Whole-process wall time of `gmtool post collect` on a 10-leader campaign: 10 leaders'
rooms (20 posts each, the order commands gmtool reads and the commands that act at once,
Russian and English words) and a 200-post public thread, collected, checked and confirmed.

Goals (issue 23): under 2 s as saved pages (phpBB), under 3 s as 11 URLs served by a local
server on 127.0.0.1 — the first collection (every command resolved, every room's orders
checked) and the second (every result read back, the same replies).  Timing goals live
here, never in tests.

    python bench/bench_rooms.py [RUNS]
"""

from __future__ import annotations

import functools
import http.server
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from bench_orion_game import RACES
from common import gmtool_path, timed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import forum_pages as fp  # noqa: E402  (the engines' page builders the tests use)

GOALS = {"pages": 2.0, "urls": 3.0}
ORDER_WORDS = [("colonize", "колонизировать"), ("activate", "активировать")]
NOW = ["roll d6", "бросок 2d10 абордаж", "table orion/world-size", "roll d100"]


def room_posts(leader: str, n: int) -> list[fp.P]:
    posts = []
    for i in range(20):
        en, ru = ORDER_WORDS[i % 2]
        word = en if i % 3 else ru
        lines = [f"Post {i} of {leader}: orders.", f"!{word} {i % 3},{-(i % 2)}", f"!{NOW[i % len(NOW)]}"]
        if i % 4 == 0:
            lines.append(f"!{ORDER_WORDS[(i + 1) % 2][0]} 0,{i % 2}")
        posts.append(fp.P(100_000 + n * 100 + i, leader, lines))
    return posts


def thread_posts() -> list[fp.P]:
    return [fp.P(10_000 + i, RACES[i % 10], [f"Chat {i}", f"!{NOW[i % len(NOW)]}"]) for i in range(200)]


def run(gmtool: str, template: Path, root: Path, kind: str, runs: int, base: str = "") -> list[tuple[float, ...]]:
    """(first wall, again wall, first CPU, again CPU) of each run, in seconds."""
    out = []
    for i in range(runs):
        camp = root / f"{kind}-{i}"
        shutil.copytree(template, camp)
        where = (lambda name: f"{base}/{name}") if base else (lambda name: str(root / "pages" / name))
        subprocess.run(
            [gmtool, "campaign", "set", "-c", str(camp), "thread", where("thread.html")],
            check=True,
            capture_output=True,
        )
        for leader in RACES:
            subprocess.run(
                [gmtool, "campaign", "room", "-c", str(camp), "--player", leader, where(f"room-{leader}.html")],
                check=True,
                capture_output=True,
            )
        cmd = [gmtool, "post", "collect", "-c", str(camp)]
        first, cpu1, reply1 = timed(cmd)
        again, cpu2, reply2 = timed(cmd)
        if reply1 != reply2:
            sys.exit("the second collection printed other replies than the first")
        out.append((first, again, cpu1, cpu2))
    return out


def main(runs: int = 3) -> None:
    gmtool = gmtool_path()
    with tempfile.TemporaryDirectory(prefix="bench-rooms-") as tmp:
        root = Path(tmp)
        template = root / "template"
        args = [gmtool, "campaign", "new", str(template), "--seed", "1", "--radius", "10"]
        for race in RACES:
            args += ["--player", race]
        subprocess.run(args, check=True, capture_output=True)
        pages = root / "pages"
        pages.mkdir()
        (pages / "thread.html").write_text(fp.phpbb_page(thread_posts(), per_page=200), encoding="utf-8")
        for n, leader in enumerate(RACES):
            (pages / f"room-{leader}.html").write_text(
                fp.phpbb_page(room_posts(leader, n), topic=100 + n, per_page=20), encoding="utf-8"
            )
        commands = sum(page.read_text().count("!") for page in pages.iterdir())
        print(f"10 rooms x 20 posts and a 200-post thread: about {commands} commands")
        results = {"pages": run(gmtool, template, root, "pages", runs)}

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

        handler = functools.partial(Quiet, directory=str(pages))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            base = f"http://127.0.0.1:{server.server_address[1]}"
            results["urls"] = run(gmtool, template, root, "urls", runs, base)
        finally:
            server.shutdown()
            server.server_close()
        for kind, times in results.items():
            first = statistics.median(t[0] for t in times)
            again = statistics.median(t[1] for t in times)
            cpu = max(statistics.median(t[2] for t in times), statistics.median(t[3] for t in times))
            verdict = "ok" if max(first, again) < GOALS[kind] else "OVER"
            print(
                f"{kind}: first {first:.2f} s, again {again:.2f} s wall (CPU at most {cpu:.2f} s; "
                f"goal < {GOALS[kind]:.0f} s): {verdict}"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
