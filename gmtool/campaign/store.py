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

import errno
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Sequence

from gmtool.campaign import journal
from gmtool.campaign.files import atomic_write, truncate_to, write_error, write_new
from gmtool.campaign.model import Campaign, campaign_from_dict, campaign_to_dict
from gmtool.campaign.stream import Entry
from gmtool.errors import CampaignError, GmError
from gmtool.locale import Msg
from gmtool.tomlfile import display_path, read_toml

CAMPAIGN_FILE = "campaign.toml"
JOURNAL_FILE = "journal.toml"
SECRET_FILE = "secret.key"
LOCK_FILE = ".lock"
LOCK_TIMEOUT = 60.0
FORUM_FILE = "forum.toml"
LINK_CHECKED = (
    "campaign.toml",
    "journal.toml",
    FORUM_FILE,
    "secret.key",
    "voided.toml",
    ".gitignore",
    ".lock",
    "reports",
    "history",
    "tables",
)
GITIGNORE = (
    "# gmtool: never publish the secret before the end of the game\nsecret.key\n.lock\n*.tmp\n"
    "# a cache of the last turn's maps, drawn again when it is missing (docs/maps.md)\nreports/map-bands.bin\n"
)


display = display_path


class _Flock:
    """The campaign's lock taken with one ``flock`` (the call filelock makes on POSIX)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def release(self) -> None:
        import fcntl

        try:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
        finally:
            os.close(self.fd)


def _lock_at_once(path: Path) -> _Flock | None:
    """The lock when it is free and the system has ``flock``: the common case, without
    importing filelock (a fifth of a fast command's time). Anything else — another command
    holding it, no ``flock``, a folder that cannot be written — is None: filelock then waits,
    falls back or refuses, as it always did (both lock the same file with ``flock``)."""
    try:
        import fcntl

        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except (ImportError, AttributeError, OSError):
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return _Flock(fd)


def _is_link(entry: os.DirEntry) -> bool:
    """``Path.is_symlink`` of a listed entry (False where it cannot be told)."""
    try:
        return entry.is_symlink()
    except OSError:
        return False


def _is_folder(entry: os.DirEntry) -> bool:
    """A listed entry that is a folder and no link (``is_dir() and not is_symlink()``)."""
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def _bytes_of(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


class CampaignStore:
    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._loaded: tuple[bytes, int] | None = None  # campaign.toml's bytes as load() read them: its last id
        self._kept: tuple[bytes, Campaign] | None = None  # load(keep=True)'s bytes and state, for the next load
        self.state_path = self.folder / CAMPAIGN_FILE
        self.journal_path = self.folder / JOURNAL_FILE
        self.secret_path = self.folder / SECRET_FILE
        self._links_checked = False  # while the lock is held: `locked()` checked the links

    # -- locking -------------------------------------------------------------------
    @contextmanager
    def locked(self, read_only: bool = False) -> Iterator["CampaignStore"]:
        """Hold the campaign's lock.  A ``read_only`` command (validate without --repair)
        also runs on a folder it cannot write to: there it reads without the lock."""
        if not self.state_path.exists():
            raise CampaignError(key="campaign.not_campaign", folder=display(self.folder), file=CAMPAIGN_FILE)
        self.check_links()
        self._links_checked = True
        taken = _lock_at_once(self.folder / LOCK_FILE)
        if taken is not None:
            try:
                self._clean_temp_files()
                yield self
            finally:
                self._links_checked = False
                taken.release()
            return
        from filelock import FileLock, Timeout

        lock = FileLock(str(self.folder / LOCK_FILE), timeout=LOCK_TIMEOUT)
        try:
            lock.acquire()
        except Timeout:
            raise CampaignError(key="campaign.busy", folder=display(self.folder)) from None
        except OSError as exc:
            if read_only and exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                yield self
                return
            raise write_error(self.folder / LOCK_FILE, exc) from None
        try:
            self._clean_temp_files()
            yield self
        finally:
            self._links_checked = False
            lock.release()

    def check_links(self) -> None:
        """Refuse a campaign file or folder that is a symbolic link out of the campaign:
        gmtool would read or write outside it."""
        root = self.folder.resolve()
        links = [path for path in (self.folder / name for name in LINK_CHECKED) if path.is_symlink()]
        for sub in ("reports", "history"):
            where = self.folder / sub
            if where.is_dir() and not where.is_symlink():
                # the folders' entries as listed, each saying what it is (no stat of each
                # file: a late game's reports hold hundreds)
                with os.scandir(where) as children:
                    for child in children:
                        if _is_link(child):
                            links.append(Path(child.path))
                        elif _is_folder(child):
                            with os.scandir(child.path) as entries:
                                links.extend(Path(e.path) for e in entries if _is_link(e))
        for path in links:
            target = path.resolve()
            if target != root and root not in target.parents:
                raise CampaignError(key="campaign.symlink", path=display(path), target=target)

    def _clean_temp_files(self) -> None:
        for tmp in self.folder.glob(".*.tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass

    # -- state ---------------------------------------------------------------------
    def load(self, keep: bool = False) -> Campaign:
        """The campaign as campaign.toml holds it.  ``keep``: the caller only reads the state
        it is given (a turn reads the deadline's pages before it takes the lock), and the next
        ``load`` (under the lock) hands over that very state instead of parsing the file again
        — while the file holds the very bytes it was parsed from."""
        if not self.state_path.exists():
            raise CampaignError(key="campaign.not_campaign", folder=display(self.folder), file=CAMPAIGN_FILE)
        if not self._links_checked:  # `locked()` checked them already
            self.check_links()
        seen = _bytes_of(self.state_path)
        kept, self._kept = self._kept, None
        if kept is not None and seen is not None and kept[0] == seen:
            campaign = kept[1]
        else:
            data = read_toml(self.state_path, CampaignError)
            where = display(self.state_path)
            campaign = campaign_from_dict(
                data, lambda msg: CampaignError(key="campaign.in_file", where=where, reason=msg)
            )
        if seen is not None and seen == _bytes_of(self.state_path):  # the bytes parsed
            self._loaded = (seen, campaign.last_roll_id)
            if keep:
                self._kept = (seen, campaign)
        campaign.mark_key = self.mark_key(campaign)
        from gmtool.locale.names import know_campaign

        know_campaign(campaign)  # its leaders' genders, for the words that agree with them
        return campaign

    def check_snapshot(self, path: Path, sha256: str | None = None) -> bytes:
        """The bytes of a kept state (a `turn end` snapshot), refused unless they are a whole,
        valid campaign — and, given the ``sha256`` its meta.toml kept, the very bytes kept (a
        snapshot cut at a line's end can still read as a valid campaign): check first,
        replace after."""
        import hashlib
        import tomllib

        self.check_links()
        where = display(path)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise CampaignError(
                key="campaign.cannot_read", where=where, reason=(exc.strerror or str(exc)).lower()
            ) from None
        if sha256 is not None and hashlib.sha256(raw).hexdigest() != sha256:
            raise CampaignError(key="campaign.snapshot_changed", where=where)
        try:
            data = tomllib.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise CampaignError(key="campaign.snapshot_not_utf8", where=where, byte=exc.start) from None
        except tomllib.TOMLDecodeError as exc:
            from gmtool.tomlfile import toml_message

            raise CampaignError(key="campaign.snapshot_invalid", where=where, reason=toml_message(exc)) from None
        campaign_from_dict(data, lambda msg: CampaignError(key="campaign.snapshot_invalid", where=where, reason=msg))
        return raw

    @staticmethod
    def check_names(campaign: Campaign) -> None:
        """Refuse to write leaders' names that spoof, collide or share a report file, and
        moderators' names a forum could show as another."""
        from gmtool.campaign.names import NamesRefused, moderator_problems, names_problems

        names = [p.name for p in campaign.players]
        if names_problems(names) or moderator_problems(campaign.moderators):
            raise NamesRefused(names, campaign.moderators)

    def encode(self, campaign: Campaign, read_back: bool = True) -> bytes:
        """``campaign.toml``'s bytes for ``campaign``, refused unless the loader reads them back:
        a value out of the loader's range (BC past the limit after 100,001 grants …) is named
        (``player 1 (alice): bc: … is out of range (0 to …)``) before anything is written, so a
        command can never leave a campaign every later command refuses.  The limits are the
        loader's own (:func:`campaign_from_dict`): there is no second list to drift."""
        import tomllib

        import tomli_w

        self.check_names(campaign)
        where = display(self.state_path)
        try:
            raw = tomli_w.dumps(campaign_to_dict(campaign)).encode("utf-8")
            if read_back:
                campaign_from_dict(
                    tomllib.loads(raw.decode("utf-8")),
                    lambda msg: CampaignError(key="campaign.not_saved", where=where, reason=msg),
                    named=True,
                )
        except UnicodeEncodeError as exc:  # a lone surrogate from a badly encoded argument
            raise CampaignError(
                key="campaign.not_saved",
                where=where,
                reason=Msg("error.campaign.not_text", text=repr(exc.object[exc.start : exc.end])),
            ) from None
        return raw

    def check(self, campaign: Campaign) -> None:
        """Refuse, before anything is written, a state :meth:`save` would refuse."""
        self.encode(campaign)

    def save(self, campaign: Campaign, checked: bool = False) -> None:
        """Replace ``campaign.toml``.  ``checked``: :meth:`check` passed on this state just
        before (:func:`gmtool.app.session.commit`), so only the journal's last id and hash,
        which the loader always takes, can have changed since: it is not read back twice."""
        last = journal.last_entry(self.journal_path)
        if last is not None and last.id >= campaign.last_roll_id:
            campaign.last_roll_id = last.id
            campaign.journal_hash = last.chain or journal.last_chain(self.journal_path)
        atomic_write(self.state_path, self.encode(campaign, read_back=not checked))

    # -- journal -------------------------------------------------------------------
    def next_roll_id(self) -> int:
        """The id the next roll gets; refuses to go on after a torn journal."""
        last, clean = journal.read_tail(self.journal_path)
        if not clean:
            raise CampaignError(
                key="campaign.journal_torn", journal=display(self.journal_path), folder=display(self.folder)
            )
        recorded = self._recorded_last_id()
        if last < recorded:
            raise CampaignError(
                key="campaign.journal_cut", journal=display(self.journal_path), last=last, recorded=recorded
            )
        return last + 1

    def _recorded_last_id(self) -> int:
        """``last_roll_id`` as campaign.toml holds it: the value loaded while the file holds
        the very bytes loaded (comparing them costs nothing beside parsing them), else read."""
        if self._loaded is not None and self._loaded[0] == _bytes_of(self.state_path):
            return self._loaded[1]
        try:
            import tomllib

            with self.state_path.open("rb") as fh:
                return int(tomllib.load(fh).get("last_roll_id", 0))
        except (OSError, ValueError, tomllib.TOMLDecodeError):
            return 0

    def journal_size(self) -> int:
        try:
            return self.journal_path.stat().st_size
        except OSError:
            return 0

    def cut_journal(self, size: int) -> None:
        """Undo this command's append when the state that uses it could not be saved."""
        truncate_to(self.journal_path, size)  # at worst the rolls stay journaled and unused: visible

    def append(self, entries: list[Entry]) -> None:
        journal.append(self.journal_path, entries)

    # -- secret --------------------------------------------------------------------
    def write_secret(self, secret: bytes) -> None:
        write_new(self.secret_path, secret.hex().encode("ascii") + b"\n", 0o600)

    def read_secret(self) -> bytes | None:
        try:
            text = self.secret_path.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as exc:
            raise CampaignError(key="campaign.cannot_read", where=display(self.secret_path), reason=exc) from None
        try:
            return bytes.fromhex(text)
        except ValueError:
            raise CampaignError(key="campaign.not_hex_secret", path=display(self.secret_path)) from None

    def mark_key(self, campaign: Campaign) -> bytes | None:
        """The key of the campaign's published marks (journal.mark_key): from the revealed
        secret, else from secret.key when it matches the commitment. None when neither is at
        hand (the moderator moved secret.key away, or it is unreadable or wrong): then no mark
        is printed, for an unkeyed one could be matched by trying every face of a die."""
        from gmtool.campaign.stream import commitment

        secret: bytes | None = None
        if campaign.revealed_secret:
            try:
                secret = bytes.fromhex(campaign.revealed_secret)
            except ValueError:
                secret = None
        if secret is None:
            try:
                secret = self.read_secret()
            except CampaignError:
                secret = None
        if secret is None or commitment(secret) != campaign.commitment:
            return None
        return journal.mark_key(secret)

    # -- creation ------------------------------------------------------------------
    def create(self, campaign: Campaign, secret: bytes, entries: Sequence[Entry] = ()) -> None:
        """Write a new campaign folder; refuses a folder that already holds one."""
        self.check_names(campaign)
        if self.folder.exists() and not self.folder.is_dir():
            raise CampaignError(key="campaign.is_file", folder=display(self.folder))
        if self.state_path.exists():
            raise CampaignError(key="campaign.already_campaign", folder=display(self.folder))
        for path in (self.journal_path, self.secret_path):
            if path.exists():
                raise CampaignError(key="campaign.file_exists", path=display(path))
        made_folder = not self.folder.exists()
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise write_error(self.folder, exc) from None
        self.check_links()
        created: list[Path] = []
        try:
            for path, data in (
                (self.folder / ".gitignore", GITIGNORE.encode("utf-8")),
                (self.journal_path, journal.FILE_HEADER.encode("utf-8")),
            ):
                if not path.exists():
                    write_new(path, data)
                    created.append(path)
            created.append(self.secret_path)
            self.write_secret(secret)
            self.append(list(entries))  # the setup's rolls, before the state that uses them
            created.append(self.state_path)
            self.save(campaign)
            campaign.mark_key = self.mark_key(campaign)
        except GmError:
            # a failed start (a full disk…) leaves no half-made campaign behind
            for path in reversed(created):
                try:
                    path.unlink()
                except OSError:
                    pass
            if made_folder:
                try:
                    self.folder.rmdir()
                except OSError:
                    pass
            raise


def _snapshots(store: CampaignStore, with_undone: bool) -> list[tuple[int, Path, dict]]:
    """(sequence, folder, meta) of every `turn end` snapshot, oldest first."""
    import tomllib

    history = store.folder / "history"
    out = []
    for folder in history.glob("turn-*") if history.is_dir() else []:
        if not folder.is_dir() or (".undone" in folder.name and not with_undone):
            continue
        if not (folder / "meta.toml").exists() and not (folder / "campaign.toml").exists():
            continue  # being written
        try:
            meta = tomllib.loads((folder / "meta.toml").read_text(encoding="utf-8"))
            out.append((int(meta.get("seq", 0)), folder, meta))
        except (OSError, ValueError, tomllib.TOMLDecodeError) as exc:
            raise CampaignError(key="campaign.snapshot_damaged", where=display(folder), reason=exc) from None
    return sorted(out, key=lambda item: (item[0], item[1].name))


def next_snapshot_seq(store: CampaignStore) -> int:
    return max((seq for seq, _, _ in _snapshots(store, True)), default=0) + 1


def require_snapshot(store: CampaignStore) -> tuple[Path, int, int]:
    """The latest `turn end` snapshot not yet undone: (folder, turn, first roll id)."""
    snapshots = _snapshots(store, False)
    if not snapshots:
        raise CampaignError(key="campaign.nothing_to_undo")
    _, latest, meta = snapshots[-1]
    try:
        return latest, int(meta["turn"]), int(meta["first_roll_id"])
    except (KeyError, ValueError) as exc:
        raise CampaignError(key="campaign.snapshot_damaged", where=display(latest), reason=exc) from None


def read_forum(store: CampaignStore) -> dict[str, dict]:
    """Resolved forum commands by key (``post id:index``)."""
    from gmtool.campaign import forumfile

    return forumfile.read(store.folder / FORUM_FILE).commands
