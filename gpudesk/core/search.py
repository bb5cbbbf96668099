"""Search configurations under constraints: feasible set, cheapest, fastest, Pareto front.

Training: every allowed accelerator × GPU count × layout (tp, pp, ep) goes
through the full chain (memory fit + step time) as one set of numpy arrays.
A configuration is feasible when it fits in memory, its layout is valid,
the job finishes by the deadline and costs no more than the budget
(GPU-hours × price per GPU-hour). Inference: every accelerator × tensor-
parallel degree is sized to serve the request rate under the TTFT/TPOT
targets; cost is GPUs × price per hour.

The Pareto front holds the feasible configurations no other feasible one
beats on both time (or latency) and cost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from gpudesk.catalog.records import Accelerator
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import InferenceInputs, estimate_inference
from gpudesk.core.scaling import Workload, enumerate_layouts, training_chain


@dataclass(frozen=True)
class Constraints:
    price_per_gpu_hour: Mapping[str, float]  # accelerator id -> price; ids without a price are skipped
    deadline_days: float = float("inf")
    budget: float = float("inf")  # total cost (training) or cost per hour (inference)
    allowed_ids: Sequence[str] | None = None
    markets: Sequence[str] | None = None  # keep accelerators sold in any of these markets
    nic_gbps: float = 400.0
    nics_per_node: float = 8.0
    gpus_per_node: float = 8.0


@dataclass(frozen=True)
class SearchResult:
    figures: FigureSet
    accelerator_ids: np.ndarray
    feasible: np.ndarray  # bool per configuration
    cheapest: int | None
    fastest: int | None
    pareto: np.ndarray  # indices, fastest first
    skipped: dict[str, str] = field(default_factory=dict)  # accelerator id -> reason


def _eligible(accelerators: Sequence[Accelerator], cons: Constraints) -> tuple[list[Accelerator], dict[str, str]]:
    keep, skipped = [], {}
    for acc in accelerators:
        if cons.allowed_ids is not None and acc.id not in cons.allowed_ids:
            skipped[acc.id] = "not in the allowed list"
        elif cons.markets and not set(acc.markets) & set(cons.markets):
            skipped[acc.id] = f"not sold in {', '.join(cons.markets)}"
        elif acc.id not in cons.price_per_gpu_hour:
            skipped[acc.id] = "no price per GPU-hour given"
        else:
            keep.append(acc)
    return keep, skipped


def pareto_front(time: np.ndarray, cost: np.ndarray, feasible: np.ndarray) -> np.ndarray:
    """Indices of feasible points not dominated in (time, cost), ordered by time."""
    idx = np.flatnonzero(feasible)
    if idx.size == 0:
        return idx
    order = idx[np.lexsort((cost[idx], time[idx]))]
    best_cost = np.minimum.accumulate(cost[order])
    keep = np.r_[True, cost[order][1:] < best_cost[:-1]]
    return order[keep]


def _pick(values: np.ndarray, feasible: np.ndarray) -> int | None:
    if not feasible.any():
        return None
    return int(np.flatnonzero(feasible)[np.argmin(values[feasible])])


def _nothing_eligible(skipped: dict[str, str]) -> SearchResult:
    """The result of a search in which no accelerator passed the constraints (``skipped`` says why)."""
    return SearchResult(FigureSet(), np.array([]), np.array([], dtype=bool), None, None, np.array([], int), skipped)


def search_training(work: Workload, accelerators: Sequence[Accelerator], gpu_counts: Sequence[int],
                    cons: Constraints) -> SearchResult:
    """Evaluate every accelerator × GPU count × layout and rank them."""
    accs, skipped = _eligible(accelerators, cons)
    if not accs:
        return _nothing_eligible(skipped)
    hw_all = HardwareArrays.from_accelerators(accs, cons.nic_gbps, cons.nics_per_node, cons.gpus_per_node)
    parts = []
    for i in range(len(accs)):
        lay = enumerate_layouts(work.model, gpu_counts, float(hw_all.scaleup_domain[i]), work.global_batch,
                                work.micro_batch)
        lay["hw"] = np.full(lay["n"].size, i, dtype=np.intp)
        parts.append(lay)
    lay = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    hw = hw_all.take(lay["hw"])
    mem, train = training_chain(work, hw, lay["n"], lay["tp"], lay["pp"], lay["cp"], lay["ep"])
    fs = FigureSet()
    fs.merge(train)
    price = np.array([cons.price_per_gpu_hour[a.id] for a in accs])[lay["hw"]]
    fs.input("search.price_per_gpu_hour", price, "currency/GPU·h", "price per GPU-hour", "user input")
    fs.input("search.deadline_days", cons.deadline_days, "days", "deadline")
    fs.input("search.budget", cons.budget, "currency", "budget")
    fs.add("search.fits", mem["mem.fits"] * np.ones(lay["n"].size), "bool", "fits in memory",
           "mem.total ≤ mem.usable", ["train.in.n_gpus"])
    days = np.where(np.isfinite(train["train.time_to_train_days"]), train["train.time_to_train_days"], np.inf)
    cost = np.where(np.isfinite(train["train.gpu_hours"]), train["train.gpu_hours"] * price, np.inf)
    fs.add("search.cost", cost, "currency", "cost of the run", "GPU-hours · price per GPU-hour",
           ["train.gpu_hours", "search.price_per_gpu_hour"])
    feasible = (fs["search.fits"] > 0.5) & np.isfinite(days) & (days <= cons.deadline_days) & (cost <= cons.budget)
    fs.add("search.feasible", feasible.astype(np.float64), "bool", "meets every constraint",
           "fits ∧ valid layout ∧ time ≤ deadline ∧ cost ≤ budget",
           ["search.fits", "train.time_to_train_days", "search.deadline_days", "search.cost", "search.budget"])
    for key in ("tp", "pp", "ep"):
        fs.input(f"search.{key}", lay[key], "", f"layout {key}", "search enumeration")
    return SearchResult(fs, hw.ids, feasible, _pick(cost, feasible), _pick(days, feasible),
                        pareto_front(days, cost, feasible), skipped)


def search_inference(base: InferenceInputs, accelerators: Sequence[Accelerator], tp_options: Sequence[int],
                     cons: Constraints) -> SearchResult:
    """Size serving on every accelerator × TP degree; rank by cost per hour and P99 TTFT."""
    accs, skipped = _eligible(accelerators, cons)
    if not accs:
        return _nothing_eligible(skipped)
    hw_all = HardwareArrays.from_accelerators(accs, cons.nic_gbps, cons.nics_per_node, cons.gpus_per_node)
    hw_idx, tps = (a.ravel() for a in np.meshgrid(np.arange(len(accs)), np.asarray(tp_options, float),
                                                  indexing="ij"))
    hw = hw_all.take(hw_idx)
    inp = replace(base, hardware=hw, tp=tps)
    fs = estimate_inference(inp)
    price = np.array([cons.price_per_gpu_hour[a.id] for a in accs])[hw_idx]
    fs.input("search.price_per_gpu_hour", price, "currency/GPU·h", "price per GPU-hour", "user input")
    fs.input("search.budget", cons.budget, "currency/h", "budget per hour")
    cost = np.where(np.isfinite(fs["infer.gpus_needed"]), fs["infer.gpus_needed"] * price, np.inf)
    fs.add("search.cost_per_hour", cost, "currency/h", "serving cost per hour", "GPUs needed · price per GPU-hour",
           ["infer.gpus_needed", "search.price_per_gpu_hour"])
    lat = fs["infer.ttft_p99_s"]
    tpot_ok = (np.asarray(base.tpot_target_s) <= 0) | (fs["infer.tpot_s"] <= np.asarray(base.tpot_target_s) + 1e-12)
    feasible = np.isfinite(cost) & (cost <= cons.budget) & (lat <= base.ttft_p99_target_s) & tpot_ok \
        & (fs["infer.concurrency"] >= 1)
    fs.add("search.feasible", feasible.astype(np.float64), "bool", "meets every constraint",
           "replicas finite ∧ TTFT P99 ≤ target ∧ TPOT ≤ target ∧ cost ≤ budget",
           ["search.cost_per_hour", "infer.ttft_p99_s", "infer.tpot_s", "search.budget"])
    lat_safe = np.where(np.isfinite(lat), lat, np.inf)
    return SearchResult(fs, hw.ids, feasible, _pick(cost, feasible), _pick(lat_safe, feasible),
                        pareto_front(lat_safe, cost, feasible), skipped)
