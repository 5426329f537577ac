"""``gmtool verify``: anyone re-checks every roll of a campaign's journal."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, List, Optional

import typer

from gmtool.cli.common import CampaignOpt, FormatOpt, LangOpt, Output, fail, require_campaign


def register(app: typer.Typer) -> None:
    app.command("verify")(verify_command)


def verify_command(
    secret: Annotated[Optional[str], typer.Option("--secret", help="The revealed secret (hex); default: the one "
                                                  "recorded by `campaign reveal`, else the moderator's secret.key.",
                                                  show_default=False)] = None,
    published: Annotated[Optional[List[Path]], typer.Option(
        "--published", help="A file holding text posted in the thread (replies, reports, or a whole thread "
        "export): every `journal #N · HASH` in the moderator's posts must match the journal (a file without post "
        "headers is the moderator's own text). Repeatable.",
        show_default=False)] = None,
    moderator: Annotated[Optional[List[str]], typer.Option(
        "--moderator", help="The moderator's forum name: only marks in its posts count (a mark in a player's post "
        "proves nothing). Needed for a thread or a forum page. Repeatable.", show_default=False)] = None,
    profile: Annotated[Optional[str], typer.Option("--profile", help="The forum engine of a saved page given with "
                                                   "--published, as for `post resolve` (else recognised from the "
                                                   "page).", show_default=False)] = None,
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Recompute every stream roll from the secret, check the commitment and the ids.

    Exit 0 when every roll checks out; 1 naming the first bad roll id otherwise.

    \b
    Examples:
      gmtool verify -c campaigns/andromeda
      gmtool verify -c campaigns/andromeda --secret 3f9a…
      gmtool verify -c campaigns/andromeda --published thread.html --moderator GM
    """
    from gmtool.campaign import journal
    from gmtool.campaign.store import CampaignStore
    from gmtool.campaign.store import display
    from gmtool.campaign.stream import commitment
    from gmtool.campaign.verify import published_findings, published_marks, verify_journal
    from gmtool.errors import CampaignError, InputError
    from gmtool.report.campaign import findings_report
    from gmtool.report.i18n import tr

    store = CampaignStore(require_campaign(campaign))
    state = store.load()
    out = Output(format, lang, state)
    if secret is not None:
        try:
            key = bytes.fromhex(secret.strip())
        except ValueError:
            raise InputError(key="verify.secret_not_hex", secret=secret[:20]) from None
        origin = "--secret"
    elif state.revealed_secret:
        key, origin = bytes.fromhex(state.revealed_secret), tr("verify.origin_revealed", out.lang)
    else:
        stored = store.read_secret()
        origin = "secret.key"
        if stored is None:
            raise CampaignError(key="verify.not_revealed")
        key = stored
    # the published texts first: a file that cannot be read fails before anything is said
    texts, others = [], []
    reports = store.folder / "reports"
    for path in sorted(reports.rglob("*")) if reports.is_dir() else []:
        if path.is_file() and not path.is_symlink():
            texts.append((display(path), path.read_bytes()[:5_000_000].decode("utf-8", "replace")))
    for path in published or []:
        own, skipped = _published_text(path, store.folder, moderator or [], profile)
        texts += own
        others += skipped
    entries, tail, problems = journal.read_all(store.journal_path, out.lang)
    result = verify_journal(state, entries, tail, problems, key)
    marks = published_marks(texts)
    if commitment(key) == state.commitment:    # marks are keyed from the secret: a wrong one checks none
        check = published_findings(entries, marks, journal.mark_key(key))
        result.findings += check.findings
        marks_fact = tr("verify.marks_count", out.lang, n=len(marks), plain=check.plain) if check.plain \
            else str(len(marks))
    else:
        check = None
        marks_fact = tr("verify.marks_unchecked", out.lang, n=len(marks))
    findings = [f.text(out.lang) for f in result.findings]
    facts = [(tr("rolls_checked", out.lang), tr("verify.checked", out.lang, n=result.checked, stream=result.stream,
                                                 manual=result.manual)),
             (tr("secret_from", out.lang), origin), (tr("marks_checked", out.lang), marks_fact)]
    if others:
        facts.append((tr("verify.marks_not_moderator", out.lang), str(len(others))))
    data = {"campaign": state.name, "ok": result.ok, "checked": result.checked, "stream": result.stream,
            "manual": result.manual, "problems": findings, "marks_checked": len(marks) if check else 0,
            "marks_plain": check.plain if check else 0, "marks_not_checked": len(others) + (0 if check else len(marks)),
            "bad_ids": list(dict.fromkeys(f.roll_id for f in result.findings if f.roll_id is not None))}
    out.emit(findings_report(tr("verify_title", out.lang, name=state.name), tr("verify_ok", out.lang),
                             findings, facts, data))
    if findings:
        # A wrong secret makes every roll "bad": name the commitment then, else the first roll.
        first = next((f for f in result.findings if getattr(f.msg, "key", "") == "verify.commitment"),
                     next((f for f in result.findings if f.roll_id is not None), result.findings[0]))
        raise fail(first.text(out.lang))


def _published_text(path: Path, folder: Path, moderators: List[str], profile: str | None) -> tuple[list, list]:
    """(the moderator's texts in ``path``, the marks in other people's posts). A thread file, a
    saved forum page, a feed or a Discourse export is read as posts with authors, and only the
    moderator's posts count; a text without post headers is the moderator's own (a reply or a
    report pasted from gmtool's output)."""
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

    where = display(path)
    if sniff(data) == "text":
        text = data.decode("utf-8", "replace")
        if not looks_like_discourse_raw(text) and not any(HEADER.match(line) for line in text.splitlines()):
            return [(where, text)], []
    if not moderators:
        raise InputError(key="verify.needs_moderator", file=where)
    thread = read_thread([str(path)], Options(profile, campaign=folder))
    return moderator_texts(where, thread.posts, moderators)
