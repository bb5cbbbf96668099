"""Step 5 of the selection process: the scale-out network for N nodes.

Rail-optimised leaf/spine (two tiers; three when the endpoints outgrow a
two-tier fat tree of the catalog switch's radix), oversubscription,
cables, optics and their cost, the effective per-GPU scale-out bandwidth
that feeds scaling efficiency, inference east-west and north-south load,
the latency budget, and expansion headroom. Keys ``net.*``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from gpudesk.catalog.records import Nic, Server, Switch
from gpudesk.core import constants as C
from gpudesk.core.catalog_prices import catalog_price
from gpudesk.core.checks import Check
from gpudesk.core.explain import FigureSet
from gpudesk.core.infra_inputs import at, record_field, worst_index
from gpudesk.core.pass_memo import memoised_on_inputs


@dataclass(frozen=True)
class FabricInputs:
    server: Server
    nic: Nic
    switch: Switch
    nodes: Any  # array over candidates allowed
    oversubscription: float = 1.0  # leaf downlink : uplink
    rail_optimized: bool = True
    nics_in_server_price: bool = True  # DGX/HGX quotes include the NICs
    scaling_efficiency: float | Callable[[Any], Any] | None = None  # f(per-GPU GB/s) -> efficiency
    growth_nodes: int = 0  # nodes the plan expects to add later
    # inference traffic (0 when training only)
    requests_per_s: Any = 0.0
    request_bytes: float = 0.0
    response_bytes: float = 0.0
    kv_transfer_bytes_per_request: float = 0.0  # disaggregated prefill -> decode
    latency_budget_s: float = 1e-3  # seed document: real-time inference network latency under 1 ms
    currency: str = "USD"  # the plan's: the catalog's USD prices are converted (core/catalog_prices.py)
    cny_per_usd: float = 7.1


def _tiers(endpoints: Any, radix: Any, down: Any) -> Any:
    """1, 2 or 3; unknown (NaN) where the ports to connect or the radix are: a server row without its NIC count read
    "交换网络层数 3 层" for two servers (NaN compares false, so it fell through to three tiers)."""
    max2 = radix * down
    tiers = np.where(endpoints <= radix, 1.0, np.where(endpoints <= max2, 2.0, 3.0))
    return np.where(np.isnan(endpoints) | np.isnan(max2), np.nan, tiers)


def fabric_figures(inp: FabricInputs) -> FigureSet:
    """Every net.* figure. The request traffic (north-south, east-west) is the only part a request rate changes: the
    rest is kept per input but the rate within an active PassMemo (:func:`_fabric_kept`, which never reads it) and
    the traffic placed where it belongs, after net.growth_nodes."""
    fs = _fabric_kept(replace(inp, requests_per_s=0.0))
    traffic = FigureSet()
    rps = traffic.input("net.requests_per_s", np.asarray(inp.requests_per_s, dtype=float), "req/s",
                        "peak requests per second", "inference model (computed)")
    rq = traffic.input("net.request_bytes", inp.request_bytes, "B", "bytes in per request")
    rs = traffic.input("net.response_bytes", inp.response_bytes, "B", "bytes out per request")
    kv = traffic.input("net.kv_transfer_bytes", inp.kv_transfer_bytes_per_request, "B", "KV bytes moved per request")
    traffic.add("net.north_south_gbps", rps * (rq + rs) * 8 / 1e9, "Gb/s", "client traffic (north-south)",
                "requests_per_s x (request_bytes + response_bytes) x 8 / 1e9",
                ["net.requests_per_s", "net.request_bytes", "net.response_bytes"])
    traffic.add("net.east_west_gbps", rps * kv * 8 / 1e9, "Gb/s", "prefill-to-decode traffic (east-west)",
                "requests_per_s x kv_transfer_bytes x 8 / 1e9", ["net.requests_per_s", "net.kv_transfer_bytes"])
    fs.insert_after("net.growth_nodes", traffic)
    return fs


def _on_switches(links: Any, per_switch: Any, per_module: Any) -> Any:
    """Transceivers the switches of one side take: ``links`` packed full-first over switches of ``per_switch`` links
    (as the switch counts pack them), each switch taking ceil(its links / per_module)."""
    full = np.floor(links / per_switch)
    return full * np.ceil(per_switch / per_module) + np.ceil((links - full * per_switch) / per_module)


def _transceivers(fs: FigureSet, inp: FabricInputs, nodes: Any, ends: Any, tiers: Any, leaves: Any, spines: Any,
                  radix: Any, down: Any, up: Any) -> Any:
    """net.optics: one transceiver per NIC port; on the switches one per cage, ceil(ports used / ports per cage) per
    switch (a Quantum-2 NDR twin-port OSFP cage serves two 400 Gb/s ports), unknown where the catalog does not give
    the switch's ports per cage."""
    cage = record_field(fs, "net.switch_ports_per_cage", inp.switch, "ports_per_cage", "ports",
                        "switch ports per transceiver cage")
    split = np.maximum(1.0, np.floor(fs["net.switch_port_gbps"] / fs["net.nic_gbps"]))
    k = fs.add("net.links_per_switch_transceiver", cage * split, "ports",
               "switch ports at NIC speed one switch-side transceiver serves",
               "switch_ports_per_cage x max(1, floor(switch_port_gbps / nic_gbps))",
               ["net.switch_ports_per_cage", "net.switch_port_gbps", "net.nic_gbps"])
    nic_side = fs.add("net.nic_transceivers", ends, "transceivers", "transceivers at the NICs (one per NIC port)",
                      "endpoints", ["net.endpoints"])
    leaf_down = np.where(tiers == 1, np.ceil(ends / k),  # one switch takes every NIC port
                         fs["net.nics_per_node"] * _on_switches(nodes, down, k) if inp.rail_optimized
                         else _on_switches(ends, down, k))
    to_spines = leaves * up
    two = leaves * np.ceil(up / k) + _on_switches(to_spines, radix, k)
    half = radix / 2.0
    three = (leaves * np.ceil(up / k) + _on_switches(to_spines, half, k) + spines * np.ceil(half / k)
             + _on_switches(spines * half, radix, k))
    switch_side = fs.add("net.switch_transceivers",
                         leaf_down + np.where(tiers == 2, two, np.where(tiers == 3, three, 0.0)), "transceivers",
                         "transceivers in the switch cages",
                         "per switch ceil(ports used / links_per_switch_transceiver): leaf ports facing nodes, leaf "
                         "uplinks, spine ports facing leaves and core (tier 3), core ports",
                         ["net.endpoints", "net.leaf_switches", "net.leaf_uplinks", "net.spine_switches",
                          "net.radix", "net.leaf_downlinks", "net.links_per_switch_transceiver", "net.tiers"])
    return fs.add("net.optics", nic_side + switch_side, "transceivers", "optical transceivers (NICs and switches)",
                  "nic_transceivers + switch_transceivers", ["net.nic_transceivers", "net.switch_transceivers"])


@memoised_on_inputs
def _fabric_kept(inp: FabricInputs) -> FigureSet:
    """The net.* figures but the request traffic (reads nothing of ``inp.requests_per_s``)."""
    fs = FigureSet()
    s, nic, sw = inp.server, inp.nic, inp.switch
    nodes = fs.input("net.nodes", np.asarray(inp.nodes, dtype=float), "nodes", "nodes on the fabric")
    gpn = record_field(fs, "net.gpus_per_node", s, "gpus", "GPUs", "GPUs per node")
    nics = record_field(fs, "net.nics_per_node", s, "nics", "NICs", "scale-out NICs per node (rails)")
    nic_gbps = record_field(fs, "net.nic_gbps", nic, "gbps", "Gb/s", "NIC speed")
    ports = record_field(fs, "net.switch_ports", sw, "ports", "ports", "switch ports")
    port_gbps = record_field(fs, "net.switch_port_gbps", sw, "port_gbps", "Gb/s", "switch port speed")
    radix = fs.add("net.radix", ports * np.maximum(1.0, np.floor(port_gbps / nic_gbps)), "ports",
                   "switch radix at NIC speed (ports split when faster than the NIC)",
                   "switch_ports x max(1, floor(switch_port_gbps / nic_gbps))",
                   ["net.switch_ports", "net.switch_port_gbps", "net.nic_gbps"])
    o = fs.input("net.oversubscription", float(inp.oversubscription), ":1", "leaf oversubscription (down:up)")
    down = fs.add("net.leaf_downlinks", np.floor(radix * o / (1.0 + o)), "ports", "leaf ports facing nodes",
                  "floor(radix x o / (1 + o))", ["net.radix", "net.oversubscription"])
    up = fs.add("net.leaf_uplinks", radix - down, "ports", "leaf ports facing spines", "radix - leaf_downlinks",
                ["net.radix", "net.leaf_downlinks"])
    ends = fs.add("net.endpoints", nodes * nics, "ports", "NIC ports to connect", "nodes x nics_per_node",
                  ["net.nodes", "net.nics_per_node"])
    tiers = fs.add("net.tiers", _tiers(ends, radix, down), "tiers", "switch tiers",
                   "1 if endpoints <= radix; 2 if endpoints <= radix x leaf_downlinks; else 3 "
                   f"({C.FAT_TREE_TIERS_NOTE})", ["net.endpoints", "net.radix", "net.leaf_downlinks"])
    if inp.rail_optimized:
        leaves_multi = nics * np.ceil(nodes / down)
        leaf_formula = "rail-optimised: nics_per_node x ceil(nodes / leaf_downlinks); 1 when tiers = 1"
    else:
        leaves_multi = np.ceil(ends / down)
        leaf_formula = "ceil(endpoints / leaf_downlinks); 1 when tiers = 1"
    leaves = fs.add("net.leaf_switches", np.where(tiers == 1, 1.0, leaves_multi), "switches", "leaf switches",
                    leaf_formula, ["net.nodes", "net.nics_per_node", "net.leaf_downlinks", "net.endpoints", "net.tiers"])
    half = radix / 2.0
    pods = np.ceil(leaves / half)
    spines = fs.add("net.spine_switches",
                    np.where(tiers == 1, 0.0, np.where(tiers == 2, np.ceil(leaves * up / radix), pods * half)),
                    "switches", "spine (aggregation) switches",
                    "tier 2: ceil(leaf_switches x leaf_uplinks / radix); tier 3: ceil(leaf_switches / (radix/2)) x radix/2",
                    ["net.leaf_switches", "net.leaf_uplinks", "net.radix", "net.tiers"])
    core = fs.add("net.core_switches", np.where(np.isnan(tiers), np.nan, np.where(tiers == 3, np.ceil(
                  spines * half / radix), 0.0)), "switches",
                  "core switches (third tier)", "tier 3: ceil(spine_switches x (radix/2) / radix)",
                  ["net.spine_switches", "net.radix", "net.tiers"])
    n_sw = fs.add("net.switches", leaves + spines + core, "switches", "switches in the fabric",
                  "leaf_switches + spine_switches + core_switches",
                  ["net.leaf_switches", "net.spine_switches", "net.core_switches"])
    fs.add("net.cables", ends + np.where(tiers >= 2, leaves * up, 0.0) + np.where(tiers == 3, spines * half, 0.0),
           "cables", "cables (node-leaf, leaf-spine, spine-core)",
           "endpoints + leaf_switches x leaf_uplinks (tiers >= 2) + spine_switches x radix/2 (tier 3)",
           ["net.endpoints", "net.leaf_switches", "net.leaf_uplinks", "net.spine_switches", "net.radix", "net.tiers"])
    optics = _transceivers(fs, inp, nodes, ends, tiers, leaves, spines, radix, down, up)

    # -- cost and power ---------------------------------------------------
    cur, fx = inp.currency, inp.cny_per_usd
    sw_price = catalog_price(fs, "net.switch_price", sw, "price_usd", "", "price per switch", cur, fx)
    optic_price = catalog_price(fs, "net.optic_price", nic, "optic_price_usd", "", "price per transceiver", cur, fx)
    nic_price = catalog_price(fs, "net.nic_price", nic, "price_usd", "", "price per NIC", cur, fx)
    nic_cost = 0.0 if inp.nics_in_server_price else ends * nic_price
    fs.add("net.nic_cost", nic_cost, cur, "NIC cost outside the server price",
           "0 (NICs in the server quote)" if inp.nics_in_server_price else "endpoints x nic_price",
           ["net.endpoints", "net.nic_price"])
    fs.add("net.cost", n_sw * sw_price + optics * optic_price + nic_cost, cur, "fabric cost",
           "switches x switch_price + optics x optic_price + nic_cost",
           ["net.switches", "net.switch_price", "net.optics", "net.optic_price", "net.nic_cost"])
    sw_power = record_field(fs, "net.switch_power", sw, "power_w", "W", "power per switch")
    fs.add("net.power_kw", n_sw * sw_power / 1000.0, "kW", "fabric switch power", "switches x switch_power / 1000",
           ["net.switches", "net.switch_power"])
    fs.input("net.switch_rack_units", float(sw.rack_units), "U", "rack units per switch",
             f"catalog switches/{sw.id}.rack_units")

    # -- bandwidth and scaling ------------------------------------------
    raw = fs.add("net.per_gpu_bw", nics * nic_gbps / 8.0 / gpn, "GB/s", "scale-out bandwidth per GPU",
                 "nics_per_node x nic_gbps / 8 / gpus_per_node", ["net.nics_per_node", "net.nic_gbps", "net.gpus_per_node"])
    eff = fs.add("net.effective_per_gpu_bw", np.where(tiers >= 2, raw / o, raw), "GB/s",
                 "per-GPU bandwidth across leaves after oversubscription",
                 "per_gpu_bw / oversubscription when tiers >= 2, else per_gpu_bw",
                 ["net.per_gpu_bw", "net.oversubscription", "net.tiers"])
    if callable(inp.scaling_efficiency):
        fs.add("net.scaling_efficiency", np.asarray(inp.scaling_efficiency(eff), dtype=float), "fraction",
               "scaling efficiency at this bandwidth", "scaling model f(effective_per_gpu_bw)",
               ["net.effective_per_gpu_bw"], source="scaling model (supplied function)")
    elif inp.scaling_efficiency is not None:
        fs.input("net.scaling_efficiency", float(inp.scaling_efficiency), "fraction",
                 "scaling efficiency at this bandwidth", "scaling model (computed)")

    # -- headroom -------------------------------------------------------
    max_ends = np.where(tiers == 1, radix, np.where(tiers == 2, radix * down, half * down * radix))
    cap_nodes = fs.add("net.max_nodes_this_tier", np.floor(max_ends / nics), "nodes",
                       "most nodes before the fabric needs another tier",
                       "floor(max endpoints of the tier / nics_per_node); max endpoints = radix, radix x leaf_downlinks, "
                       "radix/2 x leaf_downlinks x radix for 1, 2, 3 tiers",
                       ["net.radix", "net.leaf_downlinks", "net.nics_per_node", "net.tiers"])
    fs.add("net.headroom_nodes", cap_nodes - nodes, "nodes", "nodes that can be added without a fabric rebuild",
           "max_nodes_this_tier - nodes", ["net.max_nodes_this_tier", "net.nodes"])
    fs.input("net.growth_nodes", float(inp.growth_nodes), "nodes", "nodes the plan expects to add")

    # -- inference traffic (fabric_figures) and latency -----------------
    # every server has a front-end network: a row that records no front-end NIC leaves it unknown, never 0 Gb/s
    fe_row = s if s.frontend_nics and s.frontend_nic_gbps else replace(s, provenance=replace(
        s.provenance, unknown=(*s.provenance.unknown, "frontend_nics", "frontend_nic_gbps")))
    fe_n = record_field(fs, "net.frontend_nics", fe_row, "frontend_nics", "NICs", "front-end NICs per node")
    fe_g = record_field(fs, "net.frontend_nic_gbps", fe_row, "frontend_nic_gbps", "Gb/s", "front-end NIC speed")
    fs.add("net.frontend_capacity_gbps", nodes * fe_n * fe_g, "Gb/s", "front-end (north-south) capacity",
           "nodes x frontend_nics x frontend_nic_gbps", ["net.nodes", "net.frontend_nics", "net.frontend_nic_gbps"])
    hop = fs.constant("net.hop_latency", C.SWITCH_HOP_LATENCY_S)
    fibre = fs.constant("net.fibre_delay", C.FIBRE_DELAY_S_PER_M)
    run = fs.constant("net.cable_run", C.CABLE_RUN_M)
    hops = fs.add("net.hops", 2.0 * tiers - 1.0, "switches", "switches crossed between two nodes (worst case)",
                  "2 x tiers - 1", ["net.tiers"])
    fs.add("net.one_way_latency", hops * hop + (hops + 1.0) * run * fibre, "s", "one-way network latency",
           "hops x hop_latency + (hops + 1) x cable_run x fibre_delay",
           ["net.hops", "net.hop_latency", "net.cable_run", "net.fibre_delay"])
    fs.input("net.latency_budget", inp.latency_budget_s, "s", "network latency budget",
             "user input (seed document: real-time inference needs network latency under 1 ms)")
    return fs


def fabric_checks(fs: FigureSet, owned: bool = True) -> list[Check]:
    """The fabric's warnings; ``owned``: the customer owns the servers (a provider's network is the provider's)."""
    checks: list[Check] = []
    i = worst_index(fs["net.headroom_nodes"])
    head, growth = at(fs, "net.headroom_nodes", i), at(fs, "net.growth_nodes", None)
    if head == head and head < 0:  # more nodes than three tiers of these switches connect
        cap, nodes = at(fs, "net.max_nodes_this_tier", i), at(fs, "net.nodes", i)
        checks.append(Check(
            "net.beyond_three_tiers", "warning", "network", "Too many nodes for a three-tier fabric of these switches",
            f"{nodes:,.0f} nodes need more ports than a three-tier fabric of these switches connects "
            f"(at most {cap:,.0f} nodes); the switch count and cost shown are a lower bound.",
            "Split the cluster into several fabrics (pods joined at the data-centre network), choose "
            "higher-radix switches, or fewer scale-out NICs per node.",
            ("net.max_nodes_this_tier", "net.nodes"), {"nodes": nodes, "max_nodes": cap},
        ))
    elif head == head and head < growth:
        tiers = at(fs, "net.tiers", i)
        checks.append(Check(
            "net.no_expansion_headroom", "warning", "network", "The fabric cannot grow as planned",
            f"This {tiers:.0f}-tier fabric takes {head:.0f} more nodes before it needs another switch tier, but the plan "
            f"adds {growth:.0f}.",
            "Build the spine layer for the final size now (spare spine ports), or choose higher-radix switches.",
            ("net.headroom_nodes", "net.growth_nodes"), {"headroom_nodes": head, "growth_nodes": growth, "tiers": tiers},
        ))
    t = worst_index(fs["net.tiers"], low_is_bad=False)
    o, tiers0 = at(fs, "net.oversubscription", None), at(fs, "net.tiers", t)
    if o > 1.0 and tiers0 >= 2:
        eff, raw = at(fs, "net.effective_per_gpu_bw", t), at(fs, "net.per_gpu_bw", t)
        checks.append(Check(
            "net.oversubscribed", "warning", "network", "Oversubscribed fabric slows cross-leaf collectives",
            f"Leaves are {o:.1f}:1 oversubscribed, so each GPU gets {eff:.1f} GB/s across leaves instead of "
            f"{raw:.1f} GB/s.",
            "Use a non-blocking (1:1) fabric for training; keep oversubscription for inference or storage networks.",
            ("net.oversubscription", "net.effective_per_gpu_bw"),
            {"oversubscription": o, "effective_gbs": eff, "per_gpu_gbs": raw},
        ))
    j = worst_index(fs["net.frontend_capacity_gbps"] - fs["net.north_south_gbps"])
    ns, fe = at(fs, "net.north_south_gbps", j), at(fs, "net.frontend_capacity_gbps", j)
    if fe > 0 and ns > fe:  # a server record without front-end NICs leaves the capacity unknown, not zero
        checks.append(Check(
            "net.frontend_short", "warning", "network", "Front-end network too small for client traffic",
            f"Peak client traffic is {ns:,.1f} Gb/s but the front-end NICs carry {fe:,.1f} Gb/s.",
            "Add front-end NICs or faster ones, or spread serving over more nodes.",
            ("net.north_south_gbps", "net.frontend_capacity_gbps"), {"north_south_gbps": ns, "frontend_gbps": fe},
        ))
    if fe != fe and ns > 0 and not owned:  # the rented server lists no front-end NIC: the provider's to give
        checks.append(Check(
            "net.provider_frontend_unknown", "info", "network", "Provider's front-end bandwidth unknown",
            f"The server lists no front-end NIC in the catalog, so whether the provider's front-end network carries "
            f"the peak client traffic of {ns:,.1f} Gb/s is unknown. The network is the provider's: its cost is in the "
            "rental price, not in this phase's costs.",
            "Ask the provider for the instances' front-end (client-facing) bandwidth, or choose an offer whose server "
            "lists its front-end NICs in the catalog.",
            ("net.frontend_capacity_gbps", "net.north_south_gbps"), {"north_south_gbps": ns},
        ))
    nodes_n, per_gpu = at(fs, "net.nodes", None), at(fs, "net.per_gpu_bw", None)
    if per_gpu != per_gpu and nodes_n > 1 and owned:  # the server row lists no back-end NIC and the plan names none
        checks.append(Check(
            "net.nic_unknown", "warning", "network", "Scale-out NIC unknown",
            f"The server's catalog row lists no back-end NIC and the plan names none, so the network bandwidth per "
            f"GPU, the switch count and the network cost of the {nodes_n:,.0f} nodes are unknown.",
            "Choose the NIC in step 5 (one per GPU), or a server whose catalog row lists its NICs.",
            ("net.per_gpu_bw", "net.switches", "net.cost"), {"nodes": nodes_n},
        ))
    if per_gpu != per_gpu and not owned:  # the rented offer's server lists no NIC: the provider's bandwidth is unknown
        checks.append(Check(
            "net.provider_bandwidth_unknown", "info", "network", "Provider's network bandwidth unknown",
            "The offer's server lists no back-end NIC in the catalog, so the network bandwidth per GPU and the "
            "fabric figures drawn from it are unknown. The network is the provider's: its switches and cost are in "
            "the rental price, not in this phase's costs.",
            "Ask the provider for the offer's network bandwidth per GPU, or choose an offer whose server lists its "
            "NICs in the catalog.",
            ("net.per_gpu_bw",), {},
        ))
    k = worst_index(fs["net.one_way_latency"], low_is_bad=False)
    lat, budget = at(fs, "net.one_way_latency", k), at(fs, "net.latency_budget", None)
    if lat > budget:
        checks.append(Check(
            "net.latency_budget", "warning", "network", "Network latency exceeds the budget",
            f"One-way latency across the fabric is {lat * 1e6:,.1f} us, above the {budget * 1e6:,.0f} us budget.",
            "Keep latency-critical serving within one leaf or one node (scale-up domain).",
            ("net.one_way_latency", "net.latency_budget"), {"latency_us": lat * 1e6, "budget_us": budget * 1e6},
        ))
    return checks


def instance_network_checks(instance: Any, instances: int) -> list[Check]:
    """A rented phase spread over several instances whose network the catalog's offer row does not give: the time
    of a layout across them is unknown (core/plan_workload.scaleout_of), said here once."""
    if instances <= 1 or instance.network_gbps:
        return []
    return [Check(
        "net.instance_network_unknown", "info", "network", "Network between the rented instances unknown",
        f"The catalog does not give the network between {instance.instance} instances, so the time of a layout across "
        f"the phase's {instances:,} instances is unknown. The network is the provider's: its cost is in the rental "
        "price, not in this phase's costs.",
        "Ask the provider for the network bandwidth between its instances, or choose an offer with more GPUs per "
        "instance or one whose catalog row gives its network.",
        ("net.instance_gbps",), {"instance": instance.instance, "instances": float(instances)},
    )]
