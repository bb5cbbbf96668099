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
