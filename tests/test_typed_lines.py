"""A line a player types is not a post boundary (issue 33 §1).

Copied page text keeps no markup, so any line a reader takes for a post's header, author,
date, quote or mark can be typed inside a post.  The property, over generated threads of
every source kind — a DungeonMaster.ru room's and discussion's copied text, thread files,
Discourse /raw and JSON, the page of every shipped engine profile —, public threads and
rooms: inserting such a line into one post's body

* never runs a command for anyone but the one who wrote it,
* never changes what becomes of another post's commands (none lost, none refused),
* and changes the forged post's own commands only by refusing them (said in the reply) —
  or, for a quote or code box it opens, by quoting them.

Then each case the issue found, with what it now gives."""

from __future__ import annotations

import re
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


def outcomes(folder: Path, kind: str, posts: list[Gen], room: str, where: Path) -> dict[str, tuple]:
    """command line → (status, refusal key, the one it acted for) of every command the
    source gives, resolved as `post resolve` does (nothing written)."""
    from gmtool.campaign import forumfile
    from gmtool.campaign.session import attach_scheme2, campaign_library, load_campaign
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
    done, _, _ = resolve_posts(found, forumfile.read(folder / "none.toml"), resolver)
    purposes = {e.id: e.purpose for e in source.entries}
    out: dict[str, tuple] = {}
    for o in done:
        acted = None
        if o.status == "ok" and o.roll_ids:
            acted = re.search(r"\((.*?)\) !", purposes[o.roll_ids[0]]).group(1)  # type: ignore[union-attr]
        elif o.status == "ok" and o.order is not None:
            acted = o.post.room
        assert o.command.line not in out, "command lines are unique"
        out[o.command.line] = (o.status, o.why.key if isinstance(o.why, Msg) else None, acted)
    return out


# a refusal of the forged post's own commands: what copied text cannot tell, said so
SAID = {
    "forum.refusal.typed_header",
    "forum.refusal.copied_moderator",
    "forum.refusal.copied_public",
    "forum.refusal.not_room_leader",
    "forum.refusal.lookalike",
}


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
    for line, (post, author) in truth.items():
        for got in (clean.get(line), after.get(line)):
            if got is not None and got[2] is not None:  # it ran: for the one who wrote it, never another
                assert got[2] == author, (line, got, author)
        if post != which:  # another post: exactly as without the typed line
            assert after.get(line) == clean[line], (line, clean[line], after.get(line))
        elif after.get(line) is None:  # the forged post's command, gone: only into a box it opened
            assert quoting and typed and forged[which].lines.index(line) > at, (line, clean[line])
        elif after[line] != clean[line]:  # else refused, and said so
            assert after[line][0] == "refused" and after[line][1] in SAID, (line, clean[line], after[line])


PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("kind", sorted(SOURCES))
@PROPERTY
@given(data=st.data())
def test_a_typed_line_changes_no_one_elses_commands_in_the_public_thread(campaign, tmp_path, kind, data):
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


@pytest.mark.parametrize("kind", sorted(SOURCES))
@PROPERTY
@given(data=st.data())
def test_a_typed_line_changes_no_one_elses_commands_in_a_room(campaign, tmp_path, kind, data):
    """In alice's room only alice and the master write: alice types the lines."""
    posts = data.draw(threads("alice"))
    at = data.draw(st.sampled_from([i for i, p in enumerate(posts) if p.author == "alice"] or [0]))
    if posts[at].author != "alice":
        posts[at].author = "alice"
    check_typed_line(campaign, tmp_path, kind, "alice", posts, (at, data.draw(st.integers(0, 99))), data.draw(TYPED))
