"""Power, cooling and racks: per server, per rack, per facility.

Server power at idle, typical and max (catalog) and at a load factor
interpolated between idle and max; servers per rack under the rack power
limit; liquid versus air heat (server ``liquid_heat_share``); BTU/h,
cooling tons, facility power at a PUE, annual energy, cost and CO2; and
a rack layout as plain data for a chart. Keys ``power.*``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.catalog.records import Server, Switch
from gpudesk.core import constants as C
from gpudesk.core.checks import Check
from gpudesk.core.cost_ledger import per_year
from gpudesk.core.digits import percent_text
from gpudesk.core.explain import FigureSet
from gpudesk.core.infra_inputs import at, record_field, worst_index
from gpudesk.core.pass_memo import memoised_on_inputs
from gpudesk.core.power_draw import cap_w, gpu_power_inputs, serving_draw, training_draw


@dataclass(frozen=True)
class PowerInputs:
    """``rack_power_limit_kw``, ``electricity_per_kwh`` and ``grid_co2_kg_per_kwh`` come from the
    project or the catalog's FacilityDefault rows; pass ``*_source`` to name the row."""

    server: Server
    servers: Any
    rack_power_limit_kw: float
    electricity_per_kwh: float
    grid_co2_kg_per_kwh: float
    load_factor: Any = 1.0  # 0 = idle, 1 = max
    load_factor_source: str = "user input"  # the workload's sizing names where its load comes from
    accelerator_tdp_w: float | None = None  # estimates server power when the catalog lacks it
    accelerator_tdp_source: str = ""
    pue: float = 0.0  # 0 = PUE_DEFAULT
    busy_fraction: Any = 1.0  # share of the year the servers work at load_factor (usage profile); idle otherwise
    # training: share of a step the GPUs compute (train.compute_time_s / train.step_time_s); the server's draw is
    # then built from its GPUs' idle and busy power instead of load_factor. None: no training step (load_factor).
    compute_share: Any = None
    compute_share_source: str = ""
    # serving (``serving``): compute_share and memory_share are the shares of a serving iteration bound by compute
    # and by memory reads at the sized peak; traffic_share the share of that peak the average hour carries
    memory_share: Any = 0.0
    traffic_share: Any = 1.0
    serving: bool = False
    gpu_power_limit_w: float = 0.0  # the plan's GPU power cap (0 = TDP)
    # ``server.power_max_kw`` is already lowered by that cap (derived_servers.power_limited), as a plan resolves it
    server_max_capped: bool = False
    switch: Switch | None = None
    switch_count: Any = 0
    facility_cooling: str = "liquid"  # air | liquid | hybrid: what the site can remove
    currency: str = "USD"
    rack_limit_source: str = "user input"
    electricity_source: str = "user input"
    co2_source: str = "user input"
    pue_source: str = "user input"


@memoised_on_inputs
def power_figures(inp: PowerInputs) -> FigureSet:
    fs = FigureSet()
    s = inp.server
    n = fs.input("power.servers", np.asarray(inp.servers, dtype=float), "servers", "servers in the facility",
                 "plan.servers_owned (the phase's sized configuration)")
    idle = record_field(fs, "power.server_idle_kw", s, "power_idle_kw", "kW", "server power at idle")
    record_field(fs, "power.server_typical_kw", s, "power_typical_kw", "kW", "server typical power")
    pmax = record_field(fs, "power.server_max_kw", s, "power_max_kw", "kW", "server maximum power")
    if not np.isfinite(pmax) and inp.accelerator_tdp_w:
        fs.input("power.gpu_tdp_kw", inp.accelerator_tdp_w / 1000.0, "kW", "GPU TDP", inp.accelerator_tdp_source)
        fs.input("power.gpus_per_server", float(s.gpus), "GPUs", "GPUs per server", f"catalog servers/{s.id}.gpus")
        share = fs.constant("power.gpu_share_of_max", C.GPU_SHARE_OF_SERVER_MAX_POWER)
        pmax = fs.add("power.server_max_kw", s.gpus * inp.accelerator_tdp_w / 1000.0 / share, "kW",
                      "server maximum power (estimated)", "GPUs per server × GPU TDP / GPU share of server maximum",
                      ["power.gpus_per_server", "power.gpu_tdp_kw", "power.gpu_share_of_max"],
                      note="the catalog has no maximum input power for this server")
    base = _uncapped_max(fs, inp, pmax)
    if not np.isfinite(idle) and np.isfinite(base):
        idle_share = fs.constant("power.idle_share_of_max", C.SERVER_IDLE_SHARE_OF_MAX)
        base_key = "power.server_max_uncapped_kw" if "power.server_max_uncapped_kw" in fs else "power.server_max_kw"
        idle = fs.add("power.server_idle_kw", base * idle_share, "kW", "server power at idle (estimated)",
                      IDLE_FORMULA[base_key], [base_key, "power.idle_share_of_max"],
                      note="the catalog has no idle power for this server")
    if inp.compute_share is not None and inp.accelerator_tdp_w and np.isfinite(pmax):
        per = (serving_draw(fs, inp, pmax, base, idle) if inp.serving else training_draw(fs, inp, pmax, base))
    else:
        lf = fs.input("power.load_factor", np.asarray(inp.load_factor, dtype=float), "fraction",
                      "load between idle (0) and max (1)", inp.load_factor_source)
        per = fs.add("power.server_kw", np.where(lf >= 1.0, pmax, idle + lf * (pmax - idle)), "kW",
                     "server power at the load factor",
                     "server_idle_kw + load_factor x (server_max_kw - server_idle_kw); server_max_kw at load 1 "
                     "(unknown idle leaves lower loads unknown)",
                     ["power.server_idle_kw", "power.load_factor", "power.server_max_kw"])
    swc = fs.input("power.switch_count", np.asarray(inp.switch_count, dtype=float), "switches", "network switches",
                   "fabric model (computed)")
    if inp.switch is not None:
        swp = record_field(fs, "power.switch_kw", inp.switch, "power_w", "kW", "power per switch", scale=1e-3)
    else:
        swp = fs.input("power.switch_kw", 0.0, "kW", "power per switch", "no switch in the plan")
    net = fs.add("power.network_kw", swc * swp, "kW", "network power", "switch_count x switch_kw",
                 ["power.switch_count", "power.switch_kw"])
    srv_kw = fs.add("power.servers_kw", n * per, "kW", "server power at the load factor", "servers x server_kw",
                    ["power.servers", "power.server_kw"])
    known_net = np.where(np.isfinite(net), net, 0.0)
    unknown_note = "" if np.all(np.isfinite(net)) else "switch power is not in the catalog: network power left out"
    it = fs.add("power.it_kw", srv_kw + known_net, "kW", "IT power", "servers_kw + network_kw (when known)",
                ["power.servers_kw", "power.network_kw"], note=unknown_note)
    it_max = fs.add("power.it_max_kw", n * pmax + known_net, "kW", "IT power at server maximum (nameplate)",
                    "servers x server_max_kw + network_kw (when known)",
                    ["power.servers", "power.server_max_kw", "power.network_kw"], note=unknown_note)

    # -- racks ----------------------------------------------------------
    limit = fs.input("power.rack_limit_kw", inp.rack_power_limit_kw, "kW", "rack power limit", inp.rack_limit_source)
    ru = fs.input("power.server_rack_units", float(s.rack_units), "U", "server height",
                  f"catalog servers/{s.id}.rack_units")
    usable = fs.constant("power.rack_usable_u", C.RACK_USABLE_U)
    if s.is_rack:
        spr = fs.input("power.servers_per_rack", 1.0, "servers", "servers per rack",
                       f"catalog servers/{s.id}.is_rack: a rack-scale system fills its rack")
    else:
        by_power = np.floor(limit / pmax)
        # A server of unknown height still takes at least 1U: a rack never holds more servers than units.
        by_space = np.floor(usable / max(ru, 1.0))
        spr = fs.add("power.servers_per_rack", np.minimum(by_power, by_space), "servers", "servers per rack",
                     "min(floor(rack_limit_kw / server_max_kw), floor(rack_usable_u / server_rack_units)); a server of unknown height takes one unit",
                     ["power.rack_limit_kw", "power.server_max_kw", "power.rack_usable_u", "power.server_rack_units"])
    fs.add("power.racks", np.where(spr > 0, np.ceil(n / np.where(spr > 0, spr, 1.0)), np.nan), "racks",
           "compute racks needed", "ceil(servers / servers_per_rack)", ["power.servers", "power.servers_per_rack"])
    if inp.switch is not None:  # the switches stand in racks of their own, as the rack layout draws them
        su = fs.input("power.switch_rack_units", float(max(inp.switch.rack_units, 1.0)), "U", "switch height",
                      f"catalog switches/{inp.switch.id}.rack_units")
        fs.add("power.network_racks", np.where(swc > 0, np.ceil(swc / np.floor(usable / su)), 0.0), "racks",
               "network racks needed", "ceil(switch_count / floor(rack_usable_u / switch_rack_units))",
               ["power.switch_count", "power.rack_usable_u", "power.switch_rack_units"])
    fs.add("power.rack_kw", spr * pmax, "kW", "design power of a full rack", "servers_per_rack x server_max_kw",
           ["power.servers_per_rack", "power.server_max_kw"])
    volts = fs.constant("power.pdu_voltage", C.PDU_VOLTAGE_V)
    amps = fs.constant("power.pdu_current", C.PDU_CURRENT_A)
    derate = fs.constant("power.pdu_derate", C.PDU_CONTINUOUS_DERATE)
    pdu = fs.add("power.pdu_kw", np.sqrt(3.0) * volts * amps * derate / 1000.0, "kW",
                 "continuous capacity of one 3-phase PDU", "sqrt(3) x pdu_voltage x pdu_current x pdu_derate / 1000",
                 ["power.pdu_voltage", "power.pdu_current", "power.pdu_derate"])
    feeds = fs.constant("power.pdu_feeds", C.PDU_FEEDS_PER_RACK)
    fs.add("power.pdus_per_rack", feeds * np.ceil(spr * pmax / pdu), "PDUs", "PDUs per compute rack (A+B feeds)",
           "pdu_feeds x ceil(rack_kw / pdu_kw)", ["power.pdu_feeds", "power.servers_per_rack", "power.server_max_kw",
                                                  "power.pdu_kw"])

    # -- heat -----------------------------------------------------------
    share = record_field(fs, "power.liquid_heat_share", s, "liquid_heat_share", "fraction", "heat removed by liquid")
    liquid = fs.add("power.liquid_kw", srv_kw * share, "kW", "heat to liquid cooling", "servers_kw x liquid_heat_share",
                    ["power.servers_kw", "power.liquid_heat_share"])
    fs.add("power.air_kw", it - liquid, "kW", "heat to air cooling", "it_kw - liquid_kw", ["power.it_kw", "power.liquid_kw"])
    btu = fs.constant("power.btu_per_w", C.W_TO_BTU_PER_H)
    ton = fs.constant("power.kw_per_ton", C.KW_PER_COOLING_TON)
    # Cooling is designed for the nameplate maximum (what the servers can draw), with the typical load beside it.
    fs.add("power.btu_per_h", it_max * 1000.0 * btu, "BTU/h", "heat load at nameplate maximum",
           "it_max_kw x 1000 x btu_per_w", ["power.it_max_kw", "power.btu_per_w"])
    fs.add("power.btu_per_h_typical", it * 1000.0 * btu, "BTU/h", "heat load at the typical load",
           "it_kw x 1000 x btu_per_w", ["power.it_kw", "power.btu_per_w"])
    fs.add("power.cooling_tons", it_max / ton, "refrigeration tons", "cooling capacity needed (nameplate)", "it_max_kw / kw_per_ton",
           ["power.it_max_kw", "power.kw_per_ton"])
    fs.add("power.cooling_tons_typical", it / ton, "refrigeration tons", "cooling load at the typical load", "it_kw / kw_per_ton",
           ["power.it_kw", "power.kw_per_ton"])
    air_max = fs.add("power.air_kw_max", it_max - n * pmax * share, "kW", "heat to air at nameplate maximum",
                     "it_max_kw - servers x server_max_kw x liquid_heat_share",
                     ["power.it_max_kw", "power.servers", "power.server_max_kw", "power.liquid_heat_share"])
    fs.add("power.air_cooling_tons", air_max / ton, "refrigeration tons", "air-side cooling capacity needed (nameplate)",
           "air_kw_max / kw_per_ton", ["power.air_kw_max", "power.kw_per_ton"])

    # -- facility, energy, carbon ----------------------------------------
    if inp.pue:
        pue = fs.input("power.pue", inp.pue, "", "PUE", inp.pue_source)
    else:
        pue = fs.constant("power.pue", C.PUE_DEFAULT)
    fs.add("power.facility_kw", it * pue, "kW", "facility power at the typical load", "it_kw x pue",
           ["power.it_kw", "power.pue"])
    fs.add("power.facility_max_kw", it_max * pue, "kW", "facility power at nameplate maximum (design)",
           "it_max_kw x pue", ["power.it_max_kw", "power.pue"])
    hours = fs.constant("power.hours_per_year", C.HOURS_PER_YEAR)
    busy = fs.input("power.busy_fraction", np.asarray(inp.busy_fraction, dtype=float), "fraction",
                    "share of the year the servers work (usage profile); idle the rest")
    idle_kw = fs.add("power.idle_it_kw", n * idle + known_net, "kW", "IT power when idle",
                     "servers x server_idle_kw + network_kw (when known)",
                     ["power.servers", "power.server_idle_kw", "power.network_kw"])
    kwh = fs.add("power.annual_kwh", (it * busy + idle_kw * (1.0 - busy)) * pue * hours, "kWh",
                 "facility energy per year",
                 "(it_kw x busy_fraction + idle_it_kw x (1 - busy_fraction)) x pue x hours_per_year",
                 ["power.it_kw", "power.busy_fraction", "power.idle_it_kw", "power.pue", "power.hours_per_year"])
    price = fs.input("power.electricity_price", inp.electricity_per_kwh, f"{inp.currency}/kWh", "electricity price",
                     inp.electricity_source)
    fs.add("power.annual_energy_cost", kwh * price, per_year(inp.currency), "energy cost per year",
           "annual_kwh x electricity_price", ["power.annual_kwh", "power.electricity_price"])
    co2 = fs.input("power.grid_co2", inp.grid_co2_kg_per_kwh, "kg/kWh", "grid carbon intensity", inp.co2_source)
    fs.add("power.annual_co2_t", kwh * co2 / 1000.0, "t CO₂", "CO₂ per year", "annual_kwh x grid_co2 / 1000",
           ["power.annual_kwh", "power.grid_co2"])
    fs.input("power.facility_cooling", inp.facility_cooling, "", "site cooling capability")
    fs.input("power.server_cooling", s.cooling, "", "server cooling", f"catalog servers/{s.id}.cooling")
    return fs


IDLE_FORMULA = {"power.server_max_kw": "server_max_kw × idle share of maximum",
                "power.server_max_uncapped_kw": "server_max_uncapped_kw × idle share of maximum (a GPU power limit "
                                                "does not lower the idle draw)"}


CAP_NOTE = ("a GPU power limit bounds a GPU's draw under load, not its idle draw or the rest of the server (CPUs, "
            "memory, fans, NICs, drives): the limit is the upper boundary of the board's draw, and the power "
            "management algorithm acts only when the draw reaches it (NVIDIA NVML API Reference, "
            "nvmlDeviceGetPowerManagementLimit / nvidia-smi --power-limit, docs.nvidia.com/deploy/nvml-api), and a DGX "
            "H100 with capped GPUs idled above a quarter of its capped maximum before its MLPerf Inference v4.0 run "
            "(NVIDIA MaxQ power log)")


def _uncapped_max(fs: FigureSet, inp: PowerInputs, pmax: Any) -> Any:
    """The server's maximum without the GPU power limit, which its idle and its non-GPU draw scale with: the
    capped maximum plus what the cap took off, N × (TDP − limit). ``pmax`` itself when no cap lowered it."""
    limit = cap_w(inp)
    if not (limit and inp.server_max_capped and inp.server.power_max_kw is not None and np.isfinite(pmax)):
        return pmax
    gpu_power_inputs(fs, inp, limit)
    tdp, cap, n = fs.number("power.gpu_tdp_kw"), fs.number("power.gpu_power_kw"), fs.number("power.gpus_per_server")
    return fs.add("power.server_max_uncapped_kw", pmax + n * (tdp - cap), "kW",
                  "server maximum power without the GPU power limit",
                  "server_max_kw + gpus_per_server x (gpu_tdp_kw - gpu_power_kw)",
                  ["power.server_max_kw", "power.gpus_per_server", "power.gpu_tdp_kw", "power.gpu_power_kw"],
                  note=CAP_NOTE)


def _pdus(feeds: float, kw: float, pdu_kw: float) -> int | None:
    """PDUs for ``kw`` on ``feeds`` feeds; None (unknown) when the power is unknown (a server without a
    published maximum: Atlas and CloudMatrix rows), never a made-up count."""
    count = feeds * np.ceil(kw / pdu_kw)
    return int(count) if np.isfinite(count) else None


def rack_layout(
    fs: FigureSet, server_name: str, switch_name: str = "switch", switch_rack_units: float = 1.0, index: Any = None,
    max_racks: int | None = None,
) -> list[dict[str, Any]]:
    """Racks with what is in each and its kW, for the rack chart (one candidate); the first ``max_racks`` only
    when given (a 100,000-node plan has 12,500 racks: the chart draws a few, and building them all cost seconds)."""
    n = int(at(fs, "power.servers", index))
    spr = at(fs, "power.servers_per_rack", index)
    per_kw = at(fs, "power.server_max_kw", index)  # racks are designed for the nameplate maximum
    pdu_kw, feeds = at(fs, "power.pdu_kw", None), at(fs, "power.pdu_feeds", None)
    racks: list[dict[str, Any]] = []
    left = n
    def full() -> bool:
        return max_racks is not None and len(racks) >= max_racks

    while left > 0 and spr > 0 and not full():
        count = int(min(spr, left))
        kw = count * per_kw
        racks.append({"rack": f"R{len(racks) + 1:02d}", "kind": "compute", "servers": count, "server": server_name,
                      "switches": 0, "pdus": _pdus(feeds, kw, pdu_kw), "kw": kw})
        left -= count
    switches = int(at(fs, "power.switch_count", index))
    sw_kw = at(fs, "power.switch_kw", None)
    sw_kw = sw_kw if np.isfinite(sw_kw) else 0.0  # switch power unknown: racks drawn, kW left out
    per_rack = int(C.RACK_USABLE_U.value // switch_rack_units)
    while switches > 0 and not full():
        count = min(per_rack, switches)
        kw = count * sw_kw
        racks.append({"rack": f"N{len(racks) + 1:02d}", "kind": "network", "servers": 0, "server": "",
                      "switches": count, "switch": switch_name, "pdus": _pdus(feeds, max(kw, pdu_kw), pdu_kw),
                      "kw": kw})
        switches -= count
    return racks


def power_checks(fs: FigureSet) -> list[Check]:
    checks: list[Check] = []
    height, usable = at(fs, "power.server_rack_units", None), at(fs, "power.rack_usable_u", None)
    if height == height and usable == usable and height > usable:
        checks.append(Check(
            "power.server_taller_than_rack", "blocker", "network", "The server is taller than a rack",
            f"The server is {height:g}U high but a rack offers {usable:g}U, so no rack can hold it.",
            "Check the server's height in the catalog (rack_units), or choose another server.",
            ("power.server_rack_units", "power.rack_usable_u"), {"height_u": height, "usable_u": usable},
        ))
    pmax, limit = at(fs, "power.server_max_kw", None), at(fs, "power.rack_limit_kw", None)
    if pmax == pmax and pmax > limit:
        checks.append(Check(
            "power.rack_limit_exceeded", "blocker", "network", "One server exceeds the rack power limit",
            f"The server draws up to {pmax:,.1f} kW but a rack may take {limit:,.1f} kW.",
            "Choose a facility (or cage) rated for this rack density, or a lower-power server.",
            ("power.server_max_kw", "power.rack_limit_kw"), {"server_max_kw": pmax, "rack_limit_kw": limit},
        ))
    share = at(fs, "power.liquid_heat_share", None)
    site, server = fs["power.facility_cooling"], fs["power.server_cooling"]
    # a liquid-cooled server whose liquid share the catalog lacks (GB300 NVL72) needs liquid as much as one with it:
    # it went unsaid, its site priced as a liquid room's (PUE, rack limit) whatever the plan said of the site
    if (share > 0 or server == "liquid") and site == "air":
        known = share > 0
        liquid = at(fs, "power.liquid_kw", worst_index(fs["power.liquid_kw"], low_is_bad=False)) if known else None
        heat = (f"{percent_text(share)} of the servers' heat ({liquid:,.0f} kW) must leave through liquid" if known
                else "The servers are liquid-cooled (the catalog gives no share of their heat that leaves through "
                     "liquid)")
        checks.append(Check(
            "power.needs_liquid_cooling", "blocker", "network", "The servers need liquid cooling the site does not have",
            f"{heat}, but the site is air-cooled.",
            "Host the system in a liquid-ready facility (CDU, facility water), or choose air-cooled servers.",
            ("power.liquid_heat_share", "power.liquid_kw"),
            {"liquid_share": share if known else None, "liquid_kw": liquid, "heat": "known" if known else "unknown"},
        ))
    return checks
