"""FP8 context (prefill) attention: an engine option a serving plan may state (TensorRT-LLM's use_fp8_context_fmha,
which every stored MLPerf Inference Llama 3.1 405B config sets).

The prompt's attention core (Q·Kᵀ and P·V) then runs at the FP8 tensor rate, not the 16-bit one the prefill takes
otherwise (HardwareArrays.attention_peak). The only published rate of a fused FP8 attention forward against the same
kernel's 16-bit one is FlashAttention-3's on H100 (arXiv 2407.08608: close to 1.2 PFLOP/s FP8, 740 TFLOP/s BF16),
so on Hopper the prefill's attention runs at the FP8 peak x ATTN_EFF_FP8_HOPPER. On B200 and GB200 the fused
attention forward is already bound by the softmax's exponentials at 16 bit (ATTN_EFF_B300's derivation: the tensor
cores doubled, the special-function units did not), so FP8 tensor cores cannot run it twice as fast, and no FP8
against 16-bit rate of the same kernel is published for Blackwell or any other family: there the option is stated
and keeps the 16-bit attention rate, the figure saying so. Decode attention is unchanged (the option is the context
phase's kernel). Unset, nothing here runs and no figure is added.
"""

from __future__ import annotations

import numpy as np

from gpudesk.core.constants.compute import ATTENTION_EFFICIENCY_FP8
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays


def fp8_attention_share(hw: HardwareArrays) -> np.ndarray:
    """Per candidate: the published share of the FP8 peak a fused FP8 attention forward reaches (NaN: none)."""
    share = np.full(np.shape(hw.family), np.nan)
    for family, const in ATTENTION_EFFICIENCY_FP8.items():
        share = np.where(np.asarray(hw.family) == family, const.value, share)
    return np.asarray(share)


def context_attention_rate(hw: HardwareArrays, eff: Efficiencies, compute_dtype: str) -> np.ndarray:
    """FLOP/s one GPU's prefill attention runs at with FP8 context attention: the FP8 peak x the family's published
    FP8 attention share where there is one and the part has an FP8 peak, else its 16-bit attention rate."""
    base = hw.attention_peak(compute_dtype) * eff.attention
    fp8 = hw.peak("fp8") * fp8_attention_share(hw)
    return np.asarray(np.where(np.isfinite(fp8) & (fp8 > 0), fp8, base))


def record_context_attention(fs: FigureSet, hw: HardwareArrays, eff: Efficiencies, compute_dtype: str) -> np.ndarray:
    """The plan's FP8 context attention as an input and ``infer.context_attention_rate``; returns the rate."""
    fs.input("infer.in.fp8_context_attention", "yes", "",
             "engine runs the prompt's attention in FP8 (TensorRT-LLM --use_fp8_context_fmha)")
    fs.input("hw.peak_flops_fp8", hw.held_peak("fp8"), "FLOP/s", "dense peak (fp8)", hw.sources["peak.fp8"])
    families = set(np.ravel(hw.family).tolist())
    for family, const in ATTENTION_EFFICIENCY_FP8.items():
        if family in families:
            fs.constant("eff.attention_fp8", const)
    rate = context_attention_rate(hw, eff, compute_dtype)
    fs.add("infer.context_attention_rate", rate, "FLOP/s", "prefill attention rate per GPU (FP8 context attention)",
           "FP8 peak × the published FP8 attention share (Hopper: FlashAttention-3, 1.2 PFLOP/s on H100), and where no "
           "FP8 attention rate is published (Blackwell, whose 16-bit attention the exponentials already bound, and "
           "every other family) the 16-bit attention peak × the attention efficiency, as without the option",
           ["hw.peak_flops_fp8", "hw.peak_flops_attention", "eff.attention", "infer.in.fp8_context_attention",
            *(["eff.attention_fp8"] if "eff.attention_fp8" in fs else [])])
    return rate
