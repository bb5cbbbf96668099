"""LLM serving: roofline steps, KV limit, TP, MoE, queueing, replicas, disaggregation."""

from __future__ import annotations

import numpy as np
import pytest
from test_training_samples import A100, B200, H100, LLAMA3_8B, LLAMA3_70B, MI300X, MIXTRAL

from gpudesk.core.constants import HBM_EFFICIENCY
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.inference_queue import max_rate, wait_quantile


def _infer(model=LLAMA3_8B, accs=(H100,), **kw):
    hw = HardwareArrays.from_accelerators(list(accs))
    return estimate_inference(InferenceInputs(model=model, hardware=hw, **kw))


def test_batch_one_decode_is_weight_bandwidth_bound():
    fs = _infer(concurrency=1, prompt_tokens=128, output_tokens=128)
    weights = 8.03e9 * 2  # bf16; embedding input is not streamed but the output head is: same order
    t = fs.value_at("infer.decode_step_s", 0)
    assert weights / (3.35e12 * HBM_EFFICIENCY.value) * 0.9 < t < weights / (3.35e12 * HBM_EFFICIENCY.value) * 1.1
    assert fs.value_at("infer.bottleneck", 0) == "weights_bandwidth"


def test_quantized_weights_and_kv_speed_up_decode():
    fs16 = _infer(concurrency=64, prompt_tokens=2048, output_tokens=512)
    fs8 = _infer(concurrency=64, prompt_tokens=2048, output_tokens=512, weight_dtype="fp8", kv_dtype="fp8")
    assert fs8.value_at("infer.tpot_s", 0) < 0.7 * fs16.value_at("infer.tpot_s", 0)
    assert fs8.value_at("infer.max_concurrency_kv", 0) > fs16.value_at("infer.max_concurrency_kv", 0)


def test_throughput_grows_with_concurrency_until_kv_runs_out():
    fs = _infer(model=LLAMA3_70B, tp=4, concurrency=[1, 16, 128, 100000], prompt_tokens=2048, output_tokens=256)
    tps = [fs.value_at("infer.tokens_per_s", i) for i in range(4)]
    assert tps[0] < tps[1] < tps[2] <= tps[3] * 1.0001
    assert fs.value_at("infer.concurrency", 3) == fs.value_at("infer.max_concurrency_kv", 3)
    assert fs.value_at("infer.bottleneck", 3) == "kv_capacity"


def test_tpot_target_caps_concurrency():
    free = _infer(concurrency=512, prompt_tokens=1024, output_tokens=256)
    capped = _infer(concurrency=512, prompt_tokens=1024, output_tokens=256, tpot_target_s=0.02)
    assert capped.value_at("infer.tpot_s", 0) <= 0.02
    assert capped.value_at("infer.concurrency", 0) < free.value_at("infer.concurrency", 0)


def test_tensor_parallel_cuts_latency_and_costs_all_reduces():
    fs = _infer(model=LLAMA3_70B, tp=[2, 8], concurrency=1, prompt_tokens=1024, output_tokens=128, weight_dtype="fp8")
    assert fs.value_at("infer.tpot_s", 1) < fs.value_at("infer.tpot_s", 0)
    assert fs.value_at("infer.gpus_per_replica", 1) == 8


def test_moe_reads_only_routed_experts_at_small_batch():
    fs = _infer(model=MIXTRAL, accs=(H100,), tp=2, concurrency=[1, 256], prompt_tokens=512, output_tokens=128)
    dense_equiv = 46.7e9 * 2 / 2 / (3.35e12 * HBM_EFFICIENCY.value)
    assert fs.value_at("infer.decode_step_s", 0) < 0.6 * dense_equiv


def test_prefill_is_compute_bound_and_ttft_includes_it():
    fs = _infer(accs=(A100, H100, B200), prompt_tokens=8192, output_tokens=64, concurrency=1)
    pre = [fs.value_at("infer.prefill_s", i) for i in range(3)]
    assert pre[2] < pre[1] < pre[0]
    assert fs.value_at("infer.ttft_s", 1) >= pre[1]


def test_queueing_math_limits():
    assert wait_quantile(np.array(0.0), 1.0, 4.0, 0.01) == 0.0
    assert np.isinf(wait_quantile(np.array(5.0), 1.0, 4.0, 0.01))
    slow = wait_quantile(np.array(3.6), 1.0, 4.0, 0.01)
    fast = wait_quantile(np.array(2.0), 1.0, 4.0, 0.01)
    assert slow > fast >= 0
    lam = max_rate(np.array(1.0), np.array(4.0), np.array(0.1), np.array(0.5))
    assert 0 < lam < 4.0
    assert wait_quantile(lam, 1.0, 4.0, 0.01) <= 0.5 + 1e-6


def test_replicas_scale_with_the_request_rate():
    fs = _infer(model=LLAMA3_70B, tp=4, concurrency=64, prompt_tokens=1024, output_tokens=256,
                request_rate=[1.0, 50.0], ttft_target_s=1.0, ttft_tail_target_s=3.0)
    r = [fs.value_at("infer.replicas_needed", i) for i in range(2)]
    assert r[1] > r[0] >= 1
    assert fs.value_at("infer.gpus_needed", 1) == r[1] * 4
    assert fs.value_at("infer.ttft_p99_s", 1) <= 3.0 + 1e-9
    assert fs.value_at("infer.utilisation", 1) < 1.0


def test_disaggregation_sizes_two_pools_and_adds_kv_transfer():
    fs = _infer(model=LLAMA3_70B, tp=4, concurrency=64, prompt_tokens=4096, output_tokens=256, request_rate=20.0,
                disaggregated=True)
    assert fs.value_at("infer.kv_transfer_s", 0) > 0
    total = fs.value_at("infer.disagg_prefill_gpus", 0) + fs.value_at("infer.disagg_decode_gpus", 0)
    assert fs.value_at("infer.gpus_needed", 0) == pytest.approx(total)


def test_mixed_vendors_in_one_sweep():
    fs = _infer(model=LLAMA3_70B, accs=(H100, MI300X), tp=[4, 1], concurrency=32, prompt_tokens=1024,
                output_tokens=256)
    assert all(fs.value_at("infer.tokens_per_s", i) > 0 for i in range(2))
    assert "MI300X" in fs.explain("eff.matmul", 1).source


def test_unsupported_precision_is_reported():
    fs = _infer(accs=(A100,), weight_dtype="fp8", kv_dtype="fp8", concurrency=8)
    assert fs.value_at("infer.bottleneck", 0) == "unsupported_precision"
    assert np.isnan(fs.value_at("infer.tokens_per_s", 0))  # unknown, not 0 (issue 16 error 2)


def test_a_model_that_does_not_fit_serves_nothing():
    fs = _infer(model=LLAMA3_70B, tp=1, concurrency=8)
    assert fs.value_at("infer.max_concurrency_kv", 0) == 0
    assert np.isnan(fs.value_at("infer.tpot_s", 0))
