"""The ``gmtool`` command line: a thin layer over the library.

One module per command group registers its commands here.  Command bodies import the
core lazily, so ``gmtool --help`` and ``gmtool roll d10`` stay fast.
"""
from __future__ import annotations

import os
from typing import Annotated, Optional

import typer

from gmtool import __version__
from gmtool.cli import explore, odds, roll, table, world
from gmtool.cli.common import DEBUG_ENV

app = typer.Typer(
    name="gmtool",
    help="A game-master assistant for play-by-forum strategy games: fair dice, rule tables "
         "as data, reports to paste into forum posts.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"gmtool {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[Optional[bool], typer.Option(
        "--version", callback=_version, is_eager=True, help="Show the version and exit.")] = None,
    debug: Annotated[bool, typer.Option("--debug", hidden=True)] = False,
) -> None:
    if debug:
        os.environ[DEBUG_ENV] = "1"


roll.register(app)
table.register(app)
explore.register(app)
world.register(app)
odds.register(app)


def main() -> None:
    app()
