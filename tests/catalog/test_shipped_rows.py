"""The shipped catalog.db gives every row as the catalog TOML states it (catalog/shipped_rows.py), and a source is
worded from it without parsing a TOML file (report/source_words.py)."""

from __future__ import annotations

import pytest

from gpudesk.catalog import sources
from gpudesk.catalog.schema import TABLES
from gpudesk.catalog.shipped_rows import shipped_rows
from gpudesk.report import source_words as words


@pytest.mark.parametrize("table", [*TABLES, "citations"])
def test_every_shipped_row_holds_each_field_its_toml_row_states(table: str) -> None:
    toml_file = TABLES[table].toml_file if table in TABLES else sources.CITATIONS_FILE
    parsed = {str(raw["id"]): raw for raw in sources._rows(sources.default_source_dir() / toml_file, table)}
    stored = {str(row["id"]): row for row in shipped_rows(table)}
    assert parsed and stored.keys() == parsed.keys(), "catalog.db is stale: run python -m gpudesk.catalog.build"
    differ = [(row_id, key, value, stored[row_id].get(key)) for row_id, raw in parsed.items()
              for key, value in raw.items() if not isinstance(value, (list, dict))  # JSON text in the database
              and key in stored[row_id] and stored[row_id][key] != (int(value) if isinstance(value, bool) else value)]
    assert not differ, differ[:5]
    names = [row for row in stored.values() if "name" in row]
    assert all(row.get("name_zh", "") == parsed[row["id"]].get("name_zh", "") for row in names)  # "" unless stated


def test_an_unknown_table_has_no_rows() -> None:
    assert shipped_rows("no_such_table") == ()
    assert shipped_rows('citations" --') == ()


def test_a_source_is_worded_without_parsing_a_catalog_toml_file(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> None:
        raise AssertionError("a catalog TOML file was parsed")
    monkeypatch.setattr(sources, "_read_toml", refuse)
    for cached in (shipped_rows, words._rows):
        cached.cache_clear()
    try:
        worded = words.source_words("catalog accelerators/a100-sxm-40gb.bf16_tflops: nvidia-a100-ds", "zh")
        assert worded.startswith("NVIDIA A100 SXM4 40GB BF16：NVIDIA A100") and "nvidia-a100-ds" not in worded, worded
        assert words.row_name("servers", next(iter(words._rows("servers"))), "zh")
    finally:
        for cached in (shipped_rows, words._rows):
            cached.cache_clear()
