"""HTTP(S) fetching of forum pages: a timeout, a size cap, one-line errors."""
from __future__ import annotations

import socket
from dataclasses import dataclass

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
                raise InputError(f"{url}: the page is larger than {max_bytes:,} bytes; save the pages and "
                                 f"give the files instead")
            return Fetched(response.geturl(), data, response.headers.get_content_type(),
                           response.headers.get_content_charset() or "")
    except urllib.error.HTTPError as exc:
        raise InputError(f"{url}: the forum refused: HTTP {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, (socket.timeout, TimeoutError)):
            raise InputError(f"{url}: no answer within {timeout:g} s") from None
        raise InputError(f"{url}: cannot reach the forum: {getattr(reason, 'strerror', None) or reason}") from None
    except TimeoutError:
        raise InputError(f"{url}: no answer within {timeout:g} s") from None
    except (ConnectionError, OSError) as exc:
        raise InputError(f"{url}: the connection failed: {exc.strerror or exc}") from None
    except http.client.HTTPException as exc:   # a cut or garbled answer
        raise InputError(f"{url}: the forum's answer was broken: {type(exc).__name__}") from None
    except ValueError as exc:   # a malformed URL, a bad header
        raise InputError(f"{url}: {exc}") from None
