"""Rate of a MoE layer's routed expert GEMMs against a dense GEMM's, from the experts' shape on each GPU.

An engine runs a MoE layer's experts as one grouped GEMM (each expert's tokens against its own weights: TensorRT-LLM's
CUTLASS MoE GEMMs, vLLM's fused_moe, PyTorch's _grouped_mm). Measured on an H200 (SV.MOE_GROUPED_GEMM_SHARE's
source), such a GEMM reaches a share of the dense GEMM rate that falls as the expert's matrices get narrow:

    r(N, K) = R · K/(K + K0) · N/(N + N0)

R the share for large experts (per family, measured), K0 and N0 the reduction depth and output width at which the
rate halves. A gated expert is two GEMMs per token: gate+up (N = 2·f/s, K = h; 2/3 of the FLOPs) and down (N = h,
K = f/s; 1/3), f the expert's intermediate size and s the GPUs one expert is split over: the tensor parallel t
when experts are split across it (expert parallel 1), 1 when experts are placed whole (expert parallel > 1). The
layer's routed FLOPs run at the harmonic mean 1 / (2/3 / r_gate_up + 1/3 / r_down) (ungated: 1/2 each).

Qwen3-235B-A22B (h 4,096, f 1,536): whole experts 0.84 on Hopper; split over 8 GPUs (192 wide) 0.58. Families
without a grouped-GEMM measurement keep the dense rate (share 1).
"""

from __future__ import annotations

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.constants import serving as SV


def grouped_gemm_share(n: float | np.ndarray, k: float | np.ndarray, large: float) -> float | np.ndarray:
    """Grouped expert GEMM rate / dense rate for (N, K) expert matrices (numbers or arrays), ``large`` the
    family's R."""
    k0, n0 = SV.MOE_GROUPED_GEMM_K_HALF.value, SV.MOE_GROUPED_GEMM_N_HALF.value
    return large * k / (k + k0) * n / (n + n0)


def routed_gemm_share(model: ModelArch, family: np.ndarray, tp: np.ndarray, ep: np.ndarray) -> np.ndarray:
    """Per candidate, the rate of the model's routed expert GEMMs / the dense GEMM rate (1 for dense models and for
    families with no grouped-GEMM measurement)."""
    shape = np.broadcast(np.asarray(family), np.asarray(tp), np.asarray(ep)).shape
    f = float(model.moe_ffn_hidden or model.ffn_hidden)
    if not (model.is_moe and model.n_experts and f > 0 and model.hidden > 0):
        return np.ones(shape)
    width = f / np.where(np.asarray(ep) > 1, 1.0, np.maximum(np.asarray(tp, dtype=float), 1.0))
    h, up_share = float(model.hidden), (2.0 / 3.0 if model.gated_mlp else 0.5)
    out = np.ones(shape)
    for fam, const in SV.MOE_GROUPED_GEMM_SHARE.items():
        up = grouped_gemm_share((2.0 if model.gated_mlp else 1.0) * width, h, const.value)
        down = grouped_gemm_share(h, width, const.value)
        out = np.where(np.asarray(family) == fam, 1.0 / (up_share / up + (1.0 - up_share) / down), out)
    return np.asarray(out * np.ones(shape))
