"""The end drain of a finite run (core/inference_drain.py): residual lengths, survivors' context, the run's time."""

from __future__ import annotations

import numpy as np
from test_serving_mla_and_adp import DSV3
from test_training_samples import B200

from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_drain import decode_steps, drain_path, finite_run
from gpudesk.core.inference_inputs import InferenceInputs


def test_the_drain_is_the_renewal_excess_its_survivors_grow_older_and_the_cap_ends_it():
    for mean, sd in ((3880.0, 4158.0), (680.0, 0.0), (1000.0, 300.0)):
        p = drain_path(4096, 800.0, mean, sd, points=4000)
        assert p.busy[0] == 1.0 and np.all(np.diff(p.busy) <= 1e-12) and np.all(np.diff(p.context) >= -1e-9)
        excess = np.trapezoid(p.busy, p.r)  # E[R] = E[O²]/(2·E[O]) of the (uncapped) lengths
        assert np.isclose(excess, (mean * mean + sd * sd) / (2 * mean), rtol=0.05), (mean, sd, excess)
        assert np.isclose(p.context[0], 800.0 + excess, rtol=0.05) and p.alive[0] == 1.0
    flat = drain_path(4096, 800.0, 680.0, 0.0)
    assert np.allclose(flat.busy[[0, 100, 200]], [1.0, 0.5, 0.0]) and np.isclose(flat.context[100], 800 + 510)
    capped = drain_path(4096, 800.0, 3880.0, 4158.0, cap=20_000.0)
    assert capped.r[-1] == 20_000.0 and capped.busy[-1] == 0.0 and capped.alive[-2] > 0.0


def test_a_step_that_costs_per_sequence_loses_nothing_and_a_flat_one_loses_more_the_shorter_the_run():
    def proportional(batch, _context):
        return 0.08 * batch / 4096

    def flat(batch, _context):
        return np.full(len(batch), 0.08)

    even = finite_run(26_328, 4096, 800.0, 3880.0, 4158.0, 20_000.0, 0.08, proportional)
    assert abs(even.factor - 1.0) < 0.01 and even.drain_tokens > 0.1 * even.tokens
    runs = [finite_run(n, 4096, 800.0, 3880.0, 4158.0, 20_000.0, 0.08, flat) for n in (26_328, 105_312)]
    assert runs[0].factor < runs[1].factor < 1.0
    assert 0.9 * 20_000 * 0.08 < runs[0].drain_seconds <= 20_000 * 0.08  # the longest residual is the cap
    same = finite_run(26_328, 4096, 800.0, 680.0, 0.0, np.inf, 0.08, flat)  # no spread: the last O steps
    assert np.isclose(same.drain_seconds, 680 * 0.08, rtol=0.01) and np.isclose(same.drain_tokens, 4096 * 340, rtol=0.01)


def test_the_drain_steps_are_the_serving_models_own():
    inp = InferenceInputs(model=DSV3, hardware=HardwareArrays.from_accelerators([B200]), weight_dtype="fp4", kv_dtype="fp8", prompt_tokens=800, output_tokens=3880,
        output_sd=4158, concurrency=4096, tp=1, ep=8, scenario="offline")
    fs = estimate_inference(inp)
    step = decode_steps(inp)
    held, context = fs.value_at("infer.concurrency", 0), fs.value_at("infer.context_in_flight", 0)
    here = step(np.array([float(held)]), np.array([float(context)]))
    assert np.isclose(here[0], fs.value_at("infer.decode_step_s", 0), rtol=1e-12)
    small, old = step(np.array([64.0, 64.0]), np.array([5000.0, 15000.0]))
    assert 0 < small < old < here[0]


def test_the_runs_last_completions_take_the_drains_last_seconds():
    def flat(batch, _context):
        return np.full(len(batch), 0.08)

    run = finite_run(26_328, 4096, 800.0, 680.0, 0.0, np.inf, 0.08, flat)  # no spread: all end within O steps
    assert np.isclose(run.time_after(26_328, 1.0 - 2048 / 26_328), 340 * 0.08, rtol=0.02)
    assert np.isnan(run.time_after(26_328, 0.5)) and run.time_after(26_328, 1.0) == 0.0
