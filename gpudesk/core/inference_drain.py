"""The end of a finite run: N requests fed at once to an engine that holds C sequences in flight.

An offline batch of N requests (MLPerf Inference's Offline scenario: LoadGen issues every sample at once and the
result is the run's tokens over the time until its last sample completes) runs in two phases:

* **Steady**: while requests wait, every sequence that ends is replaced at once and each iteration steps C
  sequences: tokens/s = C / TPOT(C) (core/inference.py).
* **Drain**: once the last request is admitted nothing replaces a finished sequence. Each of the C slots still
  holds the rest of its current request, its *residual* output R, and the batch shrinks as they end: after r more
  iterations C·P(R > r) sequences remain. A slot's residual is the excess of a renewal process at a random time
  (S. M. Ross, Introduction to Probability Models, ch. 7: P(R > r) = E[(O − r)⁺] / E[O], mean E[O²]/(2·E[O]), the
  same length bias that sets the mean context in flight, core/inference_lengths.py). Its iterations are decode
  steps only (no prompt is left to prefill) at the shrinking batch, and the run ends with its longest residual:
  the expected time is ∫ P(any of C slots busy at r) · step(max(C·P(R > r), 1)) dr.

Run time = steady time of all N·O tokens − steady time of the drain's C·E[R] tokens + the drain's own time. Where a
step costs nearly as much at a few sequences as at C (weights and fixed per-layer costs dominate it, as in an MoE
step that reads every expert), the drain's tokens cost far more than the steady ones, and the more so the
longer the output tail: the longest residual is the output cap, however large N is.

Output lengths are log-normal with the stated mean and standard deviation (core/inference_lengths.py), capped at
``cap`` (a benchmark's or the engine's output limit; ∞ = none): E[(O − x)⁺] = m·Φ(d₁) − x·Φ(d₂),
d₁ = (μ + σ² − ln x)/σ, d₂ = d₁ − σ; with the cap, E[(min(O, cap) − x)⁺] = E[(O − x)⁺] − E[(O − cap)⁺]. Without
spread every request has the mean length and R is uniform on [0, O].
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

_SQRT2 = math.sqrt(2.0)
_PHI = np.vectorize(lambda x: 0.5 * math.erfc(-x / _SQRT2), otypes=[np.float64])  # standard normal CDF
POINTS = 400  # residual lengths the drain integral is evaluated at (trapezoid)


def _excess(x: np.ndarray, mean: float, sd: float) -> np.ndarray:
    """E[(O − x)⁺] of a log-normal output with this mean and standard deviation (sd 0: every output = mean)."""
    x = np.asarray(x, dtype=np.float64)
    if sd <= 0:
        return np.maximum(mean - x, 0.0)
    s2 = math.log1p((sd / mean) ** 2)
    s = math.sqrt(s2)
    mu = math.log(mean) - 0.5 * s2
    with np.errstate(divide="ignore"):
        d1 = (mu + s2 - np.log(np.maximum(x, 1e-300))) / s
    return np.where(x > 0, mean * _PHI(d1) - x * _PHI(d1 - s), mean - x)


def residual_survival(r: np.ndarray, mean: float, sd: float, cap: float = math.inf) -> np.ndarray:
    """P(R > r): the share of the C slots still busy r iterations after the last request was admitted."""
    r = np.asarray(r, dtype=np.float64)
    tail = float(_excess(np.array([cap]), mean, sd)[0]) if math.isfinite(cap) else 0.0
    held = mean - tail  # E[min(O, cap)]
    return np.where(r < cap, np.clip((_excess(r, mean, sd) - tail) / held, 0.0, 1.0), 0.0)


@dataclass(frozen=True)
class FiniteRun:
    seconds: float  # the whole run, one replica
    steady_seconds: float  # the same tokens at the steady rate C / TPOT(C)
    drain_seconds: float  # from the last admission to the last completion
    drain_tokens: float  # output tokens produced in the drain, C·E[R]
    tokens: float  # N · mean output

    @property
    def factor(self) -> float:
        """The run's tokens/s over the steady tokens/s."""
        return self.steady_seconds / self.seconds if self.seconds > 0 else math.nan


def finite_run(requests: float, concurrency: float, mean: float, sd: float, cap: float, tpot_s: float,
               batch: np.ndarray, step_s: np.ndarray) -> FiniteRun:
    """Time of a run of ``requests`` fed at once at ``concurrency`` in flight (module docstring).

    ``tpot_s``: one iteration at the full batch (decode and the prefills mixed into it); ``batch`` / ``step_s``: the
    decode step at a grid of batches from 1 to ``concurrency`` (increasing), interpolated in between."""
    c = float(concurrency)
    tokens = float(requests) * mean
    steady = tokens * tpot_s / c
    top = cap if math.isfinite(cap) else mean * 50.0 if sd > 0 else mean
    r = np.linspace(0.0, top, POINTS + 1)
    busy = residual_survival(r, mean, sd, cap)
    in_flight = c * busy
    alive = 1.0 - np.power(1.0 - busy, c)  # some slot still busy: the run has not ended
    step = np.interp(np.maximum(in_flight, 1.0), np.asarray(batch, float), np.asarray(step_s, float))
    drain_tokens = float(np.trapezoid(in_flight, r))
    drain_s = float(np.trapezoid(alive * step, r))
    if drain_tokens >= tokens:  # fewer requests than a batch's worth of residuals: the whole run is a drain
        return FiniteRun(drain_s * tokens / drain_tokens, steady, drain_s, tokens, tokens)
    return FiniteRun(steady - drain_tokens * tpot_s / c + drain_s, steady, drain_s, drain_tokens, tokens)
