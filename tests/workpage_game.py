"""The example game played from its rooms for the moderator's work page (tests/test_workpage.py,
tests/test_workpage_browser.py): the page as gmtool writes it after each step, and the page
read back — its posts' boxes, its JSON data."""

from __future__ import annotations

import html
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

from helpers import EXAMPLE, ok, run_gmtool

LEADERS = ("alice", "bob", "carol")
# a player's post that would run in a page that did not escape it
HOSTILE = '=== alice #1006 ===\n!roll d6 </textarea><script>window.pwned = 1</script> & "<b>"\n\n'


def gm(*args: str) -> str:
    return ok(run_gmtool(*args))


def rooms_game(folder: Path) -> Path:
    """A copy of the example campaign whose thread and rooms are thread files, bob in Russian."""
    shutil.copytree(EXAMPLE, folder)
    shutil.rmtree(folder / "orders")
    c = str(folder)
    gm("player", "lang", "-c", c, "--player", "bob", "--to", "ru")
    gm("campaign", "set", "-c", c, "moderators", "moderator")
    (folder / "public-thread.txt").write_text("", encoding="utf-8")
    gm("campaign", "set", "-c", c, "thread", "public-thread.txt")
    for leader in LEADERS:
        (folder / f"room-{leader}.txt").write_text("", encoding="utf-8")
        gm("campaign", "room", "-c", c, "--player", leader, f"room-{leader}.txt")
    return folder


def post_turn(folder: Path, turn: int, hostile: bool = False) -> None:
    """The turn's posts of the shipped game appended to the thread and the rooms."""
    for path in sorted((EXAMPLE / "posts" / f"turn-{turn:02d}").glob("*.txt")):
        with (folder / path.name).open("a", encoding="utf-8") as f:
            f.write(path.read_text(encoding="utf-8"))
            if hostile and path.name == "public-thread.txt":
                f.write("\n" + HOSTILE)


class Page(HTMLParser):
    """What the page holds: each post's boxes (their text as the browser reads it), its
    images, and the JSON data its script reads."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.boxes: dict[str, str] = {}
        self.images: list[str] = []
        self.links: list[str] = []
        self.sections: list[str] = []
        self._box: str | None = None
        self._data = False
        self._h2 = False
        self.data: dict = {}
        self.scripts = 0
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "textarea":
            self._box = a["id"]
            self.boxes[self._box] = ""
        elif tag == "script":
            self.scripts += 1
            self._data = a.get("id") == "page-data"
        elif tag == "img":
            self.images.append(a["src"])
        elif tag == "a":
            self.links.append(a["href"])
        elif tag == "h2":
            self._h2 = True
            self.sections.append("")

    def handle_endtag(self, tag):
        if tag == "textarea":
            self._box = None
        elif tag == "script":
            self._data = False
        elif tag == "h2":
            self._h2 = False

    def handle_data(self, data):
        if self._box is not None:
            self.boxes[self._box] += data
        elif self._data:
            self.data = json.loads(data)
        elif self._h2:
            self.sections[-1] += data


def read_page(folder: Path) -> tuple[str, Page]:
    text = (folder / "reports" / "posts.html").read_text(encoding="utf-8")
    return text, Page(text)


def unescaped(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text))
