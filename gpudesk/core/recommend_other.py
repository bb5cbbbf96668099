"""Ranked alternatives for vision, diffusion, embedding, recommendation and VDI workloads.

Same idea as the LLM ranking: every eligible accelerator is evaluated in
one vectorised call; serving kinds need ⌈peak rate / per-GPU rate⌉ GPUs and
cost that many GPU-months, vision training takes the smallest power-of-two
GPU count that meets the deadline and costs its GPU-hours.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from gpudesk.catalog import records as rec
from gpudesk.core.constants import DLRM_EMBEDDING_DIM, DLRM_LOOKUPS_PER_SAMPLE
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.candidates import Candidate, Reason
from gpudesk.core.workloads_other import (
    estimate_diffusion,
    estimate_embeddings,
    estimate_recsys,
    estimate_vdi,
    estimate_vision,
)
from gpudesk.project.model import Phase, Workload

if TYPE_CHECKING:  # recommend imports this module
    from gpudesk.core.recommend import Priced

Row = tuple[bool, int, float, float, list[Reason]]
"""Per accelerator: feasible, GPUs, the ranked value, cost, reasons."""

HOURS_PER_MONTH = 730.0
DOUBLINGS = 15
RATE_KEYS = {"vision_inference": "vision.images_per_s_per_gpu", "diffusion_inference": "diffusion.images_per_s_per_gpu",
             "embedding_inference": "embed.items_per_s_per_gpu", "recsys_inference": "recsys.samples_per_s_per_gpu"}


def _per_gpu_rates(model: rec.ModelArch, w: Workload, hw: HardwareArrays) -> tuple[np.ndarray, np.ndarray]:
    """(items/s per GPU, the GPU floor the model's tables need: recommendation only, else 0) per candidate."""
    if w.kind == "vision_inference":
        fs = estimate_vision(model, hw, training=False, precision=w.compute_dtype)
    elif w.kind == "diffusion_inference":
        fs = estimate_diffusion(model, hw, precision=w.compute_dtype)
    elif w.kind == "embedding_inference":
        fs = estimate_embeddings(model, hw, tokens_per_item=w.prompt_tokens, precision=w.compute_dtype)
    else:
        fs = estimate_recsys(model, hw, DLRM_LOOKUPS_PER_SAMPLE.value, DLRM_EMBEDDING_DIM.value,
                             weight_dtype=w.weight_dtype, precision=w.compute_dtype)
    rates = np.asarray(fs[RATE_KEYS[w.kind]], dtype=float)
    if w.kind == "recsys_inference":
        return rates, np.asarray(fs["recsys.gpus_for_tables"], dtype=float)
    return rates, np.zeros_like(rates)


def item_serving(model: rec.ModelArch, w: Workload, phase: Phase, hw: HardwareArrays, prices: np.ndarray,
                 names: list[str]) -> list[Row]:
    """Per accelerator: (feasible, GPUs, items/s per GPU, cost per month, reasons)."""
    rates, floor = _per_gpu_rates(model, w, hw)
    peak = w.items_per_day / 86400.0 * w.peak_factor
    out = []
    for rate, least, price in zip(rates, floor, prices):
        ok = bool(math.isfinite(rate) and rate > 0)
        gpus = int(max(1, math.ceil(peak / rate), least)) if ok else 0
        cost = gpus * price * HOURS_PER_MONTH
        reasons = [Reason("items_rate", {"rate": float(rate), "gpus": gpus, "peak": peak}) if ok
                   else Reason("items_rate_unknown")]
        out.append((ok, gpus, float(rate), cost, reasons))
    return out


def vision_training(model: rec.ModelArch, w: Workload, hw: HardwareArrays, prices: np.ndarray
                    ) -> list[Row]:
    """Per accelerator: smallest power-of-two GPU count meeting the deadline, its days and cost per run."""
    items = w.dataset_items or w.items_per_day
    counts = 2.0 ** np.arange(DOUBLINGS)
    n_acc = hw.size
    rows = hw.take(np.repeat(np.arange(n_acc), counts.size))
    fs = estimate_vision(model, rows, True, w.compute_dtype, np.tile(counts, n_acc), items)
    days = (np.asarray(fs["vision.epoch_time_s"], dtype=float) * w.epochs / 86400.0).reshape(n_acc, counts.size)
    out = []
    for i in range(n_acc):
        ok = np.isfinite(days[i]) & (days[i] <= w.deadline_days)
        j = int(np.argmax(ok)) if ok.any() else counts.size - 1
        d, gpus = float(days[i, j]), int(counts[j])
        cost = d * 24.0 * gpus * prices[i]
        reasons = [Reason("vision_meets_deadline", {"days": d, "gpus": gpus}) if ok.any()
                   else Reason("vision_misses_deadline", {"deadline_days": w.deadline_days})]
        out.append((bool(ok.any()), gpus, d, cost, reasons))
    return out


def vdi_seats(accs: list[rec.Accelerator], w: Workload, prices: np.ndarray
              ) -> list[Row]:
    fs = estimate_vdi(accs, w.seats, w.seat_profile_gb)
    per_gpu = np.asarray(fs["vdi.seats_per_gpu"], dtype=float)
    out = []
    for seats_gpu, price in zip(per_gpu, prices):
        ok = bool(seats_gpu > 0)
        gpus = int(math.ceil(w.seats / seats_gpu)) if ok else 0
        reasons = [Reason("vdi_seats", {"seats": float(seats_gpu), "profile_gb": w.seat_profile_gb}) if ok
                   else Reason("vdi_no_profile")]
        out.append((ok, gpus, float(seats_gpu), gpus * price * HOURS_PER_MONTH, reasons))
    return out


def as_candidates(rows: Sequence[Row], priced: Sequence[Priced], phase: Phase, unit: str, cost_unit: str,
                  make: Callable[..., Candidate]) -> list[Candidate]:
    return [make(pr, gpus, phase, ok, value, unit, cost, cost_unit, reasons, 1, 1, gpus)
            for pr, (ok, gpus, value, cost, reasons) in zip(priced, rows)]
