"""Size a phase once: its workloads' GPUs become one :class:`SizedConfiguration` and the ``plan.*`` figures.

Without a fixed node count each workload gets the GPUs its own sizing asked for and the phase
deploys their sum; with ``hardware.nodes`` set the workloads share those GPUs. Owned servers of the
same model kept from the previous phase (``carry_forward_hardware``) are carried, not bought again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpudesk.core.explain import FigureSet
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.core.plan_workload import WorkloadResult
from gpudesk.core.sized_configuration import SizedConfiguration, WorkloadSizing
from gpudesk.project.model import Phase
from gpudesk.vocabulary.delivery import owns_hardware


@dataclass(frozen=True)
class CarriedHardware:
    """Owned hardware a phase hands to the next: what the next phase need not buy again."""

    server_id: str
    servers: int
    switch_id: str = ""
    switches: float = 0.0
    optics: float = 0.0
    design_kw: float = 0.0


def owned_servers(phase: Phase, servers: int) -> int:
    """Servers the customer owns: all of them on premises, the hybrid baseline share, none when renting."""
    mode = phase.delivery.mode
    if not owns_hardware(mode):
        return 0
    if mode == "hybrid":
        return max(1, math.ceil(phase.delivery.hybrid_owned_share * servers))
    return servers


def _workload_key(index: int) -> str:
    return f"plan.w{index + 1}.gpus"


def size_phase(phase: Phase, r: ResolvedPhase, results: list[WorkloadResult], fs: FigureSet,
               carried: CarriedHardware | None = None) -> SizedConfiguration:
    """Record the ``plan.*`` figures in the phase's figure set ``fs`` and return the sized configuration."""
    gpn = r.server.gpus if r.server.is_rack else phase.hardware.gpus_per_node
    shared = phase.hardware.nodes > 0
    fs.input("plan.gpus_per_node", float(gpn), "GPUs", "GPUs per node", "user input / server record")
    if shared:
        fs.input("plan.nodes_fixed", float(phase.hardware.nodes), "nodes", "nodes set in the plan",
                 "user input (hardware.nodes): the phase's workloads share these nodes")
    sizings = []
    for i, (w, result) in enumerate(zip(phase.workloads, results, strict=True)):
        key = _workload_key(i)
        prefix = "" if i == 0 else f"w{i + 1}."
        label = f"GPUs of workload {i + 1}"
        if shared:
            fs.add(key, float(result.gpus), "GPUs", label, "nodes set in the plan × GPUs per node",
                   ["plan.nodes_fixed", "plan.gpus_per_node"])
        else:
            deps = [prefix + k for k in result.sizing_keys if prefix + k in fs]
            fs.add(key, float(result.gpus), "GPUs", label, result.sizing_formula or "the workload's own sizing", deps)
        sizings.append(WorkloadSizing(
            index=i, name=w.name, kind=w.kind, gpus=result.gpus, gpus_needed=result.gpus_needed or result.gpus,
            layout=result.layout, sized_by=result.sized_by, gpus_key=key, capacity=result.capacity,
        ))
    keys = [_workload_key(i) for i in range(len(results))]
    if shared:
        total = phase.hardware.nodes * gpn
        fs.add("plan.gpus", float(total), "GPUs", "GPUs in this phase", "nodes set in the plan × GPUs per node",
               ["plan.nodes_fixed", "plan.gpus_per_node"])
    else:
        total = sum(s.gpus for s in sizings)
        fs.add("plan.gpus", float(total), "GPUs", "GPUs in this phase",
               "sum of the workloads' GPUs (each sized on its own)", keys)
    nodes = max(1, math.ceil(total / max(gpn, 1)))
    per_server = r.server.gpus if r.server.is_rack else max(min(gpn, r.server.gpus), 1)
    servers = max(1, math.ceil(total / per_server))
    fs.add("plan.nodes", float(nodes), "nodes", "nodes", "⌈GPUs / GPUs per node⌉", ["plan.gpus", "plan.gpus_per_node"])
    fs.input("plan.gpus_per_server", float(per_server), "GPUs", "GPUs installed per server",
             f"catalog servers/{r.server.id}.gpus ({r.server.gpus} slots)"
             + ("" if per_server == r.server.gpus else f", populated with {per_server} per the plan's GPUs per node"))
    fs.add("plan.servers", float(servers), "servers", "servers or rack systems",
           "⌈GPUs / GPUs installed per server⌉", ["plan.gpus", "plan.gpus_per_server"])
    kept = 0
    if carried is not None and phase.carry_forward_hardware and carried.server_id == r.server.id:
        kept = min(carried.servers, owned_servers(phase, servers))
    fs.input("plan.servers_carried", float(kept), "servers", "servers carried forward from the previous phase",
             "owned servers of the same model kept from the previous phase" if kept else "none carried forward")
    fs.add("plan.servers_owned", float(owned_servers(phase, servers)), "servers", "servers owned by the customer",
           {"private": "all servers (owned on premises)", "hybrid": "⌈hybrid owned share × servers⌉ (owned baseline)"}
           .get(phase.delivery.mode, "none: the provider owns the servers"), ["plan.servers"])
    fs.add("plan.installed_gpus", float(servers * per_server), "GPUs", "GPUs installed (whole servers)",
           "servers × GPUs installed per server", ["plan.servers", "plan.gpus_per_server"])
    config = SizedConfiguration(
        accelerator_id=r.accelerator.id, accelerator_name=r.accelerator.name, server_id=r.server.id,
        server_name=r.server.name, gpus_per_server=r.server.gpus, gpus_per_node=per_server,
        workloads=tuple(sizings), gpus=int(total), nodes=int(nodes), servers=int(servers), servers_carried=int(kept),
        delivery_mode=phase.delivery.mode, shared_capacity=shared, rack_scale=r.server.is_rack,
        servers_owned=owned_servers(phase, servers),
    )
    return config
