"""The standard-library checker in docs/verify.md — the script a player runs instead of
gmtool — on a real journal and on forged copies: it rejects what ``gmtool verify`` rejects,
never crashes, and names the roll that is wrong."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gmtool.campaign import journal
from helpers import ok

DOC = Path(__file__).resolve().parent.parent / "docs" / "verify.md"


@pytest.fixture(scope="module")
def script(tmp_path_factory) -> Path:
    blocks = re.findall(r"^```python\n(.*?)^```$", DOC.read_text(encoding="utf-8"), re.S | re.M)
    assert blocks, "docs/verify.md has no ```python block"
    path = tmp_path_factory.mktemp("checker") / "check_rolls.py"
    path.write_text(blocks[0], encoding="utf-8")
    assert not re.search(r"^\s*(?:import|from)\s+(?!hashlib|hmac|re|sys|tomllib|pathlib)", blocks[0], re.M), (
        "the checker imports only the standard library"
    )
    return path


@pytest.fixture
def game(gm, new_campaign) -> Path:
    """A revealed campaign with stream rolls, dice entered by hand, and an exploration."""
    folder = new_campaign("game", players=["alice", "bob"], seed=3)
    ok(gm("roll", "2d10", "-c", str(folder)))
    ok(gm("roll", "2d6", "-c", str(folder), "--dice", "3,4"))
    (folder / "reply.txt").write_text(ok(gm("roll", "d8", "-c", str(folder), "--for", "bob")), encoding="utf-8")
    ok(gm("roll", "d20", "-c", str(folder)))
    ok(gm("campaign", "reveal", "-c", str(folder)))
    return folder


def run(script: Path, folder: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(script), str(folder), *extra], capture_output=True, text=True, timeout=60
    )


def forge(folder: Path, roll_id: int, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` in roll ``roll_id``'s entry of journal.toml."""
    path = folder / "journal.toml"
    text = path.read_text(encoding="utf-8")
    entry = re.search(rf"\[\[roll\]\]\n(?:chain = .*\n)?id = {roll_id}\n(?:.+\n)+", text).group(0)
    assert old in entry, entry
    path.write_text(text.replace(entry, entry.replace(old, new, 1)), encoding="utf-8")


def entry_of(folder: Path, roll_id: int):
    return next(e for e in journal.read_all(folder / "journal.toml")[0] if e.id == roll_id)


def test_the_honest_journal_passes(script, game, gm):
    res = run(script, game, "--marks", str(game / "reply.txt"))
    assert (res.returncode, res.stderr) == (0, ""), res
    assert res.stdout == ("6 rolls: 4 from the stream, 2 entered by hand; published marks: 1\nevery roll checks out\n")
    ok(gm("verify", "-c", str(game)))


def _forgeries(folder: Path) -> dict:
    first, third = entry_of(folder, 1), entry_of(folder, 3)
    other = first.face % 10 + 1
    return {
        "case-variant source": (1, 'source = "stream"', 'source = "Stream"', "unknown source 'Stream'"),
        "d1 showing 1": (1, f"die = 10\nface = {first.face}\n", "die = 1\nface = 1\n", "running hash breaks"),
        "d0": (1, f"die = 10\nface = {first.face}\n", "die = 0\nface = 1\n", "die = 0 is not a die"),
        "changed face": (
            1,
            f"face = {first.face}\n",
            f"face = {other}\n",
            f"journal says {other} but the stream gives {first.face}",
        ),
        "changed hand die": (3, f"face = {third.face}\n", f"face = {third.face % 6 + 1}\n", "running hash breaks"),
        "broken chain": (2, 'chain = "', 'chain = "0', "running hash breaks"),
        "face off the die": (1, f"face = {first.face}\n", "face = 11\n", "face 11 is not on a d10"),
        "id gap": (6, "id = 6\n", "id = 7\n", "id 7 where 6 was expected"),
        "missing key": (2, "turn = 1\n", "", "turn is missing"),
    }


@pytest.mark.parametrize(
    "case",
    [
        "case-variant source",
        "d1 showing 1",
        "d0",
        "changed face",
        "changed hand die",
        "broken chain",
        "face off the die",
        "id gap",
        "missing key",
    ],
)
def test_each_forgery_is_rejected_naming_the_roll_as_gmtool_does(script, game, gm, case):
    roll_id, old, new, why = _forgeries(game)[case]
    forge(game, roll_id, old, new)
    res = run(script, game)
    assert res.returncode == 1, res
    assert "Traceback" not in res.stderr and res.stderr == "", res.stderr
    named = f"roll #{7 if case == 'id gap' else roll_id}: "
    assert any(line.startswith(named) and why in line for line in res.stdout.splitlines()), res.stdout
    # gmtool verify says the same: exit 1 naming the same roll (an entry it cannot read, by its place)
    verdict = gm("verify", "-c", str(game))
    assert verdict.exit_code == 1
    assert ("entry 2 is malformed" if case == "missing key" else named.rstrip(": ")) in verdict.stdout


def test_a_journal_rewritten_whole_is_caught_by_a_published_mark(script, game, gm):
    """A forger who also rewrites every running hash after the change and campaign.toml's is
    caught only by a mark posted before — by the checker as by gmtool."""
    first = entry_of(game, 1)
    forge(game, 1, f"die = 10\nface = {first.face}\n", "die = 1\nface = 1\n")
    entries = journal.read_all(game / "journal.toml")[0]
    chains = journal.chain_of(entries)
    text = (game / "journal.toml").read_text(encoding="utf-8")
    for e, h in zip(entries, chains):
        text = text.replace(f'chain = "{e.chain}"', f'chain = "{h}"')
    (game / "journal.toml").write_text(text, encoding="utf-8")
    state = (game / "campaign.toml").read_text(encoding="utf-8")
    (game / "campaign.toml").write_text(
        re.sub(r'journal_hash = "[0-9a-f]+"', f'journal_hash = "{chains[-1]}"', state), encoding="utf-8"
    )
    assert run(script, game).returncode == 0  # nothing in the journal itself shows it
    ok(gm("verify", "-c", str(game)))
    res = run(script, game, "--marks", str(game / "reply.txt"))
    assert res.returncode == 1
    assert "reply.txt: journal #5 · " in res.stdout and "changed after it was published" in res.stdout
    assert gm("verify", "-c", str(game), "--published", str(game / "reply.txt")).exit_code == 1


def test_marks_old_and_keyed_and_a_mark_for_no_roll(script, game):
    chains = journal.chain_of(journal.read_all(game / "journal.toml")[0])
    posts = game / "posts.txt"
    posts.write_text(
        f"journal #2 · {chains[1][:12]}\n" + (game / "reply.txt").read_text(encoding="utf-8"), encoding="utf-8"
    )
    assert run(script, game, "--marks", str(posts)).returncode == 0  # an older gmtool's unkeyed mark
    posts.write_text("журнал #40 · 0123456789ab\n", encoding="utf-8")
    res = run(script, game, "--marks", str(posts))
    assert res.returncode == 1 and "the journal has no roll #40" in res.stdout


def test_a_wrong_or_missing_secret_and_missing_files_are_one_clean_line(script, game, tmp_path):
    res = run(script, game, "00" * 32)
    assert res.returncode == 1 and "the secret does not match the commitment" in res.stdout
    res = run(script, game, "xyz")
    assert (res.returncode, res.stderr) == (1, "the secret must be hex, not 'xyz'\n")
    unrevealed = tmp_path / "unrevealed"
    shutil.copytree(game, unrevealed)
    state = unrevealed / "campaign.toml"
    state.write_text(
        re.sub(r'revealed_secret = "[0-9a-f]+"\n', "", state.read_text(encoding="utf-8")), encoding="utf-8"
    )
    res = run(script, unrevealed)
    assert (res.returncode, res.stderr) == (1, "the secret is not revealed yet: give it after the folder\n")
    res = run(script, tmp_path / "nowhere")
    assert (
        res.returncode == 1 and res.stderr.startswith("cannot read the campaign in ") and "Traceback" not in res.stderr
    )
