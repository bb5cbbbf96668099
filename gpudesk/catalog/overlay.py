"""The user's own catalog rows, in ``user_catalog.db`` beside (never inside) the shipped catalog.

Opening checks the file: a database that fails ``PRAGMA integrity_check``
or cannot be read is moved aside as ``user_catalog.db.corrupt-N.bak`` and a
fresh overlay is written with every row that could still be read and
decoded. ``recovery`` then says what happened, for the UI to show.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any


from gpudesk.catalog import records as rec
from gpudesk.catalog.migrations import migrate
from gpudesk.catalog.schema import (
    CITATIONS_TABLE,
    TABLES,
    citation_to_row,
    record_to_row,
    row_to_citation,
    row_to_record,
)


def integrity_problem(path: Path) -> str | None:
    """None if ``path`` is a readable, intact SQLite database, else what is wrong."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
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


def _salvage(backup: Path) -> tuple[dict[str, list[Any]], list[rec.Citation], list[str]]:
    """Every row of ``backup`` that can still be read and decoded."""
    rows: dict[str, list[Any]] = {t: [] for t in TABLES}
    citations: list[rec.Citation] = []
    lost: list[str] = []
    try:
        conn = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
    except sqlite3.Error:
        return rows, citations, ["the file could not be opened at all"]
    try:
        for table in [*TABLES, CITATIONS_TABLE]:
            try:
                cursor = conn.execute(f"select * from [{table}]")
            except sqlite3.Error as exc:
                lost.append(f"{table}: {exc}")
                continue
            bad = 0
            while True:
                try:
                    row = cursor.fetchone()
                except sqlite3.Error as exc:
                    lost.append(f"{table}: reading stopped ({exc})")
                    break
                if row is None:
                    break
                try:
                    data = dict(row)
                    if table == CITATIONS_TABLE:
                        citations.append(row_to_citation(data))
                    else:
                        rows[table].append(row_to_record(TABLES[table].record_type, data, user_row=True))
                except (ValueError, TypeError, KeyError):
                    bad += 1
            if bad:
                lost.append(f"{table}: {bad} row(s) could not be decoded")
    finally:
        conn.close()
    return rows, citations, lost


class UserOverlay:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.recovery: list[str] = []
        salvaged: tuple[dict[str, list[Any]], list[rec.Citation]] | None = None
        if self.path.exists():
            problem = integrity_problem(self.path)
            if problem is not None:
                backup = _free_backup_path(self.path)
                os.replace(self.path, backup)
                for suffix in ("-journal", "-wal", "-shm"):
                    side = self.path.with_name(self.path.name + suffix)
                    if side.exists():
                        os.replace(side, backup.with_name(backup.name + suffix))
                tables, cits, lost = _salvage(backup)
                salvaged = (tables, cits)
                kept = sum(len(v) for v in tables.values()) + len(cits)
                self.recovery.append(
                    f"your catalog file {self.path.name} was damaged ({problem}); it was backed up to "
                    f"{backup.name} and rebuilt with {kept} recovered row(s)"
                )
                self.recovery.extend(f"lost: {line}" for line in lost)
        import sqlite_utils  # only when a user catalog exists or is written (start-up cost ~0.2 s)

        self._db = sqlite_utils.Database(self.path)
        migrate(self._db)
        if salvaged is not None:
            tables, cits = salvaged
            self.write({t: rows for t, rows in tables.items() if rows}, cits)

    def close(self) -> None:
        self._db.close()

    def rows(self, table: str) -> list[Any]:
        record_type = TABLES[table].record_type
        return [
            row_to_record(record_type, row, user_row=True)
            for row in self._db[table].rows_where(order_by="id")
        ]

    def citations(self) -> list[rec.Citation]:
        return [row_to_citation(r) for r in self._db[CITATIONS_TABLE].rows_where(order_by="id")]

    def write(
        self,
        rows: Mapping[str, Sequence[Any]],
        citations: Iterable[rec.Citation] = (),
        deletions: Iterable[tuple[str, str]] = (),
    ) -> None:
        """Upsert rows and citations and delete (table, id) pairs, all in one transaction."""
        with self._db.conn:
            for table, records in rows.items():
                TABLES[table]  # unknown table names fail before anything is written
                for r in records:
                    row = record_to_row(r)
                    row["user_row"] = 1
                    self._db[table].upsert(row, pk="id")
            for c in citations:
                self._db[CITATIONS_TABLE].upsert(citation_to_row(c), pk="id")
            for table, rid in deletions:
                self._db.execute(f"delete from [{table}] where id = ?", [rid])

    def has(self, table: str, rid: str) -> bool:
        return bool(list(self._db.query(f"select 1 from [{table}] where id = ?", [rid])))
