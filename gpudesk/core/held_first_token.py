"""The first token's hold and wait taken together: the percentile of their sum, not the sum of their percentiles.

A prompt that the attention data-parallel balancer holds (core/adp_hold.py) then queues for its prefill
(core/inference_queue.py), so its first token pays H + W. Adding H's and W's quantiles overstates the sum's (both
at P99 is rarer than 1%) and is not even a bound in general; this module composes the two laws exactly, taking them
as independent (the hold depends on the other ranks' arrivals, the wait on the prompts ahead in the prefill queue):

* the hold H, as core/adp_hold.hold_survival gives it: an atom at 0 of 1 − S_H(0) and, between whole iterations j·t
  and (j + 1)·t, the uniform density (S_H(j) − S_H(j + 1)) / t (its survival linear between whole iterations, as
  hold_quantile reads it);
* the wait W: an atom at 0 of 1 − P_w and P(W > s) = P_w·e^(−μ·s) above it (inference_queue.wait_law);

so P(H + W > x) = S_H(x) + P_w · [(1 − S_H(0))·e^(−μ·x) + Σ_j (S_H(j) − S_H(j + 1)) / t · ∫ e^(−μ·(x − h)) dh],
each integral over the part of [j·t, (j + 1)·t] below x, in closed form. Its quantile (:func:`held_wait_quantile`)
is found by bisection between max(H_q, W_q) (the sum exceeds each part) and (T + W)·t + W_q (the hold never exceeds
T + W iterations), :data:`BISECT_STEPS` halvings. tests/core/test_held_first_token.py checks both against a direct
Monte-Carlo draw of the two laws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

BISECT_STEPS = 30
"""Halvings of the quantile's bracket (at most (T + W)·t + the wait's quantile wide; 3.6 s at 60 iterations of 60
ms): within 4e-9 s there."""

SEGMENT_CELLS = 131_072
"""Cells (rows × columns) :func:`whole_segments` runs its recursion over at a time, so that a block stays in the
cache (1 MB: 256 rows of T + W + 1 = 511 columns; measured on a 500/10 search's 38,000 rows that hold: 0.33 s all
at once, 0.25 s in blocks of 256 rows, 0.26 of 1,024, 0.42 of 4,096)."""

COMPOSED = ("wait and hold composed, not their percentiles added: P(H + W > x) = S_H(x) + P_w·E[e^(−μ·(x − H))·1(H ≤ "
            "x)], the hold's law (linear between whole iterations) and the wait's (P(W > s) = P_w·e^(−μ·s)) taken as "
            "independent, in closed form, x by bisection")
"""How the held first token's percentile is found, for the Explain text of the figures that read it."""


def held_wait_survival(x: np.ndarray, hold: np.ndarray, iteration_s: np.ndarray, p_wait: np.ndarray,
                       mu: np.ndarray, whole: np.ndarray | None = None) -> np.ndarray:
    """P(H + W > x) per row: ``x`` (s; inf: 0), ``hold`` P(H > w iterations) at w = 0 … T + W (rows × (T + W + 1)),
    ``iteration_s`` t, the wait's ``p_wait`` and ``mu`` (module note); ``whole``: :func:`whole_segments` of these
    rows, where several x are read against one hold."""
    return _Composed.of(hold, iteration_s, p_wait, mu, whole).survival(np.asarray(x, dtype=np.float64))


@dataclass(frozen=True)
class _Composed:
    """What P(H + W > x) reads that no x changes, per entry: the hold's row it reads (``rows``; several entries may
    read one row, as the shares of :func:`held_wait_quantiles` do), t, its validity, the hold's atom at 0 and the
    wait's law; read at each x of a bisection (:meth:`survival`)."""

    hold: np.ndarray
    rows: np.ndarray
    t: np.ndarray
    ok_t: np.ndarray
    safe_t: np.ndarray
    idle: np.ndarray  # 1 − S_H(0)
    p_wait: np.ndarray
    mu: np.ndarray
    whole: np.ndarray | None

    @staticmethod
    def of(hold: np.ndarray, iteration_s: np.ndarray, p_wait: np.ndarray, mu: np.ndarray, whole: np.ndarray | None,
           rows: np.ndarray | None = None) -> _Composed:
        t = np.asarray(iteration_s, dtype=np.float64)
        ok_t = np.isfinite(t) & (t > 0)
        rows = np.arange(hold.shape[0]) if rows is None else rows
        return _Composed(hold, rows, t, ok_t, np.where(ok_t, t, 1.0), 1.0 - hold[rows, 0], p_wait, mu, whole)

    def survival(self, x: np.ndarray) -> np.ndarray:
        """P(H + W > x) per entry (:func:`held_wait_survival`)."""
        hold, rows, mu, ok_t, safe_t = self.hold, self.rows, self.mu, self.ok_t, self.safe_t
        last = hold.shape[1] - 1
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            u = np.where(ok_t, np.maximum(x, 0.0) / safe_t, 0.0)
            i = np.clip(np.floor(np.where(np.isfinite(u), u, last)), 0, max(last - 1, 0)).astype(int)
            s0, s1 = hold[rows, i], hold[rows, np.minimum(i + 1, last)]
            s_h = np.where(u >= last, 0.0, s0 + (s1 - s0) * np.clip(u - i, 0.0, 1.0))
            s_h = np.where(x < 0, 1.0, np.where(ok_t, s_h, 0.0))
            below = self.idle * np.exp(-mu * np.maximum(x, 0.0)) + self._segments(x, u)
            below = np.where(ok_t, below, np.exp(-mu * np.maximum(x, 0.0)))
            tail = np.where(self.p_wait > 0, self.p_wait * below, 0.0)
        out = np.where(mu > 0, s_h + tail, 1.0)  # μ = 0: the queue is past its capacity and the wait has no bound
        out = np.where(np.isinf(x) & (x > 0) & (mu > 0), 0.0, out)
        return np.clip(out, 0.0, 1.0)

    def _segments(self, x: np.ndarray, u: np.ndarray) -> np.ndarray:
        """Σ_j (S_H(j) − S_H(j + 1)) / t · ∫ e^(−μ·(x − h)) dh over the part of [j·t, (j + 1)·t] below x, per entry
        (module note): the segments below i = ⌊x/t⌋ whole, e^(−μ·(x − (j + 1)·t))·(1 − e^(−μ·t))/μ each (summed here
        over the segments some row's x reaches, or read from ``whole``, :func:`whole_segments`, at i), and the one x
        falls in, (1 − e^(−μ·(x − i·t)))/μ."""
        hold, rows, mu, t, whole = self.hold, self.rows, self.mu, self.safe_t, self.whole
        read = np.isfinite(u) & self.ok_t & (mu > 0)
        if not np.any(read):
            return np.zeros(rows.shape[0])
        last = hold.shape[1] - 1
        m = np.where(read, mu, 1.0)
        i = np.where(read, np.minimum(np.floor(np.where(read, u, 0.0)), last), 0.0).astype(int)
        past = np.maximum(x, 0.0) - i * t  # x − i·t: where x is in segment i
        if whole is None:  # the hold's own rows, one entry each (held_wait_survival)
            cols = int(np.max(i))
            j = np.arange(cols, dtype=np.float64)[None, :]
            gap = np.where(j < i[:, None], -m[:, None] * (np.maximum(x, 0.0)[:, None] - (j + 1.0) * t[:, None]),
                           -np.inf)
            dens = (hold[:, :cols] - hold[:, 1:cols + 1]) / t[:, None]
            below = np.sum(dens * np.exp(gap), axis=1) * (-np.expm1(-m * t) / m)
        else:
            below = whole[rows, i] * np.exp(-m * past)
        dens_i = (hold[rows, np.minimum(i, last - 1)] - hold[rows, np.minimum(i + 1, last)]) / t
        inside = np.where(i < last, dens_i * -np.expm1(-m * past) / m, 0.0)
        return np.where(read, below + inside, 0.0)


def whole_segments(hold: np.ndarray, t: np.ndarray, mu: np.ndarray, reach: np.ndarray | None = None) -> np.ndarray:
    """The whole segments' sum (:func:`_segments`) at x = i·t for i = 0 … T + W (rows × (T + W + 1)), by the
    recursion B_(i+1) = e^(−μ·t)·B_i + (S_H(i) − S_H(i + 1)) / t · (1 − e^(−μ·t))/μ: once for every x read against
    one hold (a bisection's steps, the targets of one rate), each then costing a row, not a row's T + W segments;
    only up to the largest x in ``reach`` (s, per row) where given (the columns above stay 0, and no x reads them)."""
    ok = np.isfinite(t) & (t > 0) & (mu > 0)
    last = hold.shape[1] - 1
    if reach is not None:
        with np.errstate(invalid="ignore", divide="ignore"):
            u = np.where(ok & np.isfinite(reach), np.maximum(reach, 0.0) / np.where(ok, t, 1.0), 0.0)
        last = int(min(last, np.max(np.floor(u), initial=0.0)))
    tt, m = np.where(ok, t, 1.0), np.where(ok, mu, 1.0)
    decay, width = np.exp(-m * tt), -np.expm1(-m * tt) / m
    out = np.zeros(hold.shape)
    rows = max(SEGMENT_CELLS // (last + 1), 1)
    for start in range(0, hold.shape[0] if last else 0, rows):  # a block of rows stays in the cache
        part = slice(start, start + rows)
        h = hold[part]
        gain = np.ascontiguousarray(((h[:, :last] - h[:, 1:last + 1]) / tt[part, None] * width[part, None]).T)
        block = np.zeros((last + 1, h.shape[0]))  # by column, each a contiguous row
        cols, adds, d = list(block), list(gain), decay[part]  # the views made once, not twice a column
        for i in range(last):
            np.multiply(cols[i], d, out=cols[i + 1])
            np.add(cols[i + 1], adds[i], out=cols[i + 1])
        out[part, :last + 1] = block.T
    return out


def held_wait_quantiles(exceeds: Sequence[float], hold: np.ndarray, iteration_s: np.ndarray, p_wait: np.ndarray,
                        mu: np.ndarray, hold_qs: Sequence[np.ndarray],
                        wait_qs: Sequence[np.ndarray]) -> list[np.ndarray]:
    """:func:`held_wait_quantile` at each share of ``exceeds`` (``hold_qs``, ``wait_qs``: the parts' own quantiles
    at each), the hold's whole segments summed once for all of them and the shares bisected together (an entry a
    share and row, each reading its row of the hold); the rows' arrays flat."""
    rows = hold.shape[0]

    def flat(x: np.ndarray) -> np.ndarray:
        return np.broadcast_to(np.asarray(x, dtype=np.float64), (rows,))

    t, p_wait, mu = flat(iteration_s), flat(p_wait), flat(mu)
    live = np.any(hold != 0, axis=1)  # the rest hold nothing (no rate, one rank): the wait alone, summed apart
    on, off = np.flatnonzero(live), np.flatnonzero(~live)
    held = hold if live.all() else hold[on]
    t_on = np.where(np.isfinite(t[on]), t[on], 0.0)
    whole = whole_segments(held, t_on, mu[on])
    k, n = len(exceeds), on.size
    both = _bisected(_Composed.of(held, np.tile(t_on, k), np.tile(p_wait[on], k), np.tile(mu[on], k), whole,
                                  np.tile(np.arange(n), k)), np.repeat(np.asarray(exceeds, dtype=np.float64), n),
                     np.concatenate([flat(hq)[on] for hq in hold_qs]), np.concatenate([flat(wq)[on] for wq in wait_qs]))
    out = []
    for s, (share, hq, wq) in enumerate(zip(exceeds, hold_qs, wait_qs)):
        x = np.empty(rows)
        x[on] = both[s * n:(s + 1) * n]
        x[off] = _wait_quantile(share, hold.shape[1] - 1, t[off], p_wait[off], mu[off], flat(hq)[off], flat(wq)[off])
        out.append(x)
    return out


def _wait_quantile(exceed: float, last: int, iteration_s: np.ndarray, p_wait: np.ndarray, mu: np.ndarray,
                   hold_q: np.ndarray, wait_q: np.ndarray) -> np.ndarray:
    """:func:`held_wait_quantile` for rows whose hold is 0 at every column (``last`` + 1 of them): the same
    bracket and halvings, P(H + W > x) read as held_wait_survival reads it there, P_w·e^(−μ·x) (the hold's terms
    are zeros, and adding them changes no bit)."""
    t = np.where(np.isfinite(iteration_s), iteration_s, 0.0)
    lo = np.maximum(hold_q, wait_q)
    hi = last * t + wait_q
    finite = np.isfinite(hi)
    lo, hi = np.where(finite, lo, 0.0), np.where(finite, hi, 0.0)
    for _ in range(BISECT_STEPS):
        mid = 0.5 * (lo + hi)
        with np.errstate(invalid="ignore", over="ignore"):
            tail = np.where(p_wait > 0, p_wait * np.exp(-mu * np.maximum(mid, 0.0)), 0.0)
            share = np.where(mu > 0, np.where(mid < 0, 1.0, 0.0) + tail, 1.0)
        over = np.clip(share, 0.0, 1.0) > exceed
        lo, hi = np.where(over, mid, lo), np.where(over, hi, mid)
    return np.where(finite, hi, np.inf)


def held_wait_quantile(exceed: float | np.ndarray, hold: np.ndarray, iteration_s: np.ndarray, p_wait: np.ndarray,
                       mu: np.ndarray, hold_q: np.ndarray, wait_q: np.ndarray,
                       whole: np.ndarray | None = None) -> np.ndarray:
    """The x (s) that a share ``exceed`` (one, or one a row) of first tokens' hold + wait exceeds, per row (module
    note); ``hold_q`` and ``wait_q`` are the hold's and the wait's own quantiles at ``exceed`` (the bracket's low
    end); ``whole``: :func:`whole_segments` of these rows where the caller has it."""
    t = np.where(np.isfinite(iteration_s), iteration_s, 0.0)
    whole = whole_segments(hold, t, mu) if whole is None else whole
    return _bisected(_Composed.of(hold, t, p_wait, mu, whole), exceed, hold_q, wait_q)


def _bisected(law: _Composed, exceed: float | np.ndarray, hold_q: np.ndarray, wait_q: np.ndarray) -> np.ndarray:
    """:func:`held_wait_quantile`'s bisection per entry of ``law``, between max(H_q, W_q) and (T + W)·t + W_q."""
    lo = np.maximum(hold_q, wait_q)
    hi = (law.hold.shape[1] - 1) * law.t + wait_q
    finite = np.isfinite(hi)
    lo, hi = np.where(finite, lo, 0.0), np.where(finite, hi, 0.0)
    for _ in range(BISECT_STEPS):
        mid = 0.5 * (lo + hi)
        over = law.survival(mid) > exceed
        lo, hi = np.where(over, mid, lo), np.where(over, hi, mid)
    return np.where(finite, hi, np.inf)
