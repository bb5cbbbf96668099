"""Does a pilot's set of measurements hang together? Checks with numbers and fixes.

Each check rests on a physical bound, so none needs a tuning threshold except the
plausible-MFU ceiling (CALIBRATION_MAX_PLAUSIBLE_MFU):

* memory above capacity: no process can hold more than the device has. The capacity compared
  against is the driver's total where the catalog has it (``usable_memory_mib``: an H100 80GB
  reports 81,559 MiB in nvidia-smi), else ``memory_gb x 2^30`` bytes, which is above every
  published total (so an unknown card never raises a false alarm);
* MFU (or reported TFLOP/s over peak) above 100 %, or token throughput x FLOPs per token above
  peak: faster than the roofline;
* MFU above the best measured matmul fraction: possible only if the log counts FLOPs differently;
* utilisation below MFU: model FLOPs can only be done while a kernel runs, so MFU cannot exceed
  the busy fraction nvidia-smi reports; when it does, the two come from different runs or windows.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from typing import Protocol

from gpudesk.core.checks import Check
from gpudesk.core.constants import CALIBRATION_MAX_PLAUSIBLE_MFU, GIB
from gpudesk.core.digits import percent_text

MIB = 1024.0**2

GPU_STEP = "gpu"  # the wizard step that chooses the GPU (gpudesk.vocabulary.steps)


class HasValues(Protocol):
    kind: str
    values: dict[str, float]
    conditions: dict[str, float]


def _implied_mfu(m: HasValues, peak_tflops: float, flops_per_token: float | None) -> tuple[float, str] | None:
    if "mfu" in m.values:
        return m.values["mfu"], "reported MFU"
    if "tflops_per_gpu" in m.values and peak_tflops > 0:
        return m.values["tflops_per_gpu"] / peak_tflops, f"{m.values['tflops_per_gpu']:.1f} TFLOP/s per GPU over {peak_tflops:g} peak"
    if flops_per_token and "tokens_per_s_per_gpu" in m.values and peak_tflops > 0:
        achieved = m.values["tokens_per_s_per_gpu"] * flops_per_token / 1e12
        return achieved / peak_tflops, f"{m.values['tokens_per_s_per_gpu']:,.0f} tokens/s per GPU x {flops_per_token:.3g} FLOP/token"
    return None


def consistency_checks(
    measurements: Iterable[HasValues],
    accelerator_memory_gb: float,
    peak_tflops: float,
    *,
    flops_per_token: float | None = None,
    usable_memory_mib: float | None = None,
) -> list[Check]:
    """Warnings for measurements that contradict the hardware or each other."""
    items = list(measurements)
    checks: list[Check] = []
    capacity_gb = (usable_memory_mib * MIB if usable_memory_mib else accelerator_memory_gb * GIB) / 1e9
    for m in items:
        for key in ("memory_gb", "memory_reserved_gb"):
            used = m.values.get(key)
            if used is not None and accelerator_memory_gb > 0 and used > capacity_gb:
                checks.append(Check(
                    "calibration.memory_above_capacity", "warning", GPU_STEP,
                    "Measured memory exceeds the accelerator's capacity",
                    f"The pilot reports {used:.1f} GB ({key}) but the planned accelerator holds "
                    f"{accelerator_memory_gb:g} GB ({capacity_gb:.1f} GB: "
                    f"{'the driver total' if usable_memory_mib else 'counted in binary units'}).",
                    "Check that the pilot ran on the planned accelerator (a larger-memory part?) and that the log's "
                    "memory unit was read correctly; otherwise the plan needs more memory per GPU.",
                    (), {"measured_gb": used, "capacity_gb": capacity_gb, "field": key,
                        "memory_gb": accelerator_memory_gb},
                ))
    mfu_values: list[float] = []
    for m in items:
        implied = _implied_mfu(m, peak_tflops, flops_per_token)
        if implied is None:
            continue
        mfu, basis = implied
        mfu_values.append(mfu)
        numbers = {"mfu": mfu, "peak_tflops": peak_tflops, "basis": basis}
        if mfu > 1.0:
            checks.append(Check(
                "calibration.throughput_above_roofline", "blocker", GPU_STEP,
                "Measured throughput is above the accelerator's peak",
                f"The pilot implies {percent_text(mfu)} of peak ({basis}); nothing runs faster than 100%.",
                "Confirm the accelerator and precision of the pilot (an FP8 run compared with a BF16 peak?) and the "
                "GPU count the throughput is divided by; do not fit to this measurement until it is explained.",
                (), numbers,
            ))
        elif mfu > CALIBRATION_MAX_PLAUSIBLE_MFU.value:
            checks.append(Check(
                "calibration.mfu_above_best_matmul", "warning", GPU_STEP,
                "Measured efficiency is above the best achievable matrix multiply",
                f"The pilot implies {percent_text(mfu)} of peak ({basis}), above the {percent_text(CALIBRATION_MAX_PLAUSIBLE_MFU.value)} that "
                "the best single matrix multiply reaches.",
                "Check which FLOP convention the log uses (recompute counted, sparse peak) before fitting to it.",
                (), {**numbers, "ceiling": CALIBRATION_MAX_PLAUSIBLE_MFU.value},
            ))
    utilisation = [m.values["gpu_util"] for m in items if "gpu_util" in m.values]
    if utilisation and mfu_values:
        busy = statistics.median(utilisation)
        mfu = statistics.median(mfu_values)
        if mfu > busy:
            checks.append(Check(
                "calibration.util_below_throughput", "warning", GPU_STEP,
                "GPU utilisation is far below the reported throughput",
                f"nvidia-smi shows the GPUs busy {percent_text(busy)} of the time (median of {len(utilisation)} samples), but the "
                f"training log implies {percent_text(mfu)} MFU; model FLOPs can only run while the GPU is busy.",
                "Capture nvidia-smi during the same steady-state iterations as the training log (same job, same "
                "window) and re-import both.",
                (), {"gpu_util_median": busy, "mfu_median": mfu, "samples": len(utilisation)},
            ))
    return checks
