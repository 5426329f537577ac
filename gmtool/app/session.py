"""The campaign as a library: one place that opens a campaign with its lock, hands out
journaled dice, commits or rolls back, writes reports, report models and snapshots, runs a
turn, rebuilds a past tally and verifies the journal.

The command line (gmtool/cli) is one front end of it: a command parses its options, calls
this module, then renders and prints.  The forum resolver and anything that comes next
(a room collector, a site) are others.  Nothing here prints or imports typer; errors are the
domain errors of gmtool.errors.  Rendering is asked of a *renderer* — any object with a
``format``, a ``lang`` and ``render(report, lang=None) -> str`` (the CLI's ``Output``) — so
that every post is rendered before anything is written.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Protocol

from gmtool.campaign.folder import (  # noqa: F401  (the commands' door to them, as before)
    MODELS_FOLDER,
    MODELS_VERSION,
    campaign_library,
    load_campaign,
    models_path,
    table_library,
)
from gmtool.errors import GmError
from gmtool.formats import EXTENSIONS
from gmtool.struct import Struct  # not dataclasses: this module is on every command's start-up path

if TYPE_CHECKING:
    from gmtool.campaign.posted import PostedOrders


class Renderer(Protocol):
    format: str
    lang: str

    def render(self, report: Any, lang: str | None = None) -> str: ...


# ---------------------------------------------------------------- opening and committing


def check_ruleset(state: Any, ruleset: str | None) -> None:
    if ruleset is not None and state.ruleset != ruleset:
        from gmtool.errors import RuleRefused

        raise RuleRefused(key="wrong_ruleset", name=state.name, ruleset=state.ruleset, wanted=ruleset)


@contextmanager
def open_session(
    folder: Path, changes: bool = True, ruleset: str | None = "orion", store: Any = None
) -> Iterator["Session"]:
    """Lock the campaign in ``folder``, load it and hand over a :class:`Session`; write with
    :meth:`Session.commit`.  A session that ``changes`` the state is refused once the game is
    over; one made for a ``ruleset`` is refused on a campaign of another.  ``store``: the
    folder's store, which loaded the campaign already before the lock (``load(keep=True)``)."""
    from gmtool.campaign.store import CampaignStore

    store = store if store is not None else CampaignStore(folder)
    with store.locked():
        state = store.load()
        check_ruleset(state, ruleset)
        if changes:
            from gmtool.rules.base import ensure_not_over

            ensure_not_over(state)
        yield Session(store, state)


def commit(
    store: Any,
    state: Any,
    choice: "DiceChoice | None" = None,
    *,
    entries: list | None = None,
    forum: tuple[list, list] | None = None,
    checked: bool = False,
) -> None:
    """Journal the command's dice (``choice``'s, or ``entries``), append ``forum``'s
    (commands, posts) to forum.toml, then replace the state — all or nothing: when a
    later step fails (a full disk) the appends are taken back.  ``checked``: the caller ran
    ``store.check`` on this very state already (a turn checks before it keeps its snapshot)."""
    from gmtool.campaign.files import truncate_to

    if not checked:
        store.check(state)  # names that spoof, values the loader refuses: before anything is written
    size = store.journal_size()
    forum_path = store.folder / "forum.toml"
    forum_size = forum_path.stat().st_size if forum and forum_path.exists() else 0
    if choice is not None:
        entries = choice.entries
    store.append(entries or [])
    try:
        if forum:
            from gmtool.campaign import forumfile

            forumfile.append(forum_path, *forum)
        store.save(state, checked=True)
    except GmError:
        store.cut_journal(size)  # the state was not saved: neither are its rolls
        if forum:
            truncate_to(forum_path, forum_size)
        raise


class DiceChoice:
    """The dice source chosen by ``--dice`` faces / a seed — or, in a campaign, its journaled
    stream (``journal`` = (store, campaign, purpose)) — with what to tell the reader."""

    def __init__(self, dice: str | None, seed: int | None, journal: Any = None, turn_dice: bool = False) -> None:
        from gmtool.dice.sources import FixedSource, RandomSource, parse_faces

        self.journal = journal
        self.source: Any  # a JournalingSource in a campaign, else Fixed- or RandomSource
        self.info: dict[str, Any]  # what to tell the reader about the dice
        if journal is not None:
            from gmtool.campaign.stream import JournalingSource
            from gmtool.errors import CampaignError

            store, campaign, purpose = journal
            faces = parse_faces(dice) if dice is not None else None
            if faces is None and campaign.revealed_secret:
                raise CampaignError(key="secret_revealed")
            self.source = JournalingSource(
                store.read_secret(), store.next_roll_id(), campaign.turn, purpose, faces, expected=campaign.commitment
            )
            attach_scheme2(self.source, campaign, turn_dice=turn_dice)
            self.info = {"kind": "manual" if faces is not None else "stream", "campaign": campaign.name}
            if faces is not None:
                self.info["faces"] = faces
        elif dice is not None:
            faces = parse_faces(dice)
            self.source = FixedSource(faces)
            self.info = {"kind": "fixed", "faces": faces}
        else:
            self.source = RandomSource(seed)
            self.info = {"kind": "random", "seed": seed}

    def finish(self) -> None:
        """Refuse ``--dice`` faces that no roll used; note the journal ids."""
        finish = getattr(self.source, "finish", None)
        if finish:
            finish()
        ids = getattr(self.source, "ids", None)
        if ids:
            self.info["roll_ids"] = list(ids)
        if self.journal is not None and self.entries:
            # the journal's mark once these dice are appended, for reports rendered before the commit
            from gmtool.campaign import journal

            store, campaign, _ = self.journal
            chain = journal.last_chain(store.journal_path)
            for entry in self.entries:
                chain = journal.link(chain, entry)
            campaign.last_roll_id, campaign.journal_hash = self.entries[-1].id, chain

    @property
    def entries(self) -> list:
        return getattr(self.source, "entries", [])

    @property
    def first_id(self) -> int:
        """The first journal id these dice used (or would have used)."""
        return self.entries[0].id if self.entries else self.source.next_id


def attach_scheme2(
    source: Any, campaign: Any, private: bool = True, uses: dict | None = None, turn_dice: bool = False
) -> Any:
    """Make ``source`` (a JournalingSource) derive scheme-2 faces when the campaign's turn
    follows scheme 2 (docs/verify.md): labels start with ``turn N``, the part is the turn's
    stage, and dice per label are counted in the campaign's state (``uses``: a copy, for dice
    never journaled).  The share: with ``turn_dice`` (the turn's orders and its end) the
    turn's own, fixed at its deadline (:mod:`gmtool.campaign.deadline`); otherwise — the
    turn's start, and everything rolled during the turn — the opening share, fixed at the
    previous turn's deadline, so that no face depends on when the moderator fixes the share."""
    import re

    from gmtool.campaign.stream import Scheme2, clean_label

    if not getattr(campaign, "dice_v2", False):
        return source
    prefix = f"turn {campaign.turn}"
    for stale in [k for k in campaign.label_uses if not k.startswith(prefix + " · ")]:
        del campaign.label_uses[stale]
    opening = opening_share(campaign)
    share = campaign.shares.get(str(campaign.turn), "") if turn_dice else opening
    part = f"stage{campaign.stage}"
    source.scheme2 = Scheme2(
        prefix,
        part,
        share,
        campaign.label_uses if uses is None else uses,
        private,
        opening if turn_dice else None,
        part in campaign.revealed_parts,
    )
    source.context = clean_label(re.sub(r"^turn \d+ ", "", source.purpose))
    return source


def opening_share(campaign: Any) -> str:
    """The share everything rolled during the turn takes: the one fixed at the previous turn's
    deadline ("" in the first turn of scheme 2, before which none was fixed)."""
    return str(campaign.shares.get(str(campaign.turn - 1), ""))


def with_journal_mark(report: Any, campaign: Any, lang: str = "en") -> Any:
    """Every report of a campaign ends with a mark of its journal's running hash (``journal #58 ·
    3fa2c1d0e9b7``, keyed from the secret: journal.mark_hash): once posted, no journal entry up
    to #58 can change unseen (``gmtool verify --published THREAD``)."""
    last = getattr(campaign, "last_roll_id", 0)
    chain = getattr(campaign, "journal_hash", "")
    key = getattr(campaign, "mark_key", None)  # keyed from the secret: no secret at hand, no mark
    if not last or not chain or not key or not hasattr(report, "blocks"):
        return report
    from gmtool.campaign.journal import mark, mark_hash
    from gmtool.report.model import Paragraph, Report, Span

    data = dict(report.data) if isinstance(report.data, dict) else report.data
    if isinstance(data, dict):
        data["journal"] = {"last_id": last, "hash": mark_hash(key, chain)}
    return Report(report.title, [*report.blocks, Paragraph([Span(mark(last, chain, key, lang), "i")])], data)


# ---------------------------------------------------------------- a turn's posts


class TurnPosts(Struct):
    """A turn's posts, built and rendered before anything is written: the public report,
    the rendered posts by file stem (``public`` and one per leader), the maps, and the
    report models kept for ``turn show`` (:func:`models_data`)."""

    __slots__ = ("turn", "public", "rendered", "models", "maps", "private", "page")

    def __init__(
        self,
        turn: int,
        public: Any,
        rendered: dict[str, str],
        models: dict[str, Any],
        maps: dict[str, bytes] | None = None,
        private: dict[str, Any] | None = None,
    ) -> None:
        self.turn = turn
        self.public = public
        self.rendered = rendered
        self.models = models
        self.maps = maps or {}
        self.private = private or {}  # each leader's report as rendered (its model)
        self.page: Path | None = None  # the moderator's work page, once written (Session.keep_page)


def report_langs(state: Any, lang: str) -> dict[str, str]:
    """Each leader's private-report language: its own (`gmtool player lang`), else ``lang``."""
    return {p.name: p.lang or lang for p in state.players}


def render_posts(
    out: Renderer, public: Any, private: dict[str, Any], langs: dict[str, str] | None = None
) -> dict[str, str]:
    """``public`` and each leader's report (in ``langs[leader]`` where given), rendered —
    before anything is written."""
    from gmtool.campaign.names import file_stem

    langs = langs or {}
    rendered = {"public": out.render(public)}
    rendered.update({file_stem(leader): out.render(report, langs.get(leader)) for leader, report in private.items()})
    return rendered


def models_data(
    state: Any, turn: int, built: dict[str, tuple[Any, dict[str, Any]]], used: dict[str, str]
) -> dict[str, Any]:
    """The report models of a turn's posts as plain data: for each language the campaign
    knows, the public report and each leader's, with the journal mark they were posted
    with; ``used``: the language each post was rendered in at the time (``public`` and
    each leader)."""
    from gmtool.report.model import report_to_dict

    langs: dict[str, Any] = {}
    for lang, (public, private) in built.items():
        langs[lang] = {
            "public": report_to_dict(with_journal_mark(public, state, lang)),
            "private": {leader: report_to_dict(with_journal_mark(r, state, lang)) for leader, r in private.items()},
        }
    return {"version": MODELS_VERSION, "turn": turn, "used": used, "langs": langs}


def _other_langs(lang_used: set[str]) -> list[str]:
    from gmtool.locale import LANGS

    return [lang for lang in LANGS if lang not in lang_used]


START_PUBLIC_MAP = "start-map-public.png"  # the galaxy as the rooms open, for the start post


def _start_posts(
    table: Any, state: Any, rules: Any, result: Any, lang: str, langs: dict[str, str]
) -> tuple[Any, dict[str, Any]]:
    """The start's posts as the campaign's ruleset builds them; the public one names the
    galaxy's map when the ruleset says the turn's start shows it (orion: the rooms open)."""
    from gmtool.rules.registry import ruleset_of

    public, private = table.start_posts(state, rules, result, lang, langs)
    if ruleset_of(state).maps and table.start_map(state, rules, result):
        from gmtool.maps import note_turn_maps

        note_turn_maps(public, {}, lang)  # the galaxy's map, open to all: start-map-public.png
        public.data["map"] = START_PUBLIC_MAP
    return public, private


def _end_posts(
    table: Any,
    state: Any,
    rules: Any,
    result: Any,
    lang: str,
    langs: dict[str, str],
    done: list | None,
    dropped: dict[str, list] | None = None,
) -> tuple[Any, dict[str, Any]]:
    """The end's posts as the campaign's ruleset builds them, each naming its map where the
    ruleset has maps (gmtool.maps)."""
    from gmtool.rules.registry import ruleset_of

    public, private = table.end_posts(state, rules, result, lang, langs, done, dropped)
    if ruleset_of(state).maps:
        from gmtool.maps import note_turn_maps

        note_turn_maps(public, private, lang, langs)
    return public, private


def _in_every_lang(
    build: Any, state: Any, result: Any, done: list | None, out: Renderer, langs: dict[str, str]
) -> tuple[Any, dict[str, Any], dict[str, tuple[Any, dict[str, Any]]]]:
    """The posts as the moderator gets them (public in ``out.lang``, each leader's in its
    own), and the same posts built whole in every language the campaign knows (for ``turn
    show --lang``).  Every build reads the same ``result`` and ``done``: a report builder is
    pure (it reads them and returns new posts, never changing them; tests/test_report_pure.py),
    so another language costs a build, not a copy."""
    used = {out.lang, *langs.values()}
    public, private = build(result, done, out.lang, langs)
    built = {}
    for lang in sorted(used) + _other_langs(used):
        if lang == out.lang and all(v == lang for v in langs.values()):
            built[lang] = (public, private)
        else:
            built[lang] = build(result, done, lang, {p.name: lang for p in state.players})
    return public, private, built


def _turn_dice(store: Any, state: Any, turn: int, entries: list) -> list:
    """Scheme 2: the public rolls a turn's public post lists — the turn's journaled ones (the
    moderator's free rolls, the public thread's `!roll`) and this command's."""
    if getattr(state, "scheme", 1) != 2:
        return []
    from gmtool.campaign import journal

    earlier, _, _ = journal.read_all(store.journal_path)
    ids = {e.id for e in entries}
    shown = [e for e in earlier if e.turn == turn and e.part and not e.private and e.id not in ids]
    shown += [e for e in entries if e.part and not e.private]
    # a die rolled again after a `turn undo` (the same label and index) is listed once
    return list({(e.label, e.index, e.part, e.share): e for e in shown}.values())


def _reveal_parts(store: Any, state: Any, stage: int, turn: int) -> dict[str, str]:
    """Scheme 2: the part keys revealed by the end of ``turn`` that closed stage ``stage`` (or
    the game): the stage's, and with stage 1 the setup's (docs/verify.md)."""
    v2 = getattr(state, "scheme", 1) == 2 and turn >= getattr(state, "scheme_from", 0)
    if not v2 or (state.stage == stage and state.victory is None):
        return {}
    secret = store.read_secret()
    if secret is None:
        return {}
    from gmtool.campaign.stream import part_key

    parts = ["setup", "stage1"] if stage == 1 else [f"stage{stage}"]
    revealed = {part: part_key(secret, part).hex() for part in parts if part not in state.revealed_parts}
    state.revealed_parts.update(revealed)
    return revealed


def _with_dice(
    posts: tuple[Any, dict[str, Any]],
    state: Any,
    turn: int,
    shown: list,
    entries: list,
    lang: str,
    langs: dict[str, str],
    revealed: dict[str, str],
    end: bool = True,
) -> tuple[Any, dict[str, Any]]:
    """A turn's posts with their Dice blocks (scheme 2 only: gmtool.report.dice_block); ``end``:
    the turn's end posts (else its start's)."""
    if getattr(state, "scheme", 1) != 2:
        return posts
    from gmtool.report.dice_block import private_dice, public_dice

    public, private = posts
    public = public_dice(public, state, turn, shown, lang, revealed, end)
    private = {
        leader: private_dice(r, leader, entries, langs.get(leader, lang), state) for leader, r in private.items()
    }
    return public, private


class Session:
    """An open campaign (its store locked, its state loaded): the machinery every front end
    shares.  Get one from :func:`open_session`."""

    def __init__(self, store: Any, state: Any) -> None:
        self.store = store
        self.state = state
        self.posted: PostedOrders | None = None  # the rooms' orders last played (play_posted)
        self.kept_bands: bytes | None = None  # reports/map-bands.bin as the maps just drawn leave it
        self._forum: tuple[bytes | None, Any] | None = None  # forum.toml's bytes and records, parsed

    @property
    def folder(self) -> Path:
        return Path(self.store.folder)

    def library(self, tables: list[Path] | None = None) -> Any:
        return campaign_library(self.folder, tables)

    def forum_records(self) -> Any:
        """forum.toml's records (gmtool.campaign.forumfile), parsed once while the file holds
        the same bytes: a turn from the rooms asks four times (the deadline, the quest
        claims, the posted orders, the snapshot's count).  Read only: a change is written to
        the file, and the next call parses it again."""
        from gmtool.campaign import forumfile
        from gmtool.campaign.store import FORUM_FILE

        path = self.folder / FORUM_FILE
        try:
            seen: bytes | None = path.read_bytes()
        except OSError:
            seen = None  # none (an empty record), or unreadable: forumfile.read says why
        if self._forum is None or self._forum[0] != seen:
            self._forum = (seen, forumfile.read(path))
        return self._forum[1]

    def rules(self, tables: list[Path] | None = None) -> Any:
        """The tables the campaign's turn engine reads (its ruleset's ``table_turn``)."""
        from gmtool.rules.registry import ruleset_of

        return ruleset_of(self.state).table_turn().rules(self.library(tables))

    def dice(self, purpose: str, faces: str | None = None, turn_dice: bool = False) -> DiceChoice:
        """The journaled dice of one step (``faces``: the moderator's own, journaled as manual;
        ``turn_dice``: the turn's orders or end, which take the turn's own share)."""
        return DiceChoice(faces, None, (self.store, self.state, purpose), turn_dice)

    def commit(
        self,
        choice: DiceChoice | None = None,
        *,
        entries: list | None = None,
        forum: tuple[list, list] | None = None,
        checked: bool = False,
    ) -> None:
        commit(self.store, self.state, choice, entries=entries, forum=forum, checked=checked)

    def state_bytes(self) -> bytes:
        """campaign.toml as it is on disk (what a snapshot keeps)."""
        return bytes(self.store.state_path.read_bytes())

    def snapshot(
        self, turn: int, before: bytes, first_id: int, player: str | None = None, orders: str | None = None
    ) -> None:
        """Keep the state before a turn end for `turn undo` (gmtool.campaign.history)."""
        from gmtool.campaign.history import keep
        from gmtool.errors import GmError

        try:
            records = self.forum_records()
        except GmError:  # damaged: the snapshot says so (gmtool.campaign.history.keep)
            records = None
        keep(self.store, turn, before, first_id, player, orders, records)

    def write_reports(
        self,
        turn: int,
        fmt: str,
        rendered: dict[str, str],
        maps: dict[str, bytes] | None = None,
        prefix: str = "",
        models: dict[str, Any] | None = None,
    ) -> Path:
        """The turn's posts (and its maps, and its report models) into reports/turn-NN/."""
        from gmtool.campaign.files import atomic_write_all

        where = self.folder / "reports" / f"turn-{turn:02d}"
        where.mkdir(parents=True, exist_ok=True)
        ext = EXTENSIONS[fmt]
        items = [(where / f"{prefix}{name}.{ext}", body.encode("utf-8")) for name, body in rendered.items()]
        items += [(where / name, image) for name, image in (maps or {}).items()]
        if models is not None:
            import json

            path = models_path(self.folder, turn, start=bool(prefix))
            path.parent.mkdir(exist_ok=True)
            # compact: json's C encoder writes it (an indented dump is Python's, 6× slower), and
            # every later turn's chart and page read it back faster
            items.append((path, json.dumps(models, ensure_ascii=False, separators=(",", ":")).encode("utf-8")))
        atomic_write_all(items)  # each file synced, each folder once
        self._keep_bands()
        return where

    def _keep_bands(self) -> None:
        """The bands of the maps just drawn, for the next turn's (reports/map-bands.bin), written
        last: it is a cache, and one that cannot be written leaves the last turn's, still true
        of the maps it holds (gmtool.maps.kept)."""
        if self.kept_bands is None:
            return
        from gmtool.campaign.store import atomic_write
        from gmtool.maps.kept import FILE_NAME

        try:
            atomic_write(self.folder / "reports" / FILE_NAME, self.kept_bands)
        except (GmError, OSError):
            pass
        self.kept_bands = None

    def keep_page(self, step: str, posts: TurnPosts, out: Renderer) -> Path:
        """The moderator's work page (gmtool.campaign.workposts): the posts of a turn's
        ``step`` ("start", "end") recorded, the page written again; its path is kept in
        ``posts.page``.  A leader's report is also kept without its orders template, for
        when its next start report (which holds one) joins it in one post."""
        from gmtool.campaign import workposts
        from gmtool.report.turns import without_template

        cuts = {}
        if step == "end" and out.format != "json":
            used = posts.models.get("used", {})
            for leader, report in posts.private.items():
                lang = used.get(leader, out.lang)
                cut = without_template(report, lang)
                if cut is not report:
                    cuts[leader] = out.render(cut, lang)
        workposts.record(self.folder, posts.turn, workposts.turn_entries(self.state, step, posts, out, cuts))
        posts.page = workposts.write_page(self.folder, self.state, posts.turn)
        return posts.page

    # ---- the turn engine

    def close_posts(self, threads: list[Any]) -> Any:
        """The turn's deadline (dice scheme 2): its players' share fixed from ``threads`` in the
        loaded state (gmtool.campaign.deadline.fix; the caller commits).  What it fixed."""
        from gmtool.campaign import deadline

        return deadline.fix(self.state, threads, self.forum_records())

    def _share_fixed(self) -> None:
        """The turn's orders and end take its share: refused before its deadline fixed it."""
        from gmtool.campaign import deadline
        from gmtool.errors import CampaignError

        if deadline.needed(self.state):
            raise CampaignError(key="stream.share_not_fixed", turn=self.state.turn)

    def start_turn(self, rules: Any, out: Renderer, faces: str | None = None) -> TurnPosts:
        """`turn start`: the turn started on the loaded state, every post rendered before
        anything is written, then committed and written (reports/turn-NN/start-*)."""
        from gmtool.rules.base import play
        from gmtool.rules.registry import ruleset_of

        state = self.state
        choice = self.dice(f"turn {state.turn} start", faces)
        table = ruleset_of(state).table_turn()
        result = play(table.start_steps, table.starting(state, rules, choice.source))
        choice.finish()
        langs = report_langs(state, out.lang)
        from gmtool.report.deadlines import with_turn_notes

        shown = _turn_dice(self.store, state, result.turn, choice.entries)
        public, private, built = _in_every_lang(
            lambda res, _, lang, ls: _with_dice(
                with_turn_notes(_start_posts(table, state, rules, res, lang, ls), state, [], 0, lang),
                state,
                result.turn,
                shown,
                choice.entries,
                lang,
                ls,
                {},
                end=False,
            ),
            state,
            result,
            None,
            out,
            langs,
        )
        rendered = render_posts(out, public, private, langs)
        used = {"public": out.lang, **{leader: langs[leader] for leader in private}}
        posts = TurnPosts(result.turn, public, rendered, models_data(state, result.turn, built, used), private=private)
        if public.data.get("map") == START_PUBLIC_MAP:  # the rooms open: the galaxy, drawn before anything is written
            posts.maps = self.draw_start_map(rules, out.lang)
        self.commit(choice)
        self.write_reports(posts.turn, out.format, posts.rendered, posts.maps, prefix="start-", models=posts.models)
        self.keep_page("start", posts, out)
        return posts

    def draw_start_map(self, rules: Any, lang: str) -> dict[str, bytes]:
        """start-map-public.png: the galaxy every leader may see as the rooms open (gmtool.maps)."""
        from gmtool.maps import PUBLIC, draw

        state = self.state
        return {START_PUBLIC_MAP: draw(state, PUBLIC, "png", lang, rules.library, (state.turn, state.stage))}

    def close_turn(
        self,
        rules: Any,
        out: Renderer,
        choice: DiceChoice,
        chair_decision: str | None,
        done: list | None = None,
        posted: "PostedOrders | None" = None,
        chair_choice: str | None = None,
    ) -> TurnPosts:
        """`turn end` on the loaded state and every post of it, rendered before anything is
        written; ``posted``: the turn was played from the rooms (its public post states each
        missed turn and what was applied)."""
        from gmtool.report.deadlines import next_deadline, with_turn_notes
        from gmtool.rules.registry import ruleset_of

        state = self.state
        turn = state.turn
        stage = state.stage
        from gmtool.rules.base import play

        table = ruleset_of(state).table_turn()
        # the chair's word on a tie goes only to a ruleset that has a chair (a ruleset's own
        # `ending` may take only the four before it)
        word = {"chair_choice": chair_choice} if chair_choice is not None else {}
        result = play(table.end_steps, table.ending(state, rules, choice.source, chair_decision, **word))
        choice.finish()
        revealed = _reveal_parts(self.store, state, stage, turn)
        shown = _turn_dice(self.store, state, turn, choice.entries)
        next_deadline(state, turn)
        missed = list(posted.missed.values()) if posted is not None else []
        dropped = posted.dropped_by_leader() if posted is not None else {}  # the deadline's, for each report
        langs = report_langs(state, out.lang)  # a leader's private report in its own language
        public, private, built = _in_every_lang(
            lambda res, done_, lang, ls: _with_dice(
                with_turn_notes(
                    _end_posts(table, state, rules, res, lang, ls, done_, dropped), state, missed, turn, lang
                ),
                state,
                turn,
                shown,
                choice.entries,
                lang,
                ls,
                revealed,
            ),
            state,
            result,
            done,
            out,
            langs,
        )
        rendered = render_posts(out, public, private, langs)
        used = {"public": out.lang, **langs}
        return TurnPosts(turn, public, rendered, models_data(state, turn, built, used), private=private)

    def draw_images(self, rules: Any, posts: TurnPosts, lang: str) -> dict[str, bytes]:
        """The files to attach to the turn's posts: its maps and its chart (none where the
        ruleset has no galaxy map)."""
        from gmtool.rules.registry import ruleset_of

        if not ruleset_of(self.state).maps:
            return {}
        images = self.draw_maps(rules, posts.turn, lang, posts.public.data.get("stage"))
        images.update(self.draw_chart(posts.turn, posts.public, lang))
        return images

    def draw_maps(self, rules: Any, turn: int, lang: str, stage: int | None = None) -> dict[str, bytes]:
        """map-public.png and map-<leader>.png, titled with the turn they report, labelled from
        the turn's own tables; drawn before the turn is written (gmtool.maps), where they look
        as the last turn's did taken from its kept bands (reports/map-bands.bin,
        gmtool.maps.kept), which :meth:`write_reports` replaces with this turn's."""
        from gmtool.maps import draw_turn_maps
        from gmtool.maps.kept import FILE_NAME, KeptBands
        from gmtool.maps.png import drawing_salt

        try:
            data: bytes | None = (self.folder / "reports" / FILE_NAME).read_bytes()
        except OSError:  # none yet (or unreadable): every band drawn
            data = None
        kept = KeptBands.read(data, drawing_salt())
        maps = dict(draw_turn_maps(self.state, rules.library, lang, turn, stage, kept))
        self.kept_bands = kept.dump() if kept.new else None
        return maps

    def draw_chart(self, turn: int, public: Any, lang: str) -> dict[str, bytes]:
        """chart-public.png beside the public map: planets per leader up to this turn, from the
        public posts kept and this turn's (gmtool.site.charts); only where there are maps."""
        from gmtool.rules.registry import ruleset_of

        if not ruleset_of(self.state).maps:
            return {}
        from gmtool.site.charts import turn_chart

        return turn_chart(self.folder, [p.name for p in self.state.players], turn, public.data, lang)

    def end_turn(
        self,
        rules: Any,
        out: Renderer,
        faces: str | None = None,
        chair_decision: str | None = None,
        chair_choice: str | None = None,
    ) -> TurnPosts:
        """`turn end`: close the turn, draw its maps, keep the snapshot, commit, write the posts."""
        self._share_fixed()
        before = self.state_bytes()
        choice = self.dice(f"turn {self.state.turn} end", faces, turn_dice=True)
        posts = self.close_turn(rules, out, choice, chair_decision, chair_choice=chair_choice)
        self.store.check(self.state)  # a value the loader would refuse: refused before the snapshot is kept
        posts.maps = self.draw_images(rules, posts, out.lang)
        self.snapshot(posts.turn, before, choice.first_id)
        self.commit(choice, checked=True)
        self.write_reports(posts.turn, out.format, posts.rendered, posts.maps, models=posts.models)
        self.keep_page("end", posts, out)
        return posts

    def play_orders(
        self,
        rules: Any,
        path: Path | None,
        faces: str | None = None,
        posted: "PostedOrders | None" = None,
    ) -> tuple[DiceChoice, list, str, list]:
        """Read the orders file and play it — or play the ``posted`` orders (typed, each with
        its post: no file is read) — (gmtool/rules/orion/orders.py): (the dice, problems, the
        file as shown, what was done)."""
        from gmtool.errors import InputError
        from gmtool.rules.orion.orders import unknown_leaders
        from gmtool.rules.registry import ruleset_of
        from gmtool.tomlfile import display_path, read_text

        table = ruleset_of(self.state).table_turn()
        if posted is not None:
            where, orders = display_path(posted.path), posted.orders()
            problems = unknown_leaders(self.state, orders)
            refused = {id(p.order) for p in problems}
            orders = [o for o in orders if id(o) not in refused]
        else:
            assert path is not None
            where = display_path(path)
            text = read_text(path, InputError)
            orders, problems = table.read_orders(self.state, text, where)
        choice = self.dice(f"turn {self.state.turn} orders", faces, turn_dice=True)
        more, done = table.play_orders(self.state, rules, choice.source, orders)
        return choice, problems + more, where, done

    def play_posted(
        self, rules: Any, faces: str | None = None, strict: bool = False
    ) -> tuple["PostedOrders", DiceChoice, list, str, list]:
        """The orders collected from the rooms (:func:`posted_orders`), the missed-orders policy
        applied, played. At the deadline an order the rules refuse is dropped and the rest
        played again from the state as it was, until none is refused (the dropped orders and
        why are ``posted.dropped``, for the leaders' reports and the kept file); ``strict``:
        all or nothing instead — a leader's own order refused is the turn's problem (an order
        the policy added is dropped even so: no order left to activate a colony again)."""
        import copy

        from gmtool.campaign.posted import posted_orders

        posted = posted_orders(self.folder, self.state, missed=True, records=self.forum_records())
        posted.check_writable()
        pristine = copy.deepcopy(self.state)
        while True:
            choice, problems, where, done = self.play_orders(rules, None, faces, posted)
            droppable = [p for p in problems if p.order is not None and (not strict or posted.is_policys(p))]
            if not problems or len(droppable) < len(problems):
                self.posted = posted
                return posted, choice, problems, where, done
            posted = posted.dropping(droppable)
            # the state as it was, in the same object (a front end's renderer holds it: its journal mark)
            vars(self.state).update(vars(copy.deepcopy(pristine)))

    def run_turn(
        self,
        rules: Any,
        out: Renderer,
        path: Path | None,
        faces: str | None = None,
        chair_decision: str | None = None,
        dry_run: bool = False,
        strict: bool = False,
        chair_choice: str | None = None,
    ) -> tuple[TurnPosts | None, list, str]:
        """`turn run ORDERS` — or, with no ``path``, `turn run --from-posts` (the orders
        collected from the rooms, kept in orders/turn-NN.toml): apply the orders, end the
        turn, and (unless ``dry_run``) keep the snapshot, commit and write the posts.  An
        orders file plays all or nothing; the rooms' orders drop what the rules refuse and
        play the rest (each leader's report tells what it lost and why), or with ``strict``
        all or nothing too.  (posts, problems, the file as shown): with problems, nothing was
        played to the end and nothing is written."""
        self._share_fixed()
        before = self.state_bytes()
        turn = self.state.turn
        posted = None
        if path is None:
            posted, choice, problems, where, done = self.play_posted(rules, faces, strict)
        else:
            choice, problems, where, done = self.play_orders(rules, path, faces)
        if problems:
            return None, problems, where
        if posted is not None:
            posted.count_missed(self.state)
        posts = self.close_turn(rules, out, choice, chair_decision, done, posted, chair_choice)
        self.store.check(self.state)  # a turn that would save a value the loader refuses is refused whole
        if not dry_run:
            posts.maps = self.draw_images(rules, posts, out.lang)
            self.snapshot(turn, before, choice.first_id, orders=where)
            if posted is not None:
                from gmtool.campaign.store import atomic_write

                posted.path.parent.mkdir(exist_ok=True)
                atomic_write(posted.path, posted.text(out.lang).encode("utf-8"))
            self.commit(choice, checked=True)
            self.write_reports(turn, out.format, posts.rendered, posts.maps, models=posts.models)
            self.keep_page("end", posts, out)
        return posts, [], where

    def end_player_turn(self, player: str, lang: str, tables: list[Path] | None = None) -> Any:
        """The end of one player's turn, where the ruleset's turns are a player's (Merchant of
        Venus: docs/rules-venus.md): its report, once the turn is kept and committed."""
        from gmtool.rules.registry import ruleset_of

        before = self.state_bytes()
        turn = self.state.turn
        report = ruleset_of(self.state).end_player_turn(self.state, self.library(tables), player, lang)
        self.store.check(self.state)
        self.snapshot(turn, before, self.store.next_roll_id(), player)
        self.commit(checked=True)
        return report

    # ---- the council

    def last_tally(self, election: bool) -> tuple[Any, str | None, list[str]]:
        """The last council tally rebuilt from what the campaign recorded (to post it again):
        (the tally, the bill's id for a bill vote, who did not vote)."""
        from gmtool.errors import RuleRefused
        from gmtool.rules.orion.council import Ballot, BillTally, ElectionTally

        last = self.state.game.council.last_tally
        if last is None or last.get("kind") != ("election" if election else "bill"):
            raise RuleRefused(key="cli.nothing_to_tally")
        ballots = [Ballot(b["leader"], b.get("vote"), b["planets"], b["bribe_bc"]) for b in last["ballots"]]
        not_voted = list(last.get("not_voted", []))
        if election:
            return (
                ElectionTally(last["totals"], last["total_votes"], last["needed"], last.get("elected"), ballots),
                None,
                not_voted,
            )
        return (
            BillTally(
                last["yes"],
                last["no"],
                last["abstain"],
                last["passed"],
                last["tie"],
                last["decided_by_chair"],
                last["chair"],
                ballots,
                last.get("silent", 0),
            ),
            last["bill"],
            not_voted,
        )


class _SpentDice:
    """The dice of a campaign whose secret was revealed (`campaign reveal`): a roll is refused."""

    def roll(self, sides: int, label: str = "") -> int:
        from gmtool.errors import CampaignError

        raise CampaignError(key="secret_revealed")


class Given(Struct):
    """Orders the moderator gave now (:func:`give_orders`): each order with what its handler
    returned and the turn's log entries it wrote, the state after, the rules and the dice (None
    once the campaign's secret is revealed and no ``--dice`` were given)."""

    __slots__ = ("done", "state", "rules", "dice")

    def __init__(self, done: list[dict[str, Any]], state: Any, rules: Any, dice: DiceChoice | None) -> None:
        self.done = done  # {"leader", "order", "value", "result", "log"} each, as a turn's report reads them
        self.state = state
        self.rules = rules
        self.dice = dice

    @property
    def result(self) -> Any:
        """What the last order's handler returned."""
        return self.done[-1]["result"] if self.done else None


def give_orders(
    folder: Path,
    orders: list[tuple[str, str, Any]],
    faces: str | None = None,
    tables: list[Path] | None = None,
    purpose: str | None = None,
) -> Given:
    """The moderator's command for orders of the turn (`gmtool order KIND`, `gmtool colonize`,
    `gmtool build` …): each (leader, kind, value) played now, in the order given, through its
    kind's record — the value checked, the handler an orders file and a room post reach, its
    dice labelled as the turn would label them — and committed; one refusal and nothing is
    kept. ``faces``: the moderator's dice (``--dice``); ``purpose``: the journal's words for
    them (default: the orders themselves)."""
    from gmtool.rules.orion.orders import Order, play_one, value_words

    with open_session(folder) as session:
        state = session.state
        rules = session.rules(tables)
        typed = [Order(leader, kind, value) for leader, kind, value in orders]
        said = "; ".join(f"{o.kind} {value_words(o.value)} ({o.leader})" for o in typed)
        # once `campaign reveal` has spent the stream, orders that roll nothing are still given
        spent = faces is None and bool(state.revealed_secret)
        choice = None if spent else session.dice(purpose or said[:200], faces)
        source: Any = _SpentDice() if choice is None else choice.source
        done = []
        for order in typed:
            result, logged = play_one(state, rules, source, order)
            entries = [e for e in logged if e is not result]
            done.append(
                {"leader": order.leader, "order": order.kind, "value": order.value, "result": result, "log": entries}
            )
        if choice is not None:
            choice.finish()
        session.commit(choice)
        return Given(done, state, rules, choice)


def posted_orders(folder: Path, player: str | None = None, path: Path | None = None) -> str | None:
    """`turn orders`: the orders collected so far from the rooms (``player``'s alone), as the
    orders file they make (gmtool/campaign/posted.py): its text, or written (atomically) to
    ``path``."""
    from gmtool.campaign.posted import posted_orders as collect

    text = collect(folder, load_campaign(folder), player).text()
    if path is None:
        return text
    from gmtool.campaign.files import atomic_write

    atomic_write(path, text.encode("utf-8"))
    return None


def record_share(folder: Path, threads: list[Any]) -> tuple[Any, Any]:
    """`turn share`: fix this turn's players' share at its deadline from ``threads`` (the
    public thread and the rooms, :func:`gmtool.app.turns.read_sources`), kept in
    campaign.toml (dice scheme 2, docs/verify.md): (the state, what was fixed). Refused on a
    scheme-1 campaign, once the turn has a share, and while a post read is not resolved."""
    with open_session(folder) as session:
        fixed = session.close_posts(threads)
        session.commit()
        return session.state, fixed


def move_to_scheme_2(folder: Path) -> tuple[Any, bool]:
    """`campaign scheme 2`: a scheme-1 campaign plays dice scheme 2 from its next turn — this
    one, when it has not begun (`turn start`), else the one after — never in the middle of a
    turn, so that no die of a turn could be had under either scheme (docs/verify.md).  Its part
    keys come from the secret committed at the start: their commitments are to be posted now.
    The rolls made so far stay scheme 1's and verify as before.  (the state, from this turn)."""
    from gmtool.campaign.stream import commitment, part_commitments
    from gmtool.errors import CampaignError

    with open_session(folder, ruleset=None) as session:
        state = session.state
        if state.scheme == 2:
            raise CampaignError(key="campaign.scheme_already", name=state.name)
        if state.revealed_secret:
            raise CampaignError(key="campaign.scheme_revealed", name=state.name)
        secret = session.store.read_secret()
        if secret is None or commitment(secret) != state.commitment:
            raise CampaignError(key="campaign.scheme_no_secret", name=state.name)
        now = state.turn_state.started != state.turn
        state.scheme, state.scheme_from = 2, state.turn + (0 if now else 1)
        state.part_commitments = part_commitments(secret)
        session.commit()
        return state, now


# ---------------------------------------------------------------- without the lock held after


def undo_turn(folder: Path) -> tuple[Any, Any]:
    """`turn undo`: go back to the state before the last `turn end` (gmtool.campaign.history);
    (what was undone, the state now)."""
    from gmtool.campaign.history import undo
    from gmtool.campaign.store import CampaignStore

    store = CampaignStore(folder)
    with store.locked():
        undone = undo(store)
        state = store.load()
        from gmtool.campaign.workposts import refresh_page

        refresh_page(folder, state, undone.turn)  # the undone turn's posts are gone from it
        return undone, state


# ---------------------------------------------------------------- past turns


def past_post(folder: Path, turn: int, player: str | None = None, lang: str | None = None, start: bool = False) -> Any:
    """The report model of a past turn's post, as `turn show` reads it (gmtool.report.past)."""
    from gmtool.report.past import past_post as read

    return read(folder, turn, player, lang, start)


def show_post(
    folder: Path,
    output: Callable[[Any, str], Renderer],
    turn: int,
    player: str | None = None,
    lang: str | None = None,
    start: bool = False,
) -> str:
    """`turn show`: a past turn's post again (:func:`past_post`), rendered by ``output(the
    state, the post's language)`` as it was kept (its journal mark already in it)."""
    state = load_campaign(folder)
    post = past_post(folder, turn, player, lang, start)
    out: Any = output(state, post.lang)
    return str(out.render_kept(post.report))


# ---------------------------------------------------------------- verify


class Verification(Struct):
    """What `gmtool verify` found: the journal's check (gmtool.campaign.verify), where the
    secret came from (``--secret``, ``revealed``, ``secret.key``), the marks found in the
    published texts, their check (None when the secret is not the committed one: marks are
    keyed from it) and the marks found in other people's posts."""

    __slots__ = ("result", "origin", "marks", "check", "others")

    def __init__(self, result: Any, origin: str, marks: list, check: Any, others: list) -> None:
        self.result = result
        self.origin = origin
        self.marks = marks
        self.check = check
        self.others = others


def verify_campaign(
    folder: Path,
    state: Any,
    lang: str,
    secret: str | None = None,
    published: list[Path] | None = None,
    moderators: list[str] | None = None,
    profile: str | None = None,
) -> Verification:
    """Recompute every stream roll of the campaign's journal from the secret (``secret`` in
    hex, else the revealed one, else secret.key), check the commitment and the ids, and every
    journal mark in the campaign's reports and in the ``published`` texts."""
    from gmtool.campaign import journal
    from gmtool.campaign.store import CampaignStore, display
    from gmtool.campaign.stream import commitment
    from gmtool.campaign.verify import published_findings, published_marks, verify_journal
    from gmtool.errors import CampaignError, InputError

    store = CampaignStore(folder)
    if secret is not None:
        try:
            key = bytes.fromhex(secret.strip())
        except ValueError:
            raise InputError(key="verify.secret_not_hex", secret=secret[:20]) from None
        origin = "--secret"
    elif state.revealed_secret:
        key, origin = bytes.fromhex(state.revealed_secret), "revealed"
    else:
        stored = store.read_secret()
        origin = "secret.key"
        if stored is None:
            raise CampaignError(key="verify.not_revealed")
        key = stored
    # the published texts first: a file that cannot be read fails before anything is said
    texts: list[tuple[str, str]] = []
    others: list = []
    reports = store.folder / "reports"
    from gmtool.campaign.workposts import is_page_file  # the moderator's work page: copies, never published
    from gmtool.maps.kept import FILE_NAME as KEPT_BANDS

    for path in sorted(reports.rglob("*")) if reports.is_dir() else []:
        if path.is_file() and not path.is_symlink() and path.parent.name != MODELS_FOLDER:
            if is_page_file(path, reports) or path == reports / KEPT_BANDS:  # the maps' cache: no text
                continue
            texts.append((display(path), path.read_bytes()[:5_000_000].decode("utf-8", "replace")))
    for path in published or []:
        own, skipped = published_text(path, store.folder, moderators or [], profile)
        texts += own
        others += skipped
    entries, tail, problems = journal.read_all(store.journal_path, lang)
    result = verify_journal(state, entries, tail, problems, key)
    from gmtool.campaign.history import void_problems
    from gmtool.campaign.verify import Finding

    result.findings += [Finding(problem) for problem in void_problems(folder, entries)]
    marks = published_marks(texts)
    check = None
    if commitment(key) == state.commitment:  # marks are keyed from the secret: a wrong one checks none
        check = published_findings(entries, marks, journal.mark_key(key))
        result.findings += check.findings
    return Verification(result, origin, marks, check, others)


def verify_folder(
    folder: Path,
    output: Callable[[Any], Renderer],
    secret: str | None = None,
    published: list[Path] | None = None,
    moderators: list[str] | None = None,
    profile: str | None = None,
) -> tuple[Any, Any, Verification]:
    """`verify`: the campaign in ``folder`` read (without its lock) and checked
    (:func:`verify_campaign`) in the language of ``output(the state)``: (the renderer, the
    state, what was found)."""
    state = load_campaign(folder)
    out = output(state)
    return out, state, verify_campaign(folder, state, out.lang, secret, published, moderators, profile)


class KeysChecked(Struct):
    """What `verify --key` found: the part keys given (part → key), the check of the Dice
    blocks' dice with them (gmtool.campaign.verify.check_with_keys), the parts whose
    commitment is not known (unchecked) and those whose key is not the committed one (wrong)."""

    __slots__ = ("given", "check", "unchecked", "wrong")

    def __init__(self, given: dict[str, bytes], check: Any, unchecked: list[str], wrong: list[str]) -> None:
        self.given = given
        self.check = check
        self.unchecked = unchecked
        self.wrong = wrong


def verify_keys(
    keys: list[str],
    published: list[Path],
    moderators: list[str] | None = None,
    profile: str | None = None,
    folder: Path | None = None,
) -> KeysChecked:
    """`verify --key`: the dice the ``published`` posts' Dice blocks show checked with the
    revealed part keys alone (``keys``: PART=HEX or HEX), without the campaign's secret; each
    key held against its part's commitment — the campaign's in ``folder``, else the one an
    opening post among the texts printed (docs/verify.md)."""
    import hashlib

    from gmtool.campaign.verify import check_with_keys
    from gmtool.errors import InputError

    if not published:
        raise InputError(key="verify.key_needs_published")
    texts: list = []
    for path in published:
        own, _ = published_text(path, folder or Path("."), moderators or [], profile, dice=True)
        texts += own
    given = part_keys_given(keys, texts)
    check = check_with_keys(texts, given)
    committed = part_commitments_known(folder, texts)
    unchecked, wrong = [], []
    for part, value in sorted(given.items()):
        if part not in committed:
            unchecked.append(part)
        elif hashlib.sha256(value).hexdigest() != committed[part]:
            wrong.append(part)
    return KeysChecked(given, check, unchecked, wrong)


def part_commitments_known(folder: Path | None, texts: list[tuple[Any, str]]) -> dict[str, str]:
    """The part commitments to check revealed keys against: the campaign's (``folder``), else
    those an opening post among ``texts`` printed (`campaign commitment`)."""
    from gmtool.report.dice_block import published_commitments

    known: dict[str, str] = {}
    for _, text in texts:
        known.update(published_commitments(text))
    if folder is not None and (folder / "campaign.toml").is_file():
        known.update(load_campaign(folder).part_commitments)
    return known


def part_keys_given(keys: list[str], texts: list[tuple[Any, str]]) -> dict[str, bytes]:
    """`verify --key PART=HEX` (or HEX: its part from the public post that revealed it) →
    {part: key}; a key that is not 32 bytes of hex, or whose part is unknown, is refused."""
    from gmtool.campaign.stream import PARTS
    from gmtool.errors import InputError
    from gmtool.report.dice_block import published_keys

    revealed: dict[str, str] = {}
    for _, text in texts:
        for part, hexkey in published_keys(text).items():
            revealed[hexkey] = part
    out: dict[str, bytes] = {}
    for given in keys:
        part, _, hexkey = given.strip().rpartition("=")
        hexkey = hexkey.strip().lower()
        try:
            key = bytes.fromhex(hexkey)
        except ValueError:
            raise InputError(key="verify.key_not_hex", key_=given[:20]) from None
        if len(key) != 32:
            raise InputError(key="verify.key_not_hex", key_=given[:20])
        part = part.strip() or revealed.get(hexkey, "")
        if part not in PARTS:
            raise InputError(key="verify.key_part", key_=given[:20])
        out[part] = key
    return out


def published_text(
    path: Path, folder: Path, moderators: list[str], profile: str | None, dice: bool = False
) -> tuple[list, list]:
    """(the moderator's texts in ``path``, the marks in other people's posts). A thread file, a
    saved forum page, a feed or a Discourse export is read as posts with authors, and only the
    moderator's posts count; a text without post headers is the moderator's own (a reply or a
    report pasted from gmtool's output). ``dice``: the moderator's posts keep their code boxes,
    where their Dice blocks are (`verify --key`); else quotes and code boxes are left out."""
    from gmtool.campaign.store import display
    from gmtool.campaign.verify import moderator_texts
    from gmtool.errors import InputError
    from gmtool.forum.posts import HEADER

    try:
        data = path.read_bytes()[:50_000_000]
    except OSError as exc:
        raise InputError(key="campaign.cannot_read", where=path, reason=(exc.strerror or str(exc)).lower()) from None
    from gmtool.forum.sources import Options, read_thread, sniff
    from gmtool.forum.sources.feeds import looks_like_discourse_raw
    from gmtool.forum.sources.pagetext import looks_like as looks_like_page_text

    where = display(path)
    if sniff(data) == "text":
        text = data.decode("utf-8", "replace")
        posts = looks_like_discourse_raw(text) or looks_like_page_text(text)
        if not posts and not any(HEADER.match(line) for line in text.splitlines()):
            return [(where, text)], []
    if not moderators:
        raise InputError(key="verify.needs_moderator", file=where)
    thread = read_thread([str(path)], Options(profile, campaign=folder, code=dice))
    return moderator_texts(where, thread.posts, moderators, dice)
