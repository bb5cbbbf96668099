"""Versioned schema for catalog databases (shipped and user overlay).

``meta.schema_version`` (and ``PRAGMA user_version``) says which schema a
database has. ``migrate`` applies the numbered steps it lacks, then adds
any column a record gained since (new optional record fields arrive with
their defaults), so a user overlay written by an older gpudesk keeps all
its rows. A database from a newer gpudesk is refused, never rewritten.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where a database is opened: sqlite_utils costs ~0.2 s at start-up
    import sqlite_utils

from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.schema import (
    CITATIONS_TABLE,
    META_TABLE,
    SCHEMA_VERSION,
    TABLES,
    sqlite_columns,
)

CITATION_COLUMNS: dict[str, type] = {f.name: str for f in fields(rec.Citation)}


def _create_tables(db: sqlite_utils.Database) -> None:
    """Step 1: one table per record type, citations, meta."""
    for name, spec in TABLES.items():
        if not db[name].exists():
            db.table(name).create(sqlite_columns(spec.record_type), pk="id", not_null={"id"})
    if not db[CITATIONS_TABLE].exists():
        db.table(CITATIONS_TABLE).create(CITATION_COLUMNS, pk="id", not_null={"id"})
    if not db[META_TABLE].exists():
        db.table(META_TABLE).create({"key": str, "value": str}, pk="key")


MIGRATIONS: dict[int, Callable[[sqlite_utils.Database], None]] = {
    1: _create_tables,
    2: _create_tables,  # the availability table (step 1 creates only the tables that are missing)
}


def schema_version(db: sqlite_utils.Database) -> int:
    if not db[META_TABLE].exists():
        return 0
    rows = list(db.query(f"select value from {META_TABLE} where key = 'schema_version'"))
    return int(rows[0]["value"]) if rows else 0


def sync_columns(db: sqlite_utils.Database) -> list[str]:
    """Add columns for record fields the database does not have yet; returns what was added."""
    added: list[str] = []
    wanted = {name: sqlite_columns(spec.record_type) for name, spec in TABLES.items()}
    wanted[CITATIONS_TABLE] = CITATION_COLUMNS
    for table, columns in wanted.items():
        have = set(db[table].columns_dict)
        for column, col_type in columns.items():
            if column not in have:
                db.table(table).add_column(column, col_type)
                added.append(f"{table}.{column}")
    return added


def migrate(db: sqlite_utils.Database) -> list[str]:
    """Bring ``db`` to SCHEMA_VERSION; returns a line per change made."""
    current = schema_version(db)
    if current > SCHEMA_VERSION:
        raise CatalogError(
            f"this catalog database has schema version {current}, newer than this gpudesk "
            f"understands ({SCHEMA_VERSION}); update gpudesk"
        )
    changes: list[str] = []
    with db.conn:
        for version in range(current + 1, SCHEMA_VERSION + 1):
            MIGRATIONS[version](db)
            changes.append(f"applied schema step {version}")
        changes.extend(f"added column {c}" for c in sync_columns(db))
        db.table(META_TABLE).upsert({"key": "schema_version", "value": str(SCHEMA_VERSION)}, pk="key")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return changes
