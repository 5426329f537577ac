"""A command's dataclasses made without compiling their methods again on every run.

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__`` … as Python source
and compiles it as the class is made, on every run: a turn makes about 120 record classes
(the rules' records, the state's schema, typer's own), and compiling their methods cost it
~40 ms of its start-up.  The code Python compiles from a text is the same every time, so the
CLI process keeps it, like bytecode, in ``__pycache__`` beside this module
(``dataclasses.<python>.marshal``: each source text → its marshalled code, with the
bytecode's version, as a ``.pyc`` file keeps it) and compiles only a text it
has not met.  The classes are made as before, by the dataclasses module, from the very same
source: only the compiling is skipped.  A folder that cannot be written (a read-only
install) keeps nothing, and every run compiles as Python does.

Installed by the command line (gmtool.cli) alone, never by ``import gmtool``.
"""

from __future__ import annotations

import builtins
import marshal
import re
import sys
from importlib.util import MAGIC_NUMBER  # the bytecode's version, as a .pyc file keeps it
from pathlib import Path
from typing import Any

_FILE = Path(__file__).resolve().parent / "__pycache__" / f"dataclasses.{sys.implementation.cache_tag}.marshal"
_CODE = type(compile("", "", "exec"))
# the records kept: gmtool's and typer's (a script's or a test's own are compiled as Python does)
_OWN = re.compile(r"(gmtool|typer)(\.|$)")
_LIMIT = 5000  # texts kept at most: past it the copy starts again from this run's own


def install(path: Path = _FILE) -> None:
    """Have the dataclasses module compile each method's text once, then take it from ``path``."""
    import atexit
    import dataclasses

    if "exec" in vars(dataclasses):  # installed already
        return
    try:
        magic, kept = marshal.loads(path.read_bytes())
        if magic != MAGIC_NUMBER or not isinstance(kept, dict):  # another Python's code: compiled anew
            kept = {}
    except (OSError, ValueError, EOFError, TypeError):
        kept = {}
    made: dict[str, bytes] = {}  # this run's new texts → their code, marshalled

    def compiled_exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:  # noqa: A002
        if isinstance(source, str):  # compiled here as in dataclasses: no __future__ import of this module's
            own = isinstance(globals, dict) and _OWN.match(str(globals.get("__name__"))) is not None
            source = _code(source, kept, made) if own else compile(source, "<string>", "exec", dont_inherit=True)
        if globals is None:  # exec's own default: the caller's namespace
            frame = sys._getframe(1)
            globals, locals = frame.f_globals, frame.f_locals if locals is None else locals
        builtins.exec(source, globals, locals)

    dataclasses.exec = compiled_exec  # type: ignore[attr-defined]  # found before the builtin
    atexit.register(_keep, path, kept, made)


def _code(text: str, kept: dict[str, Any], made: dict[str, bytes]) -> Any:
    """The code of ``text``: unmarshalled from the copy (only the texts a run meets are), else
    compiled as ``exec`` compiles it in the dataclasses module, which has no __future__ import."""
    data = kept.get(text)
    if isinstance(data, bytes):
        try:
            code = marshal.loads(data)
        except (ValueError, EOFError, TypeError):
            code = None
        if isinstance(code, _CODE):
            return code
        # a damaged entry: compiled again
    code = compile(text, "<string>", "exec", dont_inherit=True)
    made[text] = marshal.dumps(code)
    return code


def _keep(path: Path, kept: dict[str, Any], made: dict[str, bytes]) -> None:
    """Add this run's new texts to the copy; nothing when there were none or it cannot be written."""
    import os

    if not made:
        return
    every = {**kept, **made} if len(kept) + len(made) <= _LIMIT else made
    try:
        path.parent.mkdir(exist_ok=True)
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temp.write_bytes(marshal.dumps((MAGIC_NUMBER, every)))
        os.replace(temp, path)
    except (OSError, ValueError):
        pass
