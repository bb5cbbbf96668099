"""gpudesk's all-reduce on 8 MI300X against AMD's published rccl-tests table (validation_amd_collectives.py): the
TP all-reduces of AMD's serving rows (16-52 MB a call) are timed as RCCL measured them."""

from __future__ import annotations

import pytest
from validation_amd_collectives import LARGE, measured_line, model_over_measured

from gpudesk.core.constants import NCCL_SIMPLE_BASE_LATENCY_S, NCCL_SIMPLE_HOP_LATENCY_S


def test_the_all_reduce_reads_the_published_table_within_two_percent_from_16_mib() -> None:
    """From 16 MiB to 16 GiB, the sizes of the rows' steps and above, within 2% of every measured time (with the
    link's usable 48 of 64 GB/s, 0.75, the model read them 5-6% fast: this test failed before 2026-12-04)."""
    ratios = model_over_measured()
    large = {size: r for size, r in ratios.items() if size >= LARGE}
    assert len(large) == 11
    assert all(r == pytest.approx(1.0, abs=0.02) for r in large.values()), large


def test_the_table_is_the_simple_latency_plus_one_bus_bandwidth() -> None:
    """The measured line's intercept is the Simple protocol's ring latency on 8 GPUs (8.4 + 14 x 3.4 = 56 µs) within
    a few microseconds, and its slope the bus bandwidth BUSBW_EFF_XGMI_CDNA3 gives (0.712 x 448 GB/s)."""
    latency, busbw = measured_line()
    simple = NCCL_SIMPLE_BASE_LATENCY_S.value + 14 * NCCL_SIMPLE_HOP_LATENCY_S["scaleup"].value
    assert latency == pytest.approx(simple, abs=4e-6)
    from gpudesk.core.constants.compute import SCALEUP_BUSBW_EFFICIENCY
    assert busbw == pytest.approx(448e9 * SCALEUP_BUSBW_EFFICIENCY["amd-cdna3"].value, rel=0.01)


def test_below_16_mib_the_model_is_slow_and_says_so() -> None:
    """2-8 MiB: RCCL on MI300X beats NCCL's Simple-protocol latency, and gpudesk reads those sizes slow (1.2-1.6x);
    the record in docs/validation.md names the range, so a change that closes it must update the record."""
    ratios = model_over_measured()
    small = [r for size, r in ratios.items() if (1 << 21) <= size < LARGE]
    assert len(small) == 3 and all(1.1 < r < 1.7 for r in small), small
