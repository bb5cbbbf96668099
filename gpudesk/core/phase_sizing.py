"""Size a phase once: its workloads' GPUs become one :class:`SizedConfiguration` and the ``plan.*`` figures.

Without a fixed node count each workload gets the GPUs its own sizing asked for and the phase
deploys their sum; with ``hardware.nodes`` set the workloads share those GPUs. Owned servers of the
same model kept from the previous phase (``carry_forward_hardware``) are carried, not bought again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpudesk.core.explain import FigureSet
from gpudesk.core.infra_inputs import catalog_source
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.core.plan_workload import WorkloadResult
from gpudesk.core.sized_configuration import SizedConfiguration, WorkloadSizing
from gpudesk.project.model import Phase
from gpudesk.vocabulary.delivery import owns_hardware, priced_as

ALTERNATIVE = "alt."  # prefix of the figures of owning when the phase rents (its servers here, power and costs in
# plan_infra)


@dataclass(frozen=True)
class CarriedHardware:
    """Owned hardware a phase hands to the next: what the next phase need not buy again."""

    server_id: str
    servers: int
    switch_id: str = ""
    switches: float = 0.0
    optics: float = 0.0
    design_kw: float = 0.0  # kW of IT design load already built for these servers; NaN where unknown
    storage_id: str = ""  # storage appliances bought for the site (ledger line "storage.appliances")
    storage_appliances: float = 0.0
    storage_tb: float = math.nan  # usable TB those appliances were bought for (a later phase's need may exceed it)


def owned_servers(phase: Phase, servers: int) -> int:
    """Servers the customer owns: all of them on premises, the hybrid baseline share, none when renting."""
    mode = phase.delivery.mode
    if not owns_hardware(mode):
        return 0
    if mode == "hybrid":
        return hybrid_owned_servers(phase, servers)
    return servers


def hybrid_owned_servers(phase: Phase, servers: int) -> int:
    """Servers a hybrid build owns of ``servers``: the owned share rounded up to whole servers, at least one. A
    hybrid plan buys these; the delivery comparison of any other plan prices hybrid as owning these too."""
    return max(1, math.ceil(phase.delivery.hybrid_owned_share * servers))


def peak_build_scale(phase: Phase) -> float:
    """The highest seasonal multiplier among the calendar months the phase spans (1 without peak months)."""
    u = phase.delivery.utilisation
    months = {(phase.start_month % 12 + m) % 12 + 1 for m in range(max(phase.duration_months, 1))}
    return float(u.peak_multiplier) if months & set(u.peak_months) else 1.0


def peak_servers(config: SizedConfiguration, phase: Phase) -> int:
    """Servers an owned build needs for the phase's peak month (the owning alternative of a rented phase)."""
    gpus = config.baseline_gpus if config.shared_capacity else math.ceil(config.baseline_gpus * peak_build_scale(phase))
    per_server = config.gpus_installed_per_server if not config.rack_scale else config.gpus_per_server
    return max(1, math.ceil(gpus / max(per_server, 1)))


def _workload_key(index: int) -> str:
    return f"plan.w{index + 1}.gpus"


def size_phase(phase: Phase, r: ResolvedPhase, results: list[WorkloadResult], fs: FigureSet,
               carried: CarriedHardware | None = None) -> SizedConfiguration:
    """Record the ``plan.*`` figures in the phase's figure set ``fs`` and return the sized configuration."""
    gpn = r.node_gpus(phase)  # a rented phase's node is its instance
    planned = r.server.gpus if r.server.is_rack else phase.hardware.gpus_per_node  # the plan's node (fixed nodes)
    shared = phase.hardware.nodes > 0
    fs.input("plan.gpus_per_node", float(gpn), "GPUs", "GPUs per node",
             catalog_source(r.instance, "gpus") if r.instance is not None  # a rented instance is a node
             else "user input / server record")
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
            model_name=result.model_name, pools=result.pools,
        ))
    keys = [_workload_key(i) for i in range(len(results))]
    if shared:
        total = baseline = phase.hardware.nodes * planned
        if planned != gpn:  # a rented instance is a node of its own GPUs: the plan's node count is of its nodes
            fs.input("plan.gpus_per_node_planned", float(planned), "GPUs", "GPUs per node set in the plan",
                     "user input (hardware.gpus_per_node)")
        fs.add("plan.gpus", float(total), "GPUs", "GPUs in this phase", "nodes set in the plan × GPUs per node"
               if planned == gpn else "nodes set in the plan × GPUs per node set in the plan (hardware.gpus_per_node)",
               ["plan.nodes_fixed", "plan.gpus_per_node" if planned == gpn else "plan.gpus_per_node_planned"])
    else:
        baseline = sum(s.gpus for s in sizings)
        scale = peak_build_scale(phase) if phase.delivery.mode == "private" else 1.0
        if scale > 1.0:  # an owned cluster is bought for its peak month; renting pays the peak months only
            fs.add("plan.workload_gpus", float(baseline), "GPUs", "GPUs the workloads need outside the peak months",
                   "sum of the workloads' GPUs (each sized on its own)", keys)
            fs.input("plan.peak_build_scale", scale, "x", "seasonal peak the owned servers are bought for",
                     "user input (delivery.utilisation.peak_multiplier, in the phase's peak months)")
            total = math.ceil(baseline * scale)
            fs.add("plan.gpus", float(total), "GPUs", "GPUs in this phase",
                   "⌈GPUs the workloads need × seasonal peak multiplier⌉ (owned servers are bought for the peak month)",
                   ["plan.workload_gpus", "plan.peak_build_scale"])
        else:
            total = baseline
            fs.add("plan.gpus", float(total), "GPUs", "GPUs in this phase",
                   "sum of the workloads' GPUs (each sized on its own)", keys)
    nodes = max(1, math.ceil(total / max(gpn, 1)))
    # servers: the plan's own (what owning it would take); a rented phase's nodes are its instances, so its
    # servers and their installed GPUs are the owned alternative's and say so (alt.*, as its power and costs): the
    # ecommerce phase read 'plan.servers 1' and 'plan.installed_gpus 8' beside 'plan.instances 2' of 1 GPU each
    per_server = r.server.gpus if r.server.is_rack else max(min(planned, r.server.gpus), 1)
    servers = max(1, math.ceil(total / per_server))
    own = "" if owns_hardware(phase.delivery.mode) else ALTERNATIVE
    fs.add("plan.nodes", float(nodes), "nodes", "nodes", "⌈GPUs / GPUs per node⌉", ["plan.gpus", "plan.gpus_per_node"])
    fs.input("plan.gpus_per_server", float(per_server), "GPUs", "GPUs installed per server",
             f"catalog servers/{(r.catalog_server or r.server).id}.gpus ({(r.catalog_server or r.server).gpus} slots)")
    fs.add(f"{own}plan.servers", float(servers), "servers", "servers or rack systems",
           "⌈GPUs / GPUs installed per server⌉", ["plan.gpus", "plan.gpus_per_server"])
    kept = 0
    if carried is not None and phase.carry_forward_hardware and carried.server_id == r.server.id:
        kept = min(carried.servers, owned_servers(phase, servers))
    fs.input("plan.servers_carried", float(kept), "servers", "servers carried forward from the previous phase",
             "owned servers of the same model kept from the previous phase" if kept else "none carried forward")
    fs.add("plan.servers_owned", float(owned_servers(phase, servers)), "servers", "servers owned by the customer",
           {"private": "all servers (owned on premises)", "hybrid": "⌈hybrid owned share × servers⌉ (owned baseline)"}
           .get(phase.delivery.mode, "none: the provider owns the servers"), [f"{own}plan.servers"])
    fs.add(f"{own}plan.installed_gpus", float(servers * per_server), "GPUs", "GPUs installed (whole servers)",
           "servers × GPUs installed per server", [f"{own}plan.servers", "plan.gpus_per_server"])
    chassis = r.catalog_server or r.server  # the catalog row, when the plan's servers are partly populated
    offer = None if owns_hardware(phase.delivery.mode) else r.rented_offer(priced_as(phase.delivery.mode))
    instances: int | None = 0 if owns_hardware(phase.delivery.mode) else None  # rented, no offer: unknown
    if offer is not None and offer.gpus > 0:  # as the ledger bills them (core/delivery._billed_gpus)
        per = fs.input("plan.gpus_per_instance", float(offer.gpus), "GPUs", f"GPUs per {offer.instance} instance",
                       catalog_source(offer, "gpus"))
        instances = math.ceil((baseline or total) / per)
        fs.add("plan.instances", float(instances), "instances", f"{offer.instance} instances rented",
               "⌈GPUs / GPUs per instance⌉", ["plan.gpus", "plan.gpus_per_instance"])
        # the fabric between the instances is the provider's: the offer's network, unknown where the catalog's row
        # does not give it (a 4-instance phase read 'fabric: none (single node)', the plan's own setting)
    node = r.instance  # an instance shape (core/plan_resolve.INSTANCE_KINDS), not a per-GPU price
    if node is not None:
        fs.input("net.instance_gbps", float(node.network_gbps) if node.network_gbps else math.nan,
                 "Gb/s", f"network between {node.instance} instances, per instance",
                 catalog_source(node, "network_gbps") if node.network_gbps else
                 f"unknown: catalog cloud_offers/{node.id} does not give the network between instances")
    config = SizedConfiguration(
        accelerator_id=r.accelerator.id, accelerator_name=r.accelerator.name, server_id=r.server.id,
        server_name=chassis.name, gpus_per_server=chassis.gpus, gpus_per_node=int(gpn),
        gpus_installed_per_server=per_server,
        workloads=tuple(sizings), gpus=int(total), nodes=int(nodes), servers=int(servers), servers_carried=int(kept),
        delivery_mode=phase.delivery.mode, shared_capacity=shared, rack_scale=r.server.is_rack,
        servers_owned=owned_servers(phase, servers), baseline_gpus=int(baseline), server_vendor=chassis.vendor,
        instances=instances, instance=offer.instance if offer is not None and instances else "",
        gpus_per_instance=offer.gpus if offer is not None and instances else 0,
        accelerator_name_zh=r.accelerator.name_zh, server_name_zh=chassis.name_zh,
    )
    return config
