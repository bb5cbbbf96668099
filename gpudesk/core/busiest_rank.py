"""The busiest of several equal groups, as a multiple of the mean or in tokens: what every member waits for.

* :func:`expected_busiest`: the expected maximum of G independent Poisson counts (the attention group that prefills the
  most prompts in one iteration, core/inference_step.py).
* :func:`busiest_expert_rank`: the routed tokens of the busiest of e expert ranks over the mean, from the published
  per-expert load spread (MOE_EXPERT_LOAD_CV).
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from gpudesk.core.constants import serving as SV

EXACT_MEAN = 8.0  # Poisson means up to this are summed exactly (≤ 48 terms); above, the skewed normal limit


@lru_cache(maxsize=32)
def _normal_max(groups: float) -> tuple[float, float]:
    """E[M] and E[M²] of M, the max of ``groups`` standard normals (1.42 and 2.40 for 8), by quadrature."""
    x = np.linspace(-9.0, 9.0, 3601)
    cdf = np.array([0.5 * (1.0 + math.erf(v / math.sqrt(2.0))) for v in x])
    density = groups * np.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi) * cdf ** (groups - 1.0) * (x[1] - x[0])
    return float(np.sum(x * density)), float(np.sum(x * x * density))


def whole_power(x: np.ndarray, n: float, out: np.ndarray | None = None) -> np.ndarray:
    """x**n, by squaring for a whole n (numpy's pow is ~10x slower than the few multiplications); into ``out``
    where given (it may be ``x``: a power of two is squared in place, the same products)."""
    if out is not None:
        k = int(n) if float(n).is_integer() and n >= 1 else 0
        if k and not k & (k - 1):  # 1, 2, 4, 8 …: x, then squared in turn
            np.copyto(out, x)
            while k > 1:
                np.multiply(out, out, out=out)
                k >>= 1
        else:
            np.copyto(out, whole_power(x, n))
        return out
    if not n.is_integer() or n < 1:
        return np.asarray(x ** n)
    out, base, k = np.ones_like(x), x, int(n)
    while k:
        if k & 1:
            out = out * base
        k >>= 1
        if k:
            base = base * base
    return out


def expected_busiest(mu: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """E[max of ``groups`` independent Poisson(``mu``)] = Σ_k≥1 (1 − F(k−1)^G): summed exactly for mu ≤ EXACT_MEAN,
    else through the Poisson's Cornish-Fisher normal limit X ≈ mu + √mu·(Z + (Z² − 1)/(6√mu)), monotone in Z, so
    E[max] ≈ mu + √mu·E[M] + (E[M²] − 1)/6 (within 0.5% of the sum above EXACT_MEAN for up to 16 groups)."""
    mu, groups = np.broadcast_arrays(np.asarray(mu, dtype=np.float64), np.asarray(groups, dtype=np.float64))
    busiest = np.zeros(mu.shape)
    for g in np.unique(groups):  # a few values (1, 2, 4, 8): a scalar power is a few multiplications
        rows = (groups == g) & (mu <= EXACT_MEAN)
        if not rows.any():
            continue
        small = mu[rows]
        p = np.exp(-small)  # Poisson pmf at k - 1, then its cdf
        cdf, total = p.copy(), np.zeros(small.shape)
        for k in range(1, int(np.ceil(small.max() + 10.0 * math.sqrt(small.max()) + 12.0)) + 1):
            total += 1.0 - whole_power(cdf, float(g))
            p = p * small / k
            cdf = np.minimum(cdf + p, 1.0)
        busiest[rows] = total
    if np.any(mu > EXACT_MEAN):
        first, skew = np.zeros(mu.shape), np.zeros(mu.shape)
        for g in np.unique(groups[mu > EXACT_MEAN]):
            m1, m2 = _normal_max(float(g))
            first, skew = np.where(groups == g, m1, first), np.where(groups == g, (m2 - 1.0) / 6.0, skew)
        busiest = np.where(mu > EXACT_MEAN, mu + np.sqrt(mu) * first + skew, busiest)
    return busiest


def busiest_expert_rank(n_experts: float, ep: np.ndarray) -> np.ndarray:
    """Routed tokens of the busiest of ``ep`` expert ranks / the mean (1 where experts are not split whole).

    Each rank holds E/e whole experts, loaded unevenly (MOE_EXPERT_LOAD_CV, the per-expert spread TensorRT-LLM
    published without EPLB); experts loaded independently give a rank's load a spread of CV·√(e/E) (the same
    table's per-rank spread: 0.48 against 1.28/√8 = 0.45), and the busiest of e ranks, in the normal limit,
    1 + CV·√(e/E)·E[max of e standard normals] (1.32 for 256 experts on 8 ranks, 1.45 for 128). Every rank of
    an MoE layer waits for it. The normal limit understates the published tail: at EP 32 it gives 1.94 where
    the hottest rank took 2.56x the mean."""
    ep = np.asarray(ep, dtype=np.float64)
    if n_experts <= 1:
        return np.ones(ep.shape)
    out = np.ones(ep.shape)
    for e in np.unique(ep[ep > 1]):
        spread = SV.MOE_EXPERT_LOAD_CV.value * math.sqrt(min(e, n_experts) / n_experts)
        out = np.where(ep == e, 1.0 + spread * _normal_max(float(min(e, n_experts)))[0], out)
    return out
