"""From the evaluated points to a recommendation: the best, the runner-up, the binding constraint, the levers.

* Ranking: feasible first; then the market tier; then serving layouts gpudesk can vouch for (an MoE layout with
  attention data-parallel the plan did not ask for, ``demoted``, comes after the tensor-parallel-attention ones:
  its throughput is overstated on every published run); priced before unpriced; cheaper first (cost over the
  cost basis), costs within RANKING_COST_TIE of each other counting as equal; then the better performance figure;
  then fewer GPUs.
* The recommendation is the first feasible point; the runner-up is the best feasible point on another
  accelerator; the alternatives are the next accelerators' best.
* The binding constraint is the one whose relaxation alone would admit the cheapest improvement: among the
  points violating only constraint k, the best is compared with the recommendation. When no constraint hides a
  cheaper point, the recommendation's own sizing names it (serving: the latency target that sets the replica
  count, else the load itself; training: the deadline).
* Levers quantify what would change the choice: a lower precision (with its quality caveat), relaxing the binding
  constraint, and the runner-up's price at which it would win.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gpudesk.core.constants import RANKING_COST_TIE
from gpudesk.core.search_catalog import UnitCost
from gpudesk.core.search_points import BIT, CODES, PointTable, SearchPoint, pareto_front
from gpudesk.vocabulary.training import RECOMPUTE

BINDABLE = ("memory", "ttft", "tpot", "e2e", "latency", "throughput", "deadline", "power", "budget", "cooling")
HARD = BIT["unsupported"] | BIT["fabric"] | BIT["layout"] | BIT["memory"] | BIT["cooling"]
CLOUD_POINTS = 240  # feasible points drawn behind the front in the trade-off chart
RECOMPUTE_NAMES = {float(i): code for i, code in enumerate(RECOMPUTE.codes)}
LAYOUT_KEYS = ("tp", "pp", "ep", "cp", "dp", "zero", "mb", "batch", "disagg", "replicas_needed")
VALUE_KEYS = ("days", "tokens_per_s", "mfu", "tpot_s", "ttft_s", "ttft_at_percentile_s", "e2e_at_percentile_s",
              "tokens_per_s_per_user", "tokens_per_s", "utilisation", "max_rate_per_replica", "cost_per_mtok",
              "power_kw", "servers", "items_per_s_per_gpu", "seats_per_gpu", "mem_total", "mem_capacity",
              "gpus_per_replica", "kv_transfer_s", "energy", "disagg_prefill_gpus", "disagg_decode_gpus",
              "max_prefill_rate_per_instance")


@dataclass(frozen=True)
class Spec:
    """What a kind's search optimises: its performance column, and the axes of its trade-off chart."""

    kind: str
    metric: str  # column of the performance figure
    metric_higher_is_better: bool
    front_x: str  # trade-off chart: x column (None-like "" = no chart)
    front_x_higher_is_better: bool
    front_y: str


def rank_order(table: PointTable, spec: Spec, rows: np.ndarray | None = None) -> np.ndarray:
    """Rows (all or ``rows``) best first."""
    c = table.cols
    idx = np.arange(len(table)) if rows is None else np.asarray(rows)
    if idx.size == 0:
        return idx
    cost = c["cost"][idx]
    priced = np.isfinite(cost)
    metric = c[spec.metric][idx] if spec.metric in c else np.zeros(idx.size)
    perf = np.where(np.isfinite(metric), -metric if spec.metric_higher_is_better else metric, np.inf)
    tier = c["tier"][idx] if "tier" in c else np.zeros(idx.size)
    demoted = c["demoted"][idx] if "demoted" in c else np.zeros(idx.size, dtype=bool)
    # GPUs paid for: GPUs left idle in a whole server or instance already paid for are no saving (the startup
    # pilot's A100 × 1 in an 8-GPU instance cost what × 8 costs, 8× slower); costs within the tie rank by the better
    # performance, then fewer GPUs paid for (_cost_ties)
    billed = c["billed_gpus"][idx] if "billed_gpus" in c else c["gpus"][idx]
    keys = (~priced, demoted, tier, c["mask"][idx] != 0)
    order = np.lexsort((perf, billed, np.where(priced, cost, 0.0), *keys))
    ranked: np.ndarray = idx[_cost_ties(order, np.where(priced, cost, np.nan), perf, billed, keys)]
    return ranked


def _cost_ties(order: np.ndarray, cost: np.ndarray, perf: np.ndarray, billed: np.ndarray,
               keys: tuple[np.ndarray, ...]) -> np.ndarray:
    """``order`` (cheapest first within each run of equal ``keys``) with costs within RANKING_COST_TIE of each other
    ranked as one: from the cheapest not yet placed, every row of its run costing at most (1 + tie) × its cost ranks
    by the better performance, then fewer GPUs paid for (docs/search.md, 'Ties'). Two L40S layouts of the same 64
    GPUs, $9 apart in $1.93 M through the typical-load power, picked the layout by those $9 (fidwide-18)."""
    tie = 1.0 + RANKING_COST_TIE.value
    c = cost[order]
    same = np.ones(max(order.size - 1, 0), dtype=bool)  # neighbours of one run share every key
    for key in keys:
        k = key[order]
        same &= k[1:] == k[:-1]
    close = same & np.isfinite(c[1:]) & (c[1:] <= c[:-1] * tie)
    if not close.any():  # no two neighbours within the tie: the order stands
        return order
    out = order.copy()
    # stretches of rows each within the tie of the one before: only there can a group have two rows
    edges = np.diff(np.concatenate(([0], close.astype(np.int8), [0])))
    for first, last in zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1), strict=True):
        start = int(first)
        while start <= last:  # rows first..last (inclusive) form the stretch
            end = start + int(np.searchsorted(c[start:last + 1], c[start] * tie, side="right"))
            if end - start > 1:
                group = order[start:end]
                out[start:end] = group[np.lexsort((billed[group], perf[group]))]
            start = end
    return out


def point(table: PointTable, row: int, units: list[UnitCost], kind: str, min_bits: int) -> SearchPoint:
    c = table.cols
    unit = units[int(c["acc"][row])]
    mask = int(c["mask"][row])
    layout: dict[str, Any] = {k: float(c[k][row]) for k in LAYOUT_KEYS if k in c}
    if "replicas_needed" in layout:
        layout["replicas"] = layout.pop("replicas_needed")
    if "disagg" in layout:
        layout["disagg"] = bool(layout["disagg"])
    if "recompute" in c:
        layout["recompute_name"] = RECOMPUTE_NAMES.get(float(c["recompute"][row]), "selective")
    values = {k: float(c[k][row]) for k in VALUE_KEYS if k in c}
    gpus = float(c["gpus"][row])
    per = unit.gpus_per_node
    bits = int(c["bits"][row]) if "bits" in c else 16
    prec = c["prec"][row]
    return SearchPoint(
        index=int(row), kind=kind, accelerator_id=unit.accelerator.id, accelerator_name=unit.accelerator.name,
        accelerator_name_zh=unit.accelerator.name_zh,
        precision=str(prec), weight_dtype=str(c["weight"][row]), kv_dtype=str(c["kv"][row]),
        compute_dtype=str(c["compute"][row]), gpus=int(gpus) if math.isfinite(gpus) else 0,
        nodes=int(math.ceil(gpus / max(per, 1))) if math.isfinite(gpus) else 0, feasible=mask == 0,
        violations=tuple(code for code in CODES if mask & BIT[code]), cost=float(c["cost"][row]),
        cost_per_month=float(c["cost_per_month"][row]), values=values, layout=layout, bits=bits,
        caveat=str(c["compute"][row]) if bits < min_bits or (mask & BIT["quality"]) else "",
    )


@dataclass
class Choice:
    """Rows of the point table a surface needs, chosen by :func:`choose`."""

    order: np.ndarray  # every row, best first
    recommended: int | None
    per_accelerator: list[int]  # best row per accelerator (feasible, else the closest), ranked
    runner_up: int | None
    alternatives: list[int]
    binding: str
    binding_row: int | None  # best point the binding constraint excludes (None: the recommendation's own sizing)
    quality_row: int | None  # best point below the allowed precision that would otherwise be cheaper
    front: np.ndarray
    quality_front: np.ndarray
    cloud: np.ndarray
    extra: dict[str, Any] = field(default_factory=dict)


def _better(table: PointTable, a: int, b: int) -> float:
    """How much cheaper row a is than row b (cost, else GPUs when either is unpriced); ≤ 0 when it is not."""
    c = table.cols
    ca, cb = c["cost"][a], c["cost"][b]
    if math.isfinite(ca) and math.isfinite(cb):
        return float((cb - ca) / cb) if cb > 0 else 0.0
    ga, gb = c["gpus"][a], c["gpus"][b]
    return float((gb - ga) / gb) if gb > 0 else 0.0


def choose(table: PointTable, spec: Spec, internal_binding: str) -> Choice:
    c = table.cols
    n = len(table)
    if n == 0:
        empty = np.zeros(0, dtype=int)
        return Choice(empty, None, [], None, [], _most_dropped(table), None, None, empty, empty, empty,
                      {"front_y": spec.front_y})
    order = rank_order(table, spec)
    feasible = c["mask"] == 0
    recommended = int(order[0]) if feasible[order[0]] else None
    per_acc = _per_accelerator(table, spec, order)
    others = [r for r in per_acc if feasible[r] and recommended is not None
              and c["acc"][r] != c["acc"][recommended]]
    runner_up = others[0] if others else None
    alternatives = others[:2]
    binding, binding_row = internal_binding, None
    if recommended is None:
        binding = _most_dropped(table)
    else:
        best_saving = 0.0
        for code in BINDABLE:
            rows = np.flatnonzero(table.only(code))
            if rows.size == 0:
                continue
            best = int(rank_order(table, spec, rows)[0])
            saving = _better(table, best, recommended)
            if saving > best_saving + 1e-9:
                best_saving, binding, binding_row = saving, code, best
    quality_row = None
    if recommended is not None:
        only = table.only("quality")
        same = only & (c["acc"] == c["acc"][recommended])  # the same accelerator first: the most direct lever
        for rows in (np.flatnonzero(same), np.flatnonzero(only)):
            if rows.size:
                best = int(rank_order(table, spec, rows)[0])
                if _better(table, best, recommended) > 1e-9:
                    quality_row = best
                    break
    # the chart's y: cost, or GPUs when the recommendation has no price (a cost axis could not show it)
    y_key = spec.front_y if recommended is None or math.isfinite(c["cost"][recommended]) else "gpus"
    front, quality_front, cloud = fronts(table, spec, y_key)
    return Choice(order, recommended, per_acc, runner_up, alternatives, binding, binding_row, quality_row, front,
                  quality_front, cloud, {"front_y": y_key})


def fronts(table: PointTable, spec: Spec, y_key: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(front of the feasible points, front of the points only the precision rules out, a sample of the feasible
    points by y) on the trade-off chart's axes."""
    empty = np.zeros(0, dtype=int)
    if not spec.front_x or not len(table):
        return empty, empty, empty
    c = table.cols
    x, y = c[spec.front_x], c[y_key]
    feasible = c["mask"] == 0
    front = pareto_front(x, y, feasible, spec.front_x_higher_is_better)
    quality_front = pareto_front(x, y, table.only("quality"), spec.front_x_higher_is_better)
    ok = np.flatnonzero(feasible & np.isfinite(x) & np.isfinite(y))
    step = max(1, math.ceil(ok.size / CLOUD_POINTS))
    cloud = ok[np.argsort(y[ok], kind="stable")][::step]
    return front, quality_front, cloud


def _per_accelerator(table: PointTable, spec: Spec, order: np.ndarray) -> list[int]:
    """Best row of each accelerator in rank order: its best feasible point, else the closest one that runs
    (fits in memory, precision and layout valid) with the fewest violations."""
    c = table.cols
    acc = c["acc"][order].astype(int)
    mask = c["mask"][order].astype(np.int64)
    feasible = mask == 0
    _, first = np.unique(np.where(feasible, acc, -1), return_index=True)
    best = sorted(int(i) for i in first if feasible[i])  # positions in rank order
    out = [int(order[i]) for i in best]
    seen = {int(acc[i]) for i in best}
    runs = ((mask & HARD) == 0) & ~feasible & ~np.isin(acc, list(seen))
    if runs.any():
        violations = sum((mask >> i) & 1 for i in range(len(CODES)))
        pos = np.flatnonzero(runs)
        pos = pos[np.lexsort((pos, violations[pos]))]
        _, first = np.unique(acc[pos], return_index=True)
        out += [int(order[pos[i]]) for i in sorted(first)]
    return out


def _most_dropped(table: PointTable) -> str:
    dropped = table.dropped()
    return max(dropped, key=lambda k: dropped[k]) if dropped else "throughput"
