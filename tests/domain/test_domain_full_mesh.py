"""A full-mesh scale-up link gives a group inside a node only its own links (issue 18, "every number right").

MI300X (XGMI), Gaudi (RoCE ports wired all-to-all) and Ascend 910B (HCCS) have no switch inside the node: each
GPU has one link (bundle) to each of its 7 peers. AMD's ROCm blog (2025-03-02): each MI300X is connected to its
seven peers via xGMI, a fully connected mesh, up to 64 GB/s per point-to-point link (7 x 64 = 448 GB/s). Intel's
Gaudi network configuration page: 21 of 24 ports wire the 8 accelerators all-to-all, 3 per peer (Gaudi 2:
21 x 12.5 = 262.5 GB/s). Huawei's msmodeling device profile: 910B HCCS, 8-NPU full mesh, 7 x 28 = 196 GB/s.
A ring (or all-to-all) over k ranks of one node runs over the k - 1 links among them, so its per-rank bandwidth
is (k - 1) x the link rate: TP2 on MI300X has 64 GB/s, not 448; TP4 on 910B 3 x 28 = 84 GB/s, not 196. A switched
NVLink (NVSwitch) gives any group the whole per-GPU bandwidth. Hand counts below; before 68b1a00 gpudesk gave
every group inside a node the whole bandwidth, so each mesh hand count failed.
"""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.core.collectives import Links, collective_time
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays
from gpudesk.text_catalogues import catalogue

S = 1e9  # 1 GB buffer


def _links(catalog, acc_id: str) -> tuple[Links, float]:
    """The part's links and its measured scale-up bus efficiency (the same factor for every group)."""
    hw = HardwareArrays.from_accelerators([catalog.accelerator(acc_id)])
    eff = Efficiencies.for_hardware(hw, "bf16")
    return Links.from_hardware(hw, eff), float(eff.scaleup_busbw[0])


def _all_reduce_busbw(links: Links, k: int) -> float:
    """Bus bandwidth (B/s) of a large all-reduce over k ranks of one node: 2(k-1)/k · S / (time - its latency)."""
    n = np.array([float(k)])
    big, small = collective_time("all_reduce", 2 * S, n, n, links)[0], collective_time("all_reduce", S, n, n, links)[0]
    return float(2 * (k - 1) / k * S / (big - small))  # the difference removes the latency


def test_mi300x_tp2_reaches_one_xgmi_link_and_tp8_all_seven(catalog) -> None:
    links, eff = _links(catalog, "mi300x")
    assert _all_reduce_busbw(links, 2) == pytest.approx(64e9 * eff, rel=1e-9)  # 1 link of 448 / 7
    assert _all_reduce_busbw(links, 8) == pytest.approx(448e9 * eff, rel=1e-9)  # 7 links
    assert _all_reduce_busbw(links, 4) == pytest.approx(3 * 64e9 * eff, rel=1e-9)


def test_ascend_910b_tp4_reaches_three_hccs_links(catalog) -> None:
    links, eff = _links(catalog, "ascend-910b")
    assert _all_reduce_busbw(links, 4) == pytest.approx(3 * 28e9 * eff, rel=1e-9)  # 84 GB/s, not 196
    assert _all_reduce_busbw(links, 8) == pytest.approx(196e9 * eff, rel=1e-9)
    # per byte, TP4's all-reduce is slower than TP8's: 2·3/4 / 84 > 2·7/8 / 196
    t4 = 2 * 3 / 4 * S / (84e9 * eff)
    t8 = 2 * 7 / 8 * S / (196e9 * eff)
    assert t4 > 1.9 * t8


def test_gaudi2_pair_reaches_one_bundle_of_three_ports(catalog) -> None:
    links, eff = _links(catalog, "gaudi2")
    assert _all_reduce_busbw(links, 2) == pytest.approx(3 * 12.5e9 * eff, rel=1e-9)  # 37.5 GB/s
    assert _all_reduce_busbw(links, 8) == pytest.approx(21 * 12.5e9 * eff, rel=1e-9)  # 262.5 GB/s


def test_point_to_point_on_a_mesh_uses_one_link(catalog) -> None:
    links, _ = _links(catalog, "mi300x")
    two = np.array([2.0])
    dt = collective_time("p2p", 2 * S, two, two, links)[0] - collective_time("p2p", S, two, two, links)[0]
    assert S / dt == pytest.approx(float(links.scaleup_bw[0]) / 7, rel=1e-9)


def test_a_switched_nvlink_gives_every_group_the_whole_link(catalog) -> None:
    links, _ = _links(catalog, "h100-sxm")
    assert _all_reduce_busbw(links, 2) == pytest.approx(_all_reduce_busbw(links, 8), rel=1e-9)


def test_the_training_formula_says_why() -> None:
    """The TP communication figure's formula text names the full-mesh rule (en and zh)."""
    en = catalogue("formulas", "en")["formula"]["train.comm_tp_s"]
    zh = catalogue("formulas", "zh")["formula"]["train.comm_tp_s"]
    assert "full mesh" in en and "min(t − {3}, links)" in en
    assert "全互联" in zh


@pytest.mark.parametrize("op", ["all_reduce", "all_gather", "reduce_scatter"])
def test_the_flat_path_agrees_with_the_broadcast_path_on_a_mesh(catalog, op) -> None:
    """A list of configurations (flat 1-D arrays: the search's path, _ring_time_flat) gives the same bits as the
    same groups broadcast against one candidate's links, groups inside one node and across nodes alike."""
    hw = HardwareArrays.from_accelerators([catalog.accelerator("ascend-910b"), catalog.accelerator("h100-sxm")])
    group = np.array([2.0, 4.0, 8.0, 16.0, 4.0, 32.0])
    local = np.array([2.0, 4.0, 8.0, 4.0, 2.0, 8.0])
    size = np.full(6, 3e8)
    for row in (0, 1):
        one = hw.take(np.array([row]))
        flat = collective_time(op, size, group, local, Links.from_hardware(
            hw.take(np.full(6, row)), Efficiencies.for_hardware(hw.take(np.full(6, row)), "bf16")))
        broadcast = collective_time(op, size[:, None], group[:, None], local[:, None],
                                    Links.from_hardware(one, Efficiencies.for_hardware(one, "bf16")))[:, 0]
        assert np.array_equal(flat, broadcast), (row, flat, broadcast)
