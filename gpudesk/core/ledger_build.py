"""Build a phase's cost ledger from the figures the cost models computed (one line per thing paid for).

Every amount is a figure the core already computed (``tco.*``, ``run.*``, ``delivery.*``, ``net.*``),
so the ledger's totals equal the delivery comparison's cost of the chosen mode. A price the catalog
lacks makes an unpriced line, never a zero.
"""

from __future__ import annotations

import math

import numpy as np

from gpudesk.catalog import records as rec
from gpudesk.core.cost_ledger import CostLedger, LedgerLine
from gpudesk.core.explain import FigureSet
from gpudesk.core.ledger_quote import (
    APPLIANCE_KINDS,
    installation_line,
    licence_line,
    licensed_basis,
    services_line,
    vat_lines,
)
from gpudesk.core.phase_sizing import CarriedHardware
from gpudesk.core.plan_infra import agent_cpu_keys, network_added
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.core.sized_configuration import SizedConfiguration
from gpudesk.project.model import Phase
from gpudesk.vocabulary.delivery import billed_months, priced_as

CLOUD_MODES = ("cloud_on_demand", "cloud_spot")
RESERVED_MODES = ("cloud_reserved_1y", "cloud_reserved_3y")
TERM_MODES = ("gpu_rental", "bare_metal")


def _optics_rule(fs: FigureSet, nic: str, switch: rec.Switch | None) -> tuple[str, tuple[tuple[str, object], ...]]:
    """The transceiver line's detail and its params: one per NIC port, and in the switches one per module's ports in
    use, rounded up per switch (core/fabric._transceivers); unknown where the catalog gives no ports per cage."""
    name = switch.name if switch is not None else ""
    per_module = fs.number("net.links_per_switch_transceiver")
    if not math.isfinite(per_module):
        return (f"one per NIC port; in the switches unknown: the catalog does not give the {name}'s ports per cage",
                (("nic", nic), ("switch", name), ("variant", "cages_unknown")))
    if per_module == 1:  # one port per cage: a module at each end of every cable
        return "one per cable end", (("nic", nic), ("switch", name))
    return (f"one per NIC port; in the switches one per {per_module:g} ports in use, rounded up per switch "
            f"(the {name}'s cages)",
            (("nic", nic), ("switch", name), ("per_module", per_module), ("variant", "shared_cages")))


def _price(value: float) -> float | None:
    return value if math.isfinite(value) else None


def _status(price: float | None, user: bool = False, estimated: bool = False) -> str:
    if price is None:
        return "unpriced"
    return "user_quote" if user else "estimated" if estimated else "priced"


class _Lines:
    """Collects lines with the phase's currency and duration."""

    def __init__(self, phase: Phase) -> None:
        self.phase = phase
        self.currency = phase.costs.currency
        self.months = max(phase.duration_months, 1)
        self.lines: list[LedgerLine] = []

    def add(self, key: str, category: str, nature: str, item: str, detail: str, quantity: float, unit: str,
            unit_price: float | None, period: str, status: str, source: str = "", date: str = "",
            figure_key: str = "", profile: tuple[float, ...] = (),
            params: tuple[tuple[str, object], ...] = (), months: int = 0) -> None:
        """One line; it runs the phase's months, or ``months`` (a reservation's whole terms) or its profile's
        length (tax following a reservation's term) when longer."""
        if quantity <= 0 and status != "carried":
            return
        self.lines.append(LedgerLine(
            key=key, category=category, nature=nature, item=item, detail=detail, quantity=float(quantity), unit=unit,
            unit_price=unit_price, currency=self.currency, period=period,
            months=max(self.months, months, len(profile)), status=status,
            source=source, date=date, figure_key=figure_key, profile=profile, params=params,
        ))


def _estimate_source(fs: FigureSet) -> str:
    """A server priced from its GPUs (the catalog has no price for it): the rule and the GPU price's own source, so
    the bill of materials cites it (its '估算' had no reference) and dates it by the GPU price."""
    return (f"estimated from the GPU price: {fs.formula('tco.server_price')} "
            f"(platform overhead {fs.number('tco.platform_overhead'):g}, {fs.source('tco.platform_overhead')}); "
            f"GPU price {fs.source('tco.gpu_price')}")


def _owned_lines(out: _Lines, fs: FigureSet, r: ResolvedPhase, config: SizedConfiguration,
                 carried: CarriedHardware | None) -> None:
    phase, s = out.phase, r.server
    detail = f"{config.gpus_installed_per_server} × {r.accelerator.name} per server"
    if config.partly_populated:
        detail += f" (partly populated: {config.gpus_installed_per_server} of {config.gpus_per_server} GPU slots)"
    server_params: tuple[tuple[str, object], ...] = (("gpus", config.gpus_installed_per_server), ("accelerator", r.accelerator.name),
                     ("slots", config.gpus_per_server), ("partly", config.partly_populated),
                     ("server_vendor", config.server_vendor), ("server_id", config.server_id),
                     ("accelerator_id", r.accelerator.id))
    price = _price(fs.number("tco.server_price"))
    estimated = "tco.gpu_price" in fs
    if estimated:  # the rule's factor, for the bill of materials to state it ('估算：8 × GPU 单价 × 1.35')
        server_params += (("platform_factor", 1.0 + fs.number("tco.platform_overhead")),)
    out.add("servers", "hardware", "capex", config.server_name, detail, config.servers_new, "server", price, "once",
            _status(price, user=bool(phase.costs.gpu_price_override), estimated=estimated),
            _estimate_source(fs) if estimated else fs.source("tco.server_price"),
            r.accelerator.provenance.date if estimated else s.provenance.date, "tco.server_capex", params=server_params)
    if config.servers_carried:
        out.add("servers.carried", "hardware", "capex", config.server_name, detail + "; bought in the previous phase",
                config.servers_carried, "server", None, "once", "carried", "", "", "plan.servers_carried",
                params=server_params)
    fabric = fs if "net.switches" in fs else None
    switches, optics = network_added(fabric, carried if config.servers_carried else None)
    if r.switch is not None:
        sw = _price(fs.number("net.switch_price"))
        out.add("switches", "network", "capex", r.switch.name, f"{r.switch.ports} × {r.switch.port_gbps:g} Gb/s ports",
                switches, "switch", sw, "once", _status(sw), fs.source("net.switch_price") if fabric else "",
                r.switch.provenance.date, "net.switches",
                params=(("ports", r.switch.ports), ("gbps", r.switch.port_gbps)))
    if r.nic is not None:
        op = _price(fs.number("net.optic_price"))
        rule, params = _optics_rule(fs, r.nic.name, r.switch)
        out.add("optics", "network", "capex", f"{r.nic.name} transceivers", rule, optics, "transceiver", op, "once",
                _status(op), fs.source("net.optic_price") if fabric else "", r.nic.provenance.date, "net.optics",
                params=params)
    installation_line(out.add, fs, config.servers_new)
    fit_rate = phase.costs.fitout_per_kw
    # a quantity the power model cannot give (the catalog has no power for the servers) leaves its line unpriced, one
    # lot or one month of it, never priced on 0 kW or 1 rack, nor left out of the totals unsaid (the energy line was)
    kw, racks, kwh = (fs.number(k) for k in ("tco.design_kw_new", "tco.racks", "tco.annual_kwh"))
    if fit_rate > 0:
        known = math.isfinite(kw)
        out.add("fitout", "facility", "capex", "Facility fit-out", "power, cooling and racks for the added IT load",
                kw if known else 1.0, "kW" if known else "lot", fit_rate if known else None, "once",
                "user_quote" if known else "unpriced", "user input", "", "tco.fitout_capex")
    elec = _price(fs.number("tco.electricity_price"))
    known = math.isfinite(kwh)
    out.add("energy", "energy", "opex", "Electricity", "IT load at the usage profile, idle draw included, × PUE",
            kwh / 12.0 if known else 1.0, "kWh" if known else "month", elec if known else None, "month",
            _status(elec if known else None), r.electricity.source, "", "tco.energy_per_year")
    colo = phase.costs.colo_per_rack_month
    if colo > 0:
        known = math.isfinite(racks)
        out.add("colocation", "colocation", "opex", "Colocation", "rack space, power feeds and cooling",
                racks if known else 1.0, "rack-month" if known else "month", colo if known else None, "month",
                "user_quote" if known else "unpriced", "user input", "", "tco.colo_per_year")
    maint = fs.number("tco.maintenance_per_year")
    pct = phase.costs.maintenance_pct_per_year
    if pct > 0:
        out.add("maintenance", "support", "opex", "Hardware maintenance and support",
                f"{pct:g}% of the hardware value per year", 1.0, "month", _price(maint / 12.0), "month",
                "user_quote" if _price(maint) is not None else "unpriced",  # the plan's own percentage, not a catalog price
                "user input (maintenance % of hardware value)", "", "tco.maintenance_per_year",
                params=(("pct", pct),))


def _rented_lines(out: _Lines, fs: FigureSet, r: ResolvedPhase) -> None:
    """Instances of the chosen offer, hour by hour (on demand, spot) or by the committed term."""
    mode = priced_as(out.phase.delivery.mode)
    offer = r.rented_offer(mode)
    key = {"gpu_rental": "gpu_rental", "bare_metal": "bare_metal"}.get(mode, "cloud")
    name = (f"{offer.provider} {offer.instance}" + (f" ({offer.region})" if offer.region else "")) if offer else ""
    if offer is None or f"delivery.price.{mode}" not in fs:
        if mode != "hybrid":
            out.add("cloud.instances", "cloud", "opex", name or "Cloud GPU capacity",
                    "no offer with this price in the catalog for the accelerator", fs.number("delivery.gpus", 0.0),
                    "GPU-month", None, "month", "unpriced", "", "", "delivery.gpus",
                    params=(("offer_id", offer.id),) if offer else ())
        return
    per = max(offer.gpus, 1)
    instances = fs.number(f"delivery.billed_gpus.{key}", 0.0) / per
    mult = np.asarray(fs["delivery.demand_multiplier"], dtype=float)
    used = fs.number("delivery.hours_used_per_month", 0.0)
    billed = fs.number("delivery.hours_per_month", 730.0)
    price = fs.number(f"delivery.price.{mode}") * per
    od = fs.number("delivery.price.cloud_on_demand") * per
    source, date = fs.source(f"delivery.price.{mode}"), offer.provenance.date
    detail = f"{instances:,.0f} × {offer.instance} ({per}-GPU instances)"
    category = "rental" if mode in TERM_MODES else "cloud"
    terms: tuple[tuple[str, object], ...] = (("instances", instances), ("instance", offer.instance), ("per", per),
                                             ("provider", offer.provider), ("region", offer.region), ("offer_id", offer.id))
    if mode in CLOUD_MODES:
        out.add("cloud.instances", category, "opex", name, detail + f", {used:,.0f} h a month", instances * used,
                "instance-hour", price, "month", "priced", source, date, f"delivery.monthly.{mode}", tuple(mult),
                terms + (("hours", used),))
    elif mode in RESERVED_MODES:
        term = billed_months(mode, out.months)  # whole terms, however short the phase: what the provider bills
        billing = f", reserved every hour, billed {term} months (whole reservation terms; the phase uses {out.months})"
        out.add("cloud.reserved", category, "opex", name, detail + billing, instances * billed, "instance-hour", price, "month", "priced", source, date, f"delivery.monthly.{mode}", (),
                terms + (("hours", billed), ("term_months", term), ("phase_months", out.months)), months=term)
        extra = tuple(np.maximum(mult - 1.0, 0.0))
        if any(extra):
            out.add("cloud.burst", category, "opex", name, "on-demand capacity above the reservation in peak months",
                    instances * used, "instance-hour", od, "month", "priced",
                    fs.source("delivery.price.cloud_on_demand"), date, f"delivery.monthly.{mode}", extra,
                    terms + (("hours", used), ("burst", "reserved")))
    elif mode in TERM_MODES:
        out.add(f"{mode}.instances", category, "opex", name, detail + ", billed every hour of the month",
                instances * billed, "instance-hour", price, "month", "priced", source, date,
                f"delivery.monthly.{mode}", tuple(mult), terms + (("hours", billed),))


def _hybrid_burst(out: _Lines, fs: FigureSet, r: ResolvedPhase) -> None:
    if "delivery.hybrid_burst_gpus" not in fs or r.offer is None:
        return
    gpus = np.asarray(fs["delivery.hybrid_burst_gpus"], dtype=float)
    peak = float(gpus.max()) if gpus.size else 0.0
    per = max(r.offer.gpus, 1)
    used = fs.number("delivery.hours_used_per_month", 0.0)
    od = fs.number("delivery.price.cloud_on_demand") * per
    out.add("cloud.burst", "cloud", "opex", f"{r.offer.provider} {r.offer.instance}",
            "on-demand bursts above the owned baseline", peak / per * used, "instance-hour", od, "month", "priced",
            fs.source("delivery.price.cloud_on_demand"), r.offer.provenance.date,
            "delivery.hybrid_burst_monthly", tuple(gpus / peak) if peak > 0 else (),
            (("instances", peak / per), ("instance", r.offer.instance), ("per", per), ("hours", used),
             ("burst", "hybrid"), ("offer_id", r.offer.id)))


def _agent_lines(out: _Lines, fs: FigureSet, r: ResolvedPhase) -> None:
    """CPU virtual machines the agents run on (the model they call is the GPU part)."""
    offer = r.cpu_offer
    for key in agent_cpu_keys(out.phase):
        prefix = key[: -len("agent.cpu_cost_per_month")]
        if key not in fs:  # the workload was not sized (its blocker says why): no VMs to price
            continue
        vcpus = fs.number(prefix + "agent.vcpus", 0.0)
        price = _price(fs.number(prefix + "agent.cpu_price_per_vcpu_hour"))
        hours = fs.number(prefix + "agent.hours_per_month", 730.0)
        item = f"{offer.provider} {offer.instance} (CPU)" if offer is not None else "CPU virtual machines"
        out.add(f"{prefix}agents.cpu_vms", "cloud", "opex", item, "always-on virtual machines for the agents",
                vcpus * hours, "vCPU-hour", price, "month", _status(price),
                fs.source(prefix + "agent.cpu_price_per_vcpu_hour"), offer.provenance.date if offer else "",
                key, params=(("offer_id", offer.id),) if offer else ())


def _running_lines(out: _Lines, fs: FigureSet, r: ResolvedPhase, owned: bool,
                   carried: CarriedHardware | None) -> None:
    _agent_lines(out, fs, r)
    c = out.phase.costs
    if c.software_per_gpu_year > 0:
        gpus = fs.number("run.gpus", 0.0)
        out.add("software", "software", "opex", "Software licences",
                f"per GPU per year, on the {gpus:,.0f} GPUs {licensed_basis(owned)}", gpus,
                "GPU-month", c.software_per_gpu_year / 12.0, "month", "user_quote", "user input", "",
                "run.software_per_year", params=(("basis", licensed_basis(owned)), ("gpus", gpus)))
    if c.staff_fte > 0:
        out.add("staff", "staff", "opex", "Operations staff", "images, drivers, scheduling, monitoring, backup",
                c.staff_fte, "FTE-month", c.staff_cost_per_year / 12.0, "month", "user_quote", "user input", "",
                "run.staff_per_year")
    licence_line(out.add, fs, c.licence, owned)
    capacity_tb = fs.number("storage.capacity_needed", 0.0) / 1e12
    if r.storage.kind == "local-nvme":
        return  # the servers' own drives: part of the server line
    if owned and not r.storage.cloud_provider and r.storage.kind in APPLIANCE_KINDS:
        _appliance_line(out, fs, r, capacity_tb, carried)
        return
    per_tb = _price(fs.number("storage.price_per_tb_month"))
    rented_tb = fs.number("storage.capacity_rented", 0.0) / 1e12  # the mean while rented (core/storage.py)
    out.add("storage", "storage", "opex", r.storage.name, "mean capacity while rented", rented_tb,
            "TB-month", per_tb, "month", _status(per_tb), fs.source("storage.price_per_tb_month")
            if "storage.price_per_tb_month" in fs else "", r.storage.provenance.date, "run.storage_per_year",
            params=(("tb", rented_tb),))


def _appliance_line(out: _Lines, fs: FigureSet, r: ResolvedPhase, capacity_tb: float,
                    carried: CarriedHardware | None) -> None:
    """Storage appliances bought for the site (no cloud provider): counted by the read bandwidth the GPUs need,
    priced per appliance by a quote (the catalog prices such products per TB-month only when rented). Appliances
    the previous phase bought are carried, never bought twice."""
    need = fs.number("storage.read_bw_needed")
    each = r.storage.aggregate_read_gbs_max or r.storage.read_gbs_per_node or 0.0
    count = max(1, math.ceil(need / each)) if math.isfinite(need) and each > 0 else 1
    kept = carried.storage_appliances if carried is not None and carried.storage_id == r.storage.id else 0.0
    detail = (f"{capacity_tb:,.0f} TB usable and {need:,.1f} GB/s read needed; {each:g} GB/s per appliance"
              if math.isfinite(need) else f"{capacity_tb:,.0f} TB usable needed")
    params = (("tb", capacity_tb), ("need_gbs", need if math.isfinite(need) else -1.0), ("each_gbs", each),
              ("storage_id", r.storage.id))
    out.add("storage.appliances", "storage", "capex", r.storage.name, detail, max(count - kept, 0.0), "appliance",
            None, "once", "unpriced", "", r.storage.provenance.date, "storage.capacity_needed", params=params)
    if not kept:
        return
    held = carried.storage_tb if carried is not None else math.nan  # usable TB the carried appliances hold
    known = math.isfinite(held) and held > 0
    out.add("storage.appliances.carried", "storage", "capex", r.storage.name,
            (f"{held:,.0f} TB usable" if known else detail) + "; bought earlier", min(kept, count), "appliance", None,
            "once", "carried", "", "", "storage.capacity_needed",
            params=(("tb", held), *params[1:]) if known else params)
    if known and capacity_tb > held:  # more usable capacity than was bought: an expansion, priced by a quote
        extra = float(math.ceil(capacity_tb - held))
        out.add("storage.appliances.expansion", "storage", "capex", r.storage.name,
                f"{extra:,.0f} TB usable beyond the {held:,.0f} TB bought earlier ({capacity_tb:,.0f} TB needed)",
                extra, "TB", None, "once", "unpriced", "", r.storage.provenance.date,
                "storage.capacity_needed",
                params=(("tb", capacity_tb), ("held_tb", held), ("extra_tb", extra),
                        ("storage_id", r.storage.id)))


def build_ledger(phase: Phase, r: ResolvedPhase, fs: FigureSet, config: SizedConfiguration,
                 carried: CarriedHardware | None = None) -> CostLedger:
    out = _Lines(phase)
    if config.servers_owned:
        _owned_lines(out, fs, r, config, carried)
        if phase.delivery.mode == "hybrid":
            _hybrid_burst(out, fs, r)
    else:
        _rented_lines(out, fs, r)
    services_line(out.add, fs, bool(config.servers_owned))
    _running_lines(out, fs, r, bool(config.servers_owned), carried)
    vat_lines(out.add, out.lines, max(line.months for line in out.lines) if out.lines else out.months, phase,
              bool(config.servers_owned))
    return CostLedger(currency=out.currency, months=out.months, delivery_mode=phase.delivery.mode,
                      lines=tuple(out.lines))

