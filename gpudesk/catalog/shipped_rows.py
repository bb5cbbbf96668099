"""The shipped catalog's rows as ``catalog.db`` holds them, for a surface that has only the core's source string.

The core cites a catalog row and a citation by id ('catalog accelerators/a100-sxm-40gb.bf16_tflops: nvidia-a100-ds');
``report/source_words.py`` words the source for a reader by the row's name and the citation's title and date. It
reads them here, from the shipped database ``python -m gpudesk.catalog.build`` wrote from ``resources/catalog/*.toml``
(the same sources give the same rows: ``tests/catalog/test_build.py``), where it parsed the TOML files on the first
Explain of a session (~20-50 ms of CPU).
"""

from __future__ import annotations

import sqlite3
from functools import cache
from typing import Any

from gpudesk.catalog.overlay import sqlite_uri
from gpudesk.catalog.schema import CITATIONS_TABLE, TABLES
from gpudesk.paths import shipped_catalog_path


@cache
def shipped_rows(table: str) -> tuple[dict[str, Any], ...]:
    """The shipped catalog's rows of ``table`` (``citations`` or a table of ``catalog/schema.py``), read once per
    process, each as its stored columns (a tuple field as its JSON text, a flag as 0/1); a NULL column is left out, as
    the TOML row leaves out a field it does not state. () for another table name or a database that cannot be read (a
    source is then shown as the core wrote it)."""
    if table != CITATIONS_TABLE and table not in TABLES:
        return ()
    try:
        conn = sqlite3.connect(sqlite_uri(shipped_catalog_path()), uri=True)
        try:
            cursor = conn.execute(f'select * from "{table}"')
            columns = [column[0] for column in cursor.description]
            rows = cursor.fetchall()
        finally:
            conn.close()
    except sqlite3.Error:
        return ()
    return tuple({key: value for key, value in zip(columns, row) if value is not None} for row in rows)
