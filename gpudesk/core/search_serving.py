"""LLM serving search: accelerator × precision × layout × batch × aggregated or disaggregated (not for a static plan).

For each accelerator the phase may use and each precision it can run (core/search_catalog.py,
vocabulary.serving.SEARCH_PRECISION), every layout — tensor parallel within the scale-up domain and dividing
the attention heads, pipeline stages, expert parallel (wider than TP: attention data parallel) for MoE models —
is first checked for memory in one vectorised call: layouts whose weights do not fit, and engine batches
whose KV cache does not fit at the latency percentile, are counted as out of memory without further work.
The rest run through the serving model the plan itself uses (core/inference.py, inputs from
core/serving_load.py) with the engine batch fixed, aggregated and disaggregated: replicas come from queueing
at the peak rate under the TTFT, TPOT and end-to-end targets; GPUs, servers, power and cost follow.
An MoE layout with attention data-parallel (expert parallel wider than tensor parallel) is marked ``demoted``
unless the plan sets such a layout itself: the published runs of it scatter about gpudesk's figure more widely than
other serving runs (docs/validation.md, band core/accuracy.MOE_ADP_GROUP), so the ranking puts it after the tensor-parallel-attention
layouts of the same market tier rather than recommend GPU counts it cannot vouch for. A layout with pipeline stages
is ranked as any other (its band, core/accuracy.PIPELINE_SERVING_GROUP, is two-sided) and carries that band's caveat
(core/search_words.pipeline_caveat).

The work is split in slices (a generator): one slice per accelerator group, so a window can search between
its events.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from gpudesk.catalog import records as rec
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import serving_math
from gpudesk.core.inference_lengths import concurrency_with_spread
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.precision import bytes_per_value
from gpudesk.core.search_catalog import HOURS_PER_YEAR, UnitCost
from gpudesk.core.search_points import BIT, PointTable, bill_points, in_slices
from gpudesk.core.serving_load import daily_requests, percentile_level, serving_inputs
from gpudesk.project.model import Phase, Workload
from gpudesk.vocabulary.serving import QUANTIZATION, SEARCH_PRECISION

BATCHES = 2.0 ** np.arange(0, 11)  # engine batches tried: 1 … 1024
TP_OPTIONS = (1, 2, 4, 8, 16, 32)
PP_OPTIONS = (1, 2, 4)
EP_FACTORS = (1, 2, 4, 8)  # MoE: ep = tp × factor (> 1: attention data parallel; ranked after factor 1 unless
# the plan sets that layout itself: the column ``demoted``, core/search_choice.rank_order)
MAX_REPLICA_GPUS = 64
DAYS_PER_MONTH = 365.0 / 12.0
PREC_CODES = SEARCH_PRECISION.codes


@dataclass(frozen=True)
class Context:
    model: rec.ModelArch
    workload: Workload
    phase: Phase
    units: Sequence[UnitCost]
    rate: float
    min_bits: int
    gpus_per_node: int
    hardware: HardwareArrays  # the searched units' rows (scale-out as the pinned plan resolves it)


def min_bits_allowed(w: Workload) -> int:
    """The lowest weight precision the plan allows a recommendation to use (its own, or what it opens up)."""
    own = int(round(bytes_per_value(w.weight_dtype) * 8))
    return min(own, int(QUANTIZATION.term(w.quantization).min_bits))


def _dtypes(option: str, acc: rec.Accelerator) -> tuple[str, str, str | None] | None:
    """(weights, KV cache, GEMM format) of a precision option on this part; None when it cannot run it."""
    term = SEARCH_PRECISION.term(option)
    sixteen = "bf16" if acc.bf16_tflops else "fp16" if acc.fp16_tflops else None
    if sixteen is None:
        return None
    weight, kv, compute = term.weight, term.kv, term.compute
    if option == "bf16":
        return sixteen, sixteen, None
    if option == "int4":
        return "int4", sixteen, sixteen
    needed = {"fp8": acc.fp8_tflops, "int8": acc.int8_tops, "fp4": acc.fp4_tflops}[option]
    return (weight, kv, compute) if needed else None


def _layouts(model: rec.ModelArch, acc: rec.Accelerator, server: rec.Server | None, gpn: int
             ) -> tuple[np.ndarray, int]:
    """(tp, pp, ep) rows a replica of this part can use, and how many rows were invalid for the model."""
    domain = max(acc.scaleup_domain or 1, 1)
    if not acc.scaleup_bw_gbs or acc.scaleup_link in ("", "none", "pcie", "PCIe"):
        domain = server.gpus if server is not None else gpn  # PCIe parts: within one server
    heads = max(model.n_heads, 1)
    experts = model.n_experts if model.is_moe else 0
    rows, invalid = [], 0
    for tp in TP_OPTIONS:
        if tp > domain:
            continue
        for pp in PP_OPTIONS:
            if pp > max(model.n_layers, 1):
                continue
            for factor in (EP_FACTORS if experts else (1,)):
                ep = tp * factor if experts else 1
                if experts and (ep > experts or ep < 2 and factor > 1):
                    continue
                if heads % tp or max(tp, ep) * pp > MAX_REPLICA_GPUS:
                    invalid += 1
                    continue
                rows.append((tp, pp, ep))
    return np.array(rows, dtype=float).reshape(-1, 3), invalid


def _kv_capacity(ctx: Context, hw: HardwareArrays, weight: str, kv: str, lay: np.ndarray) -> np.ndarray:
    """Sequences whose KV cache fits per replica at the percentile (the serving model's own formula)."""
    w = ctx.workload
    tp, pp, ep = lay[:, 0], lay[:, 1], lay[:, 2]
    mem = estimate_memory(MemoryInputs(
        model=ctx.model, mode="inference", weight_dtype=weight, kv_dtype=kv,
        seq_len=w.prompt_tokens + w.output_tokens, micro_batch=1.0, tp=tp, pp=pp, ep=ep,
        serving_fraction=w.serving_memory_fraction, engine_release=w.engine_release, search=False,
        **hw.memory_fields()))
    length = float(w.prompt_tokens + w.output_tokens)
    per_seq = np.asarray(mem["mem.per_sequence"], dtype=float)
    z = NormalDist().inv_cdf(percentile_level(w))
    cap = concurrency_with_spread(mem["mem.kv_budget"], per_seq, per_seq / length,
                                  float(np.hypot(w.prompt_tokens_sd, w.output_tokens_sd)), z)
    groups = np.maximum(tp, ep) / tp
    return np.where(np.isfinite(cap), cap * groups, 0.0)


COLUMNS = ("infer.gpus_needed", "infer.tpot_s", "infer.ttft_s", "infer.ttft_at_percentile_s",
           "infer.e2e_at_percentile_s", "infer.ttft_unloaded_s", "infer.tokens_per_s_per_user", "infer.tokens_per_s",
           "infer.concurrency", "infer.gpus_per_replica", "infer.replicas_needed", "infer.utilisation",
           "infer.max_rate_per_replica", "infer.requests_per_s", "infer.kv_transfer_s")
DISAGG_COLUMNS = ("infer.disagg_prefill_gpus", "infer.disagg_decode_gpus", "infer.max_prefill_rate_per_instance")


def _evaluate(ctx: Context, table: PointTable, acc_idx: np.ndarray, hw_all: HardwareArrays, options: np.ndarray,
              dtypes: tuple[str, str, str | None], lay: np.ndarray, batch: np.ndarray, disagg: bool) -> None:
    w, rate = ctx.workload, ctx.rate
    weight, kv, compute = dtypes
    hw = hw_all.take(acc_idx)
    fs = estimate_inference(serving_inputs(
        ctx.model, w, hw, rate, weight_dtype=weight, kv_dtype=kv, compute_dtype=compute, concurrency=batch,
        tp=lay[:, 0], pp=lay[:, 1], ep=lay[:, 2], disaggregated=disagg, derive_batch=False, layout_search=False,
        power_shares=True, server_ttft_tail=False, ttft_p99=False))
    col = {k: np.asarray(fs[k], dtype=float) * np.ones(acc_idx.size) for k in COLUMNS}
    for k in DISAGG_COLUMNS:  # each pool's GPUs and a prefill instance's rate: how the point's GPUs split, and what
        # its pools carry (search_levers: the peak load's share of it)
        col[k] = np.asarray(fs[k], dtype=float) * np.ones(acc_idx.size) if disagg else np.full(acc_idx.size, np.nan)
    gpus = col["infer.gpus_needed"]
    sized = np.isfinite(gpus) & (gpus > 0)
    mask = np.zeros(acc_idx.size, dtype=np.int64)
    tpot = col["infer.tpot_s"]
    mask |= np.where(~np.isfinite(tpot), BIT["unsupported"], 0)
    mask |= np.where(col["infer.concurrency"] < batch, BIT["memory"], 0)
    bound = w.serving_scenario != "offline"  # offline serving is throughput only: no latency target (core/inference.py)
    mask |= np.where(bound & np.isfinite(tpot) & (tpot > w.tpot_ms / 1000.0 * (1 + 1e-9)), BIT["tpot"], 0)
    ttft_miss = bound & ((col["infer.ttft_at_percentile_s"] > w.ttft_ms / 1000.0 * (1 + 1e-9)) | (
        (w.ttft_p50_ms > 0) & (col["infer.ttft_s"] > w.ttft_p50_ms / 1000.0 * (1 + 1e-9))))
    e2e_miss = bound & (w.e2e_ms > 0) & (col["infer.e2e_at_percentile_s"] > w.e2e_ms / 1000.0 * (1 + 1e-9))
    mask |= np.where(ttft_miss | (~sized & np.isfinite(tpot) & ~e2e_miss), BIT["ttft"], 0)
    mask |= np.where(e2e_miss, BIT["e2e"], 0)
    bits = np.array([SEARCH_PRECISION.term(o).bits for o in PREC_CODES])[options]
    mask |= np.where(bits < ctx.min_bits, BIT["quality"], 0)
    table.add(acc=acc_idx, prec=np.array(PREC_CODES)[options], weight=weight, kv=kv, compute=compute or weight,
              tp=lay[:, 0], pp=lay[:, 1], ep=lay[:, 2], cp=1.0, batch=col["infer.concurrency"],
              disagg=disagg, gpus=np.where(sized, gpus, np.nan), bits=bits, mask=mask,
              demoted=(lay[:, 2] > lay[:, 0]) & ~(w.parallel.ep > w.parallel.tp),
              # the iteration's bound shares: what an owned point's servers draw (core/power_draw.serving_draw)
              compute_share=np.asarray(fs["infer.compute_bound_share"], dtype=float) * np.ones(acc_idx.size),
              memory_share=np.asarray(fs["infer.memory_bound_share"], dtype=float) * np.ones(acc_idx.size),
              **{k.removeprefix("infer."): v for k, v in col.items()})


def steps(ctx: Context, hw_all: HardwareArrays, table: PointTable, chunk: int = 64
          ) -> Generator[tuple[int, str], None, None]:
    """Evaluate every point, ``chunk`` accelerators per slice; yields (percent, accelerator names)."""
    yield from in_slices(ctx.units, lambda ids: _accelerators(ctx, hw_all, table, ids), chunk)


def _accelerators(ctx: Context, hw_all: HardwareArrays, table: PointTable, ids: list[int]) -> None:
    """Stage 1 (memory) and stage 2 (serving model) for some accelerators, grouped by the precision's formats."""
    groups: dict[tuple[str, str, str | None], list[tuple[int, int, np.ndarray]]] = {}
    modes = serving_modes(ctx.workload)
    per_layout = BATCHES.size * len(modes)  # batches × aggregated (/ disaggregated)
    for i in ids:
        unit = ctx.units[i]
        lay, invalid = _layouts(ctx.model, unit.accelerator, unit.server, ctx.gpus_per_node)
        table.drop("layout", invalid * per_layout * len(PREC_CODES))
        for k, option in enumerate(PREC_CODES):
            dtypes = _dtypes(option, unit.accelerator)
            if dtypes is None or not lay.size:
                table.drop("unsupported", lay.shape[0] * per_layout)
                continue
            groups.setdefault(dtypes, []).append((i, k, lay))
    for dtypes, members in groups.items():
        acc = np.concatenate([np.full(lay.shape[0], i) for i, _k, lay in members])
        opt = np.concatenate([np.full(lay.shape[0], k) for _i, k, lay in members])
        lay = np.concatenate([lay for _i, _k, lay in members])
        cap = _kv_capacity(ctx, hw_all.take(acc), dtypes[0], dtypes[1], lay)
        fits = BATCHES[None, :] <= cap[:, None]  # layouts × batches
        table.drop("memory", int((~fits).sum()) * len(modes))
        rows, cols = np.nonzero(fits)
        if rows.size == 0:
            continue
        for disagg in modes:
            _evaluate(ctx, table, acc[rows], hw_all, opt[rows], dtypes, lay[rows], BATCHES[cols], disagg)


def serving_modes(w: Workload) -> tuple[bool, ...]:
    """Disaggregated or not, as the search tries them: aggregated only for a static plan, whose engine runs each batch
    to its end, where a disaggregated deployment's decode instances batch requests in flight as their KV caches arrive
    (TensorRT-LLM's disaggregated serving, SGLang's and vLLM's PD disaggregation): pinning such a point changed the
    plan's batching (results/pinning.py)."""
    return (False,) if w.batching == "static" else (False, True)


def finish(ctx: Context, table: PointTable) -> None:
    """Servers, power, cost over the horizon, cost per million tokens; power and budget violations."""
    if not len(table):
        return
    years = max(ctx.phase.costs.horizon_years, 1)
    cost = bill_points(table, ctx.phase, ctx.units, (years, HOURS_PER_YEAR), years * 12.0)
    w = ctx.workload
    daily = daily_requests(w)
    tokens_month = (daily * DAYS_PER_MONTH if daily > 0 else ctx.rate * 3600.0 * 730.0) * w.output_tokens
    month = table.cols["cost_per_month"]
    table.cols["cost_per_mtok"] = month / tokens_month * 1e6 if tokens_month > 0 else np.full(cost.size, np.nan)


def math_of(option: str, acc: rec.Accelerator) -> str:
    dtypes = _dtypes(option, acc)
    return serving_math(dtypes[0], dtypes[2]) if dtypes else ""
