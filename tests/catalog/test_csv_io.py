"""CSV export/import round trips; bad files are rejected whole, with line, field and reason."""

from __future__ import annotations

import csv
import dataclasses
import io
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpudesk.catalog.csv_io import (
    MAX_IMPORT_BYTES,
    csv_columns,
    export_csv,
    import_csv,
    import_csv_file,
    parse_csv,
)
from gpudesk.catalog.errors import CatalogImportError
from gpudesk.catalog.store import Catalog


def test_export_then_parse_round_trips_every_table(catalog: Catalog) -> None:
    for table, rows in catalog.tables().items():
        parsed = parse_csv(table, export_csv(table, rows))
        assert [r.id for r in parsed] == [r.id for r in rows]
        for a, b in zip(parsed, rows):
            assert a == type(b)(**{**b.__dict__, "provenance": a.provenance})
            assert a.provenance.field_sources == b.provenance.field_sources
            assert a.provenance.unknown == b.provenance.unknown


def test_import_adds_user_rows(catalog: Catalog) -> None:
    text = export_csv("accelerators", [catalog.accelerator("l4")]).replace("l4,NVIDIA L4 24GB", "my-l4,My L4", 1)
    records = import_csv(catalog, "accelerators", text.encode("utf-8"))
    assert [r.id for r in records] == ["my-l4"]
    assert catalog.accelerator("my-l4").provenance.user_row


def test_invalid_import_applies_nothing_and_lists_each_problem(catalog: Catalog) -> None:
    good = export_csv("accelerators", [catalog.accelerator("l4")]).splitlines()
    header, line = good[0], good[1]
    bad_bw = line.replace("l4,NVIDIA L4 24GB", "bad-bw,Bad", 1).replace(",300.0,", ",300000.0,", 1)
    ok_row = line.replace("l4,NVIDIA L4 24GB", "fine,Fine", 1)
    bad_tdp = line.replace("l4,NVIDIA L4 24GB", "bad-tdp,Bad", 1).replace(",72.0,", ",nan,", 1)
    with pytest.raises(CatalogImportError) as info:
        import_csv(catalog, "accelerators", "\n".join([header, bad_bw, ok_row, bad_tdp]))
    problems = info.value.problems
    assert any("line 4" in p.row and p.field == "tdp_w" and "NaN" in p.reason for p in problems)
    assert any("bad-bw" in p.row and p.field == "mem_bw_gbs" for p in problems)
    with pytest.raises(Exception):
        catalog.accelerator("fine")


def test_wrong_encoding_suggests_gb18030(catalog: Catalog, tmp_path: Path) -> None:
    text = export_csv("accelerators", [catalog.accelerator("l4")]).replace("NVIDIA L4 24GB", "英伟达 L4", 1)
    path = tmp_path / "gbk.csv"
    path.write_bytes(text.replace("l4,", "gbk-l4,", 1).encode("gb18030"))
    with pytest.raises(CatalogImportError, match="gb18030"):
        import_csv_file(catalog, "accelerators", path)
    assert import_csv_file(catalog, "accelerators", path, encoding="gb18030")[0].name == "英伟达 L4"


def test_limits(catalog: Catalog) -> None:
    with pytest.raises(CatalogImportError, match="larger"):
        parse_csv("nics", b"id\n" + b"x" * (MAX_IMPORT_BYTES + 1))
    with pytest.raises(CatalogImportError, match="empty"):
        parse_csv("nics", b"")
    with pytest.raises(CatalogImportError, match="unknown column"):
        parse_csv("nics", "id,bogus\nx,1\n")


COLUMNS = csv_columns("accelerators")
cell = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["nan", "inf", "-inf", "1e400", "-1", "0", "1e16", "true", "x;y", '"', "\x00", "80", "HBM3"]),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)
header = st.lists(st.sampled_from(COLUMNS + ["bogus", ""]), min_size=0, max_size=12)
csv_text = st.builds(
    lambda h, rows: "\n".join([",".join(h)] + [",".join(r) for r in rows]),
    header, st.lists(st.lists(cell, max_size=14), max_size=8),
)
raw_bytes = st.one_of(
    st.binary(max_size=400),
    csv_text.map(lambda t: t.encode("utf-8")),
    csv_text.map(lambda t: t.encode("utf-16")),
    csv_text.map(lambda t: t.encode("utf-8")[: max(len(t) // 2, 0)]),
)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw_bytes)
def test_fuzz_importer_never_crashes(data: bytes) -> None:
    try:
        records = parse_csv("accelerators", data)
    except CatalogImportError as exc:
        assert exc.problems and all(p.reason for p in exc.problems)
    else:
        assert all(r.id for r in records)


def test_large_input_is_bounded_in_time() -> None:
    line = ",".join(["x"] * len(COLUMNS))
    big = "\n".join([",".join(COLUMNS)] + [line] * 20_000)
    start = time.perf_counter()
    with pytest.raises(CatalogImportError) as info:
        parse_csv("accelerators", big)
    assert time.perf_counter() - start < 5
    assert len(info.value.problems) <= 201


def test_formula_text_exports_as_text_and_reads_back_as_written(catalog: Catalog) -> None:
    """A catalog CSV opened in a spreadsheet runs no formula: a name or note that starts like one ("=cmd|calc!A1",
    "@SUM(1+1)", imported from a customer's file) leaves as text behind an apostrophe, and reads back as written."""
    row = catalog.accelerator("l4")
    row = dataclasses.replace(row, name="=cmd|calc!A1", provenance=dataclasses.replace(row.provenance,
                                                                                        notes="@SUM(1+1)"))
    text = export_csv("accelerators", [row])
    cells = [c for line in csv.reader(io.StringIO(text)) for c in line]
    assert "'=cmd|calc!A1" in cells and "'@SUM(1+1)" in cells
    assert not [c for c in cells if c.startswith(("=", "@", "+"))], cells
    [back] = parse_csv("accelerators", text)
    assert back.name == "=cmd|calc!A1" and back.provenance.notes == "@SUM(1+1)"


def test_a_gpu_offer_without_gpus_is_refused(catalog: Catalog) -> None:
    """An offer naming an accelerator rents at least one of it: 'gpus = 0' on an H100 offer was imported, and a plan
    choosing it read 'The chosen cloud offer … has no GPUs' and priced its GPU-hours from that same offer."""
    offer = next(o for o in catalog.cloud_offers() if o.accelerator_id == "h100-sxm")
    with pytest.raises(CatalogImportError) as refused:
        import_csv(catalog, "cloud_offers", export_csv("cloud_offers", [dataclasses.replace(offer, id="my-0", gpus=0)]))
    assert [(p.field, p.reason) for p in refused.value.problems] == [("gpus", "a GPU offer rents at least one GPU")]
