"""Issue 11, data loss: a full disk, a read-only folder, bad paths, links out of the
campaign, a cut forum.toml, a damaged `turn undo` snapshot.

Every failure is one `error:` line (exit 1, never "internal error") and leaves every file
it should not change byte-identical.  The full disk is tested twice: with a fault-injecting
``os.write`` at the one place durable writes happen (always), and on a real, tiny tmpfs
where the machine lets the test mount one (root on Linux)."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import assert_error, ok, snapshot

pytestmark = pytest.mark.usefixtures("isolated")

PLAYERS = ("alice", "bob", "carol")


def new(new_campaign, folder: Path) -> Path:
    return new_campaign(folder.name, players=PLAYERS, seed=3, parent=folder.parent)


def without_lock(files: dict[str, bytes]) -> dict[str, bytes]:
    return {k: v for k, v in files.items() if not k.endswith(".lock")}


# ======================================================================== full disk


class FullDisk:
    """``os.write`` on a disk with ``room`` bytes left: a short write, then ENOSPC (as Linux does)."""

    def __init__(self, room: int, zero: bool = False) -> None:
        self.room, self.zero, self.calls = room, zero, 0
        self.real = os.write

    def __call__(self, fd: int, data) -> int:
        if fd in (0, 1, 2):
            return self.real(fd, data)
        self.calls += 1
        if self.room <= 0:
            if self.zero:
                return 0
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = min(len(data), self.room)
        self.room -= n
        return self.real(fd, bytes(data[:n]))


COMMANDS = [("roll", "2d6"), ("turn", "start"), ("explore", "--player", "alice", "--hex", "0,2")]


@pytest.mark.parametrize("room", [0, 5, 150, 600])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_full_disk_fails_cleanly_and_changes_nothing(gm, new_campaign, tmp_path, monkeypatch, room, command):
    camp = new(new_campaign, tmp_path / "c")
    before = snapshot(camp)
    disk = FullDisk(room)
    monkeypatch.setattr(os, "write", disk)
    res = gm(*command, "-c", str(camp))
    monkeypatch.setattr(os, "write", disk.real)
    # every command here is one the rules allow (seed 3: 0,2 is next to alice's homeworld),
    # so each reaches the disk and fails there, with one line
    assert disk.calls > 0
    assert_error(res, "no space left on device")
    assert without_lock(snapshot(camp)) == without_lock(before)
    # with room again, the campaign is whole and works
    ok(gm("campaign", "validate", "-c", str(camp)))
    ok(gm("roll", "d6", "-c", str(camp)))
    ok(gm("verify", "-c", str(camp)))


def test_a_write_that_makes_no_progress_is_a_full_disk(gm, new_campaign, tmp_path, monkeypatch):
    camp = new(new_campaign, tmp_path / "c")
    before = snapshot(camp)
    disk = FullDisk(100, zero=True)
    monkeypatch.setattr(os, "write", disk)
    res = gm("roll", "d6", "-c", str(camp))
    monkeypatch.setattr(os, "write", disk.real)
    assert_error(res, "no space left on device")
    assert without_lock(snapshot(camp)) == without_lock(before)


def test_a_full_disk_at_campaign_new_leaves_no_half_campaign(gm, new_campaign, tmp_path, monkeypatch):
    disk = FullDisk(300)
    monkeypatch.setattr(os, "write", disk)
    res = gm("campaign", "new", str(tmp_path / "c"), "--player", "alice", "--player", "bob", "--seed", "3")
    monkeypatch.setattr(os, "write", disk.real)
    assert_error(res, "no space left on device")
    assert not (tmp_path / "c").exists()
    new(new_campaign, tmp_path / "c")  # and the name is free for a new try


def _mount_tmpfs(where: Path, size: str) -> bool:
    if not sys.platform.startswith("linux") or not shutil.which("mount"):
        return False
    where.mkdir()
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    except OSError:
        return False
    return done.returncode == 0


def test_a_really_full_tmpfs(gm, new_campaign, tmp_path):
    """The same on a real full filesystem: a 64 KiB tmpfs filled to the last byte."""
    mnt = tmp_path / "mnt"
    if not _mount_tmpfs(mnt, "64k"):
        pytest.skip(
            "cannot mount a small tmpfs here (needs root on Linux); "
            "the fault-injecting variant above covers the same path"
        )
    try:
        camp = new(new_campaign, mnt / "c")
        (camp / ".lock").touch()
        ok(gm("roll", "d6", "-c", str(camp)))
        for step in (4096, 1024, 1):  # fill every last byte
            try:
                with open(mnt / f"filler-{step}", "ab", buffering=0) as fh:
                    while fh.write(b"x" * step):
                        pass
            except OSError:
                pass
        before = snapshot(camp)
        res = gm("roll", "10d6", "-c", str(camp))
        if res.exit_code == 0:
            pytest.skip("the filesystem still had room (page rounding); the fault-injecting variant covers it")
        assert_error(res, "no space left on device")
        assert without_lock(snapshot(camp)) == without_lock(before)
        res = gm("turn", "start", "-c", str(camp))
        assert_error(res, "no space left on device")
        assert without_lock(snapshot(camp)) == without_lock(before)
        for filler in mnt.glob("filler*"):
            filler.unlink()
        ok(gm("campaign", "validate", "-c", str(camp)))
        ok(gm("roll", "d6", "-c", str(camp)))
        ok(gm("verify", "-c", str(camp)))
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)


# ======================================================================== read-only, bad paths


@pytest.fixture
def read_only(tmp_path):
    def make(folder: Path) -> Path:
        if os.geteuid() == 0:
            mnt = tmp_path / "ro"
            if not _mount_tmpfs(mnt, "1m"):
                pytest.skip("root ignores file modes and no tmpfs can be mounted for a read-only folder")
            shutil.copytree(folder, mnt / "c")
            subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True)
            made.append(mnt)
            return mnt / "c"
        for p in [folder, *folder.rglob("*")]:
            p.chmod(0o555 if p.is_dir() else 0o444)
        made.append(None)
        return folder

    made: list = []
    yield make
    for mnt in made:
        if mnt is not None:
            subprocess.run(["umount", str(mnt)], capture_output=True)


def test_read_only_commands_work_on_a_read_only_folder(gm, new_campaign, tmp_path, read_only):
    camp = new(new_campaign, tmp_path / "c")
    ok(gm("roll", "d6", "-c", str(camp)))
    camp = read_only(camp)
    before = snapshot(camp)
    ok(gm("status", "-c", str(camp)))
    ok(gm("campaign", "validate", "-c", str(camp)))
    ok(gm("verify", "-c", str(camp)))
    for command in (("roll", "d6"), ("turn", "start")):
        res = gm(*command, "-c", str(camp))
        assert_error(res, ".lock: cannot write")
        assert "read-only" in res.stderr or "permission denied" in res.stderr
    assert snapshot(camp) == before


def test_campaign_new_in_an_impossible_place_is_one_error_line(gm, tmp_path):
    assert_error(
        gm("campaign", "new", "/proc/x", "--player", "alice", "--player", "bob"),
        "/proc/x: cannot write: no such file or directory",
    )
    (tmp_path / "file").write_text("x")
    assert_error(
        gm("campaign", "new", str(tmp_path / "file" / "c"), "--player", "alice", "--player", "bob"),
        "file/c: cannot write: not a directory",
    )


def test_a_journal_that_is_a_folder_is_one_error_line(gm, new_campaign, tmp_path):
    camp = new(new_campaign, tmp_path / "c")
    (camp / "journal.toml").unlink()
    (camp / "journal.toml").mkdir()
    assert_error(gm("roll", "d6", "-c", str(camp)), "journal.toml")
    res = gm("verify", "-c", str(camp))
    assert_error(res, "journal.toml")


# ======================================================================== links out of the campaign


@pytest.mark.parametrize(
    "name", ["journal.toml", "forum.toml", "reports", "history", ".gitignore", "campaign.toml", "voided.toml"]
)
def test_a_link_out_of_the_campaign_is_refused(gm, new_campaign, tmp_path, name):
    camp = new(new_campaign, tmp_path / "c")
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / name
    if name in ("reports", "history"):
        target.mkdir()
        shutil.rmtree(camp / name, ignore_errors=True)
    else:
        if (camp / name).exists():
            shutil.copy(camp / name, target)
            (camp / name).unlink()
        else:
            target.write_text("")
    (camp / name).symlink_to(target)
    outside_before = snapshot(outside)
    for command in (("roll", "d6"), ("turn", "start"), ("status",)):
        assert_error(gm(*command, "-c", str(camp)), name, "symbolic link")
    assert snapshot(outside) == outside_before


def test_a_link_inside_reports_is_refused(gm, new_campaign, tmp_path):
    camp = new(new_campaign, tmp_path / "c")
    outside = tmp_path / "outside"
    outside.mkdir()
    (camp / "reports").mkdir()
    (camp / "reports" / "turn-01").symlink_to(outside)
    assert_error(gm("turn", "start", "-c", str(camp)), "turn-01", "symbolic link")
    assert list(outside.iterdir()) == []


@pytest.mark.parametrize("sub", ["reports", "history"])
def test_a_link_in_a_turns_folder_is_refused_and_one_within_the_campaign_is_not(new_campaign, gm, tmp_path, sub):
    """The files of each folder under reports/ and history/ are looked at too: a link out of
    the campaign is refused by name, one to a file of the campaign is the campaign's own."""
    camp = new(new_campaign, tmp_path / "c")
    outside = tmp_path / "outside.txt"
    outside.write_text("not the campaign's")
    folder = camp / sub / "turn-01"
    folder.mkdir(parents=True)
    (folder / "inside.txt").symlink_to(camp / "campaign.toml")
    ok(gm("status", "-c", str(camp)))
    (folder / "away.txt").symlink_to(outside)
    assert_error(gm("status", "-c", str(camp)), "away.txt", "symbolic link")
    assert outside.read_text() == "not the campaign's"


# ======================================================================== forum.toml cut short


def _resolve(gm, camp: Path, tmp_path: Path, text: str) -> str:
    thread = tmp_path / "thread.txt"
    thread.write_text(text, encoding="utf-8")
    return ok(gm("post", "resolve", str(thread), "-c", str(camp), "-f", "json"))


@pytest.mark.parametrize("cut", [2, 17, 60, 200])
def test_a_cut_forum_file_is_found_and_repaired(gm, new_campaign, tmp_path, cut):
    camp = new(new_campaign, tmp_path / "c")
    first = _resolve(gm, camp, tmp_path, "=== alice #1 ===\n!roll d6\n")
    _resolve(gm, camp, tmp_path, "=== alice #1 ===\n!roll d6\n=== bob #2 ===\n!roll 2d6\n!roll d8\n")
    forum = camp / "forum.toml"
    data = forum.read_bytes()
    forum.write_bytes(data[:-cut])
    res = gm("campaign", "validate", "-c", str(camp))
    assert_error(res, "forum.toml", "--repair")
    assert_error(gm("post", "resolve", str(tmp_path / "thread.txt"), "-c", str(camp)), "forum.toml", "--repair")
    ok(gm("campaign", "validate", "--repair", "-c", str(camp)))
    ok(gm("campaign", "validate", "-c", str(camp)))
    # alice's result survives the repair: resolving again rolls nothing new for her post
    again = _resolve(gm, camp, tmp_path, "=== alice #1 ===\n!roll d6\n")
    assert json.loads(again)["posts"] == json.loads(first)["posts"]


def test_forum_damage_in_the_middle_is_not_cut_away(gm, new_campaign, tmp_path):
    camp = new(new_campaign, tmp_path / "c")
    _resolve(gm, camp, tmp_path, "=== alice #1 ===\n!roll d6\n")
    _resolve(gm, camp, tmp_path, "=== bob #2 ===\n!roll d6\n")
    forum = camp / "forum.toml"
    text = forum.read_text(encoding="utf-8")
    forum.write_text(text.replace('key = "1:1"', 'key = = "1:1"', 1), encoding="utf-8")
    before = snapshot(camp)
    assert_error(gm("campaign", "validate", "--repair", "-c", str(camp)), "forum.toml", "middle")
    assert without_lock(snapshot(camp)) == without_lock(before)


# ======================================================================== turn undo checks first


@pytest.mark.parametrize("damage", ["truncate", "garbage", "invalid", "line_cut", "edited"])
def test_undo_checks_the_snapshot_before_replacing_the_state(gm, new_campaign, tmp_path, damage):
    """Any change to a kept state is refused, even one that still reads as a valid
    campaign (cut at a line's end, a comment added): meta.toml keeps its SHA-256."""
    camp = new(new_campaign, tmp_path / "c")
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("turn", "end", "-c", str(camp)))
    kept = next((camp / "history").glob("turn-01*")) / "campaign.toml"
    data = kept.read_bytes()
    kept.write_bytes(
        {
            "truncate": data[: len(data) // 2],
            "garbage": b"\xff\xfe" + data,
            "invalid": data.replace(b"turn = 1\n", b"turn = -4\n", 1),
            "line_cut": data[: data.rindex(b"\n[")],
            "edited": data + b"# edited by hand\n",
        }[damage]
    )
    before = snapshot(camp)
    assert_error(gm("turn", "undo", "-c", str(camp)), "campaign.toml")
    assert without_lock(snapshot(camp)) == without_lock(before)
    ok(gm("status", "-c", str(camp)))
