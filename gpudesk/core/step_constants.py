"""The serving constants a step's time reads beyond the shared efficiencies: a decode step's GEMM share and fixed time
with FP4/FP6 math, per family (small-M block-scaled GEMMs), and the record of every constant the step read, beside
its figures (``record_step_constants``, which ``core/inference.py`` calls once per estimate).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.constants import DECODE_KERNELS_PER_LAYER, KERNEL_BOUNDARY_S
from gpudesk.core.constants import serving as SV
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.engine_release import record_scores, unfused
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.model_math import record_source

if TYPE_CHECKING:
    from gpudesk.core.inference_step import ReplicaModel


def decode_matmul_efficiency(hw: HardwareArrays, eff: Efficiencies, compute_dtype: str) -> np.ndarray:
    """Matmul fraction a decode step's GEMMs reach: the prefill's (``eff.matmul``) times the family's NVFP4 decode
    ratio (SV.MATMUL_EFFICIENCY_FP4_DECODE: small-M block-scaled GEMMs) for FP4/FP6 math; the same elsewhere."""
    matmul = np.asarray(eff.matmul, dtype=np.float64)
    if compute_dtype not in ("fp4", "fp6"):
        return matmul
    ratio = np.ones(np.shape(hw.family))
    for family, const in SV.MATMUL_EFFICIENCY_FP4_DECODE.items():
        ratio = np.where(np.asarray(hw.family) == family, const.value, ratio)
    return np.asarray(matmul * ratio)


def decode_gemm_fixed(model: ModelArch, hw: HardwareArrays, compute_dtype: str) -> np.ndarray:
    """Seconds a decode step's GEMMs take beyond their weight stream and kernel boundaries, one pass through every
    layer: L · DECODE_GEMMS_PER_LAYER · the family's NVFP4 GEMM fixed time (SV.NVFP4_GEMM_FIXED_S) for FP4 math;
    0 for other math and for families with no NVFP4 kernel measurement."""
    fixed = np.zeros(np.shape(hw.family))
    if compute_dtype != "fp4":
        return fixed
    for family, const in SV.NVFP4_GEMM_FIXED_S.items():
        fixed = np.where(np.asarray(hw.family) == family, const.value, fixed)
    return np.asarray(float(model.n_layers) * SV.DECODE_GEMMS_PER_LAYER.value * fixed)


DENSE_ROUTED_FORMULA = "1: a dense model (E = 0) routes no tokens to experts"


def record_routed_figures(fs: FigureSet, rep: ReplicaModel, hw: HardwareArrays) -> None:
    """An MoE model's busiest expert rank's wait and routed expert GEMMs' rate, with the constants they read (the
    per-expert load spread, the grouped GEMMs' half-rate sizes and the family's grouped-GEMM share)."""
    fs.constant("eff.serving_expert_load_cv", SV.MOE_EXPERT_LOAD_CV)
    fs.add("infer.expert_wait", rep.expert_wait, "x", "busiest expert rank's routed tokens / the mean",
           "1 + CV·√(e/E)·E[max of e standard normals] (E routed experts split whole over e expert ranks; 1 "
           "without expert parallelism)", ["infer.in.ep", "infer.routed_experts", "eff.serving_expert_load_cv"])
    grouped = [c for f, c in SV.MOE_GROUPED_GEMM_SHARE.items() if np.any(hw.family == f)]
    for key, const in (("k_half", SV.MOE_GROUPED_GEMM_K_HALF), ("n_half", SV.MOE_GROUPED_GEMM_N_HALF),
                       *(("share", c) for c in grouped)):
        fs.constant(f"eff.moe_grouped_{key}", const)
    fs.add("infer.routed_gemm_share", rep.routed_share, "x", "routed expert GEMMs' rate / the dense GEMM rate",
           "R·K/(K + K_half)·N/(N + N_half) per expert GEMM (gate+up: N = 2·f/s, K = h; down: N = h, K = f/s; s = t "
           "without expert parallelism, else 1), their harmonic mean by FLOPs; 1 for a family with no grouped-GEMM "
           "measurement", ["infer.in.tp", "infer.in.ep", "infer.routed_experts", "eff.moe_grouped_k_half",
                           "eff.moe_grouped_n_half", *(["eff.moe_grouped_share"] if grouped else [])])


def record_step_constants(fs: FigureSet, rep: ReplicaModel, hw: HardwareArrays, compute_math: str,
                          engine_release: str, flash_attention: bool, stated: bool) -> list[str]:
    """The serving constants a step's time reads, and the busiest expert rank's wait, recorded in ``fs``; returns the
    keys a step's figures depend on (with the hardware's). ``stated``: the plan names its engine release."""
    for key, const in (("roofline_p", SV.SERVING_ROOFLINE_SHARPNESS), ("kv_bw", SV.SERVING_DECODE_KV_BW_EFFICIENCY),
                       ("prefill_share", SV.SERVING_PREFILL_GEMM_SHARE)):
        fs.constant(f"eff.serving_{key}", const)
    fs.input("infer.routed_experts", float(rep.model.n_experts), "experts",  # 0: dense, the MoE figures do not apply
             "routed experts per MoE layer E (0: a dense model)", record_source(rep.model))
    if rep.model.is_moe:
        record_routed_figures(fs, rep, hw)
    else:  # a dense model routes no tokens: the MoE constants act on nothing, so no figure lists them as its input
        fs.add("infer.expert_wait", rep.expert_wait, "x", "busiest expert rank's routed tokens / the mean",
               DENSE_ROUTED_FORMULA, ["infer.routed_experts"])
        fs.add("infer.routed_gemm_share", rep.routed_share, "x", "routed expert GEMMs' rate / the dense GEMM rate",
               DENSE_ROUTED_FORMULA, ["infer.routed_experts"])
    fs.constant("eff.kernel_boundary", KERNEL_BOUNDARY_S)
    if not unfused(engine_release):
        fs.constant("eff.kernels_per_layer", DECODE_KERNELS_PER_LAYER)
    hw_deps = ["hw.peak_flops", "hw.hbm_bw", "eff.matmul", "eff.hbm", "eff.attention", "eff.framework",
               "eff.serving_roofline_p", "eff.serving_kv_bw", "eff.serving_prefill_share",
               *(["infer.gemm_peak"] if stated else []), *record_scores(fs, flash_attention)]
    if rep.model.is_moe and np.any(np.asarray(rep.ep > rep.tp) & np.asarray(rep.moe_kernels_apply)):
        # attention data-parallel inside the NVLink domain: the dispatch and combine kernels' published times
        for key, const in (("dispatch_s", SV.MOE_DISPATCH_LATENCY_S), ("combine_s", SV.MOE_COMBINE_LATENCY_S),
                           ("alltoall_link", SV.MOE_ALLTOALL_LINK_FRACTION)):
            fs.constant(f"eff.moe_{key}", const)
            hw_deps.append(f"eff.moe_{key}")
    decode_ratio = [c for f, c in SV.MATMUL_EFFICIENCY_FP4_DECODE.items() if compute_math in ("fp4", "fp6")
                    and np.any(hw.family == f)]
    for const in decode_ratio:  # NVFP4 decode GEMMs: their own share of the prefill's rate (one family today)
        fs.constant("eff.serving_fp4_decode", const)
        hw_deps.append("eff.serving_fp4_decode")
    for const in [c for f, c in SV.NVFP4_GEMM_FIXED_S.items() if compute_math == "fp4" and np.any(hw.family == f)]:
        fs.constant("eff.nvfp4_gemm_fixed", const)  # and the fixed time of each of their GEMMs
        fs.constant("eff.gemms_per_layer", SV.DECODE_GEMMS_PER_LAYER)
        hw_deps += ["eff.nvfp4_gemm_fixed", "eff.gemms_per_layer"]
    return hw_deps
