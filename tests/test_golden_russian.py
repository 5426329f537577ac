"""The example campaign's first three turns in Russian, as a native speaker reviewed them:
every report (the public post and each leader's private one) against tests/golden/example-ru/.

After a deliberate change of the reports, regenerate the golden files and read their diff:
    GMTOOL_REGEN_GOLDEN=1 python -m pytest tests/test_golden_russian.py
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden" / "example-ru"
REGEN = os.environ.get("GMTOOL_REGEN_GOLDEN") == "1"


def test_example_campaign_first_three_turns_read_as_reviewed(gm, tmp_path):
    folder = tmp_path / "example"
    shutil.copytree(ROOT / "campaigns" / "example", folder)
    for turn in ("01", "02", "03"):
        res = gm(
            "turn",
            "run",
            str(ROOT / "campaigns" / "example" / "orders" / f"turn-{turn}.toml"),
            "-c",
            str(folder),
            "--lang",
            "ru",
        )
        assert res.exit_code == 0, res.output
    if REGEN:
        shutil.rmtree(GOLDEN)
        for report in (folder / "reports").rglob("*.txt"):
            (GOLDEN / report.parent.name).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(report, GOLDEN / report.parent.name / report.name)
    golden = sorted(p.relative_to(GOLDEN) for p in GOLDEN.rglob("*.txt"))
    written = sorted(p.relative_to(folder / "reports") for p in (folder / "reports").rglob("*.txt"))
    assert written == golden
    for name in golden:
        assert (folder / "reports" / name).read_text(encoding="utf-8") == (GOLDEN / name).read_text(encoding="utf-8"), (
            name
        )
