"""The example campaign's first three turns in Russian, as a native speaker reviewed them:
every report (the public post and each leader's private one) against tests/golden/example-ru/."""
from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden" / "example-ru"


def test_example_campaign_first_three_turns_read_as_reviewed(gm, tmp_path):
    folder = tmp_path / "example"
    shutil.copytree(ROOT / "campaigns" / "example", folder)
    for turn in ("01", "02", "03"):
        res = gm("turn", "run", str(ROOT / "campaigns" / "example" / "orders" / f"turn-{turn}.toml"),
                 "-c", str(folder), "--lang", "ru")
        assert res.exit_code == 0, res.output
    golden = sorted(p.relative_to(GOLDEN) for p in GOLDEN.rglob("*.txt"))
    written = sorted(p.relative_to(folder / "reports") for p in (folder / "reports").rglob("*.txt"))
    assert written == golden
    for name in golden:
        assert (folder / "reports" / name).read_text(encoding="utf-8") == \
            (GOLDEN / name).read_text(encoding="utf-8"), name
