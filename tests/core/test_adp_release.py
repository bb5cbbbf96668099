"""The busiest attention rank's excess prompts under TensorRT-LLM's ADP balancer (core/adp_release.py), against a direct
run of the balancer's release rule, and what it charges a serving plan's iteration (infer.prefill_wait_s)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from adp_balancer_rule import BalancerCounters
from test_adp_hold import _plan as hold_plan

from gpudesk.core.adp_release import release_excess
from gpudesk.core.busiest_rank import expected_busiest
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs


def _simulate(rate: float, groups: int, timeout: int, wait: int, iterations: int = 60_000, seed: int = 3) -> float:
    """Busiest rank's prompts beyond the mean, per iteration, in a direct run of py_executor's _balance_adp_requests
    (every rank decoding, no rank's batch full): arrivals Poisson over the ranks each iteration, held while some rank
    has none until the timeout counter reaches T, else W iterations more once every rank has one; a release lets
    every rank's prompts go, the one with none included."""
    rng = np.random.default_rng(seed)
    counts = np.zeros(groups)
    arrivals = rng.poisson(rate / groups, (iterations, groups))
    counters = BalancerCounters(timeout, wait)
    excess = 0.0
    for it in range(iterations):
        counts += arrivals[it]
        if counters.release(bool((counts > 0).all())):
            excess += groups * counts.max() - counts.sum()
            counts[:] = 0
    return excess / iterations


def _closed(rate: float, groups: int, timeout: int, wait: int, in_flight: float = 1e5) -> float:
    return float(release_excess(np.array([rate]), np.array([float(groups)]), np.array([in_flight]), timeout,
                                wait)[0])


def _unaligned(rate: float, groups: int) -> float:
    return float(groups * expected_busiest(np.array([rate / groups]), np.array([float(groups)]))[0] - rate)


@pytest.mark.parametrize("rate, groups, timeout, wait", [
    (0.85, 8, 9, 3),  # MLPerf DeepSeek-R1 Server rates: the timeout forces almost every release
    (0.85, 8, 6, 2),
    (3.0, 8, 9, 3),  # every rank fills within the timeout: aligned releases, the busiest still above the mean
    (0.3, 8, 50, 10),  # TensorRT-LLM's defaults
    (2.0, 4, 9, 0),
])
def test_the_excess_matches_a_direct_run_of_the_balancer(rate, groups, timeout, wait):
    sim = _simulate(rate, groups, timeout, wait)
    assert _closed(rate, groups, timeout, wait) == pytest.approx(sim, rel=0.04)


def test_releases_gathered_over_a_cycle_are_more_even_than_prompts_placed_as_they_come():
    for rate, timeout, wait in ((0.85, 9, 3), (3.0, 9, 3), (0.3, 50, 10)):
        held = _closed(rate, 8, timeout, wait)
        assert 0.0 < held < 0.6 * _unaligned(rate, 8)
    # a longer wait gathers more before a release: the excess per iteration falls
    assert _closed(3.0, 8, 50, 10) < _closed(3.0, 8, 9, 3)


def test_the_two_limits_of_the_release_rule():
    # every rank has a prompt every iteration and no batching wait: a release each iteration, as prompts come
    # (E[max of 8 Poisson(50)] summed exactly here: expected_busiest takes the normal limit above a mean of 8)
    x = np.arange(400)
    cdf = np.cumsum(np.exp(x * np.log(50.0) - 50.0 - np.array([math.lgamma(k + 1.0) for k in x])))
    assert _closed(400.0, 8, 9, 0) == pytest.approx(8 * np.sum(1.0 - np.minimum(cdf, 1.0) ** 8) - 400.0, rel=2e-3)
    # few prompts: every release is the timeout's, T iterations' worth with some rank at none; for two ranks the
    # busiest holds the other's count where one is at none: E[max·1{some at none}] = 2·P(N = 0)·E[N], N ~ Poisson(m·T)
    rate, timeout = 0.001, 9
    mu = rate / 2 * timeout
    assert (1.0 - np.exp(-mu)) ** 2 < 1e-4  # both ranks filled by the timeout: an aligned release, vanishing here
    want = 2 * (2 * np.exp(-mu) * mu) / timeout - rate
    assert _closed(rate, 2, timeout, 3) == pytest.approx(want, rel=0.01)
    assert _closed(rate, 2, timeout, 3) > 0.9 * rate  # one rank at none: nearly every release waits on the other


def test_between_the_exact_nodes_the_excess_is_read_within_a_fifth_of_a_percent():
    from gpudesk.core.adp_release import _expected_max_at_release

    for timeout, wait in ((9, 3), (50, 10), (500, 10), (6, 2)):
        for m in (0.0013, 0.047, 0.13, 0.71, 3.3):  # between nodes of the grid (2^(j/4))
            busiest, length = _expected_max_at_release(np.array([m]), np.array([8.0]), timeout, wait)
            exact = 8.0 * busiest[0] / length[0] - 8.0 * m
            assert _closed(8.0 * m, 8, timeout, wait) == pytest.approx(exact, rel=2e-3), (timeout, wait, m)


def test_a_rank_decoding_nothing_releases_at_once_and_one_group_waits_for_nobody():
    assert _closed(0.85, 8, 9, 3, in_flight=0.5) == pytest.approx(_unaligned(0.85, 8), rel=1e-3)
    assert _closed(0.85, 1, 9, 3) == 0.0
    assert release_excess(np.zeros(3), np.full(3, 8.0), np.full(3, 1e4), 9, 3).tolist() == [0.0, 0.0, 0.0]


def _plan(**kw) -> InferenceInputs:
    """test_adp_hold's DeepSeek-V3 Server plan on 8 B200 at a given 2,048 sequences (no TPOT target to derive one)."""
    return hold_plan(**{"concurrency": 2048, "tpot_target_s": 0.0, **kw})


def test_a_balanced_plan_pays_its_releases_excess_whatever_its_first_token_target():
    off = estimate_inference(_plan())
    on = estimate_inference(_plan(prompts_aligned=True, adp_timeout_iters=9, adp_batching_wait_iters=3))
    wait_off, wait_on = (float(f.value_at("infer.prefill_wait_s", 0)) for f in (off, on))
    assert 0.0 < wait_on < 0.6 * wait_off  # the held releases are more even than prompts as they come
    # the wait is the excess times what one prompt costs its group: the two plans share the per-prompt cost
    c = 2048.0
    ratio = _closed(c / 3880.0, 8, 9, 3, in_flight=c) / _unaligned(c / 3880.0, 8)
    assert wait_on / wait_off == pytest.approx(ratio, rel=1e-6)
    offline = estimate_inference(_plan(prompts_aligned=True, adp_timeout_iters=9, adp_batching_wait_iters=3,
                                       scenario="offline", ttft_tail_target_s=0.0))
    assert float(offline.value_at("infer.prefill_wait_s", 0)) == pytest.approx(wait_on, rel=1e-9)
    explained = on.explain("infer.prefill_wait_s")
    assert "ADP balancer" in explained.formula
    assert {"infer.in.adp_timeout_iters", "infer.in.adp_batching_wait_iters"} <= {q.key for q in explained.inputs}
    # identical requests fed at once keep every group in step (trtllm-bench's runs): no wait without a TTFT target
    same = estimate_inference(_plan(identical_requests=True, scenario="offline", ttft_tail_target_s=0.0))
    assert float(same.value_at("infer.prefill_wait_s", 0)) == 0.0
    assert float(estimate_inference(replace(_plan(), identical_requests=True)).value_at(
        "infer.prefill_wait_s", 0)) == pytest.approx(wait_off, rel=1e-9)
