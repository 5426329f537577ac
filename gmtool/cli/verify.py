"""``gmtool verify``: anyone re-checks every roll of a campaign's journal."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, List, Optional

import typer

from gmtool.cli.common import CampaignOpt, FormatOpt, LangOpt, Output, fail, handles_errors, require_campaign


def register(app: typer.Typer) -> None:
    app.command("verify")(verify_command)


@handles_errors
def verify_command(
    secret: Annotated[Optional[str], typer.Option("--secret", help="The revealed secret (hex); default: the one "
                                                  "recorded by `campaign reveal`, else the moderator's secret.key.",
                                                  show_default=False)] = None,
    published: Annotated[Optional[List[Path]], typer.Option(
        "--published", help="A file holding text posted in the thread (replies, reports, or a whole thread "
        "export): every `journal #N · HASH` in it must match the journal. Repeatable.",
        show_default=False)] = None,
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
    """
    from gmtool.campaign import journal
    from gmtool.campaign.store import CampaignStore
    from gmtool.campaign.store import display
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
    entries, tail, problems = journal.read_all(store.journal_path, out.lang)
    result = verify_journal(state, entries, tail, problems, key)
    texts = []
    reports = store.folder / "reports"
    for path in sorted(reports.rglob("*")) if reports.is_dir() else []:
        if path.is_file() and not path.is_symlink():
            texts.append((display(path), path.read_bytes()[:5_000_000].decode("utf-8", "replace")))
    for path in published or []:
        try:
            texts.append((display(path), path.read_bytes()[:50_000_000].decode("utf-8", "replace")))
        except OSError as exc:
            raise InputError(key="campaign.cannot_read", where=path, reason=(exc.strerror or str(exc)).lower()) from None
    marks = published_marks(texts)
    result.findings += published_findings(entries, marks)
    findings = [f.text(out.lang) for f in result.findings]
    facts = [(tr("rolls_checked", out.lang), tr("verify.checked", out.lang, n=result.checked, stream=result.stream,
                                                 manual=result.manual)),
             (tr("secret_from", out.lang), origin), (tr("marks_checked", out.lang), str(len(marks)))]
    data = {"campaign": state.name, "ok": result.ok, "checked": result.checked, "stream": result.stream,
            "manual": result.manual, "problems": findings, "marks_checked": len(marks),
            "bad_ids": list(dict.fromkeys(f.roll_id for f in result.findings if f.roll_id is not None))}
    out.emit(findings_report(tr("verify_title", out.lang, name=state.name), tr("verify_ok", out.lang),
                             findings, facts, data))
    if findings:
        # A wrong secret makes every roll "bad": name the commitment then, else the first roll.
        first = next((f for f in result.findings if getattr(f.msg, "key", "") == "verify.commitment"),
                     next((f for f in result.findings if f.roll_id is not None), result.findings[0]))
        raise fail(first.text(out.lang))
