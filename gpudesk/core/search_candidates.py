"""The search's best configuration per accelerator as ranked candidate rows (the recommendation table).

Every row is a configuration the search evaluated: its GPUs, nodes, layout, performance and cost, with the
reasons for its place (what it achieves, what it breaks when it is not feasible, its cost basis and its market
status). An accelerator none of whose configurations runs at all (out of memory at every layout, no supported
precision) has no row: the search's dropped-points summary counts it.
"""

from __future__ import annotations

import math

import numpy as np

from gpudesk.core.candidates import Candidate, Reason
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.phase_search import PhaseSearch
from gpudesk.core.search_points import SearchPoint
from gpudesk.core.search_words import (
    ITEM_RATE_UNITS,
    amd_cdna3_caveat,
    attention_dp_caveat,
    disaggregated_pools,
    layout_text,
    pipeline_caveat,
    precision_text,
    short,
)
from gpudesk.core.search_words import performance as achieved

MEMORY_KEYS = ("mem.weights", "mem.gradients", "mem.optimizer", "mem.lora_adapters", "mem.activations",
               "mem.kv_cache", "mem.runtime", "mem.fragmentation")
MEMORY_ROWS = 5  # candidates whose memory components the memory-fit chart shows


def _unit(search: PhaseSearch) -> str:
    """Performance unit of the rows (their cost is the phase's total in the plan's currency, from the ledger)."""
    if search.family in ("training", "vision_train"):
        return "days"
    if search.family == "items":  # the unit of the kind's own rate figure (images/s, samples/s …)
        return ITEM_RATE_UNITS.get(search.kind, "items/s/GPU")
    return {"serving": "tokens/s/user", "seats": "seats/GPU"}[search.family]


def _metric(p: SearchPoint, search: PhaseSearch) -> float:
    key = {"serving": "tokens_per_s_per_user", "training": "days", "vision_train": "days",
           "items": "items_per_s_per_gpu", "seats": "seats_per_gpu"}[search.family]
    return p.value(key)


def _finite(*values: float) -> bool:
    return all(math.isfinite(v) for v in values)


def performance(p: SearchPoint) -> list[Reason]:
    """What the configuration achieves (the figure the plan's targets are about); nothing when unknown."""
    found = achieved(p)
    return [found] if found is not None else []


def settings(p: SearchPoint) -> list[Reason]:
    """The engine or training settings the layout column leaves out (replicas, batch, disaggregation, ZeRO …)."""
    lay, out = p.layout, []
    replicas, batch = float(lay.get("replicas", math.nan)), float(lay.get("batch", math.nan))
    pools = disaggregated_pools(p)
    if _finite(replicas, batch) and replicas >= 1 and batch >= 1:
        out.append(Reason("search_batch", {"batch": int(batch)}) if pools is not None else
                   Reason("search_replicas_batch", {"replicas": int(replicas), "batch": int(batch)}))
    if lay.get("disagg"):
        out.append(pools or Reason("search_disaggregated"))
    if "zero" in lay:
        out.append(Reason(f"search_training_{lay.get('recompute_name', 'selective')}",
                          {"zero": int(lay["zero"]), "micro_batch": int(lay.get("mb", 1))}))
    return out


def quality(p: SearchPoint) -> Reason:
    w, kv = short(p.weight_dtype), short(p.kv_dtype)
    if p.kind in ("llm_inference", "agent_hosting") and w != kv:
        return Reason("search_quality_caveat_kv", {"weights": w, "kv": kv})
    return Reason("search_quality_caveat", {"weights": precision_text(p)})


def layout_line(p: SearchPoint) -> str:
    """Precision and parallel layout, in names that read the same in every language ("FP8 · TP4 × DP8")."""
    prec = precision_text(p)
    return " · ".join(part for part in (prec if p.kind not in ("llm_inference", "agent_hosting") or " " not in prec
                                        else short(p.weight_dtype) + "/" + short(p.kv_dtype), layout_text(p)) if part)


def candidates(search: PhaseSearch | None, memory_inputs=None) -> list[Candidate]:  # type: ignore[no-untyped-def]
    """Ranked rows, best first; ``memory_inputs(point)`` gives a point's MemoryInputs for the memory-fit chart.
    Their cost is left unknown here: the results layer prices each configuration through the cost ledger."""
    if search is None:
        return []
    unit = _unit(search)
    out = []
    for rank, p in enumerate(search.per_accelerator, start=1):
        reasons = performance(p) + settings(p)
        if p.feasible:
            reasons.append(Reason("search_meets_targets"))
        else:
            reasons += [Reason("search_closest")] + [Reason(f"search_breaks_{c}") for c in p.violations]
        if p.caveat:
            reasons.append(quality(p))
        for caveat in (attention_dp_caveat(p), pipeline_caveat(p)):
            if caveat is not None:
                reasons.append(caveat)
        cdna3 = amd_cdna3_caveat(p, search.families.get(p.accelerator_id, ""))
        if cdna3 is not None:
            reasons.append(cdna3)
        basis = search.unit_sources.get(p.accelerator_id)
        if basis is not None:
            reasons.append(basis)
        reasons += search.markets.get(p.accelerator_id, ())
        memory: tuple[tuple[str, float], ...] = ()
        capacity = search.capacity.get(p.accelerator_id, 0.0)
        if memory_inputs is not None and rank <= MEMORY_ROWS:
            memory, _cap = _memory(memory_inputs(p))
        out.append(Candidate(
            rank=rank, accelerator_id=p.accelerator_id, accelerator_name=p.accelerator_name, gpus=p.gpus,
            nodes=p.nodes, layout=layout_line(p), fits=p.feasible, time_or_throughput=_metric(p, search),
            time_or_throughput_unit=unit, cost=math.nan, cost_unit=search.currency, reasons=tuple(reasons),
            pinned=p.accelerator_id == search.plan_accelerator, memory=memory, memory_capacity=capacity,
            point=p.index, precision=precision_text(p), accelerator_name_zh=p.accelerator_name_zh,
        ))
    return out


def _memory(inputs: MemoryInputs | None) -> tuple[tuple[tuple[str, float], ...], float]:
    if inputs is None:
        return (), 0.0
    mem = estimate_memory(inputs)
    parts = tuple((k, float(np.asarray(mem[k], dtype=float).reshape(-1)[0])) for k in MEMORY_KEYS if k in mem)
    cap = float(np.asarray(mem["mem.capacity"], dtype=float).reshape(-1)[0])
    return parts, cap if math.isfinite(cap) else 0.0
