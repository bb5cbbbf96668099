"""A plan records the catalog rows it used and can be re-estimated with them after a catalog update."""

from __future__ import annotations

import copy

from gpudesk.catalog.pinned import pinned_catalog, record_from_snapshot
from gpudesk.core.plan_catalog_rows import catalog_rows_used
from gpudesk.paths import samples_dir
from gpudesk.project.catalog_snapshot import catalog_drift, record_catalog_rows
from gpudesk.project.io import dumps_project, load_project, loads_project
from gpudesk.results.pipeline import estimate_plan


def _priced_bank():  # type: ignore[no-untyped-def]
    """The bank sample on priced DGX H100 servers in a US region (the China sample's Ascend rows carry no price)."""
    project = load_project(samples_dir() / "bank-llm-assistant.gpudesk").project
    for phase in project.phases:
        phase.facility.region = "us"
        phase.hardware.accelerator_id, phase.hardware.server_id = "h100-sxm", "dgx-h100"
        phase.delivery.cloud_offer_id = ""
        phase.compliance.domestic_parts = "none"
        for workload in phase.workloads:
            if workload.kind == "llm_inference":
                workload.compute_dtype = workload.weight_dtype = workload.kv_dtype = "fp8"
    return project


def test_snapshot_round_trips_through_a_saved_file(catalog):
    project = _priced_bank()
    rows = catalog_rows_used(project, catalog)
    assert {"accelerators/h100-sxm", "servers/dgx-h100", "models/qwen2.5-72b"} <= set(rows)
    record_catalog_rows(project, rows, catalog.version)
    reopened = loads_project(dumps_project(project)).project
    assert catalog_drift(reopened, rows) == []
    assert record_from_snapshot("servers/dgx-h100", reopened.catalog_snapshot["servers/dgx-h100"]) == rows["servers/dgx-h100"]


def test_after_a_catalog_update_the_saved_numbers_are_reproduced_and_the_drift_named(catalog):
    project = _priced_bank()
    record_catalog_rows(project, catalog_rows_used(project, catalog), catalog.version)
    saved_cost = estimate_plan(project, catalog).phases[1].figures.value_at("tco.capex")

    # The catalog is updated: the DGX H100 price drops.
    updated = pinned_catalog(catalog, {})
    server = copy.deepcopy(project.catalog_snapshot["servers/dgx-h100"])
    server["price_usd"] = 200_000.0
    updated = pinned_catalog(updated, {"servers/dgx-h100": server})
    today = catalog_rows_used(project, updated)
    drift = catalog_drift(project, today)
    assert any("servers/dgx-h100" in line and "price_usd" in line for line in drift)
    assert estimate_plan(project, updated).phases[1].figures.value_at("tco.capex") < saved_cost
    # Pinned to the plan's snapshot, the saved figure comes back exactly.
    reproduced = estimate_plan(project, pinned_catalog(updated, project.catalog_snapshot))
    assert reproduced.phases[1].figures.value_at("tco.capex") == saved_cost
