"""The fewest GPUs of one replica (``mem.min_gpus``) on a flat batch whose GPU capacity is apart (flat_estimates.Lift).

:func:`memory_budget.min_gpus` searches each family once per distinct combination of what it reads, the capacity
included: on bench_core's batch that codes four and six columns again on 16,992 and 5,664 rows, and runs three
evaluations of the budget (the tp×pp family; the ZeRO-3 family's d = 1 … 8, then d = 16 … 2^20 for the rows still
without an answer), each mostly numpy's per-call cost at a few thousand candidates. A layout's needs do not read the
capacity, so here each family's layouts are evaluated once per distinct combination of what it reads but the
capacity (found on the distinct rows), both families and every d in one evaluation, and each is compared with every
capacity of the batch: a table of answers per (combination, capacity), read at each finer row by the row's
combination and capacity code. Each candidate's needs and usable memory are those of the same operations on the same
values, and the first candidate that fits along n or d is the answer, as in min_gpus: the same answers, bit for bit
(``tests/core/test_flat_codes.py``).
"""

from __future__ import annotations

import numpy as np

from gpudesk.core.column_codes import row_numbers, rows_of_codes
from gpudesk.core.flat_estimates import Lift, coded_at, known_codes
from gpudesk.core.memory_budget import (
    MAX_DP_DOUBLINGS,
    Settings,
    first_fit,
    layout_needs,
    tp_pp_layouts,
    usable_bytes,
    zero3_layouts,
)
from gpudesk.core.memory_states import Layout


def min_gpus_per_capacity(cfg: Settings, lay: Layout, capacity: np.ndarray, seq_len: np.ndarray,
                          micro_batch: np.ndarray, virtual_stages: np.ndarray, gpus_per_node: np.ndarray,
                          lift: Lift) -> np.ndarray | None:
    """:func:`memory_budget.min_gpus` of the finer rows of ``lift`` (``capacity``'s; every other input on its distinct
    rows). None where the table would hold more than half as many answers as there are finer rows (combinations the
    batch lacks searched for nothing), the capacity has no codes, or the pytorch_amp single-step flag is per row."""
    known = known_codes(capacity)
    if known is None or np.ndim(cfg.single_step) > 0:
        return None
    codes, count = known
    first = np.empty(count, dtype=np.intp)  # one finer row per capacity code: its value
    first[codes] = row_numbers(codes.size)
    values = np.take(capacity, first)
    shape = (lift.count,)
    zero3 = np.broadcast_to(lay.zero_stage >= 3, shape) if cfg.training else np.zeros(shape, dtype=bool)
    common = {"seq_len": seq_len, "micro_batch": micro_batch, "virtual_stages": virtual_stages, "cp": lay.cp,
              "zero_stage": lay.zero_stage}
    offset = np.empty(lift.count, dtype=np.intp)  # each distinct row's place in the table (its capacity's is added)
    families, start = [], 0
    for tp_pp, mask, columns in ((True, ~zero3, {**common, "gpus_per_node": gpus_per_node}),
                                 (False, zero3, {**common, "tp": lay.tp, "pp": lay.pp, "ep": lay.ep})):
        rows = np.flatnonzero(mask)
        if not rows.size:
            continue
        varying = {k: np.broadcast_to(v, shape) for k, v in columns.items() if np.size(v) > 1}
        coded = [coded_at(columns[k] if np.shape(columns[k]) == v.shape else v, rows) for k, v in varying.items()]
        representative, inverse = rows_of_codes(coded, rows.size) if coded else (rows[:1] * 0, rows * 0)
        if (start + representative.size * count) * 2 > lift.rows.size:
            return None
        at = np.take(rows, representative)
        family = {k: np.take(v, at) if k in varying else np.asarray(v, dtype=float).reshape(())
                  for k, v in columns.items()}
        offset[rows] = start + inverse * count
        start += representative.size * count
        families.append((tp_pp, family, representative.size))
    # every family's layouts in one evaluation: each candidate's inputs flattened and joined end to end
    layouts: list[Layout] = []
    answers: list[np.ndarray] = []
    within: list[np.ndarray | None] = []
    parts = []
    for tp_pp, f, size in families:
        if tp_pp:
            cand, n, within_layers = tp_pp_layouts(cfg, f["cp"], f["zero_stage"], f["gpus_per_node"], (size,))
            answers.append(n * f["cp"])
            within.append(within_layers)
        else:
            cand = zero3_layouts(range(0, MAX_DP_DOUBLINGS + 1), f["tp"], f["pp"], f["cp"], f["ep"], f["zero_stage"],
                                 (size,))
            answers.append(cand.gpus)
            within.append(None)
        grid = (len(answers[-1]), size)
        layouts.append(Layout(*(np.broadcast_to(x, grid).ravel() for x in (
            cand.tp, cand.pp, cand.dp, cand.cp, cand.ep, cand.zero_stage))))
        parts.append(tuple(np.broadcast_to(f[k], grid).ravel() for k in ("seq_len", "micro_batch", "virtual_stages")))
    joined = Layout(*(np.concatenate([getattr(c, k) for c in layouts]) for k in ("tp", "pp", "dp", "cp", "ep",
                                                                               "zero_stage")))
    s, b, v = (np.concatenate([p[i] for p in parts]) for i in range(3))
    needs = layout_needs(cfg, joined, s, b, v)
    tables, done = [], 0
    for (_tp_pp, _f, size), answer, fit_p in zip(families, answers, within):
        grid = (len(answer), size)
        end = done + grid[0] * size
        total = needs.total[done:end].reshape(grid)[..., None]
        fixed = 0.0 if cfg.training else needs.serving_fixed[done:end].reshape(grid)[..., None]
        usable = usable_bytes(cfg, values, fixed) + (needs.runtime[done:end].reshape(grid) * 0.0)[..., None]
        fits = total <= usable  # (candidate, combination, capacity)
        if fit_p is not None:
            fits &= fit_p[..., None]
        tables.append(first_fit(fits, np.asarray(answer)[..., None]).ravel())
        done = end
    table = np.concatenate(tables) if len(tables) > 1 else tables[0]
    place = np.take(offset, lift.rows)
    place += codes
    return np.take(table, place)
