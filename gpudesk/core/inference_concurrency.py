"""The engine's batch a serving replica runs: the largest concurrency whose iteration meets the latency targets.

:func:`largest_concurrency` bisects on the step model's iteration time (core/inference_step.py), which grows with
the batch; core/inference.py sizes ``infer.concurrency`` with it, and bounds a static batch by its first tokens with
:func:`static_ttft_batch` (the same bisection, :func:`largest_meeting`)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from gpudesk.core.inference_step import ReplicaModel

PASS_POINTS = 512
"""Most points (rows × midpoints) one pass of ``largest_concurrency``'s bisection evaluates: a pass takes the k levels
whose 2^k − 1 midpoints, times the rows, stay within it (the plan's own sizing, one row: nine levels a pass; 256 rows
or more: one level a pass, as many points as rows)."""


def largest_concurrency(rep: ReplicaModel, upper: np.ndarray, ctx: np.ndarray, out: np.ndarray,
                        prompt: np.ndarray, target: np.ndarray, unsync: np.ndarray, prefill: bool = True) -> np.ndarray:
    """Largest integer C ≤ upper with t_iter(C) ≤ target (0 when even C = 1 misses), by bisection; ``prefill``
    False: the iteration is the decode step alone (a disaggregated decode instance prefills nothing)."""
    def iteration(c: np.ndarray) -> np.ndarray:
        return np.asarray(rep.decode_step(c, ctx)["total"] + (rep.mixed_prefill(c, prompt, out, unsync) if prefill
                                                              else 0.0))
    return largest_meeting(upper, target, iteration)


def static_ttft_batch(rep: ReplicaModel, upper: np.ndarray, prompt: np.ndarray, ctx: np.ndarray,
                      target: np.ndarray) -> np.ndarray:
    """Largest integer C ≤ upper whose first tokens, after the whole static batch's prefill and one decode step
    (prefill(C·I) + decode(C)), meet ``target``; ``upper`` where the target is infinite (none set), at least 1
    (where even one prompt misses, the latency check says so)."""
    def first_token(c: np.ndarray) -> np.ndarray:
        return np.asarray(rep.prefill(c * prompt, prompt) + rep.decode_step(c, ctx)["total"])
    found = np.maximum(largest_meeting(upper, target, first_token), 1.0)
    return np.where(np.isfinite(target), found, upper)


def largest_meeting(upper: np.ndarray, target: np.ndarray, time_of: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """Largest integer C ≤ upper with time_of(C) ≤ target (0 when even C = 1 misses), by bisection; ``time_of``
    grows with C and reads concurrencies shaped (midpoints, *rows).

    For a few rows (the plan's sizing: one) several levels are taken a pass (``PASS_POINTS``): every midpoint those
    levels can visit is evaluated in one call of the step model, and each row follows its own path through them.
    A row's path tests the midpoints one level a pass would test, so the answer is the same; a pass costs about what
    one level did (for a handful of rows a call of the step model is mostly its fixed cost)."""
    lo, hi = np.zeros_like(upper), np.maximum(upper, 0.0)
    levels = int(np.ceil(np.log2(max(float(np.nanmax(hi)) if hi.size else 1.0, 2.0)))) + 1
    per_pass = max(int(np.log2(PASS_POINTS / max(lo.size, 1) + 1.0)), 1)  # rows × (2^k − 1) ≤ PASS_POINTS
    row = np.arange(lo.size).reshape(lo.shape)
    done = 0
    while done < levels:
        depth = min(per_pass, levels - done)
        los, his, mids = lo[None], hi[None], []
        for _ in range(depth):  # the midpoints of each level, a node's failed child first, then its passed one
            mid = np.ceil(0.5 * (los + his))
            mids.append(mid)
            los, his = np.concatenate((los, mid)), np.concatenate((mid - 1.0, his))
        mid_all = np.concatenate(mids)
        ok_all = (time_of(np.maximum(mid_all, 1.0)) <= target) & (mid_all >= 1)
        node, first = np.zeros(lo.shape, dtype=np.intp), 0
        for level in range(depth):
            ok, mid = ok_all[first + node, row], mid_all[first + node, row]
            lo = np.where(ok, mid, lo)
            hi = np.where(ok, hi, mid - 1.0)
            node = node + ok * (1 << level)
            first += 1 << level
        done += depth
    return lo
