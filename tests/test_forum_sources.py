"""Threads read from forums' own pages: each engine's saved pages, the phpBB feed,
Discourse JSON and /raw, URLs served by a local server, and hostile pages."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import forum_pages as fp
from gmtool.errors import InputError
from gmtool.forum.sources import Options, read_thread
from helpers import assert_error, ok, ok_json, snapshot, write_text

pytestmark = pytest.mark.camp(example="fresh")

ENGINES = ["phpbb", "xenforo", "vbulletin", "mybb"]

# what every engine's sample page must give: post id → (author, commands)
EXPECTED = {
    "1001": ("moderator", []),
    "1002": ("bob", ["!roll 2d10+1 boarding action"]),
    "1003": ("alice", ["!table orion/world-size"]),  # both quoted commands left out
    "1004": ("carol", ["!roll d10 scouting"]),  # the code box's command left out
    "1005": ("Борис", ["!бросок d6 на удачу"]),
    "1006": ("[b]mallory[/b]", ["!roll d100"]),
    "1007": ("alice", ["!roll d20 hidden but kept"]),  # a spoiler is kept
}


write = write_text


def posts_of(path: Path, **options) -> dict[str, tuple[str, list[str]]]:
    thread = read_thread([str(path)], Options(**options))
    return {p.post_id: (p.author, [c.line for c in p.commands]) for p in thread.posts}


# ------------------------------------------------------------------ each engine


@pytest.mark.parametrize("engine", ENGINES)
def test_each_engine_page_gives_posts_ids_authors_and_only_unquoted_commands(tmp_path, engine):
    page = write(tmp_path, f"{engine}.html", fp.PAGE_BUILDERS[engine](fp.sample_posts()))
    thread = read_thread([str(page)])
    assert thread.engine == engine and thread.kind == "page"
    assert posts_of(page) == EXPECTED
    assert thread.edited == {"1004"}


@pytest.mark.parametrize("engine", ENGINES)
def test_br_and_paragraphs_become_lines(tmp_path, engine):
    posts = [fp.P(7, "bob", [("p", ["first line", "!roll d6"]), ("p", ["!roll d8"])])]
    page = write(tmp_path, "p.html", fp.PAGE_BUILDERS[engine](posts))
    assert posts_of(page) == {"7": ("bob", ["!roll d6", "!roll d8"])}


def test_atom_feed_oldest_first_quotes_and_code_left_out(tmp_path):
    feed = write(tmp_path, "feed.xml", fp.phpbb_atom(fp.sample_posts()))
    thread = read_thread([str(feed)])
    assert thread.kind == "atom"
    assert [p.post_id for p in thread.posts] == sorted(EXPECTED)
    assert posts_of(feed) == EXPECTED
    assert "Statistics" not in thread.posts[0].body


def test_discourse_json_and_raw_give_the_same_posts(tmp_path):
    js = write(tmp_path, "12.json", fp.discourse_json(fp.sample_posts()))
    raw = write(tmp_path, "raw-12.txt", fp.discourse_raw(fp.sample_posts()))
    expected = {f"t12-{n}": v for n, v in enumerate(EXPECTED.values(), start=1)}
    assert posts_of(js) == expected
    assert posts_of(raw, topic=12) == expected  # a saved /raw text names no topic: --topic


def test_discourse_json_skips_moderator_actions(tmp_path):
    posts = [fp.P(1, "alice", ["!roll d6"]), fp.P(2, "system", ["!roll d6"], extra={"post_type": 3})]
    js = write(tmp_path, "5.json", fp.discourse_json(posts, topic=5))
    assert posts_of(js) == {"t5-1": ("alice", ["!roll d6"])}


def test_unknown_page_needs_a_profile(tmp_path):
    page = write(tmp_path, "x.html", "<html><body><div class='msg'>!roll d6</div></body></html>")
    with pytest.raises(InputError, match="not recognised.*--profile"):
        read_thread([str(page)])


def test_a_profile_file_reads_a_forum_gmtool_does_not_ship(gm, tmp_path):
    page = write(
        tmp_path,
        "x.html",
        "<html><body>"
        "<div class='msg' data-id='m5'><b class='who'>alice</b><div class='txt'>hi<br>!roll d6"
        "<div class='q'>!roll d100</div></div></div></body></html>",
    )
    profile = write(
        tmp_path,
        "mine.toml",
        """
[profile]
name = "mine"
detect = ["div.msg"]
post = "div.msg"
id = { attr = "data-id", pattern = 'm(\\d+)' }
author = { select = "b.who" }
body = "div.txt"
skip = ["div.q"]
""",
    )
    data = ok_json(gm("post", "profile", "check", str(page), "--profile", str(profile), "--format", "json"))
    assert data["engine"] == "mine"
    assert [(p["post_id"], p["author"], p["commands"]) for p in data["posts"]] == [("5", "alice", ["!roll d6"])]
    out = ok(gm("post", "profile", "check", str(page), "--profile", str(profile)))
    assert "alice" in out and "!roll d6" in out


def test_a_broken_profile_is_one_line_naming_the_key(gm, tmp_path):
    page = write(tmp_path, "x.html", "<html><body></body></html>")
    profile = write(tmp_path, "bad.toml", '[profile]\npost = "div[["\nid = "a"\nauthor = "b"\nbody = "c"\n')
    assert_error(gm("post", "profile", "check", str(page), "--profile", str(profile)), "`post`")


def test_campaign_forums_folder_profile_is_found(camp, tmp_path):
    (camp / "forums").mkdir()
    (camp / "forums" / "mine.toml").write_text(
        """
[profile]
detect = ["div.msg"]
post = "div.msg"
id = { attr = "data-id" }
author = { attr = "data-who" }
body = "div.txt"
""",
        encoding="utf-8",
    )
    page = write(
        tmp_path, "x.html", "<div class='msg' data-id='9' data-who='bob'><div class='txt'>!roll d6</div></div>"
    )
    assert posts_of(page, campaign=camp) == {"9": ("bob", ["!roll d6"])}


# ------------------------------------------------------------------ resolving pages


def test_resolve_a_saved_phpbb_page_twice_is_idempotent(gm, camp, tmp_path):
    page = write(tmp_path, "t.html", fp.phpbb_page(fp.sample_posts()))
    first = ok_json(gm("post", "resolve", str(page), "-c", str(camp), "--format", "json"))
    after_first = snapshot(camp)
    second = ok_json(gm("post", "resolve", str(page), "-c", str(camp), "--format", "json"))
    assert first == second
    assert snapshot(camp) == after_first  # nothing rolled or written again
    statuses = {p["post_id"]: [c["status"] for c in p["commands"]] for p in first["posts"]}
    assert statuses == {
        "1002": ["ok"],
        "1003": ["ok"],
        "1004": ["ok"],
        "1005": ["refused"],
        "1006": ["refused"],
        "1007": ["ok"],
    }
    ok(gm("verify", "-c", str(camp)))


def test_an_edited_command_on_the_page_is_flagged_and_keeps_its_result(gm, camp, tmp_path):
    posts = fp.sample_posts()
    page = write(tmp_path, "t.html", fp.phpbb_page(posts))
    first = ok_json(gm("post", "resolve", str(page), "-c", str(camp), "--format", "json"))
    posts[1] = fp.P(1002, "bob", ["!roll 2d10+5 boarding action"], edited=True)
    write(tmp_path, "t.html", fp.phpbb_page(posts))
    second = ok_json(gm("post", "resolve", str(page), "-c", str(camp), "--format", "json"))
    cmd1, cmd2 = first["posts"][0]["commands"][0], second["posts"][0]["commands"][0]
    assert cmd2["edited"] is True and cmd2["original"] == "!roll 2d10+1 boarding action"
    assert cmd2["roll_ids"] == cmd1["roll_ids"] and cmd2["result"] == cmd1["result"]


def test_only_posts_after_the_last_resolved_one_are_new(gm, camp, tmp_path):
    posts = fp.sample_posts()[:4]
    page = write(tmp_path, "t.html", fp.phpbb_page(posts))
    ok(gm("post", "resolve", str(page), "-c", str(camp)))
    # the moderator's opening post (before resolved ones) gains a command by an edit; a new post follows
    posts[0] = fp.P(1001, "alice", ["!roll d100 sneaky"], edited=True)
    posts.append(fp.P(1010, "bob", ["!roll d6 fresh"]))
    write(tmp_path, "t.html", fp.phpbb_page(posts))
    data = ok_json(gm("post", "resolve", str(page), "-c", str(camp), "--format", "json"))
    by_id = {p["post_id"]: p["commands"] for p in data["posts"]}
    assert by_id["1001"][0]["status"] == "refused" and "added after the post was resolved" in by_id["1001"][0]["reason"]
    assert by_id["1010"][0]["status"] == "ok"
    again = ok_json(gm("post", "resolve", str(page), "-c", str(camp), "--format", "json"))
    assert again == data


def test_pages_given_in_order_and_overlapping_posts_count_once(gm, camp, tmp_path):
    posts = fp.sample_posts()
    one = write(tmp_path, "1.html", fp.phpbb_page(posts[:4], 1, 2))
    two = write(tmp_path, "2.html", fp.phpbb_page(posts[3:], 2, 2))  # 1004 on both pages
    data = ok_json(gm("post", "resolve", str(one), str(two), "-c", str(camp), "--format", "json"))
    keys = [c["key"] for p in data["posts"] for c in p["commands"]]
    assert keys == ["1002:1", "1003:1", "1004:1", "1005:1", "1006:1", "1007:1"]


def test_cyrillic_leader_from_a_page(gm, new_campaign, tmp_path):
    camp = new_campaign("ru", players=["Борис", "alice"], seed=3)
    page = write(tmp_path, "t.html", fp.xenforo_page(fp.sample_posts()))
    data = ok_json(gm("post", "resolve", str(page), "-c", str(camp), "--format", "json", "--lang", "ru"))
    boris = next(p for p in data["posts"] if p["author"] == "Борис")
    assert boris["commands"][0]["status"] == "ok"


# ------------------------------------------------------------------ URLs (a local server)


class Forum:
    """A forum on 127.0.0.1: path?query → (status, content type, body)."""

    def __init__(self) -> None:
        self.pages: dict[str, tuple[int, str, bytes]] = {}
        self.hits: list[str] = []
        forum = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                forum.hits.append(self.path)
                status, kind, body = forum.pages.get(self.path, (404, "text/plain", b"not found"))
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def add(self, path: str, body: str, kind: str = "text/html; charset=utf-8", status: int = 200) -> None:
        self.pages[path] = (status, kind, body.encode("utf-8"))

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def forum():
    server = Forum()
    yield server
    server.close()


def test_url_multi_page_phpbb_thread_followed_to_the_last_page(gm, camp, forum):
    posts = fp.sample_posts()
    forum.add("/viewtopic.php?t=12", fp.phpbb_page(posts[:3], 1, 3, per_page=3, total=7))
    forum.add("/viewtopic.php?t=12&start=3", fp.phpbb_page(posts[3:6], 2, 3, per_page=3, total=7))
    forum.add("/viewtopic.php?t=12&start=6", fp.phpbb_page(posts[6:], 3, 3, per_page=3, total=7))
    data = ok_json(gm("post", "resolve", f"{forum.base}/viewtopic.php?t=12", "-c", str(camp), "--format", "json"))
    assert [p["post_id"] for p in data["posts"]] == ["1002", "1003", "1004", "1005", "1006", "1007"]
    assert forum.hits == ["/viewtopic.php?t=12", "/viewtopic.php?t=12&start=3", "/viewtopic.php?t=12&start=6"]


@pytest.mark.parametrize(
    "engine,paths",
    [
        ("xenforo", ["/threads/turn-3.12/", "/threads/turn-3.12/page-2"]),
        ("mybb", ["/showthread.php?tid=12", "/showthread.php?tid=12&page=2"]),
        ("vbulletin", ["/forum/games/12-turn-3", "/forum/games/12-turn-3/page2"]),
    ],
)
def test_url_next_pages_of_other_engines(forum, engine, paths):
    posts = fp.sample_posts()
    build = fp.PAGE_BUILDERS[engine]
    forum.add(paths[0], build(posts[:4], 1, 2))
    forum.add(paths[1], build(posts[4:], 2, 2))
    thread = read_thread([forum.base + paths[0]])
    assert [p.post_id for p in thread.posts] == list(EXPECTED) and thread.pages == 2
    assert forum.hits == paths


def test_url_pages_linking_in_a_loop_stop(forum):
    page = fp.phpbb_page(fp.sample_posts()[:2], 1, 2, topic=1, per_page=3)  # "next" is start=3
    forum.add("/viewtopic.php?t=1", page)
    forum.add("/viewtopic.php?t=1&start=3", page)  # … which links to itself
    thread = read_thread([f"{forum.base}/viewtopic.php?t=1"])
    assert len(thread.posts) == 2 and forum.hits == ["/viewtopic.php?t=1", "/viewtopic.php?t=1&start=3"]


def test_url_feed_and_discourse(forum):
    forum.add("/app.php/feed/topic/12", fp.phpbb_atom(fp.sample_posts()), "application/atom+xml")
    forum.add("/t/12.json", fp.discourse_json(fp.sample_posts()[:3], posts_count=5), "application/json")
    forum.add(
        "/t/12.json?page=2", fp.discourse_json(fp.sample_posts()[3:5], posts_count=5, first=4), "application/json"
    )
    forum.add("/raw/12", fp.discourse_raw(fp.sample_posts()), "text/plain; charset=utf-8")
    assert len(read_thread([f"{forum.base}/app.php/feed/topic/12"]).posts) == 7
    assert [p.post_id for p in read_thread([f"{forum.base}/t/12.json"]).posts] == [f"t12-{n}" for n in range(1, 6)]
    assert [p.post_id for p in read_thread([f"{forum.base}/raw/12"]).posts][:2] == ["t12-1", "t12-2"]


def test_url_refused_unreachable_and_too_big_are_one_line_errors(gm, camp, forum):
    forum.add("/private", "no", status=403)
    before = snapshot(camp)
    assert_error(gm("post", "resolve", f"{forum.base}/private", "-c", str(camp)), "refused", "403", quiet=True)
    forum.add("/big", "<html>" + "x" * 3000 + "</html>")
    with pytest.raises(InputError, match="larger than"):
        read_thread([f"{forum.base}/big"], Options(max_bytes=1000))
    port = forum.server.server_address[1]
    forum.close()
    assert_error(gm("post", "resolve", f"http://127.0.0.1:{port}/gone", "-c", str(camp)), "cannot reach", quiet=True)
    assert snapshot(camp) == before
    forum.server = type("S", (), {"shutdown": lambda s: None, "server_close": lambda s: None})()


def test_url_windows_1251_page(forum):
    page = fp.phpbb_page([fp.P(5, "Борис", ["!бросок d6"])]).replace(
        '<meta charset="utf-8" />', '<meta charset="windows-1251" />'
    )
    forum.pages["/t"] = (200, "text/html", page.encode("cp1251"))
    thread = read_thread([f"{forum.base}/t"])
    assert (thread.posts[0].author, thread.posts[0].commands[0].line) == ("Борис", "!бросок d6")


def test_a_url_and_a_saved_file_read_alike(forum, tmp_path):
    """One reader serves both: a broken thread file is the same error, naming where it is,
    whether saved or fetched."""
    broken = "=== alice #1 ===\n!roll d6\n=== alice #1 ===\n!roll d6\n"
    forum.add("/thread.txt", broken, kind="text/plain; charset=utf-8")
    saved_thread = tmp_path / "thread.txt"
    saved_thread.write_text(broken, encoding="utf-8")
    messages = []
    for source in (str(saved_thread), f"{forum.base}/thread.txt"):
        with pytest.raises(InputError) as caught:
            read_thread([source])
        assert str(caught.value).startswith(source + ": ")
        messages.append(str(caught.value).split(": ", 1)[1])
    assert messages[0] == messages[1]


# ------------------------------------------------------------------ hostile pages


def test_script_tags_and_broken_html_are_not_posts(tmp_path):
    html = fp.phpbb_page([fp.P(1, "alice", ["!roll d6"])])
    html = html.replace('<div class="content">', '<div class="content"><script>"!roll d100"</script><b><i>')
    html = html[: html.index("</body>")]  # cut off: no closing tags at all
    page = write(tmp_path, "b.html", html)
    assert posts_of(page) == {"1": ("alice", ["!roll d6"])}


def test_author_named_end_quote_and_bbcode_is_escaped_in_the_reply(gm, camp, tmp_path):
    page = write(
        tmp_path,
        "q.html",
        fp.phpbb_page([fp.P(1, "[/quote]", ["!roll d6"]), fp.P(2, "[url=x]bob[/url]", ["!roll d6"])]),
    )
    out = ok(gm("post", "resolve", str(page), "-c", str(camp), "--format", "bbcode"))
    assert "[/quote]" not in out and "[url=x]" not in out
    assert "refused" in out


@pytest.mark.slow
def test_ten_thousand_posts_read_once(gm, camp, tmp_path):
    posts = [fp.P(i, "nobody", [f"line {i}"]) for i in range(1, 10_001)]
    posts[-1] = fp.P(10_000, "bob", ["!roll d6 last"])
    page = write(tmp_path, "big.html", fp.phpbb_page(posts))
    data = ok_json(gm("post", "resolve", str(page), "-c", str(camp), "--format", "json"))
    assert [c["key"] for p in data["posts"] for c in p["commands"]] == ["10000:1"]


def test_a_post_without_id_or_author_is_a_one_line_error(gm, camp, tmp_path):
    html = fp.phpbb_page([fp.P(1, "alice", ["!roll d6"])]).replace('id="p1"', 'id="p1 or 2"')
    page = write(tmp_path, "x.html", html)
    assert_error(gm("post", "resolve", str(page), "-c", str(camp)), "its id", quiet=True)
    html = fp.phpbb_page([fp.P(1, "alice", ["!roll d6"])]).replace('class="username"', 'class="x"')
    write(tmp_path, "x.html", html)
    assert_error(gm("post", "resolve", str(page), "-c", str(camp)), "no author", quiet=True)


def test_not_json_not_feed_garbage_is_one_line(gm, camp, tmp_path):
    for name, text, fragment in (
        ("a.json", "{not json", "a.json: not valid JSON"),
        ("a.xml", "<?xml version='1.0'?><feed><entry>", "a.xml: feed entry 1 has no phpBB post id in its link"),
        ("a.txt", "just some words", "a.txt: no post headers found"),
    ):
        page = write(tmp_path, name, text)
        res = gm("post", "resolve", str(page), "-c", str(camp))
        assert_error(res, fragment, quiet=True)


def test_deep_nesting_is_read_without_recursion(tmp_path):
    body = "<div>" * 5000 + "!roll d6" + "</div>" * 5000
    html = fp.phpbb_page([fp.P(1, "alice", ["x"])]).replace('<div class="content">x', f'<div class="content">{body}')
    page = write(tmp_path, "deep.html", html)
    assert posts_of(page)["1"][1] == ["!roll d6"]


lines = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=0, max_size=30)
bodies = st.lists(
    st.one_of(
        lines, st.tuples(st.just("quote"), lines, st.lists(lines, max_size=3)), st.tuples(st.just("code"), lines)
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(engine=st.sampled_from(ENGINES), body=bodies)
def test_any_body_gives_exactly_the_commands_outside_quotes_and_code(engine, body):
    from gmtool.forum.sources import _read_data

    html = fp.PAGE_BUILDERS[engine]([fp.P(42, "alice", body)])
    thread = _read_data(html.encode("utf-8"), "page", Options(), "", "")
    assert [p.post_id for p in thread.posts] == ["42"]
    expected = [
        " ".join(b.split())
        for b in body
        if isinstance(b, str) and " ".join(b.split()).startswith("!") and len(" ".join(b.split())) >= 2
    ]
    got = [c.line for c in thread.posts[0].commands]
    assert got == [e[:301] for e in expected]


# ------------------------------------------------------------------ post pending


def test_pending_lists_what_each_leader_still_owes(gm, camp):
    ok(gm("turn", "start", "-c", str(camp), "--dice", ",".join(["1"] * 6)))
    data = ok_json(gm("post", "pending", "-c", str(camp), "--format", "json"))
    assert data["turn"] == 1
    waiting = {leader["name"]: [w["kind"] for w in leader["waiting"]] for leader in data["leaders"]}
    assert set(waiting) == {"alice", "bob", "carol"}
    # campaigns/example/orders/turn-01.toml holds orders for all three
    assert all("orders_missing" not in kinds for kinds in waiting.values())
    out = ok(gm("post", "pending", "-c", str(camp), "--format", "bbcode", "--lang", "ru"))
    assert out.startswith("[size=150][b]Ждём — ход 1[/b][/size]")
    (camp / "orders" / "turn-01.toml").write_text('turn = 1\n[alice]\nexplore = ["0,-2"]\n', encoding="utf-8")
    data = ok_json(gm("post", "pending", "-c", str(camp), "--format", "json"))
    missing = {
        leader["name"] for leader in data["leaders"] if any(w["kind"] == "orders_missing" for w in leader["waiting"])
    }
    assert missing == {"bob", "carol"}
