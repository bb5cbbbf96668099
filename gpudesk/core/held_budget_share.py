"""The share of first tokens whose hold + prefill wait exceeds a budget, in closed form over the cycle's terms.

core/held_first_token.held_wait_survival reads P(H + W > x) from the hold's survival at every whole iteration
(core/adp_hold.hold_survival, T + W + 1 columns) and the whole segments' recursion below x (whole_segments): a row
costs the iterations its budget spans, hundreds at a 500-iteration timeout. Both are sums over iterations j of the
cycle's P(L > j) (adp_hold: F(T) − F(clip(j − W, 0, T)) + (1 − F(T))·1(j < T)) times a geometric weight (1 for the
hold's tail Σ_(v ≥ i) P(L > v), e^(−μ·t·(i − 1 − j)) for the segments), and F(k) = (1 − e^(−m·k))^G =
Σ_r C(G, r)(−1)^r·e^(−m·r·k) for G whole ranks: each is G + 1 geometric sums a piece of j, so a row costs its
rank count, not its iterations. Rounding: the alternating terms reach C(G, G/2) times a sum of at most T + W
weights of 1, so the result is within 1e-16·C(16, 8)·(T + W)/E[L] of the column sums (7e-10 at T + W = 510, up to
:data:`CLOSED_GROUPS` ranks; more: held_wait_survival). tests/core/test_held_budget_share.py checks it against them.
"""

from __future__ import annotations

import math

import numpy as np

CLOSED_GROUPS = 16
"""Attention ranks up to which the share is summed in closed form (the rounding bound above)."""


def _geometric(count: np.ndarray, slope: np.ndarray) -> np.ndarray:
    """Σ_(d < count) e^(slope·d), slope ≤ 0."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return np.asarray(np.where(slope < 0, np.expm1(count * slope) / np.expm1(np.where(slope < 0, slope, -1.0)),
                                   count))


def _weighted(lo: np.ndarray, hi: np.ndarray, decay: np.ndarray, m: np.ndarray, groups: int, timeout: int,
              wait: int, at_t: np.ndarray) -> np.ndarray:
    """Σ_(j = lo … hi − 1) P(L > j)·e^(−decay·(hi − 1 − j)) per row (module note; ``at_t`` F(T))."""
    pieces = [(0, min(wait, timeout), 1.0, False), (timeout, wait, at_t, False),  # j < W: 1, or F(T) past T
              (wait, timeout, 0.0, True), (max(wait, timeout), wait + timeout, at_t - 1.0, True)]  # − F(j − W)
    total = np.zeros(m.shape)
    for a, b, const, minus_f in pieces:
        start, stop = np.maximum(lo, a), np.minimum(hi, b)
        count = np.maximum(stop - start, 0).astype(np.float64)
        if not np.any(count > 0):
            continue
        r = np.arange(groups + 1 if minus_f else 1, dtype=np.float64)[:, None]  # the terms of F, or the constant
        weight = np.where(r == 0, np.asarray(const), -np.array([math.comb(groups, int(k)) for k in r[:, 0]])[:, None] * (-1.0) ** r)
        rate = m[None, :] * r
        slope = decay[None, :] - rate  # the exponent −rate·(j − W) − decay·(hi − 1 − j) rises by this a step in j
        first = -rate * (start - wait) - decay * (hi - 1 - start)
        final = -rate * (stop - 1 - wait) - decay * (hi - stop)
        with np.errstate(over="ignore", invalid="ignore"):
            part = np.where(slope <= 0, np.exp(np.minimum(first, 0.0)) * _geometric(count, slope),
                            np.exp(np.minimum(final, 0.0)) * _geometric(count, -slope))
        total += np.where(count > 0, np.sum(weight * part, axis=0), 0.0)
    return total


def _longer(v: np.ndarray, m: np.ndarray, groups: int, timeout: int, wait: int, at_t: np.ndarray) -> np.ndarray:
    """P(L > v) = F(T) − F(clip(v − W, 0, T)) + (1 − F(T))·1(v < T) per row (adp_hold)."""
    k = np.clip(v - wait, 0, timeout)
    return np.asarray(at_t - (1.0 - np.exp(-m * k)) ** groups + (1.0 - at_t) * (v < timeout))


def closed_groups(groups: np.ndarray) -> np.ndarray:
    """Rows whose rank count the closed form sums (whole, 1 … :data:`CLOSED_GROUPS`)."""
    g = np.asarray(groups, dtype=np.float64)
    return np.asarray((g == np.round(g)) & (g >= 1) & (g <= CLOSED_GROUPS))


def budget_share(x: np.ndarray, rate: np.ndarray, t: np.ndarray, groups: np.ndarray, in_flight: np.ndarray,
                 p_wait: np.ndarray, mu: np.ndarray, timeout: int, wait: int) -> np.ndarray:
    """held_wait_survival(x, hold_survival(rate, t, groups, in_flight, T, W), t, p_wait, mu) per row, the rows' G
    whole and ≤ :data:`CLOSED_GROUPS` (:func:`closed_groups`), without the hold's columns (module note)."""
    g = np.maximum(np.asarray(groups, dtype=np.float64), 1.0)
    ok_t = np.isfinite(t) & (t > 0)
    safe_t = np.where(ok_t, t, 1.0)
    m = np.where(ok_t, np.maximum(rate, 0.0) * safe_t / g, 0.0)
    last = timeout + wait
    out = np.zeros(m.shape)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        u = np.where(ok_t, np.maximum(x, 0.0) / safe_t, 0.0)
        read = np.isfinite(u) & ok_t & (mu > 0)
        mm = np.where(read, mu, 1.0)
        i = np.clip(np.floor(np.where(np.isfinite(u), u, last)), 0, max(last - 1, 0))
        i2 = np.where(read, np.minimum(np.floor(np.where(read, u, 0.0)), last), 0.0)
    zero = np.zeros(m.shape)
    for size in np.unique(g):
        same = g == size
        G, ms = int(size), m[same]
        at_t = (1.0 - np.exp(-ms * timeout)) ** G
        top = np.full(ms.shape, float(last))
        mean = _weighted(zero[same], top, zero[same], ms, G, timeout, wait, at_t)
        decoding = (1.0 - np.exp(-np.maximum(in_flight[same], 0.0) / size)) ** size
        held = (size > 1.0) & (rate[same] > 0)
        scale = np.where(held & (mean > 0), decoding / np.where(mean > 0, mean, 1.0), 0.0)
        tail_i = _weighted(i[same], top, zero[same], ms, G, timeout, wait, at_t)
        p_i = _longer(i[same], ms, G, timeout, wait, at_t)
        s0, s1 = np.clip(scale * tail_i, 0, 1), np.clip(scale * (tail_i - p_i), 0, 1)
        us, xs, ts = u[same], x[same], safe_t[same]
        s_h = np.where(us >= last, 0.0, s0 + (s1 - s0) * np.clip(us - i[same], 0.0, 1.0))
        s_h = np.where(xs < 0, 1.0, np.where(ok_t[same], s_h, 0.0))
        mus, rd, j = mm[same], read[same], i2[same]
        decay = np.where(rd, mus * ts, 0.0)
        lower = _weighted(zero[same], j, decay, ms, G, timeout, wait, at_t)  # Σ_(j' < j) P(L > j')·e^(−μt(j−1−j'))
        p_j = np.where(j == i[same], p_i, _longer(j, ms, G, timeout, wait, at_t))
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            past = np.maximum(xs, 0.0) - j * ts
            width = -np.expm1(-mus * ts) / mus
            seg = scale * lower / ts * width * np.exp(-mus * past)
            seg += np.where(j < last, scale * p_j / ts * -np.expm1(-mus * past) / mus, 0.0)
            below = (1.0 - np.clip(scale * mean, 0, 1)) * np.exp(-mu[same] * np.maximum(xs, 0.0))
            below += np.where(rd, seg, 0.0)
            below = np.where(ok_t[same], below, np.exp(-mu[same] * np.maximum(xs, 0.0)))
            tail = np.where(p_wait[same] > 0, p_wait[same] * below, 0.0)
        share = np.where(mu[same] > 0, s_h + tail, 1.0)
        out[same] = np.where(np.isinf(xs) & (xs > 0) & (mu[same] > 0), 0.0, share)
    return np.clip(out, 0.0, 1.0)
