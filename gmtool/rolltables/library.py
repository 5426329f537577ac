"""Find tables on disk: the shipped ``tables/``, ``GMTOOL_TABLES``, and extra folders.

A tables folder holds one sub-folder per ruleset (``orion/``, ``venus/``) of ``*.toml``
files; a table's id is ``<ruleset>/<file stem>``.  Folders given later override earlier
ones, so a campaign or a moderator can replace a shipped table by dropping a file with
the same name into their own folder.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, Sequence

from gmtool.errors import TableError
from gmtool.rolltables.loader import load_table
from gmtool.rolltables.model import Row, Table
from gmtool.tomlfile import display_path

ENV_TABLES = "GMTOOL_TABLES"
# folders of a tables folder that hold no roll tables (forum engine profiles and dialects)
NOT_RULESETS = frozenset({"forums"})
_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def shipped_tables_dir() -> Path:
    """The rule tables that come with gmtool.

    An installed wheel carries them inside the package (``gmtool/_tables``); a source
    checkout has them beside the package (``tables/``).  The wheel location is tried
    first: ``site-packages/tables`` may well be another project's package.
    """
    for candidate in (_PACKAGE_DIR / "_tables", _PACKAGE_DIR.parent / "tables"):
        if (candidate / "orion").is_dir():
            return candidate
    raise TableError(
        key="tables.shipped_missing", first=_PACKAGE_DIR / "_tables", second=_PACKAGE_DIR.parent / "tables"
    )


_SHIPPED: list[Path] = []


def _shipped() -> Path:
    """:func:`shipped_tables_dir`, looked for once."""
    if not _SHIPPED:
        _SHIPPED.append(shipped_tables_dir())
    return _SHIPPED[0]


def is_shipped(path: Path) -> bool:
    """``path`` is one of the shipped tables (``<shipped>/<ruleset>/<table>.toml``)."""
    try:
        return path.parent.parent == _shipped()
    except TableError:
        return False


def default_dirs(extra: Iterable[Path] = ()) -> list[Path]:
    dirs = [_shipped()]
    env = os.environ.get(ENV_TABLES, "")
    dirs += [Path(p) for p in env.split(os.pathsep) if p]
    dirs += list(extra)
    return dirs


class TableLibrary:
    """Every table reachable from a list of folders, loaded on first use."""

    def __init__(self, dirs: Sequence[Path]) -> None:
        self.dirs = list(dirs)
        self._files: dict[str, Path] | None = None
        self._cache: dict[str, Table] = {}

    @classmethod
    def default(cls, extra: Iterable[Path] = ()) -> "TableLibrary":
        return cls(default_dirs(extra))

    @property
    def files(self) -> dict[str, Path]:
        """Table id → file, later folders overriding earlier ones."""
        if self._files is None:
            files: dict[str, Path] = {}
            for root in self.dirs:
                if not root.is_dir():
                    raise TableError(key="tables.no_folder", folder=root)
                for ruleset_dir in sorted(p for p in root.iterdir() if p.is_dir() and p.name not in NOT_RULESETS):
                    for path in sorted(ruleset_dir.glob("*.toml")):
                        files[f"{ruleset_dir.name}/{path.stem}"] = path
            self._files = files
        return self._files

    def ids(self, ruleset: str | None = None) -> list[str]:
        return sorted(i for i in self.files if ruleset is None or i.split("/")[0] == ruleset)

    def resolve(self, name: str, ruleset: str | None = None) -> str:
        """``orion/world-type``, or ``world-type`` alone if only one ruleset has it."""
        if "/" in name:
            if name in self.files:
                return name
        else:
            if ruleset and f"{ruleset}/{name}" in self.files:
                return f"{ruleset}/{name}"
            matches = [i for i in self.files if i.split("/", 1)[1] == name]
            if len(matches) == 1:
                return matches[0]
            if len(matches) > 1:
                raise TableError(key="tables.ambiguous", name=name, rulesets=sorted(matches))
        raise TableError(key="tables.unknown", name=name)

    def get(self, name: str, ruleset: str | None = None) -> Table:
        table_id = self.resolve(name, ruleset)
        table = self._cache.get(table_id)
        if table is None:
            path = self.files[table_id]
            table = load_table(path, table_id.split("/")[0], compiled=is_shipped(path))
            self._cache[table_id] = table
        return table

    def find_row(self, name: str, ruleset: str, row_id: str) -> Row | None:
        """The row ``row_id`` of table ``name`` (relative to ``ruleset``), or None."""
        try:
            table = self.get(name, ruleset)
        except TableError:
            return None
        return table.find(row_id)

    def next_tables(self, table: Table, row_next: Iterable[str]) -> list[Table]:
        out = []
        for name in row_next:
            try:
                out.append(self.get(name, table.ruleset))
            except TableError as exc:
                raise TableError(key="tables.next_broken", table=table.id, name=repr(name), reason=exc) from None
        return out

    def _check_column_refs(self, table: Table) -> None:
        """A column that names a table holds row ids of that table."""
        for name, column in table.columns.items():
            if not column.table:
                continue
            try:
                target = self.get(column.table, table.ruleset)
            except TableError as exc:
                raise TableError(
                    key="tables.column_broken", where=display_path(table.path), name=repr(name), reason=exc
                ) from None
            ids = {r.id for r in target.rows}
            for row in table.rows:
                value = row.values.get(name)
                values = value if isinstance(value, list) else [value] if isinstance(value, str) else []
                for item in values:
                    if item not in ids:
                        raise TableError(
                            key="tables.not_a_row",
                            where=display_path(table.path),
                            n=row.number,
                            name=name,
                            item=repr(item),
                            table=target.id,
                        )

    def check_all(self, lang: str = "en") -> tuple[list[Table], list[str]]:
        """Load every table and check every ``next`` reference.

        Returns the valid tables and one message per broken one."""
        tables: list[Table] = []
        errors: list[str] = []
        for table_id in self.ids():
            try:
                table = self.get(table_id)
                for row in table.rows:
                    self.next_tables(table, row.next)
                self._check_column_refs(table)
            except TableError as exc:
                errors.append(exc.text(lang))
            else:
                tables.append(table)
        return tables, errors
