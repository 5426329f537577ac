"""Every campaign write is fsynced before it counts: the new file before it replaces the old
one and its folder after, an append before it returns, a new file before it is kept.  The
suite's ``os.fsync`` only checks its descriptor (tests/conftest.py: no test can cut the
power), so these tests pin the calls the store makes."""

from __future__ import annotations

import os

import pytest

from gmtool.campaign import files


@pytest.fixture
def synced(monkeypatch):
    """What ``os.fsync`` was asked to sync, in order: ("file", name) or ("folder", name),
    and each ``os.replace`` as ("replace", name)."""
    calls: list[tuple[str, str]] = []
    real_replace = os.replace

    def fsync(fd: int) -> None:
        path = os.readlink(f"/proc/self/fd/{fd}")
        calls.append(("folder" if os.path.isdir(path) else "file", os.path.basename(path)))

    def replace(src, dst) -> None:
        calls.append(("replace", os.path.basename(dst)))
        real_replace(src, dst)

    if not os.path.isdir("/proc/self/fd"):
        pytest.skip("needs /proc/self/fd to name a descriptor's file")
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    return calls


def test_a_replaced_file_is_synced_before_it_replaces_the_old_one_and_its_folder_after(tmp_path, synced):
    target = tmp_path / "campaign.toml"
    target.write_bytes(b"old")
    files.atomic_write(target, b"new")
    assert target.read_bytes() == b"new"
    tmp = f".campaign.toml.{os.getpid()}.tmp"
    assert synced == [("file", tmp), ("replace", "campaign.toml"), ("folder", tmp_path.name)]


def test_files_replaced_together_are_each_synced_and_each_folder_once_after_its_last(tmp_path, synced):
    (tmp_path / "models").mkdir()
    items = [(tmp_path / "a.txt", b"a"), (tmp_path / "models" / "m.json", b"{}"), (tmp_path / "b.txt", b"b")]
    files.atomic_write_all(items)
    assert [p.read_bytes() for p, _ in items] == [b"a", b"{}", b"b"]
    pid = os.getpid()
    assert synced == [
        ("file", f".a.txt.{pid}.tmp"),
        ("replace", "a.txt"),
        ("file", f".m.json.{pid}.tmp"),
        ("replace", "m.json"),
        ("file", f".b.txt.{pid}.tmp"),
        ("replace", "b.txt"),
        ("folder", tmp_path.name),
        ("folder", "models"),
    ]


def test_an_append_is_synced_before_it_returns(tmp_path, synced):
    journal = tmp_path / "journal.toml"
    journal.write_bytes(b"a\n")
    files.append_durably(journal, b"b\n")
    assert journal.read_bytes() == b"a\nb\n"
    assert synced == [("file", "journal.toml")]


def test_a_new_file_is_synced(tmp_path, synced):
    key = tmp_path / "secret.key"
    files.write_new(key, b"k\n", 0o600)
    assert key.read_bytes() == b"k\n"
    assert synced == [("file", "secret.key")]


def test_the_suites_fsync_still_refuses_a_closed_descriptor(tmp_path):
    fd = os.open(tmp_path, os.O_RDONLY)
    os.close(fd)
    with pytest.raises(OSError):
        os.fsync(fd)
