"""The end drain of a finite run (core/inference_drain.py): residual lengths and the run's time."""

from __future__ import annotations

import numpy as np

from gpudesk.core.inference_drain import finite_run, residual_survival


def test_residual_is_the_renewal_excess_and_the_cap_ends_it():
    for mean, sd in ((3880.0, 4158.0), (680.0, 0.0), (1000.0, 300.0)):
        r = np.linspace(0.0, 60 * mean, 30_001)
        p = residual_survival(r, mean, sd)
        assert p[0] == 1.0 and np.all(np.diff(p) <= 1e-12)
        assert np.isclose(np.trapezoid(p, r), (mean * mean + sd * sd) / (2 * mean), rtol=1e-3), (mean, sd)
    assert np.allclose(residual_survival(np.array([0.0, 340.0, 680.0, 700.0]), 680.0, 0.0), [1.0, 0.5, 0.0, 0.0])
    capped = residual_survival(np.array([0.0, 10_000.0, 19_999.0, 20_000.0]), 3880.0, 4158.0, cap=20_000.0)
    assert capped[0] == 1.0 and 0 < capped[2] < capped[1] and capped[3] == 0.0


def test_a_step_that_costs_per_sequence_loses_nothing_and_a_flat_one_loses_more_the_shorter_the_run():
    batch = np.array([1.0, 64.0, 512.0, 4096.0])
    proportional = finite_run(26_328, 4096, 3880.0, 4158.0, 20_000.0, 0.08, batch, 0.08 * batch / 4096)
    assert abs(proportional.factor - 1.0) < 0.01 and proportional.drain_tokens > 0.1 * proportional.tokens
    flat = [finite_run(n, 4096, 3880.0, 4158.0, 20_000.0, 0.08, batch, np.full(4, 0.08)) for n in (26_328, 105_312)]
    assert flat[0].factor < flat[1].factor < 1.0
    assert 0.9 * 20_000 * 0.08 < flat[0].drain_seconds <= 20_000 * 0.08  # the longest residual is the cap
    same = finite_run(26_328, 4096, 680.0, 0.0, np.inf, 0.08, batch, np.full(4, 0.08))  # no spread: O steps
    assert np.isclose(same.drain_seconds, 680 * 0.08, rtol=0.01) and np.isclose(same.drain_tokens, 4096 * 340, rtol=0.01)
