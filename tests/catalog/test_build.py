"""The build is deterministic and the committed catalog.db matches the TOML sources."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from gpudesk.catalog.build import build, main
from gpudesk.catalog.errors import CatalogValidationError
from gpudesk.catalog.sources import default_source_dir
from gpudesk.paths import shipped_catalog_path

NEWEST_SOURCE_DATE = "2026-12-05"  # the shipped catalog's build stamp: its sources' newest date (test_store reads it too)


def dump(path: Path) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(path)
    try:
        tables = [r[0] for r in conn.execute("select name from sqlite_master where type='table' order by name")]
        out = {t: sorted(conn.execute(f"select * from [{t}]").fetchall(), key=repr) for t in tables}
        out["__schema__"] = sorted(conn.execute("select name, sql from sqlite_master").fetchall(), key=repr)
        return out
    finally:
        conn.close()


def test_shipped_db_matches_a_fresh_build(tmp_path: Path) -> None:
    fresh = tmp_path / "catalog.db"
    result = build(out=fresh)
    assert dump(fresh) == dump(shipped_catalog_path()), "catalog.db is stale: run python -m gpudesk.catalog.build"
    assert result.counts["accelerators"] >= 30


def test_build_twice_gives_identical_content_and_source_date(tmp_path: Path) -> None:
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    ra, rb = build(out=a), build(out=b)
    assert dump(a) == dump(b)
    assert ra.built == rb.built == NEWEST_SOURCE_DATE  # the newest date in the sources, never the clock
    meta = dict(sqlite3.connect(a).execute("select key, value from meta").fetchall())
    assert meta == {"catalog_version": ra.version, "built": ra.built, "schema_version": "2"}


def test_invalid_source_fails_with_every_problem(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(default_source_dir(), src)
    text = (src / "accelerators.toml").read_text(encoding="utf-8")
    text = text.replace('mem_bw_gbs = 3350', 'mem_bw_gbs = 3350000', 1).replace('source = "nvidia-t4-ds"', 'source = "nope"')
    (src / "accelerators.toml").write_text(text, encoding="utf-8")
    with pytest.raises(CatalogValidationError) as info:
        build(src, tmp_path / "out.db")
    fields = {(p.row, p.field) for p in info.value.problems}
    assert ("h100-sxm", "mem_bw_gbs") in fields and ("t4", "source") in fields
    assert not (tmp_path / "out.db").exists()


def test_main_reports_failure_without_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--sources", str(tmp_path / "missing"), "--out", str(tmp_path / "x.db")]) == 2
    assert "catalog build failed" in capsys.readouterr().err
    assert main(["--out", str(tmp_path / "ok.db")]) == 0
