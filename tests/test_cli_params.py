"""gmtool.cli.params: the plain reader of an option gives what Typer's own reader gives —
the same value, or the same refusal — for every option of every command."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import pytest
import typer.main

from gmtool.cli import build_app
from gmtool.cli.params import RuntimeParam, _Light, light

pytestmark = pytest.mark.skipif(RuntimeParam is None, reason="this Typer reads options through click")


def every_param(command, ctx_parent=None):
    ctx = typer.core._click.Context(command, parent=ctx_parent, info_name=command.name)
    for param in command.params:
        if getattr(param, "type_descriptor", None) is not None:
            yield ctx, param
    for sub in getattr(command, "commands", {}).values():
        yield from every_param(sub, ctx)


def samples(annotation, tmp_path: Path) -> list:
    if annotation is str:
        return ["x", "привет", "", "-"]
    if annotation is bool:
        return [True, False, "true"]
    if annotation is Path:
        (tmp_path / "file.toml").write_text("")
        return [str(tmp_path / "file.toml"), str(tmp_path), str(tmp_path / "missing"), "-", "", "a\0b"]
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        values = [str(m.value) for m in annotation]
        return [*values, *(v.upper() for v in values), "bogus"]
    return ["1", "x"]


def outcome(runtime, value, param, ctx):
    try:
        return "value", runtime.coerce(value, param=param, ctx=ctx)
    except Exception as exc:  # noqa: BLE001 - the refusal itself is compared
        return type(exc).__name__, str(exc)


def test_the_plain_reader_reads_every_option_as_typer_does(tmp_path):
    from typer._coercion import build_runtime_param

    command = typer.main.get_command(build_app())
    seen = 0
    for ctx, param in every_param(command):
        descriptor = param.type_descriptor
        plain = _Light(
            parameter_info=descriptor.parameter_info, annotation=descriptor.annotation, descriptor=descriptor
        )
        typers = build_runtime_param(descriptor)
        for value in [None, *samples(descriptor.annotation, tmp_path)]:
            assert outcome(plain, value, param, ctx) == outcome(typers, value, param, ctx), (param.name, value)
            seen += 1
    assert seen > 500


def test_light_gives_every_option_and_the_help_option_the_plain_reader():
    command = typer.main.get_command(build_app(["turn"]))
    run = command.commands["turn"].commands["run"]
    for param in run.params:  # as a new process has them (an earlier test may have read them)
        param._runtime_param = None
    run._help_option = None
    light(command)
    assert all(isinstance(p._runtime_param, _Light) for p in run.params)
    ctx = typer.core._click.Context(run, info_name="run", help_option_names=["-h", "--help"])
    assert isinstance(run.get_help_option(ctx)._runtime_param, _Light)
