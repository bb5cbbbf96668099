"""A static batch server's queue, per replica (vectorised): the wait from a request's arrival to its batch's start.

A static engine (TensorRT-LLM's gptSessionBenchmark, FasterTransformer, Triton's static batcher) takes up to C
waiting requests, runs them until the longest ends, then takes the next batch; a server that finds no one waiting
starts on the next arrival. This is the bulk-service queue M/G^(1,C)/1 with Neuts's general bulk-service rule
(minimum 1, maximum C: Neuts 1967, "A general class of bulk queues with Poisson input", Ann. Math. Statist.
38(3):759-770; Bailey 1954, "On queueing processes with bulk service", J. R. Statist. Soc. B 16:80-87), not C
servers each holding one request (M/G/c, core/inference_queue.py: a request leaves on its own there).

A batch of b requests takes T(b) = prefill(b·I) + O_max(b)·decode(b) (core/inference_batch.static_batch); only the
ends T(1) and T(C) are computed, T(b) and prefill(b·I) read on the chord between them (prefill is near-linear in its
tokens, a chord above a convex roofline; the decode step grows with b).

With every batch taking one time T, the number waiting at a batch start, Q, obeys Q' = (Q − C)⁺ + A, A ~ Poisson(λT)
(Q' = 0: the server idles and starts on the next arrival). That is the recursion Crommelin (1932, "Delay probability
formulae when the holding times are constant", P.O. Elect. Engrs. J. 25:41-50) solved for the M/D/c queue's count
N(t + T) = (N(t) − c)⁺ + A; states 0 and 1 leave alike, so (Q − C)⁺ at batch starts has M/D/C's time-stationary
law of (N − C)⁺, and Little's law (a batch's waiters: those left behind, r, for T, plus λT/2 arriving) gives

* the mean wait E[W] = u · (T/2 + W_q(M/D/C)), u = λT / (λT + π₀) the share of time a batch runs (batches start at
  rate λ/E[b], E[b] = λT + π₀), π₀ = P(N = 0) = e^(−λT) · (1 − ρ·P_w) (the M/M/c share of N > C: ρ·P_w; exact with
  M/D/1's own π₀ = 1 − ρ at C = 1, and T/2 + W_q(M/D/C) in heavy traffic); W_q(M/D/C) = P_w/μ of inference_queue.wait_law
  (Sakasegawa × Allen-Cunneen at k = QUEUE_VARIABILITY_FACTOR: the batch's time is its expected longest output);
* its law: no wait with probability 1 − u, else the batch in progress's remainder R ~ U(0, T) plus the M/D/C wait X
  (P(X > t) = P_w·e^(−μt)), independent: P(W > t) = u·[(1 − P_w)(1 − t/T)⁺ + P_w·((e^(−μ(t − min(t,T))) −
  e^(−μt))/(μT) + (1 − t/T)⁺)], whose mean is the one above;
* T = T(b̄) and b̄ = λT(b̄) + e^(−λT(b̄)) (at most C) the mean batch at the rate (E[b] with π₀ before the queue's
  term; :func:`law_at`); stable while λ < C / T(C).

A seeded simulation of the batch server (tests/core/test_batch_server.py) agrees with the mean, P50 and P90 within
1.5% at 20, 50 and 80% of C/T(C); M/D/1 (C = 1) within 6%.
The first token is W + prefill(b̄·I) + one iteration, the last W + T(b̄) (the batch ends with its longest output).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gpudesk.core.constants import QUEUE_VARIABILITY_FACTOR
from gpudesk.core.inference_queue import wait_law

BATCH_NEWTON_STEPS = 7
"""Newton steps of b̄ in :func:`law_at` from b = 1 (never past the root, quadratic near it): on 20,000 random servers
and loads an eighth step moves no mean wait by more than 1e-12 (tests/core/test_batch_server.py)."""

RATE_HALVINGS = 32
"""Halvings of [0, C/T(C)) in :func:`max_rate`: the rate to 2⁻³² (2.3e-10) of the stable rate."""

QUANTILE_NEWTON_STEPS = 8
"""Newton steps of :func:`wait_quantile` within the batch in progress, from t = 0 (never past the root): on 20,000
random servers and loads they agree with an 80-halving bisection of P(W > t) to 1e-9 s at P50, P90, P99, P99.9
(tests/core/test_batch_server.py)."""


@dataclass(frozen=True)
class BatchServer:
    """What the batch server's queue reads that no rate changes, one entry per candidate replica."""

    batch: np.ndarray  # C, the engine's batch
    one_s: np.ndarray  # T(1) = prefill(I) + O·decode(1)
    full_s: np.ndarray  # T(C) = prefill(C·I) + O_max·decode(C)
    prefill_one_s: np.ndarray  # prefill(I)
    prefill_full_s: np.ndarray  # prefill(C·I)

    def _along(self, b: np.ndarray, one: np.ndarray, full: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            share = np.where(self.batch > 1, (b - 1.0) / (self.batch - 1.0), 0.0)
        return np.asarray(one + np.clip(share, 0.0, 1.0) * (full - one), dtype=np.float64)

    def time_of(self, b: np.ndarray) -> np.ndarray:
        """T(b) on the chord between T(1) and T(C)."""
        return self._along(b, self.one_s, self.full_s)

    def prefill_of(self, b: np.ndarray) -> np.ndarray:
        """prefill(b·I) on the chord between prefill(I) and prefill(C·I)."""
        return self._along(b, self.prefill_one_s, self.prefill_full_s)

    def stable_rate(self) -> np.ndarray:
        """C / T(C): the rate the server carries with every batch full (requests/s)."""
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(self.full_s > 0, self.batch / self.full_s, 0.0)


@dataclass(frozen=True)
class BatchLaw:
    """The wait's law at one rate: (share of time busy u, batch time T, mean batch b̄, M/D/C's P_w and μ)."""

    busy: np.ndarray
    time_s: np.ndarray
    batch: np.ndarray
    p_wait: np.ndarray
    mu: np.ndarray

    def mean(self) -> np.ndarray:
        """E[W] = u·(T/2 + P_w/μ) (module docstring); infinite where unstable."""
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(self.mu > 0, self.busy * (0.5 * self.time_s + self.p_wait / self.mu), np.inf)

    def survival(self, t: np.ndarray | float) -> np.ndarray:
        """P(W > t) (module docstring); 1 where unstable, 1 for t < 0."""
        t = np.asarray(t, dtype=np.float64)
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            span = np.maximum(t, 0.0)
            left = np.maximum(1.0 - span / self.time_s, 0.0)  # P(R > t), R ~ U(0, T)
            beyond = np.exp(-self.mu * np.maximum(span - self.time_s, 0.0)) - np.exp(-self.mu * span)
            s = self.busy * (left + self.p_wait * beyond / (self.mu * self.time_s))
        return np.where((self.mu > 0) & (t >= 0), s, 1.0)


def law_at(server: BatchServer, rate: np.ndarray) -> BatchLaw:
    """The batch server's wait law at ``rate`` requests/s per replica (module docstring). b̄ solves F(b) = λ·T(b) +
    e^(−λ·T(b)) − b = 0 on [1, C] (π₀ without the queue's term, which the share of time busy then reads): with T(b)
    on the chord F is convex, F(1) ≥ 0 and F'(1) < 0 where a root lies in [1, C], so Newton's method from b = 1
    climbs to it from below (``BATCH_NEWTON_STEPS``); b̄ = C where none does."""
    lam = np.maximum(np.asarray(rate, dtype=np.float64), 0.0)
    c = np.maximum(np.asarray(server.batch, dtype=np.float64), 1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        slope = np.where(c > 1, (server.full_s - server.one_s) / (c - 1.0), 0.0)
    b = np.ones(np.broadcast(lam, c).shape)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        grows = lam * slope  # λ·T'(b)
        for _ in range(BATCH_NEWTON_STEPS):
            lt = lam * (server.one_s + slope * (b - 1.0))  # λ·T(b)
            idle = np.exp(-lt)
            drop = 1.0 - grows * (1.0 - idle)  # −F'(b)
            b = np.minimum(np.maximum(np.where(drop > 0, b + (lt + idle - b) / drop, c), 1.0), c)
    t = server.one_s + slope * (b - 1.0)
    p_wait, mu = wait_law(lam, t, c, QUEUE_VARIABILITY_FACTOR.value)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        idle = np.exp(-lam * t) * (1.0 - np.minimum(lam * t / c, 1.0) * p_wait)  # π₀
        busy = np.where(lam > 0, lam * t / (lam * t + idle), 0.0)
    unstable = lam >= server.stable_rate()
    return BatchLaw(np.where(unstable, 1.0, busy), t, np.where(unstable, c, b), p_wait, np.where(unstable, 0.0, mu))


def wait_quantile(law: BatchLaw, q: float) -> np.ndarray:
    """The wait that a share ``q`` of requests exceeds (s): 0 where u ≤ q, infinite where unstable. Where S(T) > q the
    wait outlasts the batch in progress, and P(W > t) = u·P_w·e^(−μt)·(e^(μT) − 1)/(μT) inverts in closed form;
    within it S(t) = u·(1 − t/T + P_w·(1 − e^(−μt))/(μT)) is concave and falling, so Newton's method from t = 0
    climbs to the root from below (``QUANTILE_NEWTON_STEPS``)."""
    u, t_batch, p, mu = law.busy, law.time_s, law.p_wait, law.mu
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        x = mu * t_batch  # ln((e^x − 1)/x) = x + ln(1 − e^(−x)) − ln x, without overflow
        past = (np.log(u * p / q) + x + np.log(-np.expm1(-x)) - np.log(x)) / mu
        t = np.zeros_like(t_batch)
        for _ in range(QUANTILE_NEWTON_STEPS):
            value = u * (1.0 - t / t_batch - p * np.expm1(-mu * t) / x) - q
            slope = -u / t_batch * (1.0 - p * np.exp(-mu * t))
            t = np.minimum(t - value / slope, t_batch)
    t = np.where(law.survival(t_batch) > q, past, t)
    t = np.where(u > q, t, 0.0)
    return np.where(mu > 0, np.nan_to_num(t, nan=0.0), np.inf)


def first_tokens(server: BatchServer, rate: np.ndarray, exceeds: tuple[float, ...]
                 ) -> tuple[BatchLaw, tuple[np.ndarray, ...], np.ndarray]:
    """At ``rate`` per replica: the law, the wait each share of ``exceeds`` of requests exceeds, and the prefill its
    first token comes after, prefill(b̄·I) (the first token: wait + that prefill + one iteration)."""
    law = law_at(server, rate)
    return law, tuple(wait_quantile(law, q) for q in exceeds), server.prefill_of(law.batch)


def max_rate(server: BatchServer, step_s: np.ndarray, targets: list[tuple[np.ndarray, float, str]]) -> np.ndarray:
    """Largest rate per replica (requests/s) whose waits meet every (target, exceedance, kind) below C/T(C): kind
    "first": W_q + prefill(b̄·I) + ``step_s`` ≤ target; "last": W_q + T(b̄) ≤ target. A target ≤ 0 is none; a target
    missed even at no load gives 0. The miss grows with the rate (u, b̄, T and the M/D/C wait all do), so halving."""
    live = [(np.asarray(t, dtype=np.float64), q, kind) for t, q, kind in targets
            if np.any(np.asarray(t, dtype=np.float64) > 0)]
    top = server.stable_rate()
    if not live:
        return top

    def meets(rate: np.ndarray) -> np.ndarray:
        law = law_at(server, rate)
        ok = np.ones(np.shape(rate), dtype=bool)
        for target, q, kind in live:
            fixed = server.prefill_of(law.batch) + step_s if kind == "first" else law.time_s
            ok &= (target <= 0) | (law.survival(target - fixed) <= q)
        return ok

    lo, hi = np.zeros_like(top), top
    for _ in range(RATE_HALVINGS):
        mid = 0.5 * (lo + hi)
        ok = meets(mid)
        lo, hi = np.where(ok, mid, lo), np.where(ok, hi, mid)
    return np.where(meets(np.zeros_like(top)), lo, 0.0)
