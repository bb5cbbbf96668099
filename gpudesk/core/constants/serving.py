"""Tuning constants of the serving step model (core/inference_step.py), each with its source.

The four below describe mechanisms the pure roofline leaves out. Their values
were fitted on the fit half of the validation corpus only (tests/validation/
fit_constants.py; split by tests/validation/validation_split.py) and are judged
on the held-out half in docs/validation.md. One value per mechanism (per
precision where the mechanism is precision-specific), never per case, model or
GPU.
"""

from __future__ import annotations

from gpudesk.core.constants.base import Constant

_FIT = ("fitted on the fit half of the validation corpus (tests/validation/fit_constants.py, 2026-12-01: "
        "{n}); judged on the held-out half in docs/validation.md")

SERVING_ROOFLINE_SHARPNESS = Constant(
    "SERVING_ROOFLINE_SHARPNESS", 1.0, "exponent",
    "roofline transition sharpness p: t = (t_compute^p + t_memory^p)^(1/p) for a decode GEMM",
    "A GEMM near the ridge point neither saturates the tensor cores nor streams at full bandwidth "
    "(tile quantisation, wave tails, epilogues), so max(compute, memory) is optimistic there; the generalised "
    "mean keeps both limits far from the ridge (p = 1: no overlap, the larger p, the nearer the plain roofline). "
    + _FIT.format(n="serving and static-batch throughput cases"),
)
SERVING_DECODE_KV_BW_EFFICIENCY = Constant(
    "SERVING_DECODE_KV_BW_EFFICIENCY", 0.80, "fraction",
    "achieved HBM bandwidth of paged decode attention / datasheet",
    "Decode attention reads the KV cache in pages of 16-64 tokens per sequence, with one query token per "
    "KV head group; FlashInfer (Ye et al. 2025, arXiv 2501.01005, Fig. 7) reports 45-80% of peak bandwidth for "
    "batch decode attention depending on page size and context, below a streaming copy. "
    + _FIT.format(n="serving and static-batch throughput cases"),
)
SERVING_PREFILL_GEMM_SHARE = Constant(
    "SERVING_PREFILL_GEMM_SHARE", 0.80, "fraction", "share of a serving engine's prefill spent in GEMM + attention",
    "Serving engines fuse normalisation, rotary and activation kernels into the GEMM epilogues (TensorRT-LLM, "
    "vLLM), so less time goes to non-GEMM kernels than in a training step (FRAMEWORK_GEMM_TIME_SHARE 0.61, "
    "Ivanov et al. 2021). " + _FIT.format(n="prefill-heavy serving cases and batch-1 first-token latency"),
)
MATMUL_EFFICIENCY_FP4 = {
    "nvidia-blackwell": Constant(
        "MAMF_FP4_BLACKWELL", 0.40, "fraction", "achieved NVFP4 matmul / dense FP4 peak (Blackwell)",
        "No published MAMF for NVFP4. Block-scaled FP4 GEMMs dequantise a scale per 16 values and B200 "
        "throttles its clock at 1,000 W under FP4 load, so FP4 does not reach twice the FP8 rate; the issue's "
        "measured B200 FP4 / H200 FP8 ratio on a 70B model is 2.3x where the datasheet ratio predicts 3.3x. "
        + _FIT.format(n="Blackwell FP4 serving cases")),
}
MATMUL_EFFICIENCY_FP4_UNMEASURED = Constant(
    "MAMF_FP4_UNMEASURED", 0.40, "fraction", "achieved FP4 matmul / dense FP4 peak (family not measured)",
    "the Blackwell NVFP4 value (MAMF_FP4_BLACKWELL); no other family has a published FP4 measurement",
)
