"""The first token's hold in TensorRT-LLM's attention data-parallel balancer (``attention_dp_config.enable_balance``).

With attention data-parallel every attention rank schedules its own prompts; the balancer keeps them in step by
holding new prompts back (tensorrt_llm/_torch/pyexecutor/py_executor.py, ``_balance_adp_requests``, a stored copy of
NVIDIA/TensorRT-LLM read 2026-12-04; TensorRT-LLM tech blog 10, 'ADP Balance Strategy'). Each iteration the ranks
exchange how many new prompts each has scheduled and

* while some rank has none (and every rank has sequences decoding), all prompts are held; a counter of such
  iterations releases them when it reaches ``timeout_iters``;
* once every rank has one, the counter clears and, every rank decoding, the prompts are held ``batching_wait_iters``
  iterations more, then released together;
* with any rank decoding nothing, prompts go at once.

The model (:func:`hold_quantile`): prompts arrive Poisson at λ per replica, spread evenly over its G attention ranks,
so a rank receives m = λ·t/G in an iteration of t seconds. A cycle starts at a release; the first iteration K by
which every rank has a prompt has P(K ≤ k) = (1 − e^(−m·k))^G, and the cycle ends after L = K + W iterations when
K ≤ T (W the batching wait, T the timeout), else after T. A prompt arrives at a random time (Poisson arrivals see
time averages), so it falls in a cycle of length L with probability ∝ L·P(L) and waits the rest of it:
P(hold > w) = Σ_L P(L)·(L − w)⁺ / E[L]. Every rank is decoding with probability (1 − e^(−n/G))^G, n the sequences
in flight (Poisson over the ranks, M/G/∞), and only then is anything held, so the hold's exceedance is that
probability times the cycle's. What it leaves out: the tagged prompt's own arrival speeding its rank's turn, the
correlation of the ranks' decoding state across a cycle, and a rank's ``max_batch_size`` being full (the engine
releases then too).

Defaults (the plan's when balancing is on): ``ADP_BALANCE_TIMEOUT_ITERS`` and ``ADP_BALANCE_BATCHING_WAIT_ITERS``
(gpudesk/vocabulary/serving.py).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from gpudesk.core.busiest_rank import whole_power
from gpudesk.core.explain import FigureSet


def record_hold_inputs(fs: FigureSet, inp: Any, groups: np.ndarray) -> None:
    """The plan's balancer settings as inputs, where its engine holds prompts (balancing on, attention data-parallel)."""
    if inp.prompts_aligned and np.any(np.asarray(groups) > 1):
        fs.input("infer.in.adp_timeout_iters", float(inp.adp_timeout_iters), "iterations",
                 "ADP balancer timeout: iterations a new prompt is held while some attention rank has none")
        fs.input("infer.in.adp_batching_wait_iters", float(inp.adp_batching_wait_iters), "iterations",
                 "ADP balancer batching wait: iterations held more once every attention rank has a prompt")


BINOMIAL_GROUPS = 16
"""Up to this many attention ranks, Σ_k F(k) is summed in closed form (below); its alternating terms reach
C(16, 8)·T, so rounding leaves it within 1e-16·12,870·T (6e-10 at T = 500) of the direct sum; more ranks: summed
term by term."""


def _filled_sum(per_rank: np.ndarray, groups: float, timeout: int) -> np.ndarray:
    """Σ_(k=1…T) (1 − e^(−m·k))^G in closed form: Σ_r C(G, r)·(−1)^r·Σ_k e^(−m·r·k), each a geometric sum
    e^(−m·r)·(1 − e^(−m·r·T)) / (1 − e^(−m·r)) (T where m = 0)."""
    total = np.full(per_rank.shape, float(timeout))
    for r in range(1, int(groups) + 1):
        x = per_rank * r
        with np.errstate(divide="ignore", invalid="ignore"):
            geometric = np.where(x > 0, np.exp(-x) * np.expm1(-x * timeout) / np.expm1(-x), float(timeout))
        total += math.comb(int(groups), r) * (-1.0) ** r * geometric
    return total


def _cycle_longer(per_rank: np.ndarray, groups: float, timeout: int, wait: int, columns: int,
                  closed: bool) -> tuple[np.ndarray, np.ndarray]:
    """(P(L > v) for v = 0 … columns − 1, E[L]) per row, the rows' G ``groups``: the balancer's cycle L = K + W
    where K ≤ T, else T (module note), P(K ≤ k) = F(k) = (1 − e^(−m·k))^G: P(L > v) = F(T) − F(clip(v − W, 0,
    T)) + (1 − F(T))·1(v < T), and E[L] = Σ_v P(L > v) = (W + T + 1)·F(T) − Σ_(k ≤ T) F(k) + T·(1 − F(T)); F(k)
    itself only for the k the columns read where ``closed`` (Σ F(k) in closed form, up to :data:`BINOMIAL_GROUPS`
    ranks), else for every k ≤ T; each F(k) computed in the column v = W + k that reads it where it has one."""
    reach = min(timeout, max(columns - wait - 1, 0)) if closed else timeout  # the F(k) the columns read
    longer = np.empty((per_rank.size, columns))
    inside = wait + 1 + reach <= columns
    filled = longer[:, wait:wait + reach + 1] if inside else np.empty((per_rank.size, reach + 1))  # F(k), k ≤ reach
    head = filled[:, 1:]
    with np.errstate(over="ignore", invalid="ignore"):
        np.multiply(-per_rank[:, None], np.arange(1, reach + 1, dtype=np.float64)[None, :], out=head)
        np.exp(head, out=head)
        np.subtract(1.0, head, out=head)
        at_t = 1.0 - np.exp(-per_rank * timeout)
    whole_power(head, groups, out=head)
    filled[:, 0] = 0.0  # P(K ≤ 0)
    by_t = whole_power(at_t, groups)
    total = _filled_sum(per_rank, groups, timeout) if closed else np.sum(filled, axis=1)
    longer[:, :wait] = by_t[:, None]  # v < W: P(K ≤ clip(v − W, 0, T)) = P(K ≤ 0) = 0
    np.subtract(by_t[:, None], filled[:, :max(columns - wait, 0)], out=longer[:, wait:])
    longer[:, :timeout] += (1.0 - by_t)[:, None]
    mean = (wait + timeout + 1.0) * by_t - total + timeout * (1.0 - by_t)
    return longer, mean


def hold_survival(rate: np.ndarray, iteration_s: np.ndarray, groups: np.ndarray, in_flight: np.ndarray,
                  timeout: int, wait: int, columns: int | None = None) -> np.ndarray:
    """P(hold > w iterations) at w = 0 … T + W (rows × (T + W + 1); the first ``columns`` only where given), the
    decoding ranks' probability included: Σ_L P(L)·(L − w)⁺ / E[L] = (E[L] − Σ_(v < w) P(L > v)) / E[L]. Summed
    only for the rows that can hold (G > 1 at a rate above 0, or a cycle that is not finite), one rank count at a
    time; every other row's survival is 0 (its finite tail times a decoding share of 0)."""
    rate, t, g, n = np.broadcast_arrays(*(np.atleast_1d(np.asarray(x, dtype=np.float64))
                                          for x in (rate, iteration_s, groups, in_flight)))
    rate, t, n = rate.ravel(), t.ravel(), n.ravel()
    g = np.maximum(g.ravel(), 1.0)
    per_rank = np.where(np.isfinite(t) & (t > 0), np.maximum(rate, 0.0) * t / g, 0.0)
    cols = timeout + wait + 1 if columns is None else int(min(max(columns, 1), timeout + wait + 1))
    timeout, wait = int(timeout), int(wait)
    held = (g > 1.0) & (rate > 0)
    sizes = np.unique(g)
    closed = (min(timeout, max(cols - wait, 0)) < timeout
              and all(float(x).is_integer() and x <= BINOMIAL_GROUPS for x in sizes))
    out = np.zeros((rate.size, cols))
    live = held | ~np.isfinite(per_rank)
    for size in np.unique(g[live]):
        rows = np.flatnonzero(live & (g == size))
        longer, mean = _cycle_longer(per_rank[rows], float(size), timeout, wait, cols, closed)
        tail = np.empty(longer.shape)  # Σ_(v ≥ w) P(L > v) = Σ_L P(L)·(L − w)⁺ = E[L] − Σ_(v < w) P(L > v)
        np.cumsum(longer[:, :-1], axis=1, out=tail[:, 1:])
        np.subtract(mean[:, None], tail[:, 1:], out=tail[:, 1:])
        tail[:, 0] = mean
        decoding = (1.0 - np.exp(-np.maximum(n[rows], 0.0) / g[rows])) ** g[rows]  # an array power, not numpy's square
        with np.errstate(divide="ignore", invalid="ignore"):
            scale = np.where(held[rows] & (mean > 0), decoding / np.where(mean > 0, mean, 1.0), 0.0)
        tail *= scale[:, None]
        out[rows] = np.clip(tail, 0.0, 1.0, out=tail)
    return out


def hold_quantile(rate: np.ndarray, iteration_s: np.ndarray, groups: np.ndarray, in_flight: np.ndarray,
                  timeout: int, wait: int, exceed: float) -> np.ndarray:
    """The hold (s) that a share ``exceed`` of prompts exceeds (0.5: the median; 0.01: the P99), per row of the
    broadcast inputs: ``rate`` requests/s per replica, ``iteration_s`` the iteration at that rate, ``groups`` the
    attention ranks G, ``in_flight`` the sequences decoding per replica; ``timeout`` T and ``wait`` W iterations."""
    shape = np.broadcast_shapes(*(np.shape(x) for x in (rate, iteration_s, groups, in_flight)))
    survival = hold_survival(rate, iteration_s, groups, in_flight, timeout, wait)
    t = np.broadcast_to(np.asarray(iteration_s, dtype=np.float64), shape).ravel()
    return survival_quantile(survival, t, exceed).reshape(shape)


def survival_quantile(survival: np.ndarray, iteration_s: np.ndarray, exceed: float) -> np.ndarray:
    """The hold (s) that a share ``exceed`` exceeds, per row of ``survival`` (:func:`hold_survival`; ``iteration_s``
    the rows' flat iteration): :func:`hold_quantile` for a survival already at hand."""
    above = survival > exceed  # P(hold > w) falls with w, linearly between whole iterations
    last = np.sum(above, axis=1) - 1  # the last whole w still exceeded (−1: none)
    rows = np.arange(survival.shape[0])
    i = np.clip(last, 0, survival.shape[1] - 2)
    s0, s1 = survival[rows, i], survival[rows, i + 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        w = i + np.where(s0 > s1, (s0 - exceed) / (s0 - s1), 0.0)
    w = np.where(last < 0, 0.0, w)
    return np.asarray(np.where(np.isfinite(iteration_s), w * iteration_s, 0.0))
