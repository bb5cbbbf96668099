"""The driver-reported memory total (``usable_memory_mib``): shipped values, CSV round trip, rejected values."""

from __future__ import annotations

import dataclasses

import pytest

from gpudesk.catalog.csv_io import csv_columns, export_csv, import_csv, parse_csv
from gpudesk.catalog.errors import CatalogError, CatalogImportError
from gpudesk.catalog.store import Catalog

# Published nvidia-smi / rocm-smi totals, MiB (citations in resources/catalog/citations.toml).
PUBLISHED = {"h200-sxm": 143_771, "h100-sxm": 81_559, "a100-sxm-80gb": 81_920, "a100-sxm-40gb": 40_960,
             "a10": 23_028, "l40s": 46_068, "l4": 23_034, "t4": 15_360, "mi300x": 196_592}


def test_shipped_totals_are_cited_and_never_below_the_marketed_bytes(catalog: Catalog) -> None:
    for rid, mib in PUBLISHED.items():
        acc = catalog.accelerator(rid)
        assert acc.usable_memory_mib == mib, rid
        assert acc.provenance.source_of("usable_memory_mib") != acc.provenance.source, rid
        assert catalog.citation(acc.provenance.source_of("usable_memory_mib")).url or rid == "h200-sxm"
    known = [a for a in catalog.accelerators() if a.usable_memory_mib is not None]
    assert all(a.usable_memory_mib * 2**20 >= a.memory_gb * 1e9 for a in known)
    assert catalog.accelerator("h200-nvl").usable_memory_mib is None  # no published total: left unset
    assert catalog.citation("measured-here-h200-2026-11-30").kind == "M"


def test_csv_round_trip_keeps_the_column_and_an_older_file_without_it_still_imports(catalog: Catalog) -> None:
    assert "usable_memory_mib" in csv_columns("accelerators")
    rows = [catalog.accelerator("h200-sxm"), catalog.accelerator("h200-nvl")]
    text = export_csv("accelerators", rows)
    parsed = parse_csv("accelerators", text)
    assert [r.usable_memory_mib for r in parsed] == [143_771.0, None]
    assert parsed[0].provenance.field_sources["usable_memory_mib"] == "measured-here-h200-2026-11-30"
    header, line = text.splitlines()[:2]
    col = header.split(",").index("usable_memory_mib")
    older = [",".join(c for i, c in enumerate(r.split(",")) if i != col) for r in (header, line)]
    older[1] = older[1].replace("usable_memory_mib=measured-here-h200-2026-11-30;", "")
    assert parse_csv("accelerators", "\n".join(older))[0].usable_memory_mib is None


@pytest.mark.parametrize("value, reason", [
    ("150.75", "below 1024 MiB"),  # GB typed where MiB is asked
    ("150754820096", "above 1e+06 MiB"),  # bytes
    ("81559", "0.61x the marketed 141 GB"),  # in range, but another card's total (the H100's)
    ("-1", "below 1024 MiB"),
    ("lots", "expected a number"),
])
def test_a_bad_value_is_rejected_naming_the_field(catalog: Catalog, value: str, reason: str) -> None:
    row = dataclasses.replace(catalog.accelerator("h200-sxm"), id="my-h200")
    text = export_csv("accelerators", [row]).replace(",143771.0,", f",{value},", 1)
    with pytest.raises(CatalogImportError) as info:
        import_csv(catalog, "accelerators", text)
    assert [p.field for p in info.value.problems] == ["usable_memory_mib"]
    assert reason in info.value.problems[0].reason
    assert "usable_memory_mib" in str(info.value)
    with pytest.raises(CatalogError, match="no row 'my-h200'"):
        catalog.accelerator("my-h200")
