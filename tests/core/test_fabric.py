"""Network fabric (step 5): rail-optimised leaf/spine from the QM9700 radix (64 x 400 Gb/s)."""

from dataclasses import replace

import numpy as np
import pytest
from test_power import CX7, DGX_H100, QM9700

from gpudesk.core.fabric import FabricInputs, fabric_checks, fabric_figures


def _fab(**kw):
    base = dict(server=DGX_H100, nic=CX7, switch=QM9700, nodes=32)
    base.update(kw)
    return fabric_figures(FabricInputs(**base))


def test_32_node_rail_optimised_two_tier():
    fs = _fab()
    # 32 nodes x 8 NICs = 256 ports; radix 64, 1:1 -> 32 down / 32 up per leaf; 256 <= 64 x 32 -> two tiers
    assert fs["net.endpoints"] == 256 and fs["net.tiers"] == 2
    # rails: 8 x ceil(32 / 32) = 8 leaves; spines ceil(8 x 32 / 64) = 4
    assert fs["net.leaf_switches"] == 8 and fs["net.spine_switches"] == 4
    # cables 256 + 8 x 32 = 512; transceivers: 256 at the NICs, 384 in the switches' twin-port cages (below)
    assert fs["net.cables"] == 512 and fs["net.optics"] == 640
    # per GPU: 8 x 400 / 8 / 8 = 50 GB/s; headroom: 64 x 32 / 8 = 256 nodes -> 224 more
    assert fs["net.per_gpu_bw"] == pytest.approx(50.0)
    assert fs["net.headroom_nodes"] == 224
    # latency: 3 hops x 400 ns + 4 cables x 30 m x 5 ns/m = 1.8 us
    assert fs["net.one_way_latency"] == pytest.approx(1.8e-6)
    assert np.isnan(fs["net.cost"])  # switch price unknown in the row: cost stays unknown, never zero
    assert fabric_checks(fs) == []


def test_sweep_reaches_three_tiers_and_prices():
    sw = replace(QM9700, price_usd=30_000.0, power_w=1_000.0)
    nic = replace(CX7, optic_price_usd=800.0)
    fs = _fab(switch=sw, nic=nic, nodes=np.array([4, 32, 300]))
    # 4 nodes x 8 = 32 ports fit one 64-port switch; 300 x 8 = 2,400 > 2,048 -> three tiers
    np.testing.assert_array_equal(fs["net.tiers"], [1, 2, 3])
    fs_small = _fab(nodes=4, rail_optimized=False)
    assert fs_small["net.tiers"] == 1 and fs_small["net.switches"] == 1
    # 32 nodes: 12 switches x 30,000 + 640 transceivers x 800 = 872,000 USD; 12 kW
    assert fs["net.cost"][1] == pytest.approx(12 * 30_000 + 640 * 800)
    assert fs["net.power_kw"][1] == pytest.approx(12.0)


def test_fabric_checks():
    fs = _fab(nodes=32, oversubscription=2.0, growth_nodes=500, requests_per_s=1e5, request_bytes=4e3,
              response_bytes=4e3, latency_budget_s=1e-6)
    ids = {c.id for c in fabric_checks(fs)}
    # 1e5 x 8 KB x 8 = 6.4 Gb/s < 32 x 2 x 400: front end fine
    assert ids == {"net.no_expansion_headroom", "net.oversubscribed", "net.latency_budget"}
    assert fs["net.effective_per_gpu_bw"] == pytest.approx(25.0)


def test_scaling_efficiency_callable_and_value():
    fs = _fab(scaling_efficiency=lambda bw: np.minimum(1.0, 0.5 + bw / 100.0))
    assert fs["net.scaling_efficiency"] == pytest.approx(1.0)
    assert _fab(scaling_efficiency=0.9)["net.scaling_efficiency"] == 0.9


def test_more_nodes_than_three_tiers_connect_is_an_error_not_negative_headroom():
    # radix 64, 1:1: three tiers reach 32 x 32 x 64 = 65,536 endpoints = 8,192 nodes of 8 NICs
    fs = _fab(nodes=10_000, growth_nodes=100)
    assert fs["net.max_nodes_this_tier"] == 8192 and fs["net.headroom_nodes"] == 8192 - 10_000
    checks = {c.id: c for c in fabric_checks(fs)}
    assert "net.no_expansion_headroom" not in checks  # never "takes -1808 more nodes"
    beyond = checks["net.beyond_three_tiers"]
    assert beyond.severity == "warning" and "8,192" in beyond.message and "10,000" in beyond.message


def test_an_unknown_nic_is_said_where_the_customer_owns_the_network():
    """A server row without back-end NICs and no NIC in the plan leave bandwidth, switches and cost unknown: a
    warning says so and how to fix it (step 5 showed ✓ over three 未知 figures); a rented phase's network is the
    provider's: a note says whom to ask."""
    fs = _fab(nic=replace(CX7, gbps=float("nan")), nodes=2)
    assert np.isnan(fs["net.per_gpu_bw"])
    found = [c for c in fabric_checks(fs) if c.id == "net.nic_unknown"]
    assert len(found) == 1 and found[0].severity == "warning" and found[0].step == "network"
    assert "2 nodes" in found[0].message and "step 5" in found[0].fix
    assert "net.nic_unknown" not in {c.id for c in fabric_checks(fs, owned=False)}
    # a rented phase's unknown bandwidth is still said, as the provider's to give (step 5 showed 未知 under ✓)
    [provider] = [c for c in fabric_checks(fs, owned=False) if c.id == "net.provider_bandwidth_unknown"]
    assert provider.severity == "info" and "provider" in provider.fix
    assert "net.provider_bandwidth_unknown" not in {c.id for c in fabric_checks(fs)}
    assert "net.nic_unknown" not in {c.id for c in fabric_checks(_fab(nodes=2))}
    # a server row without its NIC count: the ports, tiers and switches are unknown, never "3 tiers" for two servers
    # (the manufacturer's two L20 servers read 交换网络层数 3 层: NaN fell through the tier test) nor 0 core switches
    uncounted = _fab(server=replace(DGX_H100, nics=float("nan")), nodes=2)
    for key in ("net.endpoints", "net.tiers", "net.leaf_switches", "net.spine_switches", "net.core_switches",
                "net.switches"):
        assert np.isnan(uncounted[key]), key


def test_a_rate_edit_keeps_the_fabric_and_adds_its_traffic():
    """Within the window's memo (core/pass_memo.PassMemo) a new request rate re-runs the traffic alone: the fabric is
    kept, and every figure (values, explanations, key order) is what a fresh call at that rate gives."""
    import json

    from gpudesk.core.pass_memo import PassMemo
    from gpudesk.results.plan_json import figures_to_json

    def text(fs) -> str:  # type: ignore[no-untyped-def]
        return json.dumps(figures_to_json(fs, include_inputs=True), default=str)

    memo, base = PassMemo(), dict(request_bytes=4e3, response_bytes=2e4, kv_transfer_bytes_per_request=1e6)
    with memo.active():
        _fab(requests_per_s=10.0, **base)
        misses = memo.misses
        got = _fab(requests_per_s=np.array([25.0, 40.0]), **base)
        assert memo.misses == misses, "a rate edit built the fabric again"
        again = _fab(requests_per_s=10.0, **base)
    fresh = _fab(requests_per_s=np.array([25.0, 40.0]), **base)
    assert text(got) == text(fresh) and list(got.keys()) == list(fresh.keys())
    assert text(again) == text(_fab(requests_per_s=10.0, **base)), "a later rate changed the kept figures"
    np.testing.assert_allclose(got["net.north_south_gbps"], np.array([25.0, 40.0]) * 2.4e4 * 8 / 1e9)


def test_a_server_row_without_front_end_nics_leaves_the_front_end_unknown_not_zero():
    """`gpudesk estimate` printed 'net.frontend_capacity_gbps 0 Gb/s' for the gov and bank samples, whose server rows
    record no front-end NIC (walk-25): every server has a front-end network, so an unrecorded one is unknown, and the
    front-end check neither fires nor passes on it."""
    bare = replace(DGX_H100, frontend_nics=0, frontend_nic_gbps=0.0)
    fs = _fab(server=bare)
    assert np.isnan(fs["net.frontend_nics"]) and np.isnan(fs["net.frontend_capacity_gbps"])
    assert "unknown in catalog" in fs.explain("net.frontend_nics").source
    known = _fab(server=replace(DGX_H100, frontend_nics=2, frontend_nic_gbps=200.0))
    assert known["net.frontend_capacity_gbps"] == pytest.approx(32 * 2 * 200.0)


def test_a_cny_plan_prices_its_fabric_in_yuan_from_the_catalogs_usd():
    sw = replace(QM9700, price_usd=30_000.0)
    nic = replace(CX7, optic_price_usd=800.0, price_usd=1_500.0)
    usd = _fab(switch=sw, nic=nic, nics_in_server_price=False)
    cny = _fab(switch=sw, nic=nic, nics_in_server_price=False, currency="CNY", cny_per_usd=7.1)
    for key in ("net.switch_price", "net.optic_price", "net.nic_price", "net.nic_cost", "net.cost"):
        assert usd.unit(key) == "USD" and cny.unit(key) == "CNY"
        assert cny[key] == pytest.approx(7.1 * usd[key])
    assert cny.source("net.switch_price") == usd.source("net.switch_price") + " (USD, in CNY at 7.1 CNY/USD)"
    unknown = _fab(currency="CNY")  # the row has no price: unknown, its source saying so, with no conversion note
    assert np.isnan(unknown["net.switch_price"]) and unknown.source("net.switch_price").endswith("(unknown in catalog)")


def test_a_rented_server_without_front_end_nics_says_the_providers_front_end_is_unknown():
    """A rented phase (no cloud offer) on a server whose front-end NIC is unpublished had no network check at all
    (walk-26 core item 4): the provider's front-end bandwidth is the provider's to give, as the back-end's is
    (net.provider_bandwidth_unknown). Owned, the server is the customer's own: no provider to ask."""
    bare = replace(DGX_H100, frontend_nics=0, frontend_nic_gbps=0.0)
    fs = _fab(server=bare, requests_per_s=1_000.0, request_bytes=100_000.0, response_bytes=100_000.0)
    assert fs["net.north_south_gbps"] > 0
    [front] = [c for c in fabric_checks(fs, owned=False) if c.id == "net.provider_frontend_unknown"]
    assert front.severity == "info" and "provider" in front.fix and "Gb/s" in front.message
    assert "net.provider_frontend_unknown" not in {c.id for c in fabric_checks(fs)}
    quiet = _fab(server=bare)  # no client traffic: nothing to carry
    assert "net.provider_frontend_unknown" not in {c.id for c in fabric_checks(quiet, owned=False)}


def test_ndr_switches_take_one_twin_port_transceiver_per_two_ports():
    """QM9700: 32 OSFP cages for 64 NDR ports (NVIDIA LinkX: twin-port 2x400G OSFP in Quantum-2 cages); a
    ConnectX-7 takes one single-port module. Rail-optimised 1:1 two tiers: 32 nodes x 8 rails = 256 NIC ports on
    8 leaves of 32 down / 32 up, 4 spines."""
    fs = _fab()
    assert fs["net.links_per_switch_transceiver"] == 2
    assert fs["net.nic_transceivers"] == 256
    # leaves: 8 x (ceil(32 / 2) down + ceil(32 / 2) up) = 256; spines: 256 leaf links / 2 per module = 128
    assert fs["net.switch_transceivers"] == 256 + 128
    # 40 nodes: each rail has a full leaf (32 nodes) and one with 8; per switch ceil(ports used / 2)
    fs = _fab(nodes=40)
    assert fs["net.leaf_switches"] == 16 and fs["net.spine_switches"] == 8
    # leaf down 8 x (16 + 4) = 160; leaf up 16 x 16 = 256; spines 16 x 32 = 512 links over 8 full spines -> 256
    assert fs["net.switch_transceivers"] == 160 + 256 + 256 and fs["net.optics"] == 320 + 672
    # one switch: 3 nodes x 5 NICs = 15 ports -> ceil(15 / 2) = 8, an odd port count rounding up per switch
    odd = _fab(server=replace(DGX_H100, nics=5), nodes=3)
    assert odd["net.tiers"] == 1 and odd["net.switch_transceivers"] == 8 and odd["net.nic_transceivers"] == 15


def test_a_one_port_cage_switch_keeps_one_transceiver_per_cable_end():
    """QM8700 (HDR, 40 QSFP56 cages of one port): the count is two per cable, as before the cage rule."""
    hdr = replace(QM9700, id="qm8700", ports=40, port_gbps=200, ports_per_cage=1)
    nic = replace(CX7, gbps=200.0)
    for nodes in (4, 32, 300):
        fs = _fab(switch=hdr, nic=nic, nodes=nodes)
        assert fs["net.optics"] == 2 * fs["net.cables"]


def test_a_switch_whose_cages_the_catalog_does_not_give_leaves_the_count_unknown():
    fs = _fab(switch=replace(QM9700, ports_per_cage=None))
    assert fs["net.nic_transceivers"] == 256
    assert np.isnan(fs["net.switch_transceivers"]) and np.isnan(fs["net.optics"])
    assert fs.source("net.switch_ports_per_cage").endswith("(unknown in catalog)")
