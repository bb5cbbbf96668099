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


def _cycle_longer(per_rank: np.ndarray, groups: np.ndarray, timeout: int, wait: int,
                  columns: int) -> tuple[np.ndarray, np.ndarray]:
    """(P(L > v) for v = 0 … columns − 1, E[L]) per row: the balancer's cycle L = K + W where K ≤ T, else T (module
    note), P(K ≤ k) = F(k) = (1 − e^(−m·k))^G: P(L > v) = F(T) − F(clip(v − W, 0, T)) + (1 − F(T))·1(v < T), and
    E[L] = Σ_v P(L > v) = (W + T + 1)·F(T) − Σ_(k ≤ T) F(k) + T·(1 − F(T)); F(k) itself only for the k the
    columns read, Σ F(k) in closed form up to :data:`BINOMIAL_GROUPS` ranks."""
    reach = min(timeout, max(columns - wait, 0))  # the F(k) the columns read
    closed = reach < timeout and all(float(g).is_integer() and g <= BINOMIAL_GROUPS for g in np.unique(groups))
    reach = reach if closed else timeout
    k = np.arange(1, reach + 1, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        empty = 1.0 - np.exp(-per_rank[:, None] * k[None, :])
        at_t = 1.0 - np.exp(-per_rank * timeout)
    filled = np.zeros((per_rank.size, reach + 1))  # P(K ≤ k), k = 0 … reach
    by_t, total = np.empty(per_rank.size), np.empty(per_rank.size)
    for g in np.unique(groups):  # a few values (2, 4, 8 …): a whole power is a few multiplications
        same = groups == g
        filled[same, 1:] = whole_power(empty[same], float(g))
        by_t[same] = whole_power(at_t[same], float(g))
        total[same] = _filled_sum(per_rank[same], float(g), timeout) if closed else np.sum(filled[same], axis=1)
    longer = np.empty((per_rank.size, columns))
    longer[:, :wait] = by_t[:, None]  # v < W: P(K ≤ clip(v − W, 0, T)) = P(K ≤ 0) = 0
    np.subtract(by_t[:, None], filled[:, :max(columns - wait, 0)], out=longer[:, wait:])
    longer[:, :timeout] += (1.0 - by_t)[:, None]
    mean = (wait + timeout + 1.0) * by_t - total + timeout * (1.0 - by_t)
    return longer, mean


def hold_survival(rate: np.ndarray, iteration_s: np.ndarray, groups: np.ndarray, in_flight: np.ndarray,
                  timeout: int, wait: int, columns: int | None = None) -> np.ndarray:
    """P(hold > w iterations) at w = 0 … T + W (rows × (T + W + 1); the first ``columns`` only where given), the
    decoding ranks' probability included: Σ_L P(L)·(L − w)⁺ / E[L] = (E[L] − Σ_(v < w) P(L > v)) / E[L]."""
    rate, t, g, n = np.broadcast_arrays(*(np.atleast_1d(np.asarray(x, dtype=np.float64))
                                          for x in (rate, iteration_s, groups, in_flight)))
    g = np.maximum(g, 1.0)
    per_rank = np.where(np.isfinite(t) & (t > 0), np.maximum(rate, 0.0) * t / g, 0.0)
    cols = timeout + wait + 1 if columns is None else int(min(max(columns, 1), timeout + wait + 1))
    longer, mean = _cycle_longer(per_rank.ravel(), g.ravel(), int(timeout), int(wait), cols)
    before = np.cumsum(longer, axis=1)
    tail = np.empty(longer.shape)  # Σ_(v ≥ w) P(L > v) = Σ_L P(L)·(L − w)⁺
    tail[:, 0] = mean
    np.subtract(mean[:, None], before[:, :-1], out=tail[:, 1:])
    decoding = (1.0 - np.exp(-np.maximum(n.ravel(), 0.0) / g.ravel())) ** g.ravel()
    held = (g.ravel() > 1.0) & (rate.ravel() > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        scale = np.where(held & (mean > 0), decoding / np.where(mean > 0, mean, 1.0), 0.0)
    return np.clip(tail * scale[:, None], 0.0, 1.0)


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
