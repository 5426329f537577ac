"""Options and plumbing shared by every command: formats, languages, dice sources,
error mapping.  Kept light: it is imported on every run."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from contextvars import ContextVar
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Iterator, List, Optional

import typer

from gmtool.app.session import DiceChoice, campaign_library, with_journal_mark
from gmtool.app.session import table_library as library
from gmtool.errors import GmError
from gmtool.formats import DEFAULT_DIALECT, DEFAULT_FORMAT, DEFAULT_LANG, FORMATS, LANGS

__all__ = ["DiceChoice", "campaign_library", "library", "with_journal_mark"]

DEBUG_ENV = "GMTOOL_DEBUG"


# --format and --lang: their choices are gmtool.formats' lists
Format = Enum("Format", [(f, f) for f in FORMATS], type=str)  # type: ignore[misc]
Lang = Enum("Lang", [(lang, lang) for lang in LANGS], type=str)  # type: ignore[misc]


FormatOpt = Annotated[
    Optional[Format],
    typer.Option(
        "--format",
        "-f",
        help="Output: plain, bbcode (for the forum named by --dialect), markdown (Discourse, GitHub), "
        "discord, or json.",
        show_default=False,
    ),
]
LangOpt = Annotated[
    Optional[Lang], typer.Option("--lang", "-l", help="Language of the report: en or ru.", show_default=False)
]
DiceOpt = Annotated[
    Optional[str],
    typer.Option(
        "--dice",
        help="Faces to use instead of random dice, in the rules' dice order, e.g. 8,7,4,9.",
        show_default=False,
    ),
]
SeedOpt = Annotated[
    Optional[int], typer.Option("--seed", help="Seed for a reproducible random roll.", show_default=False)
]


TablesOpt = Annotated[
    Optional[List[Path]],
    typer.Option(
        "--tables",
        help="An extra tables folder (holding <ruleset>/*.toml); overrides shipped tables. "
        "Repeatable; also GMTOOL_TABLES.",
        show_default=False,
    ),
]
StageOpt = Annotated[int, typer.Option("--stage", min=1, max=3, help="Game stage: 1 (turns 1–6), 2 (7–12), 3 (13–18).")]
NearOpt = Annotated[
    Optional[str],
    typer.Option(
        "--near-homeworld",
        metavar="planets=N,terran=N,colonisable=N,unexplored=N",
        help="The hex is next to a homeworld with these neighbours so far (unexplored counts this hex): "
        "applies the -4/-2 world-type modifiers and the 2-to-4-planets rerolls.",
        show_default=False,
    ),
]


def neighbourhood(spec: str | None) -> Any:
    if spec is None:
        return None
    from gmtool.rules.orion.neighbourhood import Neighbourhood

    return Neighbourhood.parse(spec)


CAMPAIGN_ENV = "GMTOOL_CAMPAIGN"
CampaignOpt = Annotated[
    Optional[Path],
    typer.Option(
        "--campaign",
        "-c",
        help="Campaign folder (else $GMTOOL_CAMPAIGN, else the current folder if it holds a campaign.toml).",
        show_default=False,
    ),
]


def user_text(value: str | None) -> str:
    """Text from the command line made safe to store and print: undecodable bytes
    (surrogate escapes) become U+FFFD."""
    if not value:
        return ""
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def campaign_dir(option: Path | None) -> Path | None:
    """-c, else $GMTOOL_CAMPAIGN, else the current folder if it holds a campaign.toml."""
    if option is not None:
        return option
    env = os.environ.get(CAMPAIGN_ENV)
    if env:
        return Path(env)
    if Path("campaign.toml").is_file():
        return Path(".")
    return None


def require_campaign(option: Path | None) -> Path:
    folder = campaign_dir(option)
    if folder is None:
        from gmtool.errors import CampaignError

        raise CampaignError(key="needs_campaign")
    return folder


class Output:
    """The resolved output settings of one command: the option, else the campaign's
    setting, else plain English (BBCode in the phpBB dialect).  ``--dialect`` and
    ``--post-limit`` are read from the running command (gmtool.cli.render_options)."""

    def __init__(self, fmt: Format | None, lang: Lang | None, campaign: Any = None) -> None:
        from gmtool.cli.render_options import chosen

        given = chosen()
        self.campaign = campaign
        self.format = fmt.value if fmt else getattr(campaign, "format", None) or DEFAULT_FORMAT
        self.lang = lang.value if lang else getattr(campaign, "lang", None) or DEFAULT_LANG
        self.dialect = given.get("dialect") or getattr(campaign, "dialect", None) or DEFAULT_DIALECT
        self.post_limit = given.get("post_limit") or getattr(campaign, "post_limit", None) or None
        _LANG.set(self.lang)  # an error after this point is written in the report's language
        if self.format == "bbcode" and self.dialect != DEFAULT_DIALECT:
            from gmtool.forum.engines import find_dialect

            find_dialect(self.dialect)  # an unknown dialect is refused before anything is written

    def render(self, report: Any, lang: str | None = None) -> str:
        """``report`` in this command's format; ``lang``: the language it was built in, when
        not the command's (a leader's private report in its own language)."""
        from gmtool.report.render import render

        return render(
            with_journal_mark(report, self.campaign, lang or self.lang), self.format, self.dialect, self.post_limit
        )

    def render_kept(self, report: Any) -> str:
        """A kept report (its journal mark already in it: ``turn show``) in this command's format."""
        from gmtool.report.render import render

        return render(report, self.format, self.dialect, self.post_limit)

    def emit(self, report: Any) -> None:
        sys.stdout.write(self.render(report))

    def reply(self, line: str, data: dict[str, Any]) -> None:
        """A one-line reply (``Алиса колонизирует -1,3: население 1``): the line itself in
        plain text, a short post in the forum formats, ``data`` in JSON."""
        if self.format == "plain":
            sys.stdout.write(line + "\n")
            return
        from gmtool.report.model import Report, text

        self.emit(Report(text(line), [], data))


def normalise_opt(lang: Any) -> str | None:
    value = getattr(lang, "value", lang)
    return str(value) if value else None


def fail(message: str) -> "typer.Exit":
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(1)


def os_message(exc: OSError) -> str:
    """``campaigns/x/journal.toml: is a directory`` — the file and the system's reason."""
    import errno

    reason = "no space left on device" if exc.errno == errno.ENOSPC else (exc.strerror or str(exc)).lower()
    name = exc.filename if exc.filename is not None else ""
    if name:
        from gmtool.tomlfile import display_path

        name = display_path(Path(os.fsdecode(name))) if isinstance(name, (str, bytes)) else str(name)
        return f"{name}: {reason}"
    return reason


# the language of the command being run, once known (set by Output)
_LANG: ContextVar[str | None] = ContextVar("gmtool_lang", default=None)
# the running command's parameters (set as it starts), for the error boundary
_PARAMS: ContextVar[dict[str, Any] | None] = ContextVar("gmtool_params", default=None)


def error_lang(kwargs: dict[str, Any]) -> str:
    """The language to write an error in: ``--lang``, else the report's language once chosen,
    else the campaign's ``lang`` (read from campaign.toml without loading it), else English."""
    from gmtool.locale import normalise

    if kwargs.get("lang") is not None:
        return normalise(kwargs["lang"])
    if _LANG.get():
        return normalise(_LANG.get())
    try:
        folder = campaign_dir(kwargs.get("campaign"))
        if folder is not None:
            import tomllib

            with open(Path(folder) / "campaign.toml", "rb") as fh:
                return normalise(tomllib.load(fh).get("lang"))
    except Exception:  # an unreadable campaign has its own error; write it in English
        pass
    return "en"


def refusal(key: str, /, **params: Any) -> "typer.Exit":
    """``error: …`` from the catalogs (``error.<key>``), in the command's language."""
    from gmtool.locale import t

    return fail(t("error." + key, _LANG.get() or "en", **params))


def error_boundary_lang() -> str:
    """The language of an error met while a command ran (see :func:`error_lang`)."""
    return error_lang(_PARAMS.get() or {})


@contextmanager
def error_boundary() -> Iterator[None]:
    """The one place a command's errors become what the user sees (entered by the root
    command, :class:`gmtool.cli.RootGroup`, around every command it runs): a domain error is
    ``error: …`` and exit 1, a system error names its file, a bug is one ``internal error``
    line — never a traceback unless ``GMTOOL_DEBUG`` is set.  The CLI library's own
    errors (usage, exit, abort) pass through to it."""
    from gmtool.cli.usage import ClickException

    lang_token, params_token = _LANG.set(None), _PARAMS.set(None)
    try:
        yield
    except GmError as exc:
        if os.environ.get(DEBUG_ENV):
            raise
        raise fail(exc.for_moderator(error_boundary_lang())) from None
    except (ClickException, typer.Exit, typer.Abort, KeyboardInterrupt):
        raise
    except BrokenPipeError:
        raise typer.Exit(1) from None
    except OSError as exc:  # a full disk, a read-only folder, a path that is not there
        if os.environ.get(DEBUG_ENV):
            raise
        raise fail(os_message(exc)) from None
    except Exception as exc:  # a bug: say so in one line
        if os.environ.get(DEBUG_ENV):
            raise
        from gmtool.locale import t

        raise fail(
            t("error.internal", error_boundary_lang(), kind=type(exc).__name__, detail=exc, env=DEBUG_ENV)
        ) from None
    finally:
        _LANG.reset(lang_token)
        _PARAMS.reset(params_token)


def note_command(ctx: Any) -> None:
    """Called as a command starts (its options parsed): what the error boundary needs to know
    about it — its ``--lang`` and ``--campaign``."""
    _PARAMS.set(dict(ctx.params))
    _LANG.set(normalise_opt(ctx.params.get("lang")))
