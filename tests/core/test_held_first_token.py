"""The first token's balancer hold and prefill wait composed (core/held_first_token.py), and the Server scenario's
rate with the hold (core/server_held_rate.py): a rate below the one without the hold where only it meets the
first-token targets."""

from __future__ import annotations

import numpy as np
import pytest
from test_adp_hold import _simulate
from test_serving_mla_and_adp import DSV3
from test_training_samples import B200

from gpudesk.core.adp_hold import hold_quantile, hold_survival
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.held_first_token import held_wait_quantile, held_wait_survival
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.inference_queue import wait_law, wait_quantile
from gpudesk.core.inference_server import server_rate

CASES = ((40.0, 0.06, 9, 3, 0.6, 5.0), (150.0, 0.06, 50, 10, 0.3, 2.0), (15.0, 0.05, 6, 2, 0.8, 20.0))
"""(prompts/s, iteration s, timeout, batching wait, P_w, μ 1/s): MLPerf's 9 / 3 and 6 / 2, TensorRT-LLM's 50 / 10."""


def _hold(rate: float, t: float, timeout: int, wait: int) -> np.ndarray:
    return hold_survival(np.array([rate]), np.array([t]), np.array([8.0]), np.array([1e4]), timeout, wait)


@pytest.mark.parametrize(("rate", "t", "timeout", "wait", "p_wait", "mu"), CASES)
def test_the_sum_of_hold_and_wait_matches_a_monte_carlo_draw_of_both(rate, t, timeout, wait, p_wait, mu):
    # draw the two laws directly (the hold by inverting its survival, the wait as an atom and an exponential) and
    # read the sum's quantiles; adding the two quantiles is 15-25% off at P99 here (and below the truth at P50)
    survival = _hold(rate, t, timeout, wait)
    rng = np.random.default_rng(11)
    u = rng.random(1_000_000)
    whole = np.arange(survival.shape[1]) * t
    hold = np.where(u >= survival[0, 0], 0.0, np.interp(u, survival[0, ::-1], whole[::-1]))
    drawn = hold + np.where(rng.random(u.size) < p_wait, rng.exponential(1.0 / mu, u.size), 0.0)
    for exceed in (0.5, 0.1, 0.01):
        hold_q = hold_quantile(np.array([rate]), np.array([t]), np.array([8.0]), np.array([1e4]), timeout, wait,
                               exceed)
        wait_q = np.array([np.log(p_wait / exceed) / mu if p_wait > exceed else 0.0])
        got = held_wait_quantile(exceed, survival, np.array([t]), np.array([p_wait]), np.array([mu]), hold_q, wait_q)
        want = float(np.quantile(drawn, 1.0 - exceed))
        assert abs(got[0] - want) <= 0.01 * want + 2e-3, (exceed, got, want)
        if exceed == 0.01:
            assert hold_q[0] + wait_q[0] > 1.15 * want  # the old sum of percentiles
        share = held_wait_survival(np.array([want]), survival, np.array([t]), np.array([p_wait]), np.array([mu]))
        assert abs(share[0] - float(np.mean(drawn > want))) < 2e-3


def test_a_simulated_balancer_and_prefill_queue_agree_with_the_composed_first_token():
    # the balancer run prompt by prompt (test_adp_hold._simulate) and an M/D/1 prefill queue by Lindley's recursion,
    # paired at random (independent), against the composed laws (the queue's by Sakasegawa × Allen-Cunneen, k = 0.5)
    rate, t, service = 40.0, 0.06, 0.02  # ρ = 0.8
    holds = _simulate(rate, t, 8, 9, 3)
    rng = np.random.default_rng(5)
    gaps = rng.exponential(1.0 / rate, holds.size)
    waits = np.zeros(holds.size)
    for i in range(1, holds.size):
        waits[i] = max(waits[i - 1] + service - gaps[i], 0.0)
    drawn = holds + rng.permutation(waits)
    p_wait, mu = wait_law(np.array([rate]), service, 1.0, 0.5)
    for exceed in (0.5, 0.01):
        got = held_wait_quantile(exceed, _hold(rate, t, 9, 3), np.array([t]), p_wait, mu,
                                 hold_quantile(np.array([rate]), np.array([t]), np.array([8.0]), np.array([1e4]), 9, 3,
                                               exceed),
                                 wait_quantile(np.array([rate]), service, 1.0, exceed, 0.5))
        want = float(np.quantile(drawn, 1.0 - exceed))
        assert abs(got[0] - want) <= 0.1 * want, (exceed, got, want)


def _parts() -> dict[str, np.ndarray]:
    """A Server replica's iteration and queue (core/inference_server.server_parts' keys): 25 ms of weights and fixed
    costs, 256 sequences at most, 1,000 output tokens, a 50 ms prefill."""
    one = np.ones(1)
    return {"batch": 256 * one, "gemm_compute": 0.01 * one, "gemm_weights": 0.02 * one, "attention": 0.01 * one,
            "fixed": 0.005 * one, "per_prompt": 1e-4 * one, "output": 1000 * one, "output_tail": 3000 * one,
            "prefill": 0.05 * one, "prefill_tail": 0.1 * one, "prefill_median": 0.05 * one, "step": 0.06 * one,
            "k": 0.5 * one, "tpot_var": 1e-5 * one, "slots": 2000 * one, "capped": np.zeros(1, dtype=bool)}


TARGETS = {"ttft": np.array([0.5]), "ttft_tail": np.array([1.5]), "tpot": np.array([0.08]), "e2e": np.array([0.0])}


def _meets(parts: dict[str, np.ndarray], lam: np.ndarray, timeout: int, wait: int) -> np.ndarray:
    """Whether the P50 and P99 first token (hold + wait composed + prefill + iteration) meet TARGETS at each rate."""
    from gpudesk.core.inference_server import chord

    a, b = chord(parts)
    n = lam * 1000 * a / (1.0 - lam * 1000 * b)
    t = a + b * n
    survival = hold_survival(lam, t, np.full(lam.shape, 8.0), n, timeout, wait)
    p_wait, mu = wait_law(lam, 0.05, 1.0, 0.5)
    p50 = held_wait_survival(np.full(lam.shape, 0.5 - 0.05 - 0.06), survival, t, p_wait, mu) <= 0.5
    p99 = held_wait_survival(np.full(lam.shape, 1.5 - 0.1 - 0.06), survival, t, p_wait, mu) <= 0.01
    return p50 & p99


def test_the_rate_is_the_highest_a_dense_scan_finds_below_the_rate_without_the_hold():
    parts = _parts()
    free = server_rate(parts, TARGETS, 2.326, 0.01)
    held = server_rate(parts, TARGETS, 2.326, 0.01, (np.array([8.0]), 50, 10))
    top, lam = float(free["rate"][0]), float(held["rate"][0])
    assert not _meets(parts, np.array([top]), 50, 10)[0]  # the rate without the hold misses the first token with it
    assert 0 < lam < top and held["bound"][0] == 0  # the first-token target binds
    dense = np.geomspace(top * 1e-4, top, 20_000)
    ok = _meets(parts, dense, 50, 10)
    best = float(dense[ok].max())
    assert abs(lam - best) <= 5e-4 * best, (lam, best)
    assert _meets(parts, np.array([lam]), 50, 10)[0]
    # and at the lowest rate scanned nothing is held (some rank decodes nothing): a rate always meets the held
    # targets where the closed form's does without the hold (core/server_held_rate.py, step 3)
    assert _meets(parts, np.array([top * 1e-6]), 50, 10)[0]
    # where the hold is 0 (one attention rank) the search leaves the closed form's rate as it is
    same = server_rate(parts, TARGETS, 2.326, 0.01, (np.array([1.0]), 50, 10))
    assert same["rate"][0] == free["rate"][0] and same["bound"][0] == free["bound"][0]


def _b200(**kw) -> InferenceInputs:
    plan = dict(model=DSV3, hardware=HardwareArrays.from_accelerators([B200]), weight_dtype="fp4", kv_dtype="fp8",
                prompt_tokens=1000, output_tokens=1000, tp=1, ep=8, scenario="server", ttft_target_s=0.5,
                ttft_tail_target_s=1.5, tpot_target_s=0.050, percentile=0.99, request_rate=1.0,
                prompts_aligned=True, adp_timeout_iters=50, adp_batching_wait_iters=10)
    return InferenceInputs(**{**plan, **kw})


def test_a_plan_whose_hold_misses_at_the_tpot_bound_rate_serves_at_a_lower_one():
    # DeepSeek-V3 FP4 on 8 B200, EP8 × ADP8, TensorRT-LLM's default balancer (50 / 10), first token P50 0.5 s and
    # P99 1.5 s: at the TPOT target's rate (36 requests/s) the hold misses the P50; the solver read 'cannot serve'
    # (rate 0) before, and now finds the rate where the P50 first token is the target
    off = estimate_inference(_b200(prompts_aligned=False))
    fs = estimate_inference(_b200())
    lam = float(fs.value_at("infer.max_rate_per_replica", 0))
    assert str(off.value_at("infer.rate_bound", 0)) == "tpot"
    assert 0 < lam < 0.5 * float(off.value_at("infer.max_rate_per_replica", 0))
    assert str(fs.value_at("infer.rate_bound", 0)) == "ttft"
    at = estimate_inference(_b200(request_rate=lam))  # one replica at that rate: the figures the proposal reads
    assert float(at.value_at("infer.replicas_needed", 0)) == 1.0
    assert abs(float(at.value_at("infer.ttft_s", 0)) - 0.5) < 1e-3  # the P50 target binds
    assert float(at.value_at("infer.ttft_at_percentile_s", 0)) <= 1.5
    assert abs(float(at.value_at("infer.ttft_at_percentile_s", 0))
               - float(fs.value_at("infer.server_ttft_tail_s", 0))) < 1e-6
    assert "composed" in fs.formula("infer.server_ttft_tail_s") and "composed" in at.formula("infer.ttft_p99_s")


def test_rows_are_searched_each_on_their_own():
    # four rows at once (as a configuration search passes them) read what each reads alone: the search's row
    # bookkeeping (rows whose rate without the hold stands, rows searched, a row bound by its end-to-end target)
    rows = [({"prefill": 0.05}, TARGETS, 8.0),
            ({"prefill": 0.02}, TARGETS, 1.0),  # one attention rank: nothing held, the closed form stands
            ({"prefill": 0.05}, {**TARGETS, "ttft": np.array([3.0]), "ttft_tail": np.array([6.0])}, 8.0),  # room
            ({"prefill": 0.03}, {"ttft": np.array([0.0]), "ttft_tail": np.array([0.0]), "tpot": np.array([0.08]),
                                 "e2e": np.array([0.06 * 3000 + 0.45])}, 8.0)]  # the end-to-end target
    alone = []
    for change, targets, groups in rows:
        parts = {**_parts(), **{k: v * np.ones(1) for k, v in change.items()}}
        alone.append(server_rate(parts, targets, 2.326, 0.01, (np.array([groups]), 50, 10)))
    parts = {k: np.concatenate([{**_parts(), **{c: v * np.ones(1) for c, v in ch.items()}}[k] for ch, _, _ in rows])
             for k in _parts()}
    targets = {k: np.concatenate([t[k] for _, t, _ in rows]) for k in TARGETS}
    together = server_rate(parts, targets, 2.326, 0.01, (np.array([g for _, _, g in rows]), 50, 10))
    for key in ("rate", "bound", "in_flight", "tpot_tail", "ttft_tail", "hold", "hold_tail"):
        assert np.allclose(together[key], np.concatenate([a[key] for a in alone]), rtol=1e-9), key
    free = server_rate(parts, targets, 2.326, 0.01)
    assert together["rate"][0] < free["rate"][0] and together["bound"][0] == 0  # searched, P50 first token
    assert together["rate"][1] == free["rate"][1] and together["rate"][2] == free["rate"][2]
    assert together["rate"][3] < free["rate"][3] and together["bound"][3] == 2  # searched, end-to-end
