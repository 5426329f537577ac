"""The moderator's work page: every post of the turn to make, in order, on one page
(``reports/posts.html``, gmtool.report.workpage) — where each goes, its text to copy, the
images to attach — ticked off in the browser as it is done.

Each command that writes posts records them here, in the order it writes them:

* ``turn start``: the start post and each leader's start report (``reports/posts/turn-NN-start.json``,
  which ``turn undo`` leaves, as it leaves the start's own reports);
* ``post collect``: the public thread's reply and each room's (``reports/posts/turn-NN.json``),
  a reply only where the run found something new;
* ``turn end`` / ``turn run``: the public post and each leader's report (``turn-NN.json`` too,
  which ``turn undo`` takes away with the turn's reports).

then writes the page again.  The page shows the posts of the turn last written and every post
of the turn before (its start, its replies, its end) still to make — ticked off in the browser,
a carried post is hidden, so none is lost until it is posted (the posts going to the same place
at the same time become one: a leader's report with its next start report, a room's
confirmation with its report).  A room's reply is offered in place of the room's earlier
replies of the turn never posted — their orders are stated again in it — save those that carry
rolls (``rolled``: dice a player must see), which stay.  The page is the moderator's: it names rooms and holds every leader's private
report, so it is never part of the campaign's site (``gmtool site build`` copies named
files only) and ``gmtool verify`` does not read it as a published text.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterable

PAGE = "posts.html"  # reports/posts.html
FOLDER = "posts"  # reports/posts/turn-NN.json, turn-NN-start.json: what the page shows
VERSION = 1
STEPS = ("start", "collect", "end")


def page_path(folder: Path) -> Path:
    return folder / "reports" / PAGE


def is_page_file(path: Path, reports: Path) -> bool:
    """The page or one of its records: the moderator's, never a published text (``gmtool verify``)."""
    return path == reports / PAGE or path.parent == reports / FOLDER


def record_path(folder: Path, turn: int, start: bool = False) -> Path:
    """The posts of ``turn`` recorded for the page: its start's (kept by ``turn undo``, as the
    start's reports are), or the others'."""
    return folder / "reports" / FOLDER / f"turn-{turn:02d}{'-start' if start else ''}.json"


def post_id(turn: int, step: str, place: str, text: str) -> str:
    """A post's id on the page (its tick in the browser is kept by it): the turn, the step,
    and a digest of where it goes and what it says — the same post written again (a turn
    undone and played again) is a new post only when its text changed."""
    digest = hashlib.sha256(f"{step}\0{place}\0{text}".encode()).hexdigest()[:16]
    return f"t{turn:02d}-{step}-{digest}"


def entry(
    turn: int,
    step: str,
    place: str,
    file: str,
    fmt: str,
    limit: int | None,
    text: str,
    images: Iterable[str] = (),
    cut: str | None = None,
    whole: bool = False,
    rolled: bool = False,
) -> dict[str, Any]:
    """One post to make: ``place`` is "" (the public thread) or a leader (its room); ``cut``:
    its text without the orders template, for when the leader's next start report (which
    holds one) follows it in the same post; ``whole``: a reply that holds everything its
    place's earlier replies of the turn did (``post collect`` without --new); ``rolled``: a
    reply that tells rolls (never left out for a later reply of its room)."""
    out: dict[str, Any] = {
        "id": post_id(turn, step, place, text),
        "turn": turn,
        "step": step,
        "to": place,
        "file": file,
        "format": fmt,
        "limit": limit,
        "text": text,
        "images": list(images),
    }
    if cut is not None and cut != text:
        out["cut"] = cut
    if whole:
        out["whole"] = True
    if rolled:
        out["rolled"] = True
    return out


def read(folder: Path, turn: int) -> list[dict[str, Any]]:
    """The posts recorded for ``turn``, in the order they were written (its start first).  A
    file that cannot be read counts as none: the page is a convenience, never a reason for a
    command to fail once its turn is written."""
    posts: list[dict[str, Any]] = []
    for path in (record_path(folder, turn, start=True), record_path(folder, turn)):
        try:
            raw = json.loads(path.read_bytes())
        except (OSError, ValueError):
            continue
        if isinstance(raw, dict) and raw.get("version") == VERSION and isinstance(raw.get("posts"), list):
            posts += [p for p in raw["posts"] if _valid(p)]
    return posts


def _valid(post: Any) -> bool:
    return (
        isinstance(post, dict)
        and isinstance(post.get("id"), str)
        and isinstance(post.get("text"), str)
        and isinstance(post.get("to"), str)
        and post.get("step") in STEPS
        and isinstance(post.get("turn"), int)
        and isinstance(post.get("images", []), list)
    )


def record(folder: Path, turn: int, posts: list[dict[str, Any]]) -> None:
    """Add ``posts`` (:func:`entry`) to the turn's record: the start's in its own file, the
    others after what is there.  A reply whose text is the last one recorded for its place is
    not added again."""
    from gmtool.campaign.files import atomic_write

    for start, steps in ((True, ("start",)), (False, ("collect", "end"))):
        new = [p for p in posts if p["step"] in steps]
        if not new:
            continue
        path = record_path(folder, turn, start)
        path.parent.mkdir(parents=True, exist_ok=True)
        kept = [p for p in read(folder, turn) if p["step"] in steps] if not start else []
        last = {p["to"]: p["text"] for p in read(folder, turn)}
        run = 1 + max((int(p.get("run", 0)) for p in kept if p["step"] == "collect"), default=0)
        for post in new:
            if post["step"] == "collect" and last.get(post["to"]) == post["text"]:
                continue
            if post["step"] == "collect":
                post = {**post, "run": run}  # one run of post collect: one reply per place
            kept.append(post)
            last[post["to"]] = post["text"]
        body = {"version": VERSION, "turn": turn, "posts": kept}
        atomic_write(path, (json.dumps(body, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))


def write_page(folder: Path, state: Any, turn: int, lang: str | None = None) -> Path:
    """``reports/posts.html`` for ``turn``: its posts and all the turn before's (shown while
    not ticked off).  (the page's path)"""
    from gmtool.campaign.files import atomic_write
    from gmtool.formats import DEFAULT_LANG
    from gmtool.report.workpage import page_html

    posts = [{**p, "carried": True} for p in read(folder, turn - 1)] if turn > 1 else []
    posts += read(folder, turn)
    leaders = [p.name for p in state.players]
    rooms = dict(getattr(state, "rooms", {}) or {})
    places = {"": getattr(state, "forum_thread", None) or ""}
    places.update({leader: rooms.get(leader, "") for leader in leaders})
    for post in posts:  # a leader who left since keeps its posts' place
        places.setdefault(post["to"], rooms.get(post["to"], ""))
    page = page_html(state.name, turn, posts, places, lang or getattr(state, "lang", None) or DEFAULT_LANG)
    path = page_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, page.encode("utf-8"))
    return path


def refresh_page(folder: Path, state: Any, turn: int) -> Path | None:
    """Write the page again for ``turn`` where there is one (after `turn undo`)."""
    return write_page(folder, state, turn) if page_path(folder).is_file() else None


def keep_replies(
    folder: Path,
    state: Any,
    turn: int,
    replies: list[tuple[str, str, str]],
    out: Any,
    whole: bool,
    new: dict,
    rolled: Iterable[str] = (),
) -> Path:
    """``post collect``'s replies — (leader or "", file name, text) — recorded where the run
    found something new (``new``: place → bool), then the page written again: its path.
    ``rolled``: the places whose reply tells rolls."""
    shown = [r for r in replies if new.get(r[0], True)]
    record(folder, turn, reply_entries(turn, shown, out.format, _limit(out), whole, set(rolled)))
    return write_page(folder, state, turn)


# ---------------------------------------------------------------- what the commands record


def turn_entries(state: Any, step: str, posts: Any, out: Any, cuts: dict[str, str] | None = None) -> list[dict]:
    """The posts of a turn start (``step`` "start") or end ("end") — a
    :class:`gmtool.app.session.TurnPosts` rendered by ``out`` — as page entries: the
    public post with the public map (and chart), each leader's with its own map."""
    from gmtool.campaign.names import file_stem
    from gmtool.formats import EXTENSIONS

    ext = EXTENSIONS[out.format]
    prefix = "start-" if step == "start" else ""
    limit = _limit(out)
    leaders = {file_stem(p.name): p.name for p in state.players}
    maps = posts.maps or {}
    public_images = ["start-map-public.png"] if step == "start" else ["map-public.png", "chart-public.png"]
    entries = []
    for stem, text in posts.rendered.items():
        place = "" if stem == "public" else leaders.get(stem, stem)
        images = public_images if stem == "public" else [f"map-{stem}.png"]
        entries.append(
            entry(
                posts.turn,
                step,
                place,
                f"{prefix}{stem}.{ext}",
                out.format,
                limit,
                text,
                [name for name in images if name in maps],
                (cuts or {}).get(place),
            )
        )
    return entries


def reply_entries(
    turn: int,
    replies: list[tuple[str, str, str]],
    fmt: str,
    limit: int | None,
    whole: bool,
    rolled: set[str] | None = None,
) -> list[dict[str, Any]]:
    """``post collect``'s replies — (leader or "", file name, text) — as page entries
    (``rolled``: the places whose reply tells rolls)."""
    return [
        entry(turn, "collect", place, name, fmt, limit, text, whole=whole, rolled=place in (rolled or ()))
        for place, name, text in replies
    ]


def tells_rolls(data: Any) -> bool:
    """Whether a reply's data (a room's or the thread's report data) tells a roll: a command
    whose result has roll ids."""
    if isinstance(data, dict):
        if data.get("roll_ids"):
            return True
        return any(tells_rolls(v) for v in data.values())
    if isinstance(data, list):
        return any(tells_rolls(v) for v in data)
    return False


def _limit(out: Any) -> int | None:
    """The longest post the forum takes, in the format the posts were written in (none: any)."""
    from gmtool.report.render import post_limit

    if out.format == "json":
        return None
    return post_limit(out.format, getattr(out, "dialect", None), getattr(out, "post_limit", None))
