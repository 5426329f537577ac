"""The documentation in docs/ stays true: its Python checker works on a real campaign, the
command reference is current, every command has help, and no doc points outside the
repository."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ok

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EXAMPLE = ROOT / "campaigns" / "example"


def _fenced(doc: Path) -> list[tuple[str, str]]:
    """The fenced blocks of a Markdown file: (language, text)."""
    return re.findall(r"^```(\w*)\n(.*?)^```$", doc.read_text(encoding="utf-8"), re.S | re.M)


def _python_block(doc: Path) -> str:
    blocks = [text for lang, text in _fenced(doc) if lang == "python"]
    assert blocks, f"{doc.name} has no ```python block"
    return blocks[0]


def _text_blocks(doc: Path) -> list[str]:
    return [text for lang, text in _fenced(doc) if lang == ""]


@pytest.fixture
def revealed_game(gm, tmp_path):
    """The example campaign after turn 1 from its orders, two dice entered by hand, one more
    stream roll, and the reveal — the game docs/verify.md describes."""
    game = tmp_path / "game"
    shutil.copytree(EXAMPLE, game)
    ok(gm("turn", "run", str(EXAMPLE / "orders" / "turn-01.toml"), "-c", str(game)))
    ok(gm("roll", "2d6", "-c", str(game), "--dice", "3,4", "--for", "table dice"))
    ok(gm("roll", "d10", "-c", str(game)))
    ok(gm("campaign", "reveal", "-c", str(game)))
    ok(gm("verify", "-c", str(game)))
    return game


def _check(script: Path, game: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(script), str(game), *extra], capture_output=True, text=True, timeout=60)


def test_verify_md_checker_runs_on_a_real_journal_and_prints_what_the_doc_says(revealed_game, tmp_path):
    script = tmp_path / "check_rolls.py"
    script.write_text(_python_block(DOCS / "verify.md"), encoding="utf-8")
    good, tampered = _text_blocks(DOCS / "verify.md")[:2]

    res = _check(script, revealed_game)
    assert (res.returncode, res.stdout, res.stderr) == (0, good, "")

    # the secret given on the command line instead of campaign.toml
    secret = (EXAMPLE / "secret.key").read_text().strip()
    assert _check(script, revealed_game, secret).stdout == good

    journal = revealed_game / "journal.toml"
    text = journal.read_text(encoding="utf-8")
    entry = re.search(r"id = 17\n(?:.*\n)*?face = 8\n", text).group(0)
    journal.write_text(text.replace(entry, entry.replace("face = 8", "face = 9")), encoding="utf-8")
    res = _check(script, revealed_game)
    assert (res.returncode, res.stdout) == (1, tampered)


def test_verify_md_checker_refuses_a_wrong_secret(revealed_game, tmp_path):
    script = tmp_path / "check_rolls.py"
    script.write_text(_python_block(DOCS / "verify.md"), encoding="utf-8")
    res = _check(script, revealed_game, "00" * 32)
    assert res.returncode == 1
    assert "the secret does not match the commitment" in res.stdout


def test_docs_name_no_file_outside_the_repository():
    for doc in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        for outside in ("../shared", "/work/", "seeds/", "RULES.md", "CONTRACT.md", "STYLE.md", "ARCHITECTURE.md"):
            assert outside not in text, f"{doc.name} names {outside!r}"
        prose = "\n".join(line for line in text.splitlines() if not line.startswith("    "))  # not examples
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", prose):
            if "://" not in target:
                assert (doc.parent / target).exists(), f"{doc.name} links to a missing {target}"


def test_code_tables_and_tests_cite_the_products_docs():
    """Comments, tables and messages cite docs/rules-orion.md (the rules users have), never
    the developers' RULES.md or CONTRACT.md (`gmtool table show` prints a table's text)."""
    developers = re.compile(r"\b(RULES|CONTRACT|STYLE|ARCHITECTURE)\.md")
    me = Path(__file__).resolve()
    for folder in ("gmtool", "tables", "tests"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".toml") and path.resolve() != me and "golden" not in path.parts:
                for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                    assert not developers.search(line), f"{path.relative_to(ROOT)}:{number}: {line.strip()}"


# ------------------------------------------------------------------ the command reference

sys.path.insert(0, str(ROOT / "tools"))
import docs as docs_tool  # noqa: E402  (tools/docs.py: python tools/docs.py regenerates)


def test_every_command_and_option_has_help():
    assert docs_tool.commands_without_help() == []


def test_commands_md_is_current():
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    headings = set(re.findall(r"^#+ (gmtool[^\n]*)$", text, re.M))
    missing = [name for name in docs_tool.command_names() if name not in headings]
    assert missing == [], f"no entry in docs/commands.md for {missing}: run `python tools/docs.py`"
    assert text == docs_tool.commands_markdown(), "docs/commands.md is stale: run `python tools/docs.py`"


# ------------------------------------------------------------------ examples in the docs

EXAMPLE_DOCS = [d for d in docs_tool.example_docs() if docs_tool.find_examples(d)]


@pytest.fixture
def one_app(monkeypatch):
    """The examples' in-process ``gmtool`` runs on one app, built once as the tests' runner
    builds it (tools/docs.py builds the whole app afresh for each example)."""
    import gmtool.cli

    real = gmtool.cli.build_app
    app = real()
    monkeypatch.setattr(gmtool.cli, "build_app", lambda names=None: app if names is None else real(names))


@pytest.mark.parametrize("doc", EXAMPLE_DOCS, ids=lambda d: d.name)
def test_every_example_prints_what_the_doc_shows(doc, one_app):
    """Each `$ gmtool …` example of README.md and docs/*.md, replayed in order on a fresh
    copy of campaigns/example; `python tools/docs.py` rewrites the outputs in place."""
    examples = docs_tool.run_examples(doc)
    stale = [
        f"{doc.name}:{ex.line}: $ {ex.command}\n--- the doc shows\n"
        + "\n".join(ex.expected)
        + "\n--- gmtool prints\n"
        + "\n".join(ex.actual)
        for ex in docs_tool.stale(examples)
    ]
    assert not stale, "\n\n".join(stale) + "\n\n(run `python tools/docs.py` to regenerate)"


def test_examples_are_found_and_opting_out_is_rare():
    examples = [ex for doc in EXAMPLE_DOCS for ex in docs_tool.find_examples(doc)]
    gmtool_examples = [ex for ex in examples if "gmtool" in ex.command]
    assert len(gmtool_examples) >= 40
    unchecked = [(ex.doc.name, ex.line, ex.command) for ex in gmtool_examples if not ex.checked or not ex.run]
    # only a new campaign's random secret (orion, venus, a Russian one), and the venus turn
    # that follows from its draw
    assert len(unchecked) <= 9, unchecked


def test_example_finder_reads_blocks_markers_and_ellipses(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text(
        "Text.\n\n    $ gmtool roll d6 --dice 4\n    Roll: d6\n\n    d6 = [4] = 4\n\n"
        "    $ gmtool venus cost --grey 1 --green 0\n    …\n\n"
        "<!-- example: output not checked -->\n\n    $ gmtool roll d6\n    anything\n\n"
        "```\n    $ gmtool not-an-example\n```\n",
        encoding="utf-8",
    )
    found = docs_tool.find_examples(doc)
    assert [(ex.line, ex.command, ex.expected, ex.checked) for ex in found] == [
        (3, "gmtool roll d6 --dice 4", ["Roll: d6", "", "d6 = [4] = 4"], True),
        (8, "gmtool venus cost --grey 1 --green 0", ["…"], True),
        (13, "gmtool roll d6", ["anything"], False),
    ]
    assert docs_tool.matches(["a", "…", "z"], ["a", "b", "c", "z"])
    assert not docs_tool.matches(["a", "…", "z"], ["a", "b"])
    assert docs_tool.matches(["…"], [])


def test_the_readme_stays_a_five_minute_read():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) < 400, f"README.md has {len(lines)} lines: move the detail to docs/"
