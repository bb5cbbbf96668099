"""The catalog TOML's Chinese beside its English (catalog.sources.ChineseTexts), kept in ``catalog.db``.

``python -m gpudesk.catalog.build`` writes every part of :class:`~gpudesk.catalog.sources.ChineseTexts` (the
rows' notes, the citations' notes, publishers and titles, the cloud offers' providers and instances, the parts'
Chinese names) into one table, so a proposal reads them from the database it has opened anyway instead of
parsing five TOML files at report time (~180 kB: about 50 ms of a 1.3 s ``gpudesk report``). The same sources give
the same rows (tests/catalog/test_build.py holds the shipped database to a fresh build); a database without the
table (built by an older gpudesk, or by a test from other sources) leaves the parts to the TOML files.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gpudesk.catalog.overlay import sqlite_uri

TEXTS_TABLE = "chinese_texts"

PAIRED_PARTS = ("notes", "citation_notes", "publishers", "titles", "providers", "instances", "part_names")
"""The parts that map a key to (English, Chinese)."""

TITLE_PART = "citation_titles"
"""The part that maps a citation id to its English title alone (every citation, translated or not)."""

KEYED_BY_TABLE = ("notes", "part_names")
"""The parts keyed by (table, id); the others by id alone (the table column then empty)."""


def text_rows(texts: Any) -> Iterator[dict[str, Any]]:
    """Every part of ``texts`` (a ChineseTexts) as rows (part, seq, tbl, id, english, chinese), ``seq`` the key's
    place in its part (the TOML files' order, which the part's mapping keeps when read back)."""
    for part in (*PAIRED_PARTS, TITLE_PART):
        mapping: dict[Any, Any] = getattr(texts, part)
        for seq, (key, value) in enumerate(mapping.items()):
            table, row_id = key if part in KEYED_BY_TABLE else ("", key)
            english, chinese = value if part in PAIRED_PARTS else (value, "")
            yield {"part": part, "seq": seq, "tbl": table, "id": row_id, "english": english, "chinese": chinese}


def read_parts(path: Path) -> dict[str, dict[Any, Any]] | None:
    """Every part stored in the database at ``path``, as ChineseTexts holds it; None where it stores none."""
    try:
        conn = sqlite3.connect(sqlite_uri(path), uri=True)
        try:
            rows = conn.execute(f"select part, tbl, id, english, chinese from {TEXTS_TABLE} order by part, seq").fetchall()
        finally:
            conn.close()
    except sqlite3.Error:  # no such table (an older build), or no database: the TOML files answer
        return None
    parts: dict[str, dict[Any, Any]] = {part: {} for part in (*PAIRED_PARTS, TITLE_PART)}
    for part, table, row_id, english, chinese in rows:
        if part not in parts:
            return None  # written by another gpudesk: not this one's parts
        key = (table, row_id) if part in KEYED_BY_TABLE else row_id
        parts[part][key] = (english, chinese) if part in PAIRED_PARTS else english
    return parts
