"""Serving sweeps that read no queueing figures or fewest-GPU search skip them (issue 24), and the queue's largest
rate is the root of both quantiles of wait_quantile."""

from __future__ import annotations

import numpy as np
from test_training_samples import A100, H100, LLAMA3_8B, LLAMA3_70B

from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.inference_queue import max_rate, wait_quantile


def test_a_sweep_without_the_queue_gives_every_other_figure_unchanged() -> None:
    hw = HardwareArrays.from_accelerators([A100, H100]).take(np.array([0, 1, 1, 0, 1]))
    cases = ((LLAMA3_8B, "continuous", 0.05), (LLAMA3_70B, "separate_prefill", 0.0), (LLAMA3_8B, "static", 0.0),
             (LLAMA3_70B, "continuous", np.array([0.0, 0.05, 0.0, 0.02, 0.0])))
    for model, batching, tpot in cases:
        kw = dict(model=model, hardware=hw, prompt_tokens=1500, output_tokens=300, tp=np.array([1, 2, 4, 8, 8]),
                  concurrency=np.array([1, 8, 32, 64, 256]), request_rate=20.0, ttft_target_s=1.0,
                  ttft_tail_target_s=3.0, tpot_target_s=tpot, batching=batching)
        full = estimate_inference(InferenceInputs(**kw))
        sweep = estimate_inference(InferenceInputs(**kw, queue=False, layout_search=False))
        assert "infer.max_rate_per_replica" in full and "infer.max_rate_per_replica" not in sweep
        assert "infer.ttft_s" not in sweep and "infer.gpus_needed" not in sweep
        assert "mem.min_gpus" in full and "mem.min_gpus" not in sweep and "mem.max_concurrency" in sweep
        assert set(sweep.keys()) < set(full.keys())
        for key in sweep.keys():
            assert np.array_equal(np.asarray(sweep[key]), np.asarray(full[key])) or \
                np.array_equal(np.asarray(sweep[key], dtype=float), np.asarray(full[key], dtype=float),
                               equal_nan=True), key


def test_max_rate_is_the_largest_rate_both_quantiles_of_wait_quantile_allow() -> None:
    """The largest rate whose P50 and P99 waits (wait_quantile) meet their budgets, against a 40-step bisection."""
    rng = np.random.default_rng(24)
    service = rng.uniform(0.05, 30.0, 64)
    servers = rng.integers(1, 256, 64).astype(float)
    p50 = rng.uniform(0.0, 3.0, 64)
    p99 = p50 * rng.uniform(1.0, 6.0, 64)
    p50[::5] = np.inf
    rate = max_rate(service, servers, p50, p99)
    lo, hi = np.zeros(64), np.ones(64)
    for _ in range(40):  # the reference: one element at a time through wait_quantile
        mid = 0.5 * (lo + hi)
        r = mid * servers / service
        ok = (wait_quantile(r, service, servers, 0.5) <= p50) & (wait_quantile(r, service, servers, 0.01) <= p99)
        lo, hi = np.where(ok, mid, lo), np.where(ok, hi, mid)
    expected = lo * servers / service
    assert np.allclose(rate, expected, rtol=1e-6, atol=0.0)
    assert (rate > 0).all()


def test_in_flight_context_is_length_biased_by_the_output_spread() -> None:
    """Hand count: I = 1,000, O = 500, sd(O) = 500 in flight: 1,000 + (250,000 + 250,000) / 1,000 = 1,500 tokens
    (a sequence stays in the batch in proportion to its output length), not 1,000 + 500/2 = 1,250; without a spread
    1,250; static batching keeps 1,250 (the batch steps through its outputs together). The decode step reads it."""
    hw = HardwareArrays.from_accelerators([H100])
    common = dict(model=LLAMA3_8B, hardware=hw, concurrency=64, prompt_tokens=1000, output_tokens=500)
    spread = estimate_inference(InferenceInputs(**common, output_sd=[500.0, 0.0]))
    assert np.allclose(spread["infer.context_in_flight"], [1500.0, 1250.0])
    assert spread.value_at("infer.decode_step_s", 0) > spread.value_at("infer.decode_step_s", 1)
    static = estimate_inference(InferenceInputs(**common, output_sd=500.0, batching="static"))
    assert np.allclose(static["infer.context_in_flight"], 1250.0)
