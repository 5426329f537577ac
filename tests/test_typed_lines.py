"""A line a player types is not a post boundary (issue 33 §1).

Copied page text keeps no markup, so any line a reader takes for a post's header, author,
date, quote or mark can be typed inside a post.  The property, over generated threads of
every source kind — a DungeonMaster.ru room's and discussion's copied text, thread files,
Discourse /raw and JSON, the page of every shipped engine profile —, public threads and
rooms: inserting such a line into one post's body

* never runs a command for anyone but the one who wrote it,
* never changes what becomes of another post's commands (none lost, none refused),
* and changes the forged post's own commands only by refusing them (the reply says why) or
  running them for no one (a seed) — or, for a quote or code box it opens, by quoting them.

Then each case the issue found, with what it now gives."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import forum_pages as fp
import forum_pages_ru as ru
from gmtool.forum.posts import escape_line
from gmtool.forum.sources import Options, read_thread
from gmtool.locale import Msg
from helpers import example_copy, ok, run_gmtool

LEADERS = ("alice", "bob", "carol")
MASTER = "Архивариус"
START = datetime(2026, 12, 1, 10, 0)
TOPIC = 77

# ------------------------------------------------------------------ threads as each source writes them


@dataclass
class Gen:
    """A generated post: who wrote it, when (minutes after START), its lines."""

    author: str
    minute: int
    lines: list[str]


def stamp(minute: int) -> str:
    return (START + timedelta(minutes=minute)).strftime("%d.%m.%Y %H:%M")


def thread_file(posts: list[Gen], room: str) -> str:
    """As a moderator's script exports posts: every post's own `===` line escaped."""
    return "".join(
        f"=== {p.author} #{1000 + i} ===\n" + "".join(escape_line(line) + "\n" for line in p.lines)
        for i, p in enumerate(posts)
    )


def dm_text(posts: list[Gen], room: str) -> str:
    """A DungeonMaster.ru room (with --room) or the game's discussion, as the browser copies it."""
    if room:
        out = ["Вход", "Форум", "Повелитель Ориона 3 (проба) | ходы игроков | Саккра — приказы", ""]
        for p in posts:
            who = f"DungeonMaster {p.author}" if p.author == MASTER else f"Императрица Саккра {p.author}"
            out += [who, stamp(p.minute), "  =  ", *p.lines, ""]
        return "\n".join([*out, "1", "Ответить"]) + "\n"
    out = ["Повелитель Ориона 3 (проба) | Обсуждение игры", "", "Обсуждение данного модуля ограничено", "1"]
    for n, p in enumerate(posts):
        role = "DungeonMaster" if p.author == MASTER else "Игрок"
        out += [*p.lines, f"Автор: {p.author} [offline] ({role}), {stamp(p.minute)} {n}", ""]
        if n % 2:  # the site's comment on a post
            out += ["  • Принято.", f"    Комментарий от {MASTER}, {stamp(p.minute)}"]
    return "\n".join([*out, "1", "Ответить"]) + "\n"


def as_p(posts: list[Gen]) -> list[fp.P]:
    return [fp.P(1001 + i, p.author, list(p.lines)) for i, p in enumerate(posts)]


def raw(posts: list[Gen], room: str) -> str:
    return fp.discourse_raw(as_p(posts))


def discourse_json(posts: list[Gen], room: str) -> str:
    return fp.discourse_json(as_p(posts), topic=TOPIC)


def page(build):
    return lambda posts, room: build(as_p(posts))


SOURCES = {
    "thread-file": (thread_file, {}),
    "dungeonmaster": (dm_text, {"profile": "dungeonmaster"}),
    "discourse-raw": (raw, {"topic": TOPIC}),
    "discourse-json": (discourse_json, {}),
    **{name: (page(build), {}) for name, build in fp.PAGE_BUILDERS.items()},
    **{name: (page(build), {}) for name, build in ru.PAGE_BUILDERS.items()},
}


# ------------------------------------------------------------------ lines a reader takes for a boundary

NAMES = st.sampled_from(["alice", "bob", "carol", MASTER, "mallory", "ali\u00a0ce"])
DATES = st.integers(-600, 38_000_000).map(stamp)  # from before the thread to the year 2099
QUOTING = ("[quote]", "[quote=alice]", "<blockquote>", "```", "~~~", "[code]")

TYPED = st.one_of(
    # a DungeonMaster.ru room post's block: role or character and user name, date, separator
    st.tuples(st.sampled_from(["DungeonMaster", "Императрица Саккра", "Адмирал Ким", ""]), NAMES, DATES).map(
        lambda t: [f"{t[0]} {t[1]}".strip(), t[2], " = "]
    ),
    # the discussion's author line, alone or with a typed comment after it
    st.tuples(NAMES, st.sampled_from(["Игрок", "DungeonMaster"]), DATES, st.booleans()).map(
        lambda t: (
            [f"Автор: {t[0]} [offline] ({t[1]}), {t[2]} 3"]
            + (["  • набрано", f"    Комментарий от {t[0]}, {t[2]}"] if t[3] else [])
        )
    ),
    st.sampled_from(
        [
            ["Повелитель Ориона 3 (проба) | Обсуждение игры"],
            ["Повелитель Ориона 3 (проба) | ходы игроков | Чужая комната"],
            ["  • пункт"],
            ["Ответить"],
            ["12"],
        ]
    ),
    # a Discourse /raw post header (after a blank line) and its separator
    st.tuples(NAMES, st.integers(1, 12)).map(lambda t: ["", f"{t[0]} | 2024-03-01 10:00:00 UTC | #{t[1]}"]),
    st.just(["", "-------------------------", ""]),
    # a thread file's headers
    st.tuples(NAMES, st.integers(1000, 1012), st.sampled_from(["", " private"])).map(
        lambda t: [f"=== {t[0]} #{t[1]}{t[2]} ==="]
    ),
    st.just(["=== not a header"]),
    # quote and code markers, opened and closed
    st.sampled_from([[q] for q in QUOTING] + [["[/quote]"], ["</blockquote>"], ["[/code]"], ["> !roll d6 quoted"]]),
    # a journal mark, and markup typed as text
    st.tuples(st.integers(1, 40), st.text("0123456789abcdef", min_size=12, max_size=12)).map(
        lambda t: [f"journal #{t[0]} · {t[1]}"]
    ),
    st.just(['<div id="p1003" class="post">', "</div>"]),
)


@st.composite
def threads(draw, room: str):
    """Posts with unique command lines (a roll, a seed, an unknown command), by the leaders
    and the master in the public thread, by the room's leader and the master in a room."""
    authors = [room, MASTER] if room else [*LEADERS, MASTER]
    n = draw(st.integers(2, 6))
    minute, tag, posts = 0, 0, []
    for _ in range(n):
        minute += draw(st.integers(0, 40))
        lines = []
        for _ in range(draw(st.integers(1, 4))):
            tag += 1
            kind = draw(st.sampled_from(["roll", "roll", "seed", "zap", "text"]))
            lines.append(
                {"roll": f"!roll d6 t{tag}", "seed": f"!seed s{tag}", "zap": f"!zap t{tag}", "text": f"Строка {tag}."}[
                    kind
                ]
            )
        posts.append(Gen(draw(st.sampled_from(authors)), minute, lines))
    return posts


# ------------------------------------------------------------------ resolving a thread in memory


@pytest.fixture(scope="module")
def campaign(tmp_path_factory) -> Path:
    folder = example_copy(tmp_path_factory.mktemp("typed"), fresh=True)
    ok(run_gmtool("campaign", "set", "-c", str(folder), "moderators", MASTER))
    return folder


def outcomes(
    folder: Path, kind: str, posts: list[Gen], room: str, where: Path, records: Path | None = None, ran=None
) -> dict[str, tuple]:
    """command line → (status, refusal key, the one it acted for) of every command the
    source gives, resolved as `post resolve` does; nothing written but, given ``records``
    (a forum.toml of this test's own), the records it would keep, appended there."""
    from gmtool.app.session import attach_scheme2, campaign_library, load_campaign
    from gmtool.campaign import forumfile
    from gmtool.campaign.store import CampaignStore
    from gmtool.campaign.stream import JournalingSource
    from gmtool.forum.collect import in_room
    from gmtool.forum.resolve import Resolver, resolve_posts

    render, options = SOURCES[kind]
    where.write_text(render(posts, room), encoding="utf-8")
    found = read_thread([str(where)], Options(campaign=folder, room=room, **options)).posts
    state = load_campaign(folder)
    store = CampaignStore(folder)
    source = JournalingSource(store.read_secret(), store.next_roll_id(), state.turn, "post", expected=state.commitment)
    attach_scheme2(source, state)
    if room:
        in_room(found, room)
    resolver = Resolver(state, campaign_library(folder), source, [MASTER])
    done, stored, closed = resolve_posts(found, forumfile.read(records or folder / "none.toml"), resolver)
    if records is not None:
        forumfile.append(records, stored, closed)
    purposes = {e.id: e.purpose for e in source.entries}
    ran = {} if ran is None else ran  # command key → the one it acted for, when it ran (a result read back)
    out: dict[str, tuple] = {}
    for o in done:
        acted = None
        if o.status == "ok" and o.roll_ids and o.new:
            acted = re.search(r"\((.*?)\) !", purposes[o.roll_ids[0]]).group(1)  # type: ignore[union-attr]
        elif o.status == "ok" and o.order is not None:
            acted = o.post.room
        ran[o.key] = acted = acted if o.new else ran.get(o.key)
        assert o.command.line not in out, "command lines are unique"
        out[o.command.line] = (o.status, o.why.key if isinstance(o.why, Msg) else None, acted)
    return out


def check_typed_line(campaign: Path, tmp_path: Path, kind: str, room: str, posts, forged_at, typed) -> None:
    which, where = forged_at
    which %= len(posts)
    forged = [Gen(p.author, p.minute, list(p.lines)) for p in posts]
    at = where % (len(forged[which].lines) + 1)
    forged[which].lines[at:at] = typed
    truth = {line: (i, p.author) for i, p in enumerate(posts) for line in p.lines if line.startswith("!")}
    clean = outcomes(campaign, kind, posts, room, tmp_path / "clean.txt")
    after = outcomes(campaign, kind, forged, room, tmp_path / "forged.txt")
    assert set(clean) == set(truth) and set(after) <= set(truth)
    quoting = any(line.strip().startswith(QUOTING) for line in typed)
    # a journal mark in a post under the master's role makes it read as gmtool's reply pasted
    # there, whose echoed commands run nothing (docs/forums.md)
    marked = kind == "dungeonmaster" and any(line.startswith("journal #") for line in typed)
    for line, (post, author) in truth.items():
        for got in (clean.get(line), after.get(line)):
            if got is not None and got[2] is not None:  # it ran: for the one who wrote it, never another
                assert got[2] == author, (line, got, author)
        if post != which:  # another post: exactly as without the typed line
            assert after.get(line) == clean[line], (line, clean[line], after.get(line))
        elif after.get(line) is None:  # the forged post's command, gone: into a box it opened, or a reply
            assert (quoting and forged[which].lines.index(line) > at) or marked, (line, clean[line])
        elif after[line] != clean[line]:  # else refused (the reply says why), or run for no one (a seed)
            assert after[line][0] == "refused" or after[line][2] is None, (line, clean[line], after[line])
            assert after[line][0] != "refused" or after[line][1], (line, after[line])
    # no post is ever "older" than one the typed line made up
    assert "forum.refusal.older" not in {got[1] for got in after.values()}


# Each property runs twice: a few examples per source in the fast run, many under `pytest -m slow`.
FAST = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
DEEP = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def fast_and_deep(body):
    """``body(campaign, tmp_path, kind, data)`` as two tests for each source: the fast run's
    (FAST examples) and ``-m slow``'s (DEEP examples)."""
    kinds = pytest.mark.parametrize("kind", sorted(SOURCES))
    return kinds(FAST(given(data=st.data())(body))), pytest.mark.slow(kinds(DEEP(given(data=st.data())(body))))


def _public_thread(campaign, tmp_path, kind, data):
    posts = data.draw(threads(""))
    check_typed_line(
        campaign,
        tmp_path,
        kind,
        "",
        posts,
        data.draw(st.tuples(st.integers(0, 99), st.integers(0, 99))),
        data.draw(TYPED),
    )


(
    test_a_typed_line_changes_no_one_elses_commands_in_the_public_thread,
    test_a_typed_line_changes_no_one_elses_commands_in_the_public_thread_deep,
) = fast_and_deep(_public_thread)


def _a_room(campaign, tmp_path, kind, data):
    """In alice's room only alice and the master write: alice types the lines."""
    posts = data.draw(threads("alice"))
    at = data.draw(st.sampled_from([i for i, p in enumerate(posts) if p.author == "alice"] or [0]))
    if posts[at].author != "alice":
        posts[at].author = "alice"
    check_typed_line(campaign, tmp_path, kind, "alice", posts, (at, data.draw(st.integers(0, 99))), data.draw(TYPED))


(
    test_a_typed_line_changes_no_one_elses_commands_in_a_room,
    test_a_typed_line_changes_no_one_elses_commands_in_a_room_deep,
) = fast_and_deep(_a_room)


# ------------------------------------------------------------------ the cases of the issue

DISCUSSION_HEAD = "Повелитель Ориона 3 (проба) | Обсуждение игры\n\nОбсуждение данного модуля ограничено\n1\n"
ROOM_HEAD = "Повелитель Ориона 3 (проба) | ходы игроков | Саккра — приказы\n\n"
PUBLIC = (
    "!{word} not run here: the thread's plain text cannot tell who wrote a line, so a command acting for a leader "
    "counts only from that leader's room; give it there"
)
MASTERS = (
    "not run: the thread's plain text cannot tell the moderator's post from a post header someone typed, so no "
    "command runs under the moderator's name"
)


@pytest.fixture
def dm(new_campaign) -> Path:
    """A new campaign (dice scheme 2: seeds count) played on DungeonMaster.ru, as its moderator set it."""
    folder = new_campaign("dm", players=["alice", "bob", "carol"])
    ok(run_gmtool("campaign", "set", "-c", str(folder), "moderators", MASTER))
    ok(run_gmtool("campaign", "set", "-c", str(folder), "profile", "dungeonmaster"))
    return folder


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def resolve(gm, camp: Path, source: Path, *extra: str) -> dict:
    from helpers import ok_json

    return ok_json(gm("post", "resolve", str(source), "-c", str(camp), "--format", "json", *extra))


def commands_of(data: dict) -> list[tuple[str, str, str, str | None]]:
    posts = data["posts"] if "posts" in data else data["results"]["posts"]
    return [(p["author"], c["command"], c["status"], c.get("reason")) for p in posts for c in p["commands"]]


def test_an_author_line_in_bobs_discussion_post_runs_nothing_as_alice(gm, dm, tmp_path):
    """Bob's post holding `Автор: alice …` read as a post by alice: her !explore and !roll
    run in no one's name (from the discussion's copied text only !seed counts, and in no
    one's name), her scouts are untouched, and nothing is kept."""
    page = write(
        tmp_path,
        "discussion.txt",
        DISCUSSION_HEAD + "Всем привет.\n!explore 1,0\n!roll d100 удача\n"
        "Автор: alice [offline] (Игрок), 02.12.2026 10:00 4\n"
        "А это мой пост.\n!seed комета\nАвтор: bob [offline] (Игрок), 02.12.2026 10:05 5\n\n1\nОтветить\n",
    )
    before = {f.name: f.read_bytes() for f in dm.iterdir() if f.is_file()}
    data = resolve(gm, dm, page)
    assert commands_of(data) == [
        ("alice", "!explore 1,0", "refused", PUBLIC.format(word="explore")),
        ("alice", "!roll d100 удача", "refused", PUBLIC.format(word="roll")),
        ("bob", "!seed комета", "ok", None),
    ]
    text = ok(gm("post", "resolve", str(page), "-c", str(dm)))
    # the seed is no one's: the text says who wrote it, and anyone may have typed that
    assert "!seed комета\n\nthe seed «комета» goes into the players' share of turn 1's dice (post #dm2026120210" in text
    assert {f.name: f.read_bytes() for f in dm.iterdir() if f.is_file()} == before  # no roll, no record


def test_a_masters_block_typed_in_alices_room_runs_nothing_and_a_strangers_refuses_her_post_whole(gm, dm, tmp_path):
    room = write(
        tmp_path,
        "room-alice.txt",
        ROOM_HEAD + "Императрица Саккра alice\n01.12.2026 20:41\n  =  \nМои приказы:\n!build scout\n"
        "DungeonMaster Архивариус\n01.12.2026 20:42\n  =  \n!roll d100 за мастера\n!build frigate\n\n"
        "Императрица Саккра alice\n01.12.2026 21:00\n  =  \nА вот ещё:\nАдмирал Ким bob\n01.12.2026 21:01\n  =  \n"
        "!roll d6 за боба\n!research victory\n\n1\nОтветить\n",
    )
    text = ok(gm("post", "resolve", str(room), "-c", str(dm), "--room", "alice"))
    assert (
        f"Архивариус #dm202612012042640001\n--------------------------------\n\n!roll d100 за мастера — refused: "
        f"{MASTERS}\n\n!build frigate — refused: {MASTERS}\n"
    ) in text
    whole = (
        "refused: this post holds a line written as a post's header (Адмирал Ким bob): where the post ends cannot "
        "be told, so none of its commands count; post them again without that line"
    )
    assert f"!roll d6 за боба — {whole}\n\n!research victory — {whole}\n" in text
    assert "alice #dm202612012100780101" in text and "bob #" not in text  # alice's post, refused whole
    data = resolve(gm, dm, room, "--room", "alice")
    assert [(o["kind"], o["post_id"]) for o in data["orders"]] == [("build", "dm202612012041780101")]
    journal = (dm / "journal.toml").read_text(encoding="utf-8")
    assert "за мастера" not in journal and "за боба" not in journal  # no die rolled for either


def test_an_author_line_dated_2099_closes_nothing(gm, dm, tmp_path):
    """Ids follow dates: a post dated 2099 once made every later post 'older', refused for
    good even after the line was edited away. Copied text's dates now order nothing."""
    forged = "Я закрою тему:\nАвтор: carol [offline] (Игрок), 31.12.2099 23:59 1\n"
    first = DISCUSSION_HEAD + "Начнём.\n!seed комета\nАвтор: alice [offline] (Игрок), 01.12.2026 19:30 0\n"
    bob = "!seed звезда\nАвтор: bob [offline] (Игрок), 01.12.2026 19:45 1\n"
    later = "Моё слово:\n!seed туманность\nАвтор: carol [offline] (Игрок), 02.12.2026 09:00 2\n"
    assert [c[2] for c in commands_of(resolve(gm, dm, write(tmp_path, "p1.txt", first + forged + bob)))] == [
        "ok",
        "ok",
    ]
    for page in (first + forged + bob + later, first + bob + later):  # a later post; then the line edited away
        assert commands_of(resolve(gm, dm, write(tmp_path, "p.txt", page)))[-1] == (
            "carol",
            "!seed туманность",
            "ok",
            None,
        )
    assert not (dm / "forum.toml").exists()
    # in a room, a block dated 2099 is the leader's own: her later orders count
    room = ROOM_HEAD + "Императрица Саккра alice\n31.12.2099 23:59\n  =  \nшутка\n\n"
    room += "Императрица Саккра alice\n02.12.2026 09:00\n  =  \n!build scout\n"
    data = resolve(gm, dm, write(tmp_path, "room.txt", room), "--room", "alice")
    assert [(o["kind"], o["value"]["item"]) for o in data["orders"]] == [("build", "scout")]


def test_a_discourse_raw_topic_holding_the_author_line_is_read_as_discourse(gm, dm, tmp_path):
    """`--topic 77` once read a /raw text as a DungeonMaster.ru discussion when a post held
    the line: everyone's commands ran as alice, a post was lost, and removing the line made
    every post new. Page text is never guessed: each post is its header's, and a /raw text
    (which cannot tell a typed header either) keeps nothing of the public thread."""
    camp = example_copy(tmp_path / "d", fresh=True)  # no profile setting: the moderator said nothing
    raw = (
        "bob | 2024-03-01 10:00:00 UTC | #1\n\nНачинаем.\n!roll d6 bob\nАвтор: alice [offline] (Игрок), "
        "02.12.2026 10:00\n\n-------------------------\n\ncarol | 2024-03-01 10:05:00 UTC | #2\n\n!roll d8 carol\n\n"
        "-------------------------\n"
    )
    res = gm("post", "resolve", str(write(tmp_path, "77.txt", raw)), "-c", str(camp), "--topic", "77")
    assert res.stderr == (
        "note: "
        + str(tmp_path / "77.txt")
        + ": a Discourse /raw text cannot tell a line a player typed from a post's header, so no command acting "
        "for a leader runs from it in the public thread; read the topic's JSON (…/t/77.json) instead\n"
    )
    first = resolve(gm, camp, write(tmp_path, "77.txt", raw), "--topic", "77")
    assert [(p["post_id"], p["author"]) for p in first["read"]] == [("t77-1", "bob"), ("t77-2", "carol")]
    assert commands_of(first) == [
        ("bob", "!roll d6 bob", "refused", PUBLIC.format(word="roll")),
        ("carol", "!roll d8 carol", "refused", PUBLIC.format(word="roll")),
    ]
    cleaned = resolve(gm, camp, write(tmp_path, "77.txt", raw.replace("Автор: alice", "Автор alice")), "--topic", "77")
    assert commands_of(cleaned) == commands_of(first) and not (camp / "forum.toml").exists()


def test_an_unrecognised_page_holding_the_author_line_is_refused_unless_the_moderator_said(gm, dm, tmp_path):
    page = write(
        tmp_path,
        "custom.html",
        "<html><body><div class='msg'><p>bob:</p><p>!roll d6</p>"
        "<p>Автор: alice [offline] (Игрок), 02.12.2026 10:00</p></div></body></html>",
    )
    camp = example_copy(tmp_path / "plain", fresh=True)
    res = gm("post", "resolve", str(page), "-c", str(camp))
    assert res.exit_code == 1 and "custom.html: the forum engine is not recognised" in res.stderr
    # the campaign played on DungeonMaster.ru: the page is read as the site's text, as said
    data = resolve(gm, dm, page)
    assert commands_of(data) == [("alice", "!roll d6", "refused", PUBLIC.format(word="roll"))]


def test_a_discussion_given_as_a_room_and_a_room_as_the_discussion_are_refused(gm, dm, tmp_path):
    discussion = write(
        tmp_path, "d.txt", DISCUSSION_HEAD + "!roll d6\nАвтор: bob [offline] (Игрок), 01.12.2026 10:00\n"
    )
    res = gm("post", "resolve", str(discussion), "-c", str(dm), "--room", "alice")
    assert res.exit_code == 1 and res.stderr == (
        f"error: {discussion}: this is the text of the discussion of «Повелитель Ориона 3 (проба)» on "
        "DungeonMaster.ru, not a leader's room (a room's page is titled «MODULE | ходы игроков | ROOM»)\n"
    )
    room = write(tmp_path, "r.txt", ROOM_HEAD + "Императрица Саккра alice\n01.12.2026 20:41\n  =  \n!build scout\n")
    res = gm("post", "resolve", str(room), "-c", str(dm))
    assert res.exit_code == 1 and "is the text of a room of «Повелитель Ориона 3 (проба)»" in res.stderr
    assert not (dm / "forum.toml").exists()


def test_page_text_is_never_guessed(gm, tmp_path):
    camp = example_copy(tmp_path, fresh=True)
    room = write(tmp_path, "r.txt", ROOM_HEAD + "Императрица Саккра alice\n01.12.2026 20:41\n  =  \n!build scout\n")
    res = gm("post", "resolve", str(room), "-c", str(camp), "--room", "alice")
    assert res.exit_code == 1 and res.stderr == (
        f"error: {room}: this looks like the text of a DungeonMaster.ru page, but a page's copied text is read as "
        "that only where the moderator says so (a player can type its lines in any post): name it with --profile "
        "dungeonmaster, or set it for the campaign with `gmtool campaign set -c DIR profile dungeonmaster`\n"
    )
    data = resolve(gm, camp, room, "--room", "alice", "--profile", "dungeonmaster")
    assert [o["kind"] for o in data["orders"]] == ["build"]


def test_a_fake_mark_above_a_forged_masters_line_frames_no_one(gm, dm, tmp_path):
    """`verify --published --moderator Архивариус` once said the journal had changed (exit 1)
    for a mark a player typed under a master's header. In copied text such a mark is shown,
    not counted; the master's real marks are checked."""
    room = ROOM_HEAD + "Императрица Саккра alice\n01.12.2026 20:41\n  =  \n!roll d6 смелость\n\n"
    reply = ok(gm("post", "resolve", str(write(tmp_path, "room.txt", room)), "-c", str(dm), "--room", "alice"))
    published = room + f"DungeonMaster Архивариус\n01.12.2026 21:10\n  =  \n{reply}\n"
    published += "Императрица Саккра alice\n01.12.2026 21:20\n  =  \nСмотрите:\n"
    published += "DungeonMaster Архивариус\n01.12.2026 21:21\n  =  \njournal #1 · 000000000000\n"
    page = write(tmp_path, "published.txt", published)
    res = gm("verify", "-c", str(dm), "--published", str(page), "--moderator", MASTER)
    assert res.exit_code == 0, res.stderr
    assert "Published journal marks checked: 1\n" in res.stdout and "Every roll checks out." in res.stdout
    assert (
        "Marks that do not match, in plain text that cannot tell who wrote them (not counted: look at each post on "
        f"the forum itself)\n\n- roll #1: {page.name} (post #dm202612012121640001, by Архивариус as the plain text "
        "says) shows journal #1 · 000000000000; the journal gives "
    ) in res.stdout.replace(str(page), page.name)
    from helpers import ok_json

    data = ok_json(gm("verify", "-c", str(dm), "--published", str(page), "--moderator", MASTER, "--format", "json"))
    assert data["ok"] is True and data["marks_checked"] == 1 and len(data["marks_unattributed"]) == 1
    # in the discussion the mark comes above the master's author line a player typed in his post
    discussion = write(
        tmp_path,
        "discussion.txt",
        DISCUSSION_HEAD + "Смотрите, что мастер написал:\njournal #1 · 000000000000\n"
        f"Автор: {MASTER} [offline] (DungeonMaster), 02.12.2026 10:00 1\nшутка\n"
        "Автор: bob [offline] (Игрок), 02.12.2026 10:05 2\n",
    )
    data = ok_json(
        gm("verify", "-c", str(dm), "--published", str(discussion), "--moderator", MASTER, "--format", "json")
    )
    assert data["ok"] is True and data["marks_checked"] == 0
    [shown] = data["marks_unattributed"]
    assert shown.startswith(f"roll #1: {discussion} (post #dm202612021000")
    said = ", by Архивариус as the plain text says) shows journal #1 · 000000000000; the journal gives "
    assert shown.endswith(said + shown[-12:])
    # the same fake mark in a thread file, whose headers the moderator wrote, is the moderator's: exit 1
    thread = write(tmp_path, "t.txt", f"=== {MASTER} #5 ===\njournal #1 · 000000000000\n")
    res = gm("verify", "-c", str(dm), "--published", str(thread), "--moderator", MASTER, "--profile", "phpbb")
    assert res.exit_code == 1


MARKUP_PROFILE = """[profile]
name = "dungeonmaster"
label = "DungeonMaster.ru, as this campaign's moderator saw its pages"
detect = ["div.dm-post"]
post = "div.dm-post"
id = { attr = "data-id", pattern = '^(\\d+)$' }
author = { select = "span.dm-user" }
body = "div.dm-text"
skip = ["blockquote"]
"""


def test_a_page_saved_as_html_with_a_profile_of_its_markup_tells_typed_lines_from_posts(gm, dm, tmp_path):
    """What saving the page as HTML gains (docs/forums.md): gmtool ships no profile of the
    site's markup, so a saved page is read as its text, with the same limits; once the
    campaign holds one (DIR/forums/dungeonmaster.toml), posts come from the markup: an
    author line typed in bob's post is his text, and the discussion's commands run for
    those who wrote them."""
    import html

    def post(number: int, user: str, when: str, lines: list[str]) -> str:
        text = "<br>".join(html.escape(line) for line in lines)
        return (
            f'<div class="dm-post" data-id="{number}"><div class="dm-text">{text}</div>'
            f'<div>Автор: <span class="dm-user">{user}</span> [offline] (Игрок), {when}</div></div>'
        )

    typed = "Автор: alice [offline] (Игрок), 02.12.2026 10:00"
    page = write(
        tmp_path,
        "discussion.html",
        "<html><body><h1>Повелитель Ориона 3 (проба) | Обсуждение игры</h1>"
        + post(11, "bob", "02.12.2026 10:05", ["Всем привет.", "!roll d100 удача", typed, "и ещё"])
        + post(12, "alice", "02.12.2026 10:30", ["!roll d6 моё"])
        + "</body></html>",
    )
    as_text = resolve(gm, dm, page)  # no profile of the markup yet: the page's text, as copied
    assert [p["author"] for p in as_text["read"]] == ["alice", "bob", "alice"]
    assert {c[2] for c in commands_of(as_text)} == {"refused"}
    (dm / "forums").mkdir()
    (dm / "forums" / "dungeonmaster.toml").write_text(MARKUP_PROFILE, encoding="utf-8")
    data = resolve(gm, dm, page)
    assert [(p["post_id"], p["author"]) for p in data["read"]] == [("11", "bob"), ("12", "alice")]
    assert [(c[0], c[1], c[2]) for c in commands_of(data)] == [
        ("bob", "!roll d100 удача", "ok"),
        ("alice", "!roll d6 моё", "ok"),
    ]


def test_post_collect_reads_a_room_with_the_campaigns_people_and_its_own_profile(gm, dm, tmp_path):
    """`post collect` reads each room as `post resolve --room` reads it: a room's copied text
    is split into posts by the campaign's leaders' and moderators' names, and a room saved
    as HTML is read with the campaign's own profile of the markup (DIR/forums/) — from the
    state the collection read once, not from the campaign read again for each source."""
    import html

    write(
        dm,
        "room-alice.txt",
        ROOM_HEAD + "Императрица Саккра alice\n01.12.2026 20:41\n  =  \nМои приказы:\n!build scout\n\n1\nОтветить\n",
    )
    (dm / "forums").mkdir()
    (dm / "forums" / "dungeonmaster.toml").write_text(MARKUP_PROFILE, encoding="utf-8")
    write(
        dm,
        "room-bob.html",
        "<html><body><h1>Повелитель Ориона 3 (проба) | ходы игроков | bob — приказы</h1>"
        '<div class="dm-post" data-id="21"><div class="dm-text">'
        + html.escape("!build frigate")
        + '</div><div>Автор: <span class="dm-user">bob</span> [offline] (Игрок), 01.12.2026 20:50</div></div>'
        + "</body></html>",
    )
    c = ("-c", str(dm))
    ok(gm("campaign", "room", *c, "--player", "alice", "room-alice.txt"))
    ok(gm("campaign", "room", *c, "--player", "bob", "room-bob.html"))
    ok(gm("turn", "start", *c))
    ok(gm("post", "collect", *c))
    collected = tomllib.loads(ok(gm("turn", "orders", *c)))
    assert [order["item"] for order in collected["alice"]["build"]] == ["scout"]
    assert [order["item"] for order in collected["bob"]["build"]] == ["frigate"]


def test_a_thread_files_own_header_line_typed_in_a_post_is_escaped_and_read_as_text():
    from gmtool.forum.posts import parse_thread

    typed = ["=== alice #1003 ===", "  === carol #7 private ===", "\\=== already", "\\\\=== twice", "=== broken"]
    text = "=== bob #1002 ===\n" + "\n".join(escape_line(line) for line in [*typed, "!roll d6"]) + "\n"
    assert text.splitlines()[1:6] == [
        "\\=== alice #1003 ===",
        "  \\=== carol #7 private ===",
        "\\\\=== already",
        "\\\\\\=== twice",
        "\\=== broken",
    ]
    [post] = parse_thread(text + "=== carol #1004 ===\nhi\n")[:1]
    assert (post.author, post.post_id, post.body.splitlines()) == ("bob", "1002", [*typed, "!roll d6"])
    assert [c.line for c in post.commands] == ["!roll d6"]


def test_a_wrong_dice_block_under_the_masters_name_in_plain_text_is_shown_not_counted():
    """`verify --key`: a Dice block a player typed under a master's header in copied text
    frames no one either; the same block in a post the markup says is the master's counts."""
    from gmtool.campaign.stream import derive_face_v2
    from gmtool.campaign.verify import COPIED_POST, check_with_keys

    key, label = bytes(range(32)), "turn 1 · alice · room alice post #dm1.1 !roll"
    wrong = derive_face_v2(key, label, "", 6, 1) % 6 + 1
    text = f"gmtool-v2 stage1 share -\n{label}: d6 #1={wrong}\n"
    copied = check_with_keys([(Msg(COPIED_POST, file="p.txt", post="dm1", author=MASTER), text)], {"stage1": key})
    assert (copied.checked, copied.findings, len(copied.unattributed)) == (1, [], 1)
    assert "p.txt (post #dm1, by Архивариус as the plain text says)" in copied.unattributed[0].text("en")
    own = check_with_keys([(Msg("verify.in_post", file="p.txt", post="5", author=MASTER), text)], {"stage1": key})
    assert len(own.findings) == 1 and own.unattributed == []


def _edited_away(campaign, tmp_path, kind, data):
    """The thread read with a line typed in one post, then again with the line edited away
    and a later post added: the later post fares as if the line had never been there (a date
    of 2099 once refused every later post as older, for good)."""
    posts = data.draw(threads(""))
    which = data.draw(st.integers(0, len(posts) - 1))
    forged = [Gen(p.author, p.minute, list(p.lines)) for p in posts]
    at = data.draw(st.integers(0, len(forged[which].lines)))
    forged[which].lines[at:at] = data.draw(TYPED)
    author = data.draw(st.sampled_from([*LEADERS, MASTER]))
    later = [*posts, Gen(author, posts[-1].minute + data.draw(st.integers(1, 600)), ["!roll d6 t900", "!seed s901"])]
    histories = {}
    for name, first in (("clean", posts), ("forged", forged)):
        records = tmp_path / f"{name}.toml"
        records.unlink(missing_ok=True)
        ran: dict[str, str | None] = {}
        outcomes(campaign, kind, first, "", tmp_path / f"{name}-1.txt", records, ran)
        histories[name] = outcomes(campaign, kind, later, "", tmp_path / f"{name}-2.txt", records, ran)
    for line in ("!roll d6 t900", "!seed s901"):
        assert histories["forged"][line] == histories["clean"][line], (line, histories)


(
    test_a_typed_line_read_then_edited_away_refuses_no_later_post,
    test_a_typed_line_read_then_edited_away_refuses_no_later_post_deep,
) = fast_and_deep(_edited_away)
