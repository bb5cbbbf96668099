"""Which numeric format a workload computes in, and a blocker when the catalog lacks that format's peak.

Time models read the dense peak of the precision actually computed
(``HardwareArrays.peak`` for GEMMs, ``attention_peak`` for the attention
core). A part whose catalog row has no figure for that precision — the T4
and the Ascend 910B publish fp16 but no bf16, the A100 has no fp8 — cannot
be timed in it: its figures stay unknown (NaN, never 0) and this blocker
names the missing catalog field and the precisions the row does list.
"""

from __future__ import annotations

from gpudesk.catalog.records import Accelerator
from gpudesk.core.checks import Check
from gpudesk.core.inference_inputs import serving_math
from gpudesk.project.model import Workload
from gpudesk.vocabulary.precision import MATH_FORMATS, WIDE_FORMATS, peak_field
from gpudesk.vocabulary.workloads import LLM_SERVING_KINDS, SEAT_KINDS


def gemm_precision(w: Workload) -> str:
    """The format the workload's matrix multiplies run in (serving: the weight format's math unless set apart)."""
    if w.kind in LLM_SERVING_KINDS:
        return serving_math(w.weight_dtype, None if w.compute_dtype == w.weight_dtype else w.compute_dtype)
    return w.compute_dtype


def listed_precisions(acc: Accelerator) -> list[str]:
    return [p for p in MATH_FORMATS if acc.peak_tflops(p) is not None]


def precision_checks(acc: Accelerator, w: Workload) -> list[Check]:
    """A blocker per precision the workload computes in that the accelerator's catalog row has no peak for."""
    if w.kind in SEAT_KINDS:
        return []
    gemm = gemm_precision(w)
    missing: list[tuple[str, str]] = []
    if acc.peak_tflops(gemm) is None:
        missing.append((gemm, peak_field(gemm)))
    elif gemm not in WIDE_FORMATS and acc.peak_tflops("bf16") is None and acc.peak_tflops("fp16") is None:
        missing.append(("bf16 or fp16 (attention)", "bf16_tflops"))
    listed = ", ".join(listed_precisions(acc)) or "none"
    named = f"“{w.name}”" if w.name else ""  # the workload by its name, never by its plan path
    out = []
    for precision, field in missing:
        column = field.split("_")[0].upper()  # the catalog browser's column: "FP8", not fp8_tflops of a row id
        out.append(Check(
            "task.precision_unsupported", "blocker", "gpu", "The accelerator has no figure for the compute precision",
            f"{acc.name} has no {precision} peak in the catalog (its {column} column is empty), so the workload "
            + (f"{named} " if named else "")
            + f"cannot be timed in {precision}: its time, throughput and GPU count stay unknown.",
            f"Compute in a precision the catalog lists for {acc.name} ({listed}), or fill its {column} column with "
            "its source in the catalog browser.",
            ("hw.peak_flops",),
            {"accelerator": acc.name, "precision": precision, "field": column, "listed": listed, "workload": named},
        ))
    return out
