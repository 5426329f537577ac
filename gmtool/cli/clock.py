"""The current time, for deadlines: the clock, or ``GMTOOL_NOW`` (an ISO date and time;
UTC when it names no offset) so that tests and docs are reproducible.  Read here only: the
library is always given the time."""

from __future__ import annotations

import datetime as dt
import os


def now() -> dt.datetime:
    value = os.environ.get("GMTOOL_NOW", "").strip()
    if not value:
        return dt.datetime.now(dt.UTC)
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        from gmtool.errors import InputError

        raise InputError(key="deadline.bad_now", value=value[:60]) from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)
