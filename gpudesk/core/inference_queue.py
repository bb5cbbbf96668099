"""Queueing of requests in front of a serving replica (vectorised).

A replica serving ``c`` sequences at once with continuous batching is
modelled as c servers, each holding one request for its service time S
(TTFT + output tokens × TPOT). Arrivals are Poisson.

* M/M/c mean queue length by Sakasegawa's approximation (Sakasegawa 1977,
  Ann. Inst. Stat. Math. 29): Lq ≈ ρ^√(2(c+1)) / (1 − ρ); the probability
  of waiting is P_w = Lq·(1 − ρ)/ρ = ρ^(√(2(c+1)) − 1), and the M/M/c
  waiting-time tail is P(W > t) = P_w · exp(−c·(1 − ρ)·t / S).
* General service by the Allen-Cunneen correction k = (ca² + cs²)/2 with
  Poisson arrivals (ca² = 1): requests of one fixed shape have cs² ≈ 0
  (k = QUEUE_VARIABILITY_FACTOR = 0.5, M/D/c); a spread of request lengths
  adds its squared coefficient of variation, k = 0.5 + cs²/2.

So the q-quantile of waiting is k · S · ln(P_w / q) / (c · (1 − ρ)) when
P_w > q, else 0. The highest load meeting a waiting budget B at
exceedance q solves g(ρ) = k·S·((a − 1)·ln ρ − ln q) − B·c·(1 − ρ) = 0
(a = √(2(c+1))) above ρ₀ = q^(1/(a−1)), where waiting starts to exceed
nothing: g is increasing and concave, so Newton's method from ρ₀ climbs
to the root from below (never past it) and converges quadratically.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gpudesk.core.constants import QUEUE_VARIABILITY_FACTOR

NEWTON_STEPS = 6
"""Newton iterations of the load solver: from ρ₀ the error shrinks quadratically near the root; 6 steps agree with
a 60-step bisection to 1e-12 of the rate on 20,000 random cases (tests/core/test_serving_inputs.py)."""


def _variability(variability: np.ndarray | float | None) -> np.ndarray:
    base = QUEUE_VARIABILITY_FACTOR.value
    return np.asarray(base if variability is None else variability, dtype=np.float64)


def wait_law(rate: np.ndarray, service_s: np.ndarray | float, servers: np.ndarray | float,
             variability: np.ndarray | float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The waiting time's law behind :func:`wait_quantile`: (P_w, μ) with P(W > t) = P_w · e^(−μ·t), P_w = ρ^(√(2(c+1))
    − 1) the probability of waiting and μ = c·(1 − ρ) / (k·S) its exponential tail's rate (1/s); at ρ ≥ 1 P_w = 1
    and μ = 0 (the wait grows without bound)."""
    return law_at(rate, queue_terms(service_s, servers, variability))


def queue_terms(service_s: np.ndarray | float, servers: np.ndarray | float,
                variability: np.ndarray | float | None = None) -> tuple[np.ndarray, ...]:
    """What :func:`wait_law` reads that no rate changes: (c, S, the exponent √(2(c+1)) − 1, k·S), for a caller that
    reads one queue at many rates (:func:`law_at`)."""
    c = np.maximum(np.asarray(servers, dtype=np.float64), 1.0)
    s = np.asarray(service_s, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return c, s, np.sqrt(2.0 * (c + 1.0)) - 1.0, _variability(variability) * s


def law_at(rate: np.ndarray, terms: tuple[np.ndarray, ...]) -> tuple[np.ndarray, np.ndarray]:
    """:func:`wait_law` at ``rate`` from its rate-free terms (:func:`queue_terms`)."""
    c, s, power, ks = terms
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        rho = np.asarray(rate, dtype=np.float64) * s / c
        p_wait = np.clip(np.maximum(rho, 0.0) ** power, 0.0, 1.0)
        mu = c * (1.0 - rho) / ks
    stable = rho < 1.0
    return np.where(stable, p_wait, 1.0), np.where(stable, mu, 0.0)


def wait_quantile(rate: np.ndarray, service_s: np.ndarray | float, servers: np.ndarray | float, q: float | np.ndarray,
                  variability: np.ndarray | float | None = None) -> np.ndarray:
    """q-quantile (as exceedance probability, e.g. 0.01 for P99) of waiting before service, seconds.

    ``variability`` is the Allen-Cunneen factor (ca² + cs²)/2; None = QUEUE_VARIABILITY_FACTOR (M/D/c)."""
    return law_quantile(wait_law(rate, service_s, servers, variability), q)


def law_quantile(law: tuple[np.ndarray, np.ndarray], q: float | np.ndarray) -> np.ndarray:
    """:func:`wait_quantile` from the wait's law (P_w, μ) already at hand (:func:`wait_law`): several exceedances
    read against one law compute it once."""
    p_wait, mu = law
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        t = np.log(np.maximum(p_wait, 1e-300) / q) / mu
    t = np.where(p_wait > q, t, 0.0)
    return np.where(mu > 0, t, np.inf)


def max_load(service_s: np.ndarray, servers: np.ndarray | float, budget_s: np.ndarray, q: float | np.ndarray,
             variability: np.ndarray | float | None = None) -> np.ndarray:
    """Highest utilisation ρ whose q-quantile of waiting stays within ``budget_s`` (0 when the budget is negative;
    1 when it is infinite)."""
    c = np.maximum(np.asarray(servers, dtype=np.float64), 1.0)
    s = np.asarray(service_s, dtype=np.float64)
    b = np.asarray(budget_s, dtype=np.float64)
    k = _variability(variability)
    qa = np.asarray(q, dtype=np.float64)
    a1 = np.sqrt(2.0 * (c + 1.0)) - 1.0
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        rho = qa ** (1.0 / a1)  # ρ₀: below it P_w ≤ q and the quantile of waiting is 0
        bc = np.where(np.isfinite(b), b, 0.0) * c
        ln_q = np.log(qa)
        for _ in range(NEWTON_STEPS):
            g = k * s * (a1 * np.log(rho) - ln_q) - bc * (1.0 - rho)
            slope = k * s * a1 / rho + bc
            rho = np.clip(rho - np.minimum(g, 0.0) / slope, 0.0, 1.0)  # from below: g ≤ 0 until the root
    rho = np.where(np.isinf(b) & (b > 0), 1.0, rho)
    ok = (b >= 0) & np.isfinite(s) & (s > 0)
    return np.where(ok, np.nan_to_num(rho, nan=0.0), 0.0)


def max_rate_for(service_s: np.ndarray, servers: np.ndarray | float,
                 budgets: Sequence[tuple[np.ndarray, float | np.ndarray]],
                 variability: np.ndarray | float | None = None) -> np.ndarray:
    """Largest arrival rate (requests/s) meeting every (waiting budget, exceedance) pair; an infinite budget is no
    constraint. With none, the replica may run at full load (ρ = 1)."""
    c = np.maximum(np.asarray(servers, dtype=np.float64), 1.0)
    s = np.asarray(service_s, dtype=np.float64)
    rho = np.ones(np.broadcast(c, s).shape)
    for budget, q in budgets:
        b = np.asarray(budget, dtype=np.float64)
        if np.all(np.isinf(b) & (b > 0)):
            continue  # no target: no constraint
        rho = np.minimum(rho, max_load(s, c, b, q, variability))
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = rho * c / s
    return np.where(np.isfinite(s) & (s > 0), rate, 0.0)


def max_rate(service_s: np.ndarray, servers: np.ndarray | float, p50_budget_s: np.ndarray, p99_budget_s: np.ndarray,
             variability: np.ndarray | float | None = None) -> np.ndarray:
    """Largest arrival rate whose P50 and P99 waits stay within their budgets (0 when none does)."""
    return max_rate_for(service_s, servers, [(p50_budget_s, 0.5), (p99_budget_s, 0.01)], variability)
