"""The serving power model: each part of a serving iteration draws what its bound resource draws (core/power_draw.py
serving_draw), from the iteration's compute- and memory-bound shares (core/inference.py, inference_step.bound_split)."""

from __future__ import annotations

import numpy as np
import pytest
from test_power import DGX_H100, _power
from test_training_samples import H100, LLAMA3_8B

from gpudesk.core import constants as C
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.inference_step import ReplicaModel


def test_serving_draw_by_hand():
    """DGX H100 (10.2 kW, 8 × 700 W, idle 0.25 × 10.2 = 2.55 kW), an iteration bound 50% by compute and 30% by
    memory reads, the rest waiting. Per GPU 0.7 × (0.10 + (0.87 − 0.10) × 0.5 + (0.43 − 0.10) × 0.3) = 0.7 × 0.584
    = 0.4088 kW; at the peak 0.28 × 10.2 = 2.856 + 8 × 0.4088 = 6.1264 kW; a year at a quarter of the peak's
    traffic 2.55 + (6.1264 − 2.55) × 0.25 = 3.4441 kW. Capped at 450 W only the draws above the cap fall:
    0.07 + (0.45 − 0.07) × 0.5 + (0.301 − 0.07) × 0.3 = 0.3293 kW."""
    assert (C.GPU_STATIC_POWER_SHARE.value, C.GPU_BUSY_POWER_SHARE.value, C.GPU_MEMORY_BOUND_POWER_SHARE.value) == (
        0.10, 0.87, 0.43)
    kw = {"accelerator_tdp_w": 700.0, "compute_share": 0.5, "memory_share": 0.3, "serving": True}
    peak = _power(DGX_H100, **kw)
    assert peak.number("power.gpu_serving_kw") == pytest.approx(0.4088)
    assert peak.number("power.server_peak_kw") == pytest.approx(6.1264)
    assert peak.number("power.server_kw") == pytest.approx(6.1264)
    year = _power(DGX_H100, traffic_share=0.25, **kw)
    assert year.number("power.server_kw") == pytest.approx(3.4441)
    assert "nameplate" in year.explain("power.server_kw").note
    capped = _power(DGX_H100, gpu_power_limit_w=450.0, **kw)
    assert capped.number("power.gpu_serving_kw") == pytest.approx(0.3293)
    assert "power.gpu_draw_kw" not in peak and "power.load_factor" not in peak  # not the training or fixed-load path


def test_memory_bound_serving_draws_less_than_compute_bound():
    """All compute: the training busy draw (0.609 kW per GPU); all memory reads: 0.43 × 0.7 = 0.301 kW."""
    fs = _power(DGX_H100, accelerator_tdp_w=700.0, compute_share=np.array([1.0, 0.0]),
                memory_share=np.array([0.0, 1.0]), serving=True)
    assert np.allclose(fs["power.gpu_serving_kw"], [0.609, 0.301])


def test_bound_split_divides_the_decode_steps_compute_and_memory_time():
    """bound_split's two parts add up to decode_step's linear + attention seconds; a larger batch is more
    compute-bound (batch 1 streams the weights: nearly all memory)."""
    hw = HardwareArrays.from_accelerators([H100])
    rep = ReplicaModel.build(LLAMA3_8B, hw, Efficiencies.for_hardware(hw, "bf16", None), np.array([1.0]), np.array([1.0]),
                             np.array([1.0]), "bf16", "bf16", "bf16")
    batch, ctx = np.array([1.0, 64.0, 512.0]), np.array([1152.0, 1152.0, 1152.0])
    on_c, on_m = rep.bound_split(batch, ctx)
    step = rep.decode_step(batch, ctx)
    assert np.allclose(on_c + on_m, step["linear"] + step["attention"])
    share = on_c / (on_c + on_m)
    assert share[0] < 0.05 and share[0] < share[1] < share[2]


def test_a_serving_iterations_shares_from_the_time_model():
    """Prefill is compute-bound: with continuous batching the iteration's compute share includes the prefill
    share; the shares stay within 0..1 and leave the collectives and kernel boundaries as waiting."""
    hw = HardwareArrays.from_accelerators([H100])
    fs = estimate_inference(InferenceInputs(model=LLAMA3_8B, hardware=hw, concurrency=np.array([1.0, 128.0]),
                                            prompt_tokens=1024, output_tokens=256, derive_batch=False))
    c, m = np.asarray(fs["infer.compute_bound_share"]), np.asarray(fs["infer.memory_bound_share"])
    assert np.all(c > 0) and np.all(m > 0) and np.all(c + m < 1.0)
    assert c[0] < c[1] and m[0] > m[1]
