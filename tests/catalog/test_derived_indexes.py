"""Indexes built once per catalog revision (issue 24): never served stale after a change of the rows."""

from __future__ import annotations

import dataclasses

from gpudesk.catalog.pinned import pinned_catalog
from gpudesk.catalog.schema import record_as_mapping
from gpudesk.catalog.store import Catalog
from gpudesk.core.market import AvailabilityIndex, priced_offer_exists


def test_rows_are_a_new_list_in_id_order_each_call(catalog: Catalog) -> None:
    first = catalog.accelerators()
    assert [a.id for a in first] == sorted(a.id for a in first)
    first.clear()
    assert catalog.accelerators(), "emptying a returned list must not empty the catalog"


def test_the_availability_index_is_shared_until_the_rows_change(catalog: Catalog) -> None:
    index = AvailabilityIndex.of(catalog)
    assert AvailabilityIndex.of(catalog) is index
    assert index.accelerator("h100-sxm", "cn").status == "unavailable"
    catalog.edit_row("availability", "h100-sxm-cn-2022-10", {"status": "available"})
    fresh = AvailabilityIndex.of(catalog)
    assert fresh is not index
    assert fresh.accelerator("h100-sxm", "cn").status == "available"


def test_a_new_row_is_seen_by_every_derived_index(catalog: Catalog) -> None:
    before = len(catalog.accelerators())
    offer = next(o for o in catalog.cloud_offers() if o.accelerator_id == "h100-sxm" and o.market == "us"
                 and o.on_demand_per_hour is not None)
    assert priced_offer_exists(catalog, "h100-sxm", "us", False)
    catalog.add_row("accelerators", {**record_as_mapping(catalog.accelerator("h100-sxm")), "id": "h100-copy"})
    assert len(catalog.accelerators()) == before + 1
    assert not priced_offer_exists(catalog, "h100-copy", "us", False)
    copy_offer = {**record_as_mapping(offer), "id": "copy-offer", "accelerator_id": "h100-copy"}
    catalog.add_row("cloud_offers", copy_offer)
    assert priced_offer_exists(catalog, "h100-copy", "us", False)


def test_a_pinned_view_has_its_own_indexes(catalog: Catalog) -> None:
    index = AvailabilityIndex.of(catalog)
    assert index.accelerator("h100-sxm", "cn").status == "unavailable"
    row = record_as_mapping(catalog.row("availability", "h100-sxm-cn-2022-10"))
    saved = {**row, "status": "available"}
    view = pinned_catalog(catalog, {"availability/h100-sxm-cn-2022-10": saved})
    assert AvailabilityIndex.of(view).accelerator("h100-sxm", "cn").status == "available"
    assert AvailabilityIndex.of(catalog).accelerator("h100-sxm", "cn").status == "unavailable"
    assert dataclasses.asdict(view.row("availability", "h100-sxm-cn-2022-10"))["status"] == "available"


def test_a_facility_default_edit_is_read_at_once(catalog: Catalog) -> None:
    row = catalog.facility_default("pue", "air")
    assert catalog.facility_default("pue", "air") is row  # the index serves the same row until a change
    catalog.edit_row("facility_defaults", row.id, {"value": row.value + 0.25})
    assert catalog.facility_default("pue", "air").value == row.value + 0.25
