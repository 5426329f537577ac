"""``gmtool verify``: anyone re-checks every roll of a campaign's journal."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, List, Optional

import typer

from gmtool.cli.common import CampaignOpt, FormatOpt, LangOpt, Output, fail, require_campaign


def register(app: typer.Typer) -> None:
    app.command("verify")(verify_command)


def verify_command(
    secret: Annotated[
        Optional[str],
        typer.Option(
            "--secret",
            help="The revealed secret (hex); default: the one "
            "recorded by `campaign reveal`, else the moderator's secret.key.",
            show_default=False,
        ),
    ] = None,
    published: Annotated[
        Optional[List[Path]],
        typer.Option(
            "--published",
            help="A file holding text posted in the thread (replies, reports, or a whole thread "
            "export): every `journal #N · HASH` in the moderator's posts must match the journal (a file without post "
            "headers is the moderator's own text). Repeatable.",
            show_default=False,
        ),
    ] = None,
    moderator: Annotated[
        Optional[List[str]],
        typer.Option(
            "--moderator",
            help="The moderator's forum name: only marks in its posts count (a mark in a player's post "
            "proves nothing). Needed for a thread or a forum page. Repeatable.",
            show_default=False,
        ),
    ] = None,
    profile: Annotated[
        Optional[str],
        typer.Option(
            "--profile",
            help="The forum engine of a saved page given with "
            "--published, as for `post resolve` (else recognised from the "
            "page).",
            show_default=False,
        ),
    ] = None,
    key: Annotated[
        Optional[List[str]],
        typer.Option(
            "--key",
            help="A revealed part key (dice scheme 2), PART=HEX or HEX (its part read from the public post "
            "that revealed it): check every die the --published posts' Dice blocks show of that part, "
            "without the campaign folder. Repeatable.",
            show_default=False,
        ),
    ] = None,
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
    from gmtool.app.session import verify_folder
    from gmtool.campaign.names import check_moderators
    from gmtool.report.campaign import findings_report
    from gmtool.report.i18n import tr

    check_moderators(moderator or [])  # a name NFKC would change is no forum author's
    if key:
        return _verify_keys(key, published or [], moderator or [], profile, campaign, format, lang)
    output = lambda state: Output(format, lang, state)  # noqa: E731
    out, state, checked = verify_folder(
        require_campaign(campaign), output, secret, published or [], moderator or [], profile
    )
    result, marks, check, others = checked.result, checked.marks, checked.check, checked.others
    origin = tr("verify.origin_revealed", out.lang) if checked.origin == "revealed" else checked.origin
    # a mark that does not match in copied text is shown apart, not counted as checked
    unattributed = [f.text(out.lang) for f in check.unattributed] if check is not None else []
    counted = len(marks) - len(unattributed)
    if check is not None:
        marks_fact = tr("verify.marks_count", out.lang, n=counted, plain=check.plain) if check.plain else str(counted)
    else:
        marks_fact = tr("verify.marks_unchecked", out.lang, n=len(marks))
    findings = [f.text(out.lang) for f in result.findings]
    facts = [
        (
            tr("rolls_checked", out.lang),
            tr("verify.checked", out.lang, n=result.checked, stream=result.stream, manual=result.manual),
        ),
        (tr("secret_from", out.lang), origin),
        (tr("marks_checked", out.lang), marks_fact),
    ]
    if others:
        facts.append((tr("verify.marks_not_moderator", out.lang), str(len(others))))
    data = {
        "campaign": state.name,
        "ok": result.ok,
        "checked": result.checked,
        "stream": result.stream,
        "manual": result.manual,
        "problems": findings,
        "marks_checked": counted if check else 0,
        "marks_plain": check.plain if check else 0,
        "marks_not_checked": len(others) + (0 if check else len(marks)),
        "bad_ids": list(dict.fromkeys(f.roll_id for f in result.findings if f.roll_id is not None)),
        "marks_unattributed": unattributed,
    }
    report = findings_report(
        tr("verify_title", out.lang, name=state.name), tr("verify_ok", out.lang), findings, facts, data
    )
    out.emit(_with_unattributed(report, unattributed, out.lang))
    if findings:
        # A wrong secret makes every roll "bad": name the commitment then, else the first roll.
        first = next(
            (f for f in result.findings if getattr(f.msg, "key", "") == "verify.commitment"),
            next((f for f in result.findings if f.roll_id is not None), result.findings[0]),
        )
        raise fail(first.text(out.lang))


def _verify_keys(
    keys: List[str],
    published: List[Path],
    moderators: List[str],
    profile: Optional[str],
    campaign: Optional[Path],
    format: Any,
    lang: Any,
) -> None:
    """`verify --key`: the published Dice blocks checked with part keys alone (docs/verify.md)."""
    from gmtool.app.session import verify_keys
    from gmtool.cli.common import campaign_dir
    from gmtool.report.campaign import findings_report
    from gmtool.report.i18n import tr

    checked = verify_keys(keys, published, moderators, profile, campaign_dir(campaign))
    given, check, unchecked, wrong = checked.given, checked.check, checked.unchecked, checked.wrong
    out = Output(format, lang)
    findings = [tr("verify.part_commitment", out.lang, part=part) for part in reversed(wrong)]
    findings += [f.text(out.lang) for f in check.findings]
    parts = ", ".join(f"{part} {n}" for part, n in sorted(check.parts.items())) or "0"
    unattributed = [f.text(out.lang) for f in check.unattributed]
    facts = [
        (tr("verify.key_parts", out.lang), ", ".join(sorted(given))),
        (tr("rolls_checked", out.lang), parts),
        (tr("verify.key_other", out.lang), str(check.other)),
        (
            tr("verify.key_commitments", out.lang),
            tr("no", out.lang)
            if wrong
            else tr("verify.key_uncommitted", out.lang, parts=", ".join(unchecked))
            if unchecked
            else tr("yes", out.lang),
        ),
    ]
    data = {
        "ok": not findings,
        "parts": sorted(given),
        "checked": check.checked,
        "checked_by_part": check.parts,
        "other_parts": check.other,
        "problems": findings,
        "commitments_not_checked": unchecked,
        "unattributed": unattributed,
    }
    title = tr("verify_key_title", out.lang)
    report = findings_report(title, tr("verify_ok", out.lang), findings, facts, data)
    out.emit(_with_unattributed(report, unattributed, out.lang))
    if findings:
        raise fail(findings[0])


def _with_unattributed(report: Any, notes: list[str], lang: str) -> Any:
    """The report, with what did not match in copied text listed after it: shown, not counted
    (anyone may have typed the moderator's header above it: gmtool/campaign/verify.py)."""
    from gmtool.report.i18n import tr
    from gmtool.report.model import Items, Paragraph, bold, text

    if notes:
        report.blocks += [Paragraph([bold(tr("verify.marks_unattributed", lang))]), Items([text(n) for n in notes])]
    return report
