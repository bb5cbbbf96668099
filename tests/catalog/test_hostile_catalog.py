"""The user catalog survives hostile folders, files and packages, and says what it did in one line.

Each test reproduces a finding of the hostile-input trials: a data folder named with ``%``, ``#`` or ``?``;
one undecodable user row stopping the app; opening writing to the file; an import committed row by row; a
malformed package crashing the import; catalog rows embedded in a plan skipping validation; multi-line
messages; an export that destroys the previous file when it fails.
"""

from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from gpudesk import paths
from gpudesk.catalog.bundle import BUNDLE_FORMAT, export_bundle, import_bundle
from gpudesk.catalog.csv_io import export_csv, import_csv
from gpudesk.catalog.errors import CatalogError, CatalogImportError
from gpudesk.catalog.overlay import QUARANTINE_TABLE, UserOverlay, sqlite_uri
from gpudesk.catalog.pinned import pinned_catalog
from gpudesk.catalog.schema import SCHEMA_VERSION
from gpudesk.catalog.store import Catalog

SHIPPED = paths.shipped_catalog_path()


def _with_user_row(folder: Path, new_id: str = "my-l4") -> Path:
    user = folder / "user_catalog.db"
    cat = Catalog.open(SHIPPED, user)
    cat.duplicate_row("accelerators", "l4", new_id)
    cat.close()
    return user


@pytest.mark.parametrize("name", ["100% sure", "team #2", "why?", "a%20b#c?d=e"])
def test_user_rows_are_found_in_a_folder_with_uri_characters(tmp_path, name):
    folder = tmp_path / name
    folder.mkdir()
    user = _with_user_row(folder)
    assert Catalog.open(SHIPPED, user).accelerator("my-l4").provenance.user_row
    assert sqlite_uri(user).startswith("file:///") and "%25" in sqlite_uri(tmp_path / "100%")


def test_opening_the_user_catalog_writes_nothing(tmp_path):
    user = _with_user_row(tmp_path)
    before = (user.read_bytes(), user.stat().st_mtime_ns)
    with Catalog.open(SHIPPED, user) as cat:
        assert cat.accelerator("my-l4").id == "my-l4"
    assert (user.read_bytes(), user.stat().st_mtime_ns) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["user_catalog.db"]


@pytest.mark.parametrize(("column", "value"), [("memory_gb", "lots"), ("mem_bw_gbs", 1e16), ("tdp_w", "NaN")])
def test_an_undecodable_user_row_is_quarantined_and_the_rest_works(tmp_path, column, value):
    user = _with_user_row(tmp_path, "bad-l4")
    cat = Catalog.open(SHIPPED, user)
    cat.duplicate_row("accelerators", "l4", "good-l4")
    cat.close()
    conn = sqlite3.connect(user)
    conn.execute(f"update accelerators set {column} = ? where id = 'bad-l4'", [value])
    conn.commit()
    conn.close()
    cat = Catalog.open(SHIPPED, user)  # starts
    assert cat.accelerator("good-l4").provenance.user_row
    with pytest.raises(CatalogError):
        cat.accelerator("bad-l4")
    [note] = [line for line in cat.recovery if "bad-l4" in line]
    assert "cannot be read" in note and QUARANTINE_TABLE in note and "\n" not in note
    conn = sqlite3.connect(user)
    moved = conn.execute(f"select table_name, id from {QUARANTINE_TABLE}").fetchall()
    left = conn.execute("select count(*) from accelerators where id = 'bad-l4'").fetchone()[0]
    conn.close()
    assert moved == [("accelerators", "bad-l4")] and left == 0
    assert Catalog.open(SHIPPED, user).recovery == []  # quarantined once, not again


def test_an_import_is_one_transaction(tmp_path, monkeypatch):
    user = tmp_path / "user.db"
    cat = Catalog.open(SHIPPED, user)
    rows = [r for r in cat.accelerators()][:6]
    text = export_csv("accelerators", rows).replace("\n", "\n", 1)
    lines = text.splitlines()
    csv_text = "\n".join([lines[0]] + [line.replace(r.id + ",", f"copy-{r.id},", 1) for line, r in zip(lines[1:], rows)])
    import gpudesk.catalog.overlay as overlay_module

    calls = {"n": 0}
    real = overlay_module._upsert

    def dying_upsert(conn, table, row):
        calls["n"] += 1
        if calls["n"] == 4:
            raise sqlite3.OperationalError("disk I/O error")  # as if the disk failed mid-import
        real(conn, table, row)

    monkeypatch.setattr(overlay_module, "_upsert", dying_upsert)
    with pytest.raises(CatalogError, match="nothing was changed"):
        import_csv(cat, "accelerators", csv_text)
    monkeypatch.setattr(overlay_module, "_upsert", real)
    cat.close()
    conn = sqlite3.connect(user)
    assert conn.execute("select count(*) from accelerators").fetchone()[0] == 0
    conn.close()
    assert not any(r.id.startswith("copy-") for r in Catalog.open(SHIPPED, user).accelerators())


def test_import_messages_are_one_line_even_with_multi_line_cells(tmp_path):
    cat = Catalog.open(SHIPPED, tmp_path / "user.db")
    text = export_csv("facility_defaults", cat.facility_defaults()[:1])
    header, row = text.splitlines()
    cells = row.split(",")
    cells[header.split(",").index("unit")] = '"kW\nper\rrack"'
    with pytest.raises(CatalogImportError) as info:
        import_csv(cat, "facility_defaults", header + "\n" + ",".join(cells) + "\n")
    assert "\n" not in str(info.value) and "\r" not in str(info.value)
    assert all("\n" not in str(p) for p in info.value.problems)
    assert "kW\\nper\\rrack" in str(info.value)


def _package(tmp_path: Path, members: dict[str, bytes], name: str = "p.zip") -> Path:
    path = tmp_path / name
    with zipfile.ZipFile(path, "w") as zf:
        for member, data in members.items():
            zf.writestr(member, data)
    return path


def _manifest(**changes) -> bytes:
    return json.dumps({"format": BUNDLE_FORMAT, "schema_version": SCHEMA_VERSION, "counts": {}, **changes}).encode()


@pytest.mark.parametrize(("members", "reason"), [
    ({"manifest.json": _manifest(schema_version="abc")}, "schema_version must be a whole number"),
    ({"manifest.json": _manifest(schema_version=99)}, "newer gpudesk"),
    ({"manifest.json": b"[" * 100_000}, "nested too deeply"),
    ({"manifest.json": _manifest(), "rows/accelerators.json": b"[" * 50 + b"]" * 50}, "nested too deeply"),
    ({"manifest.json": _manifest(), "rows/accelerators.json": b'{"a": 1, "a": 2}'}, "duplicate key"),
    ({"manifest.json": _manifest(), "rows/accelerators.json": b"[NaN]"}, "not allowed"),
    ({"manifest.json": _manifest(), "../evil.json": b"{}"}, "unexpected member"),
    ({"manifest.json": _manifest(), "rows/accelerators.json": b'{"not": "a list"}'}, "expected a list of rows"),
    ({"citations.json": b"[]"}, "missing"),
])
def test_a_malformed_package_is_refused_before_anything_is_applied(tmp_path, members, reason):
    cat = Catalog.open(SHIPPED, tmp_path / "user.db")
    with pytest.raises(CatalogImportError, match=reason) as info:
        import_bundle(cat, _package(tmp_path, members))
    assert "\n" not in str(info.value)
    assert not (tmp_path / "user.db").exists()


def test_a_package_that_is_not_a_zip_is_refused(tmp_path):
    cat = Catalog.open(SHIPPED, tmp_path / "user.db")
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"PK\x03\x04" + b"\x00" * 100)
    with pytest.raises(CatalogImportError, match="not a readable catalog package"):
        import_bundle(cat, bad)


def test_a_package_export_round_trips_and_is_verified(tmp_path):
    user = _with_user_row(tmp_path)
    cat = Catalog.open(SHIPPED, user)
    target = tmp_path / "price-list.zip"
    target.write_bytes(b"previous")
    assert export_bundle(cat, target) == {"accelerators": 1}
    other = Catalog.open(SHIPPED, tmp_path / "other.db")
    assert import_bundle(other, target) == {"accelerators": 1}
    assert other.accelerator("my-l4").provenance.user_row


def test_catalog_rows_embedded_in_a_plan_are_validated_like_an_import():
    cat = Catalog.open(SHIPPED, None)
    l4 = cat.accelerator("l4")
    row = {"id": "l4", "name": l4.name, "vendor": "nvidia", "family": l4.family, "memory_gb": -24.0,
           "memory_type": l4.memory_type, "mem_bw_gbs": l4.mem_bw_gbs, "price_usd": -1.08e31,
           "provenance": {"source": "somewhere", "date": "2025-01-01"}}
    with pytest.raises(CatalogError, match=r"price_usd: magnitude -1.08e\+31 is beyond"):
        pinned_catalog(cat, {"accelerators/l4": row})
    with pytest.raises(CatalogError) as info:
        pinned_catalog(cat, {"accelerators/l4": {**row, "price_usd": -5.0}})
    message = str(info.value)
    assert "memory_gb" in message and "price_usd" in message and "\n" not in message
    good = {**row, "memory_gb": 24.0, "price_usd": 2500.0}
    assert pinned_catalog(cat, {"accelerators/l4": good}).accelerator("l4").price_usd == 2500.0


def test_a_failed_export_leaves_the_previous_csv(tmp_path):
    (tmp_path / "out").mkdir()
    tmp_path = tmp_path / "out"
    target = tmp_path / "accelerators.csv"
    target.write_text("the previous export\n", encoding="utf-8")
    script = (
        "import resource, sys\n"
        "from gpudesk.cli.catalog_cmd import run\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))\n"
        f"sys.exit(run(['catalog', 'export', 'accelerators', '-o', {str(target)!r}]))\n"
    )
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}  # no .pyc is written under the file-size limit
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 2, result.stderr
    assert "cannot write" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert target.read_text(encoding="utf-8") == "the previous export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["accelerators.csv"]


def test_a_user_catalog_from_a_newer_gpudesk_does_not_stop_the_start(tmp_path):
    user = _with_user_row(tmp_path)
    conn = sqlite3.connect(user)
    conn.execute("update meta set value = '99' where key = 'schema_version'")
    conn.commit()
    conn.close()
    overlay = UserOverlay(user)
    assert overlay.read_only_reason and overlay.rows("accelerators") == []
    with pytest.raises(CatalogError, match="newer"):
        overlay.write({}, [])
    assert io.BytesIO(user.read_bytes()).read(16).startswith(b"SQLite format 3")
