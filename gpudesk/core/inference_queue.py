"""Queueing of requests in front of a serving replica (vectorised).

A replica serving ``c`` sequences at once with continuous batching is
modelled as c servers, each holding one request for its service time S
(TTFT + output tokens × TPOT). Arrivals are Poisson.

* M/M/c mean queue length by Sakasegawa's approximation (Sakasegawa 1977,
  Ann. Inst. Stat. Math. 29): Lq ≈ ρ^√(2(c+1)) / (1 − ρ); the probability
  of waiting is P_w = Lq·(1 − ρ)/ρ, and the M/M/c waiting-time tail is
  P(W > t) = P_w · exp(−c·(1 − ρ)·t / S).
* Deterministic service (LLM requests of a fixed shape) halves waiting by
  the Allen-Cunneen correction (ca² + cs²)/2 = QUEUE_VARIABILITY_FACTOR.

So the q-quantile of waiting is k · S · ln(P_w / q) / (c · (1 − ρ)) when
P_w > q, else 0. Rates that meet a waiting budget are found by bisection
on ρ, all candidates at once.
"""

from __future__ import annotations

import numpy as np

from gpudesk.core.constants import QUEUE_VARIABILITY_FACTOR


def wait_quantile(rate: np.ndarray, service_s: np.ndarray, servers: np.ndarray, q: float) -> np.ndarray:
    """q-quantile (as exceedance probability, e.g. 0.01 for P99) of waiting before service, seconds."""
    c = np.maximum(np.asarray(servers, dtype=np.float64), 1.0)
    s = np.asarray(service_s, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        rho = np.asarray(rate, dtype=np.float64) * s / c
        lq = rho ** np.sqrt(2.0 * (c + 1.0)) / (1.0 - rho)
        p_wait = np.clip(lq * (1.0 - rho) / np.maximum(rho, 1e-300), 0.0, 1.0)
        t = QUEUE_VARIABILITY_FACTOR.value * s * np.log(np.maximum(p_wait, 1e-300) / q) / (c * (1.0 - rho))
    t = np.where(p_wait > q, t, 0.0)
    return np.where(rho < 1.0, t, np.inf)


def max_rate(service_s: np.ndarray, servers: np.ndarray | float, p50_budget_s: np.ndarray, p99_budget_s: np.ndarray,
             iterations: int = 40) -> np.ndarray:
    """Largest arrival rate whose P50 and P99 waits stay within their budgets (0 when none does).

    Each bisection step evaluates both quantiles with the arithmetic of ``wait_quantile`` (same operations in
    the same order, so the same bits), sharing the load, queue length and waiting probability between them and
    computing the two quantiles as the rows of one array (half the numpy calls: on the few candidates an
    estimate has, each call's overhead is most of its cost).
    """
    c = np.maximum(np.asarray(servers, dtype=np.float64), 1.0)
    s = np.asarray(service_s, dtype=np.float64)
    p50 = np.asarray(p50_budget_s)
    p99 = np.asarray(p99_budget_s)
    shape = np.broadcast(c, s, p50, p99).shape
    lo = np.zeros(shape)
    hi = np.ones(shape)
    exponent = np.sqrt(2.0 * (c + 1.0))
    k_s = QUEUE_VARIABILITY_FACTOR.value * s
    quantiles = np.array([0.5, 0.01]).reshape((2,) + (1,) * len(shape))
    budgets = np.stack(np.broadcast_arrays(p50, p99, lo)[:2])
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for _ in range(iterations):
            mid = 0.5 * (lo + hi)
            rho = mid * c / s * s / c
            idle = 1.0 - rho
            lq = rho ** exponent / idle
            p_wait = np.minimum(np.maximum(lq * idle / np.maximum(rho, 1e-300), 0.0), 1.0)
            floor = np.maximum(p_wait, 1e-300)
            spread = c * idle
            waits = np.where(rho < 1.0, np.where(p_wait > quantiles, k_s * np.log(floor / quantiles) / spread, 0.0),
                             np.inf)  # row 0: P50, row 1: P99
            within = waits <= budgets
            ok = within[0] & within[1]
            lo = np.where(ok, mid, lo)
            hi = np.where(ok, hi, mid)
    feasible = (p50 >= 0) & (p99 >= 0) & np.isfinite(s) & (s > 0)
    return np.where(feasible, lo * c / s, 0.0)
