"""Scaling curves, best layouts and what limits them."""

from __future__ import annotations

import numpy as np
from test_training_samples import H100, LLAMA3_8B, LLAMA3_70B, MIXTRAL

from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.scaling import Workload, best_layouts, enumerate_layouts, scaling_curve

COUNTS = [8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384]


def test_strong_scaling_efficiency_falls_and_names_its_limit():
    hw = HardwareArrays.from_accelerators([H100])
    fs = scaling_curve(Workload(LLAMA3_70B, global_batch=1024, seq_len=8192), hw, COUNTS, tp=8, pp=4)
    eff = fs["scale.efficiency"]
    assert np.isnan(eff[0]) and np.isnan(eff[1])  # 8 and 16 GPUs cannot hold t·p = 32
    assert eff[2] == 1.0
    assert eff[-1] < eff[4] < 1.0001
    limits = [str(c) for c in fs["scale.limit"]]
    assert limits[0] == "invalid_layout"
    assert limits[-1] in ("pipeline_bubble", "dp_comm")


def test_layout_enumeration_respects_divisibility_and_domain():
    lay = enumerate_layouts(LLAMA3_70B, [64], domain=8, global_batch=128, micro_batch=1)
    assert lay["tp"].max() <= 8
    dp = lay["n"] / (lay["tp"] * lay["pp"])
    assert np.all(dp == np.round(dp)) and np.all(dp >= 1)
    moe = enumerate_layouts(MIXTRAL, [64], domain=8, global_batch=128, micro_batch=1)
    assert moe["ep"].max() == 8


def test_best_layout_fits_and_is_at_least_as_fast_as_a_fixed_one():
    hw = HardwareArrays.from_accelerators([H100])
    work = Workload(LLAMA3_70B, global_batch=1024, seq_len=4096)
    best = best_layouts(work, hw, [64, 512])
    fixed = scaling_curve(work, hw, [64, 512], tp=8, pp=8)
    assert np.all(best["scale.best_tokens_per_s"] >= np.nan_to_num(fixed["scale.tokens_per_s"]) * 0.9999)
    assert np.all(best["scale.best_tp"] * best["scale.best_pp"] <= np.array([64, 512]))
    assert best["scale.layouts_evaluated"] > 10


def test_too_few_gpus_is_a_memory_limit():
    hw = HardwareArrays.from_accelerators([H100])
    best = best_layouts(Workload(LLAMA3_70B, global_batch=64), hw, [1, 2])
    assert [str(c) for c in best["scale.best_limit"]] == ["memory", "memory"]


def test_small_model_scales_near_linearly_at_moderate_size():
    hw = HardwareArrays.from_accelerators([H100])
    best = best_layouts(Workload(LLAMA3_8B, global_batch=2048, seq_len=4096), hw, [8, 64])
    assert best["scale.best_efficiency"][1] > 0.85
