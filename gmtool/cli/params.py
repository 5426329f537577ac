"""Reading a command's options without Pydantic where it is plain (issue 34, speed).

This Typer turns each option of the command run into a Pydantic ``TypeAdapter`` before it
reads its value — importing Pydantic's validators and building 15 adapters for `turn run`,
a tenth of a second that every command pays for options mostly left at their default.
:func:`light` gives each option a reader that takes the plain cases itself, as Typer's
would: an option not given, a word for a ``str``, a flag, a path (Typer's own checks), a
choice of an ``Enum`` that is one of them.  Anything else (a number, a list, a value Typer
would refuse, with its own message) goes to the reader Typer builds, built only then.
With a Typer that reads options otherwise (older ones, through click), nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

try:
    from typer._coercion import RuntimeParam, build_runtime_param
    from typer._param_types import coerce_cli_choice, coerce_cli_path
except ImportError:  # pragma: no cover - a Typer without runtime params
    RuntimeParam = None  # type: ignore[assignment,misc]

_NOT_YET: Any = None


if RuntimeParam is not None:

    @dataclass(frozen=True)
    class _Light(RuntimeParam):
        descriptor: Any = None
        built: list = field(default_factory=list)  # Typer's own reader, once needed

        def _typers(self) -> Any:
            if not self.built:
                self.built.append(build_runtime_param(self.descriptor))
            return self.built[0]

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            annotation, info = self.annotation, self.parameter_info
            if getattr(info, "parser", None) is None and self.descriptor.file_annotation is None:
                if annotation is str and isinstance(value, str):
                    return value
                if annotation is bool and isinstance(value, bool):
                    return value
                if annotation is Path and isinstance(value, str) and value and "\0" not in value:
                    if info.path_type is None:
                        return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)
                if isinstance(annotation, type) and issubclass(annotation, Enum) and isinstance(value, str):
                    try:
                        return coerce_cli_choice(
                            value, choices=list(annotation), case_sensitive=info.case_sensitive, ctx=ctx
                        )
                    except ValueError:
                        pass  # refused in Typer's words
            return self._typers()._coerce_value(value, param=param, ctx=ctx)


def light(command: Any) -> None:
    """Give every option of ``command`` and its subcommands the plain reader (see above)."""
    if RuntimeParam is None:
        return
    for param in getattr(command, "params", ()):
        _lighten(param)
    help_option = getattr(command, "get_help_option", None)
    if help_option is not None:  # -h/--help, made as the command runs

        def get_help_option(ctx: Any, inner: Any = help_option) -> Any:
            option = inner(ctx)
            if option is not None:
                _lighten(option)
            return option

        command.get_help_option = get_help_option
    for sub in getattr(command, "commands", {}).values():
        light(sub)


def _lighten(param: Any) -> None:
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is not None and getattr(param, "_runtime_param", _NOT_YET) is None:
        param._runtime_param = _Light(
            parameter_info=descriptor.parameter_info, annotation=descriptor.annotation, descriptor=descriptor
        )
