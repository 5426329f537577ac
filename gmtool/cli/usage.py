"""Running the click command Typer builds, with gmtool's own handling of usage errors.

Typer's defaults leak its internals to a user: validation messages carry pydantic's
``Value error, …`` prefix, arguments show as ``{expression}`` in usage lines, and the rich
help keeps the docstrings' line breaks, so sentences break mid-line.  Here every argument
gets a readable metavar (``EXPRESSION``), help is formatted by click (paragraphs rewrapped,
``\\b`` blocks kept), and a usage error is one ``error: …`` line after the usage, exit 2.
"""

from __future__ import annotations

import re
import sys
from typing import Any

try:  # Typer with its own copy of click: its errors are the ones raised, even where click is installed
    from typer._click import echo
    from typer._click.exceptions import ClickException, UsageError
except ImportError:  # Typer on click (a redefinition only where Typer has its own copy)
    from click import ClickException, UsageError, echo  # type: ignore[no-redef, assignment, unused-ignore]

_PYDANTIC = re.compile(r"\b(?:Value|Assertion) error, ")


def clean_message(message: str) -> str:
    """A click/Typer error message without pydantic's wording."""
    return _PYDANTIC.sub("", message).strip()


def tidy(command: Any) -> Any:
    """Readable metavars and click's plain help, on ``command`` and every subcommand."""
    if hasattr(command, "rich_markup_mode"):
        command.rich_markup_mode = None
    for param in command.params:
        if getattr(param, "param_type_name", "") == "argument" and param.metavar is None and param.name:
            param.metavar = param.name.upper()
            shown = (param.metavar if param.required else f"[{param.metavar}]") + ("..." if param.nargs != 1 else "")
            param._usage_display_name = lambda shown=shown: shown  # this Typer writes {EXPRESSION}
    for sub in getattr(command, "commands", {}).values():
        tidy(sub)
    return command


def run(app: Any, argv: list[str]) -> None:
    import typer.main

    from gmtool.cli.params import light

    command = tidy(typer.main.get_command(app))
    light(command)
    try:
        code = command.main(args=argv, prog_name="gmtool", standalone_mode=False)
        if isinstance(code, int) and code:  # typer.Exit(code) raised by a command
            sys.exit(code)
    except UsageError as exc:
        if type(exc).__name__.startswith("NoArgsIsHelp"):  # a bare group: its help
            echo(exc.ctx.get_help() if exc.ctx else exc.format_message())
            sys.exit(exc.exit_code)
        if exc.ctx is not None:
            echo(exc.ctx.get_usage(), err=True)
            echo(f"Try '{exc.ctx.command_path} -h' for help.", err=True)
        echo(f"error: {clean_message(exc.format_message())}", err=True)
        sys.exit(exc.exit_code)
    except ClickException as exc:
        echo(f"error: {clean_message(exc.format_message())}", err=True)
        sys.exit(exc.exit_code)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        echo("Aborted!", err=True)
        sys.exit(1)
