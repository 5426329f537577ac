"""A campaign folder on disk, kept safe.

* ``campaign.toml`` — the whole state, rewritten atomically (temp file in the same
  folder, fsync, rename, fsync of the folder);
* ``journal.toml`` — the roll journal, only ever appended (:mod:`gmtool.campaign.journal`);
* ``secret.key`` — the stream's secret, created owner-only, never printed but by reveal;
* ``.lock`` — every command holds an exclusive lock on it from load to the last write,
  so concurrent commands on one campaign run one after the other.

A command writes nothing until it has succeeded; it appends the journal first and then
replaces the state, so a crash leaves at worst journaled rolls whose results were not
applied — visible in the journal, never hidden.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from gmtool.campaign import journal
from gmtool.campaign.files import append_durably, atomic_write
from gmtool.campaign.model import Campaign, campaign_from_dict, campaign_to_dict
from gmtool.campaign.stream import Entry
from gmtool.errors import CampaignError
from gmtool.tomlfile import display_path, read_toml

CAMPAIGN_FILE = "campaign.toml"
JOURNAL_FILE = "journal.toml"
SECRET_FILE = "secret.key"
LOCK_FILE = ".lock"
LOCK_TIMEOUT = 60.0
GITIGNORE = "# gmtool: never publish the secret before the end of the game\nsecret.key\n.lock\n*.tmp\n"


display = display_path


class CampaignStore:
    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.state_path = self.folder / CAMPAIGN_FILE
        self.journal_path = self.folder / JOURNAL_FILE
        self.secret_path = self.folder / SECRET_FILE

    # -- locking -------------------------------------------------------------------
    @contextmanager
    def locked(self) -> Iterator["CampaignStore"]:
        from filelock import FileLock, Timeout

        if not self.state_path.exists():
            raise CampaignError(f"{display(self.folder)} is not a campaign (no {CAMPAIGN_FILE})")
        lock = FileLock(str(self.folder / LOCK_FILE), timeout=LOCK_TIMEOUT)
        try:
            with lock:
                self._clean_temp_files()
                yield self
        except Timeout:
            raise CampaignError(f"{display(self.folder)} is busy: another gmtool command holds its lock") from None

    def _clean_temp_files(self) -> None:
        for tmp in self.folder.glob(".*.tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass

    # -- state ---------------------------------------------------------------------
    def load(self) -> Campaign:
        if not self.state_path.exists():
            raise CampaignError(f"{display(self.folder)} is not a campaign (no {CAMPAIGN_FILE})")
        data = read_toml(self.state_path, CampaignError)
        where = display(self.state_path)
        return campaign_from_dict(data, lambda msg: CampaignError(f"{where}: {msg}"))

    def save(self, campaign: Campaign) -> None:
        import tomli_w

        campaign.last_roll_id = max(campaign.last_roll_id, journal.read_tail(self.journal_path)[0])
        atomic_write(self.state_path, tomli_w.dumps(campaign_to_dict(campaign)).encode("utf-8"))

    # -- journal -------------------------------------------------------------------
    def next_roll_id(self) -> int:
        """The id the next roll gets; refuses to go on after a torn journal."""
        last, clean = journal.read_tail(self.journal_path)
        if not clean:
            raise CampaignError(f"{display(self.journal_path)} ends with an incomplete entry (a crash?); "
                                f"run `gmtool campaign validate -c {display(self.folder)} --repair`")
        recorded = self._recorded_last_id()
        if last < recorded:
            raise CampaignError(f"{display(self.journal_path)} ends at roll #{last} but the campaign has used rolls "
                                f"up to #{recorded}: the journal was cut or replaced; restore it")
        return last + 1

    def _recorded_last_id(self) -> int:
        try:
            import tomllib

            with self.state_path.open("rb") as fh:
                return int(tomllib.load(fh).get("last_roll_id", 0))
        except (OSError, ValueError, tomllib.TOMLDecodeError):
            return 0

    def append(self, entries: list[Entry]) -> None:
        journal.append(self.journal_path, entries)

    # -- secret --------------------------------------------------------------------
    def write_secret(self, secret: bytes) -> None:
        fd = os.open(self.secret_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, secret.hex().encode("ascii") + b"\n")
            os.fsync(fd)
        finally:
            os.close(fd)

    def read_secret(self) -> bytes | None:
        try:
            text = self.secret_path.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as exc:
            raise CampaignError(f"{display(self.secret_path)}: cannot read: {exc}") from None
        try:
            return bytes.fromhex(text)
        except ValueError:
            raise CampaignError(f"{display(self.secret_path)}: not a hex secret") from None

    # -- creation ------------------------------------------------------------------
    def create(self, campaign: Campaign, secret: bytes, entries: list[Entry] = ()) -> None:
        """Write a new campaign folder; refuses a folder that already holds one."""
        if self.folder.exists() and not self.folder.is_dir():
            raise CampaignError(f"{display(self.folder)} is a file, not a folder")
        if self.state_path.exists():
            raise CampaignError(f"{display(self.folder)} already holds a campaign")
        for path in (self.journal_path, self.secret_path):
            if path.exists():
                raise CampaignError(f"{display(path)} already exists: start the campaign in an empty folder")
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / ".gitignore").write_text(GITIGNORE, encoding="utf-8")
        self.write_secret(secret)
        self.journal_path.write_text("# gmtool roll journal: one [[roll]] per die, append-only\n\n",
                                     encoding="utf-8")
        self.append(list(entries))   # the setup's rolls, before the state that uses them
        self.save(campaign)


def _snapshots(store: CampaignStore, with_undone: bool) -> list[tuple[int, Path, dict]]:
    """(sequence, folder, meta) of every `turn end` snapshot, oldest first."""
    import tomllib

    history = store.folder / "history"
    out = []
    for folder in history.glob("turn-*") if history.is_dir() else []:
        if not folder.is_dir() or (".undone" in folder.name and not with_undone):
            continue
        if not (folder / "meta.toml").exists() and not (folder / "campaign.toml").exists():
            continue   # being written
        try:
            meta = tomllib.loads((folder / "meta.toml").read_text(encoding="utf-8"))
            out.append((int(meta.get("seq", 0)), folder, meta))
        except (OSError, ValueError, tomllib.TOMLDecodeError) as exc:
            raise CampaignError(f"{display(folder)}: the snapshot is damaged ({exc})") from None
    return sorted(out, key=lambda item: (item[0], item[1].name))


def next_snapshot_seq(store: CampaignStore) -> int:
    return max((seq for seq, _, _ in _snapshots(store, True)), default=0) + 1


def require_snapshot(store: CampaignStore) -> tuple[Path, int, int]:
    """The latest `turn end` snapshot not yet undone: (folder, turn, first roll id)."""
    snapshots = _snapshots(store, False)
    if not snapshots:
        raise CampaignError("nothing to undo: no `turn end` snapshot in history/")
    _, latest, meta = snapshots[-1]
    try:
        return latest, int(meta["turn"]), int(meta["first_roll_id"])
    except (KeyError, ValueError) as exc:
        raise CampaignError(f"{display(latest)}: the snapshot is damaged ({exc})") from None


FORUM_FILE = "forum.toml"


def read_forum(store: CampaignStore) -> dict[str, dict]:
    """Resolved forum commands by key (``post id:index``)."""
    path = store.folder / FORUM_FILE
    if not path.exists():
        return {}
    data = read_toml(path, CampaignError)
    return {r["key"]: r for r in data.get("command", []) if isinstance(r, dict) and "key" in r}


def append_forum(store: CampaignStore, records: list[dict]) -> None:
    """Append records with one write and an fsync (like the journal)."""
    if not records:
        return
    import tomli_w

    clean = [{k: v for k, v in r.items() if v is not None} for r in records]
    append_durably(store.folder / FORUM_FILE, ("\n" + tomli_w.dumps({"command": clean})).encode("utf-8"))
