"""A static replica's queue is a batch server (core/batch_server.py): it takes up to C waiting requests, runs them
to the end of the longest, then takes the next batch. Until stop 26 its wait came from C independent slots
(M/G/c), as if each request left on its own; a request arriving while a batch runs waits for that batch to end.

The formula is checked against a seeded simulation of the batch server itself (Poisson arrivals, a batch of b
taking T(b) on the chord between T(1) and T(C), as the model reads it), at the shape of the worked example
(Llama 3.1 70B FP8 TP4 on H200, 2,048 + 512 tokens: C 12, T(1) ≈ 3.7 s, T(C) ≈ 5.1 s) and at a wide batch."""

from __future__ import annotations

import numpy as np
import pytest

import gpudesk.core.batch_server as batch_server_module
from gpudesk.core.batch_server import BatchServer, first_tokens, law_at, max_rate, wait_quantile

MEAN_TOLERANCE = 0.05
"""The formula's mean wait and its P50 / P90 against the simulation's (relative): the M/D/C part is Sakasegawa's
approximation and the batch time the mean batch's (module docstring); the six cases below land within 1.5%. The M/G/c
of C slots the static queue read before gives a P50 of 0 s at every one of them (1.95 s simulated at C 12, 20%)."""


def _server(c: float, one: float, full: float) -> BatchServer:
    return BatchServer(np.array([c]), np.array([one]), np.array([full]), np.array([0.1]), np.array([0.1 * c]))


def _simulate(rate: float, server: BatchServer, arrivals: int = 40_000, seed: int = 20261205) -> np.ndarray:
    """Waits from arrival to the start of one's batch, the first tenth dropped (the empty start)."""
    c = int(server.batch[0])
    times = np.cumsum(np.random.default_rng(seed).exponential(1.0 / rate, arrivals))
    waits = np.empty(arrivals)
    free, i = 0.0, 0
    while i < arrivals:
        start = max(free, times[i])
        j = min(int(np.searchsorted(times, start, side="right")), i + c)  # those waiting, at most C
        waits[i:j] = start - times[i:j]
        free, i = start + float(server.time_of(np.array([j - i]))[0]), j
    return waits[arrivals // 10:]


@pytest.mark.parametrize("c,one,full", [(12.0, 3.7, 5.1), (64.0, 1.0, 3.0)])
def test_the_mean_wait_matches_a_simulated_batch_server_at_three_loads(c: float, one: float, full: float) -> None:
    server = _server(c, one, full)
    for load in (0.2, 0.5, 0.8):  # of the stable rate C / T(C)
        rate = load * c / full
        waits = _simulate(rate, server)
        law = law_at(server, np.array([rate]))
        assert float(law.mean()[0]) == pytest.approx(waits.mean(), rel=MEAN_TOLERANCE), (c, load)
        for q in (0.5, 0.1):  # and the law's quantiles (the P50 and the percentile the targets ask for)
            assert float(wait_quantile(law, q)[0]) == pytest.approx(np.quantile(waits, 1.0 - q), rel=MEAN_TOLERANCE, abs=0.02)


def test_a_batch_of_one_is_the_m_d_1_queue() -> None:
    """C = 1: the batch server is M/D/1, whose mean wait is ρT / (2(1 − ρ)) (Pollaczek-Khinchine)."""
    for rho in (0.3, 0.6, 0.9):
        law = law_at(_server(1.0, 1.0, 1.0), np.array([rho]))
        assert float(law.mean()[0]) == pytest.approx(rho / (2.0 * (1.0 - rho)), rel=0.06)


def test_a_request_arriving_during_a_batch_waits_for_it_to_end() -> None:
    """M/G/c let a request start when one of C slots freed; a batch server makes it wait for the batch: at a low
    load the wait is the share of time a batch runs × half a batch, where C slots barely ever all run."""
    server = _server(12.0, 3.7, 5.1)
    law = law_at(server, np.array([0.05]))
    assert float(law.busy[0]) == pytest.approx(0.05 * 3.7 / (0.05 * 3.7 + np.exp(-0.05 * 3.7)), rel=0.02)
    assert float(law.mean()[0]) == pytest.approx(float(law.busy[0]) * 0.5 * float(law.time_s[0]), rel=0.01)
    assert float(wait_quantile(law, 0.01)[0]) > 3.0  # one request in a hundred waits most of a batch


def test_waits_and_the_batch_grow_with_the_rate_and_diverge_at_the_stable_rate() -> None:
    server = BatchServer(*(np.full(200, v) for v in (12.0, 3.7, 5.1, 0.09, 0.97)))
    top = float(server.stable_rate()[0])
    rates = np.linspace(0.0, 0.999 * top, 200)
    law = law_at(server, rates)
    for series in (law.mean(), law.batch, law.busy, *(wait_quantile(law, q) for q in (0.5, 0.1, 0.01))):
        assert np.all(np.diff(series) >= -1e-9)
    assert law.batch[0] == 1.0 and law.batch[-1] > 11.0
    beyond = law_at(_server(12.0, 3.7, 5.1), np.array([top * 1.01]))
    assert np.isinf(beyond.mean()[0]) and np.isinf(wait_quantile(beyond, 0.5)[0])


def test_the_highest_rate_meets_its_targets_and_no_more() -> None:
    server = BatchServer(*(np.array([v]) for v in (12.0, 3.7, 5.1, 0.09, 0.97)))
    step = np.array([0.008])
    targets = [(np.array([1.0]), 0.5, "first"), (np.array([3.0]), 0.01, "first"), (np.array([0.0]), 0.01, "last")]
    lam = max_rate(server, step, targets)
    assert 0.0 < lam[0] < server.stable_rate()[0]

    def ttft(rate: np.ndarray, q: float) -> float:
        _, (wait,), prefill = first_tokens(server, rate, (q,))
        return float(wait[0] + prefill[0] + step[0])

    assert ttft(lam, 0.01) <= 3.0 + 1e-6 and ttft(lam * 1.01, 0.01) > 3.0  # the P99 target binds
    tighter = max_rate(server, step, [*targets[:1], (np.array([2.0]), 0.01, "first")])
    assert tighter[0] < lam[0]
    assert max_rate(server, step, [(np.array([0.05]), 0.5, "first")])[0] == 0.0  # one prompt's prefill misses it
    assert max_rate(server, step, [(np.array([0.0]), 0.5, "first")])[0] == server.stable_rate()[0]  # no target
    e2e = max_rate(server, step, [(np.array([8.0]), 0.01, "last")])
    law = law_at(server, e2e)
    assert float(wait_quantile(law, 0.01)[0] + server.time_of(law.batch)[0]) == pytest.approx(8.0, abs=1e-3)


def _random_servers(n: int = 20_000) -> tuple[BatchServer, np.ndarray]:
    rng = np.random.default_rng(3)
    one = rng.uniform(0.1, 10.0, n)
    full = one * rng.uniform(1.0, 5.0, n)
    server = BatchServer(rng.integers(1, 300, n).astype(float), one, full, 0.02 * one, 0.1 * full)
    return server, rng.uniform(0.0, 0.999, n) * server.stable_rate()


def test_the_mean_batch_s_newton_steps_have_converged(monkeypatch: pytest.MonkeyPatch) -> None:
    server, rates = _random_servers()
    shipped = law_at(server, rates)
    monkeypatch.setattr(batch_server_module, "BATCH_NEWTON_STEPS", batch_server_module.BATCH_NEWTON_STEPS + 1)
    more = law_at(server, rates)
    assert np.allclose(more.mean(), shipped.mean(), rtol=1e-12, atol=0.0)
    assert np.allclose(more.batch, shipped.batch, rtol=1e-12, atol=0.0)


def test_the_wait_quantile_inverts_its_law() -> None:
    """Newton within the batch in progress, closed form past it: against 80 halvings of P(W > t) = q."""
    server, rates = _random_servers()
    law = law_at(server, rates)
    for q in (0.5, 0.1, 0.01, 0.001):
        lo, hi = np.zeros(rates.size), law.time_s + np.log(np.maximum(law.busy / q, 1.0)) / law.mu
        for _ in range(80):
            mid = 0.5 * (lo + hi)
            over = law.survival(mid) > q
            lo, hi = np.where(over, mid, lo), np.where(over, hi, mid)
        assert np.allclose(wait_quantile(law, q), np.where(law.busy > q, hi, 0.0), rtol=1e-9, atol=1e-9)
