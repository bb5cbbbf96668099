"""Request lengths as distributions: the mean sizes throughput, the tail sizes latency and the KV cache.

Prompt and output lengths are taken as log-normal with the stated mean m and standard deviation s (lengths are
positive and right-skewed; the log-normal is the usual fit to chat and summarisation traces, e.g. Splitwise,
Patel et al. 2024, arXiv 2311.18677, Fig. 3): σ² = ln(1 + (s/m)²), μ = ln m − σ²/2, and the length at
level p is exp(μ + σ·z_p) with z_p the standard normal quantile. s = 0 gives every request the mean length.

* Latency at a percentile adds the tail prompt's prefill and the tail output's decode to the queueing wait at
  the same percentile: a sum of quantiles bounds the quantile of the sum from above (conservative).
* The KV cache of C sequences in flight at level p holds C·E[L] + z_p·sd(L)·√C tokens (L = prompt + output,
  independent lengths; normal approximation of the sum).
* The mean context a decode step attends over: under continuous (in-flight) batching the sequences in flight at
  a random step are length-biased (a sequence stays in the batch in proportion to its output length O, and its
  position is uniform over it), so their mean context is I + E[O²]/(2·E[O]) = I + (O² + sd(O)²)/(2·O): the mean
  age of a renewal process (S. M. Ross, Introduction to Probability Models, ch. 7 Renewal Theory, the limiting
  mean age and excess E[X²]/(2·E[X]); the inspection paradox). Static batching starts a batch's sequences
  together and steps them through their outputs in lockstep: I + O/2, the spread does not bias it.
* The context a decode step's attention reads: the cache as filled, or, where the engine keeps a static cache of
  I + O tokens and slices it in buckets of N tokens (Optimum Habana's text generation with ``--bucket_size N
  --bucket_internal``: the attention reads up to the next multiple of N, ``cache_idx``), half a bucket more on
  average (a uniform position rounds up by N/2), at most the I + O allocated; N at or above I + O reads the whole
  static cache every step (the same example with ``--reuse_cache`` and no bucket).
* A static batch of C sequences runs until its longest output ends: E[max of C outputs], the expected largest
  order statistic E[X_(C)] = ∫ x·C·f(x)·F(x)^(C−1) dx (H. A. David and H. N. Nagaraja, Order Statistics, 3rd
  ed., Wiley 2003, eq. 2.1.5 with the density of the maximum, §2.1), here of the log-normal: m·∫ exp(σu − σ²/2)
  ·C·φ(u)·Φ(u)^(C−1) du, by quadrature (as the expert wait's max of normals, core/busiest_rank.py). Blom's
  plotting-position approximation (G. Blom, Statistical Estimates and Transformed Beta-Variables, Wiley 1958:
  E[X_(C)] ≈ F⁻¹((C − 0.375)/(C + 0.25))) is the usual closed form for a normal spread; on a log-normal it
  returns the median at C = 1 (29% under the mean at sd = m), so the exact integral is used.
* The service time's squared coefficient of variation cs² = (TPOT·sd(O))² + (prefill per token·sd(I))²) / S²
  enters the Allen-Cunneen queue factor (core/inference_queue.py).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from gpudesk.core.explain import FigureSet


def lognormal_quantile(mean: np.ndarray, sd: np.ndarray, z: float | np.ndarray) -> np.ndarray:
    """Length at standard-normal quantile ``z`` of a log-normal with this mean and standard deviation."""
    m = np.maximum(np.asarray(mean, dtype=np.float64), 1e-12)
    cv2 = (np.asarray(sd, dtype=np.float64) / m) ** 2
    sigma = np.sqrt(np.log1p(cv2))
    return m * np.exp(sigma * z - 0.5 * sigma * sigma)


def concurrency_with_spread(budget_b: np.ndarray, per_sequence_b: np.ndarray, per_token_b: np.ndarray,
                            length_sd: np.ndarray | float, z: float) -> np.ndarray:
    """Largest C with C·A + z·sd·a·√C ≤ F: sequences whose KV cache fits at the percentile (A bytes per sequence
    at the mean length, a bytes per token, F the budget). Falls back to ⌊F/A⌋ without spread."""
    f = np.maximum(np.asarray(budget_b, dtype=np.float64), 0.0)
    a = np.asarray(per_sequence_b, dtype=np.float64)
    b = max(z, 0.0) * np.asarray(length_sd, dtype=np.float64) * np.asarray(per_token_b, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        root = (-b + np.sqrt(b * b + 4.0 * a * f)) / (2.0 * a)
        return np.where(a > 0, np.floor(root * root + 1e-9), np.nan)


def context_in_flight(prompt: np.ndarray, output: np.ndarray, output_sd: np.ndarray,
                      static: bool) -> np.ndarray:
    """Mean context (tokens) of a sequence in a decode step: I + (O² + sd(O)²)/(2·O) in flight, I + O/2 static."""
    out = np.maximum(np.asarray(output, dtype=np.float64), 1.0)
    sd = 0.0 if static else np.asarray(output_sd, dtype=np.float64)
    return np.asarray(prompt, dtype=np.float64) + (out * out + sd * sd) / (2.0 * out)


def service_cv2(service_s: np.ndarray, tpot_s: np.ndarray | float, output_sd: np.ndarray | float, prefill_s: np.ndarray,
                prompt_tokens: np.ndarray, prompt_sd: np.ndarray) -> np.ndarray:
    """Squared coefficient of variation of a request's service time from the spread of its lengths."""
    with np.errstate(divide="ignore", invalid="ignore"):
        var = (tpot_s * output_sd) ** 2 + (prefill_s / np.maximum(prompt_tokens, 1.0) * prompt_sd) ** 2
        return np.where(service_s > 0, var / (service_s * service_s), 0.0)


@lru_cache(maxsize=1)
def _normal_grid() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(u, φ(u)·du, ln Φ(u)) on a grid of the standard normal wide enough for the max of 10⁵ draws."""
    u = np.linspace(-9.0, 12.0, 2101)
    weight = np.exp(-0.5 * u * u) / math.sqrt(2.0 * math.pi) * (u[1] - u[0])
    log_cdf = np.log(np.array([0.5 * math.erfc(-v / math.sqrt(2.0)) for v in u]))
    return u, weight, log_cdf


def expected_max_length(mean: np.ndarray, sd: np.ndarray, count: np.ndarray) -> np.ndarray:
    """E[max of ``count`` independent log-normal lengths] with this mean and standard deviation (the module
    docstring): how long a static batch of ``count`` sequences runs. The mean without spread or for one sequence."""
    m, s, n = np.broadcast_arrays(np.asarray(mean, dtype=np.float64), np.asarray(sd, dtype=np.float64),
                                  np.maximum(np.asarray(count, dtype=np.float64), 1.0))
    sigma = np.sqrt(np.log1p((s / np.maximum(m, 1e-12)) ** 2))
    if not np.any((sigma > 0) & (n > 1)):
        return np.array(m, dtype=np.float64)
    u, weight, log_cdf = _normal_grid()
    ratios: dict[tuple[float, float], float] = {}  # one integral per (σ, C) pair (np.unique imports numpy.ma)
    for sg, k in zip(sigma.ravel().tolist(), n.ravel().tolist(), strict=True):
        if (sg, k) not in ratios:
            ratios[sg, k] = float(np.sum(np.exp(sg * u - 0.5 * sg * sg + (k - 1.0) * log_cdf) * k * weight)) \
                if sg > 0 and k > 1 else 1.0
    ratio = np.array([ratios[p] for p in zip(sigma.ravel().tolist(), n.ravel().tolist(), strict=True)])
    return np.asarray(m * ratio.reshape(m.shape), dtype=np.float64)


def context_read(ctx: np.ndarray, prompt: np.ndarray, out: np.ndarray, bucket: np.ndarray) -> np.ndarray:
    """Mean context a decode step's attention reads: ``ctx`` (the cache as filled) where ``bucket`` is 0, else
    min(ctx + N/2, I + O) for a static cache read in buckets of N tokens (module docstring)."""
    n = np.asarray(bucket, dtype=np.float64)
    return np.where(n > 0, np.minimum(ctx + n / 2.0, prompt + out), ctx)


class ServedLengths(NamedTuple):
    """A serving plan's lengths as the step model reads them (tokens): the means, the context a decode step's
    attention reads, the model's context (inf where the catalog gives none) and the lengths at the percentile."""

    prompt: np.ndarray
    output: np.ndarray  # at least 1
    read: np.ndarray
    limit: float
    prompt_tail: np.ndarray
    output_tail: np.ndarray


def record_lengths(fs: FigureSet, a: dict[str, np.ndarray], static: bool, max_context: float | None,
                   z: float) -> ServedLengths:
    """The context a decode step holds and reads, and the input and output lengths at the percentile (level ``z``),
    recorded in ``fs`` from the plan's inputs ``a``; ``static``: static batching."""
    prompt, out = a["prompt_tokens"], np.maximum(a["output_tokens"], 1.0)
    ctx = fs.add("infer.context_in_flight", context_in_flight(prompt, out, a["output_sd"], static), "tokens",
                 "mean context of a sequence in a decode step",
                 "I + O/2 (static batching: the batch's sequences step through their outputs together)" if static
                 else "I + (O² + sd(O)²)/(2·O) (in-flight batching: a sequence stays in the batch in proportion to "
                 "its output length, its position uniform over it; sd 0: I + O/2)",
                 ["infer.in.prompt_tokens", "infer.in.output_tokens", "infer.in.output_sd"])
    read = fs.add("infer.context_read", context_read(ctx, prompt, out, a["kv_bucket_tokens"]), "tokens",
                  "mean context a decode step's attention reads", "infer.context_in_flight; a static cache read in "
                  "buckets of N tokens (infer.in.kv_bucket_tokens): min(context + N/2, I + O)",
                  ["infer.context_in_flight", "infer.in.kv_bucket_tokens", "infer.in.prompt_tokens",
                   "infer.in.output_tokens"])
    limit = float(max_context) if max_context else np.inf
    prompt_tail = np.minimum(lognormal_quantile(prompt, a["prompt_sd"], z), limit)
    out_tail = np.maximum(lognormal_quantile(out, a["output_sd"], z), 1.0)
    spread = ["infer.in.prompt_tokens", "infer.in.prompt_sd", "infer.in.percentile"]
    fs.add("infer.prompt_tokens_tail", prompt_tail, "tokens", "input length at the percentile",
           "m·exp(σ·z_p − σ²/2), σ² = ln(1 + (sd/m)²) (log-normal; capped at the model's context)", spread)
    fs.add("infer.output_tokens_tail", out_tail, "tokens", "output length at the percentile",
           "m·exp(σ·z_p − σ²/2), σ² = ln(1 + (sd/m)²) (log-normal)",
           ["infer.in.output_tokens", "infer.in.output_sd", "infer.in.percentile"])
    return ServedLengths(prompt, out, read, limit, prompt_tail, out_tail)
