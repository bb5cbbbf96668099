"""Issue 16 error 9: NVLink SHARP's bus efficiency above 1 speeds up all-reduce only.

Published figures: 8×H200 all-reduce peak busbw 482.26 GB/s over 450 GB/s NVLink4 per direction (ml-engineering
network/benchmarks; in-switch reduction, hence 1.07). All-gather, reduce-scatter, all-to-all and point-to-point
move every byte over the links (nccl-tests doc/PERFORMANCE.md), so their busbw cannot exceed the link rate;
gpudesk caps them at the NVLink5 fraction measured without that gain, 845.67 / 900 = 0.94.
"""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.core.collectives import Links, collective_time
from gpudesk.core.constants import NCCL_BASE_LATENCY_S, NCCL_HOP_LATENCY_S
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays

S = 1e9  # 1 GB buffer
N = np.array([8.0])


def _links(catalog) -> Links:
    hw = HardwareArrays.from_accelerators([catalog.accelerator("h100-sxm")])
    return Links.from_hardware(hw, Efficiencies.for_hardware(hw, "bf16"))


def _latency(steps: float) -> float:
    return NCCL_BASE_LATENCY_S.value + steps * NCCL_HOP_LATENCY_S["scaleup"].value


def test_all_reduce_keeps_the_in_switch_reduction(catalog) -> None:
    t = float(collective_time("all_reduce", S, N, N, _links(catalog))[0])
    assert t == pytest.approx(2 * 7 / 8 * S / (450e9 * 1.07) + _latency(14), rel=1e-3)  # 482.26/450 = 1.0717


@pytest.mark.parametrize("op", ["all_gather", "reduce_scatter"])
def test_gather_and_scatter_cannot_beat_the_link(catalog, op) -> None:
    t = float(collective_time(op, S, N, N, _links(catalog))[0])
    assert t == pytest.approx(7 / 8 * S / (450e9 * 0.94) + _latency(7), rel=1e-3)
    assert 7 / 8 * S / t < 450e9  # below the link rate


def test_point_to_point_cannot_beat_the_link(catalog) -> None:
    t = float(collective_time("p2p", S, np.array([2.0]), np.array([2.0]), _links(catalog))[0])
    assert S / t < 450e9
