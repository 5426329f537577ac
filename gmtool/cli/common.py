"""Options and plumbing shared by every command: formats, languages, dice sources,
error mapping.  Kept light: it is imported on every run."""
from __future__ import annotations

import functools
import os
import sys
from contextlib import contextmanager
from contextvars import ContextVar
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Callable, Iterator, List, Optional, TypeVar

import typer

from gmtool.errors import GmError

DEBUG_ENV = "GMTOOL_DEBUG"


class Format(str, Enum):
    plain = "plain"
    bbcode = "bbcode"
    markdown = "markdown"
    json = "json"


class Lang(str, Enum):
    en = "en"
    ru = "ru"


FormatOpt = Annotated[Optional[Format], typer.Option(
    "--format", "-f", help="Output: plain, bbcode (phpBB), markdown, or json.", show_default=False)]
LangOpt = Annotated[Optional[Lang], typer.Option(
    "--lang", "-l", help="Language of the report: en or ru.", show_default=False)]
DiceOpt = Annotated[Optional[str], typer.Option(
    "--dice", help="Faces to use instead of random dice, in the rules' dice order, e.g. 8,7,4,9.",
    show_default=False)]
SeedOpt = Annotated[Optional[int], typer.Option(
    "--seed", help="Seed for a reproducible random roll.", show_default=False)]


TablesOpt = Annotated[Optional[List[Path]], typer.Option(
    "--tables", help="An extra tables folder (holding <ruleset>/*.toml); overrides shipped tables. "
    "Repeatable; also GMTOOL_TABLES.", show_default=False)]
StageOpt = Annotated[int, typer.Option("--stage", min=1, max=3, help="Game stage: 1 (turns 1–6), 2 (7–12), 3 (13–18).")]
NearOpt = Annotated[Optional[str], typer.Option(
    "--near-homeworld", metavar="planets=N,terran=N,colonisable=N,unexplored=N",
    help="The hex is next to a homeworld with these neighbours so far (unexplored counts this hex): "
         "applies the -4/-2 world-type modifiers and the 2-to-4-planets rerolls.", show_default=False)]


def library(tables: list[Path] | None) -> Any:
    """The table library: shipped tables, GMTOOL_TABLES, then ``--tables`` folders."""
    from gmtool.rolltables.library import TableLibrary

    return TableLibrary.default(tables or [])


def neighbourhood(spec: str | None) -> Any:
    if spec is None:
        return None
    from gmtool.rules.orion.neighbourhood import Neighbourhood

    return Neighbourhood.parse(spec)


CAMPAIGN_ENV = "GMTOOL_CAMPAIGN"
CampaignOpt = Annotated[Optional[Path], typer.Option(
    "--campaign", "-c", help="Campaign folder (else $GMTOOL_CAMPAIGN, else the current folder if it "
    "holds a campaign.toml).", show_default=False)]


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


@contextmanager
def open_campaign(option: Path | None, changes: bool = True,
                  ruleset: str | None = "orion") -> Iterator[tuple[Any, Any]]:
    """Lock the campaign, load it, and hand over (store, state); write with :func:`commit`.
    A command that ``changes`` the state is refused once the game is over; a command made
    for one ``ruleset`` is refused on a campaign of another."""
    from gmtool.campaign.store import CampaignStore

    store = CampaignStore(require_campaign(option))
    with store.locked():
        state = store.load()
        check_ruleset(state, ruleset)
        if changes:
            from gmtool.rules.orion.turns import ensure_not_over

            ensure_not_over(state)
        yield store, state


def check_ruleset(state: Any, ruleset: str | None) -> None:
    if ruleset is not None and state.ruleset != ruleset:
        from gmtool.errors import RuleRefused

        raise RuleRefused(key="wrong_ruleset", name=state.name, ruleset=state.ruleset, wanted=ruleset)


def commit(store: Any, state: Any, choice: "DiceChoice | None" = None) -> None:
    """Journal the command's dice, then replace the state — only after it succeeded."""
    if choice is not None:
        store.append(choice.entries)
    store.save(state)


def campaign_library(folder: Path, tables: list[Path] | None = None) -> Any:
    """Shipped tables, GMTOOL_TABLES, --tables, then the campaign's own tables/ folder."""
    own = folder / "tables"
    return library(list(tables or []) + ([own] if own.is_dir() else []))


class Output:
    """The resolved output settings of one command: the option, else the campaign's
    setting, else plain English."""

    def __init__(self, fmt: Format | None, lang: Lang | None, campaign: Any = None) -> None:
        self.format = fmt.value if fmt else getattr(campaign, "format", None) or "plain"
        self.lang = lang.value if lang else getattr(campaign, "lang", None) or "en"
        _LANG.set(self.lang)   # an error after this point is written in the report's language

    def emit(self, report: Any) -> None:
        from gmtool.report.render import render

        text = render(report, self.format)
        sys.stdout.write(text)


class DiceChoice:
    """The dice source chosen by ``--dice`` / ``--seed`` — or, in a campaign, its journaled
    stream (``journal`` = (store, campaign, purpose)) — with what to tell the reader."""

    def __init__(self, dice: str | None, seed: int | None, journal: Any = None) -> None:
        from gmtool.dice.sources import FixedSource, RandomSource, parse_faces

        self.journal = journal
        if journal is not None:
            from gmtool.campaign.stream import JournalingSource
            from gmtool.errors import CampaignError

            store, campaign, purpose = journal
            faces = parse_faces(dice) if dice is not None else None
            if faces is None and campaign.revealed_secret:
                raise CampaignError(key="secret_revealed")
            self.source = JournalingSource(store.read_secret(), store.next_roll_id(), campaign.turn,
                                           purpose, faces)
            self.info = {"kind": "manual" if faces is not None else "stream", "campaign": campaign.name}
            if faces is not None:
                self.info["faces"] = faces
        elif dice is not None:
            faces = parse_faces(dice)
            self.source: Any = FixedSource(faces)
            self.info: dict[str, Any] = {"kind": "fixed", "faces": faces}
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

    @property
    def entries(self) -> list:
        return getattr(self.source, "entries", [])


F = TypeVar("F", bound=Callable[..., Any])


def normalise_opt(lang: Any) -> str | None:
    value = getattr(lang, "value", lang)
    return str(value) if value else None


def fail(message: str) -> "typer.Exit":
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(1)


# the language of the command being run, once known (set by Output)
_LANG: ContextVar[str | None] = ContextVar("gmtool_lang", default=None)


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
    except Exception:   # an unreadable campaign has its own error; write it in English
        pass
    return "en"


def refusal(key: str, /, **params: Any) -> "typer.Exit":
    """``error: …`` from the catalogs (``error.<key>``), in the command's language."""
    from gmtool.locale import t

    return fail(t("error." + key, _LANG.get() or "en", **params))


def handles_errors(func: F) -> F:
    """Map domain errors to ``error: …`` and exit 1; never show a traceback unless
    ``GMTOOL_DEBUG`` is set."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        token = _LANG.set(normalise_opt(kwargs.get("lang")))
        try:
            return func(*args, **kwargs)
        except GmError as exc:
            if os.environ.get(DEBUG_ENV):
                raise
            raise fail(exc.text(error_lang(kwargs))) from None
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except BrokenPipeError:
            raise typer.Exit(1) from None
        except Exception as exc:  # a bug: say so in one line
            if os.environ.get(DEBUG_ENV):
                raise
            from gmtool.locale import t

            raise fail(t("error.internal", error_lang(kwargs), kind=type(exc).__name__, detail=exc,
                         env=DEBUG_ENV)) from None
        finally:
            _LANG.reset(token)

    return wrapper  # type: ignore[return-value]
