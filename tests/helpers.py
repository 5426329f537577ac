"""Assertions shared by the CLI test modules."""
from __future__ import annotations

import json
from pathlib import Path


def ok(res) -> str:
    """The command succeeded, said nothing on stderr, and printed no traceback."""
    assert res.exit_code == 0, (res.exit_code, res.stdout[-3000:], res.stderr)
    assert res.stderr == "", res.stderr
    assert "Traceback" not in res.stdout
    return res.stdout


def ok_json(res) -> dict:
    data = json.loads(ok(res))
    assert isinstance(data, dict)
    return data


def assert_error(res, *fragments: str, one_line: bool = True, quiet: bool = False) -> None:
    """Exit 1 with an `error:` line on stderr (one line unless told), never a traceback;
    ``quiet``: nothing on stdout either."""
    assert res.exit_code == 1, (res.exit_code, res.stdout[-3000:], res.stderr)
    if quiet:
        assert res.stdout == "", res.stdout[-3000:]
    assert res.stderr.startswith("error: "), res.stderr
    if one_line:
        assert res.stderr.count("\n") == 1, res.stderr
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr, res.stderr
    for fragment in fragments:
        assert fragment in res.stderr, res.stderr


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` (but the lock file) and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".lock"}
