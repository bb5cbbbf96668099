"""How uneven the ADP balancer's releases leave the attention ranks: the busiest rank's extra prompts per iteration.

TensorRT-LLM's attention data-parallel balancer (``attention_dp_config.enable_balance``) holds new prompts and lets
them go together (tensorrt_llm/_torch/pyexecutor/py_executor.py, ``_balance_adp_requests``, NVIDIA/TensorRT-LLM;
the rule as core/adp_hold.py reads it): once every rank has a prompt it waits ``batching_wait_iters`` W more
iterations and releases; while some rank has none it counts iterations and releases at ``timeout_iters`` T,
``balanced_context_requests = context_requests`` for every rank, the one with none included; with some rank
decoding nothing it releases at once. Each rank then prefills what it holds, and the expert all-to-all makes every
rank wait for the one that holds the most (core/inference_step.py, ``prefill_imbalance``). A release is even only
as far as the counts are: one forced by the timeout leaves some rank with none, and one after every rank has a
prompt still finds the busiest above the mean.

The model (:func:`release_excess`), with adp_hold's: prompts reach each of the G ranks Poisson at m per iteration,
N(j) ~ Poisson(m·j) held after j iterations of a cycle, a rank's first prompt at τ (P(τ ≤ j) = 1 − e^(−m·j)) and
K = max of the G τ. The cycle releases at K + W when K ≤ T (aligned), else at T (forced). Ranks being independent,

* forced: P(K > T, max N(T) ≤ x) = F_mT(x)^G − (F_mT(x) − e^(−mT))^G (every rank ≤ x, less every rank in 1 … x);
* aligned at K = k: P(K = k, max N(k + W) ≤ x) = a_k(x)^G − a_(k−1)(x)^G, one rank's
  a_j(x) = P(τ ≤ j, N(k + W) ≤ x) = F_m(k+W)(x) − e^(−m·j)·F_m(k+W−j)(x),

F_μ the Poisson(μ) distribution function, and E[max·1{event}] = Σ_x≥0 (P(event) − P(event, max ≤ x)). A release
of cycle length L carries G·m·L prompts on average, so the busiest rank's excess over the mean, per iteration, is
(G·E[max at release] − G·m·E[L]) / E[L] (renewal-reward). Where some rank decodes nothing (probability
1 − (1 − e^(−n/G))^G, n sequences in flight, as adp_hold reads it) prompts go as they come: G·E[max of G
Poisson(m)] − G·m (core/busiest_rank.py). The sums run at m = 2^(j/4) (``NODES_PER_OCTAVE``) and the excess over
G·m is read between them linearly in log m (within 0.2% of the sum at any m), so a row costs the same however many
rows a search evaluates; an octave's nodes are summed once per balancer setting and kept (:func:`_octave_ratios`). Left out, as in adp_hold: a full rank's ``max_batch_size`` (the engine
releases then too) and the ranks' decoding state changing within a cycle.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from gpudesk.core.busiest_rank import expected_busiest, whole_power

UNALIGNED_FORMULA = (
    "(G·E[max of G Poisson(C/(O·G))] − C/O) · one prompt's attention and non-routed GEMMs on its group (G = "
    "max(t, e)/t attention groups; prompts start where their group's sequences end); 0 without attention "
    "data-parallel; where the engine's ADP balancer holds prompts (infer.in.prompts_aligned: the plan's "
    "attention_dp_balance), the busiest group's excess at its releases instead")
"""infer.prefill_wait_s where prompts go as they come (core/inference_step.py, ``prefill_imbalance``)."""
RELEASE_FORMULA = (
    "X · one prompt's attention and non-routed GEMMs on its group, X the prompts the busiest of the G = max(t, e)/t "
    "attention groups prefills beyond the mean per iteration under the engine's ADP balancer "
    "(infer.in.prompts_aligned): it releases what each group holds W iterations after every group has a prompt, "
    "or at its timeout of T iterations with some group holding none; X = G·E[max at release] / E[L] − C/O, L the "
    "cycle's iterations, each group's prompts Poisson at m = C/(O·G) an iteration, summed exactly over the "
    "iteration K by which every group has one (T when K > T) at m = 2^(j/4), read linearly in log m between; where some group decodes nothing, probability 1 − "
    "(1 − e^(−C/G))^G, prompts go as they come: G·E[max of G Poisson(m)] − C/O")
"""infer.prefill_wait_s where the ADP balancer holds prompts (:func:`release_excess`)."""
NEGLIGIBLE = 1e-12  # a cycle length k with P(K = k) below this in every row is not summed (G·e^(−m·k) bounds it)
NODES_PER_OCTAVE = 4  # the excess is computed exactly at m = 2^(j/4) and read between them linearly in log m
# (within 0.2% of the exact sum at any m for the MLPerf settings and TensorRT-LLM's defaults, tests/core/test_adp_release.py)
GRID_CELLS = 2_000_000  # rows × K × counts summed at once (16 MB an array): rows are taken in parts of this size


def _poisson_cdf(mu: np.ndarray, top: int) -> np.ndarray:
    """F_mu(x) for x = 0 … top, along a new last axis (mu any shape), from the pmf in logs (no overflow)."""
    mu = np.asarray(mu, dtype=np.float64)[..., None]
    x = np.arange(top + 1, dtype=np.float64)
    log_factorial = np.concatenate(([0.0], np.cumsum(np.log(x[1:]))))
    with np.errstate(divide="ignore", invalid="ignore"):
        log_pmf = np.where(mu > 0, x * np.log(np.where(mu > 0, mu, 1.0)) - mu - log_factorial,
                           np.where(x == 0, 0.0, -np.inf))  # a mean of 0: every mass at x = 0
    return np.asarray(np.minimum(np.cumsum(np.exp(log_pmf), axis=-1), 1.0))


def _extent(m_lo: float, m_hi: float, g_hi: float, timeout: int, wait: int) -> tuple[int, int]:
    """(the last aligned K worth summing, the largest count x summed) for rows with m in [m_lo, m_hi]."""
    reach = math.log(g_hi / NEGLIGIBLE) / m_lo if m_lo > 0 else float("inf")
    last = int(min(timeout, max(math.ceil(reach), 1)))  # aligned cycles longer than this have no weight
    mu_top = m_hi * (max(last, 1) + wait)
    return last, int(math.ceil(mu_top + 10.0 * math.sqrt(mu_top) + 12.0))


def _expected_max_at_release(m: np.ndarray, g: np.ndarray, timeout: int, wait: int) -> tuple[np.ndarray, np.ndarray]:
    """(E[max over the G ranks of the prompts a release lets go], E[cycle length L]) per row (module note)."""
    last, top = _extent(float(np.min(m)), float(np.max(m)), float(np.max(g)), timeout, wait)
    groups = float(g[0])  # one G per call (release_excess)
    k = np.arange(1, last + 1, dtype=np.float64)
    span = m[:, None] * (k[None, :] + wait)  # rows × k: the mean count at release after an aligned K = k
    f_all = _poisson_cdf(span, top)  # rows × k × x
    before = np.zeros(f_all.shape)
    for j, shift in ((k, 0.0), (k - 1.0, 1.0)):  # a_k, then a_(k−1)
        rest = _poisson_cdf(m[:, None] * (wait + shift), top)  # N(k + W) − N(j): Poisson(m·(k + W − j))
        a = f_all - np.exp(-m[:, None] * j[None, :])[..., None] * rest
        before = before + (1.0 if shift == 0.0 else -1.0) * whole_power(np.maximum(a, 0.0), groups)
    p_k = (1.0 - np.exp(-m[:, None] * k)) ** g[:, None] - (1.0 - np.exp(-m[:, None] * (k - 1.0))) ** g[:, None]
    aligned = np.sum(p_k[..., None] - before, axis=(1, 2))
    lengths = np.sum(p_k * (k[None, :] + wait), axis=1)
    late = 1.0 - (1.0 - np.exp(-m * timeout)) ** g  # P(K > T): the timeout forces the release
    f_t = _poisson_cdf(m * timeout, top)
    forced_joint = whole_power(f_t, groups) - whole_power(np.maximum(f_t - np.exp(-m * timeout)[:, None], 0.0), groups)
    forced = np.sum(late[:, None] - forced_joint, axis=1)
    return aligned + forced, lengths + late * timeout


@lru_cache(maxsize=1024)
def _octave_ratios(octave: int, groups: float, timeout: int, wait: int) -> tuple[float, ...]:
    """The busiest rank's excess per iteration over the mean prompts G·m, every rank decoding, (G·E[max at
    release] / E[L] − G·m) / (G·m), at the octave's nodes m = 2^(octave + i/NODES_PER_OCTAVE): computed once per
    octave and balancer (a pure function of them), so an edit or a search that reads the same octaves again does
    not sum them again."""
    m = 2.0 ** (octave + np.arange(NODES_PER_OCTAVE) / NODES_PER_OCTAVE)
    busiest, length = np.empty(m.shape), np.empty(m.shape)
    last, top = _extent(2.0 ** octave, 2.0 ** (octave + 1.0), groups, timeout, wait)
    step = max(GRID_CELLS // (last * (top + 1)), 1)
    for part in (np.arange(i, min(i + step, m.size)) for i in range(0, m.size, step)):
        busiest[part], length[part] = _expected_max_at_release(m[part], np.full(part.size, groups), timeout, wait)
    return tuple(float(x) for x in (busiest / length - m) / m)


def _excess_ratio(nodes: np.ndarray, groups: float, timeout: int, wait: int) -> np.ndarray:
    """:func:`_octave_ratios` at the whole node indices ``nodes`` (m = 2^(node/NODES_PER_OCTAVE))."""
    octave = np.floor(nodes / NODES_PER_OCTAVE).astype(int)
    return np.array([_octave_ratios(int(o), groups, timeout, wait)[int(j - o * NODES_PER_OCTAVE)]
                     for j, o in zip(nodes, octave)])


def release_excess(per_iteration: np.ndarray, groups: np.ndarray, in_flight: np.ndarray, timeout: int,
                   wait: int) -> np.ndarray:
    """Prompts the busiest of ``groups`` ranks prefills beyond the mean, per iteration, under the balancer
    (``timeout`` T, ``wait`` W iterations): ``per_iteration`` new prompts per iteration for the whole replica,
    ``in_flight`` sequences decoding; broadcast over rows (module note). 0 for one group."""
    rate, g, n = np.broadcast_arrays(*(np.asarray(x, dtype=np.float64) for x in (per_iteration, groups, in_flight)))
    shape = rate.shape
    rate, g, n = rate.ravel(), np.maximum(g.ravel(), 1.0), n.ravel()
    out = np.zeros(rate.shape)
    rows = (g > 1.0) & (rate > 0.0)
    if not rows.any():
        return out.reshape(shape)
    m = rate[rows] / g[rows]
    held = np.empty(m.shape)
    for size in np.unique(g[rows]):  # a few values (2, 4, 8 …)
        same = g[rows] == size
        place = np.log2(m[same]) * NODES_PER_OCTAVE
        nodes = np.arange(np.floor(place.min()), np.ceil(place.max()) + 1.0)
        ratio = _excess_ratio(nodes, float(size), int(timeout), int(wait))
        held[same] = np.interp(place, nodes, ratio) * size * m[same]
    unheld = g[rows] * expected_busiest(m, g[rows]) - rate[rows]
    decoding = (1.0 - np.exp(-np.maximum(n[rows], 0.0) / g[rows])) ** g[rows]
    out[rows] = np.maximum(decoding * held + (1.0 - decoding) * unheld, 0.0)
    return out.reshape(shape)
