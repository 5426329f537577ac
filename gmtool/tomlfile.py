"""Reading TOML files with errors a user can act on: ``file: line 3, column 5: …``."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

from gmtool.errors import GmError


def display_path(path: Path) -> str:
    """A path as the user should see it: relative to the working directory if below it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if rel.startswith("..") else rel


def toml_message(exc: tomllib.TOMLDecodeError) -> str:
    # "Expected '=' after a key (at line 3, column 5)" → "line 3, column 5: Expected …"
    text = str(exc)
    m = re.search(r"\(at line (\d+), column (\d+)\)$", text)
    if m:
        return f"line {m.group(1)}, column {m.group(2)}: {text[: m.start()].strip()}"
    return f"invalid TOML: {text}"


def read_text(path: Path, error: type[GmError]) -> str:
    """A UTF-8 text file; an unreadable or non-UTF-8 file is ``error`` with its name in front."""
    where = display_path(path)
    try:
        return path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise error(key="campaign.cannot_read", where=where, reason=exc.strerror or exc) from None
    except UnicodeDecodeError as exc:
        raise error(key="file.not_utf8", where=where, byte=exc.start) from None


def read_toml(path: Path, error: type[GmError], compiled: bool = False) -> dict[str, Any]:
    """Parse ``path``; every failure is ``error`` with the file's name in front.  ``compiled``:
    the data may come from a compiled copy of these very bytes beside the file
    (gmtool.locale.compiled_copy) — for the shipped rule tables, which every command reads."""
    if not compiled:
        return _parse(read_text(path, error), path, error)
    from gmtool.locale import compiled_copy

    raw = read_text(path, error)  # the bytes, checked as UTF-8 with the file's name
    data: dict[str, Any] = compiled_copy(path, raw.encode("utf-8"), lambda _: _parse(raw, path, error))
    return data


def _parse(raw: str, path: Path, error: type[GmError]) -> dict[str, Any]:
    try:
        return tomllib.loads(raw)
    except tomllib.TOMLDecodeError as exc:
        raise error(key="campaign.in_file", where=display_path(path), reason=toml_message(exc)) from None
