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
    store: CampaignStore,
    turn: int,
    before: bytes,
    first_id: int,
    player: str | None = None,
    orders: str | None = None,
    records: forumfile.ForumRecords | None = None,
) -> None:
    """Keep the state as it was before `turn end` — or before `turn run ORDERS`, which
    ``orders`` names — for `turn undo` (history/turn-NN/, or history/turn-NN-PLAYER/ for a
    Merchant of Venus player's turn); ``records``: forum.toml's, when read already."""
    import hashlib

    import tomli_w

    seq = next_snapshot_seq(store)
    name = f"turn-{turn:02d}" + (f"-{file_stem(player)}" if player else "")
    snapshot = store.folder / "history" / name
    snapshot.mkdir(parents=True, exist_ok=True)
    atomic_write(snapshot / "campaign.toml", before)
    # how many forum results there were: `turn undo` voids the ones recorded after
    try:
        if records is None:
            records = forumfile.read(store.folder / FORUM_FILE)
        forum: dict = {"forum_commands": len(records.keys)}
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
    """Go back to the state before the last `turn end` (the caller holds the lock).

    Checked first, replaced after: the kept state (its bytes, as meta.toml's SHA-256 says)
    and the snapshot's metadata against it — the turn it names and the first roll of the
    turn, which decide what is voided.  Refused when something public since the kept state
    would make playing the turn again foreseeable: a part key its end revealed (dice scheme
    2), or the secret (`campaign reveal`).  The players' shares and what each deadline read
    stay as they are: fixed once, they outlive an undo (docs/verify.md)."""
    snapshot, turn, first_id = require_snapshot(store)
    orders = _orders_of(snapshot)
    forum_path = store.folder / FORUM_FILE
    records = forumfile.read(forum_path)
    last_id = store.next_roll_id() - 1
    raw = store.check_snapshot(snapshot / "campaign.toml", _meta(snapshot, "sha256", str))
    kept, now = _state_of(raw, snapshot), store.load()
    _check_meta(store, snapshot, kept, now, records)
    _check_nothing_revealed(turn, kept, now)
    void = forumfile.void_record(records, _forum_since(snapshot, records, first_id), turn)
    kept_bytes = raw
    fixed = ("shares", "share_posts", "deadline_posts")  # fixed once: never taken back
    if any(getattr(kept, f) != {**getattr(kept, f), **getattr(now, f)} for f in fixed):
        for f in fixed:
            getattr(kept, f).update(getattr(now, f))
        kept_bytes = store.encode(kept)
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
        atomic_write(store.state_path, kept_bytes)
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
    # and so are their report models (gmtool.app.session: `turn show`), and what the
    # moderator's work page shows of them (gmtool.campaign.workposts)
    for kept in ("models", "posts"):
        for model in sorted((reports / kept).glob("turn-*.json")) if (reports / kept).is_dir() else []:
            digits = model.stem.split("-")[1]
            of = int(digits) if digits.isascii() and digits.isdigit() else 0
            if of > turn or (of == turn and not model.stem.endswith("-start")):
                model.rename(target / "reports" / f"{kept}-{model.name}")
    return Undone(turn, first_id, last_id, orders, len(void["keys"]) if void else 0)


def _state_of(raw: bytes, snapshot: Path) -> Any:
    """The kept state (its bytes checked already by CampaignStore.check_snapshot)."""
    import tomllib

    from gmtool.campaign.model import campaign_from_dict
    from gmtool.campaign.store import display
    from gmtool.errors import CampaignError

    where = display(snapshot / "campaign.toml")
    fail = lambda msg: CampaignError(key="campaign.snapshot_invalid", where=where, reason=msg)  # noqa: E731
    return campaign_from_dict(tomllib.loads(raw.decode("utf-8")), fail)


def _check_meta(store: CampaignStore, snapshot: Path, kept: Any, now: Any, records: forumfile.ForumRecords) -> None:
    """The snapshot's meta.toml, checked as its state is: the turn it names is the kept
    state's (and its folder's, and the turn now or the one before it), the first roll of the
    turn is the first the journal gave after the kept state (the rolls voided by an earlier
    undo skipped), and the count of forum results is one forum.toml can have had."""
    from gmtool.campaign.store import display
    from gmtool.errors import CampaignError

    where = display(snapshot / "meta.toml")

    def refuse(key: str, value: Any, expected: Any) -> CampaignError:
        shown = f'"{value}"'[:40] if isinstance(value, str) else str(value)[:40]  # as TOML writes it
        return CampaignError(key="campaign.snapshot_meta", where=where, key_=key, value=shown, expected=expected)

    turn = _meta(snapshot, "turn", object)
    if type(turn) is not int or turn != kept.turn or now.turn not in (turn, turn + 1):
        raise refuse("turn", turn, kept.turn)
    if snapshot.name != f"turn-{turn:02d}" and not snapshot.name.startswith(f"turn-{turn:02d}-"):
        raise refuse("turn", turn, snapshot.name.removeprefix("turn-").split("-")[0].lstrip("0") or "0")
    expected = _first_after(store, kept.last_roll_id)
    first = _meta(snapshot, "first_roll_id", object)
    if type(first) is not int or first != expected:
        raise refuse("first_roll_id", first, expected)
    count = _meta(snapshot, "forum_commands", object)
    if count is not None and (type(count) is not int or not 0 <= count <= len(records.keys)):
        raise refuse("forum_commands", count, f"0–{len(records.keys)}")


def _voids(store: CampaignStore) -> list[dict[str, Any]]:
    """voided.toml's ``[[void]]`` records (none when there is no file)."""
    import tomllib

    from gmtool.campaign.store import display
    from gmtool.errors import CampaignError

    path = store.folder / "voided.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise CampaignError(key="campaign.snapshot_damaged", where=display(path), reason=exc) from None
    voids = data.get("void", [])
    return [v for v in voids if isinstance(v, dict)] if isinstance(voids, list) else []


def _first_after(store: CampaignStore, last_id: int) -> int:
    """The id the journal gave first after roll ``last_id``: the next one, past any range an
    earlier `turn undo` voided (after an undo the state's last id is the kept one)."""
    ranges = [(v["from"], v["to"]) for v in _voids(store) if type(v.get("from")) is int and type(v.get("to")) is int]
    first = last_id + 1
    moved = True
    while moved:
        moved = False
        for low, high in ranges:
            if low <= first <= high:
                first, moved = high + 1, True
    return first


def _check_nothing_revealed(turn: int, kept: Any, now: Any) -> None:
    """Refuse to undo a turn when a key revealed since the kept state would let anyone compute
    the dice of playing it again: a part key its end revealed, or the secret."""
    from gmtool.errors import CampaignError

    if now.revealed_secret and not kept.revealed_secret:
        raise CampaignError(key="campaign.undo_secret_revealed", turn=turn)
    revealed = [part for part in now.revealed_parts if part not in kept.revealed_parts]
    if revealed:
        raise CampaignError(key="campaign.undo_key_revealed", turn=turn, parts=", ".join(revealed))


def void_problems(folder: Path, entries: list[Any]) -> list[Any]:
    """What is wrong with voided.toml against the journal (`verify`, `campaign validate`): a
    void's range must hold rolls of the journal, none of a turn before the undone one — a
    `turn undo` never voids an earlier turn's rolls."""
    from gmtool.errors import GmError
    from gmtool.locale import Msg

    try:
        voids = _voids(CampaignStore(folder))
    except GmError as exc:
        return [exc.msg()]
    turns = {e.id: e.turn for e in entries}
    last = max(turns, default=0)
    out: list[Any] = []
    for void in voids:
        turn, low, high = void.get("turn"), void.get("from"), void.get("to")
        if low is None and high is None:
            continue
        if not (type(turn) is int and type(low) is int and type(high) is int and 1 <= low <= high <= last):
            out.append(Msg("verify.void_range", turn=str(turn)[:20], low=str(low)[:20], high=str(high)[:20], last=last))
            continue
        earlier = next((i for i in range(low, high + 1) if turns.get(i, turn) < turn), None)
        if earlier is not None:
            out.append(Msg("verify.void_earlier", turn=turn, low=low, high=high, id=earlier, of=turns[earlier]))
    return out


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
