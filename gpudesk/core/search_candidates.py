"""The search's best configuration per accelerator as ranked candidate rows (the recommendation table).

Every row is a configuration the search evaluated: its GPUs, nodes, layout, performance and cost, with the
reasons for its place (what it achieves, what it breaks when it is not feasible, its cost basis and its market
status). An accelerator none of whose configurations runs at all (out of memory at every layout, no supported
precision) has no row: the search's dropped-points summary counts it.
"""

from __future__ import annotations

import math

import numpy as np

from gpudesk.core.candidates import Candidate
from gpudesk.core.config_search import PhaseSearch
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.search_points import SearchPoint
from gpudesk.core.search_words import describe, layout_text, performance, precision_text
from gpudesk.vocabulary.sizing import BINDING

MEMORY_KEYS = ("mem.weights", "mem.gradients", "mem.optimizer", "mem.lora_adapters", "mem.activations",
               "mem.kv_cache", "mem.runtime", "mem.fragmentation")
MEMORY_ROWS = 5  # candidates whose memory components the memory-fit chart shows


def _unit(search: PhaseSearch) -> tuple[str, str, str]:
    """(performance unit, cost unit, cost unit in Chinese) of the rows."""
    cur = search.currency
    if search.family in ("training", "vision_train"):
        return "days", f"{cur}/run", f"{cur}/次"
    metric = {"serving": "tokens/s/user", "items": "items/s/GPU", "seats": "seats/GPU"}[search.family]
    return metric, f"{cur} over {search.horizon_years} years", f"{cur}（{search.horizon_years} 年）"


def _metric(p: SearchPoint, search: PhaseSearch) -> float:
    key = {"serving": "tokens_per_s_per_user", "training": "days", "vision_train": "days",
           "items": "items_per_s_per_gpu", "seats": "seats_per_gpu"}[search.family]
    return p.value(key)


def _layout_line(p: SearchPoint) -> tuple[str, str]:
    en, zh = describe(p)
    # the accelerator and GPU count have columns of their own
    return en.split(" · ", 1)[1] if " · " in en else layout_text(p), zh.split(" · ", 1)[1] if " · " in zh else ""


def candidates(search: PhaseSearch | None, memory_inputs=None) -> list[Candidate]:  # type: ignore[no-untyped-def]
    """Ranked rows, best first; ``memory_inputs(point)`` gives a point's MemoryInputs for the memory-fit chart."""
    if search is None:
        return []
    unit, cost_unit, cost_unit_zh = _unit(search)
    out = []
    for rank, p in enumerate(search.per_accelerator, start=1):
        perf_en, perf_zh = performance(p)
        reasons = [(perf_en, perf_zh)] if perf_en else []
        if p.feasible:
            reasons.append(("meets every target", "满足全部目标"))
        else:
            reasons.append(("closest configuration, but it would " + ", ".join(
                BINDING.term(c).dropped_en for c in p.violations),
                "最接近的配置，但" + "、".join(BINDING.term(c).dropped_zh for c in p.violations)))
        if p.caveat:
            reasons.append((f"below the precision allowed ({precision_text(p)[0]}): quality caveat",
                            f"低于允许的精度（{precision_text(p)[1]}）：需注意模型质量"))
        basis = search.unit_sources.get(p.accelerator_id)
        if basis:
            reasons.append(basis)
        market = search.markets.get(p.accelerator_id)
        if market:
            reasons.append(market)
        memory: tuple[tuple[str, float], ...] = ()
        capacity = search.capacity.get(p.accelerator_id, 0.0)
        if memory_inputs is not None and rank <= MEMORY_ROWS:
            memory, _cap = _memory(memory_inputs(p))
        lay_en, lay_zh = _layout_line(p)
        out.append(Candidate(
            rank=rank, accelerator_id=p.accelerator_id, accelerator_name=p.accelerator_name, gpus=p.gpus,
            nodes=p.nodes, layout=lay_en, fits=p.feasible, time_or_throughput=_metric(p, search),
            time_or_throughput_unit=unit, cost=p.cost, cost_unit=cost_unit,
            reasons=tuple(en for en, _ in reasons), reasons_zh=tuple(zh for _, zh in reasons),
            pinned=p.accelerator_id == search.plan_accelerator, memory=memory, memory_capacity=capacity,
            point=p.index, precision=precision_text(p)[0], layout_zh=lay_zh, cost_unit_zh=cost_unit_zh,
        ))
    return out


def _memory(inputs: MemoryInputs | None) -> tuple[tuple[tuple[str, float], ...], float]:
    if inputs is None:
        return (), 0.0
    mem = estimate_memory(inputs)
    parts = tuple((k, float(np.asarray(mem[k], dtype=float).reshape(-1)[0])) for k in MEMORY_KEYS if k in mem)
    cap = float(np.asarray(mem["mem.capacity"], dtype=float).reshape(-1)[0])
    return parts, cap if math.isfinite(cap) else 0.0
