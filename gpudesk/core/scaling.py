"""Scaling from one GPU to tens of thousands: efficiency curve, best layout, limits.

The full chain (memory fit + step time) runs once over a flattened array of
(GPU count × layout) candidates, so a curve from 1 to 16,384 GPUs with
every feasible tp × pp × cp × ep factorisation is one vectorised call.

* :func:`training_chain` — memory + training for arrays of layouts; a
  layout that does not fit gets the ``memory`` bottleneck and no time.
* :func:`scaling_curve` — one fixed layout (t, p, c, e) over GPU counts:
  throughput, per-GPU efficiency relative to the smallest count, limit.
* :func:`best_layouts` — for each GPU count, the fastest layout that fits
  among tp ∈ powers of two within the scale-up domain, pp ∈ powers of two
  up to L, ep ∈ powers of two up to the expert count, given cp.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.arrays import distinct
from gpudesk.core.explain import FigureSet
from gpudesk.core.flat_keys import codes_shared
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.training import estimate_training
from gpudesk.core.training_inputs import TrainingInputs
from gpudesk.vocabulary.sizing import BOTTLENECK

MEMORY_CODE = "memory"  # a BOTTLENECK code: no layout fits
_MEM_MODE = {"full": "train", "lora": "lora", "qlora": "qlora"}


@dataclass(frozen=True)
class Workload:
    """The training job every layout is evaluated for."""

    model: ModelArch
    global_batch: float = 1024
    seq_len: float = 4096
    micro_batch: float = 1
    zero_stage: int = 1
    recompute: str = "selective"
    compute_dtype: str = "bf16"
    weight_dtype: str = "bf16"
    method: str = "full"
    train_tokens: float = 1e11
    virtual_stages: float = 1
    figures_in_blocks: bool = True  # core/training.py TrainingInputs.figures_in_blocks


def training_chain(work: Workload, hw: HardwareArrays, n_gpus: Any, tp: Any, pp: Any, cp: Any = 1,
                   ep: Any = 1, limits: bool = False) -> tuple[FigureSet, FigureSet]:
    """Memory and training figures for each candidate (hardware rows already expanded).

    The memory figures leave out the limits and the layout search (``mem.max_*``, ``mem.min_gpus``) unless
    ``limits``: the scaling curve, the best layouts and the search read only the fit, which is the same."""
    n, t, p, c, e = np.broadcast_arrays(*(np.asarray(x, dtype=np.float64) for x in (n_gpus, tp, pp, cp, ep)),
                                        np.zeros(hw.size))[:5]
    dp = n / (t * p * c)
    with codes_shared():  # the layout columns coded once for both models (core/flat_keys.py)
        mem = estimate_memory(MemoryInputs(
            model=work.model, mode=_MEM_MODE[work.method],
            weight_dtype=work.weight_dtype, seq_len=work.seq_len, micro_batch=work.micro_batch,
            tp=t, pp=p, dp=np.maximum(np.floor(dp), 1.0), cp=c, ep=e, zero_stage=work.zero_stage,
            recompute=work.recompute, virtual_stages=work.virtual_stages, gpus_per_node=hw.gpus_per_node,
            limits=limits, **hw.memory_fields()))
        train = estimate_training(TrainingInputs(
            model=work.model, hardware=hw, n_gpus=n, tp=t, pp=p, cp=c, ep=e, micro_batch=work.micro_batch,
            global_batch=work.global_batch, seq_len=work.seq_len, zero_stage=work.zero_stage,
            recompute=work.recompute, virtual_stages=work.virtual_stages, compute_dtype=work.compute_dtype,
            method=work.method, train_tokens=work.train_tokens, figures_in_blocks=work.figures_in_blocks))
    return mem, train


def _limit(mem: FigureSet, train: FigureSet) -> np.ndarray:
    fits = np.asarray(mem["mem.fits"]) > 0.5
    return np.where(fits, train["train.largest_overhead"], MEMORY_CODE)


def scaling_curve(work: Workload, hw: HardwareArrays, gpu_counts: Sequence[int], tp: int = 1, pp: int = 1,
                  cp: int = 1, ep: int = 1) -> FigureSet:
    """scale.* figures of one layout over GPU counts (``hw`` has one row)."""
    counts = np.asarray(gpu_counts, dtype=np.float64)
    rows = hw.take(np.zeros(counts.size, dtype=np.intp))
    mem, train = training_chain(work, rows, counts, tp, pp, cp, ep)
    fs = FigureSet()
    fs.merge(train)
    fs.add("scale.fits", mem["mem.fits"] * np.ones(counts.size), "bool", "layout fits in memory",
           "mem.total ≤ mem.usable", ["train.in.n_gpus"])
    tps = np.where(fs["scale.fits"] > 0.5, train["train.tokens_per_s"], np.nan)
    per_gpu = tps / counts
    fs.add("scale.tokens_per_s", tps, "tokens/s", "throughput at each GPU count", "train.tokens_per_s if it fits",
           ["train.tokens_per_s", "scale.fits"])
    ref = per_gpu[np.isfinite(per_gpu)][0] if np.isfinite(per_gpu).any() else np.nan
    fs.add("scale.efficiency", per_gpu / ref, "fraction", "scaling efficiency",
           "(tokens/s per GPU) / (tokens/s per GPU at the smallest count that fits)", ["scale.tokens_per_s"])
    fs.add("scale.limit", _limit(mem, train), "", "what limits each point",
           "memory when it does not fit, else train.largest_overhead", ["scale.fits", "train.largest_overhead"],
           vocabulary=BOTTLENECK)
    return fs


def enumerate_layouts(model: ModelArch, n_gpus: Sequence[int] | np.ndarray, domain: float, global_batch: float,
                      micro_batch: float, cp: int = 1) -> dict[str, np.ndarray]:
    """Every (n, t, p, c, e) with whole d, d ≥ 1, m ≥ 1, t within the scale-up domain, p ≤ L."""
    pow2 = 2.0 ** np.arange(0, 15)
    tps = pow2[(pow2 <= max(domain, 1)) & (pow2 <= max(model.n_heads, 1))]
    pps = pow2[pow2 <= max(model.n_layers, 1)]
    eps = pow2[pow2 <= max(model.n_experts, 1)]
    n, t, p, e = (a.ravel() for a in np.meshgrid(np.asarray(n_gpus, dtype=np.float64), tps, pps, eps,
                                                 indexing="ij"))
    dp = n / (t * p * cp)
    ok = (dp >= 1) & (np.abs(dp - np.round(dp)) < 1e-9) & (global_batch / (np.maximum(dp, 1) * micro_batch) >= 1)
    ok &= (np.abs(np.round(dp / e) * e - dp) < 1e-9) & (dp >= e)
    return {"n": n[ok], "tp": t[ok], "pp": p[ok], "cp": np.full(int(ok.sum()), float(cp)), "ep": e[ok]}


def _no_layout(counts: np.ndarray) -> FigureSet:
    """The best-layout figures when no layout is possible at any count: unknown, never 0."""
    fs = FigureSet()
    fs.input("scale.gpus", counts, "GPUs", "GPU counts evaluated")
    fs.input("scale.layouts_evaluated", 0.0, "layouts", "layouts evaluated (all counts)")
    unknown = np.full(counts.size, np.nan)
    why = "no layout divides the GPUs into whole data-parallel replicas that each get a micro-batch"
    for key, unit in (("tp", ""), ("pp", ""), ("ep", ""), ("tokens_per_s", "tokens/s"), ("efficiency", "fraction"),
                      ("limit", "code"), ("mfu", "fraction")):
        fs.add(f"scale.best_{key}", unknown, unit, f"best layout: {key}", why, ["scale.gpus", "scale.layouts_evaluated"])
    return fs


Chain = Callable[[HardwareArrays, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
                 tuple[FigureSet, FigureSet]]
"""(rows, n, tp, pp, cp, ep) -> (memory, training) figures of each layout: a plan's own (core/plan_layout.py)."""


def best_layouts(work: Workload, hw: HardwareArrays, gpu_counts: Sequence[int], cp: int = 1,
                 chain: Chain | None = None) -> FigureSet:
    """scale.best_* figures: the fastest fitting layout at each GPU count (``hw`` has one row). ``chain`` times the
    layouts as a plan states its job (its stack, schedule, overlaps, recipe, optimizer …); without it,
    :func:`training_chain` of ``work`` (the settings' defaults)."""
    counts = distinct(np.asarray(gpu_counts, dtype=np.float64))
    lay = enumerate_layouts(work.model, counts, float(hw.scaleup_domain[0]), work.global_batch,
                            work.micro_batch, cp)
    if lay["n"].size == 0:  # e.g. more data-parallel replicas than sequences in the global batch
        return _no_layout(counts)
    rows = hw.take(np.zeros(lay["n"].size, dtype=np.intp))
    mem, train = (chain or (lambda *a: training_chain(work, *a)))(rows, lay["n"], lay["tp"], lay["pp"], lay["cp"],
                                                                   lay["ep"])
    tps = np.where(np.asarray(mem["mem.fits"]) > 0.5, train["train.tokens_per_s"], -np.inf)
    tps = np.where(np.isfinite(tps), tps, -np.inf)
    pick = np.full(counts.size, -1, dtype=np.intp)
    order = np.lexsort((-tps, lay["n"]))  # by n, then fastest first
    first = np.r_[True, lay["n"][order][1:] != lay["n"][order][:-1]]
    for idx in order[first]:
        k = int(np.searchsorted(counts, lay["n"][idx]))
        if np.isfinite(tps[idx]):
            pick[k] = idx
    found = pick >= 0
    safe = np.where(found, pick, 0)
    fs = FigureSet()
    fs.input("scale.gpus", counts, "GPUs", "GPU counts evaluated")
    fs.input("scale.layouts_evaluated", float(lay["n"].size), "layouts", "layouts evaluated (all counts)")
    for key, name, label in (("tp", "tp", "tensor parallel"), ("pp", "pp", "pipeline stages"),
                             ("ep", "ep", "expert parallel")):
        fs.add(f"scale.best_{key}", np.where(found, lay[name][safe], np.nan), "", f"best {label}",
               "argmax tokens/s over fitting layouts", ["scale.gpus", "scale.layouts_evaluated"])
    best = np.where(found, tps[safe], np.nan)
    fs.add("scale.best_tokens_per_s", best, "tokens/s", "throughput of the best layout",
           "max over fitting layouts of train.tokens_per_s", ["scale.best_tp", "scale.best_pp", "scale.best_ep"])
    per_gpu = best / counts
    ref = per_gpu[np.isfinite(per_gpu)][0] if np.isfinite(per_gpu).any() else np.nan
    fs.add("scale.best_efficiency", per_gpu / ref, "fraction", "scaling efficiency of the best layouts",
           "(tokens/s per GPU) / (same at the smallest count with a fitting layout)", ["scale.best_tokens_per_s"])
    limit = _limit(mem, train)
    fs.add("scale.best_limit", np.where(found, limit[safe], MEMORY_CODE), "", "what limits the best layout",
           "train.largest_overhead of the chosen layout; memory when no layout fits", ["scale.best_tokens_per_s"],
           vocabulary=BOTTLENECK)
    fs.add("scale.best_mfu", np.where(found, train["train.mfu"][safe], np.nan), "fraction", "MFU of the best layout",
           "train.mfu at the chosen layout", ["scale.best_tokens_per_s"])
    return fs
