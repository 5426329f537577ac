"""Cairn's own command group: ``gmtool cairn target N`` (Cairn.commands)."""

from __future__ import annotations


def register(app) -> None:
    import typer

    group = typer.Typer(help="The cairn ruleset's own commands.")

    @group.command("hello")
    def hello(name: str) -> None:
        """Greet a cairn player."""
        typer.echo(f"hello from cairn, {name}")

    app.add_typer(group, name="cairn")
