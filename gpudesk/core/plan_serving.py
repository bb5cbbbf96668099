"""Sizing an LLM-serving workload: GPUs for the peak request rate at the latency targets (or the plan's fixed
nodes), the replicas and their capacity, a disaggregated deployment's pools, and a replica that cannot serve."""

from __future__ import annotations

import math

from gpudesk.catalog import records as rec
from gpudesk.core.calibration_hook import CalibrationScales
from gpudesk.core.constants import RAW_TEXT_BYTES_PER_TOKEN, SERVING_PEAK_POWER_LOAD
from gpudesk.core.disagg_capacity import pool_split
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.plan_resolve import PlanInputError
from gpudesk.core.plan_workload import LEFT_OUT, WorkloadResult
from gpudesk.core.serving_load import daily_requests, record_load, serving_inputs
from gpudesk.core.sized_configuration import Layout, ServingCapacity
from gpudesk.project.model import Phase, Workload
from gpudesk.refusals import refusal
from gpudesk.vocabulary.sizing import UNSERVED

SERVING_SHARE_SOURCE = ("infer.compute_bound_share and infer.memory_bound_share (the sized configuration's serving "
                        "iteration at its peak)")


def _share(figures: FigureSet, key: str) -> float | None:
    """A serving iteration's bound share (0..1); None where it is unknown."""
    value = float(figures.number(key, float("nan")))
    return min(max(value, 0.0), 1.0) if math.isfinite(value) else None


def refuse_partial_pools(w: Workload, where: str) -> None:
    """A disaggregated plan's stated block (core/inference_disagg.py): both pools or neither, each a whole number of
    its instances (prefill: max(prefill_tp or tp, ep) · pp GPUs; decode: max(tp, ep) · pp)."""
    p = w.parallel
    if w.batching != "disaggregated" or (p.prefill_pool_gpus <= 0 and p.decode_pool_gpus <= 0):
        return
    if p.prefill_pool_gpus <= 0 or p.decode_pool_gpus <= 0:
        raise PlanInputError(refusal("input.pool_half_stated", field=f"{where}.parallel", prefill=p.prefill_pool_gpus,
                                     decode=p.decode_pool_gpus))
    for key, pool, tp in (("prefill", p.prefill_pool_gpus, p.prefill_tp or p.tp), ("decode", p.decode_pool_gpus, p.tp)):
        per = max(tp, p.ep) * p.pp
        if pool % per:
            raise PlanInputError(refusal(f"input.{key}_pool_not_whole", field=f"{where}.parallel.{key}_pool_gpus",
                                         pool=pool, per=per, tp=tp, pp=p.pp))


def unserved_reason(figures: FigureSet) -> str:
    """Why one replica serves no request (a vocabulary.sizing.UNSERVED code), "" when it serves some or its rate is
    unknown (NaN, explained by the unknown inputs behind it): the core's rate is 0 where no sequence fits beside the
    weights or no batch meets the latency targets. Disaggregated, the prefill pool serves too: an instance no rate
    of whose first tokens meets the targets (0) leaves the deployment serving nothing, whatever its decode replicas
    could (its capacity read 0 requests/s, as the aggregated one did before it read 'cannot serve')."""
    lam = figures.number("infer.max_rate_per_replica", float("nan"))
    prefill = figures.number("infer.max_prefill_rate_per_instance", float("nan"))
    if not math.isfinite(lam) or (lam > 0 and prefill != 0):
        return ""
    return "no_memory" if figures.number("infer.max_concurrency_kv", 1.0) < 1 else "targets_unmet"


UNSERVED_RATES = {  # the rates a replica that cannot serve reads unknown: with no sequence in memory every rate the
    # core gives is 0 and the queue's times and requests in flight infinite (read "overloaded" / "unlimited", where
    # no request is served at all); with one that fits but misses the targets its throughput stands and only the
    # rate at them fails
    "no_memory": ("infer.max_rate_per_replica", "infer.requests_per_s", "infer.tokens_per_s",
                  "infer.tokens_per_s_per_gpu", "infer.ttft_s", "infer.ttft_p99_s", "infer.ttft_at_percentile_s",
                  "infer.e2e_latency_s", "infer.e2e_at_percentile_s", "infer.in_flight", "infer.ttft_wait_s",
                  "infer.ttft_wait_tail_s"),
    "targets_unmet": ("infer.max_rate_per_replica", "infer.ttft_hold_s", "infer.ttft_hold_tail_s"),  # no rate: no hold
}
UNSERVED_ZERO_RATES = ("infer.max_prefill_rate_per_instance", "infer.disagg_block_rate", "infer.utilisation")
"""A disaggregated deployment's rates (and the load's share of them) that read 0 where it cannot serve: unknown then,
whichever side fails (a side that serves keeps its rate)."""


def record_unserved(figures: FigureSet, code: str) -> None:
    """The plan's replica serves nothing: ``infer.cannot_serve`` says why, and its rates read unknown, not 0 (the
    search's rows keep the core's 0 for ranking)."""
    figures.add("infer.cannot_serve", code, "", "why the replica cannot serve",
                "the model and one sequence's KV cache do not fit where infer.max_concurrency_kv < 1, else no rate "
                "per replica meets the latency targets",
                ["infer.max_concurrency_kv", "infer.concurrency"], vocabulary=UNSERVED)
    zeros = [key for key in UNSERVED_ZERO_RATES if key in figures and figures.number(key, float("nan")) == 0]
    for key in [*UNSERVED_RATES[code], *zeros]:
        if key in figures:
            figures.add(key, float("nan"), figures.unit(key), figures.label(key),
                        "unknown: the replica cannot serve (infer.cannot_serve)", ["infer.cannot_serve"])


def size_llm_serving(model: rec.ModelArch, w: Workload, phase: Phase, hw: HardwareArrays,
                     request_rate: float | None = None, calibration: CalibrationScales | None = None,
                     layout_search: bool = True, where: str = "workload") -> WorkloadResult:
    p = w.parallel
    load = FigureSet()
    rate = record_load(load, w) if request_rate is None else float(request_rate)
    figures = estimate_inference(serving_inputs(model, w, hw, rate, calibration=calibration,
                                                layout_search=layout_search))
    figures.merge(load)
    needed = figures.value_at("infer.gpus_needed")
    per_replica = int(figures.value_at("infer.gpus_per_replica"))
    sized = isinstance(needed, float) and math.isfinite(needed) and needed > 0
    own = max(int(needed) if sized else per_replica, per_replica)
    gpus = own
    sized_by = "peak_rate" if rate > 0 and sized else "minimum"
    formula = ("⌈peak request rate / highest rate per replica at the latency targets⌉ × GPUs per replica"
               if sized_by == "peak_rate" else "one replica: tp · pp GPUs (no request rate given)")
    if phase.hardware.nodes > 0:
        gpus = phase.hardware.nodes * phase.hardware.gpus_per_node
        if gpus < per_replica:  # the layout needs more GPUs than the plan gives: never a count against the layout
            raise PlanInputError(refusal("input.replica_exceeds_phase", field=f"{where}.parallel.tp",
                                         per_replica=per_replica, total=gpus, nodes=phase.hardware.nodes,
                                         per_node=phase.hardware.gpus_per_node))
        sized_by, formula = "fixed_nodes", "hardware.nodes × GPUs per node (set in the plan)"
    replicas = max(gpus // max(per_replica, 1), 1)
    lam = figures.number("infer.max_rate_per_replica", float("nan"))
    tokens = figures.number("infer.tokens_per_s", float("nan"))
    split = pool_split(figures, gpus, phase.hardware.nodes > 0, (p.prefill_pool_gpus, p.decode_pool_gpus))
    total, tokens_total = lam * replicas, tokens * replicas
    if split is not None:  # both pools carry it: the decode instances are the replicas, at the pools' common rate
        if (split.decode_instances < 1 or split.prefill_instances < 1) and p.prefill_pool_gpus + p.decode_pool_gpus:
            raise PlanInputError(refusal("input.block_exceeds_phase", field=f"{where}.parallel", total=gpus,
                                         prefill_pool=p.prefill_pool_gpus, decode_pool=p.decode_pool_gpus,
                                         block=p.prefill_pool_gpus + p.decode_pool_gpus))
        if split.decode_instances < 1 or split.prefill_instances < 1:
            raise PlanInputError(refusal("input.pools_exceed_phase", field=f"{where}.parallel", total=gpus,
                                         prefill=int(figures.number("infer.prefill_gpus_per_instance", 1.0)),
                                         decode=per_replica))
        replicas, total = split.decode_instances, split.rate
        tokens_total = tokens * total / lam if lam > 0 else float("nan")
    unserved = unserved_reason(figures)
    if unserved:  # a rate of 0 is 'cannot serve', not a capacity (the status bar read '承载能力 0 请求/秒')
        lam = tokens = total = tokens_total = float("nan")
        replicas = max(gpus // max(per_replica, 1), 1)  # the GPUs it has, not a split sized for a rate it cannot serve
        record_unserved(figures, unserved)
    capacity = ServingCapacity(replicas=replicas, per_replica=total / replicas, total=total, target=rate,
                               unit="requests/s", tokens_per_s_per_replica=tokens_total / replicas,
                               tokens_per_s_total=tokens_total, unserved=unserved)
    daily = daily_requests(w)
    daily_tokens = daily * (w.prompt_tokens + w.output_tokens)
    # share of the peak the average hour carries (the agent path passes its own rate: 1 / peak factor)
    average_share = (min(1.0, daily / 86400.0 / rate) if request_rate is None and rate > 0
                     else 1.0 / max(w.peak_factor, 1.0))
    return WorkloadResult(
        figures=figures, gpus=gpus, data_kind="text_pretokenized",
        throughput_per_gpu=0.0, params=float(model.params_total), tokens_served_per_year=daily_tokens * 365.0,
        load_factor=SERVING_PEAK_POWER_LOAD.value * average_share, request_rate=rate,
        load_factor_source=(f"workload sizing: SERVING_PEAK_POWER_LOAD {SERVING_PEAK_POWER_LOAD.value:g} × average / "
                            f"peak request rate {average_share:.3g}"),
        compute_share=_share(figures, "infer.compute_bound_share"), compute_share_source=SERVING_SHARE_SOURCE,
        memory_share=_share(figures, "infer.memory_bound_share") or 0.0, traffic_share=average_share, serves=True,
        request_bytes=RAW_TEXT_BYTES_PER_TOKEN.value * w.prompt_tokens,
        response_bytes=RAW_TEXT_BYTES_PER_TOKEN.value * w.output_tokens,
        sized_by=sized_by, sizing_formula=formula,
        sizing_keys=tuple(k for k in ("infer.gpus_needed", "infer.gpus_per_replica") if k in figures),
        layout=Layout(p.tp, p.pp, 1, p.ep, replicas), gpus_needed=own, capacity=capacity,
        left_out=() if layout_search else LEFT_OUT, pools=split.pools if split is not None and not unserved else (),
    )
