"""The command line's kept dataclass code (gmtool/compiled_records.py): a record class made
from the kept code is the class Python makes, and a copy that cannot be kept or is damaged
changes nothing but the time."""

from __future__ import annotations

import marshal
import subprocess
import sys
import textwrap
from importlib.util import MAGIC_NUMBER

SCRIPT = textwrap.dedent(
    """
    import sys, types
    from pathlib import Path
    from gmtool.compiled_records import install

    if sys.argv[1] != "-":  # "-": as Python makes them, without the kept code
        install(Path(sys.argv[1]))
    # the records of a module of gmtool's (a script's own are compiled as Python does, not kept)
    module = types.ModuleType("gmtool.records_under_test")
    sys.modules[module.__name__] = module
    exec(sys.stdin.read(), vars(module))
    """
)

RECORDS = textwrap.dedent(
    """
    import dataclasses

    @dataclasses.dataclass(frozen=True, slots=True)
    class Row:
        id: str
        values: tuple = dataclasses.field(default_factory=tuple)
        low: int | None = None

    @dataclasses.dataclass(kw_only=True)
    class Leader:
        name: str
        bc: int = 0

    row = Row("calm", (1, 2))
    print(row, row == Row("calm", (1, 2)), row != Row("wild"), hash(row) == hash(Row("calm", (1, 2))))
    try:
        row.id = "wild"
    except dataclasses.FrozenInstanceError as exc:
        print("frozen:", exc)
    leader = Leader(name="Kess")
    leader.bc += 3
    print(leader, [f.name for f in dataclasses.fields(Leader)], Row.__init__.__annotations__)
    try:
        Leader("Kess")
    except TypeError as exc:
        print("refused:", exc)
    """
)

EXPECTED = (
    "Row(id='calm', values=(1, 2), low=None) True True True\n"
    "frozen: cannot assign to field 'id'\n"
    "Leader(name='Kess', bc=3) ['name', 'bc'] "
    "{'id': <class 'str'>, 'values': <class 'tuple'>, 'low': int | None, 'return': None}\n"
    "refused: Leader.__init__() takes 1 positional argument but 2 were given\n"
)


def run(tmp_path, kept):
    script = tmp_path / "records.py"
    script.write_text(SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script), str(kept)], input=RECORDS, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_records_made_from_the_kept_code_are_the_ones_python_makes(tmp_path):
    assert run(tmp_path, "-") == EXPECTED  # Python's own
    kept = tmp_path / "__pycache__" / "dataclasses.marshal"
    assert run(tmp_path, kept) == EXPECTED  # compiled, then kept
    first = kept.read_bytes()
    assert b"def __init__" in first
    assert run(tmp_path, kept) == EXPECTED  # taken from the copy: nothing new to keep
    assert kept.read_bytes() == first


def test_a_scripts_own_records_are_compiled_as_python_does_and_not_kept(tmp_path):
    script = tmp_path / "own.py"
    script.write_text(SCRIPT.replace('"gmtool.records_under_test"', '"__main__"'), encoding="utf-8")
    kept = tmp_path / "kept.marshal"
    done = subprocess.run(
        [sys.executable, str(script), str(kept)], input=RECORDS, capture_output=True, text=True, check=True
    )
    assert done.stdout == EXPECTED.replace("gmtool.records_under_test", "__main__")
    assert not kept.exists()


def test_a_copy_that_cannot_be_kept_or_is_damaged_changes_nothing_but_the_time(tmp_path):
    (tmp_path / "blocked").write_text("a file where the folder would be", encoding="utf-8")
    assert run(tmp_path, tmp_path / "blocked" / "dataclasses.marshal") == EXPECTED
    damaged = tmp_path / "damaged.marshal"
    damaged.write_bytes(b"\x00garbage")
    assert run(tmp_path, damaged) == EXPECTED
    assert run(tmp_path, damaged) == EXPECTED
    # a copy another Python made (its bytecode's version is not this one's) is made anew
    magic, kept = marshal.loads(damaged.read_bytes())
    assert magic == MAGIC_NUMBER and kept
    damaged.write_bytes(marshal.dumps((b"\x00\x00\r\n", dict.fromkeys(kept, b"\x00"))))
    assert run(tmp_path, damaged) == EXPECTED
    magic, made = marshal.loads(damaged.read_bytes())
    assert magic == MAGIC_NUMBER and set(made) == set(kept) and b"\x00" not in made.values()
