"""The China-market rows (issue 17): counts, sources and dates, and the availability table's rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudesk.catalog.errors import CatalogValidationError
from gpudesk.catalog.field_rules import DOMESTIC_VENDORS
from gpudesk.catalog.store import Catalog
from gpudesk.catalog.validate import DATE_PATTERN, validate_tables


def _domestic(catalog: Catalog) -> list:
    return [a for a in catalog.accelerators() if a.vendor in DOMESTIC_VENDORS]


def test_at_least_eight_domestic_accelerators_from_four_vendors_each_in_a_server(catalog: Catalog) -> None:
    domestic = _domestic(catalog)
    assert len(domestic) >= 8
    assert len({a.vendor for a in domestic}) >= 4
    held = {s.accelerator_id for s in catalog.servers()}
    assert [a.id for a in domestic if a.id not in held] == []
    for a in domestic:
        assert "domestic" in a.markets
        assert a.software_stack, a.id
        assert a.provenance.source and DATE_PATTERN.match(a.provenance.date)
        # a precision the part does not publish is left empty and named as unknown, never 0
        for field in ("bf16_tflops", "fp16_tflops", "fp8_tflops"):
            value = getattr(a, field)
            assert (value is None and field in a.provenance.unknown) or (value or 0) > 0, (a.id, field)


def test_china_market_nvidia_parts_have_server_rows(catalog: Catalog) -> None:
    held = {s.accelerator_id for s in catalog.servers()}
    for acc in ("h20", "l20", "a800-sxm-80gb", "h800-sxm"):
        assert acc in held, acc


def test_at_least_fifteen_cn_offers_with_dated_cny_on_demand_prices(catalog: Catalog) -> None:
    priced = [o for o in catalog.cloud_offers() if o.market == "cn" and o.currency == "CNY"
              and o.on_demand_per_hour is not None and o.accelerator_id]
    assert len(priced) >= 15
    for o in priced:
        cit = catalog.citation(o.provenance.source_of("on_demand_per_hour"))
        assert DATE_PATTERN.match(o.provenance.date) and cit.accessed, o.id


def test_every_offer_names_its_market(catalog: Catalog) -> None:
    assert [o.id for o in catalog.cloud_offers() if o.market not in ("cn", "us", "eu", "global")] == []


def test_availability_rows_cite_a_rule_and_a_source(catalog: Catalog) -> None:
    rows = catalog.rows("availability")
    assert {r.status for r in rows} == {"available", "restricted", "unavailable"}
    for r in rows:
        assert r.rule and catalog.citation(r.provenance.source).title
        assert r.effective == "" or DATE_PATTERN.match(r.effective)
    h20 = sorted((r for r in rows if r.item_id == "h20" and r.market == "cn"), key=lambda r: r.effective)
    assert [r.effective for r in h20] == ["2025-04-09", "2025-07-14"]


def test_availability_naming_a_missing_part_is_refused(catalog: Catalog) -> None:
    tables = catalog.tables()
    row = catalog.rows("availability")[0]
    tables["availability"] = [type(row)(**{**row.__dict__, "item_id": "no-such-gpu"})]
    problems = validate_tables(tables, catalog.citations())
    assert any(p.table == "availability" and p.field == "item_id" for p in problems)


def test_user_row_overrides_availability_with_a_note(catalog: Catalog) -> None:
    shipped = catalog.row("availability", "h20-cn-2025-07")
    edited = catalog.edit_row("availability", "h20-cn-2025-07", {
        "status": "available", "notes": "licence granted to this customer on 2026-11-20 (architect's note)",
    })
    assert shipped.status == "restricted" and edited.status == "available"
    assert edited.provenance.user_row and "architect" in edited.provenance.notes
    with pytest.raises(CatalogValidationError):
        catalog.edit_row("availability", "h20-cn-2025-07", {"status": "maybe"})


def test_shipped_sources_rebuild(tmp_path: Path) -> None:
    from gpudesk.catalog.build import build

    result = build(out=tmp_path / "c.db")
    assert result.counts["availability"] >= 20
