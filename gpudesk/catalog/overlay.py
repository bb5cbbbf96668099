"""The user's own catalog rows, in ``user_catalog.db`` beside (never inside) the shipped catalog.

Opening reads the file **read-only** (an ``mode=ro`` SQLite URI, the path
percent-escaped so ``%``, ``#`` and ``?`` in a folder name are just
characters): a full disk or a read-only folder does not stop gpudesk from
starting. The first edit opens a writable connection, brings the schema up
to date (``migrations.py``) and writes **every change in one transaction**
(a kill leaves all of an import or none of it).

A row that cannot be decoded (text in a number column, a value beyond the
catalog's limits) is **quarantined**: left out of the catalog, moved to the
``quarantine`` table of the same file with its reason (when the file can be
written), and named in ``recovery`` for the window and the CLI to show;
the rest of the catalog works. A database that fails ``PRAGMA
integrity_check`` or cannot be read is moved aside as
``user_catalog.db.corrupt-N.bak`` and rebuilt with every row that could
still be read and decoded. A file written by a newer gpudesk is left as it
is, unused, and edits are refused.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import CatalogError, one_line
from gpudesk.catalog.migrations import migrate
from gpudesk.catalog.schema import (
    CITATIONS_TABLE,
    META_TABLE,
    SCHEMA_VERSION,
    TABLES,
    citation_to_row,
    record_to_row,
    row_to_citation,
    row_to_record,
)
from gpudesk.refusals import Refusal, os_reason, refusal

QUARANTINE_TABLE = "quarantine"


def sqlite_uri(path: Path, mode: str = "ro") -> str:
    """A ``file:`` URI for ``path`` with every special character escaped, opened in ``mode``."""
    return f"{Path(os.path.abspath(path)).as_uri()}?mode={mode}"


def connect_read_only(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(sqlite_uri(path), uri=True)
    conn.row_factory = sqlite3.Row
    return conn


def integrity_problem(path: Path) -> str | None:
    """None if ``path`` is a readable, intact SQLite database, else what is wrong."""
    try:
        conn = sqlite3.connect(sqlite_uri(path), uri=True)
    except sqlite3.Error as exc:
        return f"cannot open: {exc}"
    try:
        result = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
        if result != ["ok"]:
            return "integrity check failed: " + "; ".join(str(r) for r in result[:3])
        names = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
        for table in [*TABLES, CITATIONS_TABLE]:
            if table in names:
                conn.execute(f"select * from [{table}]").fetchall()
    except sqlite3.Error as exc:
        return f"unreadable: {exc}"
    finally:
        conn.close()
    return None


def _free_backup_path(path: Path) -> Path:
    n = 1
    while True:
        candidate = path.with_name(f"{path.name}.corrupt-{n}.bak")
        if not candidate.exists():
            return candidate
        n += 1


def _jsonable_row(row: Mapping[str, Any]) -> str:
    return json.dumps({k: (v if isinstance(v, (str, int, float, type(None))) else repr(v)) for k, v in row.items()},
                      ensure_ascii=False)


def _read_all(path: Path) -> tuple[dict[str, list[Any]], list[rec.Citation], list[tuple[str, str, str, str]], list[str]]:
    """Every row of the database at ``path`` read-only: (rows, citations, undecodable rows, lost tables).

    An undecodable row is ``(table, id, row as JSON, reason)``; lost tables are those that could not be read.
    """
    rows: dict[str, list[Any]] = {t: [] for t in TABLES}
    citations: list[rec.Citation] = []
    bad: list[tuple[str, str, str, str]] = []
    lost: list[str] = []
    try:
        conn = connect_read_only(path)
    except sqlite3.Error as exc:
        return rows, citations, bad, [f"the file could not be opened at all ({exc})"]
    try:
        names = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
        for table in [*TABLES, CITATIONS_TABLE]:
            if table not in names:
                continue
            try:
                cursor = conn.execute(f"select * from [{table}]")
            except sqlite3.Error as exc:
                lost.append(f"{table}: {exc}")
                continue
            while True:
                try:
                    row = cursor.fetchone()
                except sqlite3.Error as exc:
                    lost.append(f"{table}: reading stopped ({exc})")
                    break
                if row is None:
                    break
                data = dict(row)
                try:
                    if table == CITATIONS_TABLE:
                        citations.append(row_to_citation(data))
                    else:
                        rows[table].append(row_to_record(TABLES[table].record_type, data, user_row=True))
                except (ValueError, TypeError, KeyError) as exc:  # CoercionError and JSON errors are ValueErrors
                    bad.append((table, one_line(str(data.get("id", "?")), 80), _jsonable_row(data), one_line(str(exc))))
    except sqlite3.Error as exc:
        lost.append(str(exc))
    finally:
        conn.close()
    return rows, citations, bad, lost


def _stored_version(path: Path) -> int:
    try:
        conn = connect_read_only(path)
    except sqlite3.Error:
        return 0
    try:
        row = conn.execute(f"select value from [{META_TABLE}] where key = 'schema_version'").fetchone()
        return int(row[0]) if row else 0
    except (sqlite3.Error, ValueError, TypeError):
        return 0
    finally:
        conn.close()


class UserOverlay:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.recovery: list[str] = []
        self.quarantined: list[tuple[str, str, str]] = []  # (table, id, reason)
        self.read_only_reason = ""  # set when edits must be refused (a file from a newer gpudesk)
        self.read_only: Refusal | None = None  # the same, keyed
        self._writer: sqlite3.Connection | None = None
        self._rows: dict[str, list[Any]] = {t: [] for t in TABLES}
        self._citations: list[rec.Citation] = []
        if self.path.exists():
            self._open_existing()

    # -- reading -------------------------------------------------------------------------
    def _open_existing(self) -> None:
        version = _stored_version(self.path)
        if version > SCHEMA_VERSION:
            self.read_only = refusal("edit.newer_file", name=self.path.name, found=version, supported=SCHEMA_VERSION)
            self.read_only_reason = str(self.read_only)
            self.recovery.append(self.read_only_reason)
            return
        problem = integrity_problem(self.path)
        if problem is not None:
            self._rebuild(problem)
            return
        rows, citations, bad, lost = _read_all(self.path)
        self._rows, self._citations = rows, citations
        self.recovery.extend(f"lost: {line}" for line in lost)
        if bad:
            self._quarantine(bad)

    def _rebuild(self, problem: str) -> None:
        backup = _free_backup_path(self.path)
        os.replace(self.path, backup)
        for suffix in ("-journal", "-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                os.replace(side, backup.with_name(backup.name + suffix))
        tables, cits, bad, lost = _read_all(backup)
        kept = sum(len(v) for v in tables.values()) + len(cits)
        self.recovery.append(
            f"your catalog file {self.path.name} was damaged ({one_line(problem)}); it was backed up to "
            f"{backup.name} and rebuilt with {kept} recovered row(s)"
        )
        self.recovery.extend(f"lost: {line}" for line in lost)
        self.recovery.extend(f"lost: {table}/{rid}: {reason}" for table, rid, _row, reason in bad)
        self.write({t: rows for t, rows in tables.items() if rows}, cits)

    def _quarantine(self, bad: list[tuple[str, str, str, str]]) -> None:
        """Leave undecodable rows out; move them to the quarantine table when the file can be written."""
        self.quarantined = [(table, rid, reason) for table, rid, _row, reason in bad]
        try:
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute(f"create table if not exists [{QUARANTINE_TABLE}] (table_name text, id text, row text, "
                             "reason text, moved text)")
                moved = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
                for table, rid, row, reason in bad:
                    conn.execute(f"insert into [{QUARANTINE_TABLE}] values (?, ?, ?, ?, ?)",
                                 [table, rid, row, reason, moved])
                    conn.execute(f"delete from [{table}] where id = ?", [json.loads(row).get("id")])
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            where = f"moved to the table {QUARANTINE_TABLE} of {self.path.name}"
        except (sqlite3.Error, OSError, CatalogError) as exc:
            where = f"left out (the file could not be changed: {one_line(str(exc), 120)})"
        for table, rid, reason in self.quarantined:
            self.recovery.append(f"your catalog row {table}/{rid} cannot be read ({reason}); it was {where}")

    def rows(self, table: str) -> list[Any]:
        return sorted(self._rows[table], key=lambda r: r.id)

    def citations(self) -> list[rec.Citation]:
        return sorted(self._citations, key=lambda c: c.id)

    def has(self, table: str, rid: str) -> bool:
        return any(r.id == rid for r in self._rows[table])

    # -- writing -------------------------------------------------------------------------
    def _connection(self) -> sqlite3.Connection:
        """The writable connection, opened (and the schema migrated) at the first write."""
        if self.read_only_reason:
            raise CatalogError(refusal("edit.read_only", reason=self.read_only or self.read_only_reason))
        if self._writer is None:
            import sqlite_utils  # only when the user catalog is written (start-up cost ~0.2 s)

            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(str(self.path), isolation_level=None)  # transactions are explicit below
            try:
                migrate(sqlite_utils.Database(conn))
            except BaseException:
                conn.close()
                raise
            self._writer = conn
        return self._writer

    def write(
        self,
        rows: Mapping[str, Sequence[Any]],
        citations: Iterable[rec.Citation] = (),
        deletions: Iterable[tuple[str, str]] = (),
    ) -> None:
        """Upsert rows and citations and delete (table, id) pairs, all in one transaction (all or nothing).

        Raises :class:`CatalogError` with the reason when the file cannot be written (nothing is changed)."""
        for table in rows:
            TABLES[table]  # unknown table names fail before anything is written
        citations, deletions = list(citations), list(deletions)
        try:
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE")
            try:
                for table, records in rows.items():
                    for r in records:
                        row = record_to_row(r)
                        row["user_row"] = 1
                        _upsert(conn, table, row)
                for c in citations:
                    _upsert(conn, CITATIONS_TABLE, citation_to_row(c))
                for table, rid in deletions:
                    conn.execute(f"delete from [{table}] where id = ?", [rid])
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise CatalogError(refusal("edit.cannot_write", path=str(self.path), why=one_line(str(exc), 200))) from None
        except OSError as exc:
            raise CatalogError(refusal("edit.cannot_write", path=str(self.path), why=os_reason(exc))) from None
        self._apply_to_cache(rows, citations, deletions)

    def _apply_to_cache(self, rows: Mapping[str, Sequence[Any]], citations: list[rec.Citation],
                        deletions: list[tuple[str, str]]) -> None:
        from dataclasses import replace

        for table, records in rows.items():
            ids = {r.id for r in records}
            kept = [r for r in self._rows[table] if r.id not in ids]
            self._rows[table] = kept + [replace(r, provenance=replace(r.provenance, user_row=True)) for r in records]
        ids = {c.id for c in citations}
        self._citations = [c for c in self._citations if c.id not in ids] + citations
        for table, rid in deletions:
            self._rows[table] = [r for r in self._rows[table] if r.id != rid]

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None


def _upsert(conn: sqlite3.Connection, table: str, row: Mapping[str, Any]) -> None:
    columns = list(row)
    names = ", ".join(f"[{c}]" for c in columns)
    marks = ", ".join("?" for _ in columns)
    conn.execute(f"insert or replace into [{table}] ({names}) values ({marks})", [row[c] for c in columns])
