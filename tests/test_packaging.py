"""The shipped tables are found from a source checkout and from an installed wheel,
and `import gmtool` stays light."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(args: list[str], cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_import_gmtool_does_not_import_typer_or_heavy_modules():
    code = (
        "import sys, gmtool; "
        "print(sorted(m for m in ('typer', 'click', 'tabulate', 'tomli_w', 'rich') if m in sys.modules))"
    )
    res = run([sys.executable, "-c", code], cwd=ROOT)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "[]"


def test_python_dash_m_gmtool(tmp_path):
    res = run([sys.executable, "-m", "gmtool", "roll", "d10", "--dice", "7"], cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert "d10 = [7] = 7" in res.stdout


def test_roll_dice_from_a_fresh_process_fails_fast_on_absurd_input(tmp_path):
    res = run([sys.executable, "-m", "gmtool", "roll", "100000000d10"], cwd=tmp_path)
    assert res.returncode == 1
    assert res.stderr.strip() == "error: too many dice: 100000000 (at most 1000 per expression)"


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("GMTOOL_SKIP_WHEEL") == "1", reason="GMTOOL_SKIP_WHEEL=1")
def test_installed_wheel_finds_its_tables_from_another_directory(tmp_path):
    dist = tmp_path / "dist"
    build = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)], cwd=tmp_path)
    assert build.returncode == 0, build.stderr
    wheel = next(dist.glob("gmtool-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "gmtool/_tables/orion/world-type.toml" in names
    assert "gmtool/maps/fonts/DejaVuSans.ttf" in names and "gmtool/maps/fonts/LICENSE-DejaVu.txt" in names

    site = tmp_path / "site"
    install = run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)], cwd=tmp_path
    )
    assert install.returncode == 0, install.stderr

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "GMTOOL_TABLES"}
    env["PYTHONPATH"] = str(site)
    where = run(
        [sys.executable, "-c", "import gmtool.rolltables as t; print(t.shipped_tables_dir())"], cwd=elsewhere, env=env
    )
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()) == site / "gmtool" / "_tables"
    res = run(
        [sys.executable, "-m", "gmtool", "table", "show", "orion/world-size", "--lang", "ru"], cwd=elsewhere, env=env
    )
    assert res.returncode == 0, res.stderr
    assert "Огромный" in res.stdout


def test_help_lists_every_command_and_a_group_runs_alone(tmp_path):
    res = run([sys.executable, "-m", "gmtool", "--help"], cwd=tmp_path)
    assert res.returncode == 0
    for name in ("roll", "table", "explore", "world", "odds"):
        assert name in res.stdout
    res = run([sys.executable, "-m", "gmtool", "table", "show", "orion/world-size"], cwd=tmp_path)
    assert res.returncode == 0 and "Huge" in res.stdout
