"""A link runs at the slower end's rate: 400 Gb/s NICs in a 200 Gb/s switch link at 200 Gb/s.

16 DGX H100 (8 × 400 Gb/s ConnectX-7 each) on the plan's switch: with QM9700 (64 × 400 Gb/s NDR ports) each GPU
has 8 × 400 / 8 / 8 = 50 GB/s across nodes; with QM8700 (40 × 200 Gb/s HDR ports) the NDR adapters link at HDR,
8 × 200 / 8 / 8 = 25 GB/s. Until 2026-12-05 the HDR switch changed only the switch count: the bandwidth per GPU,
the data-parallel all-reduce and the time to train read the NICs' 400 Gb/s, and nothing said the links were halved.
"""

from __future__ import annotations

import pytest
from domain_plans import check, check_ids, estimate, plan

SIXTEEN = dict(hardware__nodes=16, w__train_tokens=2e12)


def test_ndr_nics_in_an_hdr_switch_link_at_hdr(catalog) -> None:
    hdr = estimate(catalog, plan(network__switch_id="qm8700", **SIXTEEN))
    f = hdr.figures
    assert catalog.switch("qm8700").port_gbps == 200 and catalog.server("dgx-h100").nic_gbps == 400
    assert f.number("net.per_gpu_bw") == pytest.approx(8 * 200 / 8 / 8)
    assert f.number("hw.scaleout_bw") == pytest.approx(8 * 200 / 8 / 8 * 1e9)  # the time model reads the link
    assert "qm8700" in f.source("hw.scaleout_bw")
    warned = check(hdr, "net.nic_faster_than_switch")
    assert warned.numbers["nic_gbps"] == 400 and warned.numbers["port_gbps"] == 200
    ndr = estimate(catalog, plan(network__switch_id="qm9700", **SIXTEEN))
    assert ndr.figures.number("hw.scaleout_bw") == pytest.approx(50e9)
    assert "net.nic_faster_than_switch" not in check_ids(ndr)
    # half the bandwidth exposes more of the gradient all-reduce: training is slower, never faster
    assert f.number("train.tokens_per_s") < ndr.figures.number("train.tokens_per_s")


def test_a_server_links_at_its_own_nics_speed_whatever_nic_the_plan_names(catalog) -> None:
    """DGX H100 carries its own 8 × 400 Gb/s ConnectX-7, which the time model reads (plan_workload.scaleout_of: the
    server row's NICs first). A plan naming the 800 Gb/s ConnectX-8 had the fabric read 800 Gb/s (100 GB/s a GPU, one
    144-port XDR switch for 128 ports) while training was timed at 400 (50 GB/s): now both read the server's own."""
    named = estimate(catalog, plan(network__nic_id="connectx-8-xdr", **SIXTEEN))
    f = named.figures
    assert f.number("net.nic_gbps") == 400 and f.number("net.per_gpu_bw") * 1e9 == pytest.approx(f.number("hw.scaleout_bw"))
    warned = check(named, "net.nic_unlike_server")
    assert warned.numbers["named_gbps"] == 800 and warned.numbers["own_gbps"] == 400
    assert "net.nic_unlike_server" not in check_ids(estimate(catalog, plan(**SIXTEEN)))  # the default NIC: silent


def test_the_bank_samples_fabric_runs_at_the_ascend_servers_own_nics(catalog) -> None:
    """The bank sample's Ascend 910B servers carry 8 × 200 GbE; the default Ethernet NIC nearest that speed in the
    catalog is a 100 GbE E810, which the fabric read (12.5 GB/s a GPU) while the time model read the server's
    200 GbE (25 GB/s). Both read 25 GB/s; a NIC the plan did not name raises nothing."""
    from pathlib import Path

    from gpudesk.project.io import load_project

    sample = Path(__file__).resolve().parents[2] / "resources" / "samples" / "bank-llm-assistant.gpudesk"
    est = estimate(catalog, load_project(sample).project, 1)
    f = est.figures
    assert f.number("net.per_gpu_bw") == pytest.approx(8 * 200 / 8 / 8)
    assert f.number("net.per_gpu_bw") * 1e9 == pytest.approx(f.number("hw.scaleout_bw"))
    assert "net.nic_unlike_server" not in check_ids(est)


def test_an_infiniband_nic_on_an_ethernet_switch_is_refused_by_a_blocker(catalog) -> None:
    """ConnectX-7 NDR (an InfiniBand adapter) named with a Spectrum-4 SN5600 (an Ethernet switch) was sized and priced
    as a working fabric without a word."""
    from gpudesk.report.check_text import localise

    est = estimate(catalog, plan(network__nic_id="connectx-7-ndr", network__switch_id="sn5600", **SIXTEEN))
    blocker = check(est, "net.nic_switch_kind_mismatch")
    assert blocker.severity == "blocker" and "InfiniBand" in blocker.message and "Ethernet" in blocker.message
    zh = localise(blocker, "zh")[1]
    assert "以太网" in zh and "ethernet" not in zh
    same = estimate(catalog, plan(network__nic_id="connectx-7-ndr", network__switch_id="qm9700", **SIXTEEN))
    assert "net.nic_switch_kind_mismatch" not in check_ids(same)
