"""HTTP(S) fetching of forum pages: a timeout, a size cap, one-line errors."""
from __future__ import annotations

import socket
from dataclasses import dataclass
from typing import Any

from gmtool.errors import InputError

DEFAULT_TIMEOUT = 15.0
MAX_PAGE_BYTES = 8_000_000


@dataclass
class Fetched:
    url: str            # after redirects
    data: bytes
    content_type: str
    charset: str


def fetch(url: str, timeout: float = DEFAULT_TIMEOUT, max_bytes: int = MAX_PAGE_BYTES) -> Fetched:
    import http.client
    import urllib.error
    import urllib.request

    from gmtool import __version__

    request = urllib.request.Request(url, headers={
        "User-Agent": f"gmtool/{__version__} (play-by-forum game-master assistant)",
        "Accept": "text/html,application/xhtml+xml,application/atom+xml,application/json,text/plain;q=0.9,*/*;q=0.5",
    })
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            data = response.read(max_bytes + 1)
            if len(data) > max_bytes:
                raise InputError(key="forum.page_too_large", url=url, n=f"{max_bytes:,}")
            return Fetched(response.geturl(), data, response.headers.get_content_type(),
                           response.headers.get_content_charset() or "")
    except urllib.error.HTTPError as exc:
        raise InputError(key="forum.refused", url=url, code=exc.code, reason=exc.reason) from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, (socket.timeout, TimeoutError)):
            raise InputError(key="forum.no_answer", url=url, s=f"{timeout:g}") from None
        raise InputError(key="forum.unreachable", url=url, reason=_os_reason(reason)) from None
    except TimeoutError:
        raise InputError(key="forum.no_answer", url=url, s=f"{timeout:g}") from None
    except (ConnectionError, OSError) as exc:
        raise InputError(key="forum.connection_failed", url=url, reason=exc.strerror or exc) from None
    except http.client.HTTPException as exc:   # a cut or garbled answer
        raise InputError(key="forum.broken_answer", url=url, kind=type(exc).__name__) from None
    except ValueError as exc:   # a malformed URL, a bad header
        raise InputError(key="campaign.in_file", where=url, reason=exc) from None


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
