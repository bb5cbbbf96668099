"""Hardware arrays, calibrated efficiencies and collective times."""

from __future__ import annotations

import numpy as np
import pytest
from test_training_samples import A100, B200, H100, L40S, MI300X

from gpudesk.core.collectives import Links, bus_bandwidth, collective_time, local_members
from gpudesk.core.constants import MATMUL_EFFICIENCY_BF16, MATMUL_EFFICIENCY_BF16_UNMEASURED, SCALEOUT_BUSBW_EFFICIENCY
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays


def _links(accs=(H100,), **kw):
    hw = HardwareArrays.from_accelerators(list(accs), **kw)
    return hw, Links.from_hardware(hw, Efficiencies.for_hardware(hw, "bf16"))


def test_hardware_arrays_convert_units_and_derive_scale_out():
    hw = HardwareArrays.from_accelerators([H100, L40S], nic_gbps=400, nics_per_node=8, gpus_per_node=8)
    assert hw.peak("bf16")[0] == 989e12 and hw.hbm_bw[1] == 864e9
    assert hw.scaleout_bw[0] == pytest.approx(50e9)
    assert hw.scaleup_is_pcie.tolist() == [False, True]
    assert np.isnan(hw.peak("fp4")[0])
    sub = hw.take(np.array([1, 1, 0]))
    assert sub.ids.tolist() == ["l40s", "l40s", "h100-sxm"]


def test_efficiencies_come_from_measurements_per_family():
    hw = HardwareArrays.from_accelerators([A100, H100, MI300X, L40S])
    eff = Efficiencies.for_hardware(hw, "bf16")
    assert eff.matmul[0] == MATMUL_EFFICIENCY_BF16["nvidia-ampere"].value
    assert eff.matmul[2] == MATMUL_EFFICIENCY_BF16["amd-cdna3"].value
    assert eff.matmul[3] == MATMUL_EFFICIENCY_BF16_UNMEASURED.value
    assert "not measured" in eff.sources["matmul"] or "no measurement" in eff.sources["matmul"]


def test_ring_all_reduce_bandwidth_term():
    hw, links = _links()
    size = np.array(1e9)
    t = collective_time("all_reduce", size, np.array(8.0), np.array(8.0), links)
    expected = 2 * 7 / 8 * 1e9 / links.scaleup_reduce_bw[0]  # all-reduce: in-switch reduction where measured
    assert t == pytest.approx(expected, rel=0.01)
    ag = collective_time("all_gather", size, np.array(8.0), np.array(8.0), links)
    assert ag == pytest.approx(7 / 8 * 1e9 / links.scaleup_bw[0], rel=0.02)  # every byte over the link
    assert collective_time("all_reduce", size, np.array(1.0), np.array(1.0), links) == 0


def test_groups_spanning_nodes_are_limited_by_the_nics_they_use():
    hw, links = _links(nic_gbps=400)
    one_per_node = bus_bandwidth(np.array(16.0), np.array(1.0), links)
    eight_per_node = bus_bandwidth(np.array(128.0), np.array(8.0), links)
    assert one_per_node == pytest.approx(50e9 * SCALEOUT_BUSBW_EFFICIENCY.value)
    assert eight_per_node == pytest.approx(min(links.scaleup_bw[0], 8 * one_per_node))
    assert local_members(np.array(64.0), np.array(8.0), np.array(8.0)) == 1
    assert local_members(np.array(4.0), np.array(1.0), np.array(8.0)) == 4


def test_latency_dominates_small_messages_and_grows_with_hops():
    hw, links = _links()
    small = collective_time("all_reduce", np.array(1e3), np.array([2.0, 8.0]), np.array([2.0, 8.0]), links)
    assert small[1] > small[0] > links.base_s


def test_all_to_all_and_p2p():
    hw, links = _links((B200,))
    a2a = collective_time("all_to_all", np.array(1e8), np.array(64.0), np.array(8.0), links)
    intra = collective_time("all_to_all", np.array(1e8), np.array(8.0), np.array(8.0), links)
    assert a2a > intra
    p2p_far = collective_time("p2p", np.array(1e8), np.array(2.0), np.array(1.0), links)
    p2p_near = collective_time("p2p", np.array(1e8), np.array(2.0), np.array(2.0), links)
    assert p2p_far > p2p_near
    with pytest.raises(ValueError):
        collective_time("broadcast", np.array(1.0), np.array(2.0), np.array(2.0), links)
