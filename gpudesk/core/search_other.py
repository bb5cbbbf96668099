"""Search for vision training, item serving (vision, diffusion, embeddings, recommendation) and VDI seats.

These kinds have no layout to choose: the search runs accelerator × precision × GPU count through the plan's own
models (core/workloads_other.py). Item serving needs ⌈peak items/s / items/s per GPU⌉ GPUs (recommendation: at
least the GPUs its embedding tables need); vision training tries every power-of-two count up to 16,384 against
the deadline (one above the global batch is dropped as a layout: each GPU needs an image of every step); VDI seats need ⌈seats / seats per GPU⌉ at the seat's vGPU profile.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

import numpy as np

from gpudesk.catalog import records as rec
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.plan_workload_other import VISION_MAX_DOUBLINGS
from gpudesk.core.search_catalog import HOURS_PER_YEAR, UnitCost
from gpudesk.core.search_points import BIT, PointTable, bill_points, bill_training
from gpudesk.core.search_training import step_share
from gpudesk.core.workloads_other import estimate_item_serving, estimate_vdi, estimate_vision
from gpudesk.project.model import Phase, Workload
from gpudesk.vocabulary.precision import PRECISION

RATE_KEYS = {"vision_inference": "vision.images_per_s_per_gpu", "diffusion_inference": "diffusion.images_per_s_per_gpu",
             "embedding_inference": "embed.items_per_s_per_gpu", "recsys_inference": "recsys.samples_per_s_per_gpu"}
COUNTS = 2.0 ** np.arange(VISION_MAX_DOUBLINGS)  # vision training; a count above the global batch is a layout
# the job cannot split into (core/plan_workload_other.vision_counts: every GPU needs an image of each step)


@dataclass(frozen=True)
class Context:
    model: rec.ModelArch | None  # None for VDI
    workload: Workload
    phase: Phase
    units: Sequence[UnitCost]
    min_bits: int

    def arch(self) -> rec.ModelArch:
        """The model of a kind that has one (every kind here but VDI)."""
        if self.model is None:
            raise ValueError(f"a {self.workload.kind} search needs a model")
        return self.model


def precisions(acc: rec.Accelerator, w: Workload) -> list[tuple[str, int]]:
    """The plan's compute precision and the lower ones the part has a peak for (16-bit fallback to FP16)."""
    sixteen = "bf16" if acc.bf16_tflops else "fp16" if acc.fp16_tflops else ""
    wanted = [w.compute_dtype if acc.peak_tflops(w.compute_dtype) else sixteen, "fp8", "int8"]
    out: list[tuple[str, int]] = []
    for p in wanted:
        if p and acc.peak_tflops(p) and p not in [q for q, _ in out]:
            out.append((p, int(round(PRECISION.term(p).bytes * 8))))
    return out


def _rates(ctx: Context, hw: HardwareArrays, precision: str) -> tuple[np.ndarray, np.ndarray]:
    w, model = ctx.workload, ctx.arch()
    fs = estimate_item_serving(model, hw, w.kind, precision, w.prompt_tokens, w.weight_dtype)
    rate = np.asarray(fs[RATE_KEYS[w.kind]], dtype=float) * np.ones(hw.size)
    floor = np.asarray(fs["recsys.gpus_for_tables"], dtype=float) * np.ones(hw.size) \
        if w.kind == "recsys_inference" else np.zeros(hw.size)
    return rate, floor


def steps(ctx: Context, hw_all: HardwareArrays, table: PointTable) -> Generator[tuple[int, str], None, None]:
    w = ctx.workload
    n = len(ctx.units)
    if w.kind == "rendering_vdi":
        fs = estimate_vdi([u.accelerator for u in ctx.units], w.seats, w.seat_profile_gb)
        per = np.asarray(fs["vdi.seats_per_gpu"], dtype=float) * np.ones(n)
        ok = per > 0
        gpus = np.where(ok, np.ceil(w.seats / np.where(ok, per, 1.0)), np.nan)
        table.add(acc=np.arange(n), prec="", weight="", kv="", compute="", bits=16, gpus=gpus, dp=gpus,
                  seats_per_gpu=per, mask=np.where(ok, 0, BIT["memory"]))
        yield 100, "vGPU seats"
        return
    for i, unit in enumerate(ctx.units):
        for precision, bits in precisions(unit.accelerator, w):
            if w.kind == "vision_train":
                _vision(ctx, hw_all, table, i, precision, bits)
            else:
                _items(ctx, hw_all, table, i, precision, bits)
        yield int(100 * (i + 1) / max(n, 1)), unit.accelerator.name


def _items(ctx: Context, hw_all: HardwareArrays, table: PointTable, i: int, precision: str, bits: int) -> None:
    w = ctx.workload
    rate, floor = _rates(ctx, hw_all.take(np.array([i])), precision)
    peak = w.items_per_day / 86400.0 * w.peak_factor
    ok = np.isfinite(rate) & (rate > 0)
    gpus = np.where(ok, np.maximum(np.maximum(np.ceil(peak / np.where(ok, rate, 1.0)), 1.0), floor), np.nan)
    mask = np.where(ok, 0, BIT["unsupported"]) | np.where(bits < ctx.min_bits, BIT["quality"], 0)
    table.add(acc=i, prec=precision, weight=w.weight_dtype, kv=w.kv_dtype, compute=precision, bits=bits, gpus=gpus,
              dp=gpus, items_per_s_per_gpu=rate, mask=mask)


def _vision(ctx: Context, hw_all: HardwareArrays, table: PointTable, i: int, precision: str, bits: int) -> None:
    w = ctx.workload
    items = w.dataset_items or w.items_per_day
    fs = estimate_vision(ctx.arch(), hw_all.take(np.full(COUNTS.size, i)), True, precision, COUNTS, items,
                         w.global_batch, w.parallel.overlap_grad_reduce)
    days = np.asarray(fs["vision.epoch_time_s"], dtype=float) * w.epochs / 86400.0 * np.ones(COUNTS.size)
    # a count across servers that list no scale-out NIC (and a plan that names none) has no all-reduce time
    no_fabric = np.isfinite(np.asarray(fs["vision.compute_time_s"], dtype=float) * np.ones(COUNTS.size)) \
        & ~np.isfinite(np.asarray(fs["vision.comm_dp_raw_s"], dtype=float) * np.ones(COUNTS.size))
    mask = np.where(no_fabric, BIT["fabric"], np.where(~np.isfinite(days), BIT["unsupported"], 0)) \
        | np.where(COUNTS > max(w.global_batch, 1), BIT["layout"], 0) \
        | np.where(np.isfinite(days) & (days > w.deadline_days), BIT["deadline"], 0) \
        | np.where(bits < ctx.min_bits, BIT["quality"], 0)
    table.add(acc=i, prec=precision, weight=w.weight_dtype, kv=w.kv_dtype, compute=precision, bits=bits,
              gpus=COUNTS, dp=COUNTS, days=days, mask=mask,
              compute_share=step_share(np.asarray(fs["vision.compute_time_s"], dtype=float) * np.ones(COUNTS.size),
                                       np.asarray(fs["vision.step_time_s"], dtype=float) * np.ones(COUNTS.size)))


def finish(ctx: Context, table: PointTable) -> None:
    if not len(table):
        return
    c = table.cols
    years = max(ctx.phase.costs.horizon_years, 1)
    if "days" in c:  # training: the horizon (owned: the servers bought), the phase's months of rent (rented)
        bill_training(table, ctx.phase, ctx.units)
    else:
        bill_points(table, ctx.phase, ctx.units, (years, HOURS_PER_YEAR), years * 12.0)
