"""MI300X's all-reduce as AMD measured it, against gpudesk's, and what it leaves of AMD's serving rows (issue 18).

AMD's ROCm blog 'Understanding RCCL Bandwidth and xGMI Performance on AMD Instinct MI300X' (J. Kolla, P. Alizadeh,
G. Lee, 2025-03-02; rocm.blogs.amd.com/software-tools-optimization/mi300x-rccl-xgmi, stored copy ROCm/rocm-blogs
blogs/software-tools-optimization/mi300x-rccl-xgmi/README.md) runs rccl-tests all_reduce_perf on one 8-GPU MI300X
node (RCCL 2.22.3, ROCm 6.3, one process per GPU, float sum, no graph) from 8 B to 16 GiB. A serving step of the
AMD rows (Llama 3.1 70B / 405B, TP8) all-reduces its tokens' 16-bit hidden states twice a layer: 1,500 decode
tokens are 24.6 MB (70B) and 49.2 MB (405B), 3,200 are 52.4 MB, 500 are 16.4 MB (405B): the table's 16 MiB rows
and above are those steps' sizes.
"""

from __future__ import annotations

import numpy as np
from validation_catalog import catalog

from gpudesk.core.collectives import Links, tuned_all_reduce_time
from gpudesk.core.constants.compute import SCALEUP_BUSBW_EFFICIENCY
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays

RCCL_BLOG = ("AMD's RCCL/xGMI blog (2025-03-02) times rccl-tests all_reduce_perf on 8 MI300X (RCCL 2.22.3, "
             "ROCm 6.3)")
# out-of-place time (µs) per message size (bytes), the blog's first table (no graph capture)
RCCL_MI300X_ALL_REDUCE_US = {
    1 << 20: 27.42, 1 << 21: 34.81, 1 << 22: 51.72, 1 << 23: 83.68, 1 << 24: 148.8, 1 << 25: 244.1,
    1 << 26: 429.1, 1 << 27: 797.4, 1 << 28: 1537.1, 1 << 29: 3026.2, 1 << 30: 5970.6, 1 << 31: 11891.0,
    1 << 32: 23680.0, 1 << 33: 47278.0, 1 << 34: 94254.0,
}
LARGE = 1 << 24  # from 16 MiB up the table's times are latency + bytes at one bus bandwidth


def model_over_measured() -> dict[int, float]:
    """gpudesk's all-reduce time on 8 MI300X of one node (tuned_all_reduce_time) / the blog's, per message size."""
    hw = HardwareArrays.from_accelerators([catalog().accelerator("mi300x")])
    links = Links.from_hardware(hw, Efficiencies.for_hardware(hw, "fp8"))
    sizes = np.array([float(s) for s in RCCL_MI300X_ALL_REDUCE_US])
    eight = np.full(sizes.shape, 8.0)
    ours = tuned_all_reduce_time(sizes, eight, eight, links)
    return {s: float(t) / (m * 1e-6) for (s, m), t in zip(RCCL_MI300X_ALL_REDUCE_US.items(), ours, strict=True)}


def measured_line() -> tuple[float, float]:
    """(latency s, bus bandwidth B/s) of a line through the table's 128 MiB and 1 GiB points."""
    (s1, t1), (s2, t2) = ((s, RCCL_MI300X_ALL_REDUCE_US[s] * 1e-6) for s in (1 << 27, 1 << 30))
    slope = (t2 - t1) / (s2 - s1)  # seconds per byte of buffer
    return t1 - s1 * slope, 2.0 * 7.0 / 8.0 / slope


def all_reduce_record(steps: list[tuple[str, float, float]]) -> str:
    """The docs/validation.md record of the check. ``steps``: (row, gpudesk's all-reduce seconds of a step at its
    sequences, the measured step's excess over gpudesk's)."""
    ratio = model_over_measured()
    large = [r for s, r in ratio.items() if s >= LARGE]
    small = [r for s, r in ratio.items() if (1 << 21) <= s < LARGE]
    latency, busbw = measured_line()
    eff = SCALEUP_BUSBW_EFFICIENCY["amd-cdna3"].value
    need = ", ".join(f"{name} {(comm + gap) / comm:.1f}x" for name, comm, gap in steps)
    return (
        f"**MI300X's all-reduce** (2026-12-04): {RCCL_BLOG} from 8 B to 16 GiB; from 16 MiB up its times are "
        f"{latency * 1e6:.0f} µs + bytes at {busbw / 1e9:.0f} GB/s bus bandwidth (148.8 µs at 16 MiB, 244.1 at 32, "
        "429.1 at 64, 318.98 GB/s at 16 GiB). Its latency is the Simple protocol's gpudesk already charges (56 µs "
        f"on 8 GPUs); its bandwidth is {318.98 / 448:.3f} of the 448 GB/s of 7 xGMI links, where gpudesk took 0.75 "
        "(48 of 64 GB/s per link, the same blog's usable link rate) and read the table 5% fast; "
        f"`BUSBW_EFF_XGMI_CDNA3` is now {eff:.3f} (318.98 / 448), and gpudesk reads the 16 MiB-16 GiB rows at "
        f"{min(large):.3f}-{max(large):.3f}x "
        f"their time (2-8 MiB {min(small):.2f}-{max(small):.2f}x: there RCCL beats the Simple latency; every AMD "
        "row's step all-reduces 16-52 MB). AMD's rows move 1-3 points. The all-reduces of the rows' steps (two a "
        "layer of 16-52 MB) are what RCCL measures, so they are not where the gap is: to close the measured step at "
        f"1,500 sequences alone they would have to take {need} gpudesk's time, which is the blog's within 2%."
    )
