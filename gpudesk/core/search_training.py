"""LLM training search: accelerator × precision × layout (TP, PP, EP, CP) × ZeRO × recompute × micro-batch × GPUs.

Each accelerator's layouts: TP a power of two within the scale-up domain dividing the attention heads, PP a power
of two up to the layers (at most 16), EP a power of two up to the experts dividing the data-parallel replicas,
the plan's context parallel, whole replicas that split the global batch. GPU counts start at the smallest power-of-two multiple of the model-parallel size whose ideal time
(training FLOPs / (GPUs × dense peak)) can meet the deadline — smaller counts are counted as missing it without
evaluation — and double four times. Every point runs the plan's own memory and time models
(core/plan_workload.training_inputs and its memory inputs) with the layout, precision and settings overridden,
so a configuration pinned from the search sizes the same once in the plan.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.catalog import records as rec
from gpudesk.core.flat_keys import codes_shared
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.memory import estimate_memory
from gpudesk.core.model_math import training_flops_per_token
from gpudesk.core.plan_workload import memory_inputs, micro_batches_per_step, training_inputs
from gpudesk.core.search_catalog import UnitCost
from gpudesk.core.search_points import BIT, PointTable, bill_training, in_slices
from gpudesk.core.training import estimate_training
from gpudesk.core.training_inputs import RECOMPUTE_CODES
from gpudesk.project.model import Phase, Workload

DOUBLINGS = 5  # GPU counts tried per layout: the smallest that can meet the deadline × 1, 2, 4, 8, 16
MAX_GPUS = 131_072
# (ZeRO stage, recompute, micro-batch × the plan's) settings tried with every layout
SETTINGS = ((1, "selective", 1), (1, "full", 1), (3, "selective", 1), (3, "full", 1), (1, "selective", 2))
Setting = tuple[str, int, int, str, int]  # (precision, bits, ZeRO stage, recompute, micro-batch) of a batch of points


@dataclass(frozen=True)
class Context:
    model: rec.ModelArch
    workload: Workload
    phase: Phase
    units: Sequence[UnitCost]
    min_bits: int
    gpus_per_node: int
    figures_in_blocks: bool = True  # core/training_inputs.py TrainingInputs.figures_in_blocks


def precisions(acc: rec.Accelerator, w: Workload) -> list[tuple[str, int]]:
    """(compute precision, bits) the part can train in: its 16-bit format, and FP8 where it has the peak."""
    sixteen = "bf16" if acc.bf16_tflops else "fp16" if acc.fp16_tflops else ""
    out = [(sixteen, 16)] if sixteen else []
    if acc.fp8_tflops and w.kind in ("pretrain", "finetune_full", "finetune_lora"):
        out.append(("fp8", 8))
    return out


def steps(ctx: Context, hw_all: HardwareArrays, table: PointTable, chunk: int = 64
          ) -> Generator[tuple[int, str], None, None]:
    """Every point, ``chunk`` accelerators per slice, one vectorised call per precision and setting."""
    yield from in_slices(ctx.units, lambda ids: _accelerators(ctx, hw_all, table, ids), chunk)


def _accelerators(ctx: Context, hw_all: HardwareArrays, table: PointTable, ids: list[int]) -> None:
    w = ctx.workload
    shapes: dict[tuple[float, int, float], tuple[dict[str, np.ndarray], int]] = {}
    flops = float(training_flops_per_token(ctx.model, w.seq_len).value_at("arch.flops_per_token_6n"))
    groups: dict[Setting, list[tuple[int, dict[str, np.ndarray]]]] = {}
    for i in ids:
        acc = ctx.units[i].accelerator
        options = precisions(acc, w)
        if not options:
            table.drop("unsupported", DOUBLINGS * len(SETTINGS))
            continue
        domain = float(hw_all.scaleup_domain[i])
        for precision, bits in options:
            lo, below = _first_count(ctx, acc, precision, flops)
            table.drop("deadline", below * len(SETTINGS))  # counts whose ideal time already misses the deadline
            for zero, recompute, mb_factor in SETTINGS:
                mb = w.micro_batch * mb_factor
                if mb_factor > 1 and mb > w.global_batch:
                    continue
                key = (domain, mb, lo)
                if key not in shapes:
                    shapes[key] = layouts(ctx.model, w, domain, mb, lo)
                lay, invalid = shapes[key]
                table.drop("layout", invalid)
                if lay["n"].size:
                    groups.setdefault((precision, bits, zero, recompute, mb), []).append((i, lay))
    batches: dict[Setting, tuple[np.ndarray, dict[str, np.ndarray]]] = {}
    for setting, members in groups.items():
        acc_idx = np.concatenate([np.full(lay["n"].size, i) for i, lay in members])
        batches[setting] = (acc_idx, {k: np.concatenate([m[1][k] for m in members]) for k in members[0][1]})
    trained, memory = _trained(ctx, hw_all, batches), _memory(ctx, hw_all, batches)
    for setting, (acc_idx, lay) in batches.items():
        _evaluate(ctx, table, acc_idx, setting, lay, trained[setting], memory[setting])


def _settings_workload(w: Workload, lay: dict[str, np.ndarray], precision: str, zero: int, recompute: str,
                       mb: int) -> Workload:
    """The plan's workload with a setting's layout (arrays: the models broadcast a layout per point), ZeRO stage,
    recompute mode, micro-batch and precision."""
    arrays: dict[str, Any] = {k: lay[k] for k in ("tp", "pp", "ep", "cp")}
    p = dataclasses.replace(w.parallel, zero_stage=zero, recompute=recompute, **arrays)
    return dataclasses.replace(w, parallel=p, micro_batch=mb, compute_dtype=precision)


def _trained(ctx: Context, hw_all: HardwareArrays,
             batches: dict[Setting, tuple[np.ndarray, dict[str, np.ndarray]]]
             ) -> dict[Setting, tuple[Any, int]]:
    """The step model of every setting's points, one call per precision (the ZeRO stage, recompute mode and
    micro-batch per point): the model's cost of a call, most of it fixed at a search's batch sizes, paid once
    rather than once per setting. Each point's figures are those its setting's own call gives, bit for bit (a flat
    batch computes every row as that row alone: tests/core/test_flat_distinct.py); each setting reads its rows,
    (figures, first row)."""
    by_precision: dict[str, list[Setting]] = {}
    for key in batches:
        by_precision.setdefault(key[0], []).append(key)
    out: dict[Setting, tuple[Any, int]] = {}
    for precision, keys in by_precision.items():
        parts = [batches[key] for key in keys]
        acc_idx = np.concatenate([p[0] for p in parts])
        lay = {k: np.concatenate([p[1][k] for p in parts]) for k in parts[0][1]}

        def per_point(value: Any) -> np.ndarray:  # a setting's value for each of its points
            return np.concatenate([np.full(p[0].size, float(v)) for p, v in zip(parts, value)])

        _, _, zero, recompute, mb = keys[0]
        inputs = training_inputs(ctx.model, _settings_workload(ctx.workload, lay, precision, zero, recompute, mb),
                                 hw_all.take(acc_idx), lay["n"])
        train = estimate_training(dataclasses.replace(
            inputs, zero_stage=per_point(k[2] for k in keys), recompute=per_point(RECOMPUTE_CODES[k[3]] for k in keys),
            micro_batch=per_point(k[4] for k in keys), figures_in_blocks=ctx.figures_in_blocks))
        first = 0
        for key, part in zip(keys, parts):
            out[key] = (train, first)
            first += part[0].size
    return out


def _memory(ctx: Context, hw_all: HardwareArrays,
            batches: dict[Setting, tuple[np.ndarray, dict[str, np.ndarray]]]) -> dict[Setting, tuple[Any, int]]:
    """The memory (fit only) of every setting's points, one call per precision and recompute mode (the ZeRO stage and
    micro-batch per point; the memory model takes the recompute mode once per call): the LoRA 72B phase 15 calls ->
    6. Each point's figures are those its setting's own call gives, bit for bit (a flat batch computes every row as
    that row alone: tests/core/test_flat_distinct.py); (figures, first row) per setting, as :func:`_trained`."""
    groups: dict[tuple[str, str], list[Setting]] = {}
    for key in batches:
        groups.setdefault((key[0], key[3]), []).append(key)
    out: dict[Setting, tuple[Any, int]] = {}
    for (precision, recompute), keys in groups.items():
        parts = [batches[key] for key in keys]
        acc_idx = np.concatenate([p[0] for p in parts])
        lay = {k: np.concatenate([p[1][k] for p in parts]) for k in parts[0][1]}
        hw = hw_all.take(acc_idx)
        dp = lay["n"] / (lay["tp"] * lay["pp"] * lay["cp"])
        mb = np.concatenate([np.full(p[0].size, float(key[4])) for p, key in zip(parts, keys)])
        zero = np.concatenate([np.full(p[0].size, float(key[2])) for p, key in zip(parts, keys)])
        _, _, first_zero, _, first_mb = keys[0]
        w2 = _settings_workload(ctx.workload, lay, precision, first_zero, recompute, first_mb)
        inputs = dataclasses.replace(
            memory_inputs(ctx.model, w2, hw, dp, ctx.gpus_per_node, hw.sources["memory"]), limits=False,
            zero_stage=zero, micro_batch=mb, micro_batches_per_step=micro_batches_per_step(w2.global_batch, mb, dp))
        with codes_shared():  # the layout columns coded once
            mem = estimate_memory(inputs)
        first = 0
        for key, part in zip(keys, parts):
            out[key] = (mem, first)
            first += part[0].size
    return out


def layouts(model: rec.ModelArch, w: Workload, domain: float, mb: int, lo: float
            ) -> tuple[dict[str, np.ndarray], int]:
    """Every (n, tp, pp, cp, ep) with TP a power of two within the scale-up domain dividing the heads, PP a power
    of two up to the layers (at most 16), EP a power of two up to the experts dividing the data-parallel
    replicas, and n = tp·pp·cp × 2^k from the deadline's lower bound ``lo`` for DOUBLINGS counts; and how many
    (layout, count) pairs were invalid (a batch too small to split, heads TP does not divide)."""
    pow2 = 2.0 ** np.arange(0, 15)
    heads = max(model.n_heads, 1)
    tps = pow2[(pow2 <= max(domain, 1))]
    pps = pow2[(pow2 <= min(max(model.n_layers, 1), 16))]
    eps = pow2[pow2 <= max(model.n_experts, 1)] if model.is_moe else np.ones(1)
    t, p, e, k = (a.ravel() for a in np.meshgrid(tps, pps, eps, np.arange(DOUBLINGS), indexing="ij"))
    cp = float(max(w.parallel.cp, 1))
    mp = t * p * cp
    start = np.maximum(np.ceil(np.log2(np.maximum(lo / mp, 1.0))), 0.0)
    n = mp * 2.0 ** (start + k)
    dp = n / mp
    ok = (np.mod(heads, t) == 0) & (dp >= e) & (np.mod(dp, e) == 0) & (w.global_batch / (dp * mb) >= 1) \
        & (n <= MAX_GPUS)
    keep = {"n": n[ok], "tp": t[ok], "pp": p[ok], "cp": np.full(int(ok.sum()), cp), "ep": e[ok]}
    return keep, int((~ok).sum())


def _first_count(ctx: Context, acc: rec.Accelerator, precision: str, flops: float) -> tuple[float, int]:
    """The smallest power-of-two GPU count whose ideal time (FLOPs / (GPUs × dense peak)) meets the deadline, and
    how many smaller power-of-two counts were left out for missing it."""
    w = ctx.workload
    peak = (acc.peak_tflops(precision) or 0.0) * 1e12
    tokens = w.dataset_tokens * w.epochs if w.dataset_tokens > 0 else w.train_tokens
    if w.kind in ("finetune_lora", "finetune_qlora"):
        flops *= 2.0 / 3.0  # frozen base: no weight gradients (the time model accounts for LoRA exactly)
    ideal = tokens * flops / (peak * max(w.deadline_days, 1e-9) * 86400.0) if peak > 0 else math.inf
    if not math.isfinite(ideal):
        return float(MAX_GPUS), 0
    first = max(int(math.floor(math.log2(max(ideal, 1.0)))), 0)
    return float(2 ** min(first, 17)), min(first, 17)


def _evaluate(ctx: Context, table: PointTable, acc_idx: np.ndarray, setting: Setting, lay: dict[str, np.ndarray],
              trained: tuple[Any, int], memory: tuple[Any, int]) -> None:
    """One setting's points in the table from their step figures and memory (``trained``, ``memory``: the figures of
    the call that holds them and the row its points start at: :func:`_trained`, :func:`_memory`)."""
    w = ctx.workload
    precision, bits, zero, recompute, mb = setting
    m = lay["n"].size
    dp = lay["n"] / (lay["tp"] * lay["pp"] * lay["cp"])

    def rows(figures: Any, first: int, key: str) -> np.ndarray:  # this setting's rows of a figure
        value = np.asarray(figures[key], dtype=float)
        return (value if value.ndim == 0 else value[first:first + m]) * np.ones(m)

    def train(key: str) -> np.ndarray:
        return rows(*trained, key)

    days = train("train.time_to_train_days")
    fits = rows(*memory, "mem.fits") > 0
    mask = np.zeros(m, dtype=np.int64)
    mask |= np.where(~fits, BIT["memory"], 0)
    mask |= np.where(np.isfinite(days) & (days > w.deadline_days), BIT["deadline"], 0)
    # a layout across servers that list no scale-out NIC (and a plan that names none) has no communication time:
    # dropped for the missing network, as the vision search does, not as an accelerator that cannot run it
    compute = train("train.compute_time_s")
    comm = train("train.comm_time_s")
    step = train("train.step_time_s")
    no_fabric = ~np.isfinite(days) & np.isfinite(compute) & ~np.isfinite(comm)
    mask |= np.where(no_fabric, BIT["fabric"], np.where(~np.isfinite(days), BIT["unsupported"], 0))
    mask |= np.where(bits < ctx.min_bits, BIT["quality"], 0)
    table.add(acc=acc_idx, prec=precision, weight=w.weight_dtype, kv=w.kv_dtype, compute=precision, bits=bits,
              tp=lay["tp"], pp=lay["pp"], ep=lay["ep"], cp=lay["cp"], dp=dp, zero=float(zero),
              recompute=RECOMPUTE_CODES[recompute], mb=float(mb), gpus=lay["n"], days=days,
              tokens_per_s=train("train.tokens_per_s"), mfu=train("train.mfu"),
              mem_total=rows(*memory, "mem.total"), mem_capacity=rows(*memory, "mem.capacity"), mask=mask,
              compute_share=step_share(compute, step))


def step_share(compute: np.ndarray, step: np.ndarray) -> np.ndarray:
    """The share of each point's step its GPUs compute (compute / step time, at most 1; NaN where the step is
    unknown): what its servers draw by (core/power_draw.training_draw), as core/plan_workload.compute_share_of
    reads it for the plan's own configuration."""
    ok = np.isfinite(step) & (step > 0) & np.isfinite(compute)
    return np.where(ok, np.minimum(compute / np.where(ok, step, 1.0), 1.0), np.nan)


def finish(ctx: Context, table: PointTable) -> None:
    """Servers, power and the cost of the run; power and budget violations."""
    if not len(table):
        return
    bill_training(table, ctx.phase, ctx.units)
