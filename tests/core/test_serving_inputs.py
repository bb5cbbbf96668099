"""Serving inputs in business terms: peak rate, percentile targets, length spreads, the derived engine batch."""

from __future__ import annotations

import math

import numpy as np
import pytest
from test_training_samples import H100, LLAMA3_8B, LLAMA3_70B

from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_lengths import concurrency_with_spread, lognormal_quantile
from gpudesk.core.inference_queue import max_rate, wait_quantile
from gpudesk.core.serving_load import daily_requests, peak_rate, record_load, serving_inputs
from gpudesk.project.model import Workload


def _fs(w: Workload, model=LLAMA3_70B, acc=H100, rate=None, **override):
    """The serving figures of ``w`` (a 70B model over 4 H100 unless the workload says otherwise)."""
    hw = HardwareArrays.from_accelerators([acc])
    override.setdefault("tp", w.parallel.tp if w.parallel.tp > 1 else (4 if model is LLAMA3_70B else 1))
    return estimate_inference(serving_inputs(model, w, hw, peak_rate(w) if rate is None else rate, **override))


def test_peak_rate_from_daily_volume_over_busy_hours_or_as_stated():
    w = Workload(kind="llm_inference", requests_per_day=288_000, busy_hours_per_day=8, peak_factor=2.0)
    # 288,000 requests in 8 busy hours = 10/s on average in those hours; × 2 at the peak
    assert peak_rate(w) == pytest.approx(10.0 * 2.0)
    w2 = Workload(kind="llm_inference", peak_requests_per_s=40.0, requests_per_day=0.0, busy_hours_per_day=10,
                  peak_factor=2.0)
    assert peak_rate(w2) == 40.0
    assert daily_requests(w2) == pytest.approx(40.0 * 10 * 3600 / 2.0)  # derived when not stated
    fs = FigureSet()
    assert record_load(fs, w2) == 40.0
    assert fs.explain("serve.requests_per_day").formula == "peak rate × busy hours × 3,600 / peak factor"


def test_users_give_the_rate_per_person():
    w = Workload(kind="llm_inference", users=2000, peak_requests_per_s=40.0, requests_per_day=0.0,
                 busy_hours_per_day=10, peak_factor=2.0)
    fs = FigureSet()
    record_load(fs, w)
    assert fs.value_at("serve.peak_seconds_between_requests") == pytest.approx(2000 / 40.0)  # 50 s
    assert fs.value_at("serve.requests_per_user_per_day") == pytest.approx(40.0 * 36_000 / 2.0 / 2000)


def test_lognormal_tail_keeps_the_mean_and_grows_with_the_spread():
    # mean 1,000, sd 500: σ² = ln(1.25); the P95 length is 1000·exp(1.6449·σ − σ²/2) ≈ 1,901
    sigma = math.sqrt(math.log(1.25))
    assert lognormal_quantile(np.array(1000.0), np.array(500.0), 1.6448536) == pytest.approx(
        1000 * math.exp(1.6448536 * sigma - sigma * sigma / 2), rel=1e-6)
    assert lognormal_quantile(np.array(1000.0), np.array(0.0), 2.33) == pytest.approx(1000.0)
    # a sample's mean is the stated mean
    rng = np.random.default_rng(1)
    draws = rng.lognormal(math.log(1000) - sigma * sigma / 2, sigma, 200_000)
    assert draws.mean() == pytest.approx(1000, rel=0.01)


def test_kv_concurrency_with_spread_holds_c_times_mean_plus_the_tail():
    # F = 1,000 units, A = 10 per sequence, a = 0.01 per token, sd 500 tokens at z = 1.645: the largest C with
    # 10·C + 1.645·500·0.01·√C ≤ 1,000 → √C = (−8.22 + √(8.22² + 40,000)) / 20 ≈ 9.596 → C = 92
    c = concurrency_with_spread(np.array(1000.0), np.array(10.0), np.array(0.01), np.array(500.0), 1.645)
    assert int(c) == 92 and 10 * 92 + 1.645 * 500 * 0.01 * math.sqrt(92) <= 1000
    assert int(concurrency_with_spread(np.array(1000.0), np.array(10.0), np.array(0.01), np.array(0.0), 1.645)) == 100


def test_queue_newton_solver_matches_bisection():
    rng = np.random.default_rng(0)
    n = 20_000
    s, c = rng.uniform(0.5, 50, n), np.floor(rng.uniform(1, 512, n))
    b50, b99 = rng.uniform(-0.1, 3, n), rng.uniform(-0.1, 10, n)
    lo, hi = np.zeros(n), np.ones(n)
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        ok = (wait_quantile(mid * c / s, s, c, 0.5) <= b50) & (wait_quantile(mid * c / s, s, c, 0.01) <= b99)
        lo, hi = np.where(ok, mid, lo), np.where(ok, hi, mid)
    expected = np.where((b50 >= 0) & (b99 >= 0), lo * c / s, 0.0)
    got = max_rate(s, c, b50, b99)
    assert np.allclose(got, expected, rtol=1e-12, atol=1e-12)


def test_higher_percentile_needs_at_least_as_many_gpus():
    base = dict(kind="llm_inference", peak_requests_per_s=20.0, ttft_ms=1500.0, ttft_p50_ms=0.0, prompt_tokens=2000,
                prompt_tokens_sd=1500, output_tokens=300, output_tokens_sd=200)
    gpus = [_fs(Workload(**base, latency_percentile=p)).value_at("infer.gpus_needed", 0) for p in ("p50", "p95", "p99")]
    assert gpus[0] <= gpus[1] <= gpus[2] and gpus[0] < gpus[2]


def test_length_spread_lengthens_the_tail_and_widens_the_queue():
    same = _fs(Workload(kind="llm_inference", peak_requests_per_s=10.0, latency_percentile="p95"))
    spread = _fs(Workload(kind="llm_inference", peak_requests_per_s=10.0, latency_percentile="p95",
                          prompt_tokens_sd=800, output_tokens_sd=200))
    assert spread.value_at("infer.prompt_tokens_tail", 0) > same.value_at("infer.prompt_tokens_tail", 0) == 1024
    assert spread.value_at("infer.queue_variability", 0) > same.value_at("infer.queue_variability", 0) == 0.5
    assert spread.value_at("infer.max_concurrency_kv", 0) < same.value_at("infer.max_concurrency_kv", 0)
    assert spread.value_at("infer.ttft_at_percentile_s", 0) > same.value_at("infer.ttft_at_percentile_s", 0)


def test_the_derived_batch_is_no_hidden_cap():
    """Unset, the engine batch is the largest that fits and meets TPOT; a higher engine maximum changes nothing."""
    w = Workload(kind="llm_inference", model_id="llama-3.1-70b", peak_requests_per_s=30.0, tpot_ms=60.0,
                 parallel=Workload().parallel)
    w.parallel.tp = 4
    derived = _fs(w)
    c = derived.value_at("infer.concurrency", 0)
    assert c > 32  # the old hidden per-replica cap
    assert derived.value_at("infer.tpot_s", 0) <= 0.060
    assert derived.explain("infer.concurrency").formula.startswith("largest C")
    w_big = Workload(**{**w.__dict__, "concurrency": 10_000})
    assert _fs(w_big).value_at("infer.gpus_needed", 0) == derived.value_at("infer.gpus_needed", 0)
    w_small = Workload(**{**w.__dict__, "concurrency": 8})  # a stated engine maximum below it does bind
    assert _fs(w_small).value_at("infer.gpus_needed", 0) > derived.value_at("infer.gpus_needed", 0)


def test_requests_in_flight_follow_littles_law():
    fs = _fs(Workload(kind="llm_inference", model_id="llama-3.1-8b", peak_requests_per_s=12.0), model=LLAMA3_8B)
    assert fs.value_at("infer.in_flight", 0) == pytest.approx(12.0 * fs.value_at("infer.e2e_latency_s", 0))


def test_an_end_to_end_target_adds_a_constraint():
    base = dict(kind="llm_inference", peak_requests_per_s=20.0, output_tokens=500, latency_percentile="p95")
    free = _fs(Workload(**base))
    tight = _fs(Workload(**base, e2e_ms=free.value_at("infer.e2e_at_percentile_s", 0) * 1000 * 0.8))
    assert tight.value_at("infer.e2e_at_percentile_s", 0) * 1000 <= free.value_at("infer.e2e_at_percentile_s", 0) * 800 + 1e-6
    assert tight.value_at("infer.gpus_needed", 0) >= free.value_at("infer.gpus_needed", 0)
