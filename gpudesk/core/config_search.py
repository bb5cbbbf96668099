"""One configuration search per phase: every accelerator the plan may use × precision × layout × replicas.

``search_steps(catalog, phase, resolved, ...)`` is a generator: each ``next()`` is one slice of the work (a few
accelerators) and yields ``(percent, text)``; it returns the :class:`PhaseSearch`. ``search_phase`` runs it to the
end (CLI, proposal); the window runs it in slices between events (gpudesk/ui/background.py). What is searched:

* LLM serving and agent hosting — core/search_serving.py (precision, TP/PP/EP with attention data parallel,
  engine batch, aggregated or disaggregated; replicas by queueing under the latency targets);
* LLM training and fine-tuning — core/search_training.py (precision, TP/PP/EP/CP, ZeRO, recompute, micro-batch,
  GPU count against the deadline);
* vision training, item serving and VDI seats — core/search_other.py (precision × GPU count).

Accelerators come filtered by the plan's market, servers and cooling (core/search_catalog.py); points are
dropped for memory, latency, deadline, power and budget with the reason counted (core/search_points.py); the
recommendation, runner-up, binding constraint and levers come from core/search_choice.py and
core/search_levers.py.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Any

import numpy as np

from gpudesk.catalog.store import Catalog
from gpudesk.core import search_other, search_serving, search_training
from gpudesk.core.constants import TRAINING_POWER_LOAD
from gpudesk.core.derived_servers import fabric_server, port_limited, server_nic
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.hardware_sources import capacity_bytes
from gpudesk.core.owned_power import WorkloadDraw
from gpudesk.core.phase_search import PhaseSearch
from gpudesk.core.plan_resolve import PlanInputError, ResolvedPhase, plan_nic, plan_switch, resolve_model
from gpudesk.core.plan_workload import TRAIN_KINDS, instance_domain, scaleout_of
from gpudesk.core.precision import bytes_per_value
from gpudesk.core.search_catalog import UnitCost, cooling_ok, eligible, unit_costs
from gpudesk.core.search_choice import Spec, choose, point
from gpudesk.core.search_levers import explain
from gpudesk.core.search_points import PointTable, SearchPoint
from gpudesk.core.search_words import dropped_text
from gpudesk.core.serving_load import peak_rate
from gpudesk.core.stepwise import run_through
from gpudesk.project.model import Phase, Workload
from gpudesk.vocabulary.delivery import horizon_months, owns_hardware
from gpudesk.vocabulary.serving import QUANTIZATION
from gpudesk.vocabulary.workloads import ITEM_SERVING_KINDS

SERVING_KINDS = ("llm_inference", "agent_hosting")
Steps = Generator[tuple[int, str], None, "PhaseSearch | None"]

SPECS = {
    "serving": Spec("serving", "tokens_per_s_per_user", True, "tokens_per_s_per_user", True, "cost_per_mtok"),
    "training": Spec("training", "days", False, "days", False, "cost"),
    "vision_train": Spec("vision_train", "days", False, "days", False, "cost"),
    "items": Spec("items", "items_per_s_per_gpu", True, "", True, "cost"),
    "seats": Spec("seats", "seats_per_gpu", True, "", True, "cost"),
}


def family_of(kind: str) -> str:
    if kind in SERVING_KINDS:
        return "serving"
    if kind in TRAIN_KINDS:
        return "training"
    if kind == "vision_train":
        return "vision_train"
    if kind in ITEM_SERVING_KINDS:
        return "items"
    return "seats"


def _scaleout(catalog: Catalog, phase: Phase, unit: UnitCost, gpus_per_node: int) -> tuple[float, int]:
    """(Gb/s per NIC, NICs per node) of a unit's server as the plan pinning it would see them
    (core/derived_servers.fabric_server and port_limited, core/plan_resolve.plan_nic and plan_switch,
    core/plan_workload.scaleout_of): a configuration
    pinned from the search then times the same in the plan. A rented unit: its instance's network, one link per instance (unknown when the catalog's
    offer row does not give it: a layout across instances is then dropped for the network). A unit without a
    catalog server: one 400 Gb/s NIC per GPU."""
    if unit.instance is not None:
        gbps = unit.instance.network_gbps
        return (float(gbps), 1) if gbps else (float("nan"), 1)
    if unit.server is None:
        return 400.0, gpus_per_node
    server = fabric_server(unit.server, phase)
    try:
        nic = server_nic(server, plan_nic(catalog, server, phase, "phases[].network"))
        server, nic = port_limited(server, nic, plan_switch(catalog, nic, phase, "phases[].network"))
    except PlanInputError:
        nic = None
    gbps, nics, _source = scaleout_of(server, gpus_per_node, nic)
    return gbps, nics


def min_bits(w: Workload, family: str) -> int:
    if family == "serving":
        return search_serving.min_bits_allowed(w)
    own = int(round(bytes_per_value(w.compute_dtype) * 8))
    return min(own, int(QUANTIZATION.term(w.quantization).min_bits))


def search_steps(catalog: Catalog, phase: Phase, r: ResolvedPhase, rate: float | None = None,
                 load_factor: float | None = None, chunk: int = 4, draw: WorkloadDraw | None = None,
                 figures_in_blocks: bool = True) -> Steps:
    """The phase's search, a slice at a time (see the module docstring). ``rate`` is the serving workload's peak
    request rate when the plan computed it otherwise (agents); ``draw`` what sets a server's draw in the plan's
    own power figures (else ``load_factor``, the power draw share); ``figures_in_blocks`` False in a process that
    keeps freed memory (core/training.py TrainingInputs.figures_in_blocks)."""
    started = time.process_time()
    if not phase.workloads:
        return None
    w = phase.workloads[0]
    family = family_of(w.kind)
    model = None
    if w.kind != "rendering_vdi":
        try:
            model = resolve_model(catalog, w, "phases[].workloads[0]")
        except PlanInputError:
            return None
    accs, excluded = eligible(catalog, phase)
    load = load_factor if load_factor is not None else TRAINING_POWER_LOAD.value
    units_all = unit_costs(catalog, phase, r, accs, draw or WorkloadDraw(load))
    units = [u for u in units_all if cooling_ok(u, phase)]
    table = PointTable()
    for u in units_all:
        if u not in units:
            excluded[u.accelerator.id] = "cooling"
    if not units:
        return _result(phase, w, family, table, [], excluded, started)
    gpn = phase.hardware.gpus_per_node
    per_node = [u.server.gpus if (u.server and u.server.is_rack) else u.instance.gpus if u.instance is not None
                else gpn for u in units]
    links = [_scaleout(catalog, phase, u, n) for u, n in zip(units, per_node, strict=True)]
    hw = instance_domain(HardwareArrays.from_accelerators([u.accelerator for u in units], [g for g, _ in links],
                                                          [k for _, k in links], per_node,
                                                          power_limit_w=phase.hardware.gpu_power_limit_w),
                         [u.instance is not None for u in units])  # capped as the plan's GPUs and servers are
    bits = min_bits(w, family)
    if family == "serving":
        assert model is not None
        ctx = search_serving.Context(model, w, phase, units, peak_rate(w) if rate is None else rate, bits, gpn, hw)
        yield from search_serving.steps(ctx, hw, table, chunk)
        search_serving.finish(ctx, table)
    elif family == "training":
        assert model is not None
        tctx = search_training.Context(model, w, phase, units, bits, gpn, figures_in_blocks)
        yield from search_training.steps(tctx, hw, table)
        search_training.finish(tctx, table)
    else:
        octx = search_other.Context(model, w, phase, units, bits)
        yield from search_other.steps(octx, hw, table)
        search_other.finish(octx, table)
    return _result(phase, w, family, table, units, excluded, started,
                   ctx if family == "serving" else None)


def search_phase(catalog: Catalog, phase: Phase, r: ResolvedPhase, rate: float | None = None,
                 load_factor: float | None = None) -> PhaseSearch | None:
    """The whole search at once."""
    return run_through(search_steps(catalog, phase, r, rate, load_factor, chunk=64))


def _result(phase: Phase, w: Workload, family: str, table: PointTable, units: list[UnitCost], excluded: dict[str, str],
            started: float, serving_ctx: search_serving.Context | None = None) -> PhaseSearch:
    spec = SPECS[family]
    bits = min_bits(w, family)
    if len(table):
        table.cols["tier"] = np.array([u.tier for u in units], dtype=float)[table.cols["acc"].astype(int)]
    internal = "deadline" if family in ("training", "vision_train") else "throughput"
    if serving_ctx is not None and len(table):
        internal = "throughput"
    choice = choose(table, spec, internal)
    if serving_ctx is not None and choice.recommended is not None and choice.binding_row is None:
        choice.binding = search_serving_binding(serving_ctx, table, choice.recommended)
    if choice.recommended is not None and choice.binding_row is None and choice.binding in ("throughput", "deadline"):
        if _smallest(table, family, choice.recommended):
            choice.binding = "minimum"

    def pts(rows: object) -> tuple[SearchPoint, ...]:
        return tuple(point(table, int(i), units, w.kind, bits) for i in np.asarray(rows, dtype=int))

    rec = pts([choice.recommended])[0] if choice.recommended is not None else None
    per_acc = pts(choice.per_accelerator)
    dropped = table.dropped()
    feasible = int(table.feasible.sum()) if len(table) else 0
    unknown = tuple(sorted({(f"{u.instance.provider} {u.instance.instance}", u.instance.id) for u in units
                            if u.instance is not None and not u.instance.network_gbps}))
    summary = dropped_text(table.total, dropped, feasible, excluded, unknown)
    search = PhaseSearch(
        kind=w.kind, family=family, currency=phase.costs.currency, basis=units[0].basis if units else "rent",
        horizon_years=phase.costs.horizon_years, total=table.total, dropped=dropped,
        rent_months=0.0 if owns_hardware(phase.delivery.mode) else horizon_months(
            phase.delivery.mode, phase.duration_months, phase.costs.horizon_years),
        excluded=excluded, searched=tuple(u.accelerator.id for u in units), recommended=rec,
        runner_up=pts([choice.runner_up])[0] if choice.runner_up is not None else None,
        alternatives=pts(choice.alternatives), per_accelerator=per_acc, front=pts(choice.front),
        quality_front=pts(choice.quality_front), cloud=pts(choice.cloud), binding=choice.binding,
        why=summary, levers=(), summary=summary,  # why: worded below, once the search can be read
        unit_sources={u.accelerator.id: u.source for u in units},
        markets={u.accelerator.id: u.market for u in units},
        unit_price={u.accelerator.id: u.per_gpu_hour for u in units},
        unit_gpus={u.accelerator.id: u.gpus_per_server for u in units},
        capacity={u.accelerator.id: capacity_bytes(u.accelerator) for u in units},
        plan_accelerator=phase.hardware.accelerator_id, tiers={u.accelerator.id: u.tier for u in units},
        families={u.accelerator.id: u.accelerator.family for u in units}, front_y=choice.extra.get("front_y", spec.front_y),
    )
    binding_point = pts([choice.binding_row])[0] if choice.binding_row is not None else None
    quality_point = pts([choice.quality_row])[0] if choice.quality_row is not None else None
    search.why, search.levers = explain(search, phase, w, binding_point, quality_point, serving_ctx, table)
    search.explained_from = (phase, w, binding_point, quality_point, serving_ctx, table)
    search.elapsed_s = time.process_time() - started
    return search


def search_serving_binding(ctx: search_serving.Context, table: PointTable, row: int) -> str:
    from gpudesk.core.search_levers import serving_binding

    return serving_binding(ctx, table, row)


def memory_inputs_for(catalog: Catalog, phase: Phase, p: SearchPoint) -> Any:
    """The memory model's inputs at a searched configuration (for its memory-fit bar); None when not modelled."""
    from gpudesk.core.memory import MemoryInputs
    from gpudesk.core.plan_workload import memory_inputs

    w = phase.workloads[0]
    if p.kind in (*ITEM_SERVING_KINDS, "vision_train", "rendering_vdi"):
        return None
    try:
        model = resolve_model(catalog, w, "phases[].workloads[0]")
        acc = catalog.accelerator(p.accelerator_id)
    except (PlanInputError, Exception):  # noqa: BLE001 - a row without a bar is no error
        return None
    hw = HardwareArrays.from_accelerators([acc], gpus_per_node=phase.hardware.gpus_per_node)
    lay = p.layout
    if p.kind in SERVING_KINDS:
        groups = max(lay.get("tp", 1), lay.get("ep", 1)) / lay.get("tp", 1)
        return MemoryInputs(model=model, mode="inference", weight_dtype=p.weight_dtype, kv_dtype=p.kv_dtype,
                            seq_len=w.prompt_tokens + w.output_tokens, micro_batch=max(lay.get("batch", 1) / groups, 1),
                            tp=lay.get("tp", 1), pp=lay.get("pp", 1), ep=lay.get("ep", 1),
                            serving_fraction=w.serving_memory_fraction, engine_release=w.engine_release, limits=False,
                            **hw.memory_fields())
    import dataclasses

    par = dataclasses.replace(w.parallel, tp=int(lay.get("tp", 1)), pp=int(lay.get("pp", 1)),
                              ep=int(lay.get("ep", 1)), cp=int(lay.get("cp", 1)), zero_stage=int(lay.get("zero", 1)),
                              recompute=str(lay.get("recompute_name", "selective")))
    w2 = dataclasses.replace(w, parallel=par, micro_batch=int(lay.get("mb", w.micro_batch)), compute_dtype=p.compute_dtype)
    return dataclasses.replace(memory_inputs(model, w2, hw, lay.get("dp", 1), phase.hardware.gpus_per_node,
                                              hw.sources["memory"]), limits=False)


def _smallest(table: PointTable, family: str, row: int) -> bool:
    """Whether the recommendation is the smallest configuration its kind allows (one GPU, or one replica of the
    fewest GPUs a replica can have): then nothing binds."""
    c = table.cols
    if family == "serving":
        return bool(c["replicas_needed"][row] <= 1 and c["gpus"][row] <= c["gpus_per_replica"][row])
    return bool(c["gpus"][row] <= 1)
