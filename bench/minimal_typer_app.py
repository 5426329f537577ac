"""The baseline for bench_startup.py: a minimal two-command Typer app."""

import typer

app = typer.Typer()


@app.command()
def roll(expression: str) -> None:
    print(expression)


@app.command()
def other() -> None:
    pass


if __name__ == "__main__":
    app()
