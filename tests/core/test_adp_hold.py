"""The first token's hold in TensorRT-LLM's attention data-parallel balancer (core/adp_hold.py) and where it counts:
the TTFT figures, the Server scenario's rate under a first-token target, the plan's inputs."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from adp_balancer_rule import BalancerCounters
from test_serving_mla_and_adp import DSV3
from test_training_samples import B200

from gpudesk.core.adp_hold import hold_quantile, hold_survival
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.pitfalls import adp_hold_check
from gpudesk.project.model import Workload
from gpudesk.vocabulary.serving import ADP_BALANCE_BATCHING_WAIT_ITERS, ADP_BALANCE_TIMEOUT_ITERS


def _simulate(rate: float, t: float, groups: int, timeout: int, wait: int, iterations: int = 30_000,
              seed: int = 7) -> np.ndarray:
    """Holds (s) of every prompt in a direct run of py_executor's _balance_adp_requests (every rank decoding):
    arrivals Poisson over the ranks, checked once an iteration, released by the two counters."""
    rng = np.random.default_rng(seed)
    pending: list[list[float]] = [[] for _ in range(groups)]
    counters = BalancerCounters(timeout, wait)
    holds: list[float] = []
    for it in range(1, iterations + 1):
        now = it * t
        for rank in range(groups):
            k = rng.poisson(rate * t / groups)
            pending[rank].extend(now - rng.uniform(0.0, t, k))
        if counters.release(all(pending)):
            for rank in range(groups):
                holds.extend(now - a for a in pending[rank])
                pending[rank] = []
    return np.asarray(holds)


def test_few_prompts_wait_out_the_timeout_uniformly():
    # one prompt a second over 8 ranks at 60 ms iterations: a rank rarely fills, so every cycle is the timeout's T
    # iterations and a prompt waits the rest of it, uniform on [0, T·t]
    args = dict(iteration_s=np.array([0.06]), groups=np.array([8.0]), in_flight=np.array([500.0]), timeout=9, wait=3)
    assert abs(hold_quantile(np.array([1.0]), exceed=0.5, **args)[0] - 0.5 * 9 * 0.06) < 0.02
    assert abs(hold_quantile(np.array([1.0]), exceed=0.01, **args)[0] - 0.99 * 9 * 0.06) < 0.03
    # never beyond the timeout plus the batching wait
    for rate in (0.5, 5.0, 50.0, 500.0):
        assert hold_quantile(np.array([rate]), exceed=0.001, **args)[0] <= 12 * 0.06 + 1e-9


def test_the_hold_matches_a_direct_run_of_the_balancer():
    for rate, timeout, wait in ((40.0, 9, 3), (150.0, 50, 10), (15.0, 6, 2)):
        sim = _simulate(rate, 0.06, 8, timeout, wait)
        for exceed in (0.5, 0.01):
            got = hold_quantile(np.array([rate]), np.array([0.06]), np.array([8.0]), np.array([1e4]), timeout, wait,
                                exceed)[0]
            want = float(np.quantile(sim, 1.0 - exceed))
            assert abs(got - want) <= 0.1 * want + 0.06, (rate, timeout, wait, exceed, got, want)


def test_nothing_is_held_without_data_parallel_attention_or_with_a_rank_idle():
    one = np.array([1.0])
    assert hold_quantile(one * 20, one * 0.06, one, one * 500, 9, 3, 0.01)[0] == 0.0  # one attention group
    # sequences in flight 0.1 per rank: some rank is idle almost always, and the engine then releases at once
    assert hold_survival(one * 20, one * 0.06, one * 8, one * 0.8, 9, 3)[0, 0] < 0.01


def _plan(**kw) -> InferenceInputs:
    plan = dict(model=DSV3, hardware=HardwareArrays.from_accelerators([B200]), weight_dtype="fp4", kv_dtype="fp8",
                prompt_tokens=800, output_tokens=3880, tp=1, ep=8, concurrency=4096, scenario="server",
                ttft_target_s=0.0, ttft_tail_target_s=2.0, tpot_target_s=0.080, percentile=0.99, request_rate=10.0)
    return InferenceInputs(**{**plan, **kw})


def test_the_hold_joins_the_first_token_and_binds_the_rate_under_a_first_token_target():
    off, on = estimate_inference(_plan()), estimate_inference(_plan(prompts_aligned=True, adp_timeout_iters=9,
                                                                     adp_batching_wait_iters=3))
    assert "infer.ttft_hold_s" not in off and "infer.in.adp_timeout_iters" not in off
    hold = float(on.value_at("infer.ttft_hold_tail_s", 0))
    assert 0.1 < hold < 12 * float(on.value_at("infer.tpot_s", 0))
    # hold and wait composed (core/held_first_token.py): the sum at the percentile is at least each part's and,
    # here, less than the two percentiles added (each first token's own iteration taken out: the balanced plan's is
    # shorter, its releases more even than prompts placed as they come, core/adp_release.py)
    added = float(on.value_at("infer.ttft_at_percentile_s", 0)) - float(on.value_at("infer.tpot_s", 0)) \
        - float(off.value_at("infer.ttft_at_percentile_s", 0)) + float(off.value_at("infer.tpot_s", 0))
    wait = float(on.value_at("infer.ttft_wait_tail_s", 0))
    assert max(hold - wait, 0.0) - 1e-9 <= added < hold
    # a first-token target the hold does not leave room for: the highest rate falls, and where it lands the
    # first token (hold included) meets the target
    tight = dict(ttft_tail_target_s=float(off.value_at("infer.ttft_at_percentile_s", 0)) + 0.3)
    rate_off = float(estimate_inference(_plan(**tight)).value_at("infer.max_rate_per_replica", 0))
    held = estimate_inference(_plan(prompts_aligned=True, adp_timeout_iters=50, adp_batching_wait_iters=10, **tight))
    rate_on = float(held.value_at("infer.max_rate_per_replica", 0))
    assert rate_on < rate_off
    assert float(held.value_at("infer.server_ttft_tail_s", 0)) <= tight["ttft_tail_target_s"] * 1.02


def test_the_plan_states_the_balancer_with_tensorrt_llms_defaults():
    from gpudesk.core.serving_load import serving_inputs

    w = Workload()
    assert (w.attention_dp_timeout_iters, w.attention_dp_batching_wait_iters) == (50, 10)
    assert (ADP_BALANCE_TIMEOUT_ITERS, ADP_BALANCE_BATCHING_WAIT_ITERS) == (50, 10)  # AttentionDpConfig's
    w.attention_dp_balance, w.attention_dp_timeout_iters, w.attention_dp_batching_wait_iters = True, 6, 2
    inp = serving_inputs(DSV3, w, HardwareArrays.from_accelerators([B200]), 1.0)
    assert (inp.prompts_aligned, inp.adp_timeout_iters, inp.adp_batching_wait_iters) == (True, 6, 2)
    assert replace(inp, adp_timeout_iters=9).adp_timeout_iters == 9


def test_a_hold_long_against_the_first_token_target_is_a_warning():
    # TensorRT-LLM's defaults at a 50 ms iteration: up to 3 s, against a 2 s target
    (check,) = adp_hold_check(50, 10, 0.050, 2.0)
    assert check.id == "serving.adp_hold_long" and check.step == "gpu" and abs(check.numbers["longest_s"] - 3.0) < 1e-9
    assert "3.00 s" in check.message and "2.00 s" in check.message
    assert adp_hold_check(9, 3, 0.050, 2.0) == []  # 0.6 s: no warning
