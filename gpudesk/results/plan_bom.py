"""Bill of materials for a phase: quantity, item, unit price, source and date.

Owned modes list servers, fabric and storage; cloud modes list instance
hours. Catalog prices (USD) are converted to the plan currency; a missing
price stays None and is shown as "price not in catalog", never as zero.
"""

from __future__ import annotations

import math

from gpudesk.catalog import records as rec
from gpudesk.catalog.store import Catalog
from gpudesk.core.delivery import convert
from gpudesk.core.explain import FigureSet
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.results.plan_result import BomLine
from gpudesk.project.model import Phase

OWNED_MODES = ("private", "hybrid", "bare_metal")


def _cite(catalog: Catalog, prov: rec.Provenance, field: str = "price_usd") -> str:
    cid = prov.source_of(field)
    try:
        return catalog.citation(cid).title
    except Exception:  # noqa: BLE001 - a citation id the catalog lacks is shown as the id
        return cid or "catalog"


def bill_of_materials(phase: Phase, r: ResolvedPhase, figures: FigureSet, catalog: Catalog) -> list[BomLine]:
    cur, rate = phase.costs.currency, phase.costs.cny_per_usd

    def money(usd: float | None) -> float | None:
        return None if usd is None or not math.isfinite(usd) else float(convert(usd, "USD", cur, rate))

    lines: list[BomLine] = []
    servers = figures.number("plan.servers")
    mode = phase.delivery.mode
    if mode in OWNED_MODES or mode == "private":
        price = figures.number("tco.server_price")
        how = figures.explain("tco.server_price") if "tco.server_price" in figures else None
        source = (how.source or how.formula) if how is not None else _cite(catalog, r.server.provenance)
        lines.append(BomLine("compute", r.server.name, servers, "system", price if math.isfinite(price) else None,
                             cur, source, r.server.provenance.date))
        switches = figures.number("net.switches")
        if r.switch is not None and math.isfinite(switches) and switches > 0:
            lines.append(BomLine("network", r.switch.name, switches, "switch", money(r.switch.price_usd), cur,
                                 _cite(catalog, r.switch.provenance), r.switch.provenance.date))
        optics = figures.number("net.optics")
        if r.nic is not None and math.isfinite(optics) and optics > 0:
            lines.append(BomLine("network", f"{r.nic.name} optics", optics, "transceiver",
                                 money(r.nic.optic_price_usd), cur, _cite(catalog, r.nic.provenance, "optic_price_usd"),
                                 r.nic.provenance.date))
        fitout = figures.number("tco.fitout_capex")
        if math.isfinite(fitout) and fitout > 0:
            lines.append(BomLine("facility", "Facility fit-out", figures.number("power.it_max_kw"), "kW",
                                 phase.costs.fitout_per_kw, cur, "user input", ""))
    if mode not in ("private", "bare_metal") and r.offer is not None:
        hours = figures.number("delivery.hours_used_per_month")
        instances = math.ceil(figures.number("plan.gpus") / max(r.offer.gpus, 1))
        price = r.offer.on_demand_per_hour
        if mode == "cloud_reserved_1y" and r.offer.reserved_1y_per_hour:
            price = r.offer.reserved_1y_per_hour
        elif mode == "cloud_reserved_3y" and r.offer.reserved_3y_per_hour:
            price = r.offer.reserved_3y_per_hour
        elif mode == "cloud_spot" and r.offer.spot_per_hour:
            price = r.offer.spot_per_hour
        unit_price = None if price is None else float(convert(price, r.offer.currency, cur, rate))
        quantity = instances * (hours if math.isfinite(hours) else 730.0) * phase.duration_months
        lines.append(BomLine("cloud", f"{r.offer.provider} {r.offer.instance} ({r.offer.region})", quantity,
                             "instance-hour", unit_price, cur, _cite(catalog, r.offer.provenance, "on_demand_per_hour"),
                             r.offer.provenance.date))
    capacity_tb = figures.number("storage.capacity_needed") / 1e12
    if math.isfinite(capacity_tb) and capacity_tb > 0:
        lines.append(BomLine("storage", r.storage.name, capacity_tb * phase.duration_months, "TB-month",
                             money(r.storage.price_usd_per_tb_month), cur,
                             _cite(catalog, r.storage.provenance, "price_usd_per_tb_month"), r.storage.provenance.date))
    staff = phase.costs.staff_fte
    if staff > 0:
        lines.append(BomLine("services", "Operations staff (images, drivers, scheduling, monitoring, backup)",
                             staff * phase.duration_months / 12.0, "FTE-year", phase.costs.staff_cost_per_year, cur,
                             "user input", ""))
    return lines
