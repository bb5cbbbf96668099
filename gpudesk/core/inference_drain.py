"""The end of a finite run: N requests fed at once to an engine that holds C sequences in flight.

An offline batch of N requests (MLPerf Inference's Offline scenario: LoadGen issues every sample at once and the
result is the run's tokens over the time until its last sample completes) runs in two phases:

* **Steady**: while requests wait, every sequence that ends is replaced at once and each iteration steps C
  sequences: tokens/s = C / TPOT(C) (core/inference.py).
* **Drain**: once the last request is admitted nothing replaces a finished sequence. Each of the C slots still
  holds the rest of its current request, its *residual* output R, and the batch shrinks as they end: after r more
  iterations C·P(R > r) sequences remain. A slot's request is length-biased and its position uniform over it, the
  renewal process at a random time (S. M. Ross, Introduction to Probability Models, ch. 7: P(R > r) =
  E[(O − r)⁺] / E[O], mean E[O²]/(2·E[O]), the same bias that sets the mean context in flight,
  core/inference_lengths.py). The survivors are the long requests late in their output: at r their mean context
  is I + E[(O² − r²)⁺] / (2·E[(O − r)⁺]) (a request of output O survives with weight (O − r)⁺ and has then
  generated (O + r)/2 tokens on average), growing from the steady I + E[O²]/(2·E[O]). Drain iterations are decode
  steps only (no prompt is left to prefill) at that batch and context, and the run ends with its longest residual:
  the expected time is ∫ P(any of C slots busy at r) · step(max(C·P(R > r), 1), context(r)) dr.

Run time = steady time of all N·O tokens − steady time of the drain's C·E[R] tokens + the drain's own time. Where a
step costs nearly as much at a few sequences as at C (weights and fixed per-layer costs dominate it, as in an MoE
step that reads every expert), the drain's tokens cost far more than the steady ones, and the more so the
longer the output tail: the longest residual is the output cap, however large N is.

Output lengths are log-normal with the stated mean and standard deviation (core/inference_lengths.py), capped at
``cap`` (a benchmark's or the engine's output limit; ∞ = none), taken at ``QUANTILES`` equally likely lengths
(the midpoints of equal-probability bins); without spread every request has the mean length and R is uniform on
[0, O].
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist

import numpy as np

from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.inference_inputs import InferenceInputs, serving_math
from gpudesk.core.inference_step import ReplicaModel

QUANTILES = 512  # equally likely output lengths the distribution is taken at
POINTS = 200  # residual lengths the drain integral is evaluated at (trapezoid)


@lru_cache(maxsize=4)
def _normal_midpoints(k: int) -> np.ndarray:
    nd = NormalDist()
    return np.array([nd.inv_cdf((i + 0.5) / k) for i in range(k)])


def output_lengths(mean: float, sd: float, cap: float = math.inf) -> np.ndarray:
    """``QUANTILES`` equally likely output lengths: log-normal with this mean and spread, capped at ``cap``."""
    if sd <= 0:
        return np.full(1, min(mean, cap))
    s2 = math.log1p((sd / mean) ** 2)
    return np.minimum(np.exp(math.log(mean) - 0.5 * s2 + math.sqrt(s2) * _normal_midpoints(QUANTILES)), cap)


@dataclass(frozen=True)
class DrainPath:
    """The drain, sampled at residual lengths ``r`` (iterations after the last admission)."""
    r: np.ndarray
    busy: np.ndarray  # P(R > r): the share of the C slots still busy
    context: np.ndarray  # mean context of the sequences still running
    alive: np.ndarray  # P(some slot still busy): the run has not ended


def drain_path(concurrency: float, prompt: float, mean: float, sd: float, cap: float = math.inf,
               points: int = POINTS) -> DrainPath:
    """Busy share, survivors' context and the chance the run is still going, r iterations into the drain."""
    o = output_lengths(mean, sd, cap)
    r = np.linspace(0.0, float(o.max()), points + 1)
    left = np.maximum(o[None, :] - r[:, None], 0.0)  # each length's residual weight at each r
    weight = left.sum(axis=1)
    busy = weight / o.sum()
    with np.errstate(invalid="ignore", divide="ignore"):
        done = (left * (o[None, :] + r[:, None]) / 2.0).sum(axis=1) / weight
    context = prompt + np.where(weight > 0, done, o.max())
    alive = 1.0 - np.power(1.0 - busy, float(concurrency))
    return DrainPath(r, busy, context, alive)


@dataclass(frozen=True)
class FiniteRun:
    seconds: float  # the whole run, one replica
    steady_seconds: float  # the same tokens at the steady rate C / TPOT(C)
    drain_seconds: float  # from the last admission to the last completion
    drain_tokens: float  # output tokens produced in the drain, C·E[R]
    tokens: float  # N · mean output
    left: np.ndarray | None = None  # requests still running at each point of the drain (C·P(R > r))
    elapsed: np.ndarray | None = None  # seconds from the drain's start to each point (expected)

    @property
    def factor(self) -> float:
        """The run's tokens/s over the steady tokens/s."""
        return self.steady_seconds / self.seconds if self.seconds > 0 else math.nan

    def time_after(self, requests: float, share: float) -> float:
        """Seconds the run still takes once ``share`` of its ``requests`` have completed (NaN before the drain)."""
        if self.left is None or self.elapsed is None or share * requests < self.left[-1]:
            return math.nan
        still = (1.0 - share) * requests
        if still > self.left[0]:
            return math.nan
        at = float(np.interp(-still, -self.left, self.elapsed))  # left decreases along the drain
        return self.drain_seconds - at


def finite_run(requests: float, concurrency: float, prompt: float, mean: float, sd: float, cap: float,
               tpot_s: float, step: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> FiniteRun:
    """Time of a run of ``requests`` fed at once at ``concurrency`` in flight (module docstring).

    ``tpot_s``: one iteration at the full batch (decode and the prefills mixed into it); ``step(batch, context)``:
    seconds of a decode step of ``batch`` sequences at ``context`` tokens each (arrays, core/inference_step.py)."""
    c = float(concurrency)
    tokens = float(requests) * mean
    steady = tokens * tpot_s / c
    path = drain_path(c, prompt, mean, sd, cap)
    in_flight = c * path.busy
    seconds = np.asarray(step(np.maximum(in_flight, 1.0), path.context), dtype=np.float64)
    drain_tokens = float(np.trapezoid(in_flight, path.r))
    paid = path.alive * seconds
    elapsed = np.concatenate([[0.0], np.cumsum((paid[1:] + paid[:-1]) / 2.0 * np.diff(path.r))])
    drain_s = float(elapsed[-1])
    if drain_tokens >= tokens:  # fewer requests than a batch's worth of residuals: the whole run is a drain
        return FiniteRun(drain_s * tokens / drain_tokens, steady, drain_s, tokens, tokens)
    return FiniteRun(steady - drain_tokens * tpot_s / c + drain_s, steady, drain_s, drain_tokens, tokens, in_flight,
                     elapsed)


def decode_steps(inp: InferenceInputs) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """``step(batch, context)`` for the one replica ``inp`` describes (one accelerator, scalar layout): the decode
    step the serving model itself uses (core/inference_step.py ReplicaModel.decode_step), at any batch and context."""
    hw = inp.hardware
    math_ = serving_math(inp.weight_dtype, inp.compute_dtype)
    tp, pp, ep = (np.full(1, float(np.ravel(v)[0])) for v in (inp.tp, inp.pp, inp.ep))
    rep = ReplicaModel.build(inp.model, hw, Efficiencies.for_hardware(hw, math_, inp.calibration), tp, pp, ep,
                             inp.weight_dtype, inp.kv_dtype, math_, inp.engine_release,
                             fused_attention=inp.flash_attention)

    def step(batch: np.ndarray, context: np.ndarray) -> np.ndarray:
        return np.asarray(rep.decode_step(np.asarray(batch, float), np.asarray(context, float))["total"], float)

    return step
