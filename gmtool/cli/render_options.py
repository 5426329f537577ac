"""``--dialect NAME`` and ``--post-limit N``: options of every command that takes a report
``--format``, described once here instead of in each command's signature.

Once Typer has built the click command tree, :func:`add_render_options` appends the two
options to every command with a report ``--format`` (right after it, so ``--help`` and
docs/commands.md list them there).  They are not passed to the command's function
(``expose_value=False``): their callbacks keep the value in the click context's ``meta``,
which :func:`chosen` reads for :class:`gmtool.cli.common.Output` — nothing module-global
outlives a run.  The dialect names come from tables/forums and are only read when a
``--dialect`` is given, so ``gmtool --help`` and ``gmtool roll`` stay fast.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, Optional

import typer

from gmtool.formats import POST_LIMITS as POST_LIMIT_RANGE

_META = "gmtool.render"  # ctx.meta key: {"dialect": …, "post_limit": …} of this run


def _keep(ctx: Any, param: Any, value: Any) -> Any:
    if value is not None:
        ctx.meta.setdefault(_META, {})[param.name] = value
    return value


def _dialect(ctx: Any, param: Any, value: str | None) -> str | None:
    """An unknown dialect is a usage error (exit 2) naming the known ones: the CLI library's own
    ``BadParameter``, reported as every other bad option value is."""
    if value is None:
        return None
    from gmtool.forum.engines import dialect_names

    names = dialect_names()
    if value not in names:
        from gmtool.locale import normalise, t

        lang = normalise(ctx.params.get("lang"))  # when --lang came first on the line
        raise typer.BadParameter(
            t("error.profile.no_dialect", lang, name=repr(value), names=", ".join(names)), ctx=ctx, param=param
        )
    return _keep(ctx, param, value)


def _options(
    dialect: Annotated[
        Optional[str],
        typer.Option(
            "--dialect",
            callback=_dialect,
            expose_value=False,
            show_default=False,
            help="The forum's BBCode for --format bbcode: phpbb (the default), xenforo, vbulletin, mybb, "
            "smf, punbb, mybbru, ucoz or dungeonmaster (else the campaign's dialect).",
        ),
    ] = None,
    post_limit: Annotated[
        Optional[int],
        typer.Option(
            "--post-limit",
            min=POST_LIMIT_RANGE[0],
            max=POST_LIMIT_RANGE[1],
            callback=_keep,
            expose_value=False,
            show_default=False,
            help="Split a post longer than this many characters into numbered parts (else the campaign's "
            "post_limit, else the forum's own limit: 60000 on phpBB, 2000 on Discord).",
        ),
    ] = None,
) -> None:
    """Never run: Typer reads the two options off its signature."""


@lru_cache(maxsize=1)
def render_params() -> tuple[Any, ...]:
    """The two click parameters, built by Typer itself (so they behave like every other option
    of whatever Typer is installed)."""
    import typer.main

    app = typer.Typer(add_completion=False)
    app.command()(_options)
    return tuple(p for p in typer.main.get_command(app).params if p.name in ("dialect", "post_limit"))


def _has_report_format(command: Any) -> bool:
    for param in command.params:
        if param.name == "format" and "--format" in getattr(param, "opts", ()):
            return True
    return False


def add_render_options(command: Any) -> None:
    """Give ``command`` and every command below it that has ``--format`` the two options."""
    for sub in getattr(command, "commands", {}).values():
        add_render_options(sub)
    if getattr(command, "commands", None) is not None or not _has_report_format(command):
        return
    names = {p.name for p in command.params}
    if "dialect" in names:
        return
    at = next(i for i, p in enumerate(command.params) if p.name == "format") + 1
    command.params[at:at] = list(render_params())


def chosen() -> dict[str, Any]:
    """``{"dialect": …, "post_limit": …}`` given on this run's command line (only those given)."""
    ctx = _current_context()
    return dict(ctx.meta.get(_META, {})) if ctx is not None else {}


def _current_context() -> Any:
    try:
        from typer._click.globals import get_current_context  # Typer with its own copy of click
    except ImportError:
        from click import get_current_context  # type: ignore[no-redef, import-not-found, unused-ignore]
    return get_current_context(silent=True)
