"""Step 7, owned hardware: what buying and running the servers costs. Keys ``tco.*``.

Capex covers what this phase buys: new servers (servers carried forward from the previous phase
were bought there), the added network, and facility fit-out for the added design load. Running an
owned cluster costs energy (from the power model's usage profile, idle draw included), colocation,
maintenance (a share of the value of all the hardware in service) and depreciation. Software, staff
and storage rent apply to every delivery mode and live in :mod:`gpudesk.core.running_costs`.

A price the catalog lacks stays NaN here and becomes an unpriced ledger line, never zero. The
phase's capex, opex and TCO totals are the ledger's (:mod:`gpudesk.core.ledger_figures`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.catalog.records import Server
from gpudesk.core import constants as C
from gpudesk.core.catalog_prices import conversion_note
from gpudesk.core.cost_ledger import per_year
from gpudesk.core.delivery import convert
from gpudesk.core.explain import FigureSet
from gpudesk.core.infra_inputs import catalog_source
from gpudesk.core.pass_memo import memoised_on_inputs


@dataclass(frozen=True)
class TcoInputs:
    """Money the user types is in ``currency``; catalog and fabric figures arrive in USD."""

    server: Server
    servers: Any  # servers in service this phase
    annual_kwh: Any  # facility energy per year (power.annual_kwh), usage profile and idle draw included
    design_kw_new: Any  # IT design load added by this phase (power.it_max_kw less what was carried)
    racks: Any
    electricity_per_kwh: float  # currency/kWh
    servers_carried: Any = 0  # bought in the previous phase
    currency: str = "USD"
    cny_per_usd: float = 7.1
    server_price: float = 0.0  # currency per server typed by the user; 0 = catalog price_usd
    accelerator_price_usd: float | None = None  # estimates the server price when the catalog lacks it
    accelerator_price_source: str = ""
    network_capex: Any = float("nan")  # added switches and optics (fabric model, in ``currency``), NaN = unpriced
    fitout_per_kw: float = 0.0
    colo_per_rack_month: float = 0.0
    maintenance_pct_per_year: float = 8.0
    depreciation_years: int = 4
    installation_per_server: float = -1.0  # currency per server bought; -1 = not quoted yet (NaN, an unpriced line)


def _usd(inp: TcoInputs, value: Any) -> Any:
    return convert(np.asarray(value, dtype=float), "USD", inp.currency, inp.cny_per_usd)


def _server_price(fs: FigureSet, inp: TcoInputs) -> Any:
    cur, s = inp.currency, inp.server
    if inp.server_price:
        return fs.input("tco.server_price", inp.server_price, cur, "price per server", "user input (GPU price override)")
    if s.price_usd is None and inp.accelerator_price_usd:
        gpu_price = fs.input("tco.gpu_price", _usd(inp, inp.accelerator_price_usd), cur, "price per GPU",
                             inp.accelerator_price_source + conversion_note(cur, inp.cny_per_usd))
        over = fs.constant("tco.platform_overhead", C.SERVER_PLATFORM_OVERHEAD)
        return fs.add("tco.server_price", s.gpus * gpu_price * (1.0 + over), cur, "price per server (estimated)",
                      f"{s.gpus} GPUs × GPU price × (1 + platform overhead)", ["tco.gpu_price", "tco.platform_overhead"],
                      note="the catalog has no price for this server; estimated from its GPUs")
    raw = float("nan") if s.price_usd is None else s.price_usd
    return fs.input("tco.server_price", _usd(inp, raw), cur, "price per server",
                    catalog_source(s, "price_usd") + conversion_note(cur, inp.cny_per_usd))


@memoised_on_inputs
def tco_figures(inp: TcoInputs) -> FigureSet:
    fs = FigureSet()
    cur = inp.currency
    n = fs.input("tco.servers", np.asarray(inp.servers, dtype=float), "servers", "servers in service",
                 "plan.servers (the phase's sized configuration)")
    kept = fs.input("tco.servers_carried", np.asarray(inp.servers_carried, dtype=float), "servers",
                    "servers carried forward (bought in the previous phase)", "plan.servers_carried (the phase's figure)")
    new = fs.add("tco.servers_new", np.maximum(n - kept, 0.0), "servers", "servers bought in this phase",
                 "servers − servers_carried", ["tco.servers", "tco.servers_carried"])
    price = _server_price(fs, inp)
    srv = fs.add("tco.server_capex", new * price, cur, "server capex", "servers_new × server_price",
                 ["tco.servers_new", "tco.server_price"])
    net = fs.input("tco.network_capex", np.asarray(inp.network_capex, dtype=float), cur, "network capex (added switches, optics)",
                   "fabric model (net.cost_new)")
    kw = fs.input("tco.design_kw_new", np.asarray(inp.design_kw_new, dtype=float), "kW", "IT design load added",
                  "power model (power.it_max_kw) less the design load carried forward")
    fit_rate = fs.input("tco.fitout_per_kw", inp.fitout_per_kw, f"{cur}/kW", "facility fit-out per kW")
    # no rate stated: 0 whatever the IT load; a rate on an unknown load (no power for the servers): unknown
    fit = fs.add("tco.fitout_capex", np.where(fit_rate > 0, kw * fit_rate, 0.0), cur, "facility fit-out capex",
                 "design_kw_new × fitout_per_kw", ["tco.design_kw_new", "tco.fitout_per_kw"])
    hw = fs.add("tco.hardware_capex", srv + net, cur, "hardware capex", "server_capex + network_capex",
                ["tco.server_capex", "tco.network_capex"])
    quoted = inp.installation_per_server >= 0
    inst_rate = fs.input("tco.installation_per_server", inp.installation_per_server if quoted else float("nan"),
                         f"{cur}/server", "installation and commissioning per server bought",
                         "user input (installation_per_server)" if quoted else "awaiting a quote")
    inst = fs.add("tco.installation_capex", new * inst_rate, cur, "installation and commissioning",
                  "servers_new × installation_per_server", ["tco.servers_new", "tco.installation_per_server"],
                  note="" if quoted else "awaiting a quote: left out of the capex")
    fs.add("tco.owned_capex", hw + fit + (inst if quoted else 0.0), cur, "capex of owning",
           "hardware_capex + fitout_capex + installation_capex (once quoted)",
           ["tco.hardware_capex", "tco.fitout_capex", "tco.installation_capex"])
    value = fs.add("tco.hardware_value", n * price + net, cur, "value of the hardware in service",
                   "servers × server_price + network_capex", ["tco.servers", "tco.server_price", "tco.network_capex"])

    # -- running an owned cluster, per year --------------------------------
    kwh = fs.input("tco.annual_kwh", np.asarray(inp.annual_kwh, dtype=float), "kWh", "facility energy per year",
                   "power model (power.annual_kwh)")
    elec = fs.input("tco.electricity_price", inp.electricity_per_kwh, f"{cur}/kWh", "electricity price")
    energy = fs.add("tco.energy_per_year", kwh * elec, per_year(cur), "energy per year", "annual_kwh × electricity_price",
                    ["tco.annual_kwh", "tco.electricity_price"])
    racks = fs.input("tco.racks", np.asarray(inp.racks, dtype=float), "racks", "racks rented",
                     "power model (power.racks + power.network_racks)")
    colo_rate = fs.input("tco.colo_per_rack_month", inp.colo_per_rack_month, f"{cur}/rack/month", "colocation rent")
    colo = fs.add("tco.colo_per_year", np.where(colo_rate > 0, racks * colo_rate * 12.0, 0.0), per_year(cur),
                  "colocation per year", "racks × colo_per_rack_month × 12", ["tco.racks", "tco.colo_per_rack_month"])
    pct = fs.input("tco.maintenance_pct", inp.maintenance_pct_per_year, "%/year", "maintenance as % of hardware value")
    maint = fs.add("tco.maintenance_per_year", value * pct / 100.0, per_year(cur), "maintenance per year",
                   "hardware_value × maintenance_pct / 100", ["tco.hardware_value", "tco.maintenance_pct"])
    fs.add("tco.owned_opex_per_year", energy + colo + maint, per_year(cur), "running an owned cluster per year",
           "energy + colocation + maintenance (per year)",
           ["tco.energy_per_year", "tco.colo_per_year", "tco.maintenance_per_year"])
    years = fs.input("tco.depreciation_years", float(inp.depreciation_years), "years", "depreciation period")
    fs.add("tco.depreciation_per_year", value / years, per_year(cur), "straight-line depreciation per year",
           "hardware_value / depreciation_years", ["tco.hardware_value", "tco.depreciation_years"])
    return fs
