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

import functools
import math
from dataclasses import dataclass

import numpy as np

CLOSED_GROUPS = 16
"""Attention ranks up to which the share is summed in closed form (the rounding bound above)."""


def _geometric(count: np.ndarray, slope: np.ndarray) -> np.ndarray:
    """Σ_(d < count) e^(slope·d), slope ≤ 0."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return np.asarray(np.where(slope < 0, np.expm1(count * slope) / np.expm1(np.where(slope < 0, slope, -1.0)),
                                   count))


def _weighted(lo: np.ndarray | float, hi: np.ndarray | float, decay: np.ndarray | float, m: np.ndarray, groups: int,
              timeout: int, wait: int, at_t: np.ndarray, parts: tuple[int, ...] = ()) -> np.ndarray:
    """Σ_(j = lo … hi − 1) P(L > j)·e^(−decay·(hi − 1 − j)) per row (module note; ``at_t`` F(T)); each piece of j
    summed only for the rows it reaches, and each term from the end its exponent is largest at (one exponential
    and one geometric sum a term, not both ends'). ``parts``: where the rows split into sums that are read apart
    (:func:`budget_shares`: the cycle's mean and each budget's two sums, in one call); a row that is a piece's only
    live row within its part has its terms added as one row alone adds them (:func:`_term_sums`), so a row's sum
    does not depend on the rows summed with it."""
    at_t = np.broadcast_to(np.asarray(at_t, dtype=np.float64), m.shape)
    pieces = [(0, min(wait, timeout), np.ones(m.shape), False), (timeout, wait, at_t, False),  # j < W: 1, or F(T)
              (wait, timeout, np.zeros(m.shape), True), (max(wait, timeout), wait + timeout, at_t - 1.0, True)]  # − F
    lo, hi, decay = (np.broadcast_to(np.asarray(v, dtype=np.float64), m.shape) for v in (lo, hi, decay))
    total = np.zeros(m.shape)
    for a, b, const, minus_f in pieces:
        if b <= a:  # an empty piece: no row reaches it
            continue
        live = np.flatnonzero(np.minimum(hi, b) - np.maximum(lo, a) > 0)
        if not live.size:
            continue
        every = live.size == m.size  # then every row as it is, not a copy of each
        ml, hl, dl = (m, hi, decay) if every else (m[live], hi[live], decay[live])
        start, stop = np.maximum(lo if every else lo[live], a), np.minimum(hl, b)
        count = stop - start
        r, sign = _terms(groups, minus_f)
        weight = np.where(r == 0, const if every else const[live], sign)
        rate = ml[None, :] * r
        slope = dl[None, :] - rate  # the exponent −rate·(j − W) − decay·(hi − 1 − j) rises by this a step in j
        down = slope <= 0  # largest at the piece's first j, else at its last
        with np.errstate(over="ignore", invalid="ignore"):
            top = np.where(down, -rate * (start - wait) - dl * (hl - 1 - start),
                           -rate * (stop - 1 - wait) - dl * (hl - stop))
            part = np.exp(np.minimum(top, 0.0)) * _geometric(count, np.where(down, slope, -slope))
        sums = _term_sums(weight * part, live, parts)
        if every:
            total += sums
        else:
            total[live] += sums
    return total


@functools.lru_cache(maxsize=64)
def _terms(groups: int, minus_f: bool) -> tuple[np.ndarray, np.ndarray]:
    """(r, the sign and binomial of each term) of a piece of :func:`_weighted`: the terms of F, or the constant alone
    (r = 0); read-only, shared by every call."""
    r = np.arange(groups + 1 if minus_f else 1, dtype=np.float64)[:, None]
    sign = -np.array([math.comb(groups, k) for k in range(r.shape[0])], dtype=np.float64)[:, None] * (-1.0) ** r
    r.flags.writeable = sign.flags.writeable = False
    return r, sign


def _term_sums(terms: np.ndarray, live: np.ndarray, parts: tuple[int, ...]) -> np.ndarray:
    """Σ over the terms (axis 0) of each live row, each part's rows as that part alone sums them: numpy adds the
    rows of a several-column array one after another, but a single column pairwise, so a part with one live row
    sums it as a column of its own."""
    sums = np.sum(terms, axis=0)
    if live.size > 1 and parts:
        ends = np.searchsorted(live, parts).tolist()  # live is ascending: where each part's live rows end
        for first, stop in zip((0, *ends), (*ends, live.size)):
            if stop - first == 1:
                sums[first:stop] = np.sum(np.ascontiguousarray(terms[:, first:stop]), axis=0)
    return np.asarray(sums)


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
    return np.asarray(budget_shares(np.asarray(x, dtype=np.float64)[None, :], rate, t, groups, in_flight, p_wait, mu,
                                    timeout, wait)[0])


def budget_shares(xs: np.ndarray, rate: np.ndarray, t: np.ndarray, groups: np.ndarray, in_flight: np.ndarray,
                  p_wait: np.ndarray, mu: np.ndarray, timeout: int, wait: int) -> np.ndarray:
    """:func:`budget_share` at several budgets a row (``xs``: budgets × rows, the same shape out): the cycle's mean
    and the hold's scale read once a row for all its budgets, and a budget of +inf (no target) not summed (0, or 1
    where μ ≤ 0, as :func:`budget_share` gives it). The mean and each budget's two sums (the hold's tail from
    ⌊x/t⌋, the segments below x) go through one :func:`_weighted` call a rank count."""
    g = np.maximum(np.asarray(groups, dtype=np.float64), 1.0)
    ok_t = np.isfinite(t) & (t > 0)
    safe_t = np.where(ok_t, t, 1.0)
    m = np.where(ok_t, np.maximum(rate, 0.0) * safe_t / g, 0.0)
    last = timeout + wait
    out = np.where(mu > 0, 0.0, np.ones(xs.shape))  # a budget of +inf: no share exceeds it
    summed = ~(np.isinf(xs) & (xs > 0))
    for size in np.unique(g):
        same = np.flatnonzero(g == size)
        G, ms = int(size), m[same]
        at_t = (1.0 - np.exp(-ms * timeout)) ** G
        which, at = np.nonzero(summed[:, same])  # (budget, row in the group) pairs with a budget to read
        row = same[at]
        x = _BudgetColumns.at(xs[which, row], safe_t[row], ok_t[row], mu[row], last)
        k, n = same.size, at.size
        sums = _weighted(np.concatenate([np.zeros(k), x.i, np.zeros(n)]),
                         np.concatenate([np.full(k, float(last)), np.full(n, float(last)), x.j]),
                         np.concatenate([np.zeros(k), np.zeros(n), x.decay]), np.concatenate([ms, ms[at], ms[at]]),
                         G, timeout, wait, np.concatenate([at_t, at_t[at], at_t[at]]), (k, k + n))
        mean = sums[:k]  # once a row for all its budgets
        decoding = (1.0 - np.exp(-np.maximum(in_flight[same], 0.0) / size)) ** size
        held = (size > 1.0) & (rate[same] > 0)
        scale = np.where(held & (mean > 0), decoding / np.where(mean > 0, mean, 1.0), 0.0)
        out[which, row] = _share_at(xs[which, row], x, sums[k:k + n], sums[k + n:], ms[at], at_t[at], mean[at],
                                    scale[at], safe_t[row], ok_t[row], p_wait[row], mu[row], G, timeout, wait)
    return np.clip(out, 0.0, 1.0)


@dataclass(frozen=True)
class _BudgetColumns:
    """Where a budget x falls among the hold's whole iterations, per (budget, row) entry: u = x/t, the entries whose
    segments below x are read (``read``), μ there (1 elsewhere), i = ⌊u⌋ within the columns, j = ⌊u⌋ where read,
    and the segments' decay μ·t."""

    u: np.ndarray
    read: np.ndarray
    mus: np.ndarray
    i: np.ndarray
    j: np.ndarray
    decay: np.ndarray

    @staticmethod
    def at(xs: np.ndarray, ts: np.ndarray, ok_t: np.ndarray, mu: np.ndarray, last: int) -> _BudgetColumns:
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            u = np.where(ok_t, np.maximum(xs, 0.0) / ts, 0.0)
            read = np.isfinite(u) & ok_t & (mu > 0)
            mus = np.where(read, mu, 1.0)
            i = np.clip(np.floor(np.where(np.isfinite(u), u, last)), 0, max(last - 1, 0))
            j = np.where(read, np.minimum(np.floor(np.where(read, u, 0.0)), last), 0.0)
        return _BudgetColumns(u, read, mus, i, j, np.where(read, mus * ts, 0.0))


def _share_at(xs: np.ndarray, x: _BudgetColumns, tail_i: np.ndarray, lower: np.ndarray, ms: np.ndarray,
              at_t: np.ndarray, mean: np.ndarray, scale: np.ndarray, ts: np.ndarray, ok_t: np.ndarray,
              p_wait: np.ndarray, mu: np.ndarray, groups: int, timeout: int, wait: int) -> np.ndarray:
    """P(hold + wait > x) per entry, G ranks each (:func:`budget_shares`, its rows' m, F(T), cycle mean and scale;
    ``tail_i`` Σ_(v ≥ i) P(L > v) and ``lower`` Σ_(j' < j) P(L > j')·e^(−μt(j−1−j')), both from :func:`_weighted`)."""
    last = timeout + wait
    u, read, mus, i, j = x.u, x.read, x.mus, x.i, x.j
    p_i = _longer(i, ms, groups, timeout, wait, at_t)
    s0, s1 = np.clip(scale * tail_i, 0, 1), np.clip(scale * (tail_i - p_i), 0, 1)
    s_h = np.where(u >= last, 0.0, s0 + (s1 - s0) * np.clip(u - i, 0.0, 1.0))
    s_h = np.where(xs < 0, 1.0, np.where(ok_t, s_h, 0.0))
    p_j = np.where(j == i, p_i, _longer(j, ms, groups, timeout, wait, at_t))
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        past = np.maximum(xs, 0.0) - j * ts
        width = -np.expm1(-mus * ts) / mus
        seg = scale * lower / ts * width * np.exp(-mus * past)
        seg += np.where(j < last, scale * p_j / ts * -np.expm1(-mus * past) / mus, 0.0)
        below = (1.0 - np.clip(scale * mean, 0, 1)) * np.exp(-mu * np.maximum(xs, 0.0))
        below += np.where(read, seg, 0.0)
        below = np.where(ok_t, below, np.exp(-mu * np.maximum(xs, 0.0)))
        tail = np.where(p_wait > 0, p_wait * below, 0.0)
    share = np.where(mu > 0, s_h + tail, 1.0)
    return np.asarray(np.where(np.isinf(xs) & (xs > 0) & (mu > 0), 0.0, share))
