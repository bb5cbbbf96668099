"""Plan inputs that let published runs be expressed (issue 18): parallel.dp, the serving memory share,
and the accuracy band beside each figure."""

from __future__ import annotations

import json

import pytest

from gpudesk.core.accuracy import figure_band
from gpudesk.core.constants.accuracy import ACCURACY_BANDS
from gpudesk.results.pipeline import PlanInputError, estimate_plan
from gpudesk.results.plan_json import plan_to_json
from gpudesk.project.model import Project


def _training(dp: int, nodes: int = 0) -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.parallel.dp = "pretrain", "llama-3.1-8b", 1, dp
    project.phases[0].hardware.nodes = nodes
    return project


def test_parallel_dp_sets_the_job_size(catalog) -> None:
    """dp = 2 with tp = pp = cp = 1 is a 2-GPU job (before: gpudesk sized its own count and ignored dp)."""
    phase = estimate_plan(_training(dp=2), catalog).phases[0]
    assert phase.figures.number("train.in.n_gpus") == 2
    assert phase.figures.number("train.dp") == 2


def test_parallel_dp_that_contradicts_the_nodes_is_refused_by_name(catalog) -> None:
    with pytest.raises(PlanInputError) as raised:
        estimate_plan(_training(dp=2, nodes=1), catalog)  # 1 node × 8 GPUs, tp·pp·cp = 1: dp would be 8
    assert "workloads[0].parallel.dp" in str(raised.value) and "set dp to 8 or 0" in str(raised.value)


def test_serving_memory_share_bounds_the_kv_cache(catalog) -> None:
    def kv_limit(share: float) -> float:
        project = Project()
        w = project.phases[0].workloads[0]
        w.kind, w.model_id, w.serving_memory_fraction = "llm_inference", "llama-3.1-8b", share
        w.concurrency = 100_000
        return estimate_plan(project, catalog).phases[0].figures.number("infer.max_concurrency_kv")

    # H100 80 GB, 8B bf16 weights ≈ 16 GB: the KV share grows with the memory share, a little more than
    # proportionally because the weights are a fixed part of it.
    low, high = kv_limit(0.5), kv_limit(0.9)
    assert high > low * (0.9 / 0.5)


def test_each_banded_figure_carries_its_group_band_in_json(catalog) -> None:
    project = Project()
    project.phases[0].workloads[0].kind = "llm_inference"
    out = json.loads(json.dumps(plan_to_json(estimate_plan(project, catalog))))
    band = out["phases"][0]["accuracy"]["infer.tokens_per_s"]
    shipped = ACCURACY_BANDS["serving throughput"]
    assert band["group"] == "serving throughput" and band["low"] == shipped["low"] and band["coverage"] == 0.8
    assert out["phases"][0]["accuracy"]["mem.total"] is None  # serving memory: no validation, said as such


def test_time_figures_take_the_inverse_band_and_unvalidated_kinds_have_none() -> None:
    tps = figure_band("train.tokens_per_s", "pretrain")
    step = figure_band("train.step_time_s", "pretrain")
    assert step.low == pytest.approx(1.0 / (1.0 + tps.high) - 1.0, abs=1e-3)
    assert step.high == pytest.approx(1.0 / (1.0 + tps.low) - 1.0, abs=1e-3)
    assert figure_band("mem.total", "vision_inference") is None
    assert figure_band("infer.tokens_per_s", "pretrain") is None
