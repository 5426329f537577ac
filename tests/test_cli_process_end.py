"""The gmtool process ends as soon as its command is done (gmtool.cli._end_now): the same
output, exit code and exit functions as Python's own ending, which takes every module apart
first — and Python's own ending wherever it does more than that."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# runs gmtool.cli.main as the console script does; TRACED: with a tracer set, which leaves
# the ending to Python (the reference each plain run is held against)
SCRIPT = """
import os, sys
if os.environ.get("TRACED"):
    sys.settrace(lambda *a: None)
from gmtool.cli import main
main()
"""


def _run(args: list[str], tmp_path: Path, script: str = SCRIPT, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("GMTOOL_", "_GMTOOL"))}
    environ.update(env)
    return subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        env=environ,
        cwd=tmp_path,
        timeout=120,
    )


@pytest.mark.parametrize(
    "args, code",
    [
        (["roll", "3d6", "--seed", "3", "--format", "json"], 0),
        (["roll", "1d6x"], 1),  # a domain error: one line, exit 1
        (["roll", "--no-such-option"], 2),  # a usage error
        (["--help"], 0),
    ],
)
def test_a_command_ends_with_the_output_and_code_of_pythons_own_ending(tmp_path, args, code):
    plain = _run(args, tmp_path)
    traced = _run(args, tmp_path, TRACED="1")
    assert plain.returncode == traced.returncode == code
    assert plain.stdout == traced.stdout
    assert plain.stderr == traced.stderr
    assert plain.stdout or plain.stderr


def test_the_exit_functions_run_once_and_the_output_is_whole(tmp_path):
    """What the process registered to run at its end (the kept dataclass code does) runs once,
    after the command, and what it prints is not lost."""
    script = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('at exit', flush=False))\n"
        "from gmtool.cli import main\n"
        "main()\n"
    )
    done = _run(["roll", "1d6", "--seed", "3"], tmp_path, script)
    assert done.returncode == 0
    assert done.stdout.endswith("Dice: random (seed 3)\nat exit\n")
    assert done.stdout.count("at exit") == 1


def test_a_thread_still_running_is_waited_for(tmp_path):
    """A thread the process started and did not wait for still ends its work: Python's own
    ending waits for it, so the process leaves its end to Python.  The thread starts its work
    only once the command is done (no sleep: on any machine it is still running then)."""
    script = (
        "import threading\n"
        "from pathlib import Path\n"
        "import gmtool.cli as cli\n"
        "done = threading.Event()\n"
        "def late():\n"
        "    done.wait()\n"
        "    Path('late.txt').write_text('written')\n"
        "threading.Thread(target=late).start()\n"
        "end_now = cli._end_now\n"
        "def ending(code):\n"
        "    done.set()\n"
        "    end_now(code)\n"
        "cli._end_now = ending\n"
        "cli.main()\n"
    )
    done = _run(["roll", "1d6", "--seed", "3"], tmp_path, script)
    assert done.returncode == 0
    assert (tmp_path / "late.txt").read_text() == "written"


def test_a_message_as_exit_code_is_left_to_python(tmp_path):
    """``sys.exit("text")`` — a message, not a number — is printed by Python's own ending."""
    script = (
        "import gmtool.cli.usage as usage\n"
        "def run(app, argv):\n"
        "    raise SystemExit('the end, in words')\n"
        "usage.run = run\n"
        "from gmtool.cli import main\n"
        "main()\n"
    )
    done = _run(["roll", "1d6"], tmp_path, script)
    assert done.returncode == 1
    assert done.stderr == "the end, in words\n"
