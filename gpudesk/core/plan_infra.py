"""Steps 3–7 for one phase: host, storage, fabric, power, costs and delivery, chained on the sized configuration.

Each model keeps its own inputs dataclass; this module only feeds one model's figures into the next.
The facility (racks, power, cooling) and the cost of owning are sized for the servers the customer
owns. A rented phase runs in the provider's facility: nothing of it is sized as the phase's own; the
"what if we bought it" figures the delivery comparison needs are kept under the ``alt.`` prefix.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from gpudesk.core.checks import Check
from gpudesk.core.constants import SERVER_PLATFORM_OVERHEAD
from gpudesk.core.delivery import DeliveryInputs, delivery_checks, delivery_figures
from gpudesk.core.explain import FigureSet
from gpudesk.core.fabric import FabricInputs, fabric_checks, fabric_figures, instance_network_checks
from gpudesk.core.host import HostInputs, host_checks, host_figures
from gpudesk.core.ledger_quote import APPLIANCE_KINDS, licence_terms
from gpudesk.core.owned_power import owned_power_inputs
from gpudesk.core.phase_sizing import ALTERNATIVE, CarriedHardware, hybrid_owned_servers, peak_servers
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.core.plan_workload import WorkloadResult
from gpudesk.core.power import power_checks, power_figures
from gpudesk.core.running_costs import RunningCostInputs, running_cost_figures
from gpudesk.core.sized_configuration import SizedConfiguration
from gpudesk.core.storage import StorageInputs, storage_checks, storage_figures
from gpudesk.core.tco import TcoInputs, tco_figures
from gpudesk.project.model import Phase
from gpudesk.vocabulary.counts import counted
from gpudesk.vocabulary.delivery import horizon_months, priced_as
from gpudesk.vocabulary.workloads import ITEM_SERVING_KINDS, WORKLOAD_KIND

SERVING_KINDS = (*WORKLOAD_KIND.where(family="llm_serving"), *ITEM_SERVING_KINDS, *WORKLOAD_KIND.where(family="agents"))
KV_SWAP_KINDS = (*WORKLOAD_KIND.where(family="llm_serving"), *WORKLOAD_KIND.where(family="agents"))
"""Workloads whose servers hold model weights in host memory while loading; LLM servers also keep KV swap space."""
GPUS_USED_SOURCE = "plan.gpus {gpus} < plan.gpus_per_server {per}: the phase runs fewer GPUs than the server holds"


@dataclass
class InfraResult:
    figures: FigureSet
    checks: list[Check]


def _served_bytes_per_gpu(primary: WorkloadResult) -> tuple[float, str]:
    """What each serving GPU holds and its server stages in host memory while loading: a recommender's embedding
    tables, sharded over its GPUs (it has no mem.weights: its step 3 read host RAM unknown, walk-26 item 7), else
    the memory model's weights."""
    if "recsys.table_bytes" in primary.figures:
        gpus = max(primary.gpus, 1)
        return (primary.figures.number("recsys.table_bytes") / gpus, f"embedding tables per GPU: recsys.table_bytes / "
                f"{counted(gpus, 'GPU')} (the tables are sharded over the workload's GPUs)")
    return primary.figures.number("mem.weights"), "memory model (mem.weights)"

def _fabric(phase: Phase, r: ResolvedPhase, primary: WorkloadResult, nodes: int) -> FigureSet | None:
    if r.nic is None or r.switch is None or not (nodes > 1 or primary.request_rate > 0):
        return None
    return fabric_figures(FabricInputs(
        server=r.server, nic=r.nic, switch=r.switch, nodes=nodes,
        oversubscription=phase.network.oversubscription, rail_optimized=phase.network.rail_optimized,
        growth_nodes=sum(t.add_nodes for t in phase.triggers), requests_per_s=primary.request_rate,
        request_bytes=primary.request_bytes, response_bytes=primary.response_bytes,
        currency=phase.costs.currency, cny_per_usd=phase.costs.cny_per_usd,
    ))


def _owned(phase: Phase, r: ResolvedPhase, primary: WorkloadResult, servers: int, carried_servers: int,
           fabric: FigureSet | None, carried: CarriedHardware | None) -> tuple[FigureSet, list[Check]]:
    """Power, facility and the cost of owning ``servers`` servers (``carried_servers`` of them already owned)."""
    fs = FigureSet()
    switches = fabric.number("net.switches", 0.0) if fabric is not None else 0.0
    power = power_figures(owned_power_inputs(
        phase, r, r.server, r.accelerator, servers, primary.load_factor, primary.compute_share,
        primary.compute_share_source, r.switch, switches, primary.memory_share, primary.traffic_share, primary.serves,
        primary.load_factor_source))
    fs.merge(power)
    design_kw = power.number("power.it_max_kw")  # NaN where the catalog gives the servers no power: unknown, not 0
    kept_kw = carried.design_kw if carried is not None and carried_servers else 0.0  # NaN: unknown, so is what is new
    c = phase.costs
    tco = tco_figures(TcoInputs(
        server=r.server, servers=servers, servers_carried=carried_servers,
        annual_kwh=power.number("power.annual_kwh", float("nan")),
        design_kw_new=max(design_kw - kept_kw, 0.0) if math.isfinite(design_kw - kept_kw) else math.nan,
        # unknown with the servers' power (it read 1 rack); the switches' own racks are rented too
        racks=power.number("power.racks") + power.number("power.network_racks", 0.0),
        electricity_per_kwh=r.electricity.value, currency=c.currency, cny_per_usd=c.cny_per_usd,
        server_price=c.gpu_price_override * r.server.gpus * (1.0 + SERVER_PLATFORM_OVERHEAD.value)
        if c.gpu_price_override else 0.0,
        accelerator_price_usd=r.accelerator.price_usd,
        accelerator_price_source=f"catalog accelerators/{r.accelerator.id}.price_usd: "
                                 f"{r.accelerator.provenance.source_of('price_usd')}",
        network_capex=_network_capex(fabric, carried if carried_servers else None),
        fitout_per_kw=c.fitout_per_kw, colo_per_rack_month=c.colo_per_rack_month,
        maintenance_pct_per_year=c.maintenance_pct_per_year, depreciation_years=c.depreciation_years,
        installation_per_server=c.installation_per_server,
    ))
    fs.merge(tco)
    return fs, power_checks(power)


def _storage_rent(storage: FigureSet, r: ResolvedPhase, owned: int) -> float:
    """Storage rent per month (the plan's currency) every mode pays: none for local drives (part of the server) or for appliances
    an owned site buys (a capex line of their own in the ledger, ``storage.appliances``)."""
    if r.storage.kind == "local-nvme" or (owned and not r.storage.cloud_provider and r.storage.kind in APPLIANCE_KINDS):
        return 0.0
    return storage.number("storage.monthly_cost", float("nan"))


def network_added(fabric: FigureSet | None, carried: CarriedHardware | None) -> tuple[float, float]:
    """Switches and optics this phase adds to what the previous phase owned (same switch model); optics stay unknown
    (NaN) where the fabric has them unknown (a switch whose catalog row gives no ports per cage), never 0."""
    if fabric is None:
        return 0.0, 0.0
    switches, optics = fabric.number("net.switches", 0.0), fabric.number("net.optics", 0.0)
    if math.isfinite(fabric.number("net.nic_transceivers")) and not math.isfinite(fabric.number("net.switch_transceivers")):
        optics = float("nan")  # the NICs' modules are known, the switches' are not: the count is unknown
    if carried is not None and carried.switch_id and carried.switch_id == str(fabric.value_at("net.switch_id")):
        return max(switches - carried.switches, 0.0), max(optics - carried.optics, 0.0)  # max(nan, 0.0) stays nan
    return switches, optics


def _network_capex(fabric: FigureSet | None, carried: CarriedHardware | None) -> float:
    """Priced added switches and optics in the plan's currency (unpriced parts are ledger lines of their own, not zero here)."""
    if fabric is None:
        return 0.0
    switches, optics = network_added(fabric, carried)
    total = 0.0
    for count, key in ((switches, "net.switch_price"), (optics, "net.optic_price")):
        price = fabric.number(key)
        if count > 0 and math.isfinite(price):
            total += count * price
    return total


def agent_cpu_keys(phase: Phase) -> list[str]:
    """The ``agent.cpu_cost_per_month`` key of every agent workload of the phase (``w2.`` … for later ones)."""
    return [("" if i == 0 else f"w{i + 1}.") + "agent.cpu_cost_per_month"
            for i, w in enumerate(phase.workloads) if w.kind == "agent_hosting"]


def agent_cpu_monthly(primary: WorkloadResult, phase: Phase, workloads: FigureSet | None) -> float:
    """Priced CPU VMs of the phase's agent workloads per month (an unknown price is the ledger's unpriced line)."""
    if workloads is None:
        return 0.0
    return float(sum(workloads.number(key, 0.0) for key in agent_cpu_keys(phase)))


def phase_infrastructure(phase: Phase, r: ResolvedPhase, primary: WorkloadResult, config: SizedConfiguration,
                         carried: CarriedHardware | None = None,
                         fs_workloads: FigureSet | None = None, ledger_only: bool = False) -> InfraResult:
    """``fs_workloads``: the phase's workload figures (agent CPU VMs are a running cost of every delivery mode).
    ``ledger_only``: the figures the cost ledger reads (core/ledger_build.py), by the same models, and no checks: the
    price of a searched configuration (results/pipeline.phase_ledger). Left out: the host (no ledger line reads it),
    the delivery comparison of an owned phase (its ledger reads no ``delivery.*``) and, of a rented phase, what
    owning it would cost (``alt.*``) and its network (its ledger reads the chosen offer's ``delivery.*`` figures,
    which read nothing of owning, and no ``net.*``); a hybrid phase keeps them all (its burst line reads them).
    tests/plan/test_search_pricing_path.py compares such ledgers with whole ones on rows of every sample."""
    fs = FigureSet()
    checks: list[Check] = []
    nodes = config.nodes
    gpn = config.gpus_per_node
    used = min(gpn, max(config.gpus, 1))  # GPUs the busiest server runs: fewer than it holds in a small phase
    storage = storage_figures(StorageInputs(
        option=r.storage, nodes=nodes, gpus_per_node=gpn, gpus=config.gpus if config.gpus != gpn * nodes else 0,
        throughput_per_gpu=primary.throughput_per_gpu,
        dataset_bytes=phase.storage.dataset_tb * 1e12,
        params=primary.trainable_params if primary.trains else 0.0,
        checkpoint_interval_s=phase.storage.checkpoint_interval_hours * 3600.0, data_kind=primary.data_kind,
        bytes_per_unit=phase.storage.sample_bytes, growth_per_year=phase.storage.growth_pct_per_year / 100.0,
        horizon_years=phase.costs.horizon_years, team_size=phase.storage.team_size,
        rent_years=horizon_months(phase.delivery.mode, max(phase.duration_months, 1), phase.costs.horizon_years) / 12.0,
        concurrent_jobs=phase.storage.concurrent_jobs, local_nvme_bytes_per_node=r.server.local_nvme_tb * 1e12,
        currency=phase.costs.currency, cny_per_usd=phase.costs.cny_per_usd,
    ))
    fs.merge(storage)
    if not ledger_only:
        checks += storage_checks(storage)

    kind = phase.workloads[0].kind if phase.workloads else ""
    serves = not primary.trains and kind in SERVING_KINDS
    if not ledger_only:  # no ledger line reads the host
        held, held_source = _served_bytes_per_gpu(primary)
        host = host_figures(HostInputs(
            # a rented instance's own vCPUs and RAM (the offer's), not the owned server's
            server=r.timed()[0], throughput_per_gpu=primary.throughput_per_gpu, data_kind=primary.data_kind,
            batch_units_per_gpu=primary.loader_batch_units, image_size_px=primary.image_size_px,
            checkpoint_staging_bytes_per_node=storage.number("storage.checkpoint_size", 0.0) / nodes
            if primary.trains else 0.0,
            offload_bytes_per_node=primary.figures.number("mem.host_offload", 0.0) * used,
            gpu_pcie_gen=r.accelerator.pcie_gen, cpu_cores_override=phase.hardware.cpu_cores_per_node,
            ram_gb_override=phase.hardware.host_ram_gb, serves=serves,
            weights_bytes_per_gpu=held if serves else 0.0, weights_source=held_source,
            kv_swap=kind in KV_SWAP_KINDS, gpus_used=float(used),
            gpus_used_source=GPUS_USED_SOURCE.format(gpus=config.gpus, per=gpn),
            rented_instance=r.instance is not None,
        ))
        fs.merge(host)
        checks += host_checks(host)

    owned = config.servers_owned
    compared = not ledger_only or phase.delivery.mode == "hybrid"  # the modes compared (a hybrid ledger reads it)
    # the network: what owned servers pay and draw, and what owning a rented phase would (no rented line reads it)
    # (a rented instance's phase: owning it takes the plan's own servers, not one per instance)
    fabric = _fabric(phase, r, primary, config.servers if r.instance is not None else nodes) \
        if owned or compared else None
    if fabric is not None:
        fabric.input("net.switch_id", r.switch.id if r.switch else "", "", "switch model", "resolved switch")
    if fabric is not None and r.instance is None:
        # a rented phase's network is the provider's, paid in the rental price: no network cost or power of its own
        # (they showed as unknown, unexplained, where the catalog prices no switch); owning it is alt.*'s question
        fs.merge(fabric if config.servers_owned else fabric.without("net.cost", "net.power_kw"))
        if not ledger_only:
            checks += fabric_checks(fabric, owned=config.servers_owned > 0)
    elif r.instance is not None and not ledger_only:  # its instances reach each other over the offer's network
        checks += instance_network_checks(r.instance, config.instances or 0)

    if owned:
        figures, power_check = _owned(phase, r, primary, owned, config.servers_carried, fabric, carried)
        fs.merge(figures)
        checks += power_check
    if phase.delivery.mode != "private" and compared:  # what owning the peak month's servers would cost
        alt, _ = _owned(phase, r, primary, peak_servers(config, phase), 0, fabric, None)
        fs.merge(alt, prefix=ALTERNATIVE)

    c = phase.costs
    licensed = float(config.installed_gpus if owned else config.gpus)
    licensed_source = ("plan.installed_gpus (the phase's sized configuration)" if owned
                       else "plan.gpus (the phase's sized configuration)")
    licence = licence_terms(phase, licensed, licensed_source)
    running = running_cost_figures(RunningCostInputs(
        gpus=licensed, gpus_source=licensed_source, software_per_gpu_year=c.software_per_gpu_year,
        staff_fte=c.staff_fte, staff_cost_per_year=c.staff_cost_per_year,
        storage_monthly=_storage_rent(storage, r, owned),
        cpu_vms_per_month=agent_cpu_monthly(primary, phase, fs_workloads),
        currency=c.currency, cny_per_usd=c.cny_per_usd,
        licence=c.licence if licence is not None else "none",
        licence_units=licence.units if licence else 0.0, licence_units_source=licence.units_source if licence else "",
        licence_price=licence.price if licence else float("nan"),
        licence_price_source=licence.price_source if licence else "", services_once=c.services_once,
    ))
    fs.merge(running)

    if ledger_only and phase.delivery.mode == "private":  # an owned phase's ledger reads no delivery.* figure
        return InfraResult(fs, checks)
    private = "" if phase.delivery.mode == "private" else ALTERNATIVE
    capex = fs.number(f"{private}tco.owned_capex", float("nan"))
    opex_year = fs.number(f"{private}tco.owned_opex_per_year", float("nan"))
    u = phase.delivery.utilisation
    hybrid_capex = hybrid_opex = None
    # the hybrid column owns whole servers as a hybrid plan would (phase_sizing.hybrid_owned_servers) of the servers
    # the private column buys: it read 0.6 × 2 = 1.2 GPUs owned for the recommendation sample's 2 GPUs
    if phase.delivery.mode == "hybrid":
        hybrid_gpus = float(min(owned * gpn, config.gpus))
    else:  # of the servers the private column buys, each of its installed GPUs (phase_sizing.peak_servers)
        bought = config.servers if phase.delivery.mode == "private" else peak_servers(config, phase)
        per_server = config.gpus_per_server if config.rack_scale else config.gpus_installed_per_server
        hybrid_gpus = float(min(hybrid_owned_servers(phase, bought) * per_server, config.gpus))
    if owned and phase.delivery.mode == "hybrid":
        hybrid_capex = fs.number("tco.owned_capex", float("nan"))
        hybrid_opex = fs.number("tco.owned_opex_per_year", float("nan")) / 12.0
        if not (math.isfinite(hybrid_capex) and math.isfinite(hybrid_opex)):
            hybrid_capex = hybrid_opex = None
    delivery = delivery_figures(DeliveryInputs(
        gpus=float(config.baseline_gpus or config.gpus), months=max(phase.duration_months, 1), offer=r.offer, rental_offer=r.rental_offer,
        bare_metal_offer=r.bare_metal_offer, private_capex=capex if math.isfinite(capex) else None,
        private_opex_per_month=opex_year / 12.0 if math.isfinite(opex_year) else None,
        hours_per_day=u.hours_per_day, days_per_month=u.days_per_month, peak_months=tuple(u.peak_months),
        peak_multiplier=u.peak_multiplier, start_month=phase.start_month % 12 + 1,
        hybrid_owned_share=phase.delivery.hybrid_owned_share, hybrid_owned_gpus=hybrid_gpus,
        hybrid_capex=hybrid_capex, hybrid_opex_per_month=hybrid_opex,
        running_per_month=running.number("run.known_per_month", 0.0),
        once_every_mode=running.number("run.services_once", 0.0),
        data_sensitivity=phase.delivery.data_sensitivity, chosen_mode=priced_as(phase.delivery.mode),
        currency=c.currency, cny_per_usd=c.cny_per_usd,
    ))
    fs.merge(delivery)
    if not ledger_only:
        checks += delivery_checks(delivery)
    return InfraResult(fs, checks)


def cumulative_series(fs: FigureSet) -> dict[str, np.ndarray]:
    modes = str(fs.value_at("delivery.modes")) if "delivery.modes" in fs else ""
    return {m: np.asarray(fs[f"delivery.cumulative.{m}"], dtype=float) for m in modes.split(",") if m}
