"""The configuration search for every workload kind: a feasible recommendation, rows that say something, and a
pinned configuration the plan then sizes exactly as the search did."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.project.io import load_project
from gpudesk.project.model import Project, Workload
from gpudesk.report.check_text import reason_text
from gpudesk.results.pinning import point_assignments
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.search_charts import index_of
from gpudesk.session.field_paths import set_value

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open()


def _pin(project: Project, catalog: Catalog, point) -> Project:  # type: ignore[no-untyped-def]
    pinned = copy.deepcopy(project)
    for path, value in point_assignments(catalog, pinned.phases[0], 0, point):
        set_value(pinned, path, copy.deepcopy(value))
    return pinned


def _training() -> Project:
    project = Project()
    phase = project.phases[0]
    phase.workloads = [Workload(kind="finetune_full", model_id="llama-3.1-8b", train_tokens=2e9, deadline_days=2,
                                global_batch=256, seq_len=4096)]
    phase.hardware.candidates = ["h100-sxm", "a100-sxm-80gb", "h200-sxm", "l40s"]
    return project


def test_llm_training_search_and_pin(catalog):
    project = _training()
    phase = estimate_plan(project, catalog, search=True).phases[0]
    search = phase.search
    rec = search.recommended
    assert search.family == "training" and rec is not None and rec.feasible
    assert rec.value("days") <= 2.0
    assert {"zero", "mb", "dp", "tp", "pp"} <= set(rec.layout)
    assert search.dropped.get("deadline", 0) > 0  # counts too small for the deadline
    pinned = estimate_plan(_pin(project, catalog, rec), catalog, search=True).phases[0]
    assert pinned.config.gpus == rec.gpus
    assert pinned.figures.value_at("train.time_to_train_days") == pytest.approx(rec.value("days"))
    chart = phase.charts["pareto"]
    assert chart.kind == "time_vs_cost"
    front = chart.series_named("Pareto front")
    assert all(index_of(k) is not None and search.find(index_of(k)) is not None for k in front.keys)


def test_vision_training_sample(catalog):
    project = load_project(SAMPLES / "startup-inspection.gpudesk").project
    phase = estimate_plan(project, catalog, search=True).phases[0]
    rec = phase.search.recommended
    assert phase.search.family == "vision_train" and rec is not None and rec.gpus >= 1
    assert all(c.gpus > 0 for c in phase.candidates)
    pinned = estimate_plan(_pin(project, catalog, rec), catalog, search=True).phases[0]
    assert pinned.config.accelerator_id == rec.accelerator_id


@pytest.mark.parametrize("sample", ["ecommerce-recsys", "manufacturer-vision-private"])
def test_item_serving_samples(searched_sample, sample):
    phase = searched_sample(sample)[0].phases[0]
    search = phase.search
    assert search.family == "items" and search.recommended is not None
    assert reason_text(search.why, "en").startswith("Recommended:")
    assert reason_text(search.why, "zh").startswith("推荐：")
    assert all(c.gpus > 0 and c.nodes > 0 for c in phase.candidates)


def test_vdi_seats(catalog):
    project = Project()
    phase = project.phases[0]
    phase.workloads = [Workload(kind="rendering_vdi", seats=200, seat_profile_gb=8)]
    phase.hardware.accelerator_id = "l40s"
    search = estimate_plan(project, catalog, search=True).phases[0].search
    assert search.family == "seats" and search.recommended is not None
    assert search.recommended.gpus >= 200 * 8 / 48 - 1e-9


def test_agent_hosting_searches_at_the_agents_call_rate(catalog):
    project = Project()
    phase = project.phases[0]
    phase.workloads = [Workload(kind="agent_hosting", model_id="llama-3.1-8b", agents=500,
                                model_calls_per_agent_hour=60)]
    phase.hardware.candidates = ["h100-sxm", "l40s"]
    estimate = estimate_plan(project, catalog, search=True).phases[0]
    rec = estimate.search.recommended
    assert estimate.search.family == "serving" and rec is not None
    rate = 500 * 60 / 3600 * phase.workloads[0].peak_factor
    assert rec.layout["replicas"] * rec.value("max_rate_per_replica") >= rate


def test_moe_serving_tries_expert_parallel_with_attention_data_parallel(catalog):
    project = Project()
    phase = project.phases[0]
    phase.workloads = [Workload(kind="llm_inference", model_id="mixtral-8x7b", peak_requests_per_s=20.0,
                                requests_per_day=0.0)]
    phase.hardware.candidates = ["h100-sxm"]
    search = estimate_plan(project, catalog, search=True).phases[0].search
    shown = (*search.front, *search.cloud, *search.quality_front)
    assert any(p.layout["ep"] > 1 for p in shown)
    assert any(p.layout["ep"] > p.layout["tp"] for p in shown)  # experts wider than TP: attention data parallel
