"""Constrained search: feasible set, cheapest, fastest, Pareto front."""

from __future__ import annotations

import numpy as np

from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import InferenceInputs
from gpudesk.core.scaling import Workload
from gpudesk.core.search import Constraints, pareto_front, search_inference, search_training
from test_training_samples import A100, B200, H100, L40S, LLAMA3_8B, LLAMA3_70B

PRICES = {"a100-sxm-80gb": 1.8, "h100-sxm": 3.0, "b200": 5.0, "l40s": 1.0}


def test_pareto_front_keeps_only_undominated_points():
    time = np.array([1.0, 2.0, 3.0, 1.5, 4.0])
    cost = np.array([10.0, 5.0, 6.0, 12.0, 1.0])
    front = pareto_front(time, cost, np.array([True, True, True, True, True]))
    assert front.tolist() == [0, 1, 4]
    assert pareto_front(time, cost, np.zeros(5, bool)).size == 0


def test_training_search_finds_cheapest_fastest_and_front():
    work = Workload(LLAMA3_8B, global_batch=1024, seq_len=4096, train_tokens=2e11)
    res = search_training(work, [A100, H100, B200], [8, 32, 128], Constraints(PRICES, deadline_days=60))
    fs = res.figures
    assert res.feasible.any()
    cost, days = fs["search.cost"], fs["train.time_to_train_days"]
    assert cost[res.cheapest] == cost[res.feasible].min()
    assert days[res.fastest] == days[res.feasible].min()
    assert res.pareto[0] == res.fastest or days[res.pareto[0]] == days[res.fastest]
    assert set(res.pareto.tolist()) <= set(np.flatnonzero(res.feasible).tolist())
    assert np.all(days[res.feasible] <= 60)


def test_constraints_filter_accelerators_and_budget():
    work = Workload(LLAMA3_8B, global_batch=512, seq_len=4096, train_tokens=1e11)
    res = search_training(work, [A100, H100, L40S], [8, 16],
                          Constraints({"a100-sxm-80gb": 1.8, "h100-sxm": 3.0}, allowed_ids=["h100-sxm", "l40s"]))
    assert set(res.accelerator_ids.tolist()) == {"h100-sxm"}
    assert "allowed" in res.skipped["a100-sxm-80gb"] and "price" in res.skipped["l40s"]
    broke = search_training(work, [H100], [8, 16], Constraints(PRICES, budget=1.0))
    assert not broke.feasible.any() and broke.cheapest is None


def test_inference_search_meets_latency_targets():
    base = InferenceInputs(model=LLAMA3_70B, hardware=HardwareArrays.from_accelerators([H100]), weight_dtype="fp8",
                           kv_dtype="fp8", prompt_tokens=1024, output_tokens=256, concurrency=64, request_rate=10.0,
                           ttft_target_s=1.0, ttft_tail_target_s=2.0, tpot_target_s=0.05)
    res = search_inference(base, [H100, B200, L40S], [1, 2, 4, 8], Constraints(PRICES))
    fs = res.figures
    assert res.feasible.any()
    assert np.all(fs["infer.ttft_at_percentile_s"][res.feasible] <= 2.0)
    assert np.all(fs["infer.tpot_s"][res.feasible] <= 0.05 + 1e-12)
    assert fs["search.cost_per_hour"][res.cheapest] == fs["search.cost_per_hour"][res.feasible].min()
