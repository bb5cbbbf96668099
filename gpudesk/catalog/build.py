"""Build ``catalog.db`` from ``resources/catalog/*.toml``, deterministically.

The same sources always give the same database content: rows are written
sorted by id, and the build date recorded in ``meta`` is the newest date
in the sources, never the clock. Run ``python -m gpudesk.catalog.build
[--out PATH] [--sources DIR]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import sqlite_utils

from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.migrations import migrate
from gpudesk.catalog.schema import CITATIONS_TABLE, META_TABLE, SCHEMA_VERSION, citation_to_row, record_to_row
from gpudesk.catalog.sources import CatalogSources, ChineseTexts, default_source_dir, load_sources
from gpudesk.catalog.stored_texts import TEXTS_TABLE, text_rows
from gpudesk.paths import shipped_catalog_path


@dataclass(frozen=True)
class BuildResult:
    path: Path
    version: str
    built: str
    counts: dict[str, int]


def write_database(sources: CatalogSources, out: Path, texts: ChineseTexts | None = None) -> BuildResult:
    """Write ``sources`` to a new database at ``out`` (replaced atomically), with the Chinese ``texts`` beside their
    English where given (catalog/stored_texts.py)."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=".catalog-", suffix=".db", dir=out.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        db = sqlite_utils.Database(tmp)
        migrate(db)
        counts: dict[str, int] = {}
        with db.conn:
            for table, rows in sources.tables.items():
                db.table(table).insert_all((record_to_row(r) for r in rows), pk="id")
                counts[table] = len(rows)
            db.table(CITATIONS_TABLE).insert_all(
                (citation_to_row(c) for c in sources.citations.values()), pk="id"
            )
            counts[CITATIONS_TABLE] = len(sources.citations)
            if texts is not None:
                db.table(TEXTS_TABLE).insert_all(text_rows(texts), pk=("part", "seq"))
            db.table(META_TABLE).upsert_all(
                [
                    {"key": "catalog_version", "value": sources.version},
                    {"key": "built", "value": sources.built},
                    {"key": "schema_version", "value": str(SCHEMA_VERSION)},
                ],
                pk="key",
            )
        db.execute("VACUUM")
        db.close()
        os.replace(tmp, out)
    finally:
        if tmp.exists():
            tmp.unlink()
    return BuildResult(out, sources.version, sources.built, counts)


def build(source_dir: Path | None = None, out: Path | None = None) -> BuildResult:
    sources = load_sources(source_dir)
    texts = ChineseTexts(Path(source_dir) if source_dir is not None else default_source_dir())
    return write_database(sources, Path(out) if out else shipped_catalog_path(), texts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpudesk.catalog.build", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="database to write (default: the shipped catalog.db)")
    parser.add_argument("--sources", type=Path, default=None, help="folder of catalog TOML files")
    args = parser.parse_args(argv)
    try:
        result = build(args.sources, args.out)
    except CatalogError as exc:
        print(f"catalog build failed: {exc}", file=sys.stderr)
        return 2
    counts = ", ".join(f"{k} {v}" for k, v in result.counts.items())
    print(f"wrote {result.path} (catalog {result.version}, dated {result.built}): {counts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
