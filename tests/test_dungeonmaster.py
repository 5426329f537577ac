"""DungeonMaster.ru: a room's and a discussion's page text (select all in the browser, paste
into a file) read as a thread — authors, ids made from what the page shows, commands — with
`--room`, `post collect` and `verify --published`, where the moderator said the pages are
DungeonMaster.ru's (`--profile dungeonmaster`, `campaign set profile dungeonmaster`); text
of another shape refused in one line; the dungeonmaster dialect's posts balanced and within
its tags.  (What a line a player types can and cannot do there: test_typed_lines.py.)

The fixtures (tests/fixtures/dungeonmaster/) are written by hand in the shape the stored
copies of the site's pages show; their first lines say which pages."""

from __future__ import annotations

import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from gmtool.forum.sources import Options, read_thread
from gmtool.forum.sources.pagetext import split_author
from helpers import assert_error, example_copy, ok, ok_json, run_gmtool, snapshot, write_text

pytestmark = pytest.mark.camp(example="fresh")

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "dungeonmaster"
ROOM = FIXTURES / "room-alice.txt"
DISCUSSION = FIXTURES / "discussion.txt"
# the ids the room's posts get: dm, the date and time, 4 digits of the user's digest, the place
MOD_1, ALICE_1, MOD_2 = "dm202612012005640001", "dm202612012041780101", "dm202612012100640001"
TAG = re.compile(r"\[(/?)([A-Za-z*]+)(=[^\]\n]*)?\]")


DM = Options(profile="dungeonmaster")


@pytest.fixture
def camp(camp):
    """The fresh example (the module's camp marker), played on DungeonMaster.ru."""
    ok(run_gmtool("campaign", "set", "-c", str(camp), "moderators", "Архивариус"))
    ok(run_gmtool("campaign", "set", "-c", str(camp), "profile", "dungeonmaster"))
    return camp


def room_json(gm, camp, source) -> dict:
    return ok_json(gm("post", "resolve", str(source), "-c", str(camp), "--room", "alice", "--format", "json"))


# ------------------------------------------------------------------ reading the text


def test_room_text_gives_authors_ids_bodies_and_commands():
    thread = read_thread([str(ROOM)], DM)
    assert thread.engine == "dungeonmaster" and thread.kind == "page-text"
    assert [(p.post_id, p.author) for p in thread.posts] == [
        (MOD_1, "Архивариус"),
        (ALICE_1, "alice"),
        (MOD_2, "Архивариус"),
    ]
    alice = thread.posts[1]
    # the quoted example and the site's own dice line are no commands; the chrome is no post
    assert [c.line for c in alice.commands] == ["!build frigate", "!research victory", "!roll 2d6 боевой дух"]
    assert "Результат броска 1d20: 14 (Навигация)" in alice.body
    assert thread.posts[2].body == "Приказы приняты, ждём остальных."  # no "1" / "Ответить" after it
    assert "Вход" not in thread.posts[0].body and "ходы игроков" not in thread.posts[0].body


def test_discussion_text_reads_bodies_before_their_author_lines():
    thread = read_thread([str(DISCUSSION)], DM)
    assert [(p.author, [c.line for c in p.commands]) for p in thread.posts] == [
        ("bob", ["!roll d10 удача"]),
        ("alice", ["!бросок 2d6 разведка"]),
    ]
    bob, alice = thread.posts
    assert bob.body.startswith("Кто-нибудь уже нашёл Орион?")  # the notice and page numbers left out
    # the site's comment on bob's post belongs to no post
    assert "Администрацией" not in alice.body and "Комментарий от" not in alice.body
    assert alice.body.startswith("Пока нет.")


@pytest.mark.parametrize(
    ("line", "names", "expected"),
    [
        ("DungeonMaster WarCat", [], ("DungeonMaster", "WarCat")),
        ("DungeonMaster\u00a0Бродяга по жизни", [], ("DungeonMaster", "Бродяга по жизни")),
        ("Императрица Саккра alice", ["alice", "bob"], ("Императрица Саккра", "alice")),
        ("Адмирал Ким Бродяга по жизни", ["Бродяга по жизни"], ("Адмирал Ким", "Бродяга по жизни")),
        ("Адмирал Ким bob", [], ("Адмирал Ким", "bob")),  # no known name: the last word
        ("bob", ["bob"], ("", "bob")),
        ("Адмирал Ким\u00a0bob\u00a0", [], ("Адмирал Ким", "bob")),  # NBSP as the page's layout
        ("DungeonMaster ali\u00a0ce", ["alice"], ("DungeonMaster", "ali\u00a0ce")),  # a look-alike stays one
    ],
)
def test_a_room_posts_first_line_is_the_role_and_the_user_name(line, names, expected):
    assert split_author(line, names) == expected


def test_a_text_saved_in_cp1251_is_read(tmp_path):
    """Windows' Notepad saves Russian text as cp1251 ("ANSI")."""
    saved = tmp_path / "room-ansi.txt"
    saved.write_bytes(ROOM.read_text(encoding="utf-8").encode("cp1251", "replace"))
    posts = read_thread([str(saved)], DM).posts
    assert [(p.post_id, p.author) for p in posts] == [(MOD_1, "Архивариус"), (ALICE_1, "alice"), (MOD_2, "Архивариус")]
    assert posts[1].commands[2].line == "!roll 2d6 боевой дух"
    assert read_thread([str(DISCUSSION)], DM).posts[0].author == "bob"


def test_the_same_post_has_the_same_id_on_a_reread_and_on_a_later_page(tmp_path):
    text = ROOM.read_text(encoding="utf-8")
    head, _, rest = text.partition("Императрица Саккра alice\n")
    # a later page: alice's post first, then a new post of the same minute by the same user
    later = write_text(
        tmp_path,
        "page2.txt",
        "Повелитель Ориона 3 (проба) | ходы игроков | Саккра — приказы\n\nИмператрица Саккра alice\n"
        + rest.replace("Ответить", "")
        + "Императрица Саккра alice\n01.12.2026 20:41\n =\nЕщё одно.\n!roll d4\n",
    )
    first = read_thread([str(ROOM)], DM).posts
    again = read_thread([str(ROOM), str(later)], DM).posts
    assert [p.post_id for p in again] == [MOD_1, ALICE_1, MOD_2, "dm202612012041780102"]
    assert [p.post_id for p in first] == [p.post_id for p in again[:3]]
    assert all(re.fullmatch(r"dm\d{18}", p.post_id) for p in again)  # one thread's ids compare by number


# ------------------------------------------------------------------ resolving


def test_room_text_resolved_with_room_as_the_same_thread_file(gm, camp, tmp_path):
    """The room's text and a thread file of the same posts (ids, authors, bodies) give the
    same orders and run the leader's commands alike."""
    page = room_json(gm, camp, ROOM)
    other = example_copy(tmp_path / "other", fresh=True)
    ok(gm("campaign", "set", "-c", str(other), "moderators", "Архивариус"))
    posts = read_thread([str(ROOM)], DM).posts
    thread = "".join(f"=== {p.author} #{p.post_id} ===\n{p.body}\n\n" for p in posts)
    from_file = room_json(gm, other, write_text(tmp_path, "room-alice-thread.txt", thread))
    # the leader's own post gives the same orders
    assert page["orders"] == from_file["orders"]
    assert [(o["kind"], o["post_id"]) for o in page["orders"]] == [("build", ALICE_1), ("research", ALICE_1)]
    ran = {p["post_id"]: [(c["command"], c["status"]) for c in p["commands"]] for p in page["results"]["posts"]}
    assert ran[ALICE_1] == [("!roll 2d6 боевой дух", "ok")]
    # the master's !roll does not run from copied text (a player can type the master's header:
    # test_typed_lines.py); from the thread file, whose headers the moderator wrote, it does
    assert ran[MOD_1] == [("!roll d6 метеоритный дождь", "refused")]
    [refusal] = [c for p in page["results"]["posts"] if p["post_id"] == MOD_1 for c in p["commands"]]
    assert refusal["reason"] == (
        "not run: the thread's plain text cannot tell the moderator's post from a post header someone typed, "
        "so no command runs under the moderator's name"
    )
    assert [c["status"] for p in from_file["results"]["posts"] if p["post_id"] == MOD_1 for c in p["commands"]] == [
        "ok"
    ]


def test_resolving_the_room_again_rolls_nothing(gm, camp):
    first = room_json(gm, camp, ROOM)
    journal = (camp / "journal.toml").read_bytes()
    assert room_json(gm, camp, ROOM) == first
    assert (camp / "journal.toml").read_bytes() == journal


def test_discussion_resolved_as_the_public_thread(gm, camp):
    """The discussion's copied text cannot tell who wrote a line: a command acting for a
    leader counts only from that leader's room; the reply says so, and nothing is kept."""
    before = snapshot(camp)
    data = ok_json(gm("post", "resolve", str(DISCUSSION), "-c", str(camp), "--format", "json"))
    done = {p["author"]: [(c["command"], c["status"]) for c in p["commands"]] for p in data["posts"]}
    assert done == {"bob": [("!roll d10 удача", "refused")], "alice": [("!бросок 2d6 разведка", "refused")]}
    assert data["posts"][0]["commands"][0]["reason"] == (
        "!roll not run here: the thread's plain text cannot tell who wrote a line, so a command acting for a leader "
        "counts only from that leader's room; give it there"
    )
    assert snapshot(camp) == before  # no roll, no closed post: nothing of it is kept


def test_gmtools_reply_pasted_in_the_room_runs_nothing_again(gm, camp, tmp_path):
    """The site keeps no markup in copied text: the reply's echoed `!roll` lines start their
    lines again. A post holding gmtool's reply (its journal mark, or its "Posts read" line) runs
    none of them: the master's is passed over, a player's refused with the reason; a player
    quoting the reply (its lines under >) gives their own commands."""
    room_json(gm, camp, ROOM)
    reply = ok(gm("post", "resolve", str(ROOM), "-c", str(camp), "--room", "alice", "--format", "plain"))
    assert re.search(r"^!roll 2d6 боевой дух$", reply, re.MULTILINE)
    unmarked = "\n".join(line for line in reply.splitlines() if not line.startswith("journal #"))
    quoted = "\n".join("> " + line for line in reply.splitlines())
    text = ROOM.read_text(encoding="utf-8").replace("\n1\nОтветить\n", "\n")
    text += f"\nDungeonMaster Архивариус\n01.12.2026 21:10\n  =  \n{reply}\n"
    text += f"\nDungeonMaster Архивариус\n01.12.2026 21:11\n  =  \n{unmarked}\n"  # no secret at hand: no mark
    text += f"\nИмператрица Саккра alice\n01.12.2026 21:20\n  =  \n{reply}\n!roll d8 ответ\n"
    text += f"\nИмператрица Саккра alice\n01.12.2026 21:30\n  =  \n{quoted}\n!roll d4 цитата\n"
    later = write_text(tmp_path, "room-later.txt", text)
    data = room_json(gm, camp, later)
    new = {
        p["post_id"][:14]: [(c["command"], c["status"]) for c in p["commands"]]
        for p in data["results"]["posts"]
        if p["post_id"].startswith("dm2026120121")
    }
    echoed = "!roll d6 метеоритный дождь — refused: not run: the thread's plain text cannot tell the moderator's post"
    assert new["dm202612012120"][0][0].startswith(echoed)  # the reply's echo of the master's refusal
    assert new == {
        "dm202612012120": [
            (new["dm202612012120"][0][0], "refused"),
            ("!roll 2d6 боевой дух", "refused"),
            ("!roll d8 ответ", "refused"),
        ],
        "dm202612012130": [("!roll d4 цитата", "ok")],
    }
    [pasted] = [p for p in data["results"]["posts"] if p["post_id"].startswith("dm202612012120")]
    assert pasted["commands"][1]["reason"] == (
        'this post holds a reply of gmtool\'s (its journal mark, or its "Posts read" line): its commands are the '
        "reply's echo, so none of them runs; post new commands in a post of their own"
    )
    posts = read_thread([str(later)], DM).posts
    master_reply = next(p for p in posts if p.post_id.startswith("dm202612012110"))
    assert master_reply.commands == [] and len({p.post_id for p in posts}) == 7


def test_collect_reads_rooms_and_the_discussion_from_page_text(gm, camp):
    (camp / "room-alice.txt").write_bytes(ROOM.read_bytes())
    (camp / "discussion.txt").write_bytes(DISCUSSION.read_bytes())
    ok(gm("campaign", "set", "-c", str(camp), "thread", "discussion.txt"))
    ok(gm("campaign", "room", "-c", str(camp), "--player", "alice", "room-alice.txt"))
    room = ok_json(gm("post", "collect", "-c", str(camp), "--format", "json"))
    assert [o["post_id"] for o in room["rooms"]["alice"]["orders"]] == [ALICE_1, ALICE_1]
    assert [p["author"] for p in room["public"]["posts"]] == ["bob", "alice"]
    assert {c["status"] for p in room["public"]["posts"] for c in p["commands"]} == {"refused"}
    saved = (camp / "reports" / "turn-01" / "room-alice.json").read_text(encoding="utf-8")
    assert ALICE_1 in saved and "thread.json" in {p.name for p in (camp / "reports" / "turn-01").iterdir()}


class Site:
    """DungeonMaster.ru on 127.0.0.1: its room page served as HTML (one block per line of
    what the browser shows)."""

    def __init__(self, text: str) -> None:
        import html

        body = "".join(f"<div>{html.escape(line)}</div>" for line in text.splitlines())
        page = f"<!DOCTYPE html><html><head><title>DM</title></head><body>{body}</body></html>".encode()
        self.hits: list[str] = []
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                site.hits.append(self.path)
                ok_ = self.path.startswith("/Session.aspx?module=7162&room=43234")
                self.send_response(200 if ok_ else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(page) if ok_ else 0))
                self.end_headers()
                if ok_:
                    self.wfile.write(page)

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_a_rooms_address_is_recorded_and_its_page_read(gm, camp):
    site = Site(ROOM.read_text(encoding="utf-8"))
    try:
        url = f"{site.base}/Session.aspx?module=7162&room=43234"
        ok(gm("campaign", "room", "-c", str(camp), "--player", "alice", url))
        assert url in (camp / "campaign.toml").read_text(encoding="utf-8")
        data = ok_json(gm("post", "collect", "-c", str(camp), "--format", "json"))
        assert [o["kind"] for o in data["rooms"]["alice"]["orders"]] == ["build", "research"]
        assert site.hits == ["/Session.aspx?module=7162&room=43234"]
    finally:
        site.close()


def test_verify_published_reads_the_masters_posts_of_the_page(gm, camp, tmp_path):
    reply = ok(gm("post", "resolve", str(ROOM), "-c", str(camp), "--room", "alice", "--format", "plain"))
    text = ROOM.read_text(encoding="utf-8") + f"\nDungeonMaster Архивариус\n01.12.2026 21:10\n  =  \n{reply}\n"
    page = write_text(tmp_path, "room-published.txt", text)
    data = ok_json(
        gm("verify", "-c", str(camp), "--published", str(page), "--moderator", "Архивариус", "--format", "json")
    )
    assert data["ok"] is True and data["marks_checked"] == 1, data


def test_verify_key_reads_the_dice_blocks_of_the_masters_posts_of_the_page(gm, camp, tmp_path):
    """A Dice block is a code box, which copied text shows as lines: `verify --key` checks it
    under the master's name; one it finds wrong there is shown, not counted against the
    journal (anyone may have typed the master's header above it: docs/verify.md)."""
    from gmtool.campaign.stream import part_key

    reply = ok(gm("roll", "2d6", "-c", str(camp), "--for", "погода", "--format", "plain"))
    assert re.search(r"(?m)^turn 1 · moderator · погода · 2d6: d6 #1=\d, d6 #2=\d$", reply)
    key = part_key(bytes.fromhex((camp / "secret.key").read_text(encoding="ascii").strip()), "stage1").hex()
    args = ("--key", f"stage1={key}", "--moderator", "Архивариус", "--profile", "dungeonmaster", "--format", "json")
    text = ROOM.read_text(encoding="utf-8") + f"\nDungeonMaster Архивариус\n01.12.2026 21:10\n  =  \n{reply}\n"
    page = write_text(tmp_path, "room-published.txt", text)
    data = ok_json(gm("verify", "--published", str(page), *args))
    assert (data["ok"], data["checked_by_part"], data["unattributed"]) == (True, {"stage1": 2}, [])
    forged = re.sub(r"(погода · 2d6: d6 #1=)(\d)", lambda m: m[1] + str(int(m[2]) % 6 + 1), text)
    data = ok_json(gm("verify", "--published", str(write_text(tmp_path, "forged.txt", forged)), *args))
    assert (data["ok"], data["problems"], len(data["unattributed"])) == (True, [], 1)


# ------------------------------------------------------------------ refusals


def test_text_without_the_pages_shape_is_refused_naming_the_file(gm, camp, tmp_path):
    plain = write_text(tmp_path, "notes.txt", "Ход 1\nalice: !build frigate\n04.09.2023 21:42\n")
    before = snapshot(camp)
    res = gm("post", "resolve", str(plain), "-c", str(camp), "--room", "alice", "--profile", "dungeonmaster")
    assert_error(res, "notes.txt: not the text of a DungeonMaster.ru page", "04.09.2023 21:42")
    res = gm("post", "resolve", str(plain), "-c", str(camp), "--profile", "dungeonmaster", "--lang", "ru")
    assert_error(res, "notes.txt: это не текст страницы DungeonMaster.ru")
    assert snapshot(camp) == before  # nothing written


def test_a_thread_file_is_still_a_thread_file(gm, camp, tmp_path):
    """A thread file whose post quotes a page's lines stays a thread file."""
    thread = write_text(
        tmp_path, "thread.txt", "=== alice #5 ===\nDungeonMaster WarCat\n04.09.2023 21:42\n  =  \n!roll d6\n"
    )
    found = read_thread([str(thread)], Options())
    assert found.kind == "thread" and [p.post_id for p in found.posts] == ["5"]


# ------------------------------------------------------------------ the dialect


def check_bbcode(post: str, tags: frozenset[str]) -> None:
    stack: list[str] = []
    for m in TAG.finditer(post):
        closing, name = m.group(1), m.group(2).lower()
        if stack and stack[-1] == "code":
            assert closing and name == "code", m.group(0)
            stack.pop()
            continue
        assert name in tags, f"[{name}] is not a dungeonmaster BBCode"
        if closing:
            assert stack and stack[-1] == name, f"unbalanced [/{name}] (open: {stack})"
            stack.pop()
        else:
            stack.append(name)
    assert not stack, f"unclosed {stack}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_dialects_posts_are_balanced_and_in_its_tags(gm, camp, lang):
    from gmtool.forum.engines import find_dialect

    tags = find_dialect("dungeonmaster").tags
    room = ok(gm("post", "resolve", str(ROOM), "-c", str(camp), "--room", "alice", "--format", "bbcode",
                 "--dialect", "dungeonmaster", "--lang", lang))  # fmt: skip
    public = ok(gm("post", "resolve", str(DISCUSSION), "-c", str(camp), "--format", "bbcode",
                   "--dialect", "dungeonmaster", "--lang", lang))  # fmt: skip
    roll = ok(gm("roll", "4d6kh3", "--dice", "6,1,5,3", "--format", "bbcode", "--dialect", "dungeonmaster"))
    table = ok(gm("table", "show", "orion/world-size", "--format", "bbcode", "--dialect", "dungeonmaster"))
    for post in (room, public, roll, table):
        check_bbcode(post, tags)
    assert "4d6kh3 = [6, ~1~, 5, 3] = [b]14[/b]" in roll  # a dropped die between tildes
    assert "[list]" not in room and "\n• [b]" in room  # list items as • lines
