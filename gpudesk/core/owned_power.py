"""The power model's inputs for servers a phase owns, and what one such server's energy costs an hour.

One builder (``owned_power_inputs``) feeds the phase's power figures (core/plan_infra.py, the cost ledger's
energy line) and the configuration search's price of an owned GPU-hour (core/search_catalog.py): both read the
energy of ``power.annual_energy_cost`` (the server's draw at the workload's load, idle draw outside the usage
profile's hours, PUE, tariff), never a formula of their own. The search prices each point at its own step's draw
(``energy_per_server_hour_at``, vectorised over points), so a point's energy is the ledger's for the plan pinning it.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from gpudesk.catalog import records as rec
from gpudesk.core.constants import HOURS_PER_MONTH, HOURS_PER_YEAR
from gpudesk.core.explain import FigureSet
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.core.plan_workload import WorkloadResult
from gpudesk.core.power import PowerInputs, power_figures
from gpudesk.project.model import Phase


@dataclass(frozen=True)
class WorkloadDraw:
    """What sets a server's draw under the phase's workload (core/power.py PowerInputs): the load factor, or the
    step's compute share, and for LLM serving the memory-bound and traffic shares; the plan's sized workload's."""

    load_factor: float
    compute_share: float | None = None
    memory_share: float = 0.0
    traffic_share: float = 1.0
    serving: bool = False


def workload_draw(primary: WorkloadResult, figures: FigureSet) -> WorkloadDraw:
    """The phase's sized workload's draw, as its power figures read it. A serving phase's load factor is its yearly
    server draw as a share of the server's maximum (power.server_kw / server_max_kw, or the owning alternative's
    alt.power.*): the share the search's ranking reason quotes (the energy is the power model's at the serving
    shares), the draw its power figures show."""
    load = primary.load_factor
    for prefix in ("power.", "alt.power.") if primary.serves else ():
        kw, top = figures.number(prefix + "server_kw", float("nan")), figures.number(prefix + "server_max_kw", 0.0)
        if math.isfinite(kw) and math.isfinite(top) and top > 0:
            load = min(max(kw / top, 0.0), 1.0)
            break
    return WorkloadDraw(load, primary.compute_share, primary.memory_share, primary.traffic_share, primary.serves)


def busy_fraction(phase: Phase) -> float:
    """Share of the year the servers work, from the usage profile (hours a day, days a month, peaks)."""
    u = phase.delivery.utilisation
    return _busy_fraction(max(phase.duration_months, 1), phase.start_month, tuple(u.peak_months), u.peak_multiplier,
                          u.hours_per_day, u.days_per_month, HOURS_PER_MONTH.value)


@functools.lru_cache(maxsize=64)
def _busy_fraction(months: int, start_month: int, peak_months: tuple[int, ...], peak_multiplier: float,
                   hours_per_day: float, days_per_month: float, hours_per_month: float) -> float:
    """:func:`busy_fraction` of these inputs, kept per distinct inputs (an edit prices it three times, ~0.1 ms each:
    ``np.isin``)."""
    calendar = (start_month % 12 + np.arange(months)) % 12 + 1
    mult = np.where(np.isin(calendar, np.asarray(peak_months, dtype=int)), peak_multiplier, 1.0)
    used = hours_per_day * days_per_month / hours_per_month
    return float(min(1.0, used * np.mean(mult) / np.max(mult)))


def owned_power_inputs(phase: Phase, r: ResolvedPhase, server: rec.Server, accelerator: rec.Accelerator,
                       servers: float, load_factor: float, compute_share: float | np.ndarray | None = None,
                       compute_share_source: str = "", switch: rec.Switch | None = None,
                       switch_count: float = 0.0, memory_share: float | np.ndarray = 0.0, traffic_share: float = 1.0,
                       serving: bool = False, load_factor_source: str = "user input") -> PowerInputs:
    """``server`` as the plan resolves it (its GPUs already capped at the plan's power limit); the draw inputs
    (load factor, or the step's compute share and for serving its memory-bound and traffic shares) as
    core/power.py PowerInputs reads them."""
    return PowerInputs(
        server=server, servers=servers, rack_power_limit_kw=r.rack_limit_kw.value,
        electricity_per_kwh=r.electricity.value, grid_co2_kg_per_kwh=r.grid_co2.value,
        load_factor=load_factor, load_factor_source=load_factor_source, pue=r.pue.value,
        busy_fraction=busy_fraction(phase),
        compute_share=compute_share, compute_share_source=compute_share_source,
        memory_share=memory_share, traffic_share=traffic_share, serving=serving,
        gpu_power_limit_w=phase.hardware.gpu_power_limit_w, server_max_capped=True,
        switch=switch, switch_count=switch_count, facility_cooling=phase.facility.cooling,
        currency=phase.costs.currency,
        accelerator_tdp_w=accelerator.tdp_w,
        accelerator_tdp_source=f"catalog accelerators/{accelerator.id}.tdp_w: "
                               f"{accelerator.provenance.source_of('tdp_w')}",
        rack_limit_source=r.rack_limit_kw.source, electricity_source=r.electricity.source,
        co2_source=r.grid_co2.source, pue_source=r.pue.source,
    )


def energy_per_server_hour(phase: Phase, r: ResolvedPhase, server: rec.Server, accelerator: rec.Accelerator,
                           draw: WorkloadDraw) -> float:
    """The energy one owned server costs per hour of the year (plan currency; NaN when its power is unknown):
    the power model's ``power.annual_energy_cost`` for one server without network, over the year's hours. The
    phase's energy is linear in its servers, so N servers cost N times this (the network's draw aside)."""
    one = power_figures(owned_power_inputs(phase, r, server, accelerator, 1.0, draw.load_factor, draw.compute_share,
                                           memory_share=draw.memory_share, traffic_share=draw.traffic_share,
                                           serving=draw.serving))
    return one.number("power.annual_energy_cost", float("nan")) / HOURS_PER_YEAR.value


def energy_per_server_hour_at(phase: Phase, r: ResolvedPhase, server: rec.Server, accelerator: rec.Accelerator,
                              draw: WorkloadDraw, compute_share: np.ndarray, memory_share: np.ndarray) -> np.ndarray:
    """``energy_per_server_hour`` for many configurations at once, each at its own step's shares (training: the
    compute share of its step; LLM serving: the compute- and memory-bound shares of its iteration; the traffic
    share and load factor are the workload's): the energy the ledger charges the plan that pins each one. NaN
    where a configuration's shares are unknown (its step is)."""
    c = np.asarray(compute_share, dtype=float)
    m = np.broadcast_to(np.asarray(memory_share, dtype=float), c.shape)
    known = np.isfinite(c)
    one = power_figures(owned_power_inputs(phase, r, server, accelerator, 1.0, draw.load_factor,
                                           np.where(known, c, 0.0), memory_share=np.where(known, m, 0.0),
                                           traffic_share=draw.traffic_share, serving=draw.serving))
    if "power.annual_energy_cost" not in one:
        return np.full(c.shape, np.nan)
    cost = np.asarray(one["power.annual_energy_cost"], dtype=float) * np.ones(c.shape)
    return np.where(known, cost / HOURS_PER_YEAR.value, np.nan)
