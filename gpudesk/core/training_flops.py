"""The FLOPs a training step does per token: the model's (by method: full, LoRA, QLoRA), the recomputed ones (by
recompute mode and stack) and their sum, the hardware's (HFU), split into GEMM and attention for the compute time.

Model FLOPs follow Megatron-LM's convention (every GEMM forward + 2× backward, causal attention at one half, no
recompute); LoRA/QLoRA count no weight gradients of frozen matrices (4·N instead of 6·N per token) plus the
adapters. They read only the sequence and the recompute mode: once per distinct row (core/training_rows.KeyRows).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.core.explain import FigureSet
from gpudesk.core.model_math import (
    ParamBreakdown,
    has_layer_shapes,
    param_breakdown,
    training_flops_per_token,
)
from gpudesk.core.recompute_policy import selective_op_recompute_flops_per_token
from gpudesk.core.training_inputs import TrainingInputs
from gpudesk.core.training_rows import KeyRows


@dataclass(frozen=True)
class TokenFlops:
    """Per token: the model's FLOPs (the recorded figure), and held per distinct row the GEMM and attention FLOPs the
    hardware runs (recompute included) and their sum (HFU's numerator)."""

    pb: ParamBreakdown
    model: Any
    gemm_hw: Any
    attention_hw: Any
    hfu: Any


def token_flops(fs: FigureSet, inp: TrainingInputs, rows: KeyRows, a: dict[str, np.ndarray]) -> TokenFlops:
    """Record arch.flops_per_token_*, train.flops_per_token_model and train.flops_per_token_recompute."""
    m = inp.model
    seq_rows = rows.pick(a["seq_len"])
    flops = training_flops_per_token(m, seq_rows)
    pb = param_breakdown(m)
    n_gemm = pb.matmul_active if pb.from_architecture else float(m.active_params)
    attn_tok = np.maximum(flops["arch.flops_per_token_megatron"] - 6.0 * n_gemm, 0.0) if has_layer_shapes(m) \
        else seq_rows * 0.0
    rows.spread(flops, {id(seq_rows): a["seq_len"]})
    fs.merge(flops)
    gemm_factor = 6.0 if inp.method == "full" else 4.0
    lora_tok = 6.0 * inp.lora_rank * pb.lora_in_out if (inp.method != "full" and pb.from_architecture) else 0.0
    rec = rows.pick(a["recompute"])
    model_tok = gemm_factor * n_gemm + lora_tok + attn_tok
    # selective: Megatron recomputes the core attention; torchtitan (fsdp2) every second matrix product of a block
    # and no attention, the policy its activation memory follows (core/recompute_policy.py)
    op_policy = inp.training_stack == "fsdp2" and has_layer_shapes(m)
    selective_gemm = selective_op_recompute_flops_per_token(m) if op_policy else 0.0
    recompute_gemm = np.where(rec >= 2, 2.0 * n_gemm, np.where(rec >= 1, selective_gemm, 0.0))
    recompute_attn = np.where(rec >= 2, attn_tok / 3.0, np.where((rec >= 1) & (not op_policy), attn_tok / 3.0, 0.0))
    recompute_tok = recompute_gemm + recompute_attn
    gemm_tok_hw = rows.held(gemm_factor * n_gemm + lora_tok + recompute_gemm)
    attn_tok_hw = rows.held(attn_tok + recompute_attn)
    hfu_tok = rows.held(model_tok + recompute_tok)
    model = fs.add("train.flops_per_token_model", rows.held(model_tok), "FLOP/token", "model FLOPs per token (method)",
           f"{gemm_factor:g}·N_gemm + attention (Megatron convention)" + (" + 6·r·Σ(in+out) LoRA adapters"
                                                                          if lora_tok else ""),
           ["arch.flops_per_token_megatron", "arch.params_matmul_active"] if pb.from_architecture
           else ["arch.flops_per_token_megatron"])
    fs.add("train.flops_per_token_recompute", rows.held(recompute_tok), "FLOP/token", "recomputed FLOPs per token",
           "full: one more forward (2·N_gemm + attention/3); selective: attention core forward (attention/3), "
           "or with torchtitan (fsdp2) its op policy: every second matrix product of a block, 2·Σ recomputed "
           "weights·L, no attention", ["train.flops_per_token_model", "train.in.recompute"])
    return TokenFlops(pb, model, gemm_tok_hw, attn_tok_hw, hfu_tok)
