"""Plans size memory at each GPU's driver total; a plan saved before the field existed still opens and reproduces."""

from __future__ import annotations

import math

from gpudesk.catalog.pinned import pinned_catalog
from gpudesk.core.hardware_sources import capacity_bytes
from gpudesk.core.plan_catalog_rows import catalog_rows_used
from gpudesk.project.catalog_snapshot import catalog_drift, record_catalog_rows
from gpudesk.project.io import dumps_project, loads_project
from gpudesk.project.model import Project, Workload
from gpudesk.results.pipeline import estimate_plan

H200_BYTES = 143_771 * 2**20


def _h200_plan(kind: str = "finetune_full") -> Project:
    project = Project()
    phase = project.phases[0]
    phase.hardware.accelerator_id = "h200-sxm"
    phase.hardware.candidates = ["h200-sxm", "h20", "h100-sxm"]
    phase.workloads = [Workload(kind=kind, model_id="llama-3.1-8b")]
    return project


def test_the_plan_its_checks_and_its_candidates_use_the_driver_total(catalog):
    plan = estimate_plan(_h200_plan(), catalog, search=True).phases[0]
    assert plan.figures.value_at("mem.capacity") == H200_BYTES
    assert "usable_memory_mib × 2^20" in plan.figures.explain("mem.capacity").formula
    assert "h200-sxm.usable_memory_mib" in plan.figures.explain("mem.in.gpu_memory_gb").source
    by_id = {c.accelerator_id: c for c in plan.candidates}
    assert {"h200-sxm", "h20", "h100-sxm"} <= set(by_id)
    for rid, candidate in by_id.items():
        assert candidate.memory_capacity == capacity_bytes(catalog.accelerator(rid)), rid
    assert by_id["h20"].memory_capacity == 96e9  # no published driver total: the marketed bytes


def test_serving_limits_follow_the_same_capacity(catalog):
    figures = estimate_plan(_h200_plan("llm_inference"), catalog).phases[0].figures
    assert figures.value_at("mem.capacity") == H200_BYTES
    assert math.isfinite(figures.value_at("mem.max_context")) and figures.value_at("mem.max_context") > 0


def test_a_plan_saved_before_the_driver_total_opens_names_the_new_value_and_reproduces(catalog):
    project = _h200_plan()
    record_catalog_rows(project, catalog_rows_used(project, catalog), catalog.version)
    for row in project.catalog_snapshot.values():  # as an older gpudesk wrote it: no such field
        row.pop("usable_memory_mib", None)
        row.get("provenance", {}).get("field_sources", {}).pop("usable_memory_mib", None)
    reopened = loads_project(dumps_project(project)).project
    drift = catalog_drift(reopened, catalog_rows_used(reopened, catalog))
    assert "accelerators/h200-sxm: usable_memory_mib is new: 143771.0" in drift
    pinned = estimate_plan(reopened, pinned_catalog(catalog, reopened.catalog_snapshot)).phases[0].figures
    assert pinned.value_at("mem.capacity") == 141e9  # the saved rows: capacity as that gpudesk computed it
    assert estimate_plan(reopened, catalog).phases[0].figures.value_at("mem.capacity") == H200_BYTES
