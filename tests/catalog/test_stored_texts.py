"""The shipped catalog.db holds the catalog TOML's Chinese as the TOML files give it (catalog/stored_texts.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from gpudesk.catalog.sources import ChineseTexts, chinese_texts, default_source_dir
from gpudesk.catalog.stored_texts import PAIRED_PARTS, TITLE_PART, read_parts
from gpudesk.paths import shipped_catalog_path


def test_shipped_database_holds_every_part_as_the_toml_files_give_it() -> None:
    stored = read_parts(shipped_catalog_path())
    assert stored is not None, "catalog.db holds no chinese_texts table: run python -m gpudesk.catalog.build"
    parsed = ChineseTexts(default_source_dir())
    for part in (*PAIRED_PARTS, TITLE_PART):
        assert list(stored[part].items()) == list(getattr(parsed, part).items()), part
    assert stored["part_names"] and stored["publishers"] and stored["citation_titles"]


def test_chinese_texts_reads_the_shipped_database_not_the_toml_files() -> None:
    texts = chinese_texts()
    assert all(part in vars(texts) for part in (*PAIRED_PARTS, TITLE_PART)), "a part would be parsed from TOML"


def test_a_database_without_the_table_leaves_the_parts_to_the_toml_files(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    sqlite3.connect(db).close()
    assert read_parts(db) is None
    assert read_parts(tmp_path / "missing.db") is None
    texts = ChineseTexts(default_source_dir(), read_parts(db))
    assert "titles" not in vars(texts) and texts.titles == ChineseTexts(default_source_dir()).titles
