"""HTTP(S) fetching of forum pages: a deadline, a size cap, redirects kept on the thread's
own site, one-line errors.

``--timeout`` is a deadline for the whole fetch of one page — connecting, every redirect,
the headers and every byte of the body — not a wait per read: each read of the socket is
given only what is left of it, so a server that drips a byte at a time is cut off.
"""

from __future__ import annotations

import io
import socket
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

from gmtool.errors import InputError

DEFAULT_TIMEOUT = 15.0
MAX_PAGE_BYTES = 8_000_000
MAX_REDIRECTS = 10
REDIRECTS = (301, 302, 303, 307, 308)
_DEFAULT_PORT = {"http": 80, "https": 443}
_SAFE = "/%:@!$&'()*+,;=-._~?"  # kept as they are in a path or query; the rest (Cyrillic…) %-escaped


@dataclass
class Fetched:
    url: str  # after redirects
    data: bytes
    content_type: str
    charset: str


def _origin(url: str) -> tuple[str, str, int]:
    """(scheme, host without a leading ``www.``, port) of an http(s) URL."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower().rstrip(".")
    try:
        host = host.encode("idna").decode("ascii")  # форум.рф and xn--…: one host
    except UnicodeError:
        pass
    if host.startswith("www."):
        host = host[4:]
    try:
        port = parts.port or _DEFAULT_PORT.get(scheme, 0)
    except ValueError:  # a port that is not a number
        port = -1
    return scheme, host, port


def within_site(site: str, target: str) -> bool:
    """Whether ``target`` is on the thread's own site ``site``: the same host (``www.`` or
    not) and the same scheme and port — or the same host moved from http to https, from the
    default port to the default port. Never another host, another port, or another scheme
    (``ftp:``, ``file:``), and never back from https to http."""
    scheme, host, port = _origin(site)
    to_scheme, to_host, to_port = _origin(target)
    if not host or to_host != host or to_scheme not in _DEFAULT_PORT:
        return False
    if to_scheme == scheme:
        return to_port == port
    return (scheme, port, to_scheme, to_port) == ("http", 80, "https", 443)


class _DeadlineReader(io.RawIOBase):
    """The socket's reader, each read given what is left of the deadline as its timeout."""

    def __init__(self, raw: Any, sock: socket.socket, deadline: float) -> None:
        self._raw = raw
        self._sock = sock
        self._deadline = deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        self._sock.settimeout(left)
        return self._raw.readinto(buffer)

    def close(self) -> None:
        self._raw.close()
        super().close()


def _response_class(deadline: float) -> Any:
    import http.client

    class Response(http.client.HTTPResponse):
        def __init__(self, sock: socket.socket, *args: Any, **kwargs: Any) -> None:
            super().__init__(sock, *args, **kwargs)
            self.fp = io.BufferedReader(_DeadlineReader(self.fp.detach(), sock, deadline))

    return Response


def fetch(
    url: str, timeout: float = DEFAULT_TIMEOUT, max_bytes: int = MAX_PAGE_BYTES, site: str | None = None
) -> Fetched:
    """One page, following redirects only while they stay ``within_site(site)`` (the URL
    itself when no site is given), all within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    site = site or url
    current = url
    for _ in range(MAX_REDIRECTS + 1):
        status, location, fetched = _get(current, deadline, timeout, max_bytes)
        if fetched is not None:
            return fetched
        target = urljoin(current, location)
        if not within_site(site, target):
            raise InputError(key="forum.redirect_off_site", url=current, target=repr(target[:200]))
        current = target
    raise InputError(key="forum.too_many_redirects", url=url, n=MAX_REDIRECTS)


def _get(url: str, deadline: float, timeout: float, max_bytes: int) -> tuple[int, str, Fetched | None]:
    """(status, redirect target, the page): the page when the answer is one, else where the
    forum redirects to."""
    import http.client

    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        if scheme not in _DEFAULT_PORT or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {url[:200]!r}")
        port = parts.port
        try:
            host = parts.hostname.encode("idna").decode("ascii")  # форум.рф → xn--…
        except UnicodeError:
            raise ValueError(f"not a host name: {parts.hostname[:100]!r}") from None
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        proxy = _proxy(scheme, host)
        via_host, via_port = (proxy.hostname or "", proxy.port) if proxy else (host, port)
        if scheme == "https":
            import ssl

            connection: http.client.HTTPConnection = http.client.HTTPSConnection(
                via_host, via_port, timeout=left, context=ssl.create_default_context()
            )
            if proxy:
                connection.set_tunnel(host, port)
        else:
            connection = http.client.HTTPConnection(via_host, via_port, timeout=left)
        connection.response_class = _response_class(deadline)
        try:
            try:
                connection.connect()
            except TimeoutError:
                raise
            except OSError as exc:
                raise InputError(key="forum.unreachable", url=url, reason=_os_reason(exc)) from None
            shown = f"[{host}]" if ":" in host else host
            through = f"http://{shown}{f':{port}' if port else ''}" if proxy and scheme == "http" else ""
            return _ask(connection, url, through + (parts.path or "/"), parts.query, max_bytes)
        finally:
            connection.close()
    except TimeoutError:
        raise InputError(key="forum.no_answer", url=url, s=f"{timeout:g}") from None
    except http.client.HTTPException as exc:  # a cut or garbled answer
        raise InputError(key="forum.broken_answer", url=url, kind=type(exc).__name__) from None
    except OSError as exc:
        raise InputError(key="forum.connection_failed", url=url, reason=exc.strerror or exc) from None
    except ValueError as exc:  # a malformed URL, a bad header
        raise InputError(key="campaign.in_file", where=url, reason=exc) from None


def _proxy(scheme: str, host: str) -> Any:
    """The proxy the environment names for ``scheme`` (``http_proxy``, ``https_proxy``), unless
    ``no_proxy`` exempts the host — as urllib would use it."""
    import urllib.request

    named = urllib.request.getproxies().get(scheme)
    if not named or urllib.request.proxy_bypass(host):
        return None
    proxy = urlsplit(named if "://" in named else f"http://{named}")
    return proxy if proxy.hostname else None


def _ask(connection: Any, url: str, path: str, query: str, max_bytes: int) -> tuple[int, str, Fetched | None]:
    from gmtool import __version__

    target = quote(path or "/", safe=_SAFE) + (f"?{quote(query, safe=_SAFE)}" if query else "")
    connection.request(
        "GET",
        target,
        headers={
            "User-Agent": f"gmtool/{__version__} (play-by-forum game-master assistant)",
            "Accept": "text/html,application/xhtml+xml,application/atom+xml,application/json,"
            "text/plain;q=0.9,*/*;q=0.5",
            "Connection": "close",
        },
    )
    response = connection.getresponse()
    if response.status in REDIRECTS and response.getheader("Location"):
        return response.status, response.getheader("Location").strip(), None
    if not 200 <= response.status < 300:
        raise InputError(key="forum.refused", url=url, code=response.status, reason=response.reason)
    data = response.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise InputError(key="forum.page_too_large", url=url, n=f"{max_bytes:,}")
    return (
        response.status,
        "",
        Fetched(url, data, response.headers.get_content_type(), response.headers.get_content_charset() or ""),
    )


def _os_reason(reason: Any) -> Any:
    """The system's reason a forum cannot be reached, in the reader's language where gmtool
    knows it (refused, unreachable, unknown host), else the system's words."""
    import errno

    from gmtool.locale import Msg

    if isinstance(reason, socket.gaierror):
        return Msg("error.forum.os_no_host")
    code = getattr(reason, "errno", None)
    if code == errno.ECONNREFUSED:
        return Msg("error.forum.os_refused")
    if code in (errno.ENETUNREACH, errno.EHOSTUNREACH):
        return Msg("error.forum.os_unreachable")
    return getattr(reason, "strerror", None) or reason
