"""Several halvings of a bisection in one pass: every midpoint the next k halvings may take, read at once.

A bisection whose check costs a fixed ~50 µs-2 ms of numpy calls a pass whatever its rows (the prefill rate of a
priced configuration: core/inference_disagg.prefill_rate; the balanced rate: core/server_held_rate.held_rate)
pays that once for k halvings by reading the 2^k − 1 midpoints they may take (:func:`branch_midpoints`) and then
following each row's verdicts down them (:func:`follow`). Each midpoint is computed from its own bracket exactly
as one halving at a time computes it, and a row's verdict does not depend on the rows read with it, so the
bracket after k levels is the one k single halvings give, bit for bit.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

Midpoint = Callable[[np.ndarray, np.ndarray], np.ndarray]


def branch_midpoints(lo: np.ndarray, hi: np.ndarray, levels: int, midpoint: Midpoint) -> np.ndarray:
    """The midpoints ``levels`` successive halvings of [lo, hi] may take, every branch ((2^levels − 1) × the rows'
    shape, breadth first: node n of a level has its halves at 2n, below, and 2n + 1, above, on the next), each
    ``midpoint(lo, hi)`` of its own bracket."""
    los, his, found = lo[None], hi[None], []
    for _ in range(levels):
        mid = midpoint(los, his)
        found.append(mid)
        los, his = np.repeat(los, 2, axis=0), np.repeat(his, 2, axis=0)
        los[1::2], his[0::2] = mid, mid
    return np.concatenate(found)


def follow(ok: np.ndarray, mids: np.ndarray, lo: np.ndarray, hi: np.ndarray,
           levels: int) -> tuple[np.ndarray, np.ndarray]:
    """The bracket after ``levels`` halvings, each row down its verdicts ``ok`` (True: the midpoint holds, the
    bracket's lower end moves up to it) at :func:`branch_midpoints`."""
    rows = np.arange(np.size(lo))
    ok, mids = ok.reshape(ok.shape[0], -1), mids.reshape(mids.shape[0], -1)
    at = np.zeros(rows.size, dtype=np.intp)  # the node's index among all levels' midpoints
    low, high = lo.ravel(), hi.ravel()
    for _ in range(levels):
        mid, yes = mids[at, rows], ok[at, rows]
        low, high = np.where(yes, mid, low), np.where(yes, high, mid)
        at = 2 * at + 1 + yes
    return low.reshape(np.shape(lo)), high.reshape(np.shape(lo))
