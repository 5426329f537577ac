"""The ``gmtool`` command line: a thin layer over the library.

One module per command group registers its commands (``COMMANDS``, then each ruleset's own
groups: ``Ruleset.commands`` in gmtool/rules/base.py).  A run registers
only the group it was asked for — Typer builds every registered command on every run,
so ``gmtool roll d10`` should not pay for ``odds`` — while ``--help`` and unknown names
get them all.  Command bodies import the core lazily.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module
from typing import Annotated, Any, Iterable, Optional

import gmtool.cli.kept_records  # noqa: F401  # isort: skip  # first: before typer's and the rules' dataclasses are made
import typer
import typer.core

from gmtool import __version__
from gmtool.cli.common import DEBUG_ENV
from gmtool.cli.completion import InstallCompletion, ShowCompletion
from gmtool.cli.completion import init as completion_init

# command name → module under gmtool.cli with a register(app) function, in help order
COMMANDS = {
    "roll": "roll",
    "explore": "explore",
    "table": "table",
    "world": "world",
    "odds": "odds",
    "campaign": "campaign",
    "status": "status",
    "verify": "verify",
    "agent": "agent",
    "council": "council",
    "turn": "turn",
    "quest": "turn",
    "event": "turn",
    "deck": "turn",
    "colonize": "turn",
    "assign": "turn",
    "activate": "turn",
    "fleet": "turn",
    "build": "turn",
    "scrap": "turn",
    "research": "turn",
    "order": "order",
    "monster": "records",
    "orion": "records",
    "blockade": "records",
    "grant": "records",
    "planet": "records",
    "ship": "records",
    "award": "records",
    "player": "records",
    "post": "post",
    "map": "map",
    "reach": "map",
    "site": "site",
}


def all_commands() -> dict[str, str]:
    """Every command group → the module that registers it, in help order: ``COMMANDS``, then
    each ruleset's own (``Ruleset.commands``; the registry is looked at only when a word is
    not one of ``COMMANDS``, so ``gmtool roll`` does not pay for it)."""
    from gmtool.rules.registry import RULESETS

    found = {name: f"gmtool.cli.{module}" for name, module in COMMANDS.items()}
    for ruleset in RULESETS.values():
        for name, module in ruleset.commands:
            found.setdefault(name, module)
    return found


def _version(value: bool) -> None:
    if value:
        typer.echo(f"gmtool {__version__}")
        raise typer.Exit()


def _root(
    version: Annotated[
        Optional[bool], typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = None,
    debug: Annotated[bool, typer.Option("--debug", hidden=True)] = False,
    install_completion: InstallCompletion = None,
    show_completion: ShowCompletion = None,
) -> None:
    if debug:
        os.environ[DEBUG_ENV] = "1"


class RootGroup(typer.core.TyperGroup):
    """The root command.  Typer builds it last, holding the whole command tree: the moment to
    give every command with --format the shared --dialect and --post-limit options (whoever
    builds the app — the entry point, the tests' runner, tools/docs.py)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from gmtool.cli.render_options import add_render_options

        add_render_options(self)
        _note_commands(self)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """A bare --install-completion or --show-completion reads as naming no shell."""
        from gmtool.cli.completion import optional_shell

        return super().parse_args(ctx, optional_shell(args))

    def invoke(self, ctx: Any) -> Any:
        """Every command runs inside the one error boundary (gmtool.cli.common.error_boundary)."""
        from gmtool.cli.common import error_boundary

        with error_boundary():
            return super().invoke(ctx)


def _note_commands(command: Any) -> None:
    """Each command, as it starts, tells the error boundary its options (gmtool.cli.common.note_command)."""
    for sub in getattr(command, "commands", {}).values():
        _note_commands(sub)
    if getattr(command, "commands", None) is not None:
        return
    inner = command.invoke

    def invoke(ctx: Any) -> Any:
        from gmtool.cli.common import note_command

        note_command(ctx)
        return inner(ctx)

    command.invoke = invoke


def build_app(names: Iterable[str] | None = None) -> typer.Typer:
    """The Typer app with the named command groups (all of them by default)."""
    app = typer.Typer(
        name="gmtool",
        help="A game-master assistant for play-by-forum strategy games: fair dice, rule tables "
        "as data, reports to paste into forum posts.",
        no_args_is_help=True,
        cls=RootGroup,
        pretty_exceptions_enable=False,
        add_completion=False,  # gmtool.cli.completion's options: they read the shell given
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    app.callback()(_root)
    completion_init()
    asked = list(names or [])
    if asked and all(n in COMMANDS for n in asked):
        modules = dict.fromkeys(f"gmtool.cli.{COMMANDS[n]}" for n in asked)
    else:
        known = all_commands()
        modules = dict.fromkeys(known[n] for n in (asked or known))
    for module in modules:
        import_module(module).register(app)
    if asked and all(n in COMMANDS for n in asked):  # a module registers its neighbours too: build only those asked
        app.registered_groups = [g for g in app.registered_groups if g.name in asked]
        app.registered_commands = [c for c in app.registered_commands if c.name in asked]
    return app


def _requested(argv: list[str]) -> list[str] | None:
    """The command group named on the command line, if it is a known one."""
    for arg in argv:
        if arg == "--debug":
            continue
        return [arg] if arg in COMMANDS or arg in all_commands() else None
    return None


def main() -> None:
    """The ``gmtool`` process (the console script, ``python -m gmtool``): it ends when the
    command does (:func:`_end_now`)."""
    from gmtool.cli.usage import run

    _short_process()
    try:
        run(build_app(_requested(sys.argv[1:])), sys.argv[1:])
    except SystemExit as exc:
        _end_now(exc.code)
        raise
    _end_now(0)


def _short_process() -> None:
    """A command is a short process that makes a great many objects and keeps most of them to
    its end (the state, the tables, the reports): the collector's default thresholds ran it
    ~140 times in a turn (~30 ms of its CPU) to free next to nothing.  What
    is loaded so far stays (``gc.freeze``: never scanned again), and the collector runs once
    per 10,000 new objects, not 700; cycles are still collected."""
    import gc

    gc.freeze()
    gc.set_threshold(10_000, 20, 100)


def _end_now(code: object) -> None:
    """End the process with ``code`` once the command is done, as Python's own ending would —
    the exit functions run (``atexit``: the kept dataclass code), the output flushed — but
    without taking every module and object apart one by one first, which frees memory the
    system takes back whole anyway (~8 ms of a status, ~18 ms of a late turn).  Left to
    Python's ending instead: a code that is not a number (a message to print), another
    thread still running (Python waits for it), a tracer or profiler watching (coverage,
    cProfile write their data at the end), and output that cannot be flushed (Python
    reports it and exits 120)."""
    import threading

    if not (code is None or isinstance(code, int)) or threading.active_count() != 1:
        return
    if sys.gettrace() is not None or sys.getprofile() is not None:
        return
    if not _flushed():
        return
    import atexit

    atexit._run_exitfuncs()  # each runs once: they are cleared as they are run
    if _flushed():
        os._exit(code or 0)


def _flushed() -> bool:
    """The standard streams flushed (False when one cannot be: a closed pipe, a full disk, a
    stream put in their place that cannot flush)."""
    try:
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            if stream is not None:
                stream.flush()
    except Exception:  # Python's own ending meets it again and says so (exit 120)
        return False
    return True


def __getattr__(name: str) -> Any:
    if name == "app":  # the full app, for tests and embedding
        value = build_app()
        globals()["app"] = value
        return value
    raise AttributeError(name)
