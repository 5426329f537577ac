"""The states kept for `turn undo` (history/turn-NN/) and going back to one.

The journal is never rewound: the rolls made since the kept state are marked void in
voided.toml, and the undone turn's reports move into the undone snapshot's folder.  Nor is
forum.toml: the forum results recorded since the kept state (a `!explore` whose hex is
unexplored again) are marked void by a ``[[void]]`` record appended to it, so that their
commands are resolved again (and say so) instead of replaying what was undone."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gmtool.campaign import forumfile
from gmtool.campaign.files import append_durably, truncate_to
from gmtool.campaign.names import file_stem
from gmtool.campaign.store import FORUM_FILE, CampaignStore, atomic_write, next_snapshot_seq, require_snapshot
from gmtool.errors import GmError


def keep(
    store: CampaignStore, turn: int, before: bytes, first_id: int, player: str | None = None, orders: str | None = None
) -> None:
    """Keep the state as it was before `turn end` — or before `turn run ORDERS`, which
    ``orders`` names — for `turn undo` (history/turn-NN/, or history/turn-NN-PLAYER/ for a
    Merchant of Venus player's turn)."""
    import hashlib

    import tomli_w

    seq = next_snapshot_seq(store)
    name = f"turn-{turn:02d}" + (f"-{file_stem(player)}" if player else "")
    snapshot = store.folder / "history" / name
    snapshot.mkdir(parents=True, exist_ok=True)
    atomic_write(snapshot / "campaign.toml", before)
    # how many forum results there were: `turn undo` voids the ones recorded after
    try:
        forum: dict = {"forum_commands": len(forumfile.read(store.folder / FORUM_FILE).keys)}
    except GmError:
        forum = {}  # damaged (`campaign validate --repair`): undo goes by the results' dice
    meta = {
        "turn": turn,
        "first_roll_id": first_id,
        "seq": seq,
        "sha256": hashlib.sha256(before).hexdigest(),
        **forum,
        **({"orders": orders} if orders else {}),
    }
    atomic_write(snapshot / "meta.toml", tomli_w.dumps(meta).encode())


@dataclass(frozen=True)
class Undone:
    turn: int
    first_id: int
    last_id: int  # below first_id when the undone turn rolled nothing
    orders: str | None = None  # the orders file of an undone `turn run` (its orders undone too)
    forum_voided: int = 0  # forum results voided (their commands are resolved again)


def undo(store: CampaignStore) -> Undone:
    """Go back to the state before the last `turn end` (the caller holds the lock)."""
    snapshot, turn, first_id = require_snapshot(store)
    orders = _orders_of(snapshot)
    forum_path = store.folder / FORUM_FILE
    records = forumfile.read(forum_path)
    void = forumfile.void_record(records, _forum_since(snapshot, records, first_id), turn)
    last_id = store.next_roll_id() - 1
    kept = store.check_snapshot(
        snapshot / "campaign.toml", _meta(snapshot, "sha256", str)
    )  # check first, replace after
    entry = f'[[void]]\nturn = {turn}\nfrom = {first_id}\nto = {last_id}\nreason = "turn {turn} undone"\n\n'
    if last_id < first_id:
        entry = f'[[void]]\nturn = {turn}\nreason = "turn {turn} undone (no rolls)"\n\n'
    voided = store.folder / "voided.toml"
    size = voided.stat().st_size if voided.exists() else 0
    forum_size = forum_path.stat().st_size if forum_path.exists() else 0
    append_durably(voided, entry.encode("utf-8"))  # the void is recorded before the state goes back
    try:
        if void is not None:
            if records.inline:
                forumfile.unfreeze(forum_path)
                forum_size = forum_path.stat().st_size
            forumfile.append(forum_path, [], voids=[void])
        atomic_write(store.state_path, kept)
    except GmError:
        if void is not None and forum_path.exists():
            truncate_to(forum_path, forum_size)
        truncate_to(voided, size)
        raise
    n = 1
    while (target := snapshot.with_name(f"{snapshot.name}.undone-{n}")).exists():
        n += 1
    snapshot.rename(target)
    # the undone turn's end reports, and any report of a later turn start, are void too
    (target / "reports").mkdir(exist_ok=True)
    reports = store.folder / "reports"
    for folder in sorted(reports.glob("turn-*")) if reports.is_dir() else []:
        number = (
            int(folder.name.split("-")[1])
            if folder.name.split("-")[1].isascii() and folder.name.split("-")[1].isdigit()
            else 0
        )
        for report in folder.iterdir():
            if number > turn or (number == turn and not report.name.startswith("start-")):
                report.rename(target / "reports" / f"{folder.name}-{report.name}")
    # and so are their report models (gmtool.campaign.session: `turn show`)
    for model in sorted((reports / "models").glob("turn-*.json")) if (reports / "models").is_dir() else []:
        digits = model.stem.split("-")[1]
        of = int(digits) if digits.isascii() and digits.isdigit() else 0
        if of > turn or (of == turn and not model.stem.endswith("-start")):
            model.rename(target / "reports" / f"models-{model.name}")
    return Undone(turn, first_id, last_id, orders, len(void["keys"]) if void else 0)


def _forum_since(snapshot: Path, records: forumfile.ForumRecords, first_id: int) -> int:
    """The first forum command record made after the snapshot: as its meta counted them,
    else (a snapshot kept before it did) the first whose dice came after it."""
    count = _meta(snapshot, "forum_commands", int)
    if count is not None and 0 <= count:
        return count
    for position, key in enumerate(records.keys):
        ids = records.commands.get(key, {}).get("roll_ids") or [0]
        if isinstance(ids[0], int) and ids[0] >= first_id:
            return position
    return len(records.keys)


def _meta(snapshot: Path, key: str, kind: type) -> Any:
    """``key`` of the snapshot's meta.toml when it is a ``kind``, else None (a snapshot kept
    before the key was, or a damaged meta: require_snapshot has read what undo needs)."""
    import tomllib

    try:
        value = tomllib.loads((snapshot / "meta.toml").read_text(encoding="utf-8")).get(key)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    return value if isinstance(value, kind) else None


def _orders_of(snapshot: Path) -> str | None:
    orders: str | None = _meta(snapshot, "orders", str)
    return orders
