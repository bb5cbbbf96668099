"""A serving step's TP all-reduce runs in the protocol NCCL's tuner picks (NVIDIA/nccl src/graph/tuning.cc).

Each protocol takes latency + bytes / bandwidth and NCCL runs the fastest: LL (3.6 us + 0.47 us per NVLink step) moves
an all-reduce's bytes at a quarter of the bus bandwidth, Simple (8.4 us + 3.4 us per step) at all of it. Until
2026-12-03 gpudesk gave every all-reduce LL's latency with Simple's bandwidth, 10 us where a 37 MB all-reduce on
8 GPUs (Llama 3.1 405B TP8 at ~1,100 sequences) pays 56 us; TensorRT-LLM's all-reduce on 4 H100
(ai-dynamo/aiconfigurator h100_sxm/trtllm/1.2.0rc1/custom_allreduce_perf.txt.bak) measured 30 us + bytes / rate
from 8 to 537 MB, the Simple latency of 4 GPUs being 28.8 us.
"""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.core.collectives import Links, collective_time, tuned_all_reduce_time
from gpudesk.core.constants import (
    NCCL_BASE_LATENCY_S,
    NCCL_HOP_LATENCY_S,
    NCCL_SIMPLE_BASE_LATENCY_S,
    NCCL_SIMPLE_HOP_LATENCY_S,
)
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays

# TensorRT-LLM 1.2.0rc1 all-reduce on 4 H100 (float16; bytes, seconds): the file above, message_size x 2 bytes
TRTLLM_H100_TP4 = ((16_777_216, 113.0e-6), (33_554_432, 178.7e-6), (67_108_864, 342.4e-6),
                   (268_435_456, 1179.6e-6), (536_870_912, 2329.1e-6))


def _links(catalog, gpu: str = "h100-sxm") -> Links:
    hw = HardwareArrays.from_accelerators([catalog.accelerator(gpu)])
    return Links.from_hardware(hw, Efficiencies.for_hardware(hw, "fp8"))


def test_small_buffers_keep_the_ll_protocol(catalog) -> None:
    """Eight decode tokens of a 16,384-wide model (262 kB): LL's latency, its bytes at a quarter of the bandwidth."""
    links, n = _links(catalog), np.array([8.0])
    size = 16384 * 2.0 * 8
    ll = NCCL_BASE_LATENCY_S.value + 14 * NCCL_HOP_LATENCY_S["scaleup"].value + 4 * 2 * 7 / 8 * size / (450e9 * 1.07)
    assert tuned_all_reduce_time(np.array([size]), n, n, links)[0] == pytest.approx(ll, rel=1e-3)


def test_megabytes_pay_the_simple_latency(catalog) -> None:
    links, n = _links(catalog), np.array([8.0])
    size = np.array([1134 * 16384 * 2.0])
    ll = collective_time("all_reduce", size, n, n, links)[0]
    simple_latency = NCCL_SIMPLE_BASE_LATENCY_S.value + 14 * NCCL_SIMPLE_HOP_LATENCY_S["scaleup"].value
    volume = 2 * 7 / 8 * size[0] / (450e9 * 1.07)
    assert tuned_all_reduce_time(size, n, n, links)[0] == pytest.approx(simple_latency + volume, rel=1e-3)
    assert tuned_all_reduce_time(size, n, n, links)[0] > ll + 40e-6


def test_no_group_no_time(catalog) -> None:
    one = np.array([1.0])
    assert tuned_all_reduce_time(np.array([1e8]), one, one, _links(catalog))[0] == 0.0


def test_latency_term_matches_the_published_tensorrt_llm_curve(catalog) -> None:
    """The published curve's intercept (a line through its two largest points) is the Simple protocol's latency
    within a few microseconds; its slope is TensorRT-LLM's own bus bandwidth on 4 H100, which is not the model's
    (350 against 482 GB/s, see docs/validation.md), so only the latency is checked here."""
    (s1, t1), (s2, t2) = TRTLLM_H100_TP4[-2:]
    intercept = t1 - s1 * (t2 - t1) / (s2 - s1)
    n = np.array([4.0])
    links = _links(catalog)
    model_latency = (tuned_all_reduce_time(np.array([s1]), n, n, links)[0]
                     - 2 * 3 / 4 * s1 / (450e9 * 1.07))
    assert model_latency == pytest.approx(intercept, abs=5e-6)


def test_training_tp_all_reduce_is_the_serving_formula(catalog) -> None:
    """One collective, one formula: a training step's TP all-reduce of b·s·h activations is the serving step's
    tuned all-reduce of the same bytes (until 2026-12-03 training kept LL's latency with Simple's bandwidth)."""
    from gpudesk.core.constants import ACTIVATION_COMM_BYTES
    from gpudesk.core.training import estimate_training
    from gpudesk.core.training_inputs import TrainingInputs

    model = catalog.model("llama-3.1-70b")
    hw = HardwareArrays.from_accelerators([catalog.accelerator("h100-sxm")])
    fs = estimate_training(TrainingInputs(model=model, hardware=hw, n_gpus=8, tp=8, pp=1, micro_batch=1,
                                          global_batch=4, seq_len=4096, zero_stage=1, recompute="selective"))
    n = np.array([8.0])
    one_call = tuned_all_reduce_time(np.array([4096 * model.hidden * ACTIVATION_COMM_BYTES.value]), n, n,
                                     Links.from_hardware(hw, Efficiencies.for_hardware(hw, "bf16")))[0]
    assert fs.value_at("train.comm_tp_s", 0) == pytest.approx(4 * model.n_layers * 4 * one_call, rel=1e-9)
