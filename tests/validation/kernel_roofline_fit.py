"""The roofline sharpness p fitted on the H200 kernel run alone (data/h200_kernels_2026-12-04.json).

gpudesk times a GEMM of M rows as t = (t_c^p + t_m^p)^(1/p) + one kernel boundary (core/inference_server.py,
core/training_gemm.py), t_c = 2·M·N·K / (peak · η_mm), t_m = weight bytes / (HBM bw · η_hbm). The run timed every GEMM
of a Llama-3.1-70B layer at TP1 and TP8, BF16 and FP8 (default and fast accumulation), M 1-16,384, each reading its
weights from HBM. p is fitted here on those 312 points alone, with t_c and t_m at gpudesk's own efficiencies on the
catalog's H200 row (Efficiencies.for_hardware): p is applied to exactly those two times in the model, so the p that
makes the model's formula meet the kernels is the one fitted with them (the kernel section shows both limits within
0.90-1.09 of the run). The fit with the run's own limits (large-M median rate; M <= 16 median weight stream per
precision and TP) is reported beside it as a check. Objective: the mean squared log(measured / predicted) time over
every point (a median over all points would be flat in p: p moves only the points near the ridge); p on a 0.1 grid.
No validation case enters this fit.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from validation_report_h200_kernels import KERNEL_RUN, MATMUL, H200Assumed, _gemms, _ok, assumed

from gpudesk.core.constants import KERNEL_BOUNDARY_S

P_GRID = tuple(round(1.0 + 0.1 * i, 1) for i in range(91))  # 1.0 .. 10.0
Limits = Callable[[dict], tuple[float, float]]  # a GEMM row -> (t_c, t_m) in seconds


def gpudesk_limits(a: H200Assumed) -> Limits:
    """t_c and t_m at gpudesk's efficiencies on the catalog's H200 row."""
    def limits(r: dict) -> tuple[float, float]:
        return (r["flops"] / (a.peak[r["precision"]] * a.matmul[r["precision"]]),
                r["weight_bytes"] / (a.hbm_bw * a.hbm))
    return limits


def measured_limits() -> Limits:
    """t_c at the run's own large-M rate (median over M >= 4,096) per precision; t_m at its own weight stream (median
    over M <= 16) per precision and TP."""
    mamf = {p: statistics.median(r["tflops"] for r in _gemms(p, 4096, 1 << 30)) * 1e12 for p in MATMUL}
    stream = {(p, tp): statistics.median(r["weight_tbs"] for r in _gemms(p, 1, 16, tp)) * 1e12
              for p in MATMUL for tp in ("tp1", "tp8")}

    def limits(r: dict) -> tuple[float, float]:
        return r["flops"] / mamf[r["precision"]], r["weight_bytes"] / stream[r["precision"], r["shape"][-3:]]
    return limits


def predicted_s(r: dict, p: float, limits: Limits) -> float:
    t_c, t_m = limits(r)
    return (t_c ** p + t_m ** p) ** (1.0 / p) + KERNEL_BOUNDARY_S.value


def log_errors(p: float, limits: Limits) -> list[float]:
    """log(measured / predicted) time of every ok GEMM point."""
    return [float(np.log(r["per_call_s"] / predicted_s(r, p, limits))) for r in _ok("gemm")]


@dataclass(frozen=True)
class SharpnessFit:
    p: float
    mean_sq_log: float
    mean_sq_log_at_1: float


def fit_sharpness(limits: Limits) -> SharpnessFit:
    scores = {p: float(np.mean(np.square(log_errors(p, limits)))) for p in P_GRID}
    best = min(scores, key=lambda p: scores[p])
    return SharpnessFit(best, scores[best], scores[1.0])


def fitted_sharpness() -> float:
    """The p to ship: the fit at gpudesk's own efficiencies."""
    return fit_sharpness(gpudesk_limits(assumed())).p


def residuals_by_rows(p: float, limits: Limits) -> dict[int, float]:
    """At each M: the median over the shapes and precisions of measured / predicted time."""
    out = {}
    for m in KERNEL_RUN["plan"]["gemm_rows"]:
        rows = [r for r in _ok("gemm") if r["m"] == m]
        out[m] = statistics.median(r["per_call_s"] / predicted_s(r, p, limits) for r in rows)
    return out
