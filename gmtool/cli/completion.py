"""Shell completion: ``gmtool --install-completion [SHELL]`` and ``--show-completion [SHELL]``.

Typer's own options learn the shell only from the processes above gmtool (shellingham), so
where no shell is the parent — a script, a CI runner, a background job — ``gmtool
--install-completion bash`` answered ``Shell None is not supported.``: the ``bash`` given was
never read.  Here the shell named on the command line is the one installed; without one, the
shell gmtool runs in, then the login shell ``$SHELL``; failing all three, a one-line error
asks for the name.  The scripts, the files written and the completion itself are Typer's.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any, Optional

import typer

SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def _detected() -> str | None:
    """The shell above this process (shellingham, as Typer asks it), else ``$SHELL``'s name."""
    from typer._completion_shared import _get_shell_name

    try:
        name = _get_shell_name()
    except Exception:  # shellingham cannot read this system's process table
        name = None
    if name is None:
        name = os.path.basename(os.environ.get("SHELL", "")) or None
    return name.lower() if name else None


def shell_for(value: str, ctx: Any, param: Any) -> str:
    """The shell to complete: ``value`` when given, else the detected one (BadParameter when
    it is not one Typer completes, or none can be found)."""
    from gmtool.locale import normalise, t

    lang = normalise(None)
    shell = value.strip().lower() if value else _detected()
    if shell is None:
        raise typer.BadParameter(
            t("error.cli.completion_no_shell", lang, shells=", ".join(SHELLS)), ctx=ctx, param=param
        )
    if shell.endswith(".exe"):  # powershell.exe, pwsh.exe
        shell = shell[: -len(".exe")]
    if shell not in SHELLS:
        raise typer.BadParameter(t("error.cli.completion_shell", lang, shell=shell), ctx=ctx, param=param)
    return shell


def _install(ctx: Any, param: Any, value: Optional[str]) -> None:
    if value is None or ctx.resilient_parsing:
        return
    from typer._completion_shared import install

    shell, path = install(shell=shell_for(value, ctx, param), prog_name=ctx.find_root().info_name or "gmtool")
    typer.secho(f"{shell} completion installed in {path}", fg="green")
    typer.echo("Completion will take effect once you restart the terminal")
    sys.exit(0)


def _show(ctx: Any, param: Any, value: Optional[str]) -> None:
    if value is None or ctx.resilient_parsing:
        return
    from typer._completion_shared import get_completion_script

    prog_name = ctx.find_root().info_name or "gmtool"
    complete_var = "_{}_COMPLETE".format(prog_name.replace("-", "_").upper())
    typer.echo(
        get_completion_script(prog_name=prog_name, complete_var=complete_var, shell=shell_for(value, ctx, param))
    )
    sys.exit(0)


def optional_shell(args: list[str]) -> list[str]:
    """``args`` with an empty SHELL after a bare ``--install-completion`` or ``--show-completion``
    among the root's options (Typer has no options with an optional value): the empty name
    means the detected shell.  ``--install-completion bash`` and ``--install-completion=bash``
    pass unchanged."""
    out = list(args)
    i = 0
    while i < len(out) and out[i].startswith("-"):
        if out[i] in ("--install-completion", "--show-completion"):
            if i + 1 == len(out) or out[i + 1].startswith("-"):
                out.insert(i + 1, "")
            i += 1
        i += 1
    return out


# The options' declarations: gmtool.cli._root takes them as two of its parameters.
InstallCompletion = Annotated[
    Optional[str],
    typer.Option(
        "--install-completion",
        metavar="[SHELL]",
        callback=_install,
        expose_value=False,
        is_eager=True,
        help="Install completion for SHELL (bash, zsh, fish, powershell, pwsh), by default for the shell this runs in.",
    ),
]
ShowCompletion = Annotated[
    Optional[str],
    typer.Option(
        "--show-completion",
        metavar="[SHELL]",
        callback=_show,
        expose_value=False,
        is_eager=True,
        help="Show the completion script for SHELL (by default the shell this runs in), "
        "to copy it or customize the installation.",
    ),
]


def init() -> None:
    """Typer's completion classes for each shell, which answer the scripts' ``_GMTOOL_COMPLETE``
    requests (Typer registers them only for its own completion options)."""
    from typer._completion_classes import completion_init

    completion_init()
