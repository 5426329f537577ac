"""Durable file writes: replace a file atomically, or append to it with one write.

This is the one place campaign bytes reach the disk.  Every write is checked: all bytes
are written (``os.write`` may write fewer than asked, e.g. on a full disk), fsynced, and
only then is the old file replaced.  A failed write leaves the old file whole and raises
:class:`~gmtool.errors.CampaignError` naming the file and the reason ("no space left on
device"), never a half-written file.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Iterable

from gmtool.errors import CampaignError


def write_error(path: Path, exc: OSError) -> CampaignError:
    """``campaigns/x/campaign.toml: cannot write: no space left on device``."""
    from gmtool.locale import Msg
    from gmtool.tomlfile import display_path

    reason = (exc.strerror or str(exc)).lower() if exc.errno != errno.ENOSPC else Msg("error.campaign.disk_full")
    return CampaignError(key="campaign.cannot_write", where=display_path(path), reason=reason)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:  # a short write that makes no progress: the disk is full
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[written:]


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash or a full disk leaves the old or the new file."""
    _replace(path, data)
    _fsync_dir(path.parent)


def atomic_write_all(items: Iterable[tuple[Path, bytes]]) -> None:
    """Replace each file with its data as :func:`atomic_write` does — each file synced before it
    replaces the old one — and each folder synced once, after its last file (a turn writes two
    dozen reports into one folder: one folder sync, not one a file)."""
    folders: list[Path] = []
    try:
        for path, data in items:
            _replace(path, data)
            if path.parent not in folders:
                folders.append(path.parent)
    finally:  # the files replaced before one that failed are kept as atomic_write keeps them
        for folder in folders:
            _fsync_dir(folder)


def _replace(path: Path, data: bytes) -> None:
    refuse_link(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise write_error(path, exc) from None


def append_durably(path: Path, data: bytes) -> None:
    """Append ``data`` and fsync; on a failed write the file is cut back to its old size,
    so a full disk never leaves half an entry."""
    if not data:
        return
    refuse_link(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    except OSError as exc:
        raise write_error(path, exc) from None
    try:
        size = os.fstat(fd).st_size
        try:
            _write_all(fd, data)
            os.fsync(fd)
        except OSError as exc:
            try:
                os.ftruncate(fd, size)
                os.fsync(fd)
            except OSError:
                pass  # what is left is a torn tail: `campaign validate --repair` cuts it
            raise write_error(path, exc) from None
    finally:
        os.close(fd)


def write_new(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Create ``path`` (it must not exist) with all of ``data``, fsynced."""
    refuse_link(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except OSError as exc:
        raise write_error(path, exc) from None
    try:
        _write_all(fd, data)
        os.fsync(fd)
    except OSError as exc:
        os.close(fd)
        try:
            path.unlink()
        except OSError:
            pass
        raise write_error(path, exc) from None
    os.close(fd)


def refuse_link(path: Path) -> None:
    """A campaign file must not be a symbolic link: writing through it would change a file
    outside the campaign."""
    if os.path.islink(path):
        from gmtool.tomlfile import display_path

        raise CampaignError(key="campaign.symlink_file", path=display_path(path))


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # not possible on every platform
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def truncate_to(path: Path, size: int) -> None:
    """Take back an append (the file cut to ``size``) when what goes with it could not be
    written; a failure here leaves at worst a visible tail (`campaign validate --repair`)."""
    try:
        if path.stat().st_size > size:
            os.truncate(path, size)
    except OSError:
        pass
