"""Fetching a forum's pages stays in bounds (issue: closed rooms, §5): redirects only within
the thread's own site, --timeout one deadline for the whole page, a page's nesting measured
before it is parsed, Discourse JSON fields of the wrong type named, and a campaign's forum
profile that is a symbolic link refused.  Every server is started here, on 127.0.0.1."""

from __future__ import annotations

import json
import socketserver
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import forum_pages as fp
from gmtool.errors import InputError
from gmtool.forum.sources import Options, read_thread
from gmtool.forum.sources.fetch import Fetched, fetch, within_site
from gmtool.forum.sources.html import MAX_DEPTH, Nesting
from helpers import assert_error, ok_json, slow_twin, snapshot

pytestmark = pytest.mark.camp(example="fresh")


class Site:
    """A forum on 127.0.0.1: path → (status, headers, body); redirects are a status and a Location."""

    def __init__(self, host: str = "127.0.0.1") -> None:
        self.pages: dict[str, tuple[int, dict[str, str], bytes]] = {}
        self.hits: list[str] = []
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                site.hits.append(self.path)
                status, headers, body = site.pages.get(self.path, (404, {}, b"not found"))
                self.send_response(status)
                for name, value in {"Content-Type": "text/html; charset=utf-8", **headers}.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer((host, 0), Handler)
        self.port = self.server.server_address[1]
        self.base = f"http://{host}:{self.port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def add(self, path: str, body: str, **headers: str) -> None:
        self.pages[path] = (200, headers, body.encode("utf-8"))

    def redirect(self, path: str, target: str, status: int = 302) -> None:
        self.pages[path] = (status, {"Location": target}, b"")

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def site():
    server = Site()
    yield server
    server.close()


@pytest.fixture
def other_site():
    server = Site()
    yield server
    server.close()


class Listener:
    """A TCP listener that answers like an FTP server and records every byte it is sent."""

    def __init__(self) -> None:
        self.received: list[bytes] = []
        self.connections = 0
        listener = self

        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                listener.connections += 1
                self.request.sendall(b"220 FTP server ready\r\n")
                self.request.settimeout(5)
                try:
                    data = self.request.recv(1024)
                except OSError:
                    return
                listener.received.append(data)

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def ftp():
    server = Listener()
    yield server
    server.close()


def page(posts=None, **kw) -> str:
    return fp.phpbb_page(posts or fp.sample_posts()[:3], **kw)


# ------------------------------------------------------------------ redirects


@pytest.mark.parametrize(
    "site_url,target,allowed",
    [
        ("http://forum.example/t?1", "http://forum.example/t?2", True),
        ("http://forum.example/t", "https://forum.example/t", True),  # http → https, same host
        ("http://forum.example/t", "https://www.forum.example/t", True),  # and www.
        ("https://www.forum.example/t", "https://forum.example/t", True),
        ("https://forum.example/t", "http://forum.example/t", False),  # never back to http
        ("http://forum.example/t", "http://forum.example:8080/t", False),  # another port
        ("http://forum.example:8080/t", "https://forum.example:8443/t", False),
        ("http://forum.example/t", "http://evil.example/t", False),  # another host
        ("http://forum.example/t", "http://forum.example.evil.example/t", False),
        ("http://forum.example/t", "ftp://forum.example/t", False),  # another scheme
        ("http://forum.example/t", "file:///etc/passwd", False),
        ("http://127.0.0.1:8000/t", "http://localhost:8000/t", False),  # another host name
        ("http://форум.рф/t", "https://www.xn--l1adgmc.xn--p1ai/t", True),  # one host, two spellings
        ("http://[::1]:8000/t", "http://[::1]:8001/t", False),
    ],
)
def test_a_redirect_is_followed_only_within_the_threads_site(site_url, target, allowed):
    assert within_site(site_url, target) is allowed


def test_a_redirect_chain_within_the_site_is_followed_to_the_page(site):
    site.redirect("/old", "/older", 301)
    site.redirect("/older", f"{site.base}/viewtopic.php?t=12", 308)
    site.add("/viewtopic.php?t=12", page())
    thread = read_thread([f"{site.base}/old"])
    assert [p.post_id for p in thread.posts] == ["1001", "1002", "1003"]
    assert site.hits == ["/old", "/older", "/viewtopic.php?t=12"]


def test_a_redirect_to_an_ftp_listener_is_refused_naming_the_target(gm, camp, site, ftp):
    target = f"ftp://127.0.0.1:{ftp.port}/pub"
    site.redirect("/t", target)
    before = snapshot(camp)
    assert_error(gm("post", "resolve", f"{site.base}/t", "-c", str(camp)), "redirects to", target, quiet=True)
    assert ftp.connections == 0 and ftp.received == []  # never asked: no USER anonymous
    assert snapshot(camp) == before


@pytest.mark.parametrize("where", ["other port", "other host name", "file"])
def test_a_redirect_off_the_site_is_refused(site, other_site, where):
    other_site.add("/t", page())
    target = {
        "other port": f"{other_site.base}/t",
        "other host name": f"http://localhost:{site.port}/t",
        "file": "file:///etc/passwd",
    }[where]
    site.add("/t", page())
    site.redirect("/go", target)
    with pytest.raises(InputError, match="redirects to") as caught:
        read_thread([f"{site.base}/go"])
    assert target in str(caught.value) and "\n" not in str(caught.value)
    assert other_site.hits == [] and site.hits == ["/go"]


def test_a_same_site_next_page_that_redirects_away_is_refused(site, other_site):
    posts = fp.sample_posts()
    site.add("/viewtopic.php?t=12", fp.phpbb_page(posts[:3], 1, 2, per_page=3, total=6))
    site.redirect("/viewtopic.php?t=12&start=3", f"{other_site.base}/viewtopic.php?t=12&start=3")
    other_site.add("/viewtopic.php?t=12&start=3", fp.phpbb_page(posts[3:6], 2, 2, per_page=3, total=6))
    with pytest.raises(InputError, match="redirects to"):
        read_thread([f"{site.base}/viewtopic.php?t=12"])
    assert other_site.hits == []


def test_later_pages_are_compared_with_where_the_first_page_ended_up(monkeypatch):
    """After an http→https and www. redirect the next pages' links are on the final site:
    every page is read (they were all dropped as off the site)."""
    import gmtool.forum.sources as sources

    posts = fp.sample_posts()
    final = "https://www.forum.example/viewtopic.php?t=12"
    served = {
        final: fp.phpbb_page(posts[:3], 1, 3, per_page=3, total=7),
        final + "&start=3": fp.phpbb_page(posts[3:6], 2, 3, per_page=3, total=7),
        final + "&start=6": fp.phpbb_page(posts[6:], 3, 3, per_page=3, total=7),
    }
    asked: list[tuple[str, str]] = []

    def fake_fetch(url, timeout, max_bytes, site=None):
        asked.append((url, site))
        landed = final if url == "http://forum.example/viewtopic.php?t=12" else url
        assert within_site(site, landed)
        return Fetched(landed, served[landed].encode("utf-8"), "text/html", "utf-8")

    monkeypatch.setattr(sources, "fetch", fake_fetch)
    thread = read_thread(["http://forum.example/viewtopic.php?t=12"])
    assert [p.post_id for p in thread.posts] == [str(p.id) for p in posts] and thread.pages == 3
    assert [site for _, site in asked] == ["http://forum.example/viewtopic.php?t=12", final, final]


class SecureForum:
    """forum.example on 127.0.0.1 as a browser reaches it through a proxy: plain http through
    the proxy (``http_proxy``), https through the proxy's CONNECT tunnel (``https_proxy``) to
    a TLS server whose certificate (made here with openssl) the fetch is told to trust
    (``SSL_CERT_FILE``).  Each side records the pages asked of it."""

    def __init__(self, folder, monkeypatch) -> None:
        import shutil
        import ssl
        import subprocess

        if shutil.which("openssl") is None:
            pytest.skip("openssl is needed to make the test forum's certificate")
        cert, key = folder / "cert.pem", folder / "key.pem"
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
             "-days", "1", "-subj", "/CN=forum.example", "-addext", "subjectAltName=DNS:forum.example"],
            check=True, capture_output=True,
        )  # fmt: skip
        self.http: dict[str, tuple[int, dict[str, str], bytes]] = {}  # absolute URL → answer
        self.https: dict[str, bytes] = {}  # path → page
        self.http_hits: list[str] = []
        self.https_hits: list[str] = []
        forum = self

        class Secure(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                forum.https_hits.append(self.path)
                body = forum.https.get(self.path)
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body or b"")))
                self.end_headers()
                self.wfile.write(body or b"")

            def log_message(self, *args) -> None:
                pass

        self.secure = ThreadingHTTPServer(("127.0.0.1", 0), Secure)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        self.secure.socket = context.wrap_socket(self.secure.socket, server_side=True)
        secure_port = self.secure.server_address[1]

        class Proxy(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                forum.http_hits.append(self.path)
                status, headers, body = forum.http.get(self.path, (404, {}, b""))
                self.send_response(status)
                for name, value in {"Content-Type": "text/html; charset=utf-8", **headers}.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_CONNECT(self) -> None:  # noqa: N802
                import select
                import socket

                upstream = socket.create_connection(("127.0.0.1", secure_port))
                self.send_response(200, "Connection established")
                self.end_headers()
                ends = [self.connection, upstream]
                try:
                    while True:
                        ready, _, _ = select.select(ends, [], [], 5)
                        if not ready:
                            return
                        for end in ready:
                            data = end.recv(65536)
                            if not data:
                                return
                            (upstream if end is self.connection else self.connection).sendall(data)
                finally:
                    upstream.close()
                    self.close_connection = True

            def log_message(self, *args) -> None:
                pass

        self.proxy = ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
        for server in (self.secure, self.proxy):
            threading.Thread(target=server.serve_forever, daemon=True).start()
        for name in ("no_proxy", "NO_PROXY", "HTTP_PROXY", "HTTPS_PROXY"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("http_proxy", f"http://127.0.0.1:{self.proxy.server_address[1]}")
        monkeypatch.setenv("https_proxy", f"http://127.0.0.1:{self.proxy.server_address[1]}")
        monkeypatch.setenv("SSL_CERT_FILE", str(cert))

    def close(self) -> None:
        for server in (self.secure, self.proxy):
            server.shutdown()
            server.server_close()


def test_a_later_page_is_never_followed_from_https_down_to_http(tmp_path, monkeypatch):
    """Issue 33 §5. The thread's first page ends up on https (http → https redirect); its
    next page's link is written http://: it is fetched over https, never over http."""
    forum = SecureForum(tmp_path, monkeypatch)
    try:
        posts = fp.sample_posts()
        first = fp.phpbb_page(posts[:3], 1, 2, per_page=3, total=6)
        first = first.replace(
            'href="./viewtopic.php?t=12&amp;start=3"', 'href="http://forum.example/viewtopic.php?t=12&amp;start=3"'
        )
        assert 'href="http://forum.example/viewtopic.php?t=12&amp;start=3" rel="next"' in first
        second = fp.phpbb_page(posts[3:6], 2, 2, per_page=3, total=6).encode("utf-8")
        forum.http["http://forum.example/viewtopic.php?t=12"] = (
            301, {"Location": "https://forum.example/viewtopic.php?t=12"}, b""
        )  # fmt: skip
        forum.http["http://forum.example/viewtopic.php?t=12&start=3"] = (200, {}, second)  # what a downgrade would read
        forum.https["/viewtopic.php?t=12"] = first.encode("utf-8")
        forum.https["/viewtopic.php?t=12&start=3"] = second
        thread = read_thread(["http://forum.example/viewtopic.php?t=12"])
        assert [p.post_id for p in thread.posts] == ["1001", "1002", "1003", "1004", "1005", "1006"]
        assert thread.pages == 2
        assert forum.http_hits == ["http://forum.example/viewtopic.php?t=12"]  # the first redirect only
        assert forum.https_hits == ["/viewtopic.php?t=12", "/viewtopic.php?t=12&start=3"]
        # a next page's link to another port over http is off the site: the thread ends there
        forum.https["/viewtopic.php?t=12"] = first.replace(
            "http://forum.example/", "http://forum.example:8080/"
        ).encode()
        thread = read_thread(["https://forum.example/viewtopic.php?t=12"])
        assert [p.post_id for p in thread.posts] == ["1001", "1002", "1003"] and thread.pages == 1
        assert forum.http_hits == ["http://forum.example/viewtopic.php?t=12"]
    finally:
        forum.close()


def test_a_proxy_the_environment_names_is_used_and_its_redirects_checked(monkeypatch, site):
    """Like urllib before it, a fetch goes through ``http_proxy`` (a forum the machine only
    reaches that way); the thread's site is still the forum's, not the proxy's."""
    for name in ("no_proxy", "NO_PROXY", "HTTP_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("http_proxy", site.base)
    site.add("http://forum.example/viewtopic.php?t=12", page())
    site.redirect("http://forum.example/away", "ftp://forum.example/pub")
    thread = read_thread(["http://forum.example/viewtopic.php?t=12"])
    assert [p.post_id for p in thread.posts] == ["1001", "1002", "1003"]
    with pytest.raises(InputError, match="redirects to 'ftp://forum.example/pub'"):
        read_thread(["http://forum.example/away"])
    assert site.hits == ["http://forum.example/viewtopic.php?t=12", "http://forum.example/away"]


# ------------------------------------------------------------------ the deadline


class Drip:
    """A server that answers one byte every 0.2 s for ten minutes — in its headers or in
    its body — and counts what it sent."""

    def __init__(self, in_headers: bool) -> None:
        self.sent = 0
        self.stop = threading.Event()
        drip = self
        body = b"<html><body>" + b"x" * 3000 + b"</body></html>"
        head = (
            b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n" + b"".join(b"X-Slow-%d: y\r\n" % i for i in range(600))
            if in_headers
            else b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n" % len(body)
        )
        answer = head + b"\r\n" + body if in_headers else head + b"\r\n"

        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                self.request.recv(4096)
                fast, slow = (b"", answer + body) if in_headers else (answer, body)
                try:
                    self.request.sendall(fast)
                    for i in range(len(slow)):  # 3,000+ bytes at 5 a second: ten minutes
                        if drip.stop.wait(0.2):
                            return
                        self.request.sendall(slow[i : i + 1])
                        drip.sent += 1
                except OSError:
                    return

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.total = len(answer + body) if in_headers else len(body)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/t"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.stop.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.mark.parametrize("in_headers", [False, True], ids=["body", "headers"])
def test_timeout_is_a_deadline_for_the_whole_page_not_each_read(in_headers):
    drip = Drip(in_headers)
    try:
        with pytest.raises(InputError, match=r"did not arrive within 1 s \(--timeout\)"):
            fetch(drip.url, timeout=1)
        assert drip.sent < drip.total  # cut off: the drip was far from done
    finally:
        drip.close()


def test_a_dripping_forum_is_one_line_from_the_command(gm, camp):
    drip = Drip(False)
    try:
        before = snapshot(camp)
        assert_error(
            gm("post", "resolve", drip.url, "-c", str(camp), "--timeout", "1"), "did not arrive within 1 s", quiet=True
        )
        assert snapshot(camp) == before
    finally:
        drip.close()


# ------------------------------------------------------------------ nesting


def nested_page(depth: int) -> str:
    body = "<div>" * depth + "!roll d6" + "</div>" * depth
    return fp.phpbb_page([fp.P(1, "alice", ["x"])]).replace('<div class="content">x', f'<div class="content">{body}')


def test_two_hundred_thousand_nested_divs_are_refused_from_a_file_and_a_url(gm, camp, tmp_path, site):
    deep = nested_page(200_000)  # 2.2 MB: lexbor's parse grows with the square of the depth
    saved = tmp_path / "deep.html"
    saved.write_text(deep, encoding="utf-8")
    site.add("/deep", deep)
    before = snapshot(camp)
    for source in (str(saved), f"{site.base}/deep"):
        assert_error(
            gm("post", "resolve", source, "-c", str(camp)),
            f"{source}: the page nests elements deeper than {MAX_DEPTH:,} levels",
            quiet=True,
        )
    assert snapshot(camp) == before


def test_formatting_reopened_paragraph_after_paragraph_is_refused(tmp_path):
    """<b> closed early by </p> is re-opened in each paragraph: 8,000 of them with different
    attributes took lexbor over a minute."""
    soup = "".join(f"<p><b x={i}>t</p>" for i in range(8000))
    saved = tmp_path / "b.html"
    saved.write_text(
        fp.phpbb_page([fp.P(1, "alice", ["x"])]).replace('<div class="content">x', f'<div class="content">{soup}')
    )
    with pytest.raises(InputError, match="too deeply, too often"):
        read_thread([str(saved)])


def test_a_deep_but_bounded_page_is_read(tmp_path):
    saved = tmp_path / "d.html"
    saved.write_text(nested_page(3000), encoding="utf-8")
    assert [c.line for c in read_thread([str(saved)]).posts[0].commands] == ["!roll d6"]


def test_a_discourse_post_nesting_too_deep_is_refused(tmp_path):
    data = json.loads(fp.discourse_json(fp.sample_posts()[:2]))
    data["post_stream"]["posts"][1]["cooked"] = "<div>" * 50_000 + "!roll d6"
    saved = tmp_path / "12.json"
    saved.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError, match="deeper than"):
        read_thread([str(saved)])


TAGS = [
    "<div>",
    "</div>",
    "<p>",
    "</p>",
    "<b>",
    "</b>",
    "<i>",
    "</i>",
    "<a href=x>",
    "</a>",
    "<b class=y>",
    "<li>",
    "</li>",
    "<ul>",
    "</ul>",
    "<table>",
    "<tr>",
    "<td>",
    "</td>",
    "</tr>",
    "</table>",
    "<svg>",
    "</svg>",
    "<path/>",
    "<div/>",
    "t",
    " ",
    "<span>",
    "</span>",
    "<font color=red>",
    "</font>",
    "<br>",
    "<!-- c -->",
    "<script>x</script>",
    "<pre>",
    "</pre>",
    "<h1>",
    "</h1>",
    "<dl>",
    "<dt>",
    "<dd>",
    "<nobr>",
    "</nobr>",
    "<form>",
    "</form>",
    "<object>",
    "</object>",
    "</body>",
    "<blockquote>",
    "</blockquote>",
]


def _depth(tree) -> int:
    deepest, stack = 0, [(tree.root, 0)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        child = node.child
        while child is not None:
            stack.append((child, depth + 1))
            child = child.next
    return deepest


@settings(max_examples=40)  # 300: the twin at the end
@given(st.lists(st.sampled_from(TAGS), min_size=1, max_size=150))
def test_the_measure_follows_the_parsers_depth(tokens):
    """What Nesting measures is, up to a few levels (implied elements), at least the depth
    the parser builds: a page cannot nest deep behind its back."""
    from selectolax.lexbor import LexborHTMLParser

    html = "".join(tokens)
    measure = Nesting("x")
    measure.check(html)
    assert _depth(LexborHTMLParser(html)) - 2 <= measure.deepest + 10  # html > body


@pytest.mark.parametrize(
    "unit",
    ["<b><div></b>", "<div/>", "<span><div></span>", "<table><td><div></td>", "<p><b>x</p><div>", "<div></body>"],
)
def test_repeated_tricks_the_parser_nests_through_are_measured(unit):
    with pytest.raises(InputError, match="deeper than|too often"):
        Nesting("x").check(unit * 30_000)


# ------------------------------------------------------------------ Discourse JSON of the wrong type


def test_a_string_version_is_one_line_naming_the_field(gm, camp, tmp_path):
    data = json.loads(fp.discourse_json(fp.sample_posts()[:2]))
    data["post_stream"]["posts"][0]["version"] = "2"
    saved = tmp_path / "12.json"
    saved.write_text(json.dumps(data), encoding="utf-8")
    assert_error(
        gm("post", "resolve", str(saved), "-c", str(camp)),
        'post 1: `version` must be a whole number, not "2"',
        quiet=True,
    )
    res = gm("post", "resolve", str(saved), "-c", str(camp), "--lang", "ru")
    assert_error(res, "`version` должно быть целым числом", quiet=True)


POST_FIELDS = {
    "post_number": int,
    "username": str,
    "topic_id": int,
    "cooked": str,
    "version": int,
    "post_type": int,
    "hidden": bool,
    "deleted_at": str,
}
TOPIC_FIELDS = {"id": int, "posts_count": int, "chunk_size": int}
json_values = st.one_of(
    st.booleans(),
    st.integers(-5, 5),
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)


RANGED = {"post_number", "topic_id", "id"}  # whole numbers from 1


def _wrong(field: str, kind: type, value) -> bool:
    if value is None:
        return False
    if kind is bool:
        return not isinstance(value, bool)
    return isinstance(value, bool) or not isinstance(value, kind) or (field in RANGED and value < 1)


@settings(max_examples=30)  # 150: the twin at the end
@given(field=st.sampled_from(sorted(POST_FIELDS) + sorted(TOPIC_FIELDS)), value=json_values)
def test_any_mistyped_discourse_field_is_an_error_naming_it(field, value):
    data = json.loads(fp.discourse_json(fp.sample_posts()[:2]))
    kind = POST_FIELDS.get(field) or TOPIC_FIELDS[field]
    (data["post_stream"]["posts"][0] if field in POST_FIELDS else data)[field] = value
    try:
        _read_json(json.dumps(data).encode())
    except InputError as exc:
        assert "\n" not in str(exc)
        if _wrong(field, kind, value):
            assert f"`{field}` must be" in str(exc)
        return
    assert not _wrong(field, kind, value)


def _read_json(data: bytes):
    from gmtool.forum.sources import _read_data

    return _read_data(data, "t.json", Options(), "", "")


# ------------------------------------------------------------------ a campaign's forum profiles


def test_a_profile_that_is_a_symlink_out_of_the_campaign_is_refused(gm, camp, tmp_path):
    outside = tmp_path / "outside.toml"
    outside.write_text('secret = "do-not-show-me"\n', encoding="utf-8")
    (camp / "forums").mkdir()
    (camp / "forums" / "mine.toml").symlink_to(outside)
    saved = tmp_path / "t.html"
    saved.write_text(page(), encoding="utf-8")
    res = gm("post", "resolve", str(saved), "-c", str(camp))
    assert_error(res, "mine.toml is a symbolic link", quiet=True)
    assert "do-not-show-me" not in res.stderr


def test_a_forums_folder_that_is_a_symlink_is_refused(gm, camp, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (camp / "forums").symlink_to(elsewhere)
    saved = tmp_path / "t.html"
    saved.write_text(page(), encoding="utf-8")
    assert_error(gm("post", "resolve", str(saved), "-c", str(camp)), "forums is a symbolic link", quiet=True)


def test_a_json_reads_alike_after_a_good_resolve(gm, camp, tmp_path):
    saved = tmp_path / "12.json"
    saved.write_text(fp.discourse_json(fp.sample_posts()[:3]), encoding="utf-8")
    data = ok_json(gm("post", "resolve", str(saved), "-c", str(camp), "--format", "json"))
    assert [p["post_id"] for p in data["posts"]] == ["t12-2", "t12-3"]


# ------------------------------------------------------------------ the long runs (pytest -m slow)

test_the_measure_follows_the_parsers_depth_long = slow_twin(test_the_measure_follows_the_parsers_depth, 300)
test_any_mistyped_discourse_field_is_an_error_naming_it_long = slow_twin(
    test_any_mistyped_discourse_field_is_an_error_naming_it, 150
)
