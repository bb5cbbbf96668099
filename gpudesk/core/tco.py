"""Step 7 of the selection process: total cost of ownership.

Capex (servers, network, storage, facility fit-out per kW), opex (energy
at PUE, colocation rent, maintenance as % of capex, software licences per
GPU, staff FTE for images, drivers, scheduling, monitoring and backup,
storage rent), straight-line depreciation, 3- and 5-year totals and unit
costs (per training run, per million tokens served, per seat). Catalog
prices are USD and are converted to the plan currency. Keys ``tco.*``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.catalog.records import Server
from gpudesk.core import constants as C
from gpudesk.core.delivery import convert
from gpudesk.core.explain import FigureSet
from gpudesk.core.infra_inputs import catalog_source


@dataclass(frozen=True)
class TcoInputs:
    """Money the user types is in ``currency``; catalog and fabric/storage figures arrive in USD."""

    server: Server
    servers: Any
    it_kw: Any  # average IT power (power.it_kw)
    design_kw: Any  # IT power at max (power.it_max_kw), for fit-out
    racks: Any
    pue: float
    electricity_per_kwh: float  # currency/kWh
    currency: str = "USD"
    cny_per_usd: float = 7.1
    server_price: float = 0.0  # currency per server; 0 = catalog price_usd
    accelerator_price_usd: float | None = None  # estimates the server price when the catalog lacks it
    accelerator_price_source: str = ""
    network_capex_usd: Any = 0.0
    storage_capex: Any = 0.0
    storage_monthly_usd: Any = 0.0
    fitout_per_kw: float = 0.0
    colo_per_rack_month: float = 0.0
    maintenance_pct_per_year: float = 8.0
    software_per_gpu_year: float = 0.0
    staff_fte: float = 1.0
    staff_cost_per_year: float = 150_000.0
    depreciation_years: int = 4
    horizon_years: int = 5
    duty_fraction: Any = 1.0
    training_run_gpu_hours: Any = 0.0
    tokens_served_per_year: Any = 0.0
    seats: Any = 0.0


def _usd(inp: TcoInputs, value: Any) -> Any:
    return convert(np.asarray(value, dtype=float), "USD", inp.currency, inp.cny_per_usd)


def tco_figures(inp: TcoInputs) -> FigureSet:
    fs = FigureSet()
    cur = inp.currency
    s = inp.server
    n = fs.input("tco.servers", np.asarray(inp.servers, dtype=float), "servers", "servers bought")
    gpus = fs.add("tco.gpus", n * s.gpus, "GPUs", "GPUs owned", f"servers x {s.gpus} GPUs per server", ["tco.servers"])
    if inp.server_price:
        price = fs.input("tco.server_price", inp.server_price, cur, "price per server")
    elif s.price_usd is None and inp.accelerator_price_usd:
        gpu_price = fs.input("tco.gpu_price", _usd(inp, inp.accelerator_price_usd), cur, "price per GPU",
                             inp.accelerator_price_source + f" (USD, in {cur} at {inp.cny_per_usd} CNY/USD)")
        over = fs.constant("tco.platform_overhead", C.SERVER_PLATFORM_OVERHEAD)
        price = fs.add("tco.server_price", s.gpus * gpu_price * (1.0 + over), cur, "price per server (estimated)",
                       f"{s.gpus} GPUs × GPU price × (1 + platform overhead)", ["tco.gpu_price", "tco.platform_overhead"],
                       note="the catalog has no price for this server; estimated from its GPUs")
    else:
        raw = float("nan") if s.price_usd is None else s.price_usd
        price = fs.input("tco.server_price", _usd(inp, raw), cur, "price per server",
                         catalog_source(s, "price_usd") + f" (USD, in {cur} at {inp.cny_per_usd} CNY/USD)")
    srv = fs.add("tco.server_capex", n * price, cur, "server capex", "servers x server_price",
                 ["tco.servers", "tco.server_price"])
    net = fs.input("tco.network_capex", _usd(inp, inp.network_capex_usd), cur, "network capex", "fabric model (net.cost)")
    sto = fs.input("tco.storage_capex", np.asarray(inp.storage_capex, dtype=float), cur, "storage capex")
    kw = fs.input("tco.design_kw", np.asarray(inp.design_kw, dtype=float), "kW", "IT design load",
                  "power model (power.it_max_kw)")
    fit_rate = fs.input("tco.fitout_per_kw", inp.fitout_per_kw, f"{cur}/kW", "facility fit-out per kW")
    fit = fs.add("tco.fitout_capex", kw * fit_rate, cur, "facility fit-out capex", "design_kw x fitout_per_kw",
                 ["tco.design_kw", "tco.fitout_per_kw"])
    hw = fs.add("tco.hardware_capex", srv + net + sto, cur, "hardware capex", "server_capex + network_capex + storage_capex",
                ["tco.server_capex", "tco.network_capex", "tco.storage_capex"])
    capex = fs.add("tco.capex", hw + fit, cur, "capex", "hardware_capex + fitout_capex",
                   ["tco.hardware_capex", "tco.fitout_capex"])

    # -- opex per year ----------------------------------------------------
    it = fs.input("tco.it_kw", np.asarray(inp.it_kw, dtype=float), "kW", "average IT power", "power model (power.it_kw)")
    pue = fs.input("tco.pue", inp.pue, "", "PUE", "power model (power.pue)")
    hours = fs.constant("tco.hours_per_year", C.HOURS_PER_YEAR)
    duty = fs.input("tco.duty_fraction", np.asarray(inp.duty_fraction, dtype=float), "fraction", "share of year in use")
    elec = fs.input("tco.electricity_price", inp.electricity_per_kwh, f"{cur}/kWh", "electricity price")
    energy = fs.add("tco.energy_per_year", it * pue * hours * duty * elec, cur, "energy per year",
                    "it_kw x pue x hours_per_year x duty_fraction x electricity_price",
                    ["tco.it_kw", "tco.pue", "tco.hours_per_year", "tco.duty_fraction", "tco.electricity_price"])
    racks = fs.input("tco.racks", np.asarray(inp.racks, dtype=float), "racks", "racks rented", "power model (power.racks)")
    colo_rate = fs.input("tco.colo_per_rack_month", inp.colo_per_rack_month, f"{cur}/rack/month", "colocation rent")
    colo = fs.add("tco.colo_per_year", racks * colo_rate * 12.0, cur, "colocation per year",
                  "racks x colo_per_rack_month x 12", ["tco.racks", "tco.colo_per_rack_month"])
    pct = fs.input("tco.maintenance_pct", inp.maintenance_pct_per_year, "%/year", "maintenance as % of hardware capex")
    maint = fs.add("tco.maintenance_per_year", hw * pct / 100.0, cur, "maintenance per year",
                   "hardware_capex x maintenance_pct / 100", ["tco.hardware_capex", "tco.maintenance_pct"])
    sw_rate = fs.input("tco.software_per_gpu_year", inp.software_per_gpu_year, f"{cur}/GPU/year", "software licences")
    soft = fs.add("tco.software_per_year", gpus * sw_rate, cur, "software licences per year",
                  "gpus x software_per_gpu_year", ["tco.gpus", "tco.software_per_gpu_year"])
    fte = fs.input("tco.staff_fte", inp.staff_fte, "FTE", "operations staff (images, drivers, scheduling, monitoring, backup)")
    fte_cost = fs.input("tco.staff_cost_per_fte", inp.staff_cost_per_year, f"{cur}/year", "cost per FTE")
    staff = fs.add("tco.staff_per_year", fte * fte_cost, cur, "staff per year", "staff_fte x staff_cost_per_fte",
                   ["tco.staff_fte", "tco.staff_cost_per_fte"])
    st_m = fs.input("tco.storage_monthly", _usd(inp, inp.storage_monthly_usd), f"{cur}/month", "storage rent",
                    "storage model (storage.monthly_cost)")
    st_y = fs.add("tco.storage_per_year", st_m * 12.0, cur, "storage rent per year", "storage_monthly x 12",
                  ["tco.storage_monthly"])
    opex = fs.add("tco.opex_per_year", energy + colo + maint + soft + staff + st_y, cur, "opex per year",
                  "energy + colo + maintenance + software + staff + storage (per year)",
                  ["tco.energy_per_year", "tco.colo_per_year", "tco.maintenance_per_year", "tco.software_per_year",
                   "tco.staff_per_year", "tco.storage_per_year"])
    fs.add("tco.opex_per_month", opex / 12.0, f"{cur}/month", "opex per month", "opex_per_year / 12", ["tco.opex_per_year"])

    # -- depreciation and totals ----------------------------------------
    dep_years = fs.input("tco.depreciation_years", float(inp.depreciation_years), "years", "depreciation period")
    dep = fs.add("tco.depreciation_per_year", capex / dep_years, cur, "straight-line depreciation per year",
                 "capex / depreciation_years", ["tco.capex", "tco.depreciation_years"])
    annual = fs.add("tco.annual_cost", dep + opex, cur, "annual cost (depreciation + opex)",
                    "depreciation_per_year + opex_per_year", ["tco.depreciation_per_year", "tco.opex_per_year"])
    for years in (3, 5):
        fs.add(f"tco.total_{years}y", capex + years * opex, cur, f"{years}-year total cost of ownership",
               f"capex + {years} x opex_per_year", ["tco.capex", "tco.opex_per_year"])
    horizon = fs.input("tco.horizon_years", float(inp.horizon_years), "years", "planning horizon")
    fs.add("tco.total_horizon", capex + horizon * opex, cur, "total cost over the horizon",
           "capex + horizon_years x opex_per_year", ["tco.capex", "tco.horizon_years", "tco.opex_per_year"])

    # -- unit costs -------------------------------------------------------
    gpu_h = fs.add("tco.cost_per_gpu_hour", annual / (gpus * hours * duty), f"{cur}/GPU-h", "cost per GPU-hour used",
                   "annual_cost / (gpus x hours_per_year x duty_fraction)",
                   ["tco.annual_cost", "tco.gpus", "tco.hours_per_year", "tco.duty_fraction"])
    run_h = fs.input("tco.training_run_gpu_hours", np.asarray(inp.training_run_gpu_hours, dtype=float), "GPU-h",
                     "GPU-hours of one training run", "time model (computed)")
    fs.add("tco.cost_per_training_run", gpu_h * run_h, cur, "cost per training run",
           "cost_per_gpu_hour x training_run_gpu_hours", ["tco.cost_per_gpu_hour", "tco.training_run_gpu_hours"])
    tokens = fs.input("tco.tokens_served_per_year", np.asarray(inp.tokens_served_per_year, dtype=float), "tokens",
                      "tokens served per year", "inference model (computed)")
    with np.errstate(divide="ignore", invalid="ignore"):
        fs.add("tco.cost_per_million_tokens", np.where(tokens > 0, annual / (tokens / 1e6), np.nan), f"{cur}/Mtok",
               "cost per million tokens served", "annual_cost / (tokens_served_per_year / 1e6)",
               ["tco.annual_cost", "tco.tokens_served_per_year"])
        seats = fs.input("tco.seats", np.asarray(inp.seats, dtype=float), "seats", "seats served")
        fs.add("tco.cost_per_seat_month", np.where(seats > 0, annual / seats / 12.0, np.nan), f"{cur}/seat/month",
               "cost per seat per month", "annual_cost / seats / 12", ["tco.annual_cost", "tco.seats"])
    return fs
