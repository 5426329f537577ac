"""Regenerate (or check) what the docs show of gmtool itself.

    python tools/docs.py            # rewrite docs/commands.md and every example's output
    python tools/docs.py --check    # exit 1, naming what is stale, without writing

* ``docs/commands.md``: every command of the Typer app with its help and options, built
  from the app itself (never by hand).
* Tables from the code: a doc's block between ``<!-- generated: NAME -->`` and
  ``<!-- end generated -->`` is made by ``GENERATORS[NAME]`` (the orders an orders file
  takes, from their registry; every field of campaign.toml, from its schema).
* Examples: in README.md and docs/*.md, an indented block whose first line is
  ``$ gmtool …`` is an example; the lines after it, up to the next ``$`` line or the
  block's end, are its expected output. Each file's examples run in order, in one fresh
  folder holding a copy of ``campaigns/example`` (so ``cp -r campaigns/example my-game``
  works, and later examples see what earlier ones did), with the repository's tables.
  Other ``$`` lines (``cp``, ``cat``, ``printf`` …) run too, through the shell, and their
  output is checked the same way. An example whose output truly cannot be stable (a new
  secret, wall-clock figures) is opted out by a line ``<!-- example: output not checked -->``
  right before its block: it still runs (so later examples see its effects), but its
  output is neither compared nor rewritten. ``<!-- example: skip -->`` does not run it.
"""

from __future__ import annotations

import contextlib
import http.server
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
COMMANDS_MD = DOCS / "commands.md"
EXAMPLE_CAMPAIGN = ROOT / "campaigns" / "example"
NOT_CHECKED = "<!-- example: output not checked -->"
SKIP = "<!-- example: skip -->"
# ``<!-- example: serve campaigns/example/forum-pages at http://127.0.0.1:8000 -->``: while the
# doc's examples run, a local web server (the standard library's) serves that folder of the
# work copy; the URL the doc shows stands for the server's own address (a free port).
SERVE = re.compile(r"<!-- example: serve ([\w./-]+) at (http://127\.0\.0\.1:\d+) -->")


# ---------------------------------------------------------------------------- commands.md


def _walk(command, path: list[str]):
    yield path, command
    if hasattr(command, "list_commands"):
        for name in command.list_commands(None):
            sub = command.get_command(None, name)
            if sub is not None and not getattr(sub, "hidden", False):
                yield from _walk(sub, [*path, name])


def _choices(param) -> list[str]:
    """The allowed values of a parameter (an Enum annotation or a click Choice)."""
    kind = getattr(param, "type", None)
    if getattr(kind, "choices", None):
        return [str(getattr(c, "value", c)) for c in kind.choices]
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    import enum

    for candidate in (annotation, *getattr(annotation, "__args__", ())):
        if isinstance(candidate, type) and issubclass(candidate, enum.Enum):
            return [str(m.value) for m in candidate]
    return []


def _default(param) -> str:
    value = param.default
    if getattr(param, "show_default", True) is False or callable(value):
        return ""
    if value is None or value is False or value == [] or value == ():
        return ""
    value = getattr(value, "value", value)
    if isinstance(value, (list, tuple)):
        value = ", ".join(str(getattr(v, "value", v)) for v in value)
    return f" (default: `{value}`)"


def _help_markdown(text: str) -> list[str]:
    """A command's help: paragraphs as text, ``\\b`` paragraphs (examples) as code."""
    out: list[str] = []
    for para in re.split(r"\n\s*\n", text.strip()):
        if para.startswith("\b"):
            lines = para[1:].strip("\n").splitlines()
            if lines and lines[0].endswith(":") and not lines[0].startswith(" "):
                out += [f"*{lines[0]}*", ""]
                lines = lines[1:]
            indent = min((len(line) - len(line.lstrip()) for line in lines if line.strip()), default=0)
            out += ["```"] + [line[indent:] for line in lines] + ["```", ""]
        else:
            out += [" ".join(line.strip() for line in para.splitlines()), ""]
    return out


def _param_line(param) -> str:
    help_text = " ".join((getattr(param, "help", None) or "").split()) or "—"
    choices = _choices(param)
    if type(param).__name__.endswith("Argument"):
        name = param.name.upper()
        if getattr(param, "nargs", 1) == -1:
            name += "…"
        optional = "" if param.required else " (optional)"
        values = f" (one of: {', '.join(f'`{c}`' for c in choices)})" if choices else ""
        return f"* `{name}`{optional}: {help_text}{values}{_default(param)}"
    names = ", ".join(f"`{o}`" for o in [*param.opts, *param.secondary_opts])
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        value = ""
    elif choices:
        value = " `" + "|".join(choices) + "`"
    else:
        long = max(param.opts, key=len).lstrip("-")
        value = f" `{param.metavar or long.upper().replace('-', '_')}`"
    repeat = " Repeatable." if getattr(param, "multiple", False) and "epeatable" not in help_text else ""
    required = " **Required.**" if param.required else ""
    return f"* {names}{value}: {help_text}{repeat}{required}{_default(param)}"


def commands_markdown() -> str:
    """docs/commands.md, built from the Typer app."""
    import typer

    from gmtool.cli import build_app

    root = typer.main.get_command(build_app())
    lines = [
        "# Command reference",
        "",
        "<!-- Generated from gmtool's own command-line app by `python tools/docs.py`; do not edit by",
        "     hand: tests/test_docs.py fails when this file is not current. -->",
        "",
        "Every command and option of `gmtool`. `gmtool COMMAND --help` prints the same text.",
        "Options shared by many commands (`--format`, `--lang`, `--dice`, `--seed`, `-c`) are",
        'described in the README\'s "Everywhere" section; exit status 0 means done, 1 a refusal',
        "or bad input (one `error:` line on stderr), 2 a usage error.",
        "",
    ]
    entries = list(_walk(root, []))
    for path, command in entries[1:]:
        if not hasattr(command, "list_commands"):
            anchor = "-".join(["gmtool", *path])
            lines.append(f"* [`gmtool {' '.join(path)}`](#{anchor})")
    lines.append("")
    for path, command in entries:
        title = " ".join(["gmtool", *path])
        lines += [f"{'#' * min(2 + max(len(path) - 1, 0), 4)} {title}" if path else "## gmtool", ""]
        lines += _help_markdown(command.help or "")
        params = [p for p in command.params if not getattr(p, "hidden", False)]
        arguments = [p for p in params if type(p).__name__.endswith("Argument")]
        options = [p for p in params if p not in arguments]
        if arguments:
            lines += ["Arguments:", ""] + [_param_line(p) for p in arguments] + [""]
        if options:
            lines += ["Options:", ""] + [_param_line(p) for p in options] + [""]
        if hasattr(command, "list_commands"):
            subs = [
                n for n in command.list_commands(None) if not getattr(command.get_command(None, n), "hidden", False)
            ]
            label = "Commands" if path else "Commands (each below)"
            lines += [f"{label}: " + ", ".join(f"`{n}`" for n in subs), ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def commands_without_help() -> list[str]:
    import typer

    from gmtool.cli import build_app

    root = typer.main.get_command(build_app())
    missing = []
    for path, command in _walk(root, []):
        name = " ".join(["gmtool", *path])
        if not (command.help or "").strip():
            missing.append(name)
        for param in command.params:
            if not getattr(param, "hidden", False) and not (getattr(param, "help", None) or "").strip():
                missing.append(f"{name} {max(param.opts, key=len)}")
    return missing


def command_names() -> list[str]:
    """Every command that runs something (not the groups), e.g. ``gmtool table roll``."""
    import typer

    from gmtool.cli import build_app

    root = typer.main.get_command(build_app())
    return [" ".join(["gmtool", *path]) for path, command in _walk(root, []) if not hasattr(command, "list_commands")]


# ---------------------------------------------------------------------------- tables from the code

# ``<!-- generated: NAME … -->`` … ``<!-- end generated -->`` in a doc: what is between the
# two lines is made by GENERATORS[NAME] (from the code that does the work), never by hand
GENERATED = re.compile(
    r"^(<!-- generated: (?P<name>[\w-]+)\b[^\n]*-->\n)(?P<body>.*?)^(<!-- end generated -->)$", re.MULTILINE | re.DOTALL
)
TYPE_WORDS = {
    "int": "a whole number",
    "text": "text",
    "hex": "a hex",
    "bool": "true or false",
    "true": "`true`",
    "texts": "a list of text",
    "any": "a number or text",
}


def order_kinds_markdown() -> str:
    """docs/turns.md's table of the orders an orders file takes, from their registry
    (gmtool/rules/orion/order_kinds.py) and the forum's command words (the catalogs)."""
    from gmtool.locale import words
    from gmtool.rules.orion.order_kinds import ORDER_KINDS

    said = words("forum.command")
    lines = ["| Order | Phase | Takes | Example | In a post |", "|---|---|---|---|---|"]
    for kind in ORDER_KINDS:
        forms = [TYPE_WORDS[kind.plain]] if kind.plain else []
        if kind.keys:
            keys = ", ".join(f"**{k.name}**" if k.required else k.name for k in kind.keys)
            forms.append(f"{{ {keys} }}")
        takes = " or ".join(forms) + ("" if kind.single else "; a list of them")
        posts = []
        for command in filter(None, (kind.post, kind.at_once)):
            written = ", ".join(
                f"`!{w}`" for w in [command, *(w for w, n in said.items() if n == command and w != command)]
            )
            posts.append(written + (" (at once)" if command == kind.at_once else ""))
        post = "; ".join(posts)
        lines.append(f"| `{kind.name}` | {kind.phase.name} | {takes} | `{kind.name} = {kind.example}` | {post} |")
    return "\n".join(lines) + "\n"


GENERATORS = {"order-kinds": order_kinds_markdown, "campaign-schema": lambda: schema_markdown()}  # defined below


def order_commands_markdown() -> str:
    """docs/forum-commands.md's table of the turn orders a leader posts in its room, from
    gmtool/forum/order_commands.py (``ORDER_COMMANDS``) and the catalogs' words and usage."""
    from gmtool.forum.order_commands import ORDER_COMMANDS
    from gmtool.locale import t

    lines = ["| Command | Russian | Order | Written (English) | Written (Russian) |", "|---|---|---|---|---|"]
    for name, kind in ORDER_COMMANDS.items():
        english = [name, *(w for w in t(f"forum.command.{name}", "en").split() if w != name)]
        russian = t(f"forum.command.{name}", "ru").split()
        order = f"`{kind}`" + {"vote": " or `election`", "bill": " or `law_choice`"}.get(name, "")
        lines.append(
            f"| {', '.join(f'`!{w}`' for w in english)} | {', '.join(f'`!{w}`' for w in russian)} | {order} "
            f"| `{_cell(t(f'forum.usage.{name}', 'en'))}` | `{_cell(t(f'forum.usage.{name}', 'ru'))}` |"
        )
    return "\n".join(lines) + "\n"


def _cell(value: str) -> str:
    return value.replace("|", "\\|")  # a table cell's "|", in code too (GitHub's tables)


GENERATORS["order-commands"] = order_commands_markdown


def generated(text: str) -> str:
    """``text`` (a doc) with every generated block made anew."""
    return GENERATED.sub(lambda m: m.group(1) + GENERATORS[m.group("name")]() + m.group(4), text)


# ---------------------------------------------------------------------------- examples


@dataclass
class Example:
    """One ``$ command`` line of a doc and the output the doc shows for it."""

    doc: Path
    line: int  # 1-based line of the ``$`` line
    indent: str
    command: str
    expected: list[str]  # without the indent
    end: int  # 0-based index of the line after the expected output
    checked: bool = True
    run: bool = True
    actual: list[str] = field(default_factory=list)


def find_examples(doc: Path) -> list[Example]:
    """The ``$`` lines of every indented block (outside fenced code) and their outputs."""
    lines = doc.read_text(encoding="utf-8").split("\n")
    examples: list[Example] = []
    in_fence = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        m = None if in_fence else re.match(r"^( {4,})\$ ", line)
        if m is None:
            i += 1
            continue
        indent = m.group(1)
        before = [l.strip() for l in lines[:i] if l.strip()]
        marker = before[-1] if before else ""
        checked, run = marker != NOT_CHECKED, marker != SKIP
        # the block: lines with at least this indent, and blank lines between them
        end = i
        while end < len(lines) and (lines[end].startswith(indent) or not lines[end].strip()):
            end += 1
        while end > i and not lines[end - 1].strip():
            end -= 1
        starts = [j for j in range(i, end) if lines[j].startswith(indent + "$ ")]
        for n, j in enumerate(starts):
            stop = starts[n + 1] if n + 1 < len(starts) else end
            while stop > j + 1 and not lines[stop - 1].strip():
                stop -= 1
            out = [l[len(indent) :] for l in lines[j + 1 : stop]]
            examples.append(Example(doc, j + 1, indent, lines[j][len(indent) + 2 :], out, stop, checked, run))
        i = end
    return examples


def fenced_files(doc: Path) -> list[tuple[str, str]]:
    """Fenced blocks whose first line is a comment naming a relative path
    (``# my-tables/orion/loot.toml``): the examples' files, written before they run."""
    text = doc.read_text(encoding="utf-8")
    out = []
    for body in re.findall(r"^```\w*\n(.*?)^```$", text, re.S | re.M):
        m = re.match(r"#\s*([\w.-]+(?:/[\w.-]+)+)\s*\n", body)
        if m and not m.group(1).startswith("/") and ".." not in m.group(1):
            out.append((m.group(1), body))
    return out


def _environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GMTOOL_")}
    env.update(
        {
            "HOME": str(home),
            "COLUMNS": "100",
            "LC_ALL": "C.UTF-8",
            "PYTHONIOENCODING": "utf-8",
            "NO_COLOR": "1",
            "TERM": "dumb",
        }
    )
    bindir = str(Path(sys.executable).parent)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
    return env


# ``for t in 1 2 3; do gmtool … $t … >/dev/null 2>&1; done``: one gmtool command run for each word
_LOOP = re.compile(
    r"for (?P<var>[a-z]+) in (?P<words>[\w. -]+); do (?P<body>gmtool [^;|&<>$]*(?:\$(?P=var)(?!\w)[^;|&<>$]*)*?)(?P<quiet> >/dev/null 2>&1)?; done"
)


def _run(command: str, work: Path, env: dict[str, str]) -> list[str]:
    """One example's output (stdout, then stderr), paths under the work folder relative.

    ``gmtool …`` (optionally after ``NAME=value`` settings), and a ``for`` loop of one
    ``gmtool`` command, run in this process, which is much faster than a new interpreter
    per command; anything else goes to the shell."""
    loop = _LOOP.fullmatch(command)
    if loop:
        var, body = loop.group("var"), loop.group("body")
        lines = [
            line
            for word in loop.group("words").split()
            for line in _run(re.sub(rf"\${var}(?!\w)", word, body), work, env)
        ]
        return [] if loop.group("quiet") else lines
    words = shlex.split(command)
    settings = {}
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
        name, _, value = words.pop(0).partition("=")
        settings[name] = value
    if words and words[0] == "gmtool" and not any(w in ("|", ">", "<", "&&", ";") for w in words):
        from typer.testing import CliRunner

        from gmtool.cli import build_app

        saved_cwd, saved_env = os.getcwd(), dict(os.environ)
        try:
            os.chdir(work)
            os.environ.clear()
            os.environ.update({**env, **settings})
            res = CliRunner().invoke(build_app(), words[1:], catch_exceptions=False)
            text = res.stdout + res.stderr
        finally:
            os.chdir(saved_cwd)
            os.environ.clear()
            os.environ.update(saved_env)
    else:
        if "gmtool " in command:
            command = re.sub(r"(^|;\s*|&&\s*|\|\s*)gmtool ", rf'\1"{sys.executable}" -m gmtool ', command)
        res = subprocess.run(
            command, shell=True, cwd=work, env=env, capture_output=True, text=True, encoding="utf-8", timeout=300
        )
        text = res.stdout + res.stderr
    text = text.replace(str(work) + os.sep, "").rstrip("\n")
    return [line.rstrip() for line in text.split("\n")] if text else []


def run_examples(doc: Path) -> list[Example]:
    """Run every example of ``doc`` in one fresh folder (a copy of campaigns/example in
    it); fill in ``actual``."""
    examples = find_examples(doc)
    if not examples:
        return examples
    with tempfile.TemporaryDirectory(prefix="gmtool-docs-") as tmp:
        work = Path(tmp) / "work"
        (work / "campaigns").mkdir(parents=True)
        shutil.copytree(
            EXAMPLE_CAMPAIGN, work / "campaigns" / "example", ignore=shutil.ignore_patterns(".lock", "*.tmp")
        )
        (work / "campaigns" / "example" / "secret.key").chmod(0o600)
        env = _environment(Path(tmp))
        for path, content in fenced_files(doc):
            target = work / path
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(content, encoding="utf-8")
        with _served(doc, work) as urls:
            for ex in examples:
                if not ex.run:
                    continue
                m = re.fullmatch(r"cat ([\w./-]+)", ex.command)
                if m and not (work / m.group(1)).exists():
                    # a file shown with `cat` is created with the content shown
                    (work / m.group(1)).write_text("\n".join(ex.expected) + "\n", encoding="utf-8")
                command = ex.command
                for shown, real in urls.items():
                    command = command.replace(shown, real)
                ex.actual = _run(command, work, env)
                for shown, real in urls.items():
                    ex.actual = [line.replace(real, shown) for line in ex.actual]
    return examples


@contextlib.contextmanager
def _served(doc: Path, work: Path) -> Iterator[dict[str, str]]:
    """The doc's ``serve`` folders, each by a local web server on a free port, for as long as
    its examples run: {the URL the doc shows: the server's real one}."""
    import functools
    import threading

    servers, urls = [], {}
    for folder, shown in SERVE.findall(doc.read_text(encoding="utf-8")):
        handler = functools.partial(_QuietHandler, directory=str(work / folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        urls[shown] = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield urls
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # no request lines on stderr
        pass


ELLIPSIS = "…"


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line; a line that is only ``…`` stands for any number of lines."""
    expected = [line.rstrip() for line in expected]
    if ELLIPSIS not in expected:
        return expected == actual
    cut = expected.index(ELLIPSIS)
    head, tail = expected[:cut], expected[cut + 1 :]
    if actual[: len(head)] != head:
        return False
    rest = actual[len(head) :]
    for k in range(len(rest) - len(tail) + 1 if ELLIPSIS not in tail else len(rest) + 1):
        if matches(tail, rest[k:]):
            return True
    return False


def regenerated(ex: Example) -> list[str]:
    """The new expected output: the actual one, cut to the same head and tail around ``…``."""
    expected = [line.rstrip() for line in ex.expected]
    if ELLIPSIS not in expected:
        return ex.actual
    cut = expected.index(ELLIPSIS)
    tail = len(expected) - cut - 1
    return ex.actual[:cut] + [ELLIPSIS] + (ex.actual[len(ex.actual) - tail :] if tail else [])


def stale(examples: list[Example]) -> list[Example]:
    return [ex for ex in examples if ex.run and ex.checked and not matches(ex.expected, ex.actual)]


def rewrite(doc: Path, examples: list[Example]) -> bool:
    """Put each checked example's actual output in place of the expected one."""
    lines = doc.read_text(encoding="utf-8").split("\n")
    changed = False
    for ex in sorted(stale(examples), key=lambda e: e.line, reverse=True):
        new = [f"{ex.indent}{l}" if l else "" for l in regenerated(ex)]
        lines[ex.line : ex.end] = new
        changed = True
    if changed:
        doc.write_text("\n".join(lines), encoding="utf-8")
    return changed


def example_docs() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


# ---------------------------------------------------------------- campaign.toml's fields


def _default_text(value: object) -> str:
    from gmtool.campaign.schema import REQUIRED

    if value is REQUIRED:
        return "required"
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    if isinstance(value, str):
        return f'`"{value}"`'
    if type(value).__name__ == "Hex":
        return f'`"{value}"`'
    if hasattr(value, "__dataclass_fields__"):
        return "empty"
    return f"`{value}`"


def schema_markdown() -> str:
    """The reference of every table of campaign.toml, from the declarations (gmtool/campaign/model.py
    and each ruleset's gmtool/rules/<ruleset>/state.py)."""
    from gmtool.campaign.model import documented_records

    lines: list[str] = [""]
    seen: set[int] = set()
    # all held at once: an id is only unique among records alive together (a freed record's id
    # is reused by the next one made, which was then skipped as seen)
    records = [r for top in documented_records() for r in top.records()]
    for record in records:
        if id(record) in seen:
            continue
        seen.add(id(record))
        lines += [f"#### {record.title}", ""]
        if record.free:
            lines += [f"Other keys are kept as they are: {record.doc_text}.", ""]
        # a table whose fields are settings or shown in a status says so: `campaign set` WORD, who sees it
        told = any(k.setting is not None or k.shown is not None for k in record.keys)
        if told:
            lines += ["| key | value | default | `campaign set` | seen by | meaning |", "|---|---|---|---|---|---|"]
        else:
            lines += ["| key | value | default | meaning |", "|---|---|---|---|"]
        for key in record.keys:
            name = f"[{key.section}] `{key.name}`" if key.section else f"`{key.name}`"
            value = key.check.doc()
            default = _default_text(record.default_of(key))
            if told:
                word = f"`{key.setting.word}`" if key.setting is not None else ""
                lines.append(f"| {name} | {value} | {default} | {word} | {key.shown or ''} | {key.doc} |")
            else:
                lines.append(f"| {name} | {value} | {default} | {key.doc} |")
        lines.append("")
    return "\n".join(lines)


# ---------------------------------------------------------------------------- main


def main(argv: list[str]) -> int:
    check = "--check" in argv
    only = [a for a in argv if not a.startswith("-")]
    problems: list[str] = []
    if not only or "commands" in only:
        text = commands_markdown()
        current = COMMANDS_MD.read_text(encoding="utf-8") if COMMANDS_MD.exists() else ""
        if text != current:
            if check:
                problems.append(f"{COMMANDS_MD.relative_to(ROOT)} is not current")
            else:
                COMMANDS_MD.write_text(text, encoding="utf-8")
                print(f"wrote {COMMANDS_MD.relative_to(ROOT)}")
        problems += [f"{name} has no help text" for name in commands_without_help()]
        for doc in example_docs():
            current = doc.read_text(encoding="utf-8")
            if generated(current) != current:
                if check:
                    problems.append(f"{doc.relative_to(ROOT)}: a generated table is not current")
                else:
                    doc.write_text(generated(current), encoding="utf-8")
                    print(f"wrote the generated tables of {doc.relative_to(ROOT)}")
    docs = [ROOT / d for d in only if d.endswith(".md")] or (example_docs() if not only or "examples" in only else [])
    for doc in docs:
        examples = run_examples(doc)
        bad = stale(examples)
        if check:
            problems += [f"{doc.relative_to(ROOT)}:{ex.line}: $ {ex.command}: output differs" for ex in bad]
        elif rewrite(doc, examples):
            print(f"{doc.relative_to(ROOT)}: {len(bad)} example output(s) regenerated")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
