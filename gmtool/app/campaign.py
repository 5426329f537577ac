"""Looking after a campaign's folder (`gmtool campaign validate`, `campaign reveal`): its
files checked (and a torn last append cut), and the dice secret published at the game's end —
one call each."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from gmtool.app.session import Renderer, campaign_library, load_campaign, table_library
from gmtool.struct import Struct

Output = Callable[[Any], Renderer]  # the campaign's state → the renderer of the reply


class Validated(Struct):
    """What `campaign validate` found: the renderer, the state, the journal's entries, the
    notes of what was repaired and the problems found (in the renderer's language)."""

    __slots__ = ("out", "state", "entries", "notes", "findings")

    def __init__(self, out: Any, state: Any, entries: list, notes: list[str], findings: list[str]) -> None:
        self.out = out
        self.state = state
        self.entries = entries
        self.notes = notes
        self.findings = findings


def validate_campaign(
    folder: Path, output: Output, repair: bool = False, tables: list[Path] | None = None
) -> Validated:
    """The campaign's files checked under its lock (read-only unless ``repair``): TOML,
    cross-references, the journal's shape, forum.toml, the places read, the voided rolls, the
    secret; with ``repair`` a torn last append of the journal or forum.toml is cut."""
    from gmtool.campaign import journal
    from gmtool.campaign.store import CampaignStore
    from gmtool.campaign.verify import validate_state
    from gmtool.report.i18n import tr

    store = CampaignStore(folder)
    notes: list[str] = []
    with store.locked(read_only=not repair):
        state = store.load()
        out = output(state)
        findings = validate_state(state, campaign_library(folder, tables), out.lang)
        entries, tail, problems = journal.read_all(store.journal_path, out.lang)
        if tail and repair:
            notes.append(tr("repaired", out.lang, n=journal.repair(store.journal_path)))
            tail = ""
        findings += [f"{store.journal_path.name}: {p}" for p in problems]
        if tail:
            findings.append(tr("validate.journal_torn", out.lang, file=store.journal_path.name))
        from gmtool.campaign.verify import entry_problem

        expected = 1
        for entry in entries:
            problem = entry_problem(entry)
            if problem:
                findings.append(
                    tr("validate.roll_problem", out.lang, file=store.journal_path.name, id=entry.id, problem=problem)
                )
            if entry.id != expected:
                findings.append(
                    tr("validate.roll_id", out.lang, file=store.journal_path.name, id=entry.id, expected=expected)
                )
            expected = entry.id + 1
        if expected - 1 < state.last_roll_id:
            findings.append(
                tr(
                    "validate.journal_short",
                    out.lang,
                    file=store.journal_path.name,
                    last=expected - 1,
                    used=state.last_roll_id,
                )
            )
        from gmtool.forum.places import places_problems

        findings += [problem.text(out.lang) for problem in places_problems(state, folder)]
        from gmtool.campaign.history import void_problems

        findings += [problem.text(out.lang) for problem in void_problems(folder, entries)]
        findings += _check_forum(store, repair, notes, out.lang)
        if not store.secret_path.exists() and not state.revealed_secret:
            findings.append(tr("validate.no_secret", out.lang, file=store.secret_path.name))
    return Validated(out, state, entries, notes, findings)


def _check_forum(store: Any, repair: bool, notes: list[str], lang: str) -> list[str]:
    """forum.toml: a torn last append is cut by --repair, like the journal's."""
    from gmtool.campaign import forumfile
    from gmtool.campaign.store import FORUM_FILE
    from gmtool.report.i18n import tr

    path = store.folder / FORUM_FILE
    tail, problem = forumfile.check(path)
    if problem:
        return [tr("validate.forum_damaged", lang, file=FORUM_FILE, problem=problem)]
    if tail and repair:
        notes.append(tr("repaired_forum", lang, n=forumfile.repair(path)))
        return []
    if tail:
        return [tr("validate.forum_torn", lang, file=FORUM_FILE)]
    from gmtool.errors import GmError
    from gmtool.forum.resolve import damaged_records

    try:
        return damaged_records(forumfile.read(path).commands, lang)
    except GmError as exc:
        return [exc.text(lang)]


def reveal_secret(folder: Path) -> tuple[Any, bytes]:
    """End of the game: the dice secret published in campaign.toml (the stream is spent).
    Refused when there is no secret to reveal, or it is not the one committed to. (the
    state, the secret)."""
    from gmtool.campaign.store import CampaignStore
    from gmtool.campaign.stream import commitment
    from gmtool.errors import CampaignError

    store = CampaignStore(folder)
    with store.locked():
        state = store.load()
        secret = store.read_secret()
        if secret is None:
            if not state.revealed_secret:
                raise CampaignError(key="cli.nothing_to_reveal", path=store.secret_path)
            secret = bytes.fromhex(state.revealed_secret)
        if commitment(secret) != state.commitment:
            raise CampaignError(key="cli.secret_mismatch", path=store.secret_path)
        state.revealed_secret = secret.hex()
        store.save(state)
        return state, secret


class Shown(Struct):
    """What a read-only command shows: the renderer made from the campaign's settings (the
    front end's, so that its options win) and the report to print with it."""

    __slots__ = ("out", "report")

    def __init__(self, out: Any, report: Any) -> None:
        self.out = out
        self.report = report


def new_campaign(
    folder: Path,
    output: Output,
    ruleset: str,
    name: str,
    players: list[str],
    lang: str,
    fmt: str,
    tables: list[Path] | None = None,
    seed: int | None = None,
    feudal: list[str] | None = None,
    radius: int | None = None,
    settings: Callable[[Any], None] | None = None,
) -> Shown:
    """`campaign new`: a campaign of ``ruleset`` started (map, homeworlds, every leader's
    start, the dice secret), ``settings`` applied to it (the front end's own: --dialect,
    --post-limit), on dice scheme 2, and written into ``folder`` (refused if it holds one);
    with the ruleset's report of what was made."""
    from gmtool.campaign.store import CampaignStore, display
    from gmtool.campaign.stream import commitment, new_secret, part_commitments
    from gmtool.rules.base import NewCampaign
    from gmtool.rules.registry import ruleset_named

    rules = ruleset_named(ruleset)
    secret = new_secret()
    lib = table_library(tables)
    made = NewCampaign(
        name, players, lib, commitment(secret), secret, lang, fmt, seed=seed, feudal=feudal or [], radius=radius
    )
    state, entries = rules.new_campaign(made)
    if settings is not None:
        settings(state)
    state.scheme, state.part_commitments = 2, part_commitments(secret)  # dice scheme 2 (docs/verify.md)
    CampaignStore(folder).create(state, secret, entries)
    out = output(state)
    return Shown(out, rules.created_report(state, lib, display(folder), out.lang))


def show_status(folder: Path, output: Output, player: str | None = None, tables: list[Path] | None = None) -> Shown:
    """`status`: the moderator's view of the campaign, or ``player``'s fogged one (its
    ruleset's status report), read without the lock."""
    from gmtool.rules.registry import ruleset_of

    state = load_campaign(folder)
    out = output(state)
    return Shown(out, ruleset_of(state).status_report(state, campaign_library(folder, tables), player, out.lang))


def show_commitment(folder: Path, output: Output) -> Shown:
    """`campaign commitment`: the line for the game's opening post (the SHA-256 of the dice
    secret, and the parts' when it plays dice scheme 2)."""
    from gmtool.report.campaign import commitment_report

    state = load_campaign(folder)
    out = output(state)
    return Shown(out, commitment_report(state.name, state.commitment, out.lang, state.part_commitments))


def table_settings(folder: Path, tables: list[Path] | None = None) -> tuple[Any, Any]:
    """A table command run in a campaign: its output settings (format, language, dialect,
    post limit — nothing rolled, so no journal mark) and its tables (its own tables/ too)."""
    from types import SimpleNamespace

    state = load_campaign(folder)
    keys = ("format", "lang", "dialect", "post_limit")
    return SimpleNamespace(**{k: getattr(state, k, None) for k in keys}), campaign_library(folder, tables)
