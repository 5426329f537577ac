"""The forums Russian players use: SMF 2.x, FluxBB/PunBB, the mybb.ru / rusff.me hosts and
uCoz.  Each engine's thread page (rendered from its own templates: tests/forum_pages_ru.py),
saved or served by a local server with its later pages, gives the same commands as the phpBB
page of the same thread; quotes and code boxes are left out, spoilers kept; windows-1251
pages are read; a page of another shape is refused; each engine's BBCode dialect writes only
its own tags, balanced."""

from __future__ import annotations

import shutil

import pytest

import forum_pages as fp
import forum_pages_ru as ru
from gmtool.errors import InputError
from gmtool.forum.sources import Options, read_thread
from helpers import assert_error, ok, ok_json, run_gmtool, snapshot, write_text
from test_dialects import check_bbcode, posts_in
from test_forum_sources import Forum

ENGINES = ["smf", "punbb", "mybbru", "ucoz"]
LEADERS = ["Борис", "Алиса", "Вера", "Глеб", "Дарья", "Евгений Ли", "Жанна", "Ирина", "Лариса"]
# the URL of a thread's first page and of its second, per engine (20 posts, 15 on a page)
PAGE_URLS = {
    "smf": ["/index.php?topic=12.0", "/index.php?topic=12.15"],
    "punbb": ["/viewtopic.php?id=12", "/viewtopic.php?id=12&p=2"],
    "mybbru": ["/viewtopic.php?id=12", "/viewtopic.php?id=12&p=2"],
    "ucoz": ["/forum/2-12-1", "/forum/2-12-2"],
}
PER_PAGE = 15


def posts_of(*sources: str, **options) -> dict[str, tuple[str, list[str]]]:
    thread = read_thread(list(sources), Options(**options))
    return {p.post_id: (p.author, [c.line for c in p.commands]) for p in thread.posts}


def page(engine: str, posts: list[fp.P] | None = None, **kw) -> str:
    return ru.PAGE_BUILDERS[engine](ru.ru_thread() if posts is None else posts, **kw)


@pytest.fixture(scope="module")
def phpbb_posts(tmp_path_factory):
    """What the phpBB page of the same thread gives: the reference."""
    folder = tmp_path_factory.mktemp("phpbb")
    return posts_of(str(write_text(folder, "phpbb.html", fp.phpbb_page(ru.ru_thread()))))


@pytest.fixture(scope="module")
def campaign(tmp_path_factory):
    """A campaign whose leaders are the thread's Russian authors (one secret key: copies of
    it roll the same dice for the same commands)."""
    folder = tmp_path_factory.mktemp("ru") / "camp"
    ok(run_gmtool("campaign", "new", str(folder), *[a for name in LEADERS for a in ("--player", name)], "--seed", "3"))
    return folder


def fresh(campaign, tmp_path, name: str):
    copy = tmp_path / name
    shutil.copytree(campaign, copy)
    return copy


@pytest.fixture
def forum():
    server = Forum()
    yield server
    server.close()


# ------------------------------------------------------------------ saved pages


@pytest.mark.parametrize("engine", ENGINES)
def test_a_saved_page_gives_the_phpbb_pages_posts(tmp_path, engine, phpbb_posts):
    saved = write_text(tmp_path, f"{engine}.html", page(engine))
    thread = read_thread([str(saved)])
    assert (thread.engine, thread.kind, len(thread.posts)) == (engine, "page", 20)
    assert posts_of(str(saved)) == phpbb_posts
    assert thread.edited == {"506"}


@pytest.mark.parametrize("engine", ENGINES)
def test_resolve_prints_the_same_json_as_from_the_phpbb_page(gm, campaign, tmp_path, engine):
    phpbb = write_text(tmp_path, "phpbb.html", fp.phpbb_page(ru.ru_thread()))
    saved = write_text(tmp_path, f"{engine}.html", page(engine))
    want = ok_json(gm("post", "resolve", str(phpbb), "-c", str(fresh(campaign, tmp_path, "a")), "--format", "json"))
    got = ok_json(gm("post", "resolve", str(saved), "-c", str(fresh(campaign, tmp_path, "b")), "--format", "json"))
    assert got == want
    statuses = [c["status"] for p in got["posts"] for c in p["commands"]]
    assert statuses == ["ok"] * 12


@pytest.mark.parametrize("engine", ENGINES)
def test_quotes_and_code_boxes_left_out_spoilers_kept_signatures_never_read(tmp_path, engine):
    saved = write_text(tmp_path, "t.html", page(engine))
    posts = posts_of(str(saved))
    assert posts["504"] == ("Вера", [])  # a quote holding a quote, both with commands
    assert posts["506"] == ("Глеб", [])  # a command shown in a code box
    assert posts["508"] == ("Дарья", ["!roll d20 под спойлером"])  # a spoiler is kept
    assert posts["516"] == ("Дарья", [])  # a code box inside a spoiler is still a code box
    assert posts["512"] == ("Алиса", [])  # quoting one's own command does not run it again
    thread = read_thread([str(saved)])
    bodies = "\n".join(p.body for p in thread.posts)
    assert "в подписи" not in bodies  # the signature under every post
    assert "Отредактировано" not in bodies and "отредактировал" not in bodies  # the edit note
    assert "Понял." in next(p.body for p in thread.posts if p.post_id == "506")


@pytest.mark.parametrize("engine", ENGINES)
def test_pages_given_in_order(tmp_path, engine, phpbb_posts):
    posts = ru.ru_thread()
    one = write_text(tmp_path, "1.html", page(engine, posts[:PER_PAGE], page=1, pages=2, per_page=PER_PAGE))
    two = write_text(tmp_path, "2.html", page(engine, posts[PER_PAGE - 1 :], page=2, pages=2, per_page=PER_PAGE))
    assert posts_of(str(one), str(two)) == phpbb_posts  # post 515 on both pages counts once


# ------------------------------------------------------------------ URLs


def serve(forum: Forum, engine: str, charset: str = "utf-8", header: bool = True) -> str:
    """The thread on two pages at the engine's URLs; the first page's URL."""
    posts = ru.ru_thread()
    chunks = [posts[:PER_PAGE], posts[PER_PAGE:]]
    for n, (path, chunk) in enumerate(zip(PAGE_URLS[engine], chunks), start=1):
        html = page(engine, chunk, page=n, pages=2, per_page=PER_PAGE, charset=charset)
        html = html.replace("https://forum.example", forum.base).replace("https://orion.rusff.me", forum.base)
        kind = f"text/html; charset={charset}" if header else "text/html"
        forum.pages[path] = (200, kind, html.encode(charset))
    return forum.base + PAGE_URLS[engine][0]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_url_is_followed_to_its_later_pages(forum, engine, phpbb_posts):
    url = serve(forum, engine)
    thread = read_thread([url])
    assert (thread.engine, thread.pages) == (engine, 2)
    assert {p.post_id: (p.author, [c.line for c in p.commands]) for p in thread.posts} == phpbb_posts
    assert forum.hits == PAGE_URLS[engine]


@pytest.mark.parametrize("engine", ENGINES)
def test_resolve_from_a_url_prints_what_the_saved_page_does(gm, campaign, tmp_path, forum, engine):
    url = serve(forum, engine)
    saved = write_text(tmp_path, "t.html", page(engine))
    want = ok_json(gm("post", "resolve", str(saved), "-c", str(fresh(campaign, tmp_path, "a")), "--format", "json"))
    got = ok_json(gm("post", "resolve", url, "-c", str(fresh(campaign, tmp_path, "b")), "--format", "json"))
    assert got == want


# ------------------------------------------------------------------ windows-1251


@pytest.mark.parametrize("engine", ENGINES)
def test_a_saved_windows_1251_page_is_read(tmp_path, engine, phpbb_posts):
    saved = tmp_path / "cp1251.html"
    saved.write_bytes(page(engine, charset="windows-1251").encode("cp1251"))
    assert "Борис".encode() not in saved.read_bytes()  # really not UTF-8
    assert posts_of(str(saved)) == phpbb_posts


@pytest.mark.parametrize("header", [True, False], ids=["http-header", "meta-only"])
@pytest.mark.parametrize("engine", ENGINES)
def test_a_fetched_windows_1251_page_is_read(forum, engine, header, phpbb_posts):
    """The HTTP header's charset, or (without one) the page's own <meta>, decides."""
    url = serve(forum, engine, charset="windows-1251", header=header)
    assert posts_of(url) == phpbb_posts


def test_the_ucoz_page_example_a_moderator_saves_in_cp1251(gm, campaign, tmp_path):
    """An old uCoz forum: the page saved as the browser gives it, resolved in Russian."""
    saved = tmp_path / "forum_2-12-1.html"
    saved.write_bytes(page("ucoz", charset="windows-1251").encode("cp1251"))
    out = ok(gm("post", "resolve", str(saved), "-c", str(fresh(campaign, tmp_path, "a")), "--lang", "ru"))
    assert "Борис #502" in out and "!бросок 2d10+1 абордаж" in out
    assert "под спойлером" in out and "пример в коде" not in out and "вложенная цитата" not in out


# ------------------------------------------------------------------ other shapes refused


@pytest.mark.parametrize("engine", ENGINES)
def test_a_page_of_another_shape_is_refused_in_one_line(gm, campaign, tmp_path, engine):
    camp = fresh(campaign, tmp_path, "a")
    before = snapshot(camp)
    phpbb = write_text(tmp_path, "phpbb.html", fp.phpbb_page(ru.ru_thread()))
    assert_error(
        gm("post", "resolve", str(phpbb), "-c", str(camp), "--profile", engine, "--lang", "en"),
        "phpbb.html: this is not a thread page of",
        "--profile",
        quiet=True,
    )
    login = write_text(tmp_path, "login.html", "<html><body><form><input name='user'></form></body></html>")
    assert_error(gm("post", "resolve", str(login), "-c", str(camp), "--lang", "en"), "not recognised", quiet=True)
    assert snapshot(camp) == before


def test_each_engine_is_recognised_as_itself_only(tmp_path):
    """Every page is read by its own profile, never by another engine's (the phpBB, MyBB …
    pages included)."""
    from gmtool.forum.sources.html import matches, parse_html
    from gmtool.forum.sources.profiles import profiles

    pages = {name: page(name) for name in ENGINES}
    pages.update({name: build(fp.sample_posts()) for name, build in fp.PAGE_BUILDERS.items()})
    for name, html in pages.items():
        found = [p.name for p in profiles() if matches(parse_html(html), p)]
        assert found == [name], (name, found)


def test_a_post_without_its_id_is_one_line_naming_the_post(tmp_path):
    html = page("ucoz").replace('id="ucoz-forum-post-503"', 'id="ucoz-forum-post-x"')
    with pytest.raises(InputError, match="post 3"):
        read_thread([str(write_text(tmp_path, "t.html", html))])


# ------------------------------------------------------------------ rooms


def test_a_room_from_an_smf_page(gm, campaign, tmp_path):
    """A leader's room on an SMF board (a topic only they and the moderator see): every
    post in it private to the leader."""
    camp = fresh(campaign, tmp_path, "a")
    posts = [fp.P(701, "Борис", ["Приказы на ход:", "!roll d10 тайная разведка"])]
    room = write_text(tmp_path, "room.html", page("smf", posts))
    data = ok_json(gm("post", "resolve", str(room), "-c", str(camp), "--room", "Борис", "--format", "json"))
    assert [(p["post_id"], p["private"]) for p in data["read"]] == [("701", True)]


# ------------------------------------------------------------------ dialects


@pytest.mark.parametrize("engine", ENGINES)
def test_each_dialects_posts_use_only_its_tags_balanced(gm, campaign, tmp_path, engine):
    saved = write_text(tmp_path, "t.html", page(engine))
    camp = fresh(campaign, tmp_path, "a")
    outs = [
        ok(gm("post", "resolve", str(saved), "-c", str(camp), "--format", "bbcode", "--dialect", engine)),
        ok(gm("roll", "4d6kh3", "--dice", "6,1,5,3", "--format", "bbcode", "--dialect", engine)),
        ok(gm("table", "show", "orion/world-size", "--format", "bbcode", "--dialect", engine, "--lang", "ru")),
        ok(gm("post", "pending", "-c", str(camp), "--format", "bbcode", "--dialect", engine, "--lang", "ru")),
    ]
    for out in outs:
        for post in posts_in(out):
            check_bbcode(post, engine)


@pytest.mark.parametrize(
    "engine,title,dropped",
    [
        ("smf", "[size=14pt][b]", "[s]1[/s]"),
        ("punbb", "[h]", "[s]1[/s]"),
        ("mybbru", "[size=16][b]", "[s]1[/s]"),
        ("ucoz", "[size=14][b]", "[s]1[/s]"),
    ],
)
def test_each_dialect_writes_the_engines_own_markup(gm, engine, title, dropped):
    out = ok(gm("roll", "4d6kh3", "--dice", "6,1,5,3", "--format", "bbcode", "--dialect", engine))
    assert out.startswith(title + "Roll: 4d6kh3") and f"[6, {dropped}, 5, 3]" in out


def test_a_campaign_sets_one_of_these_dialects(gm, campaign, tmp_path):
    camp = fresh(campaign, tmp_path, "a")
    ok(gm("campaign", "set", "-c", str(camp), "dialect", "ucoz"))
    out = ok(gm("post", "pending", "-c", str(camp), "--format", "bbcode"))
    assert out.startswith("[size=14][b]")


@pytest.mark.parametrize("label", ["windows-1251", "cp1251", "x-cp1251", "Windows-1251"])
def test_every_browser_name_of_windows_1251_is_honoured(tmp_path, forum, label, phpbb_posts):
    """The names browsers accept for windows-1251 (x-cp1251 among them), in the page's <meta>
    and in the server's header."""
    saved = tmp_path / "t.html"
    saved.write_bytes(page("ucoz", charset=label).encode("cp1251"))
    assert posts_of(str(saved)) == phpbb_posts
    forum.pages["/forum/2-12"] = (200, f"text/html; charset={label}", saved.read_bytes())
    assert posts_of(f"{forum.base}/forum/2-12") == phpbb_posts


def test_an_smf_2_0_board_is_read_and_followed_by_its_page_index(tmp_path, forum, phpbb_posts):
    """SMF 2.0 (Curve): other quote and code boxes, the edit note under the post, and no
    <link rel="next">: the page index's link after the current page leads on."""
    saved = write_text(tmp_path, "smf20.html", ru.smf20_page(ru.ru_thread()))
    thread = read_thread([str(saved)])
    assert thread.engine == "smf" and thread.edited == {"506"}
    assert posts_of(str(saved)) == phpbb_posts
    assert "Цитата" not in "\n".join(p.body for p in thread.posts)
    posts = ru.ru_thread()
    for n, (path, chunk) in enumerate(zip(PAGE_URLS["smf"], [posts[:PER_PAGE], posts[PER_PAGE:]]), start=1):
        html = ru.smf20_page(chunk, page=n, pages=2, per_page=PER_PAGE).replace("https://forum.example", forum.base)
        forum.add(path, html)
    assert posts_of(forum.base + PAGE_URLS["smf"][0]) == phpbb_posts
    assert forum.hits == PAGE_URLS["smf"]
