"""Lookups, user rows (add/edit/duplicate/delete), migrations and corrupted overlays."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import sqlite_utils
from test_build import NEWEST_SOURCE_DATE

from gpudesk import paths
from gpudesk.catalog.build import build
from gpudesk.catalog.errors import CatalogError, CatalogValidationError
from gpudesk.catalog.migrations import migrate, schema_version
from gpudesk.catalog.records import Citation
from gpudesk.catalog.schema import SCHEMA_VERSION
from gpudesk.catalog.store import Catalog


def test_missing_id_names_table_and_near_matches(catalog: Catalog) -> None:
    with pytest.raises(CatalogError, match=r"accelerators.*did you mean h100-sxm"):
        catalog.accelerator("h100-sxn")
    with pytest.raises(CatalogError, match="facility_defaults"):
        catalog.facility_default("pue", "moon")
    with pytest.raises(CatalogError, match="unknown catalog table"):
        catalog.rows("gpus")


def test_open_defaults_use_gpudesk_home(isolated_home: Path) -> None:
    cat = Catalog.open()
    assert cat.version and cat.built == NEWEST_SOURCE_DATE
    assert not paths.user_catalog_path().exists()  # created on the first edit, not at start-up
    cat.duplicate_row("accelerators", "h100-sxm", "h100-home-test")
    assert paths.user_catalog_path().exists()
    assert str(paths.user_catalog_path()).startswith(str(isolated_home))


def test_add_edit_duplicate_delete(catalog: Catalog) -> None:
    row = catalog.duplicate_row("accelerators", "h100-sxm", "h100-sxm-lab", {"name": "Lab H100", "tdp_w": 600})
    assert row.provenance.user_row and row.tdp_w == 600
    edited = catalog.edit_row("accelerators", "h100-sxm-lab", {"memory_gb": 81})
    assert edited.memory_gb == 81 and edited.name == "Lab H100"
    catalog.delete_row("accelerators", "h100-sxm-lab")
    with pytest.raises(CatalogError):
        catalog.accelerator("h100-sxm-lab")


def test_editing_a_shipped_row_overrides_without_touching_the_shipped_db(catalog: Catalog) -> None:
    before = Path(paths.shipped_catalog_path()).read_bytes()
    catalog.edit_row("accelerators", "l4", {"price_usd": 2500, "field_sources": {"price_usd": "derived"}})
    assert catalog.accelerator("l4").price_usd == 2500 and catalog.accelerator("l4").provenance.user_row
    assert Path(paths.shipped_catalog_path()).read_bytes() == before
    catalog.delete_row("accelerators", "l4")  # removes the override; the shipped row returns
    assert catalog.accelerator("l4").price_usd is None
    with pytest.raises(CatalogError, match="shipped row"):
        catalog.delete_row("accelerators", "l4")


def test_invalid_user_rows_are_refused_with_field_and_reason(catalog: Catalog) -> None:
    with pytest.raises(CatalogValidationError) as info:
        catalog.edit_row("accelerators", "h100-sxm", {"memory_gb": -1, "tdp_w": "hot"})
    reasons = {p.field: p.reason for p in info.value.problems}
    assert "tdp_w" in reasons and "number" in reasons["tdp_w"]
    with pytest.raises(CatalogValidationError) as info:
        catalog.edit_row("servers", "dgx-h100", {"gpus": 64})
    assert any(p.field == "power_max_kw" and "exceeds" in p.reason for p in info.value.problems)
    with pytest.raises(CatalogValidationError, match="does not exist"):
        catalog.duplicate_row("cloud_offers", "aws-g6-xlarge", "my-offer", {"accelerator_id": "h900"})
    with pytest.raises(CatalogError, match="already has"):
        catalog.duplicate_row("accelerators", "l4", "l40s")


def test_user_rows_survive_a_rebuild_of_the_shipped_catalog(tmp_path: Path) -> None:
    shipped, user = tmp_path / "shipped.db", tmp_path / "user.db"
    build(out=shipped)
    cat = Catalog.open(shipped, user)
    cat.add_citation(Citation("my-quote", "Vendor quote 2026-11", kind="V", accessed="2026-11-20"))
    cat.duplicate_row("servers", "dgx-h100", "my-dgx", {"price_usd": 300000, "source": "my-quote"})
    cat.overlay.close()
    build(out=shipped)
    again = Catalog.open(shipped, user)
    assert again.server("my-dgx").price_usd == 300000
    assert again.citation("my-quote").title.startswith("Vendor quote")


def test_old_overlay_is_migrated_keeping_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite_utils.Database(path)
    migrate(db)
    cat = Catalog.open(paths.shipped_catalog_path(), path)
    cat.duplicate_row("accelerators", "l4", "my-l4")
    cat.overlay.close()
    db = sqlite_utils.Database(path)
    db["accelerators"].transform(drop={"price_usd"})  # as if written before the column existed
    db["meta"].upsert({"key": "schema_version", "value": "0"}, pk="key")
    db.close()
    cat = Catalog.open(paths.shipped_catalog_path(), path)
    assert cat.accelerator("my-l4").price_usd is None
    assert schema_version(sqlite_utils.Database(path)) == 0  # opening reads only; the first edit migrates
    cat.duplicate_row("accelerators", "l4", "my-l4-b")
    cat.close()
    assert schema_version(sqlite_utils.Database(path)) == SCHEMA_VERSION
    assert Catalog.open(paths.shipped_catalog_path(), path).accelerator("my-l4").id == "my-l4"


def test_newer_overlay_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    db = sqlite_utils.Database(path)
    migrate(db)
    db["meta"].upsert({"key": "schema_version", "value": "99"}, pk="key")
    db.close()
    before = path.read_bytes()
    cat = Catalog.open(paths.shipped_catalog_path(), path)  # gpudesk still starts, on the shipped rows
    assert any("newer gpudesk" in line for line in cat.recovery)
    with pytest.raises(CatalogError, match="newer"):
        cat.duplicate_row("accelerators", "l4", "my-l4")
    assert path.read_bytes() == before


def test_garbage_overlay_is_backed_up_and_replaced(tmp_path: Path) -> None:
    path = tmp_path / "user.db"
    path.write_bytes(b"this is not a database" * 100)
    cat = Catalog.open(paths.shipped_catalog_path(), path)
    assert (tmp_path / "user.db.corrupt-1.bak").exists()
    assert cat.recovery and "damaged" in cat.recovery[0]
    assert len(cat.accelerators()) >= 30


def test_damaged_overlay_keeps_recoverable_rows(tmp_path: Path) -> None:
    path = tmp_path / "user.db"
    cat = Catalog.open(paths.shipped_catalog_path(), path)
    cat.duplicate_row("accelerators", "l4", "keep-me")
    cat.overlay.close()
    conn = sqlite3.connect(path)
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    root = conn.execute("select rootpage from sqlite_master where name = 'cloud_offers'").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    start = (root - 1) * page_size
    data[start:start + page_size] = b"\xff" * page_size  # destroy the cloud_offers table page
    path.write_bytes(bytes(data))
    recovered = Catalog.open(paths.shipped_catalog_path(), path)
    assert recovered.recovery and (tmp_path / "user.db.corrupt-1.bak").exists()
    assert recovered.accelerator("keep-me").provenance.user_row


def test_the_tests_catalogs_share_one_read_of_the_shipped_file(tmp_path: Path) -> None:
    """tests/shipped_reads.py: a catalog opened in a test reads the shipped file once per process; each keeps tables
    of its own, so one catalog's user rows never reach another's or the shared read."""
    first, second = Catalog.open(user_db=tmp_path / "a.db"), Catalog.open(user_db=tmp_path / "b.db")
    assert first._shipped is second._shipped and first._tables is not second._tables
    second.duplicate_row("accelerators", "h100-sxm", "h100-copy")
    assert "h100-copy" in second._tables["accelerators"]
    assert "h100-copy" not in first._tables["accelerators"] and "h100-copy" not in first._shipped["accelerators"]
    second.close()
    with pytest.raises(CatalogError, match="not found"):  # a missing file's error, as before
        Catalog.open(tmp_path / "missing.db", tmp_path / "c.db")
