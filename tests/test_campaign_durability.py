"""Campaign folders survive crashes, concurrent commands and tampering.

* ``test_slow_sigkill_*`` — a child process plays a campaign (rolls and explores, run
  in-process through ``build_app``) and is SIGKILLed at a random moment, over and over;
  after every kill the campaign loads, validates (after ``--repair``) and verifies, the
  journal ids are consecutive and nothing the state records is missing from the journal.
* ``test_slow_concurrent_*`` — 8 processes × 25 rolls on one campaign at the same time:
  200 distinct consecutive ids, every reported id is in the journal.
* torn journal tails — what a power cut (not a kill: a kill cannot tear a small
  ``write``) can leave at the end of ``journal.toml``, cut all along an entry.
* tampering — ``verify`` names the changed roll, the gap, the wrong secret.

The ``slow`` tests take ~3–45 s each and are marked ``slow``: plain ``pytest`` leaves them
out, ``pytest -m slow`` runs them (``.ci/run`` does both).  No verdict depends on the
machine's speed: kills are aimed at reported work, not at a clock.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from gmtool.campaign import journal
from gmtool.campaign.hexes import Hex
from gmtool.campaign.store import CampaignStore
from gmtool.campaign.stream import new_secret

TIMEOUT = 60


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("GMTOOL_CAMPAIGN", None)
    env.pop("GMTOOL_DEBUG", None)
    env.pop("GMTOOL_TABLES", None)
    return env


def gmtool(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The real command, in its own process."""
    return subprocess.run(
        [sys.executable, "-m", "gmtool", *args], cwd=cwd, env=_env(), capture_output=True, text=True, timeout=TIMEOUT
    )


def ok(res: subprocess.CompletedProcess) -> subprocess.CompletedProcess:
    assert res.returncode == 0, f"{res.args}: exit {res.returncode}\n{res.stdout}\n{res.stderr}"
    assert "internal error" not in res.stderr and "Traceback" not in res.stderr, res.stderr
    return res


def new_campaign(folder: Path, seed: int = 1) -> Path:
    ok(
        gmtool(
            "campaign",
            "new",
            str(folder),
            "--player",
            "alice",
            "--player",
            "bob",
            "--player",
            "carol",
            "--seed",
            str(seed),
            cwd=folder.parent,
        )
    )
    return folder


def entries_of(folder: Path) -> tuple[list[journal.Entry], str, list[str]]:
    return journal.read_all(folder / "journal.toml")


def ids_of(folder: Path) -> list[int]:
    return [e.id for e in entries_of(folder)[0]]


def temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def unexplored_neighbours(state, names=("alice", "bob")) -> list[tuple[str, Hex]]:
    out = []
    for player in state.players:
        if player.name not in names:
            continue
        for h in player.homeworld.neighbours():
            system = state.game.system(h)
            if state.game.on_map(h) and (system is None or system.explored_by is None):
                out.append((player.name, h))
    return out


# --------------------------------------------------------------------------------------
# 1. SIGKILL at random moments
# --------------------------------------------------------------------------------------

# Plays one campaign forever (until killed): explores of alice's and bob's unexplored
# neighbours while any remain, d10 and 3d6 rolls.  Commands run in-process, so a kill can
# land anywhere inside one, not only between process start-ups.  It says "begun" before
# and "done" after each command, so the test can aim its kills at work in progress
# whatever the machine's speed.
PLAYER = r"""
import io, os, random, sys
from pathlib import Path
from gmtool.cli import build_app
from gmtool.campaign.store import CampaignStore

folder, rng = Path(sys.argv[1]), random.Random(int(sys.argv[2]))
app = build_app()
store = CampaignStore(folder)
real_stdout = sys.stdout
real_stdout.write("ready\n"); real_stdout.flush()
while True:
    state = store.load()
    todo = []
    for p in state.players:
        # exploring needs a ship that has not explored this turn (one hex per ship, A4)
        if p.name in ("alice", "bob") and p.scouts > (p.moved.get("scout", 0) if p.moved_turn == state.turn else 0):
            for h in p.homeworld.neighbours():
                s = state.game.system(h)
                if state.game.on_map(h) and (s is None or s.explored_by is None):
                    todo.append((p.name, h))
    pick = rng.random()
    if todo and pick < 0.5:
        name, h = rng.choice(todo)
        args = ["explore", "-c", str(folder), "--player", name, "--hex", f"{h.q},{h.r}"]
    elif pick < 0.75:
        args = ["roll", "d10", "-c", str(folder)]
    else:
        args = ["roll", "3d6", "-c", str(folder), "--for", "x"]
    real_stdout.write("begun\n"); real_stdout.flush()
    sys.stdout = io.StringIO()
    code = app(args, standalone_mode=False)
    sys.stdout = real_stdout
    real_stdout.write("done\n"); real_stdout.flush()
    if code not in (None, 0):
        sys.stderr.write(f"{args} exited {code}\n")
        sys.exit(3)
"""

KILLS = 40
PER_CAMPAIGN = 10  # a fresh campaign every 10 kills: more explores, so more kills inside one


def _check_after_kill(folder: Path, stats: dict) -> int:
    """Everything the crash test demands of a campaign just after a kill; returns the
    number of journal entries."""
    # campaign.toml is always whole: the old or the new state, never a torn one
    tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    if temp_files(folder):
        stats["temp_left_by_kill"] += 1
    ok(gmtool("status", "-c", str(folder), cwd=folder.parent))
    repaired = ok(gmtool("campaign", "validate", "-c", str(folder), "--repair", cwd=folder.parent))
    if "repaired" in repaired.stdout:
        stats["torn_tails"] += 1
    assert temp_files(folder) == [], "a locked command must sweep the temp files a killed writer left"
    ok(gmtool("campaign", "validate", "-c", str(folder), cwd=folder.parent))
    ok(gmtool("verify", "-c", str(folder), cwd=folder.parent))

    entries, tail, problems = entries_of(folder)
    assert not tail and not problems
    assert [e.id for e in entries] == list(range(1, len(entries) + 1))

    # journal first, state second: every exploration the state records has its rolls
    state = CampaignStore(folder).load()
    purposes = [e.purpose for e in entries]
    homes = {p.homeworld for p in state.players}
    for system in state.game.systems:
        if system.explored_by is None or system.hex in homes or system.hex == state.game.orion:
            continue
        prefix = f"explore {system.hex} ({system.explored_by})"
        assert any(p.startswith(prefix) for p in purposes), f"{system.hex} explored but no roll journaled"
    # the window between the two writes: rolls journaled, result not applied (allowed, visible)
    explored = {str(s.hex) for s in state.game.systems if s.explored_by is not None}
    journaled = {m.group(1) for p in purposes if (m := re.match(r"explore (\S+) \(", p))}
    stats["journaled_not_applied"] |= {(folder.name, h) for h in journaled - explored}
    return len(entries)


def _read_until(child: subprocess.Popen, wanted: str, err: Path) -> None:
    """Read the player's reports up to the line ``wanted`` (it never ends by itself)."""
    while True:
        line = child.stdout.readline()
        assert line, f"the player stopped by itself: {err.read_text()}"
        if line == wanted:
            return


def _pause(child: subprocess.Popen, seconds: float) -> None:
    """Give the running command a random head start (it only moves the kill inside the
    command; no verdict depends on it)."""
    try:
        child.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        pass


@pytest.mark.slow
def test_slow_sigkill_at_random_moments_never_corrupts_the_campaign(tmp_path):
    rng = random.Random(20240917)
    stats = dict(kills=0, grew=0, explores=0, temp_left_by_kill=0, torn_tails=0, journaled_not_applied=set())
    folder = None
    count = 0
    started = time.monotonic()
    for i in range(KILLS):
        if i % PER_CAMPAIGN == 0:
            folder = new_campaign(tmp_path / f"c{i // PER_CAMPAIGN}", seed=1 + i // PER_CAMPAIGN)
            store = CampaignStore(folder)  # a scout per neighbour: one hex per ship a turn (A4)
            state = store.load()
            for p in state.players:
                p.scouts = 6
            store.save(state)
            count = 0
        explored_before = len(unexplored_neighbours(CampaignStore(folder).load()))
        err = tmp_path / f"child{i}.err"
        with err.open("w") as err_fh:
            child = subprocess.Popen(
                [sys.executable, "-c", PLAYER, str(folder), str(rng.randrange(10**9))],
                cwd=tmp_path,
                env=_env(),
                stdout=subprocess.PIPE,
                stderr=err_fh,
                text=True,
            )
            try:
                assert child.stdout.readline() == "ready\n", err.read_text()
                # Let 1-3 commands finish (each journals its dice), then kill at a random
                # moment shortly after the next one has begun: every kill lands after real
                # work, however slow or busy the machine is.
                for _ in range(rng.randint(1, 3)):
                    _read_until(child, "done\n", err)
                _read_until(child, "begun\n", err)
                _pause(child, rng.uniform(0.0, 0.05))
                child.send_signal(signal.SIGKILL)
                child.wait(timeout=TIMEOUT)
            finally:
                if child.poll() is None:
                    child.kill()
                    child.wait()
                child.stdout.close()
        assert child.returncode == -signal.SIGKILL, f"the player stopped by itself: {err.read_text()}"
        stats["kills"] += 1

        new_count = _check_after_kill(folder, stats)
        assert new_count >= count, "journal entries were lost"
        stats["grew"] += new_count > count
        stats["explores"] += explored_before - len(unexplored_neighbours(CampaignStore(folder).load()))
        count = new_count

    # the run as a whole: the kills landed while the campaign was being played
    assert stats["kills"] == KILLS
    assert stats["grew"] == KILLS, stats  # at least one command finished before each kill
    assert stats["explores"] > 0, stats

    # and the campaign goes on: the next roll gets the next id, every roll verifies
    ok(gmtool("roll", "d10", "-c", str(folder), cwd=tmp_path))
    assert ids_of(folder) == list(range(1, count + 2))
    ok(gmtool("verify", "-c", str(folder), cwd=tmp_path))
    stats["journaled_not_applied"] = len(stats["journaled_not_applied"])
    print(f"\nSIGKILL run: {stats}, {time.monotonic() - started:.1f} s")


# --------------------------------------------------------------------------------------
# 2. concurrent commands
# --------------------------------------------------------------------------------------


def test_the_lock_taken_at_once_is_the_lock_filelock_takes(tmp_path):
    """A command takes a free lock with one flock; filelock — which a command falls back on to
    wait for a busy lock — sees it held, and the other way round."""
    from filelock import FileLock, Timeout

    from gmtool.campaign.store import LOCK_FILE, _lock_at_once

    folder = new_campaign(tmp_path / "c")
    with CampaignStore(folder).locked():
        with pytest.raises(Timeout):
            FileLock(str(folder / LOCK_FILE), timeout=0).acquire()
        assert _lock_at_once(folder / LOCK_FILE) is None
    held = FileLock(str(folder / LOCK_FILE), timeout=0)
    held.acquire()
    try:
        assert _lock_at_once(folder / LOCK_FILE) is None
    finally:
        held.release()
    taken = _lock_at_once(folder / LOCK_FILE)
    assert taken is not None
    taken.release()


ROLLER = r"""
import io, json, sys
from gmtool.cli import build_app

folder, n = sys.argv[1], int(sys.argv[2])
app = build_app(["roll"])
real_stdout = sys.stdout
real_stdout.write("ready\n"); real_stdout.flush()
sys.stdin.readline()                     # the starting gun
ids = []
for _ in range(n):
    sys.stdout = buf = io.StringIO()
    code = app(["roll", "d10", "-c", folder, "--format", "json"], standalone_mode=False)
    sys.stdout = real_stdout
    if code not in (None, 0):
        sys.stderr.write(f"roll exited {code}\n"); sys.exit(3)
    first, last = json.loads(buf.getvalue())["source"]["roll_ids"]
    ids.extend(range(first, last + 1))
real_stdout.write(json.dumps(ids) + "\n")
"""

PROCESSES, ROLLS = 8, 25


@pytest.mark.slow
def test_slow_concurrent_rolls_get_distinct_consecutive_ids(tmp_path):
    folder = new_campaign(tmp_path / "c")
    children = [
        subprocess.Popen(
            [sys.executable, "-c", ROLLER, str(folder), str(ROLLS)],
            cwd=tmp_path,
            env=_env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    try:
        for child in children:
            assert child.stdout.readline() == "ready\n"
        for child in children:  # all of them at once
            child.stdin.write("go\n")
            child.stdin.flush()
        reported: list[int] = []
        for child in children:
            out, err = child.communicate(timeout=TIMEOUT)
            assert child.returncode == 0, err
            assert "internal error" not in err and "Traceback" not in err, err
            ids = json.loads(out)
            assert len(ids) == ROLLS
            assert ids == sorted(ids), "one process's rolls go forward"
            reported += ids
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()

    total = PROCESSES * ROLLS
    assert sorted(reported) == list(range(1, total + 1)), "every roll got its own id"
    entries, tail, problems = entries_of(folder)
    assert not tail and not problems
    assert [e.id for e in entries] == list(range(1, total + 1))
    assert all(e.die == 10 and e.source == "stream" for e in entries)
    assert temp_files(folder) == []
    ok(gmtool("verify", "-c", str(folder), cwd=tmp_path))
    ok(gmtool("campaign", "validate", "-c", str(folder), cwd=tmp_path))


# --------------------------------------------------------------------------------------
# 3. torn journal tails (what a power cut can leave; a kill cannot tear one small write)
# --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """A campaign with ids 1–6: d10, 3d6 for x, an exploration of alice's, d10."""
    folder = new_campaign(tmp_path_factory.mktemp("played") / "c")
    ok(gmtool("roll", "d10", "-c", str(folder), cwd=folder.parent))
    ok(gmtool("roll", "3d6", "-c", str(folder), "--for", "x", cwd=folder.parent))
    state = CampaignStore(folder).load()
    name, h = next((n, h) for n, h in unexplored_neighbours(state) if n == "alice")
    ok(gmtool("explore", "-c", str(folder), "--player", name, "--hex", str(h), cwd=folder.parent))
    ok(gmtool("roll", "d10", "-c", str(folder), cwd=folder.parent))
    return folder


@pytest.fixture
def campaign(played, tmp_path) -> Path:
    """A private copy of ``played``."""
    folder = tmp_path / "c"
    shutil.copytree(played, folder)
    return folder


def _tear(folder: Path, last: str, cut: int) -> tuple[bytes, int]:
    """Append the entry text ``last`` cut after ``cut`` bytes; returns (the file before, its
    number of complete entries)."""
    path = folder / "journal.toml"
    before = path.read_bytes()
    n = len(journal.split(before.decode("utf-8"))[0])
    path.write_bytes(before + last.encode("utf-8")[:cut])
    return before, n


def _next_entry(folder: Path, purpose: str = "roll: d10: die 1") -> str:
    n = len(ids_of(folder))
    return journal.format_entry(journal.Entry(n + 1, 1, purpose, 10, 1, "stream"))


def _assert_recovers(gm, folder: Path, before: bytes, n: int) -> None:
    res = gm("roll", "d10", "-c", str(folder))
    assert res.exit_code == 1 and "--repair" in res.stderr, "a torn journal must stop the next roll"
    res = gm("verify", "-c", str(folder))
    assert res.exit_code == 1 and "incomplete" in res.stdout
    assert gm("campaign", "validate", "-c", str(folder)).exit_code == 1
    res = gm("campaign", "validate", "-c", str(folder), "--repair")
    assert res.exit_code == 0, res.stderr
    assert (folder / "journal.toml").read_bytes() == before, "repair cuts the torn entry and nothing else"
    assert gm("campaign", "validate", "-c", str(folder)).exit_code == 0
    assert gm("roll", "d10", "-c", str(folder)).exit_code == 0
    assert ids_of(folder) == list(range(1, n + 2))
    assert gm("verify", "-c", str(folder)).exit_code == 0


@pytest.mark.parametrize(
    "step", [pytest.param(None, id="line-breaks"), pytest.param(3, id="every-third-byte", marks=pytest.mark.slow)]
)
def test_torn_entry_body_is_refused_then_repaired(gm, campaign, step):
    last = _next_entry(campaign)
    path = campaign / "journal.toml"
    original = path.read_bytes()
    state = (campaign / "campaign.toml").read_bytes()  # each try starts from the same campaign
    # from just after the [[roll]] header to just before the last newline: both sides of
    # every line break (and, in the slow run, every third byte)
    start, end = len(journal.HEADER), last.index('source = "stream"') + len('source = "stream"')
    breaks = {i + d for i, ch in enumerate(last) if ch == "\n" for d in (0, 1)}
    every = set(range(start, end + 1, step)) if step else set()
    for cut in sorted(({*every, end} | breaks) & set(range(start, end + 1))):
        path.write_bytes(original)
        (campaign / "campaign.toml").write_bytes(state)
        before, n = _tear(campaign, last, cut)
        _assert_recovers(gm, campaign, before, n)


def test_torn_multi_die_append_keeps_its_whole_entries(gm, campaign):
    n = len(ids_of(campaign))
    three = "".join(
        journal.format_entry(journal.Entry(n + k, 1, f"roll: 3d6: die {k}", 6, 1, "stream")) for k in (1, 2, 3)
    )
    path = campaign / "journal.toml"
    original = path.read_bytes()
    cut = three.index("[[roll]]\nid = " + str(n + 3)) + 20
    path.write_bytes(original + three[:cut].encode())
    res = gm("campaign", "validate", "-c", str(campaign), "--repair")
    assert res.exit_code == 0, res.stderr
    assert [e.id for e in entries_of(campaign)[0]] == list(range(1, n + 3))


def test_torn_header_fragment_repair_keeps_the_last_complete_entry(gm, campaign):
    last = _next_entry(campaign)
    path = campaign / "journal.toml"
    original = path.read_bytes()
    state = (campaign / "campaign.toml").read_bytes()  # each try starts from the same campaign
    for cut in range(1, len(journal.HEADER)):  # '[', '[[', … '[[roll]]' without its newline
        path.write_bytes(original)
        (campaign / "campaign.toml").write_bytes(state)
        before, n = _tear(campaign, last, cut)
        _assert_recovers(gm, campaign, before, n)


def test_torn_inside_a_multibyte_character_is_repaired(gm, campaign):
    last = _next_entry(campaign, "roll for бой: d10: die 1")
    cut = len(last[: last.index("бой")].encode("utf-8")) + 1  # half of the б
    before, n = _tear(campaign, last, cut)
    _assert_recovers(gm, campaign, before, n)


def test_torn_tail_after_a_purpose_holding_a_replacement_character_is_repaired(gm, campaign):
    assert gm("roll", "d10", "-c", str(campaign), "--for", "pasted \ufffd text").exit_code == 0
    before, n = _tear(campaign, _next_entry(campaign), 20)
    _assert_recovers(gm, campaign, before, n)


def test_torn_entry_after_an_entry_without_its_blank_line_keeps_that_entry(gm, campaign):
    path = campaign / "journal.toml"
    data = path.read_bytes()
    assert data.endswith(b"\n\n")
    path.write_bytes(data[:-1])  # the last entry lost only its blank line
    assert gm("campaign", "validate", "-c", str(campaign)).exit_code == 0
    before, n = _tear(campaign, _next_entry(campaign), 20)
    _assert_recovers(gm, campaign, before, n)


# --------------------------------------------------------------------------------------
# 4. tampering
# --------------------------------------------------------------------------------------


def _blocks(folder: Path) -> tuple[str, list[str]]:
    text = (folder / "journal.toml").read_text(encoding="utf-8")
    head, *blocks = text.split(journal.HEADER)
    return head, [journal.HEADER + b for b in blocks]


def test_untouched_campaign_verifies(campaign):
    res = ok(gmtool("verify", "-c", str(campaign), "--format", "json", cwd=campaign.parent))
    data = json.loads(res.stdout)
    assert data["ok"] and data["checked"] == len(ids_of(campaign)) >= 6


def test_tampered_face_is_named_by_its_roll_id(campaign):
    head, blocks = _blocks(campaign)
    entry = entries_of(campaign)[0][2]  # roll #3, a d6 of the 3d6
    assert entry.id == 3
    other = entry.face % entry.die + 1  # another face of the same die
    blocks[2] = blocks[2].replace(f"face = {entry.face}\n", f"face = {other}\n")
    (campaign / "journal.toml").write_text(head + "".join(blocks), encoding="utf-8")
    res = gmtool("verify", "-c", str(campaign), cwd=campaign.parent)
    assert res.returncode == 1
    assert "roll #3" in res.stderr and f"journal says {other}" in res.stderr, res.stderr
    assert "roll #1" not in res.stderr and "roll #2" not in res.stderr
    data = json.loads(gmtool("verify", "-c", str(campaign), "--format", "json", cwd=campaign.parent).stdout)
    assert data["bad_ids"] == [3]


def test_deleted_entry_is_named_as_a_gap(campaign):
    head, blocks = _blocks(campaign)
    del blocks[2]  # roll #3
    (campaign / "journal.toml").write_text(head + "".join(blocks), encoding="utf-8")
    res = gmtool("verify", "-c", str(campaign), cwd=campaign.parent)
    assert res.returncode == 1
    assert "roll #4" in res.stderr and "gap" in res.stderr and "3 was expected" in res.stderr, res.stderr
    res = gmtool("campaign", "validate", "-c", str(campaign), cwd=campaign.parent)
    assert res.returncode == 1 and "roll id 4 where 3 was expected" in res.stderr, res.stderr


def test_swapped_secret_fails_on_the_commitment(campaign):
    real = (campaign / "secret.key").read_text(encoding="ascii").strip()
    other = new_secret().hex()
    (campaign / "secret.key").write_text(other + "\n", encoding="ascii")
    res = gmtool("verify", "-c", str(campaign), "--format", "json", cwd=campaign.parent)
    assert res.returncode == 1
    problems = json.loads(res.stdout)["problems"]
    assert any("does not match the commitment" in p for p in problems), problems
    # the same with the secret given on the command line, the real key back in place
    (campaign / "secret.key").write_text(real + "\n", encoding="ascii")
    res = gmtool("verify", "-c", str(campaign), "--secret", other, cwd=campaign.parent)
    assert res.returncode == 1 and "does not match the commitment" in res.stdout
    ok(gmtool("verify", "-c", str(campaign), "--secret", real, cwd=campaign.parent))
