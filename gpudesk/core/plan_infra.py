"""Steps 3–7 for one phase: host, storage, fabric, power, TCO and delivery, chained.

Each model keeps its own inputs dataclass; this module only feeds one
model's figures into the next (power → TCO → delivery, storage checkpoint
size → host staging RAM) and gathers the checks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from gpudesk.core.checks import Check
from gpudesk.core.constants import SERVER_PLATFORM_OVERHEAD
from gpudesk.core.delivery import DeliveryInputs, delivery_checks, delivery_figures
from gpudesk.core.explain import FigureSet
from gpudesk.core.fabric import FabricInputs, fabric_checks, fabric_figures
from gpudesk.core.host import HostInputs, host_checks, host_figures
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.core.plan_workload import WorkloadResult
from gpudesk.core.power import PowerInputs, power_checks, power_figures
from gpudesk.core.storage import StorageInputs, storage_checks, storage_figures
from gpudesk.core.tco import TcoInputs, tco_figures
from gpudesk.project.model import Phase


@dataclass
class InfraResult:
    figures: FigureSet
    checks: list[Check]
    servers: int
    nodes: int


def phase_infrastructure(phase: Phase, r: ResolvedPhase, primary: WorkloadResult, gpus: int,
                         tokens_served_per_year: float, seats: float) -> InfraResult:
    fs = FigureSet()
    checks: list[Check] = []
    gpn = r.server.gpus if r.server.is_rack else phase.hardware.gpus_per_node
    nodes = max(1, math.ceil(gpus / max(gpn, 1)))
    servers = max(1, math.ceil(gpus / max(r.server.gpus, 1)))
    fs.input("plan.gpus", float(gpus), "GPUs", "GPUs in this phase", "sized by gpudesk from the workloads")
    fs.input("plan.gpus_per_node", float(gpn), "GPUs", "GPUs per node", "user input / server record")
    fs.add("plan.nodes", float(nodes), "nodes", "nodes", "⌈GPUs / GPUs per node⌉", ["plan.gpus", "plan.gpus_per_node"])
    fs.add("plan.servers", float(servers), "servers", "servers or rack systems",
           f"⌈GPUs / {r.server.gpus} GPUs per {r.server.name}⌉", ["plan.gpus"])

    storage = storage_figures(StorageInputs(
        option=r.storage, nodes=nodes, gpus_per_node=gpn, throughput_per_gpu=primary.throughput_per_gpu,
        dataset_bytes=phase.storage.dataset_tb * 1e12,
        params=primary.trainable_params if primary.trains else 0.0,
        checkpoint_interval_s=phase.storage.checkpoint_interval_hours * 3600.0, data_kind=primary.data_kind,
        bytes_per_unit=phase.storage.sample_bytes, growth_per_year=phase.storage.growth_pct_per_year / 100.0,
        horizon_years=phase.costs.horizon_years, team_size=phase.storage.team_size,
        concurrent_jobs=phase.storage.concurrent_jobs, local_nvme_bytes_per_node=r.server.local_nvme_tb * 1e12,
    ))
    fs.merge(storage)
    checks += storage_checks(storage)

    host = host_figures(HostInputs(
        server=r.server, throughput_per_gpu=primary.throughput_per_gpu, data_kind=primary.data_kind,
        checkpoint_staging_bytes_per_node=storage.number("storage.checkpoint_size", 0.0) / nodes if primary.trains else 0.0,
        offload_bytes_per_node=primary.figures.number("mem.host_offload", 0.0) * min(gpn, max(gpus, 1)),
        gpu_pcie_gen=r.accelerator.pcie_gen, cpu_cores_override=phase.hardware.cpu_cores_per_node,
        ram_gb_override=phase.hardware.host_ram_gb,
    ))
    fs.merge(host)
    checks += host_checks(host)

    network_cost = 0.0
    switch_count = 0.0
    if r.nic is not None and r.switch is not None and (nodes > 1 or primary.request_rate > 0):
        fabric = fabric_figures(FabricInputs(
            server=r.server, nic=r.nic, switch=r.switch, nodes=nodes,
            oversubscription=phase.network.oversubscription, rail_optimized=phase.network.rail_optimized,
            growth_nodes=sum(t.add_nodes for t in phase.triggers), requests_per_s=primary.request_rate,
            request_bytes=primary.request_bytes, response_bytes=primary.response_bytes,
        ))
        fs.merge(fabric)
        checks += fabric_checks(fabric)
        network_cost = fabric.number("net.cost", 0.0)
        switch_count = fabric.number("net.switches", 0.0)

    cooling = "liquid" if r.server.cooling == "liquid" else phase.facility.cooling
    power = power_figures(PowerInputs(
        server=r.server, servers=servers, rack_power_limit_kw=r.rack_limit_kw.value,
        electricity_per_kwh=r.electricity.value, grid_co2_kg_per_kwh=r.grid_co2.value,
        load_factor=primary.load_factor, pue=r.pue.value, duty_fraction=primary.duty_fraction,
        switch=r.switch, switch_count=switch_count, facility_cooling=cooling, currency=phase.costs.currency,
        accelerator_tdp_w=r.accelerator.tdp_w,
        accelerator_tdp_source=f"catalog accelerators/{r.accelerator.id}.tdp_w: {r.accelerator.provenance.source_of('tdp_w')}",
        rack_limit_source=r.rack_limit_kw.source, electricity_source=r.electricity.source,
        co2_source=r.grid_co2.source, pue_source=r.pue.source,
    ))
    fs.merge(power)
    if owns_facility(phase.delivery.mode):  # a provider's rack limits and cooling are the provider's to meet
        checks += power_checks(power)

    c = phase.costs
    tco = tco_figures(TcoInputs(
        server=r.server, servers=servers, it_kw=power.number("power.it_kw", 0.0),
        design_kw=power.number("power.it_max_kw", 0.0), racks=power.number("power.racks", 1.0), pue=r.pue.value,
        electricity_per_kwh=r.electricity.value, currency=c.currency, cny_per_usd=c.cny_per_usd,
        server_price=c.gpu_price_override * r.server.gpus * (1.0 + SERVER_PLATFORM_OVERHEAD.value)
        if c.gpu_price_override else 0.0,
        accelerator_price_usd=r.accelerator.price_usd,
        accelerator_price_source=f"catalog accelerators/{r.accelerator.id}.price_usd: "
                                 f"{r.accelerator.provenance.source_of('price_usd')}",
        network_capex_usd=network_cost,
        storage_monthly_usd=storage.number("storage.monthly_cost", 0.0), fitout_per_kw=c.fitout_per_kw,
        colo_per_rack_month=c.colo_per_rack_month, maintenance_pct_per_year=c.maintenance_pct_per_year,
        software_per_gpu_year=c.software_per_gpu_year, staff_fte=c.staff_fte,
        staff_cost_per_year=c.staff_cost_per_year, depreciation_years=c.depreciation_years,
        horizon_years=c.horizon_years, duty_fraction=primary.duty_fraction,
        training_run_gpu_hours=primary.gpu_hours_per_run, tokens_served_per_year=tokens_served_per_year, seats=seats,
    ))
    fs.merge(tco)

    u = phase.delivery.utilisation
    capex = tco.number("tco.capex", float("nan"))
    scale = peak_build_scale(phase)  # owned servers are bought for the phase's peak month
    delivery = delivery_figures(DeliveryInputs(
        gpus=float(gpus), months=max(phase.duration_months, 1), offer=r.offer, rental_offer=r.rental_offer,
        bare_metal_offer=r.bare_metal_offer, private_capex=capex * scale if math.isfinite(capex) else None,
        private_opex_per_month=tco.number("tco.opex_per_month", 0.0) * scale,
        private_source="TCO model (computed)" if scale == 1.0 else
        f"TCO model (computed) for the sized servers × {scale:g}: owned servers are bought for the peak month",
        hours_per_day=u.hours_per_day,
        days_per_month=u.days_per_month, peak_months=tuple(u.peak_months), peak_multiplier=u.peak_multiplier,
        start_month=phase.start_month % 12 + 1, hybrid_owned_share=phase.delivery.hybrid_owned_share,
        data_sensitivity=phase.delivery.data_sensitivity, chosen_mode=_priced_mode(phase.delivery.mode),
        currency=c.currency, cny_per_usd=c.cny_per_usd,
    ))
    fs.merge(delivery)
    checks += delivery_checks(delivery)
    chosen = _priced_mode(phase.delivery.mode)
    if f"delivery.total.{chosen}" in fs:
        fs.add("plan.phase_cost", fs[f"delivery.total.{chosen}"], c.currency, f"cost of this phase ({chosen.replace('_', ' ')})",
               f"cumulative {chosen.replace('_', ' ')} cost over the phase's {phase.duration_months} months",
               [f"delivery.total.{chosen}"])
    return InfraResult(fs, checks, servers, nodes)


# Delivery forms the cost model prices directly; the others are priced like their nearest form.
_PRICED_AS = {
    "container_service": "cloud_on_demand",
    "serverless_api": "cloud_on_demand",
    "managed_training": "cloud_on_demand",
    "agent_platform": "cloud_on_demand",
}


def peak_build_scale(phase: Phase) -> float:
    """The highest seasonal multiplier among the calendar months the phase spans (1 without peak months)."""
    u = phase.delivery.utilisation
    months = {(phase.start_month % 12 + m) % 12 + 1 for m in range(max(phase.duration_months, 1))}
    return float(u.peak_multiplier) if months & set(u.peak_months) else 1.0


PROVIDER_HOSTED = ("cloud_on_demand", "cloud_reserved_1y", "cloud_reserved_3y", "cloud_spot", "gpu_rental",
                   "bare_metal", "container_service", "serverless_api", "managed_training", "agent_platform")


def owns_facility(mode: str) -> bool:
    """True where the hardware stands in the customer's own room (private, hybrid), so its rack limit applies."""
    return mode not in PROVIDER_HOSTED


def _priced_mode(mode: str) -> str:
    return _PRICED_AS.get(mode, mode)


def cumulative_series(fs: FigureSet) -> dict[str, np.ndarray]:
    modes = str(fs.value_at("delivery.modes")) if "delivery.modes" in fs else ""
    return {m: np.asarray(fs[f"delivery.cumulative.{m}"], dtype=float) for m in modes.split(",") if m}
