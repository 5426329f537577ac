"""``gmtool campaign new | set | room | commitment | scheme | validate | reveal``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, List, Optional

import typer

from gmtool.cli.common import (
    CampaignOpt,
    Format,
    FormatOpt,
    Lang,
    LangOpt,
    Output,
    TablesOpt,
    require_campaign,
)
from gmtool.errors import CampaignError
from gmtool.formats import DEFAULT_FORMAT, DEFAULT_LANG

app = typer.Typer(
    help="Create and look after a campaign folder: new, set, commitment, scheme, validate, reveal.",
    no_args_is_help=True,
)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="campaign")


def labeller(lib: Any, lang: str) -> Any:
    """(table, id) → label (gmtool.report.labels)."""
    from gmtool.report.labels import rule_labels

    return rule_labels(lib, lang)


@app.command("new")
def new_command(
    folder: Annotated[Path, typer.Argument(help="The new campaign's folder.", show_default=False)],
    player: Annotated[
        List[str],
        typer.Option(
            "--player",
            "-p",
            help="A leader, in seating order (orion: 2–10; venus: 2–4, NAME or NAME:RACE). Repeatable.",
            show_default=False,
        ),
    ],
    seed: Annotated[
        Optional[int], typer.Option("--seed", help="Seed for placing the homeworlds.", show_default=False)
    ] = None,
    feudal: Annotated[
        Optional[List[str]],
        typer.Option(
            "--feudal", help="A leader with the feudal government (fleet 2 (3)). Repeatable.", show_default=False
        ),
    ] = None,
    ruleset: Annotated[
        str, typer.Option("--ruleset", help="The rules: orion (the 4X game) or venus (Merchant of Venus, Classic).")
    ] = "orion",
    name: Annotated[
        Optional[str], typer.Option("--name", help="The campaign's name (default: the folder's).", show_default=False)
    ] = None,
    format: Annotated[
        Optional[Format],
        typer.Option(
            "--format", "-f", help="Default output format of the campaign (and of this report).", show_default=False
        ),
    ] = None,
    lang: Annotated[
        Optional[Lang], typer.Option("--lang", "-l", help="Default language of the campaign.", show_default=False)
    ] = None,
    radius: Annotated[
        Optional[int],
        typer.Option(
            "--radius",
            help="orion: the galaxy's radius in hexes around "
            "Orion (default: 4 for 2–4 leaders, 5 for 5–6, 6 for 7–8, 7 for "
            "9–10; larger is allowed, up to 20).",
            show_default=False,
        ),
    ] = None,
    tables: TablesOpt = None,
) -> None:
    """Start a campaign: map, homeworlds, every leader's start, and the dice secret.

    \b
    Examples:
      gmtool campaign new campaigns/andromeda --player alice --player bob --player carol --lang ru --format bbcode
      gmtool campaign new campaigns/venus1 --ruleset venus --player ann:humans --player ben --player cat
    """
    from gmtool.app.campaign import new_campaign

    made = new_campaign(
        folder,
        lambda state: Output(format, lang, state),
        ruleset,
        name or folder.resolve().name,
        player,
        lang.value if lang else DEFAULT_LANG,
        format.value if format else DEFAULT_FORMAT,
        tables,
        seed=seed,
        feudal=feudal,
        radius=radius,
        settings=_keep_render_options,
    )
    made.out.emit(made.report)


def _keep_render_options(state: Any) -> None:
    """``campaign new --dialect D --post-limit N``: the new campaign's own settings, like --format."""
    from gmtool.cli.render_options import chosen

    for name, value in chosen().items():
        setattr(state, name, value)


@app.command("set")
def set_command(
    setting: Annotated[
        str,
        typer.Argument(
            help="lang, format, dialect, post-limit, name, turn-length, missed-orders, replace-after, thread "
            "(the public thread `post collect` reads), profile (the forum engine its pages are read with, as "
            "--profile: dungeonmaster for a DungeonMaster.ru page's copied text), moderators (forum names, "
            '"Name1, Name2"), activation or explore-range.',
            show_default=False,
        ),
    ],
    value: Annotated[
        str,
        typer.Argument(
            help='The new value; for dialect and post-limit, "default" drops the campaign\'s own.', show_default=False
        ),
    ],
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Change a setting of the campaign, without editing campaign.toml: its language and
    output format (what every command writes unless told otherwise), the forum's BBCode
    dialect, the length at which posts are split, its name; the turn's length (48h, 2d: the
    next deadline), what a leader who posts no orders gets (missed-orders keep|nothing) and
    after how many such turns in a row it is marked for replacement (replace-after N); how
    colony activation reads (activation persistent|per-turn: docs/rules-orion.md A6) and how
    far from its planets and own explorations a leader explores from stage 2 (explore-range
    N, default 1: A4).

    \b
    Examples:
      gmtool campaign set -c campaigns/andromeda dialect xenforo
      gmtool campaign set -c campaigns/andromeda lang ru
      gmtool campaign set -c campaigns/andromeda post-limit default
      gmtool campaign set -c campaigns/andromeda turn-length 48h
      gmtool campaign set -c campaigns/andromeda missed-orders keep
      gmtool campaign set -c campaigns/andromeda thread 'https://forum.example/viewtopic.php?t=12'
      gmtool campaign set -c campaigns/andromeda moderators "Архивариус, gm"
      gmtool campaign set -c campaigns/andromeda profile dungeonmaster
    """
    from gmtool.app.settings import change_setting
    from gmtool.locale import Msg, t

    # presentation only: allowed after the game's end too (its last posts in another format)
    done = change_setting(require_campaign(campaign), setting.strip().lower(), value)
    old, new = done.old, done.new
    out = _moderators_output(format, lang, done.state)
    shown = {
        k: Msg("reply.settings.default") if v is None or v == [] else ", ".join(v) if isinstance(v, list) else v
        for k, v in (("old", old), ("new", new))
    }
    key = "reply.settings.changed" if old != new else "reply.settings.unchanged"
    name = setting.strip().lower()
    out.reply(
        t(key, out.lang, setting=Msg("reply.settings.name." + name), **shown),
        {"setting": name, "old": old, "new": new},
    )


def _moderators_output(format: Any, lang: Any, state: Any) -> Output:
    """The output of a reply only the moderator reads (a setting changed): plain text unless
    --format asks otherwise, whatever format the campaign posts in."""
    from gmtool.cli.common import Format

    return Output(format or Format("plain"), lang, state)


@app.command("room")
def room_command(
    source: Annotated[
        Optional[str],
        typer.Argument(
            help="Where the leader's room is read: what `post resolve` reads (a thread file, a saved page, "
            "a feed, a Discourse topic, a URL).",
            show_default=False,
        ),
    ] = None,
    player: Annotated[str, typer.Option("--player", help="The leader whose room it is.", show_default=False)] = "",
    remove: Annotated[bool, typer.Option("--remove", help="Forget the leader's room.")] = False,
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Remember where a leader's room is (a closed thread, or its private messages), so that
    `gmtool post collect` reads it with the public thread; --remove forgets it.

    \b
    Examples:
      gmtool campaign room -c DIR --player alice 'https://forum.example/viewtopic.php?t=31'
      gmtool campaign room -c DIR --player alice --remove
    """
    from gmtool.app.settings import set_room
    from gmtool.locale import Msg, t

    done = set_room(require_campaign(campaign), player, source, remove)
    old, new, leader = done.old, done.new, done.leader
    out = _moderators_output(format, lang, done.state)
    shown = {k: Msg("reply.settings.default") if v is None else v for k, v in (("old", old), ("new", new))}
    setting = Msg("reply.settings.room", leader=leader)
    out.reply(
        t("reply.settings.changed" if old != new else "reply.settings.unchanged", out.lang, setting=setting, **shown),
        {"room": leader, "old": old, "new": new},
    )


@app.command("commitment")
def commitment_command(campaign: CampaignOpt = None, format: FormatOpt = None, lang: LangOpt = None) -> None:
    """Print the line for the game's opening post: the SHA-256 of the dice secret.

    \b
    Example:
      gmtool campaign commitment -c campaigns/andromeda --format bbcode
    """
    from gmtool.app.campaign import show_commitment

    shown = show_commitment(require_campaign(campaign), lambda state: Output(format, lang, state))
    shown.out.emit(shown.report)


@app.command("scheme")
def scheme_command(
    scheme: Annotated[int, typer.Argument(min=2, max=2, help="The dice scheme to move to: 2.", show_default=False)],
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Move a campaign made before dice scheme 2 to it (docs/verify.md): from its next turn —
    this one if it has not begun (`turn start`), else the one after — each die follows what it
    rolls and the players' seeds go into the turn's dice. The rolls made so far keep
    verifying as scheme 1. Prints the part commitments to post with that turn's opening post.
    There is no way back.

    \b
    Example:
      gmtool campaign scheme -c campaigns/andromeda 2
    """
    from gmtool.app.session import move_to_scheme_2
    from gmtool.locale import t
    from gmtool.report.campaign import commitment_report
    from gmtool.report.model import Paragraph, Report, text

    state, now = move_to_scheme_2(require_campaign(campaign))
    out = Output(format, lang, state)
    key = "reply.scheme_moved_now" if now else "reply.scheme_moved"
    said = t(key, out.lang, name=state.name, turn=state.scheme_from)
    report = commitment_report(state.name, state.commitment, out.lang, state.part_commitments)
    data = {**report.data, "scheme_from": state.scheme_from}
    out.emit(Report(report.title, [Paragraph(text(said)), *report.blocks], data))


@app.command("validate")
def validate_command(
    repair: Annotated[
        bool, typer.Option("--repair", help="Cut an incomplete last journal entry left by a crash.")
    ] = False,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Check the campaign files: TOML, cross-references, the journal's shape (exit 1 on a problem).

    \b
    Examples:
      gmtool campaign validate -c campaigns/andromeda
      gmtool campaign validate -c campaigns/andromeda --repair
    """
    from gmtool.app.campaign import validate_campaign
    from gmtool.report.campaign import findings_report
    from gmtool.report.i18n import tr

    output = lambda state: Output(format, lang, state)  # noqa: E731
    done = validate_campaign(require_campaign(campaign), output, repair, tables)
    out, state, entries, notes, findings = done.out, done.state, done.entries, done.notes, done.findings
    report = findings_report(
        tr("validate_title", out.lang, name=state.name),
        tr("validate_ok", out.lang),
        notes + findings,
        [(tr("rolls_checked", out.lang), str(len(entries)))],
        {"campaign": state.name, "ok": not findings, "problems": findings, "repaired": notes, "rolls": len(entries)},
    )
    out.emit(report)
    if findings:
        raise CampaignError(key="cli.n_problems", n=len(findings), first=findings[0])


@app.command("reveal")
def reveal_command(campaign: CampaignOpt = None, format: FormatOpt = None, lang: LangOpt = None) -> None:
    """End of the game: publish the dice secret so that anyone can verify every roll.

    After this the campaign's stream is spent: no more stream rolls.

    \b
    Example:
      gmtool campaign reveal -c campaigns/andromeda
    """
    from gmtool.app.campaign import reveal_secret
    from gmtool.report.campaign import reveal_report

    state, secret = reveal_secret(require_campaign(campaign))
    out = Output(format, lang, state)
    out.emit(reveal_report(state.name, secret.hex(), state.commitment, out.lang))
